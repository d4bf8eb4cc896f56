"""Münzwurf in words: its screen (``view``), its narration (``narrate``) and its counters (``summary``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.helper_screen import common_note, compose, rejected_line
from waage.display.texts import text
from waage.display.views import HelperGameView
from waage.games.spec import spec

from .events import Toss, typed


def _heads(heads: Mapping[str, int], lang: str) -> str:
    return text("muenzwurf_heads", lang, items=", ".join(f"{p} {n}" for p, n in heads.items()) or "-")


def view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The title, the last toss, who tosses now and their heads so far (a line each: long names fit)."""
    evs = typed(events)
    notes = [text("muenzwurf_toss", lang, name=e.player, side=text(f"muenzwurf_{e.side}", lang))
             if isinstance(e, Toss) else common_note(e, lang) for e in evs]
    who = engine.current_player
    status = [text("muenzwurf_turn", lang, name=who), text("muenzwurf_heads_of", lang, n=engine.state.heads.get(who, 0))]
    title = text(spec(engine.game_id).title_key, lang)
    return compose(engine.game_id, title, status, [n for n in notes if n], rejected_line(evs, lang))


def narrate(ev: Mapping[str, Any], lang: str = "de") -> str | None:
    """A toss in words (None: not its event)."""
    if ev.get("event") != "toss" or ev.get("side") not in ("kopf", "zahl"):
        return None
    return text("muenzwurf_say_toss", lang, name=ev["player"], side=text(f"muenzwurf_{ev['side']}", lang))


def summary(ev: Mapping[str, Any], lang: str = "de") -> list[str] | None:
    """The heads so far (None: not its summary)."""
    return [_heads(ev["heads"], lang)] if "heads" in ev else None
