"""issue 21: /setup and /api/setup follow the game the device plays now, also one started on the device's menu
(which changes no config), and the form shows only what applies to the chosen game; a real server
(``make_web``, as the composition root starts it) and a real headless Chromium."""

from __future__ import annotations

import io

import httpx
import pytest

from waage.config import AppConfig
from waage.live.hub import LiveHub
from waage.tools import helper_tables as tables
from waage.web.wiring import make_web

from .browser import Pages

SHORT = ["Anna", "Ben", "Cara", "Dora"]


@pytest.fixture
def device():
    """The web view of a device whose config says Waagespiel (Anna, Ben, Cara)."""
    config = AppConfig()
    view = make_web(config, ("127.0.0.1", 0), LiveHub(), lambda cmd: None, lambda: config, out=io.StringIO())
    yield view, f"http://127.0.0.1:{view.server.port}"
    view.close()


def test_api_setup_says_the_game_started_on_the_device_menu(device):
    view, base = device
    assert httpx.get(base + "/api/setup").json()["game"]["game"] == "waagespiel"
    tables.willkommen(view, SHORT)  # the device's menu: a new game on the host, the config unchanged
    got = httpx.get(base + "/api/setup").json()
    assert got["game"]["game"] == "willkommen_am_arsch" and got["game"]["players"] == SHORT
    tables.arsch(view, SHORT, teams=True, first_line=view.hub.lines)
    got = httpx.get(base + "/api/setup").json()
    assert (got["game"]["game"], got["game"]["teams"]) == ("arsch_selten_allein", True)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_setup_page_preselects_the_running_game_and_shows_only_what_applies(device, browser, lang):
    view, base = device
    tables.Table(view, "propter", SHORT, lang=lang)
    games = {g["id"]: g for g in httpx.get(base + "/api/games").json()}
    pages = Pages(browser)
    try:
        page = pages.open(base, "/setup", (390, 844))[0]
        page.wait_for_function("() => document.querySelector('textarea').value.includes('Dora')")
        assert page.eval_on_selector("select[name='game.game']", "e => e.value") == "propter"
        page.wait_for_function("(t) => document.querySelector('[data-testid=brand]').textContent === t",
                               arg=games["propter"]["title"][lang])
        dice, rules, glass = (page.get_by_test_id(k) for k in ("dice-row", "rules", "glass-form"))
        assert dice.is_hidden() and rules.is_hidden() and glass.is_hidden()  # Propter: cards, no dice, no scale
        page.select_option("select[name='game.game']", "willkommen_am_arsch")
        assert dice.is_visible() and rules.is_hidden() and glass.is_hidden()  # dice, no scale
        page.select_option("select[name='game.game']", "arsch_selten_allein")
        assert dice.is_hidden() and rules.is_hidden() and glass.is_hidden()
        page.select_option("select[name='game.game']", "waagespiel")
        assert dice.is_visible() and rules.is_visible() and glass.is_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    finally:
        pages.close()
