"""Ein Arsch kommt selten allein's typed events (seed 001, AS-nn): its log records as pydantic models.

``typed(records)`` gives them in order (``GameSpec.events``; an event word it does not know is left out).
"""

from __future__ import annotations

from typing import Any, Literal

from waage.rules.helpers.events import COMMON, HelperEvent, Skipped, Turn, typed_by


class ArschStarted(HelperEvent):
    """Ein Arsch kommt selten allein begins (``teams``: the team variant, AS-07)."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    teams: bool


class RoundStartedHelper(HelperEvent):
    """A round begins with its starter."""

    event: Literal["round_started"]
    round: int
    starter: str


class ArschChoiceNeeded(HelperEvent):
    """The round's loser must choose among ``players``."""

    event: Literal["choice_needed"]
    round: int
    players: list[str]


class Raise(HelperEvent):
    """A player raises (``out``: went out with it)."""

    event: Literal["raise"]
    player: str
    pairs: int
    out: bool = False


class Pair(HelperEvent):
    """A player lays a pair."""

    event: Literal["pair"]
    player: str
    pairs: int


class Pass(HelperEvent):
    """A player passes (``draw``: and draws)."""

    event: Literal["pass"]
    player: str
    pairs: int
    draw: bool


class WentOut(HelperEvent):
    """A player went out."""

    event: Literal["went_out"]
    player: str


class ArschRoundEnded(HelperEvent):
    """The round is over: who went out, who is still to score."""

    event: Literal["round_ended"]
    round: int
    out: list[str]
    to_score: list[str]


class RoundScored(HelperEvent):
    """The round's points and the totals (team points in the team variant)."""

    event: Literal["round_scored"]
    round: int
    points: dict[str, int]
    totals: dict[str, int]
    round_team_points: dict[str, int] | None = None
    team_totals: dict[str, int] | None = None


class ArschFinished(HelperEvent):
    """The game is over: the winners and the standings."""

    event: Literal["game_finished"]
    winners: list[str]
    standings: list[Any]


class ArschSummary(HelperEvent):
    """Ein Arsch's counters."""

    event: Literal["summary"]
    round: int
    totals: dict[str, int]
    phase: str
    team_totals: dict[str, int] | None = None


#: the models of the game's records (the host's ``input_rejected`` and ``game_resumed`` too)
MODELS = (*COMMON, Turn, Skipped, ArschStarted, RoundStartedHelper, ArschChoiceNeeded, Raise, Pair, Pass, WentOut,
          ArschRoundEnded, RoundScored, ArschFinished, ArschSummary)

typed = typed_by(MODELS)
