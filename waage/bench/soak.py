"""The party-LAN soak (issue 20): a real ``waage run`` under every attack at once, figures printed.

``python -m waage.bench.soak --seconds 1800`` (the 30-minute run; the test suite runs a short one)
starts a real mosquitto (when installed) and a real ``waage run`` (fake sensor, the display drawn
to a terminal that nobody reads, ``[web]`` and ``[mqtt]`` on 127.0.0.1) with a systemd-style
watchdog (``$NOTIFY_SOCKET``, ``$WATCHDOG_USEC``), and meanwhile:

- plays a Waagespiel: reads the phase from ``/api/state`` and feeds the matching input on stdin;
- 20 phones (each from its own address 127.0.1.N): one SSE stream each, and ``/api/state`` every 2 s;
- 5 slow readers (127.0.4.N): SSE streams read 1 KiB per second;
- 132 idle sockets from 11 strangers (127.0.5.1–11, 12 each) that never send a request, reopened when closed;
- a PIN brute force (127.0.6.N): wrong PINs as fast as the server answers;
- a PIN attack from many addresses (issue 27): 4 threads round-robin over 1,100 addresses
  (127.0.30.1 …), every guess a new address, as fast as the server answers;
- the owner (127.0.0.9): gives the PIN once at the start (before the attacks), then every 5 s reads
  the PIN in force (the state directory's ``web-pin``, what the OLED shows) and tares with it;
- a league flood: a stranger publishes league messages (many tables, long names, forged counts,
  oversized ones) as fast as the broker takes them.

Figures: the game's watchdog pings (largest gap vs. the timeout), RSS of ``waage run`` (after
warm-up, max, end), phones served (answers, failures, worst ``/api/state`` latency, each stream's
last update), connections refused, PINs tried.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

#: the watchdog timeout given to ``waage run`` (pings due every half of it)
WATCHDOG_S = 2.0
PHONES = 20
SLOW_READERS = 5
IDLE_ADDRESSES = 11
IDLE_PER_ADDRESS = 12
#: the many-address PIN attack: threads and addresses (round-robin)
ATTACK_THREADS = 4
ATTACK_ADDRESSES = 1100
OWNER = "127.0.0.9"

CONFIG = """
[game]
players = ["Anna", "Ben", "Cara"]

[sensor]
kind = "fake"
rate_sps = 10

[display]
kind = "terminal"

[input]
kind = "none"

