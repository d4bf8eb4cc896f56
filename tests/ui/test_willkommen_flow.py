"""Willkommen am Arsch driven by keys: key sequence -> the exact contract inputs (WA-03…WA-12)."""

from __future__ import annotations

import pytest
from standin import StandInEngine, StandInHost, press

from waage.display.views import DiceEntryView, ListView, MessageView, ScoreView, TurnView
from waage.inputs.keys import Key
from waage.ui import DeviceUi
from waage.games.willkommen_am_arsch.ui import FIELDS

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
PLAYERS = ["Anna", "Ben", "Cara"]
ANYTIME = {"absent", "pee", "gejammer", "muetze", "stehtisch_add"}


def make(expecting, current="Anna", respond=None, dice_mode="electronic", **summary):
    summary = summary or {"trottelmuetze": "Ben", "stehtisch": ["bier"], "drinks": {}}
    host = StandInHost(StandInEngine("willkommen_am_arsch", PLAYERS, expecting, current, "spiel", summary), respond)
    return host, DeviceUi(host, dice_mode=dice_mode)


def test_home_screen_shows_who_rolls_the_hat_and_the_stehtisch():
    host, ui = make({"roll"} | ANYTIME)
    v = ui.view()
    assert isinstance(v, TurnView) and v.title == "Willkommen am Arsch" and v.player == "Anna"
    assert v.lines == ["Mütze: Ben", "Stehtisch: 1 Bier"] and v.hint == "OK: würfeln · WEITER: mehr"


def test_ok_rolls_the_electronic_dice_the_host_throws_them():
    host, ui = make({"roll"} | ANYTIME)
    press(ui, OK)
    assert host.given == [{"roll": "auto"}]


def test_manual_dice_are_entered_die_by_die():
    host, ui = make({"roll"} | ANYTIME, dice_mode="manual")
    press(ui, OK)
    assert isinstance(ui.view(), DiceEntryView)
    press(ui, N, N, N, OK, P, OK)  # die 1: unset -> 3, die 2: unset -> 6
    assert ui.view() == DiceEntryView(player="Anna", dice=(3, 6), cursor=2) and host.given == []
    press(ui, OK)
    assert host.given == [{"roll": [3, 6]}]


def test_field_with_a_meeting_and_a_drink_card_wa04():
    host, ui = make({"field"} | ANYTIME)
    host.last_events = [{"event": "roll", "player": "Anna", "dice": [3, 1], "sum": 4, "pasch": False, "t_s": 0}]
    home = ui.view()
    assert home.dice == (3, 1)  # Anna's own roll: the field she owes and home.hint == "OK: Feld · WEITER: mehr"
    press(ui, OK)
    picker = ui.view()
    assert isinstance(picker, ListView) and picker.title == "Feld: Anna" and len(picker.items) == 17
    assert picker.items[:5] == ["Schüttelbude", "Trottelmütze", "Stehtisch", "Jail", "Kneipe"]
    press(ui, *[N] * FIELDS.index("kneipe"), OK)
    meets = ui.view()
    assert meets.title == "Wer stand schon da?" and meets.items == ["Ben", "Cara", "Fertig"] and meets.selected == 2
    press(ui, N, OK, P, OK)  # wrap to Ben, tick him, back to "Fertig"
    assert ui.view().items == ["Keine Karten", "Karten eingeben"]
    press(ui, N, OK, N, OK, OK, OK)  # 1 Bier, 0 Kurzer, 0 Wasser
    assert host.given == [{"field": "kneipe", "meets": ["Ben"], "cards": ["bier"]}]


def test_who_was_already_there_offers_only_who_can_stand_on_that_field_wa05():
    """WA-05: a jailed piece stands only at Jail; the picker offers the jailed for Jail, the others elsewhere."""
    host, ui = make({"field"} | ANYTIME)
    host.engine.jail = ["Cara"]
    press(ui, OK, *[N] * FIELDS.index("kneipe"), OK)
    assert ui.view().items == ["Ben", "Fertig"]
    host, ui = make({"field"} | ANYTIME)
    host.engine.jail = ["Cara"]
    press(ui, OK, *[N] * FIELDS.index("jail"), OK)
    assert ui.view().items == ["Cara", "Fertig"]


