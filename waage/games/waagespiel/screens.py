"""The Waagespiel's OLED screens: the painters of its views (W-nn of the screens they show).

``PAINTERS`` maps each view type of the Waagespiel (``waage.display.views``: set-up, roll, the
Einer-Pasch choice, tie-break, the Auserwählte, drinking, verdict, refill, sensor fault, an unknown
glass) to ``painter(view, draw, lang)``; ``waage.display.screens.render`` finds them through the
kit's ``SPEC.screens`` and paints them like the shared screens (header, fitting: ``waage.display.paint``).

Example::

    from waage.display.screens import render_image
    from waage.display.views import ChosenView
    render_image(ChosenView(1, "Ben", 50, 45, 55, "lowest"), "de")  # PIL image, mode "1"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import ImageDraw

from waage.display.fonts import Font, get_font
from waage.display.paint import (
    BIG_SIZES,
    BLACK,
    HEIGHT,
    LINE_SIZES,
    MEDIUM,
    SMALL,
    TINY,
    WHITE,
    WIDTH,
    biggest_number,
    fit,
    fits,
    header,
    largest,
    number,
    number_width,
    put,
    put_lines,
    text_width,
)
from waage.display.texts import fmt_g, has_text, text
from waage.display.views import (
    ChooseView,
    ChosenView,
    DrinkingView,
    FaultView,
    GlassUnknownView,
    RefillView,
    RollView,
    SetupView,
    TieBreakView,
    VerdictView,
)

# Baselines are measured for DejaVu Sans Condensed Bold: size 10/11 text needs its
# baseline ≤ 61 (descenders), size 11 umlauts reach 11 px above the baseline.


def _round_texts(n: int, lang: str) -> list[str]:
    return [text("round", lang, n=n), text("round_short", lang, n=n)]


def _setup(v: SetupView, d: ImageDraw.ImageDraw, lang: str) -> None:
    header(d, text("setup_title", lang), [text("players_n", lang, n=len(v.players))])
    mode = text("dice_manual" if v.dice_mode == "manual" else "dice_electronic", lang)
    names = ", ".join(v.players)
    starter = text("starter", lang, name=v.starter)
    lines = [mode, text("glass_beer", lang, glass="?" if v.glass_g is None else fmt_g(v.glass_g),
                        beer="?" if v.beer_g is None else fmt_g(v.beer_g))]
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
        if text_width(cand, f) <= max_w:
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
    left_w = max(text_width(text("target", lang), tf), text_width(window, get_font(9))) + 4
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
    col_w = max(number_width(str(v.target_g), MEDIUM), text_width(window, tf), text_width(text("target", lang), tf))
    left_w = WIDTH - col_w - 6
    if v.lifted:
        lf = largest(text("lifted", lang), (20, 18, 16, 14), left_w)
        put(d, 1, 36, text("lifted", lang), lf)
        hint = text("lifted_hint", lang)
        hf = largest(hint, (TINY, 9, 8), left_w)
        put(d, 1, 49, fit(hint, hf, left_w), hf)
    else:  # no number ("–"): nothing judged yet, or more on the glass than before the lift (a pour, a hand)
        digits = "–" if v.drunk_g is None else fmt_g(v.drunk_g)
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
    room = WIDTH - 2 - text_width(goal, tf) - 6
    cands = [nxt] + ([f"→ {v.next_player}"] if v.next_player else [])
    cand, nf = _first_fitting(cands, (TINY, 9, 8), room)
    if text_width(cand, nf) <= room:
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
    room = WIDTH - 2 - text_width(text("paused", lang), bf) - 6
    if text_width(kind, f) <= room:
        put(d, WIDTH - 1, 31, kind, f, "r")
        put_lines(d, [detail], (42, 52, 61), TINY)
    else:
        put(d, 1, 43, fit(kind, f, WIDTH - 2), f)
        put_lines(d, [detail], (53, 62), 9)


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


#: the Waagespiel's views and their painters (``GameSpec.screens``)
PAINTERS: dict[type, Callable[[Any, ImageDraw.ImageDraw, str], None]] = {
    SetupView: _setup,
    RollView: _roll,
    ChooseView: _choose,
    TieBreakView: _tie_break,
    ChosenView: _chosen,
    DrinkingView: _drinking,
    VerdictView: _verdict,
    RefillView: _refill,
    FaultView: _fault,
    GlassUnknownView: _glass_unknown,
}
