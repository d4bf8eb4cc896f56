"""The winner screen of Ein Arsch kommt selten allein and Propter (issue 21), on the real engines and host.

Keys in, contract inputs out; the screen's winners and table are exactly ``engine.result()``
(AS-08, AS-07 team variant, PR-06): the UI never recomputes them.
"""

from __future__ import annotations

from waage.app.host import GameHost
from waage.display.screens import render_image, winner_pages
from waage.display.views import StatsView, WinnerView
from waage.inputs.keys import Key
from waage.rules.dice import SeededDice
from waage.rules.engines import games
from waage.ui import DeviceUi

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK


def hosted(game: str, players: list[str], **options) -> tuple[GameHost, DeviceUi]:
    host = GameHost(games()[game](players, **options), None, SeededDice(1))
    host.start(0.0)
    return host, DeviceUi(host)


def press(ui: DeviceUi, *keys: Key) -> None:
    for key in keys:
        ui.on_key(key)


def finish(ui: DeviceUi) -> None:
    """From the home screen between rounds: OK, the list's "Spiel beenden", OK, "Ja", OK (AS-08)."""
    press(ui, OK)
    items = ui.view().items
    press(ui, *[N] * items.index("Spiel beenden"), OK, N, OK)


def test_ein_arsch_ends_on_the_winner_and_the_final_table_as08():
    players = ["Anna", "Ben", "Cara", "Dörte", "Emil"]
    host, ui = hosted("arsch_selten_allein", players)
    for given in ({"choose": "Anna"}, {"raise": "Anna"}, {"out": "Ben"},
                  {"points": {"Anna": 3, "Cara": 7, "Dörte": 12, "Emil": 1}}):
        assert host.apply(given)[-1]["event"] != "input_rejected"
    finish(ui)
    assert host.engine.phase == "over"
    result = host.engine.result()
    v = ui.view()
    assert isinstance(v, WinnerView)
    assert v.title == "Arsch selten allein" and v.label == "Gewonnen hat" and v.winners == result.winners == ["Ben"]
    assert v.rows == [(s.name, f"{s.points} Pkt") for s in result.standings]
    assert [name for name, _ in v.rows] == ["Ben", "Emil", "Anna", "Cara", "Dörte"]
    pages = winner_pages(v)
    assert pages == 2  # the winners with 2 rows, then 3 rows
    press(ui, N)
    assert ui.view().page == 1 and render_image(ui.view()).tobytes() != render_image(v).tobytes()
    press(ui, N)
    assert render_image(ui.view()).tobytes() == render_image(v).tobytes()  # wraps around to page 1
    press(ui, P, P, P)  # back from page 1 to the last page
    assert render_image(ui.view()).tobytes() == render_image(
        WinnerView(v.title, v.label, v.winners, v.rows, page=1)).tobytes()
    press(ui, OK)  # the statistics
    assert isinstance(ui.view(), StatsView)  # the game's own statistics (waage.stats)
    press(ui, OK)
    assert isinstance(ui.view(), WinnerView)


def test_the_winning_team_shows_both_members_as07_as08():
    host, ui = hosted("arsch_selten_allein", ["Anna", "Ben", "Cara", "Dörte"], teams=True)
    for given in ({"choose": "Anna"}, {"out": "Anna"}, {"raise": "Ben"}, {"out": "Cara"},
                  {"points": {"Ben": 4, "Dörte": 2}}):
        assert host.apply(given)[-1]["event"] != "input_rejected", given
    finish(ui)
    v = ui.view()
    assert v.winners == host.engine.result().winners == ["Anna", "Cara"]
    assert v.label == "Gewonnen hat das Team"
    assert v.rows == [("Anna +", ""), ("Cara", "0 Pkt"), ("Ben +", ""), ("Dörte", "6 Pkt")]


def test_propter_ends_on_the_winner_after_the_fifth_sting_pr06():
    host, ui = hosted("propter", ["Anna", "Ben"])
    host.apply({"choose": "Anna"})
    for _ in range(4):
        host.apply({"play": "Anna", "slot": 1, "match": "exact"})
        host.apply({"play": "Ben", "slot": 2, "match": "category"})
    assert host.engine.points == {"Anna": 4, "Ben": 1}  # Ben's third category play stung (PR-03)
    # the fifth sting by keys: OK (the turn's list), OK (play), OK (BS 1), NEXT OK (exact)
    press(ui, OK, OK, OK, N, OK)
    assert host.engine.winner == "Anna"
    v = ui.view()
    assert v == WinnerView(title="Propter", label="Gewonnen hat", winners=["Anna"],
                           rows=[("Anna", "5 Pkt"), ("Ben", "1 Pkt")])
    assert winner_pages(v) == 1


def test_english_winner_screen():
    host, ui = hosted("propter", ["Anna", "Ben"])
    ui.set_language("en")
    host.apply({"choose": "Ben"})
    for _ in range(5):
        host.apply({"play": "Ben", "slot": 3, "match": "exact"})
        if host.engine.phase != "over":
            host.apply({"discard": "Anna"})
            host.apply({"next": "Anna"})
    v = ui.view()
    assert v.label == "The winner" and v.winners == ["Ben"] and v.rows[0] == ("Ben", "5 pts")
