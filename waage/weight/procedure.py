"""The calibration procedure: its steps, their checks and the result (counts -> grams).

``waage calibrate`` (``waage/app/calibrate.py``) and the device menu's "Kalibrieren"
(``waage/ui/scale.py``) share it: ``Procedure`` holds the order of the steps, the checks and
the result; ``Reading`` collects one still window from samples as they arrive. Pure: no I/O,
no clock (the samples carry their time). Failures raise ``CalibrationError`` with a ``code``
the display shows as the text ``cal_why_<code>`` (``waage.display.texts``).
"""

from __future__ import annotations

import math
import statistics

from waage.weight.events import Sample

#: seconds of samples that make one reading
WINDOW_S = 2.0
#: the largest spread (counts, as a fraction of the step) a still reading may show
MIN_STEP_COUNTS = 100


class CalibrationError(Exception):
    """A calibration step could not be completed; the message (English) says what to do.

    code: the reason for the display, shown as the text ``cal_why_<code>`` in the
    configured language: no_samples, known_mass, no_step, glass, no_confirm.
    """

    def __init__(self, why: str, code: str) -> None:
        super().__init__(why)
        self.code = code


def median_counts(samples: list[Sample]) -> float:
    """Median raw count of the unflagged samples. Raises CalibrationError if there are none."""
    good = [s.raw for s in samples if not s.flags]
    if not good:
        raise CalibrationError("no valid samples: check the HX711 wiring (DOUT, SCK, power)", "no_samples")
    return float(statistics.median(good))


#: the largest known mass the steps accept, in grams
MAX_KNOWN_G = 100_000


def check_known_g(known_g: float) -> float:
    """``known_g`` when it is a usable known mass (more than 0, at most MAX_KNOWN_G grams).

    Raises CalibrationError (code ``known_mass``) otherwise.
    """
    if not (math.isfinite(known_g) and 0 < known_g <= MAX_KNOWN_G):
        raise CalibrationError("the known mass must be more than 0 g (and at most 100000 g)", "known_mass")
    return known_g


def scale_from(zero_counts: float, known_counts: float, known_g: float) -> dict[str, float]:
    """``{"offset", "counts_per_gram"}`` from the empty platform's and the known mass's median counts.

    Raises CalibrationError when ``known_g`` is not positive (``known_mass``) or the known mass
    moved the reading by less than MIN_STEP_COUNTS (``no_step``: wrong wiring, mass not on the platform).
    """
    check_known_g(known_g)
    step = known_counts - zero_counts
    if abs(step) < MIN_STEP_COUNTS:
        raise CalibrationError(
            f"the known mass changed the reading by only {step:.0f} counts: is it on the platform, "
            "and are E+/E-/A+/A- of the load cell wired to the HX711?", "no_step")
    return {"offset": zero_counts, "counts_per_gram": step / known_g}


def compute(zero_counts: float, known_counts: float, known_g: float, glass_counts: float) -> dict[str, float]:
    """The calibration from three median readings.

    Returns {"offset", "counts_per_gram", "glass_g"}. Raises CalibrationError
    as ``scale_from`` does, and (``glass``) when the glass reads 0 g or less.
    """
    result = scale_from(zero_counts, known_counts, known_g)
    glass_g = (glass_counts - zero_counts) / result["counts_per_gram"]
    if glass_g <= 0:
        raise CalibrationError("the glass reads 0 g or less: put the empty glass on the platform", "glass")
    return {**result, "glass_g": round(glass_g, 1)}


class Procedure:
    """The steps of one calibration, their checks and the result: ``waage calibrate`` and the menu share it.

    known_g: the known mass in grams (checked at once: CalibrationError ``known_mass``);
    glass: with the third step (the empty glass -> ``glass_g``), as ``waage calibrate`` does.
    ``take(step, samples)`` stores one reading (CalibrationError ``no_samples`` when none is
    valid; after the known mass, ``no_step`` at once); ``result()`` gives what ``save`` writes.
    """

    def __init__(self, known_g: float, glass: bool = True) -> None:
        self.known_g = check_known_g(known_g)
        self.steps: tuple[str, ...] = ("zero", "known", "glass") if glass else ("zero", "known")
        self.counts: dict[str, float] = {}

    def take(self, step: str, samples: list[Sample]) -> None:
        """The median count of ``samples`` as the reading of ``step`` ("zero", "known", "glass")."""
        self.counts[step] = median_counts(samples)
        if step == "known":
            scale_from(self.counts["zero"], self.counts["known"], self.known_g)

    def result(self) -> dict[str, float]:
        """``{"offset", "counts_per_gram"}`` (and ``glass_g`` with the glass step)."""
        c = self.counts
        if "glass" in self.steps:
            return compute(c["zero"], c["known"], self.known_g, c["glass"])
        return scale_from(c["zero"], c["known"], self.known_g)

    def grams(self, raw: float) -> float:
        """A raw count in grams with the new calibration (the check mass shown afterwards)."""
        r = scale_from(self.counts["zero"], self.counts["known"], self.known_g)
        return (raw - r["offset"]) / r["counts_per_gram"]


class Reading:
    """One still reading from samples as they arrive: ``window_s`` seconds of sensor time.

    ``feed(sample)`` returns True once the window is full; ``samples`` are the ones collected.
    The first sample starts the window (samples from before the step are never fed).
    """

    def __init__(self, window_s: float = WINDOW_S) -> None:
        self.window_s = window_s
        self.samples: list[Sample] = []

    def feed(self, sample: Sample) -> bool:
        """Add one sample; True when the reading is complete."""
        self.samples.append(sample)
        return self.done

    @property
    def done(self) -> bool:
        """The samples span ``window_s`` seconds."""
        return len(self.samples) > 1 and self.samples[-1].t_s - self.samples[0].t_s >= self.window_s

    @property
    def progress(self) -> float:
        """0.0 … 1.0 of the window collected."""
        if len(self.samples) < 2:
            return 0.0
        return min((self.samples[-1].t_s - self.samples[0].t_s) / self.window_s, 1.0)
