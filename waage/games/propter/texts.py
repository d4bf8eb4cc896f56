"""Propter's words in both languages: ``TEXTS`` (``GameSpec.texts``; ``waage.display.texts.text``
finds them), ``pr_line_*`` the short lines of its screen (``screen.py``; the OLED's tiny lines are about
22 characters) and ``pr_say_*`` its narration, one sentence per event;
``REASONS`` and ``PHASE_WORDS`` its refusals and phases in words (``helper_texts.reason``);
``SIM_HELP`` the simulator's help, ``{lang: [(syntax, meaning)]}`` (``GameSpec.sim_help``; the typed
command words stay English).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "pr_line_resistance": "BS: {r}",
        "pr_line_title_pr_choose": "Wer beginnt?",
        "pr_line_title_won": "{p} gewinnt!",
        "pr_line_me": "{n} Pkt · {h} Karten",
        "pr_line_me_1": "{n} Pkt · 1 Karte",
        "pr_line_title_discarded": "{p}: legen/weiter",
        "pr_line_play": "{p}: BS {slot} auf {r}",
        "pr_line_sting": "{p} sticht BS {slot}!",
        "pr_line_discard": "{p}: {h} Karten",
        "pr_line_discard_1": "{p}: 1 Karte",
        "pr_line_fell_off": "{p} fällt runter!",
        "pr_say_play": "{player} legt auf BS {slot} ({match}): Resistenz {resistance}.",
        "pr_say_match_category": "Kategorie",
        "pr_say_match_exact": "exakt",
        "pr_say_sting": "{player} sticht BS {slot} (Punktestand {points}).",
        "pr_say_discard": "{player} wirft ab: noch {hand} Karten.",
        "pr_say_discard_1": "{player} wirft ab: noch 1 Karte.",
        "pr_say_fell_off": "{player} fällt von der Weltscheibe.",
        "pr_say_game_finished": "{winner} gewinnt!",
    },
    "en": {
        "pr_line_resistance": "BS: {r}",
        "pr_line_title_pr_choose": "Who starts?",
        "pr_line_title_won": "{p} wins!",
        "pr_line_me": "{n} pts · {h} cards",
        "pr_line_me_1": "{n} pts · 1 card",
        "pr_line_title_discarded": "{p}: play/next",
        "pr_line_play": "{p}: BS {slot} to {r}",
        "pr_line_sting": "{p} takes BS {slot}!",
        "pr_line_discard": "{p}: {h} cards",
        "pr_line_discard_1": "{p}: 1 card",
        "pr_line_fell_off": "{p} fell off!",
        "pr_say_play": "{player} plays on BS {slot} ({match}): resistance {resistance}.",
        "pr_say_match_category": "category",
        "pr_say_match_exact": "exact",
        "pr_say_sting": "{player} takes BS {slot} (score {points}).",
        "pr_say_discard": "{player} discards: {hand} cards left.",
        "pr_say_discard_1": "{player} discards: 1 card left.",
        "pr_say_fell_off": "{player} falls off the disc.",
        "pr_say_game_finished": "{winner} wins!",
    },
}

#: why an input of its own was refused (its engine's ``InputRejected`` codes; ``helper_texts.reason``)
REASONS: dict[str, dict[str, str]] = {
    "de": {
        "game_over": "Das Spiel ist aus: {winner} hat gewonnen",
    },
    "en": {
        "game_over": "the game is over: {winner} won",
    },
}

#: its phases in words (a refusal's ``{phase}``)
PHASE_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "choose": "Wahl",
        "turn": "Zug",
        "discarded": "nach dem Abwerfen",
        "over": "Spielende",
    },
    "en": {
        "choose": "choice",
        "turn": "turn",
        "discarded": "after the discard",
        "over": "game over",
    },
}

SIM_HELP: dict[str, list[tuple[str, str]]] = {
    "de": [
        ("choose NAME", "wer beginnt"),
        ("play NAME slot 1-3 match category|exact", "Propter auf BS 1–3: Kategorie (−1) oder exakt (sticht)"),
        ("play NAME 2 exakt", "dasselbe kurz"),
        ("discard NAME", "abwerfen ohne Nachziehen"),
        ("next NAME", "nach dem Abwerfen: Zug beenden"),
        ("stand", "der Stand jetzt"),
        ("\"Vorname Nachname\"", "einen Namen mit Leerzeichen in Anführungszeichen, z. B. \"Anna Lena\""),
    ],
    "en": [
        ("choose NAME", "who starts"),
        ("play NAME slot 1-3 match category|exact", "a Propter on BS 1–3: category (−1) or exact (stings)"),
        ("play NAME 2 exact", "the same, short"),
        ("discard NAME", "discard without drawing"),
        ("next NAME", "after a discard: end the turn"),
        ("stand", "the counters now"),
        ("\"First Last\"", "a name with a space in quotes, e.g. \"Anna Lena\""),
    ],
}
