"""Münzwurf's rules: each player in turn tosses a coin; heads (``kopf``) counts. Pure, no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.chance import AUTO, Chance
from waage.rules.game import InputRejected
from waage.rules.helpers.common import HelperInput

SIDES = ("kopf", "zahl")


class CoinInput(HelperInput):
    """``{"toss": "kopf" | "zahl" | "auto"}`` (``auto``: the chance hook tosses)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ACTIONS: ClassVar[tuple[str, ...]] = ("toss",)

    toss: Literal["kopf", "zahl", "auto"] | None = None


class CoinState(BaseModel):
    players: list[str]
    turn: int = 0
    heads: dict[str, int] = Field(default_factory=dict)


def toss_coin(engine: Any, given: Mapping[str, Any], chance: Chance) -> dict[str, Any]:
    """The chance hook (``GameSpec.chance``): ``toss = "auto"`` -> a fair coin, ``chance.below(2)``."""
    if given.get("toss") != AUTO:
        return dict(given)
    return {**given, "toss": SIDES[chance.below(2)]}


class Muenzwurf:
    """Each player in turn tosses a coin; heads counts."""

    game_id = "muenzwurf"
    uses_scale = False
    state_type = CoinState
    input_model = CoinInput

    def __init__(self, players: list[str]) -> None:
        self.state = CoinState(players=list(players))

    @property
    def players(self) -> list[str]:
        return list(self.state.players)

    def start(self) -> list[dict[str, Any]]:
        return [{"event": "game_started", "game": self.game_id, "players": self.players}]

    def apply(self, given: Any) -> list[dict[str, Any]]:
        given = given.given() if isinstance(given, CoinInput) else given
        if set(given) != {"toss"} or given["toss"] not in SIDES:
            raise InputRejected("only a toss of kopf or zahl fits")
        who = self.current_player
        self.state.heads[who] = self.state.heads.get(who, 0) + (given["toss"] == "kopf")
        self.state.turn += 1
        return [{"event": "toss", "player": who, "side": given["toss"]}]

    @classmethod
    def resume(cls, state: CoinState) -> Muenzwurf:
        engine = cls(state.players)
        engine.state = state
        return engine

    def summary(self) -> dict[str, Any]:
        return {"event": "summary", "heads": dict(self.state.heads)}

    @property
    def current_player(self) -> str:
        return self.state.players[self.state.turn % len(self.state.players)]

    @property
    def phase(self) -> str:
        return "toss"

    def expects(self) -> list[str]:
        return ["toss"]
