"""`waage replay` for the three helper games (shared/docs/helper-games-contract.md): the example
games of tests/scenarios/helpers, validation before replay, input_rejected, step and summary."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from waage.app.replay import replay
from waage.app.scenario import load_scenario
from waage.cli import main
from waage.rules.dice import SeededDice

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tests" / "scenarios" / "helpers"
SHARED = REPO.parent / "shared"
UNORDERED = {"drinks", "stehtisch", "meets", "jail", "to_score", "winners", "standings", "out"}


def run(tmp_path: Path, text: str) -> list[dict]:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    replay(load_scenario(path), out=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def team(members, value) -> bool:
    """A team identifier as the engine spells it: "Anna+Cara" or the member list."""
    got = value.split("+") if isinstance(value, str) else value
    return sorted(got) == sorted(members)


def same(exp, act, key=None) -> bool:
    """The expect files' matching: dicts by the keys given, lists exactly, the contract's unordered lists
    as multisets, ``$team`` / ``$winning_team`` markers for team names."""
    if isinstance(exp, dict) and len(exp) == 1 and next(iter(exp)).startswith("$"):
        (tag, members), = exp.items()
        return team(members, act)
    if isinstance(exp, dict):
        return isinstance(act, dict) and all(k in act and same(v, act[k], k) for k, v in exp.items())
    if isinstance(exp, list):
        if not isinstance(act, list) or len(act) != len(exp):
            return key == "resistance" and isinstance(act, int)
        if key in UNORDERED and all(isinstance(e, str) for e in exp):
            return Counter(exp) == Counter(act)
        if key in UNORDERED:
            rest = list(act)
            for e in exp:
                hit = next((a for a in rest if same(e, a)), None)
                if hit is None:
                    return False
                rest.remove(hit)
            return True
        return all(same(e, a) for e, a in zip(exp, act))
    return type(exp) is type(act) and exp == act


@pytest.mark.parametrize("case", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_example_game_plays_as_worked_out_by_hand(case: Path):
    """One whole game per helper mode, to ``game_finished`` or a full evening's ``summary``."""
    expected = [json.loads(x) for x in case.with_name(case.stem + ".expect.jsonl").read_text().splitlines() if x]
    out = io.StringIO()
    replay(load_scenario(case), out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert events[-1]["event"] == "summary"
    steps = [e["step"] for e in events]
    assert steps == sorted(steps) and events[0]["step"] == 0
    wanted = {e["event"] for e in expected}
    stream = [e for e in events if e["event"] in wanted]
    i = 0
    for pat in expected:
        while i < len(stream) and not same(pat, stream[i]):
            i += 1
        assert i < len(stream), f"missing in order: {pat}"
        i += 1
    assert sum(e["event"] == "input_rejected" for e in events) == sum(
        p["event"] == "input_rejected" for p in expected)


#: the whole example game of each helper mode; the other files there (wa_wa05_..., as_as03_...) are ruling cases
WHOLE_GAMES = {"wa_evening": None, "as_game": "game_finished", "as_teams": "game_finished",
               "pr_game": "game_finished"}


def test_every_helper_mode_has_a_whole_example_game():
    """Issue 7: one whole game per mode, to ``game_finished`` (or, WA, a full evening's ``summary``)."""
    for stem, last in WHOLE_GAMES.items():
        expected = (EXAMPLES / f"{stem}.expect.jsonl").read_text()
        assert (EXAMPLES / f"{stem}.toml").exists() and (last is None or f'"{last}"' in expected), stem


@pytest.mark.skipif(not (SHARED / "tools" / "check_helpers.py").exists(), reason="../shared/tools absent")
def test_shared_acceptance_tool_passes_on_the_shared_and_the_example_cases():
    """The contract's checker, run as CI would, on its worked examples and ours."""
    waage = Path(sys.executable).with_name("waage")
    dirs = [str(EXAMPLES)] + ([str(SHARED / "scenarios" / "helpers")]
                              if (SHARED / "scenarios" / "helpers").exists() else [])
    p = subprocess.run([sys.executable, str(SHARED / "tools" / "check_helpers.py"), str(waage), *dirs],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "FAIL" not in p.stdout


HEAD = {"willkommen_am_arsch": 'game = "willkommen_am_arsch"\nplayers = ["Anna", "Ben"]\n',
        "arsch_selten_allein": 'game = "arsch_selten_allein"\nplayers = ["Anna", "Ben", "Cara"]\n',
        "propter": 'game = "propter"\nplayers = ["Anna", "Ben"]\n'}


@pytest.mark.parametrize("game, body, where, shown", [
    ("willkommen_am_arsch", "[[input]]\nroll = [7, 1]\n", "input[1].roll", "[7, 1]"),
    ("willkommen_am_arsch", '[[input]]\nroll = [1, 2]\n[[input]]\nfield = "mond"\n', "input[2].field", "mond"),
    ("willkommen_am_arsch", '[[input]]\nfield = "kneipe"\nmeets = ["Zoe"]\n', "input[1].meets[1]", "Zoe"),
    ("willkommen_am_arsch", '[[input]]\nfield = "kneipe"\ncards = ["sekt"]\n', "input[1].cards[1]", "sekt"),
    ("willkommen_am_arsch", '[[input]]\nroll = [1, 2]\nfield = "kneipe"\n', "input[1]", "exactly one"),
    ("willkommen_am_arsch", "[[input]]\nwuerfel = 3\n", "input[1].wuerfel", "unknown key"),
    ("willkommen_am_arsch", '[[input]]\nroll = [1, 2]\nmeets = ["Ben"]\n', "input[1]", "meets"),
    ("arsch_selten_allein", "[[input]]\npoints = { Anna = -1 }\n", "input[1].points.Anna", "-1"),
    ("arsch_selten_allein", "[[input]]\npoints = { Anna = 1.5 }\n", "input[1].points.Anna", "1.5"),
    ("arsch_selten_allein", "[[input]]\n", "input[1]", "none"),
    ("arsch_selten_allein", "[[input]]\nfinish = 1\n", "input[1].finish", "(1)"),  # AS-08: finish = true only
    ("propter", '[[input]]\nplay = "Anna"\nslot = 4\nmatch = "exact"\n', "input[1].slot", "4"),
    ("propter", '[[input]]\nplay = "Anna"\nslot = 1\nmatch = "half"\n', "input[1].match", "half"),
    ("propter", 'teams = true\n', "teams", "arsch_selten_allein"),
    ("propter", 'starter = "Anna"\n', "starter", "unknown key"),
    ("propter", 'seed = 1.5\n', "seed", "1.5"),
])
def test_invalid_scenarios_exit_2_with_one_line_naming_file_key_and_value(tmp_path, capsys, game, body, where,
                                                                         shown):
    """Contract: exit 2 before anything is replayed, one line ``FILE: input[N].KEY: problem (value)``."""
    path = tmp_path / "bad.toml"
    path.write_text(HEAD[game] + body, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and f"{where}" in lines[0] and shown in lines[0], lines


def test_unknown_game_names_the_value_and_the_games(tmp_path, capsys):
    """Contract: the one line names the key, the problem and the offending value (not "should be 'waagespiel'")."""
    path = tmp_path / "bad.toml"
    path.write_text('game = "skat"\nplayers = ["Anna", "Ben"]\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "game" in err and '"skat"' in err and "propter" in err, err


def test_team_variant_needs_four_players(tmp_path, capsys):
    """AS-07: ``teams = true`` with three players is an invalid scenario."""
    path = tmp_path / "bad.toml"
    path.write_text(HEAD["arsch_selten_allein"] + "teams = true\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "teams" in capsys.readouterr().err


def test_rejected_input_is_logged_and_the_replay_goes_on(tmp_path):
    """Contract: ``input_rejected`` {input, why} with the input as written; the state is unchanged."""
    evs = run(tmp_path, HEAD["propter"] + '[[input]]\nchoose = "anna"\n[[input]]\nnext = "Anna"\n'
              '[[input]]\nplay = "ANNA"\nslot = 1\nmatch = "exact"\n')
    rej = [e for e in evs if e["event"] == "input_rejected"]
    assert rej == [{"event": "input_rejected", "step": 2, "input": {"next": "Anna"}, "why": "not now (turn)",
                    "code": "not_now", "details": {"phase": "turn"}}]
    assert [e["player"] for e in evs if e["event"] == "sting"] == ["Anna"]  # canonical spelling
    assert evs[-1]["points"] == {"Anna": 1, "Ben": 0}


def test_auto_roll_uses_the_seeded_dice(tmp_path):
    """``roll = "auto"`` is rolled by the replay with the scenario's seed (the engine only sees two ints)."""
    evs = run(tmp_path, HEAD["willkommen_am_arsch"] + "seed = 11\n" + '[[input]]\nroll = "auto"\n' * 3)
    dice = SeededDice(11)
    assert [tuple(e["dice"]) for e in evs if e["event"] == "roll"] == [dice.roll() for _ in range(3)]


def test_every_event_has_a_step_game_started_is_step_zero(tmp_path):
    """Contract: ``step`` is the 1-based index of the causing input; 0 for game_started."""
    evs = run(tmp_path, HEAD["arsch_selten_allein"] + '[[input]]\nchoose = "Ben"\n[[input]]\nraise = "Ben"\n')
    assert [(e["event"], e["step"]) for e in evs] == [("game_started", 0), ("round_started", 1), ("turn", 1),
                                                      ("raise", 2), ("turn", 2), ("summary", 2)]


#: The contract's required fields per event (helper-games-contract.md, "Events" of each game).
REQUIRED = {
    "game_started": {"players"}, "roll": {"player", "dice", "sum", "pasch", "kind"}, "opening_tie": {"players"},
    "trottelmuetze": {"player", "previous", "reason"}, "turn": {"player"}, "field": {"player", "field", "meets"},
    "drink": {"player", "drinks", "reason"}, "stehtisch_add": {"player", "drinks", "reason", "stehtisch"},
    "stehtisch_emptied": {"player", "drinks"}, "jail_entered": {"player"}, "jail_left": {"player"},
    "spielothek_done": {"player"}, "skipped": {"player"}, "round_started": {"round", "starter"},
    "choice_needed": {"players"}, "raise": {"player", "pairs"}, "pair": {"player", "pairs"},
    "pass": {"player", "pairs"}, "went_out": {"player"}, "round_ended": {"round", "to_score"},
    "round_scored": {"round", "points", "totals"}, "game_finished": set(), "play": {"player", "slot", "match",
                                                                                     "resistance"},
    "sting": {"player", "slot", "points"}, "discard": {"player", "hand"}, "fell_off": {"player"},
    "input_rejected": {"input", "why"},
}
SUMMARY = {"willkommen_am_arsch": {"trottelmuetze", "turn", "stehtisch", "jail", "drinks"},
           "arsch_selten_allein": {"round", "totals"}, "propter": {"points", "hands", "resistance", "out"}}


@pytest.mark.parametrize("case", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_event_carries_the_contracts_fields(case: Path):
    """Contract: "Fields named below are required"; WA `turn` has `again`, AS team totals in the team variant."""
    sc = load_scenario(case)
    out = io.StringIO()
    replay(sc, out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    for ev in events[:-1]:
        need = REQUIRED.get(ev["event"], set()) | {"event", "step"}
        if ev["event"] == "turn" and sc.game == "willkommen_am_arsch":
            need |= {"again"}
        if ev["event"] == "round_scored" and sc.teams:
            need |= {"team_totals"}
        if ev["event"] == "game_finished":
            need |= {"winners", "standings"} if sc.game == "arsch_selten_allein" else {"winner", "points"}
        assert need <= set(ev), ev
    assert SUMMARY[sc.game] <= set(events[-1])
