"""``waage bench --web``: how fast and how cheap the web view is.

Serves a ``WebHub`` on 127.0.0.1 (real uvicorn thread) while this process plays
the game thread: a snapshot every display tick (10 Hz, changing grams) and a
decision record every 0.5 s, each stamped with ``time.monotonic()``. Clients
in a separate process (plain SSE readers, or ``--browser``: pages in headless
Chromium) note when each decision arrives. Prints, for 1 and 10 clients:

- decision-to-client latency p50/p95 of the log records and of the view
  (target p95 ≤ 100 ms),
- server CPU time per client per second (the process's CPU beyond the run
  without clients, divided by clients and seconds),
- server RSS,

and a projection for a Raspberry Pi Zero 2 W (PI_FACTOR: how much slower its
Cortex-A53 at 1 GHz runs CPython than this machine; an assumption, see below).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

from waage.display.views import DrinkingView
from waage.live.hub import LiveSnapshot
from waage.web.hub import WebHub

#: CPython on a Pi Zero 2 W (Cortex-A53, 1 GHz) vs. one core of a current x86 PC: about 8× slower
#: (pyperformance-style figures for the Pi 3/Zero 2 class); the projection multiplies CPU figures by it
PI_FACTOR = 8.0
TICK_S = 0.1
DECISION_S = 0.5


def _snapshot(n: int) -> LiveSnapshot:
    drunk = (n % 60) * 0.8
    view = DrinkingView(player="Ben", target_g=50, min_g=45, max_g=55, attempt=1, drunk_g=round(drunk, 1),
                        lifted=False)
    return LiveSnapshot(game="waagespiel", phase="drinking", players=["Anna", "Ben", "Cara", "Dora"],
                        current="Ben", view=view, grams=round(700 - drunk, 1), glass_on_scale=True,
                        sample_at=time.monotonic(), target_g=50, min_g=45, max_g=55,
                        details={"sent": time.monotonic(), "round": 3}, lines=n)


def rss_mb() -> float:
    """Resident set size of this process in MiB (from /proc/self/status)."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0–1) of ``values`` in the same unit (NaN when empty)."""
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, round(q * 100) - 1))]


# ----------------------------------------------------------------- clients (separate process)
async def _sse_client(host: str, port: int, seconds: float, out: dict[str, list[float]]) -> None:
    start = time.monotonic()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    end = time.monotonic() + seconds
    event = None
    try:
        while time.monotonic() < end:
            line = await asyncio.wait_for(reader.readline(), timeout=max(end - time.monotonic(), 0.01))
            text = line.decode("utf-8", "replace").strip()
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: ") and event in ("log", "view"):
                now = time.monotonic()
                data = json.loads(text[6:])
                sent = data.get("sent") if event == "log" else data.get("details", {}).get("sent")
                if sent is not None and sent >= start:  # not the backlog a new connection gets
                    out[event].append((now - sent) * 1000)
    except (TimeoutError, ConnectionError):
        pass
    finally:
        writer.close()


async def _clients(host: str, port: int, n: int, seconds: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"log": [], "view": []}
    await asyncio.gather(*(_sse_client(host, port, seconds, out) for _ in range(n)))
    return out


def _browser_clients(base: str, n: int, seconds: float) -> dict[str, list[float]]:
    """n pages in headless Chromium; each notes Date.now() − the record's wall-clock stamp."""
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"]
    script = """() => { window.lat = {log: [], view: []};
      const start = Date.now();
      Live.on('log', (r) => { if (r.wall && r.wall >= start) window.lat.log.push(Date.now() - r.wall); });
      Live.on('view', (s) => { if (s.details && s.details.wall) window.lat.view.push(Date.now() - s.details.wall); }); }"""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        pages = [browser.new_page() for _ in range(n)]
        for page in pages:
            page.goto(base + "/")
            page.evaluate(script)
        time.sleep(seconds)
        out: dict[str, list[float]] = {"log": [], "view": []}
        for page in pages:
            got = page.evaluate("() => window.lat")
            out["log"] += got["log"]
            out["view"] += got["view"]
        browser.close()
    return out


def client_main(argv: list[str]) -> int:
    """``--client HOST PORT N SECONDS [browser]``: run the clients, print their latencies as JSON."""
    host, port, n, seconds = argv[0], int(argv[1]), int(argv[2]), float(argv[3])
    if len(argv) > 4 and argv[4] == "browser":
        out = _browser_clients(f"http://{host}:{port}", n, seconds)
    else:
        out = asyncio.run(_clients(host, port, n, seconds))
    print(json.dumps(out))
    return 0


