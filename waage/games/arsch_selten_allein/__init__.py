"""The Ein-Arsch-kommt-selten-allein kit (seed 001, a card game; ``shared/docs/helper-games-contract.md`` AS-nn).

- ``engine``: ``ArschSeltenAllein``, the rules engine (pure, no I/O), with its team variant (AS-07);
- ``ui``: ``ArschUi``, its device flow;
- ``stats``: its statistics from the session log;
- ``web``: its web details (what / and /tv show), drawn by its page script ``view.js``.
"""

from __future__ import annotations

from typing import Any

from waage.games.spec import GameSpec


def team_options(config: Any, players: list[str]) -> dict[str, Any]:
    """``teams=True`` when ``[game] teams`` is set and four play (AS-07)."""
    return {"teams": True} if config.game.teams and len(players) == 4 else {}


SPEC = GameSpec(
    "arsch_selten_allein", "waage.games.arsch_selten_allein.engine:ArschSeltenAllein",
    "waage.games.arsch_selten_allein.ui:ArschUi", team_players=4, options=team_options,
    events="waage.rules.helpers.events:typed_arsch", stats="waage.games.arsch_selten_allein.stats:stats",
    web="waage.games.arsch_selten_allein.web:details", facts="waage.games.arsch_selten_allein.web:facts",
    view="waage.games.arsch_selten_allein:view.js",
)
