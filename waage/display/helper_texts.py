"""What the games that do not weigh share in words, German and English; a game's own words, screen
and narration live in its kit (``waage/games/<id>/texts.py``, ``screen.py``; ``GameSpec.texts``,
``screen``, ``narration``, ``sim_help``). This module names no game.

- ``reason(code, details, lang)``: an ``InputRejected`` code of a helper engine in words (the common
  codes here, a kit's own in its ``texts.py``: ``reasons(lang)``, ``phase_words(lang)``).
- ``narrate(ev, lang, game)``: one plain sentence per engine event (the simulator's narration, the web
  feed): the game's kit's (``GameSpec.narration``) or the common words (a turn, a skipped turn, a
  rejected input, the summary); "" for an event without words.
- ``summary_text(ev, lang, game)``: the ``summary`` counters in words (the kit's, or every field plainly).
- ``drinks_text(drinks, lang)``: "2 Bier, 1 Kurzer" for a list of drink names; ``packed``, ``names``.
- ``sim_word(name, lang)`` and ``sim_help(game, lang)``: what the simulator's typed shells say
  (``waage sim``: the helper games' ``HelperShell`` and the Waagespiel's ``InteractiveShell``, whose
  words start with ``ws_``); the typed command words stay English.

Unknown languages fall back to German; a missing key in English falls back to German.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any


#: Lines below the title that ``HelperGameView`` shows (``screens._helper`` has three baselines).
MAX_LINES = 3
LANGS = ("de", "en")

DRINK_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "de": {"bier": ("Bier", "Bier"), "kurzer": ("Kurzer", "Kurze"), "wasser": ("Wasser", "Wasser")},
    "en": {"bier": ("beer", "beers"), "kurzer": ("shot", "shots"), "wasser": ("water", "waters")},
}

#: why an input was refused, for the codes every game that does not weigh may give (a kit's own codes:
#: ``REASONS`` beside its ``TEXTS``; ``reasons(lang)`` merges them)
COMMON_REASONS: dict[str, dict[str, str]] = {
    "de": {
        "invalid": "Eingabe ungültig: {key}",
        "not_your_turn": "{player} ist nicht dran, sondern {expected}",
        "already_started": "Das Spiel läuft schon",
        "not_now": "Nicht jetzt ({phase})",
    },
    "en": {
        "invalid": "invalid input: {key}",
        "not_your_turn": "it is not {player}'s turn but {expected}'s",
        "already_started": "the game has already started",
        "not_now": "not now ({phase})",
    },
}


def _kit_tables(name: str) -> list[Mapping[str, Mapping[str, str]]]:
    """Every registered kit's table ``name`` (``{lang: {key: words}}``, beside its ``TEXTS``), in menu order."""
    from waage.games import GAMES

    modules = [importlib.import_module(g.texts.partition(":")[0]) for g in GAMES.values() if g.texts]
    return [getattr(m, name) for m in modules if hasattr(m, name)]


def _merged(common: Mapping[str, Mapping[str, str]], name: str, lang: str) -> dict[str, str]:
    out = dict(common.get(lang) or common.get("de") or {})
    for table in _kit_tables(name):
        out.update({k: v for k, v in (table.get(lang) or table["de"]).items() if k not in out})
    return out


def reasons(lang: str = "de") -> dict[str, str]:
    """The refusals in words, ``{code: template}``: the common ones and every kit's (``REASONS``)."""
    return _merged(COMMON_REASONS, "REASONS", lang)


def phase_words(lang: str = "de") -> dict[str, str]:
    """The phases in words, ``{phase: words}``: every kit's (``PHASE_WORDS``)."""
    return _merged({}, "PHASE_WORDS", lang)


#: One sentence per event every game that does not weigh may log (a kit words its own: ``<p>_say_*``).
SAY: dict[str, dict[str, str]] = {
    "de": {
        "game_started": "Spiel beginnt: {players}.",
        "turn": "{player} ist dran.",
        "skipped": "{player} setzt aus.",
        "input_rejected": "Nicht angenommen: {why}.",
        "summary": "Stand: {text}.",
        "nothing": "nichts",
    },
    "en": {
        "game_started": "Game starts: {players}.",
        "turn": "{player}'s turn.",
        "skipped": "{player} is skipped.",
        "input_rejected": "Not taken: {why}.",
        "summary": "Score: {text}.",
        "nothing": "nothing",
    },
}

