"""`waage sim --interactive`: the shell's ``glass G`` beside the device's own "Glas wiegen" screen (W-36)."""

from __future__ import annotations

import io

import pytest

from waage.app.sim import InteractiveShell, Simulation
from waage.config import AppConfig


def test_glass_while_the_weighing_screen_is_open_only_puts_the_glass_on():
    """Found trying it: menu → "Glas wiegen" → size 0,5 l, then ``glass 700`` to put the mug on. The shell
    weighed it itself (capacity scaled: 1100 g) and OK on the device weighed it again (two
    ``glass_weighed``). With the screen open the shell only swaps the glass; OK on the device weighs it,
    with the size chosen there."""
    records: list[dict] = []
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de",
                     sinks=[records.append], glass_g=700.0)
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=io.StringIO())
    sh.onecmd("wait 6")
    host = sim.host
    host.scale.begin_weighing(sim.scale.now_s)  # the menu's (or the phone's) weighing screen is open
    sh.onecmd("glass 700")
    assert [r for r in records if r["event"] == "glass_weighed"] == []
    assert host.scale.weighing and sim.scale.beer_g == 0.0
    host.scale.weigh_glass(capacity_g=500.0, t_s=sim.scale.now_s)  # OK on the device, 0,5 l chosen
    weighed = [r for r in records if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(700.0, abs=0.5)
    assert weighed[0]["glass_capacity_g"] == 500.0


def test_glass_with_no_weighing_screen_open_weighs_at_once():
    """The shell's own "Glas wiegen" (help: take the glass off, put an empty G-gram glass on, weigh it)."""
    records: list[dict] = []
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de",
                     sinks=[records.append])
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=io.StringIO())
    sh.onecmd("wait 2")
    sh.onecmd("glass 500")
    weighed = [r for r in records if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(500.0, abs=0.5)
    assert not sim.host.scale.weighing


@pytest.mark.parametrize("grams", ["30", "49.9", "2000.1", "5000"])
def test_sim_glass_g_must_be_a_glass_the_device_can_weigh(grams, capsys):
    """``waage sim --fast --glass-g 30`` never ended: the demo weighed the drunk-empty cup again and again,
    refused each time (a glass weighs 50 to 2000 g, W-36); 5000 g played a demo whose glass can never be
    weighed. Exit 2 with the range instead."""
    from waage.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["sim", "--fast", "--glass-g", grams])
    assert exc.value.code == 2
    assert "--glass-g: must be 50 to 2000 g" in capsys.readouterr().err


def test_the_simulated_glass_holds_what_it_was_weighed_for_however_it_was_weighed():
    """Found by a new-user trial (issue 26): weighed on the device's screen as a 1-l mug ("Leer 700 g · fasst
    1 l"), the simulated glass still held the 180-g glass's 283 g: ``refill 1000`` spilled 717 g. Now any
    ``glass_weighed`` (device, phone, shell) sets what the simulated glass holds."""
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de", glass_g=180.0,
                     empty_glass=True)
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=io.StringIO())
    sh.onecmd("wait 2")
    sim.host.scale.begin_weighing(sim.scale.now_s)  # the device's "Glas wiegen", the size 1 l chosen
    sh.onecmd("glass 700")
    sim.host.scale.weigh_glass(capacity_g=1000.0, t_s=sim.scale.now_s, empty=True)
    assert sim.scale.capacity_g == 1000.0
    sh.onecmd("refill 1000")
    assert sim.scale.beer_g == pytest.approx(1000.0)


@pytest.mark.parametrize("grams", ["0", "20", "5000"])
def test_glass_with_no_plausible_weight_is_refused_before_the_glass_is_swapped(grams):
    """Found by a new-user trial: ``glass 0`` took the glass off, was refused ("0 g ist kein leeres Glas") and left
    the platform empty, so every later ``glass``, ``lift`` or ``refill`` was refused ("Das Glas ist angehoben").
    Now it is refused first and nothing changes."""
    out = io.StringIO()
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de")
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=out)
    sh.onecmd("wait 2")
    before = (sim.scale.glass_g, sim.scale.beer_g)
    sh.onecmd(f"glass {grams}")
    assert "kein leeres Glas" in out.getvalue()
    assert not sim.scale.lifted and (sim.scale.glass_g, sim.scale.beer_g) == before
    sh.onecmd("glass 400")
    assert sim.scale.glass_g == 400.0 and sim.host.scale.glass.glass_g == pytest.approx(400.0, abs=0.5)


def test_glass_while_the_device_asks_the_size_does_nothing_and_says_so():
    """Found by a new-user trial (issue 26): menu → "Glas wiegen", then ``glass 250`` while the device still asked
    the glass's size: the shell weighed the glass itself, and OK, OK on the device weighed it again (two
    ``glass_weighed``). Now the shell says to choose the size first and changes nothing; after OK (the size) it
    only puts the glass on, and OK weighs it once."""
    from waage.display.texts import text
    from waage.display.views import ListView
    from waage.inputs.keys import Key

    records: list[dict] = []
    out = io.StringIO()
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de",
                     sinks=[records.append])
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=out)
    sh.onecmd("wait 2")
    sh.onecmd("b")  # the game menu
    for _ in range(20):
        view = sim.ui.view(sim.scale.now_s)
        if isinstance(view, ListView) and view.items[view.selected] == text("menu_weigh_glass", "de"):
            break
        sh.onecmd("n")
    sh.onecmd("o")
    assert sim.ui.choosing_glass_size and not sim.host.scale.weighing
    glass_before = sim.scale.glass_g
    sh.onecmd("glass 250")
    assert "erst mit 'o' wählen" in out.getvalue()
    assert sim.scale.glass_g == glass_before and not [r for r in records if r["event"] == "glass_weighed"]
    sh.onecmd("o")  # the size: scaled with the glass
    assert sim.host.scale.weighing and not sim.ui.choosing_glass_size
    sh.onecmd("glass 250")
    sh.onecmd("o")  # weigh
    weighed = [r for r in records if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(250.0, abs=0.5)
    sh.onecmd("o")  # "Jetzt Bier einfüllen": back to the game
    assert len([r for r in records if r["event"] == "glass_weighed"]) == 1
