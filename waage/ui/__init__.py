"""The device UI for all four games: the game menu and a button flow for every contract input.

- ``device.DeviceUi``: keys in, views out; owns the menu and one game UI per game.
- ``menu``: ``MenuEntry`` / ``MenuRegistry`` (``DeviceUi.menu``), the built-in entries.
- ``steps``: the screens of a flow (pick, multi-pick, counts, dice entry, confirm).
- ``host``: the one place that talks to the game host (what it must provide).
- ``waagespiel``, ``willkommen``, ``arsch``, ``propter``: the games' flows.
"""

from waage.ui.device import DeviceUi
from waage.ui.menu import CLOSE, MenuEntry, MenuRegistry

__all__ = ["CLOSE", "DeviceUi", "MenuEntry", "MenuRegistry"]