#: Screen lines every such game may show (short: the OLED's tiny lines are about 22 characters).
SCREEN: dict[str, dict[str, str]] = {
    "de": {"title_turn": "{p} ist dran", "skipped": "{p} setzt aus", "rejected": "Nicht jetzt"},
    "en": {"title_turn": "{p}'s turn", "skipped": "{p} skipped", "rejected": "Not now"},
}


def _table(tables: Mapping[str, Mapping[str, str]], key: str, lang: str) -> str:
    return (tables.get(lang) or tables["de"]).get(key) or tables["de"][key]


def names(value: Any) -> str:
    """A list of names "Anna, Ben" (one name as it is, None "-")."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "-" if value is None else str(value)


def say(key: str, lang: str, **kw: Any) -> str:
    """A common sentence (``SAY``) in ``lang``, formatted."""
    return _table(SAY, key, lang).format(**kw)


def screen_line(key: str, lang: str, **kw: Any) -> str:
    """A common screen line (``SCREEN``) in ``lang``, formatted."""
    return _table(SCREEN, key, lang).format(**kw)


DRINK_ABBR: dict[str, dict[str, str]] = {"de": {"bier": "B", "kurzer": "K", "wasser": "W"},
                                         "en": {"bier": "B", "kurzer": "S", "wasser": "W"}}
#: characters of one screen line (TINY font, 126 px: about 20 characters of a name-heavy line)
LINE_CHARS = 20


def drinks_text(drinks: Sequence[str], lang: str = "de", max_len: int | None = None) -> str:
    """"2 Bier, 1 Kurzer" for drink names in the order of first use; "nichts" for none.

    Longer than ``max_len`` characters: the short form "3B 2K" (B/K/W; English B/S/W).
    """
    counts: dict[str, int] = {}
    for d in drinks:
        counts[d] = counts.get(d, 0) + 1
    if not counts:
        return _table(SAY, "nothing", lang)
    words = DRINK_WORDS.get(lang) or DRINK_WORDS["de"]
    long = ", ".join(f"{n} {words[d][0 if n == 1 else 1]}" for d, n in counts.items())
    if max_len is None or len(long) <= max_len:
        return long
    abbr = DRINK_ABBR.get(lang) or DRINK_ABBR["de"]
    return " ".join(f"{n}{abbr[d]}" for d, n in counts.items())


def packed(items: Sequence[str], max_lines: int, max_len: int = LINE_CHARS) -> list[str]:
    """``items`` joined by " · " into at most ``max_lines`` lines of ≤ ``max_len`` characters (rest dropped)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= max_len:
            lines[-1] += " · " + item
        elif len(lines) < max_lines:
            lines.append(item)
        else:
            break
    return lines


def reason(code: str, details: Mapping[str, Any] | None = None, lang: str = "de") -> str:
    """An engine's rejection ``code`` with its ``details`` in words (unknown codes: the code itself)."""
    details = dict(details or {})
    args = {k: names(v) for k, v in details.items()}
    if "phase" in details:
        args["phase"] = (phase_words(lang) or phase_words("de")).get(str(details["phase"]), str(details["phase"]))
    fmt = reasons(lang).get(code) or reasons("de").get(code)
    if fmt is None:
        return code
    try:
        return fmt.format(**args)
    except KeyError:
        return fmt


def _hook(target: str | None) -> Callable[..., Any] | None:
    if target is None:
        return None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]


def _spec(game: str | None) -> Any:
    from waage.games import GAMES

    return GAMES.get(game) if game is not None else None


def narrate(ev: Mapping[str, Any], lang: str = "de", game: str | None = None) -> str:
    """One plain sentence for an engine event of ``game`` (or "" for an event without words).

    The game's kit words its own events (``GameSpec.narration``: ``(ev, lang) -> str | None``, None:
    not its event); a rejected input, the ``summary`` and the common events (``SAY``) are worded here.
    Without ``game`` (a caller that does not know it), the first kit with words for the record speaks.
    """
    name = ev.get("event", "")
    if name == "input_rejected":
        if "code" not in ev:  # a driver's refusal: its sentence
            why = ev.get("why", "")
        elif ev["code"] in reasons(lang):
            why = reason(ev["code"], ev.get("details"), lang)
        else:  # a code without words (a new game's generic ``unknown``): "not now", in the reader's language
            why = screen_line("rejected", lang)
        return say("input_rejected", lang, why=why)
    if name == "summary":
        return summary_text(ev, lang, game)
    from waage.games import GAMES

    specs = [_spec(game)] if game is not None else [g for g in GAMES.values() if not g.uses_scale]
    for spec in specs:
        hook = _hook(getattr(spec, "narration", None))
        own = hook(ev, lang) if hook is not None else None
        if own is not None:
            return str(own)
    if name not in SAY["de"] or name in ("summary", "nothing"):
        return ""
    try:
        return say(name, lang, **{k: names(v) for k, v in ev.items()})
    except KeyError:
        return ""


