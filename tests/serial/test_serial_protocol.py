"""Frames, messages and the incremental decoder of the serial bridge protocol."""

from __future__ import annotations

import struct

import pytest

from waage.sensors.protocol import (
    MAX_PAYLOAD,
    SYNC,
    TYPE_SAMPLE,
    Fault,
    FrameDecoder,
    Hello,
    Log,
    Ping,
    Power,
    ProtocolError,
    SampleFrame,
    SetGain,
    crc16_ccitt_false,
    encode_frame,
)

ALL_MESSAGES = [
    Hello(proto=1, fw=(1, 2, 3), boot_id=0xDEADBEEF, rate_sps=80),
    SampleFrame(seq=0xFFFFFFFF, t_ms=123456, raw=-8388608, flags=0b11),
    SampleFrame(seq=1, t_ms=0, raw=8388607, flags=0),
    Fault(code=1, detail=734),
    Log(text="grüß dich, HX711"),
    Ping(),
    SetGain(gain=64),
    Power(on=False),
    Power(on=True),
]


def test_crc_check_value() -> None:
    assert crc16_ccitt_false(b"123456789") == 0x29B1
    assert crc16_ccitt_false(b"") == 0xFFFF


def test_crc_can_run_over_pieces() -> None:
    assert crc16_ccitt_false(b"6789", crc16_ccitt_false(b"12345")) == 0x29B1


def test_frame_layout_is_sync_type_len_payload_crc_le() -> None:
    frame = SampleFrame(seq=1, t_ms=2, raw=-1, flags=2).encode()
    assert frame[:2] == b"\xa5\x5a"
    assert frame[2] == TYPE_SAMPLE and frame[3] == 13 and len(frame) == 19
    assert frame[4:17] == struct.pack("<IIiB", 1, 2, -1, 2)
    assert frame[4 + 8 : 4 + 12] == b"\xff\xff\xff\xff"  # raw sign-extended to 32 bits
    assert struct.unpack("<H", frame[-2:])[0] == crc16_ccitt_false(frame[2:-2])


@pytest.mark.parametrize("msg", ALL_MESSAGES, ids=lambda m: type(m).__name__)
def test_round_trip_through_decoder(msg) -> None:
    dec = FrameDecoder()
    assert dec.feed(msg.encode()) == [msg]
    assert (dec.frames, dec.crc_errors, dec.resyncs, dec.bytes_discarded) == (1, 0, 0, 0)


@pytest.mark.parametrize("msg", ALL_MESSAGES, ids=lambda m: type(m).__name__)
def test_decode_payload_round_trip(msg) -> None:
    assert type(msg).decode(msg.payload()) == msg


def test_decode_rejects_wrong_payload_length() -> None:
    with pytest.raises(ProtocolError):
        SampleFrame.decode(b"\x00" * 12)
    with pytest.raises(ProtocolError):
        Hello.decode(b"\x00" * 10)


def test_encode_rejects_out_of_range_fields() -> None:
    with pytest.raises(ProtocolError):
        SampleFrame(seq=0, t_ms=0, raw=0x800000).encode()  # not a 24-bit count
    with pytest.raises(ProtocolError):
        SetGain(gain=100).encode()
    with pytest.raises(ProtocolError):
        Log(text="x" * 65).encode()
    with pytest.raises(ProtocolError):
        encode_frame(0x7E, b"x" * 65)


def test_garbage_between_frames_is_discarded_and_counted() -> None:
    a = SampleFrame(seq=1, t_ms=10, raw=5).encode()
    b = SampleFrame(seq=2, t_ms=20, raw=6).encode()
    garbage1, garbage2 = b"hello\r\n\x00\xff", b"\x5a\xa5\xa5"  # includes a lone sync half
    dec = FrameDecoder()
    out = dec.feed(garbage1 + a + garbage2 + b)
    assert [m.seq for m in out] == [1, 2]
    assert dec.bytes_discarded == len(garbage1) + len(garbage2)
    assert dec.crc_errors == 0


