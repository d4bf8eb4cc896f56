"""The league without a broker: tallies from sip records, the merged leaderboard, its screen."""

from __future__ import annotations

from luma.core.device import dummy

from waage.display.league_screen import LEAGUE_ROWS, draw_league, league_pages, row_label
from waage.display.fonts import get_font
from waage.mqtt.league import MAX_TABLES, Leaderboard, LeagueMessage, PlayerTally, TableStats, leaderboard_json


def sip(player, grams, target, verdict):
    return {"event": "sip", "t_s": 1.0, "round": 1, "player": player, "attempt": 1, "grams": grams,
            "grams_exact": float(grams), "verdict": verdict, "target_g": target, "remaining_g": 300.0}


def test_table_counts_judged_sips_only():
    """W-21 hit (inside ±10 %), W-22 exact; other records change nothing."""
    t = TableStats("scale-a", "Stehtisch")
    assert not t.feed({"event": "roll", "player": "Anna", "dice": [1, 2]})
    assert t.feed(sip("Anna", 50, 50, "exact"))
    assert t.feed(sip("Anna", 47, 50, "hit"))
    assert t.feed(sip("Anna", 30, 50, "miss"))
    assert not t.feed({"event": "sip", "player": "Anna"})  # incomplete: ignored
    a = t.players["Anna"]
    assert (a.attempts, a.hits, a.exact, a.grams, a.error_g) == (3, 2, 1, 127, 23.0)
    msg = t.message()
    assert msg.table == "Stehtisch" and msg.players["Anna"] == a


def test_same_name_at_two_tables_is_two_rows_ranked_by_hits_exact_error():
    board = Leaderboard("party")
    one = LeagueMessage(device_id="a", table="Tisch 1", players={
        "Anna": PlayerTally(attempts=4, hits=2, exact=1, grams=160, error_g=20.0),
        "Ben": PlayerTally(attempts=2, hits=2, exact=0, grams=80, error_g=6.0)})
    two = LeagueMessage(device_id="b", table="Tisch 2", players={
        "Anna": PlayerTally(attempts=2, hits=2, exact=0, grams=90, error_g=2.0),
        "Cara": PlayerTally()})
    assert board.update("a", one.model_dump_json())
    assert board.update("b", two.model_dump_json().encode())
    rows = board.rows()
    assert [r.label for r in rows] == ["Anna @ Tisch 1", "Anna @ Tisch 2", "Ben @ Tisch 1", "Cara @ Tisch 2"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert rows[0].hit_rate == 0.5 and rows[0].mean_error_g == 5.0
    assert rows[1].mean_error_g == 1.0 and rows[2].mean_error_g == 3.0  # equal hits and exact: smaller error first
    assert rows[3].mean_error_g is None and rows[3].hit_rate == 0.0
    data = leaderboard_json(board.view())
    assert data["league"] == "party" and data["tables"] == 2
    assert data["rows"][1] == {"rank": 2, "player": "Anna", "table": "Tisch 2", "label": "Anna @ Tisch 2",
                               "device_id": "b", "attempts": 2, "hits": 2, "exact": 0, "hit_rate": 1.0,
                               "mean_error_g": 1.0, "grams": 90}
    assert board.update("b", b"")  # a removed retained message removes the table
    assert {r.table for r in board.rows()} == {"Tisch 1"}


def test_invalid_or_foreign_messages_are_refused_and_the_table_is_bounded():
    board = Leaderboard("party")
    assert not board.update("a", b"{not json")
    assert not board.update("a", LeagueMessage(device_id="b", table="T").model_dump_json())  # topic id differs
    for i in range(MAX_TABLES + 5):
        board.update(f"d{i}", LeagueMessage(device_id=f"d{i}", table=f"T{i}").model_dump_json())
    assert board.view().tables == MAX_TABLES


def test_league_screen_pages_and_labels():
    board = Leaderboard("sommerfest")
    board.put(LeagueMessage(device_id="a", table="Stehtisch", players={
        f"P{i}": PlayerTally(attempts=i + 1, hits=i) for i in range(LEAGUE_ROWS + 1)}))
    view = board.view()
    assert league_pages(view) == 2
    images = []
    for page in (0, 1, 2):
        dev = dummy(width=128, height=64, mode="1")
        draw_league(dev, board.view(page), "de")
        images.append(dev.image.tobytes())
        assert dev.image.getpixel((1, 1))  # the inverted header bar
    assert images[0] != images[1] and images[2] == images[0]  # the pages wrap around
    dev = dummy(width=128, height=64, mode="1")
    draw_league(dev, Leaderboard("x").view(), "en")  # an empty league has its own text
    assert dev.image.getbbox() is not None
    font = get_font(10)
    assert row_label("Anna", "T2", font) == "Anna@T2"
    long = row_label("Maximilian", "Stehtisch am Fenster", font)
    assert long.startswith("Ma") and "@St" in long and font.getlength(long) <= 56


def test_own_table_is_on_the_leaderboard_without_a_broker(tmp_path):
    from waage.mqtt.client import MqttObserver
    from waage.mqtt.settings import MqttSettings

    log = tmp_path / "session.jsonl"
    log.write_text('{"event": "sip", "player": "Anna", "grams": 40, "target_g": 40, "verdict": "exact"}\n')
    obs = MqttObserver(MqttSettings(device_id="alone", league="party", table="Theke", flush_timeout_s=0),
                       log_path=log)  # never started: no broker at all
    assert [(r.label, r.exact) for r in obs.league_view().rows] == [("Anna @ Theke", 1)]  # from the log
    obs.record(2, sip("Ben", 30, 30, "exact"))
    assert [r.label for r in obs.league_view().rows] == ["Anna @ Theke", "Ben @ Theke"]
    assert obs.league_json()["tables"] == 1
    obs.close()
    plain = MqttObserver(MqttSettings(device_id="x", flush_timeout_s=0))
    assert plain.league_view() is None and plain.league_json() is None  # no league configured
    plain.close()
