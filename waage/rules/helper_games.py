"""The helper modes for the other games: the registry and the engines.

Thin entry point over the package ``waage.rules.helpers`` (one module per game; the
shared interface is described in ``waage.rules.helpers.common``).

Example::

    from waage.rules.helper_games import HELPER_GAMES
    game = HELPER_GAMES["willkommen_am_arsch"](["Anna", "Ben", "Cara"])
    game.start()
    game.apply({"roll": [3, 4]})
"""

from __future__ import annotations

from waage.rules.helpers import *  # noqa: F403
from waage.rules.helpers import __all__  # noqa: F401
