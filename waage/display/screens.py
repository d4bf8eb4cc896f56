"""Drawing the views on a 128×64 monochrome screen: the shared screens and the dispatch by view type.

``render(view, draw, lang)`` paints one view with a PIL ``ImageDraw`` (white = lit
pixel); ``draw_view(device, view, lang)`` does it on a luma device through
``luma.core.render.canvas``. Layout: a 13 px inverted header bar (what is going
on, and the round / attempt), below it the body with the numbers that matter at
arm's length in a big bold face (target, grams drunk, dice).

The painter of a view is found by the view's type, never by a game: the shared screens here
(messages, lists, counts, confirmations, dice entry, a helper game's turn, score and winner, the
plain scale and the glass, number entry), the statistics (``stats_screen``), the screens
registered by the display's own modules (``register``: ``qr_screen``, ``league_screen``) and each
game kit's own (``GameSpec.screens``, e.g. ``waage.games.waagespiel.screens``). The drawing kit
(fitting, ``put``, ``header``, numbers, dice, ``trace_texts``) is ``waage.display.paint``; its
names are importable from here as well.

Every text goes through ``draw.text`` with a font from ``fonts.get_font`` and is
fitted to the space it has (shrunk or cut with "…"), so nothing is drawn outside
the 128×64 area; the tests check that with the text bounding boxes.

Example::

    from luma.core.device import dummy
    from waage.display.screens import draw_view
    from waage.display.views import ChosenView
    dev = dummy(width=128, height=64, mode="1")
    draw_view(dev, ChosenView(1, "Ben", 50, 45, 55, "lowest"), "de")
    dev.image  # PIL image, mode "1"
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from PIL import ImageDraw

from waage.display.fonts import Font, get_font
from waage.display.paint import (
    BLACK,
    HEADER_H,
    HEADER_SIZES,
    HEIGHT,
    LINE_SIZES,
    MEDIUM,
    SMALL,
    TINY,
    WHITE,
    WIDTH,
    biggest_number,
    die,
    faces_of,
    fit,
    fits,
    header,
    hidden_ink,  # noqa: F401  (importable from here: the render tests)
    ink_rows,
    largest,
    largest_within,
    number,
    put,
    put_lines,
    rows_each,
    text_width,
    trace_texts,  # noqa: F401  (importable from here: the render tests)
    wrap,
    wrap_whole,
)
from waage.display.stats_screen import paint_stats, stats_pages  # noqa: F401  (stats_pages: importable from here)
from waage.display.texts import fmt_g, has_text, text
from waage.display.views import (
    ConfirmView,
    CountView,
    DiceEntryView,
    GlassWeighView,
    HelperGameView,
    ListView,
    MessageView,
    NumberEntryView,
    ScaleView,
    ScoreView,
    StatsView,
    TurnView,
    View,
    WinnerView,
)
from waage.games import GAMES, on_change

#: ``painter(view, draw, lang)``: paints one view on a 128×64 draw
Painter = Callable[[Any, ImageDraw.ImageDraw, str], None]


def _message(v: MessageView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title)
    put_lines(d, v.lines, (26, 38, 50, 61), SMALL)


def helper_layout(v: HelperGameView) -> list[tuple[int, str, Font]] | None:
    """Where ``v``'s title and lines go, each whole: (baseline, text, font); None when they do not fit.

    The title in one row (down to 8 px, either face) or, with a long name, word-wrapped onto two;
    the lines on the three 9-px rows below, each in its own biggest face, a long one on two rows."""
    title_f = largest(v.title, (14, 12, SMALL, TINY, 9, 8), WIDTH - 2)
    if text_width(v.title, title_f) <= WIDTH - 2:
        title, title_rows, rows = [(v.title, title_f)], (29,), (41, 51, 61)
    else:
        for face in faces_of((9, 8)):
            two = wrap_whole(v.title, face, WIDTH - 2, 2)
            if two is not None:
                break
        else:
            return None
        title, title_rows, rows = [(line, face) for line in two], (24, 33), (43, 53, 62)
    fitted = rows_each(v.lines, (9, 8), WIDTH - 2, len(rows))
    if fitted is None:
        return None
    return [(y, s, f) for y, (s, f) in zip(title_rows, title)] + [(y, s, f) for y, (s, f) in zip(rows, fitted)]


def _helper(v: HelperGameView, d: ImageDraw.ImageDraw, lang: str) -> None:
    """The simulator's screen of a helper game: the title in one line (down to 8 px, either face) or, with a
    long name, in two; then up to three status lines in 9 px (10 px apart: no descender on a capital)."""
    from waage.games import GAMES

    key = GAMES[v.game].title_key if v.game in GAMES else f"game_{v.game}"  # the registry's title
    header(d, text(key, lang) if has_text(key, lang) else v.game)
    lines = list(v.lines)  # what does not fit whole gives way from the front: the older notes first
    while len(lines) > 1 and helper_layout(HelperGameView(v.game, v.title, lines)) is None:
        lines.pop(0)
    v = HelperGameView(v.game, v.title, lines)
    placed = helper_layout(v)
    if placed is not None:
        for y, s, f in placed:
            put(d, 1, y, s, f)
        return
    title_f = largest(v.title, (14, 12, SMALL, TINY, 9, 8), WIDTH - 2)
    if text_width(v.title, title_f) <= WIDTH - 2:
        put(d, 1, 29, v.title, title_f)
        put_lines(d, v.lines, (41, 51, 61), 9)
        return
    for face in faces_of((9, 8)):
        two = wrap_whole(v.title, face, WIDTH - 2, 2)
        if two is not None:
            break
    else:
        face, two = get_font(8), wrap(v.title, get_font(8), WIDTH - 2, 2)
    for y, line in zip((24, 33), two):
        put(d, 1, y, line, face)
    put_lines(d, v.lines, (43, 53, 62), 9)


def _dice_entry(v: DiceEntryView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("entry_for", lang, name=v.player) if fits(text("entry_for", lang, name=v.player),
                                                                 HEADER_SIZES, WIDTH - 4) else v.player)
    size = 30
    xs = (6, 44)
    for i, x in enumerate(xs):
        die(d, x, 16, size, v.dice[i], inverted=(v.cursor == i))
    f = get_font(MEDIUM)
    ok_box = (84, 21, 121, 41)
    cx = (ok_box[0] + ok_box[2]) / 2 + 1
    if v.cursor == 2:
        d.rounded_rectangle(ok_box, radius=4, fill=WHITE)
        put(d, cx, 37, text("entry_ok", lang), f, "m", BLACK)
    else:
        d.rounded_rectangle(ok_box, radius=4, outline=WHITE)
        put(d, cx, 37, text("entry_ok", lang), f, "m")
    if 0 <= v.cursor <= 1:  # cursor bar under the selected item
        d.rectangle((xs[v.cursor], 48, xs[v.cursor] + size - 1, 49), fill=WHITE)
    elif v.cursor == 2:
        d.rectangle((ok_box[0], 48, ok_box[2], 49), fill=WHITE)
    tf = get_font(TINY)
    unset = 0 <= v.cursor <= 1 and not 1 <= v.dice[v.cursor] <= 6
    hint = text("entry_hint_ok" if v.cursor == 2 else "entry_hint_unset" if unset else "entry_hint_die", lang)
    hf = largest(hint, LINE_SIZES, WIDTH - 2)
    put(d, 1, 61, fit(hint, hf, WIDTH - 2), hf)


# --------------------------------------------------------------------------- menu and input flows
#: rows of a ListView: top pixel row of each 12 px row (text baseline = top + 10)
LIST_ROWS = (15, 27, 39, 51)


def _scroll_marks(d: ImageDraw.ImageDraw, first: int, shown: int, n: int, top: int, bottom: int) -> None:
    """Small triangles at the right edge: more entries above / below the visible ones."""
    if first > 0:
        d.polygon([(WIDTH - 4, top), (WIDTH - 7, top + 4), (WIDTH - 1, top + 4)], fill=WHITE)
    if first + shown < n:
        d.polygon([(WIDTH - 4, bottom), (WIDTH - 7, bottom - 4), (WIDTH - 1, bottom - 4)], fill=WHITE)


def _list(v: ListView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title, [v.right] if v.right else [])
    n, rows = len(v.items), len(LIST_ROWS)
    sel = min(max(v.selected, 0), n - 1) if n else -1
    first = min(max(sel - 1, 0), max(n - rows, 0))
    text_x = 13 if v.marks is not None else 3
    for i in range(min(rows, n - first)):
        idx, y0 = first + i, LIST_ROWS[i]
        ink = WHITE
        if idx == sel:
            d.rectangle((0, y0, WIDTH - 9, y0 + 11), fill=WHITE)
            ink = BLACK
        if v.marks is not None and idx < len(v.marks):
            box = (2, y0 + 2, 9, y0 + 9)
            if v.marks[idx]:
                d.rectangle(box, fill=ink)
            else:
                d.rectangle(box, outline=ink)
        room = WIDTH - 11 - text_x
        item_f = largest_within(v.items[idx], (SMALL, TINY, 9, 8), room, 10, 3)  # within the bar
        put(d, text_x, y0 + 10, fit(v.items[idx], item_f, room), item_f, "l", ink)
    _scroll_marks(d, first, rows, n, LIST_ROWS[0], LIST_ROWS[-1] + 11)


def _count(v: CountView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title, [v.right] if v.right else [])
    f = largest(v.label, (SMALL, TINY, 9), WIDTH - 4)
    put(d, WIDTH / 2, 26, fit(v.label, f, WIDTH - 4), f, "m")
    digits = str(v.value)
    size = biggest_number(digits, (26, 24, 22, 20, 18), WIDTH - 30, v.unit)
    number(d, WIDTH / 2, 51, digits, size, unit=v.unit, align="m")
    # − and + marks: PREV lowers, NEXT raises
    d.polygon([(3, 41), (9, 36), (9, 46)], fill=WHITE)
    d.polygon([(WIDTH - 4, 41), (WIDTH - 10, 36), (WIDTH - 10, 46)], fill=WHITE)
    if v.hint:
        tf = largest(v.hint, LINE_SIZES, WIDTH - 2)
        put(d, WIDTH / 2, 61, fit(v.hint, tf, WIDTH - 2), tf, "m")


def _confirm(v: ConfirmView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title)
    qf = largest(v.question, (16, 14, 12, 11), WIDTH - 2)
    put(d, WIDTH / 2, 31, fit(v.question, qf, WIDTH - 2), qf, "m")
    tf = largest(v.detail, (TINY, 9, 8), WIDTH - 2)
    put(d, WIDTH / 2, 44, fit(v.detail, tf, WIDTH - 2), tf, "m")
    f = get_font(SMALL)
    for box, label, chosen in (((1, 47, 62, 62), v.no, not v.yes_selected),
                               ((65, 47, 126, 62), v.yes, v.yes_selected)):
        cx = (box[0] + box[2]) / 2
        if chosen:
            d.rounded_rectangle(box, radius=3, fill=WHITE)
            put(d, cx, 58, fit(label, f, box[2] - box[0] - 4), f, "m", BLACK)
        else:
            d.rounded_rectangle(box, radius=3, outline=WHITE)
            put(d, cx, 58, fit(label, f, box[2] - box[0] - 4), f, "m")


def _turn(v: TurnView, d: ImageDraw.ImageDraw, lang: str) -> None:
    """Name big (baseline 30, ≤ 16 px), two status lines (9 px) and the hint (10 px): 10 px apart,
    so a descender never reaches the capitals below (issue 21: every text whole, none on another)."""
    header(d, v.title, [v.right] if v.right else [])
    left_w = 84 if v.dice else WIDTH - 2
    if v.dice and not fits(v.player, (16, 14, 12, SMALL), left_w):
        left_w = WIDTH - 2  # a long name keeps a readable size; the status line gives the roll in figures
    elif v.dice:
        die(d, 88, 16, 18, v.dice[0])  # rows 16–33: the first status line's tops start at 34
        die(d, 108, 16, 18, v.dice[1])
    nf = largest(v.player, (16, 14, 12, SMALL, TINY, 9), left_w)
    put(d, 1, 30, fit(v.player, nf, left_w), nf)
    for y, line in zip((41, 51), v.lines):
        lf = largest(line, LINE_SIZES[1:], WIDTH - 2)
        put(d, 1, y, fit(line, lf, WIDTH - 2), lf)
    hf = largest(v.hint, LINE_SIZES, WIDTH - 2)
    put(d, 1, 61, fit(v.hint, hf, WIDTH - 2), hf)


#: ScoreView rows: the name's sizes (either face)
SCORE_NAME_SIZES = (SMALL, TINY, 9)


def score_row_fits(label: str, value: str) -> bool:
    """A ScoreView row fits one line: the name and the value side by side, each at 9 px or more."""
    vf = largest(value, (SMALL, TINY, 9), WIDTH - 30)
    room = WIDTH - 8 - text_width(value, vf)
    return text_width(value, vf) <= WIDTH - 30 and fits(label, SCORE_NAME_SIZES, room)


def score_capacity(rows: Sequence[tuple[str, str]]) -> int:
    """How many of ``rows`` one ScoreView shows: 4 one-line rows, or 2 when a row needs two lines
    (the name on one, the value under it, right-aligned)."""
    return 4 if all(score_row_fits(label, value) for label, value in rows) else 2


def _score(v: ScoreView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title, [v.right] if v.right else [])
    rows = v.rows[:4]
    if not rows:
        return
    if score_capacity(rows) == 2:  # two lines a row: the name, the value right-aligned under it
        for (top, bottom), (label, value) in zip(((26, 38), (51, 62)), rows[:2]):
            nf = largest(label, SCORE_NAME_SIZES, WIDTH - 2)
            put(d, 1, top, fit(label, nf, WIDTH - 2), nf)
            free = top + ink_rows(label, nf)[1]  # the value's tops keep off the name's descenders
            vf = largest_within(value, (SMALL, TINY, 9, 8), WIDTH - 12, bottom - 1 - free)
            put(d, WIDTH - 1, bottom - 1, fit(value, vf, WIDTH - 12), vf, "r")
        return
    if len(rows) <= 3:
        baselines, value_sizes = (28, 44, 60), (16, 14, 12, 11, TINY, 9)
    else:
        baselines, value_sizes = (25, 37, 49, 61), (SMALL, TINY, 9)
    for y, (label, value) in zip(baselines, rows):
        for vf in faces_of(value_sizes):  # the biggest value that leaves the name its room
            vw = text_width(value, vf)
            if vw <= WIDTH - 30 and fits(label, SCORE_NAME_SIZES, WIDTH - 8 - vw):
                break
        room = WIDTH - 8 - vw
        # 12 px a row: 9 above the baseline, 3 under it (a capital umlaut under a "g": issue 21)
        nf = largest_within(label, SCORE_NAME_SIZES, room, 9, 3) if len(rows) > 3 else \
            largest(label, SCORE_NAME_SIZES, room)
        put(d, WIDTH - 1, y, fit(value, vf, WIDTH - 30), vf, "r")
        put(d, 1, y, fit(label, nf, room), nf)



# --------------------------------------------------------------------------- a helper game's winner
#: the table rows of a WinnerView page after the first (baselines, SMALL text)
WINNER_ROWS = (25, 37, 49, 61)
#: names and values of the table: the sizes tried (either face, ``largest``)
ROW_SIZES = (SMALL, TINY, 9)
WINNER_SIZES = (18, 16, 14, 12, SMALL, TINY)


def _winner_lines(v: WinnerView, lang: str = "de") -> tuple[Font, list[str]]:
    """The winners as drawn on page 1: one line when it fits, else one name per line (at most 2 lines:
    a team or a shared win of two; more winners share the lines, comma-separated)."""
    joined = ", ".join(v.winners)
    f = largest(joined, WINNER_SIZES, WIDTH - 2)
    if text_width(joined, f) <= WIDTH - 2:
        return f, [joined]
    if len(v.winners) == 2:
        lines = list(v.winners)
    else:  # a shared win of many: the first, then how many more (the table lists them all)
        lines = [v.winners[0], text("more_winners", lang, n=len(v.winners) - 1)]
    for face in faces_of((16, 14, 12, SMALL, TINY, 9)):  # one size for both lines
        if all(text_width(line, face) <= WIDTH - 2 for line in lines):
            return face, lines
    return get_font(9), lines


def _first_page_rows(v: WinnerView, lang: str = "de") -> int:
    """How many table rows page 1 shows under the winners (0 when the winners take two lines)."""
    _, lines = _winner_lines(v, lang)
    return 2 if len(lines) == 1 else 0


def winner_pages(v: WinnerView, lang: str = "de") -> int:
    """How many pages ``v`` has: the winners with the first rows that fit, then ``WINNER_ROWS`` rows a page."""
    rest = max(len(v.rows) - _first_page_rows(v, lang), 0)
    return 1 + -(-rest // len(WINNER_ROWS))


def _table_row(d: ImageDraw.ImageDraw, y: int, name: str, value: str, sizes: Sequence[int], free: int) -> int:
    """One row of a final table: the name left, the points right, each in the biggest size that fits;
    the name's ink starts at row ``free`` or lower (the dots of "Ö" off the descenders above, issue 21).
    Returns the first row under the name's ink."""
    vf = largest(value, sizes, 40)
    vw = text_width(value, vf)
    nf = largest_within(name, sizes, WIDTH - 8 - vw, y - free)
    put(d, WIDTH - 1, y, fit(value, vf, 40), vf, "r")
    put(d, 1, y, fit(name, nf, WIDTH - 8 - vw), nf)
    return y + ink_rows(name, nf)[1]


