"""The scale itself on the buttons: the plain scale with tare, weighing the glass (W-36), calibration.

Three menu entries (``entries()``, added to the game menu by ``default_entries``):

- "Waage": the net grams since the last tare, huge (``ScaleView``); OK tares, NEXT/PREV go
  back. The tare point is the display's own (``tare_point(host)``): the pipeline's zero and
  the game's reference are never touched, so a running game is not disturbed. The phone's
  tare (``POST /api/tare``) sets the same point.
- "Glas wiegen" (a game that weighs, no attempt under way): the size of the glass (scaled
  with the glass, or 0.3 / 0.4 / 0.5 / 1.0 l), then the empty glass on the platform with its
  live weight (``GlassWeighView``); OK asks the scale session to take it (``host.scale.weigh_glass``). A
  refusal (not steady, implausible, a lift under way) shows in the player's language and the
  step stays; a weighing shows the glass and its capacity. A new Waagespiel offers it too
  ("Glas: 350 g – behalten / neu wiegen", ``glass_offer``).
- "Kalibrieren" (when the driver gave ``DeviceUi.on_calibrated``): empty platform → zero,
  the known mass entered digit by digit → counts per gram, then the check mass live. The
  steps and checks are ``waage.weight.procedure``'s (``Procedure``, ``Reading``), as for
  ``waage calibrate``. While it runs, the driver hands the raw samples to the UI
  (``DeviceUi.on_sample``) and not to the game.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from waage.display.texts import fmt_g, rejection_text, text
from waage.display.views import GlassWeighView, MessageView, NumberEntryView, ScaleView, View
from waage.inputs.keys import Key
from waage.ui.base import Ui
from waage.ui.entry import CLOSE, MenuEntry
from waage.ui.steps import Confirm, Done, Flow, Pick, Show, rejection
from waage.weight.events import Sample
from waage.weight.procedure import CalibrationError, Procedure, Reading, median_counts  # the same steps and window as `waage calibrate`
from waage.weight.settings import BEER_G_PER_L, BRIM_FACTOR, capacity_for_size


#: the sizes offered besides "scaled with the glass": litres -> grams of beer
SIZES_L: tuple[float, ...] = (0.3, 0.4, 0.5, 1.0)
#: the known mass the calibration's digit entry starts with, in grams
DEFAULT_KNOWN_G = 500
#: digits of the known mass (0 … 9999 g)
KNOWN_DIGITS = 4


# --------------------------------------------------------------------------- the tare point
@dataclass
class TarePoint:
    """The plain scale's tare: the total load (grams) that reads 0; None before the first tare."""

    load_g: float | None = None

    def net_g(self, load_g: float | None) -> float | None:
        """``load_g`` less the tare point (the load itself before any tare); None stays None."""
        if load_g is None:
            return None
        return load_g - (self.load_g or 0.0)


def size_of_capacity(capacity_g: float) -> float:
    """The size (litres to the mark, 0.1 l) of a glass holding ``capacity_g`` grams of beer to the brim
    (the inverse of ``capacity_for_size``: 555.5 g → 0.5 l, the config's 550 g → 0.5 l)."""
    return round(capacity_g / (BEER_G_PER_L * BRIM_FACTOR), 1)


_TARES: "weakref.WeakKeyDictionary[Any, TarePoint]" = weakref.WeakKeyDictionary()


def tare_point(host: Any) -> TarePoint:
    """The tare point of ``host``'s scale (one per host: it outlives the device UI and a new game)."""
    point = _TARES.get(host)
    if point is None:
        point = _TARES[host] = TarePoint()
    return point


def live_load_g(host: Any) -> float | None:
    """The live total load in grams from ``host``'s scale session; None without one (a helper game) or a reading."""
    scale = host.scale
    return scale.live_load()[0] if scale is not None else None


def tare(host: Any) -> float | None:
    """Set the tare point to the live load now; returns it (None without a reading: nothing changes)."""
    load_g = live_load_g(host)
    if load_g is not None:
        tare_point(host).load_g = load_g
    return load_g


def net_g(host: Any) -> float | None:
    """The net grams since the last tare (None without a reading), as the plain scale shows them."""
    return tare_point(host).net_g(live_load_g(host))


def size_label(size_l: float, lang: str) -> str:
    """A glass's size: "0,5 l" (German decimal comma) / "0.5 l"."""
    s = f"{size_l:g}"
    return text("glass_size_l", lang, l=s.replace(".", ",") if lang == "de" else s)


def litres(capacity_g: float, lang: str) -> str:
    """The size of a glass holding ``capacity_g`` grams of beer: "0,5 l" / "0.5 l" (the glass in use)."""
    return size_label(size_of_capacity(capacity_g), lang)


