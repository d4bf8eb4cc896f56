"""Propter in words (seed 004, PR-nn): its screen (``view``, ``GameSpec.screen``), its narration
(``narrate``, ``GameSpec.narration``) and its counters (``summary``, ``GameSpec.summary``).

``view(engine, events, lang)``: who acts as the title; what the last input meant (a play, a sting, a
discard) then the resistance row and the player's points and cards, at most
``helper_texts.MAX_LINES`` lines. The words are the kit's ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.helper_screen import common_note, compose, rejected_line
from waage.display.helper_texts import packed, screen_line
from waage.display.texts import text
from waage.display.views import HelperGameView
from waage.games.propter.engine import PropterPhase
from waage.games.propter.events import Discard, Play, Sting, typed


def _line(key: str, lang: str, **kw: Any) -> str:
    return text(f"pr_line_{key}", lang, **kw)


def _say(key: str, lang: str, **kw: Any) -> str:
    return text(f"pr_say_{key}", lang, **kw)


def _note(ev: Any, lang: str) -> str | None:
    """A short screen line for what a typed event means at the table (None: not worth a line)."""
    p = getattr(ev, "player", None)
    if ev.event == "fell_off":
        return _line("fell_off", lang, p=p)
    if isinstance(ev, Play) and ev.resistance > 0:
        return _line("play", lang, p=p, slot=ev.slot, r=ev.resistance)
    if isinstance(ev, Sting):
        return _line("sting", lang, p=p, slot=ev.slot)
    if isinstance(ev, Discard) and ev.hand > 0:
        return _line("discard_1" if ev.hand == 1 else "discard", lang, p=p, h=ev.hand)
    return common_note(ev, lang)


def _title_and_status(engine: Any, lang: str) -> tuple[str, list[str]]:
    phase, who = engine.phase, engine.current_player
    status = [_line("resistance", lang, r=" | ".join(str(x) for x in engine.resistance))]
    if phase == PropterPhase.CHOOSE:
        return _line("title_pr_choose", lang), status
    if phase == PropterPhase.OVER:
        return _line("title_won", lang, p=engine.winner), packed([f"{p} {n}" for p, n in engine.points.items()], 3)
    status.append(_line("me_1" if engine.hands[who] == 1 else "me", lang, p=who, n=engine.points[who],
                        h=engine.hands[who]))
    if phase == PropterPhase.DISCARDED:
        return _line("title_discarded", lang, p=who), status
    return screen_line("title_turn", lang, p=who), status


def view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The current screen: a title (who acts) and ≤ ``MAX_LINES`` lines (``events``: those of the last
    input; their short notes come first, then the counters)."""
    title, status = _title_and_status(engine, lang)
    evs = typed(events)
    notes = [n for n in (_note(e, lang) for e in evs) if n]
    return compose(engine.game_id, title, status, notes, rejected_line(evs, lang))


def narrate(ev: Mapping[str, Any], lang: str = "de") -> str | None:
    """One plain sentence for one of its events (None: not its event, e.g. a common one)."""
    name, p = ev.get("event", ""), ev.get("player")
    if name == "game_finished" and "winner" in ev:
        return _say("game_finished", lang, winner=ev.get("winner"))
    if name == "play":
        match = _say(f"match_{ev['match']}", lang)
        return _say("play", lang, player=p, slot=ev["slot"], match=match, resistance=ev["resistance"])
    if name == "discard":  # "noch 1 Karte", not "noch 1 Karten" (issue 21)
        return _say("discard_1" if ev.get("hand") == 1 else "discard", lang, player=p, hand=ev.get("hand"))
    if name in ("sting", "fell_off"):
        try:
            return _say(name, lang, **{k: v for k, v in ev.items()})
        except KeyError:
            return None
    return None


def summary(ev: Mapping[str, Any], lang: str = "de") -> list[str] | None:
    """Its ``summary`` counters in words: the resistance row and the points (None: not its summary)."""
    if "resistance" not in ev or "points" not in ev:
        return None
    return [_line("resistance", lang, r=" | ".join(str(r) for r in ev["resistance"])),
            ", ".join(f"{p} {n}" for p, n in ev["points"].items())]
