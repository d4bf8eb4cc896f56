"""HX711 load-cell amplifier on the Pi's GPIO, through hx711-rpi-py (import name ``HX711``).

Wiring and parts: hardware/README.md. Settings: ``[sensor]`` with ``kind = "hx711"``
(:class:`waage.sensors.settings.Hx711Settings`). Five-line use::

    from waage.sensors.hx711 import Hx711Sensor
    from waage.sensors.settings import Hx711Settings
    sensor = Hx711Sensor(Hx711Settings(dout_pin=5, pd_sck_pin=6))
    sensor.start(print)        # Sample / SensorFault / SensorRecovered, from a thread of the sensor
    ...; sensor.close()

Output: ``Sample(t_s, raw, flags)`` with ``t_s`` in ``time.monotonic()`` seconds
and ``raw`` in HX711 counts (signed 24-bit). Calibration (offset,
counts_per_gram) is applied downstream in :mod:`waage.weight` on floats: the
library's own ``setReferenceUnit``/``setOffset`` accept only ints, which would
quantise counts per gram, so the library is always built with refUnit 1, offset 0.

How the library is used, and why (research/hx711.md §1.5, §5):

* **Never a sample-count read.** ``weight(n)``, ``read()``/``zero()`` with
  default ``Options()``, ``getValues(n)`` spin in ``while(!isReady())``
  without a timeout: unplug the HX711 and they never return, and Ctrl-C
  cannot stop them. Only ``getValues(timedelta)`` is called, always with a
  ``timedelta`` (a bare float would also mean seconds, an int means samples).
* **DOUT-gated short windows.** The reader polls ``isReady()`` (one GPIO read)
  every ``poll_interval_ms`` and only then opens a ``read_window_ms`` window
  (default 20 ms, at most 100 ms). The binding holds the GIL for the whole
  call, so this bounds every GIL hold to the window and keeps the CPU mostly
  idle instead of busy-waiting for the next conversion (~100 ms at 10 SPS).
* **Sampler in a separate process (default, ``sampler = "process"``).** Even
  with short windows, a thread of the UI process would still lose the GIL to
  the library for up to 100 ms per call, and a libhx711 build that spins on
  DOUT inside the time-based loop (earlier versions did) would freeze the
  display, the buttons and the watchdog forever. In a child process the
  library's busy-waits cannot touch the UI's GIL at all, key presses are
  answered at once, and a reader that sends nothing (not even a heartbeat)
  for ``hang_timeout_s`` is killed (SIGKILL works where SIGINT does not) and
  restarted. Its start-up (the child's interpreter, its imports, and opening
  the chip, which includes the library's 0.4 s settling at 10 SPS) is no hang:
  until the reader says it has opened the chip the limit is ``start_grace_s``
  (default 10 s; measured here 0.3-0.9 s, so a CPU eight times slower still
  starts with room to spare), and again for every re-opening after a GPIO error.
  Costs: one extra Python process (~15-20 MB) and ~1 s start-up.
  ``sampler = "thread"`` runs the same loop in a thread (each library call
  ≤ ``read_window_ms``, no hang protection); the tests use it with the fake
  module injected through ``sys.modules``. Measured with the GIL-holding fake
  (``waage bench``, HX711 reader section, waage/bench/hardware.py; x86): worst input latency 1-3 ms
  with the process sampler, 20-25 ms with the thread sampler at 20 ms
  windows, ~100 ms at 100 ms windows.
* **Corrupt words are flagged, not dropped** (research §2.1, §2.2): a word
  ending in ≥ ``suspect_trailing_ones`` one-bits (the chip powered down
  mid-read, DOUT read high), -1, or ``stuck_samples`` identical words get
  ``FLAG_SUSPECT``; the rails 0x7FFFFF / -0x800000 get ``FLAG_SATURATED``
  (0x7FFFFF also ``FLAG_SUSPECT``: 23 trailing ones). ``Value.isMinSaturated``
  is not used (library bug: never true).
* **Faults.** ``GpioException`` (kind ``gpio``), a library/settings rejection
  (``config``), no trustworthy sample for ``silence_s`` (``no_samples``; a
  ``RuntimeError("no samples obtained")`` or an empty window only counts
  toward this, since a window shorter than a conversion period is routinely
  empty), only corrupt words for ``silence_s`` (``corrupt``), identical words
  (``stuck``), and a dead or hung reader process (``stalled``) become one
  ``SensorFault(t_s, kind, detail)`` each, with a detail a person can act on;
  the first trustworthy sample afterwards is preceded by ``SensorRecovered``.
"""

