"""The search for a pour right after a put-back (W-38, issue 18).

A stage of the segmenter with its own settings slice (``PourSettings``). When the verdict
after a put-back is due at level ``m``, it looks back over the samples since GlassPlaced:

* a pour: the load (mean of ``smooth_n`` samples) was at least ``push_g`` (the refill
  threshold) below ``m`` after the set-down's ramp had ended (a stream of ≤ 60 g/s plus its
  impact raises the load by at most ``POUR_STEP_G`` in 0.15 s, the ramp by far more), and its
  last 2 × ``push_g`` (or its last ``push_g``) took at least ``rise_n`` samples until the load
  stayed at ``m`` (a hand lets go of the glass and the set-down's ringing ends sooner); at 10 SPS also a rise
  after the ramp that overshot ``m`` and came back (the stream's impact ending: a stream begun inside the ramp), or
  one that went on from the ramp's end at an even pace (a stream begun as the glass came to rest);
* the put-back's level: the newest steady run of at least ``level_n`` samples before the
  rise, with nothing below it between it and the rise and no hand's tremor or wobble in it
  (the hand guard's tests, 80 SPS). W-38: 0.25 s at 80 SPS, 0.8 s at 10 SPS from the moment
  the glass came to rest, the sensor's own settling included;
* without one the attempt cannot be measured; the level is then estimated (the lowest steady
  run after the ramp, or the lowest smoothed load after the set-down's first crest) only as
  the start of the refill that follows.
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from waage.weight.runs import SteadyRuns

#: a stream (≤ 60 g/s) and its impact (≤ 15 g) raise the load by at most this in 0.15 s; the set-down's ramp by far more
POUR_STEP_G = 30.0
#: a hand resting on the glass holds up or presses at most this (the fake scale's and the independent generator's
#: hands: ≤ 40 g); a rise of more than it from the put-back's level that lasted ``rise_n`` is a pour however fast
#: its last grams came (a pitcher or a tap, 100–150 g/s; issue 26)
POUR_HAND_G = 50.0
#: a rise to the level that came this share or more in its last 0.15 s is a hand letting go, not a pour (issue 26)
HAND_RELEASE_SHARE = 0.7
#: W-38 counts the put-back's level from the glass's rest to the pour's start: the blocks (``level_n`` //
#: ``LEVEL_BLOCK`` samples; none below 2) whose mean lies more than ``LEVEL_TRIM_Z`` standard errors from the rest of the
#: run at its ends are the set-down's last ringing and the stream's first grams, not the level (issue 26)
LEVEL_BLOCK = 4
LEVEL_TRIM_Z = 2.0
#: a rise after the set-down's ramp that overshot the level by this many noise σ (and 1 g) and came back is a stream
#: whose impact ended, however early it began (issue 26: 10 SPS streams begun 0.1–0.2 s after the touch-down; none of
#: the 2,148 other put-backs of the independent generator's W-38 traces at 10 SPS overshot by even 0.5 g after such a
#: rise)
IMPACT_OVERSHOOT_SIGMAS = 8.0
#: at 10 SPS a rise from the set-down's ramp over at least this many samples, none more than this share of it, is a
#: stream poured as the glass came to rest (``PourSplit._even_rise``)
EVEN_RISE_STEPS = 4
EVEN_RISE_SHARE = 0.3
#: a step this many times (and 1 g) below a later one after a steeper one before it is a dip: a hand that held the glass
#: up letting go after the ramp (a stream's pace through the HX711's filter is even to a few tenths of a gram)
EVEN_RISE_DIP = 1.3
#: a stream of ≥ 10 g/s raises the mean of ``smooth_n`` samples (0.1 s) by this much over ``smooth_n`` samples
#: (``PourWatch``; the ringing is over by then, a hand's tremor is smoothed out)
WATCH_STEP_G = 1.0
#: a sample this near the stream's line (or 3 σ) is on it: the HX711's filter bends a stream's start by less
STREAM_BAND_G = 2.0
#: the stream's line is widened and fitted again at most this often (each fit is O(samples); the W-38 bench needs 1–5)
STREAM_FITS = 8


@dataclass(frozen=True)
class PourSettings:
    """The pour search's slice of ``PipelineSettings`` at one sample rate (samples; 0 ``level_n``: off).

    level_n: the put-back's level must have stood this many samples (``pour_level_s``, at least
    ``pour_level_min_samples``) after the sensor's settling; rise_n: the rise that makes a pour (``pour_rise_s`` plus
    the settling); smooth_n: the mean the search looks at (``pour_smooth_s``); steep_n: the 0.15 s over which a
    stream rises by at most ``POUR_STEP_G``; max_n: samples kept since GlassPlaced (60 s); late_n: a load still
    ``push_g`` below the level this long after GlassPlaced (the rest of the set-down's ramp, ≤ 0.3 s, the sensor's
    settling and 0.1 s) is past the ramp however steep its rise (at 10 SPS the HX711's filter blends a stream
    begun 0.1 s after the touch-down into the ramp).
    """

    level_n: int = 0
    rise_n: int = 0
    smooth_n: int = 1
    steep_n: int = 2
    max_n: int = 4800
    late_n: int = 0
    impact_ends: bool = False
    settle_n: int = 0

    @classmethod
    def from_settings(cls, s, rate_hz: float, settling_n: int) -> "PourSettings":
        """The slice of ``s`` (PipelineSettings) at ``rate_hz``; ``settling_n``: the sensor's settling periods."""
        return cls(
            level_n=max(s.pour_level_min_samples, int(round(s.pour_level_s * rate_hz))) if s.pour_level_s else 0,
            rise_n=int(round(s.pour_rise_s * rate_hz)) + settling_n,
            smooth_n=max(1, int(round(s.pour_smooth_s * rate_hz))),
            steep_n=max(2, int(round(0.15 * rate_hz))),
            max_n=int(60 * rate_hz),
            late_n=int(round(0.3 * rate_hz)) + settling_n + max(1, int(round(0.1 * rate_hz))),
            impact_ends=int(round(s.pour_smooth_s * rate_hz)) <= 1,
            settle_n=settling_n,
        )


