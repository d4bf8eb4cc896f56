"""``LiveDisplay``: the simulator's typed helper mode hands each screen to the live hub (the device builds its snapshots in ``waage.app.wiring.snapshot``)."""

from __future__ import annotations

from typing import Any

from waage.display.views import View
from waage.live.hub import LiveSnapshot


class LiveDisplay:
    """A display wrapper for the helper modes (no scale): draws as before and hands each view to the hub.

    display: the real display (its ``lang`` is forwarded); hub: the ``LiveHub``; game: the helper
    game id; players: in seat order. The snapshot's phase is "playing" before the engine is set, grams None;
    ``details`` are the game's web details (its kit's ``GameSpec.web`` hook, as ``waage.app.wiring.snapshot``)
    with ``helper`` = the screen shown's {title, lines}.
    """

    def __init__(self, display: Any, hub: Any, game: str, players: list[str]) -> None:
        self.display, self.hub, self.game, self.players = display, hub, game, list(players)
        #: the helper engine being played (set by the driver): phase, who is at turn, its state
        self.engine: Any = None
        #: the records of the last input (the web hook's ``host.last_events``; the screen shown has its notes)
        self.last_events: list[Any] = []
        #: no scale session: these games do not weigh
        self.scale = None

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
            from waage.games import spec

            page = spec(engine.game_id).web_page(self, self.display.lang)
            details = {**page.details.model_dump(mode="json"), **details}
        details["helper"] = {"title": getattr(view, "title", ""), "lines": list(getattr(view, "lines", []))}
        self.hub.state(LiveSnapshot(
            game=self.game, phase=str(engine.phase) if engine is not None else "playing", players=self.players,
            current=engine.current_player if engine is not None else None, view=view, details=details,
            lines=self.hub.lines))

    def close(self) -> None:
        """Close the real display."""
        if hasattr(self.display, "close"):
            self.display.close()
