"""Propter driven by keys: key sequence -> the exact contract inputs (PR-02…PR-06)."""

from __future__ import annotations

from standin import StandInEngine, StandInHost, press

from waage.display.views import ListView, MessageView, ScoreView, TurnView, WinnerView
from waage.rules.helpers.common import GameResult, Standing
from waage.inputs.keys import Key
from waage.ui import DeviceUi

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
PLAYERS = ["Anna", "Ben", "Cara"]


def make(expecting, current=None, respond=None, **summary):
    summary = summary or {"points": {p: 0 for p in PLAYERS}, "hands": {p: 5 for p in PLAYERS},
                          "resistance": [3, 2, 1], "out": []}
    host = StandInHost(StandInEngine("propter", PLAYERS, expecting, current, "spiel", summary), respond)
    return host, DeviceUi(host)


def test_the_table_chooses_the_first_player():
    host, ui = make({"choose"})
    assert ui.view() == ListView(title="Wer fängt an?", items=PLAYERS, selected=0, right="1/3")
    press(ui, P, OK)
    assert host.given == [{"choose": "Cara"}]


def test_home_shows_the_resistance_the_hand_and_the_points():
    """Issue 21: the turn screen showed no points."""
    host, ui = make({"play", "discard"}, current="Ben", points={"Anna": 0, "Ben": 2, "Cara": 0},
                    hands={"Anna": 5, "Ben": 1, "Cara": 5}, resistance=[3, 2, 1])
    v = ui.view()
    assert isinstance(v, TurnView) and v.player == "Ben" and v.lines == ["BS: 3 · 2 · 1", "1 Handkarte · 2 Pkt"]
    host.engine._summary["hands"]["Ben"] = 4
    host.engine.phase = "other"  # a new state: the home screen is built again
    assert ui.view().lines[1] == "4 Handkarten · 2 Pkt"


def test_a_category_play_is_no_sting_and_says_so_pr03():
    """Issue 21: a category play was labelled "BS-Karte gestochen"; the label says what was done, and
    the notice says "gestochen" only after a sting event."""
    def respond(given):
        return [{"event": "play", "player": "Ben", "slot": 2, "match": "category", "resistance": 1}]
    host, ui = make({"play", "discard"}, current="Ben", respond=respond)
    press(ui, OK, OK, N, OK, OK)
    assert host.given == [{"play": "Ben", "slot": 2, "match": "category"}]
    assert ui.view() == MessageView(title="Propter auf BS 2", lines=["Nicht gestochen: Resistenz jetzt 1."])


def test_play_on_bs_slot_2_exact_pr03():
    host, ui = make({"play", "discard"}, current="Ben")
    press(ui, OK)
    assert ui.view().items == ["Propter gelegt", "Abwerfen", "Zurück"]
    press(ui, OK)
    slots = ui.view()
    assert slots.title == "Welche BS-Karte?"
    assert slots.items == ["BS 1 · Resistenz 3", "BS 2 · Resistenz 2", "BS 3 · Resistenz 1"]
    press(ui, N, OK)
    assert ui.view().items == ["Kategorie (−1)", "Exakt (sticht)"]
    press(ui, N, OK)
    assert host.given == [{"play": "Ben", "slot": 2, "match": "exact"}]


def test_play_by_category_discard_and_next_pr02():
    host, ui = make({"play", "discard"}, current="Ben")
    press(ui, OK, OK, P, OK, OK)  # slot 3 (PREV wraps), category
    press(ui, OK, N, OK)
    host.engine.expecting = {"play", "next"}
    press(ui, OK, N, OK)
    assert host.given == [{"play": "Ben", "slot": 3, "match": "category"}, {"discard": "Ben"}, {"next": "Ben"}]


def test_a_sting_shows_the_trophies_and_the_end_shows_the_winner_pr04_pr06():
    def respond(given):
        return [{"event": "play", "player": "Ben", "slot": 1, "match": "exact", "resistance": 0},
                {"event": "sting", "player": "Ben", "slot": 1, "points": 5},
                {"event": "game_finished", "winner": "Ben", "points": {"Anna": 1, "Ben": 5, "Cara": 0}}]
    host, ui = make({"play", "discard"}, current="Ben", respond=respond)
    press(ui, OK, OK, OK)
    host.engine.current_player, host.engine.expecting = None, set()
    host.engine.result = lambda: GameResult(winners=["Ben"], standings=[
        Standing(name=p, members=[p], points=n) for p, n in (("Ben", 5), ("Anna", 1), ("Cara", 0))])
    press(ui, N, OK)
    assert ui.view() == WinnerView(title="Propter", label="Gewonnen hat", winners=["Ben"],
                                   rows=[("Ben", "5 Pkt"), ("Anna", "1 Pkt"), ("Cara", "0 Pkt")])


def test_statistics_are_the_trophies():
    host, ui = make({"play", "discard"}, current="Ben", points={"Anna": 2, "Ben": 1, "Cara": 0},
                    resistance=[3, 3, 3])
    host.game_records = [{"event": "game_started", "game": "propter", "players": ["Anna", "Ben", "Cara"]},
                         {"event": "sting", "player": "Anna", "slot": 1, "points": 1},
                         {"event": "sting", "player": "Ben", "slot": 2, "points": 1},
                         {"event": "sting", "player": "Anna", "slot": 1, "points": 2}]
    press(ui, BACK, P, OK)
    view = ui.view()  # the game's own figures from its records (waage.stats, issue 21)
    assert view.columns[0] == "points"
    assert {p: row["points"] for p, row in view.per_player.items()} == {"Anna": "2", "Ben": "1", "Cara": "0"}


def test_the_key_time_reaches_the_host():
    host, ui = make({"choose"})
    ui.on_key(OK, 12.5)
    assert host.given == [{"choose": "Anna"}] and host.now_s == 12.5