@dataclass(frozen=True)
class PourFound:
    """A pour after the put-back: ``measured`` (the level stood long enough) or not; ``level_g`` the put-back's
    level (an estimate when not measured); ``end`` the index in the history where the pour began."""

    measured: bool
    level_g: float
    end: int


@dataclass(frozen=True)
class StreamStart:
    """A stream after the put-back read from its line (``PourSplit.stream_start``, grams): ``earliest_g`` the line at
    the glass's rest (the earliest the pour can have begun: the most it can have added); ``under_hand_g`` the line
    where it began on the plateau of a hand that pressed on the glass and let go while the stream ran, None when no
    such plateau showed the stream."""

    earliest_g: float
    under_hand_g: float | None


def n_inf() -> int:
    """No sample index reaches this (``late_n`` off)."""
    return 1 << 62


class PourWatch:
    """A pour under way while the verdict after a put-back is still due (W-38), seen while it runs: the screens ask
    the table to pour only after the verdict at once, not first when the pour has ended and the attempt is found
    unmeasured (1–8 s later; issue 26). Only for the screens: the verdict and its events stay ``PourSplit.find``'s.

    Fed every sample since GlassPlaced (``push``, grams). ``pouring``: from ``late_n`` samples on (the
    set-down's ramp, the sensor's settling: the load has reached its level), the load (mean of ``smooth_n`` samples)
    has risen for ``rise_n`` + ``smooth_n`` samples in a row by at least ``WATCH_STEP_G`` per ``smooth_n`` samples (a
    stream of ≥ 10 g/s) and lies the refill threshold (``push_g``) above the lowest it was since. A hand letting go
    of the glass rises for a shorter time (at 10 SPS ≤ 6 samples through the HX711's filter, at 80 SPS ≤ 0.25 s), a
    thing laid beside the glass in one step; the set-down's ringing is over by then.
    """

    def __init__(self, settings: PourSettings) -> None:
        self.late_n = settings.late_n or n_inf()
        self.smooth_n = max(1, settings.smooth_n)
        self.need_n = settings.rise_n + self.smooth_n
        self._recent: deque[float] = deque(maxlen=self.smooth_n)
        self._means: deque[float] = deque(maxlen=self.smooth_n + 1)
        self.reset()

    def reset(self) -> None:
        """A new put-back (or a resumed open attempt): nothing seen yet."""
        self._recent.clear()
        self._means.clear()
        self._n = 0
        self._low = math.inf
        self._rising = 0
        #: a stream runs or ran since the put-back (class doc); it stays until ``reset``, so that the screens keep
        #: asking until the verdict or "Nicht gemessen" (a new-user trial saw the drinking screen between the
        #: stream's end and the verdict)
        self.pouring = False

    def push(self, x: float, push_g: float) -> None:
        """One sample (grams) since GlassPlaced; ``push_g``: the refill threshold (grams). O(1)."""
        self._n += 1
        self._recent.append(x)
        mean = sum(self._recent) / len(self._recent)
        self._means.append(mean)
        if self._n < self.late_n:
            return
        self._low = min(self._low, mean)
        rose = len(self._means) > self.smooth_n and mean - self._means[0] >= WATCH_STEP_G
        self._rising = self._rising + 1 if rose else 0
        self.pouring = self.pouring or (self._rising >= self.need_n and mean - self._low >= push_g)


