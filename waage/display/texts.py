"""The display's words (the OLED and the terminal), German (default) and English, and their lookup.

``TEXTS`` holds the shared words (menus, flows, hints, rejections, faults, the plain scale, the
glass, calibration, the statistics' headers, the helper games' words); each game kit adds its
own (``GameSpec.texts``, e.g. ``waage/games/waagespiel/texts.py``), merged by ``text_table``.
The other faces' words live with their face: the web pages' in ``web_texts.py`` (served as
``/static/i18n.js``), the simulator's narration in ``narration_texts.py``, the league screen's in
``league_screen.py``; the helper games' screen sentences in ``helper_texts.py``.

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

import functools
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from waage.display.scale_texts import SCALE_TEXTS
from waage.games import GAMES, on_change

Lang = Literal["de", "en"]
LANGS: tuple[str, ...] = ("de", "en")

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "app": "Waagespiel",
        "round": "Runde {n}",
        "round_short": "R{n}",
        # the dice (the menu; the Waagespiel's set-up)
        "dice_electronic": "Würfel: elektronisch",
        "dice_manual": "Würfel: von Hand",
        # manual dice entry
        "entry_title": "Würfel eingeben",
        "entry_ok": "OK",
        "entry_hint_die": "WEITER/ZURÜCK: Wert · OK",
        "entry_hint_ok": "OK: bestätigen",
        # fault
        "fault_title": "Sensorfehler",
        "fault_stalled": "Sensor hängt",
        "fault_gpio": "GPIO-Fehler",
        "fault_no_samples": "keine Messwerte",
        "fault_disconnected": "nicht verbunden",
        # what to do, per fault kind (the German screen shows this instead of the
        # sensor's English detail, which goes to the log)
        "fault_hint_stalled": "Keine Messwerte: Kabel und Strom prüfen.",
        "fault_hint_gpio": "GPIO nicht nutzbar: Gruppe gpio, Pins prüfen.",
        "fault_hint_no_samples": "Messplatine stumm: Strom, DOUT, SCK prüfen.",
        "fault_hint_disconnected": "Waage nicht verbunden: USB-Kabel prüfen.",
        "fault_hint_corrupt": "Nur gestörte Werte: kurze Kabel, 3,3 V.",
        "fault_hint_stuck": "Immer derselbe Wert: DOUT und SCK prüfen.",
        "fault_hint_config": "Einstellung falsch: waage check-config.",
        "fault_hint_library": "Sensor-Bibliothek fehlt: siehe Anleitung.",
        "fault_hint_restarted": "Waage neu gestartet, gleich geht's weiter.",
        "fault_hint_protocol": "Falsche Firmware auf der Waage.",
        "fault_hint_no_hello": "Waage antwortet nicht: Firmware prüfen.",
        "fault_hint_hx711_not_ready": "Messplatine antwortet nicht: Kabel prüfen.",
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
        # the helper games' names (the Waagespiel's: its kit's texts.py)
        "game_willkommen_am_arsch": "Willkommen am Arsch",
        "game_arsch_selten_allein": "Ein Arsch kommt selten allein",
        "game_propter": "Propter",
        # game menu (waage/ui/menu.py)
        "menu_title": "Menü",
        "menu_title_game": "Menü: {game}",
        "menu_continue": "Weiterspielen",
        "menu_game": "Spiel wählen",
        "menu_new_game": "Neues Spiel",
        "menu_language": "Sprache: {language}",
        "menu_stats": "Statistik",
        "menu_web": "Handy verbinden",
        "menu_league": "Liga",
        "menu_cancel_input": "Eingabe abbrechen",
        "lang_de": "Deutsch",
        "lang_en": "Englisch",
        "language_title": "Sprache",
        "pick_game_title": "Welches Spiel?",
        "pick_players_title": "Wer spielt mit?",
        "teams_title": "Teams?",
        "teams_off": "Jeder für sich",
        "teams_on": "Teams: 1+3 gegen 2+4",
        "done_item": "Fertig",
        "back_item": "Zurück",
        "no_cards": "Keine Karten",
        "enter_cards": "Karten eingeben",
        "as_to_score": "Noch Karten: {names}",
        "as_to_score_n": "Noch Karten: {n} Spieler",
        "pr_hand": "{name}: {n} Handkarten",
        "pr_hand_points": "{n} Handkarten · {p} Pkt",
        "pr_hand_points_1": "1 Handkarte · {p} Pkt",
        "hint_points": "OK: Strafpunkte eingeben",
        "hint_stats": "OK: Statistik",
        "confirm_new_title": "Neues Spiel?",
        "confirm_yes": "Ja, neu",
        "confirm_no": "Nein",
        "confirm_players": "{n} Spieler: {names}",
        "too_few_players": "Mindestens 2 Spieler auswählen.",
        "new_game_failed": "Neues Spiel geht nicht: {why}",
        "no_stats": "Noch keine Statistik.",
        # flows of the helper games (waage/ui/*)
        "hint_roll": "OK: würfeln · WEITER: mehr",
        "hint_field": "OK: Feld · WEITER: mehr",
        "hint_actions": "OK: Eingabe",
        "hint_any_key": "OK: weiter",
        "hint_count": "WEITER +1 · ZURÜCK −1",
        "rolled": "{a} + {b} = {sum}",
        "rolled_pasch": "{a} + {b} = {sum} · Pasch!",
        "opening_roll": "Eröffnungswurf",
        "at_turn": "Zug: {name}",
        "nobody_at_turn": "Niemand ist dran",
        "game_over": "Spiel aus",
        "more_title": "Eingabe",
        "wa_hat": "Mütze: {name}",
        "wa_stehtisch": "Stehtisch: {drinks}",
        "act_roll": "Würfeln",
        "act_field": "Feld eingeben",
        "act_absent": "Weg: {name}",
        "act_pee": "Jemand geht pinkeln",
        "act_pee_allowed": "WC: {name}",
        "act_gejammer": "Gejammer",
        "act_muetze": "Mütze per Karte",
        "act_stehtisch": "Karte: Stehtisch",
        "field_title": "Feld: {name}",
        "meets_title": "Wer stand schon da?",
        "cards_title": "Karten auf dem Feld",
        "invite_title": "Wen einladen?",
        "pee_title": "Wer geht pinkeln?",
        "gejammer_title": "Wer hat gejammert?",
        "muetze_title": "Wer bekommt die Mütze?",
        "stehtisch_title": "Was auf den Stehtisch?",
        "count_title": "Wie viele?",
        "drink_bier": "Bier",
        "drink_kurzer": "Kurzer",
        "drink_wasser": "Wasser",
        "drinks_count": "{n} {drink}",
        "nothing": "nichts",
        "drink_notice": "Trinken!",
        "stehtisch_row": "Stehtisch",
        "field_schuettelbude": "Schüttelbude",
        "field_trottelmuetze": "Trottelmütze",
        "field_stehtisch": "Stehtisch",
        "field_jail": "Jail",
        "field_kneipe": "Kneipe",
        "field_brennerei": "Brennerei",
        "field_parkbank": "Parkbank",
        "field_sauf_bier": "Sauf! 1 Bier",
        "field_sauf_kurzer": "Sauf! 1 Kurzen",
        "field_willkommen": "Willkommen am Arsch",
        "field_arschloch": "Arschloch-Karte",
        "field_taxi": "Taxi",
        "field_daemmerschoppen": "Dämmerschoppen",
        "field_fruehschoppen": "Frühschoppen",
        "field_teich": "Teich",
        "field_spielothek": "Spielothek",
        "field_pinkeln": "Pinkeln",
        "as_choose_title": "Wer beginnt?",
        "act_raise": "Höher gelegt",
        "act_pair": "Paar gelegt",
        "act_pass": "Passen und ziehen",
        "act_out": "Letzte Karte: raus",
        "act_points": "Strafpunkte eingeben",
        "act_finish": "Spiel beenden",
        "act_next_round": "Nächste Runde",
        "points_title": "Strafpunkte",
        "points_unit": "Pkt",
        "totals_title": "Punkte gesamt",
        "pass_hint": "Ziehen, bis ein männlicher und ein weiblicher Arsch kommen.",
        "finish_title": "Spiel beenden?",
        "finish_question": "Wertung jetzt",
        "winners": "Gewonnen: {names}",
        "team_n": "Team {n}",
        "pr_choose_title": "Wer fängt an?",
        "act_play": "Propter gelegt",
        "act_discard": "Abwerfen",
        "act_next": "Fertig, weiter",
        "slot_title": "Welche BS-Karte?",
        "slot_item": "BS {n} · Resistenz {r}",
        "match_title": "Wie passt die Karte?",
        "match_category": "Kategorie (−1)",
        "match_exact": "Exakt (sticht)",
        "pr_resistance": "BS: {a} · {b} · {c}",
        "pr_points": "Trophäen",
        "winner": "Gewonnen: {name}",
        # issue 21: the winner screen (WinnerView), the OLED's short game names
        "game_short_arsch_selten_allein": "Arsch selten allein",
        "more_winners": "und {n} weitere",
        "pr_stung": "BS {slot} gestochen!",
        "pr_played": "Propter auf BS {slot}",
        "pr_not_stung": "Nicht gestochen: Resistenz jetzt {r}.",
        "as_pairs": "Paare: {n} · so viele setzen aus",
        "as_skipped_title": "Setzt aus",
        "as_skip_line": "Setzt aus: {names}",
        "as_skip_line_n": "Setzen aus: {names}",
        "as_skip_more": "und {n} weitere",
        "as_check_title": "Strafpunkte prüfen",
        "as_check_row": "{name}: {n}",
        "as_enter": "Eintragen",
        "points_entry_hint": "WEITER +1 · ZURÜCK −1",
        "invite_drink_title": "Was trinkt ihr?",
        "wa_opening": "Wurf um die Trottelmütze",
        "wa_opening_short": "Wurf um die Trottelmütze",
        "confirm_players_n": "{n} Spieler",
        "stehtisch_short": "Stehtisch: {drinks}",
        "entry_for": "Würfel von {name}",
        "entry_hint_unset": "WEITER/ZURÜCK: Augenzahl",
        "won_one": "Gewonnen hat",
        "won_shared": "Geteilter Sieg",
        "won_team": "Gewonnen hat das Team",
        "points_n": "{n} Pkt",
        # rejected inputs: the reason in the player's language (code from the engine)
        "rejected_title": "Nicht jetzt",
        "why_unknown": "Das passt gerade nicht.",
        "why_paused": "Das Spiel ist wegen eines Sensorfehlers pausiert.",
        "why_setup": "Die Waage beruhigt sich noch.",
        "why_choosing": "Erst wählt der Einer-Pasch-Würfler.",
        "why_drinking": "Erst trinkt der/die Auserwählte.",
        "why_awaiting_refill": "Das Glas ist leer: erst nachfüllen.",
        "why_nobody_rolls": "Gerade würfelt niemand.",
        "why_already_started": "Das Spiel läuft schon.",
        "why_no_choice": "Gerade ist keine Wahl dran.",
        "why_not_a_player": "{player} spielt nicht mit.",
        "why_bad_dice": "Würfel: zwei Zahlen von 1 bis 6.",
        "why_not_your_turn": "{player} ist nicht dran.",
        "why_new_game_unsupported": "Diese Version kann hier kein neues Spiel starten.",
        "why_glass_on_scale": "Das Glas steht auf der Waage: erst anheben.",
        "why_glass_lifted": "Das Glas ist angehoben: erst zurückstellen.",
        # "Glas wiegen" refused (W-36; the codes of waage/app/host.py WEIGH_REFUSALS)
        "why_not_steady": "Die Waage ist nicht ruhig: Glas stehen lassen, dann OK.",
        "why_implausible": "{load_g} g ist kein leeres Glas (50 bis 2000 g).",
        "why_attempt_under_way": "Es wird gerade getrunken: Glas abstellen, Urteil abwarten.",
        "why_no_scale": "Dieses Spiel braucht keine Waage.",
        "why_bad_capacity": "Diese Glasgröße passt nicht.",
        "why_looks_full": "{load_g} g: Glas wirklich leer?",
        "why_more_than_held": "Mehr als im Glas war: höchstens {held_g} g.",
        # misc
        "ellipsis": "…",
        "grams": "{g} g",
    },
    "en": {
        "app": "Scale game",
        "round": "Round {n}",
        "round_short": "R{n}",
        "dice_electronic": "Dice: electronic",
        "dice_manual": "Dice: by hand",
        "entry_title": "Enter dice",
        "entry_ok": "OK",
        "entry_hint_die": "NEXT/PREV: value · OK",
        "entry_hint_ok": "OK: confirm",
        "fault_title": "Sensor fault",
        "fault_stalled": "sensor stalled",
        "fault_gpio": "GPIO error",
        "fault_no_samples": "no readings",
        "fault_disconnected": "disconnected",
        # the English screen shows the sensor's own detail; these serve when it has none
        "fault_hint_stalled": "No readings. Check the sensor cable and power.",
        "fault_hint_gpio": "GPIO unusable: check group gpio and the pins.",
        "fault_hint_no_samples": "Sensor board silent: check power, DOUT, SCK.",
        "fault_hint_disconnected": "Scale not connected: check the USB cable.",
        "fault_hint_corrupt": "Only corrupt reads: short wires, 3.3 V.",
        "fault_hint_stuck": "Always the same value: check DOUT and SCK.",
        "fault_hint_config": "Bad setting: run waage check-config.",
        "fault_hint_library": "Sensor library missing: see the guide.",
        "fault_hint_restarted": "Scale restarted, back in a moment.",
        "fault_hint_protocol": "Wrong firmware on the scale.",
        "fault_hint_no_hello": "Scale does not answer: check the firmware.",
        "fault_hint_hx711_not_ready": "Sensor board does not answer: check wiring.",
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
        "game_willkommen_am_arsch": "Willkommen am Arsch",
        "game_arsch_selten_allein": "Ein Arsch kommt selten allein",
        "game_propter": "Propter",
        "menu_title": "Menu",
        "menu_title_game": "Menu: {game}",
        "menu_continue": "Continue",
        "menu_game": "Choose game",
        "menu_new_game": "New game",
        "menu_language": "Language: {language}",
        "menu_stats": "Statistics",
        "menu_web": "Join by phone",
        "menu_league": "League",
        "menu_cancel_input": "Cancel input",
        "lang_de": "German",
        "lang_en": "English",
        "language_title": "Language",
        "pick_game_title": "Which game?",
        "pick_players_title": "Who plays?",
        "teams_title": "Teams?",
        "teams_off": "Every one for themself",
        "teams_on": "Teams: 1+3 against 2+4",
        "done_item": "Done",
        "back_item": "Back",
        "no_cards": "No cards",
        "enter_cards": "Enter cards",
        "as_to_score": "Still holding: {names}",
        "as_to_score_n": "Still holding: {n} players",
        "pr_hand": "{name}: {n} hand cards",
        "pr_hand_points": "{n} hand cards · {p} pts",
        "pr_hand_points_1": "1 hand card · {p} pts",
        "hint_points": "OK: enter penalty points",
        "hint_stats": "OK: statistics",
        "confirm_new_title": "New game?",
        "confirm_yes": "Yes, new",
        "confirm_no": "No",
        "confirm_players": "{n} players: {names}",
        "too_few_players": "Choose at least 2 players.",
        "new_game_failed": "No new game: {why}",
        "no_stats": "No statistics yet.",
        "hint_roll": "OK: roll · NEXT: more",
        "hint_field": "OK: field · NEXT: more",
        "hint_actions": "OK: input",
        "hint_any_key": "OK: go on",
        "hint_count": "NEXT +1 · PREV −1",
        "rolled": "{a} + {b} = {sum}",
        "rolled_pasch": "{a} + {b} = {sum} · Pasch!",
        "opening_roll": "Opening roll",
        "at_turn": "Turn: {name}",
        "nobody_at_turn": "Nobody to play",
        "game_over": "Game over",
        "more_title": "Input",
        "wa_hat": "Hat: {name}",
        "wa_stehtisch": "Stehtisch: {drinks}",
        "act_roll": "Roll",
        "act_field": "Enter field",
        "act_absent": "Away: {name}",
        "act_pee": "Someone goes to pee",
        "act_pee_allowed": "WC: {name}",
        "act_gejammer": "Gejammer",
        "act_muetze": "Hat by card",
        "act_stehtisch": "Card: Stehtisch",
        "field_title": "Field: {name}",
        "meets_title": "Who was already there?",
        "cards_title": "Cards on the field",
        "invite_title": "Invite whom?",
        "pee_title": "Who goes to pee?",
        "gejammer_title": "Who complained?",
        "muetze_title": "Who gets the hat?",
        "stehtisch_title": "What goes on the Stehtisch?",
        "count_title": "How many?",
        "drink_bier": "beer",
        "drink_kurzer": "shot",
        "drink_wasser": "water",
        "drinks_count": "{n} {drink}",
        "nothing": "nothing",
        "drink_notice": "Drink!",
        "stehtisch_row": "Stehtisch",
        "field_schuettelbude": "Schüttelbude",
        "field_trottelmuetze": "Trottelmütze",
        "field_stehtisch": "Stehtisch",
        "field_jail": "Jail",
        "field_kneipe": "Kneipe (pub)",
        "field_brennerei": "Brennerei (distillery)",
        "field_parkbank": "Parkbank (bench)",
        "field_sauf_bier": "Drink! 1 beer",
        "field_sauf_kurzer": "Drink! 1 shot",
        "field_willkommen": "Willkommen am Arsch",
        "field_arschloch": "Arschloch card",
        "field_taxi": "Taxi",
        "field_daemmerschoppen": "Dämmerschoppen",
        "field_fruehschoppen": "Frühschoppen",
        "field_teich": "Teich (pond)",
        "field_spielothek": "Spielothek (casino)",
        "field_pinkeln": "Pinkeln (pee)",
        "as_choose_title": "Who starts?",
        "act_raise": "Played higher",
        "act_pair": "Played a pair",
        "act_pass": "Pass and draw",
        "act_out": "Last card: out",
        "act_points": "Enter penalty points",
        "act_finish": "End the game",
        "act_next_round": "Next round",
        "points_title": "Penalty points",
        "points_unit": "pts",
        "totals_title": "Total points",
        "pass_hint": "Draw until a male and a female ass turn up.",
        "finish_title": "End the game?",
        "finish_question": "Score now",
        "winners": "Winners: {names}",
        "team_n": "Team {n}",
        "pr_choose_title": "Who begins?",
        "act_play": "Played a Propter",
        "act_discard": "Discard",
        "act_next": "Done, next",
        "slot_title": "Which BS card?",
        "slot_item": "BS {n} · resistance {r}",
        "match_title": "How does the card fit?",
        "match_category": "Category (−1)",
        "match_exact": "Exact (stings)",
        "pr_resistance": "BS: {a} · {b} · {c}",
        "pr_points": "Trophies",
        "winner": "Winner: {name}",
        "game_short_arsch_selten_allein": "Arsch selten allein",
        "more_winners": "and {n} more",
        "pr_stung": "BS {slot} stung!",
        "pr_played": "Propter on BS {slot}",
        "pr_not_stung": "Not stung: resistance now {r}.",
        "as_pairs": "Pairs: {n} · as many skip",
        "as_skipped_title": "Skips a turn",
        "as_skip_line": "Skipped: {names}",
        "as_skip_line_n": "Skipped: {names}",
        "as_skip_more": "and {n} more",
        "as_check_title": "Check the points",
        "as_check_row": "{name}: {n}",
        "as_enter": "Enter them",
        "points_entry_hint": "NEXT +1 · PREV −1",
        "invite_drink_title": "What do you drink?",
        "wa_opening": "Roll for the Trottelmütze",
        "wa_opening_short": "Roll for the Trottelmütze",
        "confirm_players_n": "{n} players",
        "stehtisch_short": "Stehtisch: {drinks}",
        "entry_for": "Dice of {name}",
        "entry_hint_unset": "NEXT/PREV: the pips",
        "won_one": "The winner",
        "won_shared": "Shared win",
        "won_team": "The winning team",
        "points_n": "{n} pts",
        "rejected_title": "Not now",
        "why_unknown": "That does not fit now.",
        "why_paused": "The game is paused by a sensor fault.",
        "why_setup": "The scale is still settling.",
        "why_choosing": "The Einer-Pasch roller chooses first.",
        "why_drinking": "The Auserwählte drinks first.",
        "why_awaiting_refill": "The glass is empty: refill it first.",
        "why_nobody_rolls": "Nobody rolls now.",
        "why_already_started": "The game is already running.",
        "why_no_choice": "No choice is asked for now.",
        "why_not_a_player": "{player} is not playing.",
        "why_bad_dice": "Dice: two numbers from 1 to 6.",
        "why_not_your_turn": "It is not {player}'s turn.",
        "why_new_game_unsupported": "This version cannot start a new game here.",
        "why_glass_on_scale": "The glass stands on the scale: lift it first.",
        "why_glass_lifted": "The glass is lifted: put it back first.",
        "why_not_steady": "The scale is not steady: leave the glass standing, then OK.",
        "why_implausible": "{load_g} g is no empty glass (50 to 2000 g).",
        "why_attempt_under_way": "An attempt is under way: put the glass back, wait for the verdict.",
        "why_no_scale": "This game uses no scale.",
        "why_bad_capacity": "That glass size does not fit.",
        "why_looks_full": "{load_g} g: is the glass really empty?",
        "why_more_than_held": "More than the glass held: at most {held_g} g.",
        "ellipsis": "…",
        "grams": "{g} g",
    },
}


# the statistics screens' column headers (``StatsView``, issue 21: words, not "Ausw Tr Gg"); one
# header per figure of ``waage.stats``, at most about 44 px wide in the 9-px font
TEXTS["de"].update({
    "stats_h_chosen": "Auserw.", "stats_h_attempts": "Versuche", "stats_h_hits": "Treffer",
    "stats_h_exact": "Genau", "stats_h_misses": "Daneben", "stats_h_grams": "Gramm",
    "stats_h_bier": "Bier", "stats_h_kurzer": "Kurzer", "stats_h_wasser": "Wasser", "stats_h_drinks": "Gesamt",
    "stats_h_hat_s": "Mütze", "stats_h_stehtisch": "Stehtisch",
    "stats_h_points": "Punkte", "stats_h_last_round": "Zuletzt", "stats_h_starts": "Arsch", "stats_h_outs": "Raus",
    "stats_h_stings": "Gestoch.", "stats_h_category": "Kateg.", "stats_h_discards": "Abwürfe",
    "stats_h_fell_off": "Runter",
    "stats_h_trophies": "Trophäen",
})
TEXTS["en"].update({
    "stats_h_chosen": "Chosen", "stats_h_attempts": "Attempts", "stats_h_hits": "Hits",
    "stats_h_exact": "Exact", "stats_h_misses": "Misses", "stats_h_grams": "Grams",
    "stats_h_bier": "Beer", "stats_h_kurzer": "Shots", "stats_h_wasser": "Water", "stats_h_drinks": "Total",
    "stats_h_hat_s": "Cap", "stats_h_stehtisch": "Emptied",
    "stats_h_points": "Points", "stats_h_last_round": "Last", "stats_h_starts": "Started", "stats_h_outs": "Out",
    "stats_h_stings": "Stings", "stats_h_category": "Category", "stats_h_discards": "Discards",
    "stats_h_fell_off": "Fell off",
    "stats_h_trophies": "Trophies",
})

# the scale face's words (calibration, the plain scale, the glass: ``scale_texts.py``) are shared words too
for _lang in LANGS:
    TEXTS[_lang].update(SCALE_TEXTS[_lang])


@functools.cache
def text_table(lang: str = "de") -> dict[str, str]:
    """Every display string of ``lang`` (anything but a language of ``LANGS`` -> "de"): the shared
    ``TEXTS`` and each game kit's own (``GameSpec.texts``), ``{key: template}``.

    Raises ValueError when a kit's key is taken already (by the shared texts or another kit) with
    another text: one key, one meaning.
    """
    lang = lang if lang in LANGS else "de"
    merged = dict(TEXTS[lang])
    for game in GAMES.values():
        for key, template in game.text_table().get(lang, {}).items():
            if merged.setdefault(key, template) != template:
                raise ValueError(f"text {key!r} of the game {game.id!r} is taken already with another text")
    return merged


on_change(text_table.cache_clear)  # a game registered (a test's toy game) brings its texts


def text(key: str, lang: str = "de", **fields: object) -> str:
    """The display string ``key`` in ``lang`` ("de" | "en"; anything else -> "de"), formatted with ``fields``.

    The shared ``TEXTS`` and every game kit's own texts (``text_table``). Raises KeyError for an
    unknown key.
    """
    template = text_table(lang)[key]
    return template.format(**fields) if fields else template


def has_text(key: str, lang: str = "de") -> bool:
    """True when ``key`` exists (used for optional keys such as ``fault_<kind>``)."""
    return key in text_table(lang)


def rejection_text(record: dict[str, object], lang: str = "de") -> str:
    """Why an input was not taken, in ``lang``, from an ``input_rejected`` record's ``code``.

    The text ``why_<code>`` formatted with the record's ``details`` (or ``args``); a code
    of the helper games comes from ``waage.display.helper_texts.reason`` when that table
    knows it. The record's English ``why`` (meant for the log) is never shown: an unknown
    or missing ``code``, or details that do not fit the text, give ``why_unknown``.
    """
    code = str(record.get("code") or "unknown")
    details = record.get("details") or record.get("args") or {}
    if not isinstance(details, dict):
        details = {}
    key = f"why_{code}"
    if has_text(key, lang):
        try:
            return text(key, lang, **details)
        except (KeyError, IndexError):
            return text("why_unknown", lang)
    try:  # the helper games' reasons (their own table in the display layer)
        from waage.display import helper_texts  # type: ignore[attr-defined]
    except ImportError:
        return text("why_unknown", lang)
    if code in (helper_texts.REASONS.get(lang) or helper_texts.REASONS["de"]):
        return str(helper_texts.reason(code, details, lang))
    return text("why_unknown", lang)


def fault_text(record: dict[str, object], lang: str = "de") -> str:
    """What a ``sensor_fault`` record means for the player: the German hint for its ``kind``
    (the sensor's ``detail`` is English); in English the detail itself."""
    key = f"fault_hint_{record.get('kind')}"
    if lang == "en" and record.get("detail"):
        return str(record["detail"])
    return text(key, lang) if has_text(key, lang) else text("fault_title", lang)


def fmt_g(grams: float) -> str:
    """Grams as the display shows them: whole grams, rounded half away from zero (W-21)."""
    return str(int(Decimal(str(grams)).to_integral_value(rounding=ROUND_HALF_UP)))
