"""Half-block rendering and the terminal display (simulator)."""

from __future__ import annotations

import io

from PIL import Image

from waage.display.terminal import ANSI_HOME_CLEAR, TerminalDisplay, to_halfblocks
from waage.display.views import MessageView
from waage.tools.samples import SAMPLES


def test_halfblocks_map_two_pixel_rows_to_one_character():
    img = Image.new("1", (4, 2), 0)
    img.putpixel((1, 0), 255)  # top only
    img.putpixel((2, 1), 255)  # bottom only
    img.putpixel((3, 0), 255)
    img.putpixel((3, 1), 255)  # both
    assert to_halfblocks(img, frame=False) == " ▀▄█"
    assert to_halfblocks(img) == "┌────┐\n│ ▀▄█│\n└────┘"


def test_halfblocks_of_a_screen_are_128_by_32_inside_a_frame():
    disp = TerminalDisplay(io.StringIO())
    disp.show(SAMPLES[0][2])
    lines = to_halfblocks(disp.image).split("\n")
    assert len(lines) == 34 and {len(line) for line in lines} == {130}
    inner = [line[1:-1] for line in lines[1:-1]]
    assert set("".join(inner)) <= set(" ▀▄█")
    assert "█" in inner[0]  # the inverted header bar


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_display_prints_only_changes():
    out = io.StringIO()
    disp = TerminalDisplay(out)
    a, b = MessageView("A", ["eins"]), MessageView("B", ["zwei"])
    disp.show(a)
    disp.show(a)
    disp.show(MessageView("A", ["eins"]))  # equal view
    assert disp.frames == 1
    disp.show(b)
    assert disp.frames == 2
    text = out.getvalue()
    assert ANSI_HOME_CLEAR not in text  # not a tty: plain frames
    assert text.count("┌") == 2 and "\n\n┌" in text  # separated by a blank line


def test_terminal_display_clears_a_tty():
    out = _Tty()
    disp = TerminalDisplay(out, lang="en")
    disp.show(MessageView("A", ["one"]))
    assert out.getvalue().startswith(ANSI_HOME_CLEAR)
    disp.close()


def test_the_terminal_is_a_luma_device_under_the_pis_oled_display():
    from luma.core.device import dummy

    from waage.display.oled import OledDisplay
    from waage.display.terminal import HalfBlockDevice

    out = io.StringIO()
    disp = TerminalDisplay(out)
    assert isinstance(disp, OledDisplay) and isinstance(disp.device, HalfBlockDevice)
    assert isinstance(disp.device, dummy)
    disp.show(MessageView("A", ["eins"]))
    assert disp.device.image.tobytes() == disp.image.tobytes()  # what was printed is what was drawn
    assert out.getvalue().strip("\n") == to_halfblocks(disp.image)


def test_a_new_caption_reprints_the_same_picture_once():
    out = io.StringIO()
    disp = TerminalDisplay(out)
    view = MessageView("A", ["eins"])
    disp.show(view)
    disp.caption = ("Anna würfelt 3 + 4",)
    disp.show(view)
    disp.show(view)
    assert disp.frames == 2
    assert out.getvalue().endswith("┘\n  Anna würfelt 3 + 4\n")


def test_a_new_language_redraws_the_same_view():
    from waage.display.views import FaultView

    out = io.StringIO()
    disp = TerminalDisplay(out)
    view = FaultView(kind="stalled", detail="")
    disp.show(view)
    german = disp.image.tobytes()
    disp.set_language("en")
    disp.show(view)
    assert disp.frames == 2 and disp.image.tobytes() != german
