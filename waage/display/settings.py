"""Display settings (``[display]``).

Example (0.96" SSD1306 module on the Pi's I2C bus 1)::

    [display]
    kind = "ssd1306"      # 1.3" modules are usually "sh1106"
    i2c_bus = 1           # /dev/i2c-1 = header pins 3 (SDA) and 5 (SCL)
    i2c_address = 0x3C    # 0x3D if the module's address jumper is moved
    rotation = 2          # 180°, when the module is mounted upside down
    contrast = 207
    language = "de"
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: luma.oled classes that drive a 128×64 monochrome panel with the same API.
LUMA_DRIVERS = ("ssd1306", "sh1106", "ssd1309", "ssd1315", "ssd1316", "ch1115", "ssd1305")


class DisplaySettings(BaseModel):
    """Which display to drive and how.

    kind: ``terminal`` (default: the picture printed to the terminal, for the
        simulator), ``ssd1306`` or ``sh1106`` (a 128×64 OLED on I2C through
        luma.oled; a 1.3" module is usually an SH1106, and the ssd1306 driver on
        it gives a shifted, garbled picture), ``none`` (no display).
    driver: optional luma.oled class to use instead of ``kind``'s for other 128×64
        controllers with the same protocol (one of ``LUMA_DRIVERS``, e.g.
        ``"ssd1309"`` for 2.42" modules); only for the OLED kinds.
    i2c_bus: I2C bus number, ``/dev/i2c-<n>`` (1 on every Pi since model B rev 2).
    i2c_address: 7-bit I2C address, 0x3C (default) or 0x3D; a string "0x3C" is accepted.
    rotation: 0–3 in quarter turns (luma ``rotate``); 2 = upside down. The screens
        are laid out landscape, so 1 and 3 (portrait, 64×128) cut them off.
    contrast: 0–255 (luma ``device.contrast``); the panel's brightness.
    language: "de" (default) or "en" for all display texts.
    retry_initial_s, retry_max_s: after an I2C error the device is re-created
        (re-sending the init sequence) after ``retry_initial_s``, doubling each
        failure up to ``retry_max_s`` (seconds); the game goes on meanwhile.
    keep_on_exit: leave the last picture on the panel when the program ends
        (luma ``persist``); default False blanks it.
    max_fps: at most this many frames a second on the OLED (default 10: a full
        frame is 1024 bytes, ~93 ms on a 100 kHz I2C bus; with
        ``i2c_arm_baudrate=400000`` up to ~40 are possible, at more CPU).
        Views that change faster wait; the newest is drawn (waage/display/pacing.py).
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    kind: Literal["ssd1306", "sh1106", "terminal", "none"] = "terminal"
    driver: Literal["ssd1306", "sh1106", "ssd1309", "ssd1315", "ssd1316", "ch1115", "ssd1305"] | None = None
    i2c_bus: int = Field(1, ge=0, le=255)
    i2c_address: int = Field(0x3C, ge=0x03, le=0x77)
    rotation: int = Field(0, ge=0, le=3)
    contrast: int = Field(0xCF, ge=0, le=255)
    language: Literal["de", "en"] = "de"
    retry_initial_s: float = Field(1.0, gt=0, le=60)
    retry_max_s: float = Field(30.0, gt=0, le=3600)
    keep_on_exit: bool = False
    max_fps: float = Field(10.0, gt=0, le=40)

    @field_validator("i2c_address", mode="before")
    @classmethod
    def _hex_address(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return int(value.strip(), 0)
            except ValueError:
                raise ValueError(f"not an I2C address: {value!r} (write e.g. 0x3C)") from None
        return value

    @property
    def luma_driver(self) -> str:
        """The luma.oled class name for the OLED kinds (``driver`` or else ``kind``)."""
        return self.driver or self.kind
