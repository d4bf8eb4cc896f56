"""Issue 20, "safe on a party LAN": the web view against a real uvicorn on 127.0.0.1 with real sockets.

Strangers come from 127.0.0.2 (Linux routes all of 127.0.0.0/8 to the loopback device), the owner's
phone from 127.0.0.1, so per-client limits are tried as on a real LAN.
"""

from __future__ import annotations

import http.client
import json
import logging
import resource
import socket
import threading
import time
from urllib.parse import quote

import httpx
import pytest

from waage.bench.soak import request_from
from waage.display.qr_screen import QrView
from waage.live.hub import LiveSnapshot
from waage.web import server as web_server
from waage.web.hub import MAX_GAME_RECORDS
from waage.web.guard import MAX_WRONG_PINS
from waage.web.server import MAX_CONNECTIONS_PER_CLIENT

from .test_api import read_events

STRANGER = "127.0.0.2"


def request(s, method: str, path: str, source: str = "127.0.0.1", headers: dict | None = None,
            body: bytes | None = None, timeout: float = 10.0) -> tuple[int, bytes]:
    """One HTTP request from the source address ``source``; (status, body)."""
    return request_from(s.server.port, method, path, source, headers, body, timeout)


def qr_snapshot(pin: str) -> LiveSnapshot:
    return LiveSnapshot(game="waagespiel", phase="setup", players=["Anna", "Ben"], current=None,
                        view=QrView(url="http://127.0.0.1:8080/", pin=pin), details={"lang": "de"})


# ----------------------------------------------------------------------------------------------- 1
def test_the_join_screen_goes_out_without_its_pin(served):
    """Finding 1: "Handy verbinden" makes the QR screen (URL + PIN) the device's view; phones and
    the TV get the view without the PIN, on /api/state and on the stream."""
    s = served()
    s.hub.state(qr_snapshot(s.hub.pin))
    state = httpx.get(s.base + "/api/state").json()
    assert state["view"]["type"] == "QrView" and state["view"]["url"] == "http://127.0.0.1:8080/"
    assert state["view"]["pin"] == ""
    views = [e for e in read_events(s.base, want=3, timeout_s=3) if e.get("event") == "view"]
    assert views and views[0]["data"]["view"] == {"type": "QrView", "url": "http://127.0.0.1:8080/", "pin": ""}
    # and the PIN a guest might read from the wire is not what the server accepts
    status, _ = request(s, "POST", "/api/new-game", headers={"Content-Type": "application/json",
                                                             "X-Waage-PIN": state["view"]["pin"] or "0"})
    assert status in (401, 403)


