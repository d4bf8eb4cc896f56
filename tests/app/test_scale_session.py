"""The scale session alone (``waage/app/scale_session.py``) and the host composing it only for a scale game.

The session is driven here without a ``GameHost``: its ``emit`` and ``reject`` are plain recorders,
its samples come from the fake scale (350 g glass, 400 g beer, 10 SPS).
"""

from __future__ import annotations

from typing import Any

import pytest

from waage.app import wiring
from waage.app.host import GameHost, NewGame, WeighGlass
from waage.app.scale_session import ScaleSession
from waage.config import AppConfig
from waage.games import GAMES
from waage.rules.dice import SeededDice
from waage.rules.engines import games
from waage.rules.game import InputRejected, ScaleGame, weighs
from waage.games.waagespiel.engine import Waagespiel
from waage.weight.events import Sample, SensorFault, SensorRecovered
from waage.weight.settings import GlassSettings

RATE_HZ = 10.0
GLASS_G, BEER_G = 350.0, 400.0


class Log:
    """The host's part for a session alone: ``emit`` stamps the events, ``reject`` logs ``input_rejected``."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.now_s = 0.0

    def emit(self, events: list[dict[str, Any]], t_s: float) -> list[dict[str, Any]]:
        out = [{**ev, "t_s": round(t_s, 3)} for ev in events]
        self.records += out
        return out

    def reject(self, given: dict[str, Any], why: str | InputRejected, t_s: float) -> list[dict[str, Any]]:
        fields = why.record() if isinstance(why, InputRejected) else {"why": why}
        return self.emit([{"event": "input_rejected", "input": given, **fields}], t_s)

    def events(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r["event"] == name]


def _session(beer_g: float = BEER_G, saved: list[GlassSettings] | None = None):
    config = AppConfig()
    game = Waagespiel(["Anna", "Ben"], glass=config.glass)
    log = Log()
    log.emit(game.start(), 0.0)
    session = ScaleSession(game, wiring.pipeline_factory(config, config.calibration, RATE_HZ), log.emit, log.reject,
                           lambda: log.now_s, on_glass=saved.append if saved is not None else None)
    fake = wiring.fake_scale(config, config.calibration, load_g=config.glass.glass_g + beer_g, seed=5,
                             sample_rate_hz=RATE_HZ)
    return session, game, fake, log


def test_the_waagespiel_is_a_scale_game_and_the_helper_games_are_not():
    for game_id, cls in games().items():
        engine = cls(["Anna", "Ben", "Cara", "Dora"])
        assert weighs(cls) is weighs(engine) is GAMES[game_id].uses_scale
        assert isinstance(engine, ScaleGame) is weighs(engine)


def test_the_first_settle_gives_the_game_its_reference_and_the_live_load():
    session, game, fake, log = _session()
    assert session.awaiting_reference and not session.live_load()[1]
    out = session.feed_many(fake.wait(3.0))
    assert [r["event"] for r in out] == ["scale_ready", "round_started"] and not session.awaiting_reference
    assert game.state.reference_g == pytest.approx(GLASS_G + BEER_G, abs=1)
    load_g, steady = session.live_load()
    assert steady and load_g == pytest.approx(GLASS_G + BEER_G, abs=1)
    assert session.started and session.glass == AppConfig().glass and session.glass_unknown is None


def test_a_sensor_fault_pauses_with_a_message_never_a_verdict_and_a_recovery_resumes():
    session, game, fake, log = _session()
    session.feed_many(fake.wait(3.0))
    reference_g = game.state.reference_g
    before = len(log.records)
    out = session.on_fault(SensorFault(fake.now_s, "stalled", "no samples"))
    assert [r["event"] for r in out] == ["sensor_fault"] and game.state.paused
    assert session.on_fault(SensorFault(fake.now_s, "stalled", "still none")) == []  # said once
    assert session.live_load() == (None, False)  # nothing is shown as a weight while paused
    for name in ("sip", "refill", "verdict", "glass_empty"):
        assert not [r for r in log.records[before:] if r["event"] == name]
    out = session.on_fault(SensorRecovered(fake.now_s + 1.0))
    assert [r["event"] for r in out] == ["sensor_recovered"] and not game.state.paused
    assert session.pipeline is not None and session.pipeline.reference_g == pytest.approx(reference_g)
    assert session.on_fault(SensorRecovered(fake.now_s + 2.0)) == []


def test_weighing_an_empty_glass_W36_saves_it_and_moves_the_thresholds():
    saved: list[GlassSettings] = []
    session, game, fake, log = _session(beer_g=0.0, saved=saved)
    session.feed_many(fake.wait(3.0))
    opened = session.begin_weighing(fake.now_s)
    assert session.weighing and not [r for r in opened if r["event"] == "input_rejected"]
    out = session.weigh_glass(t_s=fake.now_s)
    weighed = [r for r in out if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(GLASS_G, abs=0.5)
    assert saved == [session.glass] and game.state.glass == session.glass
    assert session.pipeline is not None and session.pipeline.glass == session.glass
    assert not session.weighing and session.cancel_weighing(fake.now_s) == []


def test_a_weighing_is_refused_with_a_code_while_unsteady_and_without_a_pipeline():
    session, game, fake, log = _session()
    session.feed_many(fake.wait(3.0))
    session.feed_many(fake.place(GLASS_G))  # the glass changes: the load is moving
    out = session.weigh_glass(capacity_g=500.0, t_s=fake.now_s)
    assert out[0]["event"] == "input_rejected" and out[0]["code"] == "not_steady"
    assert out[0]["input"] == {"weigh_glass": "take", "capacity_g": 500.0}
    bare = ScaleSession(Waagespiel(["Anna", "Ben"]), None, log.emit, log.reject, lambda: 7.0)
    assert bare.pipeline is None and bare.live_load() == (None, False) and bare.feed_many(fake.wait(1.0)) == []
    out = bare.begin_weighing()
    assert out[0]["code"] == "no_scale" and out[0]["t_s"] == 7.0


def test_a_helper_game_host_has_no_scale_session_and_a_new_waagespiel_gets_one():
    config = AppConfig()
    factory = wiring.pipeline_factory(config, config.calibration, RATE_HZ)
    for game_id in (g for g in GAMES if not GAMES[g].uses_scale):
        host = GameHost(games()[game_id](["Anna", "Ben", "Cara", "Dora"]), factory, SeededDice(1))
        host.start(0.0)
        assert host.scale is None
        assert host.on_sensor(SensorFault(1.0, "stalled", "no samples")) == []
        assert host.on_samples([Sample(1.5, 100.0), Sample(1.6, 100.0)]) == [] and host.now_s == 1.6
        assert host.handle(WeighGlass(step="cancel")) == []
        refused = host.handle(WeighGlass(step="begin"))
        assert refused[0]["event"] == "input_rejected" and refused[0]["code"] == "no_scale"
        assert refused[0]["input"] == {"weigh_glass": "begin"}
        host.handle(NewGame(game="waagespiel", players=("Anna", "Ben")))
        assert isinstance(host.scale, ScaleSession) and host.scale.game is host.engine
        assert host.scale.pipeline is not None
        host.handle(NewGame(game=game_id, players=("Anna", "Ben", "Cara", "Dora")))
        assert host.scale is None
