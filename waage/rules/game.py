"""The one game interface the four engines share (the registry of engines: ``waage/rules/engines.py``).

Every engine is pure and deterministic: no I/O, no clock, no randomness (dice
come from the caller: ``roll = "auto"`` is resolved to a pair by the host
before ``apply``). It holds a pydantic ``state`` that is everything needed to
go on after a restart.

The contract (``Game``):

- ``game_id``: the registry key and the ``[game] game`` word.
- ``uses_scale``: True only for the Waagespiel; the host feeds weight events
  (``weight(ev)``, ``scale_ready(reference_g)``, ``sensor_fault``,
  ``sensor_recovered``) only to such a game.
- ``start() -> list[Event]``: ``game_started`` and whatever follows.
- ``apply(given) -> list[Event]``: one contract input as a dict, e.g.
  ``{"roll": [3, 4]}``, ``{"choose": "Ben"}`` or (helper games)
  ``{"field": "kiosk", "by": "Anna"}``. Raises ``InputRejected`` (the state is
  then unchanged) when it does not fit the current phase; ``str(exc)`` says why.
- ``state``: the pydantic state; ``resume(state)`` (classmethod) continues from it.
- ``summary() -> Event``: the closing counters (Waagespiel: ``stats``; helper
  games: ``summary``).
- ``players``: the players in seat order;
- ``current_player``: who rolls, chooses, drinks or is at turn (None if nobody);
  ``phase``: the game's phase word; ``expects()``: the input keys that may be
  applied now (e.g. ``["roll"]``), so a host rolls electronic dice only when a
  roll is expected and a seeded sequence is not consumed by a rejected input.

Events are dicts with an ``"event"`` key in the shape of the replay contracts
(``shared/docs/replay-contract.md``, ``helper-games-contract.md``), without
``t_s``: the host stamps the time.

Example::

    from waage.rules.engines import games
    game = games()["waagespiel"](["Anna", "Ben"])
    game.start()
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

Event = dict[str, Any]


class InputRejected(Exception):
    """An input that does not fit the game's current phase.

    ``str(exc)`` says why in English (the replay log's ``why``); ``code`` names the
    reason for the display, which shows it in the player's language (the text
    ``why_<code>`` of ``waage.display.texts``, formatted with ``details``). ``code``
    defaults to ``"unknown"`` (a generic "that does not fit now"). A subclass may set
    ``code`` and ``details`` itself before calling this ``__init__``; they are kept.

    Example: ``InputRejected("'Zoe' is not a player", "not_a_player", player="Zoe")``.
    """

    code: str = "unknown"

    def __init__(self, why: str, code: str | None = None, **details: object) -> None:
        super().__init__(why)
        if code is not None:
            self.code = code
        if details or not hasattr(self, "details"):
            self.details = dict(details)

    def record(self) -> dict[str, object]:
        """The fields an ``input_rejected`` record carries besides ``input``: ``why``, ``code``, ``details``."""
        return {"why": str(self), "code": self.code, "details": dict(self.details)}


@runtime_checkable
class Game(Protocol):
    """What every game engine offers its host (see the module docstring)."""

    game_id: ClassVar[str]
    uses_scale: ClassVar[bool]
    state: Any

    def start(self) -> list[Event]:
        """Begin the game."""
        ...

    def apply(self, given: dict[str, Any]) -> list[Event]:
        """Apply one contract input; raises InputRejected."""
        ...

    @classmethod
    def resume(cls, state: Any) -> "Game":
        """An engine continuing from a saved state."""
        ...

    def summary(self) -> Event:
        """The closing counters event."""
        ...

    @property
    def players(self) -> list[str]:
        """The players in seat order."""
        ...

    @property
    def current_player(self) -> str | None:
        """Who must act now, or None."""
        ...

    @property
    def phase(self) -> str:
        """The game's phase word."""
        ...

    def expects(self) -> list[str]:
        """Input keys that may be applied now."""
        ...
