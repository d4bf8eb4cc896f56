"""The game menu: at start and on a long press, new game with confirmation, language, statistics, registry."""

from __future__ import annotations

from standin import press, waagespiel_controller as controller

from waage.display.views import ConfirmView, ListView, MessageView, RollView, SetupView, StatsView
from waage.inputs.keys import Key
from waage.ui import DeviceUi, MenuEntry
from waage.ui.menu import show

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK


def test_menu_at_start_lists_the_entries_and_ok_continues_the_game():
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, start_in_menu=True)
    v = ui.view()
    assert isinstance(v, ListView) and v.title == "Menü: Waagespiel" and v.right == "1/8"
    assert v.items == ["Weiterspielen", "Neues Spiel", "Spiel wählen", "Sprache: Deutsch", "Würfel: elektronisch",
                       "Statistik", "Waage", "Glas wiegen"]
    assert v.selected == 0
    press(ui, OK)
    assert isinstance(ui.view(), SetupView)


def test_long_press_opens_the_menu_from_the_game_and_back_closes_it():
    ctl, _, records = controller()
    ui = DeviceUi(ctl, setup_done=True)
    assert isinstance(ui.view(), RollView)
    press(ui, BACK)
    assert isinstance(ui.view(), ListView)
    press(ui, OK)  # a key in the menu never rolls
    assert not [r for r in records if r["event"] == "roll"]
    press(ui, BACK, BACK)  # open again, then back to the game
    assert isinstance(ui.view(), RollView)


def test_new_game_needs_the_confirmation_and_restarts_with_the_ticked_players():
    ctl, fake, records = controller(("Anna", "Ben", "Cara", "Dörte"))
    ui = DeviceUi(ctl, setup_done=True, roster=["Anna", "Ben", "Cara", "Dörte"])
    ctl.glass_weighed = True  # the glass in use was weighed before (glass.json): a new game offers to keep it
    ctl.roll((3, 4))
    press(ui, BACK, N, OK)  # menu -> "Neues Spiel"
    v = ui.view()
    assert isinstance(v, ListView) and v.title == "Wer spielt mit?" and v.marks == [True, True, True, True]
    press(ui, N, N, OK)  # cursor from "Fertig" to Ben: untick him
    press(ui, P, P, OK)  # back to "Fertig"
    confirm = ui.view()
    assert isinstance(confirm, ConfirmView) and confirm.question == "Waagespiel" and not confirm.yes_selected
    assert confirm.detail == "3 Spieler: Anna, Cara, Dörte"
    press(ui, OK)  # "Nein": nothing happens, the menu shows again
    assert isinstance(ui.view(), ListView) and not [r for r in records if r["event"] == "game_started"][1:]
    press(ui, N, OK, N, N, OK, P, P, OK, N, OK)  # "Neues Spiel" again, untick Ben, "Fertig", "Ja"
    offer = ui.view()  # W-36: keep the glass or weigh another one before the first round
    assert isinstance(offer, ListView) and offer.title == "Welches Glas?"
    assert offer.items == ["350-g-Glas behalten", "anderes Glas wiegen"]  # issue 30: which glass
    press(ui, OK)  # "behalten"
    started = [r for r in records if r["event"] == "game_started"]
    assert len(started) == 2 and started[-1]["players"] == ["Anna", "Cara", "Dörte"]
    ctl.on_samples(fake.wait(1.5))  # the scale settles again: round 1 of the new game
    assert isinstance(ui.view(), SetupView) and ui.view().players == ["Anna", "Cara", "Dörte"]
    assert ctl.engine.state.round == 1 and ctl.engine.state.rolls == []


def test_language_entry_switches_every_text_and_tells_the_display():
    ctl, _, _ = controller()
    told: list[str] = []
    ui = DeviceUi(ctl, setup_done=True, on_language=told.append)
    press(ui, BACK, N, N, N, OK)  # "Sprache: Deutsch"
    v = ui.view()
    assert isinstance(v, ListView) and v.items == ["Deutsch", "Englisch"] and v.selected == 0
    press(ui, N, OK)
    assert told == ["en"] and ui.lang == "en"
    menu = ui.view()
    assert menu.title == "Menu: Waagespiel" and menu.items[3] == "Language: English"


def test_statistics_is_a_menu_entry():
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, setup_done=True)
    press(ui, BACK)
    items = ui.view().items
    press(ui, *[P] * (len(items) - items.index("Statistik")), OK)  # PREV wraps to the last entries
    assert isinstance(ui.view(), StatsView) and set(ui.view().per_player) == {"Anna", "Ben", "Cara"}


