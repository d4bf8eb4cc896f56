"""The games: one kit package per game (``waage/games/<id>/``) and the one registry, ``GAMES``.

``KITS`` lists the kits in menu order; each kit's ``SPEC`` (a ``waage.games.spec.GameSpec``)
is registered here, so adding a game is one new package and one line in ``KITS``
(``docs/architecture.md``, "Adding a game"). Every list of games in the program is derived
from ``GAMES``. Importing this package imports only the kits' ``__init__`` modules (their
specs); engines, UIs and statistics are imported on first use.
"""

from __future__ import annotations

from waage.games import arsch_selten_allein, propter, waagespiel, willkommen_am_arsch
from waage.games.spec import (
    GAMES,
    GameSpec,
    expected_words,
    game_ids,
    game_options,
    no_options,
    on_change,
    register,
    registered,
    spec,
    unregister,
)

#: the kits in menu order: one line per game
KITS = (
    waagespiel,
    willkommen_am_arsch,
    arsch_selten_allein,
    propter,
)

for _kit in KITS:
    register(_kit.SPEC)

__all__ = [
    "GAMES", "KITS", "GameSpec", "expected_words", "game_ids", "game_options", "no_options", "on_change",
    "register", "registered", "spec", "unregister",
]
