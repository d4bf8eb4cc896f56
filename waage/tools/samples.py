"""Sample views for the contact sheet, the golden-image tests and demos.

``SAMPLES`` is a list of (slug, caption, view); slugs are stable file names
(``tests/display/golden/<lang>_<slug>.png``). The menu and input-flow screens
carry texts already in a language (the device UI builds them so): ``samples(lang)``
gives the whole list with those built in ``lang``; ``SAMPLES`` is ``samples("de")``.
The names and numbers follow the worked examples of the rules page (Anna, Ben, Cara; 50 g ±10 % = 45…55 g).
"""

from __future__ import annotations

from waage.display.qr_screen import QrView
from waage.display.texts import has_text, text
from waage.games import GAMES, game_ids
from waage.display.views import (
    ChooseView,
    ChosenView,
    ConfirmView,
    CountView,
    DiceEntryView,
    DrinkingView,
    FaultView,
    GlassUnknownView,
    GlassWeighView,
    HelperGameView,
    ListView,
    MessageView,
    NumberEntryView,
    RefillView,
    RollView,
    ScaleView,
    ScoreView,
    SetupView,
    StatsView,
    TieBreakView,
    TurnView,
    VerdictView,
    View,
    WinnerView,
)

_STATS = {
    "Anna": {"chosen": 3, "attempts": 5, "hits": 2, "exact": 1, "misses": 3, "grams": 212},
    "Ben": {"chosen": 4, "attempts": 4, "hits": 4, "exact": 0, "misses": 0, "grams": 230},
    "Cara": {"chosen": 2, "attempts": 3, "hits": 1, "exact": 0, "misses": 2, "grams": 171},
    "Dörte": {"chosen": 1, "attempts": 1, "hits": 1, "exact": 1, "misses": 0, "grams": 90},
    "Jürgen": {"chosen": 0, "attempts": 0, "hits": 0, "exact": 0, "misses": 0, "grams": 0},
}

#: the helper games' figures as the device shows them (``waage.ui.stats``: formatted by ``waage.stats.fmt_value``)
_WA_STATS = {
    "Anna": {"bier": "4", "kurzer": "2", "wasser": "0", "hat_s": "12:05", "stehtisch": "1", "drinks": "6"},
    "Ben": {"bier": "7", "kurzer": "1", "wasser": "1", "hat_s": "0:00", "stehtisch": "0", "drinks": "9"},
    "Cara": {"bier": "2", "kurzer": "3", "wasser": "2", "hat_s": "3:40", "stehtisch": "2", "drinks": "7"},
    "Dörte": {"bier": "11", "kurzer": "0", "wasser": "0", "hat_s": "41:17", "stehtisch": "0", "drinks": "11"},
}
_AS_STATS = {
    "Anna": {"points": "12", "last_round": "5", "starts": "2", "outs": "1"},
    "Ben": {"points": "4", "last_round": "0", "starts": "1", "outs": "2"},
    "Cara": {"points": "27", "last_round": "11", "starts": "3", "outs": "0"},
    "Dörte": {"points": "0", "last_round": "0", "starts": "0", "outs": "3"},
    "Anna+Cara": {"points": "39", "last_round": None, "starts": "5", "outs": "1"},
    "Ben+Dörte": {"points": "4", "last_round": None, "starts": "1", "outs": "5"},
}
_PR_STATS = {
    "Anna": {"points": "2", "discards": "1", "exact": "1", "category": "4", "fell_off": "–"},
    "Ben": {"points": "5", "discards": "0", "exact": "3", "category": "6", "fell_off": "–"},
    "Cara": {"points": "0", "discards": "4", "exact": "0", "category": "1", "fell_off": "✓"},
}

