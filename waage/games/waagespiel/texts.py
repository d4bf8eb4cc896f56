"""The Waagespiel's simulator help in both languages: ``SIM_HELP``, ``{lang: [(syntax, meaning)]}``
(``GameSpec.sim_help``; ``waage sim``'s ``InteractiveShell``; the first word is the command, typed in English).
Its display words are the shared ones (``waage.display.texts``).
"""

from __future__ import annotations

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
        ("stats", "das Spielmenü (sein Eintrag „Statistik“ zeigt die Statistik)"),
        ("quit", "das Spiel beenden (die Statistik wird gezeigt)"),
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
        ("stats", "the game menu (its \"Statistics\" entry shows the statistics)"),
        ("quit", "end the game (statistics are shown)"),
    ],
}
