"""The statistics screens (``StatsView``): a header, a column row, ``STATS_ROWS`` players a page.

A page shows ``STATS_COLUMNS`` figures (one where a long name needs the room:
``stats_per_page``), each column as wide as its header word or its widest value, right-aligned
from the right edge; the names take the room left (down to 8 px before they are cut).
``waage.display.screens`` paints it (``render``); ``stats_pages`` counts the pages a view has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from waage.display.fonts import Font, get_font
from waage.display.paint import (
    TINY, WHITE, WIDTH, fit, fits, fitting_within, header, ink_rows, largest, put, text_width,
)
from waage.display.texts import fmt_g, has_text, text
from waage.display.views import StatsView

#: Players per StatsView page.
STATS_ROWS = 4
#: Figures (columns) per StatsView page: two, so that each header is a whole word (issue 21); one
#: where a long name needs the room (``stats_per_page``)
STATS_COLUMNS = 2


def stats_pages(view: StatsView, lang: str = "de") -> int:
    """How many pages ``view`` has in ``lang``: its column groups (``STATS_COLUMNS`` figures a page,
    one where a name would not fit beside two: ``stats_per_page``) times its rows ``STATS_ROWS`` at a
    time (at least 1)."""
    return _stats_groups(view, stats_per_page(view, lang)) * _stats_row_pages(view)


#: the faces a name in the statistics may take (either face) before it would be cut
STATS_NAME_SIZES = (TINY, 9, 8)


def _stats_edges(columns: Sequence[str], rows: Sequence[dict[str, Any]], lang: str) -> tuple[list[tuple[str, str, int]], int]:
    """Right-aligned columns from the right edge, each as wide as its header or its widest value over
    ``rows``: ([(column, header, right x)], the room left for the names in px)."""
    hf, tf = get_font(9), get_font(TINY)
    right, edges = WIDTH - 1, []
    for col in reversed(columns):
        label = text(f"stats_h_{col}", lang) if has_text(f"stats_h_{col}", lang) else col
        width = max([text_width(label, hf)] + [text_width(_stats_value(st.get(col)), tf) for st in rows])
        edges.insert(0, (col, label, right))
        right -= width + 6
    return edges, right + 4


#: baseline to baseline of the statistics' rows, px
STATS_ROW_PITCH = 9


def _stats_name_faces(names: Sequence[str], max_w: float) -> list[Font]:
    """Each name's face: the biggest of ``STATS_NAME_SIZES`` (either face) that fits ``max_w`` and whose
    ink stays off the row above: the dots of a capital umlaut ("Özlem") never meet the descenders of
    the name above ("Jürgen Müßiggän") nor the rule under the column headers; where they would, the
    name above takes a face with shorter descenders (issue 21)."""
    faces: list[Font] = []
    free = 26  # the first row free of ink: under the rule, then under the name above
    free_above = free  # the same for the name above
    for i, name in enumerate(names):
        y = 34 + STATS_ROW_PITCH * i
        face = fitting_within(name, STATS_NAME_SIZES, max_w, y - free)
        if face is None and i > 0:  # the name above gives up a row of its descenders
            above = fitting_within(names[i - 1], STATS_NAME_SIZES, max_w, y - STATS_ROW_PITCH - free_above, 2)
            if above is not None:
                faces[-1] = above
                free = y - STATS_ROW_PITCH + ink_rows(names[i - 1], above)[1]
                face = fitting_within(name, STATS_NAME_SIZES, max_w, y - free)
        face = face or largest(name, STATS_NAME_SIZES, max_w)
        faces.append(face)
        free_above, free = free, y + ink_rows(name, face)[1]
    return faces


def stats_per_page(view: StatsView, lang: str = "de") -> int:
    """Figures a page: ``STATS_COLUMNS``, or fewer when a name (in one of ``STATS_NAME_SIZES``, either
    face) would not fit beside them: a 16-character name is shown whole, never cut (issue 21)."""
    rows = list(view.per_player.values())
    for per_page in range(STATS_COLUMNS, 1, -1):
        groups = [view.columns[i:i + per_page] for i in range(0, len(view.columns), per_page)]
        if all(fits(name, STATS_NAME_SIZES, _stats_edges(g, rows, lang)[1])
               for g in groups for name in view.per_player):
            return per_page
    return 1


def _stats_groups(view: StatsView, per_page: int) -> int:
    return max(1, -(-len(view.columns) // per_page))


def _stats_row_pages(view: StatsView) -> int:
    return max(1, -(-len(view.per_player) // STATS_ROWS))


def _stats_value(value: Any) -> str:
    if value is None:
        return "–"
    return value if isinstance(value, str) else fmt_g(float(value))


def paint_stats(v: StatsView, d: ImageDraw.ImageDraw, lang: str) -> None:
    """Rows of players (or teams) under whole-word column headers, two figures a page (one when a
    long name needs the room: ``stats_per_page``); a name takes the biggest face it fits (issue 21)."""
    per_page = stats_per_page(v, lang)
    row_pages = _stats_row_pages(v)
    pages = _stats_groups(v, per_page) * row_pages  # as ``stats_pages``, without measuring the names twice
    page = v.page % pages
    group, row_page = divmod(page, row_pages)
    header(d, v.title or text("stats_title", lang), [text("page", lang, i=page + 1, n=pages)] if pages > 1 else [])
    columns = v.columns[group * per_page:(group + 1) * per_page]
    items = list(v.per_player.items())[row_page * STATS_ROWS:(row_page + 1) * STATS_ROWS]
    hf, tf = get_font(9), get_font(TINY)
    edges, name_w = _stats_edges(columns, list(v.per_player.values()), lang)
    put(d, 1, 23, fit(text("col_name", lang), hf, name_w), hf)
    for _, label, x in edges:
        put(d, x, 23, label, hf, "r")
    d.line((0, 25, WIDTH - 1, 25), fill=WHITE)
    if not items:
        put(d, 1, 35, text("no_players", lang), tf)
    faces = _stats_name_faces([name for name, _ in items], name_w)
    for i, ((name, st), face) in enumerate(zip(items, faces)):
        y = 34 + STATS_ROW_PITCH * i
        put(d, 1, y, fit(name, face, name_w), face)
        for col, _, x in edges:
            put(d, x, y, _stats_value(st.get(col)), tf, "r")

