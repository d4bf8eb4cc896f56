"""The Pico bridge plugged in after the service started, pulled and plugged in again (issue 19).

``waage run`` (what systemd starts) runs for real with ``[sensor] kind = "serial"``
on a port path that does not exist yet, as ``/dev/ttyACM0`` before the Pico is
plugged in. The board is the bridge double (``waage.doubles.fake_bridge``, the
protocol over a pty); "plugging in" makes the port path appear, pointing at the
pty, as udev makes ``/dev/ttyACM0`` appear. What a user sees is the service's
log (the journal): each state must be said there, and samples must flow within
the bridge's re-open back-off (at most 8 s) without a restart of the service.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from waage.doubles.fake_bridge import FakeBridgeBoard

WAIT_S = 20.0   # generous bound for a loaded 2-core CI machine; the back-off caps at 8 s

CONFIG = """
[game]
players = ["Anna", "Ben"]
dice = "manual"

[sensor]
kind = "serial"
port = "{port}"

[calibration]
offset = 0
counts_per_gram = 420.0

[display]
kind = "none"

[web]
enabled = false

[state]
directory = "{state}"
"""


class Journal:
    """The service's output, line by line, read by a thread; ``wait_for`` blocks until a line has a text."""

    def __init__(self, stream) -> None:
        self.lines: "queue.Queue[tuple[float, str]]" = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, text: str, timeout_s: float = WAIT_S) -> float:
        """The monotonic time of the first new line containing ``text``; fails after ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"no line with {text!r} within {timeout_s} s; the log so far:\n" + "\n".join(self.seen))
            try:
                t, line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return t


def plug_in(port: Path) -> FakeBridgeBoard:
    board = FakeBridgeBoard.open_pty(raw_source=lambda t_s: 150_000, stream=True)
    board.start()
    port.symlink_to(board.port)
    return board


def unplug(board: FakeBridgeBoard, port: Path) -> None:
    port.unlink()
    board.unplug()


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="the bridge double needs a POSIX pty")
def test_a_pico_plugged_in_after_the_service_started_is_used_without_a_restart(tmp_path):
    port = tmp_path / "ttyACM0"
    config = tmp_path / "waage.toml"
    config.write_text(CONFIG.format(port=port, state=tmp_path / "state"))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("NOTIFY_SOCKET", None)
    service = subprocess.Popen([sys.executable, "-m", "waage.cli", "run", "--config", str(config)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    boards: list[FakeBridgeBoard] = []
    try:
        journal = Journal(service.stdout)
        journal.wait_for("Cannot open the scale's serial port")        # started without the Pico: says so
        assert service.poll() is None                                     # ... and keeps running

        boards.append(plug_in(port))
        plugged = time.monotonic()
        journal.wait_for("firmware 1.0.0")                                # the HELLO of the board
        flowing = journal.wait_for("samples flow again")
        assert flowing - plugged <= 8.0 + 2.0                             # within the back-off cap

        unplug(boards[-1], port)                                          # pulled out while playing
        journal.wait_for("Lost the scale's serial port")
        boards.append(plug_in(port))                                      # and plugged in again
        journal.wait_for("samples flow again")
        assert service.poll() is None
    finally:
        service.send_signal(signal.SIGTERM)
        try:
            code = service.wait(timeout=15)
        except subprocess.TimeoutExpired:
            service.kill()
            code = service.wait()
        for board in boards:
            board.close()
    assert code == 0
