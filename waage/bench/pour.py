"""``waage bench``, W-38: a pour right after the put-back (issue 18), per start delay.

Each case: Ben drinks a miss (so that the drinking goes on), puts the glass back and
someone pours 20–250 g into it ``delay`` seconds after the touch-down; every disturbance of
the fake scale is on, with or without a hand still resting on the glass. The pipeline's
events go through the Waagespiel engine. A case is

* measured: one ``sip`` with the true whole grams, then a ``refill`` made during drinking
  within 2 g of the pour;
* unmeasured: ``attempt_unmeasured`` with the right attempt number, then a ``refill`` made
  during drinking (its grams from an estimated level);
* wrong: anything else (a merged sip or refill, wrong grams, no refill).

W-38 asks for a measured attempt when the level stood 0.25 s (80 SPS) / 0.8 s (10 SPS)
from the moment the glass came to rest, and never for a wrong one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from waage.bench.pipeline import _indep, _Table, whole_grams
from waage.sensors.fake import Disturbances

DELAYS_S = (0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.0, 1.2, 1.5)
#: pour size bands (grams, lower bound included) the shares are also given per (issue 26)
POUR_BANDS_G = (20.0, 50.0, 100.0, 150.0, 200.0)


def pour_band(pour_g: float) -> str:
    """The pour size band of ``pour_g`` grams: "20–50 g" … "200 g and more"."""
    lows = [b for b in POUR_BANDS_G if pour_g >= b] or [POUR_BANDS_G[0]]
    i = POUR_BANDS_G.index(lows[-1])
    return f"{POUR_BANDS_G[i]:g}–{POUR_BANDS_G[i + 1]:g} g" if i + 1 < len(POUR_BANDS_G) else \
        f"{POUR_BANDS_G[i]:g} g and more"


@dataclass
class PourShares:
    """Counts per start delay (seconds after the touch-down) and per pour size band (``pour_band``): measured,
    unmeasured, wrong."""

    rate_hz: float
    hand: bool
    counts: dict[float, list[int]] = field(default_factory=dict)
    bands: dict[str, list[int]] = field(default_factory=lambda: {pour_band(b): [0, 0, 0] for b in POUR_BANDS_G})
    failures: list[str] = field(default_factory=list)
    refill_errors_g: list[float] = field(default_factory=list)

    @property
    def wrong(self) -> int:
        """Cases judged wrong at any delay."""
        return sum(c[2] for c in self.counts.values())


def run_pour_after_putback(rate_hz: float, noise_g: float, cases: int, seed: int, hand: bool,
                           delays: tuple[float, ...] = DELAYS_S, w38: bool = True) -> PourShares:
    """``cases`` per delay (see module doc); returns the counts. ``w38=False``: without the search for the level
    before a pour (the pipeline before issue 18), for comparison."""
    res = PourShares(rate_hz, hand)
    rng = random.Random(f"{seed}/{rate_hz}/{hand}")
    for delay in delays:
        counts = res.counts.setdefault(delay, [0, 0, 0])
        for _ in range(cases):
            sseed = rng.randrange(1 << 30)
            t = _Table(rate_hz, noise_g, sseed, rng.uniform(200, 300), Disturbances.all(hand=hand, regrab=False))
            sc = t.scale
            if not w38:
                t.pipe.segmenter.pour = None
            target = t.engine.state.chosen.target_g
            drunk = float(round(target * rng.choice([0.4, 0.6, 1.4])))
            pour = min(rng.uniform(20, 250), t.glass.glass_capacity_g - (sc.beer_g - drunk) - 5)
            before = sc.beer_g
            recs = t.feed(sc.sip_then_pour(drunk, pour, delay, hand=hand))
            true = before - drunk
            poured = sc.beer_g - true
            kinds = [r for r in recs if r["event"] in ("sip", "refill", "attempt_unmeasured", "unjudged_fall")]
            names = [r["event"] for r in kinds]
            ok_refill = names[1:] == ["refill"] and kinds[1]["during_drinking"]
            band = res.bands.setdefault(pour_band(poured), [0, 0, 0])
            if names[:1] == ["sip"] and ok_refill and kinds[0]["grams"] == whole_grams(drunk) \
                    and abs(kinds[1]["grams"] - poured) <= 2.0:
                verdict = 0
                res.refill_errors_g.append(kinds[1]["grams"] - poured)
            elif names[:1] == ["attempt_unmeasured"] and ok_refill and kinds[0]["attempt"] == 1:
                verdict = 1
            else:
                verdict = 2
            counts[verdict] += 1
            band[verdict] += 1
            if verdict == 2:
                res.failures.append(f"{rate_hz:g} SPS delay {delay} s seed {sseed}: drunk {drunk} g, poured "
                                    f"{poured:.1f} g: {kinds}")
    return res


def fmt_shares(r: PourShares) -> list[str]:
    """The table lines of one ``PourShares``."""
    total = sum(sum(c) for c in r.counts.values())
    lines = [f"  {r.rate_hz:g} SPS, {'a hand on the glass after the touch-down' if r.hand else 'no hand'}: "
             f"measured / unmeasured / wrong per start delay (s)"]
    for delay, row in r.counts.items():
        lines.append(f"    {delay:4.1f} s  {_shares(row)}")
    lines.append("    per pour size:")
    for band, row in r.bands.items():
        lines.append(f"    {band:>14}  {_shares(row)}")
    lines.append(f"    wrong in all {r.wrong}/{total} (aim: none)")
    return lines


def _shares(row: list[int]) -> str:
    """measured / unmeasured / wrong of ``row`` in per cent, and n."""
    n = sum(row)
    if not n:
        return "(none)"
    m, u, w = row
    return f"{100 * m / n:5.1f} % / {100 * u / n:5.1f} % / {100 * w / n:5.1f} %  (n {n})"


def run_indep_shares(cases: int, seed0: int = 0) -> list[str]:
    """The same shares on the independent generator (tests/weight/indep_traces.py, ``W38_KINDS``: start delays
    0.1–1.5 s drawn per case, pours larger than the drink from streams up to 150 g/s, levels standing the rule's
    time + 0–0.15 s), per kind and rate, then per pour size band and per start delay (0.2 s bins) over all kinds;
    empty when the tests are not installed."""
    indep = _indep()  # by its path: `waage bench` (the console script) has no `tests` package on its path
    if indep is None:
        return []
    W38_KINDS, make_pour_putback_case, run_case = indep.W38_KINDS, indep.make_pour_putback_case, indep.run_case
    import tempfile
    from pathlib import Path

    lines = []
    with tempfile.TemporaryDirectory() as d:
        for rate in (80.0, 10.0):
            bands: dict[str, list[int]] = {pour_band(b): [0, 0, 0] for b in POUR_BANDS_G}
            delays: dict[str, list[int]] = {}
            for kind in W38_KINDS:
                tally = [0, 0, 0]
                other = 0
                for s in range(seed0, seed0 + cases):
                    trace, dice = make_pour_putback_case(kind, rate, s)
                    res = run_case(trace, dice, Path(d))
                    ex = next(e for e in trace.expects if e.pour_t == e.pour_t)  # the W-38 sip (pour_t not NaN)
                    pour = next(e.grams for e in trace.expects if e.kind == "refill" and e.during)
                    delay = ex.pour_t - ex.touchdown_t
                    for w in res["w38"]:
                        i = ("measured", "unmeasured", "wrong").index(w)
                        tally[i] += 1
                        bands[pour_band(pour)][i] += 1
                        lo = min(1.4, 0.2 * int(delay / 0.2))
                        delays.setdefault(f"{lo:.1f}–{lo + 0.2:.1f} s" if lo < 1.4 else "1.4 s and more",
                                          [0, 0, 0])[i] += 1
                    other += bool(res["fail"]) and "wrong" not in res["w38"]
                lines.append(f"  {rate:g} SPS {kind:<18} measured / unmeasured / wrong {_shares(tally)}, wrong "
                             f"{tally[2]}; cases failing elsewhere (another sip, the refill's grams) {other}")
            lines.append(f"  {rate:g} SPS, all kinds, per pour size:")
            lines += [f"    {band:>14}  {_shares(row)}" for band, row in bands.items()]
            lines.append(f"  {rate:g} SPS, all kinds, per start delay after the touch-down:")
            lines += [f"    {k:>14}  {_shares(row)}" for k, row in sorted(delays.items())]
    return lines


def parse_seeds(text: str) -> range:
    """``"200-409"`` (or ``"200–409"``, both ends included, or one seed ``"17"``) as a range of seeds."""
    lo, _, hi = text.replace("–", "-").partition("-")
    return range(int(lo), int(hi or lo) + 1)


def _w38_case(args: tuple[str, float, int]
              ) -> tuple[str, float, int, list[str], list[str], list[float], str, int, list[float]]:
    """One independent W-38 case (kind, rate, seed): its W-38 verdicts, failure texts, refill errors after an
    unmeasured attempt (grams), the W-38 sip's note (pour, delay, hand, how long the level stood), how many of its W-38
    sips were judged before the pour had raised the reading (W-38 does not apply to them: measured is right whatever
    the level's time) and what each unmeasured attempt before a refill drank (grams, one per refill error)."""
    import tempfile
    from pathlib import Path

    kind, rate, seed = args
    indep = _indep()
    trace, dice = indep.make_pour_putback_case(kind, rate, seed)
    with tempfile.TemporaryDirectory() as d:
        res = indep.run_case(trace, dice, Path(d))
    note = next((e.note for e in trace.expects if e.pour_t == e.pour_t), "")
    return (kind, rate, seed, res["w38"], res["fail"], res["unmeasured_refill_errors"], note, res["w38_before_pour"],
            res["unmeasured_drunk"])


def run_w38_seeds(seeds: range, rates: tuple[float, ...] = (80.0, 10.0), jobs: int = 1) -> list[str]:
    """W-38 seed by seed on the independent generator (``W38_KINDS``, each seed of ``seeds`` per kind and rate):
    wrong per kind and rate (a sip judged before the pour had raised the reading by ``POUR_RISE_G`` is judged as any
    sip: W-38 is for a pour before the verdict), every wrong case with its trace's note and the failure, and the refill's error
    after an unmeasured attempt (refill − poured, grams: median |error|, p90, worst, per rate and hand / no hand, and
    how many were W-38's forbidden (poured − drunk), ``_merged``, with those cases listed). Lines to print; empty
    when the generator is absent. ``jobs`` > 1 runs the cases in that many processes (the figures are the same)."""
    indep = _indep()
    if indep is None:
        return []
    todo = [(kind, rate, s) for rate in rates for kind in indep.W38_KINDS for s in seeds]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            done = pool.map(_w38_case, todo, chunksize=4)
    else:
        done = [_w38_case(a) for a in todo]
    lines = [f"W-38 seed by seed, independent generator, seeds {seeds.start}–{seeds.stop - 1}:"]
    wrong_lines = []
    errors: dict[tuple[float, bool], list[float]] = {}
    merged: dict[tuple[float, bool], list[str]] = {}
    for rate in rates:
        for kind in indep.W38_KINDS:
            rows = [d for d in done if d[0] == kind and d[1] == rate]
            measured = sum(r[3].count("measured") for r in rows)
            unmeasured = sum(r[3].count("unmeasured") for r in rows)
            wrong = [r for r in rows if "wrong" in r[3]]
            other = sum(1 for r in rows if r[4] and "wrong" not in r[3])
            early = sum(r[7] for r in rows)
            lines.append(f"  {rate:g} SPS {kind:<18} wrong {len(wrong):>3}/{len(rows):<3} (measured {measured}, "
                         f"{early} of them judged before the pour rose; unmeasured {unmeasured}); cases failing "
                         f"elsewhere {other}")
            for r in wrong:
                wrong_lines.append(f"    {rate:g} SPS {kind} seed {r[2]}: {r[6]}")
                wrong_lines += [f"      {f[:300]}" for f in r[4]]
            for r in rows:
                errors.setdefault((rate, kind == "pour_putback_hand"), []).extend(r[5])
                merged.setdefault((rate, kind == "pour_putback_hand"), []).extend(
                    f"{kind} {r[2]}" for err, drunk in zip(r[5], r[8]) if _merged(err, drunk))
    lines.append("  wrong cases:")
    lines += wrong_lines or ["    none"]
    lines.append("  the refill after an unmeasured attempt, refill − poured (g):")
    for (rate, hand), errs in sorted(errors.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        a = sorted(abs(e) for e in errs)
        if not a:
            continue
        worst = max(errs, key=abs)
        lines.append(f"    {rate:g} SPS {'hand' if hand else 'no hand':<8} n {len(a):>3}  median |error| "
                     f"{a[len(a) // 2]:5.1f}  p90 {a[min(len(a) - 1, int(0.9 * len(a)))]:5.1f}  worst {worst:+6.1f}  "
                     f"within 5 g {sum(x <= 5.0 for x in a)}/{len(a)}  (poured − drunk) "
                     f"{len(merged[rate, hand])}")
    for (rate, hand), cases in sorted(merged.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        if cases:
            lines.append(f"    (poured − drunk) at {rate:g} SPS: {', '.join(cases)}")
    return lines


#: W-38 forbids a refill of (poured − drunk) after an unmeasured attempt: a refill this near it counts as that number
#: (the fourth independent check's criterion, issue 26)
MERGED_NEAR_G = 3.0


def _merged(error_g: float, drunk_g: float) -> bool:
    """The refill after an unmeasured attempt is (poured − drunk): its error (refill − poured, grams) lies within
    ``MERGED_NEAR_G`` of −drunk, and the drink is more than twice that (a smaller one cannot be told from the right
    refill)."""
    return drunk_g > 2.0 * MERGED_NEAR_G and abs(error_g + drunk_g) <= MERGED_NEAR_G
