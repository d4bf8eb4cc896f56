"""/stats for every game in a real headless Chromium at phone and TV size (issue 21): the running
game's own figures under whole-word headers, never the Waagespiel's columns during a helper game,
the final table once the game is over, no text key and no horizontal overflow; the per-game exports."""

from __future__ import annotations

import csv
import io
import json
import re

import httpx
import pytest

from waage.app.host import GameHost
from waage.display.views import MessageView
from waage.games import spec
from waage.live.hub import LiveSnapshot
from waage.rules.dice import make_dice

from .browser import Pages

PLAYERS = ["Anna", "Ben", "Cara", "Dirk"]
#: raw text keys of the pages' tables (a missing text shows its key)
RAW_KEY = re.compile(r"\b(?:stat|stats|col|phase|game|role)_[a-z_]+\b")
WAAGESPIEL_HEADERS = ("Auserwählt", "Versuche", "Treffer", "Trefferquote", "Gramm")


def played(game: str, inputs: list[tuple[float, dict]], **options) -> GameHost:
    engine = spec(game).engine_class()(PLAYERS, **options)
    host = GameHost(engine, None, make_dice(1))
    host.start(0.0)
    for t_s, given in inputs:
        out = host.apply(given, t_s)
        assert not any(r["event"] == "input_rejected" for r in out), (given, out)
    return host


WILLKOMMEN = [(1.0, {"roll": [1, 2]}), (2.0, {"roll": [3, 4]}), (3.0, {"roll": [5, 6]}), (4.0, {"roll": [6, 6]}),
              (10.0, {"roll": [2, 3]}), (11.0, {"field": "kneipe"}),
              (20.0, {"roll": [1, 3]}), (21.0, {"field": "stehtisch"}),
              (95.0, {"roll": [2, 4]}), (96.0, {"field": "trottelmuetze"})]
ARSCH = [(1.0, {"choose": "Ben"}), (2.0, {"raise": "Ben"}), (3.0, {"out": "Cara"}),
         (4.0, {"points": {"Anna": 7, "Ben": 3, "Dirk": 2}}), (5.0, {"finish": True})]
PROPTER = [(1.0, {"choose": "Anna"}), (2.0, {"play": "Anna", "slot": 1, "match": "exact"}),
           (3.0, {"discard": "Ben"}), (4.0, {"next": "Ben"})]
#: game, its inputs, a header that must show, the row of one player as shown (phone and TV alike)
CASES = {
    "willkommen_am_arsch": (WILLKOMMEN, "Zeit mit Trottelmütze",
                            ("Ben", ["Ben", "2", "0", "0", "2", "0:00", "1"])),
    "arsch_selten_allein": (ARSCH, "Strafpunkte", ("Anna", ["Anna", "7", "7", "0", "0"])),
    "propter": (PROPTER, "Trophäen", ("Anna", ["Anna", "1", "1", "1", "0", "0", "nein"])),
}


@pytest.fixture
def open_page(browser):
    pages = Pages(browser)
    yield lambda base, path, viewport: pages.open(base, path, viewport)[0]
    pages.close()


def serve(served, host: GameHost, lang: str = "de"):
    """The web view of ``host``'s game: its records in the hub, a snapshot with ``details.result``."""
    s = served()
    engine = host.engine
    result = engine.result() if hasattr(engine, "result") else None
    details = {"lang": lang, **({"result": result.model_dump()} if result is not None else {})}
    s.hub.state(LiveSnapshot(game=engine.game_id, phase=engine.phase, players=list(engine.players),
                             current=engine.current_player, view=MessageView(title="x", lines=[]), details=details))
    for n, rec in enumerate(host.game_records, start=1):
        s.hub.record(n, rec)
    return s


def check_page(page, width: int) -> str:
    page.wait_for_function("() => document.querySelectorAll('[data-testid=stats-table] tbody tr').length > 0")
    body = page.locator("body").inner_text()
    assert not RAW_KEY.search(body), RAW_KEY.search(body)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    return body


