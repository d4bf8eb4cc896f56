"""Stage 5: the glass check (W-37): a load the glass in use cannot explain, and the live steady state.

The segmenter (``segment.py``) judges lifts and put-backs with thresholds taken from the
glass in use (W-36): a load above ``glass_g + glass_capacity_g + capacity_margin_g`` never
settles (a hand pressing, W-35), a load below ``place_fraction × glass_g`` is an empty
platform. Another glass breaks both: a heavier one never settles (the game would wait for
ever), a lighter one with little beer left is never "placed". This stage watches every
gated sample beside the segmenter and

* **heavier**: a load above ``max_load_g`` that stays steady for ``heavy_hold_s`` (5 s; a hand
  rests a few seconds) is another glass, not a hand: ``GlassUnknown(reason="heavier", load_g)``.
  The 5 s count from the oldest sample of the first steady long window (the load stood still
  since then) and end with a steady long window; the window's mean must stay within
  ``report_step_g`` of where it began (a hand's force wanders, a glass stands). W-37a: only a
  load that arrived by a placement (the segmenter was not ON: start-up, a put-back) or was
  poured in (its rise from the standing glass's level took ``POUR_RISE_S`` or more, W-33) can
  be another glass; a quick step onto a glass standing untouched (a phone, keys, a hand laid
  on the platform) is W-35 however long it stays: nothing; from then on the pipeline weighs
  the glass without it (``EventSegmenter.lay_beside``) until it is taken away, so a sip while
  it lies there is judged (issue 26). Laid between a put-back and its verdict, after the glass
  stood within its capacity (W-37b: the put-back is the drinker's glass), the attempt ends at
  that level when it was measured, else the verdict waits ``BESIDE_WAIT_S`` for the thing to be
  taken away (``EventSegmenter.lay_beside_placed``, ``waiting_beside``);
* **light glass standing**: while the segmenter sees an empty platform, a steady load of
  at least ``MIN_GLASS_G`` is a glass lighter than the lift threshold of the glass in use
  (no event here: the engine recognises the lighter glass from the settled weight, W-37),
  when it arrived by a placement (W-37a: the platform held less than ``MIN_GLASS_G`` since the
  last lift, or the device just started, ``emptied``): a phone the lift left on the platform is
  no glass;

and in either case it relaxes the segmenter's glass thresholds (``unknown_thresholds``) so
that the glass on the scale is lifted, placed and settled like any other. Attempts are then
judged from settled weights (W-30). The check fires once; ``reset`` (a glass was weighed,
``WeightPipeline.set_glass``) arms it again with the thresholds of the new glass.
"""

from __future__ import annotations

from dataclasses import dataclass

from waage.weight.events import WeightEvent
from waage.weight.segment import GlassThresholds, State
from waage.weight.settings import GlassSettings, PipelineSettings

__all__ = ["BESIDE_WAIT_S", "GlassCheck", "GlassUnknown", "MIN_GLASS_G", "MAX_GLASS_G", "HEAVY_HOLD_S",
           "unknown_thresholds"]

#: the lightest and heaviest empty glass the device accepts when one is weighed (W-36), grams
MIN_GLASS_G = 50.0
MAX_GLASS_G = 2000.0
#: a load above the glass's capacity steady this long is another glass, not a hand (W-37), seconds
HEAVY_HOLD_S = 5.0
#: a rise onto a standing glass spread over this long or more was poured in (W-33, W-37a), seconds
POUR_RISE_S = 1.0
#: a quick step above the capacity onto a glass just put back that stood within it first (its level seen, too short to
#: measure): W-37a's thing beside a standing glass, never another glass; the verdict waits this long for it to be
#: taken away before the attempt is unmeasured (a phone lies there 4–13 s), seconds
BESIDE_WAIT_S = 20.0


