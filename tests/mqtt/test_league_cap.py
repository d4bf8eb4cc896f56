"""Issue 27, finding 5: forged league tables cannot crowd real scales out (a fake clock for the rules,
a real mosquitto for the broker's retained messages and restarts)."""

from __future__ import annotations

import json

from waage.mqtt.client import MqttObserver
from waage.mqtt.league import MAX_TABLES, Leaderboard, LeagueMessage, PlayerTally
from waage.mqtt.settings import MqttSettings

from .helpers import wait_until
from .test_lan_mqtt import publish, stranger


def table(dev: str, name: str = "t") -> str:
    return json.dumps({"device_id": dev, "table": name, "players": {"Eve": {"attempts": 1, "hits": 1}}})


def sip(player: str) -> dict:
    return {"event": "sip", "t_s": 1.0, "round": 1, "player": player, "attempt": 1, "grams": 30,
            "grams_exact": 30.0, "verdict": "exact", "target_g": 30, "remaining_g": 300.0}


def test_retained_tables_never_updated_give_way_to_a_live_one():
    now = [0.0]
    board = Leaderboard("party", clock=lambda: now[0])
    board.put(LeagueMessage(device_id="ours", table="Stehtisch", players={"Anna": PlayerTally()}))
    for k in range(MAX_TABLES - 1):
        assert board.update(f"evil-{k}", table(f"evil-{k}"), retained=True)
    assert not board.update("evil-late", table("evil-late"), retained=True)  # full: a retained one waits
    now[0] += 1
    assert board.update("real", table("real", "Echt"))  # published live: the oldest retained one gives way
    devices = {r.device_id for r in board.view().rows}
    assert {"ours", "real"} <= devices and "evil-0" not in devices and board.view().tables == MAX_TABLES


def test_recent_and_live_tables_are_kept_and_the_own_table_always():
    now = [0.0]
    board = Leaderboard("party", clock=lambda: now[0])
    board.put(LeagueMessage(device_id="ours", table="Stehtisch", players={"Anna": PlayerTally()}))
    for k in range(MAX_TABLES - 1):
        assert board.update(f"live-{k}", table(f"live-{k}"))
    now[0] += 1
    assert not board.update("old-retained", table("old-retained"), retained=True)
    now[0] += 600
    assert board.update("live-0", table("live-0"))  # an update of a table on the board is always taken
    for k in range(200):  # a live flood of new ids: the least recently seen give way, never our own
        now[0] += 1
        assert board.update(f"flood-{k}", table(f"flood-{k}"))
    assert "ours" in {r.device_id for r in board.view().rows} and board.view().tables == MAX_TABLES


def test_a_live_scale_gets_on_a_board_full_of_retained_forgeries_also_after_a_restart(broker):
    """64 retained forgeries on the broker kept a real scale off the board, also across restarts. The
    real scale's table, published while this scale is connected, takes the place of a forgery that
    was never updated; after this scale's restart again, with the real scale's next sip."""
    c = stranger(broker.port)
    settings = MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale", league="party",
                            table="Stehtisch")
    real = None
    obs = None
    try:
        for k in range(MAX_TABLES):
            publish(c, f"waage/league/party/evil-{k:02d}", table(f"evil-{k:02d}", f"fake {k}"))
        obs = MqttObserver(settings).start()
        wait_until(lambda: obs.league_view().tables == MAX_TABLES, what="the forgeries on the board")
        real = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="real-scale",
                                         league="party", table="Echt"))
        real.record(1, sip("Ida"))
        real.start()
        wait_until(lambda: "Ida" in {r.player for r in obs.league_view().rows}, what="the real scale on the board")
        obs.close()
        obs = MqttObserver(settings).start()  # a restart: every table comes retained again
        wait_until(lambda: obs.league_view().tables == MAX_TABLES, what="the board after the restart")
        real.record(2, sip("Jan"))
        wait_until(lambda: "Jan" in {r.player for r in obs.league_view().rows}, what="the real scale's next sip")
        assert obs.league_view().tables == MAX_TABLES
    finally:
        c.loop_stop()
        c.disconnect()
        for o in (obs, real):
            if o is not None:
                o.close()