# ----------------------------------------------------------------- server side (this process)
def _play(hub: WebHub, seconds: float, line: int) -> int:
    """The game thread: a snapshot per tick, a decision record every DECISION_S; returns the last line."""
    end = time.monotonic() + seconds
    n = 0
    next_decision = time.monotonic()
    while time.monotonic() < end:
        snap = _snapshot(n)
        snap.details["wall"] = time.time() * 1000
        hub.state(snap)
        now = time.monotonic()
        if now >= next_decision:
            line += 1
            hub.record(line, {"event": "bench_decision", "sent": now, "wall": time.time() * 1000})
            next_decision = now + DECISION_S
        n += 1
        time.sleep(TICK_S)
    return line


def run(clients: list[int], seconds: float, browser: bool) -> dict[str, Any]:
    """Measure every client count in ``clients``; returns the figures (latencies in ms)."""
    from waage.config import AppConfig
    from waage.web.commands import setup_of
    from waage.web.server import Controls, WebServer

    hub = WebHub()
    controls = Controls(hub, None, lambda: setup_of(AppConfig()))
    server = WebServer(hub, controls, "127.0.0.1", 0).start()
    results: dict[str, Any] = {"rss_start_mb": round(rss_mb(), 1), "runs": []}
    line = 0
    try:
        cpu0, t0 = time.process_time(), time.monotonic()
        line = _play(hub, seconds, line)
        base_cpu_per_s = (time.process_time() - cpu0) / (time.monotonic() - t0)
        results["cpu_no_clients_pct"] = round(base_cpu_per_s * 100, 2)
        for n in clients:
            cmd = [sys.executable, "-m", "waage.bench.web", "--client", "127.0.0.1", str(server.port), str(n),
                   str(seconds + 1.5)] + (["browser"] if browser else [])
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
            time.sleep(1.5 if not browser else 4.0)  # connect (a browser needs longer)
            cpu0, t0 = time.process_time(), time.monotonic()
            line = _play(hub, seconds, line)
            cpu_per_s = (time.process_time() - cpu0) / (time.monotonic() - t0)
            rss = rss_mb()
            out, _ = proc.communicate(timeout=seconds + 60)
            lat = json.loads(out)
            results["runs"].append({
                "clients": n,
                "log_p50_ms": round(pct(lat["log"], 0.5), 1), "log_p95_ms": round(pct(lat["log"], 0.95), 1),
                "view_p50_ms": round(pct(lat["view"], 0.5), 1), "view_p95_ms": round(pct(lat["view"], 0.95), 1),
                "decisions": len(lat["log"]),
                "cpu_per_client_ms_per_s": round(max(cpu_per_s - base_cpu_per_s, 0.0) / n * 1000, 2),
                "cpu_total_pct": round(cpu_per_s * 100, 2),
                "rss_mb": round(rss, 1),
            })
    finally:
        server.close()
    return results


def report(results: dict[str, Any], browser: bool) -> str:
    """The figures as text, with the Pi Zero 2 W projection."""
    kind = "headless Chromium pages" if browser else "SSE readers in a separate process"
    lines = [f"web view benchmark ({kind}; {os.cpu_count()} CPUs here; decisions every {DECISION_S} s, "
             f"snapshots at {1 / TICK_S:.0f} Hz)",
             f"server without clients: {results['cpu_no_clients_pct']} % CPU, RSS at start {results['rss_start_mb']} MiB"]
    for r in results["runs"]:
        ok = "ok" if r["log_p95_ms"] <= 100 else "OVER TARGET"
        lines.append(
            f"{r['clients']:>2} client(s): decision→client p50 {r['log_p50_ms']} ms, p95 {r['log_p95_ms']} ms ({ok}, "
            f"target ≤ 100); view p50 {r['view_p50_ms']} ms, p95 {r['view_p95_ms']} ms; "
            f"{r['decisions']} decisions; CPU {r['cpu_per_client_ms_per_s']} ms per client per s "
            f"(process {r['cpu_total_pct']} %); RSS {r['rss_mb']} MiB")
    last = results["runs"][-1]
    pi_cpu = last["cpu_total_pct"] * PI_FACTOR
    pi_client = last["cpu_per_client_ms_per_s"] * PI_FACTOR
    lines.append(
        f"Pi Zero 2 W projection (×{PI_FACTOR:g} CPU time, an assumption): {last['clients']} clients ≈ "
        f"{pi_cpu:.1f} % of one core ({pi_client:.1f} ms per client per s); latency adds about ×{PI_FACTOR:g} "
        f"of the server's share; RSS about the same ({last['rss_mb']} MiB of its 512 MiB).")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry of ``waage bench --web`` (and ``python -m waage.bench.web``)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--client":
        return client_main(argv[1:])
    parser = argparse.ArgumentParser(prog="waage bench --web", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per client count (default 10)")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 10], help="client counts (default 1 10)")
    parser.add_argument("--browser", action="store_true", help="clients are pages in headless Chromium")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args([a for a in argv if a != "--web"])
    results = run(args.clients, args.seconds, args.browser)
    print(json.dumps(results) if args.json else report(results, args.browser))
    return 0


if __name__ == "__main__":
    sys.exit(main())
