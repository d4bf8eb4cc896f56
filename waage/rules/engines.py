"""The engines of the four games by id: ``GAMES`` (``{game_id: engine class}``), ``resume_game``.

The engines share one interface (``waage/rules/game.py``: ``Game``, ``InputRejected``); this
module stands above them and imports each one, so no engine imports the registry.

Example::

    from waage.rules.engines import GAMES
    game = GAMES["waagespiel"](["Anna", "Ben"])
    game.start()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from waage.rules.game import Game
from waage.rules.helpers import HELPER_GAMES
from waage.rules.waagespiel import GameState, Waagespiel


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


#: game id -> engine class of the four games
GAMES: dict[str, type[Game]] = {Waagespiel.game_id: Waagespiel, **HELPER_GAMES}


def games() -> dict[str, type[Game]]:
    """The registry ``{game_id: engine class}`` of the four games (the same dict as ``GAMES``)."""
    return GAMES
