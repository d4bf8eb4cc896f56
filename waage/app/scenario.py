"""Replay scenarios (``shared/docs/replay-contract.md``): the file format and its validation.

A scenario is TOML (or the same structure as JSON). Everything is validated
before anything is replayed; ``load_scenario`` raises ``InputFileError``
naming the file, the field (``input[3].roll``) and the problem.

Extensions beyond the contract (all optional):
- ``[scale]``: ``disturbances`` (a table of the fake sensor's disturbances).
- ``[[input]]`` with ``trace``: ``columns`` (names for the file's columns, in
  order, e.g. ``["t_s", "raw"]`` for a recorded ``time,data`` file),
  ``header`` (false for a file without a header row) and
  ``allow_backward`` (drop rows whose time goes backwards instead of failing).
- ``[[input]]`` with ``lift``/``put_back``/``drink``/``bump``: single physical steps.
- ``[[input]]`` with ``stall_s``: the sensor delivers nothing for that long
  (``sensor_fault`` kind ``stalled``, the game pauses), then recovers.

The contract's section "Another glass" (W-36, W-37) is implemented here and in
``replay.py``: ``[scale] known_glass_g`` and the ``new_glass`` input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator
from pydantic_core import PydanticCustomError

from waage.config import read_table_file, validate_strict
from waage.errors import InputFileError, field_path, shown_value
from waage.games import GAMES, expected_words
from waage.rules.dice import check_pair
from waage.names import check_each_name
from waage.rules.players import check_names
from waage.rules.settings import HouseRules
from waage.sensors.fake import Disturbances

INPUT_KINDS = ("roll", "choose", "sip", "refill", "wait_s", "trace", "lift", "put_back", "drink", "bump", "stall_s",
               "new_glass")


#: the largest amount one input may move (grams) and the longest wait (seconds): a day
MAX_GRAMS = 10_000.0
MAX_WAIT_S = 86_400.0


class ScaleSettings(BaseModel):
    """``[scale]``: the fake sensor and the glass (contract defaults)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    sample_rate_hz: Literal[10, 80] = 80
    noise_g: float = Field(0.0, ge=0)
    seed: int | None = None
    glass_g: float = Field(350.0, gt=0)
    beer_g: float = Field(400.0, ge=0)
    glass_capacity_g: float = Field(550.0, gt=0)
    empty_threshold_g: float = Field(5.0, ge=0)
    refill_threshold_g: float = Field(10.0, gt=0)
    offset: float = 0.0
    counts_per_gram: float = 1.0
    #: the empty glass the device believes at the start (contract "Another glass"; None: ``glass_g``)
    known_glass_g: float | None = Field(None, gt=0, le=5000)
    #: validated with the scenario, so a typo exits 2 naming ``scale.disturbances.KEY`` (not a traceback at replay)
    disturbances: Disturbances | None = None

    @field_validator("counts_per_gram")
    @classmethod
    def _nonzero(cls, v: float) -> float:
        if v == 0:
            raise ValueError("must not be 0")
        return v

    @property
    def physical_capacity_g(self) -> float:
        """Most beer the glass on the scale holds: ``glass_capacity_g``, or for another glass than the device
        believes (``known_glass_g``) that capacity scaled with its weight, at least the beer in it."""
        if self.known_glass_g is None or self.known_glass_g == self.glass_g:
            return self.glass_capacity_g
        return max(self.glass_capacity_g * self.glass_g / self.known_glass_g, self.beer_g)

    @model_validator(mode="after")
    def _glass(self) -> "ScaleSettings":
        if self.beer_g > self.glass_capacity_g and (self.known_glass_g is None or self.known_glass_g == self.glass_g):
            raise ValueError(f"beer_g {self.beer_g:g} is more than the glass holds (glass_capacity_g "
                             f"{self.glass_capacity_g:g})")
        if self.empty_threshold_g >= self.glass_capacity_g:
            raise ValueError("empty_threshold_g must be less than glass_capacity_g")
        return self


