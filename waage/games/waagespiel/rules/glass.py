"""The glass in use (W-36, W-37): weighing a glass, and a glass the scale does not know; a part of ``Waagespiel``.

``GlassInUse`` is a mixin over the engine's ``state`` (``GameState``); it uses the engine's
``_start_round`` and ``_first_round``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from waage.games.waagespiel.phases import WaagespielPhase
from waage.games.waagespiel.rules.state import GameState, UnknownGlass
from waage.rules.game import Event, InputRejected
from waage.weight.glass_check import MIN_GLASS_G
from waage.weight.settings import GlassSettings


class GlassInUse:
    """The glass in use: "Glas wiegen" (W-36) and the W-37 finding (a part of ``Waagespiel``)."""

    state: GameState

    if TYPE_CHECKING:  # what this part uses of the others (``Waagespiel`` joins them)
        def _start_round(self, number: int, starter: str) -> list[Event]: ...  # the engine's
        def _first_round(self) -> list[Event]: ...  # the engine's (W-01, W-32)

    def glass_not_known(self, reason: str, load_g: float) -> list[Event]:
        """W-37: the load cannot be the glass in use. Logged once (``glass_unknown``) until a glass is
        weighed; the empty test (W-32) waits from now on, so an empty glass reported on a wrong empty
        weight is taken back (the round it held up starts). During a weighing it is only noted."""
        s = self.state
        if s.glass_unknown is not None:
            return []
        s.glass_unknown = UnknownGlass(reason=reason, load_g=round(load_g, 1))  # type: ignore[arg-type]
        if s.weighing:
            return []
        return self._unknown_logged()

    def _unknown_logged(self) -> list[Event]:
        s = self.state
        assert s.glass_unknown is not None
        out: list[Event] = [{"event": "glass_unknown", "reason": s.glass_unknown.reason,
                             "load_g": s.glass_unknown.load_g}]
        if s.glass_empty:
            s.glass_empty = False
            if s.phase == WaagespielPhase.AWAITING_REFILL and not s.paused and s.reference_g is not None:
                out += self._round_after_refill()
        return out

    def _round_after_refill(self) -> list[Event]:
        """The round the refilled glass was waiting for (W-32): the next one starts (``round_started``), or the
        round a weighing sent back to the fill before anyone rolled in it (``glass_weighed``) goes on, without a
        second ``round_started`` for the same round (issue 30: it was logged and narrated twice)."""
        s = self.state
        starter = s.pending_starter or s.starter
        if s.round and not s.rolls and not s.tie_break_rolls and s.chosen is None:
            s.phase, s.pending_starter = WaagespielPhase.ROLLING, None  # announced, nobody rolled: it goes on
            s.to_roll = self._seat_order(s.round_starter or starter)
            return []
        return self._start_round(s.round + 1, starter)

    def _lighter(self, load_g: float) -> list[Event]:
        """W-37: a settled glass more than the refill threshold below the empty glass in use is a lighter one.

        A load under ``MIN_GLASS_G`` is no glass at all (the empty platform)."""
        s = self.state
        if s.glass_unknown is None and MIN_GLASS_G <= load_g < s.glass.glass_g - s.glass.refill_threshold_g:
            return self.glass_not_known("lighter", load_g)
        return []

    def why_no_weighing(self) -> tuple[str, str] | None:
        """Why a glass cannot be weighed now (English sentence, code), or None (W-36: no attempt under way)."""
        s = self.state
        if s.paused:
            return "the game is paused by a sensor fault", "paused"
        if (s.lifted or s.attempt_open) and not s.weighing:  # while weighing, a lift is the glass swapped
            return "an attempt is under way: put the glass back and wait for the verdict", "attempt_under_way"
        return None

    def begin_weighing(self) -> list[Event]:
        """Open "Glas wiegen" (W-36): the glass may now be taken off and another one put on; nothing is
        judged until ``glass_weighed`` or ``cancel_weighing``. Raises InputRejected while an attempt is
        under way or the game is paused."""
        why = self.why_no_weighing()
        if why is not None:
            raise InputRejected(*why)
        self.state.weighing = True
        return []

    def cancel_weighing(self, fresh_scale: bool = False) -> list[Event]:
        """Close "Glas wiegen" without a weighing: the glass in use stays; a W-37 finding made meanwhile is
        logged now. fresh_scale: the weight pipeline starts over (a restart), so no put-back of a glass
        lifted during the weighing is pending."""
        s = self.state
        if not s.weighing:
            return []
        s.weighing = False
        s.attempt_open = False
        if fresh_scale:
            s.swap_lift = s.lifted = False
        out: list[Event] = []
        if s.reference_g is None:
            return out
        if s.glass_unknown is not None:
            out += self._unknown_logged()
        else:
            out += self._lighter(s.reference_g)
        return out + self._first_round()

    def glass_weighed(self, glass: GlassSettings, load_g: float) -> list[Event]:
        """W-36: the empty glass standing on the scale (``load_g``, its settled weight) is the glass in use.

        Logs ``glass_weighed`` {glass_g, glass_capacity_g}; forgets a W-37 finding. A weighed glass is
        empty: it must be filled before the next round (W-32; no ``glass_empty`` is logged for it). A
        game waiting for its first round, or a round nobody has rolled in yet, waits for that refill.
        Raises InputRejected while an attempt is under way or the game is paused.
        """
        why = self.why_no_weighing()
        if why is not None:
            raise InputRejected(*why)
        s = self.state
        s.glass = glass
        s.reference_g = load_g
        s.glass_unknown = None
        s.weighing = s.lifted = s.attempt_open = s.swap_lift = False
        s.glass_empty = True
        out: list[Event] = [{"event": "glass_weighed", "glass_g": round(glass.glass_g, 1),
                             "glass_capacity_g": round(glass.glass_capacity_g, 1)}]
        if s.phase == WaagespielPhase.SETUP:
            s.phase = WaagespielPhase.AWAITING_REFILL
            s.pending_starter = s.pending_starter or s.starter
        elif s.phase == WaagespielPhase.ROLLING and not s.rolls and s.round:
            # the round has only been announced: it goes on once the glass is filled (``_round_after_refill``)
            s.phase, s.pending_starter = WaagespielPhase.AWAITING_REFILL, s.round_starter
        return out