@dataclass(frozen=True, slots=True)
class GlassUnknown(WeightEvent):
    """The load on the scale cannot be the glass in use (W-37).

    reason: "heavier" (steady above glass + capacity + margin for 5 s) or "lighter"
    (settled more than the refill threshold below the empty glass); load_g: that load,
    total grams on the platform.
    """

    reason: str
    load_g: float


def unknown_thresholds(glass: GlassSettings, settings: PipelineSettings, load_g: float = 0.0) -> GlassThresholds:
    """The segmenter's glass thresholds while the glass on the scale is unknown (W-37), grams of total load.

    Any glass from ``MIN_GLASS_G`` up is lifted and placed (lift/place fractions of that), and a load up
    to ``load_g`` + the capacity + the margin settles (the heavier glass, refilled once more).
    """
    max_load = glass.glass_g + glass.glass_capacity_g + settings.capacity_margin_g
    return GlassThresholds(
        lift_g=settings.lift_fraction * MIN_GLASS_G,
        place_g=settings.place_fraction * MIN_GLASS_G,
        max_load_g=max(max_load, load_g + glass.glass_capacity_g + settings.capacity_margin_g),
        push_g=glass.refill_threshold_g,
        min_glass_g=MIN_GLASS_G - settings.report_step_g,
    )


