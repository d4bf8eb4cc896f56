"""Changes the web asks of the game: validated pydantic commands, applied on the game thread.

The web server validates a request into a command and hands it to
``submit(command)`` (the driver's queue); the game thread calls
``waage.app.setup.apply_command(command, driver)`` between samples (the web
adapter only says what is asked; the drivers in ``waage/app/`` do it). The same models as the
config validate it (``GameSettings``, ``HouseRules``, the display language), so
the web accepts exactly what ``waage.toml`` accepts.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waage.config import AppConfig, GameSettings
from waage.rules.settings import HouseRules


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
    empty: the person at the phone confirmed the glass is empty ("Ja, leer: wiegen"); without it a load that
    looks like a full glass is refused (``input_rejected`` code ``looks_full``, details ``reason``
    "judged_full"/"over_full", ``load_g`` and ``beer_g``/``full_g``; issue 30).
    """

    model_config = ConfigDict(extra="forbid")

    kind: Literal["glass"] = "glass"
    size_l: Literal[0.3, 0.4, 0.5, 1.0] | None = None
    empty: bool = False


Command = Union[SetupCommand, NewGameCommand, TareCommand, GlassCommand]
#: the commands the web view hands to the game thread (the drivers run them with ``apply_command``)
WEB_COMMANDS: tuple[type, ...] = (SetupCommand, NewGameCommand, TareCommand, GlassCommand)


def setup_of(config: AppConfig, playing: Any = None) -> SetupCommand:
    """The set-up the device plays now (prefills the ``/setup`` form and answers ``GET /api/setup``).

    config: the config the driver holds (the last set-up from the web or the config file);
    playing: the newest ``LiveSnapshot`` of the host, or None. A game started on the device's menu
    (``GameHost.new_game``) does not change ``config``: the snapshot's game, players and team
    variant win then (issue 21: /api/setup said "waagespiel" while Willkommen am Arsch ran); the
    starter is kept when it still plays, the dice and house rules stay the config's.
    """
    game = config.game
    if playing is not None and (playing.game, list(playing.players)) != (game.game, list(game.players)):
        details = playing.details if isinstance(playing.details, dict) else {}
        try:
            game = GameSettings(game=playing.game, players=list(playing.players),
                                starter=game.starter if game.starter in playing.players else None,
                                dice=game.dice, teams=bool(details.get("teams")))
        except ValidationError:  # a snapshot the form cannot take (no players yet): the config's
            game = config.game
    lang = playing.details.get("lang") if playing is not None and isinstance(playing.details, dict) else None
    return SetupCommand(game=game, rules=config.rules,
                        language=lang if lang in ("de", "en") else config.display.language)


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
    (r"the name (.*) is longer than (\d+) characters", r"der Name \1 ist länger als \2 Zeichen"),
    (r"the names (.*) are longer than (\d+) characters", r"die Namen \1 sind länger als \2 Zeichen"),
    (r"the name (.*) holds the control character (U\+[0-9A-F]+) \(only printable characters\)",
     r"der Name \1 enthält das Steuerzeichen \2 (nur druckbare Zeichen)"),
    (r"the name (.*) begins or ends with a space", r"der Name \1 beginnt oder endet mit einem Leerzeichen"),
    (r"duplicate player name\(s\): (.*)", r"doppelte Namen: \1"),
    (r"starter '(.*)' is not one of the players .*", r"\1 spielt nicht mit"),
    (r"player names that differ only in case: (.*)", r"Namen, die sich nur in der Groß-/Kleinschreibung unterscheiden: \1"),
    (r"teams = true: only for arsch_selten_allein, with exactly four players \(AS-07\)",
     "Teams nur bei arsch_selten_allein mit genau vier Spielern (AS-07)"),
]


def _german_value(msg: str) -> str:
    """One sentence of a value error in German (as it came when no pattern fits)."""
    for pattern, repl in _DE_VALUES:
        if re.fullmatch(pattern, msg):
            return re.sub(pattern, repl, msg)
    return msg


def _german(err: dict[str, Any]) -> str:
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "value_error":  # one sentence per problem, "; " between (names.check_each_name)
        return "; ".join(_german_value(part) for part in msg.split("; "))
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
