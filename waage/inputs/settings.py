"""Input settings (``[input]``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class InputSettings(BaseModel):
    """Buttons / rotary encoder pins (filled in by the input layer)."""

    model_config = ConfigDict(extra="forbid")
