"""The league's leaderboard on the 128×64 OLED (``LeaderboardView`` from ``waage/display/views.py``, built by ``waage/mqtt/league.py``).

Layout like the statistics screen: the inverted header ("Liga <name>", the
page), a column row, then ``LEAGUE_ROWS`` players per page, best first:
``Anna@Tisch 2``, hits, exact hits, hit rate in %, mean error in grams
(the web page's statistics show the grams as well).
One language per screen (``lang`` "de" or "en"); the texts are ``LEAGUE_TEXTS`` below.

Example::

    from luma.core.device import dummy
    from waage.display.league_screen import draw_league
    draw_league(dummy(width=128, height=64, mode="1"), board.view(page=0), "de")

The game menu shows it as the entry ``("league", text "Liga"/"League",
view = observer.league_view(page))`` when ``[mqtt] league`` is set.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from waage.display import screens
from waage.display.fonts import get_font
from waage.display.screens import TINY, WHITE, WIDTH, fit, header, put
from waage.display.views import LeaderboardView

#: players per page
LEAGUE_ROWS = 4
#: px for "player@table" (the numbers take the rest of the 128 px)
LABEL_W = 56

#: the league leaderboard's words per language
LEAGUE_TEXTS: dict[str, dict[str, str]] = {
    "de": {"title": "Liga {name}", "page": "{i}/{n}", "player": "Spieler", "hits": "Tr", "exact": "Ex",
           "rate": "%", "error": "±g", "empty": "Noch keine Schlucke", "empty2": "in der Liga {name}"},
    "en": {"title": "League {name}", "page": "{i}/{n}", "player": "Player", "hits": "Hit", "exact": "Ex",
           "rate": "%", "error": "±g", "empty": "No sips yet", "empty2": "in league {name}"},
}


def row_label(player: str, table: str, font: Any, max_w: float = LABEL_W) -> str:
    """``Anna@Stehtisch`` fitted into ``max_w`` px: the name keeps at least half, the table the rest."""
    full = f"{player}@{table}"
    if font.getlength(full) <= max_w:
        return full
    name = fit(player, font, max_w / 2)
    return name + "@" + fit(table, font, max_w - font.getlength(name + "@"))


def league_pages(view: LeaderboardView) -> int:
    """How many pages ``view`` has (``LEAGUE_ROWS`` rows each, at least 1)."""
    return max(1, -(-len(view.rows) // LEAGUE_ROWS))


def render_league(view: LeaderboardView, d: ImageDraw.ImageDraw, lang: str = "de") -> None:
    """Paint the leaderboard on a black 128×64 mode "1" ``d`` (white = lit); ``view.page`` wraps around."""
    t = LEAGUE_TEXTS.get(lang, LEAGUE_TEXTS["de"])
    pages = league_pages(view)
    page = view.page % pages
    header(d, t["title"].format(name=view.league), [t["page"].format(i=page + 1, n=pages)] if pages > 1 else [])
    hf, tf = get_font(9), get_font(TINY)
    cols = (("hits", 70), ("exact", 83), ("rate", 104), ("error", 127))
    put(d, 1, 23, fit(t["player"], hf, LABEL_W), hf)
    for key, x in cols:
        put(d, x, 23, t[key], hf, "r")
    d.line((0, 25, WIDTH - 1, 25), fill=WHITE)
    rows = view.rows[page * LEAGUE_ROWS:(page + 1) * LEAGUE_ROWS]
    if not rows:
        put(d, 1, 38, t["empty"], tf)
        put(d, 1, 50, fit(t["empty2"].format(name=view.league), tf, WIDTH - 2), tf)
    for i, r in enumerate(rows):
        y = 34 + 9 * i
        put(d, 1, y, row_label(r.player, r.table, tf), tf)
        error = "–" if r.mean_error_g is None else f"{r.mean_error_g:.0f}" if r.mean_error_g >= 10 else f"{r.mean_error_g:.1f}"
        values = {"hits": str(r.hits), "exact": str(r.exact), "rate": f"{round(100 * r.hit_rate)}", "error": error}
        for key, x in cols:
            put(d, x, y, values[key], hf, "r")


def draw_league(device: Any, view: LeaderboardView, lang: str = "de") -> None:
    """Render the leaderboard on a luma device (``ssd1306``, ``sh1106``, ``dummy``, …) through ``canvas``."""
    from luma.core.render import canvas

    with canvas(device) as draw:
        render_league(view, draw, lang)


screens.register(LeaderboardView, render_league)
