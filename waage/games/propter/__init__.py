"""The Propter kit (seed 004, a card game; ``shared/docs/helper-games-contract.md`` PR-nn).

- ``engine``: ``Propter``, the rules engine (pure, no I/O);
- ``ui``: ``PropterUi``, its device flow;
- ``stats``: its statistics from the session log;
- ``web``: its web details (what / and /tv show), drawn by its page script ``view.js``.
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "propter", "waage.games.propter.engine:Propter", "waage.games.propter.ui:PropterUi",
    events="waage.rules.helpers.events:typed_propter", stats="waage.games.propter.stats:stats",
    web="waage.games.propter.web:details", facts="waage.games.propter.web:facts",
    view="waage.games.propter:view.js",
)