def _winner(v: WinnerView, d: ImageDraw.ImageDraw, lang: str) -> None:
    pages = winner_pages(v, lang)
    page = v.page % pages
    header(d, v.title, [f"{page + 1}/{pages}"] if pages > 1 else [])
    if page == 0:
        lf = largest(v.label, (SMALL, TINY, 9), WIDTH - 2)
        put(d, 1, 25, fit(v.label, lf, WIDTH - 2), lf)
        f, lines = _winner_lines(v, lang)
        if len(lines) == 1:
            put(d, 1, 41, fit(lines[0], f, WIDTH - 2), f)
            d.line((0, 43, WIDTH - 1, 43), fill=WHITE)
            free = 44
            for y, (name, value) in zip((52, 61), v.rows[:_first_page_rows(v, lang)]):
                free = _table_row(d, y, name, value, (TINY, 9, 8), free)
        else:
            for y, line in zip((41, 58), lines):
                put(d, 1, y, fit(line, f, WIDTH - 2), f)
        return
    first = _first_page_rows(v, lang) + (page - 1) * len(WINNER_ROWS)
    free = HEADER_H
    for y, (name, value) in zip(WINNER_ROWS, v.rows[first:first + len(WINNER_ROWS)]):
        free = _table_row(d, y, name, value, ROW_SIZES, free)


