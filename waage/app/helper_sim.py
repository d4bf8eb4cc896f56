"""``waage sim --game NAME``: the display-only helper modes of the other games, played by typed commands.

Every input method of the helper engine (``waage/rules/helpers``) is a command
of the same name; arguments are converted and checked against the method's
signature by pydantic (``validate_call``). ``roll`` without dice rolls the
electronic dice. After every command the ``HelperGameView`` is drawn.
"""

from __future__ import annotations

import cmd
import inspect
import shlex
from typing import Any, TextIO

from pydantic import ValidationError, validate_call

from waage.display.terminal import TerminalDisplay
from waage.display.views import HelperGameView
from waage.rules.dice import Dice
from waage.rules.helpers import HELPER_GAMES
from waage.rules.waagespiel import InputRejected


def input_methods(engine: Any) -> dict[str, Any]:
    """The engine's input methods: public methods that return a list of events."""
    out = {}
    for name, member in inspect.getmembers(type(engine), inspect.isfunction):
        if name.startswith("_") or name in ("start", "resume"):
            continue
        if "list[Event]" in str(inspect.signature(member).return_annotation):
            out[name] = getattr(engine, name)
    return out


class HelperShell(cmd.Cmd):
    """Typed commands for one helper game; ``help`` lists the game's inputs."""

    prompt = "waage> "

    def __init__(self, game: str, players: list[str], dice: Dice, display: TerminalDisplay,
                 stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.engine = HELPER_GAMES[game](players)
        self.game, self.dice, self.display = game, dice, display
        self.methods = input_methods(self.engine)
        self.events: list[dict[str, Any]] = list(self.engine.start())
        self.intro = f"{game}: " + ", ".join(sorted(self.methods)) + ", quit"
        self.show()

    def show(self) -> None:
        """Draw the engine's current title and lines."""
        title, lines = self.engine.view_lines(self.display.lang)
        self.display.show(HelperGameView(game=self.game, title=title, lines=lines))

    def default(self, line: str) -> bool:
        """Run ``NAME ARGS...`` as the engine's input method NAME; ``quit`` ends."""
        try:
            word, *args = shlex.split(line)
        except ValueError as exc:
            self.stdout.write(f"{exc}\n")
            return False
        if word in ("quit", "EOF"):
            return True
        method = self.methods.get(word)
        if method is None:
            self.stdout.write(f"unknown command {word!r}; commands: {', '.join(sorted(self.methods))}, quit\n")
            return False
        try:
            if word == "roll":
                dice = self.dice.roll() if not args else tuple(int(a) for a in args)
                self.events += method(dice)
            else:
                self.events += validate_call(method)(*args)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in err["loc"])
            self.stdout.write(f"{word}: {where}: {err['msg']} (help lists the arguments)\n")
        except (InputRejected, ValueError, TypeError) as exc:
            self.stdout.write(f"{word}: {exc}\n")
        self.show()
        return False

    def do_help(self, arg: str) -> None:
        """help: the game's commands and their arguments"""
        for name, method in sorted(self.methods.items()):
            params = str(inspect.signature(method)).split(" ->")[0]
            doc = (inspect.getdoc(method) or "").splitlines()[0] if inspect.getdoc(method) else ""
            self.stdout.write(f"  {name}{params}  {doc}\n")

    def emptyline(self) -> bool:
        """An empty line does nothing (cmd would repeat the last command)."""
        return False
