"""Independent traces (tests/weight/indep_traces.py, not the FakeScale) through ``waage replay``.

Each case is generated from a seed: players, dice that make Ben the Auserwählte, then a
trace CSV of lift–drink–put-back with the issue-3 disturbances modelled independently
(Hann ADC settling, damped multi-mode ringing with random phase, a slowly varying hand
with tremor, regrabs, exponential creep, drift, ± spikes, pours with stream impact, table
bumps, lift-fill-return). Asserted: every sip's whole grams, verdict and attempt number,
every refill within 2 g, no event from a bump. A sip whose true grams lie within 0.15 g of
a rounding boundary may round either way (the settled value's own error is ≈ 0.1 g), so
such a sip is only required to be within 0.3 g. No timing asserts.
"""

from __future__ import annotations

import pytest

from .indep_traces import (judge, make_case, make_phone_case, make_phone_off_placed_case, make_phone_placed_case,
                           run_case)

# (kind, SPS, seed): the most telling of the sweep (python -m tests.weight.indep_traces)
CASES = [
    ("all", 80.0, 10),           # regrab after 0.32 s, hand 23 g 0.65 s with tremor
    ("all", 10.0, 2),
    ("regrab", 80.0, 3),
    ("regrab", 10.0, 0),
    ("hand_large", 80.0, 1),
    ("ringing", 80.0, 3),        # 5–30 % ringing, ramps 0.05–0.4 s
    ("spikes", 80.0, 4),         # 2 % corrupt reads (10 × the rate)
    ("spikes", 10.0, 23),
    ("creep", 10.0, 0),
    ("drift", 80.0, 6),
    ("adc", 10.0, 2),
]


def _check(res: dict) -> None:
    assert res["fail"] == [], res["fail"]
    assert res["sips"] >= 1
    assert res["sips_ok"] + len(res["boundary"]) == res["sips"]
    assert res["refills_ok"] == res["refills"]
    assert res["bumps_ok"] == res["bumps"]


@pytest.mark.parametrize("kind,rate,seed", CASES, ids=lambda v: str(v))
def test_independent_trace_grams_and_verdicts(kind: str, rate: float, seed: int, tmp_path):
    trace, dice = make_case(kind, rate, seed)
    _check(run_case(trace, dice, tmp_path))


@pytest.mark.parametrize("rate", [80.0, 10.0])
@pytest.mark.parametrize("seed", [0, 1, 2, 14, 30])
def test_independent_trace_with_a_phone_beside_the_glass_W37a(rate: float, seed: int, tmp_path):
    """W-37a (issue 26): a 150–330 g phone beside the glass above its capacity while the Auserwählte drinks, taken
    away while the glass stands or while it is up (10 SPS seeds 14 and 30: 0.8–1.1 s before the put-back, when a
    removal was still looked for with the fast window steady): every sip right, nothing else logged, no
    ``glass_unknown``."""
    trace, dice = make_phone_case("phone", rate, seed)
    assert trace.phones == 1
    _check(run_case(trace, dice, tmp_path))


@pytest.mark.parametrize("rate,seed", [(80.0, 2), (80.0, 8), (80.0, 23), (10.0, 6), (10.0, 9), (10.0, 17)])
def test_independent_trace_with_a_phone_laid_before_the_verdict_W37a(rate: float, seed: int, tmp_path):
    """W-37a/W-37b (issue 26): a phone laid beside the glass 0–0.6 s after the touch-down, before the verdict, lying
    4–13 s: the attempt judged at once where the glass's level stood long enough (80 SPS seed 23), else once the
    phone is taken away (the others: the level showed shorter, seeds 8 and 6, or not at all, seeds 2, 9 and 17);
    then the hit, and no refill, no ``glass_unknown``. Every case failed before (the phone was another glass, or a
    pour)."""
    trace, dice = make_phone_placed_case("phone_placed", rate, seed)
    _check(run_case(trace, dice, tmp_path))


@pytest.mark.parametrize("rate,seed", [(80.0, 19), (80.0, 22), (10.0, 2), (10.0, 3), (10.0, 4)])
def test_independent_trace_with_a_phone_taken_away_before_the_verdict(rate: float, seed: int, tmp_path):
    """Issue 26: a phone beside the glass picked up 0.13–0.76 s after the put-back's touch-down, before the verdict:
    the sip is the glass's own grams, and the next sip is judged from the right level. Every case failed before
    (the verdict took the phone in, 150–300 g more, and the next sip became a refill)."""
    trace, dice = make_phone_off_placed_case("phone_off_placed", rate, seed)
    _check(run_case(trace, dice, tmp_path))


@pytest.mark.parametrize("rate,seed", [(80.0, 7), (80.0, 8), (80.0, 18), (80.0, 22), (80.0, 33), (10.0, 9),
                                       (10.0, 24)])
def test_independent_trace_with_a_hand_pressing_as_it_grabs_the_glass(rate: float, seed: int, tmp_path):
    """Issue 26 (the independent check's class E): a hand pressing −15…+60 g on the glass for 0.2–1 s as it grabs
    it, among sips, pours and lift-fills (kind ``grab_press``): the grams of every sip, every refill, no refill from
    a press. Every case failed before (a press booked as a refill of up to 55 g, the sip that much too big, or a
    tilt as a fall); seed 33 at 80 SPS until the hand guard looked at the lift (a +10 g press still on became the
    reference, the sip 7.7 g too big)."""
    trace, dice = make_case("grab_press", rate, seed)
    _check(run_case(trace, dice, tmp_path))


FAINT_HANDS = [
    ("hand_small", 80.0, 1),      # 20.9 g, tremor 0.25 g: too faint for the hand guard
    ("all_small_hand", 10.0, 11),  # −4.6 g for 0.7 s; its tremor is filtered away at 10 SPS
]

# the faint hands the hand guard catches: tests/weight/test_hand_guard.py


@pytest.mark.parametrize("kind,rate,seed", FAINT_HANDS, ids=lambda v: str(v))
def test_faint_hand_needs_placed_hold(kind: str, rate: float, seed: int, tmp_path):
    """A steady hand with a tremor fainter than the noise may look settled; a ``placed_hold_s`` of 0.9 s plus the
    HX711's own settling (4 conversion periods) waits it out.

    How the defaults fare on these two traces is a figure of ``waage bench`` (faint-tremor hands), not an
    assertion: a better pipeline must be free to get them right."""
    trace, dice = make_case(kind, rate, seed)
    _check(run_case(trace, dice, tmp_path, pipeline={"placed_hold_s": 0.9 + 4.0 / rate}))


def test_judge_flags_a_wrong_sip():
    """The judge itself: a sip logged 1 g off is a failure, a missing refill too."""
    trace, dice = make_case("clean", 80.0, 0)
    target = 10 * sum(dice)
    sips = [e for e in trace.expects if e.kind == "sip"]
    events = [{"event": "roll", "t_s": 1.0}, {"event": "chosen", "target_g": target, "min_g": 0, "max_g": 0}]
    for i, ex in enumerate(e for e in trace.expects if e.kind != "bump"):
        if ex.kind == "sip":
            events.append({"event": "sip", "t_s": 9.0, "grams": round(ex.grams) + (1 if i == 0 else 0),
                           "grams_exact": ex.grams + (1 if i == 0 else 0), "verdict": "miss", "attempt": i + 1})
    res = judge(trace, events)
    assert sips and res["fail"]
