"""The board side of the serial bridge protocol, in Python (a test double of ``firmware_bridge``).

``FakeBridgeBoard`` speaks protocol v1 over a pseudo-terminal, so the real
:class:`~waage.sensors.serial_bridge.SerialBridgeSensor` (pyserial and all)
can be exercised without a Pico. Tests drive it frame by frame; a simulator
(``waage sim --serial-loopback``) can let it stream samples by itself::

    board = FakeBridgeBoard.open_pty(raw_source=lambda t_s: 100_000, stream=True)
    board.start()
    sensor = SerialBridgeSensor(SimpleNamespace(port=board.port, baudrate=115200))
    sensor.start(print)
    ...
    sensor.close(); board.close()

POSIX only (``os.openpty``).
"""

from __future__ import annotations

import os
import secrets
import select
import threading
import time
import tty
from typing import Callable

from waage.sensors.protocol import (
    PROTOCOL_VERSION,
    TYPE_PING,
    TYPE_POWER,
    TYPE_SET_GAIN,
    FrameDecoder,
    Hello,
    Message,
    Ping,
    Power,
    SampleFrame,
    SetGain,
)


class FakeBridgeBoard:
    """A pretend Pico on the master side of a pty.

    Args:
        master_fd: the pty master (the host opens the slave).
        slave_fd: kept open so the pty survives the host closing and re-opening it.
        port: the slave's path (``/dev/pts/N``) for the host's settings.
        proto, fw, rate_sps: what HELLO says. boot_id: default random u32.
        answer_ping: reply HELLO to PING (False models a wrong device).
        raw_source: ``raw_source(t_s) -> counts`` for streaming mode.
        stream: send SAMPLE frames at ``rate_sps`` from a thread (needs raw_source).
        clock: monotonic seconds; ``t_ms`` is the time since construction/reboot.

    Attributes: ``received`` (host commands, in order), ``pings``, ``gain``,
    ``powered``, ``seq`` (next sample's seq), ``boot_id``.
    """

    def __init__(
        self,
        master_fd: int,
        slave_fd: int | None = None,
        port: str | None = None,
        *,
        proto: int = PROTOCOL_VERSION,
        fw: tuple[int, int, int] = (1, 0, 0),
        rate_sps: int = 10,
        boot_id: int | None = None,
        answer_ping: bool = True,
        raw_source: Callable[[float], int] | None = None,
        stream: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.master_fd = master_fd
        self.slave_fd = slave_fd
        self.port = port
        self.proto = proto
        self.fw = fw
        self.rate_sps = rate_sps
        self.boot_id = boot_id if boot_id is not None else secrets.randbits(32)
        self.answer_ping = answer_ping
        self.raw_source = raw_source
        self.stream = stream
        self._clock = clock
        self._t0 = clock()
        self.seq = 0
        self.gain = 128
        self.powered = True
        self.pings = 0
        self.received: list[Message] = []
        self.ping_event = threading.Event()
        self._decoder = FrameDecoder(accept_types=frozenset({TYPE_PING, TYPE_SET_GAIN, TYPE_POWER}))
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._closed = False

    @classmethod
    def open_pty(cls, **kwargs: object) -> FakeBridgeBoard:
        """Create a pty pair in raw mode and a board on its master side (``.port`` = slave path)."""
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        return cls(master, slave, os.ttyname(slave), **kwargs)  # type: ignore[arg-type]

    # ---------------------------------------------------------------- board side

    def uptime_ms(self) -> int:
        """Board uptime in ms, as the firmware's ``t_ms`` (u32)."""
        return int((self._clock() - self._t0) * 1000) & 0xFFFFFFFF

    def hello(self) -> Hello:
        """The HELLO this board sends."""
        return Hello(proto=self.proto, fw=self.fw, boot_id=self.boot_id, rate_sps=self.rate_sps)

    def send(self, msg: Message) -> None:
        """Write one message as a frame."""
        self.send_bytes(msg.encode())

    def send_bytes(self, data: bytes) -> None:
        """Write raw bytes (frames, garbage, corrupted frames)."""
        with self._lock:
            view = memoryview(data)
            while view:
                n = os.write(self.master_fd, view)
                view = view[n:]

    def sample_frame(self, raw: int, flags: int = 0, *, seq: int | None = None, t_ms: int | None = None) -> SampleFrame:
        """Build the next SAMPLE (advancing ``seq`` unless given) without sending it."""
        if seq is None:
            seq = self.seq
        self.seq = (seq + 1) & 0xFFFFFFFF
        return SampleFrame(seq=seq, t_ms=self.uptime_ms() if t_ms is None else t_ms, raw=raw, flags=flags)

    def send_sample(self, raw: int, flags: int = 0, *, seq: int | None = None, t_ms: int | None = None) -> SampleFrame:
        """Send the next SAMPLE; returns it."""
        frame = self.sample_frame(raw, flags, seq=seq, t_ms=t_ms)
        self.send(frame)
        return frame

    def reboot(self, boot_id: int | None = None, *, send_hello: bool = True) -> None:
        """Pretend to restart: new boot_id, seq 0, uptime 0, gain 128; HELLO as at boot."""
        self.boot_id = boot_id if boot_id is not None else secrets.randbits(32)
        self.seq = 0
        self.gain = 128
        self.powered = True
        self._t0 = self._clock()
        if send_hello:
            self.send(self.hello())

    # ---------------------------------------------------------------- threads

    def start(self) -> None:
        """Start answering commands (and streaming, if ``stream``)."""
        rx = threading.Thread(target=self._rx_loop, name="fake-bridge-rx", daemon=True)
        self._threads.append(rx)
        rx.start()
        if self.stream:
            if self.raw_source is None:
                raise ValueError("stream=True needs raw_source")
            tx = threading.Thread(target=self._tx_loop, name="fake-bridge-tx", daemon=True)
            self._threads.append(tx)
            tx.start()

    def _rx_loop(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.master_fd], [], [], 0.02)
                if not ready:
                    continue
                data = os.read(self.master_fd, 256)
            except OSError:
                return
            for msg in self._decoder.feed(data):
                self.received.append(msg)
                if isinstance(msg, Ping):
                    self.pings += 1
                    self.ping_event.set()
                    if self.answer_ping:
                        self._safe_send(self.hello())
                elif isinstance(msg, SetGain):
                    self.gain = msg.gain
                elif isinstance(msg, Power):
                    self.powered = msg.on

    def _tx_loop(self) -> None:
        """One SAMPLE per conversion, every ``1/rate_sps`` s. ``t_ms`` is the uptime at the conversion
        (its scheduled time), as the firmware stamps it: a thread that ran late sends the conversions
        it owes back to back, each with its own time (the send time would give a burst one t_ms)."""
        assert self.raw_source is not None
        period = 1.0 / self.rate_sps
        next_t = self._clock()
        while not self._stop.is_set():
            next_t += period
            self._stop.wait(max(0.0, next_t - self._clock()))
            if self._stop.is_set() or not self.powered:
                continue
            t_ms = int(max(next_t - self._t0, 0.0) * 1000) & 0xFFFFFFFF  # _t0: the last (re)boot
            self._safe_send(self.sample_frame(int(self.raw_source(t_ms / 1000.0)), t_ms=t_ms))

    def _safe_send(self, msg: Message) -> None:
        try:
            self.send(msg)
        except OSError:
            pass

    def unplug(self) -> None:
        """Close the pty (the host sees the device vanish)."""
        self.close()

    def close(self) -> None:
        """Stop the threads and close both pty ends (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        for t in self._threads:
            if t is not threading.current_thread():
                t.join(timeout=1.0)
        for fd in (self.master_fd, self.slave_fd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