def summary_text(ev: Mapping[str, Any], lang: str = "de", game: str | None = None) -> str:
    """The ``summary`` counters in words (one line): the kit's (``GameSpec.summary``: ``(ev, lang) -> list of
    parts``), else every field plainly ("heads: Anna 1, Ben 0"). Without ``game`` the first kit whose
    summary fits the record."""
    from waage.games import GAMES

    specs = [_spec(game)] if game is not None else [g for g in GAMES.values() if not g.uses_scale]
    parts: list[str] | None = None
    for spec in specs:
        hook = _hook(getattr(spec, "summary", None))
        parts = hook(ev, lang) if hook is not None else None
        if parts is not None:
            break
    if parts is None:
        parts = [f"{k}: {_plain(v)}" for k, v in ev.items() if k not in ("event", "step", "t_s", "at")]
    return say("summary", lang, text="; ".join(parts))


def _plain(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "-"
    return names(value)


# ---------------------------------------------------------------- the simulator's words
SIM_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "intro": "{game}: Befehle mit 'help', Ende mit 'quit'.",
        "quit": "beenden",
        "keys": "die Tasten des Geräts: WEITER, ZURÜCK, OK, lang drücken (Menü)",
        "err_quote": "Ein Anführungszeichen fehlt.",
        "err_empty": "Bitte einen Befehl eingeben ('help').",
        "err_unknown": ("Das Wort '{word}' kenne ich hier nicht. Ein Name mit Leerzeichen gehört in "
                        "Anführungszeichen, z. B. \"Anna Lena\" ('help' zeigt die Befehle)."),
        "err_number": "'{word}' ist keine Zahl (bei {key}).",
        "err_points_form": "Punkte als NAME=ZAHL, z. B. Anna=3 (nicht '{word}').",
        "err_missing": "Bei '{key}' fehlt der Wert.",
        "err_needs": "'{cmd}' braucht noch: {keys} ('help' zeigt die Befehle).",
        "err_invalid": "Das passt nicht: {key} = {value} ('help' zeigt die Befehle).",
        "err_player": "{who} spielt nicht mit (Spieler: {players}).",
        # the Waagespiel's shell (waage/app/sim.py InteractiveShell); the command words stay as typed
        "ws_intro": "Waagespiel-Simulator: Befehle mit 'help', 'help BEFEHL' erklärt einen, Ende mit 'quit'.",
        "ws_number": "{cmd}: eine Zahl bitte, nicht '{word}'.",
        "ws_negative": "{cmd}: darf nicht negativ sein.",
        "ws_at_most_g": "{cmd}: höchstens {g} g.",
        "ws_at_most_s": "{cmd}: höchstens {s} s.",
        "ws_dice": "{cmd}: zwei ganze Zahlen von 1 bis 6, z. B. 'roll 3 5' (nicht '{word}').",
        "ws_glass_first": "{cmd}: erst das Glas wiegen – Glas LEER auflegen, dann 'o' (OK).",
        "ws_spilled": ("{cmd}: {poured} g kamen ins Glas, {spilled} g liefen über "
                       "(das Glas fasst {capacity} g Bier)."),
        "ws_unknown": "Den Befehl '{word}' gibt es nicht; 'help' zeigt die Befehle.",
        "ws_kept": "Das Spiel ist in {dir} gespeichert: derselbe Befehl setzt es dort fort.",
        "ws_small_terminal": ("Hinweis: Das Bild der Waage braucht ein Terminal von {need_cols} × {need_rows} "
                              "Zeichen, dieses hat {cols} × {rows}: Fenster vergrößern oder die Schrift "
                              "verkleinern."),
        "ws_no_phone": "{cmd}: neben dem Glas liegt nichts ('phone G' legt ein Handy von G Gramm hin).",
        "ws_phone_g": "{cmd}: ein Handy von mehr als 0 und höchstens {g} g.",
        "ws_glass_size_first": ("{cmd}: das Gerät fragt nach der Größe des Glases; erst mit 'o' wählen, "
                                "dann '{cmd} {g}' stellt das Glas auf und 'o' wiegt es."),
        "ws_no_help": "Zu '{word}' gibt es keine Hilfe; 'help' zeigt die Befehle.",
    },
    "en": {
        "intro": "{game}: 'help' lists the commands, 'quit' ends.",
        "quit": "end",
        "keys": "the device keys: NEXT, PREV, OK, long press (menu)",
        "err_quote": "A quote is missing.",
        "err_empty": "Please type a command ('help').",
        "err_unknown": ("I do not know the word '{word}' here. A name with a space goes in quotes, "
                        "e.g. \"Anna Lena\" ('help' lists the commands)."),
        "err_number": "'{word}' is no number (for {key}).",
        "err_points_form": "Points as NAME=NUMBER, e.g. Anna=3 (not '{word}').",
        "err_missing": "'{key}' needs a value.",
        "err_needs": "'{cmd}' also needs: {keys} ('help' lists the commands).",
        "err_invalid": "That does not fit: {key} = {value} ('help' lists the commands).",
        "err_player": "{who} is not playing (players: {players}).",
        "ws_intro": "Waagespiel simulator: 'help' lists the commands, 'help COMMAND' explains one, 'quit' ends.",
        "ws_number": "{cmd}: need a number, got '{word}'.",
        "ws_negative": "{cmd}: must not be negative.",
        "ws_at_most_g": "{cmd}: at most {g} g.",
        "ws_at_most_s": "{cmd}: at most {s} s.",
        "ws_dice": "{cmd}: two whole numbers 1–6, e.g. 'roll 3 5' (got '{word}').",
        "ws_glass_first": "{cmd}: weigh the glass first – put it on EMPTY, then 'o' (OK).",
        "ws_spilled": ("{cmd}: {poured} g went in, {spilled} g spilled over the rim "
                       "(the glass holds {capacity} g of beer)."),
        "ws_unknown": "unknown command '{word}'; 'help' lists the commands.",
        "ws_kept": "The game is kept in {dir}: the same command resumes it there.",
        "ws_small_terminal": ("Note: the scale's picture needs a terminal of {need_cols} × {need_rows} characters, "
                              "this one has {cols} × {rows}: enlarge the window or use a smaller font."),
        "ws_no_phone": "{cmd}: nothing lies beside the glass ('phone G' lays a G-gram phone there).",
        "ws_phone_g": "{cmd}: a phone of more than 0 and at most {g} g.",
        "ws_glass_size_first": ("{cmd}: the device asks the glass's size; choose it with 'o' first, "
                                "then '{cmd} {g}' puts the glass on and 'o' weighs it."),
        "ws_no_help": "no help on '{word}'; 'help' lists the commands.",
    },
}

