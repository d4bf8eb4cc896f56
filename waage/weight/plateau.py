"""The plateau search at a lift (issue 12, W-33): the settled load before the glass was grabbed.

A stage of the segmenter with its own settings slice (``PlateauSettings``). When the glass
is lifted before a change without a lift was reported (grabbed right after a pour), the
newest steady stretch before the lift is the settled load after the change; the segmenter
reports it (``WeightSettled(lifted=False)``) before the ``GlassLifted``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice

from waage.weight.runs import SteadyRuns

#: a hand's press as it grabs the glass (``PlateauSearch._pressed``): the load came back to within this share of the
#: change before the lift's ramp took it down (a hand tilting the glass after a pour dips less, the ramp crosses more)
PRESS_BACK = 0.35
#: …its rise and fall are timed above this share of the change (a hand's short push before it aside)
PRESS_UPPER = 0.3
#: …and it fell at least this many times as long as it rose there (a sine crest: as long, less what the lift cuts
#: off; a pour's level left by the lift's ramp: within the sensor's settling)
PRESS_FALL = 0.4


def swings(vals: Sequence[float], a: int, b: int, level: float, band: float) -> int:
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


@dataclass(frozen=True)
class PlateauSettings:
    """The plateau search's slice of ``PipelineSettings`` at one sample rate (samples).

    min_n: a stretch counts when at least this long (``lift_settle_s``, at least 3 samples: any two samples
    straddling a crest pass the steady test, and at 10 SPS a hand's press of 0.3–0.7 s was a level); short_n: or
    this long when a ringing follows it (``lift_settle_short_s``); rise_n: a change that left the reference's level
    fewer samples before the stretch is a hand's step, not a pour (``lift_rise_s``); max_n: runs grow backwards to
    at most this many samples (0: the long window's length); fall_n: a crest that fell back this many samples or more
    may be a hand's press (the sensor's settling: a lift's ramp crosses a pour's grams within it); below_n: a stretch
    below the reference counts when at least this long (``lift_fall_settle_s``, and ``min_n``).
    """

    min_n: int = 2
    short_n: int = 2
    rise_n: int = 2
    max_n: int = 0
    fall_n: int = 4
    below_n: int = 2

    @classmethod
    def from_settings(cls, s, rate_hz: float, settling_periods: int) -> "PlateauSettings":
        """The slice of ``s`` (PipelineSettings) at ``rate_hz``; ``settling_periods``: the sensor's own settling in
        conversion periods (the HX711's 4)."""
        return cls(
            min_n=max(3, int(round(s.lift_settle_s * rate_hz))),
            short_n=max(2, int(round(s.lift_settle_short_s * rate_hz))),
            rise_n=max(2, int(round(s.lift_rise_s * rate_hz))),
            fall_n=settling_periods,
            below_n=max(2, int(round(s.lift_fall_settle_s * rate_hz))),
        )


class PlateauSearch:
    """The plateau search stage (module doc). ``long``: the long window's settle detector (its steady tests)."""

    def __init__(self, settings: PlateauSettings, long) -> None:
        self.settings = settings
        self.long = long
        self.min_n = max(2, settings.min_n)
        self.below_n = max(self.min_n, settings.below_n)
        self.short_n = max(2, min(self.min_n, settings.short_n))
        self.rise_n = settings.rise_n
        self.max_n = max(self.min_n, settings.max_n or long.window.n)

    def level(self, vals: Sequence[float], reference_g: float | None, sigma_g: float, push_g: float,
              hand_on: Callable[[list[float]], bool] | None = None) -> float | None:
        """Mean of the newest steady stretch of ``vals`` (the samples since the last settle, oldest first), or None.

        Searched backwards from the newest sample down to the reference's level: runs that pass the long window's
        std and half-mean tests (noise ``sigma_g``), each grown backwards while it still passes, up to ``max_n``
        samples. A run counts when it is at least ``min_n`` samples long, or at least ``short_n`` when what follows
        it rings around it (a table bump between the pour and the lift). Of the runs within ``push_g`` of the
        newest, the longest wins (a hand's push as it grabs the glass and a bump's ringing tail leave shorter ones).
        One above the reference that ``hand_on(run)`` says is a hand pressing on the glass is passed over for the
        older runs (W-35; the hand guard's ``hand_at_lift``; None: no such test), unless a ringing swings about its
        level just before it (a table bump's tail) or it is the oldest run found.
        O(history) with prefix sums; called only at a lift from the platform.
        """
        n = len(vals)
        short = self.short_n
        if n < short:
            return None
        runs = SteadyRuns.like(self.long.window, vals, sigma_g, self.max_n)
        swing = 4.0 * sigma_g + 0.5
        found: list[tuple[int, int, float]] = []  # qualifying runs, newest first: (start, end, mean)
        at_ref: tuple[int, int, float] | None = None
        run = runs.newest_run(n, short)
        while run is not None:
            start, end = run
            m = runs.mean(start, end)
            if reference_g is not None and abs(m - reference_g) < swing:
                at_ref = (start, end, m)  # the weight from before the change: no older run matters
                found.append(at_ref)
                break
            below = reference_g is not None and m < reference_g
            if end - start >= (self.below_n if below else self.min_n):
                found.append((start, end, m))
            # a short run above the reference counts when a ringing follows it (≥ 2 swings across it: a bump; a
            # hand's push then the lift's ramp makes one) and none precedes it (else it is a crest of that ringing)
            elif not below and swings(vals, end, n, m, swing) >= 2 and not self._rung_into(vals, start, m, swing):
                found.append((start, end, m))
            run = runs.newest_run(start, short)
        if not found:
            return None
        # the longest of the runs within push_g of the newest: the glass standing still before a hand's
        # push as it grabs it, or before a table bump, rather than the push or the bump's ringing tail
        best = self._longest_near_newest(found, push_g)
        # a hand still pressing on the glass as the lift begins (issue 26): the level under it, when one was found
        # (a table bump's ringing tail swings about its level before it; a hand's press rises into it)
        while (hand_on is not None and best is not at_ref and reference_g is not None and best[2] > reference_g
               and best is not found[-1] and not self._rung_into(vals, best[0], best[2], swing)
               and hand_on(list(islice(vals, best[0], best[1])))):
            found = found[found.index(best) + 1:]
            best = self._longest_near_newest(found, push_g)
        # a change that left the reference's level less than rise_n samples before it is a step, not
        # a pour (a pour of 20 g takes ≥ 0.3 s), and one the load went back from as slowly as it came is a
        # crest: a hand pressing on the glass as it grabs it
        if at_ref is not None and best is not at_ref and (best[0] - at_ref[1] < self.rise_n
                                                          or self._pressed(vals, at_ref, best, swing)):
            return at_ref[2]
        return best[2]

    @staticmethod
    def _longest_near_newest(found: list[tuple[int, int, float]], push_g: float) -> tuple[int, int, float]:
        """Of ``found`` (start, end, mean; newest first) the longest run within ``push_g`` of the newest."""
        newest = found[0][2]
        return max((r for r in found if abs(r[2] - newest) < push_g), key=lambda r: r[1] - r[0])

    def _rung_into(self, vals: Sequence[float], start: int, level: float, swing: float) -> bool:
        """A ringing (≥ 2 swings across ``level``) precedes the run that starts at ``start``: it is that ringing's
        crest or tail (a table bump), not a level the load rose into."""
        return swings(vals, max(0, start - self.max_n // 4), start, level, swing) > 1

    def _pressed(self, vals: Sequence[float], at_ref: tuple[int, int, float], best: tuple[int, int, float],
                 swing: float) -> bool:
        """The level ``best`` (start, end, mean) the load went to from ``at_ref`` was a hand on the glass as it
        grabbed it, not a change (issue 26, the independent check's class E: a 12–60 g press of 0.6–1 s crests
        for 0.1 s and was booked as a refill, the sip that much too big).

        Above the reference: the load came back to within ``PRESS_BACK`` of the change before the lift's ramp took
        it below the reference's level, and it fell through the change's upper part (above ``PRESS_UPPER``) for at
        least ``fall_n`` samples and ``PRESS_FALL`` × as long as it rose through it: a press swells and fades, while
        the lift's ramp crosses a pour's grams within the sensor's settling (a hand tilting the glass after a pour
        dips it, but not back to the reference). Below the reference: the load came back up by more than the swing
        and a quarter of the fall before the lift (a hand tilting the glass; a fall without a lift stays).
        """
        ref, level = at_ref[2], best[2]
        n = len(vals)
        if level < ref:
            return max(islice(vals, best[1], n), default=level) - level > max(swing, 0.25 * (ref - level))
        lo, hi = ref + swing, level - swing
        j = n - 1  # the last sample at the level
        while j >= best[1] and vals[j] < hi:
            j -= 1
        k = j + 1  # the first sample back at the reference's level
        while k < n and vals[k] > lo:
            k += 1
        if k >= n or vals[k - 1] > max(lo, ref + PRESS_BACK * (level - ref)):
            return False
        upper = max(lo, ref + PRESS_UPPER * (level - ref))
        down = sum(1 for i in range(j + 1, k) if upper < vals[i] < hi)
        up = sum(1 for i in range(at_ref[1], best[0]) if upper < vals[i] < hi)
        return down >= self.settings.fall_n and down >= PRESS_FALL * up
