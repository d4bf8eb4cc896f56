"""``waage calibrate --config FILE``: guided calibration on the OLED and the terminal.

Three steps, each confirmed with the OK button or Enter:

1. empty platform -> ``offset`` (the median count of a still window);
2. a known mass -> ``counts_per_gram`` = (counts − offset) / known grams
   (may be negative: a cell mounted the other way round);
3. the empty glass -> ``glass_g``.

With ``[sensor] kind = "fake"`` (the simulator, ``config/sim.toml``) a simulated
person does each step on the simulated platform (empty, the known mass, the
config's ``glass_g``) and confirms it, so ``waage calibrate --config
config/sim.toml --known-g 500`` shows the whole procedure without hardware.

The same steps run from the device's menu ("Kalibrieren", ``waage/ui/scale.py``):
``Procedure`` holds the order of the steps, the checks and the result for both, and
``Reading`` collects one still window from samples as they arrive (the menu gets them
from the game thread, the CLI from the sensor's queue); ``save`` writes the one file.
The menu skips the glass step (the glass is weighed with "Glas wiegen", W-36).

Exit status: 0 calibrated, 2 when a step failed for a reason the person can
fix (nothing on the platform, wiring, no way to confirm, a bad known mass).

Every step is shown and printed in the configured ``[display] language`` (German by
default; the texts ``cal_*`` of ``waage.display.texts``). The error line on stderr
is English, like every ``waage: error`` line; the display shows its reason in the
configured language.

The result is written atomically to ``calibration.json`` in the state
directory; ``waage run`` and ``waage monitor`` use it from then on (it wins
over ``[calibration]`` in the config). As recommended for the HX711
(``shared/research/hx711.md`` §1.7, §5), the first half second after start is
discarded and medians are used, so single corrupt reads do not matter.
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import statistics
import sys
import threading
import time
from typing import Any, Callable

from waage.app.store import StateStore, write_atomic
from waage.app.wiring import make_display, make_input, make_sensor, state_directory
from waage.config import load_config
from waage.display.texts import text
from waage.display.views import MessageView
from waage.inputs.keys import Key
from waage.weight.events import Sample
from waage.weight.settings import Calibration

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

    def text(self, lang: str = "de") -> str:
        """The reason in ``lang`` ("de"/"en") for the display."""
        return text(f"cal_why_{self.code}", lang)


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


def save(store: StateStore, result: dict[str, float]) -> None:
    """Write calibration.json atomically (validated as a Calibration first).

    A result without ``glass_g`` (the menu's two steps) keeps the ``glass_g`` of the file it replaces.
    """
    Calibration(offset=result["offset"], counts_per_gram=result["counts_per_gram"])
    result = dict(result)
    if "glass_g" not in result and store.calibration_path.exists():
        try:
            old = json.loads(store.calibration_path.read_text(encoding="utf-8"))
            if isinstance(old, dict) and old.get("glass_g"):
                result["glass_g"] = old["glass_g"]
        except ValueError:  # an unreadable old file is simply replaced
            pass
    write_atomic(store.calibration_path, json.dumps(result, indent=1) + "\n")


class Guide:
    """Shows each step on the display and the terminal and waits for OK or Enter.

    confirm: receives ``Key.OK`` from the buttons or Enter; samples: where the sensor delivers.
    place: the simulator's person (``FakeSensor.place``): when given, each step puts its
        load on the simulated platform and confirms itself; glass_g: the glass it puts on.
    lang: the language of every text ("de"/"en"; default German).
    """

    def __init__(self, display: Any, confirm: "queue.Queue[Any]", samples: "queue.Queue[Any]",
                 out: Any = None, place: Callable[[float], None] | None = None, glass_g: float = 0.0,
                 lang: str = "de") -> None:
        self.display, self.confirm, self.samples, self.out = display, confirm, samples, out or sys.stdout
        self.place, self.glass_g, self.lang = place, glass_g, lang

    def step(self, title: str, lines: list[str], load_g: float | None = None) -> None:
        """Show one step (title, up to three lines) and block until OK (other keys are ignored).

        load_g: what the step asks for on the platform (None: the empty glass), for the simulator's person.
        """
        self.display.show(MessageView(title=title, lines=lines))
        self.out.write(f"\n== {title}\n" + "\n".join(lines) + "\n")
        if self.place is not None:
            grams = self.glass_g if load_g is None else load_g
            self.place(grams)
            self.out.write(text("cal_simulated", self.lang, g=f"{grams:g}") + "\n")
            self.out.flush()
            return
        self.out.write(text("cal_confirm", self.lang) + "\n")
        self.out.flush()
        while (key := self.confirm.get()) is not Key.OK:
            if key is None:
                raise CalibrationError("nothing can confirm the step: standard input ended and [input] "
                                       "has no buttons (run it in a terminal, or wire an OK button)", "no_confirm")


def read_window(samples: "queue.Queue[Any]", seconds: float, clock: Callable[[], float] = time.monotonic) -> list[Sample]:
    """Collect samples for ``seconds`` (after dropping what queued up before)."""
    while not samples.empty():
        samples.get_nowait()
    out: list[Sample] = []
    end = clock() + seconds
    while clock() < end:
        try:
            item = samples.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(item, Sample):
            out.append(item)
    return out


def calibrate(guide: Guide, store: StateStore, known_g: float,
              window_s: float = WINDOW_S, clock: Callable[[], float] = time.monotonic) -> dict[str, float]:
    """Run the three steps; a started sensor delivers its samples into ``guide.samples``.

    Returns and saves {"offset", "counts_per_gram", "glass_g"}; raises CalibrationError.
    """
    samples, lang = guide.samples, guide.lang
    procedure = Procedure(known_g, glass=True)
    read_window(samples, 0.5, clock)  # HX711 power-up settling
    asks = {"zero": ([text("cal_empty", lang)], 0.0), "known": ([text("cal_known", lang, g=f"{known_g:g}")], known_g),
            "glass": ([text("cal_glass", lang)], None)}
    for i, step in enumerate(procedure.steps, start=1):
        lines, load_g = asks[step]
        guide.step(text("cal_title", lang, i=i), lines, load_g)
        procedure.take(step, read_window(samples, window_s, clock))
    result = procedure.result()
    save(store, result)
    guide.display.show(MessageView(title=text("cal_done_title", lang), lines=[
        text("cal_done_cpg", lang, cpg=f"{result['counts_per_gram']:.1f}"),
        text("cal_done_glass", lang, g=f"{result['glass_g']:.0f}")]))
    return result


def main(args: argparse.Namespace) -> int:
    """Entry of ``waage calibrate``."""
    config = load_config(args.config)
    store = StateStore(state_directory(config, args.state_dir, args.config))
    known_g = args.known_g
    lang = config.display.language
    try:
        if known_g is None:
            known_g = float(input(text("cal_known_prompt", lang)))
        check_known_g(known_g)
    except (ValueError, EOFError, CalibrationError):
        print("waage: error: calibration needs the known mass in grams, more than 0 and at most 100000 "
              "(--known-g G)", file=sys.stderr)
        return 2
    sensor = make_sensor(config, Calibration())
    place = getattr(sensor, "place", None) if config.sensor.kind == "fake" else None
    display = make_display(config)
    samples: queue.Queue[Any] = queue.Queue()
    confirm: queue.Queue[Any] = queue.Queue()
    buttons = make_input(config, confirm.put)

    def enter_key() -> None:
        for _line in sys.stdin:
            confirm.put(Key.OK)
        if buttons is None:  # input ended and there is no OK button: nothing can confirm a step
            confirm.put(None)

    if sys.stdin is not None and place is None:  # Enter on a terminal, or lines from a pipe, confirm a step
        threading.Thread(target=enter_key, daemon=True).start()
    sensor.start(samples.put)
    try:
        result = calibrate(Guide(display, confirm, samples, place=place, glass_g=config.glass.glass_g, lang=lang),
                           store, known_g)
        print(text("cal_saved", lang, path=store.calibration_path, result=json.dumps(result)))
        return 0
    except CalibrationError as exc:
        display.show(MessageView(title=text("cal_failed_title", lang), lines=[exc.text(lang)]))
        print(f"waage: calibration failed: {exc}", file=sys.stderr)
        return 2  # the person can fix it (README: 1 is for internal errors)
    finally:
        sensor.close()
        if buttons is not None:
            buttons.close()
        display.close()
