"""The one thin place where the device UI meets the game host (the controller).

Everything the UI asks of the host goes through the functions here, so the
flows depend on the helper-games contract (``shared/docs/helper-games-contract.md``)
and not on one controller's methods. What the host must provide:

- ``host.apply(given: dict, t_s=None) -> list[dict]``: one contract input exactly as a
  scenario's ``[[input]]`` table (``{"roll": "auto"}`` when the electronic dice
  are to be rolled: the host resolves them), returning the log records it caused
  (an ``input_rejected`` record when it did not fit; its ``code`` / ``details`` name
  the reason for the display, ``why`` stays English for the log);
- ``host.new_game(game_id, players, **options) -> list[dict]`` (options:
  ``teams=True`` for Ein Arsch kommt selten allein; ValueError when it cannot);
- ``host.engine`` with ``game_id`` (the Waagespiel may lack it), ``players``,
  ``current_player``, ``phase``, ``expects()`` (the action keys that fit now) and
  ``summary()`` (the contract's ``summary`` counters as a dict); read when present:
  ``to_score`` and ``candidates`` (Ein Arsch), ``pee_allowed`` (Willkommen am Arsch);
  the Waagespiel UI reads ``engine.state`` and ``host.pipeline`` as today;
- ``host.last_events`` (the records of the latest input) and ``host.now_s``.

The host is ``waage.app.controller.GameHost`` (one host for every game).
"""

from __future__ import annotations

from typing import Any


#: The four games in menu order (ids as in ``[game] game`` and the contract's ``game``).
GAMES: tuple[str, ...] = ("waagespiel", "willkommen_am_arsch", "arsch_selten_allein", "propter")

#: The games played with dice (the menu offers electronic or manual dice there).
DICE_GAMES: tuple[str, ...] = ("waagespiel", "willkommen_am_arsch")

Record = dict[str, Any]


def game_id(host: Any) -> str:
    """The id of the game the host plays (``waagespiel`` for an engine without ``game_id``)."""
    return str(getattr(host.engine, "game_id", "waagespiel"))


def players(host: Any) -> list[str]:
    """The players in seat order."""
    engine = host.engine
    found = getattr(engine, "players", None)
    if found is None:
        found = engine.state.players
    return list(found)


def current_player(host: Any) -> str | None:
    """Who is at turn now (None between rounds, when a choice is open, or at the end)."""
    found = getattr(host.engine, "current_player", None)
    return found() if callable(found) else found


def phase(host: Any) -> str:
    """The engine's phase word."""
    found = getattr(host.engine, "phase", None)
    if found is None:
        found = host.engine.state.phase
    return str(found() if callable(found) else found)


def expects(host: Any) -> set[str]:
    """The contract action keys that fit now (``roll``, ``field``, ``raise``, ``points``, …)."""
    found = getattr(host.engine, "expects", None)
    return set(found()) if callable(found) else set()


def counters(host: Any) -> dict[str, Any]:
    """The game's counters as the contract's ``summary`` event has them ({} when the engine has none)."""
    found = getattr(host.engine, "summary", None)
    out = found() if callable(found) else found
    out = out[-1] if isinstance(out, list) and out else out
    if not isinstance(out, dict):
        return {}
    return {k: v for k, v in out.items() if k not in ("event", "step", "t_s")}


def submit(host: Any, given: dict[str, Any], t_s: float | None = None) -> list[Record]:
    """Hand one contract input to the host; returns the records it caused."""
    return list(host.apply(given) if t_s is None else host.apply(given, t_s))


def new_game(host: Any, game: str, names: list[str], **options: Any) -> list[Record]:
    """Start a new game of ``game`` with ``names`` (seat order) on the host; returns its records.

    Raises ValueError when the host cannot start that game (the UI shows it translated).
    """
    return list(host.new_game(game, names, **options))


def rejection(records: list[Record]) -> Record | None:
    """The ``input_rejected`` record among ``records``, if any."""
    return next((r for r in records if r.get("event") == "input_rejected"), None)
