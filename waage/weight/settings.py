"""Settings of the weight pipeline and the calibration (pydantic, unknown keys forbidden)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Calibration(BaseModel):
    """Linear calibration: ``grams = (raw - offset) / counts_per_gram``.

    offset: counts of the empty platform. counts_per_gram: may be negative
    (a load cell mounted the other way round) but never zero.
    """

    model_config = ConfigDict(extra="forbid")

    offset: float = 0.0
    counts_per_gram: float = Field(1.0)


class GlassSettings(BaseModel):
    """What the device knows about the glass (W-01, W-32, W-33, W-35). All in grams."""

    model_config = ConfigDict(extra="forbid")

    glass_g: float = Field(350.0, gt=0, description="empty glass")
    glass_capacity_g: float = Field(550.0, gt=0, description="most beer the glass holds (W-35)")
    empty_threshold_g: float = Field(5.0, ge=0, description="beer left at or below which the glass is empty (W-32)")
    refill_threshold_g: float = Field(10.0, gt=0, description="smallest settled rise that is a refill (W-33)")


class PipelineSettings(BaseModel):
    """Tuning of the weight pipeline stages (filled in by the pipeline)."""

    model_config = ConfigDict(extra="forbid")
