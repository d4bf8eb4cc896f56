"""[sensor] keys of the serial bridge: baud rate, gain and channel, checked like every config key."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from waage.cli import main
from waage.sensors.settings import Hx711Settings, SerialSettings


def test_1200_baud_is_refused_by_check_config(tmp_path, capsys) -> None:
    cfg = tmp_path / "pico.toml"
    cfg.write_text('[sensor]\nkind = "serial"\nport = "/dev/ttyACM0"\nbaudrate = 1200\n')
    assert main(["check-config", str(cfg)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "pico.toml" in err and "baudrate" in err and "BOOTSEL" in err and "115200" in err


def test_115200_and_other_uart_rates_are_fine() -> None:
    assert SerialSettings(baudrate=115200).baudrate == 115200
    assert SerialSettings(baudrate=9600).baudrate == 9600


@pytest.mark.parametrize(("channel", "gain"), [("A", 128), ("A", 64), ("B", 32)])
def test_gain_and_channel_pairs_the_hx711_has(channel, gain) -> None:
    s = SerialSettings(channel=channel, gain=gain)
    assert (s.channel, s.gain) == (channel, gain)


@pytest.mark.parametrize(("channel", "gain", "words"), [
    ("B", 128, "channel B has gain 32 only"),
    ("A", 32, 'channel = "B"'),
])
def test_gain_that_the_channel_lacks_is_refused(channel, gain, words) -> None:
    with pytest.raises(ValidationError, match=words):
        SerialSettings(channel=channel, gain=gain)


def test_channel_b_needs_the_bridge() -> None:
    with pytest.raises(ValidationError, match="serial bridge only"):
        Hx711Settings(channel="B", gain=32)


def test_gain_and_channel_check_config_line(tmp_path, capsys) -> None:
    cfg = tmp_path / "b.toml"
    cfg.write_text('[sensor]\nkind = "serial"\nchannel = "B"\ngain = 64\n')
    assert main(["check-config", str(cfg)]) == 2
    err = capsys.readouterr().err.strip()
    assert "b.toml" in err and "sensor" in err and "gain 32" in err