@pytest.mark.parametrize("viewport", [(390, 844), (1920, 1080)], ids=["phone", "tv"])
@pytest.mark.parametrize("game", list(CASES))
def test_stats_page_shows_the_helper_games_own_figures(served, open_page, game, viewport):
    inputs, header, (name, row) = CASES[game]
    host = played(game, inputs)
    s = serve(served, host)
    page = open_page(s.base, "/stats", viewport)
    body = check_page(page, viewport[0])
    assert page.get_by_test_id("game-title").inner_text() == {
        "willkommen_am_arsch": "Willkommen am Arsch", "arsch_selten_allein": "Ein Arsch kommt selten allein",
        "propter": "Propter"}[game]
    assert page.locator(f"[data-testid=stats-table] tr[data-player={name}] td").all_inner_texts() == row
    headers = page.locator("[data-testid=stats-table] th").all_text_contents()
    assert header in headers and not set(WAAGESPIEL_HEADERS) & set(headers)
    labels = page.locator("[data-testid=stats-table] td[data-label]").evaluate_all("els => els.map(e => e.dataset.label)")
    assert header in labels  # the phone's cards name each figure too
    assert page.get_by_test_id("weighing").is_hidden()
    if game == "willkommen_am_arsch":
        # Anna wore the hat from the opening (4 s) to Cara's Trottelmütze field (96 s); Cara since then
        assert page.locator("tr[data-player=Anna] td").all_inner_texts()[5] == "1:32"
        assert "Trottelmütze trägt: Cara" in body and "Auf dem Stehtisch: 1 Bier" in body
    if game == "arsch_selten_allein":
        assert page.get_by_test_id("result").is_visible()
        assert page.get_by_test_id("winner").inner_text() == "Gewonnen: Cara"
        assert page.locator("[data-testid=result-table] td").all_inner_texts()[:2] == ["1. Cara", "0"]
        assert page.locator("[data-testid=rounds-table] tr[data-player=Anna] td").all_inner_texts() == ["Anna", "7"]
        assert "Gespielte Runden: 1" in body
    else:
        assert page.get_by_test_id("result").is_hidden()


@pytest.mark.parametrize("viewport", [(390, 844), (1920, 1080)], ids=["phone", "tv"])
def test_stats_page_of_the_waagespiel_keeps_its_figures_and_curves(served, open_page, viewport):
    s = served()
    recs = [{"event": "game_started", "players": ["Anna", "Ben", "Cara"]},
            {"event": "chosen", "player": "Ben", "target_g": 50, "min_g": 45, "max_g": 55},
            {"event": "sip", "player": "Ben", "grams": 47, "target_g": 50, "verdict": "hit", "attempt": 1},
            {"event": "sip", "player": "Ben", "grams": 20, "target_g": 50, "verdict": "miss", "attempt": 2}]
    for n, r in enumerate(recs, start=1):
        s.hub.record(n, r)
    page = open_page(s.base, "/stats", viewport)
    check_page(page, viewport[0])
    assert page.locator("tr[data-player=Ben] td").all_inner_texts() == [
        "Ben", "1", "2", "1", "0", "1", "50 %", "16,5 g", "67", "0,07"]
    headers = page.locator("[data-testid=stats-table] th").all_text_contents()
    assert set(WAAGESPIEL_HEADERS) <= set(headers) and "Daneben" in headers
    assert page.get_by_test_id("weighing").is_visible() and page.locator("#history canvas").count() == 1


@pytest.mark.parametrize("game,headers", [
    ("willkommen_am_arsch", {"Beer", "Shots", "Water", "Time wearing the fool's cap", "Stehtisch emptied"}),
    ("arsch_selten_allein", {"Penalty points", "Last round", "Rounds started (as the Arsch)", "Went out"}),
    ("propter", {"Trophies", "BS stung", "Played exact", "Played category", "Discarded", "Fell off the disc"})])
def test_stats_page_in_english(served, open_page, game, headers):
    s = serve(served, played(game, CASES[game][0]), lang="en")
    page = open_page(s.base, "/stats", (1920, 1080))
    body = check_page(page, 1920)
    assert headers <= set(page.locator("[data-testid=stats-table] th").all_text_contents())
    assert "Player" in page.locator("[data-testid=stats-table] th").all_text_contents()
    if game == "arsch_selten_allein":
        assert "Won: Cara" in body and "Final table" in body