class ScenarioInput(BaseModel):
    """One ``[[input]]`` table: exactly one action key."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    roll: tuple[int, int] | Literal["auto"] | None = None
    choose: str | None = None
    sip: float | None = Field(None, ge=0, le=MAX_GRAMS)
    refill: float | None = Field(None, ge=0, le=MAX_GRAMS)
    wait_s: float | None = Field(None, ge=0, le=MAX_WAIT_S)
    trace: str | None = None
    columns: list[str] | None = None
    header: bool = True
    allow_backward: bool = False
    lift: bool | None = None
    put_back: bool | None = None
    drink: float | None = Field(None, ge=0, le=MAX_GRAMS)
    bump: float | None = Field(None, ge=0, le=MAX_GRAMS)
    stall_s: float | None = Field(None, gt=0, le=MAX_WAIT_S)
    #: "Glas wiegen" with an empty glass of this many grams swapped in (contract "Another glass", W-36)
    new_glass: float | None = Field(None, gt=0, le=MAX_GRAMS)

    @field_validator("roll", mode="before")
    @classmethod
    def _roll(cls, v: Any) -> Any:
        if v is None or v == "auto":
            return v
        try:
            return check_pair(v)
        except ValueError as exc:
            raise ValueError(str(exc)) from None

    @model_validator(mode="after")
    def _one_action(self) -> "ScenarioInput":
        given = [k for k in INPUT_KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"needs exactly one of {', '.join(INPUT_KINDS)}; got {given or 'none'}")
        if self.trace is None and (self.columns is not None or not self.header or self.allow_backward):
            raise ValueError("columns, header and allow_backward go only with trace")
        return self

    @property
    def kind(self) -> str:
        """Which action this input is: one of INPUT_KINDS."""
        return next(k for k in INPUT_KINDS if getattr(self, k) is not None)

    def as_given(self) -> dict[str, Any]:
        """The input as the scenario wrote it (for ``input_rejected``)."""
        value = getattr(self, self.kind)
        return {self.kind: list(value) if isinstance(value, tuple) else value}


class Scenario(BaseModel):
    """A whole replay scenario (contract: Keys and defaults)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    game: Literal["waagespiel"] = "waagespiel"
    players: list[str]
    starter: str | None = None
    rules: HouseRules = Field(default_factory=HouseRules)
    scale: ScaleSettings = Field(default_factory=ScaleSettings)
    input: list[ScenarioInput] = Field(default_factory=list)
    #: trace rows by input index, loaded (and so validated) by ``load_scenario``
    _traces: dict[int, list[Any]] = PrivateAttr(default_factory=dict)

    def trace_rows(self, index: int) -> list[Any]:
        """The rows of the trace of input ``index`` (0-based), as loaded by ``load_scenario``."""
        return self._traces[index]

    @field_validator("players")
    @classmethod
    def _players(cls, players: list[str]) -> list[str]:
        # as [game] players: "Anna" and "anna" are one name; the one name rule (waage/names.py)
        return check_names(check_each_name(players))

    @model_validator(mode="after")
    def _names(self) -> "Scenario":
        if self.starter is not None and self.starter not in self.players:
            raise ValueError(f"starter: {self.starter!r} is not one of the players {self.players}")
        for i, item in enumerate(self.input):
            if item.choose is not None and item.choose not in self.players:
                raise ValueError(f"input[{i + 1}].choose: {item.choose!r} is not one of the players {self.players}")
        return self


def helper_game_ids() -> tuple[str, ...]:
    """The registered games that do not weigh (a ``HelperScenario``'s ``game``; ``waage.games``)."""
    return tuple(g.id for g in GAMES.values() if not g.uses_scale)


def game_ids() -> tuple[str, ...]:
    """Every ``game`` a scenario may name (the registry's, in menu order)."""
    return tuple(GAMES)