# --------------------------------------------------------------------------- the plain scale, the glass, calibration
#: the plain scale's digits: as big as the body allows ("große digitale Anzeige")
HUGE_SIZES = (40, 36, 32, 30, 28, 26, 24, 22, 20)


def _signed_g(grams: float) -> str:
    """Whole grams with a minus sign for a negative net (a tare point above the load)."""
    digits = fmt_g(abs(grams))
    return f"−{digits}" if fmt_g(grams).startswith("-") else digits


def _scale(v: ScaleView, d: ImageDraw.ImageDraw, lang: str) -> None:
    title = text("check_title" if v.check else "scale_title", lang)
    header(d, title, [text("scale_tared", lang)] if v.tared and not v.check else [])
    tf = get_font(TINY)
    if v.net_g is None:
        put(d, WIDTH / 2, 40, "–", get_font(28), "m")
        put(d, WIDTH / 2, 51, text("scale_no_reading", lang), tf, "m")
    else:
        digits = _signed_g(v.net_g)
        number(d, WIDTH / 2, 49, digits, biggest_number(digits, HUGE_SIZES, WIDTH - 4), align="m")
    hint = text("check_hint" if v.check else "scale_hint", lang)
    hf = largest(hint, (TINY, 9), WIDTH - 2)
    put(d, WIDTH / 2, 61, fit(hint, hf, WIDTH - 2), hf, "m")


