"""What the players see and press: game state -> screen view, buttons -> game inputs.

``DeviceUi`` is shared by ``waage run`` (gpiozero buttons) and ``waage sim``
(keyboard): it turns the four abstract keys (NEXT, PREV, OK, BACK) into rolls,
manual dice entry and the Einer-Pasch choice (any first key dismisses the
set-up screen of a new game), and builds the ``View`` the
display shows from the controller's state. No I/O, no clock of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from waage.app.controller import GameController
from waage.display.pacing import ShownGrams, hold_grams
from waage.display.views import (
    ChooseView,
    ChosenView,
    DiceEntryView,
    DrinkingView,
    FaultView,
    RefillView,
    RollView,
    SetupView,
    StatsView,
    TieBreakView,
    VerdictView,
    View,
)
from waage.inputs.keys import Key
from waage.rules.waagespiel import tie_break_name

#: how long a transient screen (chosen, verdict, tie-break, refill) stays, in seconds
HOLD_S = 3.0


@dataclass
class DeviceUi:
    """Button state and view building for one controller.

    dice_mode: "electronic" (OK rolls) or "manual" (set both dice with NEXT/PREV, OK to confirm).
    """

    controller: GameController
    dice_mode: str = "electronic"
    dice: list[int] = field(default_factory=lambda: [1, 1])
    cursor: int = 0
    selected: int = 0
    show_stats: bool = False
    #: the set-up screen (players, dice mode, glass) was dismissed with a key
    setup_done: bool = False
    #: the drinking screen's live grams as shown (deadband: waage/display/pacing.py, issue 10)
    live_drunk: ShownGrams | None = None

    # ------------------------------------------------------------------ keys
    def on_key(self, key: Key, t_s: float | None = None) -> list[dict[str, Any]]:
        """Apply one key press; returns the log records it caused.

        BACK (long press) toggles the statistics screen from anywhere.
        """
        if key is Key.BACK:
            self.show_stats = not self.show_stats
            return []
        if self.show_stats:
            self.show_stats = False
            return []
        ctl, s = self.controller, self.controller.engine.state
        if self._in_setup():
            self.setup_done = True
            return []
        if s.phase == "choosing":
            n = len(s.players)
            if key is Key.NEXT:
                self.selected = (self.selected + 1) % n
            elif key is Key.PREV:
                self.selected = (self.selected - 1) % n
            elif key is Key.OK:
                out = ctl.choose(s.players[self.selected], t_s)
                self.selected = 0
                return out
            return []
        if s.next_to_roll is None:
            return []
        if self.dice_mode == "electronic":
            return ctl.roll(None, t_s) if key is Key.OK else []
        if key is Key.OK:
            if self.cursor < 2:
                self.cursor += 1
                return []
            dice = (self.dice[0], self.dice[1])
            self.cursor, self.dice = 0, [1, 1]
            return ctl.roll(dice, t_s)
        if self.cursor < 2:
            step = 1 if key is Key.NEXT else -1
            self.dice[self.cursor] = (self.dice[self.cursor] - 1 + step) % 6 + 1
        else:
            self.cursor = 0  # NEXT/PREV on "confirm" goes back to editing
        return []

    # ------------------------------------------------------------------ view
    def view(self, now_s: float | None = None) -> View:
        """The screen for the current state; recent decisions show for ``HOLD_S`` seconds."""
        ctl = self.controller
        s = ctl.engine.state
        now = ctl.now_s if now_s is None else now_s
        if s.paused:
            fault = next((e for e in reversed(ctl.last_events) if e["event"] == "sensor_fault"), None)
            return FaultView(kind=fault["kind"] if fault else "fault", detail=fault["detail"] if fault else "")
        if self.show_stats:
            return StatsView(per_player={p: st.model_dump() for p, st in s.stats.items()})
        if self._in_setup():
            return SetupView(players=list(s.players), dice_mode=self.dice_mode, glass_g=s.glass.glass_g,
                             beer_g=round(s.remaining_g or 0.0, 1), starter=s.starter)
        transient = self._transient(now)
        if transient is not None:
            return transient
        if s.phase == "choosing":
            return ChooseView(chooser=s.chooser or "", candidates=list(s.players), selected=self.selected)
        if s.phase in ("rolling", "tie_break"):
            player = s.next_to_roll or ""
            if self.dice_mode == "manual":
                return DiceEntryView(player=player, dice=(self.dice[0], self.dice[1]), cursor=self.cursor)
            done = s.tie_break_rolls if s.phase == "tie_break" else s.rolls
            return RollView(
                round=s.round, player=player, dice_mode=self.dice_mode,
                rolls=[(r.player, r.sum, r.pasch) for r in done],
                last_dice=done[-1].dice if done else None,
                tie_break_name=tie_break_name(len(s.tie_break_players)) if s.phase == "tie_break" else None,
            )
        if s.phase == "awaiting_refill" or (s.glass_empty and s.phase == "drinking"):
            return RefillView(remaining_g=round(s.remaining_g or 0.0, 1), needed=True, added_g=None,
                              consent_of=s.chosen.player if s.phase == "drinking" and s.chosen else None)
        chosen = s.chosen
        assert chosen is not None
        pipe = ctl.pipeline
        lifted = not pipe.on_platform
        drunk = None if lifted or s.reference_g is None else round(s.reference_g - pipe.live_g, 1)
        self.live_drunk = hold_grams(self.live_drunk, drunk, now)
        drunk = self.live_drunk.value_g
        return DrinkingView(player=chosen.player, target_g=chosen.target_g, min_g=chosen.min_g,
                            max_g=chosen.max_g, attempt=s.attempt + 1, drunk_g=drunk, lifted=lifted)

    def _in_setup(self) -> bool:
        """Before the first roll of a new game the set-up screen shows until a key is pressed
        (and always while the scale has not yet settled on the glass)."""
        s = self.controller.engine.state
        if s.phase == "setup":  # the scale has not settled on the glass yet
            return True
        return not self.setup_done and s.round == 1 and s.phase == "rolling" and not s.rolls

    def _transient(self, now: float) -> View | None:
        """The screen of the most recent decision, while it is younger than HOLD_S."""
        events = self.controller.last_events
        s = self.controller.engine.state
        for ev in reversed(events):
            if now - ev["t_s"] > HOLD_S:
                return None
            kind = ev["event"]
            if kind == "sip":
                done = next((e for e in events if e["event"] == "next_starter"), None)
                verdict = ev["verdict"]
                drinking_done = next((e for e in events if e["event"] == "drinking_done"), None)
                if drinking_done is not None and drinking_done["outcome"] == "emptied":
                    verdict = "emptied"
                return VerdictView(player=ev["player"], grams=ev["grams"], target_g=ev["target_g"],
                                   verdict=verdict, attempt=ev["attempt"],
                                   next_player=done["player"] if done else None)
            if kind == "chosen":
                return ChosenView(round=ev["round"], player=ev["player"], target_g=ev["target_g"],
                                  min_g=ev["min_g"], max_g=ev["max_g"], reason=ev["reason"],
                                  pasch=s.ended_by in ("pasch", "einer_pasch"))
            if kind == "tie_break_started":
                return TieBreakView(round=ev["round"], name=ev["name"], players=list(ev["players"]))
            if kind == "refill":
                return RefillView(remaining_g=round(s.remaining_g or 0.0, 1), needed=False,
                                  added_g=ev["grams"], consent_of=ev.get("consent_of"))
        return None
