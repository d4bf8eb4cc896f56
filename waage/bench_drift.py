"""``waage bench``, a cold load cell (issue 18, item 3): warm-up drift of 1.5 g/min dying away over 10 min.

Sessions from a cold start: sips of 5–130 g with the glass standing 10–40 s between them (the
rolls of a round), every disturbance of the fake scale on but the plain zero drift (the warm-up
drift instead, upwards). Per sip the error of the pipeline's settled difference, with the drift
followed across the lift (the default) and without (``drift_max_g_per_min = 0``).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from waage.sensors.fake import Disturbances, FakeScale
from waage.weight.events import WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings


@dataclass
class DriftResult:
    """Errors (measured − true, grams) and whole grams right of the sips of ``run_warmup``."""

    followed: bool
    errors_g: list[float] = field(default_factory=list)
    right: int = 0
    sips: int = 0

    @property
    def mean_g(self) -> float:
        """Mean error (the bias), grams."""
        return statistics.mean(self.errors_g) if self.errors_g else float("nan")


def run_warmup(rate_hz: float, noise_g: float, sessions: int, seed: int, followed: bool = True,
               minutes: float = 10.0, warm: bool = True) -> DriftResult:
    """``sessions`` cold starts of ``minutes`` each (module doc); ``warm=False``: the same without the warm-up drift."""
    from waage.bench import whole_grams

    res = DriftResult(followed)
    rng = random.Random(f"{seed}/{rate_hz}")
    settings = PipelineSettings() if followed else PipelineSettings(drift_max_g_per_min=0.0)
    glass = GlassSettings()
    for _ in range(sessions):
        sseed = rng.randrange(1 << 30)
        dist = Disturbances.all(warmup_drift=warm, zero_drift=False, regrab=False)
        scale = FakeScale(rate_hz, noise_g, seed=sseed, glass_g=glass.glass_g, beer_g=500.0, disturbances=dist,
                          capacity_g=glass.glass_capacity_g)
        pipe = WeightPipeline(settings, Calibration(), glass, rate_hz)
        pipe.feed_many(scale.wait(1.0))
        while scale.now_s < minutes * 60.0:
            if scale.beer_g < 150:
                pipe.feed_many(scale.refill(300.0) + scale.wait(rng.uniform(10, 40)))
                continue
            want = float(rng.randint(5, 130))
            before = scale.beer_g
            events = pipe.feed_many(scale.sip(want) + scale.wait(rng.uniform(10, 40)))
            true = before - scale.beer_g
            lifted = [e for e in events if isinstance(e, WeightSettled) and e.lifted]
            res.sips += 1
            if len(lifted) == 1:
                measured = lifted[0].before_g - lifted[0].after_g
                res.errors_g.append(measured - true)
                res.right += whole_grams(measured) == whole_grams(true)
    return res


def report(quick: bool, seed: int) -> list[str]:
    """The bench's lines: bias and whole grams right, drift followed or not, at both rates."""
    lines = ["a cold load cell: warm-up drift 1.5 g/min dying away over 10 min (sips 10–40 s apart, from a cold start):"]
    sessions = 1 if quick else 6
    for rate, noise in ((80.0, 0.3), (10.0, 0.1)):
        plain = run_warmup(rate, noise, sessions, seed, True, warm=False)
        lines.append(f"  {rate:g} SPS without warm-up drift: mean error {plain.mean_g:+.3f} g, whole grams "
                     f"{plain.right}/{plain.sips}")
        for followed in (False, True):
            r = run_warmup(rate, noise, sessions, seed, followed)
            abs_err = sorted(abs(e) for e in r.errors_g)
            p99 = abs_err[min(len(abs_err) - 1, int(0.99 * len(abs_err)))] if abs_err else float("nan")
            lines.append(f"  {rate:g} SPS warm-up, drift {'followed across the lift' if followed else 'not followed  '}"
                         f": mean error {r.mean_g:+.3f} g, |error| p99 {p99:.3f} g, whole grams {r.right}/{r.sips}")
    return lines
