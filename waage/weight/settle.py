"""Stage 3: the settle detector (is the load steady, and at what value?).

Band-and-hold in the statistical form (anchors.md §4.7, §8.2): over a sliding window of
N samples the load is *steady* when

* the window's standard deviation is at most ``std_factor`` × the noise estimate
  (ringing, a hand's tremor, a pour and a ramp all add variance), and
* when it exceeds ``tremor_factor`` × the noise estimate, the excess is not slow
  (von Neumann ratio, mean squared successive difference / variance, at least
  ``tremor_ratio``; white noise gives 2, a 6–12 Hz tremor at 80 SPS well under 1), and
* the means of its older and newer halves differ by at most ``drift_sigmas`` standard
  errors, and at least ``drift_floor_g`` (a slow approach, the ADC's own settling, a
  hand being released).

The settled value is the window mean. Everything is O(1) per sample (running sums).
"""

from __future__ import annotations

import math
from collections import deque
from itertools import islice

_MEAN_ABS_DIFF = 2.0 / math.sqrt(math.pi)  # E|x_n - x_(n-1)| / σ for white Gaussian noise


class NoiseEstimator:
    """Running estimate of the per-sample noise σ in grams.

    From successive differences: an exponentially weighted mean of ``|x_n - x_(n-1)|`` divided by E|d|/σ = 2/√π.
    Differences beyond 4 standard deviations of a difference (steps, ramps, ringing) are skipped, and so is the same
    reading again (a noiseless synthetic stretch, such as the start of ``waage replay`` with ``noise_g`` 0, would
    otherwise pull σ to its floor); when the noise really is larger the estimate still climbs, because the mean of
    the differences it keeps exceeds the estimate. Time constant ``tau_s`` (in samples: ``tau_s × sample_rate_hz``);
    bounded to [floor_g, ceiling_g]. ``init_g`` counts as ``prior_s`` seconds of data: until ``tau_s`` worth of
    differences came in, each weighs 1 / (differences so far + the prior's), so the estimate follows the scale's
    real noise within its first seconds instead of one time constant (an estimate 15 % low makes the hand guard's
    statistics 35 % high).
    """

    __slots__ = ("sigma_g", "_alpha", "_prev", "_mad", "floor_g", "ceiling_g", "_prior_n", "learnt")

    def __init__(self, init_g: float, tau_s: float, sample_rate_hz: float, floor_g: float, ceiling_g: float,
                 prior_s: float = 0.25) -> None:
        self.floor_g = floor_g
        self.ceiling_g = ceiling_g
        self.sigma_g = min(max(init_g, floor_g), ceiling_g)
        self._alpha = 1.0 / max(1.0, tau_s * sample_rate_hz)
        self._prev: float | None = None
        self._mad = self.sigma_g * _MEAN_ABS_DIFF
        #: how many differences the start value counts as
        self._prior_n = max(1.0, prior_s * sample_rate_hz)
        #: successive differences learnt so far (without the prior's)
        self.learnt = 0

    def update(self, x: float) -> float:
        """Take one sample (grams); returns the new σ estimate."""
        prev = self._prev
        self._prev = x
        if prev is None:
            return self.sigma_g
        d = abs(x - prev)
        if d > 5.657 * self.sigma_g or d == 0.0:  # 4 × √2 σ; the same reading again tells nothing
            return self.sigma_g
        self.learnt += 1
        a = 1.0 / (self._prior_n + self.learnt)
        self._mad += (a if a > self._alpha else self._alpha) * (d - self._mad)
        s = self._mad / _MEAN_ABS_DIFF
        if s < self.floor_g:
            s = self.floor_g
        elif s > self.ceiling_g:
            s = self.ceiling_g
        self.sigma_g = s
        return s

    def forget_previous(self) -> None:
        """The next sample is not a successor of the last one (e.g. after a zero shift)."""
        self._prev = None


