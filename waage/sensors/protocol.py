"""Serial bridge protocol, version 1: frames, messages and an incremental decoder.

This module implements ``shared/docs/serial-protocol.md`` exactly (the
firmware side is ``firmware_bridge/protocol.h``). It does no I/O; the reader
that pulls bytes off a serial port is :mod:`waage.sensors.serial_bridge`
(messages are small classes, the reader is separate, as in Kegbot's kegboard).

Frame layout (little-endian)::

    A5 5A | type u8 | len u8 (0..64) | payload[len] | crc u16

The CRC is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected,
xorout 0) over ``type, len, payload``. Example::

    >>> from waage.sensors.protocol import FrameDecoder, Ping, SampleFrame
    >>> frame = SampleFrame(seq=7, t_ms=1234, raw=-5, flags=0).encode()
    >>> FrameDecoder().feed(b"junk" + frame)
    [SampleFrame(seq=7, t_ms=1234, raw=-5, flags=0)]
    >>> Ping().encode().hex()
    'a55a8100a635'
"""

from __future__ import annotations

import binascii
import struct
from dataclasses import dataclass, field
from typing import ClassVar, Union

PROTOCOL_VERSION = 1
SYNC = b"\xa5\x5a"
MAX_PAYLOAD = 64
HEADER_SIZE = 4  # sync (2) + type (1) + len (1)
CRC_SIZE = 2

# Board -> host
TYPE_HELLO = 0x01
TYPE_SAMPLE = 0x02
TYPE_FAULT = 0x03
TYPE_LOG = 0x7E
# Host -> board
TYPE_PING = 0x81
TYPE_SET_GAIN = 0x82
TYPE_POWER = 0x83

#: SAMPLE flags (identical to waage.weight.events.FLAG_SATURATED / FLAG_SUSPECT).
SAMPLE_FLAG_SATURATED = 0x01
SAMPLE_FLAG_SUSPECT = 0x02

#: FAULT codes.
FAULT_NOT_READY = 1
FAULT_CLOCK_OVERRUN = 2
FAULT_OTHER = 3

#: Gains the HX711 supports (128 and 64 on channel A, 32 on channel B).
VALID_GAINS = (128, 64, 32)


class ProtocolError(ValueError):
    """A payload or field does not fit the protocol (wrong length, out-of-range value)."""


