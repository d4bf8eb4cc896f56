"""[sensor] settings: defaults, ranges, unknown keys."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from waage.sensors.settings import SensorSettings


def test_defaults() -> None:
    s = SensorSettings()
    assert s.kind == "fake"
    assert (s.dout_pin, s.pd_sck_pin, s.gain, s.rate_sps) == (5, 6, 128, 10)
    assert s.sampler == "process" and s.read_window_ms <= 100
    assert (s.port, s.baudrate) == ("/dev/ttyACM0", 115200)


def test_example_table_parses() -> None:
    text = """
    [sensor]
    kind = "hx711"
    dout_pin = 5
    pd_sck_pin = 6
    gain = 128
    rate_sps = 80
    read_window_ms = 20
    """
    s = SensorSettings.model_validate(tomllib.loads(text)["sensor"])
    assert s.kind == "hx711" and s.rate_sps == 80


@pytest.mark.parametrize("bad", [
    {"kind": "loadcell"},
    {"rate_sps": 20},                 # the HX711 has 10 or 80 SPS only (RATE pin)
    {"gain": 32},                     # channel B: not for the load cell
    {"read_window_ms": 250},          # would hold the GIL too long
    {"dout_pin": 6, "pd_sck_pin": 6},
    {"dout_pin": 29},                 # header pin number instead of BCM
    {"refUnit": 412},                 # unknown key
])
def test_rejected(bad: dict) -> None:
    with pytest.raises(ValidationError):
        SensorSettings(**bad)
