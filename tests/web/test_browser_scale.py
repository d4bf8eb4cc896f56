"""The plain scale with its tare, the weighing of the glass (W-36) and the note for a glass the device does
not know (W-37) in a real headless Chromium (Debian's, through Playwright), over a real uvicorn server."""

from __future__ import annotations

import time

import httpx

from waage.live.hub import LiveSnapshot
from waage.display.views import RollView, ScaleView
from waage.web.commands import GlassCommand, TareCommand

from .test_browser import open_page  # noqa: F401 - the fixture (browser: conftest)

PLAYERS = ["Anna", "Ben", "Cara"]


def rolling(scale_g=None, load_g=750.0, steady=True, view=None, glass_unknown=None, tared=False) -> LiveSnapshot:
    view = view or RollView(round=1, player="Anna", dice_mode="electronic", rolls=[], last_dice=None,
                            tie_break_name=None)
    details = {"round": 1, "lang": "de", "tared": tared, "glass": {"glass_g": 350.0, "glass_capacity_g": 550.0}}
    if glass_unknown is not None:
        details["glass_unknown"] = glass_unknown
    return LiveSnapshot(game="waagespiel", phase="rolling", players=PLAYERS, current="Anna", view=view,
                        grams=400.0, glass_on_scale=True, sample_at=time.monotonic(), details=details,
                        scale_g=load_g if scale_g is None else scale_g, load_g=load_g, steady=steady)


def text_is(page, testid: str, want: str, timeout: int = 3000) -> None:
    page.wait_for_function(f"() => document.querySelector('[data-testid={testid}]').textContent === {want!r}",
                           timeout=timeout)


def test_the_phone_shows_the_plain_scale_huge_and_tares_with_the_pin(served, open_page):  # noqa: F811
    s = served()
    s.hub.state(rolling(scale_g=1248.4))
    page, _, _ = open_page(s.base, "/?waage")
    text_is(page, "net", "1.248")
    assert page.get_by_test_id("plain-scale").is_visible() and not page.get_by_test_id("player").is_visible()
    size = page.get_by_test_id("net").evaluate("e => parseFloat(getComputedStyle(e.closest('div')).fontSize)")
    assert size >= 100  # "große digitale Anzeige": a third of a 390 px phone's width per digit line
    assert page.get_by_test_id("scale-link").inner_text() == "Spiel"
    page.get_by_test_id("tare").click()  # no PIN
    page.wait_for_function("() => document.querySelector('[data-testid=tare-error]').textContent.includes('PIN fehlt')")
    assert s.submitted == []
    pin = s.hub.pin
    page.fill("[data-testid=tare-pin]", pin)
    with page.expect_response("**/api/tare") as answer:  # the server has taken the command when it answers
        page.get_by_test_id("tare").click()
    assert answer.value.ok
    assert s.submitted == [TareCommand()]
    assert s.hub.pin == pin  # a tare is no new game: the PIN stays for the next one
    assert page.get_by_test_id("tare-error").inner_text() == ""
    s.hub.state(rolling(scale_g=0.2, tared=True))  # the device set its tare point
    text_is(page, "net", "0")
    with page.expect_response("**/api/tare") as answer:
        page.get_by_test_id("tare").click()  # again, with the same PIN
    assert answer.value.ok
    assert s.submitted == [TareCommand(), TareCommand()]


def test_the_game_page_follows_the_devices_scale_screen_and_the_tv_shows_it_without_controls(served, open_page):  # noqa: F811
    s = served()
    s.hub.state(rolling())
    page, _, _ = open_page(s.base, "/")
    page.wait_for_function("() => document.querySelector('[data-testid=player]').textContent === 'Anna'")
    assert page.get_by_test_id("plain-scale").is_hidden()
    s.hub.state(rolling(scale_g=-30.0, view=ScaleView(net_g=-30.0, tared=True)))  # the device's "Waage" screen
    page.get_by_test_id("plain-scale").wait_for(state="visible", timeout=3000)
    text_is(page, "net", "-30")
    tv, _, _ = open_page(s.base, "/tv?waage", viewport=(1920, 1080))
    text_is(tv, "net", "-30")
    assert tv.locator("button, input, select, textarea").count() == 0
    assert tv.get_by_test_id("net").evaluate("e => parseFloat(getComputedStyle(e.closest('div')).fontSize)") >= 400
    assert tv.evaluate("document.documentElement.scrollHeight <= innerHeight")


def test_a_glass_the_device_does_not_know_shows_the_way_out_on_the_phone_and_the_tv(served, open_page):  # noqa: F811
    s = served()
    s.hub.state(rolling())
    page, _, _ = open_page(s.base, "/")
    tv, _, _ = open_page(s.base, "/tv", viewport=(1920, 1080))
    for p in (page, tv):
        p.wait_for_function("() => document.querySelector('[data-testid=player]').textContent === 'Anna'")
        assert p.get_by_test_id("glass-unknown").is_hidden()
    s.hub.state(rolling(glass_unknown={"reason": "heavier", "load_g": 1187.0}))
    for p in (page, tv):
        note = p.get_by_test_id("glass-unknown")
        note.wait_for(state="visible", timeout=3000)
        assert note.inner_text().startswith("Anderes Glas? Menü → Glas wiegen")
        assert "1.187 g auf der Waage: zu schwer für das Glas in Gebrauch (350 g)" in note.inner_text()
    s.hub.state(rolling())  # weighed: the note goes
    page.get_by_test_id("glass-unknown").wait_for(state="hidden", timeout=3000)


