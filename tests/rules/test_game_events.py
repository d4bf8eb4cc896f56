"""Typed Waagespiel events: every record the engine logs fits its model (W-nn per model)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from waage.app.replay import replay
from waage.app.scenario import load_scenario
from waage.games.waagespiel.events import Chosen, Roll, Sip, typed, typed_one
from waage.games.waagespiel.engine import Waagespiel

SCENARIOS = sorted(Path(__file__).resolve().parents[2].joinpath("..", "shared", "scenarios").glob("example*.toml"))


@pytest.mark.skipif(not SCENARIOS, reason="../shared/scenarios not found")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_record_of_a_replay_is_a_typed_event(path):
    out = io.StringIO()
    replay(load_scenario(path), None, out)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    events = typed(records)
    known = [r for r in records if r["event"] not in ("input_rejected",)]
    assert len(events) == len(known)
    for rec, ev in zip(known, events):
        assert ev.event == rec["event"] and ev.t_s == rec["t_s"]


def test_typed_events_carry_the_engines_fields():
    g = Waagespiel(["Anna", "Ben"])
    g.start()
    g.scale_ready(790.0)
    first = typed(g.apply({"roll": [2, 3]}))
    assert first == [Roll(event="roll", round=1, player="Anna", dice=(2, 3), sum=5, pasch=False, tie_break=False)]
    evs = typed(g.apply({"roll": [4, 4]}))  # W-11: a Pasch ends the round; W-20: pasch_grams
    chosen = next(e for e in evs if isinstance(e, Chosen))
    assert (chosen.player, chosen.target_g, chosen.min_g, chosen.max_g) == ("Anna", 50, 45, 55)
    assert typed_one({"event": "turn", "player": "Ben"}) is None
    sip = typed_one({"event": "sip", "t_s": 3.0, "round": 1, "player": "Anna", "attempt": 1, "grams": 50,
                     "grams_exact": 50.1, "verdict": "exact", "target_g": 50, "remaining_g": 390.0,
                     "at": "2026-12-01T10:00:00+00:00"})
    assert isinstance(sip, Sip) and sip.verdict == "exact" and sip.model_extra == {"at": "2026-12-01T10:00:00+00:00"}
    with pytest.raises(Exception):
        typed_one({"event": "sip", "player": "Anna"})  # an engine and its model disagree: loud
