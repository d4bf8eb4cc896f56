"""Stage 2: the outlier gate that drops corrupt reads, alone or in runs of up to five.

HX711 reads from Linux user space are sometimes corrupt (hx711.md §2.2): a sample lands
hundreds of grams to kilograms away (trailing ones, -1, sign flips), saturates at
0x7FFFFF / 0x800000, or is flagged by the sensor adapter; several can follow each
other (issue 10: runs of up to 5, of the same sign or mixed). Recorded traces also
contain time steps that go backwards.
"""

from __future__ import annotations

from waage.weight.events import FLAG_SATURATED, FLAG_SUSPECT

_BAD_FLAGS = FLAG_SATURATED | FLAG_SUSPECT


class OutlierGate:
    """Drops flagged, saturated, out-of-order and corrupt readings (single ones and runs).

    push(t_s, grams, raw, flags) returns the accepted ``(t_s, grams)`` pairs, in order:
    usually the sample itself; nothing while a jump waits for confirmation; several
    pairs when a held-back run is confirmed as a real change.

    A *jump* is a sample more than ``jump_g`` from the prediction: the last accepted
    value moved on by the last accepted step (a lift or put-back ramp is followed, not
    held). A jump is held back with the samples after it. As soon as a sample is back
    within ``jump_g`` of the prediction the held run was corrupt and is dropped, however
    long it was, unless every held read lies between the last accepted value and that
    sample, each moving on towards it: a ramp slower than predicted (a put-back through the
    HX711's filter), kept. When ``max_drops`` + 1 samples in a row stayed away, the change is real
    (a step, a ramp's end, a hand) and the run is accepted up to its newest two samples
    that agree (a level, or a steady ramp), except held samples outside the span of the
    change (from the last accepted value to that level, ± ``jump_g``: reads no move of
    the load explains) and reads far from both neighbours and more than 2 × ``jump_g`` off
    the line from the last kept sample to the next; the samples after that pair stay held (a run of corrupt reads at
    the very end of the change). So a run of up to ``max_drops`` corrupt reads, of any
    sign and size, never reaches the pipeline, and a real change is delayed by
    ``max_drops`` samples.

    Flagged, saturated (|raw| ≥ ``saturation_counts``), NaN and below-``floor_g`` samples
    are dropped outright (they neither start nor end a run). Counters:
    ``dropped_flagged``, ``dropped_backward``, ``dropped_spikes``.

    ``max_run_s`` (None: off): a held run of at least 2 samples that agree with each other (within
    ``jump_g``) and lasted longer than this when the load comes back is real, not corrupt reads: a lift seen by
    only a few samples because the stream had a gap (corrupt reads come one conversion after another, so
    ``max_drops`` of them last ``max_drops`` periods).
    """

    __slots__ = (
        "jump_g", "max_drops", "saturation_counts", "floor_g", "_last_t", "_a", "_a_t", "_step", "_held",
        "dropped_flagged", "dropped_backward", "dropped_spikes", "max_run_s",
    )

    def __init__(
        self, jump_g: float = 60.0, max_drops: int = 5, saturation_counts: float = 8388607.0, floor_g: float = -100.0,
        max_run_s: float | None = None,
    ) -> None:
        self.jump_g = jump_g
        self.max_run_s = max_run_s
        self.floor_g = floor_g
        self.max_drops = max_drops
        self.saturation_counts = saturation_counts
        self._last_t: float | None = None
        self._a: float | None = None  # last accepted value
        self._a_t = 0.0  # its time
        self._step = 0.0  # last accepted step (per sample), for the prediction
        self._held: list[tuple[float, float]] = []
        self.dropped_flagged = 0
        self.dropped_backward = 0
        self.dropped_spikes = 0

    def reset(self, keep_time: bool = True) -> None:
        """Forget the accepted value (after a tare the level jumps by design)."""
        self._a = None
        self._step = 0.0
        self._held = []
        if not keep_time:
            self._last_t = None

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g``: shift the remembered values accordingly."""
        if self._a is not None:
            self._a -= delta_g
        self._held = [(t, g - delta_g) for t, g in self._held]

    def _lasted(self, held: list[tuple[float, float]], t_s: float) -> bool:
        """The held run is ≥ 2 samples of one level (within ``jump_g``) that lasted more than ``max_run_s``."""
        if self.max_run_s is None or len(held) < 2 or t_s - held[0][0] <= self.max_run_s:
            return False
        lo = min(g for _, g in held)
        hi = max(g for _, g in held)
        return hi - lo <= self.jump_g

    def _ramp_between(self, a: float, held: list[tuple[float, float]], grams: float) -> bool:
        """Every held read lies between ``a`` and ``grams`` and each moved on towards ``grams`` (back by at most a
        quarter of ``jump_g``): a ramp, which corrupt reads (± 200 g and more, of any sign) do not draw."""
        lo, hi = min(a, grams), max(a, grams)
        sign = 1.0 if grams >= a else -1.0
        back = 0.25 * self.jump_g
        prev = a
        for _, g in held:
            if not lo <= g <= hi or sign * (g - prev) < -back:
                return False
            prev = g
        return True

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
        if a is None:
            self._a = grams
            self._a_t = t_s
            return [(t_s, grams)]
        held = self._held
        jump = self.jump_g
        d = grams - a - self._step * (len(held) + 1)
        if -jump <= d <= jump:
            if held and self._lasted(held, t_s):
                # a real excursion that few samples saw (a gap in the stream), then back: accept it all
                out = held + [(t_s, grams)]
                self._held = []
                self._step = 0.0
                self._a = grams
                self._a_t = t_s
                return out
            if held and self._ramp_between(a, held, grams):
                # the held run climbed (or fell) steadily from the last accepted value to this one: the set-down's
                # ramp through the HX711's filter, slower than the prediction at first (issue 26: at 10 SPS a light
                # glass's put-back lost 0.4 s of samples, its level and a pour's start with them)
                out = held + [(t_s, grams)]
                self._held = []
                self._step = grams - held[-1][1]
                self._a = grams
                self._a_t = t_s
                return out
            if held:  # back where the load was heading: the held run was corrupt
                self.dropped_spikes += len(held)
                self._held = []
                self._step = (grams - a) / (len(held) + 1)
            else:
                self._step = grams - a
            self._a = grams
            self._a_t = t_s
            return [(t_s, grams)]
        held.append((t_s, grams))
        if len(held) <= self.max_drops:
            return []
        # stayed away for max_drops + 1 samples: a real change. It is accepted up to its newest pair of
        # samples that agree (a level or a steady ramp); what follows that pair is held on (a run of
        # corrupt reads at the end of the change), and reads outside the change's span are dropped
        j = len(held) - 1
        while j >= 1:
            g1 = held[j][1]
            g0 = held[j - 1][1]
            if -jump <= g1 - g0 <= jump or (j >= 2 and -jump <= g1 - 2.0 * g0 + held[j - 2][1] <= jump):
                break
            j -= 1
        if j < 1:
            j = len(held) - 1
        end = held[j][1]
        lo = min(a, end) - jump
        hi = max(a, end) + jump
        out = [p for p in held[: j + 1] if lo <= p[1] <= hi]
        # inside the span, a read far from both neighbours and off the line between them is corrupt too
        # (a change moves on; the agreeing pair at its end is kept whatever)
        prev_t, prev_g = self._a_t, a
        kept = []
        last = len(out) - 2
        for i, (t, g) in enumerate(out):
            if i < last:
                nt, ng = out[i + 1]
                if (abs(g - prev_g) > jump and abs(g - ng) > jump
                        and abs(g - prev_g - (ng - prev_g) * (t - prev_t) / (nt - prev_t)) > 2.0 * jump):
                    continue
            kept.append((t, g))
            prev_t, prev_g = t, g
        out = kept
        self.dropped_spikes += j + 1 - len(out)
        self._held = held[j + 1:]
        self._step = end - held[j - 1][1] if j >= 1 and out and out[-1][1] == end and len(out) > 1 else 0.0
        self._a = end
        self._a_t = held[j][0]
        return out
