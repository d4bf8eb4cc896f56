"""The MQTT adapter against a real mosquitto: discovery, status + last will, events = the game's log,
across a broker outage (a real stop and start of the broker) and with the broker down at start."""

from __future__ import annotations

import argparse

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .helpers import TIMEOUT_S, wait_until
from waage.app.sim import DEMO_SEED, Simulation, play_demo
from waage.config import load_config
from waage.errors import InputFileError
from waage.app.wiring import make_observers
from waage.mqtt.client import RESERVE, MqttObserver
from waage.mqtt.settings import MqttSettings

ROOT = Path(__file__).resolve().parents[2]
DEVICE = "test-scale"
BASE = f"waage/{DEVICE}"


def sim_config(tmp_path: Path, extra: str = "") -> Path:
    cfg = tmp_path / "sim.toml"
    text = (ROOT / "config" / "sim.toml").read_text(encoding="utf-8").replace('"../state"', '"state"')
    cfg.write_text(text + f'\n[mqtt]\ndevice_id = "{DEVICE}"\nleague = "party"\ntable = "Stehtisch"\n{extra}',
                   encoding="utf-8")
    return cfg


def log_lines(stdout: str) -> list[dict]:
    """The game's own log: the JSON lines ``waage sim --log`` prints (the OLED frames are not JSON)."""
    return [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]


def assert_wire_equals_log(sub, log: list[dict]) -> None:
    sub.wait_for(lambda s: len(s.events(f"{BASE}/event")) >= len(log), f"{len(log)} events")
    events = sub.events(f"{BASE}/event")
    assert sorted(events) == list(range(1, len(log) + 1))
    for line, record in enumerate(log, start=1):
        assert events[line] == {"id": line, **record}


def collapse(values: list[str]) -> list[str]:
    """Runs of the same value as one (a retained status is delivered again on every resubscribe)."""
    return [v for i, v in enumerate(values) if i == 0 or values[i - 1] != v]


def run_sim(cfg: Path, port: int, *more: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "waage.cli", "sim", "--fast", "--log", "--config", str(cfg),
                             "--mqtt", f"127.0.0.1:{port}", *more],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_sim_publishes_discovery_status_state_league_and_every_event(broker, subscribe, tmp_path):
    sub = subscribe()
    proc = run_sim(sim_config(tmp_path), broker.port)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    log = log_lines(out)
    assert log[0]["event"] == "game_started" and log[-1]["event"] == "stats"
    assert_wire_equals_log(sub, log)

    # status: online while playing, offline after the clean stop (retained for late subscribers)
    sub.wait_for(lambda s: s.on(f"{BASE}/status")[-1:] == ["offline"], "offline at the end")
    assert sub.on(f"{BASE}/status")[0] == "online"
    late = subscribe([f"{BASE}/status", "homeassistant/#", f"{BASE}/state", "waage/league/#"], "late-subscriber")
    late.wait_for(lambda s: s.on(f"{BASE}/status") and s.on(f"homeassistant/device/{DEVICE}/config")
                  and s.on(f"{BASE}/state") and s.on(f"waage/league/party/{DEVICE}"), "the retained messages")
    assert late.on(f"{BASE}/status") == ["offline"]
    assert all(retain for _, _, retain in late.messages)

    # Home Assistant device-based discovery, keys spelled out in full
    disc = json.loads(late.on(f"homeassistant/device/{DEVICE}/config")[0])
    assert disc["device"]["identifiers"] == [DEVICE] and disc["origin"]["name"] == "waage"
    assert disc["availability_topic"] == f"{BASE}/status" and disc["state_topic"] == f"{BASE}/state"
    assert (disc["payload_available"], disc["payload_not_available"]) == ("online", "offline")
    comps = disc["components"]
    assert {c["platform"] for c in comps.values()} == {"sensor", "binary_sensor", "event"}
    weight = comps["weight"]
    assert (weight["device_class"], weight["unit_of_measurement"], weight["state_class"]) == ("weight", "g",
                                                                                             "measurement")
    assert comps["verdict"]["event_types"] == ["hit", "exact", "miss", "emptied"]
    assert comps["verdict"]["state_topic"] == f"{BASE}/verdict"
    assert len({c["unique_id"] for c in comps.values()}) == 4
    assert not {"dev", "o", "cmps", "p", "avty_t", "stat_t", "uniq_id"} & (set(disc) | set(weight))

    # the retained state is the end of the game; the league holds the tallies of the log's sips
    state = json.loads(late.on(f"{BASE}/state")[0])
    assert state["game"] == "waagespiel" and state["players"] == ["Anna", "Ben", "Cara", "Dora"]
    assert (state["phase"], state["current"], state["target_g"]) == ("ended", None, None)
    assert isinstance(state["grams"], float)
    league = json.loads(late.on(f"waage/league/party/{DEVICE}")[0])
    sips = [r for r in log if r["event"] == "sip"]
    assert league["table"] == "Stehtisch"
    for player, tally in league["players"].items():
        mine = [r for r in sips if r["player"] == player]
        assert tally["attempts"] == len(mine)
        assert tally["hits"] == sum(r["verdict"] in ("hit", "exact") for r in mine)
        assert tally["exact"] == sum(r["verdict"] == "exact" for r in mine)
        assert tally["grams"] == sum(r["grams"] for r in mine)
    assert sum(t["attempts"] for t in league["players"].values()) == len(sips)

    # verdicts for Home Assistant's event entity: live ones only (since the connection; a burst beyond the
    # last few is thinned out), in the log's order
    verdicts = [(v["event_type"], v["player"], v["round"]) for v in map(json.loads, sub.on(f"{BASE}/verdict"))]
    judged = iter([(r["verdict"] if r["event"] == "sip" else "emptied", r["player"], r["round"]) for r in log
                   if r["event"] == "sip" or (r["event"] == "drinking_done" and r["outcome"] == "emptied")])
    assert all(v in judged for v in verdicts)  # a subsequence of the log's verdicts


