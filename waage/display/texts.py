"""Every string the display draws, in German (default) and English.

German uses the game's own words (Auserwählte, Pasch, Einer-Pasch, Düll/Trüll,
Treffer, Grammgenau, Daneben, Nachfüllen, Runde, Ziel, …). Look a string up with
``text(key, lang, **fields)``; an unknown key raises ``KeyError`` (a typo is a bug,
not a blank on the screen), an unknown language falls back to German.

Example::

    >>> text("round", "de", n=3)
    'Runde 3'
    >>> text("verdict_exact", "en")
    'Gram-exact!'
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

Lang = Literal["de", "en"]
LANGS: tuple[str, ...] = ("de", "en")

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "app": "Waagespiel",
        "round": "Runde {n}",
        "round_short": "R{n}",
        # setup
        "setup_title": "Waagespiel",
        "players_n": "{n} Spieler",
        "dice_electronic": "Würfel: elektronisch",
        "dice_manual": "Würfel: von Hand",
        "glass_beer": "Glas {glass} g · Bier {beer} g",
        "starter": "Beginnt: {name}",
        # rolling
        "roll_title": "Würfeln",
        "roll_turn": "ist dran",
        "roll_press": "Taste: würfeln",
        "roll_manual": "Würfel eingeben",
        "pasch": "Pasch",
        "pasch_mark": "P",
        "einer_pasch": "Einer-Pasch",
        "no_rolls": "noch kein Wurf",
        # manual dice entry
        "entry_title": "Würfel eingeben",
        "entry_ok": "OK",
        "entry_hint_die": "±: Wert  Taste: weiter",
        "entry_hint_ok": "Taste: bestätigen",
        # choose (Einer-Pasch)
        "choose_title": "Einer-Pasch!",
        "choose_who": "{name} wählt:",
        # tie-break
        "tie_title": "Entscheidung",
        "tie_again": "würfeln noch einmal",
        # chosen
        "chosen_title": "Auserwählte(r)",
        "target": "Ziel",
        "window": "{lo}–{hi} g",
        "reason_lowest": "niedrigste Augenzahl",
        "reason_tie_break": "nach Entscheidungsrunde",
        "reason_einer_pasch": "per Einer-Pasch gewählt",
        "reason_pasch": "Pasch: 50 g",
        # drinking
        "drink_title": "{name} trinkt",
        "attempt": "Versuch {n}",
        "lifted": "Glas weg",
        "lifted_hint": "zurückstellen",
        # verdict
        "verdict_hit": "Treffer!",
        "verdict_exact": "Grammgenau!",
        "verdict_miss": "Daneben",
        "verdict_emptied": "Glas leer",
        "again": "Nochmal!",
        "next_starts": "Weiter: {name}",
        # refill
        "refill_title": "Nachfüllen",
        "glass_empty": "Glas leer",
        "refill_now": "Nachfüllen!",
        "refilled": "Nachgefüllt",
        "remaining": "Rest {g} g",
        "consent": "Zustimmung: {name}",
        # fault
        "fault_title": "Sensorfehler",
        "paused": "Pause",
        "fault_stalled": "Sensor hängt",
        "fault_gpio": "GPIO-Fehler",
        "fault_no_samples": "keine Messwerte",
        "fault_disconnected": "nicht verbunden",
        # what to do, per fault kind (the German screen shows this instead of the
        # sensor's English detail, which goes to the log)
        "fault_hint_stalled": "Keine Messwerte: Kabel und Strom prüfen.",
        "fault_hint_gpio": "GPIO nicht nutzbar: Gruppe gpio und Pins prüfen.",
        "fault_hint_no_samples": "HX711 stumm: Strom, DOUT, SCK prüfen.",
        "fault_hint_disconnected": "Waage nicht verbunden: USB-Kabel prüfen.",
        "fault_hint_corrupt": "Nur gestörte Werte: kurze Kabel, 3,3 V.",
        "fault_hint_stuck": "Immer derselbe Wert: DOUT und SCK prüfen.",
        "fault_hint_config": "Einstellung falsch: waage check-config.",
        "fault_hint_library": "HX711-Bibliothek fehlt: siehe Anleitung.",
        "fault_hint_restarted": "Waage neu gestartet, gleich geht's weiter.",
        "fault_hint_protocol": "Falsche Firmware auf der Waage.",
        "fault_hint_no_hello": "Waage antwortet nicht: Firmware prüfen.",
        "fault_hint_hx711_not_ready": "HX711 antwortet nicht: Verkabelung prüfen.",
        "fault_hint_clock_overrun": "Messung gestört: Kabel prüfen.",
        "fault_hint_board_fault": "Fehler in der Waage: neu starten.",
        # stats
        "stats_title": "Statistik",
        "col_name": "Name",
        "col_chosen": "Ausw",
        "col_hits": "Tr",
        "col_exact": "Gg",
        "col_grams": "g",
        "page": "{i}/{n}",
        "no_players": "keine Spieler",
        # helper games
        "game_waagespiel": "Waagespiel",
        "game_willkommen_am_arsch": "Willkommen am Arsch",
        "game_arsch_selten_allein": "Ein Arsch kommt selten allein",
        "game_propter": "Propter",
        # misc
        "ellipsis": "…",
        "grams": "{g} g",
    },
    "en": {
        "app": "Scale game",
        "round": "Round {n}",
        "round_short": "R{n}",
        "setup_title": "Waagespiel",
        "players_n": "{n} players",
        "dice_electronic": "Dice: electronic",
        "dice_manual": "Dice: by hand",
        "glass_beer": "Glass {glass} g · beer {beer} g",
        "starter": "Starts: {name}",
        "roll_title": "Roll",
        "roll_turn": "to roll",
        "roll_press": "Button: roll",
        "roll_manual": "Enter the dice",
        "pasch": "Pasch",
        "pasch_mark": "P",
        "einer_pasch": "Einer-Pasch",
        "no_rolls": "no roll yet",
        "entry_title": "Enter dice",
        "entry_ok": "OK",
        "entry_hint_die": "±: value  button: next",
        "entry_hint_ok": "Button: confirm",
        "choose_title": "Einer-Pasch!",
        "choose_who": "{name} chooses:",
        "tie_title": "Tie-break",
        "tie_again": "roll again",
        "chosen_title": "Chosen one",
        "target": "Target",
        "window": "{lo}–{hi} g",
        "reason_lowest": "lowest roll",
        "reason_tie_break": "after the tie-break",
        "reason_einer_pasch": "chosen by Einer-Pasch",
        "reason_pasch": "Pasch: 50 g",
        "drink_title": "{name} drinks",
        "attempt": "Try {n}",
        "lifted": "Glass up",
        "lifted_hint": "drink & put it back",
        "verdict_hit": "Hit!",
        "verdict_exact": "Gram-exact!",
        "verdict_miss": "Missed",
        "verdict_emptied": "Glass empty",
        "again": "Again!",
        "next_starts": "Next: {name}",
        "refill_title": "Refill",
        "glass_empty": "Glass empty",
        "refill_now": "Refill!",
        "refilled": "Refilled",
        "remaining": "Left {g} g",
        "consent": "Consent: {name}",
        "fault_title": "Sensor fault",
        "paused": "Paused",
        "fault_stalled": "sensor stalled",
        "fault_gpio": "GPIO error",
        "fault_no_samples": "no readings",
        "fault_disconnected": "disconnected",
        # the English screen shows the sensor's own detail; these serve when it has none
        "fault_hint_stalled": "No readings. Check the sensor cable and power.",
        "fault_hint_gpio": "GPIO unusable: check group gpio and the pins.",
        "fault_hint_no_samples": "HX711 silent: check power, DOUT and SCK.",
        "fault_hint_disconnected": "Scale not connected: check the USB cable.",
        "fault_hint_corrupt": "Only corrupt reads: short wires, 3.3 V.",
        "fault_hint_stuck": "Always the same value: check DOUT and SCK.",
        "fault_hint_config": "Bad setting: run waage check-config.",
        "fault_hint_library": "HX711 library missing: see the guide.",
        "fault_hint_restarted": "Scale restarted, back in a moment.",
        "fault_hint_protocol": "Wrong firmware on the scale.",
        "fault_hint_no_hello": "Scale does not answer: check the firmware.",
        "fault_hint_hx711_not_ready": "HX711 does not answer: check the wiring.",
        "fault_hint_clock_overrun": "Reading disturbed: check the wires.",
        "fault_hint_board_fault": "Fault in the scale: restart it.",
        "stats_title": "Statistics",
        "col_name": "Name",
        "col_chosen": "Ch",
        "col_hits": "Hit",
        "col_exact": "Ex",
        "col_grams": "g",
        "page": "{i}/{n}",
        "no_players": "no players",
        "game_waagespiel": "Waagespiel",
        "game_willkommen_am_arsch": "Willkommen am Arsch",
        "game_arsch_selten_allein": "Ein Arsch kommt selten allein",
        "game_propter": "Propter",
        "ellipsis": "…",
        "grams": "{g} g",
    },
}


def text(key: str, lang: str = "de", **fields: object) -> str:
    """The display string ``key`` in ``lang`` ("de" | "en"; anything else -> "de"), formatted with ``fields``.

    Raises KeyError for an unknown key.
    """
    table = TEXTS.get(lang, TEXTS["de"])
    template = table[key]
    return template.format(**fields) if fields else template


def has_text(key: str, lang: str = "de") -> bool:
    """True when ``key`` exists (used for optional keys such as ``fault_<kind>``)."""
    return key in TEXTS.get(lang, TEXTS["de"])


def fmt_g(grams: float) -> str:
    """Grams as the display shows them: whole grams, rounded half away from zero (W-21)."""
    return str(int(Decimal(str(grams)).to_integral_value(rounding=ROUND_HALF_UP)))
