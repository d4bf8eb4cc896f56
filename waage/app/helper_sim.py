"""``waage sim --game NAME``: the helper games played by typed commands.

One command is one contract input (``shared/docs/helper-games-contract.md``), written as
words: the action key (or its German word) with its value, then companions as
``KEY VALUE...``. ``parse_command`` turns the words into the input dict that a scenario's
``[[input]]`` would hold; the engine's input model validates it (the same model
``waage replay`` uses), then ``engine.apply`` plays it. Examples::

    roll                      roll 3 4 by Ben        (no dice: the electronic dice roll)
    field kneipe meets Anna Ben cards bier           feld teich trifft cara
    field schuettelbude invite Ben drink kurzer      pee Anna allowed
    stehtisch_add kurzer 2    gejammer Ben           muetze Cara
    choose Cara   raise Anna   pair Ben   pass Ben   out Anna   points Anna=3 Ben=5   finish
    play Anna slot 2 match exact   (or: play Anna 2 exact)   discard Ben   next Ben

After every input a narration line says what happened, then the OLED screen is drawn;
``log`` prints every event as a JSON line.
"""

from __future__ import annotations

import cmd
import json
import re
import shlex
from collections.abc import Callable
from typing import Any, TextIO

from pydantic import ValidationError

from waage.display.helper_texts import narrate, reason, sim_help, sim_word
from waage.display.texts import text
from waage.inputs.keys import Key, KeyCommands
from waage.rules.dice import Dice
from waage.games import spec
from waage.rules.helpers import InputRejected

#: German (and spelled-out) words for the action and companion keys -> the contract's key.
ALIASES: dict[str, str] = {
    "wurf": "roll", "würfeln": "roll", "wuerfeln": "roll", "feld": "field", "trifft": "meets",
    "karten": "cards", "einladen": "invite", "lädt": "invite", "laedt": "invite", "getränk": "drink",
    "getraenk": "drink", "von": "by", "fehlt": "absent", "pinkeln": "pee", "erlaubt": "allowed",
    "jammert": "gejammer", "mütze": "muetze", "stehtisch": "stehtisch_add", "anzahl": "count",
    "wählt": "choose", "waehlt": "choose", "wahl": "choose", "beginnt": "choose", "erhöht": "raise",
    "erhoeht": "raise", "höher": "raise", "hoeher": "raise", "raus": "out", "paar": "pair",
    "passt": "pass", "punkte": "points", "ende": "finish", "legt": "play", "platz": "slot",
    "passt_zu": "match", "treffer": "match", "abwerfen": "discard", "wirft": "discard", "weiter": "next",
}
VALUE_ALIASES: dict[str, str] = {"kategorie": "category", "exakt": "exact", "genau": "exact"}
#: keys whose values are whole numbers; keys that take several values; keys that are flags.
INT_KEYS = {"roll", "count", "slot"}
LIST_KEYS = {"roll", "meets", "cards"}
FLAG_KEYS = {"allowed", "finish"}


class CommandError(ValueError):
    """Words that make no input: ``code`` and ``details`` for ``helper_texts.sim_word``."""

    def __init__(self, code: str, **details: Any) -> None:
        self.code, self.details = code, details
        super().__init__(code)


def _value(key: str, word: str) -> Any:
    word = VALUE_ALIASES.get(word.lower(), word)
    if key in INT_KEYS:
        try:
            return int(word)
        except ValueError:
            raise CommandError("number", key=key, word=word) from None
    return word


def parse_command(line: str, game: str) -> dict[str, Any]:
    """The contract input dict for one command line of ``game`` (see the module docstring).

    Raises CommandError for words that cannot be read (unknown key, missing value, a
    number that is none). Names and values are checked later by the input model.
    """
    model = spec(game).engine_class().input_model
    keys = set(model.ACTIONS) | set(model.COMPANIONS)
    try:
        words = shlex.split(line)
    except ValueError:
        raise CommandError("quote") from None
    if not words:
        raise CommandError("empty")
    out: dict[str, Any] = {}
    key: str | None = None
    positional: list[str] = []  # after the action: play Anna 2 exact
    for word in words:
        k = ALIASES.get(word.lower(), word.lower())
        awaiting = key is not None and out[key] is None  # "feld stehtisch": the field, not a command
        if k in keys and k not in out and not awaiting:
            key = k
            out[k] = [] if k in LIST_KEYS or k == "points" else None
            if k in FLAG_KEYS:
                out[k] = True
            continue
        if key is None:
            raise CommandError("unknown", word=word)
        if key == "points":
            name, sep, n = word.partition("=")
            if not sep:
                raise CommandError("points_form", word=word)
            try:
                out["points"].append((name, _value("count", n)))
            except CommandError:  # say whose count it is, not the internal key
                raise CommandError("number", key=name, word=n) from None
        elif key in LIST_KEYS:
            out[key].append(_value(key, word))
        elif out[key] is None:
            out[key] = _value(key, word)
        else:
            positional.append(word)
    action = next((k for k in model.ACTIONS if k in out), None)
    if action == "points":
        out["points"] = dict(out["points"])
    for word in positional:  # play Anna 2 exact; stehtisch_add kurzer 2
        if action == "play" and word.isdigit() and "slot" not in out:
            out["slot"] = int(word)
        elif action == "play" and "match" not in out:
            out["match"] = VALUE_ALIASES.get(word.lower(), word)
        elif action == "stehtisch_add" and "count" not in out:
            out["count"] = _value("count", word)
        else:
            raise CommandError("unknown", word=word)
    if action == "stehtisch_add" and out["stehtisch_add"] is None:
        out["stehtisch_add"] = "bier"
    if out.get("roll") == []:
        out["roll"] = "auto"
    for k, v in out.items():
        if v is None:
            raise CommandError("missing", key=k)
    return out


