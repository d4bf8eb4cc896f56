"""Shared parts of the display-only helper engines for the other games.

Every helper engine is pure and deterministic: no I/O, no clock, no randomness
(dice come from the caller, cards stay on the table). Each input method returns
the list of log events it caused (dicts with an ``"event"`` key, no ``t_s``; the
caller stamps the time) and raises ``InputRejected`` when the input does not fit
the current phase, leaving the state unchanged.

A helper keeps, next to its counters, a short list of ``Note`` objects: what the
last input means for the table (e.g. "Mütze Ben: 1 Bier"). ``view_lines`` turns
notes and state into a title and at most ``MAX_LINES`` short lines for the
display's ``HelperGameView``; the texts live per game in German and English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict

from waage.rules.dice import check_pair
from waage.rules.players import check_players
from waage.rules.waagespiel import InputRejected

Event = dict[str, Any]
Texts = Mapping[str, Mapping[str, str]]
S = TypeVar("S", bound=BaseModel)
H = TypeVar("H", bound="HelperGame")

#: Lines below the title that ``HelperGameView`` shows (``screens._helper`` has three baselines).
MAX_LINES = 3
LANGS = ("de", "en")

__all__ = ["Event", "HelperGame", "InputRejected", "MAX_LINES", "Note", "check_players"]


class Note(BaseModel):
    """One thing the table should be told: a text key of the game and its arguments.

    ``args`` values are names, numbers, or (for the key ``drinks``) a list of drink words.
    """

    model_config = ConfigDict(extra="forbid")

    key: str
    args: dict[str, str | int | list[str]] = {}


class HelperGame:
    """Base of the helper engines: state handling, atomic inputs, dice checks, texts.

    Subclasses set ``game_id`` (the registry key and ``HelperGameView.game``),
    ``state_type`` (their pydantic state) and ``TEXTS`` ({lang: {key: format}}).
    """

    game_id: ClassVar[str]
    state_type: ClassVar[type[BaseModel]]
    TEXTS: ClassVar[Texts]
    state: Any

    @classmethod
    def resume(cls: type[H], state: BaseModel | Mapping[str, Any] | str) -> H:
        """An engine continuing from a saved state: a state object, its ``model_dump()`` or its JSON."""
        engine = cls.__new__(cls)
        if isinstance(state, str):
            engine.state = cls.state_type.model_validate_json(state)
        elif isinstance(state, BaseModel):
            engine.state = cls.state_type.model_validate(state.model_dump())
        else:
            engine.state = cls.state_type.model_validate(state)
        return engine

    # ---------------------------------------------------------------- plumbing
    def _atomic(self, fn: Callable[[], list[Event]]) -> list[Event]:
        """Run ``fn``; on InputRejected put the state back as it was and re-raise."""
        saved = self.state.model_copy(deep=True)
        try:
            return fn()
        except InputRejected:
            self.state = saved
            raise

    @staticmethod
    def _dice(dice: object) -> tuple[int, int]:
        """Validated dice (two ints 1–6); InputRejected otherwise."""
        try:
            return check_pair(dice)
        except ValueError as exc:
            raise InputRejected(str(exc)) from None

    def _no_dice(self, what: str) -> list[Event]:
        raise InputRejected(f"{what} is played without dice")

    @staticmethod
    def _next_in(seats: Sequence[str], player: str, active: Callable[[str], bool] = lambda p: True,
                 skip: int = 0) -> str:
        """The ``skip + 1``-th active player clockwise after ``player`` (``player`` itself if nobody else)."""
        i = seats.index(player)
        n = len(seats)
        found = 0
        for k in range(1, n + 1):
            cand = seats[(i + k) % n]
            if active(cand):
                if found == skip:
                    return cand
                found += 1
        return player

    # ---------------------------------------------------------------- texts
    @classmethod
    def text(cls, key: str, lang: str = "de", **args: Any) -> str:
        """The game's text ``key`` in ``lang`` (unknown languages fall back to German), formatted."""
        table = cls.TEXTS.get(lang) or cls.TEXTS["de"]
        fmt = table.get(key) or cls.TEXTS["de"][key]
        return fmt.format(**args)

    @classmethod
    def drinks_text(cls, drinks: Sequence[str], lang: str = "de", max_len: int = 16) -> str:
        """"2 Bier, 1 Kurzer" for drink keys (``bier``, ``kurzer``, ``wasser``) in order of first use.

        Longer than ``max_len`` characters: the short form "2B 1K 1W" (letters ``<drink>_abbr``).
        """
        counts: dict[str, int] = {}
        for d in drinks:
            counts[d] = counts.get(d, 0) + 1
        if not counts:
            return cls.text("nothing", lang)
        long = ", ".join(f"{n} {cls.text(f'{d}_{1 if n == 1 else 2}', lang)}" for d, n in counts.items())
        if len(long) <= max_len:
            return long
        return " ".join(f"{n}{cls.text(f'{d}_abbr', lang)}" for d, n in counts.items())

    def note_text(self, note: Note, lang: str = "de") -> str:
        """A note as a display line."""
        args: dict[str, Any] = dict(note.args)
        if "drinks" in args:  # the long form only where it leaves room for the name
            room = max(10, 22 - len(str(args.get("p", ""))) - 2)
            args["drinks"] = self.drinks_text(list(args["drinks"]), lang, max_len=room)  # type: ignore[arg-type]
        return self.text(note.key, lang, **args)

    def _lines(self, lang: str, notes: Sequence[Note], status: Sequence[str]) -> list[str]:
        """The notes, then the status lines, at most ``MAX_LINES``: notes that find no room are dropped from the end."""
        room = MAX_LINES - len(status)
        texts = [self.note_text(n, lang) for n in notes]
        if room <= 0:
            return list(status)[:MAX_LINES]
        if len(texts) > room:
            texts = texts[:room]
        return texts + list(status)

    @staticmethod
    def _packed(items: Sequence[str], max_lines: int, max_len: int = 20) -> list[str]:
        """``items`` joined by " · " into at most ``max_lines`` lines of ≤ ``max_len`` characters (rest dropped)."""
        lines: list[str] = []
        for item in items:
            if lines and len(lines[-1]) + 3 + len(item) <= max_len:
                lines[-1] += " · " + item
            elif len(lines) < max_lines:
                lines.append(item)
            else:
                break
        return lines

    def view_lines(self, lang: str = "de") -> tuple[str, list[str]]:  # pragma: no cover - abstract
        """Title and at most ``MAX_LINES`` lines for ``HelperGameView(game_id, title, lines)``."""
        raise NotImplementedError
