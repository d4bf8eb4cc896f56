"""The hand guard after a put-back (W-35, issue 10): is a hand still resting on the glass?

A stage of the segmenter with its own settings slice (``HandGuardSettings``). When the
verdict after a put-back is due, it looks once at the load at its level: a hand's 6–12 Hz
tremor raises the run's 5–13 Hz periodogram peak above ``power`` × the white-noise level,
the slow wobble of its force (0.3–2 Hz) raises the run's trend χ² above ``trend``; either
holds the verdict until ``hold_s`` after GlassPlaced (a trip). Evidence above ``suspect`` ×
those limits, but not above them, is looked at once more ``second_s`` later on the longer
run (a resting hand's evidence grows, and its release breaks the run; noise's does not).
Only where the tremor test can run (80 SPS): at 10 SPS the HX711's filter has removed the
tremor, and the trend test alone on ≤ 8 samples only delayed verdicts (independent
generator: p95 0.65 → 0.8 s) without catching one hand more. The same limits look at the
steady stretch before a lift for the plateau search (``hand_at_lift``, issue 26): a hand
still pressing on the glass as it grabs it is no pour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from waage.weight.settle import tremor_omegas, tremor_power, trend_chi2

#: frequencies (Hz) of the hand-tremor test after a put-back (physiological tremor 6–12 Hz, ±1 Hz)
HAND_TREMOR_HZ = (5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0)
#: the least noise σ the guard's limits count in (grams): on a quiet load cell (σ̂ 0.04 g) the set-down's last
#: ringing and creep of ≤ 0.1 g, not the noise, set what a glass standing still shows (issue 26, an independent check)
HAND_SIGMA_FLOOR_G = 0.1


@dataclass(frozen=True)
class HandGuardSettings:
    """The hand guard's slice of ``PipelineSettings`` at one sample rate (samples and seconds).

    power / trend: the tremor and wobble limits (0: that test off); hold_s: how long after GlassPlaced a trip holds
    the verdict (the sensor's settling included); skip_n: the run leaves out its oldest samples (the set-down's
    ringing); window_n: the first look's run length; suspect: the fraction of a limit that earns a second look,
    second_s / second_n: how much later and how much longer; omegas: the tremor frequencies in radians per sample
    (empty at 10 SPS: above Nyquist); lift_skip_n / lift_max_n: the look at a lift (``HandGuard.hand_at_lift``) leaves
    out this many oldest samples (``skip_n`` and the sensor's settling) and looks at no stretch longer than this after
    that (the two looks' ``window_n + second_n``).
    """

    power: float = 0.0
    trend: float = 0.0
    hold_s: float = 0.0
    skip_n: int = 0
    window_n: int = 0
    suspect: float = 0.0
    second_s: float = 0.0
    second_n: int = 0
    omegas: tuple[float, ...] = ()
    lift_skip_n: int = 0
    lift_max_n: int = 0

    @classmethod
    def from_settings(cls, s, rate_hz: float, settling_s: float) -> "HandGuardSettings":
        """The slice of ``s`` (PipelineSettings) at ``rate_hz``; ``settling_s``: the sensor's own settling."""
        return cls(
            power=s.hand_tremor_power,
            trend=s.hand_trend_chi2,
            hold_s=s.hand_hold_s + settling_s,
            skip_n=int(round(s.hand_skip_s * rate_hz)),
            window_n=int(round(s.hand_window_s * rate_hz)),
            suspect=s.hand_suspect_fraction,
            second_s=s.hand_second_look_s,
            second_n=int(round(s.hand_second_look_s * rate_hz)),
            omegas=tremor_omegas(rate_hz, HAND_TREMOR_HZ),
            lift_skip_n=int(round(s.hand_skip_s * rate_hz)) + int(round(settling_s * rate_hz)),
            lift_max_n=int(round(s.hand_window_s * rate_hz)) + int(round(s.hand_second_look_s * rate_hz)),
        )

    @property
    def active(self) -> bool:
        """The guard can look: a tremor frequency below Nyquist and at least one test on."""
        return bool(self.omegas) and bool(self.power or self.trend)


class HandGuard:
    """The hand guard stage (module doc). ``start`` at each GlassPlaced, ``wait`` when the verdict is due.

    Counters for the bench: ``holds`` (put-backs it held), ``second_looks`` (looked at twice);
    ``last_evidence``: (run length, tremor peak, trend χ²) of the last look.
    """

    def __init__(self, settings: HandGuardSettings, min_window_n: int = 0) -> None:
        self.settings = settings
        #: the run of the first look: at least the fast window
        self.window_n = max(settings.window_n, min_window_n)
        self.holds = 0
        self.second_looks = 0
        self.last_evidence: tuple[int, float, float] | None = None
        self._placed_t = -math.inf
        self._look = 0
        self._second_t = 0.0
        #: this put-back tripped the guard: it holds the verdict until ``hold_until``
        self.tripped = False
        self.hold_until = -math.inf

    def start(self, placed_t: float) -> None:
        """A put-back at ``placed_t``: no look yet."""
        self._placed_t = placed_t
        self._look = 0
        self.tripped = False

    def evidence(self, run: list[float], sigma_g: float) -> tuple[int, float, float]:
        """(samples looked at, tremor, trend) of ``run`` (the load at its level, oldest first), without its oldest
        ``skip_n`` samples when at least 8 remain."""
        skip = self.settings.skip_n
        if len(run) - skip >= 8:
            run = run[skip:]
        self.last_evidence = (len(run), *self._measures(run, sigma_g))
        return self.last_evidence

    def _measures(self, run: list[float], sigma_g: float) -> tuple[float, float]:
        """(tremor, trend) of ``run`` in units of the noise ``sigma_g``, never less than ``HAND_SIGMA_FLOOR_G``."""
        sigma_g = max(sigma_g, HAND_SIGMA_FLOOR_G)
        return tremor_power(run, sigma_g, self.settings.omegas), trend_chi2(run, sigma_g)

    def _limits(self) -> tuple[float, float]:
        g = self.settings
        return (g.power if g.power > 0.0 else math.inf), (g.trend if g.trend > 0.0 else math.inf)

    def wait(self, t_s: float, sigma_g: float, run_at_level: Callable[[int], list[float]]) -> bool:
        """True while the verdict must wait (at most two looks per put-back).

        run_at_level(n): the newest samples at the load's level, at most n.
        """
        g = self.settings
        if self._look == 2 or t_s >= self._placed_t + g.hold_s or not g.active:
            return False
        if self._look == 1 and t_s < self._second_t:
            return True
        extra = 0 if self._look == 0 else g.second_n
        _, tremor, trend = self.evidence(run_at_level(self.window_n + extra + g.skip_n), sigma_g)
        tp, tc = self._limits()
        if tremor > tp or trend > tc:
            self._look = 2
            self.holds += 1
            self.tripped = True
            self.hold_until = self._placed_t + g.hold_s
            return True
        f = g.suspect
        if self._look == 0 and f > 0.0 and (tremor > f * tp or trend > f * tc):
            self._look = 1
            self.second_looks += 1
            self._second_t = t_s + g.second_s
            return True
        self._look = 2
        return False

    def hand_on(self, run: list[float], sigma_g: float) -> bool:
        """A hand's tremor or wobble in ``run`` by the same limits (W-38: the level before a pour); False where the
        guard cannot look (10 SPS). Does not touch the counters."""
        g = self.settings
        if not g.active:
            return False
        if len(run) - g.skip_n >= 8:
            run = run[g.skip_n:]
        return self._beyond_limits(run, sigma_g)

    def _beyond_limits(self, run: list[float], sigma_g: float) -> bool:
        """``run``'s tremor or trend is above the guard's limit."""
        tp, tc = self._limits()
        tremor, trend = self._measures(run, sigma_g)
        return tremor > tp or trend > tc

    def hand_at_lift(self, run: list[float], sigma_g: float) -> bool:
        """The steady stretch ``run`` (grams, oldest first) the load stood at just before a lift is a hand pressing
        on the glass as it grabs it, not a pour's level (W-35, issue 26: the independent check's presses still on at
        the lift were booked as refills, the sip too big by the press): its tremor or its force's wobble by the
        guard's limits. Looked at without its oldest ``lift_skip_n`` samples (the set-down's ringing or the stream's
        last drops, and the sensor's settling) when at least 8 remain; a stretch still longer than ``lift_max_n`` is
        the glass (a hand's wobble breaks the steady test sooner, while over a longer stretch a pour's last settling
        passes the trend limit). False where the guard cannot look (10 SPS). Does not touch the counters."""
        g = self.settings
        if not g.active:
            return False
        if len(run) - g.lift_skip_n >= 8:
            run = run[g.lift_skip_n:]
        return len(run) <= g.lift_max_n and self._beyond_limits(run, sigma_g)
