"""The toy fifth game, Münzwurf, as a game author writes one: one kit package and one registry line.

Each player in turn tosses a coin, or leaves it to chance (``toss = "auto"``: the kit's chance
hook draws it); heads counts. The kit holds all of it:

- ``engine``: ``Muenzwurf``, the rules (pure, no I/O) and its chance hook ``toss_coin``;
- ``events``: its typed events; ``texts``: its words in both languages and its simulator help;
- ``screen``: its screen, narration and counters in words; ``ui``: its device flow.

It has no statistics (``GameSpec.stats`` is optional). The tests register it
(``tests/games/conftest.py``, what a line in ``waage.games.KITS`` does).
"""

from __future__ import annotations

from waage.games.spec import GameSpec

SPEC = GameSpec(
    "muenzwurf", f"{__name__}.engine:Muenzwurf", f"{__name__}.ui:MuenzwurfUi", chance=f"{__name__}.engine:toss_coin",
    events=f"{__name__}.events:typed", texts=f"{__name__}.texts:TEXTS", sim_help=f"{__name__}.texts:SIM_HELP",
    screen=f"{__name__}.screen:view", narration=f"{__name__}.screen:narrate", summary=f"{__name__}.screen:summary",
)