def test_last_will_offline_when_the_process_is_killed(broker, subscribe, tmp_path):
    sub = subscribe([f"waage/will-test/status"])
    script = (
        "import sys, threading\n"
        "from waage.mqtt.client import MqttObserver\n"
        "from waage.mqtt.settings import MqttSettings\n"
        f"obs = MqttObserver(MqttSettings(host='127.0.0.1', port={broker.port}, device_id='will-test',"
        " keepalive_s=5)).start()\n"
        "print('started', flush=True)\n"
        "threading.Event().wait()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout.readline().strip() == "started"
        sub.wait_for(lambda s: s.on("waage/will-test/status") == ["online"], "online")
        proc.send_signal(signal.SIGKILL)  # no clean stop: only the broker can say offline now
        proc.wait(timeout=TIMEOUT_S)
        sub.wait_for(lambda s: s.on("waage/will-test/status") == ["online", "offline"], "the last will")
    finally:
        proc.kill()


def test_broker_restart_mid_game_loses_no_event_and_memory_stays_bounded(broker, subscribe, tmp_path):
    """A real outage between record 25 and record 60: the game goes on, paho reconnects, the missed
    events come from the session log; never more than ``window`` events wait in paho's queue."""
    sub = subscribe()
    config = load_config(sim_config(tmp_path, "window = 4\n"))
    log: list[dict] = []
    sim = Simulation(config, DEMO_SEED, io.StringIO(), fast=True, sinks=[log.append])
    # the simulator's composition root, as ``waage sim --mqtt 127.0.0.1:PORT`` builds it
    (obs,) = make_observers(config, argparse.Namespace(mqtt=("127.0.0.1", broker.port)), sim.hub,
                            sim.commands.put)
    hub = sim.hub
    assert isinstance(obs, MqttObserver)
    seen: dict[str, int] = {}

    def outage(rec: dict) -> None:
        n = len(log)
        if n <= 60 and obs.sent - obs.acked > 4:
            seen["over_window"] = n
        if n == 5:
            assert obs.wait_flushed(TIMEOUT_S)  # connected and caught up before the outage
        if n == 25:
            broker.stop()
            wait_until(lambda: not obs.connected, what="the observer to notice the outage")
            seen["acked_at_stop"] = obs.acked
        if n == 60:
            seen["acked_while_down"] = obs.acked
            seen["queued_in_paho"] = len(obs.client._out_messages)
            broker.start()

    sim.host.sinks.append(outage)
    play_demo(sim, DEMO_SEED)
    hub.close()
    assert len(log) > 60 and obs.connects >= 2
    assert seen["acked_while_down"] <= 25 and "over_window" not in seen
    assert seen["queued_in_paho"] <= 4 + RESERVE
    assert obs.acked == obs.newest == len(log)
    assert_wire_equals_log(sub, log)
    # the broker's going away publishes the last will; back online after the restart; offline at the end
    sub.wait_for(lambda s: collapse(s.on(f"{BASE}/status")) == ["online", "offline", "online", "offline"],
                 "online, offline (will), online, offline")


def test_broker_down_at_start_the_game_goes_on_and_everything_arrives_later(broker, subscribe, tmp_path):
    """The broker comes up only in the middle of the game: paho's retries connect, every event arrives."""
    sub = subscribe()  # its persistent session outlives the outage
    broker.stop()
    config = load_config(sim_config(tmp_path))
    log: list[dict] = []
    sim = Simulation(config, DEMO_SEED, io.StringIO(), fast=True, sinks=[log.append])
    (obs,) = make_observers(config, argparse.Namespace(mqtt=("127.0.0.1", broker.port)), sim.hub,
                            sim.commands.put)
    seen: dict[str, int] = {}

    def come_up(rec: dict) -> None:
        if len(log) == 30:
            seen["connects_before"] = obs.connects
            broker.start()
            wait_until(lambda: obs.connected, what="paho to connect once the broker is up")

    sim.host.sinks.append(come_up)
    play_demo(sim, DEMO_SEED)
    sim.hub.close()
    assert seen["connects_before"] == 0 and len(log) > 30
    assert obs.acked == obs.newest == len(log)
    assert_wire_equals_log(sub, log)
    sub.wait_for(lambda s: collapse(s.on(f"{BASE}/status"))[-2:] == ["online", "offline"], "online, then offline")


def test_sim_without_a_broker_stops_promptly(tmp_path):
    """`waage sim --mqtt` to a port nobody listens on used to wait 30 s at its end: the broker was never
    reached, so it waits at most NEVER_CONNECTED_WAIT_S and paho's thread ends by disconnect + loop_stop."""
    from .helpers import free_port

    port = free_port()  # nobody listens there
    started = time.monotonic()
    proc = run_sim(sim_config(tmp_path), port)
    out, err = proc.communicate(timeout=120)
    elapsed_s = time.monotonic() - started
    assert proc.returncode == 0, err
    assert log_lines(out)[-1]["event"] == "stats"  # the whole game was played
    assert "it was never reached" in err and "lost with the simulator's throw-away log" in err
    assert elapsed_s < 20.0, elapsed_s  # generous (a loaded machine): the flush timeout is 30 s


def test_close_waits_briefly_for_a_broker_never_reached_and_fully_for_one_that_was(broker):
    from waage.mqtt.client import NEVER_CONNECTED_WAIT_S
    from .helpers import free_port

    dead = MqttObserver(MqttSettings(host="127.0.0.1", port=free_port(), device_id="dead", flush_timeout_s=30,
                                     reconnect_max_s=2)).start()
    dead.record(1, {"event": "game_started", "t_s": 0.0})
    assert dead.connects == 0 and dead.close_wait_s == NEVER_CONNECTED_WAIT_S < 30
    started = time.monotonic()
    dead.close()
    assert time.monotonic() - started < 10.0  # generous: the bound is about 2 s
    assert not dead.client.is_connected() and dead.acked == 0  # nothing pretended to be delivered
    alive = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="alive",
                                      flush_timeout_s=30)).start()
    try:
        wait_until(lambda: alive.connected, what="the connection")
        assert alive.close_wait_s == 30  # a broker that was reached: it may take the rest after a blip
    finally:
        alive.close()


