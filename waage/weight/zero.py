"""Zero tracking: follow the empty platform's slow zero drift in small steps."""

from __future__ import annotations


class ZeroTracker:
    """Decides zero corrections from settled readings of the *empty* platform.

    ``observe(t_s, settled_g)`` returns the correction in grams (0.0 for none): when the
    settled empty-platform reading is within ±``band_g`` of zero, the zero moves toward
    it by at most ``step_g``, at most once per ``interval_s``. A real load (more than
    ``band_g``) is never tracked away. ``reset()`` (on tare) forgets the history;
    ``total_g`` is the correction applied since the last reset.
    Defaults after anchors.md §8.2 (Acaia ±2 d = 0.2 g, HDS clamp, "reset on tare").
    """

    __slots__ = ("band_g", "step_g", "interval_s", "_last_t", "total_g")

    def __init__(self, band_g: float = 1.0, step_g: float = 0.2, interval_s: float = 1.0) -> None:
        self.band_g = band_g
        self.step_g = step_g
        self.interval_s = interval_s
        self._last_t: float | None = None
        self.total_g = 0.0

    def reset(self) -> None:
        """Forget everything tracked so far (an explicit tare set a new zero)."""
        self._last_t = None
        self.total_g = 0.0

    def observe(self, t_s: float, settled_g: float) -> float:
        """Correction (grams) to add to the zero for one settled empty-platform reading."""
        if abs(settled_g) > self.band_g:
            return 0.0
        if self._last_t is not None and t_s - self._last_t < self.interval_s:
            return 0.0
        self._last_t = t_s
        step = max(-self.step_g, min(self.step_g, settled_g))
        self.total_g += step
        return step
