"""The rolls, the tie-break and the Auserwählte (W-10 … W-15, W-20, W-41): a part of ``Waagespiel``.

``Rolling`` is a mixin over the engine's ``state`` (``GameState``); it uses the engine's
``_seat_order`` (seat order from a player, W-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from waage.games.waagespiel.phases import WaagespielPhase
from waage.games.waagespiel.rules.state import Chosen, GameState, Roll
from waage.rules.game import Event, InputRejected

_TIE_BREAK_NAMES = {2: "Düll", 3: "Trüll", 4: "Quadrüll", 5: "Quintrüll", 6: "Sextrüll"}


def tie_break_name(n_players: int) -> str:
    """Name of a tie-break among ``n_players`` (W-14): 2 Düll, 3 Trüll, …, 6 Sextrüll, n > 6 "n-Trüll"."""
    return _TIE_BREAK_NAMES.get(n_players, f"{n_players}-Trüll")


#: why nobody rolls, per phase (the ``why`` of ``input_rejected``)
_NOT_NOW = {
    "setup": "the scale is still settling on the glass",
    "choosing": "the Einer-Pasch roller must choose first",
    "drinking": "the Auserwählte must drink first",
    "awaiting_refill": "the glass is empty: refill it first",
}


class Rolling:
    """Who rolls, what a roll does, who is chosen and their target (a part of ``Waagespiel``)."""

    state: GameState

    if TYPE_CHECKING:  # what this part uses of the others (``Waagespiel`` joins them)
        def _seat_order(self, first: str) -> list[str]: ...  # the engine's: seat order from ``first`` (W-01)

    def why_no_roll(self) -> str | None:
        """Why nobody may roll now (a sentence), or None when someone must roll."""
        s = self.state
        if s.paused:
            return "the game is paused by a sensor fault"
        if s.next_to_roll is None:
            return _NOT_NOW.get(s.phase, f"nobody rolls now (phase {s.phase})")
        return None

    def why_no_roll_code(self) -> str | None:
        """``why_no_roll`` as a reason code for the display (``paused``, a phase name, ``nobody_rolls``), or None."""
        s = self.state
        if s.paused:
            return "paused"
        if s.next_to_roll is None:
            return s.phase if s.phase in _NOT_NOW else "nobody_rolls"
        return None

    def roll(self, dice: tuple[int, int]) -> list[Event]:
        """The next player in seat order rolled ``dice`` (W-10…W-15).

        Raises InputRejected when nobody must roll now (drinking, choosing,
        an empty glass waiting for a refill, a sensor fault).
        """
        s = self.state
        why = self.why_no_roll()
        if why is not None:
            raise InputRejected(why, self.why_no_roll_code())
        player = s.next_to_roll
        assert player is not None
        roll = Roll(player=player, dice=(dice[0], dice[1]), tie_break=s.phase == WaagespielPhase.TIE_BREAK)
        s.to_roll.pop(0)
        ev: list[Event] = [{
            "event": "roll", "round": s.round, "player": player, "dice": list(roll.dice),
            "sum": roll.sum, "pasch": roll.pasch, "tie_break": roll.tie_break,
        }]
        if s.phase == WaagespielPhase.TIE_BREAK:
            s.tie_break_rolls.append(roll)
            if not s.to_roll:
                ev += self._settle_tie_break()
            return ev
        s.rolls.append(roll)
        if roll.dice == (1, 1):  # W-15: Einer-Pasch, the roller chooses
            s.ended_by, s.phase, s.chooser, s.to_roll = "einer_pasch", WaagespielPhase.CHOOSING, player, []
            ev.append({"event": "round_ended", "round": s.round, "reason": "einer_pasch"})
            ev.append({"event": "choice_needed", "round": s.round, "player": player,
                       "candidates": list(s.players)})
            return ev
        if roll.pasch:  # W-11: any Pasch ends the round at once
            s.ended_by, s.to_roll = "pasch", []
        elif not s.to_roll:
            s.ended_by = "all_rolled"
        else:
            return ev
        ev.append({"event": "round_ended", "round": s.round, "reason": s.ended_by})
        return ev + self._rank_round()

    def _rank_round(self) -> list[Event]:
        """W-12/W-13: the lowest rank is chosen; at equal Augenzahl a Pasch ranks higher."""
        s = self.state
        lowest = min((r.sum, r.pasch) for r in s.rolls)
        tied = [r.player for r in s.rolls if (r.sum, r.pasch) == lowest]
        s.tied_sum = lowest[0]
        if len(tied) == 1:
            return self._choose(tied[0], "lowest", lowest[0])
        return self._start_tie_break(tied)

    def _start_tie_break(self, tied: list[str]) -> list[Event]:
        """W-14: the tied players roll once each, in seat order from the round's starter."""
        s = self.state
        order = [p for p in self._seat_order(s.round_starter) if p in tied]
        s.phase, s.tie_break_players, s.tie_break_rolls, s.to_roll = WaagespielPhase.TIE_BREAK, order, [], list(order)
        return [{"event": "tie_break_started", "round": s.round, "players": list(order),
                 "name": tie_break_name(len(order))}]

    def _settle_tie_break(self) -> list[Event]:
        """W-14: lowest plain Augenzahl loses; no Pasch rule; those still tied go again."""
        s = self.state
        lowest = min(r.sum for r in s.tie_break_rolls)
        tied = [r.player for r in s.tie_break_rolls if r.sum == lowest]
        if len(tied) == 1:
            return self._choose(tied[0], "tie_break", s.tied_sum or 0)
        return self._start_tie_break(tied)

    def _choose(self, player: str, reason: str, augenzahl: int) -> list[Event]:
        """Fix the Auserwählte and the target (W-20, W-21); count the streak (W-41)."""
        s = self.state
        if s.ended_by in ("pasch", "einer_pasch"):
            target = s.rules.pasch_grams
        else:
            target = s.rules.grams_per_pip * augenzahl
        low, high = s.rules.window(target)
        s.chosen = Chosen(player=player, reason=reason, target_g=target, min_g=low, max_g=high)  # type: ignore[arg-type]
        s.phase, s.attempt, s.drinking_started, s.to_roll = WaagespielPhase.DRINKING, 0, False, []
        s.streak = s.streak + 1 if s.streak_player == player else 1
        s.streak_player = player
        s.stats[player].chosen += 1
        return [{"event": "chosen", "round": s.round, "player": player, "reason": reason,
                 "target_g": target, "min_g": low, "max_g": high, "streak": s.streak}]

    def choose(self, player: str) -> list[Event]:
        """The Einer-Pasch roller picks the Auserwählte from all players, themself included (W-15).

        Raises InputRejected when no choice is asked for or the name is unknown.
        """
        s = self.state
        if s.phase != WaagespielPhase.CHOOSING:
            raise InputRejected("no choice is asked for now", "no_choice")
        if player not in s.players:
            raise InputRejected(f"{player!r} is not a player", "not_a_player", player=player)
        return self._choose(player, "einer_pasch", 0)
