"""The engines of the registered games by id: ``games()`` (``{game_id: engine class}``), ``resume_game``.

Derived from the one registry of games (``waage.games``: each ``GameSpec`` names its engine);
the engines share one interface (``waage/rules/game.py``: ``Game``, ``InputRejected``). This
module stands above them, so no engine imports the registry.

Example::

    from waage.rules.engines import games
    game = games()["waagespiel"](["Anna", "Ben"])
    game.start()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from waage.games import GAMES as SPECS
from waage.games import on_change
from waage.rules.game import Game
from waage.games.waagespiel.engine import GameState

#: game id -> engine class, built on first use from the registry and again after it changed
_ENGINES: dict[str, type[Game]] = {}
on_change(_ENGINES.clear)


def games() -> dict[str, type[Game]]:
    """``{game_id: engine class}`` of every registered game, in menu order."""
    if not _ENGINES:
        _ENGINES.update({game_id: spec.engine_class() for game_id, spec in SPECS.items()})
    return _ENGINES


def state_model(game: Any) -> type[BaseModel]:
    """The pydantic class of ``game``'s state (a game class or an engine)."""
    cls = game if isinstance(game, type) else type(game)
    model = getattr(cls, "state_type", None)
    if model is None:
        model = GameState
    return model


def resume_game(game_id: str, state: Mapping[str, Any]) -> Game:
    """The engine of ``game_id`` continuing from a dumped state (``state.model_dump()``).

    Raises KeyError for an unknown game id and ``pydantic.ValidationError`` for a
    state that does not fit the game.
    """
    cls = games()[game_id]
    return cls.resume(state_model(cls).model_validate(state))
