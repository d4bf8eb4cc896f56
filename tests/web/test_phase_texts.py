"""issue 21: every helper game's web header showed raw text keys ("phase_field", "phase_turn",
"phase_play"): live.js looks up ``"phase_" + phase`` in the texts served as /static/i18n.js."""
from typing import get_args

import pytest

from waage.display.web_texts import web_texts
from waage.games.arsch_selten_allein import engine as arsch_selten_allein
from waage.games.propter import engine as propter
from waage.games.willkommen_am_arsch import engine as willkommen_am_arsch

HELPER_PHASES = {m.__name__.rsplit(".", 1)[1]: get_args(m.Phase)
                 for m in (willkommen_am_arsch, arsch_selten_allein, propter)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_helper_phase_has_a_header_text_in_each_language(lang):
    texts = web_texts()[lang]
    for game, phases in HELPER_PHASES.items():
        for phase in phases:
            shown = texts.get(f"phase_{phase}")
            assert shown and not shown.startswith("phase_"), (game, phase)


def test_the_header_words_are_the_languages_own():
    de, en = web_texts()["de"], web_texts()["en"]
    assert (de["phase_field"], de["phase_turn"], de["phase_play"]) == ("Feld wählen", "Am Zug", "Runde läuft")
    assert (en["phase_field"], en["phase_turn"], en["phase_play"]) == ("Choose a field", "Turn", "Round on")
