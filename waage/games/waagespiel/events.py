"""Typed game events: the session-log records of the Waagespiel as pydantic models.

Only for the Waagespiel's records (the helper games use other fields under some of
the same names: theirs are in ``waage/rules/helpers/events.py``); ``GameHost.last_typed``
gives the hosted game's own.

The engines emit plain dicts (the log format of ``shared/docs/replay-contract.md``,
byte for byte what ``waage replay`` prints); views and adapters that read events
take them typed from here instead of indexing dicts: ``typed(host.last_events)``.
Each model names the ruling its event comes from. Unknown events (another game's,
``input_rejected``, a restart's ``game_resumed``) are skipped by ``typed`` and
give None from ``typed_one``. Extra keys (``at`` in the device's log) are kept.

Example::

    from waage.games.waagespiel.events import Sip, typed
    sips = [e for e in typed(host.last_events) if isinstance(e, Sip)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Event(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    #: the host's time stamp in seconds (absent on an engine's raw event)
    t_s: float = 0.0


class GameStarted(_Event):
    """The game begins (W-01, W-02): players in seat order, the starter, the house rules."""

    event: Literal["game_started"]
    players: list[str]
    starter: str
    rules: dict[str, Any]


class ScaleReady(_Event):
    """The scale has settled on the glass for the first time: the total load in grams."""

    event: Literal["scale_ready"]
    reference_g: float


class RoundStarted(_Event):
    """A round begins with its starter (W-02, W-40)."""

    event: Literal["round_started"]
    round: int
    starter: str


class Roll(_Event):
    """A player rolled (W-10, W-11; ``tie_break``: W-14)."""

    event: Literal["roll"]
    round: int
    player: str
    dice: tuple[int, int]
    sum: int
    pasch: bool
    tie_break: bool


class RoundEnded(_Event):
    """The rolling is over: everybody rolled, a Pasch (W-11) or an Einer-Pasch (W-15)."""

    event: Literal["round_ended"]
    round: int
    reason: Literal["all_rolled", "pasch", "einer_pasch"]


class ChoiceNeeded(_Event):
    """The Einer-Pasch roller must name the Auserwählte (W-15)."""

    event: Literal["choice_needed"]
    round: int
    player: str
    candidates: list[str]


class TieBreakStarted(_Event):
    """Tied players roll again: Düll, Trüll, … (W-14)."""

    event: Literal["tie_break_started"]
    round: int
    players: list[str]
    name: str


class Chosen(_Event):
    """The Auserwählte and the target window in whole grams (W-13, W-20, W-21, W-41 streak)."""

    event: Literal["chosen"]
    round: int
    player: str
    reason: Literal["lowest", "tie_break", "einer_pasch"]
    target_g: int
    min_g: int
    max_g: int
    streak: int


class GlassLifted(_Event):
    """The glass left the scale."""

    event: Literal["glass_lifted"]


class GlassPlaced(_Event):
    """The glass is back on the scale (not yet settled)."""

    event: Literal["glass_placed"]


class Sip(_Event):
    """One judged attempt (W-30, W-31): whole grams, the verdict (W-21 hit, W-22 exact)."""

    event: Literal["sip"]
    round: int
    player: str
    attempt: int
    grams: int
    grams_exact: float
    verdict: Literal["hit", "exact", "miss"]
    target_g: int
    #: None while the glass on the scale is unknown (W-37)
    remaining_g: float | None


class Refill(_Event):
    """A settled rise of at least the refill threshold (W-33, W-34); consent during drinking."""

    event: Literal["refill"]
    grams: float
    during_drinking: bool
    consent_of: str | None = None


class AttemptUnmeasured(_Event):
    """A pour began (or a thing was laid beside the glass) before the put-back could be measured (W-38, W-37a): no
    sip for this attempt, the same target goes on. ``cause``: "pour" or "beside"."""

    event: Literal["attempt_unmeasured"]
    round: int
    player: str
    attempt: int
    cause: Literal["pour", "beside"] = "pour"


class UnjudgedFall(_Event):
    """A fall that is not an attempt: logged, not judged (W-34)."""

    event: Literal["unjudged_fall"]
    grams: float
    lifted: bool


class GlassEmpty(_Event):
    """The glass is empty: refill before the next round (W-32)."""

    event: Literal["glass_empty"]
    remaining_g: float


class DrinkingDone(_Event):
    """The Auserwählte is done: hit, exact or emptied (W-31, W-32)."""

    event: Literal["drinking_done"]
    round: int
    player: str
    outcome: Literal["hit", "exact", "emptied"]
    attempts: int


class NextStarter(_Event):
    """Who starts the next round and why (W-40)."""

    event: Literal["next_starter"]
    round: int
    player: str
    reason: Literal["chosen", "exact", "streak"]


class GlassWeighed(_Event):
    """A glass was weighed: its empty weight and capacity are the glass in use from now on (W-36)."""

    event: Literal["glass_weighed"]
    glass_g: float
    glass_capacity_g: float


class GlassUnknown(_Event):
    """The load cannot be the glass in use: a heavier or a lighter glass (W-37); logged once until weighed."""

    event: Literal["glass_unknown"]
    reason: Literal["heavier", "lighter"]
    load_g: float


class SensorFault(_Event):
    """The game pauses: nothing is judged until the sensor recovers."""

    event: Literal["sensor_fault"]
    kind: str
    detail: str


class SensorRecovered(_Event):
    """The sensor is back; the game goes on."""

    event: Literal["sensor_recovered"]


class Stats(_Event):
    """The closing statistics per player."""

    event: Literal["stats"]
    per_player: dict[str, dict[str, int]]


_MODELS = (GameStarted, ScaleReady, RoundStarted, Roll, RoundEnded, ChoiceNeeded, TieBreakStarted, Chosen,
           GlassLifted, GlassPlaced, Sip, Refill, AttemptUnmeasured, UnjudgedFall, GlassEmpty, DrinkingDone,
           NextStarter, GlassWeighed, GlassUnknown, SensorFault, SensorRecovered, Stats)

#: any Waagespiel event, told apart by its ``event`` word
WaagespielEvent = Annotated[Union[_MODELS], Field(discriminator="event")]  # type: ignore[valid-type]

_ADAPTER: TypeAdapter[Any] = TypeAdapter(WaagespielEvent)
_KNOWN = frozenset(m.model_fields["event"].annotation.__args__[0] for m in _MODELS)  # type: ignore[union-attr]


def typed_one(record: Mapping[str, Any]) -> Any:
    """The typed event of one record, or None for an event this module does not know.

    Raises pydantic.ValidationError when a known event lacks a field or has a wrong type
    (an engine and this module disagree: a bug).
    """
    if record.get("event") not in _KNOWN:
        return None
    return _ADAPTER.validate_python(dict(record))


def typed(records: Iterable[Mapping[str, Any]]) -> list[Any]:
    """The typed events of ``records`` in order, unknown ones left out."""
    out = []
    for rec in records:
        ev = typed_one(rec)
        if ev is not None:
            out.append(ev)
    return out


class Verdict(BaseModel):
    """The verdict of the latest judged attempt among one input's events, derived once for every face
    (the device's verdict screen, the web snapshot's ``verdict``, the live page).

    ``sip``: the judged attempt (W-30, W-31; its ``verdict`` is the contract's hit/exact/miss);
    ``emptied``: the same attempt emptied the glass (W-32: ``drinking_done`` with outcome
    ``emptied``); ``next_player``: who starts the next round (``next_starter``, W-40), if decided.
    """

    model_config = ConfigDict(frozen=True)

    sip: Sip
    emptied: bool = False
    next_player: str | None = None

    @property
    def shown(self) -> str:
        """The word the screens show: ``hit``, ``exact``, ``miss`` or ``emptied`` (W-32)."""
        return "emptied" if self.emptied else self.sip.verdict


def verdict_of(events: Iterable[Any]) -> Verdict | None:
    """The ``Verdict`` of the latest ``sip`` among ``events`` (records or typed events), None without one."""
    evs = [e if isinstance(e, BaseModel) else typed_one(e) for e in events]
    evs = [e for e in evs if e is not None]
    sip = next((e for e in reversed(evs) if isinstance(e, Sip)), None)
    if sip is None:
        return None
    done = next((e for e in evs if isinstance(e, DrinkingDone)), None)
    starter = next((e for e in evs if isinstance(e, NextStarter)), None)
    return Verdict(sip=sip, emptied=done is not None and done.outcome == "emptied",
                   next_player=starter.player if starter is not None else None)


__all__ = [
    "AttemptUnmeasured", "ChoiceNeeded", "Chosen", "DrinkingDone", "GameStarted", "GlassEmpty", "GlassLifted",
    "GlassPlaced", "GlassUnknown", "GlassWeighed",
    "NextStarter", "Refill", "Roll", "RoundEnded", "RoundStarted", "ScaleReady", "SensorFault",
    "SensorRecovered", "Sip", "Stats", "TieBreakStarted", "UnjudgedFall", "ValidationError", "Verdict", "verdict_of",
    "WaagespielEvent", "typed", "typed_one",
]
