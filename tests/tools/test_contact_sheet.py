"""The contact sheet command (``waage screens``)."""

from __future__ import annotations

from PIL import Image

from waage.tools.contact_sheet import main
from waage.tools.samples import SAMPLES


def test_writes_a_png_with_every_screen(tmp_path, capsys):
    out = tmp_path / "sub" / "screens.png"
    assert main(["--out", str(out), "--lang", "en", "--scale", "2", "--columns", "4"]) == 0
    with Image.open(out) as img:
        rows = -(-len(SAMPLES) // 4)
        assert img.width == 4 * (128 * 2 + 28)
        assert img.height == 40 + rows * (64 * 2 + 22 + 28)
    assert "wrote" in capsys.readouterr().out


def test_bad_scale_is_an_error(tmp_path, capsys):
    assert main(["--out", str(tmp_path / "x.png"), "--scale", "0"]) == 2
    assert "--scale" in capsys.readouterr().err
