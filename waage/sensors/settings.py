"""Sensor settings (``[sensor]``): one pydantic model per kind, chosen by ``kind``.

The kinds are peers (as gpiozero's pin factories): ``fake`` (the simulator,
``FakeSensorSettings``), ``hx711`` (an HX711 on the Pi's GPIO, ``Hx711Settings``) and
``serial`` (a microcontroller bridge over USB serial, ``SerialSettings``).
``SensorSettings`` is their discriminated union (``kind`` picks the model; no ``kind``
means ``fake``); ``waage/sensors/kinds.py`` opens the sensor of each kind. Example (HX711
on the Pi header)::

    [sensor]
    kind = "hx711"
    dout_pin = 5          # BCM 5 = header pin 29
    pd_sck_pin = 6        # BCM 6 = header pin 31
    rate_sps = 10         # must match the board's RATE pin (10 or 80)

Keys of the kinds that are not selected are checked as their own kind checks them and then
ignored (a config may keep the HX711's pins while it runs the simulator); an unknown key is an
error. The keys and their meaning:

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
        in HELLO (a change mid-stream re-baselines, ``rate_changed``). The
        simulator (``fake``) samples at this rate too.
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

Serial-bridge keys (``kind = "serial"``; with gain, channel, rate_sps and silence_s above):
    port: serial device of the bridge (a Pico shows up as /dev/ttyACM0).
    baudrate: line speed in baud (ignored by USB CDC, used by UART links).
        1200 is refused: opening a Pico's USB port at 1200 baud resets it
        into its BOOTSEL bootloader.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, ValidationError,
                      field_validator, model_validator)


class _Kind(BaseModel):
    """What every kind's settings share: strict, no unknown keys, the other kinds' keys checked and dropped."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    #: the kinds whose keys this kind ignores, in the order they are asked who owns a key
    _others: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="wrap")
    @classmethod
    def _other_kinds_keys(cls, data: Any, handler: Any) -> Any:
        if not isinstance(data, dict):
            return handler(data)
        own = {k: v for k, v in data.items() if k in cls.model_fields or k not in _ALL_KEYS}
        by_owner: dict[str, dict[str, Any]] = {}
        for key, value in data.items():
            if key not in own:
                owner = next(kind for kind in _CHECK_ORDER if key in SENSOR_SETTINGS[kind].model_fields)
                by_owner.setdefault(owner, {})[key] = value
        problems: list[Any] = []
        for owner, keys in by_owner.items():  # a wrong value is an error all the same (its key named)
            try:
                SENSOR_SETTINGS[owner].model_validate({**keys, "kind": owner}, strict=True)
            except ValidationError as exc:
                problems += exc.errors()
        try:
            settings = handler(own)
        except ValidationError as exc:
            problems += exc.errors()
        if not problems:
            return settings
        problems.sort(key=_key_order)  # as one table lists them: by key, the checks of several keys last
        raise ValidationError.from_exception_data(cls.__name__, [
            {"type": p["type"], "loc": p["loc"], "input": p["input"], "ctx": p.get("ctx", {})} for p in problems])


class _Adc(_Kind):
    """The HX711's own settings, read on the Pi (hx711) or by the bridge board (serial)."""

    gain: Literal[128, 64, 32] = 128
    channel: Literal["A", "B"] = "A"
    rate_sps: Literal[10, 80] = 10
    silence_s: float = Field(0.5, gt=0, le=10)

    @model_validator(mode="after")
    def _gain_fits_channel(self) -> Any:
        if self.channel == "B" and self.gain != 32:
            raise ValueError(f"channel B has gain 32 only (the HX711's fixed gain there), not {self.gain}")
        if self.channel == "A" and self.gain == 32:
            raise ValueError('gain 32 is channel B: set channel = "B", or gain 128 or 64 for channel A')
        return self


class FakeSensorSettings(_Kind):
    """``kind = "fake"``: the simulated load cell (``waage/sensors/fake.py``), sampling at ``rate_sps``."""

    kind: Literal["fake"] = "fake"
    rate_sps: Literal[10, 80] = 10


