"""The Waagespiel's web details (``GameSpec.web``): what / and /tv draw beside the live weight.

``details(host, lang, sample_at) -> GamePage``: the contract ``WaagespielDetails`` (``waage.live.details``)
and the snapshot's own fields of a scale game: ``phase``, the Auserwählte's target window, the fault, the
beer on the scale (``grams``) and whether the glass stands on it. ``host``: the ``GameHost`` of a
Waagespiel (its ``scale`` session, ``last_events``, ``now_s``); sample_at: ``time.monotonic()`` of the
last sample, None before the first.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from waage.games.waagespiel.events import verdict_of
from waage.games.waagespiel.phases import WaagespielPhase
from waage.live.details import GamePage, WebDetails


class RollShown(BaseModel):
    """One roll of the round: who, the two dice, their sum, a Pasch (W-03)."""

    player: str
    dice: list[int]
    sum: int
    pasch: bool


class VerdictShown(BaseModel):
    """The last sip's verdict: who drank ``grams`` for ``target_g`` and the verdict word (hit/exact/miss/emptied)."""

    player: str
    grams: int
    target_g: int
    verdict: str


class WaagespielDetails(WebDetails):
    """The Waagespiel's page (version 1).

    t_s: the game clock (s); round, attempt; rolls of the round (the tie-break's while one runs), dice: the
    last roll's; remaining_g: the beer left to drink (g); reference_g: the settled net weight an attempt is
    measured from (the beer before the lift; None while the glass is unknown, W-37); verdict: the last sip's;
    stats: per player {sips, hits, …} (``PlayerStats``); glass = {glass_g, glass_capacity_g} in use (W-36);
    glass_unknown: None or {reason: "heavier"/"lighter", load_g} (W-37); weighing: the weighing screen is
    open; load_g: the live total load (g, None without samples), steady: it stood still for the last second
    (a weighing may take it); tared: the plain scale has a tare point.
    """

    version: int = 1
    t_s: float
    round: int
    attempt: int
    rolls: list[RollShown]
    dice: list[int] | None
    remaining_g: float | None
    reference_g: float | None
    verdict: VerdictShown | None
    stats: dict[str, dict[str, Any]]
    glass: dict[str, float]
    glass_unknown: dict[str, Any] | None
    weighing: bool
    load_g: float | None
    steady: bool
    tared: bool


def details(host: Any, lang: str, sample_at: float | None = None) -> GamePage:
    """The Waagespiel's ``GamePage`` now (see the module's docstring)."""
    from waage.ui.scale import tare_point

    state, scale = host.engine.state, host.scale
    pipe = scale.pipeline
    fault = None
    if state.paused:  # the fault's kind is part of the state (issue 22), not of the latest records
        fault = state.fault.kind if state.fault is not None else "fault"
    rolls = state.tie_break_rolls if state.phase == WaagespielPhase.TIE_BREAK else state.rolls
    verdict = verdict_of(host.last_events)
    chosen = state.chosen
    live = pipe is not None and sample_at is not None and not fault
    shown = WaagespielDetails(
        t_s=round(host.now_s, 3), round=state.round, attempt=state.attempt,
        rolls=[RollShown(player=r.player, dice=list(r.dice), sum=r.sum, pasch=r.pasch) for r in rolls],
        dice=list(rolls[-1].dice) if rolls else None,
        remaining_g=None if state.remaining_g is None else round(state.remaining_g, 1),
        reference_g=(None if state.reference_g is None or state.glass_unknown is not None
                     else round(state.reference_g - state.glass.glass_g, 1)),
        verdict=None if verdict is None else VerdictShown(
            player=verdict.sip.player, grams=verdict.sip.grams, target_g=verdict.sip.target_g,
            verdict=verdict.sip.verdict),
        stats={p: st.model_dump() for p, st in state.stats.items()},
        glass={"glass_g": round(state.glass.glass_g, 1), "glass_capacity_g": round(state.glass.glass_capacity_g, 1)},
        glass_unknown=scale.glass_unknown, weighing=scale.weighing,
        load_g=round(pipe.live_g, 1) if live else None, steady=bool(pipe.steady) if live else False,
        tared=tare_point(host).load_g is not None)
    on_scale = pipe is not None and sample_at is not None
    return GamePage(shown, {
        "phase": state.phase, "fault": fault,
        # the beer in the glass needs its empty weight: none while the glass is unknown (W-37)
        "grams": (round(pipe.live_g - state.glass.glass_g, 1)
                  if live and pipe.on_platform and state.glass_unknown is None else None),
        "glass_on_scale": bool(pipe.on_platform) if on_scale else None,
        "target_g": chosen.target_g if chosen else None, "min_g": chosen.min_g if chosen else None,
        "max_g": chosen.max_g if chosen else None})
