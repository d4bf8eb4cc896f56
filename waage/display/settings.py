"""Display settings (``[display]``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DisplaySettings(BaseModel):
    """Which display to drive and how (filled in by the display layer)."""

    model_config = ConfigDict(extra="forbid")