def test_a_long_outage_keeps_memory_bounded_and_loses_nothing(broker, subscribe):
    """5000 events while the broker is away: paho's queue and ours stay at the window; all arrive later."""
    sub = subscribe([f"waage/long-outage/event"])
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="long-outage", window=8,
                                    backlog_delay_s=0.2, reconnect_max_s=1)).start()
    try:
        wait_until(lambda: obs.connected, what="the first connection")
        broker.stop()
        wait_until(lambda: not obs.connected, what="the observer to notice the outage")
        records = [{"event": "roll", "t_s": i / 10, "round": i, "player": "Anna", "dice": [i % 6 + 1, 2]}
                   for i in range(5000)]
        for line, record in enumerate(records, start=1):
            obs.record(line, record)
        assert len(obs._inflight) <= 8 and len(obs.client._out_messages) <= 8 + RESERVE
        broker.start()
        assert obs.wait_flushed(60)
    finally:
        obs.close()
    sub.wait_for(lambda s: len(s.events("waage/long-outage/event")) == 5000, "5000 events", timeout_s=60)
    events = sub.events("waage/long-outage/event")
    assert all(events[i + 1] == {"id": i + 1, **r} for i, r in enumerate(records))


def test_state_on_every_game_change_but_live_grams_at_most_once_a_second(broker, subscribe):
    from waage.live.hub import LiveSnapshot
    from waage.display.views import DrinkingView

    now = [100.0]  # a fake clock for the observer: the test decides when a second has passed
    sub = subscribe(["waage/state-scale/state"])
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="state-scale"),
                       clock=lambda: now[0]).start()
    view = DrinkingView(player="Ben", target_g=50, min_g=45, max_g=55, attempt=1, drunk_g=None, lifted=False)

    def snap(grams: float, phase: str = "drinking") -> LiveSnapshot:
        return LiveSnapshot(game="waagespiel", phase=phase, players=["Anna", "Ben"], current="Ben", view=view,
                            grams=grams, glass_on_scale=True, target_g=50, min_g=45, max_g=55, lines=3)

    def states() -> list[tuple[str, float]]:
        return [(d["phase"], d["grams"]) for d in map(json.loads, sub.on("waage/state-scale/state"))]

    try:
        wait_until(lambda: obs.connected, what="the connection")
        obs.state(snap(700.0))
        sub.wait_for(lambda s: states() == [("drinking", 700.0)], "the first state")
        for grams in (699.5, 698.0, 690.0):  # within the same second: kept back
            obs.state(snap(grams))
        obs.state(snap(690.0, "rolling"))  # the game changed: out at once
        sub.wait_for(lambda s: len(states()) == 2, "the phase change")
        assert states()[1] == ("rolling", 690.0)
        obs.state(snap(650.0, "rolling"))
        now[0] += 1.0  # a second later the new grams go out
        sub.wait_for(lambda s: len(states()) == 3, "the grams a second later")
        assert states()[2] == ("rolling", 650.0)
    finally:
        obs.close()


