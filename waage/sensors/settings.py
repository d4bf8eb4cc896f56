"""Sensor settings (``[sensor]``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class SensorSettings(BaseModel):
    """Which sensor feeds the pipeline (filled in by the sensor layer)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["fake", "hx711", "serial"] = "fake"
