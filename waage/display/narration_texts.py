"""The simulator's narration, German and English: one sentence per game event under its picture.

``NARRATION_TEXTS`` ``{lang: {word: template}}``, told by ``waage/app/narration.py``.
"""

from __future__ import annotations

#: One sentence per game event under the simulator's picture (``waage/app/narration.py``).
NARRATION_TEXTS: dict[str, dict[str, str]] = {
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
        "attempt_unmeasured_beside": "Versuch {attempt} von {player} nicht gemessen: Erst nach dem Urteil etwas "
                                     "hinlegen!",
        "glass_empty": "Glas leer: bitte nachfüllen.",
        "glass_empty_unweighed": "Glas leer: erst das leere Glas wiegen ('o'), dann einfüllen.",
        "next_starter_exact": "Grammgenau: {player} beginnt die nächste Runde.",
        "next_starter_streak": "Dritte Runde in Folge: {player} beginnt die nächste Runde.",
        "next_starter_chosen": "{player} beginnt die nächste Runde.",
        "input_rejected": "Nicht jetzt: {why}",
        "sensor_fault": "Sensorfehler, Spiel pausiert: {detail}",
        "sensor_recovered": "Sensor wieder da, das Spiel geht weiter.",
        "stats": "Spielende: Statistik.",
        "stats_kept": "Pause: Statistik bis hier.",
        "game_resumed": "Spiel fortgesetzt, Runde {round}.",
        "glass_weighed": "Glas gewogen: leer {glass_g:.0f} g, fasst {glass_capacity_g:.0f} g Bier.",
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
        "attempt_unmeasured_beside": "Attempt {attempt} of {player} not measured: lay things down only after the "
                                     "verdict!",
        "glass_empty": "Glass empty: please refill.",
        "glass_empty_unweighed": "Glass empty: weigh the empty glass first ('o'), then fill it.",
        "next_starter_exact": "Gram-exact: {player} starts the next round.",
        "next_starter_streak": "Third round in a row: {player} starts the next round.",
        "next_starter_chosen": "{player} starts the next round.",
        "input_rejected": "Not now: {why}",
        "sensor_fault": "Sensor fault, game paused: {detail}",
        "sensor_recovered": "Sensor back, the game goes on.",
        "stats": "Game over: statistics.",
        "stats_kept": "Paused: statistics so far.",
        "game_resumed": "Game resumed, round {round}.",
        "glass_weighed": "Glass weighed: empty {glass_g:.0f} g, holds {glass_capacity_g:.0f} g of beer.",
    },
}
