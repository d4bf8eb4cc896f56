"""``waage run`` with ``[mqtt] enabled``: the session log reaches the broker across device restarts and a
broker outage (the acknowledged line is kept in the state directory; the rest is re-read from the log)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from .helpers import TIMEOUT_S, wait_until

ROOT = Path(__file__).resolve().parents[2]


def config(tmp_path: Path, port: int) -> Path:
    path = tmp_path / "waage.toml"
    path.write_text(
        '[game]\nplayers = ["Anna", "Ben", "Cara"]\n[sensor]\nkind = "fake"\nrate_sps = 10\n'
        '[display]\nkind = "none"\n[input]\nkind = "none"\n'
        f'[mqtt]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\ndevice_id = "run-scale"\n'
        'reconnect_max_s = 1\nflush_timeout_s = 1.0\n', encoding="utf-8")
    return path


def start(cfg: Path, state: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("NOTIFY_SOCKET", None)
    return subprocess.Popen([sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir",
                             str(state), "--keys-from-stdin"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def session(state: Path) -> list[dict]:
    """The complete lines of the session log: the device appends while the test reads, and an append
    that crosses a page of the file can be seen half done (a torn last line is not a record yet)."""
    path = state / "session.jsonl"
    return [json.loads(x) for x in path.read_text(encoding="utf-8").split("\n")[:-1]] if path.exists() else []


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=TIMEOUT_S) == 0, proc.stderr.read()


def test_run_publishes_the_session_log_across_restarts_and_an_outage(broker, subscribe, tmp_path):
    sub = subscribe(["waage/run-scale/#"])
    cfg, state = config(tmp_path, broker.port), tmp_path / "state"
    topic = "waage/run-scale/event"

    def all_on_the_wire() -> bool:
        log = session(state)
        return bool(log) and set(range(1, len(log) + 1)) <= set(sub.events(topic))

    # 1: broker up: the device's records arrive as they are logged
    proc = start(cfg, state)
    wait_until(lambda: any(e["event"] == "scale_ready" for e in session(state)), what="scale_ready")
    wait_until(all_on_the_wire, what="the first run's events")
    stop(proc)
    first = len(session(state))
    assert json.loads((state / "mqtt.json").read_text())["acked_line"] == first

    # 2: broker down: the device starts and plays on; its records stay in the session log
    broker.stop()
    proc = start(cfg, state)
    wait_until(lambda: len(session(state)) > first, what="the second run's game_resumed")
    stop(proc)  # gives the absent broker flush_timeout_s, then stops
    second = len(session(state))
    assert json.loads((state / "mqtt.json").read_text())["acked_line"] == first

    # 3: broker back, device started again: the missed lines are read from the log and sent
    broker.start()
    proc = start(cfg, state)
    wait_until(lambda: len(session(state)) > second, what="the third run's game_resumed")
    wait_until(all_on_the_wire, what="the missed events after the outage")
    stop(proc)
    log = session(state)
    events = sub.events(topic)
    assert sorted(events) == list(range(1, len(log) + 1))
    for line, record in enumerate(log, start=1):
        assert events[line] == {"id": line, **record}  # the session-log line, wall-clock "at" included
    assert [e["event"] for e in log].count("game_resumed") == 2
    assert json.loads((state / "mqtt.json").read_text())["acked_line"] == len(log)
