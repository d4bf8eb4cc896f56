"""The one host for every game, the composition root's parts and the live hub wiring."""

from __future__ import annotations

import io
import json

import pytest

from waage.app import wiring
from waage.app.host import Apply, GameHost, NewGame
from waage.app.run import Device
from waage.app.sim import Simulation
from waage.config import AppConfig, GameSettings
from waage.display.settings import DisplaySettings
from waage.games import GAMES
from waage.live.hub import LiveHub
from waage.rules.dice import SeededDice
from waage.rules.engines import games
from waage.rules.game import Game, weighs
from waage.games.waagespiel.engine import Waagespiel
from waage.ui import DeviceUi
from waage.weight.events import Sample, SensorFault, SensorRecovered


class Recorder:
    def __init__(self):
        self.records, self.states = [], []

    def record(self, line, record):
        self.records.append((line, record))

    def state(self, snapshot):
        self.states.append(snapshot)

    def close(self):
        pass


def test_every_registered_game_speaks_the_game_interface():
    assert list(games()) == list(GAMES)
    for game_id, cls in games().items():
        engine = cls(["Anna", "Ben", "Cara", "Dora"])
        assert isinstance(engine, Game) and engine.game_id == game_id
        assert engine.start()[0]["event"] == "game_started"
        again = cls.resume(engine.state.model_copy(deep=True))
        assert again.state == engine.state and again.phase == engine.phase
        assert engine.summary()["event"] in ("stats", "summary")
        assert cls.uses_scale is GAMES[game_id].uses_scale is weighs(engine) is weighs(cls)


def test_waagespiel_apply_takes_contract_inputs_as_dicts():
    """W-10 roll, W-15 choose; a roll that does not fit is rejected with the state unchanged."""
    g = Waagespiel(["Anna", "Ben"])
    g.start()
    g.scale_ready(790.0)
    assert g.expects() == ["roll"] and g.current_player == "Anna"
    assert g.apply({"roll": [1, 1]})[-1]["event"] == "choice_needed"  # W-15: Einer-Pasch
    assert g.expects() == ["choose"] and g.current_player == "Anna" and g.phase == "choosing"
    before = g.state.model_copy(deep=True)
    for bad in ({"roll": [3, 4]}, {"roll": [0, 7]}, {"choose": "Zoe"}, {"sip": 40}, {"roll": [1, 2], "choose": "Ben"}):
        with pytest.raises(Exception) as exc:
            g.apply(bad)
        assert type(exc.value).__name__ == "InputRejected" and g.state == before
    chosen = g.apply({"choose": "Ben"})
    assert chosen[0]["player"] == "Ben" and g.phase == "drinking" and g.current_player == "Ben"
    assert g.expects() == []


def _host(engine, seed=5, sinks=None) -> GameHost:
    config = AppConfig()
    factory = wiring.pipeline_factory(config, config.calibration, 10.0)
    return wiring.make_host(config, engine, wiring.dice(seed), new_pipeline=factory, sinks=sinks or [])


def test_auto_dice_are_rolled_only_when_a_roll_is_expected():
    host = _host(Waagespiel(["Anna", "Ben"]))
    host.start(0.0)
    rejected = host.apply({"roll": "auto"}, 1.0)  # the scale has not settled yet
    assert rejected[0]["event"] == "input_rejected" and rejected[0]["input"] == {"roll": "auto"}
    assert host.dice_rolled == 0
    host.engine.scale_ready(790.0)
    rolled = host.apply({"roll": "auto"}, 2.0)
    assert tuple(rolled[0]["dice"]) == SeededDice(5).roll() and host.dice_rolled == 1
    assert rolled[0]["t_s"] == 2.0


def test_a_helper_game_hears_nothing_of_the_scale():
    host = _host(games()["propter"](["Anna", "Ben"]))
    out = host.start(0.0)
    assert host.scale is None and out[0]["event"] == "game_started"
    assert host.on_sensor(SensorFault(1.0, "stalled", "no samples")) == []
    assert host.on_sensor(Sample(1.5, 123.0)) == []
    assert host.on_sensor(SensorRecovered(2.0)) == []
    assert host.now_s == 2.0
    assert host.apply({"choose": "Ben"})[0] == {"event": "turn", "t_s": 2.0, "player": "Ben"}


