"""The glass on the buttons (W-36, W-37): "Glas wiegen" from the menu and before a new game's first round,
the refusals in the player's language, the size of the glass, and the notice for a glass the device does
not know, driven by keys on the Waagespiel host over the fake scale."""

from __future__ import annotations

from standin import press, waagespiel_controller as controller

from waage.display.views import GlassUnknownView, GlassWeighView, ListView, MessageView, RollView, SetupView
from waage.inputs.keys import Key
from waage.ui import DeviceUi
from waage.ui.waagespiel import UNKNOWN_CYCLE_S

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK


def open_entry(ui: DeviceUi, entry: str) -> None:
    if not ui.menu_open:
        press(ui, BACK)
    ids = [e.id for e in ui.menu.visible(ui)]
    press(ui, *[N] * ids.index(entry), OK)


def weighing_host(answers):
    """The Waagespiel host whose ``weigh_glass`` answers with ``answers`` in turn (records), noting each call."""
    ctl, fake, records = controller()
    calls: list[dict] = []

    def weigh_glass(capacity_g=None, t_s=None):
        calls.append({"capacity_g": capacity_g})
        return answers.pop(0)

    ctl.weigh_glass = weigh_glass
    return ctl, fake, calls


def test_weighing_from_the_menu_refuses_in_german_then_takes_the_glass_with_the_size_chosen():
    refused = {"event": "input_rejected", "input": {"new_glass": None}, "why": "not steady",
               "code": "glass_not_steady"}
    implausible = {"event": "input_rejected", "input": {"new_glass": None}, "why": "implausible",
                   "code": "glass_implausible", "details": {"g": "2350"}}
    ctl, fake, calls = weighing_host([[refused], [implausible], [{"event": "glass_weighed", "glass_g": 702.4}]])
    ui = DeviceUi(ctl, setup_done=True)
    open_entry(ui, "weigh_glass")
    size = ui.view()
    assert isinstance(size, ListView) and size.title == "Größe des Glases"
    assert size.items == ["passend zum Glas", "0,3 l", "0,4 l", "0,5 l", "1 l"]
    press(ui, N, N, N, OK)  # 0,5 l
    weigh = ui.view()
    assert isinstance(weigh, GlassWeighView) and weigh.capacity_g == 500 and weigh.note == ""
    assert weigh.load_g == round(ctl.pipeline.live_g, 1)  # the live load on the platform
    press(ui, OK)
    assert ui.view().note == "Die Waage ist noch nicht ruhig: kurz warten, dann OK."
    press(ui, OK)
    assert ui.view().note == "2350 g ist kein leeres Glas (50 bis 2000 g)."
    press(ui, OK)
    done = ui.view()
    assert isinstance(done, MessageView) and done.title == "Glas gewogen"
    assert done.lines[0].startswith("Leer 702 g")
    assert calls == [{"capacity_g": 500}] * 3
    press(ui, OK)
    assert isinstance(ui.view(), ListView)  # back in the menu


def test_scaled_with_the_glass_sends_no_size():
    ctl, fake, calls = weighing_host([[{"event": "glass_weighed", "glass_g": 180.0}]])
    ui = DeviceUi(ctl, setup_done=True, lang="en")
    open_entry(ui, "weigh_glass")
    assert ui.view().items[0] == "scaled with the glass"
    press(ui, OK, OK)
    assert calls == [{"capacity_g": None}] and ui.view().title == "Glass weighed"


def test_a_new_game_offers_to_keep_the_glass_or_weigh_another_before_its_first_round():
    ctl, fake, calls = weighing_host([[{"event": "glass_weighed", "glass_g": 702.4}]])
    ui = DeviceUi(ctl, setup_done=True)
    open_entry(ui, "new_game")
    press(ui, OK)  # everyone on the roster: "Fertig"
    press(ui, N, OK)  # "Ja"
    offer = ui.view()
    assert isinstance(offer, ListView) and offer.title == "Glas: 350 g" and offer.items == ["behalten", "neu wiegen"]
    assert offer.right == "0,55 l"
    press(ui, OK)  # keep it: the game's set-up screen, nothing weighed
    assert not ui.menu_open and calls == []
    ctl.on_samples(fake.wait(1.5))
    assert isinstance(ui.view(), SetupView)
    open_entry(ui, "new_game")
    press(ui, OK, N, OK, N, OK)  # again, "neu wiegen"
    assert isinstance(ui.view(), ListView) and ui.view().title == "Größe des Glases"
    press(ui, OK, OK, OK)  # scaled, take it, the result
    assert calls == [{"capacity_g": None}] and not ui.menu_open


def test_weighing_is_not_offered_while_an_attempt_is_under_way():
    ctl, fake, calls = weighing_host([])
    ui = DeviceUi(ctl, setup_done=True)
    for dice in ((6, 5), (2, 1), (4, 3)):
        ctl.roll(dice)
    ctl.on_samples(fake.lift() + fake.wait(0.5))
    press(ui, BACK)
    assert "weigh_glass" not in [e.id for e in ui.menu.visible(ui)]
    fake.drink(30)
    ctl.on_samples(fake.put_back() + fake.wait(3.0))
    assert "weigh_glass" in [e.id for e in ui.menu.visible(ui)]


def test_a_glass_the_device_does_not_know_shows_the_way_out_between_the_games_screens():
    ctl, fake, records = controller()
    ui = DeviceUi(ctl, setup_done=True)
    ctl.glass_unknown = {"reason": "heavier", "load_g": 1187.04}  # W-37, as the host reports it
    now = ctl.now_s - ctl.now_s % UNKNOWN_CYCLE_S
    shown = [ui.view(now + t) for t in range(int(UNKNOWN_CYCLE_S))]
    notices = [v for v in shown if isinstance(v, GlassUnknownView)]
    assert len(notices) == 3 and all(isinstance(v, RollView) for v in shown[:5])
    assert notices[0] == GlassUnknownView(reason="heavier", load_g=1187.0, glass_g=350.0)
    press(ui, OK)  # the keys still play the game meanwhile
    assert [r["player"] for r in records if r["event"] == "roll"] == ["Anna"]
    ctl.glass_unknown = None
    assert not any(isinstance(ui.view(now + t), GlassUnknownView) for t in range(int(UNKNOWN_CYCLE_S)))
