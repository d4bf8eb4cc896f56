"""Text looks the same with and without raqm (issue 19).

Pillow's wheels use raqm for text layout when ``libfribidi`` can be loaded at run
time, and its BASIC engine otherwise. The two place glyphs differently, so a Pi OS
Lite without ``libfribidi0`` drew other pixels than the golden images and cut German
texts. ``waage.display.fonts`` therefore always asks for BASIC; these tests pin that
down by switching Pillow's raqm flag (``PIL.ImageFont.core.HAVE_RAQM``) both ways.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops, ImageFont, features

from waage.display import fonts
from waage.display.screens import draw_view
from waage.tools.samples import SAMPLES, samples

GOLDEN = Path(__file__).resolve().parent / "golden"
SIZES = (8, 9, 10, 11, 12, 14, 16, 20, 26, 34, 40)


@pytest.fixture
def raqm_flag(monkeypatch):
    """Set Pillow's "raqm is available" flag for new fonts; the font cache is emptied before and after."""
    def set_flag(available: bool) -> None:
        monkeypatch.setattr(ImageFont.core, "HAVE_RAQM", available, raising=False)
        fonts.get_font.cache_clear()

    yield set_flag
    monkeypatch.undo()
    fonts.get_font.cache_clear()


def _render_all() -> dict[str, Image.Image]:
    out = {}
    for lang in ("de", "en"):
        for slug, _, view in samples(lang):
            device = dummy(width=128, height=64, mode="1")
            draw_view(device, view, lang)
            out[f"{lang}_{slug}"] = device.image.copy()
    return out


@pytest.mark.parametrize("raqm_available", [True, False], ids=["raqm", "no-raqm"])
def test_every_font_uses_the_basic_layout_engine(raqm_flag, raqm_available):
    raqm_flag(raqm_available)
    for size in SIZES:
        font = fonts.get_font(size)
        if isinstance(font, ImageFont.FreeTypeFont):
            assert font.layout_engine == ImageFont.Layout.BASIC, (size, raqm_available)


def test_screens_are_pixel_identical_with_and_without_raqm(raqm_flag):
    raqm_flag(False)
    without = _render_all()
    raqm_flag(bool(features.check("raqm")))   # what this machine really has
    with_flag = _render_all()
    assert with_flag.keys() == without.keys()
    for name, image in with_flag.items():
        assert ImageChops.difference(image, without[name]).getbbox() is None, name


def test_goldens_hold_on_a_system_without_raqm(raqm_flag):
    """The golden images are what a Pi OS Lite without libfribidi shows."""
    if fonts.font_name() != "DejaVu Sans Condensed Bold":
        pytest.skip(f"goldens are drawn with DejaVu Sans Condensed Bold, this system uses {fonts.font_name()}")
    raqm_flag(False)
    rendered = _render_all()
    checked = 0
    for path in sorted(GOLDEN.glob("*.png")):
        with Image.open(path) as golden:
            expected = golden.convert("1")
        assert ImageChops.difference(rendered[path.stem], expected).getbbox() is None, path.name
        checked += 1
    assert checked == len(list(GOLDEN.glob("*.png"))) >= len(SAMPLES)


def test_raqm_would_change_the_pixels_where_it_is_available():
    """The check above has teeth: on a machine with raqm, raqm's layout of a screen text differs from BASIC's."""
    if not features.check("raqm"):
        pytest.skip("raqm is not available to Pillow here (no libfribidi): only the BASIC layout can be drawn")
    path = str(fonts.PACKAGED_FONT)
    text = "Ein Arsch kommt selten allein – Würfel: 5·6"
    widths = {engine: ImageFont.truetype(path, 11, layout_engine=engine).getlength(text)
              for engine in (ImageFont.Layout.BASIC, ImageFont.Layout.RAQM)}
    assert widths[ImageFont.Layout.BASIC] != widths[ImageFont.Layout.RAQM]