from __future__ import annotations

import glob
import importlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from datetime import timedelta
from types import ModuleType
from typing import Any, Callable, Mapping

from waage.errors import DeviceUnavailable
from waage.sensors.base import SampleSink
from waage.sensors.settings import Hx711Settings
from waage.weight.events import FLAG_SATURATED, FLAG_SUSPECT, Sample, SensorFault, SensorRecovered

__all__ = ["Hx711Sensor", "Hx711Unavailable", "load_hx711_module", "word_flags", "trailing_ones",
           "BCM_TO_HEADER_PIN"]

log = logging.getLogger(__name__)

#: 40-pin header: BCM GPIO number -> physical pin number.
BCM_TO_HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32,
    16: 36, 20: 38, 21: 40,
}

SATURATION_MAX = 0x7FFFFF
SATURATION_MIN = -0x800000
_ALIVE_EVERY_S = 0.1   # heartbeat of the reader while DOUT is high


class Hx711Unavailable(DeviceUnavailable, ImportError):
    """The ``HX711`` module (PyPI ``hx711-rpi-py``) cannot be imported; the message says how to install it."""


def load_hx711_module(name: str = "HX711") -> ModuleType:
    """Import the hx711-rpi-py module (or a test double registered under ``name``).

    Raises Hx711Unavailable naming the ``pi`` extra when it is missing or is the
    unrelated lowercase ``hx711`` package.
    """
    try:
        mod = importlib.import_module(name)
    except ImportError as exc:
        raise Hx711Unavailable(
            f"The HX711 library (import name {name!r}, PyPI package hx711-rpi-py) is not available: {exc}. "
            "It builds only on a Raspberry Pi: install liblgpio and libhx711, run `sudo ldconfig`, then "
            "install waage with the `pi` extra (pip install '.[pi]'); see docs/raspberry-pi.md. "
            'On other computers use [sensor] kind = "fake".') from exc
    if not hasattr(mod, "SimpleHX711"):
        raise Hx711Unavailable(
            f"Module {name!r} ({getattr(mod, '__file__', '?')}) has no SimpleHX711: this is not hx711-rpi-py "
            "(the PyPI package `hx711` is a different library). pip uninstall it and install waage's `pi` extra.")
    return mod


def trailing_ones(word24: int) -> int:
    """Number of trailing one-bits of a 24-bit word (0..24)."""
    w = word24 & 0xFFFFFF
    return ((w ^ (w + 1)).bit_length() - 1) if w != 0xFFFFFF else 24


def word_flags(raw: int, suspect_trailing_ones: int = 12) -> int:
    """Sample.flags for one signed 24-bit HX711 word.

    FLAG_SATURATED: raw at a rail (0x7FFFFF or -0x800000). FLAG_SUSPECT: the
    word ends in at least ``suspect_trailing_ones`` one-bits (includes -1 =
    all ones and 0x7FFFFF), the signature of DOUT read high mid-word.
    """
    flags = 0
    if raw >= SATURATION_MAX or raw <= SATURATION_MIN:
        flags |= FLAG_SATURATED
    if trailing_ones(raw) >= suspect_trailing_ones:
        flags |= FLAG_SUSPECT
    return flags


def _pin(bcm: int) -> str:
    phys = BCM_TO_HEADER_PIN.get(bcm)
    return f"BCM {bcm} (header pin {phys})" if phys else f"BCM {bcm}"


def _gpiochips() -> str:
    chips = sorted(os.path.basename(p) for p in glob.glob("/dev/gpiochip*"))
    return ", ".join(chips) if chips else "none"


