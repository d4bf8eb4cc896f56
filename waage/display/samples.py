"""Sample views for the contact sheet, the golden-image tests and demos.

``SAMPLES`` is a list of (slug, caption, view); slugs are stable file names
(``tests/display/golden/<lang>_<slug>.png``). The names and numbers follow the
worked examples of the rules page (Anna, Ben, Cara; 50 g ±10 % = 45…55 g).
"""

from __future__ import annotations

from waage.display.views import (
    ChooseView,
    ChosenView,
    DiceEntryView,
    DrinkingView,
    FaultView,
    HelperGameView,
    MessageView,
    RefillView,
    RollView,
    SetupView,
    StatsView,
    TieBreakView,
    VerdictView,
    View,
)

_STATS = {
    "Anna": {"chosen": 3, "attempts": 5, "hits": 2, "exact": 1, "misses": 3, "grams": 212},
    "Ben": {"chosen": 4, "attempts": 4, "hits": 4, "exact": 0, "misses": 0, "grams": 230},
    "Cara": {"chosen": 2, "attempts": 3, "hits": 1, "exact": 0, "misses": 2, "grams": 171},
    "Dörte": {"chosen": 1, "attempts": 1, "hits": 1, "exact": 1, "misses": 0, "grams": 90},
    "Jürgen": {"chosen": 0, "attempts": 0, "hits": 0, "exact": 0, "misses": 0, "grams": 0},
}

SAMPLES: list[tuple[str, str, View]] = [
    ("setup", "SetupView: before round 1",
     SetupView(players=["Anna", "Ben", "Cara", "Dörte"], dice_mode="electronic", glass_g=312.0, beer_g=498.6,
               starter="Anna")),
    ("roll_first", "RollView: first roller of a round",
     RollView(round=1, player="Anna", dice_mode="electronic", rolls=[], last_dice=None, tie_break_name=None)),
    ("roll", "RollView: after two rolls",
     RollView(round=3, player="Cara", dice_mode="electronic", rolls=[("Anna", 5, False), ("Ben", 6, False)],
              last_dice=(4, 2), tie_break_name=None)),
    ("roll_manual", "RollView: manual dice, tie-break",
     RollView(round=2, player="Ben", dice_mode="manual", rolls=[("Anna", 4, False)], last_dice=(1, 3),
              tie_break_name="Düll")),
    ("dice_entry", "DiceEntryView: setting die 2",
     DiceEntryView(player="Jürgen", dice=(5, 3), cursor=1)),
    ("dice_entry_ok", "DiceEntryView: confirm",
     DiceEntryView(player="Jürgen", dice=(6, 6), cursor=2)),
    ("choose", "ChooseView: Einer-Pasch choice",
     ChooseView(chooser="Anna", candidates=["Anna", "Ben", "Cara", "Dörte", "Jürgen"], selected=2)),
    ("tie_break", "TieBreakView: Trüll",
     TieBreakView(round=4, name="Trüll", players=["Anna", "Ben", "Cara"])),
    ("chosen", "ChosenView: lowest roll",
     ChosenView(round=5, player="Cara", target_g=90, min_g=81, max_g=99, reason="lowest")),
    ("chosen_pasch", "ChosenView: Einer-Pasch choice",
     ChosenView(round=6, player="Dörte", target_g=50, min_g=45, max_g=55, reason="einer_pasch", pasch=True)),
    ("drinking", "DrinkingView: drinking, live grams",
     DrinkingView(player="Cara", target_g=90, min_g=81, max_g=99, attempt=1, drunk_g=76.4, lifted=False)),
    ("drinking_lifted", "DrinkingView: glass lifted",
     DrinkingView(player="Cara", target_g=90, min_g=81, max_g=99, attempt=2, drunk_g=None, lifted=True)),
    ("verdict_miss", "VerdictView: miss",
     VerdictView(player="Cara", grams=75, target_g=90, verdict="miss", attempt=1, next_player=None)),
    ("verdict_hit", "VerdictView: hit",
     VerdictView(player="Ben", grams=29, target_g=30, verdict="hit", attempt=1, next_player="Ben")),
    ("verdict_exact", "VerdictView: gram-exact",
     VerdictView(player="Cara", grams=90, target_g=90, verdict="exact", attempt=2, next_player="Dörte")),
    ("verdict_emptied", "VerdictView: glass emptied",
     VerdictView(player="Ben", grams=38, target_g=110, verdict="emptied", attempt=3, next_player="Ben")),
    ("refill_needed", "RefillView: glass empty (W-32)",
     RefillView(remaining_g=2.6, needed=True, added_g=None, consent_of=None)),
    ("refill_done", "RefillView: refilled during drinking (W-33)",
     RefillView(remaining_g=463.0, needed=False, added_g=451.2, consent_of="Cara")),
    ("fault", "FaultView: sensor fault",
     FaultView(kind="stalled", detail="No samples from the HX711 for 2 s. Check the DOUT/SCK wires.")),
    ("stats", "StatsView: page 1",
     StatsView(per_player=_STATS, page=0)),
    ("stats_p2", "StatsView: page 2",
     StatsView(per_player=_STATS, page=1)),
    ("message", "MessageView: calibration step",
     MessageView(title="Kalibrieren 2/3", lines=["Gewicht 500 g auflegen und Taste drücken."])),
    ("helper", "HelperGameView: other game",
     HelperGameView(game="propter", title="Runde 7", lines=["Anna ist dran", "Trinkt: Ben, Cara"])),
]
