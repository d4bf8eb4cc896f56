"""Display pacing: how often a panel is redrawn, and live grams that do not flicker.

Two small, pure stages with an injected clock (seconds, monotonic):

* :class:`FramePacer` sits in front of a display driver (``OledDisplay.show`` uses
  it, so every luma driver gets it): change detection (a view equal to the one
  on the panel costs nothing) and a frame-rate cap. A view that arrives sooner
  than ``1 / max_fps`` after the last frame is kept as *pending* and drawn by the
  next ``show``/``tick`` once the interval has passed; only the newest pending
  view is drawn (intermediate ones are dropped, never queued). The default cap
  is 10 frames a second: a full 128×64 frame is 1024 bytes, ~93 ms on a 100 kHz
  I2C bus (research/display_gpio_systemd.md §1.5), so more frames would only
  queue up on the bus and cost CPU.

* :func:`hold_grams` is the deadband for a live gram figure (the drinking
  screen's ``drunk_g``). It belongs where the view's grams are quantised, i.e.
  the view builder (``WaagespielUi.view`` in ``waage/games/waagespiel/ui.py``), because only
  there is the value a number rather than pixels. A new value is shown at once
  when it moved by at least ``band_g`` (0.5 g), otherwise
  only once the shown value is ``hold_s`` (1 s) old. So a glass standing still
  changes the picture at most once a second, and a real change shows within
  one frame. Why 0.5 g: the drinking screen shows whole grams, so half a gram is
  half its step; the filtered live weight (the mean of the pipeline's 0.25 s
  fast window) jitters by σ ≈ 0.07 g at 80 SPS / σ 0.3 g (≈ 0.04 g at 10 SPS),
  two readings differ by σ ≈ 0.1 g, and 0.5 g is 5 of those. With 0.3 g, 3 σ,
  the bench still measured 1.07 redraws a second on a glass standing still at
  80 SPS (``waage bench``, display section).

Example::

    pacer = FramePacer(max_fps=10, clock=time.monotonic)
    view = pacer.offer(view)          # None: nothing to draw now (unchanged, or too soon)
    ...
    view = pacer.due()                # from the main loop's tick: a pending view whose time came
    shown = hold_grams(shown, drunk_g, now_s)      # in the view builder
    DrinkingView(..., drunk_g=shown.value_g, ...)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")

#: the I2C bus's limit for full 128×64 frames (≈ 93 ms each at 100 kHz)
MAX_FPS = 10.0
#: live grams: a move of at least this much is shown at once (grams)
BAND_G = 0.5
#: live grams: a smaller change is shown once the shown value is this old (seconds)
HOLD_S = 1.0


class FramePacer(Generic[T]):
    """Change detection plus a frame-rate cap for one display.

    max_fps: at most this many frames per second (> 0).
    clock: monotonic seconds (tests pass a fake clock).
    ``offer(item)`` and ``due()`` return the item to draw *now* (then counted as
    drawn) or None. Items are compared with ``==`` (views are frozen dataclasses).
    Raises ValueError for a ``max_fps`` that is not more than 0.
    """

    def __init__(self, max_fps: float = MAX_FPS, clock: Callable[[], float] = time.monotonic) -> None:
        if not max_fps > 0:
            raise ValueError(f"max_fps must be more than 0, got {max_fps}")
        self.min_interval_s = 1.0 / max_fps
        self._clock = clock
        self._drawn: T | None = None
        self._has_drawn = False
        self._pending: T | None = None
        self._has_pending = False
        self._last_frame_s = float("-inf")
        #: frames handed out to be drawn, and offers that were dropped or deferred
        self.frames = 0
        self.unchanged = 0
        self.deferred = 0

    def offer(self, item: T) -> T | None:
        """The newest item to show; returns it when it should be drawn now, else None.

        An item equal to what is drawn cancels a pending one (the picture is
        already right). A changed item within ``min_interval_s`` of the last
        frame becomes pending (replacing an older pending item).
        """
        if self._has_drawn and item == self._drawn:
            self._pending, self._has_pending = None, False
            self.unchanged += 1
            return None
        self._pending, self._has_pending = item, True
        got = self.due()
        if got is None:
            self.deferred += 1
        return got

    def due(self) -> T | None:
        """The pending item if its frame time has come (call regularly, e.g. every 0.1 s), else None."""
        if not self._has_pending:
            return None
        now = self._clock()
        if now - self._last_frame_s < self.min_interval_s - 1e-6:   # 1 µs: float sums of 0.1 s steps
            return None
        item = self._pending
        self._pending, self._has_pending = None, False
        self._drawn, self._has_drawn = item, True
        self._last_frame_s = now
        self.frames += 1
        return item

    @property
    def pending(self) -> bool:
        """True while a changed item waits for its frame time."""
        return self._has_pending

    def forget(self) -> None:
        """The panel lost its picture (re-created device): the next offer is drawn even if unchanged."""
        self._has_drawn = False
        self._drawn = None


class ShownGrams(NamedTuple):
    """A live gram figure as shown: ``value_g`` (None while there is none, e.g. glass lifted)
    and ``since_s``, the clock time it was first shown."""

    value_g: float | None
    since_s: float


def hold_grams(shown: ShownGrams | None, live_g: float | None, now_s: float,
               band_g: float = BAND_G, hold_s: float = HOLD_S) -> ShownGrams:
    """Deadband for a live gram figure: what to show now, given what is shown.

    shown: the previous result (None at first); live_g: the new quantised value
    (grams, e.g. rounded to 0.1 g; None when there is nothing to show);
    now_s: seconds on the caller's clock. Returns ``shown`` unchanged while
    ``live_g`` differs from it by less than ``band_g`` and ``shown`` is younger
    than ``hold_s``; otherwise a new ``ShownGrams(live_g, now_s)``. A change to or
    from None is shown at once. Pure: no state besides the arguments.
    """
    if shown is None or shown.value_g is None or live_g is None:
        if shown is not None and shown.value_g == live_g:
            return shown
        return ShownGrams(live_g, now_s)
    if live_g == shown.value_g:
        return shown
    if abs(live_g - shown.value_g) >= band_g or now_s - shown.since_s >= hold_s:
        return ShownGrams(live_g, now_s)
    return shown
