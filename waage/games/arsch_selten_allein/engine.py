"""Helper for "Ein Arsch kommt selten allein" (seed ``001_*``; rulings AS-01..AS-08 of
``shared/docs/helper-games-contract.md``).

A card game without dice. The device knows whose turn it is, the pairs laid in a
turn and who skips (AS-03), when a round ends (AS-05), the penalty points per round
and in total (AS-06, AS-07) and who starts the next round (AS-01). The players judge
the cards (values, colours) and count the points.

Phases: ``choose`` (the table names the round's starter), ``play`` (a round is on),
``score`` (the round's ``points`` are due), ``over`` (after ``finish``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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


class ArschPhase(StrEnum):
    """The phases (the state's ``phase``): choose (the table names the round's starter), play (a round is on), score
    (the round's penalty points are due), over (the game is finished).

    A ``StrEnum``: a member equals its word and is written as the word in JSON, the log and the
    replays (byte-identical)."""

    CHOOSE = "choose"
    PLAY = "play"
    SCORE = "score"
    OVER = "over"


#: the phase type of the state (an alias kept for readers of the former ``Literal``)
Phase = ArschPhase
Points = Annotated[int, Field(ge=0, le=100_000)]


class ArschInput(HelperInput):
    """One input of Ein Arsch kommt selten allein: exactly one of ``choose``, ``raise``, ``out``,
    ``pair``, ``pass`` (a player each), ``points`` ({player: whole number ≥ 0}) or ``finish = true``.
    """

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    ACTIONS: ClassVar[tuple[str, ...]] = ("choose", "raise", "out", "pair", "pass", "points", "finish")

    choose: PlayerName | None = None
    raise_: PlayerName | None = Field(None, alias="raise")
    out: PlayerName | None = None
    pair: PlayerName | None = None
    pass_: PlayerName | None = Field(None, alias="pass")
    points: dict[PlayerName, Points] | None = None
    finish: Literal[True] | None = None

    _one = model_validator(mode="before")(classmethod(lambda cls, d: cls.check_one_action(d)))

    @property
    def action(self) -> str:
        """The action key as the contract spells it (``raise``, ``pass``)."""
        for key in self.ACTIONS:
            if getattr(self, {"raise": "raise_", "pass": "pass_"}.get(key, key)) is not None:
                return key
        raise AssertionError("validated input without action")

    @property
    def who(self) -> str | None:
        """The player a turn action names."""
        return getattr(self, {"raise": "raise_", "pass": "pass_"}.get(self.action, self.action))

    def given(self) -> dict[str, Any]:
        """The input with the contract's keys (``raise``/``pass``, not the Python names)."""
        return self.model_dump(exclude_unset=True, by_alias=True, mode="json")

    @field_validator("finish", mode="before")
    @classmethod
    def _true(cls, v: Any) -> Any:
        if v is not None and v is not True:  # Literal[True] alone lets 1 through (1 == True)
            raise ValueError("finish is only ever true")
        return v

    @field_validator("points", mode="before")
    @classmethod
    def _once(cls, v: Any) -> Any:
        if isinstance(v, dict):
            folded = [str(k).casefold() for k in v]
            if len(set(folded)) != len(folded):
                raise ValueError("names a player twice")
        return v


class ArschState(BaseModel):
    """Everything the helper tracks (JSON round trip).

    round: the current (or last) round's number; candidates: who may be chosen to start
    (empty: anybody, round 1); turn: who acts; pairs: pairs laid in this turn; opened:
    the round's first raise happened (AS-02); acted: any action in this round (``finish``
    is allowed only before it); out: players out this round; rounds: points per scored
    round; totals: summed points.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    teams: bool = False
    started: bool = False
    phase: ArschPhase = ArschPhase.CHOOSE
    round: int = 1
    candidates: list[str] = Field(default_factory=list)
    turn: str | None = None
    pairs: int = 0
    opened: bool = False
    acted: bool = False
    out: list[str] = Field(default_factory=list)
    rounds: list[dict[str, int]] = Field(default_factory=list)
    totals: dict[str, int] = Field(default_factory=dict)


class ArschSeltenAllein(HelperGame):
    """Engine for Ein Arsch kommt selten allein (AS-01..AS-08); the interface of ``common``.

    ``ArschSeltenAllein(players, teams=False)``: seat order clockwise, 2–12 names;
    ``teams=True`` needs exactly four players (AS-07). ValueError otherwise.
    """

    game_id: ClassVar[str] = "arsch_selten_allein"
    state_type = ArschState
    input_model = ArschInput
    state: ArschState

    def __init__(self, players: Sequence[str], *, teams: bool = False) -> None:
        players = check_names(players)
        if teams and len(players) != 4:
            raise ValueError("the team variant needs exactly four players (AS-07)")
        self.state = ArschState(players=players, teams=teams, totals={p: 0 for p in players})

    # ---------------------------------------------------------------- interface
    @property
    def phase(self) -> ArschPhase:
        """``choose``, ``play``, ``score`` or ``over`` (a ``StrEnum``: equal to its word)."""
        return self.state.phase

    @property
    def current_player(self) -> str | None:
        """Who acts in a round; None while the table chooses or counts."""
        return self.state.turn if self.state.phase == ArschPhase.PLAY else None

    def expects(self) -> list[str]:
        """The action keys that fit now (AS-02: a round opens with a raise; AS-08: ``finish`` between rounds)."""
        s = self.state
        between = bool(s.rounds) and not s.acted
        if s.phase == ArschPhase.CHOOSE:
            return ["choose"] + (["finish"] if between else [])
        if s.phase == ArschPhase.PLAY:
            moves = ["raise", "out", "pair", "pass"] if s.opened else ["raise", "out"]
            return moves + (["finish"] if between else [])
        if s.phase == ArschPhase.SCORE:
            return ["points"]
        return []

    @property
    def round(self) -> int:
        """The current round's number (after ``finish``: the rounds played)."""
        return self.state.round

    @property
    def pairs(self) -> int:
        """Pairs laid so far in the current turn (AS-03)."""
        return self.state.pairs

    @property
    def totals(self) -> dict[str, int]:
        """Penalty points summed over the scored rounds (AS-06)."""
        return dict(self.state.totals)

    @property
    def out(self) -> list[str]:
        """Players out in the current round (AS-05)."""
        return list(self.state.out)

    @property
    def to_score(self) -> list[str]:
        """Players still holding cards, in seat order: those ``points`` must name (AS-06)."""
        return [p for p in self.state.players if p not in self.state.out]

    @property
    def candidates(self) -> list[str]:
        """Whom ``choose`` may name now (all players in round 1, AS-01)."""
        s = self.state
        if s.phase != ArschPhase.CHOOSE:
            return []
        return list(s.candidates or s.players)

    def team_of(self, player: str) -> int:
        """AS-07: team 1 = seats 1 and 3, team 2 = seats 2 and 4."""
        return 1 + self.state.players.index(player) % 2

    def team_members(self, team: int) -> list[str]:
        """The two players of ``team`` (1 or 2), in seat order."""
        return self.state.players[team - 1::2]

    def team_totals(self, row: dict[str, int] | None = None) -> dict[str, int]:
        """AS-07: {"1": n, "2": n}, the sum of the members' points (of ``row``, default the totals)."""
        row = self.state.totals if row is None else row
        return {str(t): sum(row[p] for p in self.team_members(t)) for t in (1, 2)}

    def start(self) -> list[Event]:
        """AS-01: round 1 waits for the table to name the unluckiest player (``choose``)."""
        s = self.state
        if s.started:
            raise InputRejected("already_started")
        s.started = True
        return [{"event": "game_started", "game": self.game_id, "players": list(s.players), "teams": s.teams}]

    def summary(self) -> Event:
        """The round and the totals (and team totals in the team variant)."""
        s = self.state
        ev: Event = {"event": "summary", "round": s.round, "totals": dict(s.totals), "phase": s.phase}
        if s.teams:
            ev["team_totals"] = self.team_totals()
        return ev

    # ---------------------------------------------------------------- turns
    def _active(self, player: str) -> bool:
        return player not in self.state.out

    def _begin_round(self, starter: str) -> list[Event]:
        s = self.state
        s.phase, s.turn, s.candidates = ArschPhase.PLAY, starter, []
        s.pairs, s.opened, s.acted, s.out = 0, False, False, []
        return [{"event": "round_started", "round": s.round, "starter": starter},
                {"event": "turn", "player": starter}]

    def _end_turn(self, actor: str) -> list[Event]:
        """AS-03: k pairs skip the next min(k, players still in − 1) players from the actor's left."""
        s = self.state
        still_in = [p for p in s.players if self._active(p)]
        k = min(s.pairs, len(still_in) - 1)
        ev: list[Event] = []
        cur = actor
        for _ in range(k):
            cur = self._next_in(s.players, cur, lambda p: self._active(p) and p != actor)
            ev.append({"event": "skipped", "player": cur})
        s.turn = self._next_in(s.players, cur, self._active)
        s.pairs = 0
        return ev + [{"event": "turn", "player": s.turn}]

    def _need_turn(self, who: str | None) -> str:
        s = self.state
        if s.phase != ArschPhase.PLAY:
            raise InputRejected("not_now", phase=s.phase)
        self._expect_actor(who, s.turn)
        assert s.turn is not None
        return s.turn

    def _round_over(self) -> bool:
        """AS-05: somebody is out (team variant: both members of one team)."""
        s = self.state
        if not s.teams:
            return bool(s.out)
        return any(all(m in s.out for m in self.team_members(t)) for t in (1, 2))

    # ---------------------------------------------------------------- inputs
    def _on_choose(self, inp: ArschInput) -> list[Event]:
        """AS-01: the table names the round's starter (any player in round 1, else one of the tied)."""
        s = self.state
        if s.phase != ArschPhase.CHOOSE:
            raise InputRejected("no_choice")
        assert inp.choose is not None
        if inp.choose not in self.candidates:
            raise InputRejected("not_a_candidate", player=inp.choose, candidates=self.candidates)
        return self._begin_round(inp.choose)

    def _on_raise(self, inp: ArschInput) -> list[Event]:
        """A higher single card (AS-02: any card opens the round); ends the turn (AS-03)."""
        player = self._need_turn(inp.who)
        s = self.state
        s.opened = s.acted = True
        ev: list[Event] = [{"event": "raise", "player": player, "pairs": s.pairs}]
        return ev + self._end_turn(player)

    def _on_out(self, inp: ArschInput) -> list[Event]:
        """AS-05: a raise with the last card; the round ends (team variant: once a whole team is out)."""
        player = self._need_turn(inp.who)
        s = self.state
        s.opened = s.acted = True
        ev: list[Event] = [{"event": "raise", "player": player, "pairs": s.pairs, "out": True},
                           {"event": "went_out", "player": player}]
        s.out.append(player)
        if self._round_over():
            s.phase, s.turn, s.pairs = ArschPhase.SCORE, None, 0
            return ev + [{"event": "round_ended", "round": s.round, "out": list(s.out), "to_score": self.to_score}]
        return ev + self._end_turn(player)

    def _on_pair(self, inp: ArschInput) -> list[Event]:
        """AS-03: a pair below the top card; the turn goes on. AS-02: not before the round's first raise."""
        player = self._need_turn(inp.who)
        s = self.state
        if not s.opened:
            raise InputRejected("first_is_raise")
        s.pairs += 1
        s.acted = True
        return [{"event": "pair", "player": player, "pairs": s.pairs}]

    def _on_pass(self, inp: ArschInput) -> list[Event]:
        """AS-04: pass and draw (until a male and a female ass); earlier pairs still skip (AS-03)."""
        player = self._need_turn(inp.who)
        s = self.state
        if not s.opened:
            raise InputRejected("first_is_raise")
        ev: list[Event] = [{"event": "pass", "player": player, "pairs": s.pairs, "draw": True}]
        return ev + self._end_turn(player)

    def _on_points(self, inp: ArschInput) -> list[Event]:
        """AS-06: points for exactly the players still holding cards; then AS-01's next starter."""
        s = self.state
        if s.phase != ArschPhase.SCORE:
            raise InputRejected("no_points_now", phase=s.phase)
        assert inp.points is not None
        wanted = self.to_score
        if set(inp.points) != set(wanted):
            raise InputRejected("points_for", expected=wanted, given=sorted(inp.points))
        row = {p: inp.points.get(p, 0) for p in s.players}
        s.rounds.append(row)
        for p, n in row.items():
            s.totals[p] += n
        scored: Event = {"event": "round_scored", "round": s.round, "points": row, "totals": dict(s.totals)}
        if s.teams:
            scored["round_team_points"] = self.team_totals(row)
            scored["team_totals"] = self.team_totals()
        s.round += 1
        s.acted = False
        losers = self._losers(row)
        if len(losers) == 1:
            return [scored] + self._begin_round(losers[0])
        s.phase, s.turn, s.candidates = ArschPhase.CHOOSE, None, losers
        return [scored, {"event": "choice_needed", "round": s.round, "players": list(losers)}]

    def _losers(self, row: dict[str, int]) -> list[str]:
        """AS-01 (ruling): the most points of the round; team variant: of the losing team's members."""
        s = self.state
        pool = list(s.players)
        if s.teams:
            tt = self.team_totals(row)
            if tt["1"] != tt["2"]:
                pool = self.team_members(1 if tt["1"] > tt["2"] else 2)
        top = max(row[p] for p in pool)
        return [p for p in pool if row[p] == top]

    def result(self) -> GameResult | None:
        """AS-08 once the game is over (else None): the fewest total points win, equal totals share
        the win; standings by points, ties in seat order (team variant: the two teams, AS-07)."""
        s = self.state
        if s.phase != ArschPhase.OVER:
            return None
        if s.teams:
            tt = self.team_totals()
            low = min(tt.values())
            winners = [p for t in (1, 2) if tt[str(t)] == low for p in self.team_members(t)]
            rows = [Standing(name="+".join(self.team_members(t)), members=self.team_members(t), points=tt[str(t)])
                    for t in sorted((1, 2), key=lambda t: tt[str(t)])]
        else:
            low = min(s.totals.values())
            winners = [p for p in s.players if s.totals[p] == low]
            rows = [Standing(name=p, members=[p], points=s.totals[p])
                    for p in sorted(s.players, key=lambda p: (s.totals[p], s.players.index(p)))]
        return GameResult(winners=winners, standings=rows)

    def _on_finish(self, inp: ArschInput) -> list[Event]:
        """AS-08: only between rounds; the fewest total points win, equal totals share the win."""
        s = self.state
        if s.phase == ArschPhase.OVER:
            raise InputRejected("not_now", phase=s.phase)  # as every other input after the end
        if not s.rounds or s.acted or s.phase not in (ArschPhase.CHOOSE, ArschPhase.PLAY):
            raise InputRejected("finish_between_rounds")
        s.round = len(s.rounds)
        s.phase, s.turn, s.candidates = ArschPhase.OVER, None, []
        result = self.result()
        assert result is not None
        if s.teams:
            standings: list[dict[str, Any]] = [{"team": r.name, "members": r.members, "points": r.points}
                                               for r in result.standings]
        else:
            standings = [{"player": r.name, "points": r.points} for r in result.standings]
        winners = result.winners
        return [{"event": "game_finished", "winners": winners, "standings": standings}]
