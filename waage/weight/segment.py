"""Stage 4: event segmentation (W-30 … W-35, W-38): lifts, put-backs, settled changes, pours after a put-back.

A state machine over the gated samples; each state has one small method (``_on_<state>``)::

           first settle              lift (below lift_g)
    INIT ───────────────────► ON ─────────────────────────► OFF
                              ▲                              │
                              │ the verdict (WeightSettled,  │ put-back (above place_g):
                              │ lifted); W-38: a pour before │ GlassPlaced
                              │ it (measured or unmeasured)  ▼
                              └─────────────────────────── PLACED
                                                             │ lift before the verdict
                                                             └──► OFF (W-30: the same attempt)

Stages with their own settings slices and tests: the hand guard (``hand_guard.py``, at
the verdict after a put-back), the plateau search (``plateau.py``, at a lift from ON), the
pour search (``pour.py``, W-38, at the verdict after a put-back) and the drift tracker
(``drift.py``, the zero's slope followed across a lift). The glass-dependent
thresholds are one slice (``GlassThresholds``) that ``set_glass`` replaces at once (W-36).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum

from waage.weight.drift import DriftSettings, DriftTracker
from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, WeightEvent, WeightSettled
from waage.weight.hand_guard import HandGuard, HandGuardSettings
from waage.weight.plateau import PlateauSearch, PlateauSettings
from waage.weight.pour import PourSettings, PourSplit, PourWatch
from waage.weight.settle import NoiseEstimator, SettleDetector
from waage.weight.zero import ZeroTracker

__all__ = ["EventSegmenter", "GlassThresholds", "Reframe", "SegmentSettings", "State", "HX711_SETTLING_PERIODS"]

#: the HX711's own settling: its digital filter settles in 4 conversion periods (hx711.md §2)
HX711_SETTLING_PERIODS = 4
#: while a thing lies beside the glass, a change without a lift is reported once it stood this long (seconds): a
#: hand laid on the platform rests a few seconds and its force wanders (as W-37's heavier glass, ``HEAVY_HOLD_S``)
BESIDE_HOLD_S = 5.0
#: quick rises without a lift the segmenter remembers (a thing laid beside the glass within its capacity, booked as
#: a refill by W-33: a lift that leaves it on the platform is still a lift)
QUICK_RISES_KEPT = 4
#: a rise whose middle (from the reference + the refill threshold to the level less it) took less than this, plus the
#: sensor's own settling, was laid down (a phone: 0.05–0.2 s), not poured: a pour of 50 g takes 0.2 s at 150 g/s, of
#: 100 g 0.5 s (seconds)
LAID_S = 0.25
#: a rise laid down (``LAID_S``) of at least this is a thing beside the glass even within its capacity (W-35; a phone
#: weighs 140–330 g), not a refill: pouring this much takes 0.93 s even at a pitcher's 150 g/s, its middle 0.8 s; at 10
#: SPS a phone's middle through the HX711's filter takes 4–6 samples, a 145 g/s pour of 100 g took 6 (grams)
LAID_THING_G = 140.0
#: a fall below the lift threshold that a thing beside the glass taken away would also bring is a lift when the
#: load has not stood still within this long (seconds; the fast window stands still within 0.3–0.5 s of either)
LIFT_OR_REMOVAL_S = 1.0
#: while the glass is up, the empty platform reading this long below zero by half a thing beside the glass is that
#: thing taken away (seconds; a platform ringing after the lift swings back within a half-period, 25–60 ms)
BESIDE_GONE_S = 0.15


class State(str, Enum):
    """Where the glass is, as the segmenter knows it."""

    INIT = "init"        # no settled reference yet
    ON = "on"            # glass on the platform, reference known (settled or moving)
    OFF = "off"          # platform empty (glass lifted)
    PLACED = "placed"    # back on the platform after a lift, not settled yet


_ON, _OFF, _PLACED = State.ON, State.OFF, State.PLACED


@dataclass(frozen=True, slots=True)
class Reframe(WeightEvent):
    """Internal, never leaves the pipeline: from the next sample on the pipeline takes ``delta_g`` grams more out of
    every sample (positive: a thing was laid beside the glass; negative: it was taken away; W-37a, issue 26)."""

    delta_g: float


@dataclass(frozen=True)
class GlassThresholds:
    """Every threshold that depends on the glass in use (grams of total load; W-35, W-36).

    lift_g: below it the glass is lifted; place_g: above it again it is placed (hysteresis); max_load_g: loads
    above it never settle (a hand pressing, W-35); push_g: the refill threshold (a hand's push as it grabs the
    glass, and the smallest pour after a put-back, W-38); min_glass_g: a steady stretch lighter than it is no
    glass standing (at least ``place_g``).
    """

    lift_g: float
    place_g: float
    max_load_g: float
    push_g: float = 10.0
    min_glass_g: float = 0.0

    @classmethod
    def for_glass(cls, s, glass) -> "GlassThresholds":
        """The thresholds of ``glass`` (GlassSettings) under ``s`` (PipelineSettings)."""
        return cls(
            lift_g=s.lift_fraction * glass.glass_g,
            place_g=s.place_fraction * glass.glass_g,
            max_load_g=glass.glass_g + glass.glass_capacity_g + s.capacity_margin_g,
            push_g=glass.refill_threshold_g,
            min_glass_g=glass.glass_g - s.report_step_g,
        )


@dataclass(frozen=True)
class SegmentSettings:
    """The segmenter's own numbers at one sample rate (samples and seconds), and its stages' slices.

    report_step_g / unlifted_hold_s: a change without a lift; zero_hold_s: the empty platform feeds the zero
    tracker after this long; fast_confirm: samples the fast test must pass in a row after a put-back;
    placed_hold_s: no verdict before this long after GlassPlaced; level_n / level_band: no verdict before the newest
    ``level_n`` samples lie within ± ``level_band`` × σ̂ of the fast window's mean; ref_lag: samples the reference
    reverts when the long window stops being steady; fast_learnt_n / noise_learnt_n: the fast window's length once
    the noise estimate has learnt that many differences (0: unchanged).
    """

    report_step_g: float = 2.0
    unlifted_hold_s: float = 0.5
    zero_hold_s: float = 5.0
    fast_confirm: int = 1
    placed_hold_s: float = 0.0
    level_n: int = 0
    level_band: float = 3.0
    ref_lag: int = 1
    fast_learnt_n: int = 0
    noise_learnt_n: int = 0
    hand: HandGuardSettings = field(default_factory=HandGuardSettings)
    plateau: PlateauSettings = field(default_factory=PlateauSettings)
    pour: PourSettings = field(default_factory=PourSettings)
    drift: DriftSettings = field(default_factory=lambda: DriftSettings(max_g_per_s=0.0))
    #: the conversion period (seconds): where a window's mean stands in time
    period_s: float = 0.0125
    #: samples the middle of a rise laid down (not poured) takes at most (``LAID_S`` and the sensor's settling)
    laid_n: int = 24

    @classmethod
    def from_settings(cls, s, rate_hz: float, settling_periods: int = HX711_SETTLING_PERIODS) -> "SegmentSettings":
        """The slice of ``s`` (PipelineSettings) at ``rate_hz``; ``settling_periods``: the sensor's own settling in
        conversion periods (the HX711's 4)."""
        settling_s = settling_periods / rate_hz
        return cls(
            report_step_g=s.report_step_g,
            unlifted_hold_s=s.unlifted_hold_s,
            zero_hold_s=s.zero_hold_s,
            fast_confirm=max(1, int(round(s.fast_confirm_s * rate_hz))),
            placed_hold_s=s.placed_hold_s,
            level_n=int(round(s.level_hold_s * rate_hz)),
            level_band=s.level_band_sigmas,
            ref_lag=max(1, int(round(s.reference_lag_s * rate_hz))),
            fast_learnt_n=(max(s.fast_learnt_min_samples, int(round(s.fast_window_s * rate_hz)))
                           if s.fast_learnt_min_samples else 0),
            noise_learnt_n=max(1, int(round(s.noise_learnt_s * rate_hz))),
            hand=HandGuardSettings.from_settings(s, rate_hz, settling_s),
            plateau=PlateauSettings.from_settings(s, rate_hz, settling_periods),
            pour=PourSettings.from_settings(s, rate_hz, settling_periods),
            drift=DriftSettings.from_settings(s),
            period_s=1.0 / rate_hz,
            laid_n=int(round(LAID_S * rate_hz)) + settling_periods,
        )


class EventSegmenter:
    """Turns gated samples into ``GlassLifted`` / ``GlassPlaced`` / ``WeightSettled`` / ``AttemptUnmeasured``.

    Per sample (``step(t_s, x_g)``) the sample has already been pushed into the ``fast`` and ``long`` settle
    detectors and the noise estimator. Rules, per state:

    * INIT: the first settle of the fast window sets the reference silently (ON, or OFF when below ``lift_g``).
    * ON: below ``lift_g`` -> ``GlassLifted`` (a change that settled just before it is reported first: the plateau
      search, issue 12). Otherwise the *long* detector tracks the reference: a change of less than
      ``report_step_g`` moves it silently (drift, creep, evaporation); a bigger one after motion, steady for
      ``unlifted_hold_s`` more, is ``WeightSettled(lifted=False)`` (pour, spill, straw, W-33/W-34), but a rise of
      at least ``LAID_THING_G`` laid down (``_a_thing``) is a thing beside the glass, weighed out (W-35). When the long
      window stops being steady the reference goes back ``ref_lag`` samples. Loads above ``max_load_g`` (W-35)
      never settle.
    * OFF: above ``place_g`` -> ``GlassPlaced``; the empty platform, settled for ``zero_hold_s``, feeds the zero
      tracker (the correction goes to ``on_zero_shift``).
    * PLACED: a lift continues the attempt (W-30). The *fast* detector decides: steady for ``fast_confirm`` samples
      in a row, not before ``placed_hold_s`` after GlassPlaced, the newest ``level_n`` samples at the level; then
      the hand guard looks; then the pour search (W-38): a pour after a level that stood long enough ends the
      attempt there, a pour sooner gives ``AttemptUnmeasured``, and either way the segmenter is ON at that level
      with the rise still to settle (the refill). Else ``WeightSettled(before_g=the reference before the first
      lift, after_g=the settled load, lifted=True)``, always, even for 0 g. A thing laid beside the glass before
      the verdict (above the capacity: the glass check calls ``lay_beside_placed``) ends the attempt at the level
      before it the same way (W-37a, W-37b); a thing taken away before the verdict (the load stood at the settled
      level + the thing first) leaves the frame, and the level settles anew.
    """

    def __init__(
        self,
        fast: SettleDetector,
        long: SettleDetector,
        noise: NoiseEstimator,
        glass: GlassThresholds,
        settings: SegmentSettings | None = None,
        zero: ZeroTracker | None = None,
        on_zero_shift=None,
    ) -> None:
        s = settings or SegmentSettings()
        self.settings = s
        self.fast = fast
        self.long = long
        self.noise = noise
        self.zero = zero
        self.on_zero_shift = on_zero_shift
        #: W-37a: the things lying beside the glass (grams each, in the order laid) that the pipeline takes out of
        #: every sample (``Reframe``): the segmenter weighs the glass alone
        self.beside: list[float] = []
        #: while something lies beside the glass: the last steady level on the platform (``ref_lag`` windows back; its
        #: removal is a fall from it), and the level a change's hold began at and when (``_beside_step``)
        self._beside_level_g = self._beside_hold_g = 0.0
        self._beside_since = 0.0
        #: ON: the quick rises without a lift booked as changes (grams, newest last): things laid beside the glass
        #: within its capacity (``_left_by_lift``)
        self._quick_rises: deque[float] = deque(maxlen=QUICK_RISES_KEPT)
        #: ON: the rise still to settle is a pour that followed the put-back (W-38, ``_pour_followed``), never a thing
        #: laid beside the glass (``_a_thing``)
        self._poured = False
        #: OFF: the samples since the glass last settled before the lift, when the load had risen by the refill
        #: threshold in them (a thing laid just before the lift: ``_left_at_lift``), until the platform stands still
        self._pre_lift: list[float] | None = None
        #: ON: when the load fell below the lift threshold to where a thing's removal could also bring it
        #: (``_on_lift_or_removal``)
        self._pending_t = 0.0
        #: PLACED: the load (grams) a thing laid beside the glass just put back brought, while the verdict waits for
        #: its removal (``lay_beside_placed``); then the level the load came back from (``_resettle``); a change
        #: of state ends both (``_enter``)
        self._beside_wait: float | None = None
        self._resettled_from: float | None = None
        #: OFF: samples in a row that read a thing beside the glass gone, and how many make it so (``BESIDE_GONE_S``)
        self._gone_n = 0
        self._gone_k = max(2, int(round(BESIDE_GONE_S / s.period_s)))
        self.set_glass(glass)
        self.hand_guard = HandGuard(s.hand, fast.window.n)
        self.plateau = PlateauSearch(s.plateau, long)
        #: the pour search after a put-back (W-38); None: off
        self.pour: PourSplit | None = PourSplit(s.pour, long, self.plateau.short_n) if s.pour.level_n else None
        #: PLACED: a pour under way before the verdict, for the screens (``pouring``)
        self._pour_watch: PourWatch | None = PourWatch(s.pour) if self.pour is not None else None
        #: the zero's drift slope, followed across a lift (a cold load cell warming up)
        self.drift = DriftTracker(s.drift)
        #: how long before a sample the long window's mean stands in time (its middle; seconds)
        self._long_mid_s = 0.5 * long.window.n * s.period_s
        #: when the reference stood (the middle of the window it is the mean of) and, at a lift, the attempt's
        self._ref_t: float | None = None
        self._attempt_t: float | None = None
        self.state = State.INIT
        #: ``step`` is the current state's own method (``_enter``): one call per sample, no dispatch
        self.step = self._on_init
        self.reference_g: float | None = None
        self.attempt_before_g: float | None = None
        #: the last sample passed a steady test (the noise estimate learns only from such samples)
        self.quiet = False
        self._last_x = 0.0
        # ON: motion since the last settle, the start of a change's hold and the level it began at
        self._moved = False
        self._steady_since: float | None = None
        self._hold_level_g = 0.0
        #: ON: the samples since the glass last settled on the platform (the plateau search at a lift)
        self._hist: deque[float] = deque(maxlen=max(self.plateau.max_n, long.window.n) * 3)
        #: ON: the reference of the last ``ref_lag`` steady samples (oldest first)
        self._ref_lag: deque[float] = deque(maxlen=max(1, s.ref_lag))
        # OFF: since when
        self._off_since = 0.0
        # PLACED: since when, samples the fast test passed in a row, the samples since GlassPlaced (W-38)
        self._placed_t = -math.inf
        self._hold_until = -math.inf
        self._fast_count = 0
        self._placed_hist: deque[float] = deque(maxlen=s.pour.max_n)

    @classmethod
    def from_settings(cls, settings, rate_hz: float, glass=None, *, settling_periods: int = HX711_SETTLING_PERIODS,
                      zero: ZeroTracker | None = None, on_zero_shift=None) -> "EventSegmenter":
        """A segmenter with its own fast and long settle detectors and noise estimator.

        settings: PipelineSettings; rate_hz: nominal SPS (turns seconds into samples); glass: GlassSettings (None:
        the defaults); settling_periods: the sensor's own settling in conversion periods; zero / on_zero_shift: the
        zero tracker of the empty platform and who applies its corrections.
        """
        from waage.weight.settings import GlassSettings

        s = settings
        noise = NoiseEstimator(s.noise_init_g, s.noise_tau_s, rate_hz, s.noise_floor_g, s.noise_ceiling_g,
                               s.noise_prior_s)
        fast = SettleDetector(s.fast_window_s, rate_hz, s.fast_min_samples, s.fast_std_factor, s.drift_sigmas,
                              s.drift_floor_g, s.tremor_factor, s.tremor_ratio)
        long = SettleDetector(  # no tremor test: the long window and the hold outlast a hand
            s.long_window_s, rate_hz, s.long_min_samples, s.std_factor, s.drift_sigmas, s.drift_floor_g,
            tremor_factor=float("inf"))
        return cls(fast, long, noise, GlassThresholds.for_glass(s, glass or GlassSettings()),
                   SegmentSettings.from_settings(s, rate_hz, settling_periods), zero, on_zero_shift)

    # ------------------------------------------------------------------ the glass slice (W-36)
    # lift_g (below it the glass is lifted), place_g (above it again it is placed), max_load_g (loads above it never
    # settle, W-35) and push_g (the refill threshold: a hand's push, the smallest pour after a put-back) are plain
    # attributes copied from ``glass`` by ``set_glass``: read at every sample, a property's call cost 4 % of the
    # pipeline's time (issue 26)

    @property
    def min_glass_g(self) -> float:
        """A steady stretch lighter than this is no glass standing."""
        return max(self.glass.min_glass_g, self.glass.place_g)

    def set_glass(self, glass: GlassThresholds) -> None:
        """Another glass is in use (W-36): all its thresholds at once, from the next sample; the reference and the
        state are kept."""
        self.glass = glass
        self.lift_g, self.place_g, self.max_load_g, self.push_g = glass.lift_g, glass.place_g, glass.max_load_g, \
            glass.push_g
        #: ON: a steady long window above this does not settle: the capacity (W-35); nothing while something lies
        #: beside the glass (a hand laid there wanders; only its removal is looked for, ``_beside_step``)
        self._settle_max_g = -math.inf if self.beside else glass.max_load_g

    def set_glass_thresholds(self, lift_g: float, place_g: float, max_load_g: float, push_g: float,
                             min_glass_g: float) -> None:
        """``set_glass`` with the thresholds one by one (grams of total load)."""
        self.set_glass(GlassThresholds(lift_g, place_g, max_load_g, push_g, min_glass_g))

    # ------------------------------------------------------------------ the hand guard's counters (the bench)
    @property
    def hand_holds(self) -> int:
        """Put-backs on which the hand guard held the verdict."""
        return self.hand_guard.holds

    @property
    def hand_second_looks(self) -> int:
        """Put-backs the hand guard looked at twice."""
        return self.hand_guard.second_looks

    @property
    def last_hand_evidence(self) -> tuple[int, float, float] | None:
        """(run length, tremor peak, trend χ²) of the hand guard's last look."""
        return self.hand_guard.last_evidence

    # ------------------------------------------------------------------ for the pipeline
    @property
    def on_platform(self) -> bool:
        """False while the platform is empty (glass lifted)."""
        if self.state is State.INIT:
            return self._last_x >= self.lift_g
        return self.state is not State.OFF

    def restore(self, reference_g: float, attempt_open: bool = False) -> None:
        """Resume with a known settled reference (after a power cut or a sensor fault).

        attempt_open: the glass had been lifted and not yet settled back: the next
        settle ends that attempt (``WeightSettled(lifted=True)`` from ``reference_g``).
        """
        self.reference_g = reference_g
        self._moved = True
        self._steady_since = None
        self._hist.clear()
        self._ref_lag.clear()
        self._ref_t = self._attempt_t = None
        self.drift.end()
        if attempt_open:
            self.attempt_before_g = reference_g
            self._enter(_PLACED)
            self._placed_t = -math.inf
            self._fast_count = 0
            self._placed_hist.clear()
            self._watch_reset()
        else:
            self.attempt_before_g = None
            self._enter(_ON)

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g`` (tare): keep references in the new frame."""
        if self.reference_g is not None:
            self.reference_g -= delta_g
        if self.attempt_before_g is not None:
            self.attempt_before_g -= delta_g
        self._steady_since = None
        self._ref_lag.clear()
        self.drift.shift(delta_g)

    def step(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """Process one gated sample (grams); returns the events it completes (or None).

        Each instance's ``step`` is its current state's method itself, bound by ``_enter`` (the one way the state
        changes); this one only documents the call and dispatches by ``state`` when called on the class."""
        return self._handlers[self.state](t_s, x)

    def _enter(self, state: State) -> None:
        """The segmenter is in ``state`` from the next sample on: ``step`` becomes that state's method (a dispatch
        per sample cost the pipeline 2–3 % of its time, issue 26)."""
        self.state = state
        self.step = self._handlers[state]
        self._beside_wait = self._resettled_from = None

    @property
    def _handlers(self) -> dict[State, Callable[[float, float], list[WeightEvent] | None]]:
        """Each state's method (bound to this segmenter)."""
        return {_ON: self._on_on, _OFF: self._on_off, _PLACED: self._on_placed, State.INIT: self._on_init}

    # ------------------------------------------------------------------ INIT
    def _on_init(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """The first settle sets the reference silently."""
        self._last_x = x
        self.quiet = q = self.fast.steady(self.noise.sigma_g)
        if not q:
            return None
        m = self.fast.mean()
        if m > self.max_load_g:
            return None
        self.reference_g = m
        if m >= self.lift_g:
            self._enter_on()
        else:
            self._enter(_OFF)
            self._off_since = t_s
        self._moved = False
        return None

    # ------------------------------------------------------------------ ON
    def _on_on(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """On the platform: a lift, or the reference tracked by the long window (a change without a lift)."""
        if x < self.lift_g:
            if self.beside and self._removal_levels(self.lift_g + self.push_g):
                self._pending_t = t_s  # a lift, or a thing beside the glass taken away: the level it stands at tells
                self.step = self._on_lift_or_removal
                return None
            return self._lift_from_on(t_s)
        self._hist.append(x)
        sigma = self.noise.sigma_g
        self.quiet = q = self.long.steady(sigma)
        if not q and self._steady_since is not None and self._hold_blip(sigma):
            return None  # a noise blip of the half-mean test during the hold, not a top-up: the hold goes on
        if not q:
            if not self.beside and self.reference_g is not None and self.fast.steady(sigma):
                left = self._lifted_off_a_thing(t_s)
                if left is not None:
                    return left
            if not self._moved or self._steady_since is not None:
                self._moving()  # (already moving: nothing to undo, and the drift's stretch has ended)
            return None
        m = self.long.mean()
        if m > self._settle_max_g:
            self._moved = True
            self._steady_since = None
            self.drift.end()
            return self._beside_step(t_s, m) if self.beside else None
        ref = self.reference_g
        if ref is None or abs(m - ref) < self.settings.report_step_g:
            self._follow(t_s, m)  # the hot path: a glass standing still
            self._ref_lag.append(m)
            self._moved = False
            self._steady_since = None
            return None
        if not self._moved:
            # steady all along yet far from the reference: slow drift, follow it
            self._follow(t_s, m)
            return None
        if m >= self.lift_g and abs(ref - m) >= self.push_g:
            left = self._left_by_lift(ref, m)
            if left is not None:
                return self._lift_leaving(t_s, m, left)
        return self._change_held(t_s, ref, m)

    def _follow(self, t_s: float, m: float) -> None:
        """The reference follows the still-standing load (the long window's mean ``m``)."""
        self.reference_g = m
        self._ref_t = t_s - self._long_mid_s
        drift = self.drift
        if t_s >= drift.counts_from_s:
            drift.level(t_s, m)

    def _moving(self) -> None:
        """The long window stopped being steady."""
        if not self._moved and self._ref_lag:
            # the window still passed while taking in the start of this change (a hand's push as it
            # grabs the glass, the first samples of a pour): the reference from before it
            self.reference_g = self._ref_lag[0]
        self._ref_lag.clear()
        self._moved = True
        self._steady_since = None
        self.drift.end()

    # ------------------------------------------------------------------ things beside the glass (W-37a)
    def lay_beside(self, t_s: float, load_g: float) -> Reframe:
        """W-37a: a thing of ``load_g`` grams was laid beside the standing glass (the glass check found a quick step
        above the capacity). The pipeline takes it out of every sample from the next on (the returned ``Reframe``);
        the windows' samples move into that frame now, the reference (the glass's level) stays. Until it is taken
        away nothing settles without a lift (a hand laid there wanders); lifts and verdicts weigh the glass alone.
        """
        self.move_samples(load_g)
        self.beside.append(load_g)
        self._settle_max_g = -math.inf
        self._beside_level_g = self._beside_hold_g = self.long.mean()
        self._beside_since = t_s
        return Reframe(t_s, load_g)

    def lay_beside_placed(self, t_s: float, load_g: float, quick_s: float, wait: bool = False
                          ) -> list[WeightEvent] | None:
        """W-37a between a put-back and its verdict (issue 26): the load stands steady at ``load_g``, above the
        capacity, after a quick step (under ``quick_s`` seconds) from the put-back's level: a phone laid beside the
        glass just put back. W-37b: a put-back during an attempt is the drinker's glass, so the step is no other
        glass. The attempt ends at the level the glass stood at before the step (``PourSplit.level_before_step``):
        its verdict when that level stood as long as W-38 asks; else, with ``wait``, the verdict waits for the thing
        to be taken away (``waiting_beside``: when the load comes back within the capacity the glass's level settles
        anew, ``_resettle``, and is judged as any put-back; an independent check laid phones 0–0.6 s after the
        touch-down for 4–13 s; the glass check calls again without ``wait`` after ``BESIDE_WAIT_S``); without it
        ``AttemptUnmeasured(cause="beside")`` (the drinker drinks again); where no level showed but the set-down's
        ramp ended within the capacity, unmeasured with the glass taken as heavy as before the lift (its removal then
        shows the drink as a fall, never a refill). Then the segmenter is ON at that level and the thing is weighed
        out (``lay_beside``). Returns the events and, last, the ``Reframe``; None while it waits, and when the
        put-back's ramp itself ended above the capacity (by W-37a a placement can be another glass; at 10 SPS the
        HX711's filter blends a thing laid as the glass came down into the put-back) or the load rose slowly
        (poured in, W-37a)."""
        self._beside_wait = None
        if self.state is not _PLACED or self.attempt_before_g is None or self.pour is None:
            return None
        quick_n = max(2, int(round(quick_s / self.settings.period_s)))
        found = self.pour.level_before_step(list(self._placed_hist), self.max_load_g, self.noise.sigma_g, self.push_g,
                                            quick_n)
        if found is None or found.level_g < self.min_glass_g:
            return None
        if wait and not found.measured:
            self._beside_wait = load_g
            return None
        out = self._pour_followed(t_s, found.measured, found.level_g, found.end, cause="beside")
        out.append(self.lay_beside(t_s, load_g - self.reference_g))
        return out

    @property
    def pouring(self) -> bool:
        """The verdict after a put-back is due and someone pours into the glass meanwhile (W-38, ``PourWatch``): the
        screens ask to pour only after the verdict while the stream runs."""
        return self.state is _PLACED and self._pour_watch is not None and self._pour_watch.pouring

    def _watch_reset(self) -> None:
        if self._pour_watch is not None:
            self._pour_watch.reset()

    @property
    def waiting_beside(self) -> bool:
        """The verdict waits for a thing laid beside the glass just put back to be taken away (``lay_beside_placed``
        with ``wait``)."""
        return self._beside_wait is not None

    def laid_within(self, load_g: float) -> float | None:
        """ON: a quick rise booked as a change (a thing laid beside the glass within its capacity, a refill by W-33)
        without which ``load_g``, steady above the capacity, lies within it again (grams of that rise), or None."""
        if self.state is not _ON:
            return None
        return next((q for q in reversed(self._quick_rises) if load_g - q <= self.max_load_g), None)

    def lay_beside_booked(self, t_s: float, rise_g: float) -> list[WeightEvent]:
        """W-37a (issue 26, found by a random sequence of phones and pours): a load steady above the capacity after a
        pour, which a quick rise of ``rise_g`` booked before (``laid_within``) brings back within it, is no other
        glass: that rise was a thing laid beside the glass. It leaves the reference and is weighed out
        (``lay_beside``); the pour is reported as any change while a thing lies there (``_beside_step``). Returns the
        ``Reframe``."""
        self._quick_rises.remove(rise_g)
        self.reference_g -= rise_g
        return [self.lay_beside(t_s, rise_g)]

    def _beside_step(self, t_s: float, m: float) -> list[WeightEvent] | None:
        """ON, something beside the glass, the long window steady at ``m``: a fall of at least half the lightest
        thing there is a thing taken away. Else the level is noted (``ref_lag`` steady windows back, as the
        reference is: a lift reports a change to it first, ``_lift_from_on``), and a level at least the refill
        threshold from the reference that stood within ``report_step_g`` for ``BESIDE_HOLD_S`` is a change
        without a lift (a pour while a phone lies there; a hand's force wanders, and rests a few seconds)."""
        drop = self._beside_level_g - m
        if drop >= 0.5 * min(self.beside):
            return self._take_away(t_s, drop)
        lag = self._ref_lag
        lag.append(m)
        self._beside_level_g = lag[0]
        if abs(m - self._beside_hold_g) > self.settings.report_step_g:
            self._beside_hold_g, self._beside_since = m, t_s
            return None
        ref = self.reference_g
        if ref is None or abs(m - ref) < self.push_g or t_s - self._beside_since < BESIDE_HOLD_S:
            return None
        self.reference_g = self._beside_level_g = m
        self._ref_t = t_s - self._long_mid_s
        lag.clear()
        return [WeightSettled(t_s, before_g=ref, after_g=m, lifted=False)]

    def _removal_levels(self, below_g: float) -> list[float]:
        """The levels below ``below_g`` (grams, in the frame without the things beside the glass) the glass's
        reference would fall to if one thing beside it, or all of them, were taken away."""
        ref = self.reference_g
        if ref is None:
            return []
        return [ref - q for q in self._drops() if ref - q < below_g]

    def _on_lift_or_removal(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """ON, something beside the glass, and the load fell below the lift threshold where taking a thing away would
        bring it too (a 330 g phone beside a glass at 460 g: its removal leaves 130 g in the frame without it; issue
        26, found by a random sequence of phones and sips). The fast window decides once it stands still: at a level
        a removal leaves (within the refill threshold, and not at the empty platform's 0) the thing was taken away
        (``_take_away``, nothing logged); else, or after ``LIFT_OR_REMOVAL_S`` without standing still, a lift
        (``GlassLifted`` as late as that); back above the lift threshold, neither."""
        if not self.fast.steady(self.noise.sigma_g):
            if t_s - self._pending_t < LIFT_OR_REMOVAL_S:
                return None
            self.step = self._on_on
            return self._lift_from_on(t_s)
        self.step = self._on_on
        m = self.fast.mean()
        if m >= self.lift_g:
            return None
        band = self.push_g
        if abs(m) > band and any(abs(m - level) <= band for level in self._removal_levels(self.lift_g + band)):
            return self._take_away(t_s, self.reference_g - m)
        return self._lift_from_on(t_s)

    def _take_away(self, t_s: float, drop_g: float) -> list[WeightEvent]:
        """A thing beside the glass was taken away, the load fell by ``drop_g``: the thing whose weight is nearest
        (or all of them, when their sum is nearer) leaves ``beside``; the windows' samples move back into the frame
        without it, and the returned ``Reframe`` tells the pipeline. The glass's level is judged from the next
        steady window as after any motion (a change while the thing lay is reported then)."""
        items = self.beside
        k = min(range(len(items)), key=lambda i: abs(items[i] - drop_g))
        total = sum(items)
        if abs(total - drop_g) < abs(items[k] - drop_g):
            gone = total
            items.clear()
        else:
            gone = items.pop(k)
        self.move_samples(-gone)
        self._steady_since = None
        if not items:
            self._settle_max_g = self.glass.max_load_g
        self._beside_level_g = self._beside_hold_g = self.long.mean()
        self._beside_since = t_s
        return [Reframe(t_s, -gone)]

    def move_samples(self, delta_g: float) -> None:
        """The pipeline's frame moved: the windows' samples read ``delta_g`` grams less; the samples kept since the
        last settle (the plateau search's, the reference's lag) were of the other frame and are dropped."""
        self.fast.window.shift(delta_g)
        self.long.window.shift(delta_g)
        self._hist.clear()
        self._ref_lag.clear()

    def drop_beside(self) -> float:
        """Forget the things beside the glass (a tare made them part of the zero); returns their weight (grams)."""
        gone = sum(self.beside)
        self.beside.clear()
        self._settle_max_g = self.glass.max_load_g
        return gone

    def _change_held(self, t_s: float, ref: float, m: float) -> list[WeightEvent] | None:
        """A change without a lift, steady again: reported once it held ``unlifted_hold_s``."""
        if self._steady_since is None:
            self._steady_since = t_s
            self._hold_level_g = m
        if t_s - self._steady_since < self.settings.unlifted_hold_s:
            return None
        rises = self._quick_rises
        if m - ref >= self.push_g:
            if self._rose_quickly(ref, m):
                if self._a_thing(ref, m):
                    return self._laid_within(t_s, m - ref)
                rises.append(m - ref)  # laid down, not poured: maybe a thing beside the glass
        elif rises and ref - m >= self.push_g:
            gone = next((q for q in rises if abs(q - (ref - m)) <= self.push_g), None)
            if gone is not None:
                rises.remove(gone)  # that thing was taken away
        self.reference_g = m
        self._ref_t = t_s - self._long_mid_s
        self._ref_lag.clear()
        self._moved = False
        self._steady_since = None
        self._poured = False
        self.drift.transition(t_s)
        return [WeightSettled(t_s, before_g=ref, after_g=m, lifted=False)]

    def _laid_within(self, t_s: float, thing_g: float) -> list[WeightEvent]:
        """ON, no lift: a rise of ``thing_g`` grams (at least ``LAID_THING_G``) was laid down, not poured, and stood
        ``unlifted_hold_s``: a phone or a hand laid beside the glass within its capacity is W-35, not a refill
        (W-37a names the quick step above the capacity; the same step within it changes the glass no more; issue 26,
        an independent check: 48 of 80 phones booked as a refill and their removal as a fall). It is weighed out as
        above the capacity (``lay_beside``: its removal is nothing, a sip meanwhile is judged without it). Returns
        the ``Reframe``."""
        self._steady_since = None
        self._moved = False
        self.drift.end()
        return [self.lay_beside(t_s, thing_g)]

    def _left_by_lift(self, ref: float, m: float) -> bool | None:
        """ON, the long window steady at ``m``, above the lift threshold and at least the refill threshold from the
        reference ``ref``: was the glass lifted off a platform that keeps a thing of ``m`` grams (issue 26, a
        new-user trial: a 200 g phone beside the 350 g glass hid every lift, each sip a fall)? Yes when the load
        stood at about ``ref + m`` since the glass last settled (the thing laid just before the lift: False, the
        reference is the glass's), or, at least an empty glass below the reference, when a quick rise of about ``m``
        was booked as a change (a thing within the capacity, a refill by W-33: True, the reference holds it). A
        drink cannot take an empty glass's weight without a lift, and a thing taken away leaves the glass, not a
        load it was laid as. None: neither, or the thing weighs what the glass does (its removal looks the same)."""
        band = self.push_g
        if self._stood_at(self._hist, ref + m):
            return False
        # the reference holds the thing: taking it away would leave ref - m, the glass; when that is about m, the
        # thing weighs what the glass does and its removal looks the same (a fall, as W-34 says)
        if ref - m >= self.min_glass_g and abs(ref - 2.0 * m) > band and any(abs(q - m) <= band
                                                                             for q in self._quick_rises):
            return True
        return None

    def _lifted_off_a_thing(self, t_s: float) -> list[WeightEvent] | None:
        """ON, the long window still moving, the fast one steady at ``m``: the glass lifted off a thing laid beside it
        just before, which stays on the platform above the lift threshold (issue 26, a new-user trial: a 300 g phone,
        the glass lifted 1.6 s later and put back 0.8 s after that, before the long window stood still: the whole
        attempt was lost, and the phone's removal became a fall of the drink). Yes when ``m`` is at least the lift
        threshold, at least an empty glass below the reference (no drink takes that without a lift), and the load
        stood at the reference + ``m`` a moment before (``_stood_at``): ``_lift_leaving``; else None."""
        m = self.fast.mean()
        ref = self.reference_g
        if m < self.lift_g or ref - m < self.min_glass_g or not self._stood_at(self._hist, ref + m):
            return None
        return self._lift_leaving(t_s, m, False)

    def _stood_at(self, xs, level_g: float) -> bool:
        """At least the plateau search's ``short_n`` of the samples ``xs`` lie within the refill threshold of
        ``level_g`` (grams): the load stood there a moment."""
        band = self.push_g
        return sum(1 for x in xs if abs(x - level_g) <= band) >= self.plateau.short_n

    def _lift_leaving(self, t_s: float, m: float, in_reference: bool) -> list[WeightEvent]:
        """The glass was lifted and a thing of ``m`` grams stays on the platform (``_left_by_lift``): ``GlassLifted``
        (as late as the long window showed it) from the glass's own level (the reference less the thing when a
        refill booked it), and the thing weighed out from the next sample (``lay_beside``; the returned
        ``Reframe`` last): the put-back then weighs the glass alone, and its removal is nothing."""
        if in_reference:
            self.reference_g -= m
            self._quick_rises.clear()
        out = [self._lift(t_s)]
        out.append(self.lay_beside(t_s, m))
        return out

    def _hold_blip(self, sigma_g: float) -> bool:
        """During the hold of a change without a lift: the long window failed its steady test, but only its
        half-mean test and with its mean within half of ``report_step_g`` of the level the hold began at.

        A top-up moves the level by grams; the half-mean test at 4 standard errors of 6 + 6 samples (10 SPS, an
        accurate σ̂ of 0.1 g: 0.22 g) is failed by noise plus the load cell's creep now and then, and each failure
        used to restart the 1.5 s hold (a refill reported seconds late, during the next bump).
        """
        w = self.long.window
        lim = w.std_factor * sigma_g
        return w.std() <= lim and abs(w.mean() - self._hold_level_g) < 0.5 * self.settings.report_step_g

    def _lift_from_on(self, t_s: float) -> list[WeightEvent]:
        """A lift from the platform; a change that settled just before it is reported first (issue 12), unless it was
        a thing laid beside the glass (``_a_thing``): that stays on the platform and is weighed out (``lay_beside``)."""
        out: list[WeightEvent] = []
        thing_g = 0.0
        ref = self.reference_g
        if ref is not None and self.beside:
            p = self._beside_level_g  # the last steady level (the plateau search would find the thing's removal)
            if abs(p - ref) >= self.settings.report_step_g and self.min_glass_g <= p <= self.max_load_g:
                out.append(WeightSettled(t_s, before_g=ref, after_g=p, lifted=False))
                self.reference_g = p
        elif ref is not None and self._moved:
            p = self.plateau.level(self._hist, ref, self.noise.sigma_g, self.push_g, self._hand_at_lift)
            if p is not None and abs(p - ref) >= self.settings.report_step_g and self.min_glass_g <= p <= self.max_load_g:
                if self._a_thing(ref, p) and self._rose_quickly(ref, p, before_fall=True):
                    thing_g = p - ref  # laid beside the glass just before the lift: it stays on the platform
                else:
                    out.append(WeightSettled(t_s, before_g=ref, after_g=p, lifted=False))
                    self.reference_g = p
        h = self._hist
        self._pre_lift = list(h) if ref is not None and h and max(h) >= ref + self.push_g else None
        h.clear()
        if thing_g:
            return out + self._lift_leaving(t_s, thing_g, False)
        out.append(self._lift(t_s))
        return out

    def _rose_quickly(self, ref: float, level_g: float, before_fall: bool = False) -> bool:
        """The rise from ``ref`` to ``level_g`` (grams) was laid down, not poured: its middle (``rise_n``) took at
        most ``laid_n`` samples (``LAID_S`` and the sensor's settling)."""
        n = self.rise_n(ref + self.push_g, level_g - self.push_g, before_fall)
        return n is not None and n <= self.settings.laid_n

    def _a_thing(self, ref: float, level_g: float) -> bool:
        """A rise from ``ref`` to ``level_g`` (grams) laid down (``_rose_quickly``) is a thing beside the glass within
        its capacity (W-35, "A thing laid within the capacity"): at least ``LAID_THING_G``, not within the refill
        threshold of the glass's own weight (its removal would leave the frame at 0 g, a lift's reading,
        ``_on_lift_or_removal``), and never the rise of a pour that followed the put-back (W-38: its start is an
        estimate, and at 10 SPS a 150 g/s stream's last 70 g rise as fast as a phone through the HX711's filter)."""
        return not self._poured and level_g - ref >= LAID_THING_G and abs(2.0 * ref - level_g) > self.push_g

    def rise_n(self, low_g: float, high_g: float, before_fall: bool = False) -> int | None:
        """ON: samples from the newest sample at or below ``low_g`` to the first after it at or above ``high_g``
        (grams), in the samples since the glass last settled; None when none lies at or below ``low_g`` there
        (the rise began before them). ``before_fall``: only the samples up to the newest at or above ``high_g``
        (at a lift: its ramp down passes ``low_g`` again)."""
        h = self._hist
        i = len(h) - 1
        if before_fall:
            while i >= 0 and h[i] < high_g:
                i -= 1
        while i >= 0 and h[i] > low_g:
            i -= 1
        if i < 0:
            return None
        j = i + 1
        while j < len(h) and h[j] < high_g:
            j += 1
        return j - i

    def _lift(self, t_s: float) -> WeightEvent:
        self.quiet = False
        self._ref_lag.clear()
        self.drift.transition(t_s)
        if self.state is State.ON and self.reference_g is not None:
            self.attempt_before_g = self.reference_g
            self._attempt_t = self._ref_t
        self._enter(_OFF)
        self._off_since = t_s
        self._steady_since = None
        return GlassLifted(t_s)

    def _enter_on(self) -> None:
        self._enter(_ON)
        self._hist.clear()
        self._ref_lag.clear()
        self._poured = False

    # ------------------------------------------------------------------ OFF
    def _on_off(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """The platform is empty: a put-back, or the zero tracked."""
        if x >= self.place_g:
            return [self._put_back(t_s)]
        if self.beside:
            if x < -0.5 * min(self.beside):  # the thing beside the glass left while the glass is up
                self._gone_n += 1
                if self._gone_n >= self._gone_k:
                    self._gone_n = 0
                    return self._take_away(t_s, -x)
            else:
                self._gone_n = 0
        self.quiet = q = self.long.steady(self.noise.sigma_g)
        if q and self._pre_lift is not None:
            left = self._left_at_lift(t_s, self.long.mean())
            if left is not None:
                return [left]
        drift = self.drift
        if not q:
            if drift.start is not None:
                drift.end()
        elif t_s >= drift.counts_from_s:
            drift.level(t_s, self.long.mean())
        if self.zero is not None and t_s - self._off_since >= self.settings.zero_hold_s and q:
            corr = self.zero.observe(t_s, self.long.mean())
            if corr and self.on_zero_shift is not None:
                self.on_zero_shift(corr)
        return None

    def _left_at_lift(self, t_s: float, m: float) -> Reframe | None:
        """OFF, the platform first standing still, at ``m`` grams: a thing laid beside the glass just before the lift,
        before it had stood long enough to be weighed out (issue 26, a new-user trial: ``phone 150`` and ``sip 50``
        at once booked a refill of 100 g and a fall of 150 g), when the load stood at about the glass's level + ``m``
        before the lift. It is weighed out now (``lay_beside``): the put-back weighs the glass alone."""
        pre, self._pre_lift = self._pre_lift, None
        before = self.attempt_before_g
        if before is None or m < self.push_g or not self._stood_at(pre, before + m):
            return None
        return self.lay_beside(t_s, m)

    def _put_back(self, t_s: float) -> WeightEvent:
        s = self.settings
        self._pre_lift = None
        self._enter(_PLACED)
        self._placed_t = t_s
        self.quiet = False
        self._start_settle(t_s)
        self.drift.transition(t_s)
        return GlassPlaced(t_s)

    def _start_settle(self, t_s: float) -> None:
        """The glass's level settles from the next sample on, as after a put-back: the hold, the hand guard, the
        fast window (at its learnt length once the noise is learnt) and the long one empty, no samples since."""
        s = self.settings
        self._hold_until = t_s + s.placed_hold_s
        self.hand_guard.start(t_s)
        self._fast_count = 0
        if s.fast_learnt_n and self.noise.learnt >= s.noise_learnt_n:
            self.fast.window.clear(s.fast_learnt_n)
        else:
            self.fast.clear()
        self.long.clear()
        self._placed_hist.clear()
        self._watch_reset()

    # ------------------------------------------------------------------ PLACED
    def _on_placed(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """Back on the platform: a lift again (the same attempt), or the verdict once the load settled."""
        self.quiet = False
        if x < self.lift_g:
            return [self._lift(t_s)]
        if self._beside_wait is not None and x < self.max_load_g - self.push_g:
            self._resettle(t_s)
        self._placed_hist.append(x)
        if self._pour_watch is not None:
            self._pour_watch.push(x, self.push_g)
        m = self._settled_level(t_s)
        if m is None:
            return None
        if (self._placed_t == -math.inf or self._resettled_from is not None) and m < self.min_glass_g:
            return self._still_up(t_s, m, lifted=self._resettled_from is not None)
        if self.beside and self.pour is not None:
            gone = self.pour.level_before_fall(list(self._placed_hist), m, self._drops(), self.push_g)
            if gone is not None:
                return self._taken_before_verdict(t_s, gone)
        guard = self.hand_guard
        if guard.wait(t_s, self.noise.sigma_g, self._at_level):
            if guard.tripped:
                self._hold_until = guard.hold_until  # a hand: no verdict before then
            return None
        if self.pour is not None:
            xs = list(self._placed_hist)
            found = self.pour.find(xs, m, self.noise.sigma_g, self.push_g, self.settings.level_band, self._hand_on)
            before = self.attempt_before_g
            if found is not None and not found.measured and before is not None:
                found = replace(found, level_g=self._level_under_stream(xs, m, found.level_g, before))
            if found is None and before is not None and m - before >= self.push_g:
                # put back heavier than it was lifted: a drink is lost if the put-back stood lower first (issue 26)
                found = self.pour.lower_level(xs, before - self.push_g, self.noise.sigma_g)
            if found is not None:
                return self._pour_followed(t_s, found.measured, found.level_g, found.end)
        self._fast_count = 0
        self._enter_on()
        self._moved = False
        self._steady_since = None
        before = self._attempt_before(t_s)
        self.attempt_before_g = None
        self.reference_g = self._beside_level_g = self._beside_hold_g = m
        self._beside_since = t_s
        self._ref_t = t_s - 0.5 * self.fast.window.n * self.settings.period_s
        if before is None:
            return None
        return [WeightSettled(t_s, before_g=before, after_g=m, lifted=True)]

    def _drops(self) -> list[float]:
        """The falls (grams) taking a thing beside the glass away would make: each one's weight, and all of them."""
        items = self.beside
        return list(items) + ([sum(items)] if len(items) > 1 else [])

    def _taken_before_verdict(self, t_s: float, gone_g: float) -> list[WeightEvent]:
        """PLACED, the verdict due: the glass had stood at the settled level + ``gone_g`` since the put-back, so a thing
        beside it was taken away before the verdict (issue 26: a phone picked up 0.1–1 s after the touch-down went
        into the verdict, a drink of the phone's weight more). It leaves ``beside`` (``_take_away``, the returned
        ``Reframe``: the windows' samples move into the frame without it) and the glass's level settles anew, as
        after a put-back (the verdict from the glass alone, ``placed_hold_s`` later)."""
        out = self._take_away(t_s, gone_g)
        self._start_settle(t_s)
        return out

    def _resettle(self, t_s: float) -> None:
        """PLACED, the verdict waiting (``waiting_beside``): the load came back within the capacity, the thing taken away
        (or the glass lifted off it): the level settles anew, as after a put-back, from this sample on."""
        self._resettled_from, self._beside_wait = self._beside_wait, None
        self._start_settle(t_s)

    def _still_up(self, t_s: float, m: float, lifted: bool = False) -> list[WeightEvent]:
        """Resumed with the glass lifted (``restore(attempt_open=True)``: no put-back seen since), or the load came back
        within the capacity while a verdict waited for a thing beside the glass (``_resettle``), and the platform
        settled at ``m``, less than an empty glass: the glass is (again) up and a thing lies on the platform (a phone
        beside it before the restart; issue 26, a new-user trial: it was judged as the put-back, a 650 g miss). No
        put-back of the glass shows, so W-37b does not apply: the thing is weighed out (``lay_beside``, the
        returned ``Reframe``) and the segmenter waits for the put-back (OFF; the same attempt goes on, W-30).
        ``lifted``: the glass was seen on the platform (the wait): ``GlassLifted`` first."""
        self._fast_count = 0
        if lifted:
            return [self._lift(t_s), self.lay_beside(t_s, m)]
        self._enter(_OFF)
        self._off_since = t_s
        return [self.lay_beside(t_s, m)]

    def _attempt_before(self, t_s: float) -> float | None:
        """The reference before the lift, moved by the zero's drift to the verdict's time (W-30: both weights in
        one frame; a cold load cell drifts 1.5 g/min)."""
        before = self.attempt_before_g
        if before is None or self._attempt_t is None:
            return before
        slope = self.drift.slope_g_per_s(t_s)
        if slope == 0.0:
            return before
        return before + slope * (t_s - 0.5 * self.fast.window.n * self.settings.period_s - self._attempt_t)

    def _settled_level(self, t_s: float) -> float | None:
        """The fast window's level when the verdict is due (steady ``fast_confirm`` times in a row, after the hold,
        the newest ``level_n`` samples at the level), else None."""
        s = self.settings
        if not self.fast.steady(self.noise.sigma_g):
            self._fast_count = 0
            return None
        m = self.fast.mean()
        if m > self.max_load_g:
            self._fast_count = 0
            return None
        self._fast_count += 1
        if self._fast_count < s.fast_confirm or t_s < self._hold_until:
            return None
        if s.level_n and len(self._at_level(s.level_n)) < s.level_n:
            return None
        return m

    def _at_level(self, n: int) -> list[float]:
        """The newest samples since GlassPlaced (at most ``n``, oldest first; grams relative to the long window's
        anchor) that all lie within ± ``level_band`` × σ̂ of the fast window's mean: the load at its level."""
        w = self.long.window
        k = self.fast.window.n
        xs = w.tail(min(max(n, k), len(w)))  # the fast window's samples are the newest k of these
        level = sum(xs[-k:]) / min(k, len(xs))
        band = self.settings.level_band * self.noise.sigma_g
        i = len(xs)
        while i > 0 and abs(xs[i - 1] - level) <= band:
            i -= 1
        return xs[max(i, len(xs) - n):]

    def _hand_on(self, run: list[float]) -> bool:
        return self.hand_guard.hand_on(run, self.noise.sigma_g)

    def _hand_at_lift(self, run: list[float]) -> bool:
        return self.hand_guard.hand_at_lift(run, self.noise.sigma_g)

    def _level_under_stream(self, xs: list[float], m: float, level_g: float, before_g: float) -> float:
        """The estimated level of an unmeasured attempt (W-38) where it lies in the stream (issue 26): more than the
        noise (3 σ) above the glass before the lift (a drink cannot make it heavier), or at the bottom of a hand's
        release on a stream that had already begun. Then the stream's line read where it began
        (``PourSplit.stream_start``), never above the weight before the lift; else ``level_g`` as it is."""
        above = level_g > before_g + 3.0 * self.noise.sigma_g
        start = self.pour.stream_start(xs, m, self.push_g, self.noise.sigma_g)
        if start is None:
            return level_g  # capped at the weight before the lift by _pour_followed
        if above:
            return min(before_g, start.earliest_g if start.under_hand_g is None else start.under_hand_g)
        return level_g if start.under_hand_g is None else min(level_g, start.under_hand_g)

    def _pour_followed(self, t_s: float, measured: bool, level_g: float, end: int, cause: str = "pour"
                       ) -> list[WeightEvent]:
        """W-38: a pour followed the put-back. The attempt ends at the level (measured) or is unmeasured; the
        segmenter is ON at that level with the rise still to settle (the refill, reported by ``_on_on``).
        ``cause``: what came before the verdict ("pour"; "beside": a thing laid beside the glass, W-37a)."""
        before = self._attempt_before(t_s)
        if not measured and before is not None and level_g > before:
            # W-38: the drink cannot have made the glass heavier than it was before the lift; an estimate above
            # that lies in the stream (begun before any sample showed the level) and would shorten the refill
            level_g = before
        out: list[WeightEvent] = []
        if before is not None:
            out.append(WeightSettled(t_s, before_g=before, after_g=level_g, lifted=True) if measured
                       else AttemptUnmeasured(t_s, before_g=before, level_g=level_g, cause=cause))
        xs = list(self._placed_hist)
        self._fast_count = 0
        self._enter_on()
        self._poured = True
        self._hist.extend(xs[end:])
        self.attempt_before_g = None
        self.reference_g = self._beside_level_g = self._beside_hold_g = level_g
        self._beside_since = self._ref_t = t_s
        self.drift.transition(t_s)
        self._moved = True
        self._steady_since = None
        return out
