"""issue 29: a fifth game registered in a test (the toy "Münzwurf" kit of tests/games/muenzwurf/,
without a page script or a web hook of its own) shows its prompt (its screen's status lines) on / and /tv: the shared page draws any
game from its web details (waage/live/details.py), with no line of JS naming it. A real engine through a
real host into the hub, a real server, headless Chromium."""

from __future__ import annotations

from waage.app import wiring
from waage.config import AppConfig, GameSettings
from waage.display.views import MessageView
from waage.games import spec
from waage.rules.dice import SeededDice

from .test_browser_helper_games import PHONE, TV, assert_fits, assert_no_text_key, open_page, shown, site  # noqa: F401


def _publish(hub, host, lang: str) -> None:
    engine = host.engine
    screen = spec(engine.game_id).screen_of(engine, host.last_events, lang)
    view = MessageView(title=screen.title, lines=list(screen.lines))
    hub.state(wiring.snapshot(host, view, hub.lines, lang=lang))


def _table(lang: str = "de"):
    config = AppConfig(game=GameSettings(game="muenzwurf", players=["Anna", "Ben", "Cara"]))
    host = wiring.make_host(config, wiring.new_engine(config), SeededDice(5), new_pipeline=None)
    host.start(0.0)
    return host


def test_the_fifth_game_shows_its_prompt_on_the_phone_and_the_tv(fifth_game, site, open_page):  # noqa: F811
    hub = site[0]
    host = _table()
    _publish(hub, host, "de")
    snap = hub.snapshot
    assert snap.details["version"] == 1 and snap.details["prompt"] == {
        "who": ["Anna"], "ask": None, "do": {"de": "Anna wirft 0× Kopf", "en": "Anna tosses 0× heads"}}
    for path, viewport in (("/", PHONE), ("/tv", TV)):
        page = open_page(path, viewport)
        shown(page, "muenzwurf", snap.phase)
        assert page.get_by_test_id("hg-who").inner_text() == "Anna"
        assert page.get_by_test_id("hg-do").inner_text() == "Anna wirft 0× Kopf"
        assert page.locator(".top .brand").inner_text() == "Münzwurf"
        assert_no_text_key(page)
        assert_fits(page)
    host.apply({"toss": "kopf"})
    _publish(hub, host, "en")  # the next turn, the device set to English: the page follows both
    page.wait_for_function("() => document.querySelector('[data-testid=hg-do]').textContent.includes('Ben tosses 0× heads')",
                           timeout=5000)
    assert page.get_by_test_id("hg-who").inner_text() == "Ben"