_BASE: list[tuple[str, str, View]] = [
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
    ("dice_entry_unset", "DiceEntryView: both dice unset, whose dice the header says (issue 21)",
     DiceEntryView(player="Jürgen", dice=(0, 0), cursor=0)),
    ("roll_lowest", "RollView: eight players, the last roll and the lowest so far (issue 21)",
     RollView(round=2, player="Hanna", dice_mode="electronic",
              rolls=[("Anna", 7, False), ("Ben", 3, False), ("Cara", 9, False), ("Dörte", 6, False),
                     ("Emil", 11, False), ("Frida", 8, False), ("Gustav", 10, True)],
              last_dice=(5, 5), tie_break_name=None)),
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
    ("stats_p5", "StatsView: page 5, attempts and grams",
     StatsView(per_player=_STATS, page=4)),
    ("stats_wa", "StatsView: Willkommen am Arsch, water and the Trottelmütze's time",
     StatsView(per_player=_WA_STATS, page=1, columns=("bier", "kurzer", "wasser", "hat_s", "stehtisch", "drinks"))),
    ("stats_as", "StatsView: Ein Arsch kommt selten allein, penalty points (team variant)",
     StatsView(per_player=_AS_STATS, page=0, columns=("points", "last_round", "starts", "outs"))),
    ("stats_as_p4", "StatsView: Ein Arsch, the teams' rounds started and outs",
     StatsView(per_player=_AS_STATS, page=3, columns=("points", "last_round", "starts", "outs"))),
    ("stats_pr", "StatsView: Propter, category plays and who fell off",
     StatsView(per_player=_PR_STATS, page=2, columns=("points", "discards", "exact", "category", "fell_off"))),
    ("message", "MessageView: calibration step",
     MessageView(title="Kalibrieren 2/3", lines=["Gewicht 500 g auflegen und Taste drücken."])),
    ("helper", "HelperGameView: other game",
     HelperGameView(game="propter", title="Runde 7", lines=["Anna ist dran", "Trinkt: Ben, Cara"])),
    ("scale", "ScaleView: the plain scale, net grams since the tare",
     ScaleView(net_g=1248.4, tared=True)),
    ("scale_check", "ScaleView: the check mass after a calibration",
     ScaleView(net_g=500.2, check=True)),
    ("glass_weigh", "GlassWeighView: weighing the glass in use (W-36)",
     GlassWeighView(load_g=702.6, steady=True, size_l=0.5)),
    ("glass_unsteady", "GlassWeighView: the load has not settled yet",
     GlassWeighView(load_g=688.1, steady=False)),
    ("glass_unknown", "GlassUnknownView: a heavier glass (W-37)",
     GlassUnknownView(reason="heavier", load_g=1187.0, glass_g=350.0)),
    ("glass_lighter", "GlassUnknownView: a lighter glass (W-37)",
     GlassUnknownView(reason="lighter", load_g=296.0, glass_g=350.0)),
]

_FIELDS = ("schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank", "sauf_bier",
           "sauf_kurzer", "willkommen", "arschloch", "taxi", "daemmerschoppen", "fruehschoppen", "teich",
           "spielothek", "pinkeln")


