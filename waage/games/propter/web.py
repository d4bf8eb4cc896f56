"""Propter's web details (``GameSpec.web``): what / and /tv show (seed 004, PR-nn).

``details(host, lang, sample_at) -> GamePage`` with ``PropterDetails``; the board and the table are drawn
by the kit's own page script (``view.js``) from these fields alone.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from waage.live.details import GamePage, Prompt, WebDetails, Words, phase_words, result_of, screen_of, words
from waage.games.propter.engine import RESISTANCE, WIN_POINTS, PropterPhase


class PropterDetails(WebDetails):
    """Propter's page (version 1).

    resistance: the BS slots' resistance (slot 1 first, PR-01), resistance_max: a fresh slot's (3);
    win_points: the trophies that win (PR-06, 5); points: trophies per player; hands: hand cards per
    player; out: who fell off (no cards left).
    """

    version: int = 1
    resistance: list[int] = Field(default_factory=list)
    resistance_max: int = RESISTANCE
    win_points: int = WIN_POINTS
    points: dict[str, int] = Field(default_factory=dict)
    hands: dict[str, int] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)


def details(host: Any, lang: str, sample_at: float | None = None) -> GamePage:
    """The page now: who plays, the BS slots, the race to the trophies, the hands, who fell off."""
    engine = host.engine
    s = engine.state
    if s.phase == PropterPhase.CHOOSE:
        prompt = Prompt(ask=words("hg_pr_choose"), do=words("hg_pr_choose_do"))
    else:
        who = engine.current_player
        do = words("hg_pr_discarded" if s.phase == PropterPhase.DISCARDED else "hg_pr_turn")
        prompt = Prompt(who=[who] if who else [], do=do)
    return GamePage(PropterDetails(
        prompt=prompt, helper=screen_of(engine, host.last_events, lang), result=result_of(engine),
        phase_word=phase_words(s.phase),
        points_word=words("hg_col_trophies"), resistance=list(s.resistance), points=dict(s.points),
        hands=dict(s.hands), out=list(s.out)))


def facts(stats: Any) -> list[Words]:
    """/stats: the cards played and how many of them stung."""
    return [words("stats_plays", n=stats.extra.get("plays") or 0, stings=stats.extra.get("stings") or 0)]