def test_new_game_closes_the_running_one_and_takes_options_from_the_config():
    records = []
    host = _host(Waagespiel(["Anna", "Ben"]), sinks=[records.append])
    host.start(0.0)
    out = host.handle(NewGame(game="waagespiel", players=("Cara", "Dora", "Emil"), options={"starter": "Dora"}))
    assert [r["event"] for r in out] == ["stats", "game_started"]
    assert out[1]["players"] == ["Cara", "Dora", "Emil"] and out[1]["starter"] == "Dora"
    assert host.scale is not None and host.scale.pipeline is not None and host.engine.state.rules == AppConfig().rules
    out = host.handle(NewGame(game="schach", players=("Anna", "Ben")))
    assert out[0]["event"] == "input_rejected" and host.engine.state.players == ["Cara", "Dora", "Emil"]
    out = host.handle(NewGame(game="propter", players=("Anna", "Ben")))
    assert [r["event"] for r in out] == ["stats", "game_started"] and host.scale is None
    assert host.handle(Apply({"choose": "Anna"}))[0]["player"] == "Anna"
    assert records[-1]["event"] == "turn"


#: the games that do not weigh (the registry's)
HELPERS = tuple(g.id for g in GAMES.values() if not g.uses_scale)


@pytest.mark.parametrize("before,after", [(a, b) for a in HELPERS for b in HELPERS if a != b])
def test_a_switch_between_helper_games_shows_the_new_game(before, after):
    """issue 21 (trial): a switch from one helper game to another logged the old game's ``summary``
    in the same decision; the new game's views typed it with their models and the program died
    (pydantic ValidationError). The views read the new game's records only; the log keeps both."""
    records = []
    host = _host(games()[before](["Anna", "Ben", "Cara", "Dora"]), sinks=[records.append])
    host.start(0.0)
    out = host.handle(NewGame(game=after, players=("Anna", "Ben", "Cara", "Dora")))
    assert [r["event"] for r in out][:2] == ["summary", "game_started"] and records[-len(out):] == out
    assert host.last_events[0]["event"] == "game_started" and host.last_events[0]["game"] == after
    host.last_typed  # noqa: B018 - typed by the new game's models without an error
    ui = DeviceUi(host, lang="de")
    snap = wiring.snapshot(host, ui.view())
    assert snap.game == after and snap.details["helper"]["title"]


def _device(tmp_path, game="waagespiel") -> Device:
    config = AppConfig(game=GameSettings(game=game, players=["Anna", "Ben"]),
                       display=DisplaySettings(kind="none"))
    return Device(config, tmp_path / "state", seed=3)


def test_the_device_hands_every_log_record_to_the_hub_with_its_line_number(tmp_path):
    device = _device(tmp_path, "propter")
    seen = Recorder()
    device.hub.add(seen)
    device.host.start(0.0)
    device.handle(Apply({"choose": "Ben"}))
    device.handle(Apply({"choose": "Ben"}))  # rejected: logged too
    device.close()
    lines = (tmp_path / "state" / "session.jsonl").read_text(encoding="utf-8").splitlines()
    assert [line for line, _ in seen.records] == list(range(1, len(lines) + 1))
    assert [rec for _, rec in seen.records] == [json.loads(x) for x in lines]

    again = _device(tmp_path, "propter")  # a restart numbers on
    seen = Recorder()
    again.hub.add(seen)
    again.host.start(0.0)
    again.close()
    assert seen.records[0][0] == len(lines) + 1 and seen.records[0][1]["event"] == "game_resumed"


