"""Issue 20 against a real mosquitto: a stranger's league message (finding 2, 5), a stranger's
retained messages on this scale's topics and cloned SD cards (finding 8), a TLS failure said as
such (finding 9)."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

import waage.display.league_screen  # noqa: F401 - registers the leaderboard screen
from waage.display.screens import render_image
from waage.app.live import LiveSnapshot
from waage.display.views import MessageView
from waage.mqtt.client import MqttObserver
from waage.mqtt.league import MAX_PLAYERS
from waage.mqtt.settings import MqttSettings, default_device_id
from waage.names import NAME_MAX_CHARS

from .helpers import TIMEOUT_S, wait_until


def stranger(port: int, auth: tuple[str, str] | None = None) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger")
    if auth:
        c.username_pw_set(*auth)
    c.connect("127.0.0.1", port)
    c.loop_start()
    wait_until(c.is_connected, what="the stranger's connection")
    return c


def publish(c: mqtt.Client, topic: str, payload: str | bytes, retain: bool = True) -> None:
    c.publish(topic, payload, qos=1, retain=retain).wait_for_publish(TIMEOUT_S)


def test_a_strangers_league_message_cannot_crash_or_stall_the_league_screen(broker):
    """Finding 2: a retained league message with a newline in a name crashed the OLED's "Liga"
    screen; finding 5: hits 1000 for 1 attempt ranked first, a million players took 1.5 GB."""
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale", league="party",
                                    table="Stehtisch")).start()
    c = stranger(broker.port)
    try:
        wait_until(lambda: obs.connected, what="the scale's connection")
        publish(c, "waage/league/party/evil-1", json.dumps(
            {"device_id": "evil-1", "table": "T\nisch" + "x" * 100,
             "players": {"Eve\nEve": {"attempts": 3, "hits": 2, "exact": 1, "grams": 90, "error_g": 3},
                         "y" * 200: {"attempts": 1, "hits": 0}}}))
        publish(c, "waage/league/party/evil-2", json.dumps(
            {"device_id": "evil-2", "table": "cheat", "players": {"Mallory": {"attempts": 1, "hits": 1000}}}))
        publish(c, "waage/league/party/evil-3", json.dumps(
            {"device_id": "evil-3", "table": "flood",
             "players": {f"p{i}": {"attempts": 1} for i in range(MAX_PLAYERS + 1)}}))
        publish(c, "waage/league/party/evil-5", b"{" + b" " * 200_000 + b"}")
        wait_until(lambda: obs.league_view().tables == 2, what="the stranger's valid table")
        evil4 = "waage/league/party/evil-4"
        publish(c, evil4, json.dumps({"device_id": "evil-4", "table": "late", "players": {}}))
        wait_until(lambda: obs.league_view().tables == 3, what="a later valid table (the refused ones came before)")
        view = obs.league_view()
        assert {r.table for r in view.rows} == {"T isch" + "x" * (NAME_MAX_CHARS - 6)}
        assert {r.player for r in view.rows} == {"Eve Eve", "y" * NAME_MAX_CHARS}
        assert all(len(r.player) <= NAME_MAX_CHARS and r.player.isprintable() for r in view.rows)
        assert all(len(r.table) <= NAME_MAX_CHARS and r.table.isprintable() for r in view.rows)
        assert "Mallory" not in {r.player for r in view.rows}
        image = render_image(view)  # the screen "Liga" opens: drawn, no exception
        assert image.size == (128, 64)
    finally:
        c.loop_stop()
        c.disconnect()
        obs.close()


def test_a_strangers_retained_status_and_discovery_do_not_stay(broker, subscribe, caplog):
    """Finding 8: any client overwrote this scale's retained status and discovery (garbage stayed until
    the scale reconnected). The scale watches its own retained topics and publishes its own again."""
    caplog.set_level(logging.WARNING, logger="waage.mqtt")
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale")).start()
    c = stranger(broker.port)
    try:
        wait_until(lambda: obs.connected and b"online" in obs._published.get("waage/our-scale/status", ()),
                   what="the scale online")
        discovery = "homeassistant/device/our-scale/config"
        wait_until(lambda: discovery in obs._published, what="the discovery")
        time.sleep(0.3)
        publish(c, "waage/our-scale/status", "offline")
        publish(c, discovery, "{}")
        obs.state(LiveSnapshot(game="waagespiel", phase="rolling", players=["Anna", "Ben"], current="Anna",
                               view=MessageView(title="x", lines=[])))
        wait_until(lambda: "waage/our-scale/state" in obs._published, what="the state")
        time.sleep(0.3)
        publish(c, "waage/our-scale/state", '{"phase": "hacked"}')
        late = subscribe(["waage/our-scale/status", discovery, "waage/our-scale/state"], "late-reader")

        def restored(s) -> bool:
            status, disc, state = s.on("waage/our-scale/status"), s.on(discovery), s.on("waage/our-scale/state")
            return (bool(status) and status[-1] == "online" and bool(disc) and disc[-1].startswith('{"device"')
                    and bool(state) and json.loads(state[-1]).get("phase") == "rolling")

        late.wait_for(restored, "the scale's own retained messages again")
        assert any("foreign message on waage/our-scale/status" in r.getMessage() for r in caplog.records)
    finally:
        c.loop_stop()
        c.disconnect()
        obs.close()


def test_cloned_sd_cards_get_two_device_ids(tmp_path):
    """Finding 8: two scales from one SD card image share /etc/machine-id; the board's serial number
    and the network card's MAC address tell them apart."""
    machine_id = tmp_path / "machine-id"
    machine_id.write_text("0123456789abcdef0123456789abcdef\n")
    serial_a, serial_b = tmp_path / "serial-a", tmp_path / "serial-b"
    serial_a.write_bytes(b"10000000abcdef01\0")
    serial_b.write_bytes(b"10000000abcdef02\0")
    a = default_device_id(machine_id, serial_a, mac=0xB827EB000001)
    b = default_device_id(machine_id, serial_b, mac=0xB827EB000002)
    assert a != b
    assert a == default_device_id(machine_id, serial_a, mac=0xB827EB000001)  # stable across restarts
    assert default_device_id(machine_id, tmp_path / "none", mac=0xB827EB000001) != \
        default_device_id(machine_id, tmp_path / "none", mac=0xB827EB000002)  # no device tree: the MAC


