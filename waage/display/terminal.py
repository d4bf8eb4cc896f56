"""The OLED shown in a terminal: the simulator's display.

Split as luma splits drivers from emulators: ``HalfBlockDevice`` is a luma
device (a ``luma.core.device.dummy`` whose ``display(image)`` prints Unicode
half blocks, two pixel rows per text line: 128 columns × 32 lines inside a
frame, like luma.emulator's ``asciiblock``), and ``TerminalDisplay`` is the
Pi's ``OledDisplay`` on that device, so the simulator runs the same
rendering, change detection and back-off code as the panel.

Example::

    from waage.display.terminal import TerminalDisplay
    from waage.display.views import MessageView
    disp = TerminalDisplay()                 # prints to sys.stdout
    disp.show(MessageView("Hallo", ["Glas auf die Waage stellen"]))
"""

from __future__ import annotations

import sys
from typing import TextIO

from luma.core.device import dummy
from PIL import Image

from waage.display.oled import OledDisplay
from waage.display.pacing import FramePacer
from waage.display.screens import HEIGHT, WIDTH
from waage.display.settings import DisplaySettings

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


class HalfBlockDevice(dummy):
    """A luma device that prints every picture it is given as Unicode half blocks.

    The simulator's panel, in the family of luma.core's ``dummy`` and
    luma.emulator's ``asciiblock``: ``display(image)`` keeps the image (as ``dummy``
    does) and writes it to ``stream``, two pixel rows per text line inside a frame,
    followed by the ``caption`` lines. No colours and no terminal-size scaling
    (unlike ``asciiblock``), so the output is plain text for pipes and tests.

    stream: where to print (default ``sys.stdout``); ansi: clear the screen before
    each picture (default: only when ``stream.isatty()``); without it pictures are
    separated by a blank line. ``frames`` counts the pictures printed.
    """

    def __init__(self, stream: TextIO | None = None, ansi: bool | None = None,
                 width: int = WIDTH, height: int = HEIGHT) -> None:
        super().__init__(width=width, height=height, mode="1")
        self.stream = stream if stream is not None else sys.stdout
        if ansi is None:
            isatty = getattr(self.stream, "isatty", None)
            ansi = bool(isatty and isatty())
        self.ansi = ansi
        self.caption: tuple[str, ...] = ()
        self.frames = 0
        self.level = 255

    def display(self, image: Image.Image) -> None:
        """Keep ``image`` (``dummy``) and print it with the caption under it."""
        super().display(image)
        text = to_halfblocks(self.image) + "".join(f"\n  {line}" for line in self.caption)
        if self.ansi:
            self.stream.write(ANSI_HOME_CLEAR + text + "\n")
        else:
            self.stream.write(("\n" if self.frames else "") + text + "\n")
        self.stream.flush()
        self.frames += 1

    def contrast(self, level: int) -> None:
        """Remember the contrast (0–255); a terminal has none."""
        assert 0 <= level <= 255
        self.level = level

    def cleanup(self) -> None:
        """Flush the stream; the last picture stays on the terminal (nothing to switch off)."""
        try:
            self.stream.flush()
        except (OSError, ValueError):
            pass


#: frames a second the terminal takes (no cap in practice)
UNPACED_FPS = 1e9


class TerminalDisplay(OledDisplay):
    """The simulator's ``Display``: the Pi's ``OledDisplay`` code on a ``HalfBlockDevice``.

    The same rendering, change detection and error back-off as on the panel; a
    picture identical to the last one printed is not printed again (``frames``
    counts the printed ones). ``caption``: lines printed under the picture (the
    simulator's narration); a new caption reprints the picture at the next ``show``.

    stream: where to print (default ``sys.stdout``); lang: "de" | "en";
    ansi: see ``HalfBlockDevice``; settings: the ``[display]`` table (kind "terminal").
    """

    def __init__(self, stream: TextIO | None = None, lang: str | None = None, ansi: bool | None = None,
                 settings: DisplaySettings | None = None) -> None:
        self.terminal = HalfBlockDevice(stream, ansi)
        settings = settings or DisplaySettings(kind="terminal", language=lang or "de")
        super().__init__(settings, device_factory=lambda: self.terminal, language=lang)
        # A terminal has no I2C bus to spare: the simulator paces its frames in simulated time
        # (``sim.FRAME_S``), so only the change detection of the pacer is used here (a frame
        # cap in wall-clock time would hold back the last view of a ``--fast`` run).
        self._pacer = FramePacer(UNPACED_FPS, self._clock)

    @property
    def stream(self) -> TextIO:
        """Where the pictures are printed."""
        return self.terminal.stream

    @property
    def ansi(self) -> bool:
        """The screen is cleared before each picture."""
        return self.terminal.ansi

    @property
    def frames(self) -> int:
        """Pictures printed so far."""
        return self.terminal.frames

    @frames.setter
    def frames(self, value: int) -> None:
        pass  # ``OledDisplay`` counts pushes; the device counts what was printed

    @property
    def caption(self) -> tuple[str, ...]:
        """Lines printed under the picture."""
        return self.terminal.caption

    @caption.setter
    def caption(self, lines: tuple[str, ...]) -> None:
        lines = tuple(lines)
        if lines != self.terminal.caption:
            self.terminal.caption = lines
            self._sent = None  # the same picture with a new caption is printed again