def test_setup_weighs_the_glass_with_the_pin_and_shows_the_devices_answer(served, open_page):  # noqa: F811
    s = served()
    s.hub.state(rolling(load_g=702.6, steady=False))
    page, _, _ = open_page(s.base, "/setup")
    text_is(page, "glass-load", "702,6")
    assert page.get_by_test_id("glass-steady").inner_text() == "noch unruhig"
    assert page.get_by_test_id("glass-now").inner_text() == "350 g · 0,5 l"
    s.hub.state(rolling(load_g=702.4, steady=True))
    text_is(page, "glass-steady", "ruhig")
    page.get_by_test_id("weigh-glass").click()  # no PIN
    page.wait_for_function("() => document.querySelector('[data-testid=pin-error]').textContent.includes('PIN fehlt')")
    pin = s.hub.pin
    page.fill("[data-testid=pin]", pin)
    page.select_option("[data-testid=glass-size]", "0.5")
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")
    assert s.submitted == [GlassCommand(size_l=0.5)] and s.hub.pin == pin
    # the game thread's answer arrives as a log record: first a refusal, then a weighing
    s.hub.record(1, {"event": "input_rejected", "t_s": 3.0, "input": {"weigh_glass": "take", "capacity_g": 555.5},
                     "why": "the load is not steady", "code": "not_steady", "details": {}})
    text_is(page, "glass-result", "Nicht gewogen: die Waage ist noch nicht ruhig")
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")
    s.hub.record(2, {"event": "input_rejected", "t_s": 4.0, "input": {"weigh_glass": "take"},
                     "why": "2350 g is no empty glass", "code": "implausible", "details": {"load_g": 2350}})
    text_is(page, "glass-result", "Nicht gewogen: 2350 g ist kein leeres Glas (50 bis 2000 g)")
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")
    s.hub.record(3, {"event": "glass_weighed", "t_s": 5.0, "glass_g": 702.4, "glass_capacity_g": 555.0})
    text_is(page, "glass-result", "Glas gewogen: leer 702 g, fasst 555 g Bier")
    assert s.submitted == [GlassCommand(size_l=0.5)] * 3
    # "scaled with the glass" sends no size; a size the device cannot take is refused by the server
    page.select_option("[data-testid=glass-size]", "")
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")
    assert s.submitted[-1] == GlassCommand(size_l=None)
    bad = httpx.post(s.base + "/api/glass", json={"size_l": 0.7}, headers={"X-Waage-PIN": pin})
    assert bad.status_code == 422 and "size_l" in bad.json()["errors"]


def test_setup_asks_whether_a_glass_that_looks_full_is_really_empty(served, open_page):  # noqa: F811
    """Issue 30, point 1: the device refuses a load that looks like a full glass (``looks_full``); the page says
    why in the person's words, with the load as German reads it ("1.140 g"), and offers "Ja, leer: wiegen"."""
    s = served()
    s.hub.state(rolling(load_g=1140.2, steady=True))
    page, _, _ = open_page(s.base, "/setup")
    text_is(page, "glass-steady", "ruhig")
    assert page.get_by_test_id("weigh-glass-empty").is_hidden()
    page.fill("[data-testid=pin]", s.hub.pin)
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")
    assert s.submitted == [GlassCommand(size_l=None, empty=False)]
    s.hub.record(1, {"event": "input_rejected", "t_s": 3.0, "input": {"weigh_glass": "take"},
                     "why": "1140 g looks like a full glass (over_full)", "code": "looks_full",
                     "details": {"reason": "over_full", "load_g": 1140, "full_g": 900}})
    text_is(page, "glass-result", "1.140 g auf der Waage: mehr als ein volles Glas (900 g). Ist es wirklich leer?")
    yes = page.get_by_test_id("weigh-glass-empty")
    yes.wait_for(state="visible", timeout=3000)
    assert yes.inner_text() == "Ja, leer: wiegen"
    yes.click()
    text_is(page, "glass-result", "Wird gewogen …")
    assert s.submitted[-1] == GlassCommand(size_l=None, empty=True) and yes.is_hidden()
    s.hub.record(2, {"event": "glass_weighed", "t_s": 4.0, "glass_g": 1140.2, "glass_capacity_g": 555.0})
    text_is(page, "glass-result", "Glas gewogen: leer 1.140 g, fasst 555 g Bier")
    # the game judged the load as glass + beer: said so
    page.get_by_test_id("weigh-glass").click()
    text_is(page, "glass-result", "Wird gewogen …")  # the answer is awaited from now on
    s.hub.record(3, {"event": "input_rejected", "t_s": 5.0, "input": {"weigh_glass": "take"}, "why": "judged",
                     "code": "looks_full", "details": {"reason": "judged_full", "load_g": 750, "beer_g": 400}})
    text_is(page, "glass-result", "750 g auf der Waage: so viel wog eben das Glas mit 400 g Bier. "
                                  "Ist es wirklich leer?")
    assert yes.is_visible()
