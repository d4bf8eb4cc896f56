"""The weight pipeline: samples -> calibrated grams -> gated -> settled -> events.

A chain of small named stages in the ESPHome-filter manner (style-anchors.md), each a
class of its own with its own tests::

    Sample(raw counts) ─► CalibrationStage ─► OutlierGate ─► NoiseEstimator
                                                          └► SettleDetector fast / long
                                                                   └► EventSegmenter ─► events
                                                                            └► ZeroTracker (empty platform)
                                                                   └► GlassCheck (W-37) ─► GlassUnknown

Example::

    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings())
    for event in pipe.feed_many(samples):
        ...   # GlassLifted, GlassPlaced, WeightSettled
    pipe.live_g, pipe.reference_g, pipe.on_platform

Rules: W-30 … W-35 (``waagespiel-rules.md``); numbers: ``PipelineSettings`` and
docs/weight-pipeline.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from waage.weight.calibration import CalibrationStage
from waage.weight.events import GlassLifted, Sample, WeightEvent
from waage.weight.gate import OutlierGate
from waage.weight.glass_check import MIN_GLASS_G, GlassCheck
from waage.weight.hand_guard import HAND_TREMOR_HZ
from waage.weight.segment import HX711_SETTLING_PERIODS, EventSegmenter, GlassThresholds, Reframe, State
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings
from waage.weight.zero import ZeroTracker

_OFF = State.OFF
#: the live window stands still when its samples span at most this many noise σ (20 independent samples of noise
#: alone span 3.7 σ on average and more than 6 σ in 0.4 % of windows: the figure then waits one sample more) …
STILL_SPAN_SIGMAS = 6.0
#: … and at least this (a quiet load cell's σ of 0.03 g, issue 26)
STILL_SPAN_FLOOR_G = 0.3

__all__ = ["WeightPipeline", "HAND_TREMOR_HZ"]


class WeightPipeline:
    """Raw HX711 samples in, weight events out (W-30 … W-35).

    settings: stage tuning; calibration: counts -> grams (offset = empty platform);
    glass: the glass (lift threshold = ``lift_fraction × glass_g``; loads above
    ``glass_g + glass_capacity_g + capacity_margin_g`` never settle, W-35);
    sample_rate_hz: nominal SPS (10 or 80), turns the windows' seconds into samples;
    settling_periods: the sensor's own settling in conversion periods (the HX711's filter: 4),
    supplied by the sensor (``Sensor.settling_periods``).

    ``feed(sample)`` returns the events the sample completes, each stamped with that
    sample's ``t_s``. Raises ValueError for a zero ``counts_per_gram``.
    """

    def __init__(
        self,
        settings: PipelineSettings,
        calibration: Calibration,
        glass: GlassSettings,
        sample_rate_hz: float = 80.0,
        settling_periods: int = HX711_SETTLING_PERIODS,
    ) -> None:
        if sample_rate_hz <= 0:
            raise ValueError("sample_rate_hz must be positive")
        s = settings
        self.settings = settings
        self.glass = glass
        self.sample_rate_hz = sample_rate_hz
        self.calibration = CalibrationStage(calibration)
        # gate_max_drops corrupt reads last that many conversion periods; a held run lasting longer (one and a
        # half periods of slack for the reader's timing) came through a gap in the stream and is real
        self.gate = OutlierGate(s.gate_jump_g, s.gate_max_drops, s.saturation_counts, s.gate_floor_g,
                                max_run_s=(s.gate_max_drops + 1.5) / sample_rate_hz)
        self.zero = ZeroTracker(s.zero_band_g, s.zero_step_g, s.zero_interval_s)
        self.segmenter = EventSegmenter.from_settings(s, sample_rate_hz, glass, settling_periods=settling_periods,
                                                      zero=self.zero, on_zero_shift=self._shift_zero)
        # the segmenter's own detectors: the pipeline pushes every gated sample into them
        self.noise = self.segmenter.noise
        self.fast = self.segmenter.fast
        self.long = self.segmenter.long
        self.glass_check = GlassCheck(self.segmenter, self.long, self.noise, glass, s, sample_rate_hz)
        self._last_g: float | None = None
        self._live_n = max(1, int(round(s.live_window_s * sample_rate_hz)))
        self._noise_t = -float("inf")
        self._noise_stale_s = s.noise_stale_s

    # ------------------------------------------------------------------ feeding
    def feed(self, sample: Sample) -> list[WeightEvent]:
        """Process one sample; returns the events it completes (usually none)."""
        raw = sample.raw
        cal = self.calibration
        g = (raw - cal.offset) * cal._scale - cal.zero_g
        accepted = self.gate.push(sample.t_s, g, raw, sample.flags)
        if not accepted:
            return []
        out: list[WeightEvent] = []
        fast_push = self.fast.push
        long_push = self.long.push
        seg = self.segmenter
        check = self.glass_check
        for t_s, x in accepted:
            fast_push(x)
            long_push(x)
            ev = seg.step(t_s, x)
            # the glass check looks at a load above the glass's range, the end of one, and the platform while the
            # segmenter sees it empty (a light glass placed, W-37/W-37a); a glass within its range (nearly every
            # sample) costs these comparisons (issue 26)
            if x > seg.max_load_g or check.above or (seg.state is _OFF and (x >= MIN_GLASS_G or not check.emptied)):
                found = check.step(t_s, x)
                if found.__class__ is list:  # a thing laid beside the glass (W-37a): the events, then the Reframe
                    self._reframe(found.pop().delta_g, accepted, t_s)
                    out.extend(found)
                elif found is not None:
                    out.append(found)
            # the noise estimate learns from quiet samples only (pours and hands are no noise),
            # and from one sample each noise_stale_s while nothing is quiet
            if seg.quiet or t_s - self._noise_t > self._noise_stale_s:
                self.noise.update(x)
                self._noise_t = t_s
            if ev:
                if any(isinstance(e, GlassLifted) for e in ev):
                    check.emptied = False  # what the lift leaves on the platform (a phone) did not arrive by a placement
                if ev[-1].__class__ is Reframe:  # a thing beside the glass was taken away (W-37a)
                    self._reframe(ev.pop().delta_g, accepted, t_s)
                out.extend(ev)
        self._last_g = x
        if out and accepted[-1][0] != sample.t_s:
            # held-back samples released by this one: their events happen now, not when they were read
            out = [replace(e, t_s=sample.t_s) for e in out]
        return out

    def feed_many(self, samples: Iterable[Sample]) -> list[WeightEvent]:
        """Process samples in order; returns all events."""
        out: list[WeightEvent] = []
        feed = self.feed
        for sample in samples:
            ev = feed(sample)
            if ev:
                out.extend(ev)
        return out

    # ------------------------------------------------------------------ state
    @property
    def live_g(self) -> float:
        """Current filtered total load in grams for the display: the mean of the newest ``live_window_s`` of
        samples (0.0 before any sample). Not the fast window's mean: that window is short for the verdict's
        latency, and its mean would jitter on the screen."""
        w = self.long.window
        if len(w):
            return w.tail_mean(self._live_n)
        return self._last_g if self._last_g is not None else 0.0

    @property
    def still(self) -> bool:
        """The load stands still now: the samples of ``live_g`` (the newest ``live_window_s``, all of them in the
        long window) span at most ``STILL_SPAN_SIGMAS`` noise σ (and ``STILL_SPAN_FLOOR_G``). A live figure is
        taken only from such a load (W-30: a lift's or a set-down's ramp, a hand or a pour is no drink yet;
        issue 26)."""
        w = self.long.window
        if len(w) < self._live_n:
            return False  # too few samples since the window began anew (a put-back): not yet known to stand
        xs = w.tail(self._live_n)
        return max(xs) - min(xs) <= max(STILL_SPAN_SIGMAS * self.noise.sigma_g, STILL_SPAN_FLOOR_G)

    @property
    def reference_g(self) -> float | None:
        """Last settled total load in grams (None before the first settle)."""
        return self.segmenter.reference_g

    @property
    def on_platform(self) -> bool:
        """False while the glass is lifted (the platform is empty)."""
        return self.segmenter.on_platform

    @property
    def steady(self) -> bool:
        """The load has stood still for the long window (1 s): a weighing may take ``steady_g`` (W-36)."""
        return self.glass_check.steady

    @property
    def steady_g(self) -> float:
        """The whole load on the platform in grams, the load a weighing takes (W-36): the long window's mean and what
        lies beside the glass, weighed out of the samples (0.0 before any sample). Issue 26, a new-user trial: the
        700 g mug swapped in for the 180 g glass during "Glas wiegen" was a quick step onto a standing glass, weighed
        out as a thing beside it (W-37a), and the weighing took the old glass with its beer (415 g)."""
        return self.long.value_g + self.beside_g if len(self.long.window) else 0.0

    @property
    def noise_g(self) -> float:
        """Current estimate of the per-sample noise σ in grams."""
        return self.noise.sigma_g

    # ------------------------------------------------------------------ control
    def restore(self, reference_g: float, attempt_open: bool = False) -> None:
        """Resume after a power cut or a sensor fault: ``reference_g`` is the last settled total load (grams).

        The next settle is compared with it: a change of at least ``report_step_g`` is
        reported (``lifted=False``); a lift starts an attempt from it. With
        ``attempt_open`` (the glass was lifted and had not settled back) the next
        settle ends that attempt (``lifted=True``).
        """
        gone = self.segmenter.drop_beside()  # weighed again from the raw load: a thing still beside it is seen anew
        if gone:
            self.segmenter.move_samples(-gone)
            self._move_frame(-gone)
        self.segmenter.restore(float(reference_g), attempt_open)

    def tare(self) -> None:
        """Re-zero on an empty platform: the current live load becomes 0 g.

        Resets zero tracking; the reference (if any) is kept in the new frame.
        """
        delta = self.live_g
        self._shift_zero(delta)
        self.segmenter.drop_beside()  # what lay beside the glass is part of the new zero
        self.gate.floor_g = self.settings.gate_floor_g
        self.zero.reset()
        self.fast.clear()
        self.long.clear()
        self.gate.reset()
        self.noise.forget_previous()
        self._last_g = 0.0

    def set_glass(self, glass: GlassSettings) -> None:
        """Judge with another glass from the next sample on (W-36): every threshold that depends on the
        glass (lift, put-back, capacity, the pour/push band, the lightest glass standing) follows it at
        once (one slice, ``GlassThresholds``); the reference, the noise estimate and the zero are kept."""
        self.glass = glass
        self.segmenter.set_glass(GlassThresholds.for_glass(self.settings, glass))
        self.glass_check.reset(glass)

    def glass_unknown(self, load_g: float = 0.0) -> None:
        """The glass on the scale is not the glass in use (W-37, e.g. a resumed game's finding): judge with the
        thresholds of an unknown glass (``glass_check.unknown_thresholds``) until ``set_glass``."""
        self.glass_check.fired = True
        self.glass_check.relax(load_g)

    @property
    def pouring(self) -> bool:
        """The verdict after a put-back is due and someone pours into the glass meanwhile (W-38;
        ``EventSegmenter.pouring``): the screens ask to pour only after the verdict while the stream runs."""
        return self.segmenter.pouring

    @property
    def waiting_beside(self) -> bool:
        """The verdict of a put-back waits for a thing laid beside the glass just then to be taken away (W-37a,
        W-37b; ``EventSegmenter.waiting_beside``): the screens ask for that."""
        return self.segmenter.waiting_beside

    @property
    def beside_g(self) -> float:
        """What lies beside the glass and is taken out of every sample (grams; W-37a: a phone laid on the platform
        beside the standing glass, until it is taken away)."""
        return sum(self.segmenter.beside)

    def _reframe(self, delta_g: float, accepted: list[tuple[float, float]], t_s: float) -> None:
        """From the sample after ``t_s`` on, ``delta_g`` grams more are taken out of every sample (the segmenter has
        moved its windows already): ``_move_frame``, and the accepted samples not yet fed."""
        self._move_frame(delta_g)
        i = next(i for i, (t, _g) in enumerate(accepted) if t == t_s) + 1
        accepted[i:] = [(t, g - delta_g) for t, g in accepted[i:]]

    def _move_frame(self, delta_g: float) -> None:
        """``delta_g`` grams more are taken out of every sample from the next on (a thing beside the glass laid or
        taken away): the calibration's zero, the gate's memory and floor, the noise estimate's last sample."""
        self.calibration.shift_zero(delta_g)
        self.gate.shift(delta_g)
        self.gate.floor_g = self.settings.gate_floor_g - self.beside_g  # the floor stays where the empty platform is
        self.noise.forget_previous()

    def _shift_zero(self, delta_g: float) -> None:
        self.calibration.shift_zero(delta_g)
        self.gate.shift(delta_g)
        self.segmenter.shift(delta_g)
        self.noise.forget_previous()
