"""``waage bench --beside-seeds A-B``: things laid beside the glass among sips and pours (W-37a, issue 26).

Each sequence, on the fake scale (350 g glass, 150–500 g of beer, noise only): 14 random steps, each one of a
phone of 100–400 g laid beside the glass, the phone taken away, a sip of 10–100 g, a phone laid and a sip at once
(the glass lifted before the phone's step stood still), a pour of 20–100 g, or a wait; 0–3 s after each step; at
the end the phone taken away and 8 s of standing. A sequence is wrong when

* a sip is lost or judged more than 0.6 g off (the pipeline's verdicts against the sips, in order),
* a change without a lift has a phone's weight (within 1 g), for a phone of ``LAID_THING_G`` (140 g) or more: that
  is W-35, nothing, within the capacity too (issue 26); a lighter one is a refill and its removal a fall (W-33),
* a ``GlassUnknown`` came (only the glass makes a glass, W-37a), or
* at the end the reference is more than 2 g off the glass standing there, or something is still weighed out.
"""

from __future__ import annotations

import random

from waage.sensors.fake import FakeScale
from waage.weight.events import WeightSettled
from waage.weight.glass_check import GlassUnknown
from waage.weight.pipeline import WeightPipeline
from waage.weight.segment import LAID_THING_G
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

GLASS_G = 350.0
#: the refill threshold of ``GlassSettings()`` (W-33): smaller changes are drift, grams
REFILL_G = GlassSettings().refill_threshold_g
STEPS = 14
ACTIONS = ("phone", "phone", "off", "sip", "sip", "pour", "wait", "wait", "phone_and_sip")


def run_sequence(rate: float, seed: int) -> tuple[list[str], list[str]]:
    """One random sequence; returns (what was wrong, the steps taken)."""
    rng = random.Random(f"beside/{seed}")
    scale = FakeScale(rate, 0.3 if rate == 80.0 else 0.1, seed=seed, glass_g=GLASS_G, beer_g=rng.uniform(150, 500))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    events = pipe.feed_many(scale.wait(2.0))
    steps: list[str] = []
    sips: list[float] = []
    phones: list[float] = []
    for _ in range(STEPS):
        action = rng.choice(ACTIONS)
        if action == "phone" and scale.beside_g == 0.0:
            g = rng.uniform(100, 400)
            phones.append(g)
            events += pipe.feed_many(scale.lay(g))
            steps.append(f"phone {g:.0f}")
        elif action == "off" and scale.beside_g > 0.0:
            events += pipe.feed_many(scale.lay(-scale.beside_g))
            steps.append("off")
        elif action in ("sip", "phone_and_sip") and scale.beer_g > 40.0:
            g = rng.uniform(10, min(100.0, scale.beer_g - 20))
            samples = []
            if action == "phone_and_sip" and scale.beside_g == 0.0:
                p = rng.uniform(100, 300)
                phones.append(p)
                samples = scale.lay(p)
                steps.append(f"phone {p:.0f} +")
            events += pipe.feed_many(samples + scale.sip(g))
            sips.append(g)
            steps.append(f"sip {g:.0f}")
        elif action == "pour" and scale.beer_g < 450.0:
            g = rng.uniform(20, 100)
            events += pipe.feed_many(scale.refill(g))
            steps.append(f"pour {g:.0f}")
        else:
            events += pipe.feed_many(scale.wait(rng.uniform(0.5, 4.0)))
            steps.append("wait")
        events += pipe.feed_many(scale.wait(rng.uniform(0.0, 3.0)))
    if scale.beside_g > 0.0:
        events += pipe.feed_many(scale.lay(-scale.beside_g))
        steps.append("off")
    events += pipe.feed_many(scale.wait(8.0))
    wrong = []
    judged = [e.before_g - e.after_g for e in events if isinstance(e, WeightSettled) and e.lifted]
    if len(judged) != len(sips) or any(abs(a - b) > 0.6 for a, b in zip(judged, sips)):
        wrong.append("sips " + ", ".join(f"{a:.1f}" for a in judged) + " for " + ", ".join(f"{b:.1f}" for b in sips))
    changes = [e.after_g - e.before_g for e in events if isinstance(e, WeightSettled) and not e.lifted
               and abs(e.after_g - e.before_g) >= REFILL_G]
    booked = [c for c in changes if any(abs(abs(c) - p) <= 1.0 for p in phones if p >= LAID_THING_G)]
    if booked:
        wrong.append("phones booked as changes " + ", ".join(f"{c:+.1f}" for c in booked))
    if any(isinstance(e, GlassUnknown) for e in events):
        wrong.append("glass_unknown")
    if pipe.beside_g != 0.0:
        wrong.append(f"{pipe.beside_g:.0f} g still weighed out")
    glass = GLASS_G + scale.beer_g
    if pipe.reference_g is None or abs(pipe.reference_g - glass) > 2.0:
        wrong.append(f"reference {pipe.reference_g} for {glass:.1f} g")
    return wrong, steps


def run_beside_seeds(seeds: range, rates: tuple[float, ...] = (80.0, 10.0), failures: bool = False) -> list[str]:
    """The table: per rate, the wrong sequences of ``seeds`` (and each one with ``failures``)."""
    lines = [f"things beside the glass among sips and pours, random sequences, seeds {seeds.start}–{seeds.stop - 1}:"]
    for rate in rates:
        bad = []
        for seed in seeds:
            wrong, steps = run_sequence(rate, seed)
            if wrong:
                bad.append(f"    {rate:.0f} SPS seed {seed}: {'; '.join(wrong)} ({' | '.join(steps)})")
        lines.append(f"  {rate:>3.0f} SPS  wrong {len(bad)}/{len(seeds)}")
        if failures:
            lines += bad
    return lines
