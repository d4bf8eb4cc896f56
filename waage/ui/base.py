"""What a game's UI, a menu entry and the scale's flows use of the device UI: ``Ui``.

``DeviceUi`` (``waage/ui/device.py``) implements it and hosts them (it picks each game's UI from
the registry of games and fills the menu); they name this interface, not ``DeviceUi``, so the
device UI stands above the parts it hosts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Ui(Protocol):
    """The device UI as its parts see it.

    host: the game host (``waage.app.host.GameHost``); lang: "de" or "en"; dice_mode:
    "electronic" or "manual"; roster: the names the menu offers for a new game (None: the
    players of the game); setup_done: the players were confirmed; on_calibrated: the driver's
    hook for the menu's "Kalibrieren" (None without one).
    """

    host: Any
    lang: str
    dice_mode: str
    roster: list[str] | None
    setup_done: bool
    on_calibrated: Callable[[dict[str, float]], bool] | None

    @property
    def game(self) -> Any:
        """The hosted game's UI (``WaagespielUi``, ``HelperUi``, …)."""
        ...

    def t(self, key: str, **args: Any) -> str:
        """The display text ``key`` in the UI's language."""
        ...

    def submit(self, given: dict[str, Any], t_s: float | None = None) -> list[dict[str, Any]]:
        """Apply one contract input through the host; its records."""
        ...

    def start_new_game(self, game: str, names: list[str], **options: Any) -> str | None:
        """A new game of ``game`` for ``names``; None, or why it could not start."""
        ...

    def set_language(self, lang: str) -> None:
        """Show every screen in ``lang`` from now on."""
        ...