def sim_word(name: str, lang: str = "de", **args: Any) -> str:
    """The simulator text ``name`` (intro, errors of typed commands) in ``lang``, formatted with ``args``."""
    return _table(SIM_WORDS, name, lang).format(**args)


def sim_help(game: str, lang: str = "de") -> list[tuple[str, str]]:
    """The simulator's help rows ``[(syntax, meaning)]`` of ``game`` in ``lang``: its kit's
    (``GameSpec.sim_help``: ``{lang: rows}``), else one row per input its engine takes."""
    from waage.games import spec

    kit = spec(game)
    table = _hook(getattr(kit, "sim_help", None))
    if table is not None:
        return list(table.get(lang) or table["de"])  # type: ignore[attr-defined]
    model = kit.engine_class().input_model
    return [(action, "") for action in model.ACTIONS]


def __getattr__(name: str) -> Any:
    """The merged tables ``{lang: {key: words}}`` of the common words and every kit's: ``REASONS``
    (``reasons``), ``PHASE_WORDS`` (``phase_words``) and ``FIELD_WORDS`` (the board fields of the kits that
    have them; ``display/texts.web_texts`` and ``rejection_text`` read them here)."""
    if name == "REASONS":
        return {lang: reasons(lang) for lang in LANGS}
    if name == "PHASE_WORDS":
        return {lang: phase_words(lang) for lang in LANGS}
    if name == "FIELD_WORDS":
        return {lang: _merged({}, "FIELD_WORDS", lang) for lang in LANGS}
    raise AttributeError(name)
