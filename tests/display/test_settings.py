"""The [display] settings table."""

from __future__ import annotations

import pydantic
import pytest

from waage.display.settings import DisplaySettings


def test_defaults():
    s = DisplaySettings()
    assert (s.kind, s.i2c_bus, s.i2c_address, s.rotation, s.contrast, s.language) == ("terminal", 1, 0x3C, 0, 207, "de")
    assert DisplaySettings(kind="sh1106").luma_driver == "sh1106"
    assert DisplaySettings(kind="ssd1306", driver="ssd1309").luma_driver == "ssd1309"


def test_address_as_hex_string():
    assert DisplaySettings(i2c_address="0x3D").i2c_address == 0x3D


@pytest.mark.parametrize("bad", [{"kind": "lcd"}, {"rotation": 4}, {"contrast": 256}, {"i2c_address": "zz"},
                                 {"i2c_address": 0x78}, {"language": "fr"}, {"colour": "blue"}, {"driver": "st7735"}])
def test_rejects_bad_values_and_unknown_keys(bad):
    with pytest.raises(pydantic.ValidationError):
        DisplaySettings(**bad)
