"""What ``waage run`` and ``waage sim`` share: one game thread driving the host, its device UI,
the display and the live hub.

``DeviceLoop`` holds the parts the composition root built (``waage/app/wiring.py``) and does
the device's part of every turn of either driver's loop: a key to the UI, a command from the
web, MQTT or stdin to the host (a new game gets a fresh UI), the language, the screen (through
the adapters' ``screen``, e.g. the web's PIN) and the snapshot for the live hub. The drivers
add only their own: ``run`` (``waage/app/run.py``: a real-time queue of sensor items, the state
directory, systemd) and ``sim`` (``waage/app/sim.py``: simulated time, a self-playing demo, the
typed shell).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from waage.app import wiring
from waage.app.host import Apply, GameHost, NewGame, WeighGlass
from waage.app.setup import apply_command
from waage.config import AppConfig
from waage.display.base import Display
from waage.display.views import View
from waage.live.hub import LiveHub
from waage.ui.device import DeviceUi
from waage.web.commands import WEB_COMMANDS

log = logging.getLogger("waage.loop")


class DeviceLoop:
    """The device's part of a driver's loop (see the module docstring).

    A driver sets ``config``, ``host``, ``display``, ``hub``, ``feed`` (``wiring.LiveFeed``),
    ``lang``, ``adapters`` and ``ui`` (``make_ui``), and implements ``calibrated``.
    """

    config: AppConfig
    host: GameHost
    display: Display
    hub: LiveHub
    feed: wiring.LiveFeed
    lang: str
    ui: DeviceUi
    #: adapters started by ``wiring.make_observers`` (web, MQTT)
    adapters: list[Any]
    #: a new game that weighs starts with its glass on the device UI (issue 30; the interactive simulator)
    weigh_first: bool = False

    def calibrated(self, result: dict[str, float]) -> bool:  # pragma: no cover - each driver has its own
        """The menu's calibration ``{"offset", "counts_per_gram"}``: used at once; True when it was saved."""
        raise NotImplementedError

    def make_ui(self, start_in_menu: bool = False, weigh_first: bool | None = None) -> DeviceUi:
        """A device UI for the hosted game in the loop's language (its menu changes the language).

        weigh_first: a new game that weighs starts with its glass (``DeviceUi``); None: the loop's
        ``weigh_first``."""
        return wiring.make_ui(self.config, self.host, self.lang, start_in_menu=start_in_menu,
                              on_language=self.set_language, on_calibrated=self.calibrated,
                              weigh_first=self.weigh_first if weigh_first is None else weigh_first)

    def new_ui(self) -> None:
        """A fresh device UI for a game started from outside the menu (web, MQTT, stdin)."""
        self.ui = self.make_ui()
        wiring.add_menu_entries(self.ui, self.adapters)

    def set_language(self, lang: str) -> None:
        """Show every screen in ``lang`` ("de" or "en") from now on; other values are ignored."""
        if lang not in ("de", "en"):
            log.warning("language %r: only de and en", lang)
            return
        self.lang = lang
        if hasattr(self.display, "set_language"):
            self.display.set_language(lang)
        elif hasattr(self.display, "lang"):
            self.display.lang = lang
        if getattr(self.ui, "lang", lang) != lang:
            self.ui.lang = lang

    def command(self, item: Any) -> bool:
        """Run ``item`` if it is a command (from the web view with its PIN checked there, MQTT or
        stdin: ``waage/web/commands.py``'s, ``WeighGlass``, ``Apply``, ``NewGame``); False if it is none."""
        if isinstance(item, WEB_COMMANDS):
            apply_command(item, self)
        elif isinstance(item, WeighGlass):  # "Glas wiegen" from the web or MQTT thread (W-36)
            self.host.handle(item)
        elif isinstance(item, (Apply, NewGame)):
            engine = self.host.engine
            self.host.handle(item)
            if isinstance(item, NewGame) and item.language is not None:
                self.set_language(item.language)
            if self.host.engine is not engine or isinstance(item, NewGame):
                self.new_ui()
        else:
            return False
        return True

    def screen(self, view: View) -> View:
        """The view the display shows for the UI's ``view``: passed through the adapters' ``screen``."""
        return wiring.screen_of(self.adapters, view, time.monotonic())

    def publish(self, view: View, sample_at: float | None, details: dict[str, Any]) -> None:
        """Hand the live hub a snapshot of the hosted game with the ``view`` shown now."""
        self.hub.state(wiring.snapshot(self.host, view, self.feed.line, sample_at, details, lang=self.lang))
