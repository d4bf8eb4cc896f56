"""`waage replay` end to end (shared/docs/replay-contract.md): every event, the rulings through the
real pipeline, and invalid scenarios exiting with status 2 and one clear message."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from waage.app.replay import replay
from waage.app.scenario import load_scenario
from waage.cli import main

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
SCENARIOS = SHARED / "scenarios"
HEAD = 'game = "waagespiel"\nplayers = ["Anna", "Ben", "Cara"]\n'


def run(tmp_path: Path, text: str, name: str = "case.toml") -> list[dict]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    replay(load_scenario(path), out=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def inputs(*items: str) -> str:
    return "".join(f"\n[[input]]\n{item}\n" for item in items)


def of(events: list[dict], name: str) -> list[dict]:
    return [e for e in events if e["event"] == name]


def matches(ev: dict, pat: dict) -> bool:
    return all(ev.get(k) == v for k, v in pat.items())


# ---------------------------------------------------------------- the worked examples
#: without ../shared one skipped case saying so (an empty list made pytest's "got empty parameter set")
EXAMPLES = sorted(SCENARIOS.glob("example*.toml")) or [
    pytest.param(None, marks=pytest.mark.skip(reason=f"../shared/scenarios absent (looked in {SCENARIOS})"))]


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda p: p.stem if isinstance(p, Path) else "absent")
def test_shared_worked_examples_in_process(case: Path):
    expect = json.loads(case.with_suffix(".expect.json").read_text())
    out = io.StringIO()
    replay(load_scenario(case), out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    i = 0
    for pat in expect["events"]:
        while i < len(events) and not matches(events[i], pat):
            i += 1
        assert i < len(events), f"missing in order: {pat}"
        i += 1
    for pat in expect.get("absent", []):
        assert not any(matches(e, pat) for e in events)


def test_shared_examples_pass_the_outside_checker():
    checker = SHARED / "tools" / "check_events.py"
    if not checker.exists():
        pytest.skip("../shared is not beside this checkout")
    cmd = f"{sys.executable} -m waage.cli"
    p = subprocess.run([sys.executable, str(checker), cmd, str(SCENARIOS)], capture_output=True, text=True,
                       timeout=300, cwd=REPO)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "FAIL" not in p.stdout


# ---------------------------------------------------------------- every event
def test_log_frame_game_started_first_stats_last_and_times_increase(tmp_path):
    evs = run(tmp_path, HEAD + inputs("roll = [2, 3]", "roll = [2, 2]", "sip = 50"))
    assert evs[0]["event"] == "game_started" and evs[0]["players"] == ["Anna", "Ben", "Cara"]
    assert evs[0]["rules"] == {"tolerance": 0.1, "grams_per_pip": 10, "pasch_grams": 50, "streak_limit": 3}
    assert evs[-1]["event"] == "stats"
    assert evs[-1]["per_player"]["Ben"] == {"chosen": 1, "attempts": 1, "hits": 1, "exact": 1, "misses": 0,
                                           "grams": 50}
    times = [e["t_s"] for e in evs]
    assert times == sorted(times)
    assert all(isinstance(e["t_s"], float) for e in evs)


def test_w30_sip_fields_and_glass_events_through_the_pipeline(tmp_path):
    """W-30: sip fields and glass events through the pipeline."""
    evs = run(tmp_path, HEAD + inputs("roll = [6, 5]", "roll = [4, 6]", "roll = [5, 4]", "sip = 85.3"))
    names = [e["event"] for e in evs]
    assert names.index("glass_lifted") < names.index("glass_placed") < names.index("sip")
    s = of(evs, "sip")[0]
    assert (s["round"], s["player"], s["attempt"], s["grams"], s["verdict"]) == (1, "Cara", 1, 85, "hit")
    assert s["grams_exact"] == pytest.approx(85.3, abs=0.05)
    assert s["remaining_g"] == pytest.approx(400 - 85.3, abs=0.1)
    assert of(evs, "sip")[0]["t_s"] > of(evs, "glass_placed")[0]["t_s"]


def test_w31_sip_larger_than_the_beer_left_empties_the_glass_and_waits_for_refill(tmp_path):
    """W-31: sip larger than the beer left empties the glass and waits for refill."""
    text = HEAD + "[scale]\nbeer_g = 60.0\n" + inputs(
        "roll = [6, 5]", "roll = [4, 6]", "roll = [5, 4]",  # Cara, 90 g
        "sip = 200",  # drinks what is there: 60 g
        "roll = [3, 4]",  # rejected: empty glass must be refilled first (W-32)
        "refill = 400",
        "roll = [3, 4]",
    )
    evs = run(tmp_path, text)
    s = of(evs, "sip")[0]
    assert s["grams"] == 60 and s["verdict"] == "miss" and s["remaining_g"] == pytest.approx(0, abs=0.2)
    assert of(evs, "glass_empty")
    assert of(evs, "drinking_done")[0]["outcome"] == "emptied"
    names = [e["event"] for e in evs]
    rejected = of(evs, "input_rejected")[0]
    assert rejected["input"] == {"roll": [3, 4]} and rejected["why"]
    assert names.index("input_rejected") < names.index("refill")
    r2 = of(evs, "round_started")[-1]
    assert r2["round"] == 2 and r2["starter"] == "Cara"
    assert names.index("refill") < names.index("round_started", names.index("refill"))
    assert of(evs, "roll")[-1]["round"] == 2


def test_w33_refill_before_and_during_drinking(tmp_path):
    """W-33: refill before and during drinking."""
    text = HEAD + inputs("roll = [2, 3]", "roll = [2, 2]",  # Ben, 50 g
                         "refill = 30", "sip = 20", "refill = 40", "sip = 50")
    evs = run(tmp_path, text)
    refills = of(evs, "refill")
    assert [r["during_drinking"] for r in refills] == [False, True]
    assert refills[0]["grams"] == pytest.approx(30, abs=0.5) and refills[1]["grams"] == pytest.approx(40, abs=0.5)
    assert refills[1]["consent_of"] == "Ben"
    assert [(s["attempt"], s["grams"], s["verdict"]) for s in of(evs, "sip")] == [(1, 20, "miss"), (2, 50, "exact")]


def test_a_noiseless_replay_without_a_seed_is_the_same_every_run(tmp_path):
    """An unseeded [scale] leaves only the noise unseeded: a pour's flow rate is a physical detail of the
    fake scale, so the refill settles at the same time in every run (it was drawn anew: 18.7–22.4 s)."""
    text = HEAD + inputs("refill = 300", "roll = [2, 3]", "roll = [2, 2]", "roll = [4, 4]", "refill = 100")
    first = run(tmp_path, text)
    assert [r["t_s"] for r in of(first, "refill")] == [r["t_s"] for r in of(run(tmp_path, text), "refill")]
    assert first == run(tmp_path, text)


def test_w34_sip_while_nobody_drinks_is_an_unjudged_fall(tmp_path):
    """W-34: sip while nobody drinks is an unjudged fall."""
    evs = run(tmp_path, HEAD + inputs("sip = 40", "roll = [2, 3]"))
    assert of(evs, "glass_lifted") and of(evs, "glass_placed")
    u = of(evs, "unjudged_fall")[0]
    assert u["lifted"] is True and u["grams"] == pytest.approx(40, abs=0.5)
    assert not of(evs, "sip")


def test_w34_small_sip_without_a_drinker_moves_only_the_reference(tmp_path):
    """W-34: small sip without a drinker moves only the reference."""
    evs = run(tmp_path, HEAD + inputs("sip = 4", "roll = [6, 5]", "roll = [4, 6]", "roll = [5, 4]", "sip = 90"))
    assert not of(evs, "unjudged_fall")
    s = of(evs, "sip")[0]
    assert s["grams"] == 90 and s["remaining_g"] == pytest.approx(400 - 4 - 90, abs=0.2)


def test_input_rejected_for_inputs_that_do_not_fit_the_phase(tmp_path):
    evs = run(tmp_path, HEAD + inputs('choose = "Ben"', "roll = [2, 3]", "roll = [2, 2]", "roll = [1, 1]",
                                      "sip = 50"))
    rej = of(evs, "input_rejected")
    assert [r["input"] for r in rej] == [{"choose": "Ben"}, {"roll": [1, 1]}]
    assert of(evs, "sip")[0]["verdict"] == "exact"


def test_w50_auto_rolls_are_repeatable_with_a_seed(tmp_path):
    """W-50: auto rolls are repeatable with a seed."""
    text = HEAD + "[scale]\nseed = 42\n" + inputs(*['roll = "auto"'] * 6)
    first = run(tmp_path, text)
    second = run(tmp_path, text)
    dice = [e["dice"] for e in of(first, "roll")]
    assert dice == [e["dice"] for e in of(second, "roll")]
    assert dice and all(1 <= d <= 6 for pair in dice for d in pair)
    other = run(tmp_path, text.replace("seed = 42", "seed = 43"))
    assert [e["dice"] for e in of(other, "roll")] != dice


def test_auto_roll_while_nobody_rolls_is_rejected(tmp_path):
    evs = run(tmp_path, HEAD + "[scale]\nseed = 1\n" + inputs("roll = [1, 1]", 'roll = "auto"'))
    assert of(evs, "input_rejected")[0]["input"] == {"roll": "auto"}


def test_trace_input_in_grams_is_judged_like_a_sip(tmp_path):
    rows = ["t_s,grams"]
    t = 0.0
    for load, seconds in [(750.0, 1.0), (0.0, 2.0), (710.0, 2.0)]:
        for _ in range(int(seconds * 80)):
            t += 1 / 80
            rows.append(f"{t:.4f},{load}")
    (tmp_path / "lift.csv").write_text("\n".join(rows) + "\n")
    evs = run(tmp_path, HEAD + inputs("roll = [2, 3]", "roll = [2, 2]", 'trace = "lift.csv"'))
    s = of(evs, "sip")[0]
    assert (s["grams"], s["verdict"]) == (40, "miss")


def test_w35_hand_pressing_above_capacity_is_never_a_refill(tmp_path):
    """W-35: hand pressing above capacity is never a refill."""
    rows = ["t_s,grams"] + [f"{i / 80:.4f},{750.0 if i < 80 or i > 480 else 1400.0}" for i in range(1, 800)]
    (tmp_path / "press.csv").write_text("\n".join(rows) + "\n")
    evs = run(tmp_path, HEAD + inputs('trace = "press.csv"'))
    assert not of(evs, "refill") and not of(evs, "unjudged_fall")


def test_table_bump_is_no_sip(tmp_path):
    evs = run(tmp_path, HEAD + inputs("roll = [2, 3]", "roll = [2, 2]", "bump = 50", "wait_s = 2", "sip = 48"))
    assert [s["attempt"] for s in of(evs, "sip")] == [1]
    assert of(evs, "sip")[0]["verdict"] == "hit"


def test_noisy_10_sps_scale_still_judges_whole_grams(tmp_path):
    text = HEAD + "[scale]\nsample_rate_hz = 10\nnoise_g = 0.1\nseed = 3\n" + inputs(
        "roll = [6, 5]", "roll = [4, 6]", "roll = [5, 4]", "sip = 75", "sip = 90")
    evs = run(tmp_path, text)
    assert [(s["grams"], s["verdict"]) for s in of(evs, "sip")] == [(75, "miss"), (90, "exact")]


def test_json_scenario_is_accepted(tmp_path):
    data = {"game": "waagespiel", "players": ["Anna", "Ben"], "input": [{"roll": [2, 3]}, {"roll": [1, 2]}]}
    evs = run(tmp_path, json.dumps(data), name="case.json")
    assert of(evs, "chosen")[0]["player"] == "Ben"


def test_real_brew_trace_gives_five_refills():
    case = REPO / "tests" / "scenarios" / "real_brew.toml"
    if not (SHARED / "data" / "hx711" / "mortenfyhn-coffee-scales" / "brew.csv").exists():
        pytest.skip("../shared/data is not beside this checkout")
    out = io.StringIO()
    replay(load_scenario(case), out=out)
    evs = [json.loads(line) for line in out.getvalue().splitlines()]
    refills = of(evs, "refill")
    assert len(refills) == 5
    assert sum(r["grams"] for r in refills) == pytest.approx(244, abs=5)
    assert not of(evs, "unjudged_fall") and not of(evs, "glass_lifted") and not of(evs, "sip")


# ---------------------------------------------------------------- invalid scenarios
INVALID = [
    (HEAD + "colour = 'red'\n", "colour", "unknown key"),
    (HEAD + "[rules]\ntolerence = 0.2\n", "rules.tolerence", "unknown key"),
    (HEAD + "[scale]\nsample_rate = 80\n", "scale.sample_rate", "unknown key"),
    (HEAD + inputs("roll = [0, 3]"), "input[1].roll", "1–6"),
    (HEAD + inputs("roll = [3, 4, 5]"), "input[1].roll", "pair"),
    (HEAD + inputs("roll = [2, 3]", "roll = [7, 1]"), "input[2].roll", "7"),
    ('game = "waagespiel"\n', "players", "required"),
    ('game = "waagespiel"\nplayers = []\n', "players", "2–12"),
    ('game = "waagespiel"\nplayers = ["Anna"]\n', "players", "2–12"),
    ('game = "waagespiel"\nplayers = ["Anna", "Anna"]\n', "players", "duplicate"),
    ('game = "waagespiel"\nplayers = ["Anna", "anna"]\n', "players", "differ only in case"),  # as the config
    (HEAD + 'starter = "Zoe"\n', "starter", "Zoe"),
    (HEAD + inputs('choose = "Zoe"'), "input[1].choose", "Zoe"),
    (HEAD + inputs("sip = -5"), "input[1].sip", "greater than or equal to 0"),
    (HEAD + inputs("refill = -5"), "input[1].refill", "greater than or equal to 0"),
    (HEAD + inputs("sip = 5\nrefill = 3"), "input[1]", "exactly one"),
    (HEAD + inputs("jump = 3"), "input[1].jump", "unknown key"),
    (HEAD + inputs('trace = "missing.csv"'), "input[1].trace", "missing.csv"),
    ('game = "skat"\nplayers = ["A", "B"]\n', "game", "waagespiel"),
    (HEAD + "players = [", None, "invalid TOML"),
]


@pytest.mark.parametrize("text,field,problem", INVALID)
def test_invalid_scenario_exits_2_with_one_message(tmp_path, capsys, text, field, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert len(err.splitlines()) == 1
    assert str(path) in err and problem in err
    if field:
        assert f"{field}:" in err


@pytest.mark.parametrize("trace,problem", [
    ("t,grams\n0.1,1\n", "header"),
    ("t_s,grams\n0.1,abc\n", "abc"),
    ("t_s,grams\n0.2,1\n0.1,1\n", "increas"),
    ("t_s,raw,grams\n0.1,1,1\n", "header"),
])
def test_bad_trace_rows_exit_2_naming_trace_and_line(tmp_path, capsys, trace, problem):
    (tmp_path / "t.csv").write_text(trace)
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + inputs('trace = "t.csv"'))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "t.csv" in err and problem in err and "input[1].trace" in err


def test_invalid_scenario_via_the_console_script_has_no_traceback(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + inputs("roll = [9, 9]"))
    p = subprocess.run([sys.executable, "-m", "waage.cli", "replay", str(path)], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and "roll" in p.stderr and p.stdout == ""


def test_sensor_stall_pauses_the_game_and_nothing_is_judged_until_recovery(tmp_path):
    text = HEAD + inputs("roll = [2, 3]", "roll = [2, 2]", "stall_s = 3", "sip = 50")
    evs = run(tmp_path, text)
    names = [e["event"] for e in evs]
    fault = of(evs, "sensor_fault")[0]
    assert fault["kind"] == "stalled" and fault["detail"]
    assert names.index("sensor_fault") < names.index("sensor_recovered") < names.index("sip")
    assert of(evs, "sip")[0]["verdict"] == "exact"


def test_roll_during_a_stall_is_rejected(tmp_path):
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.weight.events import SensorFault

    records: list[dict] = []
    ctl, fake = build(Scenario(players=["Anna", "Ben"]), None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ctl.on_sensor(SensorFault(1.0, "stalled", "no samples"))
    ctl.roll((2, 3))
    assert records[-1]["event"] == "input_rejected"
    assert "sensor" in records[-1]["why"]


def test_physical_inputs_that_do_not_fit_the_glass_position_are_rejected(tmp_path):
    evs = run(tmp_path, HEAD + inputs("drink = 40", "put_back = true", "lift = true", "lift = true",
                                      "refill = 50", "drink = 30", "put_back = true", "wait_s = 2"))
    rej = of(evs, "input_rejected")
    assert [r["input"] for r in rej] == [{"drink": 40.0}, {"put_back": True}, {"lift": True}, {"refill": 50.0}]
    assert all("glass" in r["why"] for r in rej)
    u = of(evs, "unjudged_fall")[0]  # the lift, drink and put-back that did fit: nobody must drink
    assert u["lifted"] is True and u["grams"] == pytest.approx(30, abs=0.5)


def test_stall_while_the_glass_is_lifted_still_judges_the_attempt(tmp_path):
    text = HEAD + inputs("roll = [2, 3]", "roll = [2, 2]", "lift = true", "drink = 50", "stall_s = 1",
                         "put_back = true", "wait_s = 3")
    evs = run(tmp_path, text)
    assert of(evs, "sensor_fault") and of(evs, "sensor_recovered")
    s = of(evs, "sip")[0]
    assert (s["player"], s["grams"], s["verdict"]) == ("Ben", 50, "exact")
    assert not of(evs, "refill")


def test_w32_game_starting_with_an_empty_glass_reports_it_and_a_refill_clears_it(tmp_path):
    """W-32: game starting with an empty glass reports it and a refill clears it."""
    evs = run(tmp_path, HEAD + "[scale]\nbeer_g = 2.0\n" + inputs("refill = 300"))
    names = [e["event"] for e in evs]
    assert names.index("scale_ready") < names.index("glass_empty") < names.index("refill")


@pytest.mark.parametrize("text,field,problem", [
    (HEAD + inputs('sip = "40"'), "input[1].sip", "number"),
    (HEAD + inputs("sip = true"), "input[1].sip", "number"),
    (HEAD + "[scale]\nseed = true\n", "scale.seed", "integer"),
    (HEAD + "[rules]\ngrams_per_pip = \"10\"\n", "rules.grams_per_pip", "integer"),
    (HEAD + "[scale]\nsample_rate_hz = 33\n", "scale.sample_rate_hz", "10"),
    (HEAD + "[scale]\nglass_capacity_g = 10.0\n", "scale", "more than the glass holds"),
    (HEAD + inputs("wait_s = inf"), "input[1].wait_s", "finite"),
    (HEAD + inputs("refill = 1e12"), "input[1].refill", "less than or equal to 10000"),
    (HEAD + inputs("roll = [1, true]"), "input[1].roll", "1–6"),
    # were a traceback with exit 1 at replay time: the table was only checked when the fake sensor was built
    (HEAD + "[scale.disturbances]\nfoo = 1\n", "scale.disturbances.foo", "unknown key"),
    (HEAD + "[scale.disturbances]\ncorrupt_rate = -1\n", "scale.disturbances.corrupt_rate", "greater than or equal"),
    (HEAD + "[scale.disturbances]\ncorrupt = \"yes\"\n", "scale.disturbances.corrupt", "boolean"),
])
def test_wrong_types_and_impossible_values_are_not_converted_silently(tmp_path, capsys, text, field, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{field}:" in err and problem in err, err


def test_trace_with_a_byte_order_mark_is_read_and_extra_columns_are_refused(tmp_path):
    (tmp_path / "bom.csv").write_text("\ufefft_s,grams\n0.1,750\n0.2,750\n", encoding="utf-8")
    assert run(tmp_path, HEAD + inputs('trace = "bom.csv"'))[-1]["event"] == "stats"
    (tmp_path / "wide.csv").write_text("t_s,grams\n0.1,750,3\n")
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + inputs('trace = "wide.csv"'))
    with pytest.raises(Exception, match="expected 2 columns, found 3"):
        load_scenario(path)


def test_json_scenario_with_a_key_given_twice_and_toml_with_a_bom(tmp_path, capsys):
    path = tmp_path / "dup.json"
    path.write_text('{"game": "waagespiel", "players": ["A", "B"], "players": ["C", "D"]}')
    assert main(["replay", str(path)]) == 2
    assert "players: key given twice" in capsys.readouterr().err
    evs = run(tmp_path, "\ufeff" + HEAD + inputs("roll = [2, 3]"))
    assert of(evs, "roll")[0]["player"] == "Anna"


def test_refill_beyond_the_rim_spills(tmp_path):
    evs = run(tmp_path, HEAD + inputs("refill = 300"))  # 400 g in a 550 g glass: 150 g fit
    assert of(evs, "refill")[0]["grams"] == pytest.approx(150, abs=0.5)


def test_a_valid_disturbances_table_reaches_the_fake_sensor(tmp_path):
    """[scale.disturbances] (an extension) is still accepted: with 5 % corrupt reads of 200–300 g the sip is judged."""
    text = HEAD + "[scale]\nseed = 3\n[scale.disturbances]\ncorrupt = true\ncorrupt_rate = 0.05\n" \
        "corrupt_g = [200, 300]\n" + inputs("roll = [6, 5]", "roll = [4, 6]", "roll = [5, 4]", "sip = 85")
    evs = run(tmp_path, text)
    assert [(s["player"], s["grams"], s["verdict"]) for s in of(evs, "sip")] == [("Cara", 85, "hit")]