class SteadyWindow:
    """A sliding window of the last ``n`` samples with running sums (O(1) per push).

    Holds an older half (``n // 2`` samples) and a newer half. Values are stored relative to an anchor (the
    first value after ``clear``) to keep the sums exact. ``steady(sigma_g)`` is the steady test (module doc) with
    this window's thresholds; ``tremor_factor`` ``math.inf`` leaves the tremor test out and skips the successive
    differences.
    """

    __slots__ = ("n", "_h", "_new_n", "_se", "_old", "_new", "_s_old", "_s_new", "_ss", "_anchor", "_pushes", "_d2",
                 "_sd2", "_last", "track_diffs", "std_factor", "drift_sigmas", "drift_floor_g", "tremor_factor",
                 "tremor_ratio")

    def __init__(self, n: int, std_factor: float = 2.0, drift_sigmas: float = 4.0, drift_floor_g: float = 0.15,
                 tremor_factor: float = 1.3, tremor_ratio: float = 1.2) -> None:
        self._old: deque[float] = deque()
        self._new: deque[float] = deque()
        self._d2: deque[float] = deque()  # squared successive differences inside the window
        self._size(n)
        self.clear()
        self._pushes = 0
        self._last = 0.0
        # the steady test's thresholds (module doc)
        self.std_factor = std_factor
        self.drift_sigmas = drift_sigmas
        self.drift_floor_g = drift_floor_g
        self.tremor_factor = tremor_factor
        self.tremor_ratio = tremor_ratio
        #: keep the successive differences (the tremor test); a window without that test skips them
        self.track_diffs = tremor_factor != math.inf

    def _size(self, n: int) -> None:
        if n < 2:
            raise ValueError("window needs at least 2 samples")
        self.n = n
        self._h = h = n // 2
        self._new_n = n - h
        # the standard error of the halves' difference, in σ, for a full window
        self._se = math.sqrt(1.0 / h + 1.0 / (n - h))

    def clear(self, n: int | None = None) -> None:
        """Empty the window; with ``n``, it holds ``n`` samples from now on (ValueError below 2)."""
        if n is not None:
            self._size(n)
        self._old.clear()
        self._new.clear()
        self._s_old = self._s_new = self._ss = 0.0
        self._anchor = None
        self._d2.clear()
        self._sd2 = 0.0

    def __len__(self) -> int:
        return len(self._old) + len(self._new)

    def shift(self, delta_g: float) -> None:
        """Every sample held now reads ``delta_g`` grams less (the frame the pipeline weighs in moved: a thing laid
        beside the glass, W-37a); O(1): the samples are stored relative to the anchor."""
        if self._anchor is not None:
            self._anchor -= delta_g

    @property
    def full(self) -> bool:
        """True when the window holds ``n`` samples."""
        return len(self._old) + len(self._new) == self.n

    def push(self, x: float) -> None:
        """Add one sample (grams), dropping the oldest when full."""
        anchor = self._anchor
        if anchor is None:
            anchor = self._anchor = x
        v = x - anchor
        new = self._new
        if self.track_diffs and new:
            d = v - self._last
            d *= d
            self._d2.append(d)
            self._sd2 += d
        self._last = v
        new.append(v)
        self._s_new += v
        self._ss += v * v
        if len(new) > self._new_n:
            y = new.popleft()
            self._s_new -= y
            old = self._old
            old.append(y)
            self._s_old += y
            if len(old) > self._h:
                z = old.popleft()
                self._s_old -= z
                self._ss -= z * z
                if self.track_diffs:
                    self._sd2 -= self._d2.popleft()
        self._pushes += 1
        if self._pushes >= 8192:
            self._resum()

    def _resum(self) -> None:
        """Recompute the running sums (bounds floating-point accumulation)."""
        self._pushes = 0
        self._s_old = math.fsum(self._old)
        self._s_new = math.fsum(self._new)
        self._ss = math.fsum(v * v for v in self._old) + math.fsum(v * v for v in self._new)
        self._sd2 = math.fsum(self._d2)

    def mean(self) -> float:
        """Mean of the samples in the window (grams); NaN when empty."""
        k = len(self._old) + len(self._new)
        if k == 0 or self._anchor is None:
            return math.nan
        return self._anchor + (self._s_old + self._s_new) / k

    def std(self) -> float:
        """Population standard deviation of the window (grams)."""
        k = len(self._old) + len(self._new)
        if k == 0:
            return math.nan
        m = (self._s_old + self._s_new) / k
        var = self._ss / k - m * m
        return math.sqrt(var) if var > 0.0 else 0.0

    def half_difference(self) -> float:
        """Mean of the newer half minus mean of the older half (grams); 0 until full."""
        lo, ln = len(self._old), len(self._new)
        if lo == 0 or ln == 0:
            return 0.0
        return self._s_new / ln - self._s_old / lo

    def difference_ratio(self) -> float:
        """Von Neumann ratio: mean squared successive difference / variance (≈ 2 for white noise).

        Slow oscillation (a hand's 6–12 Hz tremor at 80 SPS) and trends make it small.
        """
        k = len(self._old) + len(self._new)
        if k < 3:
            return math.nan
        m = (self._s_old + self._s_new) / k
        var = self._ss / k - m * m
        return (self._sd2 / (k - 1)) / var if var > 0.0 else math.inf

    def tail_mean(self, n: int) -> float:
        """Mean of the newest ``n`` samples (grams; fewer when the window holds fewer); NaN when empty."""
        if self._anchor is None or not len(self):
            return math.nan
        xs = self.tail(n)
        return self._anchor + sum(xs) / len(xs)

    def tail(self, n: int) -> list[float]:
        """The newest ``n`` samples (oldest first), relative to the window's anchor (grams)."""
        old, new = self._old, self._new
        if n <= len(new):
            return list(islice(new, len(new) - n, None))
        k = min(n - len(new), len(old))
        return list(islice(old, len(old) - k, None)) + list(new)

    def steady(self, sigma_g: float) -> bool:
        """The steady test (module doc) for noise σ ``sigma_g`` with the window's thresholds; False until full."""
        k = len(self._old) + len(self._new)
        if k != self.n:
            return False
        s = self._s_old + self._s_new
        m = s / k
        var = self._ss / k - m * m
        lim = self.std_factor * sigma_g
        if var > lim * lim:
            return False
        lim = self.tremor_factor * sigma_g
        if var > lim * lim and self._sd2 / (k - 1) < self.tremor_ratio * var:
            return False
        d = self._s_new / self._new_n - self._s_old / self._h
        dlim = self.drift_sigmas * sigma_g * self._se
        floor = self.drift_floor_g
        if dlim < floor:
            dlim = floor
        return -dlim <= d <= dlim