def _detail(kind: str, s: Hx711Settings, message: str = "", extra: Any = None) -> str:
    dout, sck = _pin(s.dout_pin), _pin(s.pd_sck_pin)
    if kind == "gpio":
        return (f"Cannot use the GPIO lines of the HX711 (DOUT {dout}, SCK {sck}): {message}. "
                "Check that the service user is in the 'gpio' group, that /dev/gpiochip0 exists "
                f"(found: {_gpiochips()}; see docs/raspberry-pi.md for the Pi 5), that no other program "
                "uses these pins, and dout_pin/pd_sck_pin in [sensor].")
    if kind == "config":
        return f"The HX711 library rejected the settings: {message}. Check [sensor] in the config file."
    if kind == "no_samples":
        why = f" (library: {message})" if message else ""
        return (f"No reading from the HX711 for {s.silence_s:g} s{why}: DOUT never signalled a conversion. "
                f"Check the HX711's VCC and GND, the DOUT wire to {dout} and the SCK wire to {sck}, "
                "and dout_pin/pd_sck_pin in [sensor].")
    if kind == "corrupt":
        return (f"Every HX711 word for {s.silence_s:g} s was corrupt or saturated (all ones, -1, rail values). "
                f"Check the SCK wire to {sck} and DOUT to {dout} (short wires, good GND), power the HX711 "
                "from 3.3 V, reduce other CPU load; if something presses hard on the platform, lift it.")
    if kind == "library":
        return (f"The HX711 library failed while opening the chip ({message}). Check the HX711's power and "
                f"wiring (DOUT {dout}, SCK {sck}); it is retried every {s.reconnect_s:g} s.")
    if kind == "stuck":
        return (f"The HX711 returned the same word {extra} {s.stuck_samples} times in a row: DOUT is not "
                f"connected to a working chip. Check DOUT {dout} and SCK {sck} (swapped?), the HX711's "
                "power; on a Pi 5 check that the library opens the header's gpiochip (docs/raspberry-pi.md).")
    if kind == "stalled":
        return (f"The HX711 reader process {message}; it is being restarted. If this repeats, check the "
                f"HX711's power and the DOUT wire to {dout}.")
    return message


class _Supervisor:
    """Turns reader messages into Samples, flags, faults and recoveries (pure logic, no threads).

    Messages (tuples, so they pickle cheaply from the reader process):
    ``("opening", t)`` (about to open the chip), ``("connected", t)``,
    ``("words", t_ready, [raw, ...])``, ``("empty", t, reason)``,
    ``("error", t, kind, message)``, ``("alive", t)``. ``tick(now)`` checks for silence.
    """

    def __init__(self, settings: Hx711Settings, sink: SampleSink) -> None:
        self._s = settings
        self._sink = sink
        self._period_s = 1.0 / settings.rate_sps
        self.fault: str | None = None
        self._armed_at: float | None = None     # silence timer base (connect time)
        self._last_good: float | None = None
        self._last_t = -math.inf
        self._bad_since_good = 0
        self._stuck_word: int | None = None
        self._stuck_run = 0
        self._reason = ""

    def _push(self, item: Sample | SensorFault | SensorRecovered) -> None:
        try:
            self._sink(item)
        except Exception:  # a broken consumer must not kill the reader
            log.exception("sensor sink raised")

    def _fault(self, t: float, kind: str, detail: str) -> None:
        if self.fault == kind:
            return
        self.fault = kind
        log.warning("HX711 fault %s: %s", kind, detail)
        self._push(SensorFault(t, kind, detail))

    def handle(self, msg: tuple[Any, ...]) -> None:
        tag, t = msg[0], msg[1]
        if tag == "words":
            self._words(t, msg[2])
        elif tag == "connected":
            self._armed_at = t
        elif tag == "empty":
            if msg[2]:
                self._reason = msg[2]
        elif tag == "error":
            self._armed_at = None   # disconnected: no silence timer until the next connect
            self._fault(t, msg[2], _detail(msg[2], self._s, msg[3]))
        self.tick(t)

    def _words(self, t_ready: float, raws: list[int]) -> None:
        s = self._s
        for i, raw in enumerate(raws):
            ts = max(t_ready + i * self._period_s, self._last_t + 1e-6)
            self._last_t = ts
            flags = word_flags(raw, s.suspect_trailing_ones)
            if flags & FLAG_SATURATED:
                self._stuck_word, self._stuck_run = None, 0
            elif raw == self._stuck_word:
                self._stuck_run += 1
            else:
                self._stuck_word, self._stuck_run = raw, 1
            if self._stuck_run >= s.stuck_samples:
                flags |= FLAG_SUSPECT
            if flags == 0:
                if self.fault is not None:
                    self.fault = None
                    log.info("HX711 recovered")
                    self._push(SensorRecovered(ts))
                self._last_good = ts
                self._bad_since_good = 0
                self._reason = ""
            else:
                self._bad_since_good += 1
            self._push(Sample(ts, float(raw), flags))
            if self._stuck_run == s.stuck_samples:
                self._fault(ts, "stuck", _detail("stuck", s, extra=f"{raw & 0xFFFFFF:#08x}"))

    def tick(self, now: float) -> None:
        """Raise a silence fault when no trustworthy sample came for ``silence_s``."""
        if self._armed_at is None:   # not connected: a gpio/stalled fault is already out
            return
        base = self._armed_at if self._last_good is None else max(self._armed_at, self._last_good)
        if now - base < self._s.silence_s:
            return
        if self._bad_since_good:
            kind = "stuck" if self._stuck_run >= self._s.stuck_samples else "corrupt"
            extra = f"{(self._stuck_word or 0) & 0xFFFFFF:#08x}"
            self._fault(now, kind, _detail(kind, self._s, extra=extra))
        else:
            self._fault(now, "no_samples", _detail("no_samples", self._s, self._reason))

    def stalled(self, now: float, what: str) -> None:
        self._armed_at = None
        self._fault(now, "stalled", _detail("stalled", self._s, what))


