"""issue 21: ``waage run`` / ``waage calibrate`` with config/serial.toml on a machine without GPIO
(a PC with the serial bridge) ended in gpiozero's BadPinFactory traceback, exit 1."""
import logging
from pathlib import Path

from gpiozero import Device

from waage.app import wiring
from waage.config import load_config

REPO = Path(__file__).resolve().parents[2]


def test_no_gpio_runs_without_buttons_and_says_so_in_one_line(monkeypatch, caplog):
    config = load_config(REPO / "config" / "serial.toml")
    assert config.input.kind == "encoder"
    # gpiozero finds no pin factory here, on a Pi too: the machine without GPIO
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "waage_test_no_such_factory")
    keys: list = []
    with caplog.at_level(logging.WARNING, logger="waage.wiring"):
        assert wiring.make_input(config, keys.append) is None
    [line] = [r.getMessage() for r in caplog.records if r.name == "waage.wiring"]
    assert "no GPIO" in line and "--keys-from-stdin" in line and "\n" not in line