# --------------------------------------------------------------------------- steps
class ScaleStep:
    """The plain scale: OK tares, NEXT/PREV end the step (back to the menu)."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui

    def view(self) -> View:
        """The net grams since the last tare, live."""
        host = self.ui.host
        return ScaleView(net_g=net_g(host), tared=tare_point(host).load_g is not None)

    def on_key(self, key: Key) -> Done | None:
        """OK: tare; NEXT/PREV: done."""
        if key is Key.OK:
            tare(self.ui.host)
            return None
        return Done(None)


#: the refusal shown when the hosted game has no scale session (a helper game)
NO_SCALE: dict[str, Any] = {"event": "input_rejected", "input": {"weigh_glass": "take"},
                            "why": "this game uses no scale", "code": "no_scale", "details": {}}


class WeighGlassStep:
    """The empty glass on the platform: its live weight; OK asks the host to take it (W-36).

    size_l: the size chosen (litres to the mark), None to scale the capacity with the glass. Opening it opens
    the host's weighing screen (the glass may be swapped, nothing is judged meanwhile); leaving it
    without a weighing (BACK) closes it again (``leave``). Ends with the ``glass_weighed`` record;
    a refusal stays on the step with its reason. A load that looks like a full glass (``looks_full``: what
    the game judged as glass + beer, or more than the glass in use holds) is not taken at once: "Glas
    wirklich leer?" asks first, the cursor on "Nein" (issue 30: a full mug was weighed as the empty glass).
    """

    def __init__(self, ui: Ui, size_l: float | None) -> None:
        self.ui, self.size_l = ui, size_l
        self.capacity_g = None if size_l is None else capacity_for_size(size_l)
        self.note = ""
        #: "Glas wirklich leer?" while it is asked (None otherwise)
        self.confirm: Confirm | None = None
        scale = _scale(ui)
        rejected = rejection(scale.begin_weighing()) if scale is not None else NO_SCALE
        if rejected is not None:
            self.note = rejection_text(rejected, ui.lang)

    def leave(self) -> None:
        """The step is left without a weighing: the host's weighing screen closes."""
        scale = _scale(self.ui)
        if scale is not None:
            scale.cancel_weighing()

    def view(self) -> View:
        """A ``GlassWeighView`` of the live load (the question while it is asked)."""
        if self.confirm is not None:
            return self.confirm.view()
        scale = _scale(self.ui)
        load_g, steady = scale.live_load() if scale is not None else (None, False)
        return GlassWeighView(load_g=None if load_g is None else round(load_g, 1), steady=steady,
                              size_l=self.size_l, note=self.note)

    def _ask(self, full: dict[str, Any]) -> Confirm:
        """ "Glas wirklich leer?" with what the load looks like (the cursor starts on "Nein")."""
        t = self.ui.t
        detail = (t("glass_sure_judged_full", load=fmt_g(full["load_g"]), beer=fmt_g(full["beer_g"]))
                  if full["reason"] == "judged_full" else
                  t("glass_sure_over_full", load=fmt_g(full["load_g"]), full=fmt_g(full["full_g"])))
        return Confirm(t("glass_title"), t("glass_sure_q"), detail, t("glass_sure_yes"), t("glass_sure_no"))

    def on_key(self, key: Key) -> Done | None:
        """OK weighs (a load that looks full asks first); NEXT/PREV clear a refusal's note."""
        if self.confirm is not None:
            answer = self.confirm.on_key(key)
            if answer is None:
                return None
            self.confirm = None
            if not answer.value:
                self.note = self.ui.t("glass_empty_first")
                return None
            return self._weigh()
        if key is not Key.OK:
            self.note = ""
            return None
        scale = _scale(self.ui)
        full = scale.looks_full() if scale is not None else None
        if full is not None:
            self.confirm = self._ask(full)
            return None
        return self._weigh()

    def _weigh(self) -> Done | None:
        scale = _scale(self.ui)  # the game may have changed meanwhile (a phone started another one)
        records = list(scale.weigh_glass(capacity_g=self.capacity_g)) if scale is not None else []
        rejected = rejection(records) if scale is not None else NO_SCALE
        if rejected is not None:
            self.note = rejection_text(rejected, self.ui.lang)
            return None
        self.note = ""
        return Done(next((r for r in records if r.get("event") == "glass_weighed"), {}))


