"""`waage run` at power-on (issue 30 point 3): a device that never weighed its glass leads through "Glas LEER
auflegen, dann OK" before the game, so an accidental "Weiterspielen" cannot play on the config's guessed glass;
the fake sensor holds that glass EMPTY, so the weighing measures its real weight. A device with ``glass.json``
powers on in the game menu as before.

The Device is driven without its loop: the test feeds the fake scale's samples (its own clock) and the keys.
"""

from __future__ import annotations

import json

import pytest

from waage.app.run import Device
from waage.config import AppConfig, GameSettings
from waage.display.settings import DisplaySettings
from waage.display.views import GlassWeighView, ListView, MessageView, SetupView
from waage.inputs.keys import Key
from waage.weight.settings import GlassSettings

from tests.conftest import glass_weighed_before

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
#: the config's glass: a 700 g mug holding 555.5 g to the brim (not the default 350 g glass)
MUG = GlassSettings(glass_g=700.0, glass_capacity_g=555.5)


def _device(tmp_path, glass: GlassSettings = MUG) -> tuple[Device, list[dict]]:
    config = AppConfig(game=GameSettings(game="waagespiel", players=["Anna", "Ben"]),
                       display=DisplaySettings(kind="none"), glass=glass)
    device = Device(config, tmp_path / "state", seed=3)
    records: list[dict] = []
    device.host.sinks.append(records.append)
    device.host.start(0.0)
    return device, records


def _feed(device: Device, seconds: float) -> None:
    for sample in device.sensor.scale.wait(seconds):
        device.handle(sample)


def _events(records: list[dict], name: str) -> list[dict]:
    return [r for r in records if r["event"] == name]


def test_a_fresh_device_powers_on_weighing_its_empty_glass_before_the_game(tmp_path):
    device, records = _device(tmp_path)
    assert not device.host.glass_weighed
    first = device.view()
    assert isinstance(first, MessageView) and first.title == "Erst das Glas wiegen"
    assert first.lines[0] == "Glas LEER auflegen, dann OK."
    _feed(device, 2.0)
    assert device.host.scale.pipeline.live_g == pytest.approx(MUG.glass_g, abs=2)  # the mug stands EMPTY
    assert device.host.engine.phase != "rolling"  # the guessed glass is not taken as filled
    # keys a host presses as if the menu were there ("Weiterspielen", then rolling) go to the weighing
    device.handle(OK)
    assert isinstance(device.view(), ListView) and device.view().title == "Größe des Glases"
    device.handle(OK)  # the size as the glass is
    _feed(device, 2.0)
    assert isinstance(device.view(), GlassWeighView) and device.view().load_g == pytest.approx(MUG.glass_g, abs=2)
    assert not _events(records, "roll") and not _events(records, "glass_weighed")
    device.handle(OK)  # the empty mug taken
    weighed = _events(records, "glass_weighed")
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(MUG.glass_g, abs=1)
    assert device.host.glass_weighed and device.host.scale.glass.glass_g == weighed[0]["glass_g"]
    saved = json.loads((tmp_path / "state" / "glass.json").read_text(encoding="utf-8"))
    assert saved["glass_g"] == weighed[0]["glass_g"]
    assert device.view().lines[1] == "Jetzt Bier einfüllen."
    device.handle(OK)  # not filled yet: the screen stays
    assert device.view().lines[1] == "Jetzt Bier einfüllen."
    for sample in device.sensor.scale.refill(440.0) + device.sensor.scale.wait(2.0):
        device.handle(sample)
    assert _events(records, "refill") and device.host.engine.phase == "rolling"
    device.handle(OK)  # "OK: weiter zum Spiel"
    assert not device.ui.menu_open and not _events(records, "roll")
    setup = device.view()  # the game's set-up with the weighed mug and its beer
    assert isinstance(setup, SetupView) and setup.glass_g == weighed[0]["glass_g"]
    assert setup.beer_g == pytest.approx(440, abs=1)
    for _ in range(3):  # the game's own screens, then OK rolls (electronic dice)
        device.handle(OK)
        if _events(records, "roll"):
            break
    assert len(_events(records, "roll")) == 1


def test_a_long_press_still_opens_the_menu_on_the_glass_screen(tmp_path):
    """Skipping the weighing is deliberate: the long press opens the game menu."""
    device, _ = _device(tmp_path)
    device.handle(BACK)
    menu = device.view()
    assert isinstance(menu, ListView) and menu.title.startswith("Menü")


def test_a_device_that_weighed_its_glass_powers_on_in_the_menu_with_the_glass_filled(tmp_path):
    glass_weighed_before(tmp_path / "state", MUG)
    device, records = _device(tmp_path)
    assert device.host.glass_weighed
    menu = device.view()
    assert isinstance(menu, ListView) and menu.title.startswith("Menü")
    _feed(device, 2.0)
    assert device.host.scale.pipeline.live_g > MUG.glass_g + 300  # filled, as the fake scale holds it
    assert not _events(records, "glass_weighed")


