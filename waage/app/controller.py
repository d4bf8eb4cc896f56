"""The host: the one place where a game engine, the weight pipeline and the dice meet.

``GameHost`` hosts any of the four games (``waage/rules/game.py``). It has no
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
- ``host.last_events``: the records of the latest decision (views read them);
  ``host.last_typed``: the same as typed events (``waage/rules/game_events.py``,
  Waagespiel only).
- ``host.now_s``: the host's time in seconds (of the latest sample or input).
- ``host.pipeline``: the weight pipeline (live grams), None for a game without scale.
- ``host.start(t_s)``, ``host.finish(t_s)``, ``host.reject(given, why, t_s)``;
  ``host.on_sensor(item)``, ``on_sample``, ``on_samples`` (weight path: only a
  game with ``uses_scale`` hears of samples and faults: a helper game runs with
  the sensor absent or faulty and says nothing about it).
- ``host.roll(dice=None, t_s=None)``, ``host.choose(player, t_s=None)``: the
  Waagespiel's typed forms of ``apply``.
- ``host.handle(command)``: runs an ``Apply`` or ``NewGame`` command; this is
  what ``submit(command)`` (from the web or MQTT thread) ends in, on the game
  thread of ``waage run`` / ``waage sim``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from waage.rules.dice import Dice, Pair
from waage.rules.game import Event, Game, InputRejected, games
from waage.weight.events import Sample, SensorFault, SensorRecovered
from waage.weight.pipeline import WeightPipeline

Record = dict[str, Any]
LogSink = Callable[[Record], None]


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


Command = Apply | NewGame


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
    the config for ``new_game``; dice_rolled: electronic rolls so far (resume).
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
    ) -> None:
        self.engine: Any = engine
        self.new_pipeline = new_pipeline
        self.dice = dice
        self.sinks = list(sinks)
        self.commit = commit
        self.wall_clock = wall_clock
        self.game_options = game_options or (lambda game_id, players: {})
        self.dice_rolled = dice_rolled
        self.now_s = 0.0
        self.last_events: list[Record] = []
        self.pipeline: WeightPipeline | None = None
        self._sync_reference = False
        self._fresh_pipeline()

    # ------------------------------------------------------------------ weight plumbing
    @property
    def uses_scale(self) -> bool:
        """True when the hosted game judges weights (the Waagespiel)."""
        return bool(getattr(self.engine, "uses_scale", False))

    def _fresh_pipeline(self) -> None:
        """A new pipeline for a scale game, measuring from the reference it had (resume, recovery)."""
        if not self.uses_scale or self.new_pipeline is None:
            self.pipeline, self._sync_reference = None, False
            return
        self.pipeline = self.new_pipeline()
        s = self.engine.state
        if s.reference_g is not None:
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
        self.last_events = records
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
        """``last_events`` as typed events (``game_events.typed``); empty for a helper game."""
        if self.engine.game_id != "waagespiel":
            return []
        from waage.rules.game_events import typed

        return typed(self.last_events)

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
            return self._emit([*preface, ev], t_s)
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

    def reject(self, given: dict[str, Any], why: str, t_s: float | None = None) -> list[Record]:
        """Log an input that the driver could not apply (e.g. a sip while the glass is off)."""
        return self._reject(given, why, self._t(t_s))

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


#: the former name (one host for every game now)
GameController = GameHost


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
