"""Input settings (``[input]``): buttons or a rotary encoder on the Pi's GPIO."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class InputSettings(BaseModel):
    """Buttons / rotary encoder pins (BCM numbers, not header pin numbers; see hardware/README.md).

    kind: ``buttons`` (three push buttons NEXT, PREV, OK), ``encoder`` (a
        KY-040-style rotary encoder with push button), ``none`` (no GPIO input;
        the keyboard or a script provides keys).
    next_pin, prev_pin, ok_pin: BCM pins of the buttons (kind ``buttons``);
        each button connects its pin to GND (internal pull-up, active low).
    encoder_a_pin, encoder_b_pin, encoder_push_pin: BCM pins of the encoder's
        A (CLK), B (DT) and SW contacts (kind ``encoder``). If turning
        clockwise gives PREV, swap A and B.
    bounce_time_s: software debounce of the push buttons in seconds (20-50 ms
        is typical; ``None`` = off). The encoder's A/B lines are never
        debounced in software: lgpio's debounce drops pulses shorter than it,
        which loses encoder steps.
    hold_time_s: holding OK (or the encoder push) this long is BACK instead
        of OK, in seconds.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    kind: Literal["buttons", "encoder", "none"] = "none"
    next_pin: int = Field(17, ge=0, le=27)
    prev_pin: int = Field(27, ge=0, le=27)
    ok_pin: int = Field(22, ge=0, le=27)
    encoder_a_pin: int = Field(23, ge=0, le=27)
    encoder_b_pin: int = Field(24, ge=0, le=27)
    encoder_push_pin: int = Field(25, ge=0, le=27)
    bounce_time_s: float | None = Field(0.03, gt=0, le=0.5)
    hold_time_s: float = Field(0.8, gt=0, le=10)

    def used_pins(self) -> dict[str, int]:
        """Name -> BCM pin of the pins the selected kind uses (empty for ``none``)."""
        if self.kind == "buttons":
            return {"next_pin": self.next_pin, "prev_pin": self.prev_pin, "ok_pin": self.ok_pin}
        if self.kind == "encoder":
            return {"encoder_a_pin": self.encoder_a_pin, "encoder_b_pin": self.encoder_b_pin,
                    "encoder_push_pin": self.encoder_push_pin}
        return {}

    @model_validator(mode="after")
    def _distinct_pins(self) -> InputSettings:
        pins = self.used_pins()
        if len(set(pins.values())) != len(pins):
            raise ValueError(f"[input] pins must be different GPIOs, got {pins}")
        return self
