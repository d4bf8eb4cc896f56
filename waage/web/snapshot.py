"""A ``LiveSnapshot`` of a running Waagespiel driver (sim or run), built per display tick."""

from __future__ import annotations

from typing import Any

from waage.app.live import LiveSnapshot
from waage.display.views import View


def waagespiel_snapshot(driver: Any, view: View, sample_at: float | None, lines: int) -> LiveSnapshot:
    """What the table sees now: ``driver`` has ``.controller`` (GameController with a Waagespiel)
    and ``.config``; ``view`` is what the OLED shows; ``sample_at`` the ``time.monotonic()`` of the
    last sample; ``lines`` the number of session-log records so far.

    ``grams`` is the live net load on the platform (glass and beer) in grams, None while faulted.
    ``details`` carries t_s (the game clock), round, attempt, dice, rolls, remaining_g, the last verdict and the stats.
    """
    ctl = driver.controller
    s = ctl.engine.state
    fault = None
    if s.paused:
        fault = next((e["kind"] for e in reversed(ctl.last_events) if e["event"] == "sensor_fault"), "fault")
    current = s.next_to_roll
    if s.phase == "choosing":
        current = s.chooser
    elif s.phase in ("drinking", "awaiting_refill") and s.chosen is not None:
        current = s.chosen.player
    rolls = s.tie_break_rolls if s.phase == "tie_break" else s.rolls
    last_sip = next((e for e in reversed(ctl.last_events) if e["event"] == "sip"), None)
    chosen = s.chosen
    pipe = ctl.pipeline
    details: dict[str, Any] = {
        "t_s": round(ctl.now_s, 3), "round": s.round, "attempt": s.attempt, "dice_mode": driver.ui.dice_mode,
        "rolls": [{"player": r.player, "dice": list(r.dice), "sum": r.sum, "pasch": r.pasch} for r in rolls],
        "remaining_g": None if s.remaining_g is None else round(s.remaining_g, 1),
        "verdict": None if last_sip is None else {k: last_sip[k] for k in ("player", "grams", "target_g", "verdict")},
        "stats": {p: st.model_dump() for p, st in s.stats.items()},
        "lang": driver.config.display.language,
        # the interactive simulator's scale only samples while a command runs: no sensor fault
        "sim_waits_for_input": getattr(driver, "waits_for_input", False),
    }
    return LiveSnapshot(
        game="waagespiel", phase=s.phase, players=list(s.players), current=current, view=view,
        grams=None if fault or sample_at is None else round(pipe.live_g, 1),
        glass_on_scale=None if sample_at is None else pipe.on_platform,
        sample_at=sample_at, fault=fault,
        target_g=chosen.target_g if chosen else None, min_g=chosen.min_g if chosen else None,
        max_g=chosen.max_g if chosen else None, details=details, lines=lines)


class LiveDisplay:
    """A display wrapper for the helper modes (no scale): draws as before and hands each view to the hub.

    display: the real display (its ``lang`` is forwarded); hub: the ``LiveHub``; game: the helper
    game id; players: in seat order. The snapshot's phase is "playing", grams None.
    """

    def __init__(self, display: Any, hub: Any, game: str, players: list[str]) -> None:
        self.display, self.hub, self.game, self.players = display, hub, game, list(players)
        #: the helper engine being played (set by the driver): phase, who is at turn, its state
        self.engine: Any = None

    @property
    def lang(self) -> str:
        """The display's language."""
        return self.display.lang

    def show(self, view: View) -> None:
        """Draw ``view`` and publish it."""
        self.display.show(view)
        engine = self.engine
        details: dict[str, Any] = {"lang": self.display.lang}
        if engine is not None:
            details.update(engine.state.model_dump(mode="json"))
        details["helper"] = {"title": getattr(view, "title", ""), "lines": list(getattr(view, "lines", []))}
        self.hub.state(LiveSnapshot(
            game=self.game, phase=str(engine.phase) if engine is not None else "playing", players=self.players,
            current=engine.current_player if engine is not None else None, view=view, details=details,
            lines=self.hub.lines))

    def close(self) -> None:
        """Close the real display."""
        if hasattr(self.display, "close"):
            self.display.close()
