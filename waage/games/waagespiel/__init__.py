"""The Waagespiel kit (``shared/docs/waagespiel-rules.md``, W-nn): the game that weighs.

- ``engine``: ``Waagespiel``, the rules engine (pure, no I/O), written in parts in ``rules/`` (its
  state, the rolls and the Auserwählte, the judging of a sip, the glass in use);
- ``events``: its typed events (pydantic models of the replay contract's records);
- ``ui``: ``WaagespielUi``, its device flow (keys -> inputs, state -> views);
- ``stats``: its statistics from the session log;
- ``texts``: its own words on the OLED and the terminal (German, English), and its simulator help;
- ``screens``: its OLED screens (the painters of its views);
- ``phases``: its phases (``WaagespielPhase``); ``web``: its web details (what / and /tv show).
"""

from __future__ import annotations

from typing import Any

from waage.games.spec import GameSpec


def waagespiel_options(config: Any, players: list[str]) -> dict[str, Any]:
    """The Waagespiel's options from ``config`` (``AppConfig``): ``starter`` (when that player
    plays, W-02), the house rules and the configured glass (W-35, W-36)."""
    starter = config.game.starter if config.game.starter in players else None
    return {"starter": starter, "rules": config.rules, "glass": config.glass}


SPEC = GameSpec(
    "waagespiel", "waage.games.waagespiel.engine:Waagespiel", "waage.games.waagespiel.ui:WaagespielUi",
    uses_scale=True, dice=True, chance="waage.rules.chance:dice_roll", options=waagespiel_options,
    events="waage.games.waagespiel.events:typed", stats="waage.games.waagespiel.stats:stats",
    texts="waage.games.waagespiel.texts:TEXTS", sim_help="waage.games.waagespiel.texts:SIM_HELP",
    screens="waage.games.waagespiel.screens:PAINTERS", web="waage.games.waagespiel.web:details",
)
