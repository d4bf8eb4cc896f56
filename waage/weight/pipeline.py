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
from waage.weight.events import Sample, WeightEvent
from waage.weight.gate import OutlierGate
from waage.weight.glass_check import GlassCheck
from waage.weight.segment import EventSegmenter
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings
from waage.weight.settle import NoiseEstimator, SettleDetector, tremor_omegas
from waage.weight.zero import ZeroTracker

__all__ = ["WeightPipeline", "HAND_TREMOR_HZ"]

#: frequencies (Hz) of the hand-tremor test after a put-back (physiological tremor 6–12 Hz, ±1 Hz)
HAND_TREMOR_HZ = (5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0)


class WeightPipeline:
    """Raw HX711 samples in, weight events out (W-30 … W-35).

    settings: stage tuning; calibration: counts -> grams (offset = empty platform);
    glass: the glass (lift threshold = ``lift_fraction × glass_g``; loads above
    ``glass_g + glass_capacity_g + capacity_margin_g`` never settle, W-35);
    sample_rate_hz: nominal SPS (10 or 80), turns the windows' seconds into samples.

    ``feed(sample)`` returns the events the sample completes, each stamped with that
    sample's ``t_s``. Raises ValueError for a zero ``counts_per_gram``.
    """

    def __init__(
        self,
        settings: PipelineSettings,
        calibration: Calibration,
        glass: GlassSettings,
        sample_rate_hz: float = 80.0,
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
        self.noise = NoiseEstimator(s.noise_init_g, s.noise_tau_s, sample_rate_hz, s.noise_floor_g, s.noise_ceiling_g,
                                    s.noise_prior_s)
        self.fast = SettleDetector(
            s.fast_window_s, sample_rate_hz, s.fast_min_samples, s.fast_std_factor, s.drift_sigmas, s.drift_floor_g,
            s.tremor_factor, s.tremor_ratio,
        )
        self.long = SettleDetector(  # no tremor test: the long window and the hold outlast a hand
            s.long_window_s, sample_rate_hz, s.long_min_samples, s.std_factor, s.drift_sigmas, s.drift_floor_g,
            tremor_factor=float("inf"),
        )
        self.zero = ZeroTracker(s.zero_band_g, s.zero_step_g, s.zero_interval_s)
        self.segmenter = EventSegmenter(
            self.fast,
            self.long,
            self.noise,
            **self._glass_thresholds(glass),
            report_step_g=s.report_step_g,
            unlifted_hold_s=s.unlifted_hold_s,
            zero=self.zero,
            zero_hold_s=s.zero_hold_s,
            on_zero_shift=self._shift_zero,
            fast_confirm=max(1, int(round(s.fast_confirm_s * sample_rate_hz))),
            # the hold counts from when the HX711's own filter has caught up (4 conversion periods)
            placed_hold_s=s.placed_hold_s,
            hand_power=s.hand_tremor_power,
            hand_trend=s.hand_trend_chi2,
            level_n=int(round(s.level_hold_s * sample_rate_hz)),
            level_band=s.level_band_sigmas,
            hand_skip=int(round(s.hand_skip_s * sample_rate_hz)),
            hand_suspect=s.hand_suspect_fraction,
            hand_second_s=s.hand_second_look_s,
            hand_second_n=int(round(s.hand_second_look_s * sample_rate_hz)),
            hand_hold_s=s.hand_hold_s + 4.0 / sample_rate_hz,
            hand_n=int(round(s.hand_window_s * sample_rate_hz)),  # the segmenter takes at least the fast window
            hand_omegas=tremor_omegas(sample_rate_hz, HAND_TREMOR_HZ),
            plateau_min=max(2, int(round(s.lift_settle_s * sample_rate_hz))),
            plateau_short=max(2, int(round(s.lift_settle_short_s * sample_rate_hz))),
            plateau_rise=max(2, int(round(s.lift_rise_s * sample_rate_hz))),
            ref_lag=max(1, int(round(s.reference_lag_s * sample_rate_hz))),
            fast_learnt_n=(max(s.fast_learnt_min_samples, int(round(s.fast_window_s * sample_rate_hz)))
                           if s.fast_learnt_min_samples else 0),
            noise_learnt_n=max(1, int(round(s.noise_learnt_s * sample_rate_hz))),
        )
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
        fast_push = self.fast.window.push
        long_push = self.long.window.push
        seg = self.segmenter
        check = self.glass_check.step
        for t_s, x in accepted:
            fast_push(x)
            long_push(x)
            self._last_g = x
            ev = seg.step(t_s, x)
            unknown = check(t_s, x)
            if unknown is not None:
                out.append(unknown)
            # the noise estimate learns from quiet samples only (pours and hands are no noise),
            # and from every sample when nothing was quiet for a while (the noise may have grown)
            if seg.quiet or t_s - self._noise_t > self._noise_stale_s:
                self.noise.update(x)
                self._noise_t = t_s
            if ev:
                out.extend(ev)
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
        """The long window's mean in grams (the load a weighing takes; 0.0 before any sample)."""
        return self.long.value_g if len(self.long.window) else 0.0

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
        self.segmenter.restore(float(reference_g), attempt_open)

    def tare(self) -> None:
        """Re-zero on an empty platform: the current live load becomes 0 g.

        Resets zero tracking; the reference (if any) is kept in the new frame.
        """
        delta = self.live_g
        self._shift_zero(delta)
        self.zero.reset()
        self.fast.clear()
        self.long.clear()
        self.gate.reset()
        self.noise.forget_previous()
        self._last_g = 0.0

    def set_glass(self, glass: GlassSettings) -> None:
        """Judge with another glass from the next sample on (W-36): every threshold that depends on the
        glass (lift, put-back, capacity, the pour/push band, the lightest glass standing) follows it at
        once; the reference, the noise estimate and the zero are kept."""
        self.glass = glass
        self.segmenter.set_glass_thresholds(**self._glass_thresholds(glass))
        self.glass_check.reset(glass)

    def glass_unknown(self, load_g: float = 0.0) -> None:
        """The glass on the scale is not the glass in use (W-37, e.g. a resumed game's finding): judge with the
        thresholds of an unknown glass (``glass_check.unknown_thresholds``) until ``set_glass``."""
        self.glass_check.fired = True
        self.glass_check.relax(load_g)

    def _glass_thresholds(self, glass: GlassSettings) -> dict[str, float]:
        """The segmenter's glass-dependent thresholds (grams of total load) for ``glass``."""
        s = self.settings
        return {
            "lift_g": s.lift_fraction * glass.glass_g,
            "place_g": s.place_fraction * glass.glass_g,
            "max_load_g": glass.glass_g + glass.glass_capacity_g + s.capacity_margin_g,
            "push_g": glass.refill_threshold_g,
            "min_glass_g": glass.glass_g - s.report_step_g,
        }

    def _shift_zero(self, delta_g: float) -> None:
        self.calibration.shift_zero(delta_g)
        self.gate.shift(delta_g)
        self.segmenter.shift(delta_g)
        self.noise.forget_previous()
