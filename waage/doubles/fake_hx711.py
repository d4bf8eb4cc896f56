"""A test double of hx711-rpi-py 1.65.0 (import name ``HX711``), for computers without a Pi.

It is a peer of the real pybind11 module, the way gpiozero's ``pins/mock.py``
stands beside ``pins/lgpio.py``: inject it under the real name and code written
for the real library runs unchanged::

    import sys
    from waage.doubles import fake_hx711
    chip = fake_hx711.configure(words=[100_000, 100_012], sps=10)
    sys.modules["HX711"] = fake_hx711        # (tests: monkeypatch.setitem)
    import HX711
    hx = HX711.SimpleHX711(5, 6, 1, 0, HX711.Rate.HZ_10)
    [int(v) for v in hx.getValues(timedelta(milliseconds=300))]   # -> [100000, 100012]

What it mirrors (research/hx711.md §1.4-1.6, §1.9), traps included:

* Enums ``Channel``, ``Gain``, ``Rate``, ``Format``, ``StrategyType``,
  ``ReadType``, ``Mass.Unit``; exceptions ``GpioException``,
  ``IntegrityException``, ``TimeoutException`` (all ``Exception``).
* ``Options()`` = 3 samples median; ``Options(int)`` = sample count;
  ``Options(timedelta | float)`` = time window, **a float means seconds**; the
  same rule for ``weight()`` and ``getValues()``: ``weight(3.0)`` is a 3 s
  window, ``weight(3)`` is 3 samples.
* **Int-only calibration**: ``setReferenceUnit``, ``setOffset`` and the
  constructor's ``refUnit``/``offset`` raise ``TypeError`` for floats;
  ``setReferenceUnit(0)`` raises ``ValueError``; ``zero(10)`` and ``read(10)``
  are ``TypeError`` (they accept only ``Options``).
* Time-based reads return what they got; ``read``/``zero``/``weight`` raise
  ``RuntimeError("no samples obtained")`` when the window got nothing.
* **Sample-count reads hang forever** on the real library while DOUT is high
  (unplugged, unpowered). The fake cannot hang a test, so it raises
  :class:`WouldHangForever` (an ``AssertionError``) instead, and records every
  sample-count read in ``FakeChip.sample_count_calls`` so tests can assert
  that none happened.
* The library holds the GIL during every call. With ``hold_gil=True`` the
  fake's waits are done by a C ``usleep`` called with the GIL held
  (``ctypes.PyDLL``), so tests can reproduce "the display thread freezes".
* Library bugs kept on purpose: ``Value.isMinSaturated()`` is never true for a
  real read, ``Mass.convertTo`` returns a µg amount labelled with the target
  unit, ``str(Mass)`` picks its decimals from the value.

The value types (the enums, exceptions, ``Value``, ``Mass``, ``Options``, ``Utility``) are
written in ``waage.doubles.hx711_types`` and are this module's names as in the library.

Chip behaviour is scripted through :class:`FakeChip` (one per module, made by
:func:`configure`): queued words (ints; an exception instance in the queue is
raised by the read that would have returned it), an endless word, unplugged
(DOUT high), a GpioException at construction, a hang inside time-based reads.
Time comes from ``clock``/``sleep`` (default: ``time.monotonic``/``time.sleep``;
tests pass a :class:`FakeClock` to run in virtual time).
"""

from __future__ import annotations

import ctypes
import statistics
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable

from waage.doubles.hx711_types import (  # the library's value types, under its names (see __all__)
    Channel,
    Format,
    Gain,
    GpioException,
    IntegrityException,
    Mass,
    Options,
    Rate,
    ReadType,
    StrategyType,
    TimeoutException,
    Utility,
    Value,
    _as_int,
    _as_seconds,
    _incompatible,
    _Unit,
)

__all__ = [
    "Channel", "Gain", "Rate", "Format", "StrategyType", "ReadType",
    "GpioException", "IntegrityException", "TimeoutException",
    "Value", "Mass", "Options", "Utility", "HX711", "AbstractScale", "SimpleHX711", "AdvancedHX711",
    "FakeChip", "FakeClock", "WouldHangForever", "configure", "chip",
]



class WouldHangForever(AssertionError):
    """The real library would spin forever here (sample-count read while DOUT stays high)."""


# ---------------------------------------------------------------- virtual time and the scripted chip

class FakeClock:
    """Virtual monotonic time: ``clock()`` reads it, ``clock.sleep(dt)`` advances it without waiting.

    ``sleep`` yields the GIL (``time.sleep(0)``) so other threads still run.
    """

    def __init__(self, start_s: float = 1000.0) -> None:
        self._now = start_s
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def sleep(self, dt_s: float) -> None:
        with self._lock:
            self._now += max(dt_s, 0.0)
        time.sleep(0)


