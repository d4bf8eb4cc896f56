"""Drawing the views on a 128×64 monochrome screen.

``render(view, draw, lang)`` paints one view with a PIL ``ImageDraw`` (white = lit
pixel); ``draw_view(device, view, lang)`` does it on a luma device through
``luma.core.render.canvas``. Layout: a 13 px inverted header bar (what is going
on, and the round / attempt), below it the body with the numbers that matter at
arm's length in a big bold face (target, grams drunk, dice).

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

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from waage.display.fonts import Font, digit_font, get_font, get_mono, safe_text
from waage.display.texts import fmt_g, has_text, text
from waage.display.views import (
    ChooseView,
    ChosenView,
    ConfirmView,
    CountView,
    DiceEntryView,
    DrinkingView,
    FaultView,
    GlassUnknownView,
    GlassWeighView,
    HelperGameView,
    ListView,
    MessageView,
    NumberEntryView,
    RefillView,
    RollView,
    ScaleView,
    ScoreView,
    SetupView,
    StatsView,
    TieBreakView,
    TurnView,
    VerdictView,
    View,
    WinnerView,
)

WIDTH = 128
HEIGHT = 64
HEADER_H = 14  # rows 0..13
WHITE = 255
BLACK = 0
#: Players per StatsView page.
STATS_ROWS = 4
#: Figures (columns) per StatsView page: two, so that each header is a whole word (issue 21); one
#: where a long name needs the room (``stats_per_page``)
STATS_COLUMNS = 2

# Font sizes (em px). Small text 10–11 px (cap height ≈ 8), numbers 22–30 px.
TINY = 10
SMALL = 11
MEDIUM = 14
NAME_SIZES = (20, 18, 16, 14, 12, 11)
#: small lines (status, hints, the last roll): the sizes tried (either face) before a line is cut
LINE_SIZES = (TINY, 9, 8)
BIG_SIZES = (30, 28, 26, 24, 22, 20, 18, 16, 14)


# --------------------------------------------------------------------------- text helpers

@dataclass(frozen=True)
class DrawnText:
    """One text as drawn (``trace_texts``): the string, its ink box (left, top, right, bottom;
    right/bottom exclusive) and whether the layout shortened it ("…" put in by ``fit``/``wrap``)."""

    text: str
    box: tuple[int, int, int, int]
    cut: bool
    #: the text's own lit pixels on a 128×64 mode "1" image (what it shares with another text collides)
    ink: Any = field(default=None, compare=False, repr=False)
    #: the canvas just before the text was drawn (mode "1"; None when not drawn on a 128×64 image)
    before: Any = field(default=None, compare=False, repr=False)
    #: the ink's colour: WHITE (lit on dark) or BLACK (dark on a lit bar)
    fill: int = field(default=255, compare=False)


@dataclass
class TextTrace:
    """What ``trace_texts`` collects: every ``DrawnText`` in drawing order."""

    drawn: list[DrawnText] = field(default_factory=list)
    cut: set[str] = field(default_factory=set)


_TRACE: ContextVar[TextTrace | None] = ContextVar("waage_text_trace", default=None)


@contextmanager
def trace_texts() -> Iterator[TextTrace]:
    """Record every text ``put`` draws while the block runs (the render tests: boxes, cuts, overlaps)."""
    trace = TextTrace()
    token = _TRACE.set(trace)
    try:
        yield trace
    finally:
        _TRACE.reset(token)


def _note_cut(s: str) -> str:
    trace = _TRACE.get()
    if trace is not None:
        trace.cut.add(s)
    return s


_DIGIT_RUNS = re.compile(r"([0-9]+)")


def _runs(s: str, font: Font) -> list[tuple[str, Font]]:
    """``s`` split into runs of one face: the digits of a small condensed font in the mono face
    (``fonts.digit_font``: the condensed "8" reads as "B" at 10 px), the rest in ``font``."""
    df = digit_font(font)
    if df is None or not any("0" <= c <= "9" for c in s):
        return [(s, font)]
    return [(part, df if part.isdigit() else font) for part in _DIGIT_RUNS.split(s) if part]


def _len(s: str, font: Font) -> float:
    s = safe_text(s, font)
    return sum(f.getlength(part) for part, f in _runs(s, font))


def fit(s: str, font: Font, max_w: float) -> str:
    """``s`` cut at the end with "…" so that it is at most ``max_w`` px wide in ``font``."""
    if _len(s, font) <= max_w:
        return s
    ell = "…"
    while s and _len(s + ell, font) > max_w:
        s = s[:-1]
    return _note_cut((s.rstrip() + ell) if s else "")


def _faces(sizes: Sequence[int]) -> list[Font]:
    """The fonts ``largest`` tries: each size in the condensed face, then in the mono face (a name of
    wide letters, "WWWW…", fits the mono face where it cannot fit the condensed one)."""
    out: list[Font] = []
    for size in sizes:
        out += [get_font(size), get_mono(size)]
    return out


def largest(s: str, sizes: Sequence[int], max_w: float) -> Font:
    """The biggest font among ``sizes`` (descending) in which ``s`` fits ``max_w`` px (else the smallest).

    At each size the condensed face comes first, then the mono face (``fonts.get_mono``)."""
    for f in _faces(sizes):
        if _len(s, f) <= max_w:
            return f
    return get_font(sizes[-1])


def largest_within(s: str, sizes: Sequence[int], max_w: float, above: int, below: int = 99) -> Font:
    """``largest`` among the faces whose glyphs of ``s`` reach at most ``above`` px over the baseline and
    ``below`` px under it: a row box (a list's selection bar) shows every pixel, the dots of "Ö" and
    "Ü" included (issue 21); else ``largest``."""
    return _within(s, sizes, max_w, above, below) or largest(s, sizes, max_w)


def _within(s: str, sizes: Sequence[int], max_w: float, above: int, below: int = 99) -> Font | None:
    """``largest_within`` without the fallback: None when no face keeps to the rows."""
    for f in _faces(sizes):
        if _len(s, f) <= max_w:
            top, bottom = _ink_rows(s, f)
            if top >= -above and bottom <= below:
                return f
    return None


def _ink_rows(s: str, font: Font) -> tuple[int, int]:
    """The rows of ``s``'s ink relative to the baseline (top ≤ 0, bottom exclusive), over its runs."""
    s = safe_text(s, font)
    boxes = [f.getbbox(part, anchor="ls") for part, f in _runs(s, font) if part.strip()]
    if not boxes:
        return 0, 0
    return int(min(b[1] for b in boxes)), int(max(b[3] for b in boxes))


def fits(s: str, sizes: Sequence[int], max_w: float) -> bool:
    """``s`` fits ``max_w`` px in one of ``sizes`` (either face)."""
    return _len(s, largest(s, sizes, max_w)) <= max_w


def ellipsize(s: str, font: Font, max_w: float) -> str:
    """``s`` with "…" appended (cutting ``s`` as needed) to mark that text follows that is not shown."""
    if _len(s + "…", font) <= max_w:
        return _note_cut(s + "…")
    return _note_cut(fit(s + " " * 8, font, max_w))


#: units ``wrap`` never puts at the start of a line when a number precedes them
UNITS = frozenset({"g", "kg", "l", "ml", "%", "s", "min", "SPS"})


def wrap(s: str, font: Font, max_w: float, max_lines: int) -> list[str]:
    """Word-wrap ``s`` into at most ``max_lines`` lines of ``max_w`` px; the last one ends in "…" if cut."""
    words: list[str] = []
    for word in s.split():  # a number and its unit stay on one line ("500 g", "0,5 l")
        if words and word.rstrip(".,;:!?)") in UNITS and words[-1][-1:].isdigit():
            words[-1] += " " + word
        else:
            words.append(word)
    lines = [fit(line, font, max_w) for line in _greedy_lines(words, font, max_w)]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1], font, max_w)
    return lines


