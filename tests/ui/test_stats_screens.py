"""The statistics screens on the device keys (issue 21): with more than four players "1/2" showed
but every key left the page, so players 5–8 were never seen. Now NEXT/PREV turn the pages, OK
leaves; every player and every figure is reachable with 8 and with 12 players, in every game."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw
from standin import waagespiel_controller

from waage.app.host import GameHost
from waage.display.screens import render
from waage.display.views import ListView, StatsView
from waage.games import spec
from waage.inputs.keys import Key
from waage.rules.dice import make_dice
from waage.ui import DeviceUi

NAMES = ["Anna", "Ben", "Cara", "Dirk", "Ella", "Finn", "Gabi", "Hans", "Ida", "Jan", "Kim", "Lea"]


class Texts:
    """An ImageDraw stand-in that keeps every text drawn (the screen's words)."""

    def __init__(self) -> None:
        self._draw = ImageDraw.Draw(Image.new("1", (128, 64), 0))
        self.texts: list[str] = []

    def text(self, xy, text, **kwargs):
        self.texts.append(text)
        self._draw.text(xy, text, **kwargs)

    def __getattr__(self, name):
        return getattr(self._draw, name)


def shown(view) -> list[str]:
    draw = Texts()
    render(view, draw, "de")
    return draw.texts


def open_stats(ui: DeviceUi) -> None:
    ui.on_key(Key.BACK)
    ids = [e.id for e in ui.menu.visible(ui)]
    for _ in range(ids.index("stats")):
        ui.on_key(Key.NEXT)
    ui.on_key(Key.OK)


def walk(ui: DeviceUi, key: Key) -> list[StatsView]:
    """Press ``key`` until the first page shows again; the views seen, page by page."""
    seen = [ui.view()]
    for _ in range(40):
        ui.on_key(key)
        view = ui.view()
        assert isinstance(view, StatsView), view
        if view.page == seen[0].page:
            return seen
        seen.append(view)
    raise AssertionError("the pages never came round")


def helper_host(game: str, players: list[str]) -> GameHost:
    host = GameHost(spec(game).engine_class()(players), None, make_dice(3))
    host.start(0.0)
    return host


HEADERS = {"waagespiel": {"Treffer", "Daneben", "Genau", "Auserw.", "Versuche", "Gramm"},
           "willkommen_am_arsch": {"Bier", "Kurzer", "Wasser", "Mütze", "Stehtisch", "Gesamt"},
           "arsch_selten_allein": {"Punkte", "Zuletzt", "Arsch", "Raus"},
           "propter": {"Punkte", "Abwürfe", "Genau", "Kateg.", "Runter"}}


@pytest.mark.parametrize("n", [8, 12])
@pytest.mark.parametrize("game", list(HEADERS))
def test_every_player_and_every_figure_is_reachable_with_the_keys(game, n):
    players = NAMES[:n]
    host = waagespiel_controller(players)[0] if game == "waagespiel" else helper_host(game, players)
    ui = DeviceUi(host)
    open_stats(ui)
    first = ui.view()
    assert isinstance(first, StatsView) and first.page == 0
    forward = walk(ui, Key.NEXT)
    groups = -(-len(first.columns) // 2)
    assert len(forward) == groups * -(-n // 4)  # 4 players and 2 figures a page
    words = [shown(v) for v in forward]
    assert all(f"{i + 1}/{len(forward)}" in w for i, w in enumerate(words))
    assert set(players) <= {t for w in words for t in w}          # players 5–8 (and 9–12) are shown
    assert HEADERS[game] <= {t for w in words for t in w}          # every figure under a readable header
    assert "Daneben" in words[0] or game != "waagespiel"           # the misses, on the first page
    backward = walk(ui, Key.PREV)                                  # PREV goes the other way round
    assert [v.page for v in backward] == [0] + [v.page for v in reversed(forward[1:])]
    ui.on_key(Key.NEXT)
    ui.on_key(Key.OK)                                              # OK leaves: back to the menu
    assert isinstance(ui.view(), ListView) and ui.view().title.startswith("Menü")


def test_the_waagespiel_figures_on_the_device_are_the_games():
    host, scale, records = waagespiel_controller(NAMES[:5])
    ui = DeviceUi(host)
    host.roll((1, 2)), host.roll((3, 4)), host.roll((5, 6)), host.roll((6, 5)), host.roll((4, 6))
    view = ui.game.stats_view()
    assert isinstance(view, StatsView) and list(view.per_player) == NAMES[:5]
    chosen = [r for r in records if r["event"] == "chosen"]
    assert chosen and view.per_player[chosen[0]["player"]]["chosen"] == "1"


def test_willkommen_figures_on_the_device():
    host = helper_host("willkommen_am_arsch", ["Anna", "Ben"])
    for t_s, given in [(1.0, {"roll": [1, 2]}), (2.0, {"roll": [3, 4]}), (3.0, {"roll": [2, 3]}),
                       (4.0, {"field": "kneipe"}), (100.0, {"gejammer": "Ben"})]:
        host.apply(given, t_s)
    view = DeviceUi(host).game.stats_view()
    assert view.per_player["Anna"] == {"bier": "1", "kurzer": "0", "wasser": "0", "hat_s": "1:38",
                                       "stehtisch": "0", "drinks": "1"}
    assert view.per_player["Ben"]["kurzer"] == "1"