class PourSplit:
    """The pour search stage (module doc). ``long``: the long window's settle detector (its steady tests)."""

    def __init__(self, settings: PourSettings, long, plateau_short_n: int = 2) -> None:
        self.settings = settings
        self.long = long
        self.level_n = settings.level_n
        self.rise_n = settings.rise_n
        self.smooth_n = max(1, settings.smooth_n)
        self.steep_n = max(2, settings.steep_n)
        #: a stream's pace, grams per sample: ``POUR_STEP_G`` in 0.15 s (the set-down's ramp rises faster)
        self.pace_g = POUR_STEP_G / self.steep_n
        self.short_n = plateau_short_n
        self.late_n = settings.late_n or n_inf()

    def find(self, xs: list[float], m: float, sigma_g: float, push_g: float, level_band: float,
             hand_on: Callable[[list[float]], bool]) -> PourFound | None:
        """Did a pour follow the put-back? ``xs``: the samples since GlassPlaced (grams, oldest first); ``m``: the
        level the verdict is due at; ``level_band``: the band of the level in noise σ; ``hand_on(run)``: a hand
        in that run. None: no pour (the verdict is the usual one)."""
        n = len(xs)
        if n < 3:
            return None
        smooth = self._smoother(xs)
        low = m - push_g
        j = n - 1
        while j >= 0 and smooth(j) > low:
            j -= 1
        if j < 0:
            return None
        # a stream whose impact's end shows is a pour however early it began and however short its rise looks
        impact = self._impact_ended(j, m, sigma_g, smooth, n)
        # the samples at m: from where the load (smoothed) stays within the level band of m for good
        band = max(level_band * sigma_g / math.sqrt(self.smooth_n), 0.5)
        f = n
        while f > j + 1 and abs(smooth(f - 1) - m) <= band:
            f -= 1
        if not (j >= self.late_n or self._after_ramp(j, smooth) or impact):
            k = self._stream_from(j, m, smooth)  # a fast stream begun as the ramp ended (10 SPS blends them)
            if (k is None or j - k < self.rise_n // 2) and not self._even_rise(j, f, n, push_g, smooth):
                return None
        # where the rise began (``_rise_back``), down to 2 × push_g below m at most
        r = self._rise_back(j, smooth, above_g=m - 2.0 * push_g)
        if not impact and f - r < self.rise_n and not (
                f - r >= self.rise_n // 2 and max(smooth(i) for i in range(j, f)) - m >= max(5.0 * sigma_g, 2.0)):
            # a hand letting go of the glass, the set-down's ringing: no pour. A shorter rise is a pour when it
            # overshot the level and came back (the stream's impact stopping; a hand letting go does not overshoot),
            # or when the whole rise lasted rise_n and brought more than a hand's force (a fast stream)
            k = self._stream_from(j, m, smooth)
            if (k is None or f - k < self.rise_n) and not self._even_rise(j, f, n, push_g, smooth):
                return None
        elif self._hand_let_go(r, f, smooth) and self._stream_from(j, m, smooth) is None:
            return None
        runs = SteadyRuns.like(self.long.window, xs, sigma_g, n)
        run = runs.newest_run(j + 1, self.level_n)
        if run is not None:
            a, b = run
            # the run's first samples more than 3 σ from the rest are the tail of the set-down or of a hand
            # letting go (W-38 counts from the glass's rest): they do not count towards level_n
            while b - a >= self.level_n and abs(xs[a] - runs.mean(a + 1, b)) > 3.0 * sigma_g:
                a += 1
            run = (a, b) if b - a >= self.level_n else None
        level = self._trim(runs, xs, *run, sigma_g) if run is not None else None
        if level is not None:
            p = runs.mean(*level)
            floor = p - max(4.0 * sigma_g, 1.0)
            # the hand guard looks at the whole run: a faint hand letting go as the stream begins is the evidence
            if all(smooth(i) >= floor for i in range(run[1], j + 1)) and not hand_on(xs[run[0]:run[1]]):
                return PourFound(True, p, level[1])
        level, end = self._estimate(xs, j, smooth, runs)
        # the stream only added: before it the load was at most where it still lay push_g below m (a hand still
        # pressing on the glass must not make the estimate, and so the refill, vanish)
        return PourFound(False, min(level, smooth(j)), end)

    def stream_start(self, xs: list[float], m: float, push_g: float, sigma_g: float) -> StreamStart | None:
        """Where the stream after the put-back began, read from its line (issue 26): the refill's start after an
        unmeasured attempt whose estimate lay in the stream (a hand pressed on the glass until the stream had begun,
        or at 10 SPS a stream begun inside the HX711's settling: no sample showed the level). ``xs``: the samples
        since GlassPlaced (grams, oldest first), settled at ``m``; ``push_g``: the refill threshold.

        The stream: the least-squares line of the newest ``rise_n`` samples (of the rise, where the load rose by ≥ 1 g
        over the smoothing span) before the load (smoothed) came within ``push_g`` of ``m``, widened back (and fitted
        again, at most ``STREAM_FITS`` times) over every older sample whose smoothed load lies within 3 σ (at least
        ``STREAM_BAND_G``) of it. ``earliest_g``: the line at the set-down's ramp's end less the
        sensor's settling (the glass at rest, as the HX711's filter shows it late): the pour can have begun no
        sooner, so a refill from there is at most over-booked by the stream's pace × its delay, never short by the
        drink (W-38). ``under_hand_g``: see ``_start_under_hand``. None with fewer than 3 samples on the line or a
        line that does not rise."""
        n = len(xs)
        if n < 3:
            return None
        smooth = self._smoother(xs)
        j = n - 1
        while j >= 0 and smooth(j) > m - push_g:
            j -= 1
        knee = min(j, self._knee(smooth, j + 1, self.smooth_n // 2 + 1))
        r = max(knee, self._rise_back(j, smooth, floor=knee), j - max(3, self.rise_n) + 1)
        if j - r + 1 < 3:
            return None
        band = max(3.0 * sigma_g, STREAM_BAND_G)
        slope, intercept = statistics.linear_regression(range(r, j + 1), xs[r:j + 1])
        for _ in range(STREAM_FITS):  # widen, and fit again on the wider stretch, until no older sample is on it
            a = r
            while a > knee and abs(smooth(a - 1) - (intercept + slope * (a - 1))) <= band:
                a -= 1
            if a == r:
                break
            r = a
            slope, intercept = statistics.linear_regression(range(r, j + 1), xs[r:j + 1])
        if slope <= 0.0:
            return None
        first = max(0, knee - self.settings.settle_n)
        under_hand = None
        if r - knee >= 3 and statistics.median(xs[knee:r]) - (intercept + slope * r) > band:
            start = self._start_under_hand(xs, knee, max(range(knee, r), key=smooth), first, slope)
            under_hand = None if start is None else intercept + slope * start
        return StreamStart(intercept + slope * first, under_hand)

    @staticmethod
    def _start_under_hand(xs: list[float], knee: int, crest: int, first: int, slope: float) -> int | None:
        """The samples before the stream's line lie above it: a hand pressed on the glass and let go while the
        stream ran (issue 26). On the hand's plateau, from the ramp's end ``knee`` to its ``crest`` (the sample
        before the release), the stream shows as the same pace (``slope``, grams per sample) on top of the hand's
        force: the start (``first`` … ``crest``) that fits them best, by least squares with the hand's force a
        constant (ties, a stream over the whole plateau, keep the earliest). None when the plateau is a single
        sample (the hand let go as the glass came to rest) or shows no stream (the best start at its crest: it
        began as the hand let go, and the lowest load after the release was the level)."""
        if crest - knee < 1:
            return None
        # suffix sums over the plateau (indices from knee, loads about their mean), so that each start costs O(1):
        # Σx and Σx·i kept; the count, Σi and Σi² from sample k on are whole numbers in closed form
        size = crest - knee + 1
        mean = sum(xs[knee:crest + 1]) / size
        ys = [x - mean for x in xs[knee:crest + 1]]
        sx, sxi = [0.0] * (size + 1), [0.0] * (size + 1)
        for k in range(size - 1, -1, -1):
            sx[k], sxi[k] = sx[k + 1] + ys[k], sxi[k + 1] + ys[k] * k

        def powers(k: int) -> tuple[int, int, int]:
            """(count, Σi, Σi²) of the indices k … size − 1."""
            return (size - k, (size * (size - 1) - k * (k - 1)) // 2,
                    ((size - 1) * size * (2 * size - 1) - (k - 1) * k * (2 * k - 1)) // 6)

        flat = sum(y * y for y in ys)  # the sum of squares without a stream on the plateau
        tie = 1e-9 * (flat + 1.0)  # rounding: starts before the ramp's end fit exactly alike
        best_sse, best = math.inf, crest
        for ts in range(first, crest + 1):
            t = ts - knee
            k = max(0, t + 1)  # the samples after ts carry the stream
            cnt, si, sii = powers(k)
            d1 = si - t * cnt
            d2 = sii - 2.0 * t * si + t * t * cnt
            yd = sxi[k] - t * sx[k]
            rest = -slope * d1  # Σ of the loads less the stream (Σy = 0)
            sse = flat - 2.0 * slope * yd + slope * slope * d2 - rest * rest / size
            if sse < best_sse - tie:
                best_sse, best = sse, ts
        return None if best >= crest - 1 else best

    def _trim(self, runs: SteadyRuns, xs: list[float], a: int, b: int, sigma_g: float) -> tuple[int, int] | None:
        """The part of the steady run ``a .. b-1`` at the put-back's level as W-38 counts it (issue 26): without the
        stream's first samples at its end (a stream starts thin and the HX711's filter shows it late: it stays
        inside the run's band for 0.05–0.1 s at 80 SPS, its splashing may first dip) and without the set-down's last
        ringing at its start (below a sample's noise, not below a few samples'). A block of ``q`` = ``level_n`` //
        ``LEVEL_BLOCK`` samples at either end goes one sample at a time while its mean lies more than
        ``LEVEL_TRIM_Z`` standard errors from the rest's (at the newest end: above it) or its mean square deviation
        from the rest's mean more than ``LEVEL_TRIM_Z`` standard deviations of a χ²(q) / q above the noise's σ̂².
        None when fewer than ``level_n`` samples are left. With blocks of less than 2 samples (10 SPS: ``level_n`` 5,
        whose minimum already allows for a stream's thin start in its last sample) the run is kept as it is."""
        q = self.level_n // LEVEL_BLOCK
        if q < 2:
            return a, b
        z = LEVEL_TRIM_Z
        var = sigma_g * sigma_g
        energy = (1.0 + z * math.sqrt(2.0 / q)) * var * q  # the block's sum of squares about the rest's mean

        def off(lo: int, hi: int, rest: float) -> float:
            return sum((x - rest) * (x - rest) for x in xs[lo:hi])

        while b - a >= self.level_n:
            se = z * sigma_g * math.sqrt(1.0 / q + 1.0 / (b - a - q))
            rest = runs.mean(a, b - q)
            if runs.mean(b - q, b) - rest > se or off(b - q, b, rest) > energy:
                b -= 1
                continue
            rest = runs.mean(a + q, b)
            if abs(runs.mean(a, a + q) - rest) > se or off(a, a + q, rest) > energy:
                a += 1
                continue
            return a, b
        return None

    def lower_level(self, xs: list[float], ceiling_g: float, sigma_g: float) -> PourFound | None:
        """A drink provably lost (issue 26): the put-back stood lower, at most ``ceiling_g`` (the reference before
        the lift less the refill threshold), and the load then rose to where the verdict is due above it (a pour
        the search above could not tell, a refill of (poured − drunk) otherwise). The newest steady run of at least
        ``short_n`` samples after the set-down's ramp whose mean is at most ``ceiling_g``: its mean as the level (an
        estimate: the attempt is unmeasured) and where it ended; None when the put-back never stood that low (a
        glass filled while lifted and put back heavier, W-34). The ramp has ended where it first slowed to a
        stream's pace; the ringing after it is no steady run."""
        n = len(xs)
        if n < 3:
            return None
        smooth = self._smoother(xs)
        knee = self._knee(smooth, n)
        runs = SteadyRuns.like(self.long.window, xs, sigma_g, n)
        run = runs.newest_run(n, self.short_n)
        while run is not None and run[0] >= knee:
            level = runs.mean(*run)
            if level <= ceiling_g:
                return PourFound(False, level, run[1])
            run = runs.newest_run(run[0], self.short_n)
        return None

    def level_before_step(self, xs: list[float], ceiling_g: float, sigma_g: float, push_g: float, quick_n: int
                          ) -> PourFound | None:
        """W-37a between a put-back and its verdict (issue 26): the load now stands above the glass's capacity after a
        quick step (a phone laid beside the glass just put back). ``xs``: the samples since GlassPlaced (grams, oldest
        first); ``ceiling_g``: the most the glass can weigh (its capacity); ``quick_n``: the step came within a tenth
        of the load now in fewer samples (a pour takes longer, W-33).

        The glass's level: the newest steady run of at least ``short_n`` samples ending after the set-down's ramp
        whose mean is at most ``ceiling_g``. Measured when, W-38's way, it stood ``level_n`` samples from the glass's
        rest to the step (its first samples off the rest's mean by 3 σ and the trimmed ends, ``_trim``, do not
        count); else its mean is an estimate. Without such a run, where the set-down's ramp ended (``_knee``) at least
        ``push_g`` below ``ceiling_g`` and the step rose from there: not measured, the level unknown (``level_g``
        +inf; the thing was laid as the glass came to rest). None: the ramp itself ended above the capacity (a
        heavier glass put back, W-37a), or the load rose slowly (poured in, not laid)."""
        n = len(xs)
        if n < 3:
            return None
        smooth = self._smoother(xs)
        knee = self._knee(smooth, n, self.smooth_n // 2 + 1)  # not in the first samples, which share one mean
        runs = SteadyRuns.like(self.long.window, xs, sigma_g, n)
        run = runs.newest_run(n, self.short_n)
        while run is not None and run[1] > knee and runs.mean(*run) > ceiling_g:
            run = runs.newest_run(run[0], self.short_n)
        if run is None or run[1] <= knee:  # a steady run is at rest: it may begin before the smoothed ramp's end
            if knee >= n or smooth(knee) > ceiling_g - push_g or not self._quick(xs, knee, smooth(knee), quick_n):
                return None
            return PourFound(False, math.inf, knee + 1)
        a, b = run
        level = runs.mean(a, b)
        if not self._quick(xs, b, level, quick_n):
            return None  # poured in
        while b - a >= self.level_n and abs(xs[a] - runs.mean(a + 1, b)) > 3.0 * sigma_g:
            a += 1
        trimmed = self._trim(runs, xs, a, b, sigma_g) if b - a >= self.level_n else None
        if trimmed is not None:
            return PourFound(True, runs.mean(*trimmed), run[1])
        return PourFound(False, level, run[1])

    def level_before_fall(self, xs: list[float], m: float, drops_g: list[float], band_g: float) -> float | None:
        """A thing beside the glass taken away between the put-back and its verdict (issue 26: a phone picked up 0.1–1 s
        after the touch-down went into the verdict). ``xs``: the samples since GlassPlaced (grams, oldest first, in
        the frame without the things beside the glass), settled at ``m``; ``drops_g``: the falls a removal would make
        (each thing's weight, and all of them); ``band_g``: how near a level must come.

        After the set-down's ramp and before the load came to ``m`` for good, the load (smoothed over ``smooth_n``)
        stood at ``m`` + a drop for at least half ``smooth_n`` samples (one at 10 SPS, where each sample is the HX711's
        own 0.1 s average): the glass with the thing still there (at 80 SPS the set-down's ringing swings about that
        level, at 10 SPS the filter may not quite reach it: within ``band_g`` or 5 % of the drop). Returns that drop
        (the heaviest that stood: all of the things before any one of them), else None."""
        n = len(xs)
        if n < 3 or not drops_g:
            return None
        smooth = self._smoother(xs)
        knee = self._knee(smooth, n, self.smooth_n // 2 + 1)
        f = n
        while f > knee and abs(smooth(f - 1) - m) <= band_g:
            f -= 1
        need = max(1, self.smooth_n // 2)
        for q in sorted(drops_g, reverse=True):
            band = max(band_g, 0.05 * q)
            held = 0
            for i in range(f - 1, knee - 1, -1):
                held = held + 1 if abs(smooth(i) - m - q) <= band else 0
                if held >= need:
                    return q
        return None

    @staticmethod
    def _quick(xs: list[float], start: int, from_g: float, quick_n: int) -> bool:
        """From sample ``start`` the load (``xs``, grams) came within a tenth of its rise from ``from_g`` to the
        newest sample in fewer than ``quick_n`` samples (a thing laid down; a pour takes longer)."""
        top = xs[-1] - (xs[-1] - from_g) * 0.1
        return next((i for i in range(start, len(xs)) if xs[i] >= top), len(xs)) - start < quick_n

    def _smoother(self, xs: list[float]) -> Callable[[int], float]:
        """``smooth(i)``: the mean of ``smooth_n`` samples of ``xs`` about index ``i`` (grams; prefix sums)."""
        n = len(xs)
        pre = [0.0]
        for v in xs:
            pre.append(pre[-1] + v)
        w = self.smooth_n
        half = w // 2

        def smooth(i: int) -> float:
            a = max(0, i - half)
            b = min(n, a + w)
            return (pre[b] - pre[a]) / (b - a)

        return smooth

    def _stream_from(self, j: int, m: float, smooth: Callable[[int], float]) -> int | None:
        """Where a fast stream's rise up to ``j`` began, or None (issue 26: a pitcher or a tap, 100–150 g/s).

        Back from ``j`` while the load rose (≥ 1 g per smoothing span), the first place on that rise where it had
        slowed to a stream's pace (``POUR_STEP_G`` per 0.15 s: the end of the set-down's ramp, or the stream's own
        start); a stream when the load rose from there to ``m`` by more than a hand's force (``POUR_HAND_G``: a
        hand that held the glass up lets go with less, and the ringing never rises that long), or, at 10 SPS
        (``impact_ends``), when it still lay the refill threshold below ``m`` (at ``j``) ``rise_n`` samples after it
        (a hand's release, 0.05–0.2 s through the HX711's filter of 0.4 s, has come that close to its end by then;
        issue 26: the simulator's 50 g poured at 42 g/s 0.15 s after the touch-down rose 46 g from the ramp's end in
        1.1 s and was the merged sip. At 80 SPS a release lasts as many samples as ``rise_n``: not there)."""
        k = self._slowed(j, smooth)
        if k is None:
            return None
        return k if m - smooth(k) >= POUR_HAND_G or (self.settings.impact_ends and j - k >= self.rise_n) else None

    def _slowed(self, j: int, smooth: Callable[[int], float]) -> int | None:
        """Back from ``j`` while the load rose (≥ 1 g per smoothing span), the first place on that rise where it had
        slowed to a stream's pace (``POUR_STEP_G`` per 0.15 s): the end of the set-down's ramp or the stream's own
        start; None when it never slowed."""
        r = self._rise_back(j, smooth)
        return next((a for a in range(max(r, 1), j + 1) if smooth(a) - smooth(a - 1) < self.pace_g), None)

    def _rise_back(self, j: int, smooth: Callable[[int], float], floor: int = 0, above_g: float = -math.inf) -> int:
        """Where the rise up to sample ``j`` began: back from ``j`` while the load (smoothed) rose by ≥ 1 g over the
        smoothing span (a stream of ≥ 10 g/s; a still level or a hand resting on the glass does not), comparing with
        no sample before ``floor`` and stopping at a load of ``above_g`` or less."""
        lag = self.smooth_n
        r = j
        while r - lag >= floor and smooth(r) > above_g and smooth(r - lag) < smooth(r) - 1.0:
            r -= 1
        return r

    def _even_rise(self, j: int, f: int, n: int, push_g: float, smooth: Callable[[int], float]) -> bool:
        """At 10 SPS (``impact_ends``): the rise through ``j`` up to the level at ``f`` went on from the set-down's
        ramp (its last sample, where the first slow step rose) at an even pace: at least ``EVEN_RISE_STEPS`` steps,
        by at least ``push_g``, none more than ``EVEN_RISE_SHARE`` of it, counted after the last dip
        (``EVEN_RISE_DIP``): a stream poured as the glass came to rest. A hand letting go within
        0.2 s rises through the HX711's filter (0.4 s) in 4–6 samples, a third or more of it in one, and one that
        held the glass up leaves a dip between the ramp's last step and its release; the filter's own tail after
        the ramp falls off at once (issue 26: the simulator's 20–30 g poured 0.15 s after the touch-down rose
        4.5 g a sample from the ramp's end and was the merged sip). ``n``: len of the samples (``f`` < ``n``)."""
        if not self.settings.impact_ends or f >= n:
            return False
        k = self._slowed(j, smooth)
        if k is None:
            return False
        if smooth(k) - smooth(k - 1) >= 1.0:
            k -= 1  # the first step at a stream's pace rose: the stream's, from the ramp's last sample on
        steps = [smooth(a) - smooth(a - 1) for a in range(k + 1, f + 1)]
        # a dip between the ramp's last steps and a later, steeper rise is a hand that held the glass up letting go:
        # only what rose after the last such dip counts
        dips = [i for i in range(1, len(steps) - 1)
                if steps[i] < steps[i - 1] and max(steps[i + 1:]) > EVEN_RISE_DIP * steps[i] + 1.0]
        if dips:
            k, steps = k + dips[-1] + 1, steps[dips[-1] + 1:]
        if len(steps) < EVEN_RISE_STEPS:
            return False
        total = smooth(f) - smooth(k)
        return total >= push_g and max(steps) <= EVEN_RISE_SHARE * total

    def _knee(self, smooth: Callable[[int], float], n: int, start: int = 1) -> int:
        """Where the set-down's ramp ended: the sample before the load (smoothed) first rose by less than a stream's
        pace (``POUR_STEP_G`` per 0.15 s), looked for from sample ``start`` on; ``n`` when it never slowed."""
        pace = self.pace_g
        return next((i - 1 for i in range(start, n) if smooth(i) - smooth(i - 1) < pace), n)

    def _impact_ended(self, j: int, m: float, sigma_g: float, smooth: Callable[[int], float], n: int) -> bool:
        """A stream begun inside the set-down's ramp (issue 26; at 10 SPS the HX711's filter blends a stream begun
        0.1–0.2 s after the touch-down into the ramp): after the ramp had slowed to a stream's pace the load still
        lay the refill threshold below ``m`` (at ``j``), then rose past ``m`` by at least ``IMPACT_OVERSHOOT_SIGMAS``
        σ (and 1 g) and came back to it: the stream's impact ending. A hand letting go of the glass does not
        overshoot; the set-down's own ringing crests at the ramp's end, before ``j``, or, where the HX711's filter leaves
        the ramp's last sample just below the threshold, at the very next sample: a load already above ``m`` right
        after ``j`` is that crest (issue 26: a 39 g sip came out unmeasured, a 10.3 g refill that never was; a stream
        rises through the threshold over samples). The way up to the crest rose at
        a stream's pace at most and the crest lies at most ``POUR_STEP_G`` above ``m`` (a run of corrupt reads that
        passed the outlier gate jumps by far more)."""
        if not self.settings.impact_ends or self._knee(smooth, n) > j or j + 1 >= n or smooth(j + 1) > m:
            return False
        crest = max(range(j + 1, n), key=smooth)
        pace = self.pace_g
        if any(smooth(i) - smooth(i - 1) >= pace for i in range(j + 1, crest + 1)):
            return False
        return max(IMPACT_OVERSHOOT_SIGMAS * sigma_g, 1.0) <= smooth(crest) - m <= POUR_STEP_G

    def _hand_let_go(self, r: int, f: int, smooth: Callable[[int], float]) -> bool:
        """The rise from ``r`` to the level at ``f`` came mostly (≥ ``HAND_RELEASE_SHARE``) in its last 0.15 s: a hand
        that held the glass up (its slow wobble before) letting go, not a stream (issue 26). A stream's impact
        vanishes as it stops, so a pour's last 0.15 s rises little or dips; a hand's release is its steepest part."""
        end = f - 1
        total = smooth(end) - smooth(r)
        if total <= 0.0:
            return False
        return smooth(end) - smooth(max(r, end - self.steep_n)) >= HAND_RELEASE_SHARE * total

    def _after_ramp(self, i: int, smooth: Callable[[int], float]) -> bool:
        """Sample ``i`` lies after the set-down's own ramp: GlassPlaced comes halfway up it, and it is steeper than
        any stream (at most POUR_STEP_G in 0.15 s)."""
        k = self.steep_n
        if i < k + self.smooth_n // 2:
            return False
        vals = [smooth(a) for a in range(i - k, i + 1)]
        return vals[-1] - vals[0] <= POUR_STEP_G and min(vals) >= vals[-1] - POUR_STEP_G

    def _estimate(self, xs: list[float], j: int, smooth: Callable[[int], float], runs: SteadyRuns
                  ) -> tuple[float, int]:
        """The level could not be measured: (an estimate of the load between the put-back and the pour, the index
        where the pour began). The lowest of: the steady runs of ≥ half ``level_n`` samples between the end of the
        set-down's ramp and the rise, and the smoothed load after the set-down's first crest; else the median of
        the samples just after the ramp ended, or, lower, the stream's straight line taken back to the ramp's end."""
        knee = 0
        while knee < j and not self._after_ramp(knee, smooth):
            knee += 1
        best: tuple[float, int] | None = None
        least = max(self.short_n, self.level_n // 2)  # a stream of ≥ 15 g/s fails this many samples
        run = runs.newest_run(j + 1, least)
        # a run may begin inside the 0.15 s whose flatness marks the knee (the ramp ended somewhere in it)
        while run is not None and run[0] > knee - self.steep_n:
            level = runs.mean(*run)
            if best is None or level < best[0]:
                best = (level, run[1])
            run = runs.newest_run(run[0], least)
        # the set-down's first crest: from there the smoothed load rings about the level, then the stream lifts it
        crest = next((i for i in range(self.smooth_n // 2, knee) if smooth(i + 1) < smooth(i)), None)
        if crest is not None:
            lowest = min(range(crest, j + 1), key=smooth)
            if best is None or smooth(lowest) < best[0]:
                return smooth(lowest), lowest
        if best is not None:
            return best
        tail = sorted(xs[knee:max(knee + 1, min(j + 1, knee + self.steep_n))])
        median = tail[len(tail) // 2]
        back = self._stream_back(xs, max(0, knee - self.steep_n), knee, j)
        return (median if back is None else min(median, back)), knee

    @staticmethod
    def _stream_back(xs: list[float], at: int, a: int, b: int) -> float | None:
        """The stream's straight line (least squares over ``xs[a..b]``, grams per sample) taken back to sample ``at``,
        where the set-down's ramp ended (issue 26: a pour begun as the glass came to rest shows no level at all; the
        samples after the ramp already hold ``steep_n`` samples of stream, 8 g at 40 g/s and 10 SPS, which the
        median of those samples kept in the refill's start). None with fewer than 3 samples or a line that does
        not rise (no stream to take back). Never below the lowest sample from ``at`` on: a stream only adds, and a
        short line through a last dip of the ramp would otherwise reach far below the level."""
        if b - a + 1 < 3:
            return None
        slope, intercept = statistics.linear_regression(range(a, b + 1), xs[a:b + 1])
        if slope <= 0.0:
            return None
        return max(intercept + slope * at, min(xs[at:b + 1]))