def _greedy_lines(words: Sequence[str], font: Font, max_w: float) -> list[str]:
    """``words`` filled greedily into lines of at most ``max_w`` px (a single word wider stays whole)."""
    lines: list[str] = []
    cur = ""
    for word in words:
        trial = f"{cur} {word}" if cur else word
        if cur and _len(trial, font) > max_w:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _wrap_quiet(s: str, font: Font, max_w: float, max_lines: int) -> list[str] | None:
    """``wrap`` without a cut, or None when it would cut."""
    lines = _greedy_lines(s.split(), font, max_w)
    if len(lines) > max_lines or any(_len(line, font) > max_w for line in lines):
        return None
    return lines


def _ink(calls: Sequence[tuple[tuple[int, int], str, Font, str]]) -> Any:
    """The lit pixels of one text alone (``DrawnText.ink``), drawn as ``put`` drew it."""
    from PIL import Image

    img = Image.new("1", (WIDTH, HEIGHT), 0)
    d = ImageDraw.Draw(img)
    for xy, part, f, anchor in calls:
        d.text(xy, part, font=f, fill=WHITE, anchor=anchor)
    return img


def _canvas(draw: ImageDraw.ImageDraw) -> Any:
    """A copy of the 128×64 mode "1" image ``draw`` paints on (``DrawnText.before``), else None."""
    image = getattr(draw, "_image", None)
    if image is None or image.mode != "1" or image.size != (WIDTH, HEIGHT):
        return None
    return image.copy()


def hidden_ink(t: DrawnText, final: Any) -> Any:
    """The pixels of ``t``'s glyphs that do not show in ``final`` (mode "1", the finished screen): ink put
    where the canvas already had the text's colour (a bar's edge, a rule, a box) or covered by what was
    drawn later. An image of them (``getbbox()`` None: every pixel of the text shows)."""
    from PIL import ImageChops

    if t.before is None or t.ink is None:
        return None
    ink, before, shown = (im.convert("L") for im in (t.ink, t.before, final))
    inv = ImageChops.invert
    if t.fill == WHITE:  # lit ink must land on dark and stay lit
        shows = ImageChops.darker(inv(before), shown)
    else:  # dark ink must land on lit and stay dark
        shows = ImageChops.darker(before, inv(shown))
    return ImageChops.darker(ink, inv(shows))


