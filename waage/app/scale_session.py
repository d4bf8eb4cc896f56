"""The scale session: the Waagespiel's scale part, composed by the host only for a game that weighs.

``GameHost`` (``waage/app/host.py``) makes one ``ScaleSession`` per hosted ``ScaleGame``
(``waage/rules/game.py``, ``weighs(engine)``) and none for a helper game: ``host.scale`` is the
session or None. The session owns what a game that judges weights needs of the scale; the
host keeps inputs, dice, time stamps and persistence, and hands the session's events to its
sinks through ``emit``.

Session API (used by the device UI ``waage/ui/scale.py`` and ``menu.py``, the drivers
``replay``, ``sim`` and ``run``, and ``wiring.snapshot``):

- ``scale.pipeline``: the weight pipeline (``WeightPipeline``: ``live_g``, ``steady``,
  ``steady_g``, ``on_platform``), None when the host was given no ``new_pipeline``.
- ``scale.feed(sample)``, ``scale.feed_many(samples)`` -> records: samples through the
  pipeline; its weight events go to the game; the game's reference is taken from the first
  settle (``scale_ready``) unless it had one (resume, recovery).
- ``scale.on_fault(item)`` -> records: a ``SensorFault`` pauses the game with a message
  (``sensor_fault``, never a verdict); a ``SensorRecovered`` gives it a fresh pipeline
  measuring from the reference it had and resumes it.
- ``scale.recalibrate(new_pipeline)``: a new calibration (the menu's "Kalibrieren"); the
  reference is taken afresh (W-34).
- ``scale.started``: round 1 waits for the scale, so the game has begun once it has a round,
  a reference or a pending starter; ``scale.round``: the round for ``game_resumed``.

The glass in use (W-36, W-37; "Glas wiegen" from the menu or a phone):

- ``scale.glass``: the ``GlassSettings`` of the hosted game (empty glass ``glass_g``,
  ``glass_capacity_g``, thresholds). A weighed glass is saved by ``on_glass``
  (``glass.json`` in the state directory, loaded by ``wiring.load_glass``; it survives a
  restart) and kept by the host for the next Waagespiel (``host.glass_in_use``).
- ``scale.begin_weighing(t_s=None, given=None) -> records``: the weighing screen opens ("leeres
  Glas auf die Waage"): from now on the glass may be taken off and another one put on; lifts and
  put-backs are logged but nothing is judged (no sip, no refill) until ``weigh_glass`` or
  ``cancel_weighing``. Refused (``input_rejected``) like ``weigh_glass`` while an attempt is
  under way. Optional: ``weigh_glass`` also works without it when the glass was not moved.
- ``scale.cancel_weighing(t_s=None) -> records``: the weighing screen closes without a
  weighing (the glass in use stays).
- ``scale.weighing``: True while the weighing screen is open; ``scale.attempt_open``: a lift
  is under way (the glass is off for a drink, not yet judged).
- ``scale.live_load() -> (load_g | None, steady)``: the live total load (grams) and whether it
  stood still for the last second (the weighing screen shows it and "ruhig").
- ``scale.weigh_glass(capacity_g=None, t_s=None, given=None) -> records``: the settled load
  on the platform becomes the empty glass in use: ``glass_weighed`` {``glass_g`` (0.1 g),
  ``glass_capacity_g``}. ``empty=False`` (the phone's ``POST /api/glass`` until its "Ja, leer: wiegen")
  refuses a load that ``looks_full`` with code ``looks_full`` (issue 30); the device asks "Glas wirklich
  leer?" itself and weighs with ``empty=True`` (the default). The capacity scales with the glass (same ratio as the glass in use)
  unless ``capacity_g`` is given (``waage.weight.settings.capacity_for_size(litres)`` for the
  sizes of ``GLASS_SIZES_L``). Every glass-dependent threshold follows at once
  (``pipeline.set_glass``), the glass is saved (``on_glass``), and it is empty: it must be
  filled before the next round (W-32). Refused with ``input_rejected`` {``input``, ``why``
  (English), ``code``, ``details``}; codes (shown as ``why_<code>`` of
  ``waage/display/texts.py``, ``rejection_text``): ``not_steady``, ``implausible`` (details
  ``load_g``: < 50 g or > 2000 g), ``attempt_under_way``, ``paused``, ``no_scale``,
  ``bad_capacity``, ``looks_full`` (details: ``looks_full``'s finding).
- ``scale.looks_full(load_g=None) -> dict | None``: issue 30: the load about to be weighed as the EMPTY glass
  looks like a full one: {``reason``: "judged_full", ``load_g``, ``beer_g``} (the load the game judged as the
  glass in use with ``beer_g`` of beer, unmoved since) or {``reason``: "over_full", ``load_g``, ``full_g``}
  (more than the glass in use holds filled to the brim, ``full_g``); None when it may be empty.
- ``scale.glass_unknown``: None, or the W-37 finding {``reason``: "heavier"/"lighter",
  ``load_g``}: the glass on the scale is not the glass in use (logged once as
  ``glass_unknown``; part of the game state, so it is resumed; in the live snapshot as
  ``details["glass_unknown"]``). Cleared by a weighing. While it stands, attempts are still
  judged from settled weights, the empty test waits and ``remaining_g`` is None.
- ``scale.unmeasured_attempt`` / ``scale.judge_by_hand(grams, t_s=None)``: W-38, issue 26.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pydantic import ValidationError

from waage.rules.game import Event, InputRejected, ScaleGame
from waage.weight.events import Sample, SensorFault, SensorRecovered
from waage.weight.glass_check import MAX_GLASS_G, MIN_GLASS_G
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import GlassSettings

Record = dict[str, Any]
#: ``emit(events, t_s) -> records``: the host stamps, commits and hands the events to its sinks
Emit = Callable[[list[Event], float], list[Record]]
#: ``reject(given, why, t_s) -> records``: the host logs an ``input_rejected``
Reject = Callable[[dict[str, Any], "str | InputRejected", float], list[Record]]


def no_scale() -> InputRejected:
    """The refusal of a scale input (a weighing, "Glas wiegen") in a game without a scale session
    (code ``no_scale``, shown as ``why_no_scale``)."""
    return InputRejected("this game uses no scale", "no_scale")


class ScaleSession:
    """The scale part of one hosted ``ScaleGame``: pipeline, glass, weighing, sensor faults.

    game: the scale game (new or resumed); new_pipeline: makes a fresh weight pipeline (at
    start, after a sensor fault, after a calibration), or None without a scale (then no
    samples are heard and a weighing is refused with ``no_scale``); emit / reject: the
    host's (see ``Emit``, ``Reject``); now: the host's time in seconds (for a ``t_s`` of
    None); on_glass: called with a weighed glass before it is logged (persistence and the
    host's glass for the next game).
    """

    def __init__(self, game: ScaleGame, new_pipeline: Callable[[], WeightPipeline] | None, emit: Emit,
                 reject: Reject, now: Callable[[], float],
                 on_glass: Callable[[GlassSettings], None] | None = None) -> None:
        self.game = game
        self.new_pipeline = new_pipeline
        self._host_emit = emit
        self._reject = reject
        self._now = now
        self.on_glass = on_glass
        self.pipeline: WeightPipeline | None = None
        self._sync_reference = False
        #: the load the game judged as glass + beer when the weighing screen opened (grams), None: none or unknown
        self._judged_g: float | None = None
        #: the game has judged beer in the glass in use (a refill, a sip or a fall since the last weighing)
        self._beer_booked = False
        self._fresh_pipeline()

    def _emit(self, events: list[Event], t_s: float) -> list[Record]:
        """The host's ``emit``; notes a refill, a sip or a fall (the game has judged beer in the glass in use)."""
        records = self._host_emit(events, t_s)
        if not self._beer_booked and any(r["event"] in ("refill", "sip", "unjudged_fall") for r in records):
            self._beer_booked = True
        return records

    def _t(self, t_s: float | None) -> float:
        return self._now() if t_s is None else t_s

    # ------------------------------------------------------------------ the pipeline
    def recalibrate(self, new_pipeline: Callable[[], WeightPipeline]) -> None:
        """The scale was calibrated anew (the menu's "Kalibrieren"): pipelines come from ``new_pipeline`` from
        now on and the running one is replaced. The game's reference is taken afresh from the new pipeline's
        first settle (``scale_ready``): grams of the old calibration do not compare with the new ones, so
        their difference is neither a fall nor a refill (W-34)."""
        self.new_pipeline = new_pipeline
        self._fresh_pipeline(keep_reference=False)

    def _fresh_pipeline(self, keep_reference: bool = True) -> None:
        """A new pipeline measuring from the reference the game had (resume, recovery), or with
        ``keep_reference=False`` from its own first settle."""
        if self.new_pipeline is None:
            self.pipeline, self._sync_reference = None, False
            return
        self.pipeline = self.new_pipeline()
        s = self.game.state
        if self.pipeline.glass != s.glass:
            self.pipeline.set_glass(s.glass)  # a weighed glass (W-36)
        if s.glass_unknown is not None:
            self.pipeline.glass_unknown(s.glass_unknown.load_g)  # W-37 was found before the restart
        if s.reference_g is not None and keep_reference:
            self.pipeline.restore(s.reference_g, s.attempt_open)
            self._sync_reference = False
        else:
            self._sync_reference = True

    def observe(self, records: list[Record]) -> None:
        """The records of one decision, before they are committed: a W-37 finding of the game (a lighter
        glass) makes the pipeline judge the glass as unknown."""
        pipe = self.pipeline
        if pipe is not None and not pipe.glass_check.relaxed:
            unknown = next((r for r in records if r["event"] == "glass_unknown"), None)
            if unknown is not None:
                pipe.glass_unknown(unknown["load_g"])

    @property
    def awaiting_reference(self) -> bool:
        """The game waits for the pipeline's first settle (``scale_ready``)."""
        return self._sync_reference

    # ------------------------------------------------------------------ the game's view of the scale
    @property
    def started(self) -> bool:
        """The game has begun: ``start`` set the pending starter; round 1 waits for the scale."""
        s = self.game.state
        return bool(s.round or s.reference_g is not None or s.pending_starter is not None)

    @property
    def round(self) -> int:
        """The game's round (``game_resumed`` names it)."""
        return self.game.state.round

    # ------------------------------------------------------------------ samples and faults
    def feed(self, sample: Sample) -> list[Record]:
        """One sample through the pipeline; weight events go to the game (paused while faulted)."""
        if self.pipeline is None:
            return []
        out: list[Record] = []
        for wev in self.pipeline.feed(sample):
            out += self._emit(self.game.weight(wev), wev.t_s)
        if self._sync_reference and self.pipeline.reference_g is not None:
            self._sync_reference = False
            out += self._emit(self.game.scale_ready(self.pipeline.reference_g), sample.t_s)
        return out

    def feed_many(self, samples: Sequence[Sample]) -> list[Record]:
        """Many samples in order (see ``feed``); the hot path of replay and sim.

        Once the game has its reference, the chunk goes through the pipeline in one
        ``feed_many`` call and the resulting weight events go to the game in order (the
        pipeline never depends on the game, so this is the same as feeding one by one).
        """
        if self.pipeline is None or not samples:
            return []
        out: list[Record] = []
        start = 0
        while self._sync_reference and start < len(samples):
            out += self.feed(samples[start])
            start += 1
        if start < len(samples):
            rest = samples[start:] if start else samples
            for wev in self.pipeline.feed_many(rest):
                out += self._emit(self.game.weight(wev), wev.t_s)
        return out

    def on_fault(self, item: SensorFault | SensorRecovered) -> list[Record]:
        """A sensor fault pauses the game (a message, never a verdict); a recovery resumes it."""
        s = self.game.state
        if isinstance(item, SensorFault):
            if s.paused:
                return []
            return self._emit(self.game.sensor_fault(item.kind, item.detail), item.t_s)
        if not s.paused:
            return []
        # A fresh pipeline, measuring from the reference the game had before the
        # fault: a glass lifted during the stall is still judged when it comes back,
        # and a changed load is a settled change, not a new starting weight.
        self._fresh_pipeline()
        return self._emit(self.game.sensor_recovered(), item.t_s)

    def live_load(self) -> tuple[float | None, bool]:
        """(the live total load on the platform in grams, steady) from the pipeline.

        (None, False) without a pipeline or while the game is paused by a sensor fault. ``steady``
        is the pipeline's settled flag (W-36: a glass is only weighed from a steady load).
        """
        pipe = self.pipeline
        if pipe is None or self.game.state.paused:
            return None, False
        steady = bool(pipe.steady)
        load_g = pipe.steady_g if steady else None  # what a weighing would take
        return float(pipe.live_g if load_g is None else load_g), steady

    # ------------------------------------------------------------------ the glass in use (W-36, W-37)
    @property
    def glass(self) -> GlassSettings:
        """The glass in use: the hosted game's."""
        return self.game.state.glass

    @property
    def glass_unknown(self) -> dict[str, Any] | None:
        """The W-37 finding {reason: "heavier"/"lighter", load_g} while it stands (not while weighing), else None."""
        if self.game.state.weighing:
            return None
        found = self.game.state.glass_unknown
        return None if found is None else found.model_dump()

    @property
    def attempt_open(self) -> bool:
        """True while an attempt is under way (the glass lifted for a drink, not yet judged)."""
        return bool(self.game.state.attempt_open)

    @property
    def weighing(self) -> bool:
        """The weighing screen is open (``begin_weighing``): the glass may be swapped, nothing is judged."""
        return bool(self.game.state.weighing)

    def _weigh_refused(self) -> InputRejected | None:
        if self.pipeline is None:
            return no_scale()
        why = self.game.why_no_weighing()
        return None if why is None else InputRejected(*why)

    def begin_weighing(self, t_s: float | None = None, given: dict[str, Any] | None = None) -> list[Record]:
        """Open "Glas wiegen" (module doc); ``input_rejected`` (naming ``given``, default
        ``{"weigh_glass": "begin"}``) while an attempt is under way."""
        t = self._t(t_s)
        given = given or {"weigh_glass": "begin"}
        refused = self._weigh_refused()
        if refused is not None:
            return self._reject(given, refused, t)
        if not self.weighing:  # opened again (device and phone): the load judged before the first opening stays
            self._judged_g = self._judged_load()
        return self._emit(self.game.begin_weighing(), t)

    def _judged_load(self) -> float | None:
        """The settled load the game judges now as the glass in use with beer in it (grams), else None (no
        reference, an unknown glass, the glass judged empty, or nothing judged yet: no refill or sip booked
        since the last weighing and no roll: a fresh game's first load is only the config's guess)."""
        s = self.game.state
        if s.weighing or s.reference_g is None or s.glass_unknown is not None:
            return None
        if not (self._beer_booked or s.rolls or s.round > 1):
            return None
        beer_g = s.reference_g - s.glass.glass_g
        return s.reference_g if beer_g > s.glass.empty_threshold_g else None

    def looks_full(self, load_g: float | None = None) -> dict[str, Any] | None:
        """Issue 30: does ``load_g`` (default: the steady load now) look like a full glass rather than an empty one?

        {"reason": "judged_full", "load_g", "beer_g"}: the load is the one the game judged as the glass in use with
        ``beer_g`` of beer (within the refill threshold; when the weighing screen opened, or now without one);
        {"reason": "over_full", "load_g", "full_g"}: more than the glass in use filled to the brim (``full_g`` =
        empty glass + capacity); None otherwise (no reading too). Weights in whole grams. Weight alone cannot
        tell a heavy empty mug from a full glass: a caller asks ("Glas wirklich leer?"), it never refuses alone.
        """
        pipe = self.pipeline
        if load_g is None:
            if pipe is None or not pipe.steady:
                return None
            load_g = pipe.steady_g
        glass = self.game.state.glass
        judged = self._judged_g if self.weighing else self._judged_load()
        if judged is not None and abs(load_g - judged) < glass.refill_threshold_g:
            return {"reason": "judged_full", "load_g": round(load_g), "beer_g": round(judged - glass.glass_g)}
        full_g = glass.glass_g + glass.glass_capacity_g
        if load_g > full_g:
            return {"reason": "over_full", "load_g": round(load_g), "full_g": round(full_g)}
        return None

    def cancel_weighing(self, t_s: float | None = None) -> list[Record]:
        """Close "Glas wiegen" without weighing (module doc)."""
        if not self.weighing:
            return []
        return self._emit(self.game.cancel_weighing(), self._t(t_s))

    def cancel_weighing_at_resume(self) -> list[Event]:
        """The events closing a weighing screen that was open at a power cut (W-36; the host logs them
        with its ``game_resumed``); none when it was closed."""
        return self.game.cancel_weighing(fresh_scale=True) if self.weighing else []

    def weigh_glass(self, capacity_g: float | None = None, t_s: float | None = None,
                    given: dict[str, Any] | None = None, empty: bool = True) -> list[Record]:
        """W-36: the empty glass standing on the scale becomes the glass in use (module doc).

        capacity_g: grams of beer it holds, or None to scale the capacity with the glass; empty: the caller
        vouches that the glass is empty; False refuses a load that ``looks_full`` (code ``looks_full``, its
        finding as details: issue 30, a phone that has not been asked "wirklich leer?");
        given: the input as the caller names it in an ``input_rejected`` record (default
        ``{"weigh_glass": "take"}`` with ``capacity_g``). Never raises for a refusal.
        """
        t = self._t(t_s)
        if given is None:
            given = {"weigh_glass": "take", **({"capacity_g": capacity_g} if capacity_g is not None else {})}
        refused = self._weigh_refused()
        pipe = self.pipeline
        if refused is None and pipe is not None:
            load = pipe.steady_g
            if not pipe.steady:
                refused = InputRejected("the load is not steady: leave the glass standing, then weigh again",
                                        "not_steady")
            elif not MIN_GLASS_G <= load <= MAX_GLASS_G:
                refused = InputRejected(f"{load:.0f} g is no empty glass (it must weigh {MIN_GLASS_G:.0f} to "
                                        f"{MAX_GLASS_G:.0f} g)", "implausible", load_g=round(load))
            elif not empty and (full := self.looks_full(load)) is not None:
                refused = InputRejected(f"{load:.0f} g looks like a full glass ({full['reason']}): weigh it only if it "
                                        "is empty (empty=true)", "looks_full", **full)
        if refused is not None or pipe is None:
            return self._reject(given, refused or no_scale(), t)
        old = self.game.state.glass
        glass_g = round(load, 1)
        capacity = capacity_g if capacity_g is not None else round(old.glass_capacity_g * glass_g / old.glass_g, 1)
        try:
            glass = GlassSettings.model_validate({**old.model_dump(), "glass_g": glass_g,
                                                  "glass_capacity_g": capacity})
        except ValidationError as exc:
            problem = exc.errors(include_url=False)[0]["msg"].removeprefix("Value error, ")
            return self._reject(given, InputRejected(f"glass capacity {capacity} g: {problem}", "bad_capacity",
                                                     capacity_g=capacity), t)
        if self.on_glass is not None:
            self.on_glass(glass)  # saved first: a power cut after it finds the glass weighed
        self._judged_g, self._beer_booked = None, False
        events = self.game.glass_weighed(glass, load)
        # every glass-dependent threshold follows at once; the segmenter stands on the weighed glass
        pipe.set_glass(glass)
        pipe.restore(load, False)
        self._sync_reference = False
        return self._emit(events, t)

    # ------------------------------------------------------------------ W-38
    @property
    def unmeasured_attempt(self) -> int | None:
        """W-38: the number of the drinking's last attempt while it is unmeasured and not judged since (the
        table may judge it by hand, ``judge_by_hand``), else None."""
        return self.game.state.unmeasured_attempt

    def judge_by_hand(self, grams: int, t_s: float | None = None) -> list[Record]:
        """W-38, issue 26: the unmeasured attempt judged with the whole grams the table says it took (the menu's
        "Von Hand werten"); ``input_rejected`` when there is none to judge."""
        t = self._t(t_s)
        given = {"judge_by_hand": int(grams)}
        try:
            return self._emit(self.game.judge_by_hand(int(grams)), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)
