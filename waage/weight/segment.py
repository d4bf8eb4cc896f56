"""Stage 4: event segmentation (W-30 … W-35): lifts, put-backs and settled changes."""

from __future__ import annotations

from waage.weight.events import GlassLifted, GlassPlaced, WeightEvent, WeightSettled
from waage.weight.settle import NoiseEstimator, SettleDetector
from waage.weight.zero import ZeroTracker

#: segmentation states
INIT = "init"        # no settled reference yet
ON = "on"            # glass on the platform, reference known (settled or moving)
OFF = "off"          # platform empty (glass lifted)
PLACED = "placed"    # back on the platform after a lift, not settled yet


class EventSegmenter:
    """Turns gated samples into ``GlassLifted`` / ``GlassPlaced`` / ``WeightSettled``.

    Inputs per sample (``step(t_s, x_g)``): the sample has already been pushed into the
    ``fast`` and ``long`` settle detectors and the noise estimator. Rules:

    * lift: load below ``lift_g`` -> ``GlassLifted``; back above ``place_g`` ->
      ``GlassPlaced`` (hysteresis). A lift before the put-back settled continues the
      same attempt (W-30).
    * after a put-back the *fast* detector decides (steady for ``fast_confirm`` samples
      in a row, and not before ``placed_hold_s`` after the ``GlassPlaced``; when a window
      that would settle has a 5–13 Hz periodogram peak above ``hand_power`` × the noise,
      a hand may still rest on the glass: that window is not steady, and after
      ``hand_votes`` such windows no verdict before ``hand_hold_s``): ``WeightSettled(before_g=reference
      before the first lift, after_g=settled, lifted=True)``, always, even for 0 g.
    * on the platform without a lift the *long* detector tracks the reference: a change
      of less than ``report_step_g`` moves it silently (drift, creep, evaporation); a
      bigger one after motion, steady for ``unlifted_hold_s`` more, is reported as
      ``WeightSettled(lifted=False)`` (pour, spill, straw, W-33/W-34).
    * loads above ``max_load_g`` (glass + capacity + margin: a hand pressing, W-35)
      never settle.
    * the first settle sets the reference silently.
    * the empty platform, settled for ``zero_hold_s``, feeds the zero tracker; the
      returned correction is passed to ``on_zero_shift``.
    """

    def __init__(
        self,
        fast: SettleDetector,
        long: SettleDetector,
        noise: NoiseEstimator,
        lift_g: float,
        place_g: float,
        max_load_g: float,
        report_step_g: float = 2.0,
        unlifted_hold_s: float = 0.5,
        zero: ZeroTracker | None = None,
        zero_hold_s: float = 5.0,
        on_zero_shift=None,
        fast_confirm: int = 1,
        placed_hold_s: float = 0.0,
        hand_power: float = 0.0,
        hand_hold_s: float = 0.0,
        hand_tables: list | None = None,
        hand_votes: int = 1,
    ) -> None:
        self.fast = fast
        self.long = long
        self.noise = noise
        self.lift_g = lift_g
        self.place_g = place_g
        self.max_load_g = max_load_g
        self.report_step_g = report_step_g
        self.unlifted_hold_s = unlifted_hold_s
        self.zero = zero
        self.zero_hold_s = zero_hold_s
        self.on_zero_shift = on_zero_shift
        self.fast_confirm = max(1, fast_confirm)
        self.placed_hold_s = placed_hold_s
        self.hand_power = hand_power
        self.hand_hold_s = hand_hold_s
        self._hand_tables = hand_tables or []
        self._hold_until = -float("inf")
        self.hand_votes = max(1, hand_votes)
        self._hand_votes = 0
        self._placed_t = -float("inf")
        self._fast_count = 0
        self.state = INIT
        self.reference_g: float | None = None
        self.attempt_before_g: float | None = None
        self._moved = False
        self._steady_since: float | None = None
        self._off_since = 0.0
        self._last_x = 0.0
        #: the last sample passed a steady test (the noise estimate learns only from such samples)
        self.quiet = False

    # -- properties used by the pipeline
    @property
    def on_platform(self) -> bool:
        """False while the platform is empty (glass lifted)."""
        if self.state == INIT:
            return self._last_x >= self.lift_g
        return self.state != OFF

    def restore(self, reference_g: float, attempt_open: bool = False) -> None:
        """Resume with a known settled reference (after a power cut or a sensor fault).

        attempt_open: the glass had been lifted and not yet settled back: the next
        settle ends that attempt (``WeightSettled(lifted=True)`` from ``reference_g``).
        """
        self.reference_g = reference_g
        self._moved = True
        self._steady_since = None
        if attempt_open:
            self.attempt_before_g = reference_g
            self.state = PLACED
            self._placed_t = -float("inf")
            self._fast_count = 0
        else:
            self.attempt_before_g = None
            self.state = ON

    def shift(self, delta_g: float) -> None:
        """The zero moved by ``delta_g`` (tare): keep references in the new frame."""
        if self.reference_g is not None:
            self.reference_g -= delta_g
        if self.attempt_before_g is not None:
            self.attempt_before_g -= delta_g
        self._steady_since = None

    def _lift(self, t_s: float) -> WeightEvent:
        self.quiet = False
        if self.state == ON and self.reference_g is not None:
            self.attempt_before_g = self.reference_g
        self.state = OFF
        self._off_since = t_s
        self._steady_since = None
        return GlassLifted(t_s)

    def step(self, t_s: float, x: float) -> list[WeightEvent] | None:
        """Process one gated sample (grams); returns the events it completes (or None)."""
        self._last_x = x
        state = self.state
        if state == ON:
            if x < self.lift_g:
                return [self._lift(t_s)]
            sigma = self.noise.sigma_g
            self.quiet = q = self.long.steady(sigma)
            if not q:
                self._moved = True
                self._steady_since = None
                return None
            m = self.long.value_g
            if m > self.max_load_g:
                self._moved = True
                self._steady_since = None
                return None
            ref = self.reference_g
            if ref is None or abs(m - ref) < self.report_step_g:
                self.reference_g = m
                self._moved = False
                self._steady_since = None
                return None
            if not self._moved:
                # steady all along yet far from the reference: slow drift, follow it
                self.reference_g = m
                return None
            if self._steady_since is None:
                self._steady_since = t_s
            if t_s - self._steady_since < self.unlifted_hold_s:
                return None
            self.reference_g = m
            self._moved = False
            self._steady_since = None
            return [WeightSettled(t_s, before_g=ref, after_g=m, lifted=False)]
        if state == OFF:
            if x >= self.place_g:
                self.state = PLACED
                self._placed_t = t_s
                self._hold_until = t_s + self.placed_hold_s
                self._hand_votes = 0
                self.quiet = False
                self._fast_count = 0
                self.fast.clear()
                self.long.clear()
                return [GlassPlaced(t_s)]
            self.quiet = q = self.long.steady(self.noise.sigma_g)
            if self.zero is not None and t_s - self._off_since >= self.zero_hold_s:
                if q:
                    corr = self.zero.observe(t_s, self.long.value_g)
                    if corr and self.on_zero_shift is not None:
                        self.on_zero_shift(corr)
            return None
        if state == PLACED:
            self.quiet = False
            if x < self.lift_g:
                return [self._lift(t_s)]
            if not self.fast.steady(self.noise.sigma_g):
                self._fast_count = 0
                return None
            m = self.fast.value_g
            if m > self.max_load_g:
                self._fast_count = 0
                return None
            if (
                self.hand_power > 0.0
                and self._hand_tables
                and t_s < self._placed_t + self.hand_hold_s
                and self.fast.window.band_power(self._hand_tables, self.noise.sigma_g) > self.hand_power
            ):
                # a faint 5–13 Hz tremor in an otherwise steady window: a hand may still rest on
                # the glass. A decaying ringing tail trips this for a sample or so, a resting hand
                # keeps doing so: after hand_votes trips wait it out (gone within hand_hold_s)
                self._hand_votes += 1
                if self._hand_votes >= self.hand_votes:
                    self._hold_until = max(self._hold_until, self._placed_t + self.hand_hold_s)
                self._fast_count = 0
                return None
            self._fast_count += 1
            if self._fast_count < self.fast_confirm or t_s < self._hold_until:
                return None
            self._fast_count = 0
            self.state = ON
            self._moved = False
            self._steady_since = None
            before = self.attempt_before_g
            self.attempt_before_g = None
            self.reference_g = m
            if before is None:
                return None
            return [WeightSettled(t_s, before_g=before, after_g=m, lifted=True)]
        # INIT
        self.quiet = q = self.fast.steady(self.noise.sigma_g)
        if not q:
            return None
        m = self.fast.value_g
        if m > self.max_load_g:
            return None
        self.reference_g = m
        if m >= self.lift_g:
            self.state = ON
        else:
            self.state = OFF
            self._off_since = t_s
        self._moved = False
        return None
