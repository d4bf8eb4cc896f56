"""The Propter kit (seed 004, a card game; ``shared/docs/helper-games-contract.md`` PR-nn).

- ``engine``: ``Propter``, the rules engine (pure, no I/O);
- ``events``: its typed events (pydantic models of its records);
- ``ui``: ``PropterUi``, its device flow;
- ``stats``: its statistics from the session log.
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "propter", "waage.games.propter.engine:Propter", "waage.games.propter.ui:PropterUi",
    events="waage.games.propter.events:typed", stats="waage.games.propter.stats:stats",
)
