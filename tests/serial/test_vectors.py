"""The shared test vectors (tests/serial/vectors.json, from the protocol page) against protocol.py.

The same file drives the C header check (test_firmware_header.py) and the
firmware in the emulator (test_emulator.py), so all three agree on the wire.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from waage.sensors import protocol
from waage.sensors.protocol import TYPE_PING, TYPE_POWER, TYPE_SET_GAIN, FrameDecoder, crc16_ccitt_false

VECTORS = json.loads((Path(__file__).with_name("vectors.json")).read_text(encoding="utf-8"))
HOST_TYPES = frozenset({TYPE_PING, TYPE_SET_GAIN, TYPE_POWER})


def message(vector: dict) -> protocol.Message:
    """The message object a frame vector describes."""
    fields = dict(vector["fields"])
    if "fw" in fields:
        fields["fw"] = tuple(fields["fw"])
    return getattr(protocol, vector["message"])(**fields)


@pytest.mark.parametrize("vector", VECTORS["crc"], ids=lambda v: v["ascii"] or "empty")
def test_crc_vectors(vector) -> None:
    assert crc16_ccitt_false(vector["ascii"].encode()) == int(vector["crc"], 16)


@pytest.mark.parametrize("vector", VECTORS["frames"], ids=lambda v: v["message"])
def test_frame_vectors_encode_and_decode(vector) -> None:
    msg = message(vector)
    assert msg.encode().hex() == vector["hex"]
    assert FrameDecoder().feed(bytes.fromhex(vector["hex"])) == [msg]


@pytest.mark.parametrize("stream", VECTORS["host_streams"], ids=lambda s: s["name"])
def test_host_stream_vectors(stream) -> None:
    dec = FrameDecoder(accept_types=HOST_TYPES)
    out = dec.feed(bytes.fromhex(stream["hex"]))
    assert [type(m).__name__ for m in out] == stream["frames"]
    assert (dec.crc_errors, dec.resyncs) == (stream["crc_errors"], stream["resyncs"])
