"""Issue 30, point 1: a glass full of beer is never taken as the EMPTY glass by accident.

The host with 440 g of beer in its 700 g mug chose "Glas wiegen" and got ``glass_weighed 1140``. The scale
session now says when a load looks full (``ScaleSession.looks_full``: what the game judged as glass + beer, or
more than the glass in use holds filled); the phone's ``POST /api/glass`` is refused with ``looks_full`` until
the person confirms ("Ja, leer: wiegen", ``empty: true``); the device asks "Glas wirklich leer?" (Nein first).
"""

from __future__ import annotations

import io

import pytest

from waage.app.setup import apply_command
from waage.app.sim import Simulation
from waage.config import AppConfig
from waage.display.texts import rejection_text
from waage.web.commands import GlassCommand


def _sim(glass_g: float) -> tuple[Simulation, list[dict]]:
    """A real simulator with ``glass_g`` physically on the fake scale (filled to 80 % of what the config's glass
    holds: 440 g) while the device believes the config's 350 g glass (550 g of beer, 900 g when full)."""
    records: list[dict] = []
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True, sinks=[records.append], glass_g=glass_g)
    sim.host.start(sim.scale.now_s)
    sim.pause(8.0)  # settled (a heavier glass is found after 5 s, W-37)
    return sim, records


def test_the_phone_cannot_weigh_a_full_mug_as_empty_until_it_says_empty():
    sim, records = _sim(700.0)
    assert sim.scale.beer_g == 440.0
    out = apply_command(GlassCommand(size_l=0.5), sim)
    refused = [r for r in out if r["event"] == "input_rejected"]
    assert len(refused) == 1 and refused[0]["code"] == "looks_full"
    assert refused[0]["details"] == {"reason": "over_full", "load_g": 1140, "full_g": 900}
    assert rejection_text(refused[0], "de") == "1140 g: Glas wirklich leer?"
    assert not [r for r in records if r["event"] == "glass_weighed"] and sim.host.scale.glass.glass_g == 350.0
    # "Ja, leer: wiegen": the person says it is empty: taken as it stands (what they asked for)
    out = apply_command(GlassCommand(size_l=0.5, empty=True), sim)
    weighed = [r for r in out if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(1140.0, abs=0.5)


def test_the_load_the_game_judged_as_glass_and_beer_looks_full():
    """The config's own glass, 350 g with 440 g of beer: not over full (790 < 900 g); once the game has judged
    beer in it (a sip), that load looks full. A fresh game's first load is only the config's guess (an empty
    700 g mug reads as "350 g glass + 350 g"): not judged, no question."""
    sim, _ = _sim(350.0)
    assert sim.host.scale.looks_full() is None  # nothing judged yet
    sim.advance(sim.scale.sip(40.0))
    sim.pause(2.0)
    assert sim.host.scale.looks_full() == {"reason": "judged_full", "load_g": 750, "beer_g": 400}
    out = apply_command(GlassCommand(), sim)
    assert out[0]["code"] == "looks_full" and out[0]["details"]["reason"] == "judged_full"
    sim.advance(sim.scale.sip(400.0))  # drunk empty: the game judges it empty, so it may be weighed
    sim.pause(2.0)
    assert sim.host.scale.looks_full() is None
    out = apply_command(GlassCommand(), sim)
    assert [r["event"] for r in out] == ["glass_weighed"]


def test_an_empty_glass_is_weighed_from_the_phone_without_a_question():
    sim, _ = _sim(700.0)
    sim.advance(sim.scale.place(700.0) + sim.scale.wait(2.0))  # poured out: the empty mug stands
    assert sim.host.scale.looks_full() is None
    out = apply_command(GlassCommand(), sim)
    assert [r["event"] for r in out] == ["glass_weighed"] and out[0]["glass_g"] == pytest.approx(700.0, abs=0.5)


def test_the_judged_load_outlives_a_second_opening_of_the_weighing_screen():
    """The device's "Glas wiegen" and a phone both open the weighing screen: the load the game judged before the
    first opening still looks full (while weighing, settles only move the reference)."""
    sim, _ = _sim(350.0)
    sim.advance(sim.scale.sip(40.0))
    sim.pause(2.0)
    session = sim.host.scale
    session.begin_weighing(sim.scale.now_s)
    session.begin_weighing(sim.scale.now_s)
    assert session.looks_full() == {"reason": "judged_full", "load_g": 750, "beer_g": 400}
