"""Ein Arsch kommt selten allein's web details (``GameSpec.web``): what / and /tv show (seed 003, AS-nn).

``details(host, lang, sample_at) -> GamePage`` with ``ArschDetails``; the board and the table are drawn by
the kit's own page script (``view.js``) from these fields alone.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from waage.live.details import GamePage, Prompt, WebDetails, Words, joined, phase_words, result_of, screen_of, words
from waage.games.arsch_selten_allein.engine import ArschPhase


class TeamShown(BaseModel):
    """One team of the team variant: its number (1, 2), its members in seat order, its penalty points."""

    n: int
    members: list[str]
    points: int


class RoundShown(BaseModel):
    """The last scored round: its number and each player's penalty points in it."""

    n: int
    points: dict[str, int]


class ArschDetails(WebDetails):
    """Ein Arsch kommt selten allein's page (version 1).

    round: the current (or last) round's number; teams: the team variant's two teams (seats 1, 3, … and
    2, 4, …) with their totals, [] without teams; out: who has no cards left this round; last_round: the
    last scored round, None before the first; totals: the penalty points per player.
    """

    version: int = 1
    round: int = 1
    teams: list[TeamShown] = Field(default_factory=list)
    out: list[str] = Field(default_factory=list)
    last_round: RoundShown | None = None
    totals: dict[str, int] = Field(default_factory=dict)


def _prompt(engine: Any) -> Prompt:
    s = engine.state
    if s.phase == ArschPhase.CHOOSE:
        cands = list(s.candidates)
        return Prompt(ask=words("hg_as_choose", n=s.round),
                      do=words("hg_as_choose_from", names=", ".join(cands)) if cands else words("hg_as_choose_any"))
    if s.phase == ArschPhase.SCORE:
        left = [p for p in s.players if p not in s.out]
        return Prompt(ask=words("hg_as_score", n=s.round), do=words("hg_as_to_score", names=", ".join(left)))
    who = engine.current_player
    do = words("hg_as_play" if s.opened else "hg_as_open")
    return Prompt(who=[who] if who else [], do=joined(do, words("hg_as_pairs", n=s.pairs)) if s.pairs else do)


def details(host: Any, lang: str, sample_at: float | None = None) -> GamePage:
    """The page now: who plays or what the table decides, the round, the teams, who is out, the points."""
    engine = host.engine
    s = engine.state
    teams = ([TeamShown(n=n, members=(m := s.players[n - 1::2]), points=sum(s.totals.get(p, 0) for p in m))
              for n in (1, 2)] if s.teams else [])
    last = RoundShown(n=len(s.rounds), points=dict(s.rounds[-1])) if s.rounds else None
    return GamePage(ArschDetails(
        prompt=_prompt(engine), helper=screen_of(engine, host.last_events, lang), result=result_of(engine),
        phase_word=phase_words(s.phase),
        points_word=words("hg_col_penalty"), round=s.round, teams=teams, out=list(s.out), last_round=last,
        totals=dict(s.totals)))


def facts(stats: Any) -> list[Words]:
    """/stats: the rounds scored so far."""
    return [words("stats_rounds_played", n=stats.extra.get("rounds_played") or 0)]
