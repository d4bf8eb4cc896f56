"""A refill followed at once by a drink (W-33), and a glass left standing for minutes (W-34).

Both on the fake scale's synthesiser (``FakeScale.refill(settle_s=…)``, ``bump(settle_s=…)``,
``stand``, slow creep) through the pipeline and through ``waage replay``, and on the
independent generator (``tests/weight/indep_traces.py`` kinds ``pour_lift``, ``pour_bump_lift``,
``long_stand``), at 10 and 80 SPS. No timing asserts.
"""

from __future__ import annotations

import io
import json

import pytest

from waage.app.replay import replay
from waage.app.scenario import load_scenario
from waage.bench.pipeline import physical_settle_t, whole_grams
from waage.sensors.fake import Disturbances, FakeScale
from waage.weight.events import GlassLifted, Sample, WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

from .indep_traces import make_case, run_case
from .test_independent_traces import _check

RATES = [(80.0, 0.3), (10.0, 0.1)]
STANDING = Disturbances(ringing=True, creep=True, slow_creep=True, zero_drift=True, adc_settling=True)


def _pour_then_sip(rate: float, noise: float, seed: int, delay_s: float, bump_g: float | None,
                   dist: Disturbances = STANDING, pour_g: float = 150.0, sip_g: float = 40.0):
    """Pour, then lift ``delay_s`` after the pour's reading settled (a bump in between); returns the truth and events."""
    scale = FakeScale(rate, noise, seed=seed, beer_g=200.0, disturbances=dist, record_clean=True)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    assert pipe.feed_many(scale.wait(1.0)) == []
    start = scale.beer_g
    scale.clean_log.clear()
    samples = scale.refill(pour_g, settle_s=4.0 / rate + 0.05)  # the HX711 filter settles in 4 conversions
    settle_t = physical_settle_t(scale.clean_log)
    poured = scale.beer_g - start
    rest = max(0.0, settle_t + delay_s - scale.now_s)
    if bump_g is None:
        samples += scale.wait(rest)
    else:
        samples += scale.wait(rest / 3) + scale.bump(bump_g, settle_s=2 * rest / 3)
    before = scale.beer_g
    samples += scale.sip(sip_g)
    return poured, before - scale.beer_g, pipe.feed_many(samples)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("delay_s", [0.2, 0.5, 1.0, 2.0])
@pytest.mark.parametrize("bump_g", [None, 30.0], ids=["no bump", "bump"])
def test_pour_then_immediate_lift_is_a_refill_then_a_sip_W33(rate, noise, delay_s, bump_g) -> None:
    """W-33: a settled rise is a refill the moment it settled; the attempt is measured from it (W-30)."""
    poured, drunk, events = _pour_then_sip(rate, noise, 1, delay_s, bump_g)
    got = [e for e in events if isinstance(e, WeightSettled)]
    assert [e.lifted for e in got] == [False, True], events
    refill, attempt = got
    assert refill.after_g - refill.before_g == pytest.approx(poured, abs=2.0)
    assert events.index(refill) < next(i for i, e in enumerate(events) if isinstance(e, GlassLifted))
    assert attempt.before_g == refill.after_g
    assert whole_grams(attempt.before_g - attempt.after_g) == whole_grams(drunk)


@pytest.mark.parametrize("rate,noise", RATES)
def test_pour_then_lift_with_every_disturbance(rate, noise) -> None:
    """The same with corrupt reads, ringing, hands and regrabs on, over seeds and delays (W-33, W-30)."""
    for seed in range(6):
        delay = 0.2 + 0.35 * seed
        poured, drunk, events = _pour_then_sip(rate, noise, seed, delay, 20.0 if seed % 2 else None,
                                               Disturbances.all(), pour_g=30.0 + 30 * seed, sip_g=7.0 + 11 * seed)
        got = [e for e in events if isinstance(e, WeightSettled)]
        assert [e.lifted for e in got] == [False, True], (seed, events)
        assert got[0].after_g - got[0].before_g == pytest.approx(poured, abs=2.0)
        assert whole_grams(got[1].before_g - got[1].after_g) == whole_grams(drunk), seed


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_hands_push_before_a_lift_is_no_refill_W30(rate, noise) -> None:
    """A hand pushing or pressing on the glass for 0.15–0.2 s as it grabs it (a step, not a pour's rise): one
    attempt, measured from the settled weight before (W-30; no refill, W-33)."""
    for push_g, push_s in ((-6.0, 0.15), (3.0, 0.15), (9.0, 0.15), (20.0, 0.2), (35.0, 0.2), (-15.0, 0.2)):
        scale = FakeScale(rate, noise, seed=4, disturbances=Disturbances(adc_settling=True))
        pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
        pipe.feed_many(scale.wait(3.0))
        push = [Sample(s.t_s, s.raw + push_g) for s in scale.wait(push_s)]
        events = pipe.feed_many(push + scale.sip(40.0))
        got = [e for e in events if isinstance(e, WeightSettled)]
        assert [e.lifted for e in got] == [True], (push_g, events)
        assert whole_grams(got[0].before_g - got[0].after_g) == 40