class NumberEntry:
    """A whole number digit by digit: NEXT +1, PREV −1 (wrapping 0–9), OK to the next digit; returns the int."""

    def __init__(self, title: str, value: int, digits: int, hint: str, unit: str = "g") -> None:
        self.title, self.hint, self.unit = title, hint, unit
        self.digits = [int(c) for c in f"{value:0{digits}d}"[-digits:]]
        self.cursor = 0

    def view(self) -> View:
        """A ``NumberEntryView``."""
        return NumberEntryView(title=self.title, digits="".join(map(str, self.digits)), cursor=self.cursor,
                               unit=self.unit, hint=self.hint)

    def on_key(self, key: Key) -> Done | None:
        """See the class docstring."""
        if key is Key.OK:
            if self.cursor + 1 < len(self.digits):
                self.cursor += 1
                return None
            return Done(int("".join(map(str, self.digits))))
        step = 1 if key is Key.NEXT else -1
        self.digits[self.cursor] = (self.digits[self.cursor] + step) % 10
        return None


class MeasureStep:
    """One calibration reading: the instruction until OK, then ``Reading`` fills from the raw samples.

    Ends with the samples of the reading. ``on_sample`` is called by ``DeviceUi.on_sample``.
    """

    def __init__(self, title: str, line: str, lang: str) -> None:
        self.title, self.line, self.lang = title, line, lang
        self.reading: Any = None
        self._done: Done | None = None

    def view(self) -> View:
        """The instruction; while measuring, a notice not to touch the scale."""
        lines = [self.line]
        if self.reading is not None:
            lines.append(text("cal_measuring", self.lang))
        return MessageView(title=self.title, lines=lines)

    def on_key(self, key: Key) -> Done | None:
        """OK starts the reading; the step ends when it is full (see ``on_sample``)."""
        if self._done is not None:
            return self._done
        if key is Key.OK and self.reading is None:

            self.reading = Reading()
        return None

    def on_sample(self, sample: Sample) -> Done | None:
        """Feed the reading; returns Done(samples) once it is complete."""
        if self.reading is not None and self._done is None and self.reading.feed(sample):
            self._done = Done(list(self.reading.samples))
        return self._done


class CheckStep:
    """After a calibration: the load on the platform in grams with the new calibration, live; OK ends."""

    def __init__(self, grams: Any) -> None:
        self.grams = grams
        self.net_g: float | None = None
        self._recent: list[float] = []

    def view(self) -> View:
        """A ``ScaleView`` in check mode."""
        return ScaleView(net_g=self.net_g, check=True)

    def on_key(self, key: Key) -> Done | None:
        """OK ends; other keys do nothing."""
        return Done(None) if key is Key.OK else None

    def on_sample(self, sample: Sample) -> Done | None:
        """The mean of the last few readings in grams (flagged samples are skipped)."""
        if not sample.flags:
            self._recent = (self._recent + [self.grams(sample.raw)])[-5:]
            self.net_g = round(sum(self._recent) / len(self._recent), 1)
        return None


# --------------------------------------------------------------------------- flows
def scale_flow(ui: Ui) -> Flow:
    """The plain scale until NEXT/PREV."""
    yield ScaleStep(ui)
    return None


class GlassSizePick(Pick):
    """"Glas wiegen"'s first step: the size of the glass about to be weighed (a ``Pick``; the host's weighing
    screen opens only after it, with ``WeighGlassStep``)."""


def weigh_glass_flow(ui: Ui) -> Flow:
    """The size, then the empty glass on the platform; a weighing ends on ``FillStep`` (the glass in litres, "Jetzt
    Bier einfüllen.", then the beer poured in), whose OK leads straight back to the game (``CLOSE``)."""
    current = ui.host.scale.glass
    options: list[tuple[float | None, str]] = [(None, ui.t("glass_size_scaled"))]
    options += [(size, size_label(size, ui.lang)) for size in SIZES_L]
    size_l = yield GlassSizePick(ui.t("glass_size_title"), options, right=litres(current.glass_capacity_g, ui.lang))
    record = yield WeighGlassStep(ui, size_l)
    weighed = ui.host.scale.glass
    glass_g = record.get("glass_g", weighed.glass_g) if isinstance(record, dict) else weighed.glass_g
    capacity = record.get("glass_capacity_g", weighed.glass_capacity_g) if isinstance(record, dict) \
        else weighed.glass_capacity_g
    yield FillStep(ui, glass_g, capacity)
    return CLOSE


