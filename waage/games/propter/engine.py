"""Helper for "Propter", Basisregeln (seed ``004_*``; rulings PR-01..PR-06 of
``shared/docs/helper-games-contract.md``).

A card game without dice. The device knows whose turn it is, the resistance of the
three BS cards on "Quelle: Internet" (slots 1–3), the trophies (victory points), the
hand sizes, who fell off the disc, and the winner. The players judge whether a
Propter fits a BS by category or exactly (``match``).

Phases: ``choose`` (the table names the first player), ``turn`` (play or discard),
``discarded`` (after a discard: play or next, PR-02), ``over``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from waage.rules.helpers.common import (
    Event,
    GameResult,
    HelperGame,
    HelperInput,
    InputRejected,
    PlayerName,
    Standing,
    check_names,
)

#: PR-01, PR-06: five hand cards, three BS with resistance 3, five points win.
HAND_CARDS = 5
BS_SLOTS = 3
RESISTANCE = 3
WIN_POINTS = 5


class PropterPhase(StrEnum):
    """The phases (the state's ``phase``): choose (the table names the first player), turn (play or discard, PR-02),
    discarded (the player at turn discarded and names the next, PR-05), over (a winner, PR-06).

    A ``StrEnum``: a member equals its word and is written as the word in JSON, the log and the
    replays (byte-identical)."""

    CHOOSE = "choose"
    TURN = "turn"
    DISCARDED = "discarded"
    OVER = "over"


#: the phase type of the state (an alias kept for readers of the former ``Literal``)
Phase = PropterPhase


class PropterInput(HelperInput):
    """One input of Propter: ``choose``, ``play`` (with ``slot`` 1–3 and ``match`` "category"/"exact"),
    ``discard`` or ``next``, each naming a player.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    ACTIONS: ClassVar[tuple[str, ...]] = ("choose", "play", "discard", "next")
    COMPANIONS: ClassVar[dict[str, tuple[str, ...]]] = {"slot": ("play",), "match": ("play",)}

    choose: PlayerName | None = None
    play: PlayerName | None = None
    slot: int | None = Field(None, ge=1, le=BS_SLOTS)
    match: Literal["category", "exact"] | None = None
    discard: PlayerName | None = None
    next: PlayerName | None = None

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data: Any) -> Any:
        data = cls.check_one_action(data)
        if isinstance(data, dict) and "play" in data:
            missing = [k for k in ("slot", "match") if k not in data]
            if missing:
                raise ValueError(f"play needs {' and '.join(missing)}")
        return data


