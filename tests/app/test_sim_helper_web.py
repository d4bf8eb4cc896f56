"""Issue 30, point 6: ``waage sim --game propter --web`` (the README's typed helper mode, not
``--interactive``) showed "Gewonnen: Anna" but empty statistics (0 trophies for all) and an empty
feed (``/api/session.jsonl`` empty): its game ran on an engine of its own, beside the device's host.
It runs on the device's host now, as ``--interactive`` does: the session log, the statistics and the
pages' feed fill. A real served simulator (127.0.0.1, a random port), typed inputs on its stdin."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

#: Anna takes BS 1 five times (five trophies win, PR-06); Ben stings BS 2 in between
GAME = ["choose Anna"] + ["play Anna 1 exact", "play Ben 2 exact"] * 4 + ["play Anna 1 exact"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_typed_helper_mode_fills_the_statistics_and_the_feed(tmp_path: Path) -> None:
    cfg = tmp_path / "sim.toml"
    cfg.write_text('[game]\ngame = "propter"\nplayers = ["Anna", "Ben"]\n', encoding="utf-8")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    out_path = tmp_path / "stdout.txt"  # a file: a pipe nobody reads while the game plays would fill up
    with open(out_path, "w", encoding="utf-8") as out_file:
        proc = subprocess.Popen([sys.executable, "-m", "waage.cli", "sim", "--config", str(cfg), "--web",
                                 f"127.0.0.1:{port}", "--fast", "--log"],
                                stdin=subprocess.PIPE, stdout=out_file, stderr=subprocess.PIPE, text=True)
    try:
        assert f"{base}/" in proc.stderr.readline()
        proc.stdin.write("".join(line + "\n" for line in GAME))
        proc.stdin.flush()
        deadline = time.monotonic() + 20
        while True:
            state = httpx.get(base + "/api/state", timeout=5).json()
            if state["details"].get("result") or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert state["game"] == "propter" and state["details"]["result"]["winners"] == ["Anna"]
        stats = httpx.get(base + "/api/stats", timeout=5).json()
        assert stats["game"] == "propter"
        assert stats["per_player"]["Anna"]["points"] == 5 and stats["per_player"]["Ben"]["points"] == 4
        assert stats["result"]["winners"] == ["Anna"]
        lines = [json.loads(x) for x in httpx.get(base + "/api/session.jsonl", timeout=5).text.splitlines()]
        events = [r["event"] for r in lines]
        assert events[0] == "game_started" and events.count("sting") == 9
        assert [r["player"] for r in lines if r["event"] == "sting"] == ["Anna", "Ben"] * 4 + ["Anna"]
        assert state["lines"] == len(lines)  # the feed numbers the records the export holds
    finally:
        _, err = proc.communicate(timeout=15)  # the end of input ends the shell
    assert proc.returncode == 0, err
    out = out_path.read_text(encoding="utf-8")
    # --log still prints each record once, with the input's step (as ``waage replay`` does)
    logged = [json.loads(x[x.index('{"event"'):]) for x in out.splitlines() if '{"event"' in x]
    assert [(e["event"], e["step"]) for e in logged if e["event"] == "sting"] == [
        ("sting", n) for n in range(2, 11)]
