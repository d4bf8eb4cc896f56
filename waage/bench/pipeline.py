"""``waage bench``: accuracy, latency and speed of the weight pipeline.

Synthetic part: many seeded, randomised sips (plus refills and table bumps) on a
``FakeScale`` with every disturbance of issue 3 switched on, at 80 SPS (σ 0.3 g) and
10 SPS (σ 0.1 g). For each sip it compares the pipeline's ``WeightSettled`` with the
truth: whole grams (round half away from zero of before − after) and the verdict for
a random target (±10 %, W-21), the error in grams, and the latency from the physical
settle (the first instant after which the noise-free ADC output stays within ±0.25 g
of the final load) to the event. Real part: the recorded HX711 files in
``shared/data/hx711`` (skipped when absent). Speed: one hour of 80 SPS samples
(288,000) through one pipeline on one core; memory by tracemalloc.

Issue 12: pours with the glass grabbed 0.2–2 s after they settled (with and without a table
bump), and long stands of 1–20 min with zero drift and slow creep, judged by the Waagespiel
engine the way the game judges them.

Issue 18 (W-38): a pour right after the put-back, per start delay 0.1–1.5 s, with and without a
hand still on the glass: the share measured / declared unmeasured / wrong (``pour.py``);
a cold load cell's warm-up drift, followed across the lift or not (``drift.py``).

Usage: ``python -m waage.bench [--quick] [--sips N] [--seed S] [--shared DIR]``.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from waage.sensors.fake import Disturbances, FakeScale
from waage.sensors.traces import load_trace
from waage.weight.events import Sample, WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings
from waage.games.waagespiel.phases import WaagespielPhase

SETTLE_BAND_G = 0.25


def whole_grams(x: float) -> int:
    """Round half away from zero to whole grams (W-21: as the display shows it)."""
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def verdict(grams: int, target: int, tolerance: float = 0.10) -> str:
    """'exact', 'hit' or 'miss' for whole ``grams`` against ``target`` (W-21, W-22), exact arithmetic."""
    if grams == target:
        return "exact"
    t = Decimal(target)
    tol = Decimal(repr(tolerance))
    return "hit" if t * (1 - tol) <= grams <= t * (1 + tol) else "miss"


def physical_settle_t(clean: list[tuple[float, float]], band_g: float = SETTLE_BAND_G) -> float:
    """First time after which the noise-free output stays within ±band of its final value."""
    final = clean[-1][1]
    t_settle = clean[-1][0]
    for t, g in reversed(clean):
        if abs(g - final) > band_g:
            break
        t_settle = t
    return t_settle


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); NaN for no values."""
    if not values:
        return math.nan
    v = sorted(values)
    k = max(0, min(len(v) - 1, math.ceil(q / 100 * len(v)) - 1))
    return v[k]


