"""The sensor kinds by name: ``[sensor] kind`` -> how to open that sensor (as gpiozero's pin factories).

Every kind is a peer behind one interface (``waage/sensors/base.py``: ``Sensor``) with its own
settings model (``waage/sensors/settings.py``). The composition root opens the configured one::

    from waage.sensors.kinds import open_sensor
    sensor = open_sensor(config.sensor, platform=lambda: FakeScale(sample_rate_hz=10))
    sensor.start(print); ...; sensor.close()

A new kind is one settings model, one sensor class and one line in ``SENSOR_KINDS``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from waage.sensors.base import Sensor
from waage.sensors.fake import FakeScale, FakeSensor
from waage.sensors.hx711 import Hx711Sensor
from waage.sensors.serial_bridge import SerialBridgeSensor
from waage.sensors.settings import SENSOR_SETTINGS

#: what a simulated sensor weighs: a ``FakeScale`` made by the composition root (glass, calibration, load)
Platform = Callable[[], FakeScale]


@dataclass(frozen=True)
class SensorKind:
    """One kind of sensor: its settings model and ``open(settings, platform) -> Sensor``.

    Opening a hardware sensor may raise ``waage.errors.DeviceUnavailable`` (no HX711 library,
    no GPIO); ``platform`` is called only by a simulated sensor.
    """

    settings: type[BaseModel]
    open: Callable[[Any, Platform], Sensor]


#: ``[sensor] kind`` -> its sensor (the same keys as ``SENSOR_SETTINGS``)
SENSOR_KINDS: dict[str, SensorKind] = {
    "fake": SensorKind(SENSOR_SETTINGS["fake"], lambda settings, platform: FakeSensor(platform())),
    "hx711": SensorKind(SENSOR_SETTINGS["hx711"], lambda settings, platform: Hx711Sensor(settings)),
    "serial": SensorKind(SENSOR_SETTINGS["serial"], lambda settings, platform: SerialBridgeSensor(settings)),
}


def open_sensor(settings: Any, platform: Platform) -> Sensor:
    """The sensor of ``settings.kind`` (a model of ``SensorSettings``). Raises KeyError for an
    unknown kind (the config's validation refuses it first) and what the sensor raises."""
    return SENSOR_KINDS[settings.kind].open(settings, platform)