class FillStep:
    """After a weighing (issue 30): "Leer 700 g · fasst 0,5 l" (the size as the config says it) and "Jetzt Bier
    einfüllen." until the game has the glass filled (its refill booked), then "Gefüllt: 440 g Bier." with "OK:
    weiter zum Spiel". OK then ends the step; before the fill the keys do nothing (the screen says what to do)."""

    def __init__(self, ui: Ui, glass_g: float, capacity_g: float) -> None:
        self.ui, self.glass_g, self.capacity_g = ui, glass_g, capacity_g

    def filled_g(self) -> float | None:
        """The beer in the weighed glass once the game has booked its fill (grams), else None."""
        scale = _scale(self.ui)
        if scale is None:
            return None
        s = scale.game.state
        if s.weighing or s.glass_empty or s.remaining_g is None:
            return None
        return s.remaining_g

    def view(self) -> View:
        """A ``MessageView``: the glass, then what to do now."""
        t = self.ui.t
        lines = [t("glass_done", g=fmt_g(self.glass_g), size=litres(self.capacity_g, self.ui.lang))]
        beer = self.filled_g()
        lines += [t("glass_fill")] if beer is None else [t("glass_filled", g=fmt_g(beer)), t("glass_go_hint")]
        return MessageView(title=t("glass_done_title"), lines=lines)

    def on_key(self, key: Key) -> Done | None:
        """OK once the glass is filled: done."""
        return Done(None) if key is Key.OK and self.filled_g() is not None else None


def glass_weighed(ui: Ui) -> bool:
    """The glass in use was weighed (on this device: ``glass.json`` or a weighing since the start), not only the
    config's guess (``host.glass_weighed``; False for a host that does not say)."""
    return bool(getattr(ui.host, "glass_weighed", False))


class GlassFirstStep:
    """Issue 30: the notice "Erst das Glas wiegen: Glas LEER auflegen, dann OK." (any key goes on to the weighing:
    ``Done(False)``). A glass weighed meanwhile by another way (the phone's "Glas wiegen", the simulator's ``glass
    G``) makes it the fill step at once (``FillStep``: no stale request to weigh), whose OK ends it
    (``Done(True)``)."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui

    def _fill(self) -> FillStep | None:
        """The fill step of a glass weighed meanwhile, else None."""
        if not glass_weighed(self.ui):
            return None
        glass = self.ui.host.scale.glass
        return FillStep(self.ui, glass.glass_g, glass.glass_capacity_g)

    def view(self) -> View:
        """The notice, or the fill step's screen."""
        fill = self._fill()
        if fill is not None:
            return fill.view()
        t = self.ui.t
        return MessageView(title=t("glass_first_title"), lines=[t("glass_first_put"), t("glass_first_why")])

    def on_key(self, key: Key) -> Done | None:
        """Any key: on to the weighing; once weighed meanwhile, the fill step's OK."""
        fill = self._fill()
        if fill is None:
            return Done(False)
        return Done(True) if fill.on_key(key) is not None else None


def weigh_first_flow(ui: Ui) -> Flow:
    """Issue 30: "empty glass on, OK" before the first fill: the notice, then "Glas wiegen" (the size, the EMPTY glass
    taken, the beer poured in); ends with ``CLOSE`` (back to the game) once the glass is filled."""
    if (yield GlassFirstStep(ui)):  # weighed meanwhile by the phone or the simulator, and filled
        return CLOSE
    return (yield from weigh_glass_flow(ui))


def glass_offer(ui: Ui) -> Flow:
    """A new Waagespiel (W-36, issue 30): a glass weighed before is named ("700-g-Glas behalten" / "anderes Glas
    wiegen"); a glass never weighed (only the config's guess) is weighed first, no choice to skip it by accident.
    Returns ``CLOSE``."""
    if glass_weighed(ui):
        current = ui.host.scale.glass
        weigh = yield Pick(ui.t("glass_offer_title"),
                           [(False, ui.t("glass_keep_g", g=fmt_g(current.glass_g))), (True, ui.t("glass_other"))],
                           right=litres(current.glass_capacity_g, ui.lang))
        if not weigh:
            return CLOSE
        return (yield from weigh_glass_flow(ui))
    return (yield from weigh_first_flow(ui))


#: the most grams the platform may carry when the calibration takes its zero (issue 30: a glass was taken as zero)
MAX_ZERO_G = 20.0
#: a zero reading above this many grams is read with a calibration that does not describe this scale (never
#: calibrated, a swapped load cell): it says nothing about the platform, so it is not judged
PLAUSIBLE_LOAD_G = 10_000.0


def load_at_zero(ui: Ui, samples: list[Sample]) -> float | None:
    """The grams the calibration in use reads for the zero step's ``samples`` when that is a load left on the
    platform (more than MAX_ZERO_G, up to PLAUSIBLE_LOAD_G: "Waage nicht leer?"), else None (also without a
    pipeline, or without valid samples: the procedure says why)."""
    scale = _scale(ui)
    pipe = scale.pipeline if scale is not None else None
    if pipe is None:
        return None
    try:
        grams = pipe.calibration.grams(median_counts(samples))
    except CalibrationError:  # no valid samples: the procedure's own step says why
        return None
    return grams if MAX_ZERO_G < grams <= PLAUSIBLE_LOAD_G else None


