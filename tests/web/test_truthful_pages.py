"""issue 30 point 8, the pages' part: what the pages say is true at that moment. Under "Cem würfelt" no dice of
the roller before; the plain scale says "netto seit Tara" only after a tare; the set-up form writes a German
number with a comma; a long-name error names every name too long, each cut inside its quotes; /stats draws
the last attempt's weight curve when opened after it (or says that none was recorded)."""

from __future__ import annotations

import httpx
import pytest

from waage.names import check_each_name
from waage.ui.scale import tare

from .browser import Pages
from .waage_table import WaagespielTable

LONG = ["Anna", "Maximilian-Alexander", "Ben", "Bartholomäus-Ottokar"]


@pytest.fixture
def open_page(browser):
    pages = Pages(browser)
    yield pages.open
    pages.close()


# ---------------------------------------------------------------- (d) every name too long, cut inside its quotes
def test_a_long_name_error_names_every_long_name_with_the_ellipsis_inside_the_quotes(served):
    with pytest.raises(ValueError) as err:
        check_each_name(LONG)
    assert str(err.value) == "the names 'Maximilian-Alexa…', 'Bartholomäus-Ott…' are longer than 16 characters"
    with pytest.raises(ValueError) as err:
        check_each_name(["Anna", "Maximilian-Alexander", "Ben\n"])
    assert str(err.value) == ("the name 'Maximilian-Alexa…' is longer than 16 characters; "
                              "the name 'Ben\\n' holds the control character U+000A (only printable characters)")
    s = served()
    r = httpx.post(s.base + "/api/setup", headers={"X-Waage-PIN": s.hub.pin}, json={"game": {"players": LONG}})
    assert r.status_code == 422 and s.submitted == []
    assert r.json()["errors"]["game.players"] == \
        "die Namen 'Maximilian-Alexa…', 'Bartholomäus-Ott…' sind länger als 16 Zeichen"


def test_the_setup_page_shows_every_long_name(served, open_page):
    s = served()
    page, _, _ = open_page(s.base, "/setup")
    page.wait_for_function("() => document.querySelector('textarea').value.includes('Anna')")
    page.fill("textarea[name='game.players']", "\n".join(LONG))
    page.fill("[data-testid=pin]", s.hub.pin)
    page.get_by_test_id("apply").click()
    err = page.locator(".err[data-for='game.players']")
    err.wait_for(state="visible")
    assert err.inner_text() == "die Namen 'Maximilian-Alexa…', 'Bartholomäus-Ott…' sind länger als 16 Zeichen"
    assert s.submitted == []


# ---------------------------------------------------------------- (b) "netto seit Tara" only after a tare
def test_the_plain_scale_says_netto_seit_tara_only_after_a_tare(served, open_page):
    s = served()
    table = WaagespielTable(s.hub, ["Anna", "Ben", "Cem"])
    assert s.hub.snapshot.details["tared"] is False
    page, _, _ = open_page(s.base, "/?waage")
    page.wait_for_function("() => document.querySelector('[data-testid=net]').textContent === '750'")
    label = page.get_by_test_id("net-label")
    assert label.inner_text() == "auf der Waage (ohne Tara)"  # the whole load: glass and beer
    tare(table.host)
    table.publish()
    page.wait_for_function("() => document.querySelector('[data-testid=net]').textContent === '0'")
    assert label.inner_text() == "netto seit Tara"


# ---------------------------------------------------------------- (c) a German number with a comma
def test_the_tolerance_field_writes_a_german_comma_and_takes_one(served, open_page):
    s = served()
    page, _, _ = open_page(s.base, "/setup")
    page.wait_for_function("() => document.querySelector('textarea').value.includes('Anna')")
    field = page.locator("input[name='rules.tolerance']")
    assert field.input_value() == "0,1"  # the default ±10 % (HouseRules.tolerance 0.10)
    field.fill("0,15")
    page.fill("[data-testid=pin]", s.hub.pin)
    page.get_by_test_id("apply").click()
    page.get_by_test_id("saved").wait_for(state="visible")
    [cmd] = s.submitted
    assert cmd.rules.tolerance == 0.15


# ---------------------------------------------------------------- (a) no dice of the roller before
@pytest.mark.parametrize("path,viewport", [("/", (390, 844)), ("/tv", (1920, 1080))], ids=["phone", "tv"])
def test_under_cem_wuerfelt_no_dice_of_the_roller_before(served, open_page, path, viewport):
    s = served()
    WaagespielTable(s.hub, ["Anna", "Ben", "Cem"]).roll((3, 5), (2, 4))
    page, _, _ = open_page(s.base, path, viewport)
    page.wait_for_function("() => document.querySelector('[data-testid=rolls]').children.length === 2")
    assert page.get_by_test_id("player").inner_text() == "Cem"
    assert page.get_by_test_id("role").inner_text() == "würfelt"
    assert page.get_by_test_id("dice").is_hidden()  # Ben's 2 + 4 are no faces under Cem's name
    assert page.locator("[data-testid=rolls] .roll").all_inner_texts() == ["Anna 8", "Ben 6"]
    assert page.locator("[data-testid=rolls] .roll.last").inner_text() == "Ben 6"  # whose dice just came
