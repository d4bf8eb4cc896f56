"""`waage run`: the device loop on the fake sensor, killed mid-round and resumed where it stood."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from waage.app.store import StateStore

CONFIG = """
[game]
players = ["Anna", "Ben", "Cara"]
dice = "electronic"

[sensor]
kind = "fake"
rate_sps = 10

[display]
kind = "none"

[input]
kind = "none"
"""


def start(tmp_path: Path) -> subprocess.Popen:
    cfg = tmp_path / "waage.toml"
    cfg.write_text(CONFIG)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("NOTIFY_SOCKET", None)
    return subprocess.Popen(
        [sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir", str(tmp_path / "state"),
         "--keys-from-stdin"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )


def log_events(tmp_path: Path) -> list[dict]:
    path = tmp_path / "state" / "session.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.endswith("}")]


def wait_for(tmp_path: Path, proc: subprocess.Popen, predicate, timeout_s: float = 30.0, poke: str | None = None):
    """Poll the session log (a real process: its clock is real) until predicate(events) holds."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        events = log_events(tmp_path)
        if predicate(events):
            return events
        if proc.poll() is not None:
            pytest.fail(f"waage run exited early: {proc.returncode} {proc.stderr.read()}")
        if poke:
            proc.stdin.write(poke)
            proc.stdin.flush()
        time.sleep(0.2)
    pytest.fail(f"timed out; log: {log_events(tmp_path)[-5:]}")


def test_killed_mid_round_resumes_the_same_round_and_judges_on(tmp_path):
    proc = start(tmp_path)
    try:
        wait_for(tmp_path, proc, lambda ev: any(e["event"] == "scale_ready" for e in ev))
        # OK rolls the electronic dice; an Einer-Pasch choice is confirmed with OK too.
        events = wait_for(tmp_path, proc, lambda ev: any(e["event"] == "chosen" for e in ev), poke="o\n")
        chosen = next(e for e in events if e["event"] == "chosen")
        assert "at" in chosen  # the session log carries wall-clock time
        proc.stdin.write("sip 10\n")  # 10 g misses every target (the smallest window starts at 18 g)
        proc.stdin.flush()
        events = wait_for(tmp_path, proc, lambda ev: any(e["event"] == "sip" for e in ev))
        first = next(e for e in events if e["event"] == "sip")
        assert (first["attempt"], first["verdict"], first["grams"]) == (1, "miss", 10)
    finally:
        proc.kill()  # a power cut: no clean shutdown
        proc.wait(timeout=10)

    saved = StateStore(tmp_path / "state").load_game()
    assert saved is not None
    assert saved.phase == "drinking" and saved.chosen is not None
    assert saved.chosen.player == chosen["player"] and saved.chosen.target_g == chosen["target_g"]
    assert saved.attempt == 1 and saved.round == chosen["round"]
    assert saved.reference_g == pytest.approx(350 + 440 - 10, abs=0.5)

    proc = start(tmp_path)
    try:
        wait_for(tmp_path, proc, lambda ev: ev and ev[-1]["event"] == "game_resumed")
        resumed = log_events(tmp_path)[-1]
        assert resumed["round"] == chosen["round"] and resumed["phase"] == "drinking"
        time.sleep(1.5)  # the fresh pipeline settles on the glass before the next lift
        proc.stdin.write(f"sip {chosen['target_g']}\n")
        proc.stdin.flush()
        events = wait_for(tmp_path, proc, lambda ev: ev[-1]["event"] in ("round_started",) and
                          any(e["event"] == "drinking_done" for e in ev))
        second = [e for e in events if e["event"] == "sip"][-1]
        assert (second["player"], second["attempt"], second["grams"], second["verdict"]) == (
            chosen["player"], 2, chosen["target_g"], "exact")
        assert not any(e["event"] in ("refill", "unjudged_fall") for e in events)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