def _litres(size_l: float, lang: str) -> str:
    """A glass's size in litres ("0,5 l"; a decimal comma in German)."""
    s = f"{size_l:g}"
    return text("glass_size_short", lang, l=s.replace(".", ",") if lang == "de" else s)


def _glass_weigh(v: GlassWeighView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("glass_title", lang), [_litres(v.size_l, lang)] if v.size_l else [])
    f = get_font(SMALL)
    tf = get_font(TINY)
    if v.note:  # the refusal takes the lower half, in an inverted box
        baseline, sizes = 37, (20, 18, 16, 14)
    else:
        baseline, sizes = 48, (24, 22, 20, 18)
        ask = text("glass_put", lang)
        af = largest(ask, (SMALL, TINY), WIDTH - 2)
        put(d, 1, 25, fit(ask, af, WIDTH - 2), af)
    if v.load_g is None:
        put(d, WIDTH / 2, baseline, "–", get_font(sizes[0]), "m")
    else:
        digits = _signed_g(v.load_g)
        number(d, WIDTH / 2, baseline, digits, biggest_number(digits, sizes, WIDTH - 30), align="m")
        if not v.steady:  # a wave beside the number: not settled yet
            put(d, WIDTH - 2, baseline, "~", get_font(MEDIUM), "r")
    if v.note:
        d.rectangle((0, 42, WIDTH - 1, HEIGHT - 1), fill=WHITE)
        lines = wrap(v.note, tf, WIDTH - 4, 2)
        for y, line in zip((51, 61) if len(lines) > 1 else (56,), lines):
            put(d, 2, y, line, tf, "l", BLACK)
    else:
        hint = text("glass_ok_hint" if v.steady else "glass_wait_hint", lang)
        put(d, WIDTH / 2, 61, fit(hint, tf, WIDTH - 2), tf, "m")



