"""Ein Arsch kommt selten allein driven by keys: key sequence -> the exact contract inputs (AS-01…AS-08)."""

from __future__ import annotations

import pytest
from standin import StandInEngine, StandInHost, press

from waage.display.views import (ConfirmView, ListView, MessageView, NumberEntryView, ScoreView, TurnView,
                                 WinnerView)
from waage.rules.helpers.common import GameResult, Standing
from waage.inputs.keys import Key
from waage.ui import DeviceUi

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
PLAYERS = ["Anna", "Ben", "Cara"]
TURN = {"raise", "pair", "pass", "out"}


def make(expecting, current=None, respond=None, **summary):
    summary = summary or {"round": 1, "totals": {"Anna": 0, "Ben": 0, "Cara": 0}}
    engine = StandInEngine("arsch_selten_allein", PLAYERS, expecting, current, "spiel", summary)
    host = StandInHost(engine, respond)
    return host, DeviceUi(host)


def test_the_table_names_the_starter_of_round_1_as01():
    host, ui = make({"choose"})
    v = ui.view()
    assert isinstance(v, ListView) and v.title == "Wer beginnt?" and v.items == PLAYERS
    assert v.right == "Runde 1"
    press(ui, N, N, OK)
    assert host.given == [{"choose": "Cara"}]


def test_a_tie_for_the_most_points_offers_only_the_tied_and_the_end_of_the_game_as01_as08():
    host, ui = make({"choose", "finish"})
    host.last_events = [{"event": "choice_needed", "players": ["Ben", "Cara"], "t_s": 0}]
    assert ui.view().items == ["Ben", "Cara", "Spiel beenden"]
    press(ui, OK)
    assert host.given == [{"choose": "Ben"}]
    press(ui, P, OK)
    confirm = ui.view()
    assert isinstance(confirm, ConfirmView) and confirm.title == "Spiel beenden?"
    press(ui, OK)  # "Nein"
    assert host.given == [{"choose": "Ben"}]
    press(ui, P, OK, N, OK)
    assert host.given[-1] == {"finish": True}


@pytest.mark.parametrize("keys,given", [
    ((OK, OK), {"raise": "Cara"}),
    ((OK, N, OK), {"pair": "Cara"}),       # AS-03
    ((OK, N, N, OK), {"pass": "Cara"}),    # AS-04
    ((OK, P, P, OK), {"out": "Cara"}),     # AS-05
])
def test_the_player_at_turn_raises_pairs_passes_or_goes_out(keys, given):
    host, ui = make(TURN, current="Cara")
    home = ui.view()
    assert isinstance(home, TurnView) and home.player == "Cara" and home.right == "Runde 1"
    press(ui, OK)
    assert ui.view().items == ["Höher gelegt", "Paar gelegt", "Passen und ziehen", "Letzte Karte: raus", "Zurück"]
    press(ui, P, OK)  # "Zurück"
    press(ui, *keys)
    assert host.given == [given]


def test_a_pass_reminds_to_draw_as04():
    host, ui = make(TURN, current="Anna", respond=lambda given: [{"event": "pass", "player": "Anna", "pairs": 0}])
    press(ui, OK, N, N, OK)
    assert ui.view() == MessageView(title="Passen und ziehen",
                                    lines=["Ziehen, bis ein männlicher und ein weiblicher Arsch kommen."])
    press(ui, OK)
    assert isinstance(ui.view(), TurnView)


def test_penalty_points_per_player_still_holding_cards_as06():
    """Digit by digit (issue 21: one press per point, no way back): 37 is OK, N N N OK, P P P OK; then
    a check list where OK on a player enters their points again, and "Eintragen" sends them."""
    def respond(given):
        return [{"event": "round_scored", "round": 1, "points": given["points"],
                 "totals": {"Anna": 37, "Ben": 0, "Cara": 0}}]
    host, ui = make({"points"}, respond=respond)
    host.last_events = [{"event": "went_out", "player": "Cara", "t_s": 0},
                        {"event": "round_ended", "round": 1, "to_score": ["Anna", "Ben"], "t_s": 0}]
    home = ui.view()
    assert home.player == "Strafpunkte" and home.lines == ["Noch Karten: Anna, Ben"]
    press(ui, OK)
    assert ui.view() == NumberEntryView(title="Strafpunkte", digits="000", cursor=0, unit="Pkt",
                                        hint="WEITER +1 · ZURÜCK −1", label="Anna", right="1/2")
    press(ui, OK, N, N, N, OK, P, P, P)  # hundreds 0, tens 3, units 7 (PREV wraps 0 -> 9 -> 8 -> 7)
    assert ui.view().digits == "037" and ui.view().cursor == 2
    press(ui, OK)
    assert ui.view().label == "Ben" and ui.view().digits == "000" and ui.view().right == "2/2"
    press(ui, OK, OK, N, OK)  # Ben 1
    check = ui.view()
    assert check == ListView(title="Strafpunkte prüfen", items=["Anna: 37", "Ben: 1", "Eintragen"], selected=2,
                             right="Pkt")
    assert host.given == []
    press(ui, N, N, OK)  # back to Ben: 1 -> 0
    assert ui.view().label == "Ben" and ui.view().digits == "001"
    press(ui, OK, OK, P, OK)
    assert ui.view().items == ["Anna: 37", "Ben: 0", "Eintragen"]
    press(ui, OK)
    assert host.given == [{"points": {"Anna": 37, "Ben": 0}}]
    assert ui.view() == ScoreView(title="Punkte gesamt", rows=[("Anna", "37"), ("Ben", "0"), ("Cara", "0")])


