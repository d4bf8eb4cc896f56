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


# --------------------------------------------------------------------------- the scale and the glass (issue 17)
def has_scale(host: Any) -> bool:
    """True when the hosted game weighs (a pipeline runs): the plain scale and the glass can be used."""
    return getattr(host, "pipeline", None) is not None


def live_load(host: Any) -> tuple[float | None, bool]:
    """(the live total load on the platform in grams, steady) from the host's pipeline.

    (None, False) without a pipeline or while the game is paused by a sensor fault. ``steady``
    is the pipeline's settled flag (W-36: a glass is only weighed from a steady load).
    """
    pipe = getattr(host, "pipeline", None)
    if pipe is None or getattr(getattr(host.engine, "state", None), "paused", False):
        return None, False
    steady = bool(getattr(pipe, "steady", True))
    load_g = getattr(pipe, "steady_g", None) if steady else None  # what a weighing would take
    return float(pipe.live_g if load_g is None else load_g), steady


def glass(host: Any) -> Any:
    """The glass in use (``GlassSettings``: ``glass_g``, ``glass_capacity_g``; W-36)."""
    found = getattr(host, "glass", None)
    return found if found is not None else host.engine.state.glass


def glass_unknown(host: Any) -> dict[str, Any] | None:
    """W-37: None, or {``reason``: "heavier" | "lighter", ``load_g``} while the glass on the scale is not known."""
    found = getattr(host, "glass_unknown", None)
    return dict(found) if found else None


def attempt_open(host: Any) -> bool:
    """True while an attempt is under way (the glass lifted for a drink, not yet judged)."""
    state = getattr(host.engine, "state", None)
    return bool(getattr(state, "attempt_open", False))


def begin_weighing(host: Any, t_s: float | None = None) -> list[Record]:
    """The weighing screen opens (W-36): the glass may be swapped, nothing is judged meanwhile
    (``host.begin_weighing``; refused with ``input_rejected`` while an attempt is under way)."""
    found = getattr(host, "begin_weighing", None)
    return list(found(t_s=t_s)) if found is not None else []


def cancel_weighing(host: Any, t_s: float | None = None) -> list[Record]:
    """The weighing screen closes without a weighing (``host.cancel_weighing``)."""
    found = getattr(host, "cancel_weighing", None)
    return list(found(t_s=t_s)) if found is not None else []


def size_of_capacity(capacity_g: float) -> float:
    """The size (litres to the mark, 0.1 l) of a glass holding ``capacity_g`` grams of beer to the brim
    (the inverse of ``capacity_for_size``: 555.5 g → 0.5 l, the config's 550 g → 0.5 l)."""
    from waage.app.controller import BEER_G_PER_L, BRIM_FACTOR

    return round(capacity_g / (BEER_G_PER_L * BRIM_FACTOR), 1)


def capacity_for_size(litres: float) -> float:
    """The capacity in grams of beer (to the brim, W-35) of a glass of ``litres`` (the host's rule)."""
    from waage.app.controller import capacity_for_size as rule

    return rule(litres)


def weigh_glass(host: Any, capacity_g: float | None = None, t_s: float | None = None) -> list[Record]:
    """Weigh the empty glass standing on the platform (W-36): ``host.weigh_glass``; returns its records
    (``glass_weighed``, or an ``input_rejected`` with the reason's ``code``)."""
    return list(host.weigh_glass(capacity_g=capacity_g, t_s=t_s))