class PropterState(BaseModel):
    """Everything the helper tracks (JSON round trip).

    resistance: the three BS slots (slot 1 first); hands: hand cards per player; points:
    trophies; out: who fell off the disc (PR-05); winner once the game is over.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    started: bool = False
    phase: PropterPhase = PropterPhase.CHOOSE
    turn: str | None = None
    resistance: list[int] = Field(default_factory=lambda: [RESISTANCE] * BS_SLOTS)
    hands: dict[str, int] = Field(default_factory=dict)
    points: dict[str, int] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)
    winner: str | None = None
    stings: int = 0


class Propter(HelperGame):
    """Engine for Propter, Basisregeln (PR-01..PR-06); the interface of ``common``.

    ``Propter(players)``: seat order, 2–12 names (ValueError otherwise).
    """

    game_id: ClassVar[str] = "propter"
    state_type = PropterState
    input_model = PropterInput
    state: PropterState

    def __init__(self, players: Sequence[str], *, teams: bool = False) -> None:
        if teams:
            raise ValueError("teams: only Ein Arsch kommt selten allein has a team variant")
        players = check_names(players)
        self.state = PropterState(players=players, hands={p: HAND_CARDS for p in players},
                                  points={p: 0 for p in players})

    # ---------------------------------------------------------------- interface
    @property
    def phase(self) -> PropterPhase:
        """``choose``, ``turn``, ``discarded`` or ``over`` (a ``StrEnum``: equal to its word)."""
        return self.state.phase

    @property
    def current_player(self) -> str | None:
        """Who is at turn (None while the table chooses and after the end)."""
        return self.state.turn if self.state.phase in (PropterPhase.TURN, PropterPhase.DISCARDED) else None

    def expects(self) -> list[str]:
        """The action keys that fit now (PR-02)."""
        return {PropterPhase.CHOOSE: ["choose"], PropterPhase.TURN: ["play", "discard"],
                PropterPhase.DISCARDED: ["play", "next"], PropterPhase.OVER: []}[self.state.phase]

    @property
    def resistance(self) -> list[int]:
        """The resistance of BS slots 1–3 (PR-01, PR-03)."""
        return list(self.state.resistance)

    @property
    def points(self) -> dict[str, int]:
        """Trophies per player (PR-04)."""
        return dict(self.state.points)

    @property
    def hands(self) -> dict[str, int]:
        """Hand cards per player (PR-01, PR-02)."""
        return dict(self.state.hands)

    @property
    def out(self) -> list[str]:
        """Players who fell off the disc (PR-05)."""
        return list(self.state.out)

    @property
    def winner(self) -> str | None:
        """The winner once the game is over (PR-06)."""
        return self.state.winner

    def result(self) -> GameResult | None:
        """PR-06 once the game is over (else None): the winner first, then the others by trophies
        (most first), ties in seat order."""
        s = self.state
        if s.winner is None:
            return None
        order = sorted(s.players, key=lambda p: (p != s.winner, -s.points[p], s.players.index(p)))
        return GameResult(winners=[s.winner],
                          standings=[Standing(name=p, members=[p], points=s.points[p]) for p in order])

    def start(self) -> list[Event]:
        """PR-01: five hand cards each, three BS with resistance 3; the table names the first player."""
        s = self.state
        if s.started:
            raise InputRejected("already_started")
        s.started = True
        return [{"event": "game_started", "game": self.game_id, "players": list(s.players),
                 "hands": dict(s.hands), "resistance": list(s.resistance)}]

    def summary(self) -> Event:
        """Points, hands, the three slots' resistance and who is out."""
        s = self.state
        return {"event": "summary", "points": dict(s.points), "hands": dict(s.hands),
                "resistance": list(s.resistance), "out": list(s.out), "winner": s.winner}

    # ---------------------------------------------------------------- turns
    def _active(self, player: str) -> bool:
        return player not in self.state.out

    def _need_turn(self, who: str | None, *phases: str) -> str:
        s = self.state
        if s.phase == PropterPhase.OVER:
            raise InputRejected("game_over", winner=s.winner)
        if s.phase not in phases:
            raise InputRejected("not_now", phase=s.phase)
        self._expect_actor(who, s.turn)
        assert s.turn is not None
        return s.turn

    def _finished(self, winner: str) -> list[Event]:
        s = self.state
        s.phase, s.turn, s.winner = PropterPhase.OVER, None, winner
        return [{"event": "game_finished", "winner": winner, "points": dict(s.points)}]

    def _end_turn(self, player: str) -> list[Event]:
        """Turns pass over players who are out (PR-05); one player left wins (PR-06)."""
        s = self.state
        left = [p for p in s.players if self._active(p)]
        if len(left) == 1:
            return self._finished(left[0])
        s.phase = PropterPhase.TURN
        s.turn = self._next_in(s.players, player, self._active)
        return [{"event": "turn", "player": s.turn}]

    # ---------------------------------------------------------------- inputs
    def _on_choose(self, inp: PropterInput) -> list[Event]:
        """The table names the first player (seed 004's criteria are the players' choice)."""
        s = self.state
        if s.phase != PropterPhase.CHOOSE:
            raise InputRejected("game_over" if s.phase == PropterPhase.OVER else "no_choice", winner=s.winner)
        assert inp.choose is not None
        s.phase, s.turn = PropterPhase.TURN, inp.choose
        return [{"event": "turn", "player": inp.choose}]

    def _on_play(self, inp: PropterInput) -> list[Event]:
        """PR-03: exact stings at once, category lowers by one and stings at zero; PR-04: a trophy and a
        fresh BS (3); PR-06: five points win at once. The hand stays the same (PR-02: play, then draw).
        """
        player = self._need_turn(inp.play, "turn", "discarded")
        s = self.state
        assert inp.slot is not None
        i = inp.slot - 1
        before = s.resistance[i]
        after = 0 if inp.match == "exact" else before - 1
        ev: list[Event] = [{"event": "play", "player": player, "slot": inp.slot, "match": inp.match,
                            "resistance": after, "before": before}]
        if after > 0:
            s.resistance[i] = after
            return ev + self._end_turn(player)
        s.resistance[i] = RESISTANCE
        s.points[player] += 1
        s.stings += 1
        ev.append({"event": "sting", "player": player, "slot": inp.slot, "points": s.points[player]})
        if s.points[player] >= WIN_POINTS:
            return ev + self._finished(player)
        return ev + self._end_turn(player)

    def _on_discard(self, inp: PropterInput) -> list[Event]:
        """PR-02: discard without drawing (hand − 1), then play or next; PR-05: the last card: fell off."""
        player = self._need_turn(inp.discard, "turn")
        s = self.state
        s.hands[player] -= 1
        ev: list[Event] = [{"event": "discard", "player": player, "hand": s.hands[player]}]
        if s.hands[player] == 0:
            s.out.append(player)
            return ev + [{"event": "fell_off", "player": player}] + self._end_turn(player)
        s.phase = PropterPhase.DISCARDED
        return ev

    def _on_next(self, inp: PropterInput) -> list[Event]:
        """PR-02: end the turn after a discard without playing."""
        player = self._need_turn(inp.next, "discarded")
        return self._end_turn(player)
