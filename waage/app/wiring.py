"""Factories that pick the adapter for each part from the config (peers behind one interface each)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError

from waage.app.store import StateStore
from waage.config import AppConfig
from waage.errors import InputFileError, from_validation_error
from waage.weight.settings import Calibration, GlassSettings


def state_directory(config: AppConfig, override: Path | None = None, config_path: Path | None = None) -> Path:
    """The state directory: ``--state-dir``, else systemd's ``$STATE_DIRECTORY``, else ``[state] directory``.

    The directory is created if missing. Raises InputFileError (naming the config
    file and ``state.directory``) when it cannot be created or written.
    """
    if override is not None:
        directory = override
    elif os.environ.get("STATE_DIRECTORY"):
        directory = Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    else:
        directory = config.state.directory
    try:
        if directory.exists() and not directory.is_dir():
            raise NotADirectoryError(20, "not a directory")
        directory.mkdir(parents=True, exist_ok=True)
        if not os.access(directory, os.W_OK):
            raise PermissionError(13, "not writable")
    except OSError as exc:
        where, field = ("command line", "--state-dir") if override is not None else (config_path, "state.directory")
        raise InputFileError(where or "config", field,
                             f"cannot use {directory}: {exc.strerror or exc} (create it for this user, "
                             "or pass --state-dir)") from None
    return directory


def load_calibration(store: StateStore, config: AppConfig) -> Calibration:
    """The calibration written by ``waage calibrate``, else the config's ``[calibration]``.

    A calibrated empty-glass weight (``glass_g``) replaces ``config.glass.glass_g``.
    Raises InputFileError when the calibration file exists but is invalid.
    """
    path = store.calibration_path
    if not path.exists():
        return config.calibration
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        calibration = Calibration.model_validate({k: data[k] for k in ("offset", "counts_per_gram")})
        if data.get("glass_g"):
            config.glass = GlassSettings.model_validate({**config.glass.model_dump(), "glass_g": data["glass_g"]})
        return calibration
    except ValidationError as exc:
        raise from_validation_error(path, exc) from None
    except (KeyError, TypeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise InputFileError(path, None, f"not a calibration file ({exc}); run `waage calibrate` again") from None


def make_sensor(config: AppConfig, calibration: Calibration, load_g: float | None = None) -> Any:
    """The sensor of ``[sensor] kind``: fake, hx711 or serial (all implement ``Sensor``).

    load_g: for the fake sensor, the load standing on the simulated platform
    (a resumed game's reference weight: the glass survives a power cut);
    default a glass filled to 80 % of its capacity.
    """
    kind = config.sensor.kind
    if kind == "hx711":
        from waage.sensors.hx711 import Hx711Sensor

        return Hx711Sensor(config.sensor)
    if kind == "serial":
        from waage.sensors.serial_bridge import SerialBridgeSensor

        return SerialBridgeSensor(config.sensor)
    from waage.sensors.fake import FakeScale, FakeSensor

    glass_g = config.glass.glass_g
    beer_g = round(config.glass.glass_capacity_g * 0.8) if load_g is None else max(load_g - glass_g, 0.0)
    scale = FakeScale(sample_rate_hz=float(config.sensor.rate_sps), noise_g=0.1, glass_g=glass_g,
                      beer_g=beer_g, calibration=calibration, capacity_g=config.glass.glass_capacity_g)
    return FakeSensor(scale)


def make_display(config: AppConfig) -> Any:
    """The display of ``[display]`` (OLED, terminal or none)."""
    from waage.display.oled import make_display as make

    return make(config.display)


def make_input(config: AppConfig, on_key: Callable[[Any], None]) -> Any:
    """The buttons / encoder of ``[input]``, or None when there are none."""
    if getattr(config.input, "kind", "none") == "none":
        return None
    from waage.inputs.gpio import GpioInput

    return GpioInput(config.input, on_key)
