"""Issue 30, point 3: ``waage sim --interactive`` starts a new game's glass EMPTY on the fake scale and the device
leads through weighing it first (the README's first steps: ``o`` on "Glas LEER auflegen", ``o`` the size, ``o``
takes it, ``refill 400``, ``o``). Before, the glass stood there filled and "Glas wiegen" took glass + beer
(462.8 g for the 180 g mug) as its empty weight."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from waage.app import sim as sim_module
from waage.cli import build_parser

WEIGH_AND_FILL = "o\no\no\nrefill 400\no\n"


def _records(monkeypatch, capsys, *argv: str, stdin: str) -> list[dict]:
    args = build_parser().parse_args(["sim", "--interactive", "--fast", "--log", "--seed", "3", *argv])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    assert sim_module.main(args) == 0
    out, decoder = capsys.readouterr().out, json.JSONDecoder()
    return [decoder.raw_decode(out, m.start())[0] for m in re.finditer(r'\{"event": ', out)]  # the log among frames


@pytest.mark.parametrize("glass_g", [700.0, 180.0])
def test_the_interactive_simulator_weighs_the_glass_empty_first(monkeypatch, capsys, glass_g):
    records = _records(monkeypatch, capsys, "--glass-g", f"{glass_g:g}", stdin=WEIGH_AND_FILL + "roll\nquit\n")
    weighed = [r for r in records if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(glass_g, abs=0.5)
    refill = [r for r in records if r["event"] == "refill"]
    assert refill and refill[0]["t_s"] > weighed[0]["t_s"]
    assert [r["round"] for r in records if r["event"] == "round_started"] == [1]  # announced once
    rolls = [r for r in records if r["event"] == "roll"]
    assert len(rolls) == 1 and rolls[0]["round"] == 1 and rolls[0]["player"] == "Anna"
    sip_or_unknown = [r for r in records if r["event"] in ("sip", "glass_empty") and r["t_s"] > weighed[0]["t_s"]]
    assert sip_or_unknown == []


def test_the_simulators_glass_stands_empty_and_the_screen_asks_to_weigh_it():
    from waage.app.sim import Simulation
    from waage.config import AppConfig
    from waage.display.views import MessageView

    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True, glass_g=180.0, empty_glass=True)
    assert sim.scale.beer_g == 0.0 and sim.scale.glass_g == 180.0
    sim.host.start(sim.scale.now_s)
    sim.pause(1.0)
    first = sim.ui.view()
    assert isinstance(first, MessageView) and first.title == "Erst das Glas wiegen"
    demo = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True, glass_g=180.0)  # the demo: filled
    assert demo.scale.beer_g > 0 and not demo.ui.menu_open


@pytest.mark.parametrize("glass_g", [700.0, 180.0])
def test_a_typed_roll_does_not_get_past_weigh_the_glass_first(monkeypatch, capsys, glass_g):
    """A new-user trial: on "Erst das Glas wiegen" a typed ``roll`` started round 1, and Anna was to drink from the
    empty, never weighed mug (a 0 g miss). The device's keys lead on to the weighing there, never to a roll: the
    shell says so and rolls nothing; weighed and filled, the same ``roll`` plays."""
    args = build_parser().parse_args(["sim", "--interactive", "--fast", "--log", "--seed", "3", "--lang", "en",
                                      "--glass-g", f"{glass_g:g}"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll\nroll 3 4\n" + WEIGH_AND_FILL + "roll\nquit\n"))
    capsys.readouterr()
    assert sim_module.main(args) == 0
    out, decoder = capsys.readouterr().out, json.JSONDecoder()
    assert out.count("roll: weigh the glass first – put it on EMPTY, then 'o' (OK).") == 2
    records = [decoder.raw_decode(out, m.start())[0] for m in re.finditer(r'\{"event": ', out)]
    kinds = [r["event"] for r in records if r["event"] in ("roll", "glass_weighed", "refill", "input_rejected")]
    assert kinds == ["glass_weighed", "refill", "roll"]


def test_the_narration_asks_to_weigh_the_empty_glass_before_filling_it(monkeypatch, capsys):
    """Issue 30, a new-user trial of issue 26: the screen said "Erst das Glas wiegen", the line under it "Glas leer:
    bitte nachfüllen.", and the host filled the unweighed glass first (the round began before any weighing). The
    line now says to weigh the empty glass first."""
    args = build_parser().parse_args(["sim", "--interactive", "--fast", "--seed", "3"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    capsys.readouterr()
    assert sim_module.main(args) == 0
    out = capsys.readouterr().out
    assert "Glas leer: erst das leere Glas wiegen ('o'), dann einfüllen." in out
    assert "bitte nachfüllen" not in out
