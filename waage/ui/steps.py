"""One screen of an input: a step takes the keys NEXT / PREV / OK and ends with a value.

A *flow* is a generator that yields steps and receives each step's value, and
finally returns what it built (a contract input dict, or None when nothing is
to be sent)::

    def field_flow(t):
        field = yield Pick(t("field_title", name="Anna"), [("kneipe", "Kneipe"), ...])
        meets = yield MultiPick(t("meets_title"), [("Ben", "Ben"), ...], t("done_item"))
        return {"field": field, "meets": meets}

``FlowRunner`` drives one flow with keys. Steps never see BACK (the long press
opens the game menu); they have no clock and no I/O.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from waage.display.views import ConfirmView, CountView, DiceEntryView, ListView, View
from waage.inputs.keys import Key


@dataclass(frozen=True)
class Done:
    """A step's result: ``value`` goes back into the flow."""

    value: Any


class Step(Protocol):
    """One screen of a flow."""

    def view(self) -> View:
        """What the display shows now."""

    def on_key(self, key: Key) -> Done | None:
        """NEXT, PREV or OK; returns ``Done(value)`` when the step is finished, else None."""


Flow = Generator[Step, Any, Any]


def _move(index: int, key: Key, n: int) -> int:
    """The cursor after NEXT (+1) / PREV (−1), wrapping around ``n`` entries."""
    if n <= 0:
        return 0
    return (index + (1 if key is Key.NEXT else -1)) % n


class Pick:
    """Choose one of ``options`` ((value, label) pairs): NEXT/PREV move, OK takes the value."""

    def __init__(self, title: str, options: Sequence[tuple[Any, str]], selected: int = 0, right: str = "") -> None:
        self.title, self.options, self.right = title, list(options), right
        self.selected = min(max(selected, 0), max(len(self.options) - 1, 0))

    def view(self) -> View:
        """A ``ListView`` of the labels."""
        return ListView(title=self.title, items=[label for _, label in self.options], selected=self.selected,
                        right=self.right or f"{self.selected + 1}/{len(self.options)}")

    def on_key(self, key: Key) -> Done | None:
        """OK returns the selected value."""
        if key is Key.OK:
            return Done(self.options[self.selected][0]) if self.options else Done(None)
        self.selected = _move(self.selected, key, len(self.options))
        return None


class MultiPick:
    """Choose any number of ``options``: OK on an entry ticks / unticks it, OK on ``done_label`` ends.

    Returns the ticked values in the order of ``options`` (possibly empty).
    """

    def __init__(self, title: str, options: Sequence[tuple[Any, str]], done_label: str, right: str = "") -> None:
        self.title, self.options, self.done_label, self.right = title, list(options), done_label, right
        self.ticked = [False] * len(self.options)
        self.selected = len(self.options)  # starts on "done": nobody / nothing is the commonest answer

    def view(self) -> View:
        """A ``ListView`` with a box per option and the done entry last."""
        items = [label for _, label in self.options] + [self.done_label]
        return ListView(title=self.title, items=items, selected=self.selected, right=self.right,
                        marks=list(self.ticked))

    def on_key(self, key: Key) -> Done | None:
        """OK toggles the entry under the cursor, or ends on the done entry."""
        if key is Key.OK:
            if self.selected == len(self.options):
                return Done([value for (value, _), on in zip(self.options, self.ticked) if on])
            self.ticked[self.selected] = not self.ticked[self.selected]
            return None
        self.selected = _move(self.selected, key, len(self.options) + 1)
        return None


class Counts:
    """One whole number per item, each on its own screen: NEXT +1, PREV −1 (``lo``…``hi``), OK next item.

    items: (value, label) pairs; returns {value: number} after the last item's OK.
    """

    def __init__(self, title: str, items: Sequence[tuple[Any, str]], hint: str, unit: str = "",
                 lo: int = 0, hi: int = 99, start: int = 0) -> None:
        self.title, self.items, self.hint, self.unit, self.lo, self.hi = title, list(items), hint, unit, lo, hi
        self.values = [start] * len(self.items)
        self.index = 0

    def view(self) -> View:
        """A ``CountView`` of the current item."""
        return CountView(title=self.title, label=self.items[self.index][1], value=self.values[self.index],
                         unit=self.unit, right=f"{self.index + 1}/{len(self.items)}", hint=self.hint)

    def on_key(self, key: Key) -> Done | None:
        """NEXT/PREV change the number (clamped), OK goes to the next item or ends."""
        if key is Key.OK:
            if self.index + 1 < len(self.items):
                self.index += 1
                return None
            return Done({value: n for (value, _), n in zip(self.items, self.values)})
        step = 1 if key is Key.NEXT else -1
        self.values[self.index] = min(max(self.values[self.index] + step, self.lo), self.hi)
        return None