@dataclass
class SynthResult:
    """Figures of one synthetic run."""

    rate_hz: float
    noise_g: float
    sips: int = 0
    grams_right: int = 0
    verdict_right: int = 0
    missing: int = 0
    extra_events: int = 0
    errors_g: list[float] = field(default_factory=list)
    latencies_s: list[float] = field(default_factory=list)
    bumps: int = 0
    false_from_bumps: int = 0
    refills: int = 0
    refills_ok: int = 0
    refill_errors_g: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def run_synthetic(rate_hz: float, noise_g: float, sips: int, seed: int, disturbances: Disturbances | None = None,
                  settings: PipelineSettings | None = None) -> SynthResult:
    """Many sessions of randomised sips, refills and bumps; see module doc."""
    res = SynthResult(rate_hz, noise_g)
    rng = random.Random(seed)
    glass = GlassSettings()
    session = 0
    while res.sips < sips:
        session += 1
        sseed = rng.randrange(1 << 30)
        dist = disturbances or Disturbances.all()
        scale = FakeScale(rate_hz, noise_g, seed=sseed, glass_g=glass.glass_g, beer_g=rng.uniform(350, 550),
                          disturbances=dist, record_clean=True)
        pipe = WeightPipeline(settings or PipelineSettings(), Calibration(), glass, rate_hz)
        pipe.feed_many(scale.wait(1.0))
        for _ in range(25):
            if res.sips >= sips:
                break
            r = rng.random()
            scale.clean_log.clear()
            if r < 0.1:
                g = rng.uniform(10, 60)
                events = pipe.feed_many(scale.bump(g))
                res.bumps += 1
                if any(isinstance(e, WeightSettled) for e in events):
                    res.false_from_bumps += 1
                    res.failures.append(f"bump {g:.0f} g seed {sseed}: {events}")
                continue
            if r < 0.2 or scale.beer_g < 60:
                g = float(rng.randint(50, 300))
                g = min(g, float(int(glass.glass_capacity_g - scale.beer_g)))  # a glass holds what it holds
                if g < glass.refill_threshold_g:
                    continue
                before = scale.beer_g
                events = pipe.feed_many(scale.refill(g))
                true = scale.beer_g - before
                settled = [e for e in events if isinstance(e, WeightSettled)]
                res.refills += 1
                if len(settled) == 1 and not settled[0].lifted:
                    err = settled[0].after_g - settled[0].before_g - true
                    res.refill_errors_g.append(err)
                    if abs(err) <= 2.0:
                        res.refills_ok += 1
                else:
                    res.failures.append(f"refill {g:.0f} g seed {sseed}: {events}")
                continue
            target = rng.choice([20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120])
            want = float(min(rng.randint(5, 130), int(scale.beer_g)))
            before = scale.beer_g
            samples = scale.sip(want)
            t_phys = physical_settle_t(scale.clean_log)
            events = pipe.feed_many(samples)
            true = before - scale.beer_g
            res.sips += 1
            settled = [e for e in events if isinstance(e, WeightSettled)]
            if not settled or not settled[0].lifted:
                res.missing += 1
                res.failures.append(f"sip {true:.1f} g seed {sseed}: {events}")
                continue
            if len(settled) > 1:
                res.extra_events += 1
                res.failures.append(f"sip {true:.1f} g seed {sseed}: extra {settled[1:]}")
            e = settled[0]
            measured = e.before_g - e.after_g
            res.errors_g.append(measured - true)
            res.latencies_s.append(e.t_s - t_phys)
            gm, gt = whole_grams(measured), whole_grams(true)
            res.grams_right += gm == gt
            res.verdict_right += verdict(gm, target) == verdict(gt, target)
            if gm != gt:
                res.failures.append(f"sip {true:.1f} g seed {sseed}: measured {measured:.2f}")
    return res


@dataclass
class GameResult:
    """Figures of one issue-12 scenario judged by the Waagespiel engine (the game's own reference)."""

    name: str
    rate_hz: float
    noise_g: float
    sips: int = 0
    grams_right: int = 0
    verdict_right: int = 0
    errors_g: list[float] = field(default_factory=list)
    refills: int = 0
    refills_ok: int = 0
    refill_errors_g: list[float] = field(default_factory=list)
    stands: int = 0
    quiet_stands: int = 0
    worst_seed: int | None = None
    worst_error_g: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def all_right(self) -> bool:
        """Every sip's grams and verdict right, every refill within 2 g, no event during a stand."""
        return (self.grams_right == self.sips == self.verdict_right and self.refills_ok == self.refills
                and self.quiet_stands == self.stands)


