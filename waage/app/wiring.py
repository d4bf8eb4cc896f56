"""The composition root: the only place that builds engines, hosts, sensors, pipelines, dice and displays.

``waage replay``, ``waage sim`` and ``waage run`` ask this module for ready
parts; the defaults (the simulated glass, the pipeline from the config, dice
from a seed, the display of ``[display]``) are written here once. Each part
has peers behind one interface, picked from the config (as gpiozero picks a
pin factory and luma a device): the sensor (fake / hx711 / serial), the
display (OLED / terminal device / none), the dice (secret / seeded).

Hooks for the adapters at the edge:

- ``make_observers(config, args, hub, submit)``: the web and MQTT adapters add
  their ``LiveObserver`` to the device's one ``LiveHub`` here (``[web]``/``--web``,
  ``[mqtt]``/``--mqtt``); ``submit(command)`` puts an ``Apply`` or ``NewGame``
  (``waage/app/host.py``) onto the game thread's queue.
- ``screen_of(adapters, view, now)``: an adapter's ``screen(view, now)`` may replace
  what the display shows (a PIN, a QR code).
- ``snapshot(host, view)``: the ``LiveSnapshot`` of the hosted game.
- ``make_ui(config, host, lang)``: the device UI for the hosted game (``on_key``,
  ``view``); the device UI package (``waage/ui/``) returns its UI here.
- ``resume_or_new(store, config, new_game)``: which game ``waage run`` hosts after a
  start (the saved one, or a new one when the config's ``[game]`` changed).
- ``load_glass(store, config)``: the glass weighed last (W-36) replaces the config's
  ``[glass]``; ``make_host(..., store=store)`` saves every weighing there.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections import deque
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TextIO

from pydantic import ValidationError

from waage.app import sim_glass
from waage.app.host import GameHost, LogSink, Record
from waage.app.setup import game_options, game_table
from waage.app.store import StateStore
from waage.config import AppConfig, load_config
from waage.errors import DeviceUnavailable, InputFileError, from_validation_error
from waage.inputs.base import Input, KeySink
from waage.live.hub import LiveHub, LiveSnapshot
from waage.rules.dice import Dice, make_dice
from waage.rules.engines import games, resume_game
from waage.rules.game import Event, Game, weighs
from waage.games.waagespiel.engine import Waagespiel
from waage.sensors.base import NoSensor, Sensor
from waage.sensors.fake import Disturbances, FakeScale
from waage.stats import current_game
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings

if TYPE_CHECKING:  # imported where they are made: a replay draws nothing and reads no hardware (its start-up)
    from waage.display.base import Display
    from waage.display.views import View
    from waage.ui.device import DeviceUi

log = logging.getLogger("waage.wiring")

#: the simulator's config (``waage sim`` without ``--config``)
SIM_CONFIG = Path(__file__).resolve().parents[2] / "config" / "sim.toml"
#: the simulated glass starts filled to this share of its capacity
FILL_SHARE = 0.8
#: noise of the simulated load cell in grams (standard deviation)
SIM_NOISE_G = 0.1


# --------------------------------------------------------------------------- config
def sim_config(path: Path | None) -> AppConfig:
    """The config for ``waage sim``: ``path``, else ``config/sim.toml`` when present, else the defaults."""
    path = path or (SIM_CONFIG if SIM_CONFIG.exists() else None)
    return load_config(path) if path else AppConfig()


def state_directory(config: AppConfig, override: Path | None = None, config_path: Path | None = None) -> Path:
    """The state directory: ``--state-dir``, else systemd's ``$STATE_DIRECTORY``, else ``[state] directory``.

    The directory is created if missing. Raises InputFileError (naming the config
    file and ``state.directory``) when it cannot be created or written.
    """
    if override is not None:
        directory = override
    elif os.environ.get("STATE_DIRECTORY"):
        directory = Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    else:
        directory = config.state.directory
    try:
        if directory.exists() and not directory.is_dir():
            raise NotADirectoryError(20, "not a directory")
        directory.mkdir(parents=True, exist_ok=True)
        if not os.access(directory, os.W_OK):
            raise PermissionError(13, "not writable")
    except OSError as exc:
        where, field = ("command line", "--state-dir") if override is not None else (config_path, "state.directory")
        raise InputFileError(where or "config", field,
                             f"cannot use {directory}: {exc.strerror or exc} (create it for this user, "
                             "or pass --state-dir)") from None
    return directory


def load_calibration(store: StateStore, config: AppConfig) -> Calibration:
    """The calibration written by ``waage calibrate``, else the config's ``[calibration]``.

    A calibrated empty-glass weight (``glass_g``) replaces ``config.glass.glass_g``.
    Raises InputFileError when the calibration file exists but is invalid.
    """
    path = store.calibration_path
    if not path.exists():
        return config.calibration
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        calibration = Calibration.model_validate({k: data[k] for k in ("offset", "counts_per_gram")})
        if data.get("glass_g"):
            config.glass = GlassSettings.model_validate({**config.glass.model_dump(), "glass_g": data["glass_g"]})
        return calibration
    except ValidationError as exc:
        raise from_validation_error(path, exc) from None
    except (KeyError, TypeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise InputFileError(path, None, f"not a calibration file ({exc}); run `waage calibrate` again") from None


def load_glass(store: StateStore, config: AppConfig) -> GlassSettings:
    """The glass in use at start (W-36): the one weighed last (``glass.json``), else the config's ``[glass]``.

    Sets ``config.glass`` to it (new games and pipelines take it from there) and returns it.
    A calibration newer than the weighing (``waage calibrate`` weighs an empty glass too,
    ``load_calibration``) wins. An unusable ``glass.json`` is kept aside (``glass.json.bad``)
    with a warning; the config's glass is used then.
    """
    data = store.load_glass()
    if data is None:
        return config.glass
    cal = store.calibration_path
    try:
        if cal.exists() and cal.stat().st_mtime > store.glass_path.stat().st_mtime:
            return config.glass  # calibrated (with its glass) after the last weighing
        config.glass = GlassSettings.model_validate(data)
    except ValidationError as exc:
        store.glass_unreadable(str(exc))
    except OSError:
        pass
    return config.glass


# --------------------------------------------------------------------------- games
def new_engine(config: AppConfig, game_id: str | None = None, players: list[str] | None = None) -> Game:
    """A new engine of ``game_id`` (default ``[game] game``) for ``players`` (default ``[game] players``)."""
    game_id = game_id or config.game.game
    players = list(players or config.game.players)
    return games()[game_id](players, **game_options(config)(game_id, players))


def resume_or_new(store: StateStore, config: AppConfig, new_game: bool = False) -> tuple[Game, int, list[Event]]:
    """The game ``waage run`` hosts: the saved one, or a new one from the config.

    Returns (engine, electronic rolls so far, events to log before the start).
    The log is first made to agree with ``game.json`` (``StateStore.recover``).

    Resume after the config changed: a saved game remembers the config's ``[game]``
    choice (game and players) it was saved under. When that choice is the same,
    the saved game goes on, whatever players it has (a game started from the
    device's menu keeps its players). When the owner changed ``[game] game`` or
    ``players`` in the config since, the config wins: a new game starts and the
    log says so first with ``game_replaced`` {``game``, ``reason``: "config_changed",
    ``saved``, ``config``}. ``--new-game`` discards the saved game
    (``game_replaced`` with reason "new_game"). An unreadable saved state is kept
    aside (``game.json.bad``) with reason "unreadable".
    """
    saved = store.recover()
    if saved is None:
        return new_engine(config), 0, []
    table = game_table(config)
    reason = None
    if new_game:
        reason = "new_game"
    elif saved.config and saved.config != table:
        reason = "config_changed"
    else:
        try:
            return resume_game(saved.game, saved.state), saved.dice_rolled, []
        except (KeyError, ValidationError, ValueError) as exc:
            log.warning("saved game cannot be resumed (%s); kept as game.json.bad", exc)
            store.game_path.replace(store.game_path.with_name("game.json.bad"))
            reason = "unreadable"
    note: Event = {"event": "game_replaced", "game": saved.game, "reason": reason,
                   "saved": saved.config, "config": table}
    # game.json is replaced by the new game's first decision (with this note), not before:
    # a device that stops before that finds the saved game as it was.
    return new_engine(config), 0, [note]


# --------------------------------------------------------------------------- parts
def pipeline_factory(config: AppConfig, calibration: Calibration, sample_rate_hz: float,
                     glass: GlassSettings | None = None) -> Callable[[], WeightPipeline]:
    """Makes fresh weight pipelines with ``[pipeline]``, the calibration and the glass."""
    glass = glass or config.glass
    return lambda: WeightPipeline(config.pipeline, calibration, glass, sample_rate_hz=sample_rate_hz)


def dice(seed: int | None, rolled: int = 0) -> Dice:
    """Electronic dice: ``secrets`` on the device (W-03), a seeded sequence for replay, sim and tests (W-50)."""
    return make_dice(seed, rolled)


def fake_scale(config: AppConfig, calibration: Calibration | None, load_g: float | None = None,
               seed: int | None = None, sample_rate_hz: float | None = None, glass_g: float | None = None) -> FakeScale:
    """The simulated load cell (``FakeScale``) with the config's glass.

    load_g: the total load standing on it (a resumed game's reference weight: the
    glass survives a power cut); default the glass filled to ``FILL_SHARE``.
    glass_g: another empty glass physically on the scale than the config's (``waage sim
    --glass-g``, W-37): its capacity scales with it; it is filled like the config's glass,
    as far as it holds.
    """
    glass = config.glass
    physical_g = glass.glass_g if glass_g is None else glass_g
    capacity_g = glass.glass_capacity_g * physical_g / glass.glass_g
    full_g = min(round(glass.glass_capacity_g * FILL_SHARE), capacity_g)
    beer_g = full_g if load_g is None else max(load_g - physical_g, 0.0)
    return FakeScale(sample_rate_hz=sample_rate_hz or float(config.sensor.rate_sps), noise_g=SIM_NOISE_G,
                     seed=seed, glass_g=physical_g, beer_g=beer_g, calibration=calibration,
                     capacity_g=capacity_g, disturbances=Disturbances(adc_settling=True))


def make_sensor(config: AppConfig, calibration: Calibration, load_g: float | None = None) -> Sensor:
    """The sensor of ``[sensor] kind``: fake, hx711 or serial (``waage.sensors.kinds.SENSOR_KINDS``).

    load_g: for the fake sensor, the load standing on the simulated platform (see ``fake_scale``).
    """
    from waage.sensors.kinds import open_sensor

    return open_sensor(config.sensor, platform=lambda: fake_scale(config, calibration, load_g))


def fake_start_load_g(engine: Game, glass_weighed: bool, empty_g: float | None) -> float | None:
    """The load (grams) a fake scale starts with for the hosted game: the saved game's reference (its glass
    as it stood), else the EMPTY glass ``empty_g`` while the glass in use was never weighed (issue 30: the
    device weighs it first, then it is filled), else None (the fake scale's filled glass; also for
    ``empty_g`` None)."""
    saved_g = getattr(engine.state, "reference_g", None)
    if saved_g is None and not glass_weighed:
        return empty_g
    return saved_g


def make_sensor_for(config: AppConfig, calibration: Calibration, engine: Game,
                    glass_weighed: bool = True) -> Sensor:
    """``make_sensor`` for the hosted game: a game without scale runs on ``NoSensor`` when the
    sensor cannot be opened (a helper game needs no scale); the Waagespiel gets the error.

    glass_weighed: a glass was weighed before (``glass.json``); when not, and no saved game holds a
    filled glass, the fake sensor's glass stands EMPTY (as ``sim_parts`` puts it): the device leads
    through weighing it first (issue 30), which then gives the glass's real weight."""
    try:
        return make_sensor(config, calibration, load_g=fake_start_load_g(
            engine, glass_weighed, config.glass.glass_g if weighs(engine) else None))
    except DeviceUnavailable as exc:
        if weighs(engine):
            raise
        log.warning("no sensor (%s); %s needs none", exc, engine.game_id)
        return NoSensor(str(exc), float(config.sensor.rate_sps))


