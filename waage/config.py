"""The device configuration: TOML files in ``config/`` loaded into pydantic models.

Every table forbids unknown keys, so a typo is an error that names the file and
the key instead of a silently ignored setting. ``load_config`` raises
``InputFileError``; ``waage check-config FILE`` prints it and exits with 2.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from waage.display.settings import DisplaySettings
from pydantic_core import PydanticCustomError

from waage.errors import InputFileError, from_validation_error
from waage.inputs.settings import InputSettings
from waage.mqtt.settings import MqttSettings
from waage.games import GAMES, expected_words
from waage.names import check_each_name
from waage.rules.players import canonical_name, check_names
from waage.rules.settings import HouseRules
from waage.sensors.settings import FakeSensorSettings, SensorSettings
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings
from waage.web.settings import WebSettings


_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class GameSettings(BaseModel):
    """``[game]``: who plays and how.

    players: 2–12 distinct names in seat order (clockwise), each passing ``waage.names.check_name``
        (printable, at most 16 characters).
    starter: the thirstiest player, who starts round 1 (W-02); default the first.
    dice: "electronic" (the device rolls with ``secrets``, W-03) or "manual"
        (players roll real dice and enter them with the buttons).
    teams: the team variant of a game that has one (arsch_selten_allein: exactly four players, AS-07).
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    #: one of the registered games (``waage.games.GAMES``)
    game: str = "waagespiel"
    players: list[str] = Field(default_factory=lambda: ["Anna", "Ben", "Cara"])
    starter: str | None = None
    dice: Literal["electronic", "manual"] = "electronic"
    teams: bool = False

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, game: Any) -> Any:
        # the registry's games; the error reads as pydantic's for a Literal of them
        if not isinstance(game, str) or game not in GAMES:
            raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected_words()})
        return game

    @field_validator("players")
    @classmethod
    def _players(cls, players: list[str]) -> list[str]:
        return check_names(check_each_name(players))  # the one name rule (waage/names.py)

    @model_validator(mode="after")
    def _starter(self) -> "GameSettings":
        if self.starter is not None:  # names are matched case-insensitively: "anna" is "Anna"
            found = canonical_name(self.starter, self.players)
            if found is None:
                raise ValueError(f"starter {self.starter!r} is not one of the players {self.players}")
            self.starter = found
        if self.teams and (GAMES[self.game].team_players is None or len(self.players) != GAMES[self.game].team_players):
            teams = [g for g in GAMES.values() if g.team_players is not None]
            raise ValueError("teams = true: only for " + " or ".join(g.id for g in teams)
                             + ", with exactly " + " or ".join(_COUNT.get(n, str(n)) for n in
                                                                {g.team_players: 1 for g in teams})
                             + " players (AS-07)")
        return self


class StateSettings(BaseModel):
    """``[state]``: where the game state, calibration and session log live.

    directory: created if missing; under systemd ``StateDirectory=waage``
        makes it ``/var/lib/waage``.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    directory: Path = Path("state")


class AppConfig(BaseModel):
    """The whole device configuration (one TOML file)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    game: GameSettings = Field(default_factory=GameSettings)
    rules: HouseRules = Field(default_factory=HouseRules)
    glass: GlassSettings = Field(default_factory=GlassSettings)
    sensor: SensorSettings = Field(default_factory=FakeSensorSettings)
    calibration: Calibration = Field(default_factory=Calibration)
    pipeline: PipelineSettings = Field(default_factory=PipelineSettings)
    display: DisplaySettings = Field(default_factory=DisplaySettings)
    input: InputSettings = Field(default_factory=InputSettings)
    state: StateSettings = Field(default_factory=StateSettings)
    mqtt: MqttSettings = Field(default_factory=MqttSettings)
    web: WebSettings = Field(default_factory=WebSettings)

    @model_validator(mode="after")
    def _pins_shared(self) -> "AppConfig":
        """No GPIO used twice: buttons, HX711 lines and the OLED's I2C pins (BCM 2 = SDA, 3 = SCL)."""
        pins: dict[str, int] = {}
        if self.display.kind in ("ssd1306", "sh1106"):
            pins.update({"the display's I2C SDA": 2, "the display's I2C SCL": 3})
        if self.sensor.kind == "hx711":
            pins.update({"sensor.dout_pin": self.sensor.dout_pin, "sensor.pd_sck_pin": self.sensor.pd_sck_pin})
        pins.update({f"input.{name}": pin for name, pin in self.input.used_pins().items()})
        seen: dict[int, str] = {}
        for name, pin in pins.items():
            if pin in seen:
                raise ValueError(f"{name} and {seen[pin]} are both BCM {pin}; each needs its own GPIO")
            seen[pin] = name
        return self


class _DuplicateKey(ValueError):
    """A JSON object names the same key twice (TOML refuses that by itself)."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def read_table_file(path: Path) -> dict[str, Any]:
    """Read a TOML file (or JSON, by the ``.json`` suffix) into a dict.

    Raises InputFileError naming the file for a missing file or a syntax error.
    """
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise InputFileError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    try:
        if path.suffix.lower() == ".json":
            data = json.loads(text.decode("utf-8-sig"), object_pairs_hook=_no_duplicate_keys)
            if not isinstance(data, dict):
                raise InputFileError(path, None, "the JSON document must be an object")
            return data
        return tomllib.loads(text.decode("utf-8-sig"))  # a BOM (some editors write one) is no TOML
    except UnicodeDecodeError:
        raise InputFileError(path, None, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(path, None, f"invalid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InputFileError(path, f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None
    except _DuplicateKey as exc:
        raise InputFileError(path, str(exc), "key given twice") from None


M = TypeVar("M", bound=BaseModel)


def validate_strict(model: type[M], data: dict[str, Any], path: Path, show_value: bool = False) -> M:
    """Validate ``data`` read from ``path`` strictly: no silent conversions ("10" is no number,
    ``true`` no number, 1 no boolean); arrays may fill tuples and strings paths, as in JSON.

    Raises InputFileError naming the file, the field and the problem (and with ``show_value``
    the offending value).
    """
    try:
        text = json.dumps(data, allow_nan=True)
    except (TypeError, ValueError) as exc:
        raise InputFileError(path, None, f"unsupported value (dates and times are not settings): {exc}") from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise from_validation_error(path, exc, show_value) from None


def load_config(path: Path | str) -> AppConfig:
    """Load and validate a device config file.

    A relative ``[state] directory`` is taken relative to the config file's folder.
    Raises InputFileError (file, key, problem) for anything invalid.
    """
    path = Path(path)
    config = validate_strict(AppConfig, read_table_file(path), path)
    if not config.state.directory.is_absolute():
        config.state.directory = (path.parent / config.state.directory).resolve()
    config.mqtt = config.mqtt.resolved(path.parent)
    return config
