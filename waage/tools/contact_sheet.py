"""A PNG contact sheet of every screen with sample data (``waage screens``).

Usage::

    waage screens --out docs/screens.png [--lang en] [--scale 3] [--columns 3]

Each screen is rendered exactly as on the panel (luma ``dummy`` device, mode "1"),
enlarged ``scale`` times without smoothing, and captioned with the view class and
the situation. Samples come from ``waage.tools.samples.samples(lang)``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw

from waage.display.fonts import get_font
from waage.display.screens import HEIGHT, WIDTH, draw_view
from waage.display.views import View
from waage.tools.samples import samples

#: Lit OLED pixels are drawn in this colour on the sheet (a white-ish panel look).
LIT = (235, 245, 255)
DARK = (8, 10, 14)
PAPER = (242, 242, 238)
INK = (30, 30, 30)


def render_panel(view: View, lang: str) -> Image.Image:
    """``view`` rendered on a luma ``dummy(width=128, height=64, mode="1")`` device; returns its image."""
    from luma.core.device import dummy

    device = dummy(width=WIDTH, height=HEIGHT, mode="1")
    draw_view(device, view, lang)
    image = device.image.copy()
    device.cleanup = lambda: None
    return image


def make_sheet(samples: Sequence[tuple[str, str, View]], lang: str = "de", scale: int = 3,
               columns: int = 3, title: str | None = None) -> Image.Image:
    """The contact sheet as an RGB image: ``columns`` screens per row, each ``scale``× with a caption."""
    scale = max(1, scale)
    columns = max(1, min(columns, len(samples) or 1))
    pad, cap_h, title_h = 14, 22, 40 if title else 0
    cell_w, cell_h = WIDTH * scale + 2 * pad, HEIGHT * scale + cap_h + 2 * pad
    rows = max(1, -(-len(samples) // columns))
    sheet = Image.new("RGB", (columns * cell_w, title_h + rows * cell_h), PAPER)
    d = ImageDraw.Draw(sheet)
    if title:
        d.text((pad, 10), title, font=get_font(20), fill=INK)
    cap_font = get_font(14)
    for i, (slug, caption, view) in enumerate(samples):
        x0 = (i % columns) * cell_w + pad
        y0 = title_h + (i // columns) * cell_h + pad
        d.text((x0, y0), f"{i + 1}. {caption}", font=cap_font, fill=INK)
        panel = render_panel(view, lang).convert("L").resize((WIDTH * scale, HEIGHT * scale), Image.NEAREST)
        colour = Image.new("RGB", panel.size, DARK)
        colour.paste(Image.new("RGB", panel.size, LIT), mask=panel)
        top = y0 + cap_h
        d.rectangle((x0 - 3, top - 3, x0 + WIDTH * scale + 2, top + HEIGHT * scale + 2), fill=(60, 60, 60))
        sheet.paste(colour, (x0, top))
    return sheet


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry: write the contact sheet PNG; returns 0, or 2 for a bad argument / unwritable file."""
    p = argparse.ArgumentParser(prog="waage screens", description="Render every display screen into one PNG.")
    p.add_argument("--out", type=Path, default=Path("docs/screens.png"), help="PNG to write (default %(default)s)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="display language (default de)")
    p.add_argument("--scale", type=int, default=3, help="pixel enlargement 1–8 (default 3)")
    p.add_argument("--columns", type=int, default=3, help="screens per row (default 3)")
    args = p.parse_args(list(argv) if argv is not None else None)
    if not 1 <= args.scale <= 8:
        print("waage screens: --scale must be 1–8", file=sys.stderr)
        return 2
    title = {"de": "Waage – alle Bildschirme (128×64 OLED)", "en": "Waage – every screen (128×64 OLED)"}[args.lang]
    shown = samples(args.lang)
    sheet = make_sheet(shown, args.lang, args.scale, args.columns, title)
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        sheet.save(args.out)
    except (OSError, ValueError) as exc:  # ValueError: Pillow knows no format for the file name
        print(f"waage screens: cannot write {args.out}: {exc} (use a .png name)", file=sys.stderr)
        return 2
    print(f"wrote {args.out} ({len(shown)} screens, {sheet.width}×{sheet.height} px)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
