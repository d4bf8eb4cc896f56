"""Dice sources: electronic (``secrets``), seeded (replay/sim only, W-50) and manual entry.

The engine never rolls itself; the wiring layer asks a ``Dice`` for a pair and
hands it to the engine, so the engine stays deterministic.
"""

from __future__ import annotations

import random
import secrets
from typing import Protocol

Pair = tuple[int, int]


class Dice(Protocol):
    """Something that rolls two six-sided dice: ``roll() -> (a, b)`` with 1 ≤ a, b ≤ 6 (the dice of this
    module also draw ``below(n)``, a chance hook's coin: ``waage.rules.chance``)."""

    def roll(self) -> Pair:
        """Two dice, each 1–6."""
        ...


class SecretDice:
    """Electronic dice for the device (W-03): uniform and unpredictable.

    ``secrets.randbelow`` draws by rejection sampling, so there is no modulo bias.
    """

    def roll(self) -> Pair:
        """Two dice from the operating system's randomness, each 1–6."""
        return secrets.randbelow(6) + 1, secrets.randbelow(6) + 1

    def below(self, n: int) -> int:
        """A whole number 0 to ``n - 1`` from the operating system's randomness (e.g. a coin: ``below(2)``)."""
        return secrets.randbelow(n)


class SeededDice:
    """Repeatable dice for ``waage replay`` / ``waage sim`` with a seed (W-50); never on the device.

    seed: any int; the same seed gives the same sequence (``random.Random.randint``,
    which is uniform without modulo bias); skip: pairs already rolled (a resumed
    game goes on with the same sequence).
    """

    def __init__(self, seed: int, skip: int = 0) -> None:
        self._rng = random.Random(f"waage-dice-{seed}")
        for _ in range(skip):
            self.roll()

    def roll(self) -> Pair:
        """The next two dice of the seeded sequence, each 1–6."""
        return self._rng.randint(1, 6), self._rng.randint(1, 6)

    def below(self, n: int) -> int:
        """The next whole number 0 to ``n - 1`` of the seeded sequence (``skip`` counts pairs only)."""
        return self._rng.randrange(n)


def check_pair(dice: object) -> Pair:
    """Validate manually entered dice: a pair of ints 1–6 (W-10).

    Raises ValueError naming the problem.
    """
    if not isinstance(dice, (list, tuple)) or len(dice) != 2:
        raise ValueError(f"dice must be a pair like [3, 5], got {dice!r}")
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"each die must be a whole number 1–6, got {d!r}")
    return int(dice[0]), int(dice[1])


def make_dice(seed: int | None, skip: int = 0) -> Dice:
    """SeededDice when a seed is given (replay/sim/tests, W-50; ``skip`` pairs already rolled), else SecretDice."""
    return SecretDice() if seed is None else SeededDice(seed, skip)
