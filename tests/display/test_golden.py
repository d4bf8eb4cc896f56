"""Golden images: every screen rendered on luma's dummy device (mode "1") equals its PNG.

Regenerate after an intended change of the look, then look at the PNGs (or
``waage screens``) before keeping them::

    WAAGE_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/display/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops

from waage.display.fonts import font_name
from waage.display.screens import draw_view
from waage.tools.samples import SAMPLES, samples

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("WAAGE_REGEN_GOLDEN") == "1"
EN_SLUGS = {"roll", "dice_entry", "chosen", "drinking", "verdict_exact", "verdict_miss", "refill_needed",
            "refill_done", "fault", "stats", "menu", "confirm_new", "rejected", "wa_turn", "wa_field", "wa_drinks",
            "as_points", "pr_slot", "scale", "scale_check", "glass_weigh", "glass_unknown", "glass_lighter",
            "glass_refused", "glass_size", "glass_offer", "cal_mass", "stats_wa", "stats_pr",
            # issue 21 (helper OLED)
            "as_winner", "as_winner_team", "pr_winner", "dice_entry_unset", "roll_lowest", "as_points_check",
            "pr_played", "wa_opening",
            # issue 30 (the glass weighed right the first time)
            "glass_done", "glass_fill", "glass_sure", "glass_first"}
CASES = [("de", slug, view) for slug, _, view in SAMPLES] + [
    ("en", slug, view) for slug, _, view in samples("en") if slug in EN_SLUGS]


def _render(view, lang: str) -> Image.Image:
    device = dummy(width=128, height=64, mode="1")
    draw_view(device, view, lang)
    device.cleanup = lambda: None
    return device.image


@pytest.mark.parametrize("lang,slug,view", CASES, ids=[f"{lang}_{slug}" for lang, slug, _ in CASES])
def test_screen_matches_golden(lang, slug, view, tmp_path):
    if font_name() != "DejaVu Sans Condensed Bold":
        pytest.skip(f"goldens are drawn with DejaVu Sans Condensed Bold, this system uses {font_name()}")
    image = _render(view, lang)
    assert image.mode == "1" and image.size == (128, 64)
    path = GOLDEN / f"{lang}_{slug}.png"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
        return
    if not path.exists():
        pytest.fail(f"no golden {path.name}: run with WAAGE_REGEN_GOLDEN=1")
    with Image.open(path) as golden:
        expected = golden.convert("1")
    diff = ImageChops.difference(image, expected).getbbox()
    if diff is not None:
        image.save(tmp_path / path.name)
        pytest.fail(f"{path.name} differs in box {diff}; actual picture saved as {tmp_path / path.name}")


def test_every_sample_slug_is_unique():
    slugs = [slug for slug, _, _ in SAMPLES]
    assert len(slugs) == len(set(slugs))
