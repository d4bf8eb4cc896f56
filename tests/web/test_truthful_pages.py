"""issue 30 point 8, the pages' part: what the pages say is true at that moment. Under "Cem würfelt" no dice of
the roller before; the plain scale says "netto seit Tara" only after a tare; the set-up form writes a German
number with a comma; a long-name error names every name too long, each cut inside its quotes; /stats draws
the last attempt's weight curve when opened after it (or says that none was recorded)."""

from __future__ import annotations

import io

import httpx
import pytest

from waage.app.replay import physical
from waage.app.sim import Simulation
from waage.config import AppConfig
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


# ---------------------------------------------------------------- (e) the last attempt's weight curve
def _sim_with(hub, records: list | None = None):
    """The simulator (fast) feeding ``hub`` (and ``records``, the log): round 1 rolled, Anna chosen (target 30 g,
    27–33)."""
    sim = Simulation(AppConfig(), seed=3, out=io.StringIO(), fast=True,
                     sinks=[] if records is None else [records.append])
    sim.hub.add(hub)
    sim.host.start(sim.scale.now_s)
    sim.pause(2.0)
    for dice in ([1, 2], [2, 3], [3, 4]):
        sim.host.roll(dice)
        sim.pause(0.5)
    assert sim.host.engine.state.chosen.player == "Anna"
    return sim


def curve_shown(page) -> list:
    page.wait_for_function("() => document.querySelectorAll('#curve canvas').length === 1")
    return page.evaluate("() => curvePlot.data[1]")


def test_stats_draws_the_last_attempts_curve_when_opened_after_it(served, open_page):
    """The interactive simulator's "sip 30" right after the choice: the chosen's screen stood through the lift,
    the drinking screen came with the glass back; the hub kept one point and /stats drew a lone dot. The
    curve is kept from the choice on: the load before the lift, the lift as a gap, the judged weight last."""
    s = served()
    records: list[dict] = []
    sim = _sim_with(s.hub, records)
    sim.pause(0.1)
    sim.advance(physical(sim.scale, "sip", 30))
    sim.pause(2.0)
    page, _, _ = open_page(s.base, "/stats")
    ys = curve_shown(page)
    assert page.locator("#curve").inner_text().startswith("Anna: 30 g – Grammgenau!")
    assert ys[0] == 440.0 and None in ys  # the glass (beer 440 g) before the lift, then lifted
    sip = next(r for r in records if r["event"] == "sip")
    # ends at the judged weight: 440 g less the grams judged (the simulated HX711 filter and noise: 29.9 g)
    assert ys[-1] == pytest.approx(440.0 - sip["grams_exact"], abs=0.051) and abs(sip["grams_exact"] - 30.0) < 0.3
    judged = s.hub.last_attempt
    assert judged["band_low_g"] <= ys[-1] <= judged["band_high_g"]  # "Grammgenau": inside the band


def test_stats_says_when_no_curve_was_recorded(served, open_page):
    """A hub that saw the sip but no snapshot of its attempt (the web started after the lift, a restart):
    the page names the attempt and says that no curve was recorded, not "Noch kein Versuch"."""
    s = served()
    records = [{"event": "game_started", "players": ["Anna", "Ben", "Cara"]},
               {"event": "chosen", "player": "Ben", "target_g": 50, "min_g": 45, "max_g": 55},
               {"event": "sip", "player": "Ben", "grams": 47, "target_g": 50, "verdict": "hit", "attempt": 1}]
    for n, r in enumerate(records, start=1):
        s.hub.record(n, r)
    page, _, _ = open_page(s.base, "/stats")
    page.wait_for_function("() => document.querySelector('#curve').textContent.length > 0")
    assert page.locator("#curve").inner_text().splitlines() == ["Ben: 47 g – Treffer!",
                                                                "keine Gewichtskurve aufgezeichnet"]
