"""Dice: uniform, unpredictable electronic dice (W-03), seeded dice only on request (W-50), manual entry."""

from __future__ import annotations

import secrets
from collections import Counter

import pytest

from waage.rules.dice import SecretDice, SeededDice, check_pair, make_dice

ROLLS = 60_000
# Chi-square critical values at p = 1e-6 (Wilson–Hilferty), so a fair die fails
# about once in a million runs while a modulo-biased die fails every time.
CRIT_DF5 = 35.9
CRIT_DF35 = 90.5


def chi_square(counts: Counter, cells: list, n: int) -> float:
    expected = n / len(cells)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in cells)


def test_w03_secret_dice_are_uniform_over_60000_rolls():
    """W-03: secret dice are uniform over 60000 rolls."""
    dice = SecretDice()
    pairs = [dice.roll() for _ in range(ROLLS)]
    faces = Counter(d for p in pairs for d in p)
    assert chi_square(faces, list(range(1, 7)), 2 * ROLLS) < CRIT_DF5
    combos = Counter(pairs)
    cells = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert set(combos) == set(cells)
    assert chi_square(combos, cells, ROLLS) < CRIT_DF35


def test_w03_the_chi_square_bound_catches_modulo_bias():
    """W-03: the chi square bound catches modulo bias."""
    biased = Counter(secrets.randbits(3) % 6 + 1 for _ in range(2 * ROLLS))  # 1 and 2 twice as likely
    assert chi_square(biased, list(range(1, 7)), 2 * ROLLS) > CRIT_DF5


def test_w50_seeded_dice_repeat_for_the_same_seed_and_differ_for_another():
    """W-50: seeded dice repeat for the same seed and differ for another."""
    s1, s2, s3 = SeededDice(5), SeededDice(5), SeededDice(6)
    seq1 = [s1.roll() for _ in range(50)]
    assert seq1 == [s2.roll() for _ in range(50)]
    assert seq1 != [s3.roll() for _ in range(50)]
    assert all(1 <= d <= 6 for p in seq1 for d in p)


def test_w50_no_seed_means_secret_dice():
    """W-50: no seed means secret dice."""
    assert isinstance(make_dice(None), SecretDice)
    assert isinstance(make_dice(3), SeededDice)


@pytest.mark.parametrize("bad", [[7, 1], [0, 3], [1], [1, 2, 3], [1.5, 2], ["1", 2], [True, 2], "12"])
def test_manual_dice_outside_1_to_6_are_refused(bad):
    with pytest.raises(ValueError):
        check_pair(bad)


def test_manual_dice_accepted():
    assert check_pair([6, 1]) == (6, 1)
