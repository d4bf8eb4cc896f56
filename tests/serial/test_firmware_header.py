"""firmware_bridge/protocol.h, compiled with the host's gcc, must agree byte for byte with protocol.py."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from waage.sensors.protocol import (
    SYNC,
    TYPE_SAMPLE,
    Fault,
    FrameDecoder,
    Hello,
    Log,
    Ping,
    SampleFrame,
    SetGain,
)

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FIRMWARE = REPO / "firmware_bridge"
GCC = shutil.which("gcc")

pytestmark = pytest.mark.skipif(GCC is None, reason="gcc not installed")


@pytest.fixture(scope="module")
def check_exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    exe = tmp_path_factory.mktemp("protocol_h") / "protocol_h_check"
    cmd = [GCC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
           f"-I{FIRMWARE}", str(HERE / "protocol_h_check.c"), "-o", str(exe)]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return exe


def run(exe: Path, mode: str, stdin: str = "") -> list[str]:
    out = subprocess.run([str(exe), mode], input=stdin, check=True, capture_output=True, text=True, timeout=10)
    return out.stdout.splitlines()


def test_c_crc_check_value(check_exe: Path) -> None:
    assert run(check_exe, "crc") == ["29b1"]


def test_c_frames_equal_python_frames(check_exe: Path) -> None:
    expected = [
        Hello(proto=1, fw=(1, 2, 3), boot_id=0xDEADBEEF, rate_sps=80).encode().hex(),
        SampleFrame(seq=0xFFFFFFFF, t_ms=123456, raw=-8388608, flags=3).encode().hex(),
        SampleFrame(seq=1, t_ms=0, raw=8388607, flags=0).encode().hex(),
        Fault(code=1, detail=734).encode().hex(),
        Log(text="grüß dich, HX711").encode().hex(),
        Ping().encode().hex(),
        "0",  # a 65-byte payload is refused
    ]
    assert run(check_exe, "frames") == expected


def test_c_sign_extension(check_exe: Path) -> None:
    assert run(check_exe, "sext") == ["-8388608", "-1", "8388607", "-393216", "1"]


def test_c_decoder_agrees_with_python_decoder(check_exe: Path) -> None:
    rng = random.Random(711)
    stream = bytearray()
    for i in range(40):
        stream += bytes(rng.randrange(256) for _ in range(rng.randrange(4)))  # garbage
        frame = bytearray(
            rng.choice(
                [
                    SampleFrame(seq=i, t_ms=i * 100, raw=rng.randrange(-0x800000, 0x800000)).encode(),
                    Ping().encode(),
                    SetGain(gain=64).encode(),
                    Log(text=f"line {i}").encode(),
                ]
            )
        )
        if i % 7 == 3:
            frame[rng.randrange(2, len(frame))] ^= 1 << rng.randrange(8)  # corrupt one bit
        if i % 11 == 5:
            stream += SYNC + bytes((TYPE_SAMPLE, 13)) + b"\x00"  # cut-short frame, next one inside
        if i % 13 == 6:
            stream += SYNC + bytes((TYPE_SAMPLE, 200))  # len > 64
        stream += frame
    py = FrameDecoder()
    py_msgs = py.feed(bytes(stream))
    lines = run(check_exe, "decode", bytes(stream).hex())
    c_frames, counters = lines[:-1], lines[-1].split()
    assert c_frames == [f"{m.TYPE:02x} {len(m.payload())} {m.payload().hex()}" for m in py_msgs]
    assert counters == ["counters", str(py.frames), str(py.crc_errors), str(py.resyncs), str(py.bytes_discarded)]
    assert py.crc_errors >= 3 and py.resyncs > py.crc_errors


def test_c_frames_equal_the_shared_vectors(check_exe: Path) -> None:
    """protocol_h_check's fixed frames are the first six vectors of vectors.json, byte for byte."""
    import json

    vectors = json.loads((HERE / "vectors.json").read_text(encoding="utf-8"))["frames"]
    assert run(check_exe, "frames")[:6] == [v["hex"] for v in vectors[:6]]


def test_c_decoder_on_the_shared_host_streams(check_exe: Path) -> None:
    """The firmware's decoder finds exactly the frames (and counts the errors) the vectors list."""
    import json

    names = {0x81: "Ping", 0x82: "SetGain", 0x83: "Power"}
    for stream in json.loads((HERE / "vectors.json").read_text(encoding="utf-8"))["host_streams"]:
        lines = run(check_exe, "decode", stream["hex"])
        frames = [names[int(line.split()[0], 16)] for line in lines[:-1]]
        counters = lines[-1].split()
        assert frames == stream["frames"], stream["name"]
        assert (int(counters[2]), int(counters[3])) == (stream["crc_errors"], stream["resyncs"]), stream["name"]
