"""Issue 10: runs of up to 5 consecutive corrupt reads anywhere in a sip, a refill or a wait change no
event (W-30, W-33): the same lifts and put-backs, the same settled changes and grams.

A session (wait, sip, refill, wait, sip) on the fake scale with ringing, creep and the HX711's
filter is fed once clean and then once per position with a run of 1–5 corrupt reads there
(same sign or mixed, 200 g up to just below the rails), cycling through lengths and patterns.
"""

from __future__ import annotations

import itertools

import pytest

from waage.bench.pipeline import whole_grams
from waage.sensors.fake import Disturbances, FakeScale
from waage.weight.events import Sample, WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

PATTERNS = [(200.0,), (-200.0,), (8391.0, 6561.0), (-777.0, -350.0), (250.0, -4000.0), (-8000.0, 1200.0, -300.0),
            (8388000.0,)]


def _judged(events) -> list:
    return [(e.lifted, whole_grams(e.after_g - e.before_g)) if isinstance(e, WeightSettled) else type(e).__name__
            for e in events]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("rate,noise,step", [(80.0, 0.3, 3), (10.0, 0.1, 1)])
def test_corrupt_runs_anywhere_change_no_event(rate: float, noise: float, step: int, seed: int) -> None:
    scale = FakeScale(rate, noise, seed=seed, beer_g=300.0,
                      disturbances=Disturbances(ringing=True, adc_settling=True, creep=True))
    samples = scale.wait(2.0) + scale.sip(40.0) + scale.refill(100.0) + scale.wait(2.0) + scale.sip(25.0)
    samples += scale.wait(1.0)
    clean = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate).feed_many(samples)
    want = _judged(clean)
    assert want == ["GlassLifted", "GlassPlaced", (True, -40), (False, 100), "GlassLifted", "GlassPlaced", (True, -25)]
    runs = itertools.cycle([(n, p) for n in (1, 2, 3, 4, 5) for p in PATTERNS])
    tried = 0
    for pos in range(int(1.5 * rate), len(samples) - 6, step):
        n, pattern = next(runs)
        bad = list(samples)
        for i in range(n):
            s = bad[pos + i]
            bad[pos + i] = Sample(s.t_s, s.raw + pattern[i % len(pattern)])
        pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
        events = pipe.feed_many(bad)
        assert _judged(events) == want, (pos, samples[pos].t_s, n, pattern, events)
        tried += 1
    assert tried > 150  # every position of the session but its first 1.5 s (80 SPS: every third)
