"""The live state of the device for observers at the edge (web view, MQTT).

The composition root (``waage/app/wiring.py`` and the drivers it builds:
``sim``, ``run``) owns one ``LiveHub``. From the game thread it calls

- ``hub.record(line, record)`` for every session-log record, ``line`` being
  its 1-based line number in the session log (in the simulator without a
  state directory: its 1-based position in the session), and
- ``hub.state(snapshot)`` with a fresh ``LiveSnapshot`` whenever the view or
  the live weight may have changed (at most once per display tick),

and observers receive the same calls. Observers must never block the game
thread: they hand the value over to their own thread or event loop (the web
server with ``loop.call_soon_threadsafe``, paho-mqtt through its own network
thread) and keep only the latest snapshot, never a queue that grows.

The snapshot is built from the same view models the OLED draws
(``waage/display/views.py``): one source of truth for every screen.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # a replay draws nothing: the views' module is imported where views are made (its start-up)
    from waage.display.views import View


@dataclass(frozen=True)
class LiveSnapshot:
    """What the table should see now.

    game: game id ("waagespiel", "willkommen_am_arsch", "arsch_selten_allein", "propter");
    phase: the game's phase word (e.g. "rolling", "drinking", "setup");
    players: names in seat order; current: who rolls, drinks or is at turn (None if nobody);
    target_g / min_g / max_g: the Auserwählte's target window in whole grams (Waagespiel), else None;
    grams: live net load on the scale in grams (None without a sample, while faulted or for a
    game without a scale); glass_on_scale: True/False, None when unknown;
    sample_at: ``time.monotonic()`` of the last sample (None before the first);
    fault: the sensor-fault kind while the game is paused, else None;
    view: the view model the OLED shows now; details: game-specific JSON-able values
    (dice, the last verdict, Stehtisch, hat, resistance, points, …);
    lines: how many session-log records exist so far (the id of the newest);
    scale_g: the plain scale: the net grams on the platform since the display's last tare (the load
    itself before any tare; None without a reading or a game that weighs); load_g: the live total
    load on the platform in grams and steady: it has settled (weighing the glass, W-36).
    """

    game: str
    phase: str
    players: list[str]
    current: str | None
    view: View
    grams: float | None = None
    glass_on_scale: bool | None = None
    sample_at: float | None = None
    fault: str | None = None
    target_g: int | None = None
    min_g: int | None = None
    max_g: int | None = None
    details: dict[str, Any] = field(default_factory=dict)
    lines: int = 0
    scale_g: float | None = None
    load_g: float | None = None
    steady: bool | None = None

    def to_json(self, now: float | None = None) -> dict[str, Any]:
        """A JSON-able dict: every field, ``view`` as {"type": class name, **fields}, and
        ``sample_age_s`` (seconds since the last sample at ``now``, default ``time.monotonic()``)."""
        now = time.monotonic() if now is None else now
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in ("view", "sample_at")}
        out["view"] = view_to_json(self.view)
        out["sample_age_s"] = None if self.sample_at is None else round(max(now - self.sample_at, 0.0), 3)
        return out


def view_to_json(view: View) -> dict[str, Any]:
    """A view model as JSON: ``{"type": "DrinkingView", "player": …, …}`` (tuples become lists)."""
    return {"type": type(view).__name__, **dataclasses.asdict(view)}


class LiveObserver(Protocol):
    """An adapter that watches the game (web hub, MQTT client). Calls come from the game thread."""

    def record(self, line: int, record: dict[str, Any]) -> None:
        """One session-log record and its 1-based line number."""

    def state(self, snapshot: LiveSnapshot) -> None:
        """The newest snapshot (an observer keeps only the latest)."""

    def close(self) -> None:
        """The device stops: flush what is cheap to flush, stop threads."""


class LiveHub:
    """Fans the game thread's records and snapshots out to the observers.

    Keeps the latest snapshot and the count of records; an observer that
    raises is logged and dropped from nothing (the game never fails because
    an observer did).
    """

    def __init__(self) -> None:
        self._observers: list[LiveObserver] = []
        self._lock = threading.Lock()
        self.latest: LiveSnapshot | None = None
        self.lines = 0

    def add(self, observer: LiveObserver) -> None:
        """Start feeding ``observer`` (it gets the latest snapshot at once, if any)."""
        with self._lock:
            self._observers.append(observer)
        if self.latest is not None:
            self._call(observer.state, self.latest)

    def record(self, line: int, record: dict[str, Any]) -> None:
        """Hand one session-log record to every observer."""
        self.lines = max(self.lines, line)
        for obs in list(self._observers):
            self._call(obs.record, line, record)

    def state(self, snapshot: LiveSnapshot) -> None:
        """Hand the newest snapshot to every observer."""
        self.latest = snapshot
        for obs in list(self._observers):
            self._call(obs.state, snapshot)

    def close(self) -> None:
        """Close every observer."""
        for obs in list(self._observers):
            self._call(obs.close)

    @staticmethod
    def _call(fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - an observer must never stop the game
            import logging

            logging.getLogger("waage.live").exception("live observer %r failed", fn)
