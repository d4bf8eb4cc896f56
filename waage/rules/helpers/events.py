"""Typed events of the three helper games: their log records as pydantic models.

The helper engines emit plain dicts in the shape of ``shared/docs/helper-games-contract.md``
(byte for byte what ``waage replay`` prints); a reader that wants them typed takes them from
here, one discriminated union per game (the games share some event words with different
fields: ``roll``, ``turn``, ``game_started``). ``typed_helper(game_id, records)`` gives the
typed events in order; the host's ``input_rejected`` and ``game_resumed`` are typed as well.
Extra keys (``t_s``, ``step``, ``at``) are kept. Rule ids: WA-nn, AS-nn, PR-nn of the seeds.

Example::

    from waage.rules.helpers.events import Drink, typed_helper
    drinks = [e for e in typed_helper("willkommen_am_arsch", host.last_events) if isinstance(e, Drink)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from waage.games.arsch_selten_allein.engine import ArschSeltenAllein
from waage.games.propter.engine import Propter
from waage.games.willkommen_am_arsch.engine import WillkommenAmArsch


class _Event(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


# ---------------------------------------------------------------- common to the three games
class InputRejectedEvent(_Event):
    """An input that did not fit: the input as given, why (English), the reason's code and details."""

    event: Literal["input_rejected"]
    input: dict[str, Any] = Field(default_factory=dict)
    why: str = ""
    #: the reason's code and details for the display (None: a driver's plain refusal, ``why`` only)
    code: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class GameResumed(_Event):
    """A saved game goes on after a restart (logged first by the host)."""

    event: Literal["game_resumed"]
    game: str


class Turn(_Event):
    """Who is at turn (``again``: Willkommen am Arsch's roll again after a Pasch, WA-05)."""

    event: Literal["turn"]
    player: str
    again: bool = False


class Skipped(_Event):
    """A player's turn is skipped."""

    event: Literal["skipped"]
    player: str


# ---------------------------------------------------------------- Willkommen am Arsch (seed 000, WA-nn)
class WaaStarted(_Event):
    """Willkommen am Arsch begins: players in seat order and the Stehtisch."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    stehtisch: list[str]


class WaaRoll(_Event):
    """A roll: the dice, their sum, a Pasch, and what it was for (``kind``)."""

    event: Literal["roll"]
    player: str
    dice: list[int]
    sum: int
    pasch: bool
    kind: str


class OpeningTie(_Event):
    """The opening roll tied: these players roll again."""

    event: Literal["opening_tie"]
    players: list[str]
    sum: int


class FieldReached(_Event):
    """A player's figure reached a field; ``meets``: who stands there; ``taxi``: moved by the taxi."""

    event: Literal["field"]
    player: str
    field: str
    meets: list[str]
    taxi: bool


class Drink(_Event):
    """A player drinks (``drinks``: what), and why."""

    event: Literal["drink"]
    player: str
    drinks: list[str]
    reason: str


class Invite(_Event):
    """A player invites a guest to a drink."""

    event: Literal["invite"]
    player: str
    guest: str
    drink: str


class JailEntered(_Event):
    """A player goes to jail."""

    event: Literal["jail_entered"]
    player: str


class JailLeft(_Event):
    """A player leaves jail."""

    event: Literal["jail_left"]
    player: str


class Pee(_Event):
    """A player asks to pee: allowed or not."""

    event: Literal["pee"]
    player: str
    allowed: bool


class SpielothekStarted(_Event):
    """A player starts the Spielothek."""

    event: Literal["spielothek_started"]
    player: str


class SpielothekDone(_Event):
    """The Spielothek is over."""

    event: Literal["spielothek_done"]
    player: str


class StehtischAdd(_Event):
    """Drinks go onto the Stehtisch (``player`` None: the game put them there)."""

    event: Literal["stehtisch_add"]
    player: str | None
    drinks: list[str]
    reason: str
    stehtisch: list[str]


class StehtischEmptied(_Event):
    """A player empties the Stehtisch."""

    event: Literal["stehtisch_emptied"]
    player: str
    drinks: list[str]
    stehtisch: list[str]


class Trottelmuetze(_Event):
    """The Trottelmütze changes hands."""

    event: Literal["trottelmuetze"]
    player: str
    previous: str | None
    reason: str


class WaaSummary(_Event):
    """Willkommen am Arsch's counters."""

    event: Literal["summary"]
    trottelmuetze: str | None
    turn: str | None
    stehtisch: list[str]
    jail: list[str]
    drinks: dict[str, Any]
    moves: int
    pasch_count: int


# ---------------------------------------------------------------- Ein Arsch kommt selten allein (seed 001, AS-nn)
class ArschStarted(_Event):
    """Ein Arsch kommt selten allein begins (``teams``: the team variant, AS-07)."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    teams: bool


class RoundStartedHelper(_Event):
    """A round begins with its starter."""

    event: Literal["round_started"]
    round: int
    starter: str


class ArschChoiceNeeded(_Event):
    """The round's loser must choose among ``players``."""

    event: Literal["choice_needed"]
    round: int
    players: list[str]


