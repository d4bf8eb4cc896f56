"""A small stand-in for the game host of the helper-games contract (until the real host lands).

It has exactly what ``waage.ui.device`` asks of a host without a scale: ``apply(given)`` (recorded in
``given``), ``new_game``, ``engine`` (``game_id``, ``players``, ``current_player``,
``phase``, ``expects()``, ``summary()``), ``last_events``, ``now_s`` and ``scale`` (None: no scale session). The test sets
what the engine expects and answers; ``respond(given)`` gives the records an input causes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from waage.app.replay import build
from waage.app.scenario import Scenario
from waage.inputs.keys import Key


class StandInEngine:
    """The read-only state a helper engine shows the UI."""

    def __init__(self, game_id: str, players: list[str], expecting: set[str], current: str | None,
                 phase: str = "spiel", summary: dict[str, Any] | None = None) -> None:
        self.game_id, self.players, self.expecting = game_id, list(players), set(expecting)
        self.current_player, self.phase = current, phase
        self._summary = dict(summary or {})

    def expects(self) -> set[str]:
        """The action keys that fit now."""
        return set(self.expecting)

    def summary(self) -> dict[str, Any]:
        """The contract's summary counters."""
        return {"event": "summary", **self._summary}


class StandInHost:
    """Records every input; answers with ``respond(given)`` (default: no events)."""

    def __init__(self, engine: StandInEngine,
                 respond: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None) -> None:
        self.engine = engine
        self.respond = respond or (lambda given: [])
        self.given: list[dict[str, Any]] = []
        self.games: list[tuple[str, list[str], dict[str, Any]]] = []
        self.last_events: list[dict[str, Any]] = []
        self.now_s = 0.0
        #: a host without a scale (the helper games): no scale session
        self.scale = None

    def apply(self, given: dict[str, Any], t_s: float | None = None) -> list[dict[str, Any]]:
        """Record ``given``; the records ``respond`` gives become ``last_events`` (stamped ``t_s``)."""
        self.given.append(given)
        if t_s is not None:
            self.now_s = t_s
        records = [dict(r, t_s=self.now_s) for r in self.respond(given)]
        if records:
            self.last_events = records
        return records

    def new_game(self, game_id: str, players: list[str], **options: Any) -> list[dict[str, Any]]:
        """Record the new game and switch the stand-in engine to it."""
        self.games.append((game_id, list(players), options))
        self.engine = StandInEngine(game_id, players, set(), None, "new")
        self.last_events = [{"event": "game_started", "players": list(players), "t_s": self.now_s}]
        return self.last_events


def press(ui: Any, *keys: Key) -> None:
    """Press ``keys`` on the device UI ``ui`` in order."""
    for key in keys:
        ui.on_key(key)


def waagespiel_controller(players: Iterable[str] = ("Anna", "Ben", "Cara")) -> tuple[Any, Any, list[dict[str, Any]]]:
    """Today's Waagespiel host on the fake scale, settled on a full glass: (host, scale, records)."""
    records: list[dict[str, Any]] = []
    ctl, fake = build(Scenario(players=list(players)), None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    return ctl, fake, records
