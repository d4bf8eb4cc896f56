"""The weight events and the judging of a sip (W-21, W-22, W-30 … W-35, W-38, W-40): a part of ``Waagespiel``.

``Drinking`` is a mixin over the engine's ``state`` (``GameState``); it uses the engine's
``_start_round`` and ``_after`` and the glass part's ``glass_not_known`` and ``_lighter`` (W-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import math

from waage.games.waagespiel.phases import WaagespielPhase
from waage.games.waagespiel.rules.state import GameState
from waage.rules.game import Event, InputRejected
from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, WeightEvent, WeightSettled
from waage.weight.glass_check import GlassUnknown

#: a put-back this much heavier than the glass before the lift (but less than the refill threshold) took in a pour or
#: a hand: W-38's attempt that cannot be measured, never a sip of (drunk − poured) (the noise and drift of two
#: settled levels stay below 1 g; a lift with nothing drunk is a miss of 0 g, W-31)
HEAVIER_UNMEASURED_G = 2.0


def whole_grams(grams: float) -> int:
    """Round half away from zero, as the display shows an amount (W-21).

    The difference of two settled weights carries binary float error
    (44.5 may arrive as 44.49999999999977); it is rounded to 1 µg first.
    """
    grams = round(grams, 6)
    return int(math.copysign(math.floor(abs(grams) + 0.5), grams))


class Drinking:
    """The glass lifted, put back and settled; an attempt judged, a refill booked (a part of ``Waagespiel``)."""

    state: GameState

    if TYPE_CHECKING:  # what this part uses of the others (``Waagespiel`` joins them)
        def _start_round(self, number: int, starter: str) -> list[Event]: ...  # the engine's
        def _after(self, player: str) -> str: ...  # the engine's: the next in seat order (W-01)
        def glass_not_known(self, reason: str, load_g: float) -> list[Event]: ...  # the glass part's (W-37)
        def _lighter(self, load_g: float) -> list[Event]: ...  # the glass part's (W-37)
        def _round_after_refill(self) -> list[Event]: ...  # the glass part's (W-32, issue 30)

    def weight(self, ev: WeightEvent) -> list[Event]:
        """Apply an event of the weight pipeline (W-30 … W-35, W-37).

        While "Glas wiegen" is open (``begin_weighing``) the glass may be swapped: lifts and
        put-backs are logged, settles only move the reference, and nothing is judged (W-36).
        """
        s = self.state
        if isinstance(ev, GlassLifted):
            if s.lifted and not s.weighing:
                # resumed while the glass was up (a restart, a sensor fault): the pipeline starts anew and sees the
                # same lift again; it was logged when it happened
                return []
            s.lifted = True
            if s.weighing:
                s.swap_lift = True
                return [{"event": "glass_lifted"}]
            s.attempt_open = True
            if s.phase == WaagespielPhase.DRINKING and not s.paused:
                s.drinking_started = True
            return [{"event": "glass_lifted"}]
        if isinstance(ev, GlassPlaced):
            s.lifted = False
            return [{"event": "glass_placed"}]
        if isinstance(ev, WeightSettled):
            if s.weighing:
                s.lifted = s.attempt_open = s.swap_lift = False
                s.reference_g = ev.after_g
                return []
            return self._settled(ev)
        if isinstance(ev, GlassUnknown):
            return self.glass_not_known(ev.reason, ev.load_g)
        if isinstance(ev, AttemptUnmeasured):
            return self._unmeasured(ev)
        return []

    def _unmeasured(self, ev: AttemptUnmeasured) -> list[Event]:
        """W-38: a pour began before the put-back could be measured: no verdict and no grams; while someone
        drinks, the attempt is logged ``attempt_unmeasured`` (``cause`` "pour", or "beside": a thing laid beside the
        glass just put back, W-37a) and the same target goes on (W-31). A pour that follows is booked as a refill
        (``_settled``) from the pipeline's estimate of the level."""
        s = self.state
        swapped = s.weighing or s.swap_lift  # the glass swapped for a weighing: no attempt (W-36)
        s.lifted = s.attempt_open = s.swap_lift = False
        s.reference_g = ev.level_g
        if swapped or s.phase != WaagespielPhase.DRINKING or s.paused or s.glass_empty or s.chosen is None:
            return []
        return self._attempt_unmeasured(ev.before_g, "beside" if ev.cause == "beside" else "pour")

    def _attempt_unmeasured(self, before_g: float, cause: str) -> list[Event]:
        """W-38: the drinker's attempt counted, with no grams (``before_g``: the glass before the lift, what a
        judgement by hand may take at most); ``cause`` "pour" or "beside"."""
        s = self.state
        assert s.chosen is not None
        s.attempt += 1
        s.unmeasured_attempt = s.attempt
        s.unmeasured_held_g = None if s.glass_unknown is not None else max(0.0, before_g - s.glass.glass_g)
        s.unmeasured_cause = cause
        return [{"event": "attempt_unmeasured", "round": s.round, "player": s.chosen.player, "attempt": s.attempt,
                 "cause": cause}]

    def judge_by_hand(self, grams: int) -> list[Event]:
        """W-38, the way on after ``attempt_unmeasured`` (issue 26): the table says how many whole grams the
        unmeasured attempt took, and it is judged as that attempt (a ``sip`` with ``by_hand: true``; W-21/W-22,
        W-31, W-40 as for any sip): grams that leave at most the empty threshold of what the glass held emptied it,
        which ends the drinking (W-31, "emptied" for a miss) even though the pour after it refilled the glass.
        Raises InputRejected (code ``nothing_to_judge``) unless the drinking's last
        attempt was unmeasured and nothing was judged since, for grams below 0 or above 9999 (``bad_grams``), and for
        more grams than the glass held before that attempt (``more_than_held``, when the glass in use is known)."""
        s = self.state
        if s.unmeasured_attempt is None or s.unmeasured_attempt != s.attempt or s.phase != WaagespielPhase.DRINKING \
                or s.chosen is None or s.paused or s.lifted or s.attempt_open:
            raise InputRejected("no unmeasured attempt to judge by hand", "nothing_to_judge")
        if not 0 <= int(grams) <= 9999:
            raise InputRejected(f"grams {grams} out of 0..9999", "bad_grams")
        held = s.unmeasured_held_g
        if held is not None and int(grams) > math.ceil(held):
            raise InputRejected(f"grams {grams} more than the {held:.1f} g the glass held", "more_than_held",
                                held_g=f"{math.ceil(held)}")
        s.attempt -= 1  # the unmeasured attempt is judged as itself, not as another one
        s.unmeasured_attempt = None
        emptied = held is not None and int(grams) >= held - s.glass.empty_threshold_g
        out = self._attempt(float(int(grams)), 0.0, emptied=emptied)
        out[0]["by_hand"] = True
        out[0]["grams_exact"] = float(int(grams))
        return out

    def _settled(self, ev: WeightSettled) -> list[Event]:
        s = self.state
        swapped = s.swap_lift  # lifted during a weighing that was cancelled: a swap, not an attempt (W-37)
        s.lifted = s.attempt_open = s.swap_lift = False
        # W-34: the pipeline's reference has followed the small settled changes since the last
        # event (drift, creep, evaporation); the game's own copy is only as new as that event
        before = ev.before_g
        delta = ev.after_g - before
        s.reference_g = ev.after_g
        threshold = s.glass.refill_threshold_g
        out: list[Event] = []
        if delta >= threshold:  # W-33/W-34: a rise of at least the threshold is a refill
            during = s.phase == WaagespielPhase.DRINKING and s.drinking_started
            refill: Event = {"event": "refill", "grams": round(delta, 1), "during_drinking": during}
            if during and s.chosen is not None:
                refill["consent_of"] = s.chosen.player
            out.append(refill)
            if s.glass_empty and not self._is_empty():
                s.glass_empty = False
                if s.phase == WaagespielPhase.AWAITING_REFILL:
                    out += self._round_after_refill()
            return out
        lighter = self._lighter(ev.after_g)
        out += lighter
        if ev.lifted and not swapped and s.phase == WaagespielPhase.DRINKING and not s.paused and not s.glass_empty:
            # W-37b: a put-back during an attempt is the drinker's glass: judged, a lighter one logged first
            if delta >= HEAVIER_UNMEASURED_G:
                # W-38, W-34: it came back heavier, by less than a refill: a pour (or a hand) merged with the drink
                return out + self._attempt_unmeasured(before, "pour")
            return out + self._attempt(before, ev.after_g)
        if lighter and ev.lifted:
            # W-37b: a lighter glass placed while nobody must drink: logged, nothing judged (no fall)
            return out
        if -delta >= threshold:  # W-34: a fall that is not an attempt is logged, not judged
            out.append({"event": "unjudged_fall", "grams": round(-delta, 1), "lifted": ev.lifted})
        out += self.check_empty()
        return out

    def _is_empty(self) -> bool:
        # W-37: remaining_g is None while the glass is unknown: the empty test waits for a weighing
        remaining = self.state.remaining_g
        return remaining is not None and remaining <= self.state.glass.empty_threshold_g

    def check_empty(self) -> list[Event]:
        """W-32: report an empty glass once (also at start-up); it must be refilled before the next round."""
        s = self.state
        if not s.glass_empty and self._is_empty():
            s.glass_empty = True
            return [{"event": "glass_empty", "remaining_g": round(s.remaining_g or 0.0, 1) + 0.0}]  # never -0.0
        return []

    def _attempt(self, before_g: float, after_g: float, emptied: bool = False) -> list[Event]:
        """W-30/W-31: judge one attempt; a hit, or an emptied glass, ends the drinking (``emptied``: the attempt
        emptied it though the glass holds beer again, a judgement by hand after a pour)."""
        s = self.state
        assert s.chosen is not None
        chosen = s.chosen
        s.unmeasured_attempt = s.unmeasured_held_g = None
        exact = round(before_g - after_g, 1)
        grams = whole_grams(before_g - after_g)
        if grams == chosen.target_g:
            verdict = "exact"  # W-22
        elif chosen.min_g <= grams <= chosen.max_g:
            verdict = "hit"  # W-21
        else:
            verdict = "miss"
        s.attempt += 1
        st = s.stats[chosen.player]
        st.attempts += 1
        st.grams += grams
        st.hits += verdict != "miss"
        st.exact += verdict == "exact"
        st.misses += verdict == "miss"
        out: list[Event] = [{
            "event": "sip", "round": s.round, "player": chosen.player, "attempt": s.attempt,
            "grams": grams, "grams_exact": exact, "verdict": verdict, "target_g": chosen.target_g,
            # None while the glass is unknown (W-37): the beer left needs the empty weight
            "remaining_g": None if s.remaining_g is None else round(s.remaining_g, 1) + 0.0,  # never -0.0
        }]
        out += self.check_empty()
        if verdict == "miss" and not (s.glass_empty or emptied):
            return out
        outcome = verdict if verdict != "miss" else "emptied"
        return out + self._drinking_done(outcome)

    def _drinking_done(self, outcome: str) -> list[Event]:
        """W-40: who starts the next round; the round starts now unless the glass is empty (W-32)."""
        s = self.state
        assert s.chosen is not None
        player = s.chosen.player
        out: list[Event] = [{"event": "drinking_done", "round": s.round, "player": player,
                             "outcome": outcome, "attempts": s.attempt}]
        if outcome == "exact":
            starter, reason = self._after(player), "exact"
        elif s.streak >= s.rules.streak_limit:
            starter, reason = self._after(player), "streak"
        else:
            starter, reason = player, "chosen"
        out.append({"event": "next_starter", "round": s.round + 1, "player": starter, "reason": reason})
        if s.glass_empty:
            s.phase = WaagespielPhase.AWAITING_REFILL
            s.pending_starter = starter
            return out
        return out + self._start_round(s.round + 1, starter)
