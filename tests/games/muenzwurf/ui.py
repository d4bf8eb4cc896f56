"""Münzwurf on the buttons: OK tosses heads, NEXT tails, BACK leaves it to chance."""

from __future__ import annotations

from typing import Any

from waage.display.views import MessageView, View
from waage.inputs.keys import Key


class MuenzwurfUi:
    game_id = "muenzwurf"
    busy = False

    def __init__(self, ui: Any) -> None:
        self.ui = ui

    def cancel(self) -> None:
        pass

    def on_key(self, key: Key, t_s: float) -> Any:
        toss = {Key.OK: "kopf", Key.NEXT: "zahl"}.get(key, "auto")
        return self.ui.submit({"toss": toss}, t_s)

    def view(self, now: float) -> View:
        return MessageView(title=self.ui.t("game_muenzwurf"),
                           lines=[self.ui.t("muenzwurf_turn", name=self.ui.host.engine.current_player)])

    def stats_view(self) -> View:
        return MessageView(title=self.ui.t("game_muenzwurf"), lines=[])
