"""House rules of the Waagespiel (Regel 8 allows the players to change them)."""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from pydantic import BaseModel, ConfigDict, Field


class HouseRules(BaseModel):
    """The adjustable numbers of the Waagespiel; defaults are the rule sheet's.

    tolerance: hit window ±tolerance·target, bounds included (W-21), 0.10 = ±10 %.
    grams_per_pip: target grams per pip of the Auserwählte's Augenzahl (W-20).
    pasch_grams: target when the round was ended by a Pasch (W-20).
    streak_limit: from this many consecutive rounds as Auserwählte on, the next
        round starts with the player after them (W-40, ruling: "third" read as ≥ 3).
    The glass thresholds (empty, refill) live in ``GlassSettings``.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    tolerance: float = Field(0.10, ge=0, lt=1)
    grams_per_pip: int = Field(10, gt=0, le=1000)
    pasch_grams: int = Field(50, gt=0, le=10000)
    streak_limit: int = Field(3, ge=1, le=100)

    def window(self, target_g: int) -> tuple[int, int]:
        """The whole-gram amounts that hit ``target_g``: (min_g, max_g), bounds included (W-21).

        Computed in decimal arithmetic so 110 g ±10 % gives exactly (99, 121).
        """
        tol = Decimal(str(self.tolerance))
        t = Decimal(target_g)
        low = (t * (1 - tol)).to_integral_value(rounding=ROUND_CEILING)
        high = (t * (1 + tol)).to_integral_value(rounding=ROUND_FLOOR)
        return int(low), int(high)
