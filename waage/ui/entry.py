"""A line of the game menu (``MenuEntry``) and the menu's registry of lines (``MenuRegistry``).

The built-in entries are in ``waage/ui/menu.py`` (and the scale's in ``waage/ui/scale.py``);
other parts add theirs from the composition root (``waage.app.wiring.add_menu_entries``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from waage.display.views import View
from waage.ui.base import Ui
from waage.ui.steps import Flow, Show


#: What an entry's flow returns to close the menu.
CLOSE = "close"


def _always(ui: Ui) -> bool:
    return True


@dataclass(frozen=True)
class MenuEntry:
    """One line of the game menu.

    id: unique name ("web", "league", …); label(ui): the line in the player's language
    (use ``ui.t(key)``); open(ui): the flow run when OK is pressed on it; visible(ui):
    whether the line shows now; order: position (lower first; the built-in entries use 0–50).
    """

    id: str
    label: Callable[[Ui], str]
    open: Callable[[Ui], Flow]
    visible: Callable[[Ui], bool] = _always
    order: int = 100


class MenuRegistry:
    """The menu's entries by id; ``add`` replaces an entry with the same id."""

    def __init__(self, entries: tuple[MenuEntry, ...] | list[MenuEntry] = ()) -> None:
        self._entries: dict[str, MenuEntry] = {}
        for entry in entries:
            self.add(entry)

    def add(self, entry: MenuEntry) -> None:
        """Add (or replace) ``entry``."""
        self._entries[entry.id] = entry

    def remove(self, entry_id: str) -> None:
        """Remove the entry ``entry_id`` (KeyError if there is none)."""
        del self._entries[entry_id]

    def ids(self) -> list[str]:
        """Every entry's id, in menu order."""
        return [e.id for e in self._ordered()]

    def _ordered(self) -> list[MenuEntry]:
        return sorted(self._entries.values(), key=lambda e: e.order)

    def visible(self, ui: Ui) -> list[MenuEntry]:
        """The entries that show now, in menu order."""
        return [e for e in self._ordered() if e.visible(ui)]


def show(view: View) -> Flow:
    """A flow that shows ``view`` until a key is pressed, then goes back to the menu."""
    yield Show(view)
    return None
