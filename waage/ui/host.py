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

Until the generalised host exists, today's Waagespiel ``GameController`` is
served by small fallbacks below (``roll`` / ``choose`` and a restart of the
engine for a new Waagespiel).
"""

from __future__ import annotations

from typing import Any

from waage.rules.waagespiel import Waagespiel

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
    apply = getattr(host, "apply", None)
    if callable(apply):
        return list(apply(given) if t_s is None else apply(given, t_s))
    # today's Waagespiel controller
    if "roll" in given:
        dice = given["roll"]
        return host.roll(None if dice == "auto" else (dice[0], dice[1]), t_s)
    if "choose" in given:
        return host.choose(given["choose"], t_s)
    return host.reject(given, f"this controller takes no {sorted(given)} input", t_s)


def new_game(host: Any, game: str, names: list[str], **options: Any) -> list[Record]:
    """Start a new game of ``game`` with ``names`` (seat order) on the host; returns its records.

    Raises ValueError when the host cannot start that game (the UI shows it translated).
    """
    start = getattr(host, "new_game", None)
    if callable(start):
        return list(start(game, names, **options))
    if game != "waagespiel":
        raise ValueError("new_game_unsupported")
    # today's controller: a fresh engine with the same house rules and glass, re-baselined on the glass
    old = host.engine.state
    starter = old.starter if old.starter in names else names[0]
    host.engine = Waagespiel(list(names), starter, old.rules, old.glass)
    host.pipeline = host.new_pipeline()
    host._sync_reference = True
    host.last_events = []
    return list(host.start(host.now_s))


def rejection(records: list[Record]) -> Record | None:
    """The ``input_rejected`` record among ``records``, if any."""
    return next((r for r in records if r.get("event") == "input_rejected"), None)
