"""What a game leaves to chance: the kits' chance hooks (``GameSpec.chance``).

A player may leave an input to chance by giving ``"auto"`` for it (``{"roll": "auto"}``: the
electronic dice). The game's kit says which inputs may be ``"auto"`` and how they are drawn: its
chance hook ``(engine, given, chance) -> dict`` returns ``given`` with every ``"auto"`` it knows
drawn from ``chance`` (a ``Chance``: ``SecretDice`` on the device, ``SeededDice`` in replays and
seeded simulations, W-50), or raises ``InputRejected`` when the input cannot be drawn now. The
host, the replay and the simulator call the hook through ``GameSpec.resolve_chance`` and nothing
else: the one place ``"auto"`` is resolved.

- ``dice_roll``: ``roll = "auto"`` -> two dice (the Waagespiel, Willkommen am Arsch);
- ``no_chance``: the default of a game without a hook (nothing is left to chance; an ``"auto"``
  reaches the engine, whose input model refuses it).

Example (a coin toss)::

    def toss(engine, given, chance):
        if given.get("toss") != "auto":
            return given
        return {**given, "toss": ("kopf", "zahl")[chance.below(2)]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from waage.rules.dice import Pair
from waage.rules.game import InputRejected

#: the value of an input left to chance
AUTO = "auto"


class Chance(Protocol):
    """A source of chance: two dice (``roll``) and a uniform whole number ``0 <= k < n`` (``below``)."""

    def roll(self) -> Pair:
        """Two dice, each 1–6."""
        ...

    def below(self, n: int) -> int:
        """A uniform whole number from 0 to ``n - 1``."""
        ...


def no_chance(engine: Any, given: Mapping[str, Any], chance: Chance) -> dict[str, Any]:
    """A game without a chance hook: ``given`` unchanged."""
    return dict(given)


def dice_roll(engine: Any, given: Mapping[str, Any], chance: Chance) -> dict[str, Any]:
    """``roll = "auto"`` -> ``[a, b]`` from ``chance.roll()``; other inputs unchanged.

    An engine that says why nobody may roll now (``why_no_roll() -> str | None``, with
    ``why_no_roll_code()``; the Waagespiel, W-03) refuses the roll before any die is drawn:
    ``InputRejected`` with its reason. Any other engine gets the dice and judges the roll itself.
    """
    if given.get("roll") != AUTO:
        return dict(given)
    why_no_roll = getattr(engine, "why_no_roll", None)
    if why_no_roll is not None and "roll" not in engine.expects():
        code = getattr(engine, "why_no_roll_code", None)
        raise InputRejected(why_no_roll() or "no roll is expected now", code() if code is not None else None)
    return {**given, "roll": list(chance.roll())}
