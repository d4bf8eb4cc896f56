"""The OLED shown in a terminal: the simulator's display.

The view is drawn exactly as on the panel (same ``screens.render`` on a luma
``dummy(width=128, height=64, mode="1")`` device) and printed with Unicode half
blocks, two pixel rows per text line: 128 columns × 32 lines inside a frame.

Example::

    from waage.display.terminal import TerminalDisplay
    from waage.display.views import MessageView
    disp = TerminalDisplay()                 # prints to sys.stdout
    disp.show(MessageView("Hallo", ["Glas auf die Waage stellen"]))
"""

from __future__ import annotations

import sys
from typing import TextIO

from PIL import Image

from waage.display.screens import HEIGHT, WIDTH, draw_view
from waage.display.views import View

#: (upper pixel lit, lower pixel lit) -> character
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
#: ANSI: cursor home + clear screen (only written to a tty).
ANSI_HOME_CLEAR = "\x1b[H\x1b[2J"


def to_halfblocks(image: Image.Image, frame: bool = True) -> str:
    """The 1-bit ``image`` (any size; 128×64 -> 128 columns × 32 lines) as half-block text.

    Lit pixels (non-zero after conversion to mode "1") are ink. With ``frame`` the
    picture is surrounded by a box (┌─┐│└┘), so it is (w + 2) × (h/2 + 2) characters.
    Lines are joined with "\\n", no trailing newline. An odd height gets a blank last row.
    """
    img = image if image.mode == "1" else image.convert("1")
    w, h = img.size
    px = img.load()
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = bool(px[x, y])
            bottom = bool(px[x, y + 1]) if y + 1 < h else False
            row.append(_HALF[(top, bottom)])
        lines.append("".join(row))
    if not frame:
        return "\n".join(lines)
    return "\n".join(["┌" + "─" * w + "┐", *("│" + line + "│" for line in lines), "└" + "─" * w + "┘"])


class TerminalDisplay:
    """A ``Display`` that prints each new picture to a text stream.

    stream: where to print (default ``sys.stdout``).
    lang: "de" | "en".
    ansi: clear the screen before each frame (default: only when ``stream.isatty()``);
        without it frames are separated by a blank line.
    A picture identical to the last one printed is not printed again
    (``frames`` counts the printed ones).
    """

    def __init__(self, stream: TextIO | None = None, lang: str = "de", ansi: bool | None = None) -> None:
        from luma.core.device import dummy

        self.stream = stream if stream is not None else sys.stdout
        self.lang = lang
        if ansi is None:
            isatty = getattr(self.stream, "isatty", None)
            ansi = bool(isatty and isatty())
        self.ansi = ansi
        self.device = dummy(width=WIDTH, height=HEIGHT, mode="1")
        self.frames = 0
        self._last: bytes | None = None
        self._last_view: View | None = None
        self._last_caption: tuple[str, ...] = ()

    #: lines printed under the picture (the simulator's narration); a change reprints the frame
    caption: tuple[str, ...] = ()

    def show(self, view: View) -> None:
        """Render ``view``; print it only if the picture (or the caption) differs from the last one printed."""
        if self._last_view is not None and view == self._last_view and self.caption == self._last_caption:
            return
        draw_view(self.device, view, self.lang)
        self._last_view = view
        image = self.device.image
        data = image.tobytes()
        if data == self._last and self.caption == self._last_caption:
            return
        self._last, self._last_caption = data, self.caption
        text = to_halfblocks(image) + "".join(f"\n  {line}" for line in self.caption)
        if self.ansi:
            self.stream.write(ANSI_HOME_CLEAR + text + "\n")
        else:
            self.stream.write(("\n" if self.frames else "") + text + "\n")
        self.stream.flush()
        self.frames += 1

    @property
    def image(self) -> Image.Image:
        """The last rendered picture (mode "1", 128×64)."""
        return self.device.image

    def close(self) -> None:
        """Nothing to release; flushes the stream."""
        try:
            self.stream.flush()
        except (OSError, ValueError):
            pass
