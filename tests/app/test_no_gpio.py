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
