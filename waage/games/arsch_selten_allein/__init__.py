"""The Ein-Arsch-kommt-selten-allein kit (seed 001, a card game; ``shared/docs/helper-games-contract.md`` AS-nn).

- ``engine``: ``ArschSeltenAllein``, the rules engine (pure, no I/O), with its team variant (AS-07);
- ``events``: its typed events (pydantic models of its records);
- ``ui``: ``ArschUi``, its device flow;
- ``stats``: its statistics from the session log;
- ``texts``: its words in both languages and its simulator help;
- ``screen``: its screen, narration and counters in words;
- ``web``: its web details (what / and /tv show), drawn by its page script ``view.js``.
"""

from __future__ import annotations

from typing import Any

from waage.games.spec import GameSpec


def team_options(config: Any, players: list[str]) -> dict[str, Any]:
    """``teams=True`` when ``[game] teams`` is set and four play (AS-07)."""
    return {"teams": True} if config.game.teams and len(players) == 4 else {}


SPEC = GameSpec(
    "arsch_selten_allein", f"{__name__}.engine:ArschSeltenAllein", f"{__name__}.ui:ArschUi", team_players=4,
    options=team_options, events=f"{__name__}.events:typed", stats=f"{__name__}.stats:stats",
    texts=f"{__name__}.texts:TEXTS", sim_help=f"{__name__}.texts:SIM_HELP", screen=f"{__name__}.screen:view",
    narration=f"{__name__}.screen:narrate", summary=f"{__name__}.screen:summary",
    web=f"{__name__}.web:details", facts=f"{__name__}.web:facts", view=f"{__name__}:view.js",
)
