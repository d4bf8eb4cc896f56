"""The "join by QR" screen: the web view's address as a QR code and the PIN for changes.

``QrView(url, pin)`` is drawn on the left half of the 128×64 OLED as a QR code
(dark modules on a lit square with a light quiet zone, at least 2 pixels per
module so a phone camera reads it at arm's length), with the PIN big on the
right. The URL holds the device's IP address (``waage.web.address.page_url``),
never a ``.local`` name, which Android does not resolve.

Importing this module registers the screen with ``waage.display.screens``.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno
from PIL import ImageDraw

from waage.display import screens
from waage.display.fonts import get_font

#: the QR square's side on the OLED, in pixels (the display's height)
QR_BOX = 64
#: fewest light modules around the code
MIN_QUIET = 2


@dataclass(frozen=True)
class QrView:
    """Join by QR: ``url`` the page address (``http://IP:PORT/``), ``pin`` the PIN the web asks for."""

    url: str
    pin: str


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR modules of ``url`` (True = dark), error correction as high as the smallest version allows."""
    code = segno.make(url, error="l", boost_error=True, micro=False)
    return [[bool(m) for m in row] for row in code.matrix]


def module_px(size: int) -> int:
    """Pixels per module for a code of ``size`` modules in QR_BOX with MIN_QUIET modules around.

    Raises ValueError when the code does not fit at 2 px per module (too long an address).
    """
    px = QR_BOX // (size + 2 * MIN_QUIET)
    if px < 2:
        raise ValueError(f"a QR code of {size} modules does not fit {QR_BOX} px at 2 px per module")
    return px


def render_qr(view: QrView, draw: ImageDraw.ImageDraw, lang: str = "de") -> None:
    """Paint ``view``: the QR code on a lit square at the left, the hint and the PIN at the right."""
    matrix = qr_matrix(view.url)
    px = module_px(len(matrix))
    draw.rectangle((0, 0, QR_BOX - 1, QR_BOX - 1), fill=screens.WHITE)
    off = (QR_BOX - px * len(matrix)) // 2
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                draw.rectangle((off + x * px, off + y * px, off + x * px + px - 1, off + y * px + px - 1),
                               fill=screens.BLACK)
    mid = QR_BOX + (screens.WIDTH - QR_BOX) // 2
    small = get_font(screens.SMALL)
    hint = ("Handy:", "scannen") if lang == "de" else ("Phone:", "scan me")
    screens.put(draw, mid, 12, hint[0], small, "m")
    screens.put(draw, mid, 24, hint[1], small, "m")
    screens.put(draw, mid, 40, "PIN", small, "m")
    screens.put(draw, mid, 61, view.pin, screens.largest(view.pin, (22, 20, 18, 16, 14), screens.WIDTH - QR_BOX - 4), "m")


screens.register(QrView, render_qr)