def flow_samples(lang: str = "de") -> list[tuple[str, str, View]]:
    """The game menu's and the helper games' input screens, their texts in ``lang``."""
    def t(key: str, **args: object) -> str:
        return text(key, lang, **args)

    wa, asa, pr = t("game_willkommen_am_arsch"), t("game_short_arsch_selten_allein"), t("game_propter")
    hat_line = [t("wa_hat", name="Ben"), t("wa_stehtisch", drinks=t("drinks_count", n=2, drink=t("drink_bier")))]
    games = [GAMES[g] for g in game_ids()]  # the registry (waage.games), in menu order
    return [
        ("menu", "ListView: the game menu (long press)",
         ListView(title=t("menu_title"), items=[t("menu_continue"), t("menu_new_game"), t("menu_game"),
                                                t("menu_language", language=t("lang_de")), t("menu_stats")],
                  selected=1, right=t("game_waagespiel"))),
        ("pick_game", "ListView: choose the game",
         ListView(title=t("pick_game_title"), items=[t(f"game_short_{g.id}") if has_text(f"game_short_{g.id}", lang) else t(g.title_key) for g in games], selected=2,
                  right=f"3/{len(games)}")),
        ("pick_players", "ListView: who plays (multi-select)",
         ListView(title=t("pick_players_title"), items=["Anna", "Ben", "Cara", "Dörte", t("done_item")],
                  selected=1, marks=[True, False, True, True])),
        ("confirm_new", "ConfirmView: new game?",
         ConfirmView(title=t("confirm_new_title"), question=pr,
                     detail=t("confirm_players", n=3, names="Anna, Cara, Dörte"), yes=t("confirm_yes"),
                     no=t("confirm_no"), yes_selected=True)),
        ("rejected", "MessageView: a rejected input, in the player's language",
         MessageView(title=t("rejected_title"), lines=[t("why_awaiting_refill")])),
        ("wa_turn", "TurnView: Willkommen am Arsch, who rolls",
         TurnView(title=wa, right="", player="Anna", lines=hat_line, hint=t("hint_roll"))),
        ("wa_opening", "TurnView: the opening rolls, for the Trottelmütze (WA-02)",
         TurnView(title=wa, right=t("opening_roll"), player="Ben",
                  lines=[t("wa_opening"), t("wa_stehtisch", drinks=t("drinks_count", n=1, drink=t("drink_bier")))],
                  hint=t("hint_roll"))),
        ("wa_invite_drink", "ListView: the Schüttelbude's drink of the mover's choice (WA-08)",
         ListView(title=t("invite_drink_title"), items=[t(f"drink_{d}") for d in ("bier", "kurzer", "wasser")],
                  selected=1)),
        ("wa_turn_dice", "TurnView: rolled a Pasch, the field is owed",
         TurnView(title=wa, right="", player="Cara", lines=hat_line, hint=t("hint_field"), dice=(4, 4))),
        ("wa_field", "ListView: the field picker",
         ListView(title=t("field_title", name="Cara"), items=[t(f"field_{f}") for f in _FIELDS], selected=4,
                  right="5/17")),
        ("wa_meets", "ListView: who was already there",
         ListView(title=t("meets_title"), items=["Anna", "Ben", "Dörte", t("done_item")], selected=3,
                  right=t("field_kneipe"), marks=[True, False, False, False])),
        ("wa_cards", "CountView: drink cards on the field",
         CountView(title=t("cards_title"), label=t("drink_bier"), value=2, right="1/3", hint=t("hint_count"))),
        ("wa_actions", "ListView: the other inputs",
         ListView(title=t("more_title"), items=[t("act_absent", name="Anna"), t("act_pee"), t("act_gejammer"),
                                                t("act_muetze"), t("act_stehtisch"), t("back_item")], selected=2)),
        ("wa_drinks", "ScoreView: who drinks what",
         ScoreView(title=t("drink_notice"), rows=[
             ("Anna", f"{t('drinks_count', n=1, drink=t('drink_bier'))}, "
                      f"{t('drinks_count', n=1, drink=t('drink_kurzer'))}"),
             ("Ben", t("drinks_count", n=1, drink=t("drink_bier"))),
             (t("stehtisch_row"), t("drinks_count", n=1, drink=t("drink_bier")))])),
        ("as_turn", "TurnView: Ein Arsch, the player at turn",
         TurnView(title=asa, right=t("round", n=2), player="Ben", lines=[f"{t('totals_title')}: 7"],
                  hint=t("hint_actions"))),
        ("as_actions", "ListView: raise, pair, pass, out",
         ListView(title=t("at_turn", name="Ben"), items=[t("act_raise"), t("act_pair"), t("act_pass"), t("act_out"),
                                                         t("back_item")], selected=1)),
        ("as_points", "NumberEntryView: penalty points per player, digit by digit (AS-06, issue 21)",
         NumberEntryView(title=t("points_title"), digits="012", cursor=1, unit=t("points_unit"),
                         hint=t("points_entry_hint"), label="Cara", right="2/3")),
        ("as_points_check", "ListView: the points checked before they are entered; OK on a player: again",
         ListView(title=t("as_check_title"), items=[t("as_check_row", name=p, n=n) for p, n in
                                                   (("Anna", 3), ("Cara", 12), ("Dörte", 0))] + [t("as_enter")],
                  selected=3, right=t("points_unit"))),
        ("as_skipped", "ScoreView: who skips after pairs (AS-03)",
         ScoreView(title=t("as_skipped_title"), rows=[("Cara", ""), ("Dörte", "")])),
        ("as_totals", "ScoreView: totals after a round",
         ScoreView(title=t("totals_title"), rows=[("Anna", "3"), ("Ben", "12"), ("Cara", "0"), ("Dörte", "5")])),
        ("pr_turn", "TurnView: Propter, the player at turn",
         TurnView(title=pr, right="", player="Dörte", lines=[t("pr_resistance", a=3, b=2, c=1),
                                                             t("pr_hand_points", n=4, p=2)],
                  hint=t("hint_actions"))),
        ("pr_played", "MessageView: a category play that did not sting (PR-03)",
         MessageView(title=t("pr_played", slot=2), lines=[t("pr_not_stung", r=1)])),
        ("pr_stung", "ScoreView: a sting, the trophies (PR-04)",
         ScoreView(title=t("pr_stung", slot=2), rows=[("Anna", "1"), ("Ben", "3"), ("Dörte", "2")])),
        ("pr_slot", "ListView: which BS card",
         ListView(title=t("slot_title"), items=[t("slot_item", n=n, r=r) for n, r in ((1, 3), (2, 2), (3, 1))],
                  selected=1, right="2/3")),
        ("qr", "QrView: a registered menu entry (the web view's address and PIN)",
         QrView(url="http://192.168.1.20:8080/", pin="4711")),
        ("as_winner", "WinnerView: Ein Arsch, the winner and the top of the final table (AS-08)",
         WinnerView(title=t("game_short_arsch_selten_allein"), label=t("won_one"), winners=["Ben"],
                    rows=[("Ben", t("points_n", n=4)), ("Anna", t("points_n", n=9)), ("Cara", t("points_n", n=12)),
                          ("Dörte", t("points_n", n=15))])),
        ("as_winner_p2", "WinnerView: the final table, page 2",
         WinnerView(title=t("game_short_arsch_selten_allein"), label=t("won_one"), winners=["Ben"],
                    rows=[("Ben", t("points_n", n=4)), ("Anna", t("points_n", n=9)), ("Cara", t("points_n", n=12)),
                          ("Dörte", t("points_n", n=15))], page=1)),
        ("as_winner_team", "WinnerView: the winning team (AS-07, AS-08)",
         WinnerView(title=t("game_short_arsch_selten_allein"), label=t("won_team"), winners=["Anna", "Cara"],
                    rows=[("Anna +", ""), ("Cara", t("points_n", n=6)), ("Ben +", ""),
                          ("Dörte", t("points_n", n=11))])),
        ("pr_winner", "WinnerView: Propter, five trophies win (PR-06)",
         WinnerView(title=pr, label=t("won_one"), winners=["Dörte"],
                    rows=[("Dörte", t("points_n", n=5)), ("Anna", t("points_n", n=3))])),
        ("pr_points", "ScoreView: trophies after a sting",
         ScoreView(title=t("pr_points"), rows=[("Anna", "1"), ("Ben", "3"), ("Dörte", "0")])),
        ("glass_refused", "GlassWeighView: a refusal, in the player's language",
         GlassWeighView(load_g=2350.0, steady=True, note=t("why_implausible", load_g="2350"))),
        ("glass_size", "ListView: the size of the glass",
         ListView(title=t("glass_size_title"), items=[t("glass_size_scaled")] + [
             t("glass_size_l", l=f"{x:g}".replace(".", ",") if lang == "de" else f"{x:g}") for x in (0.3, 0.4, 0.5, 1.0)],
             selected=3)),
        ("glass_offer", "ListView: a new game offers to keep the glass weighed before (named) or weigh another",
         ListView(title=t("glass_offer_title"), items=[t("glass_keep_g", g="700"), t("glass_other")], selected=0,
                  right=t("glass_size_short", l="0,5" if lang == "de" else "0.5"))),
        ("glass_first", "MessageView: a glass never weighed is weighed before the first fill (issue 30)",
         MessageView(title=t("glass_first_title"), lines=[t("glass_first_put"), t("glass_first_why")])),
        ("glass_done", "MessageView: the glass is weighed and filled: on to the game with one OK (issue 30)",
         MessageView(title=t("glass_done_title"), lines=[
             t("glass_done", g="702", size=t("glass_size_l", l="0,5" if lang == "de" else "0.5")),
             t("glass_filled", g="440"), t("glass_go_hint")])),
        ("glass_fill", "MessageView: the glass is weighed: now the beer (issue 30)",
         MessageView(title=t("glass_done_title"), lines=[
             t("glass_done", g="702", size=t("glass_size_l", l="0,5" if lang == "de" else "0.5")), t("glass_fill")])),
        ("glass_sure", "ConfirmView: a load that looks full: \"Glas wirklich leer?\" (issue 30)",
         ConfirmView(title=t("glass_title"), question=t("glass_sure_q"),
                     detail=t("glass_sure_over_full", load="1140", full="900"), yes=t("glass_sure_yes"),
                     no=t("glass_sure_no"))),
        ("cal_empty", "MessageView: calibration from the menu, empty platform",
         MessageView(title=t("cal_menu_title", i=1, n=2), lines=[t("cal_menu_empty")])),
        ("cal_mass", "NumberEntryView: the known mass, digit by digit",
         NumberEntryView(title=t("cal_mass_title"), digits="0500", cursor=1, hint=t("cal_mass_hint"))),
        ("cal_measuring", "MessageView: calibration, measuring",
         MessageView(title=t("cal_menu_title", i=2, n=2), lines=[t("cal_menu_known", g="500"), t("cal_measuring")])),
    ]


def samples(lang: str = "de") -> list[tuple[str, str, View]]:
    """Every sample screen, the flow screens' texts in ``lang``."""
    return _BASE + flow_samples(lang)


SAMPLES: list[tuple[str, str, View]] = samples("de")
