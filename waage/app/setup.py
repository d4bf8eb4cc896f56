"""The set-up of a game: its options from the config, and the set-up the web asks for, applied.

``game_options(config)`` gives every driver a game's constructor options (the start, a new game
from the menu or the web), from the one registry of games (``waage.games``). ``apply_command(command, driver)`` runs a command of
the web view (``waage/web/commands.py``: the validated models of ``POST /api/setup``,
``/api/new-game``, ``/api/tare``, ``/api/glass``) on the game thread; ``with_saved_setup`` lets
``waage run`` resume with the players set from a phone (``web-setup.json`` in the state directory).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Callable

from waage.app.host import WeighGlass
from waage.config import AppConfig
from waage.files import write_atomic
from waage.games import game_options as registry_options
from waage.names import clean_name, clean_names
from waage.web.commands import Command, GlassCommand, SetupCommand, TareCommand
from waage.weight.settings import capacity_for_size

log = logging.getLogger("waage.web")


def game_table(config: AppConfig) -> dict[str, Any]:
    """The config's ``[game]`` choice a saved game is compared with on start: game and players."""
    return {"game": config.game.game, "players": list(config.game.players)}


def game_options(config: AppConfig) -> Callable[[str, list[str]], dict[str, Any]]:
    """Constructor options of each game from the config, for ``GameHost.new_game``: the registry's
    ``waage.games.game_options`` (each ``GameSpec.options``; the Waagespiel: ``starter`` when that
    player plays, the house rules and the glass; Ein Arsch: ``teams``) bound to ``config``."""
    def options(game_id: str, players: list[str]) -> dict[str, Any]:
        return registry_options(config, game_id, players)

    return options


#: the last set-up made from the web, in the state directory (survives a restart)
SETUP_FILE = "web-setup.json"


def with_saved_setup(config: AppConfig, state_dir: Path, config_path: Path | None = None) -> AppConfig:
    """``config`` with the set-up last made from the web (``state_dir/web-setup.json``) when that
    file is newer than the config file (an edited config wins). An unreadable file is ignored
    with a warning. Lets ``waage run`` resume a game whose players were set from a phone."""
    path = Path(state_dir) / SETUP_FILE
    try:
        if config_path is not None and path.stat().st_mtime <= Path(config_path).stat().st_mtime:
            return config
        cmd = SetupCommand.model_validate_json(json.dumps(clean_saved_setup(json.loads(
            path.read_text(encoding="utf-8")))), strict=True)
    except FileNotFoundError:
        return config
    except (OSError, ValueError) as exc:  # ValidationError is a ValueError
        log.warning("ignoring %s: %s", path, exc)
        return config
    return _with_setup(config, cmd)


def clean_saved_setup(data: Any) -> Any:
    """A saved set-up (``web-setup.json`` as JSON data) with its player names and starter made to
    pass the name rule (``waage.names.clean_names``): a file written before the rule never crashes
    a start. Anything that is not the expected shape is returned as it is (validation says why)."""
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, dict) or not isinstance(game.get("players"), list):
        return data
    old = game["players"]
    new = clean_names(old)
    if new != old:
        log.warning("%s: player names cleaned to the name rule: %s", SETUP_FILE, new)
    renamed = {str(o): n for o, n in zip(old, new)}
    game = {**game, "players": new}
    if isinstance(game.get("starter"), str):
        game["starter"] = renamed.get(game["starter"], clean_name(game["starter"]))
    return {**data, "game": game}


def _with_setup(config: AppConfig, command: SetupCommand) -> AppConfig:
    return config.model_copy(update={
        "game": command.game, "rules": command.rules,
        "display": config.display.model_copy(update={"language": command.language})})


def apply_command(command: Command, driver: Any) -> list[dict[str, Any]]:
    """On the game thread: start a new Waagespiel on ``driver`` (``waage sim``'s Simulation or
    ``waage run``'s Device: ``.config``, ``.host``, optional ``.store`` and ``set_language``).

    A SetupCommand first replaces the players, dice, house rules and language (and, with a store,
    is saved as ``web-setup.json`` for ``with_saved_setup``). The host closes the running game
    with its summary and starts the new one (``GameHost.new_game``); the glass stays where it
    is: the fresh pipeline takes its reference from the next settle. Returns the records.

    A TareCommand sets the plain scale's tare point (no record); a GlassCommand weighs the glass
    (as the host's ``WeighGlass`` command: ``host.scale.weigh_glass``, ``glass_weighed``, or ``input_rejected`` with the reason's code;
    a load that looks full is refused with ``looks_full`` unless the phone said ``empty``, issue 30).
    """
    if isinstance(command, TareCommand):
        from waage.ui.scale import tare  # the UI draws with PIL: not imported by a replay, which tares nothing

        tare(driver.host)
        return []
    if isinstance(command, GlassCommand):
        capacity_g = None if command.size_l is None else capacity_for_size(command.size_l)
        # the host's own command, as from MQTT or stdin; a refusal is an input_rejected record
        return list(driver.host.handle(WeighGlass(capacity_g=capacity_g, empty=command.empty)))
    if isinstance(command, SetupCommand):
        driver.config = _with_setup(driver.config, command)
        if hasattr(driver, "set_language"):
            driver.set_language(command.language)
        store = getattr(driver, "store", None)
        if store is not None:
            try:
                write_atomic(store.directory / SETUP_FILE, command.model_dump_json(indent=1))
            except OSError as exc:  # a full disk: the new game is played, only not kept for a restart
                log.error("cannot save the set-up in %s (%s); it holds until the device restarts",
                          store.directory / SETUP_FILE, exc.strerror or exc)
    return reset_game(driver)


def reset_game(driver: Any) -> list[dict[str, Any]]:
    """A new game of ``driver.config`` (``[game] game``, players, rules) on the driver's host (the running game is closed
    with its summary; the pipeline re-baselines on the next settle). Returns the records."""
    config: AppConfig = driver.config
    host = driver.host
    host.config_table = game_table(config)
    game, players = config.game.game, list(config.game.players)
    options = game_options(config)(game, players)
    options.pop("glass", None)  # the glass in use (weighed last, W-36), which the host gives every new Waagespiel
    records = host.new_game(game, players, **options)
    if hasattr(driver, "new_ui"):
        driver.new_ui()
    return records