class FakeChip:
    """Scripted HX711 behaviour shared by every ``SimpleHX711`` of the module.

    words: queued conversion results (signed 24-bit ints); an exception
        instance in the queue is raised by the read that reaches it.
    endless_word: when the queue is empty, every conversion returns this word
        (plus ``noise``, a deterministic triangle of +-noise counts); ``None``
        means the chip goes silent (DOUT stays high) once the queue is empty.
    sps: conversions per second.
    unplugged: DOUT stays high: no conversion is ever ready.
    gpio_error: message of a ``GpioException`` raised by the constructor.
    hang: time-based reads never return (an old libhx711 spun on DOUT inside
        ``getValues(timeout)``); only for tests that run the fake in a child process.
    hang_after: like ``hang``, but only once this many words were read.
    start_delay_s: ``connect()`` (so the constructor) takes this much longer, in
        real seconds: a slow CPU's start-up (tests of the reader's start grace).
    hold_gil: waits keep the GIL (like the real binding).
    clock/sleep: time source; default real time.
    """

    def __init__(
        self,
        words: Iterable[int | BaseException] = (),
        *,
        endless_word: int | None = None,
        noise: int = 0,
        sps: float = 10.0,
        unplugged: bool = False,
        gpio_error: str | None = None,
        hang: bool = False,
        hang_after: int | None = None,
        start_delay_s: float = 0.0,
        hold_gil: bool = False,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self._lock = threading.Lock()
        self._queue: deque[int | BaseException] = deque(words)
        self.endless_word = endless_word
        self.noise = noise
        self.period_s = 1.0 / sps
        self.unplugged = unplugged
        self.gpio_error = gpio_error
        self.hang = hang
        self.hang_after = hang_after
        self.start_delay_s = start_delay_s
        self.words_read = 0
        self.hold_gil = hold_gil
        self.clock: Callable[[], float] = clock or time.monotonic
        self._sleep = sleep or time.sleep
        self._libc = _pydll_libc() if hold_gil else None
        self._t0 = self.clock()          # power-on; conversion k completes at t0 + k * period
        self._last_idx = 0               # index of the last conversion read (or discarded)
        self._n = 0
        #: every library call as (name, args); see ``sample_count_calls``.
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.connected = 0
        self.disconnected = 0

    # -- scripting
    def feed(self, *words: int | BaseException) -> None:
        """Queue more conversion results (thread-safe)."""
        with self._lock:
            self._queue.extend(words)

    @property
    def queued(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def sample_count_calls(self) -> list[tuple[str, tuple[Any, ...]]]:
        """Calls that read a number of samples (these hang forever on real hardware when DOUT stays high)."""
        return [c for c in self.calls if c[0].endswith("[samples]")]

    # -- chip model
    def _record(self, name: str, *args: Any) -> None:
        with self._lock:
            self.calls.append((name, args))

    def _has_word(self) -> bool:
        return bool(self._queue) or self.endless_word is not None

    def _idx(self) -> int:
        return int((self.clock() - self._t0) / self.period_s + 1e-6)   # tolerate float rounding

    def is_ready(self) -> bool:
        """DOUT low: a conversion finished since the last read (an unread one is overwritten, as on the chip)."""
        with self._lock:
            return (not self.unplugged) and self._has_word() and self._idx() > self._last_idx

    def discard(self) -> None:
        """The library's own unchecked read in setConfig(): takes the current conversion, not a scripted word."""
        with self._lock:
            self._last_idx = self._idx()

    def read_word(self) -> int:
        """One conversion result (unchecked, like readValue()); -1 when nothing is ready."""
        with self._lock:
            idx = self._idx()
            if self.unplugged or not self._has_word() or idx <= self._last_idx:
                return -1  # all ones: DOUT high while clocking
            self._last_idx = idx
            if self._queue:
                item = self._queue.popleft()
            else:
                assert self.endless_word is not None
                self._n += 1
                tri = (self._n % 4) - 2 if self.noise else 0
                item = self.endless_word + tri * self.noise // 2
        if isinstance(item, BaseException):
            raise item
        return item

    def wait(self, dt_s: float) -> None:
        """Pass time the way the library does (GIL held when ``hold_gil``)."""
        if dt_s <= 0:
            return
        if self._libc is not None:
            self._libc.usleep(int(dt_s * 1e6))
        else:
            self._sleep(dt_s)

    def next_ready_in(self) -> float:
        with self._lock:
            return max(self._t0 + (self._last_idx + 1) * self.period_s - self.clock(), 0.0)

    def timed_values(self, timeout_s: float) -> list[int]:
        """Words converted within a window of ``timeout_s`` seconds starting now."""
        if self.hang or (self.hang_after is not None and self.words_read >= self.hang_after):
            while True:  # only ever used in a child process that the test kills
                self.wait(3600.0)
        end = self.clock() + timeout_s
        vals: list[int] = []
        while True:
            if self.is_ready():
                vals.append(self.read_word())
                self.words_read += 1
                continue
            now = self.clock()
            if now >= end:
                return vals
            step = end - now
            if not self.unplugged and self._has_word():
                step = min(step, max(self.next_ready_in(), 1e-4))
            self.wait(step)

    def counted_values(self, samples: int, what: str) -> list[int]:
        """Sample-count read: recorded; raises WouldHangForever when the real one would spin forever."""
        vals: list[int] = []
        for _ in range(samples):
            if self.unplugged or not self._has_word():
                raise WouldHangForever(
                    f"{what}: the real SimpleHX711 spins in while(!isReady()) forever here; "
                    "use a time-based read (Options(timedelta))")
            self.wait(self.next_ready_in())
            vals.append(self.read_word())
        return vals


def _pydll_libc() -> Any:
    try:
        return ctypes.PyDLL("libc.so.6")
    except OSError:  # not glibc Linux: fall back to a GIL-releasing sleep
        return None


#: The chip every SimpleHX711 of this module talks to (replace with configure()).
chip = FakeChip()


def configure(**kwargs: Any) -> FakeChip:
    """Replace the module's chip with ``FakeChip(**kwargs)`` and return it."""
    global chip
    chip = FakeChip(**kwargs)
    return chip


# ---------------------------------------------------------------- the classes of the binding

class HX711:
    """The low-level chip: ``HX711(dataPin, clockPin, rate=Rate.HZ_10)``; call ``connect()``."""

    def __init__(self, dataPin: Any, clockPin: Any, rate: Rate = Rate.HZ_10) -> None:  # noqa: N803
        self._data = _as_int("HX711", dataPin)
        self._clock_pin = _as_int("HX711", clockPin)
        if not isinstance(rate, Rate):
            raise _incompatible("HX711", dataPin, clockPin, rate)
        self._rate = rate
        self._channel, self._gain = Channel.A, Gain.GAIN_128
        self._strict = False
        self._delays = False
        self._format = Format.MSB
        self._chip = chip
        self._open = False

    # connection
    def connect(self) -> None:
        c = self._chip
        c._record("connect")
        if c.start_delay_s:
            time.sleep(c.start_delay_s)
        if c.gpio_error is not None:
            raise GpioException(c.gpio_error)
        self._open = True
        c.connected += 1
        self.setConfig(self._channel, self._gain)

    def disconnect(self) -> None:
        self._chip._record("disconnect")
        if self._open:
            self._open = False
            self._chip.disconnected += 1

    def __enter__(self) -> HX711:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.disconnect()

    # configuration
    def setConfig(self, c: Channel = Channel.A, g: Gain = Gain.GAIN_128) -> None:  # noqa: N802
        if (c is Channel.A and g is Gain.GAIN_32) or (c is Channel.B and g is not Gain.GAIN_32):
            raise ValueError("invalid channel and gain combination")
        self._chip._record("setConfig", c, g)
        self._channel, self._gain = c, g
        # the library: waitReady (timeout ignored), one unchecked readValue, powerDown, powerUp + settle
        self._chip.discard()
        self._chip.wait(0.4 if self._rate is Rate.HZ_10 else 0.05 if self._rate is Rate.HZ_80 else 0.0)

    def getChannel(self) -> Channel:  # noqa: N802
        return self._channel

    def getGain(self) -> Gain:  # noqa: N802
        return self._gain

    def getDataPin(self) -> int:  # noqa: N802
        return self._data

    def getClockPin(self) -> int:  # noqa: N802
        return self._clock_pin

    def setStrictTiming(self, strict: bool) -> None:  # noqa: N802
        self._strict = bool(strict)

    def isStrictTiming(self) -> bool:  # noqa: N802
        return self._strict

    def useDelays(self, use: bool) -> None:  # noqa: N802
        self._delays = bool(use)

    def isUsingDelays(self) -> bool:  # noqa: N802
        return self._delays

    def getFormat(self) -> Format:  # noqa: N802
        return self._format

    def setFormat(self, bitFormat: Format) -> None:  # noqa: N802, N803
        self._format = bitFormat

    # reading
    def isReady(self) -> bool:  # noqa: N802
        # the library catches GpioException here and answers False
        return self._open and self._chip.is_ready()

    def readValue(self) -> Value:  # noqa: N802
        self._chip._record("readValue")
        if not self._open:
            raise GpioException("bad handle")
        return Value(self._chip.read_word())

    def powerDown(self) -> None:  # noqa: N802
        self._chip._record("powerDown")

    def powerUp(self) -> None:  # noqa: N802
        self._chip._record("powerUp")
        self._chip.wait(0.4 if self._rate is Rate.HZ_10 else 0.05 if self._rate is Rate.HZ_80 else 0.0)


class AbstractScale:
    """Calibration and reads; mixed into SimpleHX711/AdvancedHX711 (not constructible)."""

    def _scale_init(self, refUnit: Any, offset: Any) -> None:  # noqa: N803
        self._ref = _as_int("SimpleHX711", refUnit)
        self._offset = _as_int("SimpleHX711", offset)
        self._unit = Mass.Unit.G

    def setUnit(self, unit: _Unit) -> None:  # noqa: N802
        self._unit = unit  # only re-labels (library behaviour)

    def getUnit(self) -> _Unit:  # noqa: N802
        return self._unit

    def getReferenceUnit(self) -> Value:  # noqa: N802
        return Value(self._ref)

    def setReferenceUnit(self, refUnit: Any) -> None:  # noqa: N802, N803
        ref = _as_int("setReferenceUnit", refUnit)
        if ref == 0:
            raise ValueError("reference unit cannot be 0")
        self._ref = ref

    def getOffset(self) -> Value:  # noqa: N802
        return Value(self._offset)

    def setOffset(self, offset: Any) -> None:  # noqa: N802
        self._offset = _as_int("setOffset", offset)

    def normalise(self, v: float) -> float:
        return (v - self._offset) / self._ref

    def getValues(self, arg: Any) -> list[Value]:  # noqa: N802
        chip_: FakeChip = self._chip  # type: ignore[attr-defined]
        secs = _as_seconds(arg)
        if secs is not None:
            chip_._record("getValues[time]", secs)
            return [Value(v) for v in chip_.timed_values(secs)]
        n = _as_int("getValues", arg)
        chip_._record("getValues[samples]", n)
        if n == 0:
            raise ValueError("samples must be at least 1")
        return [Value(v) for v in chip_.counted_values(n, f"getValues({n})")]

    def _values_for(self, o: Options, what: str) -> list[int]:
        chip_: FakeChip = self._chip  # type: ignore[attr-defined]
        if o.stratType is StrategyType.Samples:
            chip_._record(f"{what}[samples]", o.samples)
            if o.samples == 0:
                raise ValueError("samples must be at least 1")
            return chip_.counted_values(o.samples, f"{what}(Options({o.samples}))")
        secs = o.timeout.total_seconds()
        chip_._record(f"{what}[time]", secs)
        return chip_.timed_values(secs)

    def _read(self, o: Options, what: str) -> float:
        vals = self._values_for(o, what)
        if not vals:
            raise RuntimeError("no samples obtained")
        return float(statistics.median(vals) if o.readType is ReadType.Median else statistics.fmean(vals))

    def read(self, o: Any = None) -> float:
        if o is None:
            o = Options()
        if not isinstance(o, Options):
            raise _incompatible("read", o)
        return self._read(o, "read")

    def zero(self, o: Any = None) -> None:
        if o is None:
            o = Options()
        if not isinstance(o, Options):
            raise _incompatible("zero", o)
        self._offset = round(self._read(o, "zero"))

    def weight(self, arg: Any = None) -> Mass:
        if arg is None:
            o = Options()
        elif isinstance(arg, Options):
            o = arg
        else:
            o = Options(arg)  # float/timedelta -> time window, int -> samples (same as the overloads)
        return Mass(self.normalise(self._read(o, "weight")), self._unit)


class SimpleHX711(HX711, AbstractScale):
    """``SimpleHX711(dataPin, clockPin, refUnit=1, offset=0, rate=Rate.HZ_10)``; connects in the constructor."""

    def __init__(self, dataPin: Any, clockPin: Any, refUnit: Any = 1, offset: Any = 0,  # noqa: N803
                 rate: Rate = Rate.HZ_10) -> None:
        HX711.__init__(self, dataPin, clockPin, rate)
        self._scale_init(refUnit, offset)
        self.connect()


class AdvancedHX711(SimpleHX711):
    """Same interface; the real one reads from a background watcher thread."""
