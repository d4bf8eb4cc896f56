"""issue 30 point 5: the TV (/tv at 1920x1080) never scrolls with twelve players of 16-character names, in any
phase of any game, and a phone (390x844) never scrolls sideways, on / or on /tv. Every game of ``GAMES`` is
played by its real engine through a real host into the hub (the Waagespiel on the simulated scale,
tests/web/waage_table.py; the helper games by waage/tools/helper_tables.py) up to each of its phases; the
phases a game has come from its engine's ``Phase``, so a game or a phase without a case here fails."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, get_args

import pytest

from waage.games import GAMES, spec
from waage.tools import helper_tables as tables

from .test_browser_helper_games import PHONE, TV, open_page, site  # noqa: F401
from .waage_table import WaagespielTable

#: twelve players (the most a game takes), every name of the allowed 16 characters (waage/names.py)
P = tables.LONG_NAMES + ["Ottilie Neumeyer", "Hieronymus Wolff", "Kunigunde Brandt", "Leopoldine Klein"]
assert len(P) == 12 and all(len(p) == 16 for p in P)

#: a roll that is no Pasch and above any low roll of the cases
HIGH = (2, 3)


def _waagespiel_chosen(hub: Any, beer_g: float = 400.0) -> WaagespielTable:
    """Round 1 rolled by all twelve, the first seat lowest: the Auserwählte chosen (``ChosenView``)."""
    return WaagespielTable(hub, P, beer_g=beer_g, first_line=hub.lines).roll((1, 2), *[HIGH] * 11)


def _waagespiel_tie(hub: Any) -> WaagespielTable:
    """Round 1 rolled by all twelve, the first two seats share the lowest: the tie-break starts (W-14)."""
    return WaagespielTable(hub, P, first_line=hub.lines).roll((1, 2), (2, 1), *[HIGH] * 10)


#: {game: {case: (phase, builder(hub) -> table)}}: every phase of every game, the Waagespiel's also in the
#: screens a decision shows for three seconds (the tie-break's name, the chosen, the verdict)
CASES: dict[str, dict[str, tuple[str, Callable[[Any], Any]]]] = {
    "waagespiel": {
        "setup": ("setup", lambda hub: WaagespielTable(hub, P, setup_done=False, settle_s=0.1, first_line=hub.lines)),
        "setup-screen": ("rolling", lambda hub: WaagespielTable(hub, P, setup_done=False, first_line=hub.lines)),
        "rolling": ("rolling", lambda hub: WaagespielTable(hub, P, first_line=hub.lines).roll(*[HIGH] * 6)),
        "tie-break-named": ("tie_break", _waagespiel_tie),
        "tie-break-rolling": ("tie_break", lambda hub: _waagespiel_tie(hub).wait(4.0).roll((2, 4))),
        "choosing": ("choosing", lambda hub: WaagespielTable(hub, P, first_line=hub.lines).roll((1, 1))),
        "chosen": ("drinking", _waagespiel_chosen),
        "drinking": ("drinking", lambda hub: _waagespiel_chosen(hub).wait(4.0)),
        "verdict": ("drinking", lambda hub: _waagespiel_chosen(hub).wait(4.0).sip(5)),
        "awaiting-refill": ("awaiting_refill", lambda hub: _waagespiel_chosen(hub, beer_g=30).wait(4.0).sip(30).wait(4.0)),
        "refilled": ("rolling", lambda hub: _waagespiel_chosen(hub, beer_g=30).wait(4.0).sip(30).wait(4.0).refill(300)),
    },
    "willkommen_am_arsch": {
        "opening": ("opening", lambda hub: tables.Table(hub, "willkommen_am_arsch", P, first_line=hub.lines)
                    .play(*[{"roll": list(HIGH)}] * 5)),
        "roll": ("roll", lambda hub: tables.willkommen(hub, P, first_line=hub.lines)),
        "field": ("field", lambda hub: tables.willkommen(hub, P, first_line=hub.lines).play({"roll": [2, 5]})),
        "taxi": ("taxi", lambda hub: tables.willkommen(hub, P, first_line=hub.lines).play({"roll": [2, 5]},
                                                                                         {"field": "taxi"})),
        "spielothek": ("spielothek", lambda hub: tables.willkommen(hub, P, first_line=hub.lines)
                       .play({"roll": [2, 5]}, {"field": "spielothek"})),
    },
    "arsch_selten_allein": {
        "choose": ("choose", lambda hub: tables.Table(hub, "arsch_selten_allein", P, first_line=hub.lines)),
        "play": ("play", lambda hub: tables.arsch(hub, P, first_line=hub.lines)),
        "score": ("score", lambda hub: tables.Table(hub, "arsch_selten_allein", P, first_line=hub.lines)
                  .play({"choose": P[1]}, {"raise": P[1]}, {"out": P[2]})),
        "over": ("over", lambda hub: tables.arsch(hub, P, finish=True, first_line=hub.lines)),
    },
    "propter": {
        "choose": ("choose", lambda hub: tables.Table(hub, "propter", P, first_line=hub.lines)),
        "turn": ("turn", lambda hub: tables.propter(hub, P, first_line=hub.lines)),
        "discarded": ("discarded", lambda hub: tables.Table(hub, "propter", P, first_line=hub.lines)
                      .play({"choose": P[2]}, {"discard": P[2]})),
        "over": ("over", lambda hub: tables.propter(hub, P, finish=True, first_line=hub.lines)),
    },
}


def phases_of(game: str) -> set[str]:
    """The phase words of ``game``'s engine (its module's ``Phase``: an enum or a ``Literal``)."""
    kind = importlib.import_module(spec(game).engine_class().__module__).Phase
    return {str(p) for p in (get_args(kind) or list(kind))}


def test_every_phase_of_every_game_has_a_case():
    assert set(CASES) == set(GAMES)
    for game, cases in CASES.items():
        assert {phase for phase, _ in cases.values()} == phases_of(game), game


def under_the_code(page) -> list[str]:
    """The visible leaf elements of the TV's game that the join code (fixed in a corner) covers."""
    return page.evaluate("""() => {
        const j = document.querySelector('[data-testid=join]').getBoundingClientRect();
        return [...document.querySelectorAll('main *')]
            .filter((e) => !e.closest('.join') && e.children.length === 0 && e.getClientRects().length)
            .filter((e) => { const r = e.getBoundingClientRect();
                             return r.width > 0 && r.height > 0 && r.right > j.left && r.left < j.right
                                 && r.bottom > j.top && r.top < j.bottom; })
            .map((e) => e.className + ' ' + e.textContent.slice(0, 30)); }""")


