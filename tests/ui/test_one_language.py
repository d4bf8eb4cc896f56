"""One language per screen: no English word of the engines or of the English texts on a German screen.

Every German screen is scanned: the sample screens, and every screen seen while
the flows of all four games and the menu are driven by keys, including the
notices for rejected inputs (the engines' reasons are English: ``why`` is for the
log, the display shows the reason code's German text).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from standin import StandInEngine, StandInHost, waagespiel_controller

from waage.app.narration import narrate
from waage.display.screens import render
from waage.display.texts import rejection_text, text_table
from waage.inputs.keys import Key
from waage.games import GAMES
from waage.games.waagespiel import engine as waagespiel
from waage.tools.samples import samples
from waage.ui import DeviceUi

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
RULES = Path(waagespiel.__file__).resolve().parents[2] / "rules"
GAMES_DIR = Path(waagespiel.__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
FIELD = re.compile(r"\{[^}]*\}")  # a text's placeholders are no words


def words(strings) -> set[str]:
    return {w.lower() for s in strings for w in WORD.findall(FIELD.sub(" ", s))}


def engine_reasons() -> list[str]:
    """The English reasons the engines give (``InputRejected("…")`` literals and the Waagespiel's phase reasons)."""
    found = list(waagespiel._NOT_NOW.values())
    engines = [path for g in GAMES for path in [GAMES_DIR / g / "engine.py", *sorted((GAMES_DIR / g / "rules").glob("*.py"))]]
    for path in [*engines, *sorted((RULES / "helpers").glob("*.py"))]:
        found += re.findall(r'InputRejected\(\s*f?"([^"]+)"', path.read_text(encoding="utf-8"))
    return found


GERMAN = words(text_table("de").values())  # the shared words and every kit's own
ENGLISH = (words(engine_reasons()) | words(text_table("en").values())) - GERMAN


def drawn(view, lang: str = "de") -> list[str]:
    """Every string ``view`` draws."""
    seen: list[str] = []
    draw = ImageDraw.Draw(Image.new("1", (128, 64), 0))
    real = draw.text

    def text(xy, s, **kwargs):
        seen.append(s)
        real(xy, s, **kwargs)

    draw.text = text  # type: ignore[method-assign]
    render(view, draw, lang)
    return seen


def english_on(view) -> set[str]:
    return words(drawn(view)) & ENGLISH


def drive(ui: DeviceUi, keys) -> list:
    """The screens after each key of ``keys`` (and before the first)."""
    seen = [ui.view()]
    for key in keys:
        ui.on_key(key)
        seen.append(ui.view())
    return seen


def test_the_scan_knows_the_engines_english():
    assert {"glass", "empty", "refill", "first", "turn", "player"} <= ENGLISH
    assert not {"pasch", "stehtisch", "jail", "gejammer"} & ENGLISH  # the game's own words are German


@pytest.mark.parametrize("slug,view", [(slug, view) for slug, _, view in samples("de")],
                         ids=[slug for slug, _, _ in samples("de")])
def test_no_english_on_a_german_sample_screen(slug, view):
    assert not english_on(view), slug


def test_the_old_mixed_message_is_gone():
    """Before: "Nicht jetzt: the glass is empty: refill it first" (the engine's English reason)."""
    ctl, fake, records = waagespiel_controller()
    for dice in ((6, 5), (4, 6), (5, 4)):
        ctl.roll(dice)
    ctl.on_samples(fake.sip(400))  # Cara empties the glass: a refill is owed
    ui = DeviceUi(ctl, setup_done=True)
    ui.submit({"roll": "auto"})
    rejected = records[-1]
    assert rejected["why"] == "the glass is empty: refill it first" and rejected["code"] == "awaiting_refill"
    assert drawn(ui.view()) == ["Nicht jetzt", "Das Glas ist leer: erst", "nachfüllen."]
    assert narrate(rejected) == "Nicht jetzt: Das Glas ist leer: erst nachfüllen."
    assert narrate({"event": "input_rejected", "why": "the glass is empty: refill it first"}) == \
        "Nicht jetzt: Das passt gerade nicht."
    assert narrate(rejected, "en") == "Not now: The glass is empty: refill it first."


def test_every_reason_code_has_a_german_text_without_english():
    codes = [k[4:] for k in text_table("de") if k.startswith("why_")]
    for code in codes:
        said = rejection_text({"code": code, "details": {"player": "Ben"}}, "de")
        assert said and not words([said]) & ENGLISH, code


def test_no_english_on_any_screen_of_the_flows_and_the_menu():
    players = ["Anna", "Ben", "Cara", "Dörte"]
    anytime = {"absent", "pee", "gejammer", "muetze", "stehtisch_add"}

    def rejecting(given):
        return [{"event": "input_rejected", "input": given, "why": "it is not Ben's turn now (phase spiel)",
                 "code": "not_your_turn", "details": {"player": "Ben"}}]

    screens = []
    # Willkommen am Arsch: roll, field with meeting and cards, every other input, a rejection
    wa = StandInHost(StandInEngine("willkommen_am_arsch", players, {"field"} | anytime, "Anna", "spiel",
                                   {"trottelmuetze": "Ben", "stehtisch": ["bier"],
                                    "drinks": {"Anna": {"bier": 2, "kurzer": 1, "wasser": 0}}}),
                     lambda given: [{"event": "drink", "player": "Anna", "drinks": ["bier", "kurzer"],
                                     "reason": "card"},
                                    {"event": "stehtisch_add", "player": None, "drinks": ["wasser"],
                                     "reason": "card", "stehtisch": ["bier", "wasser"]}])
    ui = DeviceUi(wa, dice_mode="manual")
    screens += drive(ui, [OK, N, N, N, N, OK, N, OK, P, OK, N, OK, N, OK, OK, OK, OK])
    # pee (Anna), a Stehtisch card (2 Kurzer), the statistics from the menu
    screens += drive(ui, [N, N, OK, OK, OK, N, P, P, OK, N, OK, N, OK, OK, BACK, P, OK, OK, BACK])
    wa.engine.expecting = {"roll"} | anytime
    wa.respond = rejecting
    screens += drive(ui, [OK, N, OK, OK, OK, OK])  # dice entered by hand, rejected, dismissed
    # Ein Arsch kommt selten allein: starter, turn actions, points, finish
    asa = StandInHost(StandInEngine("arsch_selten_allein", players, {"choose", "finish"}, None, "spiel",
                                    {"round": 2, "totals": {p: 3 for p in players}}),
                      lambda given: [{"event": "pass", "player": "Ben", "pairs": 1},
                                     {"event": "round_scored", "round": 2, "points": {}, "totals": {"Ben": 4},
                                      "team_totals": {"1": 4, "2": 6}}])
    ui = DeviceUi(asa)
    screens += drive(ui, [P, OK, N, OK, OK, OK])  # finish, confirmed; the notices
    asa.engine.expecting, asa.engine.current_player = {"raise", "pair", "pass", "out"}, "Ben"
    screens += drive(ui, [OK, N, OK, OK, OK])  # a pair
    asa.engine.expecting, asa.engine.current_player = {"points"}, None
    screens += drive(ui, [OK, N, OK, OK, OK, OK, OK, OK])
    # Propter: first player, play by category and exact, discard, the end
    pr = StandInHost(StandInEngine("propter", players, {"play", "discard", "next"}, "Cara", "spiel",
                                   {"points": {p: 1 for p in players}, "hands": {p: 5 for p in players},
                                    "resistance": [3, 1, 2]}),
                     lambda given: [{"event": "sting", "player": "Cara", "slot": 2, "points": 2}])
    ui = DeviceUi(pr)
    screens += drive(ui, [OK, OK, N, OK, N, OK, OK, OK, N, OK, OK, N, N, OK])
    pr.engine.current_player, pr.engine.expecting = None, set()
    screens += drive(ui, [OK, OK])
    # the menu with every entry, on the Waagespiel
    ctl, fake, records = waagespiel_controller(players)
    ui = DeviceUi(ctl, start_in_menu=True, roster=players)
    screens += drive(ui, [N, OK, OK, N, OK,  # new game, everyone, yes: the set-up screen
                          BACK, N, N, OK, OK, OK, OK,  # choose the game, "Nein"
                          N, N, N, OK, OK])  # language
    visible = [e.id for e in ui.menu.visible(ui)]
    to_stats = [P] * (len(visible) - visible.index("stats"))
    to_scale = [P] * (len(visible) - visible.index("scale"))
    screens += drive(ui, [*to_stats, OK, OK, *to_scale, OK, OK, N, OK])  # statistics, the plain scale, continue
    assert len(screens) > 80
    assert {type(v).__name__ for v in screens} >= {
        "TurnView", "ListView", "CountView", "ConfirmView", "ScoreView", "MessageView", "DiceEntryView",
        "StatsView", "SetupView", "ScaleView"}
    found = {i: english_on(v) for i, v in enumerate(screens)}
    assert not {i: w for i, w in found.items() if w}, [screens[i] for i, w in found.items() if w]


def test_a_rejection_subclass_that_sets_its_code_first_keeps_it():
    """The helper engines' InputRejected(code, **details) sets code and details before the base __init__."""
    class Rejected(waagespiel.InputRejected):
        def __init__(self, code, **details):
            self.code, self.details = code, details
            super().__init__(code)

    assert Rejected("not_your_turn", player="Ben").record() == {
        "why": "not_your_turn", "code": "not_your_turn", "details": {"player": "Ben"}}
    assert rejection_text(Rejected("not_your_turn", player="Ben").record()) == "Ben ist nicht dran."