class _Table:
    """A fake scale, a pipeline and a Waagespiel engine in its drinking phase (Ben drinks, Anna rolls 6+5)."""

    def __init__(self, rate_hz: float, noise_g: float, seed: int, beer_g: float, disturbances: Disturbances) -> None:
        from waage.games.waagespiel.engine import Waagespiel

        self.rng = random.Random(seed)
        self.glass = GlassSettings()
        self.scale = FakeScale(rate_hz, noise_g, seed=seed, glass_g=self.glass.glass_g, beer_g=beer_g,
                               disturbances=disturbances, record_clean=True, capacity_g=self.glass.glass_capacity_g)
        self.pipe = WeightPipeline(PipelineSettings(), Calibration(), self.glass, rate_hz)
        self.pipe.feed_many(self.scale.wait(1.0))
        self.engine = Waagespiel(["Anna", "Ben"], glass=self.glass)
        self.engine.start()
        self.engine.scale_ready(self.pipe.reference_g if self.pipe.reference_g is not None else self.scale.load_g)
        self.deal()

    def deal(self) -> None:
        """A round: the first to roll throws 6+5, the other a lower non-Pasch pair and drinks (W-10, W-13)."""
        e = self.engine
        while e.state.phase in (WaagespielPhase.ROLLING, WaagespielPhase.TIE_BREAK):
            a = self.rng.randint(1, 5)
            b = self.rng.choice([x for x in range(1, 7) if x != a and 3 <= a + x <= 10])
            e.roll((6, 5) if not e.state.rolls else (a, b))

    def feed(self, samples: list[Sample]) -> list[dict]:
        """Samples through the pipeline, its events through the engine; returns the engine's records."""
        out: list[dict] = []
        self.events = self.pipe.feed_many(samples)
        for ev in self.events:
            out += self.engine.weight(ev)
        if self.engine.state.phase != WaagespielPhase.DRINKING:
            self.deal()
        return out

    def sip(self, grams: float, res: GameResult, seed: int, samples: list[Sample]) -> list[dict]:
        """``samples``, then a sip of whole ``grams``; judged against the engine's record. Returns the records."""
        target = self.engine.state.chosen.target_g if self.engine.state.chosen else 0
        before = self.scale.beer_g
        recs = self.feed(samples + self.scale.sip(grams))
        true = before - self.scale.beer_g
        res.sips += 1
        sips = [r for r in recs if r["event"] == "sip"]
        lifted = [e for e in self.events if isinstance(e, WeightSettled) and e.lifted]
        if len(sips) != 1 or len(lifted) != 1:
            res.failures.append(f"{res.name} seed {seed}: sip {true:.1f} g gave {recs}")
            return recs
        r = sips[0]
        err = lifted[0].before_g - lifted[0].after_g - true
        res.errors_g.append(err)
        if abs(err) > abs(res.worst_error_g):
            res.worst_error_g, res.worst_seed = err, seed
        gt = whole_grams(true)
        res.grams_right += r["grams"] == gt
        res.verdict_right += r["verdict"] == verdict(gt, target)
        if r["grams"] != gt:
            res.failures.append(f"{res.name} seed {seed}: sip {true:.2f} g judged {r['grams_exact']}")
        return recs


def run_pour_then_lift(rate_hz: float, noise_g: float, sessions: int, seed: int) -> GameResult:
    """Issue 12: pours of 20–200 g, the glass grabbed 0.2–2 s after the pour's reading settled
    (half of them with a 10–60 g table bump in between), every disturbance on; 3 per session."""
    res = GameResult("pour, then lift 0.2–2 s after it settled", rate_hz, noise_g)
    rng = random.Random(seed)
    for _ in range(sessions):
        sseed = rng.randrange(1 << 30)
        t = _Table(rate_hz, noise_g, sseed, rng.uniform(100, 300), Disturbances.all())
        sc = t.scale
        for _ in range(3):
            g = min(float(rng.randint(20, 200)), float(int(t.glass.glass_capacity_g - sc.beer_g)))
            if g < 20:
                break
            start = sc.beer_g
            sc.clean_log.clear()
            samples = sc.refill(g, settle_s=4.0 / rate_hz + 0.05)
            settled = physical_settle_t(sc.clean_log)
            poured = sc.beer_g - start
            rest = max(0.0, settled + rng.uniform(0.2, 2.0) - sc.now_s)
            if rng.random() < 0.5:
                u = rng.uniform(0.0, rest)
                samples += sc.wait(u) + sc.bump(rng.uniform(10, 60), settle_s=rest - u)
            else:
                samples += sc.wait(rest)
            recs = t.sip(float(min(rng.randint(5, 80), int(sc.beer_g) - 30)), res, sseed, samples)
            refills = [e for e in t.events if isinstance(e, WeightSettled) and not e.lifted]
            res.refills += 1
            # the refill is booked before the lift (W-33), never merged with the sip
            kinds = [r["event"] for r in recs if r["event"] in ("refill", "sip")]
            if len(refills) == 1 and kinds == ["refill", "sip"] and abs(
                    refills[0].after_g - refills[0].before_g - poured) <= 2.0:
                res.refills_ok += 1
                res.refill_errors_g.append(refills[0].after_g - refills[0].before_g - poured)
            else:
                res.failures.append(f"{res.name} seed {sseed}: pour {poured:.1f} g gave {recs}")
    return res


