"""Issue 30, point 4: calibration from the menu (a real simulator, its fake scale and the device keys).

"Waage leer räumen, dann OK" took a glass as the zero (277 g on it); the failure texts named the HX711; the key
hints said "±", which nobody understands without a manual."""

from __future__ import annotations

import io

import pytest

from waage.app.sim import Simulation
from waage.config import AppConfig
from waage.display.scale_texts import SCALE_TEXTS
from waage.display.texts import TEXTS
from waage.display.views import MessageView, NumberEntryView, ScaleView
from waage.inputs.keys import Key

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK


def press(sim: Simulation, *keys: Key) -> None:
    for key in keys:
        sim.ui.on_key(key, sim.scale.now_s)


def open_entry(sim: Simulation, entry: str) -> None:
    press(sim, BACK)
    ids = [e.id for e in sim.ui.menu.visible(sim.ui)]
    press(sim, *[N] * ids.index(entry), OK)


def test_a_glass_on_the_platform_is_no_zero():
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True)
    sim.host.start(sim.scale.now_s)
    sim.pause(2.0)  # the config's 350 g glass with 440 g of beer stands there
    open_entry(sim, "calibrate")
    entry = sim.ui.view()
    assert isinstance(entry, NumberEntryView) and entry.hint == "WEITER +1 · ZURÜCK −1"
    press(sim, OK, OK, OK, OK)  # 0500 g
    assert sim.ui.view().lines == ["Waage leer räumen, dann OK."]
    press(sim, OK)  # ... but the glass is still on it
    sim.pause(3.0)
    refused = sim.ui.view()
    assert isinstance(refused, MessageView) and refused.title == "Kalibrieren 1/2"
    assert refused.lines == ["Waage nicht leer? 790 g liegen auf: abräumen, dann OK."]
    sim.advance(sim.scale.place(0.0))  # cleared
    press(sim, OK)
    sim.pause(3.0)
    known = sim.ui.view()
    assert known.title == "Kalibrieren 2/2" and known.lines == ["500 g auflegen, dann OK."]
    sim.advance(sim.scale.place(500.0))
    press(sim, OK)
    sim.pause(3.0)
    check = sim.ui.view()
    if isinstance(check, MessageView):  # the simulator keeps no calibration file: "Nur bis zum Neustart"
        press(sim, OK)
    sim.pause(1.0)
    check = sim.ui.view()
    assert isinstance(check, ScaleView) and check.check
    assert check.net_g == pytest.approx(500.0, abs=1.0)  # zero and span taken from the empty platform


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_user_text_names_the_hx711_or_a_plus_minus_key(lang):
    """The device's words: no chip name, and every key hint names the keys (the device's WEITER/ZURÜCK,
    NEXT/PREV), not "±"."""
    words = {**TEXTS[lang], **SCALE_TEXTS[lang]}
    assert not [k for k, v in words.items() if "HX711" in v]
    hints = [k for k in words if "hint" in k and not k.startswith("fault_hint")]
    assert len(hints) > 10 and not [k for k in hints if "±" in words[k]]
