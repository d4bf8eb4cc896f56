"""The Waagespiel rule engine: pure and deterministic.

Source: ``shared/seeds/002_*.txt`` (Regel 2–4) as restated with rulings in
``shared/docs/waagespiel-rules.md``; every W-nn ruling is implemented here.

The engine implements the game interface of ``waage/rules/game.py``
(``start``, ``apply`` with the player inputs ``{"roll": [a, b]}`` and
``{"choose": NAME}``, ``state``, ``resume``, ``summary``, ``current_player``,
``phase``, ``expects``). Being the one game on the scale, it also takes the
weight path: ``scale_ready``, ``weight`` (events from the weight pipeline),
``sensor_fault`` / ``sensor_recovered``. ``roll``, ``choose`` and ``finish``
remain as the typed forms of ``apply`` and ``summary``. Each returns the list
of log events it caused, as dicts in the shape of the replay contract's event
log, without ``t_s`` (the host stamps the time). An input that does not fit
the current phase raises ``InputRejected``; the state is then unchanged.

The rules are written in parts (``waage.games.waagespiel.rules``): the state, the rolls and the
Auserwählte (``rolling``), the judging of a sip (``drinking``), the glass in use (``glass``);
``Waagespiel`` joins them with the game interface, the rounds and the sensor faults.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from waage.games.waagespiel.phases import WaagespielPhase
from waage.games.waagespiel.rules.drinking import Drinking, whole_grams
from waage.games.waagespiel.rules.glass import GlassInUse
from waage.games.waagespiel.rules.rolling import _NOT_NOW, Rolling, tie_break_name
from waage.games.waagespiel.rules.state import (
    Chosen,
    GameState,
    Phase,
    PlayerStats,
    Roll,
    SensorFaultState,
    UnknownGlass,
)
from waage.rules.dice import check_pair
from waage.rules.game import Event, InputRejected
from waage.rules.players import check_players
from waage.rules.settings import HouseRules
from waage.weight.settings import GlassSettings

#: importable from here as before (the parts' names)
__all__ = ["Chosen", "GameState", "InputRejected", "Phase", "PlayerStats", "Roll", "SensorFaultState",
           "UnknownGlass", "Waagespiel", "_NOT_NOW", "tie_break_name", "whole_grams"]


class Waagespiel(Rolling, Drinking, GlassInUse):
    """The Waagespiel rules (W-01 … W-41) over a ``GameState``.

    Construct with players (2–12 distinct names, seat order = clockwise), the
    starter (W-02, default the first player), house rules and glass settings,
    or from a saved state with ``Waagespiel.resume(state)``.
    Raises ValueError for invalid players or an unknown starter.
    """

    game_id: ClassVar[str] = "waagespiel"
    uses_scale: ClassVar[bool] = True
    state_type: ClassVar[type[BaseModel]]  # set below the class: GameState

    def __init__(
        self,
        players: list[str],
        starter: str | None = None,
        rules: HouseRules | None = None,
        glass: GlassSettings | None = None,
    ) -> None:
        players = check_players(players)
        starter = starter if starter is not None else players[0]
        if starter not in players:
            raise ValueError(f"starter {starter!r} is not one of the players")
        self.state = GameState(
            players=list(players),
            starter=starter,
            rules=rules or HouseRules(),
            glass=glass or GlassSettings(),
            stats={p: PlayerStats() for p in players},
        )

    @classmethod
    def resume(cls, state: GameState) -> "Waagespiel":
        """An engine continuing from a saved state (after a crash or power cut)."""
        engine = cls.__new__(cls)
        engine.state = state.model_copy(deep=True)
        return engine

    # ------------------------------------------------------------------ game interface
    def apply(self, given: dict[str, Any]) -> list[Event]:
        """One player input as a dict: ``{"roll": [a, b]}`` (W-10) or ``{"choose": NAME}`` (W-15).

        ``roll = "auto"`` must be resolved to dice by the host first. Weight events
        do not come this way (see ``weight``). Raises InputRejected for an input
        that does not fit now, malformed dice or an unknown key.
        """
        if len(given) != 1:
            raise InputRejected(f"one input at a time: roll or choose, got {sorted(given)}")
        (key, value), = given.items()
        if key == "roll":
            try:
                dice = check_pair(value)
            except ValueError as exc:
                raise InputRejected(str(exc)) from None
            return self.roll(dice)
        if key == "choose":
            if not isinstance(value, str):
                raise InputRejected(f"choose needs a player's name, got {value!r}")
            return self.choose(value)
        raise InputRejected(f"the Waagespiel takes roll or choose, not {key!r}")

    def summary(self) -> Event:
        """The closing ``stats`` event (same as ``finish()[0]``)."""
        return self.finish()[0]

    @property
    def players(self) -> list[str]:
        """The players in seat order (W-01)."""
        return list(self.state.players)

    @property
    def phase(self) -> WaagespielPhase:
        """The phase: setup, rolling, tie_break, choosing, drinking, awaiting_refill (a ``StrEnum``: equal to
        its word)."""
        return self.state.phase

    @property
    def current_player(self) -> str | None:
        """Who rolls (W-10), names the Auserwählte (W-15) or drinks (W-30); None otherwise."""
        s = self.state
        if s.phase == WaagespielPhase.CHOOSING:
            return s.chooser
        if s.phase == WaagespielPhase.DRINKING and s.chosen is not None:
            return s.chosen.player
        return s.next_to_roll

    def expects(self) -> list[str]:
        """``["roll"]`` when someone must roll, ``["choose"]`` in the Einer-Pasch choice, else ``[]``."""
        if self.state.paused:
            return []
        if self.state.phase == WaagespielPhase.CHOOSING:
            return ["choose"]
        return ["roll"] if self.why_no_roll() is None else []

    # ------------------------------------------------------------------ helpers
    def _seat_order(self, first: str) -> list[str]:
        players = self.state.players
        i = players.index(first)
        return players[i:] + players[:i]

    def _after(self, player: str) -> str:
        players = self.state.players
        return players[(players.index(player) + 1) % len(players)]

    def _start_round(self, number: int, starter: str) -> list[Event]:
        s = self.state
        s.round, s.round_starter, s.phase, s.pending_starter = number, starter, WaagespielPhase.ROLLING, None
        s.to_roll = self._seat_order(starter)
        s.rolls, s.tie_break_rolls, s.tie_break_players = [], [], []
        s.ended_by = s.tied_sum = s.chooser = s.chosen = None
        s.attempt, s.drinking_started, s.unmeasured_attempt = 0, False, None
        return [{"event": "round_started", "round": number, "starter": starter}]

    # ------------------------------------------------------------------ inputs
    def start(self) -> list[Event]:
        """Begin the game: ``game_started``; round 1 starts when the scale is ready (``scale_ready``)."""
        s = self.state
        if s.round or s.reference_g is not None:
            raise InputRejected("the game has already started", "already_started")
        s.phase, s.pending_starter = WaagespielPhase.SETUP, s.starter
        return [{"event": "game_started", "players": list(s.players), "starter": s.starter,
                 "rules": s.rules.model_dump()}]

    def scale_ready(self, reference_g: float) -> list[Event]:
        """The scale has settled on the glass for the first time: ``reference_g`` is the total load.

        Round 1 starts with the starter (W-02), unless the glass is empty (W-01, W-32):
        then the game waits for a refill first.
        """
        s = self.state
        s.reference_g = reference_g
        out: list[Event] = [{"event": "scale_ready", "reference_g": round(reference_g, 1)}]
        if s.weighing:  # the glass is being swapped: round 1 waits for the weighing (W-36)
            return out
        out += self._lighter(reference_g)
        return out + self._first_round()

    def _first_round(self) -> list[Event]:
        """The empty test (W-32) and round 1 once the scale has its first settled load (W-01)."""
        s = self.state
        out = self.check_empty()
        if s.phase == WaagespielPhase.SETUP:
            if s.glass_empty:
                s.phase = WaagespielPhase.AWAITING_REFILL
            else:
                out += self._start_round(1, s.pending_starter or s.starter)
        return out

    def sensor_fault(self, kind: str, detail: str) -> list[Event]:
        """Pause the game: nothing is judged until the sensor recovers."""
        self.state.paused = True
        self.state.fault = SensorFaultState(kind=kind, detail=detail)
        return [{"event": "sensor_fault", "kind": kind, "detail": detail}]

    def sensor_recovered(self) -> list[Event]:
        """Resume after a sensor fault; the lift in progress (if any) is forgotten."""
        s = self.state
        s.paused = False
        s.fault = None
        s.lifted = False
        return [{"event": "sensor_recovered"}]

    def finish(self) -> list[Event]:
        """The ``stats`` event: per player chosen, attempts, hits, exact, misses, grams."""
        return [{"event": "stats", "per_player": {p: st.model_dump() for p, st in self.state.stats.items()}}]


Waagespiel.state_type = GameState