def run_long_stand(rate_hz: float, noise_g: float, sessions: int, seed: int, longest_s: float = 1200.0
                   ) -> GameResult:
    """Issue 12: the glass stands untouched for 1 min … ``longest_s`` (zero drift 0.3 g/min, slow creep,
    every disturbance on), then a sip; two stands per session, the first after a sip."""
    res = GameResult(f"long stands 1–{longest_s / 60:g} min, drift 0.3 g/min, slow creep", rate_hz, noise_g)
    rng = random.Random(seed)
    for _ in range(sessions):
        sseed = rng.randrange(1 << 30)
        t = _Table(rate_hz, noise_g, sseed, rng.uniform(350, 550), Disturbances.all())
        t.sip(float(rng.randint(5, 40)), res, sseed, [])
        for _ in range(2):
            stand = t.scale.stand(rng.uniform(60.0, longest_s))
            events = t.pipe.feed_many(stand)
            res.stands += 1
            res.quiet_stands += not events
            if events:
                res.failures.append(f"{res.name} seed {sseed}: events during the stand {events}")
            t.sip(float(rng.randint(5, 80)), res, sseed, [])
    return res


def _fmt_game(r: GameResult) -> list[str]:
    abs_err = [abs(e) for e in r.errors_g]
    lines = [f"{r.rate_hz:g} SPS, σ {r.noise_g:g} g, {r.name}:"]
    if r.refills:
        lines.append(f"  refills within 2 g    {r.refills_ok}/{r.refills} (max |error| "
                     f"{max((abs(e) for e in r.refill_errors_g), default=math.nan):.2f} g)")
    if r.stands:
        lines.append(f"  stands without event  {r.quiet_stands}/{r.stands}")
    lines += [
        f"  sips: whole grams     {r.grams_right}/{r.sips}, verdict {r.verdict_right}/{r.sips} (the game's judgement)",
        f"  |error| p50 / p99     {pct(abs_err, 50):.3f} g / {pct(abs_err, 99):.3f} g (max {max(abs_err, default=math.nan):.3f} g,"
        f" seed {r.worst_seed})",
    ]
    return lines


