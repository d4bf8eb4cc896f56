"""Changes the web asks of the game: validated pydantic commands, applied on the game thread.

The web server validates a request into a command and hands it to
``submit(command)`` (the driver's queue); the game thread calls
``apply_command(command, driver)`` between samples. The same models as the
config validate it (``GameSettings``, ``HouseRules``, the display language), so
the web accepts exactly what ``waage.toml`` accepts.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waage.app.store import write_atomic
from waage.config import AppConfig, GameSettings
from waage.names import clean_name, clean_names
from waage.rules.settings import HouseRules

log = logging.getLogger("waage.web")


class SetupCommand(BaseModel):
    """``POST /api/setup``: new players, seat order, starter, game, house rules, language; starts a
    new game with them (any of the four games of ``game.game``)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["setup"] = "setup"
    game: GameSettings
    rules: HouseRules = Field(default_factory=HouseRules)
    language: Literal["de", "en"] = "de"


class NewGameCommand(BaseModel):
    """``POST /api/new-game``: the same players and rules, a new game from round 1."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["new_game"] = "new_game"


class TareCommand(BaseModel):
    """``POST /api/tare``: the plain scale reads 0 g from now on (the display's tare point; the game's
    reference and the pipeline's zero are not touched)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["tare"] = "tare"


class GlassCommand(BaseModel):
    """``POST /api/glass``: weigh the empty glass standing on the scale (W-36) and judge with it.

    size_l: the size of the glass in litres (0.3, 0.4, 0.5 or 1.0: its capacity is the host's
    ``capacity_for_size``), or None to scale the capacity with the glass (the host's rule).
    """

    model_config = ConfigDict(extra="forbid")

    kind: Literal["glass"] = "glass"
    size_l: Literal[0.3, 0.4, 0.5, 1.0] | None = None


Command = Union[SetupCommand, NewGameCommand, TareCommand, GlassCommand]
#: the commands the web view hands to the game thread (the drivers run them with ``apply_command``)
WEB_COMMANDS: tuple[type, ...] = (SetupCommand, NewGameCommand, TareCommand, GlassCommand)


def setup_of(config: AppConfig) -> SetupCommand:
    """The set-up the device plays now (prefills the ``/setup`` form)."""
    return SetupCommand(game=config.game, rules=config.rules, language=config.display.language)


def validate_setup(body: bytes) -> SetupCommand:
    """A ``/api/setup`` body (JSON) as a command, strictly typed like the config files.

    Raises ValidationError (the message names the field).
    """
    return SetupCommand.model_validate_json(body, strict=True)


#: German form messages by pydantic error type (English: pydantic's own message)
_DE_TYPES = {
    "greater_than_equal": "mindestens {ge}", "greater_than": "muss größer als {gt} sein",
    "less_than_equal": "höchstens {le}", "less_than": "muss kleiner als {lt} sein",
    "int_type": "eine ganze Zahl bitte", "int_parsing": "eine ganze Zahl bitte",
    "int_from_float": "eine ganze Zahl bitte", "float_type": "eine Zahl bitte", "float_parsing": "eine Zahl bitte",
    "string_type": "ein Text bitte", "list_type": "eine Liste bitte", "literal_error": "erlaubt: {expected}",
    "missing": "fehlt", "extra_forbidden": "unbekanntes Feld", "json_invalid": "kein gültiges JSON",
    "finite_number": "eine endliche Zahl bitte", "model_type": "ein JSON-Objekt bitte",
}
#: German wording of the value errors the shared checks raise (check_players, GameSettings, validate_setup)
_DE_VALUES = [
    (r"needs (\d+)–(\d+) players, got (\d+)", r"\1–\2 Spieler nötig, eingetragen: \3"),
    (r"a player name is empty", "ein Name ist leer"),
    (r"a name is empty", "ein Name ist leer"),
    (r"the name (.*)… is longer than (\d+) characters", r"der Name \1… ist länger als \2 Zeichen"),
    (r"the name (.*) holds the control character (U\+[0-9A-F]+) \(only printable characters\)",
     r"der Name \1 enthält das Steuerzeichen \2 (nur druckbare Zeichen)"),
    (r"the name (.*) begins or ends with a space", r"der Name \1 beginnt oder endet mit einem Leerzeichen"),
    (r"duplicate player name\(s\): (.*)", r"doppelte Namen: \1"),
    (r"starter '(.*)' is not one of the players .*", r"\1 spielt nicht mit"),
    (r"player names that differ only in case: (.*)", r"Namen, die sich nur in der Groß-/Kleinschreibung unterscheiden: \1"),
    (r"teams = true: only for arsch_selten_allein, with exactly four players \(AS-07\)",
     "Teams nur bei arsch_selten_allein mit genau vier Spielern (AS-07)"),
]


def _german(err: dict[str, Any]) -> str:
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "value_error":
        for pattern, repl in _DE_VALUES:
            if re.fullmatch(pattern, msg):
                return re.sub(pattern, repl, msg)
        return msg
    template = _DE_TYPES.get(err["type"])
    ctx = {k: f"{v:g}".replace(".", ",") if isinstance(v, (int, float)) else v for k, v in err.get("ctx", {}).items()}
    if err["type"] == "literal_error":  # pydantic joins the choices with an English "or"
        ctx["expected"] = re.sub(r" or ('[^']*')$", r" oder \1", str(ctx.get("expected", "")))
    return template.format(**ctx) if template else msg


def field_errors(exc: ValidationError, lang: str = "de") -> dict[str, str]:
    """``{"game.players": "message", …}``: one message per field for the form (first one wins),
    in German (default) or English (``lang="en"``: pydantic's and the checks' own words)."""
    out: dict[str, str] = {}
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"] if not isinstance(p, int)) or "form"
        if loc == "game" and "starter" in err["msg"]:
            loc = "game.starter"
        out.setdefault(loc, _german(err) if lang == "de" else err["msg"].removeprefix("Value error, "))
    return out


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
    (``host.weigh_glass``: ``glass_weighed``, or ``input_rejected`` with the reason's code).
    """
    if isinstance(command, TareCommand):
        from waage.ui.scale import tare

        tare(driver.host)
        return []
    if isinstance(command, GlassCommand):
        from waage.app.controller import capacity_for_size

        capacity_g = None if command.size_l is None else capacity_for_size(command.size_l)
        return list(driver.host.weigh_glass(capacity_g=capacity_g))  # a refusal is an input_rejected record
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
    from waage.app.wiring import game_table
    from waage.games import game_options

    config: AppConfig = driver.config
    host = driver.host
    host.config_table = game_table(config)
    game, players = config.game.game, list(config.game.players)
    options = game_options(config, game, players)  # the one options function (waage/games.py)
    # the glass: the one in use (weighed last, W-36), which the host gives every new Waagespiel
    options.pop("glass", None)
    records = host.new_game(game, players, **options)
    if hasattr(driver, "new_ui"):
        driver.new_ui()
    return records
