"""The Waagespiel on the buttons: rolls (electronic or entered), the Einer-Pasch choice, its screens.

A glass the device does not know (W-37) shows its notice (``GlassUnknownView``: the way out
is menu → "Glas wiegen") for UNKNOWN_SHOW_S of every UNKNOWN_CYCLE_S seconds, the game's
screen the rest of the time.

Keys (BACK never arrives here: it opens the game menu): any first key
dismisses the set-up screen of a new game; while someone must roll, OK rolls
the electronic dice, or NEXT/PREV set each die and OK confirms (manual dice);
while the Einer-Pasch roller chooses (W-15), NEXT/PREV move and OK picks.
"""

from __future__ import annotations

from typing import Any

from waage.display.pacing import ShownGrams, hold_grams
from waage.display.views import (
    ChooseView,
    ChosenView,
    DrinkingView,
    FaultView,
    MessageView,
    GlassUnknownView,
    RefillView,
    RollView,
    SetupView,
    TieBreakView,
    VerdictView,
    View,
)
from waage.inputs.keys import Key
from waage.games.waagespiel.events import AttemptUnmeasured, Chosen, Refill, Sip, TieBreakStarted, typed, verdict_of
from waage.games.waagespiel.engine import tie_break_name
from waage.ui.base import Ui
from waage.ui.stats import stats_view
from waage.ui.steps import DiceEntry
from waage.games.waagespiel.phases import WaagespielPhase


#: how long a transient screen (chosen, verdict, tie-break, refill) stays, in seconds
HOLD_S = 3.0
#: W-37: while the glass is not known, its notice takes UNKNOWN_SHOW_S of every UNKNOWN_CYCLE_S seconds
#: (the game's screen the rest: the game goes on judging from settled weights)
UNKNOWN_CYCLE_S = 8.0
UNKNOWN_SHOW_S = 3.0
#: the drinking screen's live grams are shown down to this far below 0 (the noise and a settling glass); lower, more
#: stands on the platform than before the lift (a pour, a hand): no number, never a negative drink
LIVE_NEGATIVE_G = 1.0
#: the drinking screen: more than this less on a standing glass not lifted since its verdict is no drink (W-30)
LIVE_TAKEN_G = 5.0


