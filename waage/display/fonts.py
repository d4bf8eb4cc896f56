"""Fonts for the 128×64 screens, with umlauts guaranteed.

Resolution order (first that loads wins, cached per size):

1. ``waage/display/fonts/DejaVuSansCondensed-Bold.ttf`` shipped with the package
   (Bitstream Vera licence, see ``fonts/LICENSE-DejaVu.txt``) — the screens and the
   golden images are designed for it;
2. the system's DejaVu Sans Condensed Bold / DejaVu Sans Bold (Debian ``fonts-dejavu-core``);
3. Pillow's embedded Aileron (``ImageFont.load_default(size=...)``, Pillow ≥ 10.1 with FreeType);
4. Pillow's old bitmap font (Latin-1 only: umlauts yes, "–"/"…"/"·" are replaced).

Bold faces because 1-bit rendering has no anti-aliasing and thin strokes break up.

Two more faces of the same family ship beside it (the same licence; Debian ``fonts-dejavu-core``):

- DejaVu Sans Bold (``get_digits``) draws the digits of the small sizes (``DIGIT_MAX_PX`` and
  below): at 10 px the condensed "8" and "B" are the same pixels (issue 21); its "8" has a waist,
  its "0" no dot (the mono face's dotted zero reads as an "8"), the "B" keeps its straight back;
- DejaVu Sans Mono Bold (``get_mono``) draws a name that does not fit in the condensed face
  (``WWWWWWWWWWWWWWWW``): no letter is wider than a digit there, so every 16-character name fits
  a line at 11 px.

Every TrueType font is loaded with Pillow's BASIC layout engine (``LAYOUT_ENGINE``),
never raqm: whether raqm is used otherwise depends on libfribidi being installed
(Pillow's wheels load it at run time), and raqm places glyphs differently (kerning,
advances), so a Pi OS Lite without ``libfribidi0`` drew other pixels than the golden
images and cut German texts. BASIC needs nothing beyond FreeType, which Pillow ships,
and our texts are left-to-right Latin only, which it lays out fully. Issue 19.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Union

from PIL import ImageFont

Font = Union[ImageFont.FreeTypeFont, ImageFont.ImageFont]

PACKAGED_FONT = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed-Bold.ttf"
PACKAGED_MONO = Path(__file__).resolve().parent / "fonts" / "DejaVuSansMono-Bold.ttf"
SYSTEM_MONO: tuple[Path, ...] = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSansMono-Bold.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSansMono-Bold.ttf"),
)
PACKAGED_DIGITS = Path(__file__).resolve().parent / "fonts" / "DejaVuSans-Bold.ttf"
#: digits in fonts of this size or smaller are drawn in DejaVu Sans Bold ("8" is no "B", issue 21)
DIGIT_MAX_PX = 10
SYSTEM_FONTS: tuple[Path, ...] = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSansCondensed-Bold.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSansCondensed-Bold.ttf"),
)
#: The one layout engine for every text (see the module docstring): same pixels with or without raqm.
LAYOUT_ENGINE = ImageFont.Layout.BASIC
#: Replacements for the Latin-1-only bitmap fallback font.
_LATIN1 = str.maketrans({"–": "-", "…": "...", "·": "-", "±": "+/-", "≥": ">=", "×": "x"})


def font_candidates() -> tuple[Path, ...]:
    """The TrueType files tried, in order (packaged first)."""
    return (PACKAGED_FONT, *SYSTEM_FONTS)


@lru_cache(maxsize=None)
def get_font(size_px: int) -> Font:
    """A bold font of about ``size_px`` pixels (em size), always able to draw ä ö ü ß Ä Ö Ü.

    A TrueType font uses ``LAYOUT_ENGINE`` (BASIC), so the pixels do not depend on raqm.

    Never raises for a missing font file: falls back as described in the module docstring.
    """
    for path in font_candidates():
        if path.is_file():
            try:
                return ImageFont.truetype(str(path), size_px, layout_engine=LAYOUT_ENGINE)
            except OSError:
                continue
    try:
        return ImageFont.load_default(size=size_px)  # Pillow lays it out with BASIC itself
    except (ImportError, OSError, TypeError):  # no FreeType
        return ImageFont.load_default_imagefont()


@lru_cache(maxsize=None)
def get_mono(size_px: int) -> Font:
    """The monospaced bold face (DejaVu Sans Mono Bold) of about ``size_px`` pixels; falls back to
    ``get_font(size_px)`` when no mono file loads (never raises)."""
    for path in (PACKAGED_MONO, *SYSTEM_MONO):
        if path.is_file():
            try:
                return ImageFont.truetype(str(path), size_px, layout_engine=LAYOUT_ENGINE)
            except OSError:
                continue
    return get_font(size_px)


def is_mono(font: Font) -> bool:
    """True for a font of ``get_mono``."""
    return isinstance(font, ImageFont.FreeTypeFont) and "Mono" in " ".join(p for p in font.getname() if p)


@lru_cache(maxsize=None)
def get_digits(size_px: int) -> Font | None:
    """DejaVu Sans Bold (not condensed) of ``size_px`` pixels for the small sizes' digits, or None when
    it does not load (the digits then stay in the condensed face)."""
    for path in (PACKAGED_DIGITS, Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")):
        if path.is_file():
            try:
                return ImageFont.truetype(str(path), size_px, layout_engine=LAYOUT_ENGINE)
            except OSError:
                continue
    return None


def digit_font(font: Font) -> Font | None:
    """The face the digits of ``font`` are drawn in when it is not ``font`` itself: DejaVu Sans Bold
    of the same size for the condensed face at ``DIGIT_MAX_PX`` or smaller, else None."""
    if not isinstance(font, ImageFont.FreeTypeFont) or is_mono(font) or font.size > DIGIT_MAX_PX:
        return None
    if "Condensed" not in " ".join(p for p in font.getname() if p):
        return None
    return get_digits(int(font.size))


def font_name() -> str:
    """The family and style in use, e.g. "DejaVu Sans Condensed Bold" (for docs and test skips)."""
    f = get_font(12)
    if isinstance(f, ImageFont.FreeTypeFont):
        return " ".join(p for p in f.getname() if p)
    return "PIL bitmap"


def is_bitmap_fallback(font: Font) -> bool:
    """True for Pillow's Latin-1 bitmap font (needs ``safe_text``)."""
    return not isinstance(font, ImageFont.FreeTypeFont)


def safe_text(s: str, font: Font) -> str:
    """``s`` made drawable by ``font`` (only changes anything for the bitmap fallback)."""
    if is_bitmap_fallback(font):
        return s.translate(_LATIN1).encode("latin-1", "replace").decode("latin-1")
    return s
