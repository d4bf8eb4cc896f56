"""The host: the one place where a game engine, the weight pipeline and the dice meet.

``GameHost`` hosts any of the four games (``waage/rules/engines.py``, the interface ``waage/rules/game.py``). It has no
threads and no clock of its own: drivers (replay, sim, run) hand it player
inputs, samples and sensor faults with their times; it stamps every resulting
event with ``t_s`` and hands the records of one decision first to ``commit``
(persistence: ``StateStore.commit`` writes them ahead into ``game.json`` and
then appends them to the session log) and then, record by record, to the
sinks (stdout, narration, the live hub).

Host API (stable; used by the device UI ``waage/ui/``, the web and MQTT
adapters through ``wiring.make_observers``' ``submit``, and the drivers):

- ``host.engine``: the game engine (``Game``: ``game_id``, ``state``, ``phase``,
  ``current_player``, ``expects()``, ``summary()``).
- ``host.apply(given, t_s=None) -> list[record]``: one contract input as a dict
  (``{"roll": [3, 4]}``, ``{"roll": "auto"}``, ``{"choose": "Ben"}``, a helper
  game's ``{"field": "kiosk", "by": "Anna"}`` …). ``"auto"`` dice are rolled
  here, and only when the game expects a roll. An input that does not fit is
  logged as ``input_rejected`` {``input``, ``why``}; never raises for that.
- ``host.new_game(game_id, players, t_s=None, **options) -> list[record]``:
  closes the running game with its ``summary`` and starts a new one (options
  per game, e.g. ``starter``, ``rules``, ``glass`` for the Waagespiel, ``teams``
  for arsch_selten_allein; missing ones come from the config via
  ``game_options``). Raises ValueError for an unknown game or invalid players.
- ``host.last_events``: the records of the latest decision (views read them), from its
  ``game_started`` on when it started a game (a switch's closing summary is the old game's);
  ``host.last_typed``: the same as the game's typed events (``GameSpec.typed``).
- ``host.game_records``: the records of the current game (from its ``game_started``; at most
  GAME_RECORDS, the newest): what the OLED's statistics screens compute from (``waage.stats``).
- ``host.now_s``: the host's time in seconds (of the latest sample or input).
- ``host.pipeline``: the weight pipeline (live grams), None for a game without scale.
- ``host.start(t_s)``, ``host.finish(t_s)``, ``host.reject(given, why, t_s)``;
  ``host.on_sensor(item)``, ``on_sample``, ``on_samples`` (weight path: only a
  game with ``uses_scale`` hears of samples and faults: a helper game runs with
  the sensor absent or faulty and says nothing about it).
- ``host.roll(dice=None, t_s=None)``, ``host.choose(player, t_s=None)``: the
  Waagespiel's typed forms of ``apply``.
- ``host.handle(command)``: runs an ``Apply``, ``NewGame`` or ``WeighGlass`` command;
  this is what ``submit(command)`` (from the web or MQTT thread) ends in, on the
  game thread of ``waage run`` / ``waage sim``.

The glass in use (W-36, W-37; "Glas wiegen" from the menu or a phone):

- ``host.glass``: the ``GlassSettings`` in use (empty glass ``glass_g``, ``glass_capacity_g``,
  thresholds): the hosted Waagespiel's, else the one a new Waagespiel gets. It comes from
  the config until a glass is weighed, then from the last weighing (``glass.json`` in the
  state directory, loaded by ``wiring.load_glass``; it survives a restart).
- ``host.begin_weighing(t_s=None) -> list[record]``: the weighing screen opens ("leeres Glas
  auf die Waage"): from now on the glass may be taken off and another one put on; lifts and
  put-backs are logged but nothing is judged (no sip, no refill) until ``weigh_glass`` or
  ``cancel_weighing``. Refused (``input_rejected``) like ``weigh_glass`` while an attempt is
  under way. Optional: ``weigh_glass`` also works without it when the glass was not moved.
- ``host.cancel_weighing(t_s=None) -> list[record]``: the weighing screen closes without a
  weighing (the glass in use stays).
- ``host.weighing``: True while the weighing screen is open.
- ``host.pipeline.steady`` (bool) and ``host.pipeline.steady_g`` (grams): the load stood still
  for the last second and what it weighs: the weighing screen shows ``steady_g`` and "ruhig";
  ``host.pipeline.live_g`` is the live load.
- ``host.weigh_glass(capacity_g=None, t_s=None) -> list[record]``: the settled load on the
  platform becomes the empty glass in use: ``glass_weighed`` {``glass_g`` (0.1 g),
  ``glass_capacity_g``}. The capacity scales with the glass (same ratio as the glass in
  use) unless ``capacity_g`` is given (``waage.weight.settings.capacity_for_size(litres)`` for the sizes of
  ``GLASS_SIZES_L``). Every glass-dependent threshold follows at once (``pipeline.set_glass``),
  the glass is saved (``on_glass``), and it is empty: it must be filled before the next
  round (W-32). Refused with ``input_rejected`` {``input``, ``why`` (English), ``code``,
  ``details``}; codes (shown as ``why_<code>`` of
  ``waage/display/texts.py``, ``rejection_text``): ``not_steady``, ``implausible``
  (details ``load_g``: < 50 g or > 2000 g), ``attempt_under_way``, ``paused``, ``no_scale``,
  ``bad_capacity``.
- ``host.glass_unknown``: None, or the W-37 finding {``reason``: "heavier"/"lighter",
  ``load_g``}: the glass on the scale is not the glass in use (logged once as
  ``glass_unknown``; part of the game state, so it is resumed; in the live snapshot as
  ``details["glass_unknown"]``). Cleared by a weighing. While it stands, attempts are still
  judged from settled weights, the empty test waits and ``remaining_g`` is None.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from pydantic import ValidationError

from waage.games import spec
from waage.rules.dice import Dice, Pair
from waage.rules.engines import games
from waage.rules.game import Event, Game, InputRejected
from waage.weight.events import Sample, SensorFault, SensorRecovered
from waage.weight.glass_check import MAX_GLASS_G, MIN_GLASS_G
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import GlassSettings

Record = dict[str, Any]
LogSink = Callable[[Record], None]
#: most records of the current game the host keeps for the statistics (``game_records``)
GAME_RECORDS = 10_000


@dataclass(frozen=True)
class Apply:
    """Command: apply one contract input (``host.apply(given)``) on the game thread."""

    given: dict[str, Any]


@dataclass(frozen=True)
class NewGame:
    """Command: start a new game (``host.new_game``) on the game thread.

    game: a game id of ``GAMES``; players: 2–12 names in seat order; language:
    "de"/"en" for the display from now on, or None to keep it; options: per game
    (e.g. ``{"starter": "Ben"}``, ``{"teams": True}``).
    """

    game: str
    players: tuple[str, ...]
    language: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WeighGlass:
    """Command: "Glas wiegen" (W-36) on the game thread.

    step: "take" (``host.weigh_glass(capacity_g)``: the empty glass standing on the scale
    becomes the glass in use), "begin" (``host.begin_weighing``: the weighing screen opens,
    the glass may be swapped) or "cancel" (``host.cancel_weighing``).
    capacity_g: most beer the glass holds in grams (a chosen size, ``capacity_for_size``),
    or None to scale it with the glass.
    """

    capacity_g: float | None = None
    step: str = "take"


Command = Apply | NewGame | WeighGlass

class GameHost:
    """Hosts one game at a time: inputs, dice, weight events, time stamps, persistence.

    engine: the game (new or resumed); dice: rolls ``roll = "auto"``;
    new_pipeline: makes a fresh weight pipeline (at start, after a sensor fault,
    for a new Waagespiel), or None without a scale;
    sinks: callables receiving each log record (dict with ``event`` and ``t_s``
    first); commit: called with ``(host, records)`` once per decision before the
    sinks (persistence); wall_clock: returns the ISO time stored as ``at`` in
    each record (the device's session log), or None;
    game_options: ``game_options(game_id, players)`` -> constructor options from
    the config for ``new_game``; dice_rolled: electronic rolls so far (resume);
    glass: the glass in use for a new Waagespiel (default: the hosted Waagespiel's, else the
    config's through ``game_options``); on_glass: called with a weighed glass before it is
    logged (persistence: ``StateStore.save_glass``).
    """

    def __init__(
        self,
        engine: Game,
        new_pipeline: Callable[[], WeightPipeline] | None,
        dice: Dice,
        sinks: Iterable[LogSink] = (),
        commit: Callable[["GameHost", list[Record]], None] | None = None,
        wall_clock: Callable[[], str] | None = None,
        game_options: Callable[[str, list[str]], dict[str, Any]] | None = None,
        dice_rolled: int = 0,
        glass: GlassSettings | None = None,
        on_glass: Callable[[GlassSettings], None] | None = None,
    ) -> None:
        self.engine: Any = engine
        self.new_pipeline = new_pipeline
        self.dice = dice
        self.sinks = list(sinks)
        self.commit = commit
        self.wall_clock = wall_clock
        self.game_options = game_options or (lambda game_id, players: {})
        self.dice_rolled = dice_rolled
        self.on_glass = on_glass
        state_glass = getattr(engine.state, "glass", None)
        #: the glass a new Waagespiel is given (W-36); follows every weighing
        self.glass_in_use: GlassSettings | None = glass or (state_glass if isinstance(state_glass, GlassSettings)
                                                             else None)
        self.now_s = 0.0
        self.last_events: list[Record] = []
        #: the current game's records, newest last (the statistics screens read them)
        self.game_records: deque[Record] = deque(maxlen=GAME_RECORDS)
        self.pipeline: WeightPipeline | None = None
        self._sync_reference = False
        self._fresh_pipeline()

    # ------------------------------------------------------------------ weight plumbing
    @property
    def uses_scale(self) -> bool:
        """True when the hosted game judges weights (the Waagespiel)."""
        return bool(getattr(self.engine, "uses_scale", False))

    def recalibrate(self, new_pipeline: Callable[[], WeightPipeline]) -> None:
        """The scale was calibrated anew (the menu's "Kalibrieren"): pipelines come from ``new_pipeline`` from
        now on and the running one is replaced. The game's reference is taken afresh from the new pipeline's
        first settle (``scale_ready``): grams of the old calibration do not compare with the new ones, so
        their difference is neither a fall nor a refill (W-34)."""
        self.new_pipeline = new_pipeline
        self._fresh_pipeline(keep_reference=False)

    def _fresh_pipeline(self, keep_reference: bool = True) -> None:
        """A new pipeline for a scale game, measuring from the reference it had (resume, recovery), or
        with ``keep_reference=False`` from its own first settle."""
        if not self.uses_scale or self.new_pipeline is None:
            self.pipeline, self._sync_reference = None, False
            return
        self.pipeline = self.new_pipeline()
        s = self.engine.state
        if self.pipeline.glass != s.glass:
            self.pipeline.set_glass(s.glass)  # a weighed glass (W-36)
        if s.glass_unknown is not None:
            self.pipeline.glass_unknown(s.glass_unknown.load_g)  # W-37 was found before the restart
        if s.reference_g is not None and keep_reference:
            self.pipeline.restore(s.reference_g, s.attempt_open)
            self._sync_reference = False
        else:
            self._sync_reference = True

    # ------------------------------------------------------------------ output
    def _emit(self, events: list[Event], t_s: float) -> list[Record]:
        records = []
        for ev in events:
            rec = {"event": ev["event"], "t_s": round(t_s, 3)}
            rec.update((k, v) for k, v in ev.items() if k != "event")
            if self.wall_clock is not None:
                rec["at"] = self.wall_clock()
            records.append(rec)
        if not records:
            return records
        pipe = self.pipeline
        if pipe is not None and not pipe.glass_check.relaxed:
            unknown = next((r for r in records if r["event"] == "glass_unknown"), None)
            if unknown is not None:  # W-37 found by the engine (a lighter glass): judge it as an unknown glass
                pipe.glass_unknown(unknown["load_g"])
        # the views read the records of the game played now: a switch's closing ``summary`` belongs to
        # the game before (typed by the new game's models it would not validate)
        starts = [i for i, rec in enumerate(records) if rec["event"] == "game_started"]
        self.last_events = records[starts[-1]:] if starts else records
        for rec in records:
            if rec["event"] == "game_started":
                self.game_records.clear()
            self.game_records.append(rec)
        if self.commit is not None:
            self.commit(self, records)
        for rec in records:
            for sink in self.sinks:
                sink(rec)
        return records

    def _reject(self, given: dict[str, Any], why: str | InputRejected, t_s: float) -> list[Record]:
        # ``why`` stays English (the replay log); ``code`` / ``details`` let the display say it
        # in the player's language
        rec: dict[str, Any] = {"event": "input_rejected", "input": given}
        rec.update(rejection_fields(why) if isinstance(why, InputRejected) else {"why": why})
        return self._emit([rec], t_s)

    def _t(self, t_s: float | None) -> float:
        return self.now_s if t_s is None else t_s

    @property
    def last_typed(self) -> list[Any]:
        """``last_events`` as the hosted game's typed events (``GameSpec.typed``: the Waagespiel's
        ``rules/game_events.py``, the helper games' ``rules/helpers/events.py``)."""
        return spec(self.engine.game_id).typed(self.last_events)

    # ------------------------------------------------------------------ game lifecycle
    @property
    def started(self) -> bool:
        """The hosted game has begun (a resumed game, or after ``start``)."""
        s = self.engine.state
        if self.uses_scale:  # ``start`` set the pending starter; round 1 waits for the scale
            return bool(s.round or s.reference_g is not None or s.pending_starter is not None)
        return bool(getattr(s, "started", False))

    def start(self, t_s: float = 0.0, preface: Sequence[Event] = ()) -> list[Record]:
        """Start the game, or announce the resumed one with ``game_resumed`` {game, round?, phase}.

        preface: events logged first, in the same decision (e.g. why a saved game
        was not resumed).
        """
        self.now_s = t_s
        if self.started:
            ev: Event = {"event": "game_resumed", "game": self.engine.game_id}
            if self.uses_scale:
                ev["round"] = self.engine.state.round
            ev["phase"] = self.engine.phase
            ev["current"] = self.engine.current_player
            # a weighing screen open at the power cut is gone: the weighing is cancelled (W-36)
            closing = self.engine.cancel_weighing(fresh_scale=True) if self.weighing else []
            return self._emit([*preface, ev, *closing], t_s)
        return self._emit([*preface, *self.engine.start()], t_s)

    def new_game(self, game_id: str, players: Sequence[str], t_s: float | None = None,
                 **options: Any) -> list[Record]:
        """Close the running game with its summary and start ``game_id`` with ``players``.

        Options missing from ``options`` come from ``game_options`` (the config).
        Raises ValueError for an unknown game or invalid players (nothing changes then).
        """
        registry = games()
        if game_id not in registry:
            raise ValueError(f"unknown game {game_id!r}; one of {sorted(registry)}")
        merged = {**self.game_options(game_id, list(players)), **options}
        if spec(game_id).uses_scale and "glass" not in options and self.glass_in_use is not None:
            merged["glass"] = self.glass_in_use  # the glass weighed last (W-36)
        engine = registry[game_id](list(players), **merged)
        t = self._t(t_s)
        closing = [self.engine.summary()] if self.started else []
        self.engine = engine
        self._fresh_pipeline()
        return self._emit(closing + engine.start(), t)

    def handle(self, command: Command, t_s: float | None = None) -> list[Record]:
        """Run a command (see ``Apply``, ``NewGame``); an invalid ``NewGame`` is logged as
        ``input_rejected`` (the running game goes on). The language is the driver's concern."""
        if isinstance(command, Apply):
            return self.apply(command.given, t_s)
        if isinstance(command, WeighGlass):
            if command.step == "begin":
                return self.begin_weighing(t_s)
            if command.step == "cancel":
                return self.cancel_weighing(t_s)
            return self.weigh_glass(command.capacity_g, t_s)
        try:
            return self.new_game(command.game, list(command.players), t_s, **command.options)
        except (ValueError, TypeError) as exc:
            given = {"new_game": command.game, "players": list(command.players)}
            return self.reject(given, str(exc), t_s)

    def finish(self, t_s: float | None = None) -> list[Record]:
        """The closing ``summary`` (Waagespiel: ``stats``) of the game."""
        return self._emit([self.engine.summary()], self._t(t_s))

    # ------------------------------------------------------------------ player inputs
    def apply(self, given: dict[str, Any], t_s: float | None = None) -> list[Record]:
        """One contract input (see the module docstring); a misfit is logged as ``input_rejected``."""
        t = self._t(t_s)
        given = dict(given)
        resolved = given
        try:
            if given.get("roll") == "auto":
                if "roll" not in self.engine.expects():
                    raise InputRejected(self._why_no_roll(), self._why_no_roll_code())
                resolved = {**given, "roll": list(self._roll_dice())}
            return self._emit(self.engine.apply(resolved), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)  # the input as it was given

    def _why_no_roll_code(self) -> str | None:
        code = getattr(self.engine, "why_no_roll_code", None)
        return code() if code is not None else None

    def _why_no_roll(self) -> str:
        why = getattr(self.engine, "why_no_roll", None)
        reason = why() if why is not None else None
        return reason or "no roll is expected now"

    def _roll_dice(self) -> Pair:
        self.dice_rolled += 1
        return self.dice.roll()

    def roll(self, dice: Pair | None = None, t_s: float | None = None) -> list[Record]:
        """The next player rolls: ``dice`` entered by hand, or None for the electronic dice."""
        given = {"roll": list(dice) if dice is not None else "auto"}
        if dice is not None:
            # the rejection names the input as given (a tuple is logged as a list)
            return self._apply_as_given(given, self._t(t_s))
        return self.apply(given, t_s)

    def _apply_as_given(self, given: dict[str, Any], t: float) -> list[Record]:
        try:
            return self._emit(self.engine.apply(given), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)

    def choose(self, player: str, t_s: float | None = None) -> list[Record]:
        """The Einer-Pasch roller names the Auserwählte (W-15)."""
        return self._apply_as_given({"choose": player}, self._t(t_s))

    def reject(self, given: dict[str, Any], why: str | InputRejected, t_s: float | None = None) -> list[Record]:
        """Log an input that the driver could not apply (e.g. a sip while the glass is off); an
        ``InputRejected`` also gives the record its ``code`` and ``details``."""
        return self._reject(given, why, self._t(t_s))

    @property
    def unmeasured_attempt(self) -> int | None:
        """W-38: the number of the drinking's last attempt while it is unmeasured and not judged since (the
        table may judge it by hand, ``judge_by_hand``), else None; None in a game without a scale."""
        return getattr(self.engine.state, "unmeasured_attempt", None)

    def judge_by_hand(self, grams: int, t_s: float | None = None) -> list[Record]:
        """W-38, issue 26: the unmeasured attempt judged with the whole grams the table says it took (the menu's
        "Von Hand werten"); ``input_rejected`` when there is none to judge."""
        t = self._t(t_s)
        given = {"judge_by_hand": int(grams)}
        try:
            return self._emit(self.engine.judge_by_hand(int(grams)), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)

    # ------------------------------------------------------------------ the glass in use (W-36, W-37)
    @property
    def glass(self) -> GlassSettings | None:
        """The glass in use: the hosted Waagespiel's, else the one a new Waagespiel gets (None: the config's)."""
        if self.uses_scale:
            return self.engine.state.glass
        return self.glass_in_use

    @property
    def glass_unknown(self) -> dict[str, Any] | None:
        """The W-37 finding {reason: "heavier"/"lighter", load_g} while it stands, else None."""
        if not self.uses_scale or self.engine.state.weighing:
            return None
        found = self.engine.state.glass_unknown
        return None if found is None else found.model_dump()

    def live_load(self) -> tuple[float | None, bool]:
        """(the live total load on the platform in grams, steady) from the pipeline.

        (None, False) without a pipeline or while the game is paused by a sensor fault. ``steady``
        is the pipeline's settled flag (W-36: a glass is only weighed from a steady load).
        """
        pipe = self.pipeline
        if pipe is None or (self.uses_scale and self.engine.state.paused):
            return None, False
        steady = bool(pipe.steady)
        load_g = pipe.steady_g if steady else None  # what a weighing would take
        return float(pipe.live_g if load_g is None else load_g), steady

    @property
    def attempt_open(self) -> bool:
        """True while an attempt is under way (the glass lifted for a drink, not yet judged)."""
        return self.uses_scale and bool(self.engine.state.attempt_open)

    @property
    def weighing(self) -> bool:
        """The weighing screen is open (``begin_weighing``): the glass may be swapped, nothing is judged."""
        return self.uses_scale and bool(self.engine.state.weighing)

    def _weigh_refused(self) -> InputRejected | None:
        if not self.uses_scale or self.pipeline is None:
            return InputRejected("this game uses no scale", "no_scale")
        why = self.engine.why_no_weighing()
        return None if why is None else InputRejected(*why)

    def begin_weighing(self, t_s: float | None = None, given: dict[str, Any] | None = None) -> list[Record]:
        """Open "Glas wiegen" (module doc); ``input_rejected`` (naming ``given``, default
        ``{"weigh_glass": "begin"}``) while an attempt is under way."""
        t = self._t(t_s)
        given = given or {"weigh_glass": "begin"}
        refused = self._weigh_refused()
        if refused is not None:
            return self._reject(given, refused, t)
        return self._emit(self.engine.begin_weighing(), t)

    def cancel_weighing(self, t_s: float | None = None) -> list[Record]:
        """Close "Glas wiegen" without weighing (module doc)."""
        if not self.weighing:
            return []
        return self._emit(self.engine.cancel_weighing(), self._t(t_s))

    def weigh_glass(self, capacity_g: float | None = None, t_s: float | None = None,
                    given: dict[str, Any] | None = None) -> list[Record]:
        """W-36: the empty glass standing on the scale becomes the glass in use (module doc).

        capacity_g: grams of beer it holds, or None to scale the capacity with the glass;
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
        if refused is not None or pipe is None:
            return self._reject(given, refused or InputRejected("no scale", "no_scale"), t)
        old = self.engine.state.glass
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
        self.glass_in_use = glass
        events = self.engine.glass_weighed(glass, load)
        # every glass-dependent threshold follows at once; the segmenter stands on the weighed glass
        pipe.set_glass(glass)
        pipe.restore(load, False)
        self._sync_reference = False
        return self._emit(events, t)

    # ------------------------------------------------------------------ weight path
    def on_sample(self, sample: Sample) -> list[Record]:
        """One sample through the pipeline; weight events go to the engine (paused while faulted)."""
        self.now_s = sample.t_s
        if self.pipeline is None:
            return []
        out: list[Record] = []
        for wev in self.pipeline.feed(sample):
            out += self._emit(self.engine.weight(wev), wev.t_s)
        if self._sync_reference and self.pipeline.reference_g is not None:
            self._sync_reference = False
            out += self._emit(self.engine.scale_ready(self.pipeline.reference_g), sample.t_s)
        return out

    def on_samples(self, samples: Sequence[Sample]) -> list[Record]:
        """Many samples in order (see ``on_sample``); the hot path of replay and sim.

        Once the engine has its reference, the chunk goes through the pipeline in
        one ``feed_many`` call and the resulting weight events go to the engine
        in order (the pipeline never depends on the engine, so this is the same
        as feeding one by one).
        """
        if not samples:
            return []
        if self.pipeline is None:
            self.now_s = samples[-1].t_s
            return []
        out: list[Record] = []
        start = 0
        while self._sync_reference and start < len(samples):
            out += self.on_sample(samples[start])
            start += 1
        if start < len(samples):
            rest = samples[start:] if start else samples
            for wev in self.pipeline.feed_many(rest):
                out += self._emit(self.engine.weight(wev), wev.t_s)
            self.now_s = samples[-1].t_s
        return out

    def on_sensor(self, item: Sample | SensorFault | SensorRecovered) -> list[Record]:
        """Anything a sensor delivers: a sample, a fault (pauses a scale game) or a recovery."""
        if isinstance(item, Sample):
            return self.on_sample(item)
        self.now_s = item.t_s
        if not self.uses_scale:
            return []  # a helper game needs no scale and says nothing about it
        s = self.engine.state
        if isinstance(item, SensorFault):
            if s.paused:
                return []
            return self._emit(self.engine.sensor_fault(item.kind, item.detail), item.t_s)
        if not s.paused:
            return []
        # A fresh pipeline, measuring from the reference the game had before the
        # fault: a glass lifted during the stall is still judged when it comes back,
        # and a changed load is a settled change, not a new starting weight.
        self._fresh_pipeline()
        return self._emit(self.engine.sensor_recovered(), item.t_s)



def rejection_fields(exc: InputRejected) -> dict[str, Any]:
    """``why`` (English, for the log), ``code`` and ``details`` of a rejected input.

    A helper game's rejection carries only a code; its English sentence comes from
    the helper games' text table, as ``waage replay`` writes it.
    """
    fields = exc.record()
    from waage.rules.helpers.common import InputRejected as HelperRejected

    if isinstance(exc, HelperRejected):
        from waage.display.helper_texts import reason

        fields["why"] = reason(exc.code, exc.details, "en")
    return fields
