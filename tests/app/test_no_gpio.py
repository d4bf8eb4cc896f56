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


def test_gpio_library_missing_is_exit_2_naming_what_to_install(monkeypatch, tmp_path, capsys):
    """issue 28: config/serial.toml under the systemd unit (GPIOZERO_PIN_FACTORY=lgpio) without lgpio
    installed ended in ``ModuleNotFoundError: No module named 'lgpio'`` (a traceback, exit 1)."""
    import sys

    from waage.cli import main

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    monkeypatch.setitem(sys.modules, "lgpio", None)                 # import lgpio -> ModuleNotFoundError
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)   # ... also when gpiozero loaded it before
    config = load_config(REPO / "config" / "serial.toml")
    try:
        wiring.make_input(config, lambda key: None)
    except wiring.DeviceUnavailable as exc:
        message = str(exc)
    else:
        raise AssertionError("no error without the GPIO library")
    assert "GPIOZERO_PIN_FACTORY=lgpio" in message and "install/pi.sh" in message
    assert "adafruit-lgpio" in message and 'kind = "none"' in message and "\n" not in message
    # the same from the command line: one line, exit 2, no traceback
    text = (REPO / "config" / "serial.toml").read_text().replace('"/var/lib/waage"', repr(str(tmp_path)))
    (tmp_path / "waage.toml").write_text(text)
    assert main(["run", "--config", str(tmp_path / "waage.toml")]) == 2
    err = capsys.readouterr().err
    assert "waage: error: [input] kind = \"encoder\" needs the GPIO library 'lgpio'" in err and "Traceback" not in err


def _fake_lgpio(monkeypatch):
    """An ``lgpio`` whose gpiochip_open fails as the real one does without /dev/gpiochip0 or its permission."""
    import sys
    import types

    mod = types.ModuleType("lgpio")

    class error(Exception):
        pass

    error.__module__ = "lgpio"

    def gpiochip_open(chip):
        raise error("can not open gpiochip")

    mod.error, mod.gpiochip_open = error, gpiochip_open
    for name in ("SET_PULL_NONE", "SET_PULL_UP", "SET_PULL_DOWN", "BOTH_EDGES", "RISING_EDGE", "FALLING_EDGE"):
        setattr(mod, name, 0)
    monkeypatch.setitem(sys.modules, "lgpio", mod)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)   # imported again with this lgpio


def test_gpio_chip_that_cannot_be_opened_runs_without_buttons_in_one_line(monkeypatch, caplog):
    """issue 28: the unit's lgpio factory on a Pi whose /dev/gpiochip0 this user cannot open (or in the
    installer's emulated Pi, which has none) ended in lgpio.error, a traceback."""
    _fake_lgpio(monkeypatch)
    from gpiozero.pins.lgpio import LGPIOFactory   # the factory over the failing lgpio

    monkeypatch.setattr(LGPIOFactory, "_get_revision", lambda self: 0xC03111)   # a Pi 4 B
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    config = load_config(REPO / "config" / "serial.toml")
    with caplog.at_level(logging.WARNING, logger="waage.wiring"):
        assert wiring.make_input(config, lambda key: None) is None
    [line] = [r.getMessage() for r in caplog.records if r.name == "waage.wiring"]
    assert "cannot open the GPIO (error: can not open gpiochip)" in line and "group gpio" in line and "\n" not in line


def test_not_a_known_pi_runs_without_buttons_in_one_line(monkeypatch, caplog):
    _fake_lgpio(monkeypatch)
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    config = load_config(REPO / "config" / "hx711.toml")
    with caplog.at_level(logging.WARNING, logger="waage.wiring"):
        assert wiring.make_input(config, lambda key: None) is None     # this PC: no Pi revision
    [line] = [r.getMessage() for r in caplog.records if r.name == "waage.wiring"]
    assert "cannot open the GPIO (PinUnknownPi" in line and "buttons of [input]" in line
