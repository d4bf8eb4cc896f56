"""The Waagespiel rule engine: pure and deterministic.

Source: ``shared/seeds/002_*.txt`` (Regel 2–4) as restated with rulings in
``shared/docs/waagespiel-rules.md``; every W-nn ruling is implemented here.

The engine implements the game interface of ``waage/rules/game.py``
(``start``, ``apply`` with the player inputs ``{"roll": [a, b]}`` and
``{"choose": NAME}``, ``state``, ``resume``, ``summary``, ``current_player``,
``phase``, ``expects``). Being the one game on the scale, it also takes the
weight path: ``scale_ready``, ``weight`` (events from the weight pipeline),
``sensor_fault`` / ``sensor_recovered``. ``roll``, ``choose`` and ``finish``
remain as the typed forms of ``apply`` and ``summary``. Each returns the list
of log events it caused, as dicts in the shape of the replay contract's event
log, without ``t_s`` (the host stamps the time). An input that does not fit
the current phase raises ``InputRejected``; the state is then unchanged.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.dice import check_pair
from waage.rules.game import Event, InputRejected
from waage.rules.players import check_players
from waage.rules.settings import HouseRules
from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, WeightEvent, WeightSettled
from waage.weight.glass_check import MIN_GLASS_G, GlassUnknown
from waage.weight.settings import GlassSettings

Phase = Literal["setup", "rolling", "tie_break", "choosing", "drinking", "awaiting_refill"]

_TIE_BREAK_NAMES = {2: "Düll", 3: "Trüll", 4: "Quadrüll", 5: "Quintrüll", 6: "Sextrüll"}


def tie_break_name(n_players: int) -> str:
    """Name of a tie-break among ``n_players`` (W-14): 2 Düll, 3 Trüll, …, 6 Sextrüll, n > 6 "n-Trüll"."""
    return _TIE_BREAK_NAMES.get(n_players, f"{n_players}-Trüll")


def whole_grams(grams: float) -> int:
    """Round half away from zero, as the display shows an amount (W-21).

    The difference of two settled weights carries binary float error
    (44.5 may arrive as 44.49999999999977); it is rounded to 1 µg first.
    """
    grams = round(grams, 6)
    return int(math.copysign(math.floor(abs(grams) + 0.5), grams))


#: why nobody rolls, per phase (the ``why`` of ``input_rejected``)
_NOT_NOW = {
    "setup": "the scale is still settling on the glass",
    "choosing": "the Einer-Pasch roller must choose first",
    "drinking": "the Auserwählte must drink first",
    "awaiting_refill": "the glass is empty: refill it first",
}


class Roll(BaseModel):
    """One roll: who, the two dice, and whether it was part of a tie-break."""

    model_config = ConfigDict(extra="forbid")

    player: str
    dice: tuple[int, int]
    tie_break: bool = False

    @property
    def sum(self) -> int:
        """The Augenzahl: both dice added (2–12)."""
        return self.dice[0] + self.dice[1]

    @property
    def pasch(self) -> bool:
        """Both dice show the same face."""
        return self.dice[0] == self.dice[1]


class Chosen(BaseModel):
    """The round's Auserwählte and their target (W-13, W-20, W-21)."""

    model_config = ConfigDict(extra="forbid")

    player: str
    reason: Literal["lowest", "tie_break", "einer_pasch"]
    target_g: int
    min_g: int
    max_g: int


class UnknownGlass(BaseModel):
    """A finding of W-37: the load on the scale cannot be the glass in use.

    reason: "heavier" (a load above the glass + capacity + margin, steady for 5 s) or
    "lighter" (a settled load more than the refill threshold below the empty glass);
    load_g: that load in grams (total on the platform, 0.1 g).
    """

    model_config = ConfigDict(extra="forbid")

    reason: Literal["heavier", "lighter"]
    load_g: float


