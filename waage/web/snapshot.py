"""``LiveDisplay``: the simulator's typed helper mode hands each screen to the live hub (the device builds its snapshots in ``waage.app.wiring.snapshot``)."""

from __future__ import annotations

from typing import Any

from waage.display.views import View
from waage.live.hub import LiveSnapshot


class LiveDisplay:
    """A display wrapper for the helper modes (no scale): draws as before and hands each view to the hub.

    display: the real display (its ``lang`` is forwarded); hub: the ``LiveHub``; game: the helper
    game id; players: in seat order. The snapshot's phase is "playing", grams None; ``details`` carries the
    engine's state, ``helper`` = the screen's {title, lines} and ``result`` (as ``waage.app.wiring.snapshot``).
    """

    def __init__(self, display: Any, hub: Any, game: str, players: list[str]) -> None:
        self.display, self.hub, self.game, self.players = display, hub, game, list(players)
        #: the helper engine being played (set by the driver): phase, who is at turn, its state
        self.engine: Any = None

    @property
    def lang(self) -> str:
        """The display's language."""
        return self.display.lang

    def show(self, view: View) -> None:
        """Draw ``view`` and publish it."""
        self.display.show(view)
        engine = self.engine
        details: dict[str, Any] = {"lang": self.display.lang}
        if engine is not None:
            details.update(engine.state.model_dump(mode="json"))
            result = engine.result()  # the winner screens' table once the game is over (as wiring.snapshot)
            details["result"] = None if result is None else result.model_dump(mode="json")
        details["helper"] = {"title": getattr(view, "title", ""), "lines": list(getattr(view, "lines", []))}
        self.hub.state(LiveSnapshot(
            game=self.game, phase=str(engine.phase) if engine is not None else "playing", players=self.players,
            current=engine.current_player if engine is not None else None, view=view, details=details,
            lines=self.hub.lines))

    def close(self) -> None:
        """Close the real display."""
        if hasattr(self.display, "close"):
            self.display.close()