def test_the_teams_of_the_arsch_team_variant_show(served, open_page):
    host = played("arsch_selten_allein", [(1.0, {"choose": "Anna"}), (2.0, {"raise": "Anna"}), (3.0, {"out": "Ben"}),
                                          (3.5, {"raise": "Cara"}), (4.0, {"out": "Dirk"}),
                                          (5.0, {"points": {"Anna": 5, "Cara": 6}})], teams=True)
    s = serve(served, host)
    page = open_page(s.base, "/stats", (390, 844))
    check_page(page, 390)
    assert page.locator("[data-testid=teams-table] tr[data-player='Anna+Cara'] td").all_inner_texts()[:2] == [
        "Anna+Cara", "11"]


def test_the_per_game_exports_are_csv_and_json_lines_with_the_formula_guard(served):
    host = played("willkommen_am_arsch", WILLKOMMEN)
    s = serve(served, host)
    got = httpx.get(s.base + "/api/stats.csv")
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
    assert "waage-willkommen_am_arsch-stats.csv" in got.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(got.text)))
    assert [r["name"] for r in rows] == PLAYERS
    assert (rows[1]["bier"], rows[1]["stehtisch"], rows[0]["hat_s"]) == ("2", "1", "92.0")
    lines = [json.loads(x) for x in httpx.get(s.base + "/api/stats.jsonl").text.splitlines()]
    assert [x["name"] for x in lines] == PLAYERS and lines[1]["bier"] == 2
    # a name a spreadsheet would run as a formula stays text (csv_cell)
    s2 = served()
    for n, rec in enumerate([{"event": "game_started", "game": "propter", "players": ["=HYPERLINK(1)", "Ben"]},
                             {"event": "sting", "player": "=HYPERLINK(1)", "slot": 1, "points": 1}], start=1):
        s2.hub.record(n, rec)
    text = httpx.get(s2.base + "/api/stats.csv").text
    assert "'=HYPERLINK(1)" in text and "\n=HYPERLINK" not in text
    # the session exports stay as they were
    assert httpx.get(s.base + "/api/session.jsonl").text.count("\n") == len(host.game_records)


def test_the_figures_follow_the_game_live(served, open_page):
    """A helper game's new records reach the open page (the stream) and its figures follow."""
    host = played("willkommen_am_arsch", WILLKOMMEN)
    s = serve(served, host)
    page = open_page(s.base, "/stats", (390, 844))
    check_page(page, 390)
    sent = len(host.game_records)
    out = host.apply({"gejammer": "Ben"}, 120.0)  # WA-12: a Kurzer for Ben
    assert out and out[0]["event"] == "drink"
    for n, rec in enumerate(list(host.game_records)[sent:], start=sent + 1):
        s.hub.record(n, rec)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=stats-table] tr[data-player=Ben] td')[2].textContent === '1'")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_final_table_gives_tied_players_a_shared_place_and_the_header_names_the_game(served, open_page, lang):
    """issue 21: the winner screens on / and /tv rank ties "1., 2., 2., 4." while /stats numbered 1–8 in a row;
    the header read "Waagespiel" during a helper game (and in English)."""
    host = played("arsch_selten_allein", [(1.0, {"choose": "Ben"}), (2.0, {"raise": "Ben"}), (3.0, {"out": "Cara"}),
                                          (4.0, {"points": {"Anna": 3, "Ben": 3, "Dirk": 2}}), (5.0, {"finish": True})])
    s = serve(served, host, lang=lang)
    page = open_page(s.base, "/stats", (390, 844))
    check_page(page, 390)
    page.get_by_test_id("result").wait_for(state="visible")
    cells = page.locator("[data-testid=result-table] td").all_inner_texts()
    assert cells[0::2] == ["1. Cara", "2. Dirk", "3. Anna", "3. Ben"] and cells[1::2] == ["0", "2", "3", "3"]
    title = {"de": "Ein Arsch kommt selten allein", "en": httpx.get(s.base + "/api/games").json()[2]["title"]["en"]}
    assert httpx.get(s.base + "/api/games").json()[2]["id"] == "arsch_selten_allein"
    page.wait_for_function("(t) => document.querySelector('.top .brand').textContent === t", arg=title[lang])
