"""The one game interface the four engines share (the registry of engines: ``waage/rules/engines.py``).

Every engine is pure and deterministic: no I/O, no clock, no randomness (dice
come from the caller: ``roll = "auto"`` is resolved to a pair by the host
before ``apply``). It holds a pydantic ``state`` that is everything needed to
go on after a restart.

The contract (``Game``):

- ``game_id``: the registry key and the ``[game] game`` word.
- ``uses_scale``: True only for the Waagespiel (the registry's and the web's flag). What the
  host needs of a game that judges weights is the ``ScaleGame`` protocol below; ``weighs(game)``
  says whether a game (or its class) offers it, and only such a game gets a scale session
  (``waage/app/scale_session.py``: the pipeline's weight events, the glass, sensor faults).
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

A game that judges weights (``ScaleGame``, today only the Waagespiel) offers besides:
``weight(ev)``, ``scale_ready(reference_g)``, ``sensor_fault(kind, detail)``,
``sensor_recovered()``, the glass's ``why_no_weighing()``, ``begin_weighing()``,
``cancel_weighing(fresh_scale)``, ``glass_weighed(glass, load_g)`` (W-36) and
``judge_by_hand(grams)`` (W-38); its state carries the glass and the scale's progress
(``ScaleState``).

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


class ScaleState(Protocol):
    """The part of a scale game's state the scale session reads (shapes: grams as float, W-nn as noted).

    glass: the ``GlassSettings`` in use (W-36); glass_unknown: the W-37 finding (``reason``,
    ``load_g``, ``model_dump()``) or None; reference_g: the settled load an attempt is measured
    from, or None before the first settle; attempt_open: a lift is under way; paused: a sensor
    fault pauses the game; weighing: the weighing screen is open; round: the round (0 before the
    first); pending_starter: who starts round 1 once the scale is ready, or None;
    unmeasured_attempt: W-38's attempt number, or None.
    """

    glass: Any
    glass_unknown: Any
    reference_g: float | None
    attempt_open: bool
    paused: bool
    weighing: bool
    round: int
    pending_starter: str | None
    unmeasured_attempt: int | None


class ScaleGame(Game, Protocol):
    """What a game that judges weights offers its host beyond ``Game`` (the hooks of the scale session).

    Every hook returns the events of that decision (no ``t_s``); the ones a player or the table
    triggers raise ``InputRejected`` (the state is then unchanged).
    """

    state: ScaleState

    def weight(self, ev: Any) -> list[Event]:
        """One weight event of the pipeline (``waage.weight.events``)."""
        ...

    def scale_ready(self, reference_g: float) -> list[Event]:
        """The pipeline's first settle: the reference in grams (total load) the game measures from."""
        ...

    def sensor_fault(self, kind: str, detail: str) -> list[Event]:
        """The sensor failed: the game pauses with a message, never a verdict."""
        ...

    def sensor_recovered(self) -> list[Event]:
        """The sensor delivers again: the game goes on from its reference."""
        ...

    def why_no_weighing(self) -> tuple[str, str] | None:
        """(English why, code) when "Glas wiegen" is refused now (W-36), else None."""
        ...

    def begin_weighing(self) -> list[Event]:
        """The weighing screen opens: lifts are logged, nothing is judged (W-36)."""
        ...

    def cancel_weighing(self, fresh_scale: bool = False) -> list[Event]:
        """The weighing screen closes without a weighing (``fresh_scale``: after a restart)."""
        ...

    def glass_weighed(self, glass: Any, load_g: float) -> list[Event]:
        """``glass`` (``GlassSettings``) weighed from the settled ``load_g`` is the glass in use (W-36)."""
        ...

    def judge_by_hand(self, grams: int) -> list[Event]:
        """W-38: the unmeasured attempt judged with the whole grams the table says it took."""
        ...


#: the hooks of ``ScaleGame`` beyond ``Game`` (``weighs`` looks for them)
SCALE_HOOKS: tuple[str, ...] = ("weight", "scale_ready", "sensor_fault", "sensor_recovered", "why_no_weighing",
                                "begin_weighing", "cancel_weighing", "glass_weighed", "judge_by_hand")


def weighs(game: object) -> bool:
    """True when ``game`` (an engine or an engine class) is a ``ScaleGame``: it has every hook of
    ``SCALE_HOOKS``. A game without them (the helper games) runs without a scale session."""
    return all(callable(getattr(game, hook, None)) for hook in SCALE_HOOKS)
