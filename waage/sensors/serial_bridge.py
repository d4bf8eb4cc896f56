"""The serial bridge sensor: HX711 samples from a microcontroller over USB serial.

A Raspberry Pi Pico (``firmware_bridge/``) reads the HX711 with exact timing
and streams protocol-v1 frames (:mod:`waage.sensors.protocol`). This module is
the host side: one reader thread opens the port, does the PING/HELLO
handshake, turns SAMPLE frames into :class:`~waage.weight.events.Sample`
objects and reports link trouble as ``SensorFault`` / ``SensorRecovered``.

Example::

    from waage.sensors.serial_bridge import SerialBridgeSensor
    sensor = SerialBridgeSensor(settings.sensor)   # .port, .baudrate
    sensor.start(print)                            # Sample / SensorFault / SensorRecovered
    ...
    sensor.close()

Events (all ``t_s`` in sensor-clock seconds, from the board's ``t_ms``):

=====================  =====================================================
``SensorFault`` kind   when
=====================  =====================================================
``disconnected``       the port cannot be opened or the link broke; retried
                       with capped exponential back-off (0.5 s .. 8 s)
``no_hello``           the port opened but no HELLO came within 3 s
``protocol``           a HELLO (any, not only the first) announced a protocol
                       version other than 1; the link is closed and retried
``stalled``            no SAMPLE for 0.5 s while the link is up
``restarted``          the board rebooted (new boot_id, seq or t_ms went
                       back); followed by ``SensorRecovered`` at the first
                       sample of the new boot, which tells the pipeline to
                       re-baseline. No weight event is made from the jump.
``rate_changed``       a HELLO of the running boot announced another rate
                       than the samples so far had (the board measured its
                       RATE pin); ``SensorRecovered`` follows at the next
                       sample: consumers re-build their pipeline at the new
                       ``sample_rate_hz``
``hx711_not_ready``,   a FAULT frame from the board (codes 1, 2, 3)
``clock_overrun``,
``board_fault``
=====================  =====================================================

A fault is reported once per change of kind; ``SensorRecovered`` follows at
the first good sample after any fault. A fault's ``t_s`` is the ``t_s`` of the
last sample before it, so it never runs ahead of the samples that follow.

``sample_rate_hz`` starts at the configured ``rate_sps`` and follows the HELLO:
it is right before the first sample is delivered (samples before the
handshake are discarded), so a pipeline built at the first sample, or one
re-built at each ``SensorRecovered``, uses the board's real rate.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Protocol

import serial

from waage.sensors.base import SampleSink
from waage.sensors.protocol import (
    FAULT_CLOCK_OVERRUN,
    FAULT_NOT_READY,
    PROTOCOL_VERSION,
    TYPE_FAULT,
    TYPE_HELLO,
    TYPE_LOG,
    TYPE_SAMPLE,
    VALID_GAINS,
    Fault,
    FrameDecoder,
    Hello,
    Log,
    Message,
    Ping,
    Power,
    SampleFrame,
    SetGain,
)
from waage.weight.events import FLAG_SATURATED, FLAG_SUSPECT, Sample, SensorFault, SensorRecovered

logger = logging.getLogger(__name__)
board_logger = logging.getLogger(__name__ + ".board")

_U32 = 0x1_0000_0000
_HALF_U32 = 0x8000_0000
_RAW_MAX = 0x7FFFFF
_RAW_MIN = -0x800000

#: Defaults, from shared/docs/serial-protocol.md ("What the host must do").
PING_INTERVAL_S = 0.5
HELLO_TIMEOUT_S = 3.0
STALL_TIMEOUT_S = 0.5
#: Read timeout of the port: bounds how late a stall or close() is noticed.
READ_TIMEOUT_S = 0.05
WRITE_TIMEOUT_S = 0.5
#: Re-open back-off: 0.5, 1, 2, 4, 8, 8, ... s (a replugged board is found within 8 s).
RETRY_INITIAL_S = 0.5
RETRY_MAX_S = 8.0


class SerialLinkSettings(Protocol):
    """What the sensor reads from the ``[sensor]`` settings (``SensorSettings``).

    Optional, with these defaults when absent: ``rate_sps`` 10, ``gain`` 128,
    ``silence_s`` (the stall timeout) 0.5.
    """

    port: str
    baudrate: int


SerialFactory = Callable[..., Any]
"""``factory(port, baudrate=..., timeout=..., write_timeout=...)`` -> an open pyserial-like port."""


@dataclass(frozen=True, slots=True)
class BridgeStats:
    """Counters since ``start()`` (snapshot; all plain ints).

    samples: Sample objects delivered. dropped: samples missing by seq gap.
    duplicates: samples with a repeated seq (ignored). crc_errors, resyncs,
    bytes_discarded, unknown_frames, malformed_frames: from the frame decoder.
    restarts: board reboots seen. board_faults: FAULT frames received.
    stalls: ``stalled`` faults raised. connects: successful handshakes.
    open_failures: failed opens / lost links / handshakes that gave up.
    """

    samples: int = 0
    dropped: int = 0
    duplicates: int = 0
    crc_errors: int = 0
    resyncs: int = 0
    bytes_discarded: int = 0
    unknown_frames: int = 0
    malformed_frames: int = 0
    restarts: int = 0
    board_faults: int = 0
    stalls: int = 0
    connects: int = 0
    open_failures: int = 0


class _SessionEnd(Exception):
    """Internal: the current connection is given up (the reason was already reported)."""


class SerialBridgeSensor:
    """Sensor reading the ``firmware_bridge`` board over serial (protocol v1).

    Args:
        settings: object with ``port`` (device path or pyserial URL such as
            ``/dev/ttyACM0``, ``loop://``) and ``baudrate`` (115200).
        serial_factory: opens the port; default ``serial.serial_for_url``.
        clock: monotonic host clock in seconds (handshake, stall timing).
        sleep: back-off wait, ``sleep(seconds)``; default waits on the stop
            event so ``close()`` interrupts it.
        ping_interval_s, hello_timeout_s, stall_timeout_s, read_timeout_s,
        retry_initial_s, retry_max_s: timing, defaults from the protocol page.

    Attributes:
        sample_rate_hz: nominal SPS: the configured ``rate_sps`` until a HELLO
            reports the board's rate.
        gain: the HX711 gain the board is asked for (128, 64: channel A;
            32: channel B), from the settings' ``gain``; sent with SET_GAIN at
            every connect and after every board restart.

    ``start()`` never raises for hardware trouble: a missing port, an unplugged
    board or a wrong firmware become ``SensorFault`` events while the thread
    keeps retrying, so the application keeps running and can say so on screen.
    """

    def __init__(
        self,
        settings: SerialLinkSettings,
        *,
        serial_factory: SerialFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] | None = None,
        ping_interval_s: float = PING_INTERVAL_S,
        hello_timeout_s: float = HELLO_TIMEOUT_S,
        stall_timeout_s: float | None = None,
        read_timeout_s: float = READ_TIMEOUT_S,
        retry_initial_s: float = RETRY_INITIAL_S,
        retry_max_s: float = RETRY_MAX_S,
    ) -> None:
        self.port: str = settings.port
        self.baudrate: int = settings.baudrate
        self.sample_rate_hz: float = float(getattr(settings, "rate_sps", 10))
        self._factory: SerialFactory = serial_factory or serial.serial_for_url
        self._clock = clock
        self._stop = threading.Event()
        self._sleep: Callable[[float], None] = sleep or (lambda s: self._stop.wait(s) and None)
        self._ping_interval_s = ping_interval_s
        self._hello_timeout_s = hello_timeout_s
        if stall_timeout_s is None:
            stall_timeout_s = float(getattr(settings, "silence_s", STALL_TIMEOUT_S))
        self._stall_timeout_s = stall_timeout_s
        self._read_timeout_s = read_timeout_s
        self._retry_initial_s = retry_initial_s
        self._retry_max_s = retry_max_s

        self._sink: SampleSink | None = None
        self._thread: threading.Thread | None = None
        self._ser: Any = None
        self._write_lock = threading.Lock()
        self._connected = threading.Event()
        self._decoder = FrameDecoder(accept_types=frozenset({TYPE_HELLO, TYPE_SAMPLE, TYPE_FAULT, TYPE_LOG}))
        self._stats = BridgeStats()
        self._hello: Hello | None = None
        self._fault_kind: str | None = None
        # Desired board state (re-applied after a reconnect or reboot).
        self._gain = int(getattr(settings, "gain", 128))
        if self._gain not in VALID_GAINS:
            raise ValueError(f"gain must be one of {VALID_GAINS}, got {self._gain}")
        self._power_on = True
        # Per-boot sample state.
        self._boot_id: int | None = None
        self._last_seq: int | None = None
        self._last_t_ms: int | None = None
        self._unwrapped_ms = 0
        self._base_s = 0.0
        # Last delivered sample, for monotonic t_s and fault timestamps.
        self._last_t_s: float | None = None
        self._last_sample_host_s = 0.0
        # The rate the samples delivered so far of this boot were taken at (None: none yet).
        self._delivered_rate_hz: float | None = None

    # ------------------------------------------------------------------ API

    @property
    def stats(self) -> BridgeStats:
        """A snapshot of the counters (see :class:`BridgeStats`)."""
        d = self._decoder
        return replace(
            self._stats,
            crc_errors=d.crc_errors,
            resyncs=d.resyncs,
            bytes_discarded=d.bytes_discarded,
            unknown_frames=d.unknown_types,
            malformed_frames=d.malformed,
        )

    @property
    def hello(self) -> Hello | None:
        """The latest HELLO from the board (firmware version, boot_id, rate), or None."""
        return self._hello

    @property
    def gain(self) -> int:
        """The HX711 gain asked of the board: 128 or 64 (channel A), 32 (channel B)."""
        return self._gain

    @property
    def connected(self) -> bool:
        """True while a handshaken link is up."""
        return self._connected.is_set()

    def wait_connected(self, timeout_s: float) -> bool:
        """Block up to ``timeout_s`` seconds for the handshake; True when connected."""
        return self._connected.wait(timeout_s)

    def start(self, sink: SampleSink) -> None:
        """Start the reader thread delivering events to ``sink`` (called from that thread).

        Raises:
            RuntimeError: already started.
        """
        if self._thread is not None:
            raise RuntimeError("SerialBridgeSensor already started")
        self._sink = sink
        self._thread = threading.Thread(target=self._run, name="waage-serial-bridge", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the reader thread and close the port (idempotent; waits up to 2 s)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    def set_gain(self, gain: int) -> bool:
        """Ask the board for HX711 gain 128 or 64 (channel A) or 32 (channel B).

        The choice is remembered and re-sent after a reconnect or board reboot.
        Returns True if the command was written now, False if the link is down.

        Raises:
            ValueError: gain not in (128, 64, 32).
        """
        if gain not in VALID_GAINS:
            raise ValueError(f"gain must be one of {VALID_GAINS}, got {gain}")
        self._gain = gain
        return self._send_now(SetGain(gain))

    def set_power(self, on: bool) -> bool:
        """Power the HX711 up (True) or down (False); remembered across reconnects.

        While powered down no ``stalled`` fault is raised. Returns True if the
        command was written now, False if the link is down.
        """
        self._power_on = bool(on)
        self._last_sample_host_s = self._clock()
        return self._send_now(Power(bool(on)))

    # ------------------------------------------------------------ internals

    def _send_now(self, msg: Message) -> bool:
        if not self._connected.is_set():
            return False
        try:
            self._write(msg)
        except (serial.SerialException, OSError) as exc:
            logger.warning("could not send %s to %s: %s", type(msg).__name__, self.port, exc)
            return False
        return True

    def _write(self, msg: Message) -> None:
        with self._write_lock:
            ser = self._ser
            if ser is None:
                raise serial.SerialException("port not open")
            ser.write(msg.encode())

    def _emit(self, event: Sample | SensorFault | SensorRecovered) -> None:
        assert self._sink is not None
        try:
            self._sink(event)
        except Exception:  # a broken consumer must not kill the reader thread
            logger.exception("sensor sink raised on %r", event)

    def _sensor_now_s(self) -> float:
        """The time stamp of a fault: the last sample's ``t_s`` (0.0 before any).

        Never an estimate from the host clock: USB delivers in bursts, and the
        samples after the fault must not come out earlier than the fault.
        """
        return 0.0 if self._last_t_s is None else self._last_t_s

    def _fault(self, kind: str, detail: str) -> None:
        if kind == self._fault_kind:
            return
        self._fault_kind = kind
        logger.warning("serial bridge fault %s: %s", kind, detail)
        self._emit(SensorFault(t_s=self._sensor_now_s(), kind=kind, detail=detail))

    def _count(self, **inc: int) -> None:
        self._stats = replace(self._stats, **{k: getattr(self._stats, k) + v for k, v in inc.items()})

    def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            try:
                ser = self._factory(
                    self.port,
                    baudrate=self.baudrate,
                    timeout=self._read_timeout_s,
                    write_timeout=WRITE_TIMEOUT_S,
                )
            except (serial.SerialException, OSError, ValueError) as exc:
                self._count(open_failures=1)
                self._fault(
                    "disconnected",
                    f"Cannot open the scale's serial port {self.port} ({exc}). Check that the bridge "
                    f"board is plugged in by USB, that [sensor] port names it (ls /dev/ttyACM*), and "
                    f"that this user may use it (group 'dialout'). Retrying.",
                )
            else:
                with self._write_lock:
                    self._ser = ser
                connects_before = self._stats.connects
                try:
                    self._session(ser)
                except (serial.SerialException, OSError) as exc:
                    self._count(open_failures=1)
                    if not self._stop.is_set():
                        self._fault(
                            "disconnected",
                            f"Lost the scale's serial port {self.port} ({exc}). Check the USB cable "
                            f"and the bridge board's power. Retrying.",
                        )
                except _SessionEnd:
                    self._count(open_failures=1)
                except Exception as exc:  # never let the reader thread die: log, report, retry
                    logger.exception("serial bridge reader failed on %s", self.port)
                    self._count(open_failures=1)
                    self._fault(
                        "disconnected",
                        f"The serial link on {self.port} failed unexpectedly ({exc!r}); see the log. "
                        f"Retrying.",
                    )
                finally:
                    self._connected.clear()
                    with self._write_lock:
                        self._ser = None
                    try:
                        ser.close()
                    except (serial.SerialException, OSError):  # pragma: no cover - already gone
                        pass
                if self._stats.connects > connects_before:
                    attempt = 0  # the link worked: start the back-off from the beginning
            if self._stop.is_set():
                break
            delay = min(self._retry_initial_s * (2**attempt), self._retry_max_s)
            attempt += 1
            logger.debug("re-opening %s in %.2f s", self.port, delay)
            self._sleep(delay)

    def _read(self, ser: Any) -> bytes:
        waiting = ser.in_waiting
        return bytes(ser.read(waiting if waiting > 0 else 1))

    def _session(self, ser: Any) -> None:
        """Handshake, then read until stopped.

        Raises serial.SerialException/OSError when the link breaks and
        _SessionEnd when the board is unusable (no HELLO, wrong protocol).
        """
        ser.reset_input_buffer()
        self._decoder.reset()
        # Opening may reset the board (DTR); PING until HELLO, up to hello_timeout_s.
        deadline = self._clock() + self._hello_timeout_s
        next_ping = self._clock()
        hello: Hello | None = None
        pending: list[Message] = []
        while hello is None:
            if self._stop.is_set():
                return
            now = self._clock()
            if now >= deadline:
                self._fault(
                    "no_hello",
                    f"The device on {self.port} does not answer PING with HELLO within "
                    f"{self._hello_timeout_s:g} s. Is the waage bridge firmware (firmware_bridge/) "
                    f"flashed, and is this the right port? Retrying.",
                )
                raise _SessionEnd
            if now >= next_ping:
                self._write(Ping())
                next_ping = now + self._ping_interval_s
            for msg in self._decoder.feed(self._read(ser)):
                if hello is None and isinstance(msg, Hello):
                    hello = msg
                elif hello is not None:
                    pending.append(msg)  # frames right behind the HELLO
                elif isinstance(msg, Log):
                    self._on_log(msg)
                # samples before the handshake are discarded: boot unknown
        self._on_hello(hello)
        self._count(connects=1)
        self._reapply_settings()
        logger.info(
            "serial bridge on %s: firmware %s, boot_id %08x, %d SPS",
            self.port, ".".join(map(str, hello.fw)), hello.boot_id, hello.rate_sps,
        )
        self._last_sample_host_s = self._clock()
        self._connected.set()
        for msg in pending:
            self._dispatch(msg)
        while not self._stop.is_set():
            for msg in self._decoder.feed(self._read(ser)):
                self._dispatch(msg)
            self._check_stall()

    def _check_stall(self) -> None:
        silent_s = self._clock() - self._last_sample_host_s
        if not self._power_on or self._fault_kind in ("stalled", "hx711_not_ready"):
            return
        if silent_s > self._stall_timeout_s:
            self._count(stalls=1)
            self._fault(
                "stalled",
                f"No samples from the bridge board on {self.port} for over "
                f"{self._stall_timeout_s:g} s (the link is up). Check the HX711 wiring to the board.",
            )

    def _dispatch(self, msg: Message) -> None:
        if isinstance(msg, SampleFrame):
            self._on_sample(msg)
        elif isinstance(msg, Hello):
            self._on_hello(msg)
        elif isinstance(msg, Fault):
            self._on_board_fault(msg)
        elif isinstance(msg, Log):
            self._on_log(msg)

    def _on_log(self, msg: Log) -> None:
        board_logger.info("%s: %s", self.port, msg.text)

    def _on_hello(self, hello: Hello) -> None:
        """Every HELLO (handshake, PING answer, heartbeat, reboot): version, boot, rate.

        Raises _SessionEnd when the protocol version is not ours (the link is
        closed, reported as ``protocol`` and retried).
        """
        self._hello = hello
        if hello.proto != PROTOCOL_VERSION:
            self._fault(
                "protocol",
                f"The bridge board on {self.port} speaks protocol version {hello.proto} (firmware "
                f"{'.'.join(map(str, hello.fw))}); this program speaks version {PROTOCOL_VERSION}. "
                f"Flash the firmware from this program's firmware_bridge/ folder (or update waage).",
            )
            raise _SessionEnd
        restarted = self._boot_id is not None and hello.boot_id != self._boot_id
        if restarted:
            self._restart(f"new boot_id {hello.boot_id:08x} (was {self._boot_id:08x})")
        self._boot_id = hello.boot_id
        if hello.rate_sps in (10, 80) and float(hello.rate_sps) != self.sample_rate_hz:
            old = self.sample_rate_hz
            self.sample_rate_hz = float(hello.rate_sps)
            logger.info("serial bridge on %s: %g SPS (was %g)", self.port, self.sample_rate_hz, old)
            if self._delivered_rate_hz is not None and not restarted:
                self._fault(
                    "rate_changed",
                    f"The bridge board on {self.port} now reports {hello.rate_sps} SPS (samples so far came "
                    f"at {old:g} SPS); re-baselining. Set [sensor] rate_sps = {hello.rate_sps} to match "
                    f"the HX711's RATE pin.",
                )

    def _restart(self, why: str) -> None:
        """The board rebooted: forget the per-boot state; the next sample re-baselines."""
        self._count(restarts=1)
        self._last_seq = None
        self._last_t_ms = None
        self._delivered_rate_hz = None
        logger.info("serial bridge on %s restarted: %s", self.port, why)
        self._fault(
            "restarted",
            f"The bridge board on {self.port} restarted ({why}); re-baselining, nothing is judged "
            f"until samples flow again.",
        )
        if self._connected.is_set():  # during a handshake _session re-applies them itself
            self._reapply_settings()

    def _reapply_settings(self) -> None:
        """Send the gain (always: the board may keep an old one across a host re-open) and a
        powered-down state after a (re)connect or a board reboot (which resets them)."""
        self._write(SetGain(self._gain))
        if not self._power_on:
            self._write(Power(False))

    def _on_board_fault(self, msg: Fault) -> None:
        self._count(board_faults=1)
        if msg.code == FAULT_NOT_READY:
            kind = "hx711_not_ready"
            detail = (
                f"The HX711 has not had data ready for {msg.detail} ms. Check its wiring to the "
                f"bridge board (DOUT, SCK, VCC, GND) and the load-cell cable."
            )
        elif msg.code == FAULT_CLOCK_OVERRUN:
            kind = "clock_overrun"
            detail = (
                f"The bridge firmware held the HX711 clock high too long ({msg.detail} overruns); "
                f"reads may be corrupt. Reflash firmware_bridge/ and report it if it persists."
            )
        else:
            kind = "board_fault"
            detail = (
                f"The bridge board reported fault code {msg.code} (detail {msg.detail}). "
                f"Unplug and replug the board; report it if it persists."
            )
        self._fault(kind, detail)

    def _on_sample(self, frame: SampleFrame) -> None:
        if self._last_seq is not None and self._last_t_ms is not None:
            dseq = (frame.seq - self._last_seq) % _U32
            dt_ms = (frame.t_ms - self._last_t_ms) % _U32
            if dseq == 0:
                self._count(duplicates=1)
                return
            if dseq >= _HALF_U32 or dt_ms >= _HALF_U32:
                self._restart(f"seq {self._last_seq}->{frame.seq}, t_ms {self._last_t_ms}->{frame.t_ms}")
            elif dseq > 1:
                self._count(dropped=dseq - 1)
                logger.debug("serial bridge: %d samples dropped before seq %d", dseq - 1, frame.seq)
        now_host = self._clock()
        if self._last_t_ms is None:
            # First sample of a boot (or ever): anchor the board clock.
            self._unwrapped_ms = frame.t_ms
            if self._last_t_s is None:
                self._base_s = 0.0  # t_s is the board's uptime
            else:
                # Continue monotonically from the previous boot's timeline.
                elapsed = max(0.0, now_host - self._last_sample_host_s)
                self._base_s = self._last_t_s + max(elapsed, 0.001) - frame.t_ms / 1000.0
        else:
            self._unwrapped_ms += (frame.t_ms - self._last_t_ms) % _U32
        self._last_seq = frame.seq
        self._last_t_ms = frame.t_ms
        t_s = self._base_s + self._unwrapped_ms / 1000.0
        flags = frame.flags & (FLAG_SATURATED | FLAG_SUSPECT)
        if frame.raw >= _RAW_MAX or frame.raw <= _RAW_MIN:
            flags |= FLAG_SATURATED
        self._last_t_s = t_s
        self._last_sample_host_s = now_host
        if self._fault_kind is not None:
            self._fault_kind = None
            logger.info("serial bridge on %s: samples flow again", self.port)
            self._emit(SensorRecovered(t_s=t_s))
        self._delivered_rate_hz = self.sample_rate_hz
        self._count(samples=1)
        self._emit(Sample(t_s=t_s, raw=float(frame.raw), flags=flags))
