"""The Waagespiel's state: everything needed to resume a game where it stood (``GameState``).

Pydantic models, serialised with ``model_dump_json`` (the host's saved state); the rules that
change them are the engine's parts (``waage.games.waagespiel.rules``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.games.waagespiel.phases import WaagespielPhase
from waage.rules.settings import HouseRules
from waage.weight.settings import GlassSettings

#: the phase type of the state (kept as a name for importers): the enum, whose members equal their words
Phase = WaagespielPhase


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
    phase: WaagespielPhase = WaagespielPhase.SETUP
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
    #: W-38: the beer in the glass before that attempt (grams; None: not known, W-37), the most a judgement by hand
    #: may give
    unmeasured_held_g: float | None = None
    #: what came before that attempt's verdict: "pour" (W-38) or "beside" (a thing laid beside the glass just put
    #: back, W-37a); it chooses the table's hint
    unmeasured_cause: Literal["pour", "beside"] = "pour"
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
        if self.phase in (WaagespielPhase.ROLLING, WaagespielPhase.TIE_BREAK) and self.to_roll:
            return self.to_roll[0]
        return None