class _ReaderWatch:
    """When the reader process counts as hung (pure logic; times in ``time.monotonic()`` seconds).

    Until its next message after ``("opening", t)`` (interpreter start, imports,
    the library's constructor) the reader may be silent for ``start_grace_s``;
    once it runs, for ``hang_timeout_s``. ``heard(tag, now)`` records a message
    and returns True for an "opening" one; ``problem(now)`` is "" or why the
    reader must be killed.
    """

    def __init__(self, settings: Hx711Settings, now: float) -> None:
        self._s = settings
        self._last_msg = now
        self._starting = True

    def heard(self, tag: str, now: float) -> bool:
        self._last_msg = now
        self._starting = tag == "opening"
        return self._starting

    def problem(self, now: float) -> str:
        s, silent_s = self._s, now - self._last_msg
        if self._starting and silent_s > s.start_grace_s:
            return (f"did not open the HX711 within start_grace_s = {s.start_grace_s:g} s (starting "
                    "Python and the library, or stuck in the library's constructor); on a slow or busy "
                    "Pi raise start_grace_s in [sensor]")
        if not self._starting and silent_s > s.hang_timeout_s:
            return f"stopped answering for {silent_s:.1f} s (stuck inside the HX711 library)"
        return ""


def _read_loop(mod: ModuleType, s: Hx711Settings, emit: Callable[[tuple[Any, ...]], None],
               stopping: Callable[[], bool], clock: Callable[[], float],
               sleep: Callable[[float], None]) -> None:
    """The reader: open the chip, wait for DOUT, read short time windows, report everything via ``emit``.

    Runs in the reader process or thread until ``stopping()``; never calls a
    sample-count read; every library call lasts at most ``read_window_ms``
    (plus the constructor's settling wait: 400 ms at 10 SPS, 50 ms at 80 SPS).
    """
    gpio_exc: type[BaseException] = getattr(mod, "GpioException", OSError)
    soft_excs = (RuntimeError,) + tuple(
        e for e in (getattr(mod, "TimeoutException", None), getattr(mod, "IntegrityException", None)) if e)
    rate = mod.Rate.HZ_80 if s.rate_sps == 80 else mod.Rate.HZ_10
    window = timedelta(milliseconds=s.read_window_ms)
    poll_s = s.poll_interval_ms / 1000.0

    def pause(dt_s: float) -> None:   # with heartbeats: waiting to reconnect is no hang
        end = clock() + dt_s
        while not stopping() and clock() < end:
            emit(("alive", clock()))
            sleep(min(0.05, end - clock()))

    hx: Any = None
    last_msg = -math.inf
    try:
        while not stopping():
            if hx is None:
                emit(("opening", clock()))   # the constructor settles (and may block): start grace
                try:
                    hx = mod.SimpleHX711(s.dout_pin, s.pd_sck_pin, 1, 0, rate)
                    if s.gain == 64:
                        hx.setConfig(mod.Channel.A, mod.Gain.GAIN_64)
                except gpio_exc as exc:
                    hx = None
                    emit(("error", clock(), "gpio", str(exc)))
                    pause(s.reconnect_s)
                    continue
                except Exception as exc:   # ValueError/TypeError: settings; anything else: the library
                    hx = None
                    kind = "config" if isinstance(exc, (ValueError, TypeError)) else "library"
                    emit(("error", clock(), kind, f"{type(exc).__name__}: {exc}"))
                    pause(s.reconnect_s)
                    continue
                last_msg = clock()
                emit(("connected", last_msg))
                continue
            if not hx.isReady():
                now = clock()
                if now - last_msg >= _ALIVE_EVERY_S:
                    emit(("alive", now))
                    last_msg = now
                sleep(poll_s)
                continue
            t_ready = clock()
            try:
                vals = hx.getValues(window)          # time-based: returns after read_window_ms
            except gpio_exc as exc:
                emit(("error", clock(), "gpio", str(exc)))
                _disconnect(hx)
                hx = None
                pause(s.reconnect_s)
                continue
            except soft_excs as exc:
                emit(("empty", clock(), f"{type(exc).__name__}: {exc}"))
                last_msg = clock()
                continue
            raws = [int(v) for v in vals]
            emit(("words", t_ready, raws) if raws else ("empty", clock(), ""))
            last_msg = clock()
    finally:
        if hx is not None:
            _disconnect(hx)


