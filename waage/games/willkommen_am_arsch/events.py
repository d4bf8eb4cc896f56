"""Willkommen am Arsch's typed events (seed 000, WA-nn): its log records as pydantic models.

``typed(records)`` gives them in order (``GameSpec.events``; an event word it does not know is left out).
"""

from __future__ import annotations

from typing import Any, Literal

from waage.rules.helpers.events import COMMON, HelperEvent, Skipped, Turn, typed_by


class WaaStarted(HelperEvent):
    """Willkommen am Arsch begins: players in seat order and the Stehtisch."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    stehtisch: list[str]


class WaaRoll(HelperEvent):
    """A roll: the dice, their sum, a Pasch, and what it was for (``kind``)."""

    event: Literal["roll"]
    player: str
    dice: list[int]
    sum: int
    pasch: bool
    kind: str


class OpeningTie(HelperEvent):
    """The opening roll tied: these players roll again."""

    event: Literal["opening_tie"]
    players: list[str]
    sum: int


class FieldReached(HelperEvent):
    """A player's figure reached a field; ``meets``: who stands there; ``taxi``: moved by the taxi."""

    event: Literal["field"]
    player: str
    field: str
    meets: list[str]
    taxi: bool


class Drink(HelperEvent):
    """A player drinks (``drinks``: what), and why."""

    event: Literal["drink"]
    player: str
    drinks: list[str]
    reason: str


class Invite(HelperEvent):
    """A player invites a guest to a drink."""

    event: Literal["invite"]
    player: str
    guest: str
    drink: str


class JailEntered(HelperEvent):
    """A player goes to jail."""

    event: Literal["jail_entered"]
    player: str


class JailLeft(HelperEvent):
    """A player leaves jail."""

    event: Literal["jail_left"]
    player: str


class Pee(HelperEvent):
    """A player asks to pee: allowed or not."""

    event: Literal["pee"]
    player: str
    allowed: bool


class SpielothekStarted(HelperEvent):
    """A player starts the Spielothek."""

    event: Literal["spielothek_started"]
    player: str


class SpielothekDone(HelperEvent):
    """The Spielothek is over."""

    event: Literal["spielothek_done"]
    player: str


class StehtischAdd(HelperEvent):
    """Drinks go onto the Stehtisch (``player`` None: the game put them there)."""

    event: Literal["stehtisch_add"]
    player: str | None
    drinks: list[str]
    reason: str
    stehtisch: list[str]


class StehtischEmptied(HelperEvent):
    """A player empties the Stehtisch."""

    event: Literal["stehtisch_emptied"]
    player: str
    drinks: list[str]
    stehtisch: list[str]


class Trottelmuetze(HelperEvent):
    """The Trottelmütze changes hands."""

    event: Literal["trottelmuetze"]
    player: str
    previous: str | None
    reason: str


class WaaSummary(HelperEvent):
    """Willkommen am Arsch's counters."""

    event: Literal["summary"]
    trottelmuetze: str | None
    turn: str | None
    stehtisch: list[str]
    jail: list[str]
    drinks: dict[str, Any]
    moves: int
    pasch_count: int


#: the models of the game's records (the host's ``input_rejected`` and ``game_resumed`` too)
MODELS = (*COMMON, Turn, Skipped, WaaStarted, WaaRoll, OpeningTie, FieldReached, Drink, Invite,
          JailEntered, JailLeft, Pee, SpielothekStarted, SpielothekDone, StehtischAdd, StehtischEmptied,
          Trottelmuetze, WaaSummary)

typed = typed_by(MODELS)
