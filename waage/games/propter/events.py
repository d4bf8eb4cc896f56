"""Propter's typed events (seed 004, PR-nn): its log records as pydantic models.

``typed(records)`` gives them in order (``GameSpec.events``; an event word it does not know is left out).
"""

from __future__ import annotations

from typing import Literal

from waage.rules.helpers.events import COMMON, HelperEvent, Turn, typed_by


class PropterStarted(HelperEvent):
    """Propter begins: the hands and the resistance row."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    hands: dict[str, int]
    resistance: list[int]


class Play(HelperEvent):
    """A card played on a slot (``match``: category or exact)."""

    event: Literal["play"]
    player: str
    slot: int
    match: str
    resistance: int
    before: int


class Sting(HelperEvent):
    """A sting: points for the player."""

    event: Literal["sting"]
    player: str
    slot: int
    points: int


class Discard(HelperEvent):
    """A player discards (``hand``: cards left)."""

    event: Literal["discard"]
    player: str
    hand: int


class FellOff(HelperEvent):
    """A player fell off."""

    event: Literal["fell_off"]
    player: str


class PropterFinished(HelperEvent):
    """The game is over: the winner and the points."""

    event: Literal["game_finished"]
    winner: str
    points: dict[str, int]


class PropterSummary(HelperEvent):
    """Propter's counters."""

    event: Literal["summary"]
    points: dict[str, int]
    hands: dict[str, int]
    resistance: list[int]
    out: list[str]
    winner: str | None


#: the models of the game's records (the host's ``input_rejected`` and ``game_resumed`` too)
MODELS = (*COMMON, Turn, PropterStarted, Play, Sting, Discard, FellOff, PropterFinished, PropterSummary)

typed = typed_by(MODELS)
