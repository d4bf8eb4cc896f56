"""The Propter kit (seed 004, a card game; ``shared/docs/helper-games-contract.md`` PR-nn).

- ``engine``: ``Propter``, the rules engine (pure, no I/O);
- ``events``: its typed events (pydantic models of its records);
- ``ui``: ``PropterUi``, its device flow;
- ``stats``: its statistics from the session log;
- ``texts``: its words in both languages and its simulator help;
- ``screen``: its screen, narration and counters in words;
- ``web``: its web details (what / and /tv show), drawn by its page script ``view.js``.
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "propter", f"{__name__}.engine:Propter", f"{__name__}.ui:PropterUi", events=f"{__name__}.events:typed",
    stats=f"{__name__}.stats:stats", texts=f"{__name__}.texts:TEXTS", sim_help=f"{__name__}.texts:SIM_HELP",
    screen=f"{__name__}.screen:view", narration=f"{__name__}.screen:narrate", summary=f"{__name__}.screen:summary",
    web=f"{__name__}.web:details", facts=f"{__name__}.web:facts", view=f"{__name__}:view.js",
)
