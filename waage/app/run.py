"""``waage run --config FILE``: the device main loop (what systemd starts), for every game.

One thread owns the game: it takes sensor items, key presses and commands
(``Apply``, ``NewGame``: from the web or MQTT through ``submit``) from one
queue, so the sampler (HX711 process/thread, serial reader), the gpiozero
callbacks and the adapters never touch the game directly. The display is
redrawn only when its view changes; systemd is told READY, pinged for the
watchdog, and told STOPPING on SIGTERM. Every decision is committed to the
state directory (write-ahead, ``waage/app/store.py``) and the game resumes on
the next start (crash, power cut, SIGTERM), whichever of the four games it is.
All parts come from ``waage/app/wiring.py``.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
import logging
import math
import queue
import signal
import threading
import time
from pathlib import Path
from typing import Any

from waage.app import sdnotify, wiring
from waage.app.host import Apply, Command, NewGame
from waage.app.loop import DeviceLoop
from waage.app.pipelines import pipeline_factory as sensor_pipelines
from waage.app.scenario import MAX_GRAMS
from waage.app.setup import with_saved_setup
from waage.app.store import StateStore
from waage.config import AppConfig, load_config
from waage.display.views import View
from waage.errors import DeviceUnavailable
from waage.inputs.keys import Key
from waage.inputs.stdin import StdinInput
from waage.live.hub import LiveHub
from waage.sensors.base import NoSensor
from waage.weight.events import Sample, SensorFault, SensorRecovered

log = logging.getLogger("waage.run")

#: how often the loop wakes up without input, in seconds (display, watchdog)
TICK_S = 0.1
#: a typed sip/refill/bump waits until the fake scale has stood this long since the start
#: (the fresh pipeline first settles on the glass, as it would before a person lifts it)
WARMUP_S = 1.0
_STOP = object()


@dataclass(frozen=True)
class SensorAction:
    """A typed action on the simulated scale (``sip``/``refill``/``bump`` grams), run on the game thread."""

    kind: str
    grams: float


def stdin_keys(put: Any, sensor: Any, stream: Any = None) -> StdinInput:
    """Device keys and commands from standard input, one per line (tests, trying ``run`` on a PC):
    the keyboard as an input (``waage.inputs.stdin.StdinInput``) with ``run``'s own words.

    ``n``, ``p``, ``o``, ``b``: the keys NEXT, PREV, OK, BACK. With the fake
    sensor also ``sip G``, ``refill G``, ``bump G``. ``input JSON``: one contract
    input, e.g. ``input {"roll": "auto"}``; ``new JSON``: a new game, e.g.
    ``new {"game": "propter", "players": ["Anna", "Ben"]}`` (``language``,
    ``options`` optional). An end of input stops the loop.
    """
    def command(word: str, arg: str) -> Command | None:
        try:
            data = json.loads(arg)
            if word == "input":
                if not isinstance(data, dict):
                    raise ValueError("an input is a JSON object")
                return Apply(data)
            return NewGame(game=data["game"], players=tuple(data["players"]), language=data.get("language"),
                           options=dict(data.get("options", {})))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("stdin: %s JSON: %s", word, exc)
            return None

    def line(word: str, arg: str) -> None:
        if word in ("input", "new"):
            cmd = command(word, arg)
            if cmd is not None:
                put(cmd)
        elif word in ("sip", "refill", "bump") and hasattr(sensor, word):
            try:
                grams = float(arg)
                if not (math.isfinite(grams) and 0 <= grams <= MAX_GRAMS):
                    raise ValueError
            except ValueError:
                log.warning("stdin: %r needs grams from 0 to %g, e.g. '%s 40'", f"{word} {arg}".strip(), MAX_GRAMS,
                            word)
                return
            put(SensorAction(word, grams))

    return StdinInput(put, stream, on_line=line, on_end=lambda: put(_STOP))


class Device(DeviceLoop):
    """The wired device: sensor, pipeline, host with its game, display, keys, state directory, live hub.

    seed: seeded electronic dice (tests only; the device rolls with ``secrets``, W-03).
    """

    #: a new Waagespiel started from outside the menu (phone, MQTT, stdin ``new``) starts on the device with
    #: its glass, as the menu's "Neues Spiel" (issue 30: "700-g-Glas behalten" or "Glas LEER auflegen")
    weigh_first = True

    def __init__(self, config: AppConfig, state_dir: Path, new_game: bool = False, seed: int | None = None,
                 args: argparse.Namespace | None = None) -> None:
        self.config = config
        self.store = StateStore(state_dir)
        calibration = wiring.load_calibration(self.store, config)
        self.calibration = calibration
        wiring.load_glass(self.store, config)  # the glass weighed last (W-36)
        engine, rolled, self._preface = wiring.resume_or_new(self.store, config, new_game)
        glass_weighed = self.store.load_glass() is not None
        self.sensor = wiring.make_sensor_for(config, calibration, engine, glass_weighed=glass_weighed)
        rate = float(getattr(self.sensor, "sample_rate_hz", 10.0))
        self.hub = LiveHub()
        self.feed = wiring.LiveFeed(self.hub, self.store.lines or 0)
        self.host = wiring.make_host(
            config, engine, wiring.dice(seed, rolled),
            new_pipeline=sensor_pipelines(config, calibration, self.sensor),  # at the rate HELLO announces
            sinks=[self.feed], store=self.store, dice_rolled=rolled)
        self.display = wiring.make_display(config)
        self.lang = getattr(self.display, "lang", config.display.language)
        # the game menu opens at power-on: continue the saved game, or start another; while no glass was
        # ever weighed, a new Waagespiel not yet under way starts with "Glas LEER auflegen, dann OK" instead
        # (issue 30: not skipped by an accidental "Weiterspielen"; a long press still opens the menu)
        self.ui = self.make_ui(start_in_menu=True, weigh_first=not self.host.glass_weighed)
        self.queue: queue.Queue[Any] = queue.Queue()
        self.samples = wiring.SampleClock()
        self._seen = 0
        self._warmup = max(1, round(WARMUP_S * rate))
        self._deferred: list[SensorAction] = []
        self.input = None
        #: the time base of samples (``time.monotonic``): without a sensor the host's time follows it
        self.clock = time.monotonic
        self.hub.lines = self.feed.line  # records already logged: the web resumes them from the file
        self.adapters = wiring.make_observers(config, args, self.hub, self.queue.put, lambda: self.config,
                                              log_path=self.store.log_path, state_dir=state_dir, required=False)
        wiring.add_menu_entries(self.ui, self.adapters)

    def calibrated(self, result: dict[str, float]) -> bool:
        """The menu's calibration: saved as ``calibration.json`` (as ``waage calibrate`` does) and used by the
        game at once; returns False when it could not be saved (it is still used until a restart)."""
        from waage.app.calibrate import save
        from waage.weight.settings import Calibration

        self.calibration = Calibration(offset=result["offset"], counts_per_gram=result["counts_per_gram"])
        wiring.recalibrated(self.host, sensor_pipelines(self.config, self.calibration, self.sensor))
        try:
            save(self.store, result)
        except OSError as exc:
            log.error("calibration not saved: %s", exc)
            return False
        return True

    def view(self) -> View:
        """What the display shows now."""
        return self.ui.view()

    def handle(self, item: Any) -> None:
        """One item from the queue: a sensor item, a key or a command.

        Without a sensor (a helper game, ``NoSensor``) no sample moves the host's time: a key or a
        command is stamped with the clock (the samples' time base), so the records' ``t_s`` is real
        (the Trottelmütze's time in the statistics, issue 21)."""
        if isinstance(self.sensor, NoSensor) and not isinstance(item, (Sample, SensorFault, SensorRecovered)):
            self.host.now_s = max(self.host.now_s, self.clock())
        if isinstance(item, (Sample, SensorFault, SensorRecovered)):
            if isinstance(item, Sample):
                self.samples.saw()
                self._seen += 1
                if self.ui.on_sample(item):  # the menu's calibration measures: the game does not see it
                    return
            self.host.on_sensor(item)
            if self._deferred and self._seen >= self._warmup:
                self.handle_deferred()
        elif isinstance(item, SensorAction):
            self._deferred.append(item)
            if self._seen >= self._warmup:
                self.handle_deferred()
        elif isinstance(item, Key):
            self.ui.on_key(item)  # the UI follows a new game started from its menu
        else:
            self.command(item)  # web, MQTT, stdin: the same for ``waage sim`` (DeviceLoop)

    def handle_deferred(self) -> None:
        """Run the typed scale actions that waited for the warm-up."""
        for action in self._deferred:
            getattr(self.sensor, action.kind)(action.grams)
        self._deferred.clear()

    def run(self, keys_from_stdin: bool = False) -> int:
        """The main loop until SIGTERM/SIGINT (or the end of stdin keys); returns the exit status."""
        stop = threading.Event()

        def on_signal(signum: int, _frame: Any) -> None:
            stop.set()
            self.queue.put(_STOP)

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        if isinstance(self.sensor, NoSensor):  # no samples: the host's time is the clock's
            self.host.now_s = max(self.host.now_s, self.clock())
        self.host.start(self.host.now_s, preface=self._preface)
        try:
            self.sensor.start(self.queue.put)
        except (OSError, DeviceUnavailable) as exc:
            if self.host.scale is not None:  # the Waagespiel needs its sensor; a helper game none
                raise
            log.warning("no sensor (%s); %s needs none", exc, self.host.engine.game_id)
            self.sensor = NoSensor(str(exc))
        if keys_from_stdin:
            self.input = stdin_keys(self.queue.put, self.sensor)
        else:
            self.input = wiring.make_input(self.config, self.queue.put)
        sdnotify.ready()
        watchdog_s = sdnotify.watchdog_interval_s()
        next_ping = 0.0
        last_snapshot_view, next_snapshot = None, 0.0
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
                view = self.view()
                shown = self.screen(view)
                # the display decides whether to redraw (its FramePacer is the one change check);
                # ``show`` of an unchanged view also lets a lost OLED be re-created with back-off
                self.display.show(shown)
                now = time.monotonic()
                if view != last_snapshot_view or now >= next_snapshot:  # at most once per tick
                    self.publish(view, self.samples.at, {"dice_mode": self.ui.dice_mode})
                    last_snapshot_view, next_snapshot = view, now + TICK_S
                if watchdog_s and now >= next_ping:
                    sdnotify.watchdog()
                    next_ping = now + watchdog_s / 2
        finally:
            sdnotify.stopping()
            self.close()
        return 0

    def close(self) -> None:
        """Release the hardware, the observers and flush the logs."""
        for part in (self.input, self.sensor, self.display, self.hub):
            if part is not None:
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - shutting down: report, go on
                    log.exception("closing %r failed", part)
        self.store.close()


def lock_state_directory(state_dir: Path) -> Any:
    """Hold ``STATE_DIR/run.lock`` exclusively (``flock``) for this process's life: one ``waage run``
    (or ``waage sim --state-dir``) per state directory, as two would interleave one session log and race
    on ``game.json``.

    Returns the open lock file (keep it referenced). The kernel drops the lock when the process
    ends, also on a kill or power cut, so no stale lock is left. Raises DeviceUnavailable when
    another process holds it.
    """
    import fcntl

    lock = open(Path(state_dir) / "run.lock", "a")  # noqa: SIM115 (held until the process ends)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise DeviceUnavailable(f"{state_dir} is used by another `waage run` or `waage sim --state-dir` "
                                "(on the device: sudo systemctl stop waage first)") from None
    return lock


def main(args: argparse.Namespace) -> int:
    """Entry of ``waage run``."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    config = load_config(args.config)
    state_dir = wiring.state_directory(config, args.state_dir, args.config)
    _lock = lock_state_directory(state_dir)  # noqa: F841 (held while the device runs)
    config = with_saved_setup(config, state_dir, args.config)  # players etc. set from a phone
    device = Device(config, state_dir, new_game=args.new_game, seed=getattr(args, "seed", None), args=args)
    return device.run(keys_from_stdin=getattr(args, "keys_from_stdin", False))