def calibrate_flow(ui: Ui) -> Flow:
    """Empty platform → zero, the known mass → counts per gram, the check mass; saved and used at once.

    A zero with a load on it (``load_at_zero``: more than MAX_ZERO_G by the calibration in use) is refused: "Waage
    nicht leer? 790 g liegen auf: abräumen, dann OK." and measured again (issue 30).

    The result goes to ``ui.on_calibrated(result)`` (the driver saves ``calibration.json`` and gives
    the game a pipeline with it); a failed step shows why (``cal_why_<code>``) and changes nothing.
    """

    try:
        known_g = yield NumberEntry(ui.t("cal_mass_title"), DEFAULT_KNOWN_G, KNOWN_DIGITS, ui.t("cal_mass_hint"))
        procedure = Procedure(float(known_g), glass=False)
        steps = {"zero": ui.t("cal_menu_empty"), "known": ui.t("cal_menu_known", g=fmt_g(known_g))}
        for i, step in enumerate(procedure.steps, start=1):
            line = steps[step]
            while True:
                samples = yield MeasureStep(ui.t("cal_menu_title", i=i, n=len(procedure.steps)), line, ui.lang)
                loaded = load_at_zero(ui, samples) if step == "zero" else None
                if loaded is None:
                    break
                line = ui.t("cal_not_empty", g=fmt_g(loaded))  # issue 30: a glass is no zero; measured again
            procedure.take(step, samples)
        result = procedure.result()
    except CalibrationError as exc:
        yield Show(MessageView(title=ui.t("cal_failed_title"), lines=[ui.t(f"cal_why_{exc.code}")]))
        return None
    saved = ui.on_calibrated(result) if ui.on_calibrated is not None else False
    if not saved:
        yield Show(MessageView(title=ui.t("cal_done_title"), lines=[ui.t("cal_not_saved")]))
    yield CheckStep(procedure.grams)
    return None


def judge_by_hand_flow(ui: Ui) -> Flow:
    """W-38, issue 26: the attempt that could not be measured, judged with the grams the table says (digit by
    digit, the target offered); the menu then closes and the verdict shows as for any sip (a new-user trial: the
    menu stayed, and the verdict was never on the screen). Grams the game refuses (more than the glass held) are
    told, and the menu stays."""
    scale = ui.host.scale
    state = scale.game.state
    title = ui.t("judge_hand_title", n=scale.unmeasured_attempt)
    grams = yield NumberEntry(title, state.chosen.target_g if state.chosen else 0, 3, ui.t("cal_mass_hint"))
    rejected = rejection(scale.judge_by_hand(int(grams)))
    if rejected is not None:
        yield Show(MessageView(title=title, lines=[rejection_text(rejected, ui.lang)]))
        return None
    return CLOSE


def _scale(ui: Ui) -> Any:
    """The host's scale session (``waage/app/scale_session.py``), None in a game without a scale."""
    return ui.host.scale


def entries() -> list[MenuEntry]:
    """The menu entries "Waage", "Von Hand werten" (only while an attempt is unmeasured, W-38), "Glas wiegen" and
    "Kalibrieren" (orders 42–46), in the Waagespiel only:
    in a helper game the host reads no weights (no pipeline), so a calibration there would tune a
    scale nobody reads; it belongs beside "Waage", where its result shows (issue 21)."""
    return [
        MenuEntry("scale", lambda ui: ui.t("menu_scale"), scale_flow,
                  visible=lambda ui: _scale(ui) is not None and _scale(ui).pipeline is not None, order=42),
        MenuEntry("weigh_glass", lambda ui: ui.t("menu_weigh_glass"), weigh_glass_flow,
                  visible=lambda ui: (_scale(ui) is not None and _scale(ui).pipeline is not None
                                      and not _scale(ui).attempt_open), order=44),
        MenuEntry("judge_by_hand", lambda ui: ui.t("menu_judge_by_hand"), judge_by_hand_flow,
                  visible=lambda ui: _scale(ui) is not None and _scale(ui).unmeasured_attempt is not None, order=43),
        MenuEntry("calibrate", lambda ui: ui.t("menu_calibrate"), calibrate_flow,
                  visible=lambda ui: ui.on_calibrated is not None and _scale(ui) is not None, order=46),
    ]
