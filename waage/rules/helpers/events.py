"""Typed events of the games that do not weigh: what they share, and how a kit types its own.

The helper engines emit plain dicts in the shape of ``shared/docs/helper-games-contract.md``
(byte for byte what ``waage replay`` prints); a kit's ``events.py`` holds its models (one
discriminated union per game: the games share some event words with different fields,
``roll``, ``turn``, ``game_started``) and ``typed = typed_by(MODELS)``, named by its
``GameSpec.events``. Here: the models every such game may log (``COMMON``: the host's
``input_rejected`` and ``game_resumed``; ``Turn``, ``Skipped``), ``typed_by`` and
``typed_helper(game_id, records)``, the typed events of any registered game in order (a game
without typed events of its own: the common ones). Extra keys (``t_s``, ``step``, ``at``) are kept.

Example::

    from waage.games.willkommen_am_arsch.events import Drink
    drinks = [e for e in typed_helper(host.engine.game_id, host.last_events) if isinstance(e, Drink)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class HelperEvent(BaseModel):
    """A record of a game that does not weigh, typed (extra keys such as ``t_s`` and ``step`` kept)."""

    model_config = ConfigDict(extra="allow", frozen=True)


# ---------------------------------------------------------------- common to the games that do not weigh
class InputRejectedEvent(HelperEvent):
    """An input that did not fit: the input as given, why (English), the reason's code and details."""

    event: Literal["input_rejected"]
    input: dict[str, Any] = Field(default_factory=dict)
    why: str = ""
    #: the reason's code and details for the display (None: a driver's plain refusal, ``why`` only)
    code: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class GameResumed(HelperEvent):
    """A saved game goes on after a restart (logged first by the host)."""

    event: Literal["game_resumed"]
    game: str


class Turn(HelperEvent):
    """Who is at turn (``again``: Willkommen am Arsch's roll again after a Pasch, WA-05)."""

    event: Literal["turn"]
    player: str
    again: bool = False


class Skipped(HelperEvent):
    """A player's turn is skipped."""

    event: Literal["skipped"]
    player: str


#: what any game that does not weigh may log besides its own events
COMMON: tuple[type[HelperEvent], ...] = (InputRejectedEvent, GameResumed)

Typed = Callable[[Iterable[Mapping[str, Any]]], list[Any]]


def typed_by(models: Iterable[type[HelperEvent]]) -> Typed:
    """A kit's ``typed(records)``: the records whose event word one of ``models`` knows, as those models
    (a discriminated union on ``event``), in order. Raises pydantic.ValidationError when a known event
    lacks a field or has a wrong type (an engine and its models disagree: a bug)."""
    models = tuple(models)
    adapter: TypeAdapter[Any] = TypeAdapter(Annotated[Union[models], Field(discriminator="event")])  # type: ignore[valid-type]
    known = frozenset(m.model_fields["event"].annotation.__args__[0] for m in models)  # type: ignore[union-attr]

    def typed(records: Iterable[Mapping[str, Any]]) -> list[Any]:
        return [adapter.validate_python(dict(r)) for r in records if r.get("event") in known]

    typed.__doc__ = f"The typed events of ``records``: {', '.join(sorted(known))} (others left out)."
    return typed


#: ``typed`` of a game without typed events of its own (``GameSpec.events`` None)
typed_common = typed_by(COMMON)


def typed_helper(game_id: str, records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """The typed events of ``game_id``'s ``records`` in order: its kit's (``GameSpec.events``), or for a
    game without them the common ones (``COMMON``). Raises KeyError for a game that is not registered and
    pydantic.ValidationError for a known event with wrong fields (a bug)."""
    from waage.games import spec

    game = spec(game_id)
    return game.typed(records) if game.events is not None else typed_common(records)
