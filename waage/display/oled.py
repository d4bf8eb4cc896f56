"""The real panel: a 128×64 SSD1306 / SH1106 OLED on I2C through luma.oled.

``OledDisplay.show(view)`` renders the view and sends it only when the picture
changed (a full frame is 1024 bytes, ~93 ms at 100 kHz I2C), and at most
``max_fps`` times a second (``waage.display.pacing.FramePacer``: a view that
comes sooner waits, and only the newest waiting view is drawn, by the next
``show`` or ``tick``). An I2C failure
(``OSError`` from the data phase, ``luma.core.error.Error`` from the command
phase or from opening the bus) never reaches the game: the device is dropped
and re-created (re-sending the init sequence) after a back-off that doubles from
``retry_initial_s`` to ``retry_max_s``; the latest picture is sent once the
panel answers again. Call ``show`` (or ``tick``) regularly, e.g. from the main
loop, so the retry happens even when the picture does not change.

Example (on a Pi)::

    from waage.display.oled import OledDisplay
    from waage.display.settings import DisplaySettings
    oled = OledDisplay(DisplaySettings(kind="sh1106", rotation=2))
    oled.show(view)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from waage.display.pacing import FramePacer
from waage.display.screens import render
from waage.display.settings import DisplaySettings
from waage.display.views import View

log = logging.getLogger(__name__)


def display_errors() -> tuple[type[BaseException], ...]:
    """The exceptions an I2C display can raise: ``OSError`` and ``luma.core.error.Error``."""
    import luma.core.error

    return (OSError, luma.core.error.Error)


def luma_device_factory(settings: DisplaySettings) -> Callable[[], Any]:
    """A function that opens the I2C bus and builds the luma.oled device for ``settings``.

    The function raises ``luma.core.error.DeviceNotFoundError`` / ``DevicePermissionError``
    (bus missing, no permission: add the user to group ``i2c``) or ``OSError``.
    """
    from luma.core.interface.serial import i2c
    import luma.oled.device as oled_devices

    cls = getattr(oled_devices, settings.luma_driver)

    def make() -> Any:
        serial = i2c(port=settings.i2c_bus, address=settings.i2c_address)
        return cls(serial, width=128, height=64, rotate=settings.rotation)

    return make


class OledDisplay:
    """A ``Display`` on a luma device, surviving I2C errors.

    settings: the ``[display]`` table (language, contrast, retry timing, …).
    device_factory: builds the luma device (default ``luma_device_factory(settings)``);
        tests pass one that returns ``luma.core.device.dummy(mode="1")`` or raises OSError.
    clock: monotonic seconds (default ``time.monotonic``); tests pass a fake clock.
        It paces the frames (``settings.max_fps``) and times the I2C retries.
    Counters for logs and tests: ``frames`` (pictures sent), ``renders`` (views
    drawn into an image), ``errors`` (I2C errors caught), ``opens`` (devices created).
    """

    def __init__(self, settings: DisplaySettings | None = None,
                 device_factory: Callable[[], Any] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 language: str | None = None) -> None:
        self.settings = settings or DisplaySettings(kind="ssd1306")
        self.lang = language or self.settings.language
        self._factory = device_factory or luma_device_factory(self.settings)
        self._clock = clock
        self._errors = display_errors()
        self.device: Any | None = None
        self._retry_at = 0.0
        self._delay_s = self.settings.retry_initial_s
        self._pacer: FramePacer[View] = FramePacer(self.settings.max_fps, clock)
        self._image: Image.Image | None = None
        self._sent: bytes | None = None
        self.frames = 0
        self.renders = 0
        self.errors = 0
        self.opens = 0
        self._open()

    # ----------------------------------------------------------------- device handling

    def _open(self) -> bool:
        """Create the device now; on failure schedule the next try. True when it is up."""
        try:
            device = self._factory()
            device.contrast(self.settings.contrast)
            if self.settings.keep_on_exit:
                device.persist = True
        except self._errors as exc:
            self._failed(f"cannot open the display: {exc}")
            return False
        self.device = device
        self.opens += 1
        self._sent = None  # a fresh device shows nothing we know of
        return True

    def _failed(self, message: str) -> None:
        self.errors += 1
        log.warning("%s; retrying in %.1f s", message, self._delay_s)
        self._drop_device()
        self._retry_at = self._clock() + self._delay_s
        self._delay_s = min(self._delay_s * 2, self.settings.retry_max_s)

    def _drop_device(self) -> None:
        device, self.device = self.device, None
        if device is None:
            return
        # keep luma's atexit hook from touching a dead bus; close our bus handle
        try:
            device.cleanup = lambda: None
        except AttributeError:
            pass
        serial = getattr(device, "_serial_interface", None)
        try:
            if serial is not None:
                serial.cleanup()
        except Exception:  # noqa: BLE001 - closing a broken bus must not stop the game
            pass

    # ----------------------------------------------------------------- Display API

    @property
    def available(self) -> bool:
        """True while the panel is answering."""
        return self.device is not None

    def show(self, view: View) -> None:
        """Show ``view``; sends a frame only when the picture changed or the panel came back.

        A changed view within ``1 / max_fps`` s of the last frame is drawn later,
        by ``show`` or ``tick``. Never raises for I2C errors (they are logged and
        retried with back-off).
        """
        self._draw(self._pacer.offer(view))

    def tick(self) -> None:
        """Draw a view that waited for its frame time, retry a frame after an I2C error.

        Call from the main loop at least every 0.1 s; cheap when there is nothing to do.
        """
        self._draw(self._pacer.due())

    def _draw(self, view: View | None) -> None:
        if view is not None:
            size = self.device.size if self.device is not None else (128, 64)
            image = Image.new("1", size, 0)
            render(view, ImageDraw.Draw(image), self.lang)
            self._image = image
            self.renders += 1
        self._push()

    def set_language(self, lang: str) -> None:
        """Draw in ``lang`` ("de"/"en") from the next ``show`` on (the same view is drawn anew)."""
        if lang != self.lang:
            self.lang = lang
            self._pacer.forget()

    def _push(self) -> None:
        if self._image is None:
            return
        if self.device is None:
            if self._clock() < self._retry_at or not self._open():
                return
        data = self._image.tobytes()
        if data == self._sent:
            return
        try:
            image = self._image
            if image.size != tuple(self.device.size):
                image = image.crop((0, 0, *self.device.size))
            self.device.display(image)
        except self._errors as exc:
            self._failed(f"display write failed: {exc}")
            return
        self._sent = data
        self.frames += 1
        self._delay_s = self.settings.retry_initial_s

    @property
    def image(self) -> Image.Image | None:
        """The last rendered picture (what the panel shows once it answers)."""
        return self._image

    def close(self) -> None:
        """Release the device: luma ``cleanup`` blanks the panel unless ``keep_on_exit``."""
        device, self.device = self.device, None
        if device is not None:
            try:
                device.cleanup()
            except self._errors as exc:
                log.warning("display cleanup failed: %s", exc)
            device.cleanup = lambda: None  # luma's atexit hook must not run it twice
