"""issue 29's contract, in Chromium: every game of ``GAMES`` (and the toy fifth game, one kit package and one
registry line) shows its prompt on the phone (/) and the TV (/tv): who acts, and for a game that does not
weigh, what is due, as its web details say (waage/live/details.py). A real engine through a real host into
the hub, a real server, headless Chromium; the shared page scripts name no game (test_web_details.py)."""

from __future__ import annotations

import pytest

from waage.app import wiring
from waage.app.replay import build
from waage.app.scenario import Scenario
from waage.games import GAMES, spec
from waage.ui import DeviceUi

from .test_browser_helper_games import PHONE, TV, assert_fits, assert_no_text_key, open_page, site  # noqa: F401

PLAYERS = ["Anna", "Ben", "Cara"]


def _published(hub, game: str):
    """A table of ``game`` just started (a game that weighs: its glass settled on the scale), its snapshot in
    the hub (German); returns the snapshot."""
    host, fake = build(Scenario(players=PLAYERS), None, [])
    host.start(0.0)
    host.on_samples(fake.wait(1.0))
    if host.engine.game_id != game:
        host.new_game(game, list(PLAYERS))
    hub.state(wiring.snapshot(host, DeviceUi(host, roster=PLAYERS).view(), hub.lines, lang="de"))
    return hub.snapshot


@pytest.fixture(params=[*GAMES, "muenzwurf"])
def game(request):
    """Every registered game's id, and the toy fifth game's (registered by the ``fifth_game`` fixture)."""
    if request.param == "muenzwurf":
        request.getfixturevalue("fifth_game")
    return request.param


def test_every_game_shows_its_prompt_on_the_phone_and_the_tv(game, site, open_page):  # noqa: F811
    snap = _published(site[0], game)
    assert snap.game == game and snap.details["version"] == 1
    for path, viewport in (("/", PHONE), ("/tv", TV)):
        page = open_page(path, viewport)
        if spec(game).uses_scale:  # the scale game's page: who is up, beside the live weight
            assert snap.current in PLAYERS
            page.wait_for_function("n => document.querySelector('[data-testid=player]').textContent === n",
                                   arg=snap.current, timeout=5000)
            assert page.get_by_test_id("role").inner_text() == "beginnt"  # the round's first roll: the starter
        else:  # the shared helper page draws the details' prompt, whatever the game
            prompt = snap.details["prompt"]
            page.wait_for_function("g => { const h = document.querySelector('[data-testid=hg]');"
                                   " return h && !h.hidden && h.dataset.game === g; }", arg=game, timeout=5000)
            assert prompt["do"]["de"] and page.get_by_test_id("hg-do").inner_text() == prompt["do"]["de"]
            if prompt["who"]:
                assert page.get_by_test_id("hg-who").inner_text() == " · ".join(prompt["who"]) \
                    or page.get_by_test_id("hg-who").inner_text().split() == prompt["who"]
        assert_no_text_key(page)
        assert_fits(page)
