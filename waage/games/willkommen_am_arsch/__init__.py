"""The Willkommen-am-Arsch kit (seed 000, a dice board game; ``shared/docs/helper-games-contract.md`` WA-nn).

- ``engine``: ``WillkommenAmArsch``, the rules engine (pure, no I/O);
- ``events``: its typed events (pydantic models of its records);
- ``ui``: ``WillkommenUi``, its device flow;
- ``stats``: its statistics from the session log.
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "willkommen_am_arsch", "waage.games.willkommen_am_arsch.engine:WillkommenAmArsch",
    "waage.games.willkommen_am_arsch.ui:WillkommenUi", dice=True, chance="waage.rules.chance:dice_roll",
    events="waage.games.willkommen_am_arsch.events:typed", stats="waage.games.willkommen_am_arsch.stats:stats",
)
