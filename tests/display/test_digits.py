"""The small fonts' digits are unambiguous: "8" is no "B", "0" no "8" (issue 21).

At 10 px the condensed bold face drew "8" and "B" as the same pixels (a straight left side and
a closed middle). The screens draw the digits of their small sizes in DejaVu Sans Bold
(``fonts.digit_font``), whose "8" has its waist, whose "0" has no dot (DejaVu Sans Mono's dotted
zero read as an "8"), and whose "B" keeps its straight back.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from waage.display.fonts import DIGIT_MAX_PX, digit_font, font_name, get_font
from waage.display.screens import TINY, put


def glyph(s: str, size: int) -> Image.Image:
    """``s`` as the screens draw it in ``size`` px, cropped to its ink."""
    img = Image.new("1", (40, 20), 0)
    put(ImageDraw.Draw(img), 2, 15, s, get_font(size))
    box = img.getbbox()
    assert box is not None, s
    return img.crop(box)


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    w, h = max(a.width, b.width), max(a.height, b.height)
    pa, pb = Image.new("1", (w, h), 0), Image.new("1", (w, h), 0)
    pa.paste(a, (0, h - a.height))
    pb.paste(b, (0, h - b.height))
    return ImageChops.difference(pa, pb).histogram()[255]


def left_column(img: Image.Image) -> list[bool]:
    """Which rows of the glyph's leftmost column are lit."""
    return [bool(img.getpixel((0, y))) for y in range(img.height)]


@pytest.mark.parametrize("size", range(8, DIGIT_MAX_PX + 1))
def test_eight_and_b_differ_clearly_in_the_small_sizes(size):
    if font_name() != "DejaVu Sans Condensed Bold":
        pytest.skip(f"measured for DejaVu Sans Condensed Bold, this system uses {font_name()}")
    eight, bee = glyph("8", size), glyph("B", size)
    assert differing_pixels(eight, bee) >= 6, size
    # a "B" has a straight back: its left column is lit top to bottom; an "8" is pinched at the waist
    assert all(left_column(bee)), size
    assert not all(left_column(eight)), size


@pytest.mark.parametrize("size", range(8, DIGIT_MAX_PX + 1))
def test_zero_and_eight_differ_clearly(size):
    zero, eight = glyph("0", size), glyph("8", size)
    assert differing_pixels(zero, eight) >= 4, size
    middle = zero.height // 2  # a zero is open in the middle: its centre column is dark there
    assert not zero.getpixel((zero.width // 2, middle)), size


def test_the_digits_in_a_text_use_the_digit_face():
    assert digit_font(get_font(TINY)) is not None and digit_font(get_font(14)) is None
    # "Anna 8" in one text: the 8 is the mono 8 (the same pixels as alone)
    text = glyph("B8", TINY)
    alone = glyph("8", TINY)
    tail = text.crop((text.width - alone.width, 0, text.width, text.height))
    assert differing_pixels(tail, alone) == 0


def test_the_old_condensed_eight_was_the_b():
    """What the issue saw: without the mono digits, "8" at 10 px had the "B"'s straight back."""
    f = get_font(10)

    def raw(s: str) -> Image.Image:
        img = Image.new("1", (20, 20), 0)
        ImageDraw.Draw(img).text((2, 15), s, font=f, fill=255, anchor="ls")
        return img.crop(img.getbbox())

    if font_name() != "DejaVu Sans Condensed Bold":
        pytest.skip(f"measured for DejaVu Sans Condensed Bold, this system uses {font_name()}")
    assert all(left_column(raw("8"))) and all(left_column(raw("B")))