# ----------------------------------------------------------------------------------------------- 3
def test_idle_sockets_of_a_stranger_do_not_take_the_view_down(served, monkeypatch):
    """Finding 3: 64 idle TCP connections (no request ever) made every page 503. Now one client gets
    at most MAX_CONNECTIONS_PER_CLIENT; an idle connection is closed after REQUEST_HEAD_S."""
    monkeypatch.setattr(web_server, "REQUEST_HEAD_S", 1.0)
    s = served()
    idle = []
    for _ in range(64):
        sock = socket.socket()
        sock.bind((STRANGER, 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", s.server.port))
        idle.append(sock)
    try:
        time.sleep(0.2)  # the server has accepted them all (a real socket race, not a clock)
        for _ in range(5):  # phones and the TV are served while the 64 stay open
            status, body = request(s, "GET", "/api/state")
            assert status == 200 and json.loads(body)["lang"] == "de"
        # beyond the per-client cap the stranger's sockets were closed at once; the rest after the head timeout
        closed = 0
        for sock in idle:
            try:
                closed += sock.recv(1) == b""
            except (ConnectionResetError, socket.timeout):
                closed += 1
        assert closed == 64
    finally:
        for sock in idle:
            sock.close()


def test_idle_sockets_from_the_phones_own_address_do_not_shut_it_out(served):
    """Finding 3 as a reviewer on 127.0.0.1 (or a phone behind the same address as the idle sockets) sees
    it: a new connection beyond the per-client cap closes that client's oldest idle connection (no request
    under way) instead of being refused; the phone is served at once, not after REQUEST_HEAD_S."""
    s = served()
    idle = []
    for _ in range(64):
        sock = socket.socket()
        sock.settimeout(10)
        sock.connect(("127.0.0.1", s.server.port))
        idle.append(sock)
    try:
        time.sleep(0.2)  # the server has accepted them all (a real socket race, not a clock)
        for _ in range(5):
            status, body = request(s, "GET", "/api/state")
            assert status == 200 and json.loads(body)["lang"] == "de"
    finally:
        for sock in idle:
            sock.close()


def test_a_slowloris_head_is_cut_off(served, monkeypatch):
    """A request head trickled byte by byte never completes: the connection is closed at REQUEST_HEAD_S."""
    monkeypatch.setattr(web_server, "REQUEST_HEAD_S", 1.0)
    s = served()
    with socket.create_connection(("127.0.0.1", s.server.port), timeout=5) as sock:
        t0 = time.monotonic()
        sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        for _ in range(30):
            try:
                sock.sendall(b"X-A: b\r\n")
            except OSError:
                break
            time.sleep(0.2)
        else:
            pytest.fail("the server kept a never-ending request head open for 6 s")
        assert time.monotonic() - t0 < 5


def test_one_client_cannot_hold_more_than_its_share_of_streams(served):
    s = served()
    streams = []
    try:
        for _ in range(MAX_CONNECTIONS_PER_CLIENT + 4):
            sock = socket.socket()
            sock.bind((STRANGER, 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", s.server.port))
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{s.server.port}\r\n\r\n".encode())
            streams.append(sock)
        answered = 0
        for sock in streams:
            try:
                answered += sock.recv(64).startswith(b"HTTP/1.1 200")
            except (ConnectionResetError, socket.timeout):
                pass
        assert answered == MAX_CONNECTIONS_PER_CLIENT
        status, _ = request(s, "GET", "/api/state")  # the owner's phone still gets its page
        assert status == 200
    finally:
        for sock in streams:
            sock.close()


# ----------------------------------------------------------------------------------------------- 4
def big_log(path, lines: int) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"event": "game_started", "players": ["Anna", "Ben"]}) + "\n")
        pad = "x" * 150
        for i in range(2, lines + 1):
            fh.write(json.dumps({"event": "sip", "player": "Anna" if i % 2 else "Ben", "grams": 30, "target_g": 30,
                                 "verdict": "exact", "round": i, "note": pad}) + "\n")


def test_parallel_resumes_of_a_big_log_stay_bounded_and_complete(served, tmp_path):
    """Finding 4: 60 parallel ``/events?last_id=0`` of a 5 MB log took 630 MB. Now a resume reads the
    log in chunks of RESUME_CHUNK lines, one read at a time, from an index: memory stays flat and
    every resumed page still gets every line, in order."""
    log = tmp_path / "session.jsonl"
    n = 25_000
    big_log(log, n)
    assert log.stat().st_size > 5_000_000
    s = served(log_path=log)
    s.hub.lines = n
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    got: dict[int, int] = {}

    def resume(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", s.server.port, timeout=60,
                                          source_address=(f"127.0.2.{k + 1}", 0))  # 30 phones
        conn.request("GET", "/events?last_id=0")
        resp = conn.getresponse()
        count, last = 0, 0
        for raw in resp:
            if raw.startswith(b"id: "):
                line = int(raw[4:])
                assert line == last + 1
                last, count = line, count + 1
                if line == n:
                    break
        conn.close()
        got[k] = count

    threads = [threading.Thread(target=resume, args=(k,)) for k in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert got == {k: n for k in range(30)}
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before) / 1024
    assert grown_mb < 100, f"30 resumes of a 5 MB log took {grown_mb:.0f} MB"


def test_stats_and_exports_of_a_big_log_are_made_once_and_bounded(served, tmp_path):
    log = tmp_path / "session.jsonl"
    n = 25_000
    big_log(log, n)
    s = served(log_path=log, ring_size=50)
    s.hub.lines = n
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    results: list[int] = []

    def ask(path: str, k: int) -> None:
        with httpx.Client(timeout=60, transport=httpx.HTTPTransport(local_address=f"127.0.3.{k + 1}")) as c:
            with c.stream("GET", s.base + path) as r:  # read and drop: the server's memory is measured
                if path == "/api/stats":
                    body = json.loads(r.read())
                    assert len(body["history"]) == MAX_GAME_RECORDS  # the newest records of a game that long
                else:
                    assert sum(len(b) for b in r.iter_bytes()) > 300_000
                results.append(r.status_code)

    paths = ("/api/stats", "/api/session.csv", "/api/session.jsonl") * 10
    threads = [threading.Thread(target=ask, args=(p, k)) for k, p in enumerate(paths)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert results == [200] * 30
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before) / 1024
    assert grown_mb < 100, f"30 statistics/exports of a 5 MB log took {grown_mb:.0f} MB"


# ----------------------------------------------------------------------------------------------- 6
def test_a_strangers_wrong_pins_do_not_lock_the_owner_out_and_are_logged(served, caplog):
    """Finding 6: one wrong PIN every 12 s kept the owner locked out. The lock is per client now."""
    s = served()
    caplog.set_level(logging.WARNING, logger="waage.web")
    json_h = {"Content-Type": "application/json"}
    for _ in range(MAX_WRONG_PINS + 3):
        wrong = "0000" if s.hub.pin != "0000" else "1111"
        status, _ = request(s, "POST", "/api/new-game", STRANGER, {**json_h, "X-Waage-PIN": wrong}, b"{}")
        assert status in (403, 429)
    status, _ = request(s, "POST", "/api/new-game", STRANGER, {**json_h, "X-Waage-PIN": s.hub.pin}, b"{}")
    assert status == 429  # the stranger is locked, even with the right PIN
    status, _ = request(s, "POST", "/api/new-game", "127.0.0.1", {**json_h, "X-Waage-PIN": s.hub.pin}, b"{}")
    assert status == 202  # the owner is not
    assert len(s.submitted) == 1
    assert sum(f"wrong PIN from {STRANGER}" in r.getMessage() for r in caplog.records) == MAX_WRONG_PINS


def test_a_foreign_host_name_reads_nothing(served):
    """DNS rebinding: a page of evil.example whose name now points at the scale sends
    ``Host: evil.example``: refused on every request, GETs too."""
    s = served()
    for path in ("/", "/api/state", "/events", "/api/stats", "/api/session.csv", "/api/setup"):
        status, _ = request(s, "GET", path, headers={"Host": f"evil.example:{s.server.port}"})
        assert status == 421, path
    for host in (f"127.0.0.1:{s.server.port}", "127.0.0.1", f"localhost:{s.server.port}",
                 f"{socket.gethostname()}.local:{s.server.port}"):
        status, _ = request(s, "GET", "/api/state", headers={"Host": host})
        assert status == 200, host
    status, _ = request(s, "GET", "/api/state", headers={"Host": "127.0.0.1:1"})
    assert status == 421  # another port is another origin


def test_origin_is_compared_with_the_device_not_with_the_requests_host(served):
    s = served()
    h = {"Content-Type": "application/json", "X-Waage-PIN": s.hub.pin}
    status, _ = request(s, "POST", "/api/new-game", headers={**h, "Origin": f"http://evil.example:{s.server.port}"},
                        body=b"{}")
    assert status == 403
    status, _ = request(s, "POST", "/api/new-game",
                        headers={**h, "Host": f"evil.example:{s.server.port}",
                                 "Origin": f"http://evil.example:{s.server.port}"}, body=b"{}")
    assert status == 421
    status, _ = request(s, "POST", "/api/new-game", headers={**h, "Origin": f"http://127.0.0.1:{s.server.port}"},
                        body=b"{}")
    assert status == 202 and len(s.submitted) == 1


# ----------------------------------------------------------------------------------------------- 9
@pytest.mark.parametrize("last_id", ["²", "5" * 5000, "-3", "١٢"])
@pytest.mark.parametrize("how", ["header", "query"])
def test_odd_last_event_ids_start_a_fresh_stream(served, last_id, how):
    """Finding 9: ``²`` (a digit to ``str.isdigit``, not to ``int``) or 5,000 digits gave a 500."""
    s = served()
    s.hub.record(1, {"event": "game_started"})
    with socket.create_connection(("127.0.0.1", s.server.port), timeout=5) as sock:
        if how == "header":
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{s.server.port}\r\n".encode()
                         + b"Last-Event-ID: " + last_id.encode() + b"\r\n\r\n")
        else:
            sock.sendall(f"GET /events?last_id={quote(last_id)} HTTP/1.1\r\nHost: 127.0.0.1:{s.server.port}"
                         "\r\n\r\n".encode())
        head = sock.recv(4096)
    assert head.startswith(b"HTTP/1.1 200"), head[:80]


def test_a_damaged_log_line_and_formula_names_do_not_break_stats_or_exports(served, tmp_path):
    log = tmp_path / "session.jsonl"
    log.write_bytes(json.dumps({"event": "game_started"}).encode() + b"\n"
                    + b'{"event": "note", "text": "\xff\xfe"}\n'
                    + json.dumps({"event": "sip", "player": "=HYPERLINK(\"http://x\")", "grams": 30,
                                  "target_g": 30, "verdict": "exact", "round": 1}).encode() + b"\n")
    s = served(log_path=log, ring_size=1)
    s.hub.lines = 3
    s.hub.record(4, {"event": "note", "text": "live"})
    assert httpx.get(s.base + "/api/stats").status_code == 200
    assert httpx.get(s.base + "/api/session.jsonl").status_code == 200
    csv_text = httpx.get(s.base + "/api/session.csv").text
    assert "'=HYPERLINK" in csv_text and "\n=HYPERLINK" not in csv_text and ",=HYPERLINK" not in csv_text