@pytest.mark.parametrize("rate,noise", RATES)
def test_long_stand_with_drift_follows_the_reference_W34(rate, noise) -> None:
    """W-34: drift and slow creep over 20 min move the reference silently; the next sip is right."""
    scale = FakeScale(rate, noise, seed=3, disturbances=STANDING)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    pipe.feed_many(scale.wait(1.0))
    start = pipe.reference_g
    assert pipe.feed_many(scale.stand(1200.0)) == []
    assert abs(pipe.reference_g - start) > 5.0  # 0.3 g/min for 20 min, followed
    before = scale.beer_g
    (e,) = [e for e in pipe.feed_many(scale.sip(40.0)) if isinstance(e, WeightSettled)]
    assert e.lifted and whole_grams(e.before_g - e.after_g) == whole_grams(before - scale.beer_g)


def _replay(tmp_path, rate: int, noise: float, items: str, dist: str) -> list[dict]:
    path = tmp_path / "case.toml"
    path.write_text(
        f'game = "waagespiel"\nplayers = ["Anna", "Ben"]\n[scale]\nsample_rate_hz = {rate}\nnoise_g = {noise}\n'
        f"seed = 5\nbeer_g = 300\n[scale.disturbances]\n{dist}\n"
        '[[input]]\nroll = [6, 5]\n[[input]]\nroll = [2, 3]\n' + items)
    out = io.StringIO()
    replay(load_scenario(path), out=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("rate,noise,stand_s", [(80, 0.3, 600.0), (10, 0.1, 900.0)])
def test_replay_long_stand_sip_is_judged_from_the_followed_reference_W34(tmp_path, rate, noise, stand_s) -> None:
    """W-34 in the game: after 10–15 min of 0.3 g/min drift the target 50 g sip is still exact (W-22)."""
    events = _replay(tmp_path, rate, noise, f"[[input]]\nsip = 30\n[[input]]\nwait_s = {stand_s}\n"
                     "[[input]]\nsip = 50\n", "zero_drift = true\nslow_creep = true\ncreep = true\n"
                     "adc_settling = true")
    sips = [e for e in events if e["event"] == "sip"]
    assert [(e["grams"], e["verdict"]) for e in sips] == [(30, "miss"), (50, "exact")], sips


@pytest.mark.parametrize("rate,noise", [(80, 0.3), (10, 0.1)])
def test_replay_refill_then_immediate_sip_W33(tmp_path, rate, noise) -> None:
    """W-33 in the game: a refill the Auserwählte pours and drinks from 0.3 s after it settled is a refill, then
    a judged sip: not one merged ``refill`` of pour − sip."""
    lift = 0.3 + 4.0 / rate  # the HX711's filter settles in 4 conversions, then 0.3 s
    scale = FakeScale(rate, noise, seed=9, beer_g=270.0, disturbances=Disturbances(adc_settling=True, ringing=True))
    scale.wait(1.0)
    rows = scale.refill(150.0, settle_s=lift) + scale.sip(50.0)
    (tmp_path / "t.csv").write_text("t_s,grams\n" + "".join(f"{s.t_s:.4f},{s.raw:.4f}\n" for s in rows))
    events = _replay(tmp_path, rate, noise, '[[input]]\nsip = 30\n[[input]]\ntrace = "t.csv"\n', "adc_settling = true")
    got = [(e["event"], e["grams"]) for e in events if e["event"] in ("sip", "refill")]
    assert [k for k, _ in got] == ["sip", "refill", "sip"], got
    assert got[1][1] == pytest.approx(150.0, abs=2.0) and got[2][1] == 50


# (kind, SPS, seed) of the independent generator: all of them misjudged before the fix
INDEP = [
    ("pour_lift", 80.0, 100), ("pour_lift", 80.0, 103), ("pour_lift", 10.0, 101), ("pour_lift", 10.0, 104),
    ("pour_bump_lift", 80.0, 100), ("pour_bump_lift", 10.0, 102),
    ("long_stand", 80.0, 101), ("long_stand", 10.0, 100),
]


@pytest.mark.parametrize("kind,rate,seed", INDEP, ids=lambda v: str(v))
def test_independent_issue12_traces(kind: str, rate: float, seed: int, tmp_path) -> None:
    """W-33/W-34 on traces of the independent generator: refills within 2 g, every sip's grams and verdict."""
    trace, dice = make_case(kind, rate, seed)
    _check(run_case(trace, dice, tmp_path))
