"""The helper games' texts (waage/display/helper_texts.py and each kit's texts.py and screen.py): every
engine code and event has words in German and English, one language per message, and the helper screen
fits the 128×64 OLED."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from waage.app.scenario import load_scenario
from waage.display.fonts import get_font
from waage.display.helper_texts import REASONS, narrate, reason
from waage.display.screens import TINY, WIDTH, render_image, wrap
from waage.games import GAMES
from waage.rules.helpers import InputRejected

REPO = Path(__file__).resolve().parents[2]
#: the helper games' engines (each in its kit) and what they share
ENGINES = [REPO / "waage" / "games" / g.id / "engine.py" for g in GAMES.values() if not g.uses_scale]
ENGINES += sorted((REPO / "waage" / "rules" / "helpers").glob("*.py"))
EXAMPLES = sorted((REPO / "tests" / "scenarios" / "helpers").glob("*.toml"))
#: words that would give away an English text inside a German message
ENGLISH = re.compile(r"\b(the|not|turn|round|player|points?|wins?|drinks?|rolls?|is|and|no)\b")


def helper_view(engine, events=(), lang="de"):
    """The screen of ``engine``'s game (its kit's ``GameSpec.screen``)."""
    return GAMES[engine.game_id].screen_of(engine, events, lang)


def codes_in_engines() -> set[str]:
    text = "".join(p.read_text() for p in ENGINES)
    return set(re.findall(r'InputRejected\(\s*"(\w+)"', text)) | set(re.findall(r'InputRejected\(\s*\n?\s*"(\w+)"', text))


def test_every_rejection_code_has_german_and_english_words():
    """Issue 7 part 4: a rejection is a code + args that the display translates."""
    codes = codes_in_engines()
    assert {"not_your_turn", "field_owed", "hat_never_pees", "points_for", "game_over"} <= codes
    for code in codes:
        assert code in REASONS["de"] and code in REASONS["en"], code


def played(case: Path):
    """(engine, events of each input) along an example game."""
    sc = load_scenario(case)
    cls = GAMES[sc.game].engine_class()
    g = cls(sc.players, teams=True) if sc.teams else cls(sc.players)
    steps = [g.start()]
    yield g, steps[0]
    for inp in sc.inputs:
        try:
            evs = g.apply(inp)
        except InputRejected as exc:
            evs = [{"event": "input_rejected", "code": exc.code, "details": exc.details}]
        yield g, evs


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda p: p.stem)
def test_every_event_is_narrated_in_one_language(case):
    """The simulator's narration: a sentence for every event, German without English words."""
    for engine, events in played(case):
        for ev in events:
            de, en = narrate(ev, "de", engine.game_id), narrate(ev, "en", engine.game_id)
            assert (de, en) == (narrate(ev, "de"), narrate(ev, "en"))  # a caller without the game: the same
            assert de and en, ev
            assert not ENGLISH.search(de.replace("Trottelmütze", "")), de


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_helper_screen_fits_three_rows_and_renders(case, lang):
    """HelperGameView: the title and at most three rows of body text, nothing cut, for every state."""
    font = get_font(TINY)
    for engine, events in played(case):
        view = helper_view(engine, events, lang)
        rows = [r for line in view.lines for r in wrap(line, font, WIDTH - 2, 3)]
        assert len(rows) <= 3 and not any(r.endswith("…") for r in rows), (view, rows)
        if lang == "de":
            assert not any(ENGLISH.search(x) for x in [view.title, *view.lines]), view
        render_image(view, lang)


def test_reason_words():
    """A rejection in words, with names and the phase in the message's language."""
    assert reason("not_your_turn", {"player": "Ben", "expected": "Anna"}, "de") == "Ben ist nicht dran, sondern Anna"
    assert reason("not_now", {"phase": "score"}, "en") == "not now (scoring)"
    assert reason("points_for", {"expected": ["Anna", "Cara"]}, "de") == "Punkte genau für: Anna, Cara"


def test_screen_says_who_acts_and_what_is_due():
    """The title follows the engine: the roller, "nochmal" after a Pasch (WA-03), the field that is owed."""
    from waage.games.propter.engine import Propter
    from waage.games.willkommen_am_arsch.engine import WillkommenAmArsch

    g = WillkommenAmArsch(["Anna", "Ben", "Cara"])
    assert helper_view(g, g.start()).title == "Mützenwurf: Anna"
    for roll in ([3, 4], [1, 2], [5, 5]):
        g.apply({"roll": roll})
    ev = g.apply({"roll": [2, 2]})
    view = helper_view(g, ev)
    assert view.title == "Ben: welches Feld?" and view.lines[:2] == ["Ben: 2+2 = 4", "Mütze Ben: 1 Bier"]
    view = helper_view(g, g.apply({"field": "jail"}))
    assert view.title == "Ben nochmal!" and "Ben in Jail" in view.lines
    assert helper_view(g, [], "en").title == "Ben again!"
    p = Propter(["Anna", "Ben"])
    p.start()
    p.apply({"choose": "Anna"})
    view = helper_view(p, p.apply({"play": "Anna", "slot": 2, "match": "category"}))
    assert view.title == "Ben ist dran" and view.lines == ["Anna: BS 2 auf 2", "BS: 3 | 2 | 3", "0 Pkt · 5 Karten"]


def test_the_end_of_ein_arsch_says_how_many_rounds_were_played():
    """Issue 21 (AS-08): after round 1 was scored and round 2 begun, ``finish`` ends the game; the screen
    and ``stand`` then say "Spielende nach 1 Runde", never "Runde 1" after "Runde 2" (the contract's
    ``summary.round`` stays the engine's: the rounds played)."""
    from waage.app.host import GameHost
    from waage.display.helper_texts import summary_text
    from waage.rules.dice import SeededDice
    from waage.rules.engines import games

    host = GameHost(games()["arsch_selten_allein"](["Anna", "Ben", "Cara"]), None, SeededDice(7))
    host.start(0.0)
    engine = host.engine
    for given in ({"choose": "Anna"}, {"raise": "Anna"}, {"out": "Ben"}, {"points": {"Anna": 3, "Cara": 2}}):
        host.apply(given)
    assert summary_text(engine.summary()).startswith("Stand: Runde 2;")
    host.apply({"finish": True})
    assert engine.summary()["round"] == 1
    assert summary_text(engine.summary()) == "Stand: Spielende nach 1 Runde; Anna 3, Ben 0, Cara 2."
    assert helper_view(engine).title == "Spielende nach 1 Runde"
    assert summary_text({**engine.summary(), "round": 3}, "en").startswith("Score: Game over after 3 rounds;")
