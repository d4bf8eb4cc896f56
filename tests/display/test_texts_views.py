"""Display strings (German game words, both languages complete) and the view types."""

from __future__ import annotations

import dataclasses

import pytest

from waage.display.texts import TEXTS, fmt_g, has_text, text, text_table
from waage.games import GAMES
from waage.display import views


def test_both_languages_have_the_same_keys():
    assert set(TEXTS["de"]) == set(TEXTS["en"])
    assert set(text_table("de")) == set(text_table("en"))
    for game in GAMES.values():  # each kit's own words in both languages
        table = game.text_table()
        assert set(table.get("de", {})) == set(table.get("en", {})), game.id


def test_german_uses_the_games_words():
    de = set(text_table("de").values())
    for word in ("Auserwählte(r)", "Pasch", "Einer-Pasch", "Treffer!", "Grammgenau!", "Daneben", "Glas leer",
                 "Nachfüllen", "Würfeln", "Ziel", "Sensorfehler"):
        assert word in de, word
    assert text("round", "de", n=3) == "Runde 3"
    assert text("round", "en", n=3) == "Round 3"


def test_unknown_language_falls_back_to_german_and_unknown_key_raises():
    assert text("verdict_hit", "fr") == "Treffer!"
    with pytest.raises(KeyError):
        text("no_such_key", "de")
    assert has_text("fault_stalled") and not has_text("fault_banana")


@pytest.mark.parametrize("grams,shown", [(28.5, "29"), (29.4999, "29"), (-0.5, "-1"), (0.0, "0"), (110.5, "111")])
def test_grams_are_rounded_half_away_from_zero(grams, shown):
    assert fmt_g(grams) == shown  # W-21: as the display shows it


def test_views_are_frozen_and_compare_by_value():
    a = views.ChosenView(round=1, player="Ben", target_g=50, min_g=45, max_g=55, reason="lowest")
    b = views.ChosenView(round=1, player="Ben", target_g=50, min_g=45, max_g=55, reason="lowest")
    assert a == b and a != dataclasses.replace(a, target_g=60)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.player = "Anna"  # type: ignore[misc]


def test_view_union_lists_every_view_with_the_agreed_fields():
    fields = {cls.__name__: [f.name for f in dataclasses.fields(cls)] for cls in views.VIEW_TYPES}
    assert fields["SetupView"] == ["players", "dice_mode", "glass_g", "beer_g", "starter"]
    assert fields["RollView"] == ["round", "player", "dice_mode", "rolls", "last_dice", "tie_break_name"]
    assert fields["DiceEntryView"] == ["player", "dice", "cursor"]
    assert fields["ChooseView"] == ["chooser", "candidates", "selected"]
    assert fields["TieBreakView"] == ["round", "name", "players"]
    assert fields["ChosenView"][:6] == ["round", "player", "target_g", "min_g", "max_g", "reason"]
    assert fields["DrinkingView"] == ["player", "target_g", "min_g", "max_g", "attempt", "drunk_g", "lifted"]
    assert fields["VerdictView"] == ["player", "grams", "target_g", "verdict", "attempt", "next_player"]
    assert fields["RefillView"] == ["remaining_g", "needed", "added_g", "consent_of"]
    assert fields["FaultView"] == ["kind", "detail"]
    assert fields["StatsView"] == ["per_player", "page", "columns", "title"]
    assert fields["MessageView"] == ["title", "lines"]
    assert fields["HelperGameView"] == ["game", "title", "lines"]
    assert fields["ListView"] == ["title", "items", "selected", "right", "marks"]
    assert fields["CountView"] == ["title", "label", "value", "unit", "right", "hint"]
    assert fields["ConfirmView"] == ["title", "question", "detail", "yes", "no", "yes_selected"]
    assert fields["TurnView"] == ["title", "right", "player", "lines", "hint", "dice"]
    assert fields["ScoreView"] == ["title", "rows", "right"]
    assert fields["ScaleView"] == ["net_g", "tared", "check"]
    assert fields["GlassWeighView"] == ["load_g", "steady", "size_l", "note"]
    assert fields["GlassUnknownView"] == ["reason", "load_g", "glass_g"]
    assert fields["NumberEntryView"] == ["title", "digits", "cursor", "unit", "hint", "label", "right"]
    assert fields["WinnerView"] == ["title", "label", "winners", "rows", "page"]
    assert len(views.VIEW_TYPES) == 23  # the join QR code lives with the web view (waage.display.qr_screen)
