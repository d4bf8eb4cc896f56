"""The painter of a view is found by the view's type (issue 29): the shared screens in
``waage.display.screens``, each game kit's own through ``GameSpec.screens``; the shared module
names no game."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from waage.display import screens
from waage.display.screens import render, render_image
from waage.display.views import MessageView
from waage.games import GAMES, spec
from waage.games.spec import GameSpec, registered
from waage.tools.samples import SAMPLES

SHARED = Path(screens.__file__)


def _ink(view, painter=None) -> bytes:
    img = Image.new("1", (128, 64), 0)
    (painter or render)(view, ImageDraw.Draw(img), "de")
    return img.tobytes()


def test_the_waagespiels_screens_are_in_its_kit():
    own = spec("waagespiel").painters()
    assert {t.__module__ for t in own.values()} == {"waage.games.waagespiel.screens"}
    shown = [view for _, _, view in SAMPLES if type(view) in own]
    assert {type(view) for view in shown} == set(own)  # every one of its views has a sample screen
    for view in shown:  # render paints the kit's view with the kit's painter
        assert _ink(view) == _ink(view, own[type(view)]) != bytes(128 * 64 // 8)


def test_the_shared_screens_name_no_game():
    tree = ast.parse(SHARED.read_text(encoding="utf-8"))
    words = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {w for w in words if w in GAMES}
    assert not {m for m in imported if m and m.startswith("waage.games.") and m != "waage.games.spec"}


@dataclass(frozen=True)
class CoinView:
    """A view only the test's game shows."""

    side: str


def paint_coin(v: CoinView, d: ImageDraw.ImageDraw, lang: str) -> None:
    screens.header(d, "Münzwurf")
    screens.put(d, 1, 40, v.side, screens.get_font(screens.SMALL))


COIN_SCREENS = {CoinView: paint_coin}
CLASHING_SCREENS = {MessageView: paint_coin}


def _game(screens_of: str) -> GameSpec:
    return GameSpec("muenzwurf_screens", "waage.games.propter.engine:Propter", "waage.games.propter.ui:PropterUi",
                    screens=f"{__name__}:{screens_of}")


def test_a_kits_own_view_is_painted_while_its_game_is_registered():
    with pytest.raises(TypeError, match="CoinView"):
        render_image(CoinView("Kopf"))
    with registered(_game("COIN_SCREENS")):
        assert _ink(CoinView("Kopf")) == _ink(CoinView("Kopf"), paint_coin) != _ink(CoinView("Zahl"))
    with pytest.raises(TypeError, match="CoinView"):
        render_image(CoinView("Kopf"))


def test_a_kit_may_not_paint_a_view_that_has_a_screen():
    with registered(_game("CLASHING_SCREENS")):
        with pytest.raises(ValueError, match="MessageView of the game 'muenzwurf_screens'"):
            render_image(MessageView("Hallo", ["Welt"]))
    assert render_image(MessageView("Hallo", ["Welt"])).getbbox()