[web]
enabled = true
listen = "127.0.0.1:{web_port}"
{mqtt}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def request_from(port: int, method: str, path: str, source: str = "127.0.0.1", headers: dict | None = None,
                 body: bytes | None = None, timeout: float = 10.0) -> tuple[int, bytes]:
    """One HTTP request to 127.0.0.1:``port`` from the local address ``source`` (a phone of its own:
    127.0.0.x), within ``timeout`` seconds; (status, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


class Soak:
    """One soak run; ``run()`` returns the figures (also printed by ``main``)."""

    def __init__(self, seconds: float, folder: Path) -> None:
        self.seconds, self.folder = seconds, folder
        self.web_port = _free_port()
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.f: dict[str, Any] = {"state_ok": 0, "state_failed": 0, "state_worst_s": 0.0, "stream_events": 0,
                                  "stream_failures": 0, "idle_reopened": 0, "pins_tried": 0, "pin_answers": {},
                                  "league_messages": 0, "pings": [], "rss": [], "inputs": 0,
                                  "attack_tried": 0, "attack_answers": {}, "owner_ok": 0, "owner_failed": []}
        self.last_event: dict[int, float] = {}
        self.broker: subprocess.Popen | None = None
        self.broker_port = 0

    # ------------------------------------------------------------------ processes
    def _start_broker(self) -> str:
        exe = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
        if exe is None:
            return ""
        self.broker_port = _free_port()
        conf = self.folder / "mosquitto.conf"
        conf.write_text(f"listener {self.broker_port} 127.0.0.1\nallow_anonymous true\n"
                        f"user {os.environ.get('USER') or 'root'}\n", encoding="utf-8")
        self.broker = subprocess.Popen([exe, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.broker_port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        return (f'[mqtt]\nenabled = true\nhost = "127.0.0.1"\nport = {self.broker_port}\ndevice_id = "soak-scale"\n'
                'league = "party"\ntable = "Soak"\n')

    def _start_waage(self, mqtt: str) -> subprocess.Popen:
        cfg = self.folder / "waage.toml"
        cfg.write_text(CONFIG.format(web_port=self.web_port, mqtt=mqtt), encoding="utf-8")
        self.notify_path = str(self.folder / "notify")
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(self.notify_path)
        env = dict(os.environ, NOTIFY_SOCKET=self.notify_path, WATCHDOG_USEC=str(int(WATCHDOG_S * 1e6)),
                   PYTHONUNBUFFERED="1")
        env.pop("WATCHDOG_PID", None)
        # a party's device has weighed its glass before (W-36): it powers on in the game menu, not in
        # "Erst das Glas wiegen" (issue 30), so the players' keys reach the game
        from waage.app.store import StateStore
        from waage.weight.settings import GlassSettings

        (self.folder / "state").mkdir(parents=True, exist_ok=True)
        StateStore(self.folder / "state").save_glass(GlassSettings())  # the config's glass (its default)
        proc = subprocess.Popen([sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir",
                                 str(self.folder / "state"), "--keys-from-stdin", "--seed", "7"],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=open(self.folder / "stderr", "w"),
                                text=True, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"waage run exited: {(self.folder / 'stderr').read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.web_port), timeout=0.2).close()
                return proc
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("waage run did not serve its web view within 60 s")

    # ------------------------------------------------------------------ actors
    def _request(self, method: str, path: str, source: str, headers: dict | None = None,
                 body: bytes | None = None, timeout: float = 10.0) -> tuple[int, bytes]:
        return request_from(self.web_port, method, path, source, headers, body, timeout)

    def _watchdog(self) -> None:
        self.notify.settimeout(0.2)
        while not self.stop.is_set():
            try:
                data = self.notify.recv(4096)
            except socket.timeout:
                continue
            if b"WATCHDOG=1" in data:
                self.f["pings"].append(time.monotonic())

    def _memory(self, pid: int) -> None:
        while not self.stop.wait(1.0):
            rss = _rss_mb(pid)
            if rss is not None:
                self.f["rss"].append((time.monotonic(), rss))

    def _game(self, proc: subprocess.Popen) -> None:
        """The players: the phase from /api/state, the matching input on stdin."""
        choose = ["Ben", "Cara", "Anna"]
        k = 0
        while not self.stop.wait(0.3):
            try:
                status, body = self._request("GET", "/api/state", "127.0.0.1")
            except OSError:
                continue
            if status != 200:
                continue
            state = json.loads(body)
            phase = state.get("phase")
            line = None
            if phase in ("rolling", "tie_break"):
                line = 'input {"roll": "auto"}'
            elif phase == "choosing":
                k += 1
                line = f'input {{"choose": "{choose[k % 3]}"}}'
            elif phase == "drinking" and state.get("target_g"):
                line = f"sip {state['target_g'] if random.random() < 0.7 else 5}"
            elif phase in ("refill", "ended", "game_over"):
                line = "refill 300"
            if line:
                try:
                    proc.stdin.write(line + "\n")
                    proc.stdin.flush()
                    self.f["inputs"] += 1
                except (OSError, ValueError):
                    return

    def _phone(self, n: int) -> None:
        source = f"127.0.1.{n + 1}"

        def stream() -> None:
            while not self.stop.is_set():
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", self.web_port, timeout=10,
                                                      source_address=(source, 0))
                    conn.request("GET", "/events")
                    resp = conn.getresponse()
                    if resp.status != 200:
                        raise OSError(resp.status)
                    for raw in resp:
                        if raw.startswith(b"data:"):
                            self.last_event[n] = time.monotonic()
                            with self.lock:
                                self.f["stream_events"] += 1
                        if self.stop.is_set():
                            break
                    conn.close()
                except (OSError, http.client.HTTPException):
                    if self.stop.is_set():
                        break  # the soak's own stop ended the device: no failure of it
                    with self.lock:
                        self.f["stream_failures"] += 1
                    self.stop.wait(1.0)

        threading.Thread(target=stream, daemon=True).start()
        while not self.stop.wait(2.0):
            t0 = time.monotonic()
            try:
                status, _ = self._request("GET", "/api/state", source)
            except OSError:
                status = 0
            dt = time.monotonic() - t0
            with self.lock:
                if status == 200:
                    self.f["state_ok"] += 1
                    self.f["state_worst_s"] = max(self.f["state_worst_s"], dt)
                elif not self.stop.is_set():  # a request under way when the soak ended the device is none of its failures
                    self.f["state_failed"] += 1

    def _slow_reader(self, n: int) -> None:
        while not self.stop.is_set():
            try:
                sock = socket.socket()
                sock.bind((f"127.0.4.{n + 1}", 0))
                sock.settimeout(5)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.connect(("127.0.0.1", self.web_port))
                sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{self.web_port}\r\n\r\n".encode())
                while not self.stop.wait(1.0):
                    if not sock.recv(1024):
                        break
                sock.close()
            except OSError:
                self.stop.wait(1.0)

    def _idle(self, source: str) -> None:
        socks: list[socket.socket] = []
        while not self.stop.wait(0.5):
            alive = []
            for s in socks:
                try:
                    s.setblocking(False)
                    gone = s.recv(1) == b""
                except BlockingIOError:
                    gone = False
                except OSError:
                    gone = True
                if gone:
                    s.close()
                else:
                    alive.append(s)
            while len(alive) < IDLE_PER_ADDRESS:
                try:
                    s = socket.socket()
                    s.bind((source, 0))
                    s.settimeout(2)
                    s.connect(("127.0.0.1", self.web_port))
                    alive.append(s)
                    with self.lock:
                        self.f["idle_reopened"] += 1
                except OSError:
                    break
            socks = alive
        for s in socks:
            s.close()

    def _pin_in_force(self) -> str:
        """The PIN the device shows now (its state directory's ``web-pin``)."""
        return (self.folder / "state" / "web-pin").read_text(encoding="ascii").strip()

    def _guess(self, source: str, tried: str, answers: str) -> int:
        """One random wrong PIN guess from ``source``, counted in the figures ``tried`` and ``answers``.

        Never the PIN in force: the soak measures how many guesses the server checks (the LAN's
        budget); the odds that a checked guess hits are docs/security.md's arithmetic, not the
        luck of one run."""
        pin = self._pin_in_force()
        guess = pin
        while guess == pin:
            guess = f"{random.randrange(10000):04d}"
        try:
            status, _ = self._request("POST", "/api/new-game", source,
                                      {"Content-Type": "application/json", "X-Waage-PIN": guess}, b"{}")
        except OSError:
            status = 0
        with self.lock:
            self.f[tried] += 1
            self.f[answers][status] = self.f[answers].get(status, 0) + 1
        return status

    def _brute_force(self, n: int) -> None:
        while not self.stop.is_set():
            if self._guess(f"127.0.6.{n + 1}", "pins_tried", "pin_answers") == 429:
                self.stop.wait(0.2)

    def _attack(self, n: int) -> None:
        """Wrong PINs round-robin over ATTACK_ADDRESSES addresses (this thread's share of them)."""
        k = n
        while not self.stop.is_set():
            self._guess(f"127.0.{30 + k % ATTACK_ADDRESSES // 250}.{k % ATTACK_ADDRESSES % 250 + 1}",
                        "attack_tried", "attack_answers")
            k += ATTACK_THREADS

    def _owner_tare(self) -> int:
        """The owner's tare with the PIN the device shows now (its state directory's ``web-pin``)."""
        return self._request("POST", "/api/tare", OWNER,
                             {"Content-Type": "application/json", "X-Waage-PIN": self._pin_in_force()},
                             b"{}")[0]

    def _owner(self) -> None:
        while not self.stop.wait(5.0):
            try:
                status = self._owner_tare()
            except OSError as exc:
                status = str(exc)
            with self.lock:
                if status == 202:
                    self.f["owner_ok"] += 1
                elif not self.stop.is_set():
                    self.f["owner_failed"].append(status)

    def _league_flood(self) -> None:
        if not self.broker_port:
            return
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="soak-flood")
        c.connect("127.0.0.1", self.broker_port)
        c.loop_start()
        i = 0
        while not self.stop.is_set():
            i += 1
            dev = f"evil-{i % 500}"
            kind = i % 4
            if kind == 0:
                payload = json.dumps({"device_id": dev, "table": "T\n" + "x" * 200,
                                      "players": {f"P{j}\n{'y' * 100}": {"attempts": 3, "hits": 2}
                                                  for j in range(60)}})
            elif kind == 1:
                payload = json.dumps({"device_id": dev, "table": "cheat", "players": {"M": {"attempts": 1,
                                                                                          "hits": 1000}}})
            elif kind == 2:
                payload = "{" + " " * 100_000 + "}"
            else:
                payload = json.dumps({"device_id": dev, "table": f"t{i}", "players": {"Eve": {"attempts": 1}}})
            info = c.publish(f"waage/league/party/{dev}", payload, qos=0, retain=True)
            self.f["league_messages"] += 1
            if info.rc != 0:
                self.stop.wait(0.05)
            if i % 50 == 0:
                self.stop.wait(0.05)
        c.loop_stop()
        c.disconnect()

    # ------------------------------------------------------------------ the run
    def run(self) -> dict[str, Any]:
        mqtt = self._start_broker()
        proc = self._start_waage(mqtt)
        t0 = time.monotonic()
        paired = self._owner_tare()  # the owner sets up its phone before the attacks begin
        threads = [threading.Thread(target=self._watchdog), threading.Thread(target=self._memory, args=(proc.pid,)),
                   threading.Thread(target=self._game, args=(proc,)), threading.Thread(target=self._league_flood),
                   threading.Thread(target=self._owner)]
        threads += [threading.Thread(target=self._idle, args=(f"127.0.5.{n + 1}",)) for n in range(IDLE_ADDRESSES)]
        threads += [threading.Thread(target=self._attack, args=(n,)) for n in range(ATTACK_THREADS)]
        threads += [threading.Thread(target=self._phone, args=(n,)) for n in range(PHONES)]
        threads += [threading.Thread(target=self._slow_reader, args=(n,)) for n in range(SLOW_READERS)]
        threads += [threading.Thread(target=self._brute_force, args=(n,)) for n in range(3)]
        for t in threads:
            t.daemon = True
            t.start()
        try:
            while time.monotonic() - t0 < self.seconds:
                if proc.poll() is not None:
                    raise RuntimeError(f"waage run exited: {(self.folder / 'stderr').read_text()[-2000:]}")
                time.sleep(0.5)
            now = time.monotonic()
            stale = [n for n in range(PHONES) if now - self.last_event.get(n, 0.0) > 3.0]
        finally:
            self.stop.set()
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
            if self.broker is not None:
                self.broker.terminate()
                self.broker.wait(timeout=10)
            self.notify.close()
        pings = [p for p in self.f["pings"] if p >= t0]
        gaps = [b - a for a, b in zip(pings, pings[1:])]
        rss = [r for t, r in self.f["rss"] if t - t0 >= min(10.0, self.seconds / 3)]
        records = (self.folder / "state" / "session.jsonl").read_text(encoding="utf-8").count("\n")
        log_lines = (self.folder / "stderr").read_text(encoding="utf-8", errors="replace").count("\n")
        return {
            "seconds": round(time.monotonic() - t0, 1),
            "watchdog_timeout_s": WATCHDOG_S, "watchdog_pings": len(pings),
            "watchdog_max_gap_s": round(max(gaps), 3) if gaps else None,
            "watchdog_late": sum(g > WATCHDOG_S for g in gaps),
            "rss_after_warmup_mb": round(rss[0], 1) if rss else None, "rss_max_mb": round(max(rss), 1) if rss else None,
            "rss_end_mb": round(rss[-1], 1) if rss else None,
            "phones": PHONES, "phones_stale_at_end": stale, "state_ok": self.f["state_ok"],
            "state_failed": self.f["state_failed"], "state_worst_s": round(self.f["state_worst_s"], 3),
            "stream_events": self.f["stream_events"], "stream_failures": self.f["stream_failures"],
            "idle_sockets_reopened": self.f["idle_reopened"], "pins_tried": self.f["pins_tried"],
            "pin_answers": self.f["pin_answers"], "attack_addresses": ATTACK_ADDRESSES,
            "attack_tried": self.f["attack_tried"], "attack_answers": self.f["attack_answers"],
            "owner_paired": paired, "owner_ok": self.f["owner_ok"], "owner_failed": self.f["owner_failed"],
            "league_messages": self.f["league_messages"],
            "game_inputs": self.f["inputs"], "log_records": records, "journal_lines": log_lines,
            "mqtt": bool(self.broker_port),
            "exit_code": proc.returncode,
        }