def crc16_ccitt_false(data: bytes | bytearray | memoryview, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (poly 0x1021, init 0xFFFF, MSB first, xorout 0).

    No third-party package is needed: the standard library's
    ``binascii.crc_hqx`` (C, table-driven) computes exactly this CRC when it
    is seeded with 0xFFFF, so we use it rather than a home-made table. The
    firmware side has its own table-free C version in
    ``firmware_bridge/protocol.h``; a test checks both agree byte for byte.

    Args:
        data: the bytes to check.
        crc: running value, for computing over several pieces; 0xFFFF to start.

    Returns:
        The 16-bit CRC; ``crc16_ccitt_false(b"123456789") == 0x29B1``.
    """
    return binascii.crc_hqx(data, crc)


def encode_frame(msg_type: int, payload: bytes = b"") -> bytes:
    """Wrap ``payload`` in a complete frame: sync, type, len, payload, CRC (LE).

    Raises:
        ProtocolError: ``msg_type`` is not a byte or the payload is over 64 bytes.
    """
    if not 0 <= msg_type <= 0xFF:
        raise ProtocolError(f"frame type {msg_type} is not a byte")
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError(f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    body = bytes((msg_type, len(payload))) + bytes(payload)
    return SYNC + body + struct.pack("<H", crc16_ccitt_false(body))


def _expect_len(payload: bytes, n: int, name: str) -> None:
    if len(payload) != n:
        raise ProtocolError(f"{name} payload must be {n} bytes, got {len(payload)}")


def _check_range(name: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise ProtocolError(f"{name}={value} outside {lo}..{hi}")


class _MessageBase:
    """Shared behaviour: ``encode()`` gives the complete frame."""

    TYPE: ClassVar[int]

    def payload(self) -> bytes:  # pragma: no cover - overridden
        """The payload bytes of this message (without sync, header and CRC)."""
        raise NotImplementedError

    def encode(self) -> bytes:
        """The complete frame for this message (sync .. CRC).

        Raises:
            ProtocolError: a field is out of range for its wire type.
        """
        return encode_frame(self.TYPE, self.payload())


@dataclass(frozen=True, slots=True)
class Hello(_MessageBase):
    """HELLO (0x01, board -> host, 9 bytes): sent at boot, on PING and every 5 s.

    proto: protocol version (1). fw: firmware (major, minor, patch).
    boot_id: random u32 chosen at each boot. rate_sps: 10 or 80 (RATE pin).
    """

    TYPE: ClassVar[int] = TYPE_HELLO
    _FMT: ClassVar[struct.Struct] = struct.Struct("<BBBBIB")

    proto: int
    fw: tuple[int, int, int]
    boot_id: int
    rate_sps: int

    def payload(self) -> bytes:
        _check_range("boot_id", self.boot_id, 0, 0xFFFFFFFF)
        try:
            return self._FMT.pack(self.proto, *self.fw, self.boot_id, self.rate_sps)
        except struct.error as exc:
            raise ProtocolError(f"HELLO field out of range: {exc}") from exc

    @classmethod
    def decode(cls, payload: bytes) -> Hello:
        """Parse a 9-byte HELLO payload. Raises ProtocolError on a wrong length."""
        _expect_len(payload, cls._FMT.size, "HELLO")
        proto, major, minor, patch, boot_id, rate = cls._FMT.unpack(payload)
        return cls(proto=proto, fw=(major, minor, patch), boot_id=boot_id, rate_sps=rate)


@dataclass(frozen=True, slots=True)
class SampleFrame(_MessageBase):
    """SAMPLE (0x02, board -> host, 13 bytes): one HX711 conversion.

    seq: u32, +1 per conversion, per boot. t_ms: u32 board uptime in ms at the
    conversion (wraps after 49.7 days). raw: the 24-bit two's-complement count,
    sign-extended (-8388608..8388607). flags: bit 0 saturated, bit 1 suspect.
    """

    TYPE: ClassVar[int] = TYPE_SAMPLE
    _FMT: ClassVar[struct.Struct] = struct.Struct("<IIiB")

    seq: int
    t_ms: int
    raw: int
    flags: int = 0

    def payload(self) -> bytes:
        _check_range("raw", self.raw, -0x800000, 0x7FFFFF)
        try:
            return self._FMT.pack(self.seq, self.t_ms, self.raw, self.flags)
        except struct.error as exc:
            raise ProtocolError(f"SAMPLE field out of range: {exc}") from exc

    @classmethod
    def decode(cls, payload: bytes) -> SampleFrame:
        """Parse a 13-byte SAMPLE payload. Raises ProtocolError on a wrong length."""
        _expect_len(payload, cls._FMT.size, "SAMPLE")
        seq, t_ms, raw, flags = cls._FMT.unpack(payload)
        return cls(seq=seq, t_ms=t_ms, raw=raw, flags=flags)


@dataclass(frozen=True, slots=True)
class Fault(_MessageBase):
    """FAULT (0x03, board -> host, 5 bytes).

    code: 1 HX711 not ready for over 500 ms, 2 clock overrun, 3 other.
    detail: u32, code-specific (firmware: ms not ready / overrun count / line).
    """

    TYPE: ClassVar[int] = TYPE_FAULT
    _FMT: ClassVar[struct.Struct] = struct.Struct("<BI")

    code: int
    detail: int = 0

    def payload(self) -> bytes:
        try:
            return self._FMT.pack(self.code, self.detail)
        except struct.error as exc:
            raise ProtocolError(f"FAULT field out of range: {exc}") from exc

    @classmethod
    def decode(cls, payload: bytes) -> Fault:
        """Parse a 5-byte FAULT payload. Raises ProtocolError on a wrong length."""
        _expect_len(payload, cls._FMT.size, "FAULT")
        code, detail = cls._FMT.unpack(payload)
        return cls(code=code, detail=detail)


@dataclass(frozen=True, slots=True)
class Log(_MessageBase):
    """LOG (0x7E, board -> host): UTF-8 text, at most 64 bytes once encoded."""

    TYPE: ClassVar[int] = TYPE_LOG

    text: str

    def payload(self) -> bytes:
        data = self.text.encode("utf-8")
        if len(data) > MAX_PAYLOAD:
            raise ProtocolError(f"LOG text is {len(data)} bytes, max {MAX_PAYLOAD}")
        return data

    @classmethod
    def decode(cls, payload: bytes) -> Log:
        """Parse a LOG payload; invalid UTF-8 is replaced (U+FFFD), never raised."""
        return cls(text=bytes(payload).decode("utf-8", errors="replace"))


@dataclass(frozen=True, slots=True)
class Ping(_MessageBase):
    """PING (0x81, host -> board, no payload): the board answers HELLO."""

    TYPE: ClassVar[int] = TYPE_PING

    def payload(self) -> bytes:
        return b""

    @classmethod
    def decode(cls, payload: bytes) -> Ping:
        """Parse an empty PING payload. Raises ProtocolError if not empty."""
        _expect_len(payload, 0, "PING")
        return cls()


@dataclass(frozen=True, slots=True)
class SetGain(_MessageBase):
    """SET_GAIN (0x82, host -> board, 1 byte): 128 or 64 (channel A), 32 (channel B)."""

    TYPE: ClassVar[int] = TYPE_SET_GAIN

    gain: int

    def payload(self) -> bytes:
        if self.gain not in VALID_GAINS:
            raise ProtocolError(f"gain {self.gain} is not one of {VALID_GAINS}")
        return bytes((self.gain,))

    @classmethod
    def decode(cls, payload: bytes) -> SetGain:
        """Parse a 1-byte SET_GAIN payload (the value is not range-checked here)."""
        _expect_len(payload, 1, "SET_GAIN")
        return cls(gain=payload[0])


@dataclass(frozen=True, slots=True)
class Power(_MessageBase):
    """POWER (0x83, host -> board, 1 byte): on=False powers the HX711 down, True up."""

    TYPE: ClassVar[int] = TYPE_POWER

    on: bool

    def payload(self) -> bytes:
        return b"\x01" if self.on else b"\x00"

    @classmethod
    def decode(cls, payload: bytes) -> Power:
        """Parse a 1-byte POWER payload (any non-zero byte means on)."""
        _expect_len(payload, 1, "POWER")
        return cls(on=payload[0] != 0)


Message = Union[Hello, SampleFrame, Fault, Log, Ping, SetGain, Power]

#: Frame type -> message class.
MESSAGE_TYPES: dict[int, type] = {
    cls.TYPE: cls for cls in (Hello, SampleFrame, Fault, Log, Ping, SetGain, Power)
}


@dataclass
class FrameDecoder:
    """Incremental frame finder: bytes in, messages out, never raises on bad input.

    Finds frames by the sync bytes ``A5 5A``. On a length over 64 or a CRC
    mismatch it slides forward ONE byte and searches again (so a valid frame
    that starts inside a corrupted one is still found; it never skips to a
    newline). A frame with a good CRC but an unknown type, or a known type
    with a payload of the wrong size, is counted and skipped whole.

    Counters (all monotonically increasing ints):
        frames: valid frames decoded into messages.
        crc_errors: candidate frames whose CRC did not match.
        resyncs: times the decoder slid one byte past a false or broken frame
            start (every CRC error and every bad length counts one).
        bytes_discarded: bytes dropped outside valid frames (garbage, broken
            frames, unknown/malformed frames).
        unknown_types: CRC-valid frames with a type this version does not know.
        malformed: CRC-valid frames of a known type whose payload did not parse.

    ``accept_types`` limits which types are decoded (e.g. the host decodes
    board -> host types only); others count as unknown.
    """

    accept_types: frozenset[int] | None = None
    frames: int = 0
    crc_errors: int = 0
    resyncs: int = 0
    bytes_discarded: int = 0
    unknown_types: int = 0
    malformed: int = 0
    _buf: bytearray = field(default_factory=bytearray, repr=False)

    @property
    def pending(self) -> int:
        """Bytes buffered but not yet decided (a frame in progress)."""
        return len(self._buf)

    def reset(self) -> None:
        """Drop buffered bytes (counted as discarded), e.g. after re-opening the port."""
        self._discard(len(self._buf))

    def _discard(self, n: int) -> None:
        del self._buf[:n]
        self.bytes_discarded += n

    def feed(self, data: bytes | bytearray | memoryview) -> list[Message]:
        """Add received bytes; return the messages completed by them, in order."""
        self._buf += data
        out: list[Message] = []
        buf = self._buf
        while True:
            start = buf.find(SYNC)
            if start < 0:
                # Keep a trailing 0xA5: it may be the first half of a sync.
                keep = 1 if buf[-1:] == SYNC[:1] else 0
                self._discard(len(buf) - keep)
                return out
            if start:
                self._discard(start)
            if len(buf) < HEADER_SIZE:
                return out
            msg_type, length = buf[2], buf[3]
            if length > MAX_PAYLOAD:
                self.resyncs += 1
                self._discard(1)
                continue
            end = HEADER_SIZE + length + CRC_SIZE
            if len(buf) < end:
                return out
            crc_rx = buf[end - 2] | (buf[end - 1] << 8)
            if crc16_ccitt_false(memoryview(buf)[2 : end - 2]) != crc_rx:
                self.crc_errors += 1
                self.resyncs += 1
                self._discard(1)
                continue
            payload = bytes(buf[HEADER_SIZE : end - 2])
            cls = MESSAGE_TYPES.get(msg_type)
            if cls is None or (self.accept_types is not None and msg_type not in self.accept_types):
                self.unknown_types += 1
                self._discard(end)
                continue
            try:
                msg = cls.decode(payload)
            except ProtocolError:
                self.malformed += 1
                self._discard(end)
                continue
            del buf[:end]
            self.frames += 1
            out.append(msg)
