"""Ein Arsch kommt selten allein's words in both languages: ``TEXTS`` (``GameSpec.texts``; ``waage.display.texts.text``
finds them), ``as_line_*`` the short lines of its screen (``screen.py``; the OLED's tiny lines are about
22 characters) and ``as_say_*`` its narration, one sentence per event;
``REASONS`` and ``PHASE_WORDS`` its refusals and phases in words (``helper_texts.reason``);
``SIM_HELP`` the simulator's help, ``{lang: [(syntax, meaning)]}`` (``GameSpec.sim_help``; the typed
command words stay English).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "as_line_title_choose": "Runde {n}: wer?",
        "as_line_title_score": "Runde {n}: Punkte",
        "as_line_title_over": "Spielende",
        "as_line_round": "Runde {n}",
        "as_line_over_after_1": "Spielende nach 1 Runde",
        "as_line_over_after": "Spielende nach {n} Runden",
        "as_line_choose_from": "Wahl: {names}",
        "as_line_choose_from_n": "Wahl: {n} Spieler",
        "as_line_to_score": "Zählen: {names}",
        "as_line_to_score_n": "Zählen: {n} Spieler",
        "as_line_pairs": "{p}: {n}. Paar",
        "as_line_out": "{p} ist raus!",
        "as_line_draw": "Ziehen bis Mann+Frau",
        "as_say_round_started": "Runde {round}: {starter} beginnt.",
        "as_say_choice_needed": "Wer beginnt? Zur Wahl: {players}.",
        "as_say_raise": "{player} legt eine höhere Karte.",
        "as_say_pair": "{player} legt ein Paar ({pairs}.).",
        "as_say_pass": "{player} passt und zieht, bis ein Mann- und ein Frau-Arsch dabei sind.",
        "as_say_went_out": "{player} ist raus!",
        "as_say_round_ended": "Runde {round} vorbei. Punkte zählen: {to_score}.",
        "as_say_round_scored": "Runde {round}: {points}. Gesamt: {totals}.",
        "as_say_game_finished": "Spielende. Sieg: {winners}.",
    },
    "en": {
        "as_line_title_choose": "Round {n}: who?",
        "as_line_title_score": "Round {n}: points",
        "as_line_title_over": "Game over",
        "as_line_round": "Round {n}",
        "as_line_over_after_1": "Game over after 1 round",
        "as_line_over_after": "Game over after {n} rounds",
        "as_line_choose_from": "Pick: {names}",
        "as_line_choose_from_n": "Pick: {n} players",
        "as_line_to_score": "Count: {names}",
        "as_line_to_score_n": "Count: {n} players",
        "as_line_pairs": "{p}: pair {n}",
        "as_line_out": "{p} is out!",
        "as_line_draw": "Draw to male+female",
        "as_say_round_started": "Round {round}: {starter} starts.",
        "as_say_choice_needed": "Who starts? To choose: {players}.",
        "as_say_raise": "{player} plays a higher card.",
        "as_say_pair": "{player} plays a pair (no. {pairs}).",
        "as_say_pass": "{player} passes and draws until a male and a female ass are among the cards.",
        "as_say_went_out": "{player} is out!",
        "as_say_round_ended": "Round {round} over. Count points: {to_score}.",
        "as_say_round_scored": "Round {round}: {points}. Total: {totals}.",
        "as_say_game_finished": "Game over. Winner: {winners}.",
    },
}

#: why an input of its own was refused (its engine's ``InputRejected`` codes; ``helper_texts.reason``)
REASONS: dict[str, dict[str, str]] = {
    "de": {
        "no_choice": "Jetzt wird niemand gewählt",
        "not_a_candidate": "{player} steht nicht zur Wahl ({candidates})",
        "first_is_raise": "Die Runde beginnt mit einer Karte",
        "no_points_now": "Jetzt keine Punkte ({phase})",
        "points_for": "Punkte genau für: {expected}",
        "finish_between_rounds": "Ende nur zwischen den Runden",
    },
    "en": {
        "no_choice": "nobody is to be chosen now",
        "not_a_candidate": "{player} is not among {candidates}",
        "first_is_raise": "a round opens with a single card (raise)",
        "no_points_now": "no points now ({phase})",
        "points_for": "points for exactly: {expected}",
        "finish_between_rounds": "the game ends only between rounds",
    },
}

#: its phases in words (a refusal's ``{phase}``)
PHASE_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "choose": "Wahl",
        "play": "Runde",
        "score": "Punkte zählen",
        "over": "Spielende",
    },
    "en": {
        "choose": "choice",
        "play": "round",
        "score": "scoring",
        "over": "game over",
    },
}

SIM_HELP: dict[str, list[tuple[str, str]]] = {
    "de": [
        ("choose NAME", "wer die Runde beginnt (Runde 1: der Pechvogel)"),
        ("raise NAME", "NAME legt eine höhere Karte (Zug zu Ende)"),
        ("pair NAME", "NAME legt ein Paar (Zug geht weiter; Nachbarn setzen aus)"),
        ("pass NAME", "NAME passt und zieht"),
        ("out NAME", "NAME legt die letzte Karte und ist raus"),
        ("points Anna=3 Ben=5", "Strafpunkte derer, die noch Karten haben"),
        ("finish", "Spiel beenden (nach einer gezählten Runde)"),
        ("stand", "der Stand jetzt"),
        ("\"Vorname Nachname\"", "einen Namen mit Leerzeichen in Anführungszeichen, z. B. \"Anna Lena\""),
    ],
    "en": [
        ("choose NAME", "who starts the round (round 1: the unluckiest)"),
        ("raise NAME", "NAME plays a higher card (turn over)"),
        ("pair NAME", "NAME plays a pair (turn goes on; neighbours skip)"),
        ("pass NAME", "NAME passes and draws"),
        ("out NAME", "NAME plays the last card and is out"),
        ("points Anna=3 Ben=5", "penalty points of those still holding cards"),
        ("finish", "end the game (after a scored round)"),
        ("stand", "the counters now"),
        ("\"First Last\"", "a name with a space in quotes, e.g. \"Anna Lena\""),
    ],
}