def soak(seconds: float) -> dict[str, Any]:
    """Run the soak for ``seconds`` in a throw-away folder; returns the figures."""
    with tempfile.TemporaryDirectory(prefix="waage-soak-") as folder:
        return Soak(seconds, Path(folder)).run()


def main(argv: list[str] | None = None) -> int:
    """``python -m waage.bench.soak [--seconds N]``: print the figures as text and one JSON line."""
    p = argparse.ArgumentParser(prog="python -m waage.bench.soak", description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=1800.0, help="how long (default 1800 = 30 minutes)")
    args = p.parse_args(argv)
    f = soak(args.seconds)
    print(f"soak {f['seconds']} s: watchdog {f['watchdog_pings']} pings, largest gap {f['watchdog_max_gap_s']} s "
          f"(timeout {f['watchdog_timeout_s']} s, late {f['watchdog_late']}); RSS {f['rss_after_warmup_mb']} MB after "
          f"warm-up, max {f['rss_max_mb']}, end {f['rss_end_mb']}; phones {f['phones']}: /api/state "
          f"{f['state_ok']} ok, {f['state_failed']} failed, worst {f['state_worst_s']} s, streams "
          f"{f['stream_events']} events, stale at end {f['phones_stale_at_end']}; idle sockets reopened "
          f"{f['idle_sockets_reopened']}; PINs tried {f['pins_tried']} {f['pin_answers']}; from "
          f"{f['attack_addresses']} addresses {f['attack_tried']} {f['attack_answers']}; owner paired "
          f"{f['owner_paired']}, got in {f['owner_ok']} times, failed {f['owner_failed']}; league messages "
          f"{f['league_messages']}; game inputs {f['game_inputs']}, log records {f['log_records']}; journal lines "
          f"{f['journal_lines']}")
    print(json.dumps(f))
    ok = (not f["watchdog_late"] and not f["state_failed"] and not f["phones_stale_at_end"]
          and not f["attack_answers"].get(202) and not f["pin_answers"].get(202) and not f["owner_failed"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
