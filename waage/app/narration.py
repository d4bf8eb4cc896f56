"""One line of plain words per game event, printed under the simulator's OLED picture.

The display shows what a player needs; the narration tells a newcomer at the
terminal what just happened (German by default, English with ``lang="en"``).
"""

from __future__ import annotations

from typing import Any

from waage.display.texts import fault_text, rejection_text

_SAY: dict[str, dict[str, str]] = {
    "de": {
        "round_started": "Runde {round}: {starter} beginnt.",
        "roll": "{player} würfelt {a}+{b} = {sum}{pasch}.",
        "pasch": " (Pasch)",
        "round_ended_pasch": "Pasch beendet die Runde.",
        "round_ended_einer_pasch": "Einer-Pasch! {chooser} wählt die/den Auserwählte(n).",
        "tie_break_started": "Gleichstand: {name} zwischen {players}.",
        "chosen": "{player} ist auserwählt: {target_g} g ({min_g}–{max_g} g).",
        "glass_lifted": "Glas angehoben.",
        "sip": "{player} trinkt {grams} g: {verdict}.",
        "hit": "Treffer", "exact": "Grammgenau", "miss": "daneben",
        "refill": "Nachgefüllt: {grams:+.0f} g{during}.",
        "during": " (während des Trinkens, Zustimmung: {consent_of})",
        "unjudged_fall": "{grams:.0f} g weniger, nicht gewertet.",
        "attempt_unmeasured": "Versuch {attempt} von {player} nicht gemessen: Erst nach dem Urteil nachschenken!",
        "glass_empty": "Glas leer: bitte nachfüllen.",
        "next_starter_exact": "Grammgenau: {player} beginnt die nächste Runde.",
        "next_starter_streak": "Dritte Runde in Folge: {player} beginnt die nächste Runde.",
        "next_starter_chosen": "{player} beginnt die nächste Runde.",
        "input_rejected": "Nicht jetzt: {why}",
        "sensor_fault": "Sensorfehler, Spiel pausiert: {detail}",
        "sensor_recovered": "Sensor wieder da, das Spiel geht weiter.",
        "stats": "Spielende: Statistik.",
    },
    "en": {
        "round_started": "Round {round}: {starter} starts.",
        "roll": "{player} rolls {a}+{b} = {sum}{pasch}.",
        "pasch": " (Pasch)",
        "round_ended_pasch": "A Pasch ends the round.",
        "round_ended_einer_pasch": "Einer-Pasch! {chooser} chooses who drinks.",
        "tie_break_started": "Tie: {name} between {players}.",
        "chosen": "{player} is the Auserwählte: {target_g} g ({min_g}–{max_g} g).",
        "glass_lifted": "Glass lifted.",
        "sip": "{player} drinks {grams} g: {verdict}.",
        "hit": "hit", "exact": "gram-exact", "miss": "miss",
        "refill": "Refilled: {grams:+.0f} g{during}.",
        "during": " (while drinking, consent: {consent_of})",
        "unjudged_fall": "{grams:.0f} g less, not judged.",
        "attempt_unmeasured": "Attempt {attempt} of {player} not measured: pour only after the verdict!",
        "glass_empty": "Glass empty: please refill.",
        "next_starter_exact": "Gram-exact: {player} starts the next round.",
        "next_starter_streak": "Third round in a row: {player} starts the next round.",
        "next_starter_chosen": "{player} starts the next round.",
        "input_rejected": "Not now: {why}",
        "sensor_fault": "Sensor fault, game paused: {detail}",
        "sensor_recovered": "Sensor back, the game goes on.",
        "stats": "Game over: statistics.",
    },
}


def narrate(record: dict[str, Any], lang: str = "de", chooser: str | None = None) -> str | None:
    """The sentence for one log record, or None for events not worth a line (e.g. glass_placed)."""
    say = _SAY.get(lang, _SAY["de"])
    kind = record["event"]
    if kind == "roll":
        a, b = record["dice"]
        return say["roll"].format(a=a, b=b, player=record["player"], sum=record["sum"],
                                  pasch=say["pasch"] if record["pasch"] else "")
    if kind == "round_ended":
        key = f"round_ended_{record['reason']}"
        return say[key].format(chooser=chooser or "", **record) if key in say else None
    if kind == "tie_break_started":
        return say[kind].format(name=record["name"], players=", ".join(record["players"]))
    if kind == "sip":
        return say[kind].format(player=record["player"], grams=record["grams"], verdict=say[record["verdict"]])
    if kind == "refill":
        during = say["during"].format(**record) if record.get("consent_of") else ""
        return say[kind].format(grams=record["grams"], during=during)
    if kind == "input_rejected":  # the English ``why`` is for the log; the player reads the reason code
        return say[kind].format(why=rejection_text(record, lang))
    if kind == "sensor_fault":
        return say[kind].format(detail=fault_text(record, lang))
    if kind == "next_starter":
        return say[f"next_starter_{record['reason']}"].format(**record)
    if kind in say:
        return say[kind].format(**record)
    return None
