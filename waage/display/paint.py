"""The drawing kit of every 128×64 screen: sizes, fitting, text, numbers, dice, the header bar.

Every text goes through ``put`` (``draw.text`` with a font from ``fonts.get_font``) and is
fitted to the space it has (shrunk with ``largest``, cut with "…" by ``fit``/``wrap``), so nothing
is drawn outside the 128×64 area; ``trace_texts`` records each drawn text (the render tests check
the boxes, the cuts and the overlaps). The painters of the shared screens
(``waage.display.screens``) and of each game kit (``waage.games.<id>.screens``) draw with these.

Example::

    from PIL import Image, ImageDraw
    from waage.display.paint import header, put, largest, WIDTH
    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    header(d, "Runde 3", ["R3"])
    put(d, 1, 40, "Ben", largest("Ben", (20, 18, 16), WIDTH - 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from waage.display.fonts import Font, digit_font, get_font, get_mono, safe_text

WIDTH = 128
HEIGHT = 64
HEADER_H = 14  # rows 0..13
WHITE = 255
BLACK = 0

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


def text_width(s: str, font: Font) -> float:
    s = safe_text(s, font)
    return sum(f.getlength(part) for part, f in _runs(s, font))


def fit(s: str, font: Font, max_w: float) -> str:
    """``s`` cut at the end with "…" so that it is at most ``max_w`` px wide in ``font``."""
    if text_width(s, font) <= max_w:
        return s
    ell = "…"
    while s and text_width(s + ell, font) > max_w:
        s = s[:-1]
    return _note_cut((s.rstrip() + ell) if s else "")


def faces_of(sizes: Sequence[int]) -> list[Font]:
    """The fonts ``largest`` tries: each size in the condensed face, then in the mono face (a name of
    wide letters, "WWWW…", fits the mono face where it cannot fit the condensed one)."""
    out: list[Font] = []
    for size in sizes:
        out += [get_font(size), get_mono(size)]
    return out


def largest(s: str, sizes: Sequence[int], max_w: float) -> Font:
    """The biggest font among ``sizes`` (descending) in which ``s`` fits ``max_w`` px (else the smallest).

    At each size the condensed face comes first, then the mono face (``fonts.get_mono``)."""
    for f in faces_of(sizes):
        if text_width(s, f) <= max_w:
            return f
    return get_font(sizes[-1])


def largest_within(s: str, sizes: Sequence[int], max_w: float, above: int, below: int = 99) -> Font:
    """``largest`` among the faces whose glyphs of ``s`` reach at most ``above`` px over the baseline and
    ``below`` px under it: a row box (a list's selection bar) shows every pixel, the dots of "Ö" and
    "Ü" included (issue 21); else ``largest``."""
    return fitting_within(s, sizes, max_w, above, below) or largest(s, sizes, max_w)


def fitting_within(s: str, sizes: Sequence[int], max_w: float, above: int, below: int = 99) -> Font | None:
    """``largest_within`` without the fallback: None when no face keeps to the rows."""
    for f in faces_of(sizes):
        if text_width(s, f) <= max_w:
            top, bottom = ink_rows(s, f)
            if top >= -above and bottom <= below:
                return f
    return None


def ink_rows(s: str, font: Font) -> tuple[int, int]:
    """The rows of ``s``'s ink relative to the baseline (top ≤ 0, bottom exclusive), over its runs."""
    s = safe_text(s, font)
    boxes = [f.getbbox(part, anchor="ls") for part, f in _runs(s, font) if part.strip()]
    if not boxes:
        return 0, 0
    return int(min(b[1] for b in boxes)), int(max(b[3] for b in boxes))


def fits(s: str, sizes: Sequence[int], max_w: float) -> bool:
    """``s`` fits ``max_w`` px in one of ``sizes`` (either face)."""
    return text_width(s, largest(s, sizes, max_w)) <= max_w


def ellipsize(s: str, font: Font, max_w: float) -> str:
    """``s`` with "…" appended (cutting ``s`` as needed) to mark that text follows that is not shown."""
    if text_width(s + "…", font) <= max_w:
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
        if cur and text_width(trial, font) > max_w:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def wrap_whole(s: str, font: Font, max_w: float, max_lines: int) -> list[str] | None:
    """``wrap`` without a cut, or None when it would cut."""
    lines = _greedy_lines(s.split(), font, max_w)
    if len(lines) > max_lines or any(text_width(line, font) > max_w for line in lines):
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
        room = WIDTH - 4 - (text_width(cand, f) + 6 if cand else 0)
        lf = largest(left, sizes, room)
        if text_width(left, lf) <= room:
            if cand:
                put(draw, WIDTH - 2, 11, cand, f, "r", BLACK)
            put(draw, 2, 11, left, lf, "l", BLACK)
            return
    lf = get_font(HEADER_SIZES[-1])
    put(draw, 2, 11, fit(left, lf, WIDTH - 4), lf, "l", BLACK)


def number_width(digits: str, size: int, unit: str = "g") -> float:
    """Width in px of ``number()`` output."""
    uf = get_font(_unit_size(size))
    return text_width(digits, get_font(size)) + (2 + text_width(unit, uf) if unit else 0)


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
        put(draw, left + text_width(digits, get_font(size)) + 2, baseline, unit, get_font(_unit_size(size)), "l", fill)


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


def rows_each(lines: Sequence[str], sizes: Sequence[int], max_w: float, rows: int) -> list[tuple[str, Font]] | None:
    """``lines`` on at most ``rows`` rows, each line in the biggest face (``faces_of(sizes)``) in which it
    fits one row, else word-wrapped onto two rows in the biggest face that fits them; None when that
    needs more rows than there are (or a word fits no row)."""
    one: list[Font | None] = []
    for line in lines:
        f = largest(line, sizes, max_w)
        one.append(f if text_width(line, f) <= max_w else None)
    spare = rows - len(lines)
    out: list[tuple[str, Font]] = []
    for line, f in zip(lines, one):
        if f is not None:
            out.append((line, f))
            continue
        if spare < 1:
            return None
        for face in faces_of(sizes):
            two = wrap_whole(line, face, max_w, 2)
            if two is not None:
                out += [(part, face) for part in two]
                spare -= len(two) - 1
                break
        else:
            return None
    return out if len(out) <= rows else None


def put_lines(d: ImageDraw.ImageDraw, lines: Sequence[str], baselines: Sequence[int], size: int, x: int = 1) -> None:
    """Word-wrapped ``lines`` on the given baselines: in ``size`` or, where it would cut, the biggest smaller
    size (down to 9 px, either face) in which nothing is cut; "…" ends the last line when even that cuts."""
    for face in faces_of([n for n in (size, TINY, 9) if n <= size]):
        out = []
        for line in lines:
            wrapped = wrap_whole(line, face, WIDTH - 1 - x, len(baselines))
            if wrapped is None:
                break
            out.extend(wrapped or [""])
        else:
            if len(out) <= len(baselines):
                for y, line in zip(baselines, out):
                    put(d, x, y, line, face)
                return
    rows = rows_each(lines, [n for n in (size, TINY, 9, 8) if n <= size], WIDTH - 1 - x, len(baselines))
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

