"""Steady stretches in a list of samples: the long window's tests on any slice, in O(1) per test.

Used by the backward searches of the segmenter: the settled load before a lift (issue 12,
``PlateauSearch``) and the put-back's level before a pour (W-38, ``PourSplit``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


class SteadyRuns:
    """Prefix sums over ``vals`` (grams, oldest first) and the steady test of the long window on any slice.

    A slice ``vals[a:b]`` is steady when its standard deviation is at most ``std_factor`` × ``sigma_g`` and the
    means of its older and newer halves differ by at most ``drift_sigmas`` standard errors (at least
    ``drift_floor_g``), as ``SettleDetector.steady`` judges its window. ``max_n``: runs grow backwards to at
    most this many samples.
    """

    __slots__ = ("vals", "a0", "s1", "s2", "sigma", "var_lim", "k_sig", "floor", "max_n")

    def __init__(self, vals: Sequence[float], sigma_g: float, std_factor: float, drift_sigmas: float,
                 drift_floor_g: float, max_n: int) -> None:
        self.vals = vals
        a0 = vals[0] if len(vals) else 0.0
        self.a0 = a0
        s1 = [0.0]
        s2 = [0.0]
        for v in vals:
            d = v - a0
            s1.append(s1[-1] + d)
            s2.append(s2[-1] + d * d)
        self.s1, self.s2 = s1, s2
        self.sigma = sigma_g
        lim = std_factor * sigma_g
        self.var_lim = lim * lim
        self.k_sig = drift_sigmas * sigma_g
        self.floor = drift_floor_g
        self.max_n = max_n

    @classmethod
    def like(cls, window, vals: Sequence[float], sigma_g: float, max_n: int) -> "SteadyRuns":
        """Runs of ``vals`` steady by the test of ``window`` (a ``SteadyWindow``: its ``std_factor``,
        ``drift_sigmas`` and ``drift_floor_g``) at noise σ ``sigma_g``."""
        return cls(vals, sigma_g, window.std_factor, window.drift_sigmas, window.drift_floor_g, max_n)

    def __len__(self) -> int:
        return len(self.vals)

    def steady(self, a: int, b: int) -> bool:
        """Samples ``a .. b-1`` pass the std and half-mean tests (``b - a ≥ 2``)."""
        s1, s2 = self.s1, self.s2
        k = b - a
        m = (s1[b] - s1[a]) / k
        if (s2[b] - s2[a]) / k - m * m > self.var_lim:
            return False
        h = a + k // 2
        lo, ln = h - a, b - h
        d = (s1[b] - s1[h]) / ln - (s1[h] - s1[a]) / lo
        dlim = max(self.floor, self.k_sig * math.sqrt(1.0 / lo + 1.0 / ln))
        return -dlim <= d <= dlim

    def mean(self, a: int, b: int) -> float:
        """Mean of samples ``a .. b-1`` (grams)."""
        return self.a0 + (self.s1[b] - self.s1[a]) / (b - a)

    def newest_run(self, end: int, least: int) -> tuple[int, int] | None:
        """The newest maximal steady run of ≥ ``least`` samples ending at or before ``end``: (start, end), or None.

        A run never ends on a sample more than 3 σ̂ from the mean of the others (the first sample of the next
        step or ramp, which a short window's test lets through); it grows backwards while it stays steady, up
        to ``max_n`` samples.
        """
        s1, vals, a0, sigma = self.s1, self.vals, self.a0, self.sigma
        while end >= least:
            if self.steady(end - least, end):
                others = (s1[end - 1] - s1[end - least]) / (least - 1)
                if abs(vals[end - 1] - a0 - others) <= 3.0 * sigma:
                    start = end - least
                    while start > 0 and end - start < self.max_n and self.steady(start - 1, end):
                        start -= 1
                    return start, end
            end -= 1
        return None