def test_the_retained_state_says_the_game_ended_until_the_next_begins(broker, subscribe):
    """A newcomer's Home Assistant still showed "rolling" after the last game had ended."""
    from waage.live.hub import LiveSnapshot
    from waage.display.views import RollView

    topic = "waage/end-scale/state"
    sub = subscribe([topic])

    def snap(phase: str, lines: int) -> LiveSnapshot:
        view = RollView(round=1, player="Ben", dice_mode="electronic", rolls=[], last_dice=None, tie_break_name=None)
        return LiveSnapshot(game="waagespiel", phase=phase, players=["Anna", "Ben"], current="Ben", view=view,
                            lines=lines)

    def last() -> dict:
        return json.loads(sub.on(topic)[-1]) if sub.on(topic) else {}

    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="end-scale")).start()
    try:
        wait_until(lambda: obs.connected, what="the connection")
        obs.record(1, {"event": "game_started", "t_s": 0.0, "players": ["Anna", "Ben"]})
        obs.state(snap("rolling", 1))
        sub.wait_for(lambda s: last().get("phase") == "rolling", "rolling")
        obs.record(2, {"event": "stats", "t_s": 9.0, "per_player": {}})  # the game ends (host.finish)
        sub.wait_for(lambda s: last().get("phase") == "ended", "the ended state")
        assert last()["current"] is None and last()["players"] == ["Anna", "Ben"]
        obs.state(snap("rolling", 2))  # the display still shows the last screen: the game stays ended
        sub.wait_for(lambda s: last().get("lines") == 2, "the next snapshot")
        assert last()["phase"] == "ended"
        obs.record(3, {"event": "game_started", "t_s": 10.0, "players": ["Anna", "Ben"]})  # a new game
        obs.state(snap("rolling", 3))
        sub.wait_for(lambda s: last().get("lines") == 3, "the new game's state")
        assert (last()["phase"], last()["current"]) == ("rolling", "Ben")
        obs.record(4, {"event": "summary", "t_s": 11.0})  # a helper game's end, right before the stop
    finally:
        obs.close()
    late = subscribe([topic], "late-subscriber")   # what Home Assistant is told after the stop
    late.wait_for(lambda s: s.on(topic), "the retained state")
    assert json.loads(late.on(topic)[-1])["phase"] == "ended"  # published before "offline", however quick


