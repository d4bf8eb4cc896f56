"""Ein Arsch kommt selten allein in words (seed 001, AS-nn): its screen (``view``, ``GameSpec.screen``),
its narration (``narrate``, ``GameSpec.narration``) and its counters (``summary``, ``GameSpec.summary``).

``view(engine, events, lang)``: the round and who acts as the title; what the last input meant (pairs,
who went out, a pass) then the totals, at most ``helper_texts.MAX_LINES`` lines. The words are the
kit's ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from waage.display.helper_screen import common_note, compose, rejected_line, said_in_names
from waage.display.helper_texts import LINE_CHARS, names, packed, screen_line
from waage.display.texts import text
from waage.display.views import HelperGameView
from waage.games.arsch_selten_allein.engine import ArschPhase
from waage.games.arsch_selten_allein.events import Pair, Pass, typed


def _line(key: str, lang: str, **kw: Any) -> str:
    return text(f"as_line_{key}", lang, **kw)


def _say(key: str, lang: str, **kw: Any) -> str:
    return text(f"as_say_{key}", lang, **kw)


def _over_after(rounds: int, lang: str) -> str:
    """"Spielende nach 2 Runden": the end with the rounds played (the engine's ``round`` once the game is
    over, AS-08)."""
    return _line("over_after_1", lang) if rounds == 1 else _line("over_after", lang, n=rounds)


def _note(ev: Any, lang: str) -> str | None:
    """A short screen line for what a typed event means at the table (None: not worth a line)."""
    if ev.event == "went_out":
        return _line("out", lang, p=ev.player)
    if isinstance(ev, Pair):
        return _line("pairs", lang, p=ev.player, n=ev.pairs)
    if isinstance(ev, Pass):
        return _line("draw", lang)
    return common_note(ev, lang)


def _title_and_status(engine: Any, lang: str) -> tuple[str, list[str]]:
    phase, who, st = engine.phase, engine.current_player, engine.state
    tot = packed([f"{p} {n}" for p, n in engine.totals.items()], 2)
    if phase == ArschPhase.CHOOSE:
        pick = _line("choose_from", lang, names=names(engine.candidates))
        if len(pick) > 2 * LINE_CHARS:  # many names: how many (the list is the device's to show)
            pick = _line("choose_from_n", lang, n=len(engine.candidates))
        return _line("title_choose", lang, n=st.round), [pick] + tot[:1]
    if phase == ArschPhase.SCORE:
        count = _line("to_score", lang, names=names(engine.to_score))
        if len(count) > 2 * LINE_CHARS:
            count = _line("to_score_n", lang, n=len(engine.to_score))
        return _line("title_score", lang, n=st.round), [count]
    if phase == ArschPhase.OVER:  # the engine's round after ``finish``: the rounds played (issue 21)
        return _over_after(st.round, lang), tot
    return screen_line("title_turn", lang, p=who), [_line("round", lang, n=st.round)]


def view(engine: Any, events: Sequence[Mapping[str, Any]] = (), lang: str = "de") -> HelperGameView:
    """The current screen: a title (the round, who acts) and ≤ ``MAX_LINES`` lines (``events``: those of the
    last input; their short notes come first, then the counters)."""
    title, status = _title_and_status(engine, lang)
    evs = typed(events)
    notes = [n for n in (_note(e, lang) for e in evs) if n]
    return compose(engine.game_id, title, status, notes, rejected_line(evs, lang))


def narrate(ev: Mapping[str, Any], lang: str = "de") -> str | None:
    """One plain sentence for one of its events (None: not its event, e.g. a common one)."""
    name = ev.get("event", "")
    if name == "game_finished" and "winners" in ev:
        return _say("game_finished", lang, winners=names(ev["winners"]))
    if name == "round_scored":
        pts = ", ".join(f"{k} {v}" for k, v in ev["points"].items())
        tot = ", ".join(f"{k} {v}" for k, v in ev["totals"].items())
        return _say(name, lang, round=ev["round"], points=pts, totals=tot)
    if name in ("round_started", "choice_needed", "raise", "pair", "pass", "went_out", "round_ended"):
        return said_in_names(f"as_say_{name}", ev, lang)
    return None


def summary(ev: Mapping[str, Any], lang: str = "de") -> list[str] | None:
    """Its ``summary`` counters in words: the round (or the rounds played) and the totals (None: not its
    summary)."""
    if "totals" not in ev:
        return None
    over = ev.get("phase") == ArschPhase.OVER  # after ``finish`` the round is the number of rounds played
    return [_over_after(ev["round"], lang) if over else _line("round", lang, n=ev["round"]),
            ", ".join(f"{p} {n}" for p, n in ev["totals"].items())]
