"""The statistics screens on the device (the menu's "Statistik", the end of a helper game):
each game's own figures from ``waage.stats`` (the same as ``/stats`` on the web), paged with the keys.

``stats_view(ui)`` builds the ``StatsView`` of the game the host plays now from the host's records
of that game (``host.game_records``); ``StatsPages`` shows it: NEXT / PREV turn the pages (every
player and every figure is reachable however many play), OK leaves. Example::

    yield StatsPages(stats_view(ui), ui.lang)   # in a flow (waage/ui/steps.py)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from waage.display.screens import stats_pages
from waage.display.views import StatsView, View
from waage.inputs.keys import Key
from waage.stats import fmt_value, game_stats
from waage.ui.base import Ui
from waage.ui.steps import Done

def stats_view(ui: Ui) -> StatsView:
    """The statistics of the game ``ui.host`` plays now, as the OLED shows them: one row per player
    (and per team in Ein Arsch's team variant, AS-07, named "Team 1"/"Team 2"), the values formatted (``fmt_value``:
    the hat's time as m:ss, who fell off as ✓)."""
    host = ui.host
    game = host.engine.game_id
    records = list(getattr(host, "game_records", ()))
    st = game_stats(game, records, list(host.engine.players))
    columns = st.device_columns  # the game's own choice for the small screen (waage/stats/)

    def shown(row: dict[str, Any]) -> dict[str, Any]:
        return {c: (fmt_value(c, row[c], ui.lang) if c in row else None) for c in columns}

    rows = {name: shown(row) for name, row in st.per_player.items()}
    # a team as "Team 1" (the menu's words: "Teams: 1+3 gegen 2+4"): "Anna+Cara" of two long names
    # would not fit the row; the members' own rows stand above
    rows.update({ui.t("team_n", n=row.get("team", i + 1)): shown(row) for i, row in enumerate(st.teams.values())})
    return StatsView(per_player=rows, columns=columns)


class StatsPages:
    """A ``StatsView`` with its pages in ``lang`` (how many depends on the names and the headers'
    widths: ``screens.stats_pages``): NEXT the next page, PREV the one before (both wrap around),
    OK leaves (returns ``Key.OK``)."""

    def __init__(self, view: View, lang: str = "de") -> None:
        self._view = view
        self.lang = lang
        self.page = 0

    @property
    def pages(self) -> int:
        """How many pages the view has (1 for a view that is no ``StatsView``)."""
        return stats_pages(self._view, self.lang) if isinstance(self._view, StatsView) else 1

    def view(self) -> View:
        """The view at the current page."""
        if isinstance(self._view, StatsView):
            return replace(self._view, page=self.page)
        return self._view

    def on_key(self, key: Key) -> Done | None:
        """NEXT / PREV turn the page; OK (or any key on a one-page view) ends the step."""
        if key is Key.OK or self.pages == 1:
            return Done(key)
        self.page = (self.page + (1 if key is Key.NEXT else -1)) % self.pages
        return None
