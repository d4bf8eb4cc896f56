"""Stage 1: calibration, HX711 counts -> grams on the platform."""

from __future__ import annotations

from waage.weight.settings import Calibration


class CalibrationStage:
    """Converts raw counts to grams: ``grams = (raw - offset) / counts_per_gram - zero_g``.

    ``zero_g`` (grams, starts at 0) is the correction of tare and zero tracking on top of
    the stored calibration offset; ``set_zero`` / ``shift_zero`` change it.

    Example::

        stage = CalibrationStage(Calibration(offset=1000, counts_per_gram=2))
        stage.grams(1700)   # -> 350.0

    Raises ValueError when ``counts_per_gram`` is 0.
    """

    __slots__ = ("offset", "counts_per_gram", "zero_g", "_scale")

    def __init__(self, calibration: Calibration) -> None:
        if calibration.counts_per_gram == 0:
            raise ValueError("calibration counts_per_gram must not be 0")
        self.offset = float(calibration.offset)
        self.counts_per_gram = float(calibration.counts_per_gram)
        self._scale = 1.0 / self.counts_per_gram
        self.zero_g = 0.0

    def grams(self, raw: float) -> float:
        """Grams for one raw reading (counts)."""
        return (raw - self.offset) * self._scale - self.zero_g

    def shift_zero(self, delta_g: float) -> None:
        """Move the zero by ``delta_g`` grams: later readings read ``delta_g`` less."""
        self.zero_g += delta_g