def put(draw: ImageDraw.ImageDraw, x: float, baseline: float, s: str, font: Font,
        align: str = "l", fill: int = WHITE) -> None:
    """Draw ``s`` with its baseline at ``baseline``; ``align`` "l" (x = left), "r" (x = right), "m" (x = centre).

    The digits of a small condensed font are drawn in the mono face (``_runs``)."""
    s = safe_text(s, font)
    if not s:
        return
    runs = _runs(s, font)
    trace = _TRACE.get()
    before = _canvas(draw) if trace is not None else None
    if len(runs) == 1:
        font = runs[0][1]  # a text of digits only: the mono face
        anchor = {"l": "ls", "r": "rs", "m": "ms"}[align]
        # whole-pixel anchor points: fractional ones make Pillow's 1-bit glyphs stray past textbbox
        xy = (round(x), round(baseline))
        draw.text(xy, s, font=font, fill=fill, anchor=anchor)
        if trace is not None:
            box = draw.textbbox(xy, s, font=font, anchor=anchor)
            ink = _ink([(xy, s, font, anchor)])
            trace.drawn.append(DrawnText(s, tuple(int(v) for v in box), s in trace.cut, ink,  # type: ignore[arg-type]
                                         before, fill))
        return
    width = sum(f.getlength(part) for part, f in runs)
    left = {"l": x, "r": x - width, "m": x - width / 2}[align]
    boxes = []
    calls = []
    for part, f in runs:
        xy = (round(left), round(baseline))
        draw.text(xy, part, font=f, fill=fill, anchor="ls")
        if trace is not None:
            boxes.append(draw.textbbox(xy, part, font=f, anchor="ls"))
            calls.append((xy, part, f, "ls"))
        left += f.getlength(part)
    if trace is not None:
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        edges = tuple(int(v) for v in box)
        trace.drawn.append(DrawnText(s, edges, s in trace.cut, _ink(calls), before, fill))  # type: ignore[arg-type]


#: the header's title: the sizes tried (either face) before a right text is given up
HEADER_SIZES = (11, 10, 9, 8)


def header(draw: ImageDraw.ImageDraw, left: str, right: Sequence[str] = ()) -> None:
    """The inverted bar on rows 0–13: ``left`` title, and the first of ``right`` that fits beside it.

    The title shrinks (``HEADER_SIZES``, either face) before a right text is dropped; it is cut
    only when it does not fit the whole bar even at the smallest size."""
    draw.rectangle((0, 0, WIDTH - 1, HEADER_H - 1), fill=WHITE)
    f = get_font(SMALL)
    tries = [(cand, HEADER_SIZES[:1]) for cand in right] + [(cand, HEADER_SIZES) for cand in right]
    for cand, sizes in tries + [("", HEADER_SIZES)]:
        room = WIDTH - 4 - (_len(cand, f) + 6 if cand else 0)
        lf = largest(left, sizes, room)
        if _len(left, lf) <= room:
            if cand:
                put(draw, WIDTH - 2, 11, cand, f, "r", BLACK)
            put(draw, 2, 11, left, lf, "l", BLACK)
            return
    lf = get_font(HEADER_SIZES[-1])
    put(draw, 2, 11, fit(left, lf, WIDTH - 4), lf, "l", BLACK)


def number_width(digits: str, size: int, unit: str = "g") -> float:
    """Width in px of ``number()`` output."""
    uf = get_font(_unit_size(size))
    return _len(digits, get_font(size)) + (2 + _len(unit, uf) if unit else 0)


def _unit_size(size: int) -> int:
    return max(SMALL, min(14, round(size * 0.45)))


def number(draw: ImageDraw.ImageDraw, x: float, baseline: float, digits: str, size: int, unit: str = "g",
           align: str = "l", fill: int = WHITE) -> None:
    """A big number in ``size`` px with a small ``unit`` after it on the same baseline.

    Digits have no descenders, so the baseline can sit low; the unit's "g" descends ≤ 3 px.
    """
    w = number_width(digits, size, unit)
    left = {"l": x, "r": x - w, "m": x - w / 2}[align]
    put(draw, left, baseline, digits, get_font(size), "l", fill)
    if unit:
        put(draw, left + _len(digits, get_font(size)) + 2, baseline, unit, get_font(_unit_size(size)), "l", fill)


def biggest_number(digits: str, sizes: Sequence[int], max_w: float, unit: str = "g") -> int:
    """The largest size among ``sizes`` (descending) in which ``number(digits)`` fits ``max_w``."""
    for size in sizes:
        if number_width(digits, size, unit) <= max_w:
            return size
    return sizes[-1]


