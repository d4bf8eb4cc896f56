"""The zero's slope (issue 18, item 3): a cold load cell's warm-up drift followed across the lift.

A stage of the segmenter with its own settings slice (``DriftSettings``). While the load stands
still the reading moves only by drift and creep: on the platform the long window's reference
follows it silently, on the empty platform its steady mean does. Each such stretch gives a
change over a time; the slope is the sum of the changes over the sum of the times of the
stretches that ended within ``horizon_s``. The load cell's creep rises after each put-back and
relaxes while the glass is off (τ ≈ 3 s): the first ``skip_s`` after each lift, put-back or
change are left out; the zero's drift adds up.
With less than ``min_span_s`` of stretches the slope is 0 (nothing is corrected).

The segmenter moves the reference before a lift by this slope times the seconds between that
reference and the verdict after the put-back (W-30: the settled weights before and after, in
one frame).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class DriftSettings:
    """The drift tracker's slice of ``PipelineSettings``: horizon_s, min_span_s (seconds), min_g_per_s (smaller
    slopes count as 0), max_g_per_s (|slope| cap; 0: the tracker is off), skip_s (the first seconds after a lift, a
    put-back or a change, while the load cell's creep still moves the reading, are left out)."""

    horizon_s: float = 120.0
    min_span_s: float = 20.0
    min_g_per_s: float = 0.1 / 60.0
    max_g_per_s: float = 0.1
    skip_s: float = 8.0

    @classmethod
    def from_settings(cls, s) -> "DriftSettings":
        """The slice of ``s`` (PipelineSettings)."""
        return cls(s.drift_horizon_s, s.drift_min_span_s, s.drift_min_g_per_min / 60.0, s.drift_max_g_per_min / 60.0,
                   s.drift_skip_s)


class DriftTracker:
    """The drift slope stage (module doc): ``level`` for each steady sample, ``end`` when a stretch ends."""

    def __init__(self, settings: DriftSettings) -> None:
        self.settings = settings
        self._done: deque[tuple[float, float, float]] = deque()  # (end time, change g, seconds)
        #: the open stretch of standing still: (its first time, its level), None while none is open
        self.start: tuple[float, float] | None = None
        self._sum_g = 0.0
        self._sum_s = 0.0
        #: steady samples count from this time on (``skip_s`` after the last change; callers may skip ``level`` before)
        self.counts_from_s = -float("inf")
        self._last_t = self._last_g = 0.0

    def transition(self, t_s: float) -> None:
        """The load changed at ``t_s`` (a lift, a put-back, a pour): the stretch ends, and the next ``skip_s`` seconds
        (the load cell's creep toward the new load) do not count."""
        self.end()
        self.counts_from_s = t_s + self.settings.skip_s

    def level(self, t_s: float, level_g: float) -> None:
        """The load stood still at ``level_g`` (grams) at ``t_s``."""
        if t_s < self.counts_from_s:
            return
        if self.start is None:
            self.start = (t_s, level_g)
        self._last_t, self._last_g = t_s, level_g  # every steady sample: no tuple made (issue 26's speed)

    def end(self) -> None:
        """The stretch of standing still ended (a lift, a put-back, a change, motion)."""
        if self.start is not None and self._last_t > self.start[0]:
            dt = self._last_t - self.start[0]
            dg = self._last_g - self.start[1]
            self._done.append((self._last_t, dg, dt))
            self._sum_g += dg
            self._sum_s += dt
        self.start = None

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g``: the open stretch goes on in the new frame."""
        if self.start is not None:
            self.start = (self.start[0], self.start[1] - delta_g)

    def slope_g_per_s(self, now_s: float) -> float:
        """The drift's slope (grams per second) over the stretches that ended within the horizon (the open one
        included); 0 with less than ``min_span_s`` of them or when off."""
        s = self.settings
        if s.max_g_per_s <= 0.0:
            return 0.0
        done = self._done
        while done and done[0][0] < now_s - s.horizon_s:
            _, dg, dt = done.popleft()
            self._sum_g -= dg
            self._sum_s -= dt
        sum_g, sum_s = self._sum_g, self._sum_s
        if self.start is not None:
            sum_g += self._last_g - self.start[1]
            sum_s += self._last_t - self.start[0]
        if sum_s < s.min_span_s:
            return 0.0
        slope = sum_g / sum_s
        if abs(slope) < s.min_g_per_s:
            return 0.0
        return max(-s.max_g_per_s, min(s.max_g_per_s, slope))
