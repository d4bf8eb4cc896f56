"""The one interface every sensor (fake, HX711, serial bridge) implements."""

from __future__ import annotations

from typing import Callable, Protocol

from waage.weight.events import Sample, SensorFault, SensorRecovered

SampleSink = Callable[[Sample | SensorFault | SensorRecovered], None]


class Sensor(Protocol):
    """A source of samples running in the background.

    ``start(sink)`` begins delivering ``Sample`` objects (and ``SensorFault`` /
    ``SensorRecovered`` when the link breaks or returns) to ``sink``, from a
    thread or process of the sensor's own; ``close()`` stops it and releases
    the hardware. ``sample_rate_hz`` is the nominal SPS (10 or 80). A sensor
    may say how many conversion periods its own filter needs to settle after a
    step (``settling_periods``; the weight pipeline assumes the HX711's 4 when
    it does not).
    """

    sample_rate_hz: float

    def start(self, sink: SampleSink) -> None:
        """Begin delivering to ``sink`` from the sensor's own thread or process."""
        ...

    def close(self) -> None:
        """Stop delivering and release the hardware; may be called more than once."""
        ...


class NoSensor:
    """No sensor at all (it could not be opened): delivers nothing.

    A game without scale (the helper games) runs on it and says nothing about it;
    ``why`` keeps the reason for the log.
    """

    def __init__(self, why: str = "", sample_rate_hz: float = 10.0) -> None:
        self.why = why
        self.sample_rate_hz = sample_rate_hz

    def start(self, sink: SampleSink) -> None:
        """Deliver nothing."""

    def close(self) -> None:
        """Nothing to release."""