def die(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, value: int, inverted: bool = False) -> None:
    """A die face with ``value`` pips (1–6; other values drawn as "?") in a ``size``×``size`` box at (x, y)."""
    bg, fg = (WHITE, BLACK) if inverted else (BLACK, WHITE)
    draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=max(2, size // 6), fill=bg, outline=WHITE,
                           width=1 if size < 24 else 2)
    if not 1 <= value <= 6:
        f = get_font(max(TINY, size // 2))
        put(draw, x + size / 2, y + size / 2 + size // 5, "?", f, "m", fg)
        return
    r = max(1, round(size / 12))
    lo, mid, hi = x + (size - 1) * 0.26, x + (size - 1) * 0.5, x + (size - 1) * 0.74
    tp, md, bt = y + (size - 1) * 0.26, y + (size - 1) * 0.5, y + (size - 1) * 0.74
    pips = {
        1: [(mid, md)],
        2: [(lo, bt), (hi, tp)],
        3: [(lo, bt), (mid, md), (hi, tp)],
        4: [(lo, tp), (hi, tp), (lo, bt), (hi, bt)],
        5: [(lo, tp), (hi, tp), (mid, md), (lo, bt), (hi, bt)],
        6: [(lo, tp), (hi, tp), (lo, md), (hi, md), (lo, bt), (hi, bt)],
    }[value]
    for cx, cy in pips:
        cx, cy = round(cx), round(cy)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fg)


def _round_texts(n: int, lang: str) -> list[str]:
    return [text("round", lang, n=n), text("round_short", lang, n=n)]


def _rows_each(lines: Sequence[str], sizes: Sequence[int], max_w: float, rows: int) -> list[tuple[str, Font]] | None:
    """``lines`` on at most ``rows`` rows, each line in the biggest face (``_faces(sizes)``) in which it
    fits one row, else word-wrapped onto two rows in the biggest face that fits them; None when that
    needs more rows than there are (or a word fits no row)."""
    one: list[Font | None] = []
    for line in lines:
        f = largest(line, sizes, max_w)
        one.append(f if _len(line, f) <= max_w else None)
    spare = rows - len(lines)
    out: list[tuple[str, Font]] = []
    for line, f in zip(lines, one):
        if f is not None:
            out.append((line, f))
            continue
        if spare < 1:
            return None
        for face in _faces(sizes):
            two = _wrap_quiet(line, face, max_w, 2)
            if two is not None:
                out += [(part, face) for part in two]
                spare -= len(two) - 1
                break
        else:
            return None
    return out if len(out) <= rows else None


def _lines(d: ImageDraw.ImageDraw, lines: Sequence[str], baselines: Sequence[int], size: int, x: int = 1) -> None:
    """Word-wrapped ``lines`` on the given baselines: in ``size`` or, where it would cut, the biggest smaller
    size (down to 9 px, either face) in which nothing is cut; "…" ends the last line when even that cuts."""
    for face in _faces([n for n in (size, TINY, 9) if n <= size]):
        out = []
        for line in lines:
            wrapped = _wrap_quiet(line, face, WIDTH - 1 - x, len(baselines))
            if wrapped is None:
                break
            out.extend(wrapped or [""])
        else:
            if len(out) <= len(baselines):
                for y, line in zip(baselines, out):
                    put(d, x, y, line, face)
                return
    rows = _rows_each(lines, [n for n in (size, TINY, 9, 8) if n <= size], WIDTH - 1 - x, len(baselines))
    if rows is not None:  # each line in its own biggest face that fits the rows left
        for y, (line, face) in zip(baselines, rows):
            put(d, x, y, line, face)
        return
    f = get_font(size)
    out = []
    for line in lines:
        out.extend(wrap(line, f, WIDTH - 1 - x, len(baselines)) or [""])
    if len(out) > len(baselines):
        out = out[:len(baselines)]
        out[-1] = ellipsize(out[-1], f, WIDTH - 1 - x)
    for y, line in zip(baselines, out):
        put(d, x, y, line, f)


# --------------------------------------------------------------------------- screens
# Baselines are measured for DejaVu Sans Condensed Bold: size 10/11 text needs its
# baseline ≤ 61 (descenders), size 11 umlauts reach 11 px above the baseline.

def _setup(v: SetupView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("setup_title", lang), [text("players_n", lang, n=len(v.players))])
    mode = text("dice_manual" if v.dice_mode == "manual" else "dice_electronic", lang)
    names = ", ".join(v.players)
    starter = text("starter", lang, name=v.starter)
    lines = [mode, text("glass_beer", lang, glass=fmt_g(v.glass_g), beer=fmt_g(v.beer_g))]
    if fits(starter, (SMALL, TINY, 9), WIDTH - 2):
        lines.append(starter)
        if fits(names, (SMALL, TINY, 9), WIDTH - 2):  # the header counts them when their names do not fit
            lines.insert(0, names)
    else:  # a long name: "Beginnt:" and the name on a line of its own
        lines += [text("starter", lang, name="").rstrip(), v.starter]
    for y, line in zip((26, 38, 50, 61), lines):
        f = largest(line, (SMALL, TINY, 9), WIDTH - 2)
        put(d, 1, y, fit(line, f, WIDTH - 2), f)


def _first_fitting(cands: Sequence[str], sizes: Sequence[int], max_w: float) -> tuple[str, Font]:
    """The first of ``cands`` that fits ``max_w`` in one of ``sizes`` (either face), with its font; else the
    last candidate in the smallest size (``fit`` then cuts it)."""
    for cand in cands:
        f = largest(cand, sizes, max_w)
        if _len(cand, f) <= max_w:
            return cand, f
    return cands[-1], get_font(sizes[-1])


def _roll_word(total: int, pasch: bool, lang: str) -> str:
    return f"{total} {text('pasch', lang)}" if pasch else str(total)


def _roll(v: RollView, d: ImageDraw.ImageDraw, lang: str) -> None:
    """The next roller big; under it what OK does, then the last roll with its roller's name (issue 21:
    the dice beside the next name were the previous roller's) and the lowest roll so far, which decides
    the round and so never scrolls away (W-13)."""
    # the header: the round (or the tie-break's name) and what the OK key does (issue 21: "Taste: würfeln")
    title = v.tie_break_name or text("round", lang, n=v.round)
    prompt = text("roll_manual" if v.dice_mode == "manual" else "roll_press", lang)
    header(d, title, [prompt, text("roll_ok_manual" if v.dice_mode == "manual" else "roll_ok", lang)])
    nf = largest(v.player, (16, 14, 12, SMALL, TINY), WIDTH - 2)
    put(d, 1, 30, fit(v.player, nf, WIDTH - 2), nf)
    d.line((0, 35, WIDTH - 1, 35), fill=WHITE)
    if not v.rolls:
        line, f = _first_fitting([text("no_rolls", lang)], LINE_SIZES, WIDTH - 2)
        put(d, 1, 47, line, f)
        return
    name, total, pasch = v.rolls[-1]
    word = _roll_word(total, pasch, lang)
    dice = f"{v.last_dice[0]}+{v.last_dice[1]}" if v.last_dice else ""
    cands = [text("last_roll_dice", lang, name=name, dice=dice, total=word)] if dice else []
    cands += [text("last_roll", lang, name=name, total=word), f"{name}: {word}"]
    line, f = _first_fitting(cands, LINE_SIZES[1:], WIDTH - 2)
    put(d, 1, 47, fit(line, f, WIDTH - 2), f)
    low = min(total for _, total, _ in v.rolls)
    lowest = [n for n, total, _ in v.rolls if total == low]
    if len(v.rolls) > 1:
        who = ", ".join(lowest)
        cands = [text("lowest_roll", lang, name=who, total=low), f"↓ {who}: {low}",
                 text("lowest_roll_n", lang, n=len(lowest), total=low)]
        line, f = _first_fitting(cands, LINE_SIZES[1:], WIDTH - 2)
        put(d, 1, 60, fit(line, f, WIDTH - 2), f)


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


def _choose(v: ChooseView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("choose_title", lang))
    f = get_font(SMALL)
    who = text("choose_who", lang, name=v.chooser)
    wf = largest(who, (SMALL, TINY, 9, 8), WIDTH - 2)
    put(d, 1, 26, fit(who, wf, WIDTH - 2), wf)
    rows, row_h, top = 3, 12, 28
    n = len(v.candidates)
    sel = min(max(v.selected, 0), n - 1) if n else -1
    first = min(max(sel - 1, 0), max(n - rows, 0))
    for i in range(min(rows, n - first)):
        idx = first + i
        y0 = top + i * row_h
        nf = largest(v.candidates[idx], (SMALL, TINY, 9), WIDTH - 16)
        name = fit(v.candidates[idx], nf, WIDTH - 16)
        if idx == sel:
            d.rectangle((0, y0, WIDTH - 11, y0 + row_h - 1), fill=WHITE)
            put(d, 4, y0 + 9, name, nf, "l", BLACK)
        else:
            put(d, 4, y0 + 9, name, nf)
    if first > 0:  # scroll marks
        d.polygon([(WIDTH - 5, top), (WIDTH - 9, top + 5), (WIDTH - 1, top + 5)], fill=WHITE)
    if first + rows < n:
        yb = top + rows * row_h - 1
        d.polygon([(WIDTH - 5, yb), (WIDTH - 9, yb - 5), (WIDTH - 1, yb - 5)], fill=WHITE)


def _tie_break(v: TieBreakView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("round", lang, n=v.round), [text("tie_title", lang)])
    word = f"{v.name}!"
    bf = largest(word, (28, 26, 24, 22, 20, 18, 16), WIDTH - 4)
    put(d, WIDTH / 2, 40, word, bf, "m")
    who = " · ".join(v.players)
    if not fits(who, (SMALL, TINY, 9), WIDTH - 2):
        who = text("players_n", lang, n=len(v.players))
    f = largest(who, (SMALL, TINY, 9), WIDTH - 2)
    put(d, WIDTH / 2, 51, fit(who, f, WIDTH - 2), f, "m")
    tf = get_font(TINY)
    put(d, WIDTH / 2, 61, fit(text("tie_again", lang), tf, WIDTH - 2), tf, "m")


def _chosen(v: ChosenView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("chosen_title", lang), _round_texts(v.round, lang))
    nf = largest(v.player, (18, 16, 14, 12, 11, TINY), WIDTH - 2)
    put(d, 1, 31, fit(v.player, nf, WIDTH - 2), nf)
    key = f"reason_{v.reason}"
    reason = text(key, lang) if has_text(key, lang) else v.reason
    if v.pasch and v.reason != "einer_pasch":
        reason = f"{reason} · {text('pasch', lang)}"
    rf = largest(reason, (9, 8), WIDTH - 2)
    put(d, 1, 41, fit(reason, rf, WIDTH - 2), rf)
    f = get_font(SMALL)
    tf = get_font(TINY)
    window = text("window", lang, lo=v.min_g, hi=v.max_g)
    put(d, 1, 52, text("target", lang), tf)
    put(d, 1, 62, window, get_font(9))
    left_w = max(_len(text("target", lang), tf), _len(window, get_font(9))) + 4
    size = biggest_number(str(v.target_g), (20, 18, 16), WIDTH - 1 - left_w)
    number(d, WIDTH - 1, 61, str(v.target_g), size, align="r")


def _progress(d: ImageDraw.ImageDraw, drunk_g: float | None, min_g: int, max_g: int, target_g: int) -> None:
    """Bar on rows 54–63: grams drunk on a scale 0 … 1.3 × max_g; the hit window bracketed, the target ticked."""
    x0, x1, y0, y1 = 1, WIDTH - 2, 56, 62
    full = max(max_g * 1.3, float(drunk_g or 0), 1.0)

    def px(g: float) -> int:
        return x0 + round((x1 - x0) * min(max(g, 0.0), full) / full)

    d.rectangle((x0, y0, x1, y1), outline=WHITE)
    if drunk_g is not None and drunk_g > 0:
        d.rectangle((x0, y0 + 2, px(drunk_g), y1 - 2), fill=WHITE)
    a, b = px(min_g), px(max_g)
    for x in (a, b):
        d.line((x, y0 - 2, x, y1 + 1), fill=WHITE)
    d.line((a, y0 - 2, b, y0 - 2), fill=WHITE)
    t = px(target_g)
    d.line((t, y0 - 4, t, y0 - 2), fill=WHITE)


def _drinking(v: DrinkingView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("drink_title", lang, name=v.player), [text("attempt", lang, n=v.attempt), f"#{v.attempt}"])
    tf = get_font(TINY)
    window = text("window", lang, lo=v.min_g, hi=v.max_g)
    put(d, WIDTH - 1, 25, text("target", lang), tf, "r")
    number(d, WIDTH - 1, 38, str(v.target_g), MEDIUM, align="r")
    put(d, WIDTH - 1, 50, window, tf, "r")
    col_w = max(number_width(str(v.target_g), MEDIUM), _len(window, tf), _len(text("target", lang), tf))
    left_w = WIDTH - col_w - 6
    if v.lifted or v.drunk_g is None:
        lf = largest(text("lifted", lang), (20, 18, 16, 14), left_w)
        put(d, 1, 36, text("lifted", lang), lf)
        hint = text("lifted_hint", lang)
        hf = largest(hint, (TINY, 9, 8), left_w)
        put(d, 1, 49, fit(hint, hf, left_w), hf)
    else:
        digits = fmt_g(v.drunk_g)
        number(d, 1, 47, digits, biggest_number(digits, BIG_SIZES, left_w))
    _progress(d, None if v.lifted else v.drunk_g, v.min_g, v.max_g, v.target_g)


def _verdict(v: VerdictView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.player, [text("attempt", lang, n=v.attempt), f"#{v.attempt}"])
    digits = str(v.grams)
    number(d, WIDTH / 2, 36, digits, biggest_number(digits, (26, 24, 22, 20), WIDTH - 4), align="m")
    key = f"verdict_{v.verdict}"
    word = text(key, lang) if has_text(key, lang) else v.verdict
    vf = largest(word, (12, 11, 10), WIDTH - 6)
    if v.verdict in ("hit", "exact"):  # a hit is an inverted bar, a miss an outlined one
        d.rectangle((0, 39, WIDTH - 1, 52), fill=WHITE)
        put(d, WIDTH / 2, 50, word, vf, "m", BLACK)
    else:
        d.rectangle((0, 39, WIDTH - 1, 52), outline=WHITE)
        put(d, WIDTH / 2, 50, word, vf, "m")
    tf = get_font(TINY)
    goal = f"{text('target', lang)} {v.target_g} g"
    nxt = text("next_starts", lang, name=v.next_player) if v.next_player else (
        text("again", lang) if v.verdict == "miss" else "")
    if not nxt:
        put(d, 1, 61, goal, tf)
        return
    room = WIDTH - 2 - _len(goal, tf) - 6
    cands = [nxt] + ([f"→ {v.next_player}"] if v.next_player else [])
    cand, nf = _first_fitting(cands, (TINY, 9, 8), room)
    if _len(cand, nf) <= room:
        put(d, 1, 61, goal, tf)
        put(d, WIDTH - 1, 61, cand, nf, "r")
    else:  # a long name: who starts next, alone on the line (the target was on the screens before)
        cand, nf = _first_fitting(cands, (TINY, 9, 8), WIDTH - 2)
        put(d, WIDTH / 2, 61, fit(cand, nf, WIDTH - 2), nf, "m")


def _refill(v: RefillView, d: ImageDraw.ImageDraw, lang: str) -> None:
    tf = get_font(TINY)
    f = get_font(SMALL)
    rest = text("remaining", lang, g=fmt_g(v.remaining_g))
    bottom = text("consent", lang, name=v.consent_of) if v.consent_of else ""
    if v.needed:
        header(d, text("glass_empty", lang), [rest])
        word = text("refill_now", lang)
        put(d, WIDTH / 2, 39, word, largest(word, (22, 20, 18, 16), WIDTH - 4), "m")
        sub = f"+{fmt_g(v.added_g)} g · {rest}" if v.added_g else rest
        put(d, WIDTH / 2, 51 if bottom else 55, fit(sub, f, WIDTH - 2), f, "m")
    else:
        header(d, text("refill_title", lang), [rest])
        if v.added_g is not None:
            put(d, 1, 27, text("refilled", lang), f)
            digits = f"+{fmt_g(v.added_g)}"
        else:
            digits = fmt_g(v.remaining_g)
        number(d, WIDTH / 2, 49, digits, biggest_number(digits, (26, 24, 22, 20, 18), WIDTH - 4), align="m")
    if bottom:
        put(d, WIDTH / 2, 61, fit(bottom, tf, WIDTH - 2), tf, "m")


def _fault(v: FaultView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("fault_title", lang), ["!"])
    key = f"fault_{v.kind}"
    kind = text(key, lang) if has_text(key, lang) else v.kind
    # German: what to do in German; English: the sensor's own (English) detail
    hint_key = f"fault_hint_{v.kind}"
    if has_text(hint_key, lang) and (lang != "en" or not v.detail):
        detail = text(hint_key, lang)
    else:
        detail = v.detail
    bf = get_font(16)
    put(d, 1, 31, text("paused", lang), bf)
    f = get_font(SMALL)
    room = WIDTH - 2 - _len(text("paused", lang), bf) - 6
    if _len(kind, f) <= room:
        put(d, WIDTH - 1, 31, kind, f, "r")
        _lines(d, [detail], (42, 52, 61), TINY)
    else:
        put(d, 1, 43, fit(kind, f, WIDTH - 2), f)
        _lines(d, [detail], (53, 62), 9)


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
        width = max([_len(label, hf)] + [_len(_stats_value(st.get(col)), tf) for st in rows])
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
        face = _within(name, STATS_NAME_SIZES, max_w, y - free)
        if face is None and i > 0:  # the name above gives up a row of its descenders
            above = _within(names[i - 1], STATS_NAME_SIZES, max_w, y - STATS_ROW_PITCH - free_above, 2)
            if above is not None:
                faces[-1] = above
                free = y - STATS_ROW_PITCH + _ink_rows(names[i - 1], above)[1]
                face = _within(name, STATS_NAME_SIZES, max_w, y - free)
        face = face or largest(name, STATS_NAME_SIZES, max_w)
        faces.append(face)
        free_above, free = free, y + _ink_rows(name, face)[1]
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


def _stats(v: StatsView, d: ImageDraw.ImageDraw, lang: str) -> None:
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


def _message(v: MessageView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, v.title)
    _lines(d, v.lines, (26, 38, 50, 61), SMALL)


def helper_layout(v: HelperGameView) -> list[tuple[int, str, Font]] | None:
    """Where ``v``'s title and lines go, each whole: (baseline, text, font); None when they do not fit.

    The title in one row (down to 8 px, either face) or, with a long name, word-wrapped onto two;
    the lines on the three 9-px rows below, each in its own biggest face, a long one on two rows."""
    title_f = largest(v.title, (14, 12, SMALL, TINY, 9, 8), WIDTH - 2)
    if _len(v.title, title_f) <= WIDTH - 2:
        title, title_rows, rows = [(v.title, title_f)], (29,), (41, 51, 61)
    else:
        for face in _faces((9, 8)):
            two = _wrap_quiet(v.title, face, WIDTH - 2, 2)
            if two is not None:
                break
        else:
            return None
        title, title_rows, rows = [(line, face) for line in two], (24, 33), (43, 53, 62)
    fitted = _rows_each(v.lines, (9, 8), WIDTH - 2, len(rows))
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
    if _len(v.title, title_f) <= WIDTH - 2:
        put(d, 1, 29, v.title, title_f)
        _lines(d, v.lines, (41, 51, 61), 9)
        return
    for face in _faces((9, 8)):
        two = _wrap_quiet(v.title, face, WIDTH - 2, 2)
        if two is not None:
            break
    else:
        face, two = get_font(8), wrap(v.title, get_font(8), WIDTH - 2, 2)
    for y, line in zip((24, 33), two):
        put(d, 1, y, line, face)
    _lines(d, v.lines, (43, 53, 62), 9)


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
    room = WIDTH - 8 - _len(value, vf)
    return _len(value, vf) <= WIDTH - 30 and fits(label, SCORE_NAME_SIZES, room)


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
            free = top + _ink_rows(label, nf)[1]  # the value's tops keep off the name's descenders
            vf = largest_within(value, (SMALL, TINY, 9, 8), WIDTH - 12, bottom - 1 - free)
            put(d, WIDTH - 1, bottom - 1, fit(value, vf, WIDTH - 12), vf, "r")
        return
    if len(rows) <= 3:
        baselines, value_sizes = (28, 44, 60), (16, 14, 12, 11, TINY, 9)
    else:
        baselines, value_sizes = (25, 37, 49, 61), (SMALL, TINY, 9)
    for y, (label, value) in zip(baselines, rows):
        for vf in _faces(value_sizes):  # the biggest value that leaves the name its room
            vw = _len(value, vf)
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
    if _len(joined, f) <= WIDTH - 2:
        return f, [joined]
    if len(v.winners) == 2:
        lines = list(v.winners)
    else:  # a shared win of many: the first, then how many more (the table lists them all)
        lines = [v.winners[0], text("more_winners", lang, n=len(v.winners) - 1)]
    for face in _faces((16, 14, 12, SMALL, TINY, 9)):  # one size for both lines
        if all(_len(line, face) <= WIDTH - 2 for line in lines):
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
    vw = _len(value, vf)
    nf = largest_within(name, sizes, WIDTH - 8 - vw, y - free)
    put(d, WIDTH - 1, y, fit(value, vf, 40), vf, "r")
    put(d, 1, y, fit(name, nf, WIDTH - 8 - vw), nf)
    return y + _ink_rows(name, nf)[1]


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


def _glass_unknown(v: GlassUnknownView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("glass_unknown_title", lang), ["!"])
    key = "glass_unknown_lighter" if v.reason == "lighter" else "glass_unknown_heavier"
    line = text(key, lang, g=fmt_g(v.glass_g))
    lf = largest(line, (SMALL, TINY), WIDTH - 2)
    put(d, 1, 26, fit(line, lf, WIDTH - 2), lf)
    digits = fmt_g(v.load_g)
    number(d, WIDTH / 2, 43, digits, biggest_number(digits, (18, 16, 14), WIDTH - 4), align="m")
    d.rectangle((0, 49, WIDTH - 1, HEIGHT - 1), fill=WHITE)
    way = text("glass_unknown_way", lang)
    wf = largest(way, (SMALL, TINY, 9), WIDTH - 4)
    put(d, WIDTH / 2, 60, fit(way, wf, WIDTH - 4), wf, "m", BLACK)


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
    unit_w = _len(v.unit, unit_f) + 4 if v.unit else 0
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



_RENDERERS: dict[type, Callable[[Any, ImageDraw.ImageDraw, str], None]] = {
    SetupView: _setup,
    RollView: _roll,
    DiceEntryView: _dice_entry,
    ChooseView: _choose,
    TieBreakView: _tie_break,
    ChosenView: _chosen,
    DrinkingView: _drinking,
    VerdictView: _verdict,
    RefillView: _refill,
    FaultView: _fault,
    StatsView: _stats,
    MessageView: _message,
    HelperGameView: _helper,
    ListView: _list,
    CountView: _count,
    ConfirmView: _confirm,
    TurnView: _turn,
    ScoreView: _score,
    ScaleView: _scale,
    GlassWeighView: _glass_weigh,
    GlassUnknownView: _glass_unknown,
    NumberEntryView: _number_entry,
    WinnerView: _winner,
}


def register(view_type: type, renderer: Callable[[Any, ImageDraw.ImageDraw, str], None]) -> None:
    """Add the screen of a view defined elsewhere (e.g. ``waage.display.qr_screen.QrView``):
    ``renderer(view, draw, lang)`` paints it like the built-in ones."""
    _RENDERERS[view_type] = renderer


def render(view: View, draw: ImageDraw.ImageDraw, lang: str = "de") -> None:
    """Paint ``view`` on a 128×64 ``draw`` (expects a black, mode "1" image; white = lit).

    lang: "de" (default) or "en". Raises TypeError for an object that is not a view.
    """
    try:
        fn = _RENDERERS[type(view)]
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