def run_seeds(rate_hz: float, noise_g: float, sips: int, seeds: int, seed0: int) -> tuple[SynthResult, list]:
    """``run_synthetic`` for ``seeds`` seeds (``sips`` split between them); returns the pooled result and,
    per seed, (seed, max |error|, latency p95, wrong whole grams)."""
    pooled = SynthResult(rate_hz, noise_g)
    per_seed = []
    for k in range(seeds):
        r = run_synthetic(rate_hz, noise_g, max(1, sips // seeds), seed0 + k)
        for name in ("sips", "grams_right", "verdict_right", "missing", "extra_events", "bumps", "false_from_bumps",
                     "refills", "refills_ok"):
            setattr(pooled, name, getattr(pooled, name) + getattr(r, name))
        for name in ("errors_g", "latencies_s", "refill_errors_g", "failures"):
            getattr(pooled, name).extend(getattr(r, name))
        per_seed.append((seed0 + k, max((abs(e) for e in r.errors_g), default=0.0), pct(r.latencies_s, 95),
                         r.sips - r.grams_right))
    return pooled, per_seed


#: the hand guard switched off (for the faint-hand comparison)
GUARD_OFF = {"hand_tremor_power": 0.0, "hand_trend_chi2": 0.0}


def run_hand_false_alarms(rate_hz: float, noise_g: float, putbacks: int, seed: int, ringing: bool,
                          settings: PipelineSettings | None = None) -> tuple[int, int, int]:
    """Put-backs without a hand (noise, the HX711's filter, creep, and set-down ringing when ``ringing``):
    ``(held, looked_twice, total)``: how many the hand guard held until ``hand_hold_s`` (its false-alarm rate)
    and how many it looked at a second time (their verdict came ``hand_second_look_s`` later), of how many."""
    rng = random.Random(seed)
    held = twice = total = 0
    while total < putbacks:
        scale = FakeScale(rate_hz, noise_g, seed=rng.randrange(1 << 30),
                          disturbances=Disturbances(adc_settling=True, creep=True, ringing=ringing))
        pipe = WeightPipeline(settings or PipelineSettings(), Calibration(), GlassSettings(), rate_hz)
        pipe.feed_many(scale.wait(1.0))
        for _ in range(20):
            pipe.feed_many(scale.sip(float(rng.randint(5, 40))))
            total += 1
        held += pipe.segmenter.hand_holds
        twice += pipe.segmenter.hand_second_looks
    return held, twice, total


def _indep():
    """tests/weight/indep_traces.py of this checkout (the independent generator), or None when absent."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tests" / "weight" / "indep_traces.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("waage_bench_indep_traces", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


#: the two faint-hand traces of issue 13: a steady hand with a tremor fainter than the noise
FAINT_HAND_TRACES = (("hand_small", 80.0, 1), ("all_small_hand", 10.0, 11))


def run_faint_hands(cases: int, pipeline: dict | None = None) -> list[str]:
    """Faint-tremor hands of the independent generator: cases right with the defaults (and the two traces of
    issue 13 also with ``placed_hold_s`` 0.9 s plus 4 conversion periods). Lines to print; empty when the generator
    is absent."""
    import tempfile

    ind = _indep()
    if ind is None:
        return []
    out = []
    with tempfile.TemporaryDirectory() as d:
        wd = Path(d)
        for kind, rate, seed in FAINT_HAND_TRACES if pipeline is None else ():
            trace, dice = ind.make_case(kind, rate, seed)
            default = not ind.run_case(trace, dice, wd)["fail"]
            held = not ind.run_case(trace, dice, wd, pipeline={"placed_hold_s": 0.9 + 4.0 / rate})["fail"]
            out.append(f"  {kind} {rate:g} SPS seed {seed}: defaults {'right' if default else 'wrong'}, "
                       f"placed_hold_s {0.9 + 4.0 / rate:g} {'right' if held else 'wrong'}")
        for kind in ("hand_small", "regrab_small", "all_small_hand"):
            ok = sum(not ind.run_case(*ind.make_case(kind, 80.0, s), wd, pipeline=pipeline)["fail"]
                     for s in range(100, 100 + cases))
            out.append(f"  {kind:15s} 80 SPS: {ok}/{cases} cases right (seeds 100–{99 + cases})")
    return out


def run_indep_putbacks(cases: int) -> tuple[float, float, float, float, int] | None:
    """Put-backs of the independent generator without a hand (kinds noise, ringing, adc, ramps, creep; 80 SPS,
    σ 0.3 g; seeds 400…): ``(hold %, second look %, latency p50, p95 of the gentle ones (kind noise, no
    ringing), put-backs)``, or None when the generator is absent."""
    ind = _indep()
    if ind is None:
        return None
    from waage.weight.events import GlassPlaced

    held = twice = puts = 0
    for kind in ("noise", "ringing", "adc", "ramps", "creep"):
        for seed in range(400, 400 + cases):
            trace, _ = ind.make_case(kind, 80.0, seed)
            rng = random.Random(seed)
            pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(glass_g=trace.glass_g), 80.0)
            for t, g in trace.rows:
                events = pipe.feed(Sample(t, g + rng.gauss(0.0, trace.sigma)))
                puts += sum(isinstance(e, GlassPlaced) for e in events)
            held += pipe.segmenter.hand_holds
            twice += pipe.segmenter.hand_second_looks
    import tempfile

    lat: list[float] = []
    with tempfile.TemporaryDirectory() as d:
        for seed in range(400, 400 + cases):
            lat += ind.run_case(*ind.make_case("noise", 80.0, seed), Path(d))["lat"]
    return 100.0 * held / max(1, puts), 100.0 * twice / max(1, puts), pct(lat, 50), pct(lat, 95), puts


def run_replay_speed(runs: int = 5) -> dict[str, float]:
    """``waage replay`` of one hour at 80 SPS (a 288,000-row trace, grams) as a process: start-up, scenario and
    trace validation, fake sensor, pipeline, engine and JSON log included. Median wall time of ``runs``."""
    import resource
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        wd = Path(d)
        with (wd / "hour.csv").open("w") as f:
            f.write("t_s,grams\n")
            f.writelines(f"{s.t_s:.4f},{s.raw:.3f}\n" for s in make_hour())
        (wd / "hour.toml").write_text(
            'game = "waagespiel"\nplayers = ["Anna", "Ben"]\n[scale]\nsample_rate_hz = 80\nnoise_g = 0.3\n'
            'seed = 1\n[[input]]\nroll = [6, 5]\n[[input]]\nroll = [2, 3]\n[[input]]\ntrace = "hour.csv"\n')
        script = Path(sys.executable).parent / "waage"
        cmd = [str(script)] if script.exists() else [sys.executable, "-m", "waage.cli"]
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run(cmd + ["replay", str(wd / "hour.toml")], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t0)
    rss_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    med = statistics.median(times)
    return {"median_s": med, "min_s": min(times), "max_s": max(times), "x_realtime": 3600.0 / med,
            "peak_rss_mib": rss_kib / 1024}


def brew_expected_steps(rows) -> list[float]:
    """The five pour steps of brew.csv from its plateaus (median of each, grams)."""
    r0 = rows[0].value

    def med(a: float, b: float) -> float:
        return statistics.median((r.value - r0) / 1540.0 for r in rows if a <= r.t_s <= b)

    levels = [med(1, 11), med(20, 57), med(63, 82), med(88, 102), med(108, 122), med(140, 150)]
    return [b - a for a, b in zip(levels, levels[1:])]


def run_real(shared: Path) -> list[tuple[str, str, bool]]:
    """Each real file: (name, what happened, target met)."""
    d = shared / "data" / "hx711"
    out: list[tuple[str, str, bool]] = []
    brew = d / "mortenfyhn-coffee-scales" / "brew.csv"
    if brew.exists():
        rows = load_trace(brew, columns=["t_s", "raw"])
        cal = Calibration(offset=rows[0].value - 350 * 1540, counts_per_gram=1540)
        pipe = WeightPipeline(PipelineSettings(), cal, GlassSettings(), 11.6)
        ev = pipe.feed_many(Sample(r.t_s, r.value) for r in rows)
        settled = [e for e in ev if isinstance(e, WeightSettled)]
        steps = brew_expected_steps(rows)
        got = [e.after_g - e.before_g for e in settled]
        ok = len(ev) == 5 and len(got) == 5 and all(not e.lifted for e in settled) and all(
            abs(a - b) <= 1.5 for a, b in zip(got, steps))
        out.append(("brew.csv (5 pours)", "rises " + ", ".join(f"{g:.1f}" for g in got)
                    + " vs steps " + ", ".join(f"{s:.1f}" for s in steps), ok))
    cam = d / "ijl20-cambridge_coffee_pot"
    pot = GlassSettings(glass_g=1500.0, glass_capacity_g=2500.0)
    for name, expect in (("save_1576677425.258.csv", []), ("save_1576678474.837.csv", [165.0, 178.0])):
        f = cam / name
        if not f.exists():
            continue
        rows = load_trace(f, columns=["t_s", "grams"], header=False, allow_backward=True)
        pipe = WeightPipeline(PipelineSettings(), Calibration(), pot, 10.0)
        ev = pipe.feed_many(Sample(r.t_s, r.value) for r in rows)
        falls = [e.before_g - e.after_g for e in ev if isinstance(e, WeightSettled)]
        ok = len(ev) == len(expect) and all(isinstance(e, WeightSettled) and not e.lifted for e in ev) and all(
            abs(a - b) <= 3.0 for a, b in zip(falls, expect))
        what = f"{len(ev)} events" + (": falls " + ", ".join(f"{g:.1f}" for g in falls) if falls else "")
        out.append((name, what + f"; {pipe.gate.dropped_spikes + pipe.gate.dropped_flagged} samples gated", ok))
    return out


def make_hour(rate_hz: float = 80.0, seconds: float = 3600.0, seed: int = 1) -> list[Sample]:
    """One hour of disturbed samples: a 60 s session repeated with shifted timestamps."""
    scale = FakeScale(rate_hz, 0.3, seed=seed, disturbances=Disturbances.all())
    base = scale.wait(1.0)
    rng = random.Random(seed)
    while scale.now_s < 60.0:
        base += scale.sip(rng.randint(10, 60)) if scale.beer_g > 100 else scale.refill(300)
    span = 60.0
    reps = int(math.ceil(seconds / span))
    out: list[Sample] = []
    for k in range(reps):
        off = k * span
        out.extend(Sample(s.t_s + off, s.raw) for s in base if s.t_s <= span)
    return out[: int(seconds * rate_hz)]


def run_speed(rate_hz: float = 80.0) -> dict[str, float]:
    """Throughput and memory of one pipeline over one hour of 80 SPS samples."""
    samples = make_hour(rate_hz)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate_hz)
    t0 = time.perf_counter()
    pipe.feed_many(samples)
    dt = time.perf_counter() - t0
    # memory: a fresh pipeline, traced
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate_hz)
    tracemalloc.start()
    first = len(samples) // 60
    pipe.feed_many(samples[:first])
    after_minute = tracemalloc.get_traced_memory()[0]
    pipe.feed_many(itertools.islice(samples, first, None))
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "samples": float(len(samples)),
        "seconds": dt,
        "samples_per_s": len(samples) / dt,
        "x_realtime": (len(samples) / rate_hz) / dt,
        "mem_after_1min_kib": after_minute / 1024,
        "mem_after_60min_kib": current / 1024,
        "mem_peak_kib": peak / 1024,
    }


#: the pipeline's stages by module (``waage/weight/<module>.py``), in the order a sample meets them
STAGES = (
    ("pipeline", "calibration and the per-sample loop (pipeline.py)"),
    ("gate", "OutlierGate"),
    ("settle", "SettleDetector windows ×2 and NoiseEstimator"),
    ("segment", "EventSegmenter (its states)"),
    ("hand_guard", "HandGuard"),
    ("plateau", "PlateauSearch"),
    ("pour", "PourSplit (W-38)"),
    ("runs", "SteadyRuns (the searches' steady tests)"),
    ("drift", "DriftTracker"),
    ("zero", "ZeroTracker"),
    ("glass_check", "GlassCheck (W-37)"),
)


def run_stage_costs(rate_hz: float = 80.0, samples: list[Sample] | None = None
                    ) -> tuple[float, list[tuple[str, float, float]]]:
    """Which stage costs what per sample, over ``samples`` (default the hour of ``run_speed``): (ns per sample of
    the whole pipeline without a profiler, [(stage, ns per sample, share %)]).

    The shares are each module's own time under ``cProfile`` (which inflates every call alike), scaled to the
    unprofiled time; the rest (built-ins, deques, the event classes) goes to the stage that called it only in the
    profile's own accounting, so it is listed as "other".
    """
    import cProfile
    import pstats

    samples = make_hour(rate_hz) if samples is None else samples
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate_hz)
    t0 = time.process_time()
    pipe.feed_many(samples)
    per_sample_ns = 1e9 * (time.process_time() - t0) / len(samples)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate_hz)
    prof = cProfile.Profile()
    prof.runcall(pipe.feed_many, samples)
    stats = pstats.Stats(prof).stats  # {(file, line, name): (cc, nc, tottime, cumtime, callers)}
    own: dict[str, float] = {}
    for (path, _line, _name), (_cc, _nc, tottime, _cum, _callers) in stats.items():
        p = Path(path)
        key = p.stem if p.parent.name == "weight" and p.parent.parent.name == "waage" else "other"
        own[key] = own.get(key, 0.0) + tottime
    total = sum(own.values()) or 1.0
    rows = [(label, per_sample_ns * own.get(mod, 0.0) / total, 100.0 * own.get(mod, 0.0) / total)
            for mod, label in STAGES]
    rows.append(("other (built-ins, deques, events)", per_sample_ns * own.get("other", 0.0) / total,
                 100.0 * own.get("other", 0.0) / total))
    return per_sample_ns, rows


def _fmt_synth(r: SynthResult) -> list[str]:
    n = max(1, r.sips)
    abs_err = [abs(e) for e in r.errors_g]
    return [
        f"{r.rate_hz:g} SPS, σ {r.noise_g:g} g, all disturbances: {r.sips} sips, {r.refills} refills, {r.bumps} bumps",
        f"  whole grams right     {r.grams_right}/{r.sips} ({100 * r.grams_right / n:.2f} %)",
        f"  verdict right         {r.verdict_right}/{r.sips} ({100 * r.verdict_right / n:.2f} %)",
        f"  missing / extra       {r.missing} / {r.extra_events}",
        f"  |error| p50 / p99     {pct(abs_err, 50):.3f} g / {pct(abs_err, 99):.3f} g (max {max(abs_err, default=math.nan):.3f} g)",
        f"  latency p50 / p95     {pct(r.latencies_s, 50):.3f} s / {pct(r.latencies_s, 95):.3f} s (from physical settle ±{SETTLE_BAND_G} g)",
        f"  false sips from bumps {r.false_from_bumps}/{r.bumps}",
        f"  refills within 2 g    {r.refills_ok}/{r.refills} (max |error| {max((abs(e) for e in r.refill_errors_g), default=math.nan):.2f} g)",
    ]
