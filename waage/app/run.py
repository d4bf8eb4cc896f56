"""``waage run --config FILE``: the device main loop (what systemd starts).

One thread owns the game: it takes sensor items and key presses from one
queue, so the sampler (HX711 process/thread, serial reader) and the gpiozero
callbacks never touch the game directly. The display is redrawn only when its
view changes; systemd is told READY, pinged for the watchdog, and told
STOPPING on SIGTERM. The game state is saved atomically after every
decision and resumed on the next start (crash, power cut, SIGTERM).
"""

from __future__ import annotations

import argparse
import logging
import math
import queue
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from waage.app import sdnotify
from waage.app.controller import GameController
from waage.app.pipelines import pipeline_factory
from waage.app.scenario import MAX_GRAMS
from waage.app.store import StateStore
from waage.app.ui import DeviceUi
from waage.app.wiring import load_calibration, make_display, make_input, make_sensor, state_directory
from waage.config import AppConfig, load_config
from waage.errors import DeviceUnavailable
from waage.inputs.keys import Key
from waage.rules.dice import SecretDice
from waage.rules.waagespiel import Waagespiel
from waage.weight.events import Sample, SensorFault, SensorRecovered

log = logging.getLogger("waage.run")

#: how often the loop wakes up without input, in seconds (display, watchdog)
TICK_S = 0.1
_STOP = object()


def stdin_keys(put: Any, sensor: Any, stream: Any = None) -> threading.Thread:
    """Read device keys from standard input, one per line (tests, and trying ``run`` on a PC).

    ``n``, ``p``, ``o``, ``b``: the keys NEXT, PREV, OK, BACK. With the fake
    sensor also ``sip G``, ``refill G``, ``bump G``. An end of input stops the loop.
    """
    keys = {"n": Key.NEXT, "p": Key.PREV, "o": Key.OK, "b": Key.BACK}
    src = stream or sys.stdin

    def reader() -> None:
        for line in src:
            word, _, arg = line.strip().lower().partition(" ")
            if word in keys:
                put(keys[word])
            elif word in ("sip", "refill", "bump") and hasattr(sensor, word):
                try:
                    grams = float(arg)
                    if not (math.isfinite(grams) and 0 <= grams <= MAX_GRAMS):
                        raise ValueError
                except ValueError:
                    log.warning("stdin: %r needs grams from 0 to %g, e.g. '%s 40'", line.strip(), MAX_GRAMS, word)
                    continue
                getattr(sensor, word)(grams)
        put(_STOP)

    thread = threading.Thread(target=reader, name="waage-stdin-keys", daemon=True)
    thread.start()
    return thread


class Device:
    """The wired device: sensor, pipeline, engine, display, keys, state directory."""

    def __init__(self, config: AppConfig, state_dir: Path, new_game: bool = False) -> None:
        if config.game.game != "waagespiel":
            raise DeviceUnavailable(f"[game] game = {config.game.game!r}: the helper modes of the other games run "
                                    f"in the simulator so far (waage sim --game {config.game.game})")
        self.config = config
        self.store = StateStore(state_dir)
        if new_game:
            self.store.clear_game()
        calibration = load_calibration(self.store, config)
        saved = self.store.load_game()
        if saved is not None and saved.players == config.game.players:
            engine = Waagespiel.resume(saved)
        else:
            engine = Waagespiel(config.game.players, config.game.starter, config.rules, config.glass)
        self.sensor = make_sensor(config, calibration, load_g=engine.state.reference_g)
        self.controller = GameController(
            engine,
            pipeline_factory(config, calibration, self.sensor),  # at the rate the sensor announces
            SecretDice(),
            sinks=[self._log],
            on_state=lambda e: self.store.save_game(e.state),
        )
        self.ui = DeviceUi(self.controller, dice_mode=config.game.dice)
        self.display = make_display(config)
        self.queue: queue.Queue[Any] = queue.Queue()
        self.input = None

    def _log(self, record: dict[str, Any]) -> None:
        """Session log line: the replay event plus the wall-clock time (ISO 8601, UTC)."""
        stamped = dict(record)
        stamped["at"] = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        self.store.append_log(stamped)

    def handle(self, item: Any) -> None:
        """One item from the queue: a sensor item or a key."""
        if isinstance(item, (Sample, SensorFault, SensorRecovered)):
            self.controller.on_sensor(item)
        elif isinstance(item, Key):
            self.ui.on_key(item)

    def run(self, keys_from_stdin: bool = False) -> int:
        """The main loop until SIGTERM/SIGINT (or the end of stdin keys); returns the exit status."""
        stop = threading.Event()

        def on_signal(signum: int, _frame: Any) -> None:
            stop.set()
            self.queue.put(_STOP)

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        self.controller.start(self.controller.now_s)
        self.sensor.start(self.queue.put)
        if keys_from_stdin:
            stdin_keys(self.queue.put, self.sensor)
        else:
            self.input = make_input(self.config, self.queue.put)
        sdnotify.ready()
        watchdog_s = sdnotify.watchdog_interval_s()
        next_ping = 0.0
        last_view = None
        try:
            while not stop.is_set():
                try:
                    item = self.queue.get(timeout=TICK_S)
                except queue.Empty:
                    item = None
                if item is _STOP:
                    break
                if item is not None:
                    self.handle(item)
                    while True:  # drain what queued up meanwhile before redrawing
                        try:
                            more = self.queue.get_nowait()
                        except queue.Empty:
                            break
                        if more is _STOP:
                            stop.set()
                            break
                        self.handle(more)
                view = self.ui.view()
                if view != last_view:
                    self.display.show(view)
                    last_view = view
                elif hasattr(self.display, "tick"):
                    self.display.tick()  # lets a lost OLED be re-created with back-off
                now = time.monotonic()
                if watchdog_s and now >= next_ping:
                    sdnotify.watchdog()
                    next_ping = now + watchdog_s / 2
        finally:
            sdnotify.stopping()
            self.close()
        return 0

    def close(self) -> None:
        """Release the hardware and flush the logs."""
        for part in (self.input, self.sensor, self.display):
            if part is not None:
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - shutting down: report, go on
                    log.exception("closing %r failed", part)
        self.store.close()


def main(args: argparse.Namespace) -> int:
    """Entry of ``waage run``."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    config = load_config(args.config)
    device = Device(config, state_directory(config, args.state_dir, args.config), new_game=args.new_game)
    return device.run(keys_from_stdin=getattr(args, "keys_from_stdin", False))