def _number_entry(v: NumberEntryView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title, [v.right] if v.right else [])
    n = max(len(v.digits), 1)
    size = 24 if n <= 4 else 20
    cell = 20 if n <= 4 else 16
    top, bottom = 17, 45
    if v.label:  # whose number: a line above smaller digits
        lf = largest(v.label, (SMALL, TINY, 9), WIDTH - 2)
        put(d, WIDTH / 2, 25, fit(v.label, lf, WIDTH - 2), lf, "m")
        size, top, bottom = 16, 28, 46  # the digits' tops clear the box's edge
    df = get_font(size)
    unit_f = get_font(MEDIUM)
    unit_w = text_width(v.unit, unit_f) + 4 if v.unit else 0
    x0 = round((WIDTH - n * cell - unit_w) / 2)
    for i, ch in enumerate(v.digits):
        x = x0 + i * cell
        box = (x, top, x + cell - 3, bottom)
        if i == v.cursor:
            d.rounded_rectangle(box, radius=3, fill=WHITE)
            put(d, x + (cell - 3) / 2, bottom - 5, ch, df, "m", BLACK)
        else:
            d.rounded_rectangle(box, radius=3, outline=WHITE)
            put(d, x + (cell - 3) / 2, bottom - 5, ch, df, "m")
    if v.unit:
        put(d, x0 + n * cell + 2, bottom - 5, v.unit, unit_f)
    if 0 <= v.cursor < n:
        x = x0 + v.cursor * cell
        d.rectangle((x, 48, x + cell - 3, 49), fill=WHITE)
    if v.hint:
        tf = largest(v.hint, LINE_SIZES, WIDTH - 2)
        put(d, WIDTH / 2, 61, fit(v.hint, tf, WIDTH - 2), tf, "m")




