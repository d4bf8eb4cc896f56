"""Fixtures for the serial bridge tests: a pty-backed fake board and an event collector."""

from __future__ import annotations

import sys
import threading
import time
from types import SimpleNamespace
from typing import Callable, Iterator

import pytest

from waage.doubles.fake_bridge import FakeBridgeBoard
from waage.sensors.serial_bridge import SerialBridgeSensor
from waage.weight.events import Sample, SensorFault, SensorRecovered

Event = Sample | SensorFault | SensorRecovered
WAIT_S = 3.0  # upper bound only; tests return as soon as the condition holds


def _wait_until(pred: Callable[[], bool], timeout_s: float = WAIT_S) -> None:
    """Poll ``pred`` every 5 ms (for state of the fake board, which sends no events)."""
    done = threading.Event()
    deadline = time.monotonic() + timeout_s
    while not pred():
        assert time.monotonic() < deadline, "condition not met in time"
        done.wait(0.005)


class FakeClock:
    """A host clock the test advances by hand; ``calls`` shows the reader thread is looping."""

    def __init__(self, start_s: float = 1000.0) -> None:
        self.now_s = start_s
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        return self.now_s

    def advance(self, dt_s: float) -> None:
        self.now_s += dt_s

    def wait_loops(self, n: int = 5) -> None:
        """Block until the reader has read the clock ``n`` more times (so it saw the new time)."""
        target = self.calls + n
        _wait_until(lambda: self.calls >= target)


class Events:
    """Thread-safe list of what the sensor delivered, with waiting helpers."""

    def __init__(self) -> None:
        self.items: list[Event] = []
        self._cond = threading.Condition()

    def __call__(self, event: Event) -> None:
        with self._cond:
            self.items.append(event)
            self._cond.notify_all()

    def wait_for(self, pred: Callable[[list[Event]], bool], timeout_s: float = WAIT_S) -> list[Event]:
        with self._cond:
            ok = self._cond.wait_for(lambda: pred(self.items), timeout_s)
            assert ok, f"condition not met; events so far: {self.items}"
            return list(self.items)

    def wait_samples(self, n: int) -> list[Sample]:
        items = self.wait_for(lambda ev: sum(isinstance(e, Sample) for e in ev) >= n)
        return [e for e in items if isinstance(e, Sample)]

    def wait_fault(self, kind: str) -> SensorFault:
        items = self.wait_for(lambda ev: any(isinstance(e, SensorFault) and e.kind == kind for e in ev))
        return next(e for e in items if isinstance(e, SensorFault) and e.kind == kind)

    def faults(self) -> list[SensorFault]:
        return [e for e in self.items if isinstance(e, SensorFault)]


@pytest.fixture
def wait_until() -> Callable[..., None]:
    """``wait_until(pred, timeout_s=3)``: poll a condition on the fake board's state."""
    return _wait_until


@pytest.fixture
def fake_clock() -> FakeClock:
    """A hand-advanced host clock for the sensor (``clock=fake_clock``)."""
    return FakeClock()


@pytest.fixture
def events() -> Events:
    return Events()


@pytest.fixture
def make_board() -> Iterator[Callable[..., FakeBridgeBoard]]:
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("needs os.openpty")
    boards: list[FakeBridgeBoard] = []

    def make(**kwargs: object) -> FakeBridgeBoard:
        board = FakeBridgeBoard.open_pty(**kwargs)
        board.start()
        boards.append(board)
        return board

    yield make
    for b in boards:
        b.close()


@pytest.fixture
def make_sensor() -> Iterator[Callable[..., SerialBridgeSensor]]:
    sensors: list[SerialBridgeSensor] = []

    def make(port: str, **kwargs: object) -> SerialBridgeSensor:
        sensor = SerialBridgeSensor(SimpleNamespace(port=port, baudrate=115200), **kwargs)  # type: ignore[arg-type]
        sensors.append(sensor)
        return sensor

    yield make
    for s in sensors:
        s.close()


@pytest.fixture
def connected(make_board, make_sensor, events):
    """A started sensor that finished its handshake with a fresh board: (board, sensor, events)."""

    def connect(board_kwargs: dict | None = None, **sensor_kwargs: object):
        board = make_board(**(board_kwargs or {}))
        sensor = make_sensor(board.port, **sensor_kwargs)
        sensor.start(events)
        assert sensor.wait_connected(WAIT_S)
        return board, sensor

    return connect


# ---------------------------------------------------------------- firmware and emulator

import bridge_firmware as fw  # noqa: E402


def _unavailable(reason: str) -> None:
    if fw.REQUIRED:
        pytest.fail(f"{reason} (WAAGE_REQUIRE_FIRMWARE=1: CI must build and run the firmware)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def firmware_build() -> fw.Build:
    """firmware_bridge built once per session with the real pico-sdk into build/firmware_bridge."""
    reason = fw.missing_build_tools()
    if reason:
        _unavailable(f"firmware not built: {reason}")
    return fw.build_firmware()


@pytest.fixture(scope="session")
def emulator_tools(firmware_build: fw.Build) -> fw.Build:
    """The build, plus rp2040js installed from the lock file (npm ci, once)."""
    reason = fw.missing_emulator_tools()
    if reason:
        _unavailable(f"emulator not run: {reason}")
    fw.npm_ci()
    return firmware_build


@pytest.fixture
def make_emulator(emulator_tools: fw.Build) -> Iterator[Callable[..., fw.Emulator]]:
    """``make_emulator(rate_sps=10, **model)``: a booted emulator board (closed after the test)."""
    emulators: list[fw.Emulator] = []

    def make(**kwargs: object) -> fw.Emulator:
        emu = fw.Emulator(emulator_tools.uf2, **kwargs)  # type: ignore[arg-type]
        emulators.append(emu)
        emu.wait_usb()
        return emu

    yield make
    for emu in emulators:
        emu.close()