class HelperScenario(BaseModel):
    """A scenario of a helper game (helper-games-contract.md, "Replay: what is common to all three").

    game: one of ``helper_game_ids()``; players: 2–12 names (case-insensitively distinct), seat order;
    seed: seeds ``roll = "auto"``; teams: arsch_selten_allein only (exactly 4 players).
    ``input``: the ``[[input]]`` tables as written; ``load_scenario`` checks each with the
    game's input model and keeps the validated ones in ``inputs``.
    """

    model_config = ConfigDict(extra="forbid")

    #: one of ``helper_game_ids()``
    game: str
    players: list[str]
    seed: int | None = None
    teams: bool = False
    input: list[dict[str, Any]] = Field(default_factory=list)
    _inputs: list[Any] = PrivateAttr(default_factory=list)

    @property
    def inputs(self) -> list[Any]:
        """The validated inputs (the game's ``HelperInput`` models), in order."""
        return self._inputs

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, game: Any) -> Any:
        if not isinstance(game, str) or game not in helper_game_ids():
            raise PydanticCustomError("literal_error", "Input should be {expected}",
                                      {"expected": expected_words(helper_game_ids())})
        return game

    @field_validator("players")
    @classmethod
    def _players(cls, players: list[str]) -> list[str]:
        from waage.rules.helpers.common import check_names

        return check_names(check_each_name(players))

    @model_validator(mode="after")
    def _teams(self) -> "HelperScenario":
        need = GAMES[self.game].team_players
        if self.teams and need is None:
            raise ValueError("teams: only " + " and ".join(g.id for g in GAMES.values() if g.team_players)
                             + " has a team variant")
        if self.teams and len(self.players) != need:
            raise ValueError(f"teams: the team variant needs exactly {need} players, got {len(self.players)}")
        return self




def validate_helper_inputs(scenario: HelperScenario, path: Path) -> HelperScenario:
    """Check every ``[[input]]`` with the game's input model before anything is replayed.

    Raises InputFileError ``FILE: input[N].KEY: problem (value)``.
    """
    from pydantic import ValidationError

    model = GAMES[scenario.game].engine_class().input_model
    for i, item in enumerate(scenario.input):
        try:
            scenario._inputs.append(model.model_validate(item, strict=True, context={"players": scenario.players}))
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            key = field_path(tuple(err["loc"]))
            msg = "unknown key" if err["type"] == "extra_forbidden" else err["msg"].removeprefix("Value error, ")
            where = f"input[{i + 1}]" + (f".{key}" if key else "")
            raise InputFileError(path, where, f"{msg} ({shown_value(err['input'])})") from None
    return scenario


def load_scenario(path: Path | str) -> Scenario | HelperScenario:
    """Read and validate a scenario file, including every trace it names.

    A helper game's scenario (``game`` one of ``helper_game_ids()``) becomes a ``HelperScenario``
    with every input validated. Raises InputFileError (file, field, problem); a bad trace
    names the trace file and line.
    """
    from waage.sensors.traces import TraceError, load_trace

    path = Path(path)
    data = read_table_file(path)
    game = data.get("game", "waagespiel")
    if not isinstance(game, str) or game not in game_ids():
        raise InputFileError(path, "game", f"unknown game ({shown_value(game)}); one of {', '.join(game_ids())}")
    if game in helper_game_ids():
        return validate_helper_inputs(validate_strict(HelperScenario, data, path, show_value=True), path)
    scenario = validate_strict(Scenario, data, path)
    for i, item in enumerate(scenario.input):
        if item.trace is None:
            continue
        trace_path = (path.parent / item.trace)
        try:
            scenario._traces[i] = load_trace(trace_path, columns=item.columns, header=item.header, allow_backward=item.allow_backward)
        except TraceError as exc:
            raise InputFileError(path, f"input[{i + 1}].trace", str(exc)) from None
    return scenario
