"""Screens: text stays on the 128×64 panel, umlauts are real glyphs, every view renders something."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from waage.display import views as v
from waage.display.fonts import font_name, get_font, safe_text
from waage.display.screens import fit, render, render_image, stats_pages, wrap
from waage.tools.samples import SAMPLES

LONG = "Maximilian-Alexander von Bödefeld"
TWELVE = [f"Spieler{i:02d}" for i in range(1, 12)] + ["Özgür-Ülkü"]
_STATS12 = {n: {"chosen": 12, "attempts": 99, "hits": 45, "exact": 9, "misses": 54, "grams": 4321.6} for n in TWELVE}

#: Extreme views: longest names, most players, four-digit grams, odd values.
STRESS: list[v.View] = [
    v.SetupView(players=TWELVE, dice_mode="manual", glass_g=1234.5, beer_g=9999.9, starter=LONG),
    v.SetupView(players=["Anna"], dice_mode="manual", glass_g=None, beer_g=None, starter="Anna"),
    v.RollView(round=999, player=LONG, dice_mode="manual", rolls=[(n, 12, True) for n in TWELVE],
               last_dice=(6, 6), tie_break_name="Quintrüll"),
    v.RollView(round=1, player=LONG, dice_mode="electronic", rolls=[], last_dice=None, tie_break_name="12-Trüll"),
    v.DiceEntryView(player=LONG, dice=(0, 7), cursor=0),
    v.ChooseView(chooser=LONG, candidates=TWELVE + [LONG], selected=12),
    v.ChooseView(chooser="Anna", candidates=[], selected=0),
    v.TieBreakView(round=12, name="12-Trüll", players=TWELVE),
    v.ChosenView(round=123, player=LONG, target_g=1200, min_g=1080, max_g=1320, reason="tie_break", pasch=True),
    v.ChosenView(round=1, player="Ä", target_g=20, min_g=18, max_g=22, reason="weird_reason"),
    v.DrinkingView(player=LONG, target_g=1200, min_g=1080, max_g=1320, attempt=123, drunk_g=12345.6, lifted=False),
    v.DrinkingView(player="Ö", target_g=20, min_g=18, max_g=22, attempt=1, drunk_g=-3.4, lifted=False),
    v.DrinkingView(player=LONG, target_g=20, min_g=18, max_g=22, attempt=1, drunk_g=None, lifted=True),
    v.VerdictView(player=LONG, grams=-1234, target_g=1200, verdict="emptied", attempt=99, next_player=LONG),
    v.VerdictView(player=LONG, grams=1200, target_g=1200, verdict="unknown", attempt=1, next_player=None),
    v.RefillView(remaining_g=-2.0, needed=True, added_g=12.0, consent_of=LONG),
    v.RefillView(remaining_g=9999.0, needed=False, added_g=None, consent_of=None),
    v.RefillView(remaining_g=9999.0, needed=False, added_g=9999.0, consent_of=LONG),
    v.FaultView(kind="a_very_long_unknown_fault_kind", detail="word " * 80),
    v.FaultView(kind="disconnected", detail=""),
    v.StatsView(per_player=_STATS12, page=2),
    v.StatsView(per_player={}, page=0),
    v.MessageView(title=LONG + LONG, lines=["Überlange Zeile " * 10, "", "x" * 200, "a", "b"]),
    v.HelperGameView(game="arsch_selten_allein", title=LONG, lines=["Äußerst " * 20]),
    v.HelperGameView(game="unknown_game", title="", lines=[]),
    v.ListView(title=LONG, items=TWELVE + [LONG], selected=12, right=LONG, marks=[True] * 13),
    v.ListView(title="Leer", items=[], selected=0),
    v.ListView(title="Feld", items=["Äußerst " * 9], selected=5, right="1/1", marks=[]),
    v.CountView(title=LONG, label=LONG, value=123456, unit="Pkt", right="12/12", hint="Äußerst " * 20),
    v.CountView(title="", label="", value=-3),
    v.ConfirmView(title=LONG, question=LONG + LONG, detail="Ü " * 80, yes=LONG, no=LONG, yes_selected=True),
    v.TurnView(title=LONG, right=LONG, player=LONG, lines=["Ä" * 90, "g" * 90, "x"], hint="j" * 90, dice=(0, 9)),
    v.TurnView(title="Propter", right="", player="", lines=[], hint=""),
    v.ScoreView(title=LONG, rows=[(LONG, LONG)] * 9, right="9/9"),
    v.ScoreView(title="Leer", rows=[]),
    v.ScoreView(title="Drei", rows=[(LONG, "12345678901234567890"), ("Ö", "ä"), ("jg", "gj")]),
]

ALL = [view for _, _, view in SAMPLES] + STRESS


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("view", ALL, ids=lambda view: type(view).__name__)
def test_no_text_drawn_outside_the_panel(view, lang, recording):
    img, draw = recording()
    render(view, draw, lang)
    assert draw.texts, "every screen draws some text"
    for s, (left, top, right, bottom) in draw.texts:
        assert left >= 0 and top >= 0 and right <= 128 and bottom <= 64, (s, (left, top, right, bottom))
    assert img.getbbox() is not None


def test_package_font_is_used_and_has_umlauts():
    assert font_name() == "DejaVu Sans Condensed Bold"
    f = get_font(12)

    def glyph(ch: str) -> bytes:
        img = Image.new("1", (20, 20), 0)
        ImageDraw.Draw(img).text((2, 2), ch, font=f, fill=255)
        assert img.getbbox() is not None, ch
        return img.tobytes()

    tofu = glyph("\U000F0000")  # private-use plane: no glyph -> the .notdef box
    base = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"}
    for ch in "äöüÄÖÜß":
        assert glyph(ch) != tofu, ch
        if ch in base:
            assert glyph(ch) != glyph(base[ch]), ch


def test_umlaut_dots_are_drawn_on_screen():
    def ink_rows(word: str) -> tuple[int, int]:
        img = render_image(v.HelperGameView(game="x", title=word, lines=[]))
        body = img.crop((0, 14, 128, 64))  # the title, below the header
        return body.getbbox()[1], body.histogram()[255]

    top_u, lit_u = ink_rows("u")
    top_ue, lit_ue = ink_rows("ü")
    assert top_ue < top_u - 1  # the dots sit clearly above the u
    assert 4 <= lit_ue - lit_u <= 60  # two dots, not a tofu box around the glyph


def test_same_view_same_picture_and_languages_differ():
    view = SAMPLES[8][2]
    assert render_image(view).tobytes() == render_image(view).tobytes()
    assert render_image(view, "de").tobytes() != render_image(view, "en").tobytes()


def test_render_rejects_non_views():
    img = Image.new("1", (128, 64))
    with pytest.raises(TypeError):
        render("hello", ImageDraw.Draw(img))  # type: ignore[arg-type]


def test_dice_entry_cursor_moves_the_highlight():
    imgs = [render_image(v.DiceEntryView(player="Anna", dice=(3, 4), cursor=c)) for c in (0, 1, 2)]
    assert len({i.tobytes() for i in imgs}) == 3


def test_choose_view_scrolls_to_keep_the_selection_visible(recording):
    names = [f"N{i}" for i in range(10)]
    _, draw = recording()
    render(v.ChooseView(chooser="Anna", candidates=names, selected=9), draw)
    shown = [s for s, _ in draw.texts]
    assert "N9" in shown and "N0" not in shown


def test_stats_pages_hold_four_players(recording):
    """Four players and two figures a page (issue 21: whole-word headers): the pages go through the
    figures, and for each through the players; with 12 players 3 × 3 pages."""
    names = [f"Sp{i:02d}" for i in range(1, 13)]
    stats = {n: {"chosen": 1, "attempts": 1, "hits": 1, "exact": 0, "misses": 0, "grams": 50} for n in names}
    view = v.StatsView(per_player=stats, page=1)
    assert stats_pages(view) == 9
    _, draw = recording()
    render(view, draw)
    shown = [s for s, _ in draw.texts]
    assert "Sp05" in shown and "Sp04" not in shown and "2/9" in shown
    assert "Treffer" in shown and "Daneben" in shown and "Gramm" not in shown
    _, draw = recording()
    render(v.StatsView(per_player=stats, page=8), draw)
    shown = [s for s, _ in draw.texts]
    assert "Sp12" in shown and "Versuche" in shown and "Gramm" in shown and "9/9" in shown


def test_drinking_shows_live_grams_rounded_and_lifted_hides_them(recording):
    _, draw = recording()
    render(v.DrinkingView("Cara", 90, 81, 99, 1, 28.5, False), draw)
    assert "29" in [s for s, _ in draw.texts]
    _, draw = recording()
    render(v.DrinkingView("Cara", 90, 81, 99, 1, None, True), draw)
    assert "Glas weg" in [s for s, _ in draw.texts]


@pytest.mark.parametrize("verdict,word", [("hit", "Treffer!"), ("exact", "Grammgenau!"), ("miss", "Daneben"),
                                          ("emptied", "Glas leer")])
def test_verdict_words(verdict, word, recording):
    _, draw = recording()
    render(v.VerdictView("Ben", 29, 30, verdict, 1, "Ben" if verdict != "miss" else None), draw)
    shown = [s for s, _ in draw.texts]
    assert word in shown and "29" in shown
    assert ("Nochmal!" in shown) == (verdict == "miss")


def test_refill_needs_consent_shown(recording):
    _, draw = recording()
    render(v.RefillView(remaining_g=400, needed=False, added_g=300, consent_of="Cara"), draw, "de")
    assert "Zustimmung: Cara" in [s for s, _ in draw.texts]  # W-33


def test_fit_and_wrap():
    f = get_font(11)
    assert fit("Anna", f, 200) == "Anna"
    cut = fit(LONG, f, 60)
    assert cut.endswith("…") and f.getlength(cut) <= 60
    lines = wrap("eins zwei drei vier fünf sechs sieben acht neun zehn " * 3, f, 100, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(f.getlength(line) <= 100 for line in lines)


def test_wrap_keeps_a_number_and_its_unit_on_one_line():
    """"Glas gewogen" once read "Leer 702 g, fasst 500 / g Bier.": a line never starts with the unit
    of a number that ends the line before."""
    f = get_font(11)
    for text in ("Leer 702 g, fasst 500 g Bier.", "Empty 702 g, holds 500 g of beer.", "Glas 0,5 l und 1000 g."):
        for width in range(40, 128):
            lines = wrap(text, f, width, 9)
            for before, after in zip(lines, lines[1:]):
                first = after.split()[0].rstrip(".,")
                assert not (first in ("g", "l") and before[-1:].isdigit()), (width, lines)


def test_safe_text_only_touches_the_bitmap_fallback():
    from PIL import ImageFont

    assert safe_text("Düll – 5…", get_font(11)) == "Düll – 5…"
    assert safe_text("Düll – 5…", ImageFont.load_default_imagefont()) == "Düll - 5..."


def test_fault_hints_fit_the_fault_screen_without_cutting():
    """Every German and English hint fits the two lines the fault screen has under a long kind name."""
    from waage.display.fonts import get_font
    from waage.display.screens import WIDTH, wrap
    from waage.display.texts import TEXTS

    font = get_font(9)
    for lang, table in TEXTS.items():
        for key, hint in table.items():
            if key.startswith("fault_hint_"):
                lines = wrap(hint, font, WIDTH - 2, 2)
                assert not lines[-1].endswith("…"), (lang, key, lines)


def test_stats_give_a_long_name_the_room_of_one_figure(recording):
    """issue 21: a 16-character name beside two figures was cut ("WWWWWWW…"); the table then shows
    one figure a page (twice the pages) and the name whole, in a smaller or the mono face."""
    stats = {n: {"chosen": 1, "attempts": 1, "hits": 1, "exact": 0, "misses": 0, "grams": 50}
             for n in ("Anna", "WWWWWWWWWWWWWWWW")}
    short = v.StatsView(per_player={"Anna": stats["Anna"]})
    long = v.StatsView(per_player=stats)
    assert stats_pages(short) == 3 and stats_pages(long) == 6
    _, draw = recording()
    render(long, draw)
    shown = [s for s, _ in draw.texts]
    assert "WWWWWWWWWWWWWWWW" in shown and "Treffer" in shown and "Daneben" not in shown
