"""Build firmware_bridge with the real Pico SDK and run it in the rp2040js emulator.

Used by the fixtures in conftest.py. Nothing here is mocked: the UF2 is built
with CMake and Debian's arm-none-eabi-gcc against the vendored pico-sdk
(``../shared/vendor/pico-sdk-1.5.1``, or ``$PICO_SDK_PATH``), and
:class:`Emulator` runs it in rp2040js (npm, pinned in ``emulator/``) with the
behavioural HX711 of ``emulator/bridge-emulator.mjs``; the firmware's USB CDC
port is the master side of a pty whose slave path (``Emulator.port``) the host
code opens with pyserial.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FIRMWARE = REPO / "firmware_bridge"
VENDOR = REPO.parent / "shared" / "vendor"
SDK = Path(os.environ.get("PICO_SDK_PATH") or VENDOR / "pico-sdk-1.5.1")
BOOTROM = VENDOR / "rp2040-bootrom" / "bootrom.mjs"
BUILD_DIR = REPO / "build" / "firmware_bridge"
EMULATOR_DIR = HERE / "emulator"
#: Set by .ci/run: a missing toolchain or SDK fails the firmware tests instead of skipping them.
REQUIRED = os.environ.get("WAAGE_REQUIRE_FIRMWARE") == "1"
#: Real-time ceiling for one wait on the emulator (it runs at about 0.1-0.5x real time).
REAL_TIMEOUT_S = float(os.environ.get("WAAGE_EMULATOR_TIMEOUT_S", "120"))


def missing_build_tools() -> str | None:
    """Why the firmware cannot be built here, or None."""
    for tool, pkg in (("cmake", "cmake"), ("arm-none-eabi-gcc", "gcc-arm-none-eabi"), ("make", "make")):
        if shutil.which(tool) is None:
            return f"{tool} not installed (apt-get install {pkg}; .ci/run does)"
    if not (SDK / "pico_sdk_init.cmake").is_file():
        return f"no pico-sdk at {SDK} (the vendored SDK in ../shared/vendor, or set PICO_SDK_PATH)"
    return None


def missing_emulator_tools() -> str | None:
    """Why the emulator cannot run here, or None."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            return f"{tool} not installed (apt-get install nodejs npm; .ci/run does)"
    if not BOOTROM.is_file():
        return f"no RP2040 boot ROM at {BOOTROM} (../shared/vendor/rp2040-bootrom)"
    return None


@dataclass(frozen=True)
class Build:
    """A finished firmware build: paths, seconds taken, compiler warnings (all / in our sources)."""

    uf2: Path
    elf: Path
    seconds: float
    log: str
    warnings: list[str]
    our_warnings: list[str]


def build_firmware(build_dir: Path = BUILD_DIR) -> Build:
    """Configure and build firmware_bridge (from scratch: every warning is seen).

    Raises:
        subprocess.CalledProcessError: CMake or the compiler failed (output attached).
    """
    shutil.rmtree(build_dir, ignore_errors=True)
    t0 = time.monotonic()
    log = []
    for cmd in (
        ["cmake", "-S", str(FIRMWARE), "-B", str(build_dir), f"-DPICO_SDK_PATH={SDK}"],
        ["cmake", "--build", str(build_dir), "-j2"],
    ):
        out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "MAKEFLAGS": ""})
        log.append(out.stdout + out.stderr)
        if out.returncode:
            raise subprocess.CalledProcessError(out.returncode, cmd, out.stdout, out.stderr)
    seconds = time.monotonic() - t0
    text = "\n".join(log)
    warnings = [line for line in text.splitlines() if re.search(r"\bwarning:", line)]
    ours = [w for w in warnings if str(FIRMWARE) in w or w.startswith("firmware_bridge/")]
    return Build(build_dir / "waage_bridge.uf2", build_dir / "waage_bridge.elf", seconds, text, warnings, ours)


def npm_ci() -> None:
    """Install the pinned emulator packages (package-lock.json) unless they are in place."""
    stamp = EMULATOR_DIR / "node_modules" / ".package-lock.json"
    lock = EMULATOR_DIR / "package-lock.json"
    if stamp.is_file() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=EMULATOR_DIR,
                   check=True, capture_output=True, text=True)