def make_display(config: AppConfig, language: str | None = None, stream: TextIO | None = None) -> Display:
    """The display of ``[display]`` (OLED, the terminal device, or none)."""
    from waage.display.base import make_display as display_for

    return display_for(config.display, language=language, stream=stream)


def make_input(config: AppConfig, on_key: KeySink) -> Input | None:
    """The buttons / encoder of ``[input]`` (``waage.inputs.gpio.GpioInput``), or None when there
    are none (``waage run --keys-from-stdin`` opens the keyboard instead: ``waage.inputs.stdin``).

    A machine without GPIO (a PC with the serial bridge: gpiozero's ``BadPinFactory``) gets a
    one-line warning and no buttons, not a traceback: the scale needs none, and ``waage run
    --keys-from-stdin`` or Enter in ``waage calibrate`` stand in for them.

    Raises DeviceUnavailable (exit 2, one line naming what to install) when
    ``GPIOZERO_PIN_FACTORY`` names a factory whose library is missing (the systemd
    unit sets ``lgpio``; issue 28). A GPIO that the factory cannot open (not a Pi gpiozero
    knows, or lgpio's "can not open gpiochip": no chip, no permission) is a one-line warning
    and no buttons, like a machine without GPIO."""
    if config.input.kind == "none":
        return None
    import warnings

    from gpiozero.exc import BadPinFactory, PinFactoryFallback, PinUnknownPi

    from waage.inputs.gpio import GpioInput

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PinFactoryFallback)  # one line below says it all
            return GpioInput(config.input, on_key)
    except BadPinFactory as exc:
        log.warning("no GPIO on this machine (%s): running without the %s of [input]; type the keys with "
                    "`waage run --keys-from-stdin` (Enter confirms in `waage calibrate`), or set [input] "
                    'kind = "none"', exc, config.input.kind)
        return None
    except ImportError as exc:   # GPIOZERO_PIN_FACTORY names a factory whose library is missing
        # (BadPinFactory, above, is an ImportError too: no factory works on this machine)
        factory = os.environ.get("GPIOZERO_PIN_FACTORY", "")
        raise DeviceUnavailable(
            f'[input] kind = "{config.input.kind}" needs the GPIO library {factory or exc.name!r} '
            f"(GPIOZERO_PIN_FACTORY={factory}: {exc}), which is not installed in {sys.prefix}. Install it: run "
            f"`sudo sh install/pi.sh` again (it installs lgpio), or `{sys.prefix}/bin/pip install lgpio` "
            f'(adafruit-lgpio on Python 3.13 and newer); without buttons: [input] kind = "none"') from exc
    except Exception as exc:   # the factory loaded but cannot open this machine's GPIO
        if not isinstance(exc, PinUnknownPi) and type(exc).__module__ != "lgpio":
            raise   # (PinUnknownPi: not a Pi gpiozero knows; lgpio.error: "can not open gpiochip")
        log.warning("cannot open the GPIO (%s: %s): running without the %s of [input]; on a Pi check "
                    "`ls -l /dev/gpiochip*` and that this user is in group gpio (`id`)",
                    type(exc).__name__, exc, config.input.kind)
        return None


