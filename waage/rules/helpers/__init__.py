"""Display-only helper engines for the other games of the rule sheets.

``HELPER_GAMES`` maps the game names used by ``[game] game = ...`` and
``waage sim --game NAME`` to the engine classes:

- ``willkommen_am_arsch``: ``WillkommenAmArsch(players)`` (seed 000, dice board game)
- ``arsch_selten_allein``: ``ArschSeltenAllein(players, teams=False)`` (seed 001, card game)
- ``propter``: ``Propter(players)`` (seed 004, card game)

Every engine has ``start()``, ``roll(dice)`` (rejected by the card games),
``choose(player)``, game-specific inputs, a pydantic ``state``,
``resume(state)`` and ``view_lines(lang) -> (title, lines)`` for
``HelperGameView(game=engine.game_id, title=title, lines=lines)``.
"""

from __future__ import annotations

from waage.rules.helpers.arsch_selten_allein import ArschSeltenAllein, ArschState
from waage.rules.helpers.common import MAX_LINES, Event, HelperGame, InputRejected, Note
from waage.rules.helpers.propter import Propter, PropterState
from waage.rules.helpers.willkommen_am_arsch import FIELDS, WaaState, WillkommenAmArsch

#: Registry: game name -> engine class (each has ``game_id`` equal to its key).
HELPER_GAMES: dict[str, type[HelperGame]] = {
    WillkommenAmArsch.game_id: WillkommenAmArsch,
    ArschSeltenAllein.game_id: ArschSeltenAllein,
    Propter.game_id: Propter,
}

__all__ = [
    "FIELDS", "HELPER_GAMES", "MAX_LINES", "ArschSeltenAllein", "ArschState", "Event", "HelperGame",
    "InputRejected", "Note", "Propter", "PropterState", "WaaState", "WillkommenAmArsch",
]