class Hx711Settings(_Adc):
    """``kind = "hx711"``: an HX711 on the Pi's GPIO through hx711-rpi-py (``waage/sensors/hx711.py``;
    every key in the module docstring)."""

    kind: Literal["hx711"] = "hx711"
    dout_pin: int = Field(5, ge=0, le=27, description="BCM number of HX711 DOUT")
    pd_sck_pin: int = Field(6, ge=0, le=27, description="BCM number of HX711 PD_SCK")
    read_window_ms: int = Field(20, ge=1, le=100)
    poll_interval_ms: float = Field(2.0, gt=0, le=20)
    suspect_trailing_ones: int = Field(12, ge=8, le=24)
    stuck_samples: int = Field(20, ge=3)
    reconnect_s: float = Field(2.0, gt=0)
    sampler: Literal["process", "thread"] = "process"
    hang_timeout_s: float = Field(2.0, gt=0)
    start_grace_s: float = Field(10.0, gt=0, le=300)

    @model_validator(mode="after")
    def _distinct_pins(self) -> Hx711Settings:
        if self.dout_pin == self.pd_sck_pin:
            raise ValueError(f"dout_pin and pd_sck_pin are both BCM {self.dout_pin}; they need two different GPIOs")
        return self

    @model_validator(mode="after")
    def _channel_a_only(self) -> Hx711Settings:
        if self.channel == "B":
            raise ValueError('channel B is read through the serial bridge only (kind = "serial")')
        return self


class SerialSettings(_Adc):
    """``kind = "serial"``: the bridge board over USB serial (``waage/sensors/serial_bridge.py``)."""

    kind: Literal["serial"] = "serial"
    port: str = "/dev/ttyACM0"
    baudrate: int = Field(115200, gt=0)

    @field_validator("baudrate")
    @classmethod
    def _not_the_bootloader_baud(cls, baudrate: int) -> int:
        if baudrate == 1200:
            raise ValueError("1200 baud resets a Raspberry Pi Pico into its BOOTSEL bootloader (the bridge "
                             "firmware stops); use 115200")
        return baudrate


#: ``[sensor] kind`` -> its settings model (the sensors themselves: ``waage/sensors/kinds.py``)
SENSOR_SETTINGS: dict[str, type[_Kind]] = {"fake": FakeSensorSettings, "hx711": Hx711Settings,
                                           "serial": SerialSettings}
#: who checks a key of another kind: the most permissive owner first (serial accepts channel B)
_CHECK_ORDER = ("serial", "hx711", "fake")
_ALL_KEYS = frozenset(k for model in SENSOR_SETTINGS.values() for k in model.model_fields)
#: the keys in the order the ``[sensor]`` keys are documented (the order problems are reported in)
_KEY_ORDER = ("kind", "dout_pin", "pd_sck_pin", "gain", "channel", "rate_sps", "read_window_ms", "poll_interval_ms",
              "silence_s", "suspect_trailing_ones", "stuck_samples", "reconnect_s", "sampler", "hang_timeout_s",
              "start_grace_s", "port", "baudrate")


def _key_order(problem: Any) -> tuple[int, int]:
    loc = problem["loc"]
    if not loc:
        return (1, 0)
    return (0, _KEY_ORDER.index(loc[0]) if loc[0] in _KEY_ORDER else len(_KEY_ORDER))


class _KindWord(BaseModel):
    kind: Literal["fake", "hx711", "serial"] = "fake"


def _known_kind(data: Any) -> Any:
    # the error for an unknown kind names ``sensor.kind`` and lists the kinds, as every other key does
    if isinstance(data, dict):
        _KindWord.model_validate({"kind": data.get("kind", "fake")}, strict=True)
    return data


def _kind_of(data: Any) -> str:
    kind = data.get("kind", "fake") if isinstance(data, dict) else getattr(data, "kind", "fake")
    return f"{kind} sensor"  # a tag that is no key: error paths read ``sensor.dout_pin``, not ``sensor.hx711.…``


#: the ``[sensor]`` table: the settings of the kind it names (no ``kind``: ``fake``)
SensorSettings = Annotated[
    Union[Annotated[FakeSensorSettings, Tag("fake sensor")], Annotated[Hx711Settings, Tag("hx711 sensor")],
          Annotated[SerialSettings, Tag("serial sensor")]],
    Discriminator(_kind_of),
    BeforeValidator(_known_kind),
]