def wall_clock() -> str:
    """The wall-clock time of a session-log record (ISO 8601, UTC, milliseconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def make_host(config: AppConfig, engine: Game, dice_source: Dice, *,
              new_pipeline: Callable[[], WeightPipeline] | None, sinks: list[LogSink] | None = None,
              store: StateStore | None = None, dice_rolled: int = 0) -> GameHost:
    """A host for ``engine``; with a ``store`` every decision is committed (write-ahead) and stamped ``at``,
    and every weighed glass is saved (``glass.json``, W-36). A new Waagespiel gets the config's glass (after
    ``load_glass``: the last weighing) until a glass is weighed."""
    commit = None
    on_glass = None
    if store is not None:

        def commit(host: GameHost, records: list[Record]) -> None:
            store.commit(host.engine.game_id, host.engine.state, records, host.config_table, host.dice_rolled)

        on_glass = store.save_glass
    host = GameHost(engine, new_pipeline, dice_source, sinks=sinks or [], commit=commit,
                    wall_clock=wall_clock if store is not None else None,
                    game_options=game_options(config), dice_rolled=dice_rolled,
                    glass=config.glass, on_glass=on_glass,
                    glass_weighed=store is not None and store.load_glass() is not None)
    #: the config's ``[game]`` choice each decision is saved under (``resume_or_new`` compares it);
    #: a set-up from the web view replaces it together with the config
    host.config_table = game_table(config)
    if store is not None:
        host.game_records.extend(saved_game_records(store.log_path, host.game_records.maxlen or 0))
    return host


def saved_game_records(log_path: Path, limit: int) -> list[Record]:
    """The records of the game the session log ends with (from its last ``game_started``; at most
    ``limit``, the newest), for a resumed game's statistics; [] without a log. Lines that are not
    JSON objects are skipped."""
    tail: deque[Record] = deque(maxlen=limit)
    try:
        with open(log_path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if '"game_started"' in line:
                    tail.clear()
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if isinstance(rec, dict):
                    tail.append(rec)
    except OSError:
        return []
    return current_game(list(tail))


# --------------------------------------------------------------------------- the device UI
def make_ui(config: AppConfig, host: GameHost, lang: str | None = None, *, start_in_menu: bool = False,
            on_language: Callable[[str], None] | None = None,
            on_calibrated: Callable[[dict[str, float]], bool] | None = None, weigh_first: bool = False) -> DeviceUi:
    """The device UI (``waage/ui``) for all four games: ``on_key(key, t_s=None)`` and ``view()``.

    start_in_menu: open the game menu at once (``waage run`` at power-on: continue the saved
    game or start another); on_language: called when the menu changes the language. The UI
    follows ``host.engine`` itself (a new game from the menu keeps the same UI). on_calibrated: the
    driver's hook for the menu's "Kalibrieren" (saves and applies a calibration; see ``DeviceUi``).
    weigh_first: a new game that weighs starts with its glass (issue 30, see ``DeviceUi``).
    """
    from waage.ui.device import DeviceUi

    return DeviceUi(host, dice_mode=config.game.dice, lang=lang or config.display.language,
                    start_in_menu=start_in_menu, roster=list(config.game.players), on_language=on_language,
                    on_calibrated=on_calibrated, weigh_first=weigh_first)


def recalibrated(host: GameHost, new_pipeline: Callable[[], Any]) -> None:
    """The menu's calibration is used at once: ``host`` makes its pipelines with ``new_pipeline`` from now
    on and replaces the running one (``GameHost.recalibrate``: the reference is taken afresh)."""
    host.recalibrate(new_pipeline)


def add_menu_entries(ui: Any, adapters: list[Any]) -> None:
    """Menu entries of the adapters at the edge, in the device UI's menu (``waage/ui/menu.py``):

    - the web view: "Handy verbinden" shows the QR code of the page's address and the PIN;
    - MQTT with a ``[mqtt] league``: "Liga" shows the cross-table leaderboard (pages with NEXT).
    """
    from waage.ui.menu import MenuEntry
    from waage.ui.steps import Show

    for adapter in adapters:
        qr_view = getattr(adapter, "qr_view", None)
        if qr_view is not None:
            def join(_ui: Any, qr_view: Any = qr_view) -> Any:
                yield Show(qr_view())

            ui.menu.add(MenuEntry("web", label=lambda u: u.t("menu_web"), open=join, order=60))
        league_view = getattr(adapter, "league_view", None)
        if league_view is not None and getattr(adapter, "leaderboard", None) is not None:
            import waage.display.league_screen  # noqa: F401 - registers the leaderboard screen

            def league(_ui: Any, league_view: Any = league_view) -> Any:
                yield Show(league_view(0))

            ui.menu.add(MenuEntry("league", label=lambda u: u.t("menu_league"), open=league, order=70))


# --------------------------------------------------------------------------- the three drivers
def glass_of(scenario: Any) -> GlassSettings:
    """The glass the device believes in a scenario's ``[scale]`` table: ``known_glass_g`` (default ``glass_g``,
    the glass physically on the scale; contract "Another glass", W-36)."""
    sc = scenario.scale
    known = sc.known_glass_g if sc.known_glass_g is not None else sc.glass_g
    return GlassSettings(glass_g=known, glass_capacity_g=sc.glass_capacity_g,
                         empty_threshold_g=sc.empty_threshold_g, refill_threshold_g=sc.refill_threshold_g)


def replay_host(scenario: Any, config: AppConfig | None, sinks: list[LogSink]) -> tuple[GameHost, FakeScale]:
    """``waage replay``: the host and the ``FakeScale`` for a Waagespiel scenario.

    The scale, calibration, glass, seed and disturbances come from the scenario's
    ``[scale]`` (the fake scale carries ``glass_g``, the device believes ``known_glass_g``); players, starter and house rules from the scenario; the pipeline
    tuning from ``config`` (default settings without one).
    """
    sc = scenario.scale
    config = config or AppConfig()
    calibration = Calibration(offset=sc.offset, counts_per_gram=sc.counts_per_gram)
    glass = glass_of(scenario)
    disturbances = Disturbances.model_validate(sc.disturbances) if sc.disturbances else None
    fake = FakeScale(
        sample_rate_hz=sc.sample_rate_hz, noise_g=sc.noise_g, seed=sc.seed, glass_g=sc.glass_g,
        beer_g=sc.beer_g, calibration=calibration, disturbances=disturbances, capacity_g=sc.physical_capacity_g,
    )
    engine = Waagespiel(scenario.players, scenario.starter, scenario.rules, glass)
    host = make_host(config, engine, dice(sc.seed),
                     new_pipeline=pipeline_factory(config, calibration, sc.sample_rate_hz, glass), sinks=sinks)
    return host, fake


def sim_rate_hz(config: AppConfig) -> float:
    """The simulator's scale samples at ``[sensor] rate_sps`` (10 or 80), as the device this config describes
    would (a new-user trial of issue 26: ``rate_sps = 80`` passed ``check-config`` and the simulator ran at 10)."""
    return float(config.sensor.rate_sps)


def sim_parts(config: AppConfig, seed: int | None, out: TextIO, lang: str | None = None,
              sinks: list[LogSink] | None = None, glass_g: float | None = None,
              empty_glass: bool = False, store: StateStore | None = None,
              ) -> tuple[GameHost, FakeScale, Display, list[Event]]:
    """``waage sim``: (host with a new Waagespiel, the ``FakeScale``, the terminal display, the events to
    log before the start: none without a ``store``).

    The scale is uncalibrated (it delivers grams), seeded with ``seed`` like the dice;
    the display is the ``TerminalDisplay`` on ``out`` whatever ``[display] kind`` says.
    glass_g: another glass physically on the scale than the config believes (``--glass-g``).
    empty_glass: that glass stands on the scale EMPTY while it is not weighed (``host.glass_weighed``: a new
    game's glass, which the host weighs first, then fills; issue 30) and no saved game holds a filled one,
    else filled to ``FILL_SHARE`` (or the saved game's load).
    store: ``waage sim --state-dir``: the game is kept there as ``waage run`` keeps it (``load_glass``,
    ``resume_or_new``, every decision committed): the host gets the saved game (its dice go on, the
    scale holds its load), else a new one of ``[game]``, and the start's events are ``resume_or_new``'s.
    """
    from waage.display.terminal import TerminalDisplay

    engine, rolled, preface = new_engine(config, "waagespiel"), 0, []
    if store is not None:
        load_glass(store, config)  # the glass weighed last (W-36)
        engine, rolled, preface = resume_or_new(store, config)
    host = make_host(config, engine, dice(seed, rolled), new_pipeline=pipeline_factory(config, Calibration(),
                     sim_rate_hz(config)), sinks=sinks, store=store, dice_rolled=rolled)
    physical_g = config.glass.glass_g if glass_g is None else glass_g
    # the simulated glass as the last typed command left it, when it belongs to the resumed game's log (sim_glass)
    kept = sim_glass.kept(store.directory, store.lines or 0) if store is not None else None
    start_g = kept.load_g if kept is not None else fake_start_load_g(engine, host.glass_weighed,
                                                                     physical_g if empty_glass else None)
    scale = fake_scale(config, None, load_g=start_g, seed=seed, sample_rate_hz=sim_rate_hz(config),
                       glass_g=kept.glass_g if kept is not None else glass_g)
    if kept.lifted if kept is not None else getattr(engine.state, "lifted", False):
        scale.lift()  # the saved game stopped with the glass in the air: it is still in the drinker's hand
    if kept is not None and kept.beside_g > 0:
        scale.lay(kept.beside_g)  # the phone still lies there (its samples are before the game goes on)
    settings = config.display.model_copy(update={"kind": "terminal"})
    display = TerminalDisplay(stream=out, lang=lang or config.display.language, settings=settings)
    return host, scale, display, preface


# --------------------------------------------------------------------------- live hub
class LiveFeed:
    """A log sink that numbers the records and hands them to the hub: ``hub.record(line, record)``.

    first_line: records already in the session log (``StateStore.lines``), 0 without one.
    """

    def __init__(self, hub: LiveHub, first_line: int = 0) -> None:
        self.hub, self.line = hub, first_line

    def __call__(self, record: Record) -> None:
        self.line += 1
        self.hub.record(self.line, record)


def snapshot(host: GameHost, view: View, lines: int = 0, sample_at: float | None = None,
             details: dict[str, Any] | None = None, lang: str = "de") -> LiveSnapshot:
    """The ``LiveSnapshot`` of the hosted game with the view the display shows now.

    ``details``: the game's web details, the contract of ``waage.live.details`` built by its kit's
    ``GameSpec.web`` hook (``GameSpec.web_page``: who must act, its counters, the final table; the
    Waagespiel's in ``waage/games/waagespiel/web.py``), with ``lang`` and the driver's extra fields
    (``dice_mode``, ``sim_waits_for_input``); the hook also fills the snapshot's own fields of its game
    (``phase``, the target window, the fault, the beer on the scale). A game with a scale session gets
    the plain scale's live fields from it: ``scale_g`` (the net grams since the display's tare,
    ``waage/ui/scale.py``), ``load_g`` and ``steady`` (the web's ``grams`` event sends them with every
    sample). sample_at: ``time.monotonic()`` of the last sample.
    """
    from waage.games import spec

    engine = host.engine
    page = spec(engine.game_id).web_page(host, lang, sample_at)
    fields: dict[str, Any] = {"phase": str(engine.phase), **page.fields}
    scale = host.scale
    if scale is not None and scale.pipeline is not None and sample_at is not None and not fields.get("fault"):
        from waage.ui.scale import net_g

        scale_g = net_g(host)
        load_g, steady = scale.live_load()
        fields.update(sample_at=sample_at, scale_g=None if scale_g is None else round(scale_g, 1),
                      load_g=None if load_g is None else round(load_g, 1), steady=steady)
    elif scale is not None:
        fields["sample_at"] = sample_at
    return LiveSnapshot(game=engine.game_id, players=list(engine.state.players), current=engine.current_player,
                        view=view, details={**page.details.model_dump(mode="json"), "lang": lang, **(details or {})},
                        lines=lines, **fields)


def make_observers(config: AppConfig, args: argparse.Namespace | None, hub: LiveHub,
                   submit: Callable[[Any], None], current_config: Callable[[], AppConfig] | None = None,
                   log_path: Path | None = None, state_dir: Path | None = None,
                   required: bool = True) -> list[Any]:
    """Add the configured observers to ``hub``: the web view (``[web]`` / ``--web``) and MQTT
    (``[mqtt]`` / ``--mqtt``); returns the adapters started.

    submit(command): puts a command onto the game thread (thread-safe): the web view's
    ``SetupCommand`` / ``NewGameCommand`` (``waage/web/commands.py``; the driver runs ``waage.app.setup.``
    ``apply_command``) or an ``Apply`` / ``NewGame`` of ``waage/app/host.py``.
    current_config: the config the game plays now (the web's set-up form); log_path: the
    session log (the web resumes ``Last-Event-ID`` from it); state_dir: where MQTT keeps
    its log cursor and the web its PIN (``PIN_FILE``, for the owner; None: the simulator, which has
    no state directory and shows the PIN on its terminal). required: False for
    ``waage run`` (a port in use is logged, the game goes on). An adapter with
    ``screen(view, now) -> view`` may replace what the display shows (``screen_of``).
    Raises DeviceUnavailable (web port in use, with ``required``) or InputFileError (MQTT
    password file).
    """
    adapters: list[Any] = []
    from waage.web.wiring import PIN_FILE, make_web

    web = make_web(config, getattr(args, "web", None), hub, submit, current_config or (lambda: config),
                   log_path=log_path, required=required,
                   pin_path=state_dir / PIN_FILE if state_dir is not None else None)
    if web is not None:
        adapters.append(web)
    address = getattr(args, "mqtt", None)
    if address is not None or config.mqtt.enabled:
        from waage.mqtt.wiring import make_mqtt, sim_settings

        mqtt_config = sim_settings(config, address) if address is not None else config
        mqtt = make_mqtt(mqtt_config, state_dir)
        hub.add(mqtt)
        adapters.append(mqtt)
    return adapters


def screen_of(adapters: list[Any], view: View, now: float) -> View:
    """The view the display shows: ``view`` passed through every adapter's ``screen`` (if any)."""
    for adapter in adapters:
        screen = getattr(adapter, "screen", None)
        if screen is not None:
            view = screen(view, now)
    return view


# --------------------------------------------------------------------------- monotonic time of samples
class SampleClock:
    """Remembers ``time.monotonic()`` of the last sample (``LiveSnapshot.sample_at``)."""

    def __init__(self) -> None:
        self.at: float | None = None

    def saw(self) -> None:
        """A sample arrived now."""
        self.at = time.monotonic()
