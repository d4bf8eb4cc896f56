"""The Waagespiel's own words on the OLED and the terminal, German first (``GameSpec.texts``).

Its title (``game_waagespiel``) and the words of its screens (``waage.games.waagespiel.screens``,
``waage.games.waagespiel.ui``): set-up, rolls and Pasch (W-13, W-15), the tie-break, the
Auserwählte and her window, drinking, the verdict (the web pages show the verdict words too:
``waage.display.web_texts``), an unmeasured attempt (W-38), refill, an unknown glass (W-37).
``waage.display.texts.text`` finds them beside the shared words (``text_table``); a key here
may not be taken by the shared words or another kit with another text.

Beside them ``SIM_HELP``, the simulator's help ``{lang: [(syntax, meaning)]}`` (``GameSpec.sim_help``;
``waage sim``'s ``InteractiveShell``; the first word is the command, typed in English).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "game_waagespiel": "Waagespiel",
        # setup
        "setup_title": "Waagespiel",
        "players_n": "{n} Spieler",
        "glass_beer": "Glas {glass} g · Bier {beer} g",
        "starter": "Beginnt: {name}",
        # rolling
        "roll_title": "Würfeln",
        "roll_turn": "ist dran",
        "roll_press": "OK-Taste: würfeln",
        "roll_manual": "OK-Taste: Würfel eingeben",
        "pasch": "Pasch",
        "pasch_mark": "P",
        "einer_pasch": "Einer-Pasch",
        "no_rolls": "noch kein Wurf",
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
        "reason_tie_break": "nach dem Stechen",
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
        # W-38: a pour before the verdict
        "unmeasured_title": "Nicht gemessen",
        "unmeasured_hint": "Erst nach dem Urteil nachschenken!",
        "unmeasured_hint_beside": "Erst nach dem Urteil etwas hinlegen!",
        "unmeasured_again": "{name} trinkt nochmal",
        "unmeasured_way": "oder im Menü werten",
        "beside_wait_title": "Urteil wartet",
        "pour_wait_player": "Versuch von {name}",
        "pour_wait_stop": "zählt vielleicht nicht",
        "beside_wait_hint": "Etwas liegt auf der Waage:",
        "beside_wait_away": "bitte wegnehmen",
        "next_starts": "Weiter: {name}",
        # refill
        "refill_title": "Nachfüllen",
        "glass_empty": "Glas leer",
        "refill_now": "Nachfüllen!",
        "refilled": "Nachgefüllt",
        "remaining": "Rest {g} g",
        "consent": "Zustimmung: {name}",
        # sensor fault (the words of the fault itself are shared: ``fault_text``)
        "paused": "Pause",
        # the roll screen's header and lines (issue 21)
        "roll_ok": "OK: würfeln",
        "roll_ok_manual": "OK: eingeben",
        "last_roll_dice": "Zuletzt {name}: {dice} = {total}",
        "last_roll": "Zuletzt {name}: {total}",
        "lowest_roll": "Niedrigste: {name} {total}",
        "lowest_roll_n": "Niedrigste: {total} ({n} Spieler)",
        # W-37: a glass the device does not know
        "glass_unknown_title": "Anderes Glas?",
        "glass_unknown_heavier": "Zu schwer (Glas {g} g)",
        "glass_unknown_lighter": "Zu leicht (Glas {g} g)",
        "glass_unknown_way": "Menü → Glas wiegen",
    },
    "en": {
        "game_waagespiel": "Waagespiel",
        "setup_title": "Waagespiel",
        "players_n": "{n} players",
        "glass_beer": "Glass {glass} g · beer {beer} g",
        "starter": "Starts: {name}",
        "roll_title": "Roll",
        "roll_turn": "to roll",
        "roll_press": "OK button: roll",
        "roll_manual": "OK button: enter the dice",
        "pasch": "Pasch",
        "pasch_mark": "P",
        "einer_pasch": "Einer-Pasch",
        "no_rolls": "no roll yet",
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
        # W-38: a pour before the verdict
        "unmeasured_title": "Not measured",
        "unmeasured_hint": "Pour only after the verdict!",
        "unmeasured_hint_beside": "Lay things down only after the verdict!",
        "unmeasured_again": "{name} drinks again",
        "unmeasured_way": "or judge in the menu",
        "beside_wait_title": "Verdict waits",
        "pour_wait_player": "{name}'s attempt",
        "pour_wait_stop": "may not count",
        "beside_wait_hint": "Something lies on the scale:",
        "beside_wait_away": "please take it away",
        "next_starts": "Next: {name}",
        "refill_title": "Refill",
        "glass_empty": "Glass empty",
        "refill_now": "Refill!",
        "refilled": "Refilled",
        "remaining": "Left {g} g",
        "consent": "Consent: {name}",
        "paused": "Paused",
        "roll_ok": "OK: roll",
        "roll_ok_manual": "OK: enter",
        "last_roll_dice": "Last {name}: {dice} = {total}",
        "last_roll": "Last {name}: {total}",
        "lowest_roll": "Lowest: {name} {total}",
        "lowest_roll_n": "Lowest: {total} ({n} players)",
        "glass_unknown_title": "Another glass?",
        "glass_unknown_heavier": "Too heavy (glass {g} g)",
        "glass_unknown_lighter": "Too light (glass {g} g)",
        "glass_unknown_way": "Menu → Weigh the glass",
    },
}

SIM_HELP: dict[str, list[tuple[str, str]]] = {
    "de": [
        ("roll", "elektronisch würfeln für den, der dran ist"),
        ("roll A B", "beide Würfel von Hand eingeben (1–6)"),
        ("choose NAME", "der Einer-Pasch-Würfler wählt die/den Auserwählte(n)"),
        ("lift", "das Glas von der Waage nehmen"),
        ("drink G", "G Gramm aus dem angehobenen Glas trinken"),
        ("put", "das Glas zurückstellen (und ruhig werden lassen)"),
        ("put G", "zurückstellen und sofort G Gramm nachschenken (vor dem Urteil, W-38)"),
        ("sip G", "anheben, G Gramm trinken, zurückstellen (alles in einem)"),
        ("refill G", "G Gramm ins Glas auf der Waage gießen (was nicht passt, läuft über)"),
        ("wait S", "S Sekunden vergehen lassen"),
        ("bump G", "an den Tisch stoßen (Schwingen von etwa G Gramm, ohne Anheben)"),
        ("glass G", "Glas wiegen: ein leeres Glas von G Gramm statt des alten auf die Waage stellen"),
        ("phone G", "ein Handy von G Gramm neben das Glas legen (W-37a, W-35: es ändert nichts, und ein "
                    "Schluck, während es liegt, wird ohne es gewertet; leichter als 140 g und innerhalb des "
                    "Fassungsvermögens ist es eine Nachfüllung; bei angehobenem Glas hingelegt gilt es als "
                    "leichteres Glas, W-37b: ein falsches Urteil)"),
        ("phone", "das Handy wieder wegnehmen"),
        ("stats", "das Spielmenü (sein Eintrag „Statistik“ zeigt die Statistik)"),
        ("quit", "den Simulator beenden (die Statistik wird gezeigt); mit --state-dir geht das Spiel beim "
                 "nächsten Start dort weiter"),
    ],
    "en": [
        ("roll", "electronic dice for whoever must roll"),
        ("roll A B", "enter both dice by hand (1–6)"),
        ("choose NAME", "the Einer-Pasch roller names the Auserwählte"),
        ("lift", "take the glass off the scale"),
        ("drink G", "drink G grams from the lifted glass"),
        ("put", "put the glass back on the scale (and let it settle)"),
        ("put G", "put it back and pour G grams at once (before the verdict, W-38)"),
        ("sip G", "lift, drink G grams, put back (all in one)"),
        ("refill G", "pour G grams into the glass on the scale (what does not fit spills)"),
        ("wait S", "let S seconds pass"),
        ("bump G", "knock the table (ringing of about G grams, no lift)"),
        ("glass G", "weigh the glass: put an empty G-gram glass on the scale instead of the old one"),
        ("phone G", "lay a G-gram phone beside the glass (W-37a, W-35: it changes nothing, and a sip while it "
                    "lies there is judged without it; lighter than 140 g and within the capacity it is a refill; "
                    "laid while the glass is lifted it counts as a lighter glass, W-37b: a wrong verdict)"),
        ("phone", "take the phone away again"),
        ("stats", "the game menu (its \"Statistics\" entry shows the statistics)"),
        ("quit", "leave the simulator (statistics are shown); with --state-dir the game goes on there at the "
                 "next start"),
    ],
}
