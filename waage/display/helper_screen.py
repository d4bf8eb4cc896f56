"""The screens of the games that do not weigh: what every kit's screen shares, and the plain screen of
a game without a screen of its own (``GameSpec.screen``'s default). Names no game.

- ``compose(game, title, status, notes, rejected)``: a ``HelperGameView`` of a title and at most
  ``MAX_LINES`` lines (why an input was refused, else the notes of the last input, then the counters);
- ``rejected_line(typed, lang)``, ``common_note(ev, lang)``: the lines of the common events;
- ``helper_view(engine, events, lang)``: the plain screen (the game's title, who is at turn, what the
  last input meant in common words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.helper_texts import MAX_LINES, names, reason, reasons, screen_line
from waage.display.texts import has_text, text
from waage.display.views import HelperGameView
from waage.rules.helpers.events import InputRejectedEvent, typed_helper


def rejected_line(typed: Sequence[Any], lang: str) -> str | None:
    """Why the last rejected input of ``typed`` was refused (a screen line), or None."""
    rejected = [e for e in typed if isinstance(e, InputRejectedEvent)]
    if not rejected:
        return None
    return _why(rejected[-1], lang)


def _why(ev: InputRejectedEvent, lang: str) -> str:
    """A refusal in words: its code's reason (``helper_texts.reasons``), else "Nicht jetzt" (a driver's plain
    refusal, or a code without words such as a new game's generic ``unknown``)."""
    return reason(ev.code, ev.details, lang) if ev.code in reasons(lang) else screen_line("rejected", lang)


def common_note(ev: Any, lang: str) -> str | None:
    """A short screen line for a common event (a skipped turn, a rejected input), or None."""
    if ev.event == "skipped":
        return screen_line("skipped", lang, p=ev.player)
    if isinstance(ev, InputRejectedEvent):
        return _why(ev, lang)
    return None


def said_in_names(key: str, ev: Mapping[str, Any], lang: str) -> str | None:
    """The narration text ``key`` filled from every field of the record ``ev``, lists as names ("Anna, Ben");
    None when the text asks for a field the record lacks (an older log's record: no sentence, no error)."""
    try:
        return text(key, lang, **{k: names(v) for k, v in ev.items()})
    except KeyError:
        return None


def compose(game: str, title: str, status: list[str], notes: list[str], rejected: str | None = None,
            ) -> HelperGameView:
    """A screen of ``title`` and at most ``MAX_LINES`` lines: why an input was refused (then the first
    status line), else the notes of the last input (the newest, at least two) and the ``status`` counters."""
    if rejected is not None:  # the reason may need two rows of the screen
        return HelperGameView(game=game, title=title, lines=[rejected] + status[:1])
    room = max(MAX_LINES - len(status), min(2, MAX_LINES - 1))
    lines = (notes[-room:] if len(notes) > room else notes) + status
    return HelperGameView(game=game, title=title, lines=lines[:MAX_LINES])


def helper_view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The screen of a game without a screen of its own (``GameSpec.screen``'s default): its title, what
    the last input meant in common words and who is at turn. ``engine``: any engine of ``waage.games``."""
    from waage.games import spec

    game = spec(engine.game_id)
    title = text(game.title_key, lang) if has_text(game.title_key, lang) else engine.game_id
    who = getattr(engine, "current_player", None)
    status = [screen_line("title_turn", lang, p=who)] if who else []
    typed = typed_helper(engine.game_id, events)
    notes = [n for n in (common_note(e, lang) for e in typed) if n]
    return compose(engine.game_id, title, status, notes, rejected_line(typed, lang))