class HelperShell(KeyCommands, cmd.Cmd):
    """Typed commands for one helper game (``help`` lists them in the player's words)."""

    prompt = "waage> "

    def __init__(self, game: str, players: list[str], dice: Dice, display: Any, *, lang: str | None = None,
                 teams: bool = False, log: Callable[[dict[str, Any]], None] | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, host: Any = None,
                 keys: Callable[[Key], None] | None = None, redraw: Callable[[], None] | None = None) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.game, self.dice, self.display = game, dice, display
        self.lang = lang or getattr(display, "lang", "de")
        self.log = log
        self.step = 0
        self.events: list[dict[str, Any]] = []
        self.intro = sim_word("intro", self.lang, game=text(spec(game).title_key, self.lang))
        #: the device's host (``waage sim``): inputs go through it, the device UI draws the screen,
        #: and ``n``/``p``/``o``/``b`` are the device keys; without one the shell keeps its own engine
        self.host, self.keys, self.redraw = host, keys, redraw
        if host is not None:
            self.engine = host.engine
            self._record(list(host.last_events))
            self._redraw(self.events)
            return
        cls = spec(game).engine_class()
        self.engine = cls(players, teams=True) if teams else cls(players)
        self._record(self.engine.start())
        self.show(self.events)

    def _redraw(self, events: list[dict[str, Any]]) -> None:
        if self.redraw is not None:
            self.redraw()
        else:
            self.show(events)

    def _record(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            self.events.append(ev)
            if self.log is not None:
                self.log({"event": ev["event"], "step": self.step, **ev})

    def show(self, events: list[dict[str, Any]]) -> None:
        """Draw the engine's current screen (what ``events`` mean, then the counters)."""
        self.display.show(spec(self.game).screen_of(self.engine, events, self.lang))

    def say(self, text: str) -> None:
        """One narration line."""
        if text:
            self.stdout.write(text + "\n")

    def default(self, line: str) -> bool:
        """One input in words (see the module docstring); ``quit`` ends."""
        if line.strip().lower() in ("quit", "exit", "ende!", "eof"):
            return True
        try:
            given = parse_command(line, self.game)
            inp = self.engine.parse(given)
        except CommandError as exc:
            self.say(sim_word(f"err_{exc.code}", self.lang, **exc.details))
            return False
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            value = err.get("input")
            if isinstance(value, str) and "is no player" in err["msg"]:
                self.say(sim_word("err_player", self.lang, who=value, players=", ".join(self.engine.players)))
                return False
            needs = re.fullmatch(r"Value error, (\w+) needs (\w+(?: and \w+)*)", err["msg"])
            if not err["loc"] and needs:  # a whole-input check (propter: play needs slot and match)
                self.say(sim_word("err_needs", self.lang, cmd=needs[1], keys=", ".join(needs[2].split(" and "))))
                return False
            where = ".".join(str(p) for p in err["loc"]) or "?"
            self.say(sim_word("err_invalid", self.lang, key=where, value=json.dumps(value, ensure_ascii=False)))
            return False
        self.step += 1
        if self.host is not None:  # the host draws "auto" inputs and logs a rejection itself
            events = self.host.apply(given)
            self.engine = self.host.engine
        else:
            try:
                resolved = spec(self.game).resolve_chance(self.engine, given, self.dice)  # "auto": the kit's hook
                events = self.engine.apply(inp if resolved == given else resolved)
            except InputRejected as exc:
                events = [{"event": "input_rejected", "input": given, "why": reason(exc.code, exc.details, "en"),
                           "code": exc.code, "details": exc.details}]
        self._record(events)
        self.say(" ".join(t for t in (narrate(e, self.lang, self.game) for e in events) if t))
        self._redraw(events)
        return False

    def _key(self, key: Key) -> None:
        if self.keys is None:
            self.say(sim_word("err_unknown", self.lang, word=key.name.lower()[0]))
            return
        before = len(self.host.last_events) if self.host is not None else 0
        self.keys(key)
        if self.host is not None:
            self.engine = self.host.engine
            events = self.host.last_events if len(self.host.last_events) != before else []
            self.say(" ".join(t for t in (narrate(e, self.lang, self.game) for e in events) if t))
        self._redraw([])

    def do_help(self, arg: str) -> None:
        """help: the commands of this game in the player's words"""
        for syntax, meaning in sim_help(self.game, self.lang):
            self.stdout.write(f"  {syntax:<44} {meaning}\n")
        if self.keys is not None:
            keys = "n / p / o / b"
            self.stdout.write(f"  {keys:<44} {sim_word('keys', self.lang)}\n")
        self.stdout.write(f"  {'quit':<44} {sim_word('quit', self.lang)}\n")

    def do_stand(self, arg: str) -> None:
        """stand: the counters now"""
        self.say(narrate(self.engine.summary(), self.lang, self.game))

    def do_quit(self, arg: str) -> bool:
        """quit: end"""
        return True

    do_EOF = do_quit

    def emptyline(self) -> bool:
        """An empty line does nothing (cmd would repeat the last command)."""
        return False
