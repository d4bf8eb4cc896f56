"""Issue 27, findings 1, 2 and 6: a guessing budget that does not depend on the number of addresses.

Real uvicorn, real sockets from many loopback addresses (127.0.x.y: Linux routes all of 127.0.0.0/8 to
the loopback device), the guard's clock a fake one (no sleeps): the LAN's budget, the per-client locks
that are never forgotten early, the owner who always gets in, IPv6 clients grouped by /64.
"""

from __future__ import annotations

import logging

import pytest

from waage.bench.soak import request_from
from waage.web import guard
from waage.web.guard import GLOBAL_BURST, GLOBAL_REFILL_S, MAX_WRONG_PINS, PinGuard, client_key

JSON = {"Content-Type": "application/json"}


def attackers(n: int) -> list[str]:
    """``n`` loopback addresses of strangers (127.0.8.1 …), none the owner's 127.0.0.1."""
    return [f"127.0.{8 + k // 250}.{k % 250 + 1}" for k in range(n)]


def post(s, source: str, pin: str, path: str = "/api/new-game") -> int:
    return request_from(s.server.port, "POST", path, source, {**JSON, "X-Waage-PIN": pin}, b"{}")[0]


def test_many_addresses_get_only_the_lans_budget_of_guesses(served, caplog):
    """Finding 1: 1,100 addresses round-robin guessed the PIN in 14 s. Now 300 addresses, three guesses
    each (the right PIN among them), get GLOBAL_BURST checked wrong tries in all, then a pause: 429
    for everyone, the right PIN too, and the PIN on the display stays the same (no rotation storm)."""
    caplog.set_level(logging.WARNING, logger="waage.web")
    now = [1000.0]
    s = served(clock=lambda: now[0])
    pin = s.hub.pin
    guesses = [f"{(int(pin) + 1 + k) % 10_000:04d}" for k in range(899)]
    guesses.insert(450, pin)
    answers: dict[int, int] = {}
    sources = attackers(300)
    for k, guess in enumerate(guesses):
        status = post(s, sources[k % len(sources)], guess)
        answers[status] = answers.get(status, 0) + 1
    assert answers == {403: GLOBAL_BURST, 429: 900 - GLOBAL_BURST}
    assert s.submitted == [] and s.hub.pin == pin
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) <= GLOBAL_BURST + 2, lines[-5:]  # bounded logging: not one line per try
    # the budget refills by one try every GLOBAL_REFILL_S
    now[0] += GLOBAL_REFILL_S
    assert [post(s, "127.0.9.1", "0000" if pin != "0000" else "1111") for _ in range(2)] == [403, 429]
    # a pause answers with Retry-After
    status, body = request_from(s.server.port, "POST", "/api/new-game", "127.0.9.2", {**JSON, "X-Waage-PIN": pin},
                                b"{}")
    assert status == 429 and b"warten" in body


def test_the_owner_gets_in_while_the_lan_is_paused(served):
    """Finding 2: the owner's phone, once it gave the PIN, is checked during a pause, with the PIN the
    display shows; a stranger's tries never lock it, its own wrong tries count only against itself."""
    now = [1000.0]
    s = served(clock=lambda: now[0])
    assert post(s, "127.0.0.1", s.hub.pin, "/api/tare") == 202  # the owner sets up its phone
    for source in attackers(40):
        post(s, source, "0000" if s.hub.pin != "0000" else "1111")
    assert post(s, "127.0.9.9", s.hub.pin) == 429  # paused for strangers, the right PIN too
    wrong = "0000" if s.hub.pin != "0000" else "1111"
    assert post(s, "127.0.0.1", wrong, "/api/tare") == 403  # checked, counted against the owner alone
    assert post(s, "127.0.0.1", s.hub.pin, "/api/new-game") == 202
    assert len(s.submitted) == 2


def test_a_locked_address_is_not_forgotten_before_its_lock_ends(served, monkeypatch):
    """Finding 1: an address locked after 5 wrong tries was forgotten once 1,030 others had tried once.
    With the LAN's budget lifted, 1,100 other addresses try once each: the locked one stays locked."""
    monkeypatch.setattr(guard, "GLOBAL_BURST", 100_000)
    now = [1000.0]
    s = served(clock=lambda: now[0])
    wrong = "0000" if s.hub.pin != "0000" else "1111"
    for _ in range(MAX_WRONG_PINS):
        assert post(s, "127.0.7.1", wrong) == 403
    for source in attackers(1100):
        assert post(s, source, wrong) == 403
    assert post(s, "127.0.7.1", s.hub.pin) == 429
    now[0] += guard.LOCK_S + 1
    assert post(s, "127.0.7.1", s.hub.pin) == 202


def test_a_full_table_of_locked_clients_hands_over_to_the_budget(monkeypatch):
    monkeypatch.setattr(guard, "GLOBAL_BURST", 100_000)
    monkeypatch.setattr(guard, "MAX_CLIENTS_TRACKED", 10)
    now = [0.0]
    g = PinGuard(lambda: now[0])
    for k in range(10):
        for _ in range(MAX_WRONG_PINS):
            assert g.attempt(f"10.0.0.{k}", False).outcome == "wrong"
    assert g.attempt("10.0.1.1", False).outcome == "paused"  # no room: refused, nobody forgotten
    assert g.attempt("10.0.0.3", True).outcome == "locked"
    now[0] += guard.LOCK_S
    assert g.attempt("10.0.1.1", False).outcome == "wrong"  # an ended lock makes room


@pytest.mark.parametrize("host,key", [("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
                                      ("::ffff:192.168.1.7", "192.168.1.7"), ("192.168.1.7", "192.168.1.7")])
def test_ipv6_clients_are_grouped_by_their_64(host, key):
    assert client_key(host) == key


def test_addresses_of_one_ipv6_64_share_one_lock():
    now = [0.0]
    g = PinGuard(lambda: now[0])
    for k in range(MAX_WRONG_PINS):
        assert g.attempt(f"2001:db8:1:2::{k + 1:x}", False).outcome == "wrong"
    assert g.attempt("2001:db8:1:2:ffff::9", True).outcome == "locked"
    assert g.attempt("2001:db8:1:3::1", True).outcome == "ok"  # another /64


def test_the_pause_ends_with_the_next_token_and_is_logged_once(caplog):
    caplog.set_level(logging.WARNING, logger="waage.web")
    now = [0.0]
    g = PinGuard(lambda: now[0])
    for k in range(GLOBAL_BURST):
        assert g.attempt(f"10.1.{k}.1", False).outcome == "wrong"
    refused = [g.attempt(f"10.2.{k // 200}.{k % 200}", False) for k in range(1000)]
    assert {d.outcome for d in refused} == {"paused"} and refused[0].retry_s == pytest.approx(GLOBAL_REFILL_S)
    assert g.paused_for() == pytest.approx(GLOBAL_REFILL_S)
    now[0] += GLOBAL_REFILL_S
    assert g.paused_for() == 0.0
    assert sum("paused" in r.getMessage() for r in caplog.records) == 1
    assert any("1000 tries were refused" in r.getMessage() for r in caplog.records)