def measure(page) -> dict[str, float]:
    """The document's scroll size against the window (px)."""
    return page.evaluate("() => ({ height: document.scrollingElement.scrollHeight, width: document.scrollingElement"
                         ".scrollWidth, inner_h: innerHeight, inner_w: innerWidth })")


def shown(page, game: str, phase: str) -> None:
    """Wait until the page has drawn the snapshot of ``game`` in ``phase`` (with the game titles known) and
    two frames more."""
    page.wait_for_function("([g, p]) => Live.state && Live.state.game === g && Live.state.phase === p"
                           " && Object.keys(GAMES).length > 0", arg=[game, phase], timeout=8000)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@pytest.mark.parametrize("game,case", [(g, c) for g in GAMES for c in CASES.get(g, {})])
def test_the_tv_never_scrolls_and_the_phone_never_scrolls_sideways(site, open_page, game, case):  # noqa: F811
    hub = site[0]
    phase, build = CASES[game][case]
    table = build(hub)
    assert str(table.host.engine.phase) == phase and hub.snapshot.game == game
    names = [p for p in P if p in hub.snapshot.players]
    assert len(names) == 12
    tv = open_page("/tv", TV)
    shown(tv, game, phase)
    got = measure(tv)
    assert got["height"] <= TV[1] and got["width"] <= TV[0], got
    assert under_the_code(tv) == []
    for path in ("/", "/tv"):
        phone = open_page(path, PHONE)
        shown(phone, game, phase)
        got = measure(phone)
        assert got["width"] <= PHONE[0], (path, got)


def test_the_plain_scale_fits_the_tv_and_a_phone(site, open_page):  # noqa: F811
    """/?waage and /tv?waage (the plain scale, huge; 750 g of glass and beer): /tv on a phone was 897 px wide."""
    hub = site[0]
    WaagespielTable(hub, P, first_line=hub.lines)
    for path, viewport in (("/tv?waage", TV), ("/tv?waage", PHONE), ("/?waage", PHONE)):
        page = open_page(path, viewport)
        page.wait_for_function("() => document.querySelector('[data-testid=net]').textContent === '750'")
        got = measure(page)
        assert got["width"] <= viewport[0], (path, viewport, got)
        if viewport == TV:
            assert got["height"] <= TV[1], got


def test_the_tv_grows_back_when_the_table_gets_smaller(site, open_page):  # noqa: F811
    """One TV through a game of twelve and then of three: it shrinks for the twelve and takes the full sizes
    again for the three (fit.js keeps its factor only while it is still the largest that fits)."""
    hub = site[0]
    _waagespiel_chosen(hub)
    tv = open_page("/tv", TV)
    shown(tv, "waagespiel", "drinking")
    shrunk = float(tv.evaluate("document.body.dataset.fit"))
    assert 0.5 <= shrunk < 1 and measure(tv)["height"] <= TV[1]
    WaagespielTable(hub, ["Anna", "Ben", "Cem"], first_line=hub.lines).roll((1, 2), HIGH, HIGH)
    tv.wait_for_function("() => Live.state.players.length === 3 && document.body.dataset.fit === ''")
    assert measure(tv)["height"] <= TV[1]
    assert tv.get_by_test_id("player").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 100