def _disconnect(hx: Any) -> None:
    try:
        hx.disconnect()
    except Exception:  # already broken; nothing more to release
        log.debug("HX711 disconnect failed", exc_info=True)


def _child_main(settings_data: dict[str, Any], module_name: str, module_config: Mapping[str, Any] | None,
                conn: Any, stop: Any) -> None:
    """Entry point of the reader process: runs ``_read_loop`` and sends its messages through ``conn``."""
    # Ctrl-C and systemd's SIGTERM are the parent's business: it stops this process through `stop`
    # (or SIGKILL); the reader also ends when the parent disappears.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    s = Hx711Settings.model_validate(settings_data)
    try:
        mod = load_hx711_module(module_name)
    except Hx711Unavailable as exc:
        conn.send(("error", time.monotonic(), "config", str(exc)))
        return
    if module_config:
        mod.configure(**module_config)   # test doubles only
    parent = os.getppid()

    def emit(msg: tuple[Any, ...]) -> None:
        try:
            conn.send(msg)
        except (BrokenPipeError, EOFError, OSError):
            raise SystemExit(0) from None   # parent gone

    def stopping() -> bool:
        return stop.is_set() or os.getppid() != parent

    _read_loop(mod, s, emit, stopping, time.monotonic, time.sleep)


class Hx711Sensor:
    """HX711 sensor (Sensor protocol): samples raw counts in a reader process or thread.

    settings: ``[sensor]`` settings; uses the HX711 keys.
    module: import name of the library; ``"HX711"`` on the Pi. Tests register
        :mod:`waage.doubles.fake_hx711` in ``sys.modules`` under that name
        (thread sampler) or pass ``"waage.doubles.fake_hx711"`` (process sampler).
    module_config: keyword arguments for ``module.configure()`` in the reader
        process (test doubles only).
    clock, sleep: time source of the thread sampler (seconds); the process
        sampler always uses ``time.monotonic`` (system-wide, so timestamps of
        both processes agree).

    Raises Hx711Unavailable (an ImportError) at construction when the library
    is missing. ``start(sink)`` calls ``sink`` from a thread of the sensor;
    keep it quick (e.g. put into a queue). ``close()`` is idempotent.
    """

    def __init__(self, settings: Hx711Settings, *, module: str = "HX711",
                 module_config: Mapping[str, Any] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.settings = settings
        self.sample_rate_hz: float = float(settings.rate_sps)
        self._module_name = module
        self._module_config = dict(module_config) if module_config else None
        self._mod = load_hx711_module(module)     # fail early with an actionable message
        self._clock = clock
        self._sleep = sleep
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._proc: Any = None
        self._conn: Any = None
        self._child_stop: Any = None
        self._lock = threading.Lock()
        #: how often the reader began to open the chip (first start and every reconnect), for logs and tests
        self.open_attempts = 0

    # ------------------------------------------------------------------ public
    def start(self, sink: SampleSink) -> None:
        """Begin delivering Sample / SensorFault / SensorRecovered to ``sink``.

        Raises RuntimeError when already started or closed.
        """
        if self._thread is not None or self._stop.is_set():
            raise RuntimeError("Hx711Sensor.start() may be called once")
        sup = _Supervisor(self.settings, sink)
        target = self._run_thread if self.settings.sampler == "thread" else self._run_process
        self._thread = threading.Thread(target=target, args=(sup,), name="hx711-reader", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop sampling and release the GPIO lines (joins the reader; kills a hung reader process)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5.0)
        self._kill_child()

    def __enter__(self) -> Hx711Sensor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ thread sampler
    def _run_thread(self, sup: _Supervisor) -> None:
        def emit(msg: tuple[Any, ...]) -> None:
            self.open_attempts += msg[0] == "opening"
            sup.handle(msg)

        try:
            _read_loop(self._mod, self.settings, emit, self._stop.is_set, self._clock, self._sleep)
        except Exception as exc:   # a library surprise: report, do not die silently
            log.exception("HX711 reader thread failed")
            sup.stalled(self._clock(), f"thread failed ({type(exc).__name__}: {exc})")

    # ------------------------------------------------------------------ process sampler
    def _spawn(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        recv, send = ctx.Pipe(duplex=False)
        stop = ctx.Event()
        proc = ctx.Process(target=_child_main, name="waage-hx711",
                           args=(self.settings.model_dump(), self._module_name, self._module_config, send, stop),
                           daemon=True)
        proc.start()
        send.close()   # the child holds the only write end: EOF when it dies
        with self._lock:
            self._proc, self._conn, self._child_stop = proc, recv, stop

    def _kill_child(self) -> None:
        with self._lock:
            proc, conn, stop = self._proc, self._conn, self._child_stop
            self._proc = self._conn = self._child_stop = None
        if proc is None:
            return
        stop.set()
        proc.join(timeout=0.5)     # the reader checks `stop` at least every read_window_ms (<= 100 ms)
        if proc.is_alive():
            proc.kill()            # a library call busy-waiting on DOUT ignores everything else
            proc.join(timeout=2.0)
        conn.close()

    def _run_process(self, sup: _Supervisor) -> None:
        try:
            self._supervise_process(sup)
        except Exception as exc:   # e.g. the reader process cannot be started at all
            log.exception("HX711 reader supervisor failed")
            sup.stalled(time.monotonic(), f"could not be run ({type(exc).__name__}: {exc})")
            self._kill_child()

    def _supervise_process(self, sup: _Supervisor) -> None:
        s = self.settings
        clock = time.monotonic
        while not self._stop.is_set():
            self._spawn()
            conn, proc = self._conn, self._proc
            watch = _ReaderWatch(s, clock())
            problem = ""
            while not self._stop.is_set():
                try:
                    ready = conn.poll(0.05)
                    msg = conn.recv() if ready else None
                except (EOFError, OSError):
                    proc.join(timeout=1.0)
                    problem = f"exited (exit code {proc.exitcode})"
                    break
                now = clock()
                if msg is not None:
                    self.open_attempts += watch.heard(msg[0], now)
                    sup.handle(msg)
                    continue
                sup.tick(now)
                problem = watch.problem(now)
                if problem:
                    break
            if self._stop.is_set():
                break
            sup.stalled(clock(), problem)
            self._kill_child()
            self._stop.wait(min(s.reconnect_s, 1.0))
        self._kill_child()
