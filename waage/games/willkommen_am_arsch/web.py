"""Willkommen am Arsch's web details (``GameSpec.web``): what / and /tv show (seed 002, WA-nn).

``details(host, lang, sample_at) -> GamePage`` with ``WillkommenDetails``; the board and the table are
drawn by the kit's own page script (``view.js``) from these fields alone.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from waage.live.details import GamePage, Prompt, WebDetails, Words, phase_words, result_of, screen_of, words
from waage.games.willkommen_am_arsch.engine import DRINKS, WillkommenPhase

#: what is due in a phase (WA-02 roll-off, WA-04 field, taxi, Spielothek); a roll otherwise
_DO = {"opening": "hg_do_opening", "field": "hg_do_field", "taxi": "hg_do_taxi", "spielothek": "hg_do_spielothek"}


class OpeningRollShown(BaseModel):
    """One roll of the WA-02 roll-off: who and the sum."""

    player: str
    sum: int


class Opening(BaseModel):
    """The roll-off for the Trottelmütze (WA-02): this round's rolls and who still rolls."""

    rolled: list[OpeningRollShown] = Field(default_factory=list)
    to_roll: list[str] = Field(default_factory=list)


class WillkommenDetails(WebDetails):
    """Willkommen am Arsch's page (version 1).

    hat: who wears the Trottelmütze (None before the roll-off); stehtisch: the drinks on the Stehtisch
    ("bier", "kurzer", "wasser"); jail: who sits in Jail (WA-05); opening: the roll-off while it runs, else
    None; drinks: per player {drink: count} drunk (WA-13); fields: where each piece last landed (a field
    word, ``hg_field_<word>`` on the page; none before a player's first move).
    """

    version: int = 1
    hat: str | None = None
    stehtisch: list[str] = Field(default_factory=list)
    jail: list[str] = Field(default_factory=list)
    opening: Opening | None = None
    drinks: dict[str, dict[str, int]] = Field(default_factory=dict)
    fields: dict[str, str] = Field(default_factory=dict)


def details(host: Any, lang: str, sample_at: float | None = None) -> GamePage:
    """The page now: who rolls or owes a field, the hat, the Stehtisch, Jail, the drinks and the fields."""
    engine = host.engine
    s = engine.state
    who = engine.current_player
    do = _DO.get(s.phase) or ("hg_do_again" if s.repeat else "hg_do_roll")
    opening = (Opening(rolled=[OpeningRollShown(player=r.player, sum=r.sum) for r in s.rolled], to_roll=list(s.to_roll))
               if s.phase == WillkommenPhase.OPENING else None)
    return GamePage(WillkommenDetails(
        prompt=Prompt(who=[who] if who else [], do=words(do)), helper=screen_of(engine, host.last_events, lang),
        result=result_of(engine), phase_word=phase_words(s.phase), hat=s.trottelmuetze, stehtisch=list(s.stehtisch),
        jail=list(s.jail),
        opening=opening, drinks={p: {d: n.get(d, 0) for d in DRINKS} for p, n in s.drinks.items()},
        fields=dict(s.fields)))


def _drinks_words(drinks: list[str]) -> Words:
    """"2 Bier, 1 Kurzer" in every language (grouped, in the order first seen); "nichts" without one."""
    if not drinks:
        return words("stats_none")
    count = {d: drinks.count(d) for d in dict.fromkeys(drinks)}
    each = [words(f"stat_{d}") for d in count]
    return {lang: ", ".join(f"{n} {w[lang]}" for n, w in zip(count.values(), each)) for lang in each[0]}


def facts(stats: Any) -> list[Words]:
    """/stats: who wears the Trottelmütze now (once someone does) and what stands on the Stehtisch."""
    extra = stats.extra
    out = [words("stats_hat_now", name=extra["hat"])] if extra.get("hat") else []
    return out + [words("stats_stehtisch_now", drinks=_drinks_words(list(extra.get("stehtisch_now") or [])))]
