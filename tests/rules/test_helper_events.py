"""Issue 22: every game's events are typed. The helper games' records of every helper scenario
(ours and the shared worked examples) are read by their game's typed models, none left out."""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path

import pytest

from waage.app.replay import replay
from waage.app.scenario import load_scenario
from waage.errors import InputFileError
from waage.games import GAMES
from waage.games.arsch_selten_allein.events import RoundScored
from waage.games.willkommen_am_arsch.events import Drink
from waage.rules.helpers.events import typed_helper

#: every helper game's typed models (its kit's ``events.MODELS``)
MODELS = {g.id: importlib.import_module(g.events.partition(":")[0]).MODELS
          for g in GAMES.values() if not g.uses_scale and g.events is not None}

REPO = Path(__file__).resolve().parents[2]
FOLDERS = [REPO / "tests" / "scenarios" / "helpers", REPO.parent / "shared" / "scenarios" / "helpers"]



def _valid(path: Path) -> bool:
    try:
        load_scenario(path)
    except InputFileError:  # a worked example of a bad scenario: it has no events
        return False
    return True


SCENARIOS = sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.glob("*.toml") if _valid(p))


def records_of(path: Path) -> tuple[str, list[dict]]:
    scenario = load_scenario(path)
    out = io.StringIO()
    replay(scenario, out=out)
    return scenario.game, [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_record_of_a_helper_scenario_is_a_typed_event(path):
    game, records = records_of(path)
    events = typed_helper(game, records)
    assert [e.event for e in events] == [r["event"] for r in records]  # none unknown, none left out
    assert [e.model_dump(exclude_unset=True) for e in events] == records  # the record, field for field


def test_the_typed_events_carry_the_fields_and_games_tell_their_words_apart():
    assert {load_scenario(p).game for p in SCENARIOS} == set(MODELS)  # every helper game has examples
    kinds = {game: {m.model_fields["event"].annotation.__args__[0] for m in models} for game, models in MODELS.items()}
    assert {"roll", "field", "drink"} <= kinds["willkommen_am_arsch"] and "play" in kinds["propter"]
    drink = typed_helper("willkommen_am_arsch", [{"event": "drink", "player": "Anna", "drinks": ["bier"],
                                                  "reason": "field", "t_s": 1.0}])[0]
    assert isinstance(drink, Drink) and drink.drinks == ["bier"]
    scored = typed_helper("arsch_selten_allein", [{"event": "round_scored", "round": 1, "points": {"Anna": 2},
                                                   "totals": {"Anna": 2}}])[0]
    assert isinstance(scored, RoundScored) and scored.team_totals is None
    with pytest.raises(Exception):
        typed_helper("propter", [{"event": "play", "player": "Anna"}])  # a known event without its fields


def test_a_game_without_typed_events_of_its_own_gets_the_common_ones():
    from waage.games import GameSpec, registered
    from waage.rules.helpers.events import InputRejectedEvent

    records = [{"event": "toss", "player": "Anna"}, {"event": "input_rejected", "input": {"toss": 3}, "why": "no"}]
    with registered(GameSpec("plain_game", "x:Engine", "x:Ui")):
        typed = typed_helper("plain_game", records)
    assert [type(e) for e in typed] == [InputRejectedEvent] and typed[0].input == {"toss": 3}


def test_the_host_gives_the_hosted_games_typed_events():
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.games.willkommen_am_arsch.events import WaaStarted
    from waage.rules.helpers.events import Turn

    host, _ = build(Scenario(players=["Anna", "Ben"]), None, [])
    host.new_game("willkommen_am_arsch", ["Anna", "Ben"])
    typed = host.last_typed
    assert typed and all(type(e).__module__ in ("waage.rules.helpers.events", "waage.games.willkommen_am_arsch.events")
                     for e in typed)
    assert any(isinstance(e, WaaStarted) for e in typed) or any(isinstance(e, Turn) for e in typed)