def test_snapshots_of_the_waagespiel_and_of_a_helper_game(tmp_path):
    device = _device(tmp_path)
    host = device.host
    host.start(0.0)
    t = 0.0
    while host.engine.phase == "setup":
        t += 0.1
        host.on_sample(Sample(t, 790.0))
    host.apply({"roll": [2, 3]})
    snap = wiring.snapshot(host, device.view(), device.feed.line, sample_at=12.5)
    assert (snap.game, snap.phase, snap.current, snap.players) == ("waagespiel", "rolling", "Ben", ["Anna", "Ben"])
    assert snap.glass_on_scale is True and snap.grams == pytest.approx(790.0 - 350.0, abs=0.5)  # net: the beer
    assert snap.details["dice"] == [2, 3] and snap.sample_at == 12.5 and snap.fault is None
    assert snap.lines == device.feed.line == 4  # game_started, scale_ready, round_started, roll
    host.apply({"roll": [1, 2]})
    snap = wiring.snapshot(host, device.view(), device.feed.line)
    assert (snap.phase, snap.current, snap.target_g, snap.min_g, snap.max_g) == ("drinking", "Ben", 30, 27, 33)
    host.on_sensor(SensorFault(t + 1, "stalled", "no samples"))
    snap = wiring.snapshot(host, device.view(), device.feed.line)
    assert snap.fault == "stalled" and snap.grams is None
    json.dumps(snap.to_json(now=0.0))
    device.close()

    helper = _device(tmp_path / "h", "propter")
    helper.host.start(0.0)
    snap = wiring.snapshot(helper.host, helper.view(), helper.feed.line)
    assert snap.game == "propter" and snap.grams is None and snap.details["hands"] == {"Anna": 5, "Ben": 5}
    assert snap.details["result"] is None  # no winner while the game runs
    json.dumps(snap.to_json(now=0.0))
    helper.host.apply({"choose": "Anna"})
    for _ in range(4):
        for given in ({"play": "Anna", "slot": 1, "match": "exact"}, {"discard": "Ben"}, {"next": "Ben"}):
            helper.host.apply(given)
    helper.host.apply({"play": "Anna", "slot": 1, "match": "exact"})
    snap = wiring.snapshot(helper.host, helper.view(), helper.feed.line)  # the pages' winner screen (PR-06)
    assert snap.details["result"] == {"winners": ["Anna"], "standings": [
        {"name": "Anna", "members": ["Anna"], "points": 5}, {"name": "Ben", "members": ["Ben"], "points": 0}]}
    json.dumps(snap.to_json(now=0.0))
    helper.close()


def test_the_simulator_feeds_its_hub_with_positions_and_snapshots():
    config = AppConfig(game=GameSettings(players=["Anna", "Ben"]))
    sim = Simulation(config, 4, io.StringIO(), fast=True)
    seen = Recorder()
    sim.hub.add(seen)
    sim.host.start(0.0)
    sim.pause(2.0)
    sim.commands.put(Apply({"roll": "auto"}))  # as the web or MQTT thread would submit it
    sim.pause(0.5)
    events = [rec["event"] for _, rec in seen.records]
    assert events[:3] == ["game_started", "scale_ready", "round_started"] and "roll" in events
    assert [line for line, _ in seen.records] == list(range(1, len(events) + 1))
    assert seen.states and seen.states[-1].game == "waagespiel" and seen.states[-1].lines == len(events)


def test_a_helper_game_runs_without_the_scale_the_waagespiel_names_the_missing_sensor(tmp_path, monkeypatch):
    import sys

    from waage.errors import DeviceUnavailable
    from waage.sensors.base import NoSensor
    from waage.sensors.settings import Hx711Settings

    monkeypatch.setitem(sys.modules, "HX711", None)  # the library is not installed (not a Pi)

    def config(game):
        return AppConfig(game=GameSettings(game=game, players=["Anna", "Ben"]), sensor=Hx711Settings(),
                         display=DisplaySettings(kind="none"))

    device = Device(config("willkommen_am_arsch"), tmp_path / "a")
    assert isinstance(device.sensor, NoSensor)
    device.host.start(0.0)
    assert [r["event"] for r in device.host.last_events] == ["game_started"]
    device.close()
    with pytest.raises(DeviceUnavailable, match="hx711-rpi-py"):
        Device(config("waagespiel"), tmp_path / "b")


def test_stdin_lines_become_keys_commands_and_scale_actions():
    from waage.app import run
    from waage.inputs.keys import Key

    class Scale:
        def sip(self, grams): ...
        def refill(self, grams): ...
        def bump(self, grams): ...

    got = []
    lines = io.StringIO('o\nN\ninput {"roll": "auto"}\nnew {"game": "propter", "players": ["Anna", "Ben"], '
                        '"language": "en"}\ninput [1, 2]\nnew {"players": []}\nsip 40\nsip lots\nrefill -5\n')
    run.stdin_keys(got.append, Scale(), lines).thread.join(timeout=5)
    assert got == [Key.OK, Key.NEXT, Apply({"roll": "auto"}),
                   NewGame(game="propter", players=("Anna", "Ben"), language="en"),
                   run.SensorAction("sip", 40.0), run._STOP]


def test_an_adapter_may_replace_the_screen():
    from waage.display.views import MessageView

    class Pin:
        def screen(self, view, now):
            return MessageView("PIN", ["4711"]) if now < 10 else view

    own = MessageView("Spiel", [])
    assert wiring.screen_of([object(), Pin()], own, 5.0) == MessageView("PIN", ["4711"])
    assert wiring.screen_of([Pin()], own, 11.0) is own and wiring.screen_of([], own, 0.0) is own