class Emulator:
    """One emulated bridge board: rp2040js running the UF2, an HX711 model, a pty for USB.

    Args:
        uf2: the built firmware.
        rate_sps: the HX711's rate (10 or 80); the RATE pin is wired to GP4 unless
            ``rate_pin=False`` (then the firmware has to measure the rate).
        zero_counts, counts_per_gram: the load cell at gain 128 (gain 64 halves both).
        channel_b_counts: what channel B (gain 32) reads.
        noise_counts: uniform noise amplitude added to every conversion.

    ``port`` is the pty slave path for the host. ``status`` is the latest
    "tick" (every 100 ms of emulated time): ``emulated_ms``, ``t_ms`` (board
    uptime), ``boots``, ``conversions``, ``reads``, ``last_pulses``, ``gain``,
    ``chip_on``, ``mode``, ``usb``. Waits are on emulated time or on events,
    with :data:`REAL_TIMEOUT_S` only as a ceiling.
    """

    def __init__(self, uf2: Path, *, rate_sps: int = 10, rate_pin: bool = True, zero_counts: int = 84_000,
                 counts_per_gram: float = 420.0, channel_b_counts: int = -12_345, noise_counts: int = 0) -> None:
        self.rate_sps = rate_sps
        self.zero_counts, self.counts_per_gram = zero_counts, counts_per_gram
        self.channel_b_counts = channel_b_counts
        self.master_fd, self.slave_fd = os.openpty()
        tty.setraw(self.master_fd)
        tty.setraw(self.slave_fd)
        self.port = os.ttyname(self.slave_fd)
        self.events: list[dict[str, Any]] = []
        self.status: dict[str, Any] = {"emulated_ms": 0}
        self._cond = threading.Condition()
        self._acks: queue.Queue[dict[str, Any]] = queue.Queue()
        master = self.master_fd
        self._stderr = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(
            ["node", str(EMULATOR_DIR / "bridge-emulator.mjs"), "--uf2", str(uf2), "--bootrom", str(BOOTROM),
             "--rate", str(rate_sps), "--rate-pin", "1" if rate_pin else "0", "--zero-counts", str(zero_counts),
             "--counts-per-gram", str(counts_per_gram), "--channel-b-counts", str(channel_b_counts),
             "--noise-counts", str(noise_counts), "--usb-fd", str(master)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, text=True, bufsize=1,
            pass_fds=(master,),
        )
        self._reader = threading.Thread(target=self._read_events, name="emulator-events", daemon=True)
        self._reader.start()

    def _read_events(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            ev = json.loads(line)
            with self._cond:
                if ev["ev"] in ("tick", "ack", "usb", "boot", "powerdown", "powerup", "watchdog"):
                    self.status = ev
                if ev["ev"] != "tick":
                    self.events.append(ev)
                self._cond.notify_all()
            if ev["ev"] in ("ack", "error"):
                self._acks.put(ev)
        with self._cond:
            self._cond.notify_all()

    def counts_for(self, grams: float, gain: int = 128) -> float:
        """What the model's HX711 reads for ``grams`` (no noise)."""
        if gain == 32:
            return float(self.channel_b_counts)
        return (self.zero_counts + grams * self.counts_per_gram) * gain / 128

    @property
    def now_ms(self) -> int:
        """Emulated milliseconds since the emulator started (across reboots)."""
        return int(self.status["emulated_ms"])

    def command(self, cmd: str, **fields: Any) -> dict[str, Any]:
        """Send one command (see bridge-emulator.mjs) and return its ack (the status then)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"cmd": cmd, **fields}) + "\n")
        self.proc.stdin.flush()
        ack = self._acks.get(timeout=REAL_TIMEOUT_S)
        assert ack["ev"] == "ack", ack
        return ack

    def wait_for(self, pred: Callable[[], bool], what: str) -> None:
        """Block until ``pred()`` holds (checked at every event from the emulator)."""
        deadline = time.monotonic() + REAL_TIMEOUT_S
        with self._cond:
            while not pred():
                assert self.proc.poll() is None, f"emulator exited: {self.stderr()}"
                left = deadline - time.monotonic()
                assert left > 0, f"emulator: {what} not reached; status {self.status}"
                self._cond.wait(min(left, 1.0))

    def run_for(self, emulated_s: float) -> None:
        """Let ``emulated_s`` seconds of emulated time pass."""
        target = self.now_ms + emulated_s * 1000
        self.wait_for(lambda: self.now_ms >= target, f"{emulated_s} emulated s")

    def wait_until(self, pred: Callable[[], bool], what: str, within_s: float) -> None:
        """Wait until ``pred()`` holds; fail if ``within_s`` emulated seconds pass first."""
        limit = self.now_ms + within_s * 1000
        self.wait_for(lambda: pred() or self.now_ms >= limit, what)
        assert pred(), f"{what}: not within {within_s} emulated s (status {self.status})"

    def wait_usb(self) -> None:
        """Wait until the firmware's USB device is enumerated (the host may open the port)."""
        self.wait_for(lambda: bool(self.status.get("usb")), "USB enumeration")

    def stderr(self) -> str:
        """What the emulator wrote to stderr so far."""
        self._stderr.seek(0)
        return self._stderr.read()

    def close(self) -> None:
        """Stop the emulator and close the pty (idempotent)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        for stream in (self.proc.stdin, self.proc.stdout, self._stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        for fd in (self.master_fd, self.slave_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.master_fd = self.slave_fd = -1
