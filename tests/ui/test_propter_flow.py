"""Propter driven by keys: key sequence -> the exact contract inputs (PR-02…PR-06)."""

from __future__ import annotations

from standin import StandInEngine, StandInHost, press

from waage.display.views import ListView, ScoreView, TurnView, WinnerView
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


def test_home_shows_the_resistance_of_the_three_bs_cards_and_the_hand():
    host, ui = make({"play", "discard"}, current="Ben")
    v = ui.view()
    assert isinstance(v, TurnView) and v.player == "Ben" and v.lines == ["BS: 3 · 2 · 1", "Ben: 5 Handkarten"]


def test_play_on_bs_slot_2_exact_pr03():
    host, ui = make({"play", "discard"}, current="Ben")
    press(ui, OK)
    assert ui.view().items == ["BS-Karte gestochen", "Abwerfen", "Zurück"]
    press(ui, OK)
    slots = ui.view()
    assert slots.title == "Welche BS-Karte?"
    assert slots.items == ["BS 1 · Widerstand 3", "BS 2 · Widerstand 2", "BS 3 · Widerstand 1"]
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
    press(ui, BACK, P, OK)
    assert ui.view() == ScoreView(title="Trophäen", rows=[("Anna", "2"), ("Ben", "1"), ("Cara", "0")])


def test_the_key_time_reaches_the_host():
    host, ui = make({"choose"})
    ui.on_key(OK, 12.5)
    assert host.given == [{"choose": "Anna"}] and host.now_s == 12.5
