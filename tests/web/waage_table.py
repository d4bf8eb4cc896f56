"""The Waagespiel played as the device plays it, into a ``WebHub``: a real ``GameHost`` over the real engine and
pipeline on the simulated scale (``waage.app.replay.build``), its log records numbered into the hub and, after
every step, the snapshot the device publishes (``waage.app.wiring.snapshot`` of the ``DeviceUi``'s view). For
the browser tests that need the game in a given phase (issue 30: the TV with 12 long names in every phase)."""

from __future__ import annotations

import time
from typing import Any

from waage.app import wiring
from waage.app.replay import build, physical, settle_first, wait
from waage.app.scenario import Scenario
from waage.ui import DeviceUi


class WaagespielTable:
    """A Waagespiel at a table of ``players`` (seat order, the first starts), with ``beer_g`` in the glass.

    ``roll(a, b)``, ``choose(name)``, ``sip(g)`` (lift, drink ``g`` grams, put back, settle), ``refill(g)`` and
    ``wait(s)`` play; each publishes the snapshot of the screen the device shows then (``now_s``: the game
    clock the view is taken at; None: the host's, so a decision's screen (``ChosenView``, ``VerdictView``)
    still stands). first_line: the log lines the hub already holds; setup_done: False keeps the set-up screen
    until the first roll (a new game on the device); settle_s: how long the glass stands before the first
    snapshot (too short to settle: the phase is still "setup").
    """

    def __init__(self, hub: Any, players: list[str], beer_g: float = 400.0, lang: str = "de",
                 first_line: int = 0, setup_done: bool = True, settle_s: float = 1.0) -> None:
        self.hub, self.lang, self.line = hub, lang, first_line
        scenario = Scenario.model_validate({"players": players, "scale": {"beer_g": beer_g}})
        self.host, self.fake = build(scenario, None, [self._record])
        self.ui = DeviceUi(self.host, roster=list(players), lang=lang, setup_done=setup_done)
        self.host.start(self.fake.now_s)
        self.host.on_samples(self.fake.wait(settle_s))
        self.publish()

    def _record(self, record: dict[str, Any]) -> None:
        self.line += 1
        self.hub.record(self.line, record)

    @property
    def state(self) -> Any:
        """The engine's ``GameState``."""
        return self.host.engine.state

    def publish(self, now_s: float | None = None) -> "WaagespielTable":
        """Hand the hub the snapshot of the game as it stands, with a fresh sample."""
        view = self.ui.view(now_s)
        self.hub.state(wiring.snapshot(self.host, view, self.line, sample_at=time.monotonic(), lang=self.lang))
        return self

    def roll(self, *dice: tuple[int, int]) -> "WaagespielTable":
        """Each pair in order as the next roll (``host.roll``), then publish."""
        for pair in dice:
            settle_first(self.host, self.fake)
            self.host.roll(list(pair), t_s=self.fake.now_s)
        return self.publish()

    def choose(self, player: str) -> "WaagespielTable":
        """The Einer-Pasch's chooser names ``player`` (W-15), then publish."""
        self.host.choose(player, t_s=self.fake.now_s)
        return self.publish()

    def sip(self, grams: float) -> "WaagespielTable":
        """One attempt (W-30): lift, drink ``grams``, put back, let it settle; then publish."""
        for kind, value in (("lift", None), ("drink", grams), ("put_back", None)):
            self.host.on_samples(physical(self.fake, kind, value))
        wait(self.host, self.fake, 2.0)
        return self.publish()

    def refill(self, grams: float) -> "WaagespielTable":
        """Pour ``grams`` in (W-33), let it settle; then publish."""
        self.host.on_samples(physical(self.fake, "refill", grams))
        wait(self.host, self.fake, 2.0)
        return self.publish()

    def wait(self, seconds: float) -> "WaagespielTable":
        """The glass stands for ``seconds`` (a decision's screen gives way to the next), then publish."""
        wait(self.host, self.fake, seconds)
        return self.publish()