def test_the_last_sip_reaches_the_retained_league_however_quick_the_stop(broker, subscribe):
    """A sip recorded just before the stop, with no publisher step left between them (the timing that
    once made the league one attempt short), is in the retained league message a late subscriber gets."""
    topic = "waage/league/party/quick-scale"
    sub = subscribe([topic])
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="quick-scale", league="party",
                                    table="Theke", flush_timeout_s=0)).start()
    try:
        wait_until(lambda: obs.connected, what="the connection")
        obs.record(1, sip("Anna", 40, 40, "exact"))
        sub.wait_for(lambda s: s.on(topic) and json.loads(s.on(topic)[-1])["players"].get("Anna"), "Anna's tally")
        obs._step = lambda: None  # the publisher takes no further step before the stop: the worst timing
        obs.record(2, sip("Anna", 30, 40, "miss"))
    finally:
        obs.close()
    late = subscribe([topic], "late-subscriber")
    late.wait_for(lambda s: s.on(topic), "the retained league message")
    anna = json.loads(late.on(topic)[-1])["players"]["Anna"]
    assert (anna["attempts"], anna["hits"], anna["exact"], anna["grams"]) == (2, 1, 1, 70)


def test_home_assistant_birth_message_gets_the_discovery_again(broker, subscribe):
    sub = subscribe([f"homeassistant/device/{DEVICE}/config"])
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id=DEVICE)).start()
    try:
        sub.wait_for(lambda s: len(s.on(f"homeassistant/device/{DEVICE}/config")) == 1, "the discovery")
        sub.client.publish("homeassistant/status", "online", qos=1)
        sub.wait_for(lambda s: len(s.on(f"homeassistant/device/{DEVICE}/config")) == 2, "the discovery again")
        sub.client.publish("homeassistant/status", "offline", qos=1)
        sub.client.publish("homeassistant/status", "online", qos=1)
        sub.wait_for(lambda s: len(s.on(f"homeassistant/device/{DEVICE}/config")) == 3, "once per birth")
    finally:
        obs.close()


def test_username_and_password_file_against_a_broker_that_refuses_anonymous_clients(auth_broker, tmp_path):
    from .helpers import Subscriber

    sub = Subscriber(auth_broker.port, ["waage/auth-scale/status"], "auth-sub", auth=("test", "t"))
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.write_text("Pils-42\n")
    bad.write_text("Radler\n")
    wrong = MqttObserver(MqttSettings(host="127.0.0.1", port=auth_broker.port, device_id="wrong-scale",
                                      username="waage", password_file=bad)).start()
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=auth_broker.port, device_id="auth-scale",
                                    username="waage", password_file=good)).start()
    try:
        sub.wait_for(lambda s: s.on("waage/auth-scale/status") == ["online"], "the authenticated scale online")
        assert obs.connected and not wrong.connected and wrong.connects == 0
        obs.close()
        sub.wait_for(lambda s: s.on("waage/auth-scale/status") == ["online", "offline"], "offline after the stop")
    finally:
        obs.close()
        wrong.close()
        sub.close()


