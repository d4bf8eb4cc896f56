"""Push buttons or a rotary encoder on the Pi's GPIO (gpiozero), turned into abstract :class:`Key` presses.

Wiring (hardware/README.md): each button between its GPIO and GND (the
internal pull-up makes it active low); a KY-040 encoder with CLK = A, DT = B,
SW = push, + to 3.3 V, GND to GND. Five-line use::

    from waage.inputs.gpio import GpioInput
    from waage.inputs.settings import InputSettings
    keys = GpioInput(InputSettings(kind="buttons"), on_key=print)   # Key.NEXT, Key.PREV, Key.OK, Key.BACK
    ...
    keys.close()

Mapping: NEXT/PREV buttons fire on press; the encoder gives NEXT per
clockwise step and PREV per counter-clockwise step (gpiozero counts one step
per full quadrature cycle, which is one detent on a KY-040); the OK button
(or the encoder push) gives OK when released before ``hold_time_s`` and BACK
as soon as it has been held for ``hold_time_s`` (no OK follows then).

``on_key`` runs in gpiozero's callback thread on a Pi (synchronously in the
caller of ``drive_low()`` with MockFactory): keep it quick, e.g.
``queue.put``. Pin factory: ``pin_factory=None`` uses gpiozero's default
(set ``GPIOZERO_PIN_FACTORY=lgpio`` on a Pi, the only factory that works on a
Pi 5); tests pass ``gpiozero.pins.mock.MockFactory()``.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from gpiozero import Button, RotaryEncoder

from waage.inputs.keys import Key
from waage.inputs.settings import InputSettings

__all__ = ["GpioInput"]

log = logging.getLogger(__name__)


class _ShortOrLong:
    """OK on release of a short press, BACK once held for ``hold_time``; never both for one press.

    gpiozero fires ``when_pressed`` and ``when_held`` both on a long press and
    devices reject new attributes, so the state lives here (gpiozero FAQ).
    ``when_held`` comes from gpiozero's hold thread, ``when_released`` from the
    pin callback thread, hence the lock.
    """

    def __init__(self, button: Button, emit: Callable[[Key], None]) -> None:
        self._emit = emit
        self._lock = threading.Lock()
        self._state = "idle"            # idle -> pressed -> (held) -> idle
        button.when_pressed = self._pressed
        button.when_held = self._held
        button.when_released = self._released

    def _pressed(self) -> None:
        with self._lock:
            self._state = "pressed"

    def _held(self) -> None:
        with self._lock:
            fire = self._state == "pressed"
            if fire:
                self._state = "held"
        if fire:
            self._emit(Key.BACK)

    def _released(self) -> None:
        with self._lock:
            fire = self._state == "pressed"
            self._state = "idle"
        if fire:
            self._emit(Key.OK)


class GpioInput:
    """Buttons or an encoder (``settings.kind``) delivering :class:`Key` values to ``on_key``.

    settings: ``[input]`` settings (BCM pins, bounce_time_s, hold_time_s).
    on_key: called with each Key; must be quick and thread-safe.
    pin_factory: a gpiozero pin factory, or None for gpiozero's default.

    Raises gpiozero errors (``BadPinFactory`` when no GPIO library works,
    ``GPIOPinInUse``) from the constructor; anything opened so far is closed
    first. ``close()`` releases the pins and is idempotent.
    """

    def __init__(self, settings: InputSettings, on_key: Callable[[Key], None], pin_factory: Any = None) -> None:
        self.settings = settings
        self._on_key = on_key
        self._devices: list[Any] = []
        self._handlers: list[_ShortOrLong] = []
        try:
            if settings.kind == "buttons":
                self._button(settings.next_pin, pin_factory).when_pressed = lambda: self._emit(Key.NEXT)
                self._button(settings.prev_pin, pin_factory).when_pressed = lambda: self._emit(Key.PREV)
                self._handlers.append(_ShortOrLong(self._button(settings.ok_pin, pin_factory), self._emit))
            elif settings.kind == "encoder":
                enc = RotaryEncoder(settings.encoder_a_pin, settings.encoder_b_pin, bounce_time=None,
                                    max_steps=0, pin_factory=pin_factory)
                self._devices.append(enc)
                enc.when_rotated_clockwise = lambda: self._emit(Key.NEXT)
                enc.when_rotated_counter_clockwise = lambda: self._emit(Key.PREV)
                self._handlers.append(
                    _ShortOrLong(self._button(settings.encoder_push_pin, pin_factory), self._emit))
        except Exception:
            self.close()
            raise

    def _button(self, pin: int, pin_factory: Any) -> Button:
        b = Button(pin, pull_up=True, bounce_time=self.settings.bounce_time_s,
                   hold_time=self.settings.hold_time_s, hold_repeat=False, pin_factory=pin_factory)
        self._devices.append(b)
        return b

    def _emit(self, key: Key) -> None:
        try:
            self._on_key(key)
        except Exception:   # a consumer bug must not kill gpiozero's callback thread
            log.exception("on_key(%s) raised", key)

    def close(self) -> None:
        """Release every pin (idempotent)."""
        devices, self._devices = self._devices, []
        for d in reversed(devices):
            try:
                d.close()
            except Exception:
                log.debug("closing %r failed", d, exc_info=True)

    def __enter__(self) -> GpioInput:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
