"""Issue 20, finding 7: a full disk under the state directory. A real tmpfs of 256 KiB (mounted by
the test: root only, as in CI), filled to the last byte; then real ``waage run`` processes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from waage.app.store import StateStore
from waage.games.waagespiel.engine import Waagespiel

CONFIG = """
[game]
players = ["Anna", "Ben"]

[sensor]
kind = "fake"
rate_sps = 10

[display]
kind = "none"

[input]
kind = "none"
"""


@pytest.fixture
def full_disk(tmp_path):
    """A 256 KiB tmpfs at ``tmp_path/disk``; yields (folder, fill) where fill() takes every free byte."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a tmpfs (CI runs as root)")
    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")

    def fill() -> None:
        fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while True:
                os.write(fd, b"\0" * 512)
        except OSError:
            pass
        finally:
            os.close(fd)

    try:
        yield disk, fill
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_full_disk_keeps_records_in_memory_and_writes_them_when_space_is_back(full_disk):
    disk, fill = full_disk
    store = StateStore(disk / "state")
    game = Waagespiel(["Anna", "Ben"])
    store.commit("waagespiel", game.state, [{"event": "game_started", "n": 1}])
    fill()
    big = "x" * 8192  # a decision larger than what is left
    store.commit("waagespiel", game.state, [{"event": "a", "pad": big}])
    store.commit("waagespiel", game.state, [{"event": "b", "pad": big}])
    assert store.disk_full is not None and "full" in store.disk_full
    assert [r["event"] for r in store.unsaved] == ["a", "b"]
    lines = (disk / "state" / "session.jsonl").read_text().splitlines()
    assert len(lines) == 1  # no torn line was left behind
    (disk / "filler").unlink()
    store.commit("waagespiel", game.state, [{"event": "c"}])
    assert store.disk_full is None and store.unsaved == []
    events = [__import__("json").loads(x)["event"] for x in (disk / "state" / "session.jsonl").read_text().splitlines()]
    assert events == ["game_started", "a", "b", "c"]
    store.close()
    again = StateStore(disk / "state")
    again.recover()
    assert again.lines == 4


def test_waage_run_on_a_full_disk_says_so_and_plays_on_at_every_start(full_disk, tmp_path):
    """Before: a traceback, exit 1, and the same at every start while the disk stayed full."""
    disk, fill = full_disk
    cfg = tmp_path / "waage.toml"
    cfg.write_text(CONFIG)
    state = disk / "state"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("NOTIFY_SOCKET", None)
    first = True
    for _ in range(2):
        proc = subprocess.Popen([sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir",
                                 str(state), "--keys-from-stdin"], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
        reader.start()
        if first:
            deadline = time.monotonic() + 60
            while not (state / "session.jsonl").exists():
                assert proc.poll() is None, "".join(lines)
                assert time.monotonic() < deadline
                time.sleep(0.05)
            fill()
            first = False
        # a real process (no fake clock): wait, however loaded the machine, until it has said the disk is
        # full, then it must still be running (it plays on)
        deadline = time.monotonic() + 60
        while not any("is full" in line for line in lines) and proc.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        alive = proc.poll() is None
        proc.terminate()
        proc.wait(timeout=30)
        reader.join(timeout=30)
        err = "".join(lines)
        assert alive, err
        assert "Traceback" not in err, err
        assert "is full" in err, err
