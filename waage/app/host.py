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
  game's ``{"field": "kiosk", "by": "Anna"}`` …). What a player leaves to
  chance (``"auto"``) is drawn here by the game's chance hook (``GameSpec.resolve_chance``,
  ``waage.rules.chance``; the Waagespiel rolls only when a roll is expected). An input that does not fit is
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
- ``host.scale``: the scale session (``waage/app/scale_session.py``: pipeline, glass, weighing,
  sensor faults) of a game that weighs (``ScaleGame``, ``weighs(engine)``), None for a helper
  game; made anew with every game.
- ``host.glass_in_use``: the glass a new Waagespiel gets (W-36): the config's until a glass is
  weighed, then the last weighing's (``glass.json``); None: the config's through ``game_options``.
  ``host.glass_weighed``: it was weighed (not the config's guess; issue 30: a new game weighs first).
- ``host.start(t_s)``, ``host.finish(t_s)``, ``host.reject(given, why, t_s)``;
  ``host.on_sensor(item)``, ``on_sample``, ``on_samples`` (weight path: only a scale session
  hears of samples and faults: a helper game runs with the sensor absent or faulty and says
  nothing about it).
- ``host.recalibrate(new_pipeline)``: the menu's "Kalibrieren" (the scale session's, W-34).
- ``host.roll(dice=None, t_s=None)``, ``host.choose(player, t_s=None)``: the
  Waagespiel's typed forms of ``apply``.
- ``host.handle(command)``: runs an ``Apply``, ``NewGame`` or ``WeighGlass`` command;
  this is what ``submit(command)`` (from the web or MQTT thread) ends in, on the
  game thread of ``waage run`` / ``waage sim``. ``WeighGlass`` goes to ``host.scale``
  (``input_rejected`` with code ``no_scale`` in a game without one).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, cast