def tremor_omegas(sample_rate_hz: float, freqs_hz: tuple[float, ...]) -> tuple[float, ...]:
    """The hand guard's tremor frequencies in radians per sample.

    Frequencies at or above 0.45 × ``sample_rate_hz`` are left out (above Nyquist they alias; at
    10 SPS the HX711's own filter has removed a 6–12 Hz tremor anyway), so the tuple may be empty.
    """
    return tuple(2.0 * math.pi * f / sample_rate_hz for f in freqs_hz if f < 0.45 * sample_rate_hz)


def tremor_power(xs: list[float], sigma_g: float, omegas: tuple[float, ...]) -> float:
    """The largest periodogram value of ``xs`` (grams) over ``omegas`` (radians per sample), in units of white noise.

    |Σ (x_i − mean)·e^(−iωi)|² / (n σ²) with σ = ``sigma_g``: each ≈ exponential with mean 1 for white noise; a
    sine of amplitude A adds about n·A² / (4 σ²) (a hand's 6–12 Hz tremor). O(n × frequencies); 0 for fewer than
    4 samples, no frequencies or σ ≤ 0.
    """
    n = len(xs)
    if n < 4 or sigma_g <= 0.0 or not omegas:
        return 0.0
    m = sum(xs) / n
    d = [x - m for x in xs]
    best = 0.0
    for w in omegas:
        c = s = 0.0
        for i, v in enumerate(d):
            c += v * math.cos(w * i)
            s += v * math.sin(w * i)
        p = c * c + s * s
        if p > best:
            best = p
    return best / (n * sigma_g * sigma_g)


def trend_chi2(xs: list[float], sigma_g: float) -> float:
    """z₁² + z₂²: the squared projections of ``xs`` (grams, oldest first) on their orthogonal linear and quadratic
    polynomials, each in units of σ = ``sigma_g``.

    χ² with 2 degrees of freedom for white noise (exceeded with probability e^(−value/2)); a hand's slow wobble
    (0.3–2 Hz) raises it, the more the longer the run (the linear term grows with n^1.5). O(n); 0 for fewer than
    4 samples or σ ≤ 0.
    """
    n = len(xs)
    if n < 4 or sigma_g <= 0.0:
        return 0.0
    m = sum(xs) / n
    mid = (n - 1) / 2.0
    q = (n * n - 1) / 12.0
    s1 = s2 = n1 = n2 = 0.0
    for i, x in enumerate(xs):
        v = x - m
        u = i - mid
        p2 = u * u - q
        s1 += v * u
        s2 += v * p2
        n1 += u * u
        n2 += p2 * p2
    return (s1 * s1 / n1 + s2 * s2 / n2) / (sigma_g * sigma_g)


class SettleDetector:
    """A ``SteadyWindow`` of ``window_s`` seconds plus the thresholds of the steady test.

    ``n = max(min_samples, round(window_s × sample_rate_hz))``. ``push(x)`` adds a sample (grams),
    ``steady(sigma_g)`` tests, ``mean()`` is the window mean (the settled load, grams; NaN when empty): the
    window's own methods, bound here (a wrapper's call at every sample cost the pipeline 3 % of its time, issue 26).
    ``value_g`` is ``mean()`` as a property.
    """

    __slots__ = ("window", "push", "steady", "mean")

    def __init__(
        self,
        window_s: float,
        sample_rate_hz: float,
        min_samples: int = 5,
        std_factor: float = 2.0,
        drift_sigmas: float = 4.0,
        drift_floor_g: float = 0.15,
        tremor_factor: float = 1.3,
        tremor_ratio: float = 1.2,
    ) -> None:
        n = max(min_samples, int(round(window_s * sample_rate_hz)))
        self.window = w = SteadyWindow(n, std_factor, drift_sigmas, drift_floor_g, tremor_factor, tremor_ratio)
        self.push = w.push
        self.steady = w.steady
        self.mean = w.mean

    def clear(self) -> None:
        """Start over (after a put-back or a tare)."""
        self.window.clear()

    @property
    def value_g(self) -> float:
        """The window mean (grams)."""
        return self.window.mean()
