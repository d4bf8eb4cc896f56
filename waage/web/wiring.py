"""``make_web``: the one call a driver (sim, run, the composition root) makes to serve the web view."""

from __future__ import annotations

import logging
import sys
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from waage.config import AppConfig
from waage.display.qr_screen import QrView
from waage.display.views import SetupView, View
from waage.errors import DeviceUnavailable
from waage.live.hub import LiveHub, LiveSnapshot
from waage.web.address import page_url
from waage.web.commands import Command, setup_of
from waage.web.hub import WebHub

#: the PIN in force, in ``waage run``'s state directory (mode 0600): the owner reads it over SSH
PIN_FILE = "web-pin"
#: the set-up screen and the join QR code take turns for this many seconds each
SETUP_QR_S = 5.0


class WebView:
    """The running web view as a ``LiveObserver``: feeds the ``WebHub``, stops the server on close.

    url: the page address for phones (device IP, for the QR code); pin: the PIN shown on the OLED.
    """

    def __init__(self, hub: WebHub, server: Any) -> None:
        self.hub, self.server = hub, server
        self.url = page_url(server.host, server.port)

    @property
    def pin(self) -> str:
        """The PIN that changes go with now (a new one per game)."""
        return self.hub.pin

    def screen(self, view: View, now_s: float) -> View:
        """What the OLED shows: on the set-up screen, every other SETUP_QR_S seconds the join QR code
        (``waage.display.qr_screen.QrView``) instead; this web view's join screen (the menu's "Handy
        verbinden", opened before the PIN changed) with the PIN in force now; any other view unchanged."""
        if isinstance(view, SetupView) and int(now_s // SETUP_QR_S) % 2 == 1:
            return self.qr_view()
        if isinstance(view, QrView) and view.url == self.url and view.pin != self.pin:
            return self.qr_view()
        return view

    def qr_view(self) -> QrView:
        """The join screen: the page URL with the device's IP address and the current PIN
        (also what a menu entry "Handy verbinden" shows)."""
        return QrView(url=self.url, pin=self.pin)

    def record(self, line: int, record: dict[str, Any]) -> None:
        """See ``LiveObserver.record``."""
        self.hub.record(line, record)

    def state(self, snapshot: LiveSnapshot) -> None:
        """See ``LiveObserver.state``."""
        self.hub.state(snapshot)

    def close(self) -> None:
        """Stop the server thread."""
        self.server.close()


def make_web(config: AppConfig, listen: tuple[str, int] | None, hub: LiveHub,
             submit: Callable[[Command], None] | None, current_config: Callable[[], AppConfig],
             log_path: Path | None = None, out: TextIO | None = None, required: bool = True,
             pin_path: Path | None = None) -> WebView | None:
    """Start the web view when ``listen`` is given (``waage sim --web``) or ``[web] enabled``.

    listen: (host, port) from the command line, overriding ``[web] listen``; submit: hands a
    validated command to the game thread; current_config: the config the game plays now;
    log_path: the session log for resumes. Adds the view to ``hub`` and prints its address to
    ``out`` (default stderr). pin_path (``waage run``): the PIN is kept in that file (mode 0600, for
    the owner over SSH) and the line says only that it is on the display, as ``out`` is the journal
    there; without it (the simulator, whose terminal is the device's screen) the line shows the PIN.
    Returns None when the web view is off.
    Raises DeviceUnavailable when the address cannot be bound; with ``required=False``
    (``waage run``: the game goes on without its web view) logs that instead and returns None.
    """
    if listen is None:
        if not config.web.enabled:
            return None
        listen = config.web.host_port
    from waage.web.server import Controls, WebServer

    web_hub = WebHub(log_path=log_path, lang=config.display.language, pin_path=pin_path)
    web_hub.lines = hub.lines  # records logged before the view started are read from the log
    # the game the host plays now (a game started on the device's menu changes no config): its snapshot
    controls = Controls(web_hub, submit, lambda: setup_of(current_config(), web_hub.snapshot))
    try:
        server = WebServer(web_hub, controls, *listen)
    except OSError as exc:
        problem = DeviceUnavailable(f"web: cannot listen on {listen[0]}:{listen[1]} ({exc.strerror or exc}); "
                                    "pick another port with [web] listen or --web")
        if required:
            raise problem from None
        logging.getLogger("waage.web").error("%s", problem)
        return None
    view = WebView(web_hub, server.start())
    hub.add(view)
    where = "PIN on the display" if pin_path is not None else f"PIN {view.pin}"
    print(f"waage: web view on {view.url} ({where})", file=out or sys.stderr, flush=True)
    return view


class DroppingStream:
    """A text stream for the simulator's terminal picture while the web view runs: writes go to
    ``target`` from a thread of its own, and when the reader falls behind (a pipe nobody reads)
    the oldest pending writes are dropped, so the game thread never blocks on its output.

    target: the real stream (``sys.stdout``); keep: most pending writes (frames).
    """

    def __init__(self, target: TextIO, keep: int = 8) -> None:
        self.target = target
        self._pending: deque[str] = deque(maxlen=keep)
        self._ready = threading.Condition()
        threading.Thread(target=self._pump, name="waage-terminal-out", daemon=True).start()

    def write(self, text: str) -> int:
        """Queue ``text`` (dropping the oldest pending write when full); returns its length."""
        with self._ready:
            self._pending.append(text)
            self._ready.notify()
        return len(text)

    def flush(self) -> None:
        """Nothing to do: the pump flushes after every write."""

    def isatty(self) -> bool:
        """Never a terminal (the picture is printed as plain frames)."""
        return False

    def _pump(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: bool(self._pending))
                text = self._pending.popleft()
            try:
                self.target.write(text)
                self.target.flush()
            except (OSError, ValueError):  # the reader went away: stop printing, the game goes on
                return
