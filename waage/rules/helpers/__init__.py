"""Helper engines for the other games of the rule sheets (``shared/docs/helper-games-contract.md``).

``HELPER_GAMES`` maps the game names of ``[game] game = ...``, ``waage sim --game NAME`` and a
scenario's ``game`` to the engine classes:

- ``willkommen_am_arsch``: ``WillkommenAmArsch(players)`` (seed 000, dice board game; WA-nn)
- ``arsch_selten_allein``: ``ArschSeltenAllein(players, teams=False)`` (seed 001, card game; AS-nn)
- ``propter``: ``Propter(players)`` (seed 004, card game; PR-nn)

All three share one interface (``start``, ``apply``, ``summary``, ``state``, ``resume``,
``current_player``, ``phase``, ``expects``, ``input_model``), described in ``common``.
"""

from __future__ import annotations

from waage.rules.helpers.arsch_selten_allein import (
    ArschInput,
    ArschSeltenAllein,
    ArschState,
)
from waage.rules.helpers.common import Event, HelperGame, HelperInput, InputRejected
from waage.rules.helpers.propter import Propter, PropterInput, PropterState
from waage.rules.helpers.willkommen_am_arsch import (
    DRINKS,
    FIELDS,
    WaaInput,
    WaaState,
    WillkommenAmArsch,
)

#: Registry: game name -> engine class (each has ``game_id`` equal to its key).
HELPER_GAMES: dict[str, type[HelperGame]] = {
    WillkommenAmArsch.game_id: WillkommenAmArsch,
    ArschSeltenAllein.game_id: ArschSeltenAllein,
    Propter.game_id: Propter,
}

__all__ = [
    "DRINKS", "FIELDS", "HELPER_GAMES", "ArschInput", "ArschSeltenAllein", "ArschState", "Event", "HelperGame",
    "HelperInput", "InputRejected", "Propter", "PropterInput", "PropterState", "WaaInput", "WaaState",
    "WillkommenAmArsch",
]
