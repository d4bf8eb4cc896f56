"""Sensor settings (``[sensor]``).

One flat table for every sensor kind; keys of the kinds that are not selected
are ignored. Example (HX711 on the Pi header)::

    [sensor]
    kind = "hx711"
    dout_pin = 5          # BCM 5 = header pin 29
    pd_sck_pin = 6        # BCM 6 = header pin 31
    rate_sps = 10         # must match the board's RATE pin (10 or 80)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class SensorSettings(BaseModel):
    """Which sensor feeds the pipeline, and how to reach it.

    kind: ``fake`` (simulator), ``hx711`` (HX711 on the Pi's GPIO through
        hx711-rpi-py), ``serial`` (a microcontroller bridge over USB serial).

    HX711 keys (``kind = "hx711"``, see hardware/README.md for the wiring):
        dout_pin, pd_sck_pin: BCM GPIO numbers (not header pin numbers) of the
            HX711's DOUT and PD_SCK lines.
        gain: 128 (channel A, ±20 mV full scale at 5 V) or 64 (channel A,
            ±40 mV); 32 is channel B's only gain (``channel = "B"``, serial
            bridge only).
        channel: ``A`` (the load cell, default) or ``B`` (gain 32). The serial
            bridge sends gain and channel to the board as SET_GAIN (128, 64 or
            32) at every connect and after every board restart.
        rate_sps: 10 or 80 conversions per second. The HX711 rate is set in
            hardware by the RATE pin (open/GND = 10, VCC = 80); this value must
            match it. It sets the library's settling wait (400 ms / 50 ms) and
            ``Sensor.sample_rate_hz``. 10 SPS has ~1.8x less noise. The serial
            bridge starts from it and then follows the rate the board announces
            in HELLO (a change mid-stream re-baselines, ``rate_changed``).
        read_window_ms: length of one time-based read (``getValues(timedelta)``)
            started once DOUT signals a conversion is ready. The library holds
            the Python GIL for the whole window, so it is capped at 100 ms;
            20 ms catches one word at 10 or 80 SPS with margin.
        poll_interval_ms: pause between DOUT-ready checks (``isReady()``, one
            GPIO read of microseconds). 2 ms keeps the CPU load low and adds at
            most 2 ms of latency to a sample.
        silence_s: no trustworthy sample for this long is a ``SensorFault``
            (0.5 s = 5 missed conversions at 10 SPS); for the serial bridge the
            ``stalled`` timeout.
        suspect_trailing_ones: a 24-bit word ending in at least this many
            one-bits is flagged FLAG_SUSPECT (the chip powered down mid-read:
            research hx711.md §2.2; 12 ones happen by chance in 0.024 % of
            honest words, so few good samples are lost).
        stuck_samples: this many identical words in a row (not saturated) mean
            DOUT is not really connected to a chip (a noise of ~30 counts rms
            makes repeats of an honest word essentially impossible).
        reconnect_s: wait between attempts to open the GPIO lines after a
            GpioException.
        sampler: ``process`` (default: the library runs in a child process, so
            its GIL-holding busy-waits and possible hangs never touch the
            display or buttons; a hung reader is killed and restarted) or
            ``thread`` (same loop in a thread of this process; every library
            call lasts at most ``read_window_ms``; no protection from a hang).
        hang_timeout_s: (process sampler) the child process is restarted when
            it has sent nothing, not even a heartbeat, for this long once it
            runs (it sends a heartbeat every 0.1 s while it waits for DOUT).
        start_grace_s: (process sampler) how long the child may take to start
            and open the chip before it counts as hung: starting Python, the
            imports, and the library's constructor with its settling wait
            (0.4 s at 10 SPS); also for each re-opening after a GPIO error.
            Default 10 s: measured 0.3-0.9 s on an x86 PC, about 2-3 s
            expected on a Pi Zero 2 W (a CPU eight times slower).

    Serial-bridge keys (``kind = "serial"``):
        port: serial device of the bridge (a Pico shows up as /dev/ttyACM0).
        baudrate: line speed in baud (ignored by USB CDC, used by UART links).
            1200 is refused: opening a Pico's USB port at 1200 baud resets it
            into its BOOTSEL bootloader.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    kind: Literal["fake", "hx711", "serial"] = "fake"

    # --- HX711 on the Pi's GPIO (kind = "hx711") ---
    dout_pin: int = Field(5, ge=0, le=27, description="BCM number of HX711 DOUT")
    pd_sck_pin: int = Field(6, ge=0, le=27, description="BCM number of HX711 PD_SCK")
    gain: Literal[128, 64, 32] = 128
    channel: Literal["A", "B"] = "A"
    rate_sps: Literal[10, 80] = 10
    read_window_ms: int = Field(20, ge=1, le=100)
    poll_interval_ms: float = Field(2.0, gt=0, le=20)
    silence_s: float = Field(0.5, gt=0, le=10)
    suspect_trailing_ones: int = Field(12, ge=8, le=24)
    stuck_samples: int = Field(20, ge=3)
    reconnect_s: float = Field(2.0, gt=0)
    sampler: Literal["process", "thread"] = "process"
    hang_timeout_s: float = Field(2.0, gt=0)
    start_grace_s: float = Field(10.0, gt=0, le=300)

    # --- serial bridge (kind = "serial") ---
    port: str = "/dev/ttyACM0"
    baudrate: int = Field(115200, gt=0)

    @field_validator("baudrate")
    @classmethod
    def _not_the_bootloader_baud(cls, baudrate: int) -> int:
        if baudrate == 1200:
            raise ValueError("1200 baud resets a Raspberry Pi Pico into its BOOTSEL bootloader (the bridge "
                             "firmware stops); use 115200")
        return baudrate

    @model_validator(mode="after")
    def _distinct_pins(self) -> SensorSettings:
        if self.dout_pin == self.pd_sck_pin:
            raise ValueError(f"dout_pin and pd_sck_pin are both BCM {self.dout_pin}; they need two different GPIOs")
        return self

    @model_validator(mode="after")
    def _gain_fits_channel(self) -> SensorSettings:
        if self.channel == "B" and self.gain != 32:
            raise ValueError(f"channel B has gain 32 only (the HX711's fixed gain there), not {self.gain}")
        if self.channel == "A" and self.gain == 32:
            raise ValueError('gain 32 is channel B: set channel = "B", or gain 128 or 64 for channel A')
        if self.channel == "B" and self.kind == "hx711":
            raise ValueError('channel B is read through the serial bridge only (kind = "serial")')
        return self