class DiceEntry:
    """Both dice by hand (as the Waagespiel's manual entry): NEXT/PREV set a die 1–6, OK goes on.

    Both dice start unset (0, drawn "?"): NEXT makes an unset die 1, PREV 6, and OK on an unset die
    does nothing, so no value is entered without being chosen (three OKs once entered an Einer-Pasch,
    issue 21). Cursor 0/1 = die being set, 2 = confirm; NEXT/PREV on confirm goes back to die 1.
    Returns the pair (a, b).
    """

    def __init__(self, player: str) -> None:
        self.player = player
        self.dice = [0, 0]
        self.cursor = 0

    @property
    def touched(self) -> bool:
        """A die was set (the entry is half done)."""
        return self.cursor > 0 or self.dice != [0, 0]

    def view(self) -> View:
        """A ``DiceEntryView``."""
        return DiceEntryView(player=self.player, dice=(self.dice[0], self.dice[1]), cursor=self.cursor)

    def on_key(self, key: Key) -> Done | None:
        """See the class docstring."""
        if key is Key.OK:
            if self.cursor < 2:
                if self.dice[self.cursor] == 0:
                    return None  # a die must be chosen first
                self.cursor += 1
                return None
            return Done((self.dice[0], self.dice[1]))
        if self.cursor < 2:
            step = 1 if key is Key.NEXT else -1
            now = self.dice[self.cursor]
            self.dice[self.cursor] = (1 if step > 0 else 6) if now == 0 else (now - 1 + step) % 6 + 1
        else:
            self.cursor = 0
        return None


class Confirm:
    """Yes or no; the cursor starts on no. Returns True for yes."""

    def __init__(self, title: str, question: str, detail: str, yes: str, no: str) -> None:
        self.title, self.question, self.detail, self.yes, self.no = title, question, detail, yes, no
        self.yes_selected = False

    def view(self) -> View:
        """A ``ConfirmView``."""
        return ConfirmView(title=self.title, question=self.question, detail=self.detail, yes=self.yes,
                           no=self.no, yes_selected=self.yes_selected)

    def on_key(self, key: Key) -> Done | None:
        """NEXT/PREV toggle, OK answers."""
        if key is Key.OK:
            return Done(self.yes_selected)
        self.yes_selected = not self.yes_selected
        return None


class Show:
    """Any view until a key is pressed (a notice, a result, a QR code). Returns the key."""

    def __init__(self, view: View) -> None:
        self._view = view

    def view(self) -> View:
        """The view given."""
        return self._view

    def on_key(self, key: Key) -> Done | None:
        """Any key ends the step."""
        return Done(key)


@dataclass
class Finished:
    """A flow's return value (``FlowRunner.on_key`` returns it once)."""

    value: Any


class FlowRunner:
    """Runs one flow: ``view()`` is the current step's, ``on_key`` feeds it.

    ``on_key`` returns ``Finished(value)`` when the flow returned, else None.
    A flow that yields nothing finishes at once: check ``finished`` after creating.
    """

    def __init__(self, flow: Flow) -> None:
        self.flow = flow
        self.step: Step | None = None
        self.result: Finished | None = None
        self._advance(None, first=True)

    @property
    def finished(self) -> bool:
        """True once the flow has returned."""
        return self.result is not None

    def _advance(self, value: Any, first: bool = False) -> None:
        try:
            self.step = next(self.flow) if first else self.flow.send(value)
        except StopIteration as stop:
            self.step, self.result = None, Finished(stop.value)

    def view(self) -> View | None:
        """The current step's view (None once finished)."""
        return self.step.view() if self.step is not None else None

    @property
    def wants_samples(self) -> bool:
        """The current step measures (it has ``on_sample``, e.g. a calibration reading)."""
        return self.step is not None and hasattr(self.step, "on_sample")

    def leave(self) -> None:
        """The flow is abandoned (BACK, the menu closes): a step with ``leave()`` is told (e.g. the
        weighing screen closes on the host)."""
        leave = getattr(self.step, "leave", None)
        if leave is not None and self.result is None:
            leave()
        self.step = None

    def on_sample(self, sample: Any) -> Finished | None:
        """Feed a sensor sample to a measuring step; when it is done, the flow goes on."""
        if self.step is not None and hasattr(self.step, "on_sample"):
            done = self.step.on_sample(sample)
            if done is not None:
                self._advance(done.value)
        return self.result

    def on_key(self, key: Key) -> Finished | None:
        """Feed ``key`` to the current step; when it is done, the flow goes on."""
        if self.step is None:
            return self.result
        done = self.step.on_key(key)
        if done is not None:
            self._advance(done.value)
        return self.result


def rejection(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The ``input_rejected`` record among the records an input caused, if any."""
    return next((r for r in records if r.get("event") == "input_rejected"), None)