def test_plain_field_is_three_presses_and_the_schuettelbude_asks_whom_to_invite_wa08():
    host, ui = make({"field"} | ANYTIME)
    press(ui, OK, *[N] * FIELDS.index("teich"), OK, OK, OK)
    assert host.given == [{"field": "teich"}]
    press(ui, OK, OK, OK, OK)  # Schüttelbude is the first field
    invite = ui.view()
    assert invite.title == "Wen einladen?" and invite.items == ["Ben", "Cara"]
    press(ui, N, OK)
    drink = ui.view()  # the sheet: "ein Getränk deiner Wahl" (issue 21: it was always a Bier)
    assert drink.title == "Was trinkt ihr?" and drink.items == ["Bier", "Kurzer", "Wasser"] and drink.selected == 0
    press(ui, N, OK)
    assert host.given[-1] == {"field": "schuettelbude", "invite": "Cara", "drink": "kurzer"}


@pytest.mark.parametrize("keys,given", [
    ((N, OK), {"absent": "Anna"}),                               # WA-10
    ((N, N, OK, N, OK), {"pee": "Ben"}),                          # WA-11
    ((N, N, N, OK, P, OK), {"gejammer": "Cara"}),                 # WA-12
    ((N, N, N, N, OK, OK), {"muetze": "Anna"}),                   # the hat by a card
    ((N, P, P, OK, N, OK, N, OK), {"stehtisch_add": "kurzer", "count": 2}),
])
def test_the_other_inputs_come_from_a_list(keys, given):
    host, ui = make({"roll"} | ANYTIME)
    press(ui, *keys)
    assert host.given == [given]


def test_the_list_has_back_and_pee_allowed_after_the_pinkeln_field_wa11():
    host, ui = make({"roll"} | ANYTIME, current="Ben")
    host.last_events = [{"event": "field", "player": "Anna", "field": "pinkeln", "meets": [], "t_s": 0}]
    press(ui, N)
    items = ui.view().items
    assert items == ["Weg: Ben", "WC: Anna", "Jemand geht pinkeln", "Gejammer", "Mütze per Karte",
                     "Karte: Stehtisch", "Zurück"]
    press(ui, P, OK)  # "Zurück": nothing sent
    assert host.given == [] and isinstance(ui.view(), TurnView)
    press(ui, N, N, OK)
    assert host.given == [{"pee": "Anna", "allowed": True}]


def test_only_what_fits_is_offered():
    host, ui = make({"roll", "pee", "gejammer"})  # the engine says: no absent now
    press(ui, N)
    assert ui.view().items == ["Jemand geht pinkeln", "Gejammer", "Zurück"]


def test_the_drinks_an_input_causes_show_player_by_player():
    def respond(given):
        return [{"event": "field", "player": "Anna", "field": "kneipe", "meets": []},
                {"event": "drink", "player": "Anna", "drinks": ["bier"], "reason": "kneipe"},
                {"event": "drink", "player": "Ben", "drinks": ["bier"], "reason": "kneipe"},
                {"event": "stehtisch_add", "player": "Cara", "drinks": ["bier"], "reason": "jail",
                 "stehtisch": ["bier", "bier"]},
                {"event": "drink", "player": "Anna", "drinks": ["kurzer"], "reason": "card"}]
    host, ui = make({"field"} | ANYTIME, respond=respond)
    press(ui, OK, *[N] * FIELDS.index("kneipe"), OK, OK, OK)
    assert ui.view() == ScoreView(title="Trinken!", rows=[("Anna", "1 Bier, 1 Kurzer"), ("Ben", "1 Bier"),
                                                          ("Stehtisch", "1 Bier")])
    press(ui, OK)
    assert isinstance(ui.view(), TurnView)


