"""The web view's HTTP side against a real uvicorn server: state, SSE with resume, PIN-guarded changes."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from waage.web.commands import NewGameCommand, SetupCommand
from waage.web.guard import MAX_WRONG_PINS
from waage.web.server import MAX_BODY

from .conftest import drinking_snapshot


def read_events(base: str, headers: dict[str, str] | None = None, until: int | None = None,
                want: int = 50, timeout_s: float = 5.0, params: dict[str, str] | None = None) -> list[dict]:
    """Parse SSE from /events into dicts {id, event, data} until ``until`` (a log id) or ``want`` events."""
    events: list[dict] = []
    cur: dict = {}
    deadline = time.monotonic() + timeout_s
    with httpx.stream("GET", base + "/events", headers=headers, params=params, timeout=timeout_s) as resp:
        assert resp.status_code == 200
        assert resp.headers["content-type"].startswith("text/event-stream")
        for line in resp.iter_lines():
            if line == "":
                if "data" in cur:
                    cur["data"] = json.loads(cur["data"])
                    events.append(cur)
                    if (until is not None and cur.get("id") == until) or len(events) >= want:
                        break
                cur = {}
            elif not line.startswith(":"):
                key, _, value = line.partition(": ")
                cur[key] = int(value) if key == "id" else value
            if time.monotonic() > deadline:
                break
    return events


def test_state_reports_game_phase_players_grams_view_and_sample_age(served):
    s = served()
    s.hub.state(drinking_snapshot(grams=612.5, sample_at=time.monotonic() - 0.5))
    body = httpx.get(s.base + "/api/state").json()
    assert (body["game"], body["phase"], body["players"], body["grams"]) == (
        "waagespiel", "drinking", ["Anna", "Ben", "Cara"], 612.5)
    assert body["view"]["type"] == "DrinkingView" and body["view"]["drunk_g"] == 12.0
    assert 0.5 <= body["sample_age_s"] < 5.0
    assert body["lang"] == "de"


def test_state_before_any_snapshot_has_null_grams(served):
    body = httpx.get(served().base + "/api/state").json()
    assert body["grams"] is None and body["view"] is None and body["players"] == []


def test_events_carry_log_records_with_their_line_view_and_grams(served):
    s = served()
    s.hub.state(drinking_snapshot(grams=600.0))
    for line in (1, 2, 3):
        s.hub.record(line, {"event": "roll", "t_s": float(line), "player": "Anna"})
    events = read_events(s.base, want=5)
    logs = [e for e in events if e["event"] == "log"]
    assert [e["id"] for e in logs] == [1, 2, 3]
    assert logs[2]["data"]["t_s"] == 3.0
    kinds = {e["event"] for e in events}
    assert {"view", "grams"} <= kinds
    grams = next(e for e in events if e["event"] == "grams")["data"]
    assert grams["grams"] == 600.0 and "sample_age_s" in grams
    view = next(e for e in events if e["event"] == "view")["data"]
    assert view["view"]["type"] == "DrinkingView" and "grams" not in view


def test_last_event_id_resumes_after_the_missed_line(served):
    s = served()
    for line in range(1, 8):
        s.hub.record(line, {"event": "sip", "n": line})
    events = read_events(s.base, headers={"Last-Event-ID": "4"}, until=7)
    assert [e["id"] for e in events if e["event"] == "log"] == [5, 6, 7]
    # a page reload has no header: the page passes its last id as a query parameter
    events = read_events(s.base, params={"last_id": "6"}, until=7)
    assert [e["id"] for e in events if e["event"] == "log"] == [7]


def test_resume_reads_lines_older_than_the_ring_from_the_session_log(served, tmp_path):
    log = tmp_path / "session.jsonl"
    records = [{"event": "roll", "n": n} for n in range(1, 11)]
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    s = served(log_path=log, ring_size=3)
    for n, rec in enumerate(records, start=1):
        s.hub.record(n, rec)
    assert [line for line, _ in s.hub.ring] == [8, 9, 10]
    events = read_events(s.base, headers={"Last-Event-ID": "2"}, until=10)
    assert [e["id"] for e in events] == list(range(3, 11))
    assert [e["data"]["n"] for e in events] == list(range(3, 11))


def test_live_records_arrive_while_connected(served):
    s = served()
    s.hub.record(1, {"event": "game_started"})
    got: list[int] = []
    with httpx.stream("GET", s.base + "/events", headers={"Last-Event-ID": "1"}, timeout=5) as resp:
        lines = resp.iter_lines()
        s.hub.record(2, {"event": "round_started"})
        for line in lines:
            if line.startswith("id: "):
                got.append(int(line[4:]))
                break
    assert got == [2]


SETUP = {"game": {"players": ["Eva", "Finn"], "starter": "Finn", "dice": "manual"},
         "rules": {"tolerance": 0.2, "grams_per_pip": 10, "pasch_grams": 50, "streak_limit": 3}, "language": "en"}


@pytest.mark.parametrize("path,body", [("/api/setup", SETUP), ("/api/new-game", {})])
def test_changes_without_the_pin_are_refused_and_change_nothing(served, path, body):
    s = served()
    pin = s.hub.pin
    no_pin = httpx.post(s.base + path, json=body)
    wrong = httpx.post(s.base + path, json=body, headers={"X-Waage-PIN": "x" + pin})
    assert no_pin.status_code == 401 and "pin" in no_pin.json()["errors"]
    assert wrong.status_code == 403
    assert s.submitted == [] and s.hub.pin == pin


def test_setup_with_the_pin_hands_a_validated_command_to_the_game_and_renews_the_pin(served):
    s = served()
    pin = s.hub.pin
    resp = httpx.post(s.base + "/api/setup", json=SETUP, headers={"X-Waage-PIN": pin})
    assert resp.status_code == 202
    [cmd] = s.submitted
    assert isinstance(cmd, SetupCommand)
    assert cmd.game.players == ["Eva", "Finn"] and cmd.game.starter == "Finn" and cmd.game.dice == "manual"
    assert cmd.rules.tolerance == 0.2 and cmd.language == "en"
    assert s.hub.pin != pin  # a new PIN for the new game
    resp = httpx.post(s.base + "/api/new-game", json={}, headers={"X-Waage-PIN": s.hub.pin})
    assert resp.status_code == 202 and isinstance(s.submitted[-1], NewGameCommand)


def test_invalid_setup_names_the_field_like_the_config_does(served):
    s = served()
    bad = {**SETUP, "game": {"players": ["Eva"], "starter": "Eva"}, "rules": {"tolerance": 2}}
    resp = httpx.post(s.base + "/api/setup", json=bad, headers={"X-Waage-PIN": s.hub.pin})
    assert resp.status_code == 422
    errors = resp.json()["errors"]
    assert "game.players" in errors and "rules.tolerance" in errors
    typo = {**SETUP, "game": {**SETUP["game"], "starter": "Zoe"}}
    errors = httpx.post(s.base + "/api/setup", json=typo, headers={"X-Waage-PIN": s.hub.pin}).json()["errors"]
    assert "Zoe" in errors["game.starter"]
    # strict like the config files: a number in quotes is no number
    quoted = {**SETUP, "rules": {"grams_per_pip": "10"}}
    assert "rules.grams_per_pip" in httpx.post(s.base + "/api/setup", json=quoted,
                                               headers={"X-Waage-PIN": s.hub.pin}).json()["errors"]
    unknown = {**SETUP, "game": {**SETUP["game"], "game": "skat"}}
    assert "game.game" in httpx.post(s.base + "/api/setup", json=unknown,
                                     headers={"X-Waage-PIN": s.hub.pin}).json()["errors"]
    assert s.submitted == []


def test_setup_may_start_a_helper_game(served):
    """The device hosts all four games: a set-up from the phone may choose Propter."""
    s = served()
    helper = {**SETUP, "game": {**SETUP["game"], "game": "propter"}}
    resp = httpx.post(s.base + "/api/setup", json=helper, headers={"X-Waage-PIN": s.hub.pin})
    assert resp.status_code == 202 and [c.game.game for c in s.submitted] == ["propter"]


def test_oversized_foreign_or_non_json_requests_are_refused(served):
    s = served()
    pin = {"X-Waage-PIN": s.hub.pin}
    big = httpx.post(s.base + "/api/setup", content=b"{" + b" " * (MAX_BODY + 10) + b"}",
                     headers={**pin, "content-type": "application/json"})
    assert big.status_code == 413
    foreign = httpx.post(s.base + "/api/new-game", json={}, headers={**pin, "Origin": "http://evil.example"})
    assert foreign.status_code == 403
    form = httpx.post(s.base + "/api/new-game", data={"a": "b"}, headers=pin)
    assert form.status_code == 415
    assert s.submitted == []


def test_no_cors_headers_not_even_for_a_preflight(served):
    s = served()
    pre = httpx.options(s.base + "/api/setup", headers={"Origin": "http://evil.example",
                                                        "Access-Control-Request-Method": "POST"})
    assert pre.status_code >= 400
    for resp in (pre, httpx.get(s.base + "/api/state", headers={"Origin": "http://evil.example"})):
        assert not any(k.lower().startswith("access-control-") for k in resp.headers)


def test_too_many_wrong_pins_lock_the_controls_for_a_while(served):
    now = [1000.0]
    s = served(clock=lambda: now[0])
    for _ in range(MAX_WRONG_PINS):
        assert httpx.post(s.base + "/api/new-game", json={}, headers={"X-Waage-PIN": "nope"}).status_code == 403
    locked = httpx.post(s.base + "/api/new-game", json={}, headers={"X-Waage-PIN": s.hub.pin})
    assert locked.status_code == 429 and s.submitted == []
    now[0] += 61.0
    assert httpx.post(s.base + "/api/new-game", json={}, headers={"X-Waage-PIN": s.hub.pin}).status_code == 202


def test_pages_are_served_with_a_same_origin_policy(served):
    s = served()
    for path in ("/", "/tv", "/stats", "/setup"):
        resp = httpx.get(s.base + path)
        assert resp.status_code == 200 and "text/html" in resp.headers["content-type"]
        assert "default-src 'self'" in resp.headers["content-security-policy"]


def test_live_grams_are_throttled_and_the_latest_wins(served):
    """A game thread faster than 15 updates/s: the client gets at most 15 a second, ending on the last value."""
    import threading

    from waage.web.hub import MAX_UPDATES_HZ

    s = served()
    s.hub.state(drinking_snapshot(grams=500.0, sample_at=time.monotonic()))
    values = [500.0 + i / 10 for i in range(1, 121)]

    def game_thread() -> None:  # 120 updates in about 0.6 s: 200 per second
        for g in values:
            s.hub.state(drinking_snapshot(grams=g, sample_at=time.monotonic()))
            time.sleep(0.005)

    got: list[tuple[float, float]] = []
    with httpx.stream("GET", s.base + "/events", timeout=5) as resp:
        lines = resp.iter_lines()
        feeder = threading.Thread(target=game_thread)
        event = None
        for line in lines:
            if line.startswith("event: "):
                event = line[7:]
                if not feeder.is_alive() and not got:
                    feeder.start()
            elif line.startswith("data: ") and event == "grams":
                got.append((time.monotonic(), json.loads(line[6:])["grams"]))
                if got[-1][1] == values[-1]:
                    break
    feeder.join()
    assert got[-1][1] == values[-1]  # latest wins: the final value arrives
    span = got[-1][0] - got[0][0]
    assert len(got) <= MAX_UPDATES_HZ * span + 2
    assert len(got) < len(values) / 3  # most intermediate values were skipped, not queued


def test_a_comment_ping_keeps_quiet_streams_open(served, monkeypatch):
    import waage.web.hub as hub_module

    monkeypatch.setattr(hub_module, "PING_S", 0.2)
    s = served()
    with httpx.stream("GET", s.base + "/events", timeout=5) as resp:
        for line in resp.iter_lines():
            if line.startswith(":"):
                assert line == ": ping"
                break


def test_every_new_game_gets_a_new_pin(served):
    s = served()
    first = s.hub.pin
    s.hub.record(1, {"event": "game_started", "players": ["Anna", "Ben"]})
    assert s.hub.pin == first  # the game the device started with keeps the PIN it printed
    s.hub.record(2, {"event": "game_resumed"})
    assert s.hub.pin == first
    s.hub.record(3, {"event": "game_started", "players": ["Anna", "Ben"]})
    assert s.hub.pin != first
    assert httpx.post(s.base + "/api/new-game", json={}, headers={"X-Waage-PIN": first}).status_code == 403


def test_a_fresh_page_gets_the_tail_not_the_whole_log_and_then_live_records(served, tmp_path):
    """``waage run`` starts with records in the log file but none in the ring."""
    log = tmp_path / "session.jsonl"
    log.write_text("".join(json.dumps({"event": "roll", "n": n}) + "\n" for n in range(1, 101)))
    s = served(log_path=log)
    s.hub.lines = 100
    with httpx.stream("GET", s.base + "/events", timeout=5) as resp:
        ids = []
        for line in resp.iter_lines():
            if line == "retry: 1000":
                s.hub.record(101, {"event": "roll", "n": 101})
            if line.startswith("id: "):
                ids.append(int(line[4:]))
                break
    assert ids == [101]
    # an id from an older session (the log was started afresh) counts as none
    s.hub.record(102, {"event": "roll", "n": 102})
    assert [e["id"] for e in read_events(s.base, headers={"Last-Event-ID": "5000"}, until=102)] == [101, 102]


def test_the_pages_texts_are_served_from_the_python_tables(served):
    """Issue 22: one home per language. /static/i18n.js carries the texts of waage/display/texts.py
    (the verdict words are the display's own); the file in the repository has no copy of them."""
    from waage.display.texts import text_table
    from waage.display.web_texts import web_texts
    from waage.web.server import STATIC

    s = served()
    resp = httpx.get(s.base + "/static/i18n.js")
    assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/javascript")
    first = resp.text.splitlines()[1]
    assert first.startswith("const TEXTS = ") and first.endswith(";")
    texts = json.loads(first[len("const TEXTS = "):-1])
    assert texts == web_texts() and texts["en"]["verdict_exact"] == text_table("en")["verdict_exact"] == "Gram-exact!"
    assert "Grammgenau" not in (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert "function t(key, vars)" in resp.text
