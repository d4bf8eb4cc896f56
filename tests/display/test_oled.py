"""OledDisplay on luma's dummy device, the real drivers on a fake I2C bus, and I2C failures."""

from __future__ import annotations

import errno
import warnings

import luma.core.error
import pytest
from luma.core.device import dummy

from waage.display.base import Display, NullDisplay, make_display
from waage.display.oled import OledDisplay
from waage.display.screens import render_image
from waage.display.settings import DisplaySettings
from waage.display.terminal import TerminalDisplay
from waage.display.views import MessageView

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata is deprecated:DeprecationWarning")

A = MessageView("A", ["eins"])
B = MessageView("B", ["zwei"])


class Clock:
    """A fake monotonic clock."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class CountingDummy(dummy):
    """luma's dummy device that counts frames and can be told to fail."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.pushed = 0
        self.fail_with: BaseException | None = None
        self.contrast_level: int | None = None

    def display(self, image):
        if self.fail_with is not None:
            raise self.fail_with
        self.pushed += 1
        super().display(image)

    def contrast(self, level):
        self.contrast_level = level


class Factory:
    """A device factory: returns CountingDummy devices or raises the queued errors."""

    def __init__(self, errors: list[BaseException] | None = None) -> None:
        self.errors = list(errors or [])
        self.devices: list[CountingDummy] = []
        self.calls = 0

    def __call__(self) -> CountingDummy:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        dev = CountingDummy()
        self.devices.append(dev)
        return dev


def settings(**kw) -> DisplaySettings:
    return DisplaySettings(kind="ssd1306", retry_initial_s=1.0, retry_max_s=8.0, **kw)


def test_shows_the_view_and_redraws_only_on_change():
    fac = Factory()
    clock = Clock()
    oled = OledDisplay(settings(contrast=42), device_factory=fac, clock=clock)
    dev = fac.devices[0]
    assert dev.contrast_level == 42
    oled.show(A)
    clock.t += 1.0
    oled.show(A)
    oled.show(MessageView("A", ["eins"]))
    assert dev.pushed == 1 and oled.frames == 1 and oled.renders == 1
    assert dev.image.tobytes() == render_image(A).tobytes()
    oled.show(B)
    assert dev.pushed == 2
    oled.tick()
    assert dev.pushed == 2


def test_language_setting_is_used():
    fac = Factory()
    oled = OledDisplay(settings(language="en"), device_factory=fac, clock=Clock())
    from waage.display.views import VerdictView

    view = VerdictView("Ben", 29, 30, "hit", 1, "Ben")
    oled.show(view)
    assert fac.devices[0].image.tobytes() == render_image(view, "en").tobytes()


@pytest.mark.parametrize("error", [OSError(errno.EREMOTEIO, "Remote I/O error"),
                                   luma.core.error.DeviceNotFoundError("I2C device not found on address: 0x3C")])
def test_write_error_is_survived_and_the_device_recreated_after_backoff(error):
    clock = Clock()
    fac = Factory()
    oled = OledDisplay(settings(), device_factory=fac, clock=clock)
    oled.show(A)
    fac.devices[0].fail_with = error
    clock.t += 0.1
    oled.show(B)  # must not raise
    assert oled.errors == 1 and not oled.available
    oled.tick()
    assert fac.calls == 1  # back-off: no retry before 1 s
    clock.t += 1.0
    oled.tick()
    assert fac.calls == 2 and oled.available
    assert fac.devices[1].pushed == 1  # the latest picture is sent to the new device
    assert fac.devices[1].image.tobytes() == render_image(B).tobytes()


def test_open_failures_back_off_exponentially_up_to_the_maximum():
    clock = Clock()
    fac = Factory([OSError(errno.ENOENT, "no bus")] * 6)
    oled = OledDisplay(settings(), device_factory=fac, clock=clock)  # first try fails
    oled.show(A)
    tries = [clock.t]
    for _ in range(80):  # 40 s in 0.5 s steps
        clock.t += 0.5
        before = fac.calls
        oled.tick()
        if fac.calls > before:
            tries.append(clock.t)
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert gaps == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]  # doubling, capped at retry_max_s = 8; 7th try works
    assert oled.available and fac.devices[0].pushed == 1
    assert oled.errors == 6


def test_failing_factory_never_raises_from_show():
    fac = Factory([OSError(errno.EIO, "bus gone")] * 1000)
    clock = Clock()
    oled = OledDisplay(settings(), device_factory=fac, clock=clock)
    for i in range(50):
        clock.t += 100
        oled.show(MessageView("x", [str(i)]))
    assert not oled.available and oled.frames == 0 and oled.errors == 51