def test_tls_with_the_brokers_ca_file(tls_broker, tmp_path):
    broker, ca = tls_broker
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="tls-scale", tls=True,
                                    ca_file=ca)).start()
    try:
        wait_until(lambda: obs.connected, what="a TLS connection")
        obs.record(1, {"event": "game_started", "t_s": 0.0})
        assert obs.wait_flushed(TIMEOUT_S)
    finally:
        obs.close()
    # without the CA the broker's certificate is not trusted: no connection, the game is not stopped
    other = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="tls-other", tls=True,
                                      flush_timeout_s=0)).start()
    try:
        other.record(1, {"event": "game_started", "t_s": 0.0})
        assert not other.wait_flushed(1.0) and other.connects == 0
    finally:
        other.close()
    with pytest.raises(InputFileError, match="missing.pem: mqtt.ca_file: cannot load the CA certificates"):
        MqttObserver(MqttSettings(tls=True, ca_file=tmp_path / "missing.pem"))


def sip(player: str, grams: int, target: int, verdict: str) -> dict:
    return {"event": "sip", "t_s": 1.0, "round": 1, "player": player, "attempt": 1, "grams": grams,
            "grams_exact": float(grams), "verdict": verdict, "target_g": target, "remaining_g": 300.0}


def test_verdicts_go_to_the_event_entity_live(broker, subscribe):
    """W-21 hit, W-22 exact, a miss, and W-31's emptied glass become Home Assistant event types."""
    sub = subscribe([f"waage/verdict-scale/verdict"])
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="verdict-scale")).start()
    try:
        wait_until(lambda: obs.connected, what="the connection")
        obs.record(1, sip("Anna", 40, 40, "exact"))
        obs.record(2, sip("Ben", 20, 40, "miss"))
        obs.record(3, {"event": "drinking_done", "t_s": 2.0, "round": 1, "player": "Ben", "outcome": "emptied",
                       "attempts": 1})
        obs.record(4, sip("Cara", 52, 50, "hit"))
        sub.wait_for(lambda s: len(s.on("waage/verdict-scale/verdict")) == 4, "four verdicts")
    finally:
        obs.close()
    got = [json.loads(p) for p in sub.on("waage/verdict-scale/verdict")]
    assert [v["event_type"] for v in got] == ["exact", "miss", "emptied", "hit"]
    assert got[0] == {"event_type": "exact", "player": "Anna", "grams": 40, "target_g": 40, "round": 1}


def test_two_tables_one_league_same_name_two_rows(broker):
    def table(dev: str, name: str) -> MqttObserver:
        return MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id=dev, league="party",
                                         table=name)).start()

    a, b = table("scale-a", "Tisch 1"), table("scale-b", "Tisch 2")
    try:
        a.record(1, sip("Anna", 40, 40, "exact"))
        a.record(2, sip("Anna", 30, 40, "miss"))
        b.record(1, sip("Anna", 52, 50, "hit"))
        b.record(2, sip("Ben", 20, 30, "miss"))
        for obs in (a, b):
            wait_until(lambda: obs.league_view().tables == 2 and len(obs.league_view().rows) == 3,
                       what="both tables in the leaderboard")
        rows = {r.label: r for r in a.league_view().rows}
        assert set(rows) == {"Anna @ Tisch 1", "Anna @ Tisch 2", "Ben @ Tisch 2"}
        assert (rows["Anna @ Tisch 1"].hits, rows["Anna @ Tisch 1"].exact) == (1, 1)
        assert rows["Anna @ Tisch 1"].hit_rate == 0.5 and rows["Anna @ Tisch 1"].mean_error_g == 5.0
        assert rows["Anna @ Tisch 2"].hit_rate == 1.0 and rows["Anna @ Tisch 2"].mean_error_g == 2.0
        assert [r.label for r in a.league_view().rows] == [r.label for r in b.league_view().rows]
        assert b.league_json()["rows"][0]["label"] == "Anna @ Tisch 1"  # exact (W-22) ranks first
    finally:
        a.close()
        b.close()