def test_a_tls_failure_is_not_called_an_unreachable_broker(tls_broker, caplog):
    broker, _ca = tls_broker
    caplog.set_level(logging.WARNING, logger="waage.mqtt")
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="tls-other", tls=True,
                                    flush_timeout_s=0)).start()
    try:
        wait_until(lambda: any("TLS" in r.getMessage() for r in caplog.records), what="the TLS warning")
    finally:
        obs.close()
    text = " ".join(r.getMessage() for r in caplog.records)
    assert "TLS handshake" in text and "certificate" in text and "cannot reach" not in text


def documented_acl() -> str:
    """The ``acl_file`` example of docs/security.md, as written there."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text(encoding="utf-8")
    block = text.split("`/etc/mosquitto/acl`", 1)[1].split("```", 2)[1]
    return block.split("\n", 1)[1]


def test_the_documented_broker_acl_keeps_a_stranger_off_the_scales_topics(tmp_path):
    """docs/security.md's ACL on a real mosquitto: the scale (user = its device id) publishes and reads
    the league; another user cannot write the scale's status or its league entry."""
    from .conftest import running
    from .helpers import Broker, Subscriber

    with running(Broker(tmp_path, users={"scale-a": "pw-a", "stranger": "pw-s", "homeassistant": "pw-h"},
                        acl=documented_acl())) as broker:
        pw = tmp_path / "pw-a"
        pw.write_text("pw-a\n")
        obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="scale-a", username="scale-a",
                                        password_file=pw, league="party", table="Tisch A")).start()
        try:
            obs.record(1, {"event": "sip", "player": "Anna", "grams": 30, "target_g": 30, "verdict": "exact"})
            wait_until(lambda: obs.connected and obs.wait_flushed(0.1), what="the scale's event acknowledged")
            for topic, payload in (("waage/scale-a/status", "offline"), ("waage/league/party/scale-a", json.dumps(
                    {"device_id": "scale-a", "table": "Tisch A", "players": {"Anna": {"attempts": 9}}}))):
                evil = stranger(broker.port, ("stranger", "pw-s"))
                try:  # mosquitto drops a denied publish (and may drop the connection with it)
                    publish(evil, topic, payload)
                except RuntimeError:
                    pass
                evil.loop_stop()
                evil.disconnect()
            ha = Subscriber(broker.port, ["waage/#"], "homeassistant", auth=("homeassistant", "pw-h"))
            try:
                ha.wait_for(lambda s: s.on("waage/scale-a/status") and s.on("waage/league/party/scale-a"),
                            "the retained messages")
                time.sleep(0.3)
                assert ha.on("waage/scale-a/status") == ["online"]
                league = json.loads(ha.on("waage/league/party/scale-a")[-1])
                assert league["players"]["Anna"]["attempts"] == 1
                assert obs._restored_at == {}  # the broker refused them: the scale never had to restore
            finally:
                ha.close()
        finally:
            obs.close()


def test_a_huge_league_message_never_reaches_the_scale(broker):
    """Finding 4: an 80 MB league message took the scale to 1.5 GB (paho reads a message whole
    before anyone can look at it). The scale connects with MQTT 5's Maximum Packet Size, so the
    broker drops such a message instead of sending it."""
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale", league="party",
                                    table="Stehtisch")).start()
    seen: list[tuple[str, int]] = []
    handler = obs.client.on_message

    def counting(client, userdata, msg):
        seen.append((msg.topic, len(msg.payload)))
        handler(client, userdata, msg)

    obs.client.on_message = counting
    c = stranger(broker.port)
    try:
        wait_until(lambda: obs.connected, what="the scale's connection")
        publish(c, "waage/league/party/huge", json.dumps({"device_id": "huge", "table": "x" * 8_000_000}))
        publish(c, "waage/league/party/small", json.dumps({"device_id": "small", "table": "klein"}))
        wait_until(lambda: any(t.endswith("/small") for t, _ in seen), what="the small message")
        assert not any(t.endswith("/huge") for t, _ in seen)
        assert max(n for _, n in seen) < 64 * 1024
    finally:
        c.loop_stop()
        c.disconnect()
        obs.close()