def test_other_parts_register_entries_in_order():
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, setup_done=True)
    shown = MessageView(title="Web", lines=["PIN 1234"])
    ui.menu.add(MenuEntry("web", label=lambda ui: "Web-Ansicht", open=lambda ui: show(shown), order=60))
    ui.menu.add(MenuEntry("league", label=lambda ui: "Liga", open=lambda ui: show(shown), order=55))
    assert ui.menu.ids()[-2:] == ["league", "web"]
    press(ui, BACK, P, OK)
    assert ui.view() == shown
    press(ui, OK)
    assert isinstance(ui.view(), ListView) and ui.view().selected == 0


def test_a_rejected_input_shows_its_reason_in_german_and_a_key_dismisses_it():
    ctl, _, records = controller()
    ui = DeviceUi(ctl, setup_done=True)
    ctl.roll((1, 1))  # Einer-Pasch: Anna chooses
    ui.submit({"choose": "Zoe"})
    rejected = [r for r in records if r["event"] == "input_rejected"][-1]
    assert rejected["why"] == "'Zoe' is not a player" and rejected["code"] == "not_a_player"
    assert ui.view() == MessageView(title="Nicht jetzt", lines=["Zoe spielt nicht mit."])
    press(ui, OK)  # dismisses only
    assert not [r for r in records if r["event"] == "chosen"]
    ui.lang = "en"
    ui.submit({"choose": "Zoe"})
    assert ui.view() == MessageView(title="Not now", lines=["Zoe is not playing."])


def test_back_inside_an_entry_returns_to_the_top_list_and_from_there_to_the_game():
    ctl, _, records = controller()
    ui = DeviceUi(ctl, setup_done=True)
    press(ui, BACK, N, N, OK)  # "Spiel wählen": the game list
    assert ui.view().title == "Welches Spiel?"
    press(ui, BACK)
    assert ui.view().title.startswith("Menü") and ui.view().selected == 0
    press(ui, BACK)
    assert isinstance(ui.view(), RollView) and [r["event"] for r in records].count("game_started") == 1


def test_a_host_that_cannot_start_the_game_says_so_in_german():
    ctl, _, _ = controller()

    def refuse(game, names, **options):
        raise ValueError("new_game_unsupported")

    ctl.new_game = refuse  # a host that cannot start this game
    ui = DeviceUi(ctl, setup_done=True)
    press(ui, BACK, N, N, OK, N, OK, OK, N, OK)  # Willkommen am Arsch
    assert ui.view() == MessageView(title="Neues Spiel",
                                    lines=["Neues Spiel geht nicht: Diese Version kann hier kein neues Spiel "
                                           "starten."])
    press(ui, OK)
    assert ui.view().title.startswith("Menü")


def test_the_dice_entry_switches_to_manual_dice_in_place():
    ctl, _, records = controller()
    ui = DeviceUi(ctl, setup_done=True)
    press(ui, BACK, N, N, N, N, OK)  # "Würfel: elektronisch"
    assert ui.view().items[4] == "Würfel: von Hand" and ui.dice_mode == "manual"
    press(ui, BACK, N, N, N, OK, N, OK, OK)  # back in the game: die 1 = 3, die 2 = 1, confirm
    assert [r["dice"] for r in records if r["event"] == "roll"] == [[3, 1]]


def test_a_helper_game_menu_names_the_game_and_offers_no_scale_entries():
    """Issue 21: after a switch to a helper game the menu's title names the game ("Menü: Propter"); the
    host reads no weights there (no pipeline), so neither "Waage", "Glas wiegen" nor "Kalibrieren" shows;
    back in the Waagespiel they are there again."""
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, setup_done=True, on_calibrated=lambda factors: True)
    press(ui, BACK)
    assert {"Waage", "Glas wiegen", "Kalibrieren"} <= set(ui.view().items)
    press(ui, BACK)
    assert ui.start_new_game("propter", ["Anna", "Ben", "Cara"]) is None
    press(ui, BACK)
    top = ui.view()
    assert top.title == "Menü: Propter"
    assert not {"Waage", "Kalibrieren", "Glas wiegen"} & set(top.items)
    press(ui, BACK)
    assert ui.start_new_game("willkommen_am_arsch", ["Anna", "Ben", "Cara"]) is None
    press(ui, BACK)
    assert ui.view().title == "Menü: Willkommen am Arsch"  # the header's smaller sizes take it whole
    press(ui, BACK)
    assert ui.start_new_game("waagespiel", ["Anna", "Ben", "Cara"]) is None
    press(ui, BACK)
    assert "Kalibrieren" in ui.view().items