from waage.app.scale_session import ScaleSession, no_scale
from waage.games import spec
from waage.rules.dice import Dice, Pair
from waage.rules.engines import games
from waage.rules.game import Event, Game, InputRejected, ScaleGame, weighs
from waage.weight.events import Sample, SensorFault, SensorRecovered
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

    step: "take" (``host.scale.weigh_glass(capacity_g)``: the empty glass standing on the scale
    becomes the glass in use), "begin" (``host.scale.begin_weighing``: the weighing screen opens,
    the glass may be swapped) or "cancel" (``host.scale.cancel_weighing``).
    capacity_g: most beer the glass holds in grams (a chosen size, ``capacity_for_size``),
    or None to scale it with the glass. empty: the sender vouches the glass is empty (MQTT, stdin, the
    device); False (the phone before its "Ja, leer: wiegen") refuses a load that looks full (``looks_full``).
    """

    capacity_g: float | None = None
    step: str = "take"
    empty: bool = True


Command = Apply | NewGame | WeighGlass

class GameHost:
    """Hosts one game at a time: inputs, dice, weight events, time stamps, persistence.

    engine: the game (new or resumed); dice: rolls ``roll = "auto"``;
    new_pipeline: makes a fresh weight pipeline for the scale session of a game that weighs
    (``host.scale``, made at start and for every new such game), or None without a scale;
    sinks: callables receiving each log record (dict with ``event`` and ``t_s``
    first); commit: called with ``(host, records)`` once per decision before the
    sinks (persistence); wall_clock: returns the ISO time stored as ``at`` in
    each record (the device's session log), or None;
    game_options: ``game_options(game_id, players)`` -> constructor options from
    the config for ``new_game``; dice_rolled: electronic rolls so far (resume);
    glass: the glass in use for a new Waagespiel (default: the hosted Waagespiel's, else the
    config's through ``game_options``); on_glass: called with a weighed glass before it is
    logged (persistence: ``StateStore.save_glass``); glass_weighed: the glass in use was weighed (``glass.json``).
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
        glass_weighed: bool = False,
    ) -> None:
        self.engine: Game = engine
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
        #: the glass in use was weighed (``glass.json`` at the start, or a weighing since), not the config's guess:
        #: a new Waagespiel offers to keep it, else it leads through weighing first (issue 30)
        self.glass_weighed = glass_weighed
        self.now_s = 0.0
        self.last_events: list[Record] = []
        #: the current game's records, newest last (the statistics screens read them)
        self.game_records: deque[Record] = deque(maxlen=GAME_RECORDS)
        #: the scale session of a game that weighs, None for a helper game
        self.scale: ScaleSession | None = self._scale_for(engine)

    # ------------------------------------------------------------------ the scale session
    def _scale_for(self, engine: Game) -> ScaleSession | None:
        """A scale session for a game that weighs (``weighs``), else None."""
        if not weighs(engine):
            return None
        return ScaleSession(cast(ScaleGame, engine), self.new_pipeline, self._emit, self._reject,
                            lambda: self.now_s, on_glass=self._glass_weighed)

    def _glass_weighed(self, glass: GlassSettings) -> None:
        """A glass was weighed: saved (``on_glass``) and given to the next Waagespiel."""
        if self.on_glass is not None:
            self.on_glass(glass)
        self.glass_in_use = glass
        self.glass_weighed = True

    def recalibrate(self, new_pipeline: Callable[[], WeightPipeline]) -> None:
        """The scale was calibrated anew (the menu's "Kalibrieren"): pipelines come from ``new_pipeline`` from
        now on; a running scale session replaces its pipeline and takes its reference afresh (W-34)."""
        self.new_pipeline = new_pipeline
        if self.scale is not None:
            self.scale.recalibrate(new_pipeline)

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
        if self.scale is not None:
            self.scale.observe(records)  # W-37 found by the engine (a lighter glass): judge it as an unknown glass
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
        if self.scale is not None:
            return self.scale.started
        return bool(getattr(self.engine.state, "started", False))

    def start(self, t_s: float = 0.0, preface: Sequence[Event] = ()) -> list[Record]:
        """Start the game, or announce the resumed one with ``game_resumed`` {game, round?, phase}.

        preface: events logged first, in the same decision (e.g. why a saved game
        was not resumed).
        """
        self.now_s = t_s
        if self.started:
            ev: Event = {"event": "game_resumed", "game": self.engine.game_id}
            if self.scale is not None:
                ev["round"] = self.scale.round
            ev["phase"] = self.engine.phase
            ev["current"] = self.engine.current_player
            # a weighing screen open at the power cut is gone: the weighing is cancelled (W-36)
            closing = self.scale.cancel_weighing_at_resume() if self.scale is not None else []
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
        if weighs(registry[game_id]) and "glass" not in options and self.glass_in_use is not None:
            merged["glass"] = self.glass_in_use  # the glass weighed last (W-36)
        engine = registry[game_id](list(players), **merged)
        t = self._t(t_s)
        closing = [self.engine.summary()] if self.started else []
        self.engine = engine
        self.scale = self._scale_for(engine)
        return self._emit(closing + engine.start(), t)

    def handle(self, command: Command, t_s: float | None = None) -> list[Record]:
        """Run a command (see ``Apply``, ``NewGame``); an invalid ``NewGame`` is logged as
        ``input_rejected`` (the running game goes on). The language is the driver's concern."""
        if isinstance(command, Apply):
            return self.apply(command.given, t_s)
        if isinstance(command, WeighGlass):
            if self.scale is None:  # nothing to cancel; a weighing is refused
                if command.step == "cancel":
                    return []
                given = {"weigh_glass": command.step,
                         **({"capacity_g": command.capacity_g} if command.capacity_g is not None else {})}
                return self.reject(given, no_scale(), t_s)
            if command.step == "begin":
                return self.scale.begin_weighing(t_s)
            if command.step == "cancel":
                return self.scale.cancel_weighing(t_s)
            return self.scale.weigh_glass(command.capacity_g, t_s, empty=command.empty)
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
        try:  # what the player left to chance ("auto"), drawn by the game's chance hook
            resolved = spec(self.engine.game_id).resolve_chance(self.engine, given, _CountedDice(self))
            return self._emit(self.engine.apply(resolved), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)  # the input as it was given

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

    # ------------------------------------------------------------------ weight path
    def on_sample(self, sample: Sample) -> list[Record]:
        """One sample to the scale session (``ScaleSession.feed``); a helper game hears nothing of it."""
        self.now_s = sample.t_s
        return self.scale.feed(sample) if self.scale is not None else []

    def on_samples(self, samples: Sequence[Sample]) -> list[Record]:
        """Many samples in order (``ScaleSession.feed_many``); the hot path of replay and sim."""
        if not samples:
            return []
        out: list[Record] = []
        start = 0
        # until the game has its reference, sample by sample (the host's time follows each one)
        while self.scale is not None and self.scale.awaiting_reference and start < len(samples):
            out += self.on_sample(samples[start])
            start += 1
        if self.scale is not None and start < len(samples):
            out += self.scale.feed_many(samples[start:] if start else samples)
        self.now_s = samples[-1].t_s
        return out

    def on_sensor(self, item: Sample | SensorFault | SensorRecovered) -> list[Record]:
        """Anything a sensor delivers: a sample, a fault (pauses a scale game) or a recovery; a helper game
        needs no scale and says nothing about it."""
        if isinstance(item, Sample):
            return self.on_sample(item)
        self.now_s = item.t_s
        return self.scale.on_fault(item) if self.scale is not None else []


class _CountedDice:
    """The host's dice for a chance hook, counting the pairs rolled (``dice_rolled``: a resumed seeded
    game skips them)."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    def roll(self) -> Pair:
        self.host.dice_rolled += 1
        return self.host.dice.roll()

    def below(self, n: int) -> int:
        return self.host.dice.below(n)  # type: ignore[attr-defined,no-any-return]


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
