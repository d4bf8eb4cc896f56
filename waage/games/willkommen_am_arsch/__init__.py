"""The Willkommen-am-Arsch kit (seed 000, a dice board game; ``shared/docs/helper-games-contract.md`` WA-nn).

- ``engine``: ``WillkommenAmArsch``, the rules engine (pure, no I/O);
- ``ui``: ``WillkommenUi``, its device flow;
- ``stats``: its statistics from the session log;
- ``web``: its web details (what / and /tv show), drawn by its page script ``view.js``.
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "willkommen_am_arsch", "waage.games.willkommen_am_arsch.engine:WillkommenAmArsch",
    "waage.games.willkommen_am_arsch.ui:WillkommenUi", dice=True,
    events="waage.rules.helpers.events:typed_willkommen", stats="waage.games.willkommen_am_arsch.stats:stats",
    web="waage.games.willkommen_am_arsch.web:details", facts="waage.games.willkommen_am_arsch.web:facts",
    view="waage.games.willkommen_am_arsch:view.js",
)
