"""``python -m waage.bench.mqtt``: figures of the MQTT adapter against a real local mosquitto.

Prints, one per line: the game thread's cost of ``record`` and ``state``
(what the game pays per event and per frame), the throughput until the broker
acknowledged every event, and for outages of two lengths the memory the
observer holds at the end of the outage (Python allocations, tracemalloc) and
the time to catch up once the broker is back.

Needs Debian's mosquitto (``/usr/sbin/mosquitto``); exits with 1 and a line
saying so without it.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from waage.display.views import DrinkingView
from waage.live.hub import LiveSnapshot
from waage.mqtt.client import MqttObserver
from waage.mqtt.settings import MqttSettings


class _Broker:
    def __init__(self, folder: Path) -> None:
        self.exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\nlog_type none\n")
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("mosquitto did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None


def _record(i: int) -> dict:
    return {"event": "sip", "t_s": i / 10, "round": i, "player": "Anna", "attempt": 1, "grams": 40,
            "grams_exact": 40.2, "verdict": "hit", "target_g": 40, "remaining_g": 300.0}


def _wait(predicate, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise RuntimeError("timed out")
        time.sleep(0.005)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m waage.bench.mqtt", description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000, help="events in the throughput run (default 5000)")
    args = parser.parse_args(argv)
    if not (shutil.which("mosquitto") or Path("/usr/sbin/mosquitto").exists()):
        print("mqtt bench: mosquitto is not installed (Debian package 'mosquitto')", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        broker = _Broker(Path(tmp))
        broker.start()
        try:
            settings = MqttSettings(host="127.0.0.1", port=broker.port, device_id="bench", league="bench",
                                    backlog_delay_s=0.0, reconnect_max_s=1)
            obs = MqttObserver(settings).start()
            _wait(lambda: obs.connected)
            view = DrinkingView(player="Anna", target_g=40, min_g=36, max_g=44, attempt=1, drunk_g=3.0, lifted=False)
            t0 = time.perf_counter()
            for i in range(1, args.events + 1):
                obs.record(i, _record(i))
            t1 = time.perf_counter()
            for i in range(2000):
                obs.state(LiveSnapshot(game="waagespiel", phase="drinking", players=["Anna"], current="Anna",
                                       view=view, grams=700.0 + i / 10, lines=args.events))
            t2 = time.perf_counter()
            print(f"game thread: record {1e6 * (t1 - t0) / args.events:.1f} µs/event, "
                  f"state {1e6 * (t2 - t1) / 2000:.1f} µs/snapshot")
            _wait(lambda: obs.acked == args.events)
            t3 = time.perf_counter()
            print(f"throughput: {args.events} events acknowledged in {t3 - t0:.2f} s "
                  f"({args.events / (t3 - t0):.0f} events/s, window {settings.window})")
            line = args.events
            for outage in (1000, 10000):
                broker.stop()
                _wait(lambda: not obs.connected)
                tracemalloc.start()
                before = tracemalloc.get_traced_memory()[0]
                for _ in range(outage):
                    line += 1
                    obs.record(line, _record(line))
                held = tracemalloc.get_traced_memory()[0] - before
                tracemalloc.stop()
                t4 = time.perf_counter()
                broker.start()
                _wait(lambda: obs.acked == line)
                print(f"outage of {outage} events: observer holds {held / 1024:.1f} KiB more at its end; "
                      f"caught up {time.perf_counter() - t4:.2f} s after the broker's restart")
            obs.close()
        finally:
            broker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
