"""W-38, the way on after an attempt that could not be measured (issue 26): "Von Hand werten" in the menu."""

from __future__ import annotations

import io

from standin import press

from waage.app.sim import InteractiveShell, Simulation
from waage.config import AppConfig
from waage.display.views import MessageView, NumberEntryView, VerdictView
from waage.inputs.keys import Key


def _unmeasured() -> tuple[Simulation, list[dict]]:
    """The simulator after ``drink 50`` and ``put 100`` (a pour before the verdict, W-38): the attempt unmeasured;
    the simulation and its log records."""
    records: list[dict] = []
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de",
                     sinks=[records.append])
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=io.StringIO())
    for line in ("wait 2", "roll 6 5", "roll 2 3", "roll 6 4", "lift", "wait 1", "drink 50", "put 100", "wait 5"):
        sh.onecmd(line)
    return sim, records


def test_the_menu_judges_an_unmeasured_attempt_by_hand_W38() -> None:
    """issue 26: after ``put G`` the warning names the way ("oder im Menü werten": its entry "Von Hand
    werten"), the menu has the entry, the grams go in digit by digit (the target offered), and the sip is
    logged ``by_hand``."""
    sim, records = _unmeasured()
    ui = sim.ui
    view = ui.view(sim.scale.now_s)
    assert isinstance(view, MessageView) and "oder im Menü werten" in view.lines
    press(ui, Key.BACK)
    ids = [e.id for e in ui.menu.visible(ui)]
    assert "judge_by_hand" in ids
    press(ui, *[Key.NEXT] * ids.index("judge_by_hand"), Key.OK)
    entry = ui.view()
    assert isinstance(entry, NumberEntryView) and entry.digits == "050" and entry.title == "Versuch 1: Gramm"
    press(ui, Key.OK, Key.OK, Key.OK)
    sips = [r for r in records if r["event"] == "sip"]
    assert len(sips) == 1 and sips[0]["by_hand"] and sips[0]["grams"] == 50 and sips[0]["verdict"] == "exact"
    assert "judge_by_hand" not in [e.id for e in ui.menu.visible(ui)]
    verdict = ui.view(sim.scale.now_s)  # the menu closed: the verdict shows (a new-user trial saw the menu again)
    assert isinstance(verdict, VerdictView) and verdict.grams == 50 and verdict.player == sips[0]["player"]


def test_judging_by_hand_more_than_the_glass_held_is_told_and_judges_nothing_W38() -> None:
    """issue 26: 961 g for an attempt from a glass that held 400 g is refused with the reason on the screen; the
    attempt stays unmeasured and the entry stays in the menu."""
    sim, records = _unmeasured()
    ui = sim.ui
    press(ui, Key.BACK)
    ids = [e.id for e in ui.menu.visible(ui)]
    press(ui, *[Key.NEXT] * ids.index("judge_by_hand"), Key.OK)
    press(ui, *[Key.NEXT] * 9, Key.OK, Key.NEXT, Key.OK, Key.NEXT, Key.OK)  # the first digit 0 -> 9 …
    shown = ui.view()
    assert not [r for r in records if r["event"] == "sip"]
    assert isinstance(shown, MessageView) and "Mehr als im Glas war" in " ".join(shown.lines), shown
    assert "judge_by_hand" in [e.id for e in ui.menu.visible(ui)]