class WaagespielUi:
    """Keys -> Waagespiel inputs, state -> screens, for the ``DeviceUi`` that owns it."""

    game_id = "waagespiel"

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.entry: DiceEntry | None = None
        self.selected = 0
        #: the drinking screen's live grams as shown (deadband: waage/display/pacing.py, issue 10)
        self.live_drunk: ShownGrams | None = None
        #: the host's ``last_events`` when the set-up screen was dismissed: that decision (the fill of a glass
        #: just weighed) is not shown again as a transient afterwards (issue 30: a stale "Nachgefüllt" whose OK
        #: rolled); the host's next decision is a new list
        self.seen_events: list[dict[str, Any]] | None = None

    @property
    def busy(self) -> bool:
        """True while a manual dice entry is half done (the menu offers to cancel it)."""
        return self.entry is not None and self.entry.touched

    def cancel(self) -> None:
        """Drop a half-done dice entry."""
        self.entry = None

    def on_key(self, key: Key, t_s: float | None) -> list[dict[str, Any]]:
        """NEXT / PREV / OK; returns the log records caused."""
        ui = self.ui
        s = ui.host.engine.state
        if self._in_setup():
            ui.setup_done = True
            self.seen_events = ui.host.last_events
            return []
        if s.phase == WaagespielPhase.CHOOSING:
            n = len(s.players)
            if key is Key.OK:
                player = s.players[self.selected % n]
                self.selected = 0
                return ui.submit({"choose": player}, t_s)
            self.selected = (self.selected + (1 if key is Key.NEXT else -1)) % n
            return []
        if s.next_to_roll is None:
            return []
        if ui.dice_mode == "electronic":
            self.entry = None
            return ui.submit({"roll": "auto"}, t_s) if key is Key.OK else []
        if self.entry is None or self.entry.player != s.next_to_roll:
            self.entry = DiceEntry(s.next_to_roll)
        done = self.entry.on_key(key)
        if done is None:
            return []
        self.entry = None
        return ui.submit({"roll": list(done.value)}, t_s)

    def stats_view(self) -> View:
        """The statistics screen (Regel 7): hits, misses, gram-exact, chosen, attempts and grams per
        player (``waage.stats``, the same figures as the web's ``/stats``)."""
        return stats_view(self.ui)

    # ------------------------------------------------------------------ view
    def view(self, now: float) -> View:
        """The screen for the current state; recent decisions show for ``HOLD_S`` seconds."""
        ctl = self.ui.host
        s = ctl.engine.state
        if s.paused:
            # the fault is part of the state: it outlives the records of later inputs (issue 22)
            return FaultView(kind=s.fault.kind if s.fault else "fault", detail=s.fault.detail if s.fault else "")
        scale = ctl.scale  # the Waagespiel's scale session (waage/app/scale_session.py)
        unknown = scale.glass_unknown
        if unknown is not None and now % UNKNOWN_CYCLE_S >= UNKNOWN_CYCLE_S - UNKNOWN_SHOW_S:
            return GlassUnknownView(reason=str(unknown.get("reason", "heavier")),
                                    load_g=round(float(unknown.get("load_g", 0.0)), 1),
                                    glass_g=scale.glass.glass_g)
        if self._in_setup():
            # W-37: another glass stands there (its empty weight unknown until it is weighed): "Glas ? g · Bier ? g",
            # not the glass in use's weight and 0 g of beer (a new-user trial poured 400 g into an unweighed mug)
            return SetupView(players=list(s.players), dice_mode=self.ui.dice_mode,
                             glass_g=None if unknown is not None else scale.glass.glass_g,
                             beer_g=None if unknown is not None or s.remaining_g is None else round(s.remaining_g, 1),
                             starter=s.starter)
        transient = self._transient(now)
        if transient is not None:
            return transient
        warning = self._pour_warning()
        if warning is not None:
            return warning
        if s.phase == WaagespielPhase.DRINKING and s.chosen is not None and scale.pipeline is not None \
                and scale.pipeline.pouring:
            # W-38: someone pours while the put-back's verdict is still due; said while the stream runs, not first
            # when it has ended and the attempt is found unmeasured (1–8 s later; issue 26)
            t = self.ui.t
            return MessageView(title=t("beside_wait_title"),
                               lines=[t("unmeasured_hint"), t("pour_wait_player", name=s.chosen.player),
                                      t("pour_wait_stop")])
        if s.phase == WaagespielPhase.DRINKING and scale.pipeline is not None and scale.pipeline.waiting_beside:
            # W-37a: the verdict waits for a thing laid beside the glass just put back to be taken away (issue 26)
            t = self.ui.t
            return MessageView(title=t("beside_wait_title"), lines=[t("beside_wait_hint"), t("beside_wait_away")])
        if s.phase == WaagespielPhase.CHOOSING:
            return ChooseView(chooser=s.chooser or "", candidates=list(s.players), selected=self.selected)
        if s.phase in (WaagespielPhase.ROLLING, WaagespielPhase.TIE_BREAK):
            player = s.next_to_roll or ""
            if self.ui.dice_mode == "manual":
                if self.entry is None or self.entry.player != player:
                    self.entry = DiceEntry(player)
                return self.entry.view()
            done = s.tie_break_rolls if s.phase == WaagespielPhase.TIE_BREAK else s.rolls
            return RollView(
                round=s.round, player=player, dice_mode=self.ui.dice_mode,
                rolls=[(r.player, r.sum, r.pasch) for r in done],
                last_dice=done[-1].dice if done else None,
                tie_break_name=(tie_break_name(len(s.tie_break_players)) if s.phase == WaagespielPhase.TIE_BREAK
                                else None),
            )
        if s.phase == WaagespielPhase.AWAITING_REFILL or (s.glass_empty and s.phase == WaagespielPhase.DRINKING):
            return RefillView(remaining_g=round(s.remaining_g or 0.0, 1), needed=True, added_g=None,
                              consent_of=s.chosen.player if s.phase == WaagespielPhase.DRINKING and s.chosen else None)
        chosen = s.chosen
        assert chosen is not None
        pipe = scale.pipeline
        lifted = not pipe.on_platform
        # from a lift until its verdict no figure (W-30: the verdict's grams are the drink): a new-user trial of issue
        # 26 saw the still load between a pour and "Nicht gemessen" as "Anna trinkt 10 g" (40 g drunk, 30 g poured),
        # and after a restart with the glass up the whole load ("405 g")
        drunk = None if lifted or s.reference_g is None or s.attempt_open else round(s.reference_g - pipe.live_g, 1)
        if drunk is not None and drunk < -LIVE_NEGATIVE_G:
            drunk = None  # more on the glass than before the lift: a pour or a hand, no drink (issue 26: "-56 g")
        elif drunk is not None and drunk > LIVE_TAKEN_G:
            # less on a glass not lifted since its last verdict: a thing taken off the platform, no drink (W-30,
            # W-35; a new-user trial of issue 26 saw "Anna trinkt 180 g" as a phone beside the glass was taken away)
            drunk = None
        elif drunk is not None and self.live_drunk is not None and not pipe.still:
            # the load moves (a lift's or a set-down's ramp, a pour after the put-back): the figure of the last
            # still load stays, none after a lift (issue 26, a new-user trial: an 80 g sip flashed "138 g")
            drunk = self.live_drunk.value_g
        self.live_drunk = hold_grams(self.live_drunk, drunk, now)
        drunk = self.live_drunk.value_g
        return DrinkingView(player=chosen.player, target_g=chosen.target_g, min_g=chosen.min_g,
                            max_g=chosen.max_g, attempt=s.attempt + 1, drunk_g=drunk, lifted=lifted)

    def _in_setup(self) -> bool:
        """Before the first roll of a new game the set-up screen shows until a key is pressed
        (and always while the scale has not yet settled on the glass)."""
        s = self.ui.host.engine.state
        if s.phase == WaagespielPhase.SETUP:  # the scale has not settled on the glass yet
            return True
        return not self.ui.setup_done and s.round == 1 and s.phase == WaagespielPhase.ROLLING and not s.rolls

    def _unmeasured_view(self, player: str) -> MessageView:
        t = self.ui.t
        s = self.ui.host.engine.state
        hint = "unmeasured_hint_beside" if s.unmeasured_cause == "beside" else "unmeasured_hint"
        return MessageView(title=t("unmeasured_title"),
                           lines=[t(hint), t("unmeasured_again", name=player), t("unmeasured_way")])

    def _pour_warning(self) -> View | None:
        """W-38: after ``attempt_unmeasured`` "Erst nach dem Urteil nachschenken!" stands until the next verdict
        (not only the HOLD_S of a decision: a host pouring at once must see it while the glass stands); from the
        drinker's next lift the drinking screen shows, also once the glass is back until its verdict (that attempt
        is being measured: "Nicht gemessen" there read as if it were not, a new-user trial of issue 26). Read from
        the game's state (``unmeasured_attempt``: the drinking's last attempt, not judged since; ``attempt_open``:
        a lift since), so it outlives a restart."""
        ctl = self.ui.host
        s = ctl.engine.state
        if (s.unmeasured_attempt is None or s.unmeasured_attempt != s.attempt or s.phase != WaagespielPhase.DRINKING
                or s.chosen is None or s.attempt_open or not ctl.scale.pipeline.on_platform):
            return None
        return self._unmeasured_view(s.chosen.player)

    def _transient(self, now: float) -> View | None:
        """The screen of the most recent decision, while it is younger than HOLD_S (typed events)."""
        events = typed(self.ui.host.last_events)
        s = self.ui.host.engine.state
        if self.ui.host.last_events is self.seen_events:  # seen before the set-up screen was dismissed
            return None
        for ev in reversed(events):
            if now - ev.t_s > HOLD_S:
                return None
            if isinstance(ev, Sip):
                verdict = verdict_of(events)
                assert verdict is not None
                return VerdictView(player=ev.player, grams=ev.grams, target_g=ev.target_g,
                                   verdict=verdict.shown, attempt=ev.attempt, next_player=verdict.next_player)
            if isinstance(ev, Chosen):
                return ChosenView(round=ev.round, player=ev.player, target_g=ev.target_g,
                                  min_g=ev.min_g, max_g=ev.max_g, reason=ev.reason,
                                  pasch=s.ended_by in ("pasch", "einer_pasch"))
            if isinstance(ev, TieBreakStarted):
                return TieBreakView(round=ev.round, name=ev.name, players=list(ev.players))
            if isinstance(ev, AttemptUnmeasured):  # W-38: a pour before the verdict, shown as the warning is
                return self._pour_warning()
            if isinstance(ev, Refill):
                return RefillView(remaining_g=round(s.remaining_g or 0.0, 1), needed=False,
                                  added_g=ev.grams, consent_of=ev.consent_of)
        return None
