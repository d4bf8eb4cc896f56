"""[sensor] settings: one model per kind chosen by ``kind`` (defaults, ranges, unknown keys, the
other kinds' keys)."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import TypeAdapter, ValidationError

from waage.config import AppConfig
from waage.sensors.settings import FakeSensorSettings, Hx711Settings, SerialSettings, SensorSettings

SENSOR = TypeAdapter(SensorSettings)


def test_defaults() -> None:
    assert AppConfig().sensor == FakeSensorSettings(rate_sps=10)
    s = Hx711Settings()
    assert (s.kind, s.dout_pin, s.pd_sck_pin, s.gain, s.rate_sps) == ("hx711", 5, 6, 128, 10)
    assert s.sampler == "process" and s.read_window_ms <= 100
    assert (SerialSettings().port, SerialSettings().baudrate) == ("/dev/ttyACM0", 115200)


@pytest.mark.parametrize(("table", "model"), [
    ({}, FakeSensorSettings), ({"kind": "fake"}, FakeSensorSettings),
    ({"kind": "hx711"}, Hx711Settings), ({"kind": "serial"}, SerialSettings),
])
def test_the_kind_picks_the_model(table, model) -> None:
    assert type(SENSOR.validate_python(table, strict=True)) is model


def test_the_other_kinds_keys_are_checked_and_ignored() -> None:
    s = SENSOR.validate_python({"kind": "fake", "dout_pin": 17, "port": "/dev/ttyUSB0", "sampler": "thread"})
    assert s == FakeSensorSettings() and not hasattr(s, "dout_pin")
    with pytest.raises(ValidationError, match="dout_pin"):
        SENSOR.validate_python({"kind": "serial", "dout_pin": 29})


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
    s = SENSOR.validate_python(tomllib.loads(text)["sensor"], strict=True)
    assert isinstance(s, Hx711Settings) and s.rate_sps == 80


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
        SENSOR.validate_python(bad)
