"""`waage sim --game NAME`: the helper modes of the other games driven by typed commands."""

from __future__ import annotations

import io

import pytest

from waage.app.helper_sim import HelperShell, input_methods
from waage.display.terminal import TerminalDisplay
from waage.rules.dice import SeededDice
from waage.rules.helpers import HELPER_GAMES


@pytest.mark.parametrize("game", sorted(HELPER_GAMES))
def test_every_helper_game_starts_and_draws_its_screen(game):
    screen = io.StringIO()
    shell = HelperShell(game, ["Anna", "Ben", "Cara", "Dora"], SeededDice(1), TerminalDisplay(stream=screen))
    assert shell.events and shell.methods
    assert "choose" in shell.methods
    assert "▀" in screen.getvalue() or "█" in screen.getvalue()


def test_commands_reach_the_engine_and_bad_ones_are_explained():
    out = io.StringIO()
    shell = HelperShell("willkommen_am_arsch", ["Anna", "Ben"], SeededDice(2), TerminalDisplay(stream=io.StringIO()),
                        stdin=io.StringIO("roll 6 1\nroll 2 1\nroll 9 9\nbogus\nmuetze Zoe\nquit\n"), stdout=out)
    shell.cmdloop()
    rolls = [e for e in shell.events if e["event"].endswith("roll") or "dice" in e]
    assert len(rolls) >= 2
    text = out.getvalue()
    assert "roll:" in text and "unknown command 'bogus'" in text and "muetze:" in text


def test_input_methods_are_the_event_returning_public_methods():
    names = set(input_methods(HELPER_GAMES["propter"](["Anna", "Ben"])))
    assert {"play", "aussetzen", "next", "choose", "roll"} <= names
    assert "view_lines" not in names and "start" not in names