def test_a_rejected_input_says_why_in_german():
    def respond(given):
        return [{"event": "input_rejected", "input": given, "why": "it is not Ben's turn",
                 "code": "not_your_turn", "details": {"player": "Ben"}}]
    host, ui = make({"roll"} | ANYTIME, respond=respond)
    press(ui, OK)
    assert ui.view() == MessageView(title="Nicht jetzt", lines=["Ben ist nicht dran."])
    host.respond = lambda given: [{"event": "input_rejected", "input": given, "why": "no"}]
    press(ui, OK, OK)
    assert ui.view() == MessageView(title="Nicht jetzt", lines=["Das passt gerade nicht."])


def test_cancel_a_half_entered_field_from_the_menu():
    host, ui = make({"field"} | ANYTIME)
    press(ui, OK, N, OK)  # Trottelmütze picked, now at "who was already there"
    press(ui, BACK)
    menu = ui.view()
    assert menu.items[:2] == ["Weiterspielen", "Eingabe abbrechen"]
    press(ui, OK)  # continue: the input goes on where it was
    assert ui.view().title == "Wer stand schon da?"
    press(ui, BACK, N, OK)
    assert isinstance(ui.view(), TurnView) and host.given == []


def test_english_screens():
    host, ui = make({"field"} | ANYTIME)
    ui.lang = "en"
    assert ui.view().hint == "OK: field · NEXT: more"
    press(ui, OK)
    assert ui.view().title == "Field: Anna"


def test_the_engines_pee_permission_names_who_may_go_wa11():
    host, ui = make({"roll"} | ANYTIME, current="Ben")
    host.engine.pee_allowed = "Cara"
    press(ui, N)
    assert ui.view().items[1] == "WC: Cara"
    host.engine.pee_allowed = False
    host.last_events = [{"event": "field", "player": "Anna", "field": "pinkeln", "meets": [], "t_s": 0}]
    press(ui, P, OK, N)  # "Zurück", then the list again: the engine says nobody may go now
    assert "WC: Anna" not in ui.view().items


@pytest.mark.parametrize("kind,said", [("opening", "4 + 4 = 8"), ("move", "4 + 4 = 8 · Pasch!")])
def test_no_pasch_in_the_opening_wa02(kind, said):
    """Issue 21: WA-02 knows no Pasch rule in the opening, so an opening double is just its sum; a
    double later (a roll whose roller is no longer at turn: the Spielothek) is still called a Pasch.
    The hint names the key (OK), as "OK: würfeln" does."""
    def respond(given):
        host.engine.current_player = "Ben"
        return [{"event": "roll", "player": "Anna", "dice": [4, 4], "sum": 8, "pasch": True, "kind": kind}]
    host, ui = make({"roll"} | ANYTIME, respond=respond)
    host.engine.phase = "opening" if kind == "opening" else "spiel"
    press(ui, OK)
    shown = ui.view()
    assert shown.lines[0] == said and shown.hint == "OK: weiter"


def test_an_opening_roll_shows_its_dice_before_the_next_roller_wa02():
    def respond(given):
        host.engine.current_player = "Ben"
        return [{"event": "roll", "player": "Anna", "dice": [2, 5], "sum": 7, "pasch": False, "kind": "opening"}]
    host, ui = make({"roll"} | ANYTIME, respond=respond)
    host.engine.phase = "opening"
    assert ui.view().right == "Eröffnungswurf"
    assert ui.view().lines[0] == "Wurf um die Trottelmütze"  # issue 21: what the rolls are for
    press(ui, OK)
    assert ui.view() == TurnView(title="Willkommen am Arsch", right="Eröffnungswurf", player="Anna",
                                 lines=["2 + 5 = 7", "Wurf um die Trottelmütze"], hint="OK: weiter",
                                 dice=(2, 5))
    press(ui, OK)
    home = ui.view()
    assert home.player == "Ben" and home.dice is None  # Anna's dice are not Ben's
