"""Stage 2: the outlier gate that drops single-sample corrupt reads.

HX711 reads from Linux user space are sometimes corrupt (hx711.md §2.2): a single
sample lands hundreds of grams to kilograms away (trailing ones, -1, sign flips),
saturates at 0x7FFFFF / 0x800000, or is flagged by the sensor adapter. Recorded
traces also contain time steps that go backwards.
"""

from __future__ import annotations

from waage.weight.events import FLAG_SATURATED, FLAG_SUSPECT

_BAD_FLAGS = FLAG_SATURATED | FLAG_SUSPECT


class OutlierGate:
    """Drops flagged, saturated, out-of-order and single-sample spike readings.

    push(t_s, grams, raw, flags) returns the accepted ``(t_s, grams)`` pairs, in order:
    usually the sample itself; nothing while a far jump waits for confirmation; two
    pairs when the next sample confirms a held-back jump (a real step or ramp, e.g.
    a lift). A jump is a sample more than ``jump_g`` from the last accepted one. It
    is confirmed when the next sample lies within ``jump_g`` of it, or continues the
    move (same side, at least half as far); it is a spike when the next sample is
    back within ``jump_g`` of the old value. After ``max_drops`` drops in a row the
    gate gives in and accepts the signal (it has really moved).
    Flagged, saturated (|raw| ≥ ``saturation_counts``), NaN and below-``floor_g`` samples
    are dropped outright. Counters: ``dropped_flagged``, ``dropped_backward``, ``dropped_spikes``.
    """

    __slots__ = (
        "jump_g", "max_drops", "saturation_counts", "floor_g", "_last_t", "_a", "_pending", "_drops",
        "dropped_flagged", "dropped_backward", "dropped_spikes",
    )

    def __init__(
        self, jump_g: float = 60.0, max_drops: int = 4, saturation_counts: float = 8388607.0, floor_g: float = -100.0
    ) -> None:
        self.jump_g = jump_g
        self.floor_g = floor_g
        self.max_drops = max_drops
        self.saturation_counts = saturation_counts
        self._last_t: float | None = None
        self._a: float | None = None
        self._pending: tuple[float, float] | None = None
        self._drops = 0
        self.dropped_flagged = 0
        self.dropped_backward = 0
        self.dropped_spikes = 0

    def reset(self, keep_time: bool = True) -> None:
        """Forget the accepted value (after a tare the level jumps by design)."""
        self._a = None
        self._pending = None
        self._drops = 0
        if not keep_time:
            self._last_t = None

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g``: shift the remembered values accordingly."""
        if self._a is not None:
            self._a -= delta_g
        if self._pending is not None:
            self._pending = (self._pending[0], self._pending[1] - delta_g)

    def push(self, t_s: float, grams: float, raw: float = 0.0, flags: int = 0) -> list[tuple[float, float]]:
        """Offer one calibrated sample; returns the accepted (t_s, grams) pairs (see class doc)."""
        if flags & _BAD_FLAGS or abs(raw) >= self.saturation_counts or not grams >= self.floor_g:
            self.dropped_flagged += 1
            return []
        last_t = self._last_t
        if last_t is not None and t_s <= last_t:
            self.dropped_backward += 1
            return []
        self._last_t = t_s
        a = self._a
        jump = self.jump_g
        pending = self._pending
        if a is None:
            self._a = grams
            return [(t_s, grams)]
        if pending is None:
            if -jump <= grams - a <= jump:
                self._a = grams
                self._drops = 0
                return [(t_s, grams)]
            self._pending = (t_s, grams)
            return []
        pt, pg = pending
        dp = pg - a
        dx = grams - a
        if abs(grams - pg) <= jump or (dx * dp > 0.0 and abs(dx) >= 0.5 * abs(dp)):
            out = [(pt, pg)]
            self._drops = 0
            self._pending = None
            if abs(grams - pg) <= jump:
                self._a = grams
                out.append((t_s, grams))
            else:
                self._a = pg
                self._pending = (t_s, grams)
            return out
        # the held-back sample was a spike
        self.dropped_spikes += 1
        self._drops += 1
        if abs(dx) <= jump:
            self._pending = None
            self._a = grams
            self._drops = 0
            return [(t_s, grams)]
        if self._drops >= self.max_drops:
            self._pending = None
            self._a = grams
            self._drops = 0
            return [(t_s, grams)]
        self._pending = (t_s, grams)
        return []
