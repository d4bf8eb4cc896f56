"""The display interface every display kind implements, and the factory that picks one.

Peers behind one interface, chosen by ``[display] kind`` (like gpiozero's pin
factories): ``OledDisplay`` (ssd1306 / sh1106 over I2C), ``TerminalDisplay``
(simulator), ``NullDisplay`` (none).

Example::

    from waage.display.base import make_display
    display = make_display(config.display, language=config.game.language)
    display.show(view)
    ...
    display.close()
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO, runtime_checkable

from waage.display.settings import DisplaySettings
from waage.display.views import View


@runtime_checkable
class Display(Protocol):
    """Anything that can show a view. ``show`` must not raise for device trouble."""

    def show(self, view: View) -> None:
        """Show ``view`` (redrawing only if the picture changed)."""

    def close(self) -> None:
        """Release the device."""


class NullDisplay:
    """``kind = "none"``: remembers the last view and shows nothing."""

    def __init__(self) -> None:
        self.last_view: View | None = None

    def show(self, view: View) -> None:
        """Remember ``view``."""
        self.last_view = view

    def close(self) -> None:
        """Nothing to release."""


def make_display(settings: DisplaySettings, *, language: str | None = None, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 device_factory: Callable[[], Any] | None = None) -> Display:
    """The display for ``settings.kind``.

    language: overrides ``settings.language`` (e.g. the game's or a ``--lang`` option).
    stream: where a ``terminal`` display prints (default stdout).
    clock, device_factory: passed to ``OledDisplay`` (tests, fake buses).
    An OLED that cannot be opened yet is no error: ``OledDisplay`` keeps retrying.
    """
    lang = language or settings.language
    if settings.kind == "none":
        return NullDisplay()
    if settings.kind == "terminal":
        from waage.display.terminal import TerminalDisplay

        return TerminalDisplay(stream=stream, lang=lang, settings=settings)
    from waage.display.oled import OledDisplay

    return OledDisplay(settings, device_factory=device_factory, clock=clock, language=lang)