def test_close_cleans_up_once():
    fac = Factory()
    oled = OledDisplay(settings(), device_factory=fac, clock=Clock())
    dev = fac.devices[0]
    called = []
    dev.cleanup = lambda: called.append(1)
    oled.close()
    assert called == [1] and not oled.available
    dev.cleanup()  # luma's atexit hook: must not touch the device again
    assert called == [1]


class FakeSMBus:
    """smbus2 stand-in recording block writes (luma's unmanaged i2c path)."""

    def __init__(self) -> None:
        self.writes: list[tuple[int, int, list[int]]] = []
        self.fail = False

    def write_i2c_block_data(self, addr, reg, data):
        if self.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.writes.append((addr, reg, list(data)))

    def close(self):
        pass


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_real_luma_drivers_on_a_fake_bus(driver):
    from luma.core.interface.serial import i2c
    import luma.oled.device as devices

    bus = FakeSMBus()

    def factory():
        return getattr(devices, driver)(i2c(bus=bus, address=0x3C), width=128, height=64, rotate=2)

    clock = Clock()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        oled = OledDisplay(settings(rotation=2), device_factory=factory, clock=clock)
        bus.writes.clear()
        oled.show(A)
        data = sum(len(d) for _, reg, d in bus.writes if reg == 0x40)
        assert data == 1024  # one full frame
        bus.writes.clear()
        oled.show(A)
        assert bus.writes == []  # unchanged: nothing sent
        bus.fail = True
        clock.t += 0.1
        oled.show(B)  # data phase fails with a raw OSError
        assert oled.errors == 1
        oled.device = None  # (already dropped)
        oled.close()


def test_make_display_picks_the_kind():
    import io

    assert isinstance(make_display(DisplaySettings(kind="none")), NullDisplay)
    term = make_display(DisplaySettings(kind="terminal"), stream=io.StringIO(), language="en")
    assert isinstance(term, TerminalDisplay) and term.lang == "en"
    fac = Factory()
    oled = make_display(DisplaySettings(kind="sh1106"), device_factory=fac, clock=Clock())
    assert isinstance(oled, OledDisplay) and oled.available
    for disp in (term, oled, NullDisplay()):
        assert isinstance(disp, Display)


def test_missing_i2c_bus_is_not_fatal():
    # the real factory: /dev/i2c-250 does not exist here -> luma DeviceNotFoundError, caught
    oled = make_display(DisplaySettings(kind="ssd1306", i2c_bus=250), clock=Clock())
    oled.show(A)
    assert not oled.available and oled.errors >= 1


def test_frames_are_capped_at_max_fps_and_the_newest_waiting_view_is_drawn():
    """Issue 10: at most 10 frames a second (the I2C bus's limit); views in between wait, the newest wins."""
    fac = Factory()
    clock = Clock()
    oled = OledDisplay(settings(), device_factory=fac, clock=clock)
    dev = fac.devices[0]
    for i in range(100):  # a new picture every 10 ms for one second
        oled.show(MessageView("x", [str(i)]))
        clock.t += 0.01
    assert dev.pushed == 10 and oled.renders == 10  # not only fewer frames sent: fewer drawn
    oled.tick()  # 1 s after the first frame the last view (99) is due
    assert dev.pushed == 11
    assert dev.image.tobytes() == render_image(MessageView("x", ["99"])).tobytes()
    clock.t += 5.0
    oled.tick()
    assert dev.pushed == 11  # nothing waits: idle costs nothing


def test_a_view_that_changes_back_before_its_frame_cancels_the_redraw():
    fac = Factory()
    clock = Clock()
    oled = OledDisplay(settings(), device_factory=fac, clock=clock)
    oled.show(A)
    clock.t += 0.03
    oled.show(B)        # too soon: waits
    clock.t += 0.03
    oled.show(A)        # back to what the panel shows
    clock.t += 0.5
    oled.tick()
    assert fac.devices[0].pushed == 1 and oled.renders == 1


def test_max_fps_is_a_setting():
    fac = Factory()
    clock = Clock()
    oled = OledDisplay(settings(max_fps=2), device_factory=fac, clock=clock)
    for i in range(40):  # 2 s, a new view every 50 ms
        oled.show(MessageView("x", [str(i)]))
        clock.t += 0.05
    assert fac.devices[0].pushed == 4