def test_team_totals_and_the_winners_show_after_the_last_round_as07_as08():
    def respond(given):
        return [{"event": "game_finished", "winners": ["Ben", "Dörte"],
                 "standings": [{"team": "2", "points": 4}, {"team": "1", "points": 9}]}]
    host, ui = make({"choose", "finish"}, respond=respond)
    host.engine.players = ["Anna", "Ben", "Cara", "Dörte"]
    press(ui, P, OK, N)
    host.engine.expecting = set()
    host.engine.result = lambda: GameResult(winners=["Ben", "Dörte"], standings=[
        Standing(name="Ben+Dörte", members=["Ben", "Dörte"], points=4),
        Standing(name="Anna+Cara", members=["Anna", "Cara"], points=9)])
    press(ui, OK)
    assert host.given == [{"finish": True}]
    assert ui.view() == WinnerView(title="Arsch selten allein", label="Gewonnen hat das Team",
                                   winners=["Ben", "Dörte"],
                                   rows=[("Ben +", ""), ("Dörte", "4 Pkt"), ("Anna +", ""), ("Cara", "9 Pkt")])


def test_statistics_are_the_totals():
    """The menu's statistics: the game's own figures from its records (waage.stats, issue 21)."""
    from waage.display.views import StatsView

    host, ui = make(TURN, current="Anna", round=2, totals={"Anna": 5, "Ben": 2, "Cara": 0})
    host.game_records = [{"event": "game_started", "players": ["Anna", "Ben", "Cara"]},
                         {"event": "round_started", "round": 1, "starter": "Ben"},
                         {"event": "round_scored", "round": 1, "points": {"Anna": 5, "Ben": 2},
                          "totals": {"Anna": 5, "Ben": 2, "Cara": 0}}]
    assert ui.view().lines == ["Punkte gesamt: 5"]
    press(ui, BACK, P, OK)
    view = ui.view()
    assert isinstance(view, StatsView) and view.columns[:2] == ("points", "last_round")
    assert {p: row["points"] for p, row in view.per_player.items()} == {"Anna": "5", "Ben": "2", "Cara": "0"}
    assert view.per_player["Ben"]["starts"] == "1"


def test_the_engines_own_lists_win_over_the_last_events():
    host, ui = make({"points"})
    host.engine.to_score = ["Ben"]
    host.last_events = [{"event": "round_ended", "round": 1, "to_score": ["Anna", "Ben"], "t_s": 0}]
    press(ui, OK, OK, OK, N, OK, OK)
    assert host.given == [{"points": {"Ben": 1}}]
    host.engine.expecting, host.engine.candidates = {"choose"}, ["Cara"]
    assert ui.view().items == ["Cara"]


EIGHT = ["Maximilian-Alexa", "Jürgen Müßiggän", "Özlem Çelik-Öst", "Ben", "Anna-Lena Würfel",
         "Größenwahn Bärbe", "Zoë", "WWWWWWWWWWWWWWWW"]


def _real_arsch():
    from waage.app.host import GameHost
    from waage.rules.dice import SeededDice
    from waage.rules.engines import games

    host = GameHost(games()["arsch_selten_allein"](EIGHT), None, SeededDice(7))
    host.start(0.0)
    return host, DeviceUi(host, roster=EIGHT)


def _pick(ui, label):
    v = ui.view()
    for _ in range((v.items.index(label) - v.selected) % len(v.items)):
        ui.on_key(N)
    ui.on_key(OK)


@pytest.mark.parametrize("typed", [False, True], ids=["keys", "typed"])
def test_the_skipped_players_are_named_on_the_next_players_screen_as03(typed):
    """Issue 21 (AS-03, the real engine, eight players with long names): after two pairs and a raise,
    the next player's screen names who skips, whether the turn was entered on the keys (after the
    "Setzt aus" notice) or typed in the simulator's shell (no notice: the home screen alone)."""
    host, ui = _real_arsch()
    _pick(ui, "Ben")
    ui.on_key(OK)
    _pick(ui, "Höher gelegt")                      # Ben raises: Anna-Lena at turn
    if typed:
        for given in ({"pair": "Anna-Lena Würfel"}, {"pair": "Anna-Lena Würfel"}, {"raise": "Anna-Lena Würfel"}):
            host.apply(given, 1.0)
    else:
        for action in ("Paar gelegt", "Paar gelegt", "Höher gelegt"):
            ui.on_key(OK)
            _pick(ui, action)
        notice = ui.view()
        assert isinstance(notice, ScoreView) and [r[0] for r in notice.rows] == ["Größenwahn Bärbe", "Zoë"]
        ui.on_key(OK)
    home = ui.view()
    assert isinstance(home, TurnView) and home.player == "WWWWWWWWWWWWWWWW"
    shown = " ".join(home.lines)
    assert "Größenwahn Bärbe" in shown and "Zoë" in shown and "aus" in shown
    ui.on_key(OK)
    _pick(ui, "Höher gelegt")                      # the next turn: nobody skipped any more
    assert not any("aus" in line for line in ui.view().lines)
