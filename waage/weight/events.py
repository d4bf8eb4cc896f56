"""The types that flow through the weight pipeline.

``Sample`` goes in (from any sensor), ``WeightEvent`` subclasses come out and
are consumed by the game engines. All times are sensor-clock seconds (``t_s``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

#: Sample.flags bits (the same bits as the serial bridge's SAMPLE frame).
FLAG_SATURATED = 0x01
FLAG_SUSPECT = 0x02


class Sample(NamedTuple):
    """One ADC conversion (an immutable named tuple: cheap to create on the hot path).

    t_s: sensor clock in seconds (monotonic per sensor; may jump backwards in
        recorded traces, the pipeline drops such samples).
    raw: HX711 counts (or grams when the calibration is offset 0, 1 count/g).
    flags: FLAG_SATURATED / FLAG_SUSPECT as reported by the sensor adapter.
    """

    t_s: float
    raw: float
    flags: int = 0


@dataclass(frozen=True, slots=True)
class WeightEvent:
    """Base of every pipeline output; ``t_s`` is the time of the sample that completed it."""

    t_s: float


@dataclass(frozen=True, slots=True)
class GlassLifted(WeightEvent):
    """The glass left the platform (load fell below the lift threshold)."""


@dataclass(frozen=True, slots=True)
class GlassPlaced(WeightEvent):
    """Something is back on the platform (not yet settled)."""


@dataclass(frozen=True, slots=True)
class WeightSettled(WeightEvent):
    """A new settled load that differs from the reference (W-30, W-33, W-34).

    before_g: the settled total load (grams on the platform) before the change.
    after_g: the new settled total load.
    lifted: True when the glass was lifted in between (an attempt or a refill
        by lift); after a lift this event is always emitted, even for 0 g.
    Loads above the glass capacity (a hand pressing, W-35) never settle.
    """

    before_g: float
    after_g: float
    lifted: bool


@dataclass(frozen=True, slots=True)
class AttemptUnmeasured(WeightEvent):
    """A pour began (or a thing was laid beside the glass) before the put-back's level could be measured (W-38,
    W-37a): no grams for the attempt.

    before_g: the settled total load before the lift (grams). level_g: the pipeline's best
    estimate of the load between the put-back and the pour; never a judged amount, only the
    start of the refill that follows (``WeightSettled(before_g=level_g, lifted=False)``).
    """

    before_g: float
    level_g: float
    #: what came before the verdict: "pour" (W-38) or "beside" (a thing laid beside the glass just put back, W-37a)
    cause: str = "pour"


@dataclass(frozen=True, slots=True)
class SensorFault(WeightEvent):
    """The sensor stopped delivering trustworthy samples; nothing is judged until recovery.

    kind: short machine word, e.g. ``stalled``, ``gpio``, ``no_samples``, ``disconnected``.
    detail: a sentence a person can act on.
    """

    kind: str
    detail: str


@dataclass(frozen=True, slots=True)
class SensorRecovered(WeightEvent):
    """Samples flow again after a SensorFault; the pipeline has re-baselined."""