class Raise(_Event):
    """A player raises (``out``: went out with it)."""

    event: Literal["raise"]
    player: str
    pairs: int
    out: bool = False


class Pair(_Event):
    """A player lays a pair."""

    event: Literal["pair"]
    player: str
    pairs: int


class Pass(_Event):
    """A player passes (``draw``: and draws)."""

    event: Literal["pass"]
    player: str
    pairs: int
    draw: bool


class WentOut(_Event):
    """A player went out."""

    event: Literal["went_out"]
    player: str


class ArschRoundEnded(_Event):
    """The round is over: who went out, who is still to score."""

    event: Literal["round_ended"]
    round: int
    out: list[str]
    to_score: list[str]


class RoundScored(_Event):
    """The round's points and the totals (team points in the team variant)."""

    event: Literal["round_scored"]
    round: int
    points: dict[str, int]
    totals: dict[str, int]
    round_team_points: dict[str, int] | None = None
    team_totals: dict[str, int] | None = None


class ArschFinished(_Event):
    """The game is over: the winners and the standings."""

    event: Literal["game_finished"]
    winners: list[str]
    standings: list[Any]


class ArschSummary(_Event):
    """Ein Arsch's counters."""

    event: Literal["summary"]
    round: int
    totals: dict[str, int]
    phase: str
    team_totals: dict[str, int] | None = None


# ---------------------------------------------------------------- Propter (seed 004, PR-nn)
class PropterStarted(_Event):
    """Propter begins: the hands and the resistance row."""

    event: Literal["game_started"]
    game: str
    players: list[str]
    hands: dict[str, int]
    resistance: list[int]


class Play(_Event):
    """A card played on a slot (``match``: category or exact)."""

    event: Literal["play"]
    player: str
    slot: int
    match: str
    resistance: int
    before: int


class Sting(_Event):
    """A sting: points for the player."""

    event: Literal["sting"]
    player: str
    slot: int
    points: int


class Discard(_Event):
    """A player discards (``hand``: cards left)."""

    event: Literal["discard"]
    player: str
    hand: int


class FellOff(_Event):
    """A player fell off."""

    event: Literal["fell_off"]
    player: str


class PropterFinished(_Event):
    """The game is over: the winner and the points."""

    event: Literal["game_finished"]
    winner: str
    points: dict[str, int]


class PropterSummary(_Event):
    """Propter's counters."""

    event: Literal["summary"]
    points: dict[str, int]
    hands: dict[str, int]
    resistance: list[int]
    out: list[str]
    winner: str | None


_COMMON = (InputRejectedEvent, GameResumed)
#: per game (the engine's ``game_id``): the models of its events
MODELS: dict[str, tuple[type[_Event], ...]] = {
    WillkommenAmArsch.game_id: (*_COMMON, Turn, Skipped, WaaStarted, WaaRoll, OpeningTie, FieldReached, Drink, Invite,
                            JailEntered, JailLeft, Pee, SpielothekStarted, SpielothekDone, StehtischAdd,
                            StehtischEmptied, Trottelmuetze, WaaSummary),
    ArschSeltenAllein.game_id: (*_COMMON, Turn, Skipped, ArschStarted, RoundStartedHelper, ArschChoiceNeeded, Raise, Pair,
                            Pass, WentOut, ArschRoundEnded, RoundScored, ArschFinished, ArschSummary),
    Propter.game_id: (*_COMMON, Turn, PropterStarted, Play, Sting, Discard, FellOff, PropterFinished, PropterSummary),
}

_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    game: TypeAdapter(Annotated[Union[models], Field(discriminator="event")])  # type: ignore[valid-type]
    for game, models in MODELS.items()
}
_KNOWN = {game: frozenset(m.model_fields["event"].annotation.__args__[0] for m in models)  # type: ignore[union-attr]
          for game, models in MODELS.items()}


def typed_willkommen(records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """``typed_helper`` of Willkommen am Arsch (the registry's ``GameSpec.events``)."""
    return typed_helper(WillkommenAmArsch.game_id, records)


def typed_arsch(records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """``typed_helper`` of Ein Arsch kommt selten allein (the registry's ``GameSpec.events``)."""
    return typed_helper(ArschSeltenAllein.game_id, records)


def typed_propter(records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """``typed_helper`` of Propter (the registry's ``GameSpec.events``)."""
    return typed_helper(Propter.game_id, records)


def typed_helper(game_id: str, records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """The typed events of a helper game's ``records`` in order (an event word the game does not know is
    left out). Raises KeyError for a game that is not a helper game and pydantic.ValidationError when a
    known event lacks a field or has a wrong type (an engine and this module disagree: a bug)."""
    adapter, known = _ADAPTERS[game_id], _KNOWN[game_id]
    return [adapter.validate_python(dict(r)) for r in records if r.get("event") in known]
