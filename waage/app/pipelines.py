"""Weight pipelines at the rate the sensor really delivers.

A serial bridge announces its rate (10 or 80 SPS) in HELLO, after the
application has already built its first pipeline; every time window of a
pipeline built at 10 SPS is eight times too short at 80 SPS. The composition
root therefore hands the game (and ``waage monitor``) a factory from here
instead of a fixed-rate lambda::

    new_pipeline = pipeline_factory(config, calibration, sensor)
    controller = GameController(engine, new_pipeline, ...)

Each pipeline it makes reads ``sensor.sample_rate_hz`` when it is made and
again at its first sample: if the rate changed in between (the handshake
came after the pipeline was built) it is re-built at the new rate, and a
``restore`` made before is applied again; from the first sample on its rate
is fixed. A rate change later in a stream comes with a fault/recovery pair
from the sensor (``restarted`` or ``rate_changed``), after which the game
re-builds its pipeline from this factory anyway.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from waage.weight.events import Sample, WeightEvent
from waage.weight.pipeline import WeightPipeline
from waage.weight.segment import HX711_SETTLING_PERIODS

DEFAULT_RATE_HZ = 10.0


def sensor_rate_hz(sensor: Any) -> float:
    """The sensor's current nominal rate in Hz (``sample_rate_hz``; 10.0 if it has none)."""
    return float(getattr(sensor, "sample_rate_hz", DEFAULT_RATE_HZ))


class RateFollowingPipeline:
    """A :class:`WeightPipeline` that takes the sensor's rate as it is at the first sample.

    Args:
        make: ``make(rate_hz) -> WeightPipeline``.
        rate_hz: ``rate_hz() -> float``, the sensor's current rate.

    Everything not defined here (``live_g``, ``reference_g``, ``tare`` ...) is
    the wrapped pipeline's. ``pipeline`` is the current WeightPipeline.
    """

    def __init__(self, make: Callable[[float], WeightPipeline], rate_hz: Callable[[], float]) -> None:
        self._make = make
        self._rate_hz = rate_hz
        self.pipeline = make(rate_hz())
        self._fed = False
        self._restored: tuple[float, bool] | None = None

    def _settle_rate(self) -> None:
        self._fed = True
        rate = self._rate_hz()
        if rate != self.pipeline.sample_rate_hz:
            self.pipeline = self._make(rate)
            if self._restored is not None:
                self.pipeline.restore(*self._restored)

    def feed(self, sample: Sample) -> list[WeightEvent]:
        """``WeightPipeline.feed``; the first call fixes the rate."""
        if not self._fed:
            self._settle_rate()
        return self.pipeline.feed(sample)

    def feed_many(self, samples: Iterable[Sample]) -> list[WeightEvent]:
        """``WeightPipeline.feed_many``; the first call fixes the rate."""
        if not self._fed:
            self._settle_rate()
        return self.pipeline.feed_many(samples)

    def restore(self, reference_g: float, attempt_open: bool = False) -> None:
        """``WeightPipeline.restore`` (kept and re-applied if the rate changes before the first sample)."""
        if not self._fed:
            self._restored = (reference_g, attempt_open)
        self.pipeline.restore(reference_g, attempt_open)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pipeline, name)


def pipeline_factory(config: Any, calibration: Any, sensor: Any) -> Callable[[], RateFollowingPipeline]:
    """``new_pipeline()`` for the game and the monitor: pipelines at ``sensor``'s real rate.

    config: the AppConfig (``pipeline`` and ``glass`` are used); calibration:
    the Calibration in use; sensor: anything with ``sample_rate_hz``.
    """

    def make(rate_hz: float) -> WeightPipeline:
        return WeightPipeline(config.pipeline, calibration, config.glass, sample_rate_hz=rate_hz,
                              settling_periods=getattr(sensor, "settling_periods", HX711_SETTLING_PERIODS))

    return lambda: RateFollowingPipeline(make, lambda: sensor_rate_hz(sensor))
