"""Issue 20's soak, short: a real ``waage run`` (web + MQTT) under every attack at once
(``waage/bench/soak.py``; the 30-minute run is ``python -m waage.bench.soak --seconds 1800``)."""

from __future__ import annotations

import os
import shutil

import pytest

from waage.bench.soak import IDLE_ADDRESSES, IDLE_PER_ADDRESS, PHONES, soak
from waage.web.guard import GLOBAL_BURST, GLOBAL_REFILL_S

#: the short run's length; the figures of the long run are in docs/security.md
SECONDS = float(os.environ.get("WAAGE_SOAK_S", "20"))


def test_the_game_and_every_phone_go_on_under_every_attack_at_once():
    if shutil.which("mosquitto") is None and not os.path.exists("/usr/sbin/mosquitto"):
        pytest.skip("mosquitto is not installed (Debian package 'mosquitto'; .ci/run installs it): no league flood")
    f = soak(SECONDS)
    print(f)
    assert f["exit_code"] == 0
    assert f["watchdog_pings"] >= SECONDS / (f["watchdog_timeout_s"] / 2) - 2
    assert f["watchdog_late"] == 0 and f["watchdog_max_gap_s"] < f["watchdog_timeout_s"]
    assert f["state_failed"] == 0 and f["state_ok"] >= PHONES * (SECONDS / 2 - 2)
    assert f["phones_stale_at_end"] == [] and f["stream_failures"] == 0
    assert f["rss_max_mb"] - f["rss_after_warmup_mb"] < 20  # flat, not growing with the attacks
    assert f["pin_answers"].get(202, 0) == 0  # no guess got through
    # issue 27: 1,100 addresses get the LAN's budget of checked guesses (the attackers' guesses are all
    # wrong: the odds that a checked guess hits are docs/security.md's); the owner gets in with the PIN
    # the device shows, every time
    assert f["attack_answers"].get(202, 0) == 0 and f["attack_tried"] > 1000
    checked = f["attack_answers"].get(403, 0) + f["pin_answers"].get(403, 0)
    assert checked <= GLOBAL_BURST + SECONDS / GLOBAL_REFILL_S + 1
    assert f["owner_paired"] == 202 and f["owner_ok"] >= SECONDS / 5 - 2 and f["owner_failed"] == []
    assert f["league_messages"] > 100 and f["idle_sockets_reopened"] >= IDLE_ADDRESSES * IDLE_PER_ADDRESS
    assert f["log_records"] > 5  # the game was played meanwhile
    assert f["journal_lines"] < 100 + 5 * SECONDS  # bounded logging under every attack (issue 27)


def test_a_phone_counts_a_reset_while_the_soak_runs_but_not_one_its_own_stop_caused(tmp_path):
    """The short soak failed now and then with "state_failed": 16 (of 20 phones): each phone asks every
    2 s, the 20 s run ended just as their tenth requests were under way, and the device's stop reset
    them. A stand-in device (a socket that answers no request) resets a phone's first request while
    the soak runs, then its second right after the soak's stop: one failure, not two."""
    import socket
    import struct
    import threading

    from waage.bench.soak import Soak

    server = socket.create_server(("127.0.0.1", 0))
    soak = Soak(1.0, tmp_path)
    soak.web_port = server.getsockname()[1]
    held: list[socket.socket] = []

    def reset(conn: socket.socket) -> None:  # closed with unread state: the peer gets a reset
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.close()

    def device() -> None:
        states = 0
        while states < 2:
            conn, _ = server.accept()
            if b"/api/state" not in conn.recv(4096):
                held.append(conn)  # the phone's stream: open, silent
                continue
            states += 1
            if states == 2:
                soak.stop.set()  # the soak ends while this request is under way
            reset(conn)

    dev = threading.Thread(target=device, daemon=True)
    dev.start()
    phone = threading.Thread(target=soak._phone, args=(0,), daemon=True)
    phone.start()
    dev.join(30)
    phone.join(30)
    for conn in held:
        reset(conn)
    server.close()
    assert not dev.is_alive() and not phone.is_alive()
    assert (soak.f["state_ok"], soak.f["state_failed"]) == (0, 1)
