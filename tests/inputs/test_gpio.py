"""GpioInput on gpiozero's MockFactory: buttons, encoder, short vs long press of OK."""

from __future__ import annotations

import queue

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from pydantic import ValidationError

from waage.inputs.gpio import GpioInput
from waage.inputs.keys import Key
from waage.inputs.settings import InputSettings

WAIT_S = 10.0   # guard only


@pytest.fixture
def factory():
    """A MockFactory per test; reset() (not close()) releases mock pins (gpiozero#1087)."""
    saved = Device.pin_factory
    f = MockFactory()
    yield f
    f.reset()
    Device.pin_factory = saved


@pytest.fixture
def keys():
    return queue.Queue()


def press(pin) -> None:
    pin.drive_low()     # buttons wire the GPIO to GND: active low


def release(pin) -> None:
    pin.drive_high()


def drain(q: queue.Queue) -> list[Key]:
    out = []
    while not q.empty():
        out.append(q.get_nowait())
    return out


def test_buttons_give_next_prev_ok(factory, keys) -> None:
    s = InputSettings(kind="buttons", next_pin=17, prev_pin=27, ok_pin=22, hold_time_s=5.0)
    with GpioInput(s, keys.put, pin_factory=factory):
        nxt, prv, ok = factory.pin(17), factory.pin(27), factory.pin(22)
        press(nxt); release(nxt)
        press(prv); release(prv)
        press(ok)
        assert drain(keys) == [Key.NEXT, Key.PREV]   # OK waits for the release (it could become BACK)
        release(ok)
        assert drain(keys) == [Key.OK]


def test_long_press_of_ok_is_back_and_not_ok(factory, keys) -> None:
    s = InputSettings(kind="buttons", hold_time_s=0.02)
    with GpioInput(s, keys.put, pin_factory=factory):
        ok = factory.pin(s.ok_pin)
        press(ok)
        assert keys.get(timeout=WAIT_S) is Key.BACK   # gpiozero's hold thread runs on real time
        release(ok)
        assert drain(keys) == []
        press(ok); release(ok)                          # the next short press is OK again
        assert drain(keys) == [Key.OK]


def test_encoder_steps_and_push(factory, keys) -> None:
    s = InputSettings(kind="encoder", encoder_a_pin=23, encoder_b_pin=24, encoder_push_pin=25, hold_time_s=5.0)
    with GpioInput(s, keys.put, pin_factory=factory):
        a, b, push = factory.pin(23), factory.pin(24), factory.pin(25)

        def cw() -> None:      # active-low quadrature, A leads B
            a.drive_low(); b.drive_low(); a.drive_high(); b.drive_high()

        def ccw() -> None:
            b.drive_low(); a.drive_low(); b.drive_high(); a.drive_high()

        cw(); cw(); ccw()
        press(push); release(push)
        assert drain(keys) == [Key.NEXT, Key.NEXT, Key.PREV, Key.OK]


def test_close_releases_the_pins(factory, keys) -> None:
    s = InputSettings(kind="buttons")
    inp = GpioInput(s, keys.put, pin_factory=factory)
    inp.close()
    inp.close()                                   # idempotent
    again = GpioInput(s, keys.put, pin_factory=factory)   # would raise GPIOPinInUse if not released
    press(factory.pin(s.next_pin))
    assert drain(keys) == [Key.NEXT]
    again.close()


def test_failed_construction_closes_what_was_opened(factory, keys) -> None:
    from gpiozero import Button
    from gpiozero.exc import GPIOPinInUse

    blocker = Button(22, pin_factory=factory)     # ok_pin taken by someone else
    with pytest.raises(GPIOPinInUse):
        GpioInput(InputSettings(kind="buttons", ok_pin=22), keys.put, pin_factory=factory)
    blocker.close()
    GpioInput(InputSettings(kind="buttons", ok_pin=22), keys.put, pin_factory=factory).close()  # 17, 27 free again


def test_none_opens_no_pins(factory, keys) -> None:
    with GpioInput(InputSettings(kind="none"), keys.put, pin_factory=factory):
        assert factory.pins == {}
        assert drain(keys) == []


def test_consumer_errors_do_not_escape(factory) -> None:
    def bad(key: Key) -> None:
        raise RuntimeError("consumer bug")

    with GpioInput(InputSettings(kind="buttons"), bad, pin_factory=factory):
        press(factory.pin(17))                    # would raise into drive_low() otherwise


def test_input_settings_validation() -> None:
    with pytest.raises(ValidationError):
        InputSettings(kind="buttons", next_pin=17, prev_pin=17)
    with pytest.raises(ValidationError):
        InputSettings(kind="joystick")
    with pytest.raises(ValidationError):
        InputSettings(kind="none", pins=3)        # unknown keys are rejected
    with pytest.raises(ValidationError):
        InputSettings(next_pin=40)                # BCM numbers stop at 27
    assert InputSettings(kind="encoder", next_pin=23).used_pins() == {
        "encoder_a_pin": 23, "encoder_b_pin": 24, "encoder_push_pin": 25}   # unused keys may overlap
