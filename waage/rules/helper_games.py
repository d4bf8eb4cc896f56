"""The display-only helper modes for the other games: the registry and the engines.

Thin entry point over the package ``waage.rules.helpers`` (one module per game);
see there and ``docs/helper-games.md``.

Example::

    from waage.rules.helper_games import HELPER_GAMES
    game = HELPER_GAMES["willkommen_am_arsch"](["Anna", "Ben", "Cara"])
    game.start()
    title, lines = game.view_lines("de")
"""

from __future__ import annotations

from waage.rules.helpers import (
    FIELDS,
    HELPER_GAMES,
    MAX_LINES,
    ArschSeltenAllein,
    ArschState,
    Event,
    HelperGame,
    InputRejected,
    Note,
    Propter,
    PropterState,
    WaaState,
    WillkommenAmArsch,
)

__all__ = [
    "FIELDS", "HELPER_GAMES", "MAX_LINES", "ArschSeltenAllein", "ArschState", "Event", "HelperGame",
    "InputRejected", "Note", "Propter", "PropterState", "WaaState", "WillkommenAmArsch",
]
