"""Stage 4: event segmentation (W-30 … W-35): lifts, put-backs and settled changes."""

from __future__ import annotations

import math
from collections import deque

from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, WeightEvent, WeightSettled
from waage.weight.runs import SteadyRuns
from waage.weight.settle import NoiseEstimator, SettleDetector, tremor_power, trend_chi2
from waage.weight.zero import ZeroTracker

#: segmentation states
INIT = "init"        # no settled reference yet
ON = "on"            # glass on the platform, reference known (settled or moving)
OFF = "off"          # platform empty (glass lifted)
PLACED = "placed"    # back on the platform after a lift, not settled yet


#: W-38: a stream (≤ 60 g/s) and its impact (≤ 15 g) raise the load by at most this in 0.15 s; the set-down's ramp
#: by far more
POUR_STEP_G = 30.0


def _swings(vals, a: int, b: int, level: float, band: float) -> int:
    """How often ``vals[a:b]`` crosses from above ``level + band`` to below ``level - band`` or back."""
    n = 0
    side = 0
    for i in range(a, b):
        v = vals[i] - level
        s = 1 if v > band else (-1 if v < -band else 0)
        if s and s != side:
            if side:
                n += 1
            side = s
    return n


class EventSegmenter:
    """Turns gated samples into ``GlassLifted`` / ``GlassPlaced`` / ``WeightSettled``.

    Inputs per sample (``step(t_s, x_g)``): the sample has already been pushed into the
    ``fast`` and ``long`` settle detectors and the noise estimator. Rules:

    * lift: load below ``lift_g`` -> ``GlassLifted``; back above ``place_g`` ->
      ``GlassPlaced`` (hysteresis). A lift before the put-back settled continues the
      same attempt (W-30).
    * after a put-back the *fast* detector decides (steady for ``fast_confirm`` samples
      in a row, not before ``placed_hold_s`` after the ``GlassPlaced``, and not before the newest
      ``level_n`` samples lie at the load's level, ``_at_level``). When the verdict is
      due, the hand guard looks once at that level (``_hand_wait``: a tremor or a slow trend
      holds the verdict until ``hand_hold_s``; weak evidence earns one more look
      ``hand_second_s`` later): ``WeightSettled(before_g=reference before the first lift,
      after_g=settled, lifted=True)``, always, even for 0 g.
    * from the first put-back after the noise estimate has learnt ``noise_learnt_n`` differences, the
      fast window holds ``fast_learnt_n`` samples (5 at 10 SPS instead of 6; 0: unchanged): only at the
      real noise may it be that short.
    * on the platform without a lift the *long* detector tracks the reference: a change
      of less than ``report_step_g`` moves it silently (drift, creep, evaporation); a
      bigger one after motion, steady for ``unlifted_hold_s`` more, is reported as
      ``WeightSettled(lifted=False)`` (pour, spill, straw, W-33/W-34).
    * a lift before that hold is over (the glass grabbed right after a pour, issue 12):
      the last steady stretch of at least ``plateau_min`` samples before the lift (at
      most ``plateau_max``, the same std and half-mean test as the long window) is the
      settled load after the change. If it differs from the reference by at least
      ``report_step_g`` it is reported at once as ``WeightSettled(lifted=False)``, before
      the ``GlassLifted``, and the attempt is measured from it (W-33: a settled rise is
      a refill the moment it has settled). Of the steady stretches within ``push_g`` of the
      newest the longest counts: a hand pushing as it grabs the glass, or a table bump's
      ringing tail, leaves a shorter one.
    * when the long window stops being steady, the reference goes back to its value of
      ``ref_lag`` samples before (the window passed while it took in the change's start).
    * loads above ``max_load_g`` (glass + capacity + margin: a hand pressing, W-35)
      never settle.
    * the first settle sets the reference silently.
    * the empty platform, settled for ``zero_hold_s``, feeds the zero tracker; the
      returned correction is passed to ``on_zero_shift``.
    """

    def __init__(
        self,
        fast: SettleDetector,
        long: SettleDetector,
        noise: NoiseEstimator,
        lift_g: float,
        place_g: float,
        max_load_g: float,
        report_step_g: float = 2.0,
        unlifted_hold_s: float = 0.5,
        zero: ZeroTracker | None = None,
        zero_hold_s: float = 5.0,
        on_zero_shift=None,
        fast_confirm: int = 1,
        placed_hold_s: float = 0.0,
        hand_power: float = 0.0,
        hand_hold_s: float = 0.0,
        hand_trend: float = 0.0,
        level_n: int = 0,
        level_band: float = 3.0,
        hand_skip: int = 0,
        hand_suspect: float = 0.0,
        hand_second_s: float = 0.0,
        hand_second_n: int = 0,
        hand_n: int = 0,
        hand_omegas: tuple[float, ...] = (),
        plateau_min: int = 2,
        plateau_short: int = 2,
        push_g: float = 10.0,
        plateau_rise: int = 2,
        ref_lag: int = 1,
        min_glass_g: float = 0.0,
        plateau_max: int = 0,
        fast_learnt_n: int = 0,
        noise_learnt_n: int = 0,
        pour_level_n: int = 0,
        pour_rise_n: int = 0,
        pour_smooth_n: int = 1,
        pour_steep_n: int = 2,
        placed_max_n: int = 4800,
    ) -> None:
        self.fast = fast
        #: the fast window's length once the noise estimate has learnt noise_learnt_n differences (0: unchanged)
        self.fast_learnt_n = fast_learnt_n
        self.noise_learnt_n = noise_learnt_n
        self.long = long
        self.noise = noise
        self.lift_g = lift_g
        self.place_g = place_g
        self.max_load_g = max_load_g
        self.report_step_g = report_step_g
        self.unlifted_hold_s = unlifted_hold_s
        self.zero = zero
        self.zero_hold_s = zero_hold_s
        self.on_zero_shift = on_zero_shift
        self.fast_confirm = max(1, fast_confirm)
        self.placed_hold_s = placed_hold_s
        self.hand_power = hand_power
        self.hand_hold_s = hand_hold_s
        self.hand_trend = hand_trend
        #: no verdict before the newest level_n samples lie within ± level_band × σ̂ of the fast window's mean
        #: (the load has been at its level this long)
        self.level_n = level_n
        self.level_band = level_band
        self.hand_skip = hand_skip
        self.hand_suspect = hand_suspect
        self.hand_second_s = hand_second_s
        self.hand_second_n = hand_second_n
        self._second_t = 0.0
        #: put-backs the hand guard looked at twice (for the bench)
        self.hand_second_looks = 0
        #: tremor frequencies of the hand guard, radians per sample (none at 10 SPS: above Nyquist)
        self._hand_omegas = hand_omegas
        self._hold_until = -float("inf")
        self.hand_n = max(hand_n, fast.window.n)
        self._look = 0
        #: (run length, tremor peak, trend χ²) of the last look (for tests and the bench)
        self.last_hand_evidence: tuple[int, float, float] | None = None
        #: put-backs on which the hand guard held the verdict (for the bench's false-alarm rate)
        self.hand_holds = 0
        self._placed_t = -float("inf")
        self._fast_count = 0
        self.state = INIT
        self.reference_g: float | None = None
        self.attempt_before_g: float | None = None
        self._moved = False
        self._steady_since: float | None = None
        #: the long window's mean when the hold of a change without a lift began
        self._hold_level_g = 0.0
        self._off_since = 0.0
        self._last_x = 0.0
        #: the last sample passed a steady test (the noise estimate learns only from such samples)
        self.quiet = False
        #: samples since the glass last settled on the platform (the plateau search at a lift)
        self.plateau_min = max(2, plateau_min)
        self.plateau_short = max(2, min(self.plateau_min, plateau_short))
        self.push_g = push_g
        self.plateau_rise = plateau_rise
        #: a steady stretch before a lift lighter than this is no glass standing (corrupt reads in the ramp)
        self.min_glass_g = max(min_glass_g, place_g)
        self.plateau_max = max(self.plateau_min, plateau_max or long.window.n)
        self._hist: deque[float] = deque(maxlen=max(self.plateau_max, long.window.n) * 3)
        #: the reference of the last ``ref_lag`` steady samples (oldest first)
        self._ref_lag: deque[float] = deque(maxlen=max(1, ref_lag))
        #: W-38: samples of the level a pour may follow (0: off), of the rise that makes it a pour, of the smoothing
        self.pour_level_n = pour_level_n
        self.pour_rise_n = pour_rise_n
        self.pour_smooth_n = max(1, pour_smooth_n)
        self.pour_steep_n = max(2, pour_steep_n)
        #: the samples since GlassPlaced (the search for a pour before the verdict, W-38)
        self._placed_hist: deque[float] = deque(maxlen=placed_max_n)

    # -- properties used by the pipeline
    @property
    def on_platform(self) -> bool:
        """False while the platform is empty (glass lifted)."""
        if self.state == INIT:
            return self._last_x >= self.lift_g
        return self.state != OFF

    def restore(self, reference_g: float, attempt_open: bool = False) -> None:
        """Resume with a known settled reference (after a power cut or a sensor fault).

        attempt_open: the glass had been lifted and not yet settled back: the next
        settle ends that attempt (``WeightSettled(lifted=True)`` from ``reference_g``).
        """
        self.reference_g = reference_g
        self._moved = True
        self._steady_since = None
        self._hist.clear()
        self._ref_lag.clear()
        if attempt_open:
            self.attempt_before_g = reference_g
            self.state = PLACED
            self._placed_t = -float("inf")
            self._fast_count = 0
        else:
            self.attempt_before_g = None
            self.state = ON

    def set_glass_thresholds(self, lift_g: float, place_g: float, max_load_g: float, push_g: float,
                             min_glass_g: float) -> None:
        """Another glass is in use (W-36): its thresholds in grams of total load, as in the constructor.

        Takes effect with the next sample; the reference and the current state are kept.
        """
        self.lift_g = lift_g
        self.place_g = place_g
        self.max_load_g = max_load_g
        self.push_g = push_g
        self.min_glass_g = max(min_glass_g, place_g)

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g`` (tare): keep references in the new frame."""
        if self.reference_g is not None:
            self.reference_g -= delta_g
        if self.attempt_before_g is not None:
            self.attempt_before_g -= delta_g
        self._steady_since = None
        self._ref_lag.clear()

    def _lift(self, t_s: float) -> WeightEvent:
        self.quiet = False
        self._ref_lag.clear()
        if self.state == ON and self.reference_g is not None:
            self.attempt_before_g = self.reference_g
        self.state = OFF
        self._off_since = t_s
        self._steady_since = None
        return GlassLifted(t_s)

    def _lift_from_on(self, t_s: float) -> list[WeightEvent]:
        """A lift from the platform; a change that settled just before it is reported first (issue 12)."""
        out: list[WeightEvent] = []
        ref = self.reference_g
        if ref is not None and self._moved:
            p = self.plateau_g()
            if p is not None and abs(p - ref) >= self.report_step_g and self.min_glass_g <= p <= self.max_load_g:
                out.append(WeightSettled(t_s, before_g=ref, after_g=p, lifted=False))
                self.reference_g = p
        self._hist.clear()
        out.append(self._lift(t_s))
        return out

    def plateau_g(self) -> float | None:
        """Mean of the newest steady stretch of the samples since the last settle (grams), or None.

        Searched backwards from the newest sample down to the reference's level: runs that
        pass the long window's std and half-mean tests (noise σ̂), each grown backwards while
        it still passes, up to ``plateau_max`` samples. A run counts when it is at least
        ``plateau_min`` samples long, or at least ``plateau_short`` when what follows it rings
        around it (a table bump between the pour and the lift). Of the runs within ``push_g``
        of the newest, the longest wins (a hand's push as it grabs the glass and a bump's
        ringing tail leave shorter ones). O(history) with prefix sums; called only at a lift
        from the platform.
        """
        vals = self._hist
        n = len(vals)
        short = self.plateau_short
        if n < short:
            return None
        sigma = self.noise.sigma_g
        runs = SteadyRuns(vals, sigma, self.long.std_factor, self.long.drift_sigmas, self.long.drift_floor_g,
                          self.plateau_max)
        swing = 4.0 * sigma + 0.5

        def newest_run(end: int) -> tuple[int, int] | None:
            return runs.newest_run(end, short)

        def mean(run: tuple[int, int]) -> float:
            return runs.mean(run[0], run[1])

        ref = self.reference_g
        found: list[tuple[int, int, float]] = []  # qualifying runs, newest first: (start, end, mean)
        at_ref: tuple[int, int, float] | None = None
        run = newest_run(n)
        while run is not None:
            start, end = run
            m = mean(run)
            if ref is not None and abs(m - ref) < swing:
                at_ref = (start, end, m)  # the weight from before the change: no older run matters
                found.append(at_ref)
                break
            if end - start >= self.plateau_min:
                found.append((start, end, m))
            # a short run counts when a ringing follows it (≥ 2 swings across it: a bump; a hand's push
            # then the lift's ramp makes one) and none precedes it (else it is a crest of that ringing)
            elif (_swings(vals, end, n, m, swing) >= 2
                    and _swings(vals, max(0, start - self.plateau_max // 4), start, m, swing) <= 1):
                found.append((start, end, m))
            run = newest_run(start)
        if not found:
            return None
        # the longest of the runs within push_g of the newest: the glass standing still before a hand's
        # push as it grabs it, or before a table bump, rather than the push or the bump's ringing tail
        newest = found[0][2]
        best = max((r for r in found if abs(r[2] - newest) < self.push_g), key=lambda r: r[1] - r[0])
        # a change that left the reference's level less than plateau_rise samples before it is a step, not
        # a pour (a pour of 20 g takes ≥ 0.3 s): a hand pressing on the glass as it grabs it
        if at_ref is not None and best is not at_ref and best[0] - at_ref[1] < self.plateau_rise:
            return at_ref[2]
        return best[2]

    def _hold_blip(self, sigma_g: float) -> bool:
        """During the hold of a change without a lift: the long window failed its steady test, but only its
        half-mean test and with its mean within half of ``report_step_g`` of the level the hold began at.

        A top-up moves the level by grams; the half-mean test at 4 standard errors of 6 + 6 samples (10 SPS, an
        accurate σ̂ of 0.1 g: 0.22 g) is failed by noise plus the load cell's creep now and then, and each failure
        used to restart the 1.5 s hold (a refill reported seconds late, during the next bump).
        """
        w = self.long.window
        lim = self.long.std_factor * sigma_g
        return w.std() <= lim and abs(w.mean() - self._hold_level_g) < 0.5 * self.report_step_g

    def _at_level(self, n: int) -> list[float]:
        """The newest samples since GlassPlaced (at most ``n``, oldest first; grams relative to the long window's
        anchor) that all lie within ± ``level_band`` × σ̂ of the fast window's mean: the load at its level."""
        w = self.long.window
        k = self.fast.window.n
        xs = w.tail(min(max(n, k), len(w)))  # the fast window's samples are the newest k of these
        level = sum(xs[-k:]) / min(k, len(xs))
        band = self.level_band * self.noise.sigma_g
        i = len(xs)
        while i > 0 and abs(xs[i - 1] - level) <= band:
            i -= 1
        return xs[max(i, len(xs) - n):]

    def _hand_evidence(self, extra: int) -> tuple[int, float, float]:
        """(samples looked at, tremor, trend) for the hand guard's look.

        The load at its level (``_at_level``), at most ``hand_n`` + ``extra`` samples, without its oldest
        ``hand_skip`` (the end of the set-down's ringing) when at least 8 remain; ``tremor_power`` and
        ``trend_chi2`` of those.
        """
        run = self._at_level(self.hand_n + extra + self.hand_skip)
        if len(run) - self.hand_skip >= 8:
            run = run[self.hand_skip:]
        sigma = self.noise.sigma_g
        self.last_hand_evidence = (len(run), tremor_power(run, sigma, self._hand_omegas), trend_chi2(run, sigma))
        return self.last_hand_evidence

    def _hand_wait(self, t_s: float) -> bool:
        """The hand guard, when the verdict is due: True while it must wait (at most two looks per put-back).

        A hand's 6–12 Hz tremor raises the run's 5–13 Hz periodogram peak above ``hand_power`` × the white-noise
        level; the slow wobble of its force (0.3–2 Hz) raises the run's trend χ² above ``hand_trend``: either
        holds the verdict until ``hand_hold_s`` after GlassPlaced (a trip). Evidence above ``hand_suspect`` × those
        limits, but not above them, is looked at once more ``hand_second_s`` later on the longer run (a resting
        hand's evidence grows, and its release breaks the run; noise's does not grow).
        """
        # only where the tremor test can run (80 SPS): at 10 SPS the HX711's filter has removed the tremor, the
        # 6-sample fast window outlasts a resting hand's steady part, and the trend test alone on ≤ 8 samples
        # only delayed verdicts (independent generator: p95 0.65 → 0.8 s) without catching one hand more
        if (self._look == 2 or t_s >= self._placed_t + self.hand_hold_s or not self._hand_omegas
                or not (self.hand_power or self.hand_trend)):
            return False
        if self._look == 1 and t_s < self._second_t:
            return True
        _, tremor, trend = self._hand_evidence(0 if self._look == 0 else self.hand_second_n)
        tp = self.hand_power if self.hand_power > 0.0 else math.inf
        tc = self.hand_trend if self.hand_trend > 0.0 else math.inf
        if tremor > tp or trend > tc:
            self._look = 2
            self.hand_holds += 1
            self._hold_until = self._placed_t + self.hand_hold_s
            return True
        f = self.hand_suspect
        if self._look == 0 and f > 0.0 and (tremor > f * tp or trend > f * tc):
            self._look = 1
            self.hand_second_looks += 1
            self._second_t = t_s + self.hand_second_s
            return True
        self._look = 2
        return False

    def _pour_split(self, t_s: float, m: float) -> list[WeightEvent] | None:
        """W-38: when the verdict is due at level ``m`` after a put-back, did a pour follow the put-back?

        A pour: the load (mean of ``pour_smooth_n`` samples) was at least ``push_g`` (the refill threshold)
        below ``m`` until at least ``pour_rise_n`` samples before the samples at ``m`` began (a hand letting go
        and the set-down's ringing end sooner). Then the newest steady run of at least ``pour_level_n`` samples
        before the rise, with nothing below it between it and the rise and no hand's tremor or wobble in it (80
        SPS), is the put-back's level: ``WeightSettled(lifted=True)`` from it. Without one the attempt cannot be
        measured: ``AttemptUnmeasured`` with an estimate of that level. Either way the segmenter goes on as on
        the platform with that level as the reference and the rise still to settle: the refill follows as
        ``WeightSettled(lifted=False)`` once the long window and the hold have settled. None: no pour.
        """
        xs = list(self._placed_hist)
        n = len(xs)
        if n < 3:
            return None
        pre = [0.0]
        for v in xs:
            pre.append(pre[-1] + v)
        w = self.pour_smooth_n
        half = w // 2

        def smooth(i: int) -> float:
            a = max(0, i - half)
            b = min(n, a + w)
            return (pre[b] - pre[a]) / (b - a)

        low = m - self.push_g
        j = n - 1
        while j >= 0 and smooth(j) > low:
            j -= 1
        if not self._after_ramp(j, smooth):
            return None
        sigma = self.noise.sigma_g
        # the samples at m: from where the load (smoothed) stays within the level band of m for good
        band = max(self.level_band * sigma / math.sqrt(w), 0.5)
        f = n
        while f > j + 1 and abs(smooth(f - 1) - m) <= band:
            f -= 1
        # where the rise began: the last sample 2 × push_g below m (a stream of ≥ 20 g), else the last push_g below
        r = j
        while r >= 0 and smooth(r) > m - 2.0 * self.push_g:
            r -= 1
        if r < 0 or not self._after_ramp(r, smooth):
            r = j
        if f - r < self.pour_rise_n:
            return None  # a hand letting go of the glass, the set-down's ringing: no pour
        runs = SteadyRuns(xs, sigma, self.long.std_factor, self.long.drift_sigmas, self.long.drift_floor_g, n)
        run = runs.newest_run(j + 1, self.pour_level_n)
        level: float | None = None
        if run is not None:
            p = runs.mean(*run)
            floor = p - max(4.0 * sigma, 1.0)
            if all(smooth(i) >= floor for i in range(run[1], j + 1)) and not self._hand_on(xs[run[0]:run[1]]):
                level = p
        before = self.attempt_before_g
        out: list[WeightEvent] = []
        if level is not None:
            if before is not None:
                out.append(WeightSettled(t_s, before_g=before, after_g=level, lifted=True))
            end = run[1]  # type: ignore[index]
        else:
            level, end = self._level_estimate(xs, j, smooth, runs)
            if before is not None:
                out.append(AttemptUnmeasured(t_s, before_g=before, level_g=level))
        # on the platform at ``level``; the rise is a change that has yet to settle (the refill, W-33)
        self._fast_count = 0
        self.state = ON
        self.attempt_before_g = None
        self.reference_g = level
        self._hist.clear()
        self._hist.extend(xs[end:])
        self._ref_lag.clear()
        self._moved = True
        self._steady_since = None
        return out

    def _after_ramp(self, i: int, smooth) -> bool:
        """Sample ``i`` of the put-back's history lies after the set-down's own ramp: GlassPlaced comes halfway up
        it, and it is steeper than any stream (≤ 60 g/s plus its impact: at most POUR_STEP_G in 0.15 s)."""
        k = self.pour_steep_n
        if i < k + self.pour_smooth_n // 2:
            return False
        vals = [smooth(a) for a in range(i - k, i + 1)]
        return vals[-1] - vals[0] <= POUR_STEP_G and min(vals) >= vals[-1] - POUR_STEP_G

    def _level_estimate(self, xs: list[float], j: int, smooth, runs: SteadyRuns) -> tuple[float, int]:
        """W-38, the level could not be measured: (an estimate of the load between the put-back and the pour, the
        index where the pour began). The lowest steady run of ≥ half ``pour_level_n`` samples between the end of the
        set-down's ramp and the rise, else the median of the samples just after that ramp ended."""
        knee = 0
        while knee < j and not self._after_ramp(knee, smooth):
            knee += 1
        best: tuple[float, int] | None = None
        least = max(self.plateau_short, self.pour_level_n // 2)  # a stream of ≥ 15 g/s fails this many samples
        run = runs.newest_run(j + 1, least)
        while run is not None and run[0] >= knee:
            level = runs.mean(*run)
            if best is None or level < best[0]:
                best = (level, run[1])
            run = runs.newest_run(run[0], least)
        # the set-down's first crest: from there the smoothed load rings about the level, then the stream lifts it
        crest = next((i for i in range(self.pour_smooth_n // 2, knee) if smooth(i + 1) < smooth(i)), None)
        if crest is not None:
            low = min(range(crest, j + 1), key=smooth)
            if best is None or smooth(low) < best[0]:
                return smooth(low), low
        if best is not None:
            return best
        tail = sorted(xs[knee:max(knee + 1, min(j + 1, knee + self.pour_steep_n))])
        return tail[len(tail) // 2], knee

    def _hand_on(self, run: list[float]) -> bool:
        """A hand's tremor or wobble in ``run`` (the hand guard's tests; only where it can see them, 80 SPS)."""
        if not self._hand_omegas or not (self.hand_power or self.hand_trend):
            return False
        if len(run) - self.hand_skip >= 8:
            run = run[self.hand_skip:]
        sigma = self.noise.sigma_g
        tp = self.hand_power if self.hand_power > 0.0 else math.inf
        tc = self.hand_trend if self.hand_trend > 0.0 else math.inf
        return tremor_power(run, sigma, self._hand_omegas) > tp or trend_chi2(run, sigma) > tc

    def step(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """Process one gated sample (grams); returns the events it completes (or None)."""
        self._last_x = x
        state = self.state
        if state == ON:
            if x < self.lift_g:
                return self._lift_from_on(t_s)
            self._hist.append(x)
            sigma = self.noise.sigma_g
            self.quiet = q = self.long.steady(sigma)
            if not q and self._steady_since is not None and self._hold_blip(sigma):
                return None  # a noise blip of the half-mean test during the hold, not a top-up: the hold goes on
            if not q:
                if not self._moved and self._ref_lag:
                    # the window still passed while taking in the start of this change (a hand's push as it
                    # grabs the glass, the first samples of a pour): the reference from before it
                    self.reference_g = self._ref_lag[0]
                self._ref_lag.clear()
                self._moved = True
                self._steady_since = None
                return None
            m = self.long.value_g
            if m > self.max_load_g:
                self._moved = True
                self._steady_since = None
                return None
            ref = self.reference_g
            if ref is None or abs(m - ref) < self.report_step_g:
                self.reference_g = m
                self._ref_lag.append(m)
                self._moved = False
                self._steady_since = None
                return None
            if not self._moved:
                # steady all along yet far from the reference: slow drift, follow it
                self.reference_g = m
                return None
            if self._steady_since is None:
                self._steady_since = t_s
                self._hold_level_g = m
            if t_s - self._steady_since < self.unlifted_hold_s:
                return None
            self.reference_g = m
            self._ref_lag.clear()
            self._moved = False
            self._steady_since = None
            return [WeightSettled(t_s, before_g=ref, after_g=m, lifted=False)]
        if state == OFF:
            if x >= self.place_g:
                self.state = PLACED
                self._placed_t = t_s
                self._hold_until = t_s + self.placed_hold_s
                self._look = 0
                self.quiet = False
                self._fast_count = 0
                if self.fast_learnt_n and self.noise.learnt >= self.noise_learnt_n:
                    self.fast.window.clear(self.fast_learnt_n)
                else:
                    self.fast.clear()
                self.long.clear()
                self._placed_hist.clear()
                return [GlassPlaced(t_s)]
            self.quiet = q = self.long.steady(self.noise.sigma_g)
            if self.zero is not None and t_s - self._off_since >= self.zero_hold_s:
                if q:
                    corr = self.zero.observe(t_s, self.long.value_g)
                    if corr and self.on_zero_shift is not None:
                        self.on_zero_shift(corr)
            return None
        if state == PLACED:
            self.quiet = False
            if x < self.lift_g:
                return [self._lift(t_s)]
            self._placed_hist.append(x)
            if not self.fast.steady(self.noise.sigma_g):
                self._fast_count = 0
                return None
            m = self.fast.value_g
            if m > self.max_load_g:
                self._fast_count = 0
                return None
            self._fast_count += 1
            if self._fast_count < self.fast_confirm or t_s < self._hold_until:
                return None
            if self.level_n and len(self._at_level(self.level_n)) < self.level_n:
                return None
            if self._hand_wait(t_s):
                return None
            if self.pour_level_n:
                split = self._pour_split(t_s, m)
                if split is not None:
                    return split
            self._fast_count = 0
            self.state = ON
            self._hist.clear()
            self._ref_lag.clear()
            self._moved = False
            self._steady_since = None
            before = self.attempt_before_g
            self.attempt_before_g = None
            self.reference_g = m
            if before is None:
                return None
            return [WeightSettled(t_s, before_g=before, after_g=m, lifted=True)]
        # INIT
        self.quiet = q = self.fast.steady(self.noise.sigma_g)
        if not q:
            return None
        m = self.fast.value_g
        if m > self.max_load_g:
            return None
        self.reference_g = m
        if m >= self.lift_g:
            self.state = ON
            self._hist.clear()
            self._ref_lag.clear()
        else:
            self.state = OFF
            self._off_since = t_s
        self._moved = False
        return None