def test_frame_split_byte_by_byte() -> None:
    msgs = [Hello(1, (1, 0, 0), 7, 10), SampleFrame(3, 4, -5, 1), Log("abc")]
    stream = b"\x00".join(m.encode() for m in msgs)
    dec = FrameDecoder()
    out = []
    for i in range(len(stream)):
        out += dec.feed(stream[i : i + 1])
    assert out == msgs
    assert dec.pending == 0
    assert dec.bytes_discarded == 2


def test_corrupted_crc_then_frame_starting_inside_it() -> None:
    good = SampleFrame(seq=9, t_ms=900, raw=1234).encode()
    # A frame header claiming a 13-byte payload whose bytes hold the start of a
    # real frame: the CRC over the claimed frame fails; sliding one byte at a
    # time must find the valid frame that begins inside it.
    broken = SYNC + bytes((TYPE_SAMPLE, 13)) + b"\x01\x02"
    stream = broken + good
    assert len(broken) < 4 + 13 + 2  # the good frame starts inside the broken one
    dec = FrameDecoder()
    out = dec.feed(stream)
    assert out == [SampleFrame(seq=9, t_ms=900, raw=1234)]
    assert dec.crc_errors == 1
    assert dec.resyncs == 1
    assert dec.bytes_discarded == len(broken)


def test_flipped_bit_is_a_crc_error_and_next_frame_survives() -> None:
    a = bytearray(SampleFrame(seq=1, t_ms=1, raw=1).encode())
    a[8] ^= 0x10
    b = SampleFrame(seq=2, t_ms=2, raw=2).encode()
    dec = FrameDecoder()
    assert [m.seq for m in dec.feed(bytes(a) + b)] == [2]
    assert dec.crc_errors == 1


def test_length_over_64_slides_one_byte() -> None:
    good = Ping().encode()
    bad = SYNC + bytes((0x02, MAX_PAYLOAD + 1))
    dec = FrameDecoder()
    assert dec.feed(bad + good) == [Ping()]
    assert dec.resyncs == 1
    assert dec.crc_errors == 0
    assert dec.bytes_discarded == len(bad)


def test_unknown_type_is_counted_and_skipped() -> None:
    dec = FrameDecoder()
    out = dec.feed(encode_frame(0x42, b"future") + Ping().encode())
    assert out == [Ping()]
    assert dec.unknown_types == 1 and dec.crc_errors == 0


def test_accept_types_filters_the_other_direction() -> None:
    dec = FrameDecoder(accept_types=frozenset({TYPE_SAMPLE}))
    assert dec.feed(Ping().encode()) == []
    assert dec.unknown_types == 1


def test_known_type_with_wrong_payload_size_is_malformed() -> None:
    dec = FrameDecoder()
    assert dec.feed(encode_frame(TYPE_SAMPLE, b"\x00" * 5) + Ping().encode()) == [Ping()]
    assert dec.malformed == 1


def test_invalid_utf8_log_is_replaced_not_raised() -> None:
    dec = FrameDecoder()
    assert dec.feed(encode_frame(0x7E, b"ok \xff")) == [Log("ok \ufffd")]


def test_byte_accounting_is_complete() -> None:
    """Every byte fed is in a valid frame, discarded, or still pending."""
    frames = [SampleFrame(i, i * 100, -i).encode() for i in range(20)]
    stream = bytearray()
    for i, f in enumerate(frames):
        stream += bytes([i]) * (i % 3) + f
    stream[50] ^= 0xFF  # corrupt something in the middle
    stream += SYNC + b"\x02"  # a frame in progress at the end
    dec = FrameDecoder()
    out = dec.feed(bytes(stream))
    used = sum(len(m.encode()) for m in out)
    assert used + dec.bytes_discarded + dec.pending == len(stream)
    assert len(out) == 19 and dec.crc_errors >= 1


def test_module_docstring_example_holds() -> None:
    import doctest

    import waage.sensors.protocol as protocol

    result = doctest.testmod(protocol)
    assert result.attempted >= 3 and result.failed == 0