class GlassCheck:
    """Watches the gated samples for a glass other than the one in use (module doc).

    segmenter: the pipeline's ``EventSegmenter`` (its state, ``max_load_g`` and
    ``set_glass``); long: the long ``SettleDetector`` (already fed with the sample);
    noise: the ``NoiseEstimator``; glass / settings: the glass in use and the pipeline tuning;
    sample_rate_hz: nominal SPS (the long window's span in seconds).
    ``step(t_s, x_g)`` returns a ``GlassUnknown`` at most once until ``reset``.
    """

    def __init__(self, segmenter, long, noise, glass: GlassSettings, settings: PipelineSettings,
                 sample_rate_hz: float = 80.0, heavy_hold_s: float = HEAVY_HOLD_S) -> None:
        self.segmenter = segmenter
        self.long = long
        self.noise = noise
        self.glass = glass
        self.settings = settings
        self.heavy_hold_s = heavy_hold_s
        self.period_s = 1.0 / sample_rate_hz
        self.band_g = settings.report_step_g
        #: the thresholds are relaxed for an unknown glass (W-37)
        self.relaxed = False
        #: the heavier glass was reported (once until ``reset``)
        self.fired = False
        self._since: float | None = None
        self._level_g = 0.0
        #: above max_load_g since the load last came clearly below it (the pipeline calls ``step`` while it is, and
        #: for loads above the range or an empty platform); whether that load was a quick step (W-37a)
        self.above = False
        self._decided = False
        self._stepped = False
        #: the platform held less than ``MIN_GLASS_G`` since the last lift (or the start): a load standing on it now
        #: arrived by a placement (W-37a); ``step`` sets it, the pipeline clears it at a ``GlassLifted``
        self.emptied = True

    def reset(self, glass: GlassSettings) -> None:
        """A glass was weighed (W-36): forget the finding; the caller sets the segmenter's thresholds."""
        self.glass = glass
        self.relaxed = self.fired = False
        self._since = None
        self.above = self._decided = self._stepped = False

    def relax(self, load_g: float = 0.0) -> None:
        """Judge with the thresholds of an unknown glass (``unknown_thresholds``) from the next sample on."""
        self.relaxed = True
        self.segmenter.set_glass(unknown_thresholds(self.glass, self.settings, load_g))

    def step(self, t_s: float, x: float) -> GlassUnknown | list[WeightEvent] | None:
        """One gated sample (grams, already in the segmenter); a ``GlassUnknown`` when the heavier glass is found; when
        a thing was laid beside the glass (W-37a) a list ending with the ``Reframe`` for the pipeline
        (``EventSegmenter.lay_beside``), after the attempt's verdict when it was laid before the verdict
        (``EventSegmenter.lay_beside_placed``).

        The hot path: a load within the glass's range on the platform costs two comparisons.
        """
        seg = self.segmenter
        if x > seg.max_load_g:
            self.above = True
            return None if self.fired or self._stepped else self._heavy(t_s)
        if self.above:
            self._below(x)
        if x < MIN_GLASS_G:
            self.emptied = True  # W-37a: what stands here next arrives by a placement
            return None
        if seg.state is State.OFF and not self.relaxed and seg.quiet \
                and self.long.value_g >= MIN_GLASS_G and self.emptied:
            self.relax()  # a glass lighter than the lift threshold was placed on the platform
        return None

    def _below(self, x: float) -> None:
        """A sample at or below ``max_load_g`` after loads above it: the steady stretch ends; a load clearly below
        (by the refill threshold: not a noise dip) ends the step too."""
        self._since = None
        seg = self.segmenter
        if x < seg.max_load_g - seg.push_g:
            self.above = self._decided = self._stepped = False

    def _quick_step(self, level_g: float) -> bool:
        """W-37a: the load above the capacity, steady at ``level_g``, came by a quick step onto the glass standing
        untouched (ON): from the reference's level to ``level_g`` within less than ``POUR_RISE_S``."""
        seg = self.segmenter
        if seg.state is not State.ON or seg.reference_g is None:
            return False  # a placement (start-up, a put-back): it can be a glass
        n = seg.rise_n(seg.reference_g + seg.push_g, level_g - seg.push_g)
        return n is not None and n * self.period_s < POUR_RISE_S

    def _heavy(self, t_s: float) -> GlassUnknown | list[WeightEvent] | None:
        """A sample above ``max_load_g``: time the steady stretch; the heavier glass after ``heavy_hold_s``."""
        seg, long = self.segmenter, self.long
        m = long.value_g if len(long.window) else seg.max_load_g
        if self._since is None:
            if m > seg.max_load_g and long.steady(self.noise.sigma_g):
                if not self._decided:
                    self._decided = True
                    if seg.state is State.PLACED and seg.attempt_before_g is not None:
                        # W-37a/W-37b: laid beside the glass just put back: the verdict at the glass's level when it
                        # was measured, else once the thing is taken away (or after BESIDE_WAIT_S)
                        out = seg.lay_beside_placed(t_s, m, POUR_RISE_S, wait=True)
                        if out is not None:
                            self._stepped = True
                            return out
                    laid = seg.laid_within(m)
                    if laid is not None:
                        # a thing laid within the capacity before (booked as a refill) explains the load above it;
                        # the step now is then weighed as any change while a thing lies there
                        self._stepped = True
                        return seg.lay_beside_booked(t_s, laid)
                    self._stepped = self._quick_step(m)
                    if self._stepped:
                        # W-37a: a phone beside the glass is W-35; the pipeline weighs the glass without it from now
                        return [seg.lay_beside(t_s, m - seg.reference_g)]
                # steady since the window's oldest sample
                self._since, self._level_g = t_s - (len(long.window) - 1) * self.period_s, m
        elif abs(m - self._level_g) > self.band_g:
            self._since = None  # a hand's force wanders; a glass stands
        elif t_s - self._since >= (BESIDE_WAIT_S if seg.waiting_beside else self.heavy_hold_s) \
                and long.steady(self.noise.sigma_g):
            if seg.waiting_beside:  # still there: the attempt ends at the glass's level seen before it (unmeasured)
                out = seg.lay_beside_placed(t_s, m, POUR_RISE_S)
                if out is not None:
                    self._stepped = True
                    self._since = None
                    return out
            self.fired = True
            self._since = None
            self.relax(m)
            return GlassUnknown(t_s, "heavier", m)
        return None

    @property
    def steady(self) -> bool:
        """The load has been steady for the long window (1 s): what a weighing may take (W-36)."""
        return self.long.steady(self.noise.sigma_g)