class PlayerStats(BaseModel):
    """Statistics per player for the end screen (players apply their own Regel 7)."""

    model_config = ConfigDict(extra="forbid")

    chosen: int = 0
    attempts: int = 0
    hits: int = 0
    exact: int = 0
    misses: int = 0
    grams: int = 0


class SensorFaultState(BaseModel):
    """The sensor fault the game is paused by: ``kind`` (e.g. ``disconnected``, ``stalled``) and the
    sensor's ``detail`` (the hardware advice the fault screen shows), as the ``sensor_fault`` event has them."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    detail: str = ""


class GameState(BaseModel):
    """Everything needed to resume a game where it stood (serialise with ``model_dump_json``)."""

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    starter: str
    rules: HouseRules
    glass: GlassSettings
    round: int = 0
    round_starter: str = ""
    phase: Phase = "setup"
    #: players still to roll in this round or tie-break, in order
    to_roll: list[str] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    tie_break_rolls: list[Roll] = Field(default_factory=list)
    tie_break_players: list[str] = Field(default_factory=list)
    ended_by: Literal["all_rolled", "pasch", "einer_pasch"] | None = None
    #: the sum the tie was at (the target's Augenzahl, W-20)
    tied_sum: int | None = None
    chooser: str | None = None
    chosen: Chosen | None = None
    attempt: int = 0
    #: the Auserwählte has lifted the glass in this drinking phase (W-33 consent)
    drinking_started: bool = False
    lifted: bool = False
    #: lifted since the last settle: the next settle ends an attempt (survives a sensor fault)
    attempt_open: bool = False
    reference_g: float | None = None
    glass_empty: bool = False
    streak_player: str | None = None
    streak: int = 0
    paused: bool = False
    #: the fault the game is paused by (None while not paused, and in a state saved before it was kept here)
    fault: SensorFaultState | None = None
    #: who starts the next round once an empty glass is refilled (W-32)
    pending_starter: str | None = None
    #: W-37: the glass on the scale is not the glass in use (None: it is, as far as the scale can tell);
    #: logged once, kept until a glass is weighed (W-36)
    glass_unknown: UnknownGlass | None = None
    #: "Glas wiegen" is open (W-36): the glass may be swapped; nothing is judged until it is weighed or cancelled
    weighing: bool = False
    #: the glass was lifted while weighing: its put-back is no attempt, also after a cancelled weighing
    swap_lift: bool = False
    #: W-38: the number of the drinking's last attempt when it was unmeasured (``attempt_unmeasured``) and not judged
    #: since: the table may judge it by hand from the menu (``judge_by_hand``) or repeat it (issue 26)
    unmeasured_attempt: int | None = None
    stats: dict[str, PlayerStats] = Field(default_factory=dict)

    @property
    def remaining_g(self) -> float | None:
        """Beer left in the glass (settled load − empty glass), None before the first settle and while the
        glass on the scale is not the glass in use (W-37: its empty weight is unknown)."""
        if self.reference_g is None or self.glass_unknown is not None:
            return None
        return self.reference_g - self.glass.glass_g

    @property
    def next_to_roll(self) -> str | None:
        """Who must roll now, or None when the game waits for something else."""
        if self.phase in ("rolling", "tie_break") and self.to_roll:
            return self.to_roll[0]
        return None


class Waagespiel:
    """The Waagespiel rules (W-01 … W-41) over a ``GameState``.

    Construct with players (2–12 distinct names, seat order = clockwise), the
    starter (W-02, default the first player), house rules and glass settings,
    or from a saved state with ``Waagespiel.resume(state)``.
    Raises ValueError for invalid players or an unknown starter.
    """

    game_id: ClassVar[str] = "waagespiel"
    uses_scale: ClassVar[bool] = True
    state_type: ClassVar[type[BaseModel]]  # set below the class: GameState

    def __init__(
        self,
        players: list[str],
        starter: str | None = None,
        rules: HouseRules | None = None,
        glass: GlassSettings | None = None,
    ) -> None:
        players = check_players(players)
        starter = starter if starter is not None else players[0]
        if starter not in players:
            raise ValueError(f"starter {starter!r} is not one of the players")
        self.state = GameState(
            players=list(players),
            starter=starter,
            rules=rules or HouseRules(),
            glass=glass or GlassSettings(),
            stats={p: PlayerStats() for p in players},
        )

    @classmethod
    def resume(cls, state: GameState) -> "Waagespiel":
        """An engine continuing from a saved state (after a crash or power cut)."""
        engine = cls.__new__(cls)
        engine.state = state.model_copy(deep=True)
        return engine

    # ------------------------------------------------------------------ game interface
    def apply(self, given: dict[str, Any]) -> list[Event]:
        """One player input as a dict: ``{"roll": [a, b]}`` (W-10) or ``{"choose": NAME}`` (W-15).

        ``roll = "auto"`` must be resolved to dice by the host first. Weight events
        do not come this way (see ``weight``). Raises InputRejected for an input
        that does not fit now, malformed dice or an unknown key.
        """
        if len(given) != 1:
            raise InputRejected(f"one input at a time: roll or choose, got {sorted(given)}")
        (key, value), = given.items()
        if key == "roll":
            try:
                dice = check_pair(value)
            except ValueError as exc:
                raise InputRejected(str(exc)) from None
            return self.roll(dice)
        if key == "choose":
            if not isinstance(value, str):
                raise InputRejected(f"choose needs a player's name, got {value!r}")
            return self.choose(value)
        raise InputRejected(f"the Waagespiel takes roll or choose, not {key!r}")

    def summary(self) -> Event:
        """The closing ``stats`` event (same as ``finish()[0]``)."""
        return self.finish()[0]

    @property
    def players(self) -> list[str]:
        """The players in seat order (W-01)."""
        return list(self.state.players)

    @property
    def phase(self) -> str:
        """The phase word: setup, rolling, tie_break, choosing, drinking, awaiting_refill."""
        return self.state.phase

    @property
    def current_player(self) -> str | None:
        """Who rolls (W-10), names the Auserwählte (W-15) or drinks (W-30); None otherwise."""
        s = self.state
        if s.phase == "choosing":
            return s.chooser
        if s.phase == "drinking" and s.chosen is not None:
            return s.chosen.player
        return s.next_to_roll

    def expects(self) -> list[str]:
        """``["roll"]`` when someone must roll, ``["choose"]`` in the Einer-Pasch choice, else ``[]``."""
        if self.state.paused:
            return []
        if self.state.phase == "choosing":
            return ["choose"]
        return ["roll"] if self.why_no_roll() is None else []

    # ------------------------------------------------------------------ helpers
    def _seat_order(self, first: str) -> list[str]:
        players = self.state.players
        i = players.index(first)
        return players[i:] + players[:i]

    def _after(self, player: str) -> str:
        players = self.state.players
        return players[(players.index(player) + 1) % len(players)]

    def _start_round(self, number: int, starter: str) -> list[Event]:
        s = self.state
        s.round, s.round_starter, s.phase, s.pending_starter = number, starter, "rolling", None
        s.to_roll = self._seat_order(starter)
        s.rolls, s.tie_break_rolls, s.tie_break_players = [], [], []
        s.ended_by = s.tied_sum = s.chooser = s.chosen = None
        s.attempt, s.drinking_started, s.unmeasured_attempt = 0, False, None
        return [{"event": "round_started", "round": number, "starter": starter}]

    # ------------------------------------------------------------------ inputs
    def start(self) -> list[Event]:
        """Begin the game: ``game_started``; round 1 starts when the scale is ready (``scale_ready``)."""
        s = self.state
        if s.round or s.reference_g is not None:
            raise InputRejected("the game has already started", "already_started")
        s.phase, s.pending_starter = "setup", s.starter
        return [{"event": "game_started", "players": list(s.players), "starter": s.starter,
                 "rules": s.rules.model_dump()}]

    def scale_ready(self, reference_g: float) -> list[Event]:
        """The scale has settled on the glass for the first time: ``reference_g`` is the total load.

        Round 1 starts with the starter (W-02), unless the glass is empty (W-01, W-32):
        then the game waits for a refill first.
        """
        s = self.state
        s.reference_g = reference_g
        out: list[Event] = [{"event": "scale_ready", "reference_g": round(reference_g, 1)}]
        if s.weighing:  # the glass is being swapped: round 1 waits for the weighing (W-36)
            return out
        out += self._lighter(reference_g)
        return out + self._first_round()

    def _first_round(self) -> list[Event]:
        """The empty test (W-32) and round 1 once the scale has its first settled load (W-01)."""
        s = self.state
        out = self.check_empty()
        if s.phase == "setup":
            if s.glass_empty:
                s.phase = "awaiting_refill"
            else:
                out += self._start_round(1, s.pending_starter or s.starter)
        return out

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
        roll = Roll(player=player, dice=(dice[0], dice[1]), tie_break=s.phase == "tie_break")
        s.to_roll.pop(0)
        ev: list[Event] = [{
            "event": "roll", "round": s.round, "player": player, "dice": list(roll.dice),
            "sum": roll.sum, "pasch": roll.pasch, "tie_break": roll.tie_break,
        }]
        if s.phase == "tie_break":
            s.tie_break_rolls.append(roll)
            if not s.to_roll:
                ev += self._settle_tie_break()
            return ev
        s.rolls.append(roll)
        if roll.dice == (1, 1):  # W-15: Einer-Pasch, the roller chooses
            s.ended_by, s.phase, s.chooser, s.to_roll = "einer_pasch", "choosing", player, []
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
        s.phase, s.tie_break_players, s.tie_break_rolls, s.to_roll = "tie_break", order, [], list(order)
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
        s.phase, s.attempt, s.drinking_started, s.to_roll = "drinking", 0, False, []
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
        if s.phase != "choosing":
            raise InputRejected("no choice is asked for now", "no_choice")
        if player not in s.players:
            raise InputRejected(f"{player!r} is not a player", "not_a_player", player=player)
        return self._choose(player, "einer_pasch", 0)

    def weight(self, ev: WeightEvent) -> list[Event]:
        """Apply an event of the weight pipeline (W-30 … W-35, W-37).

        While "Glas wiegen" is open (``begin_weighing``) the glass may be swapped: lifts and
        put-backs are logged, settles only move the reference, and nothing is judged (W-36).
        """
        s = self.state
        if isinstance(ev, GlassLifted):
            s.lifted = True
            if s.weighing:
                s.swap_lift = True
                return [{"event": "glass_lifted"}]
            s.attempt_open = True
            if s.phase == "drinking" and not s.paused:
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
        drinks, the attempt is logged ``attempt_unmeasured`` and the same target goes on (W-31). The pour that
        follows is booked as a refill (``_settled``) from the pipeline's estimate of the level."""
        s = self.state
        swapped = s.weighing or s.swap_lift  # the glass swapped for a weighing: no attempt (W-36)
        s.lifted = s.attempt_open = s.swap_lift = False
        s.reference_g = ev.level_g
        if swapped or s.phase != "drinking" or s.paused or s.glass_empty or s.chosen is None:
            return []
        s.attempt += 1
        s.unmeasured_attempt = s.attempt
        return [{"event": "attempt_unmeasured", "round": s.round, "player": s.chosen.player, "attempt": s.attempt}]

    def judge_by_hand(self, grams: int) -> list[Event]:
        """W-38, the way on after ``attempt_unmeasured`` (issue 26): the table says how many whole grams the
        unmeasured attempt took, and it is judged as that attempt (a ``sip`` with ``by_hand: true``; W-21/W-22,
        W-31, W-40 as for any sip). Raises InputRejected (code ``nothing_to_judge``) unless the drinking's last
        attempt was unmeasured and nothing was judged since, and for grams below 0 or above 9999."""
        s = self.state
        if s.unmeasured_attempt is None or s.unmeasured_attempt != s.attempt or s.phase != "drinking" \
                or s.chosen is None or s.paused or s.lifted or s.attempt_open:
            raise InputRejected("no unmeasured attempt to judge by hand", "nothing_to_judge")
        if not 0 <= int(grams) <= 9999:
            raise InputRejected(f"grams {grams} out of 0..9999", "bad_grams")
        s.attempt -= 1  # the unmeasured attempt is judged as itself, not as another one
        s.unmeasured_attempt = None
        out = self._attempt(float(int(grams)), 0.0)
        out[0]["by_hand"] = True
        out[0]["grams_exact"] = float(int(grams))
        return out

    # ------------------------------------------------------------------ the glass in use (W-36, W-37)
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
            if s.phase == "awaiting_refill" and not s.paused and s.reference_g is not None:
                out += self._start_round(s.round + 1, s.pending_starter or s.starter)
        return out

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
        if s.phase == "setup":
            s.phase = "awaiting_refill"
            s.pending_starter = s.pending_starter or s.starter
        elif s.phase == "rolling" and not s.rolls and s.round:
            # the round has only been announced: it starts again once the glass is filled
            s.phase, s.pending_starter = "awaiting_refill", s.round_starter
            s.round -= 1
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
            during = s.phase == "drinking" and s.drinking_started
            refill: Event = {"event": "refill", "grams": round(delta, 1), "during_drinking": during}
            if during and s.chosen is not None:
                refill["consent_of"] = s.chosen.player
            out.append(refill)
            if s.glass_empty and not self._is_empty():
                s.glass_empty = False
                if s.phase == "awaiting_refill":
                    out += self._start_round(s.round + 1, s.pending_starter or s.starter)
            return out
        lighter = self._lighter(ev.after_g)
        out += lighter
        if ev.lifted and not swapped and s.phase == "drinking" and not s.paused and not s.glass_empty:
            # W-37b: a put-back during an attempt is the drinker's glass: judged, a lighter one logged first
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
            return [{"event": "glass_empty", "remaining_g": round(s.remaining_g or 0.0, 1)}]
        return []

    def _attempt(self, before_g: float, after_g: float) -> list[Event]:
        """W-30/W-31: judge one attempt; a hit, or an emptied glass, ends the drinking."""
        s = self.state
        assert s.chosen is not None
        chosen = s.chosen
        s.unmeasured_attempt = None
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
            "remaining_g": None if s.remaining_g is None else round(s.remaining_g, 1),
        }]
        out += self.check_empty()
        if verdict == "miss" and not s.glass_empty:
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
            s.phase = "awaiting_refill"
            s.pending_starter = starter
            return out
        return out + self._start_round(s.round + 1, starter)

    def sensor_fault(self, kind: str, detail: str) -> list[Event]:
        """Pause the game: nothing is judged until the sensor recovers."""
        self.state.paused = True
        self.state.fault = SensorFaultState(kind=kind, detail=detail)
        return [{"event": "sensor_fault", "kind": kind, "detail": detail}]

    def sensor_recovered(self) -> list[Event]:
        """Resume after a sensor fault; the lift in progress (if any) is forgotten."""
        s = self.state
        s.paused = False
        s.fault = None
        s.lifted = False
        return [{"event": "sensor_recovered"}]

    def finish(self) -> list[Event]:
        """The ``stats`` event: per player chosen, attempts, hits, exact, misses, grams."""
        return [{"event": "stats", "per_player": {p: st.model_dump() for p, st in self.state.stats.items()}}]


Waagespiel.state_type = GameState
