"""Münzwurf's typed events."""

from __future__ import annotations

from typing import Literal

from waage.rules.helpers.events import COMMON, HelperEvent, typed_by


class CoinStarted(HelperEvent):
    event: Literal["game_started"]
    game: str
    players: list[str]


class Toss(HelperEvent):
    event: Literal["toss"]
    player: str
    side: Literal["kopf", "zahl"]


class CoinSummary(HelperEvent):
    event: Literal["summary"]
    heads: dict[str, int]


MODELS = (*COMMON, CoinStarted, Toss, CoinSummary)
typed = typed_by(MODELS)