def test_a_resumed_game_under_way_powers_on_in_the_menu_without_a_weighed_glass(tmp_path):
    """A game in play (a roll logged) is not sent back to weighing after a power cut."""
    device, records = _device(tmp_path)
    device.handle(BACK)  # the host skips the weighing on purpose
    device.handle(BACK)  # back from the menu to the game
    for sample in device.sensor.scale.refill(440.0) + device.sensor.scale.wait(2.0):
        device.handle(sample)
    device.host.roll((2, 3))
    assert _events(records, "roll")
    device.close()
    again, _ = _device(tmp_path)
    assert not again.host.glass_weighed
    menu = again.view()
    assert isinstance(menu, ListView) and menu.title.startswith("Menü")
    again.close()


@pytest.mark.parametrize("weighed", [True, False], ids=["weighed_before", "never_weighed"])
def test_a_game_started_from_a_phone_starts_on_the_device_with_its_glass(tmp_path, weighed):
    """Issue 30 point 3, "every new game": a phone's new game (``POST /api/new-game``, ``/api/setup``) leads
    through the glass on the device as the menu's "Neues Spiel" does: the weighed glass offered by its weight,
    or "Glas LEER auflegen" for one never weighed. Before: the device went straight to the game's set-up."""
    from waage.web.commands import NewGameCommand, SetupCommand

    if weighed:
        glass_weighed_before(tmp_path / "state", MUG)
    device, records = _device(tmp_path)
    device.handle(BACK)  # the host leaves the power-on screen on purpose (menu), then back to the game
    device.handle(BACK)
    for command in (NewGameCommand(), SetupCommand(game=GameSettings(players=["Eva", "Finn"], starter="Finn"))):
        assert device.command(command)
        view = device.view()
        if weighed:
            assert isinstance(view, ListView) and view.title == "Welches Glas?"
            assert view.items[0] == "700-g-Glas behalten"
        else:
            assert isinstance(view, MessageView) and view.lines[0] == "Glas LEER auflegen, dann OK."
        assert not _events(records, "roll")
    device.close()


def test_after_the_fill_the_set_up_leads_to_the_first_roll_not_to_a_stale_refill_notice(tmp_path):
    """The new user's walk (issue 30): weigh, fill, "OK: weiter zum Spiel", OK on the set-up screen: the
    next screen is round 1's roll for Anna. Before: the fill's "Nachgefüllt +440 g" notice came back after
    the set-up screen (the simulator's time stands between keys), and its OK rolled Anna's dice unseen."""
    from waage.display.views import RefillView, RollView

    device, records = _device(tmp_path)
    _feed(device, 2.0)
    device.handle(OK)  # the size as the glass is
    device.handle(OK)
    _feed(device, 2.0)
    device.handle(OK)  # the empty mug taken
    for sample in device.sensor.scale.refill(440.0) + device.sensor.scale.wait(0.5):
        device.handle(sample)
    device.handle(OK)  # "OK: weiter zum Spiel"
    assert isinstance(device.view(), SetupView)
    device.handle(OK)  # the set-up seen
    shown = device.view()
    assert not isinstance(shown, RefillView)
    assert isinstance(shown, RollView) and shown.player == "Anna" and shown.round == 1
    assert not _events(records, "roll")
    device.handle(OK)
    rolls = _events(records, "roll")
    assert len(rolls) == 1 and rolls[0]["player"] == "Anna"
    device.close()


def test_a_glass_weighed_from_the_phone_moves_the_device_on_from_its_request_to_weigh(tmp_path):
    """No stale prompt (issue 30): while the device says "Erst das Glas wiegen", the phone's "Glas wiegen"
    weighs the empty mug; the device then asks for the beer ("Jetzt Bier einfüllen.") and, once filled, OK
    leads to the game. Before: it kept asking to weigh a glass already weighed."""
    from waage.web.commands import GlassCommand

    device, records = _device(tmp_path)
    _feed(device, 2.0)
    assert device.view().lines[0] == "Glas LEER auflegen, dann OK."
    assert device.command(GlassCommand())
    _feed(device, 0.5)
    weighed = _events(records, "glass_weighed")
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(MUG.glass_g, abs=1)
    assert device.view().lines[1] == "Jetzt Bier einfüllen."
    for sample in device.sensor.scale.refill(440.0) + device.sensor.scale.wait(1.0):
        device.handle(sample)
    assert device.view().lines[1].startswith("Gefüllt: 44")
    device.handle(OK)  # "OK: weiter zum Spiel"
    assert not device.ui.menu_open and isinstance(device.view(), SetupView)
    device.close()