#: the shared screens and the ones the display's modules ``register``
_RENDERERS: dict[type, Painter] = {
    DiceEntryView: _dice_entry,
    StatsView: paint_stats,
    MessageView: _message,
    HelperGameView: _helper,
    ListView: _list,
    CountView: _count,
    ConfirmView: _confirm,
    TurnView: _turn,
    ScoreView: _score,
    ScaleView: _scale,
    GlassWeighView: _glass_weigh,
    NumberEntryView: _number_entry,
    WinnerView: _winner,
}


def register(view_type: type, renderer: Painter) -> None:
    """Add the screen of a view defined elsewhere (e.g. ``waage.display.qr_screen.QrView``):
    ``renderer(view, draw, lang)`` paints it like the built-in ones."""
    _RENDERERS[view_type] = renderer
    painters.cache_clear()


@functools.cache
def painters() -> dict[type, Painter]:
    """Every painter by view type: the shared ones (``_RENDERERS``) and each game kit's own
    (``GameSpec.painters``, in menu order).

    Raises ValueError when a kit paints a view type that has a painter already: one view, one screen.
    """
    out = dict(_RENDERERS)
    for game in GAMES.values():
        for view_type, painter in game.painters().items():
            if out.setdefault(view_type, painter) is not painter:
                raise ValueError(f"the view {view_type.__name__} of the game {game.id!r} has a screen already")
    return out


on_change(painters.cache_clear)  # a game registered (a test's toy game) brings its screens


def render(view: View, draw: ImageDraw.ImageDraw, lang: str = "de") -> None:
    """Paint ``view`` on a 128×64 ``draw`` (expects a black, mode "1" image; white = lit).

    lang: "de" (default) or "en". Raises TypeError for an object that is not a view.
    """
    try:
        fn = painters()[type(view)]
    except KeyError:
        raise TypeError(f"not a display view: {type(view).__name__}") from None
    fn(view, draw, lang)


def draw_view(device: Any, view: View, lang: str = "de") -> None:
    """Render ``view`` on a luma device (``ssd1306``, ``sh1106``, ``dummy``, …) through ``canvas``.

    Device errors (``OSError``, ``luma.core.error.Error``) propagate; ``OledDisplay`` handles them.
    """
    from luma.core.render import canvas

    with canvas(device) as draw:
        render(view, draw, lang)


def render_image(view: View, lang: str = "de") -> "Any":
    """The view as a new 128×64 mode "1" PIL image (no device needed)."""
    from PIL import Image

    img = Image.new("1", (WIDTH, HEIGHT), 0)
    render(view, ImageDraw.Draw(img), lang)
    return img

