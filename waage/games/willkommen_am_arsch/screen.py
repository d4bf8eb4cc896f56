"""Willkommen am Arsch in words (seed 000, WA-nn): its screen (``view``, ``GameSpec.screen``), its
narration (``narrate``, ``GameSpec.narration``) and its counters (``summary``, ``GameSpec.summary``).

``view(engine, events, lang)``: who acts and what is due as the title; what the last input meant
(a roll, drinks, the Stehtisch, Jail, the Trottelmütze) then the counters (the hat, the Stehtisch,
Jail), at most ``helper_texts.MAX_LINES`` lines. The words are the kit's ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.helper_screen import common_note, compose, rejected_line, said_in_names
from waage.display.helper_texts import LINE_CHARS, drinks_text, names, screen_line
from waage.display.texts import text
from waage.display.views import HelperGameView
from waage.games.willkommen_am_arsch.engine import WillkommenPhase
from waage.games.willkommen_am_arsch.events import Drink, OpeningTie, StehtischAdd, Trottelmuetze, WaaRoll, typed
from waage.games.willkommen_am_arsch.texts import FIELD_WORDS


def _line(key: str, lang: str, **kw: Any) -> str:
    return text(f"wa_line_{key}", lang, **kw)


def _say(key: str, lang: str, **kw: Any) -> str:
    return text(f"wa_say_{key}", lang, **kw)


def _note(ev: Any, lang: str) -> str | None:
    """A short screen line for what a typed event means at the table (None: not worth a line)."""
    p = getattr(ev, "player", None)
    if isinstance(ev, WaaRoll) and ev.kind == "spielothek":
        return _line("zock", lang, a=ev.dice[0], b=ev.dice[1])
    if isinstance(ev, WaaRoll):
        return _line("roll", lang, p=p, a=ev.dice[0], b=ev.dice[1], s=ev.sum)
    if isinstance(ev, Drink):
        return _line("pasch_bier" if ev.reason == "pasch" else "drink", lang, p=p, drinks=drinks_text(ev.drinks, lang))
    if isinstance(ev, StehtischAdd):
        if p:
            return _line("to_stehtisch", lang, p=p, drinks=drinks_text(ev.drinks, lang))
        return _line("card_stehtisch", lang, drinks=drinks_text(ev.drinks, lang))
    simple = {"stehtisch_emptied": "emptied", "jail_entered": "jail_in", "jail_left": "jail_out",
              "trottelmuetze": "new_hat"}
    if ev.event in simple:
        return _line(simple[ev.event], lang, p=p)
    if isinstance(ev, OpeningTie):
        return _line("tie", lang, names=names(ev.players))
    return common_note(ev, lang)


def _title_and_status(engine: Any, lang: str) -> tuple[str, list[str]]:
    phase, who = engine.phase, engine.current_player
    status = [_line("stehtisch", lang, what=drinks_text(engine.stehtisch, lang, max_len=LINE_CHARS - 11))]
    if engine.trottelmuetze:
        status.insert(0, _line("hat", lang, p=engine.trottelmuetze))
    if engine.jail:
        status.append(_line("jail", lang, names=names(engine.jail)))
    if phase == WillkommenPhase.OPENING:
        return _line("title_opening", lang, p=who), [_line("lowest", lang)] + status[-1:]
    if phase == WillkommenPhase.ROLL:
        return (_line("title_again", lang, p=who) if engine.again else screen_line("title_turn", lang, p=who)), status
    return _line(f"title_{phase}", lang, p=who), status


def view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The current screen: a title (who acts, what is due) and ≤ ``MAX_LINES`` lines (``events``: those of
    the last input; their short notes come first, at most two, then the counters)."""
    title, status = _title_and_status(engine, lang)
    evs = typed(events)
    notes = [n for n in (_note(e, lang) for e in evs) if n]
    hat = engine.trottelmuetze
    if hat and any(isinstance(e, Trottelmuetze) or (getattr(e, "reason", None) == "pasch"
                                                    and getattr(e, "player", None) == hat) for e in evs):
        status = status[1:]  # a note already names the Trottelmütze
    return compose(engine.game_id, title, status, notes, rejected_line(evs, lang))


def narrate(ev: Mapping[str, Any], lang: str = "de") -> str | None:
    """One plain sentence for one of its events (None: not its event, e.g. a common one)."""
    name, p = ev.get("event", ""), ev.get("player")
    if name == "roll" and "kind" in ev:
        a, b = ev["dice"]
        pasch = _say("pasch", lang) if ev.get("pasch") else ""
        return _say(f"roll_{ev['kind']}", lang, player=p, a=a, b=b, sum=ev["sum"], pasch=pasch)
    if name == "turn" and ev.get("again"):
        return _say("turn_again", lang, player=p)
    if name == "field":
        field = (FIELD_WORDS.get(lang) or FIELD_WORDS["de"]).get(ev["field"], ev["field"])
        if ev.get("meets"):
            return _say("field_meets", lang, player=p, field=field, meets=names(ev["meets"]))
        return _say("field", lang, player=p, field=field)
    if name in ("drink", "stehtisch_emptied"):
        return _say(name, lang, player=p, drinks=drinks_text(ev["drinks"], lang))
    if name == "stehtisch_add":
        key = "stehtisch_add_player" if p else "stehtisch_add"
        return _say(key, lang, player=p, drinks=drinks_text(ev["drinks"], lang),
                    stehtisch=drinks_text(ev.get("stehtisch", []), lang))
    if name == "opening_tie":
        return _say(name, lang, players=names(ev["players"]), sum=ev.get("sum", "?"))
    if name in ("trottelmuetze", "jail_entered", "jail_left", "spielothek_started", "spielothek_done",
                "invite", "pee"):
        return said_in_names(f"wa_say_{name}", ev, lang)
    return None


def summary(ev: Mapping[str, Any], lang: str = "de") -> list[str] | None:
    """Its ``summary`` counters in words: the hat, the Stehtisch, Jail, each player's drinks (None: not its
    summary)."""
    if "stehtisch" not in ev:
        return None
    parts = [_line("hat", lang, p=names(ev.get("trottelmuetze"))),
             _line("stehtisch", lang, what=drinks_text(ev["stehtisch"], lang))]
    if ev.get("jail"):
        parts.append(_line("jail", lang, names=names(ev["jail"])))
    for p, d in ev.get("drinks", {}).items():
        parts.append(f"{p} " + drinks_text([k for k, n in d.items() for _ in range(n)], lang))
    return parts
