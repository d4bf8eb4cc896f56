"""The Waagespiel's typed simulator shell (``waage sim --interactive``) speaks the display's language.

German by default, English with ``[display] language = "en"`` (or ``--lang en``), and it
follows the game menu's language switch. The typed command words (the replay's words)
stay as they are in both languages.
"""

from __future__ import annotations

import io
import re

import pytest

from waage.app.sim import InteractiveShell, Simulation
from waage.config import AppConfig
from waage.display.helper_texts import SIM_WORDS
from waage.games.waagespiel.texts import SIM_HELP

#: every message type of the shell: rejected by the engine (choose), refused by the glass's
#: position (put), bad dice, no number, negative, too long a wait, unknown command, the help
SCRIPT = "choose Ben\nput\nroll 9 9\ndrink x\ndrink -1\nwait 700\nbogus\nhelp\nhelp sip\nquit\n"
COMMANDS = {"roll", "choose", "lift", "drink", "put", "sip", "refill", "wait", "bump", "glass", "phone", "stats", "quit"}
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
FIELD = re.compile(r"\{[^}]*\}|'[^']*'")  # placeholders and quoted command words are no words


def words(strings) -> set[str]:
    return {w.lower() for s in strings for w in WORD.findall(FIELD.sub(" ", s))}


def _table_words(lang: str) -> set[str]:
    return words(v for k, v in SIM_WORDS[lang].items() if k.startswith("ws_")) | \
        words(m for _, m in SIM_HELP[lang])


#: words only the English shell says, and words only the German one says
ENGLISH = _table_words("en") - _table_words("de") - COMMANDS
GERMAN = _table_words("de") - _table_words("en") - COMMANDS


def transcript(config: AppConfig, script: str = SCRIPT, lang: str | None = None) -> str:
    sim = Simulation(config, seed=1, out=io.StringIO(), fast=True, lang=lang)
    sim.host.start(0.0)
    sim.pause(1.0)
    out = io.StringIO()
    InteractiveShell(sim, stdin=io.StringIO(script), stdout=out).cmdloop()
    return out.getvalue()


def said(out: str) -> set[str]:
    """The words of the shell's lines, without the prompt, the help's command column and quoted input."""
    lines = [line.replace("waage>", "") for line in out.splitlines()]
    lines = [line.split(None, 1)[-1] if line.strip().split(" ")[0] in COMMANDS else line for line in lines]
    return words(lines) - COMMANDS - {"bogus", "ben"}


def test_the_tables_tell_the_languages_apart():
    assert {"not", "number", "unknown", "lists"} <= ENGLISH
    assert {"zahl", "negativ", "zeigt", "befehle"} <= GERMAN
    assert set(SIM_WORDS["de"]) == set(SIM_WORDS["en"])
    assert [s for s, _ in SIM_HELP["de"]] == [s for s, _ in SIM_HELP["en"]]


def test_german_by_default_without_an_english_word():
    out = transcript(AppConfig())
    assert "Nicht jetzt: Gerade ist keine Wahl dran." in out          # the device UI's rejection text
    assert "Nicht jetzt: Das Glas steht auf der Waage" in out
    assert not said(out) & ENGLISH, said(out) & ENGLISH
    assert said(out) & GERMAN >= {"zahl", "negativ", "befehle", "höchstens"}


@pytest.mark.parametrize("how", ["config", "option"])
def test_english_when_configured(how):
    if how == "config":
        out = transcript(AppConfig.model_validate({"display": {"language": "en"}}))
    else:  # waage sim --lang en over a German config
        out = transcript(AppConfig(), lang="en")
    assert "Not now: No choice is asked for now." in out
    assert "Not now: The glass stands on the scale" in out
    assert "roll: two whole numbers 1–6" in out
    assert not said(out) & GERMAN, said(out) & GERMAN
    assert said(out) & ENGLISH >= {"number", "negative", "unknown", "most"}


def test_the_command_words_stay_the_replays_words_in_both_languages():
    for lang in ("de", "en"):
        out = transcript(AppConfig(), "help\nquit\n", lang=lang)
        listed = {line.split()[0] for line in out.replace("waage>", "").splitlines()[1:] if line.strip()}
        assert COMMANDS <= listed, (lang, COMMANDS - listed)


def test_the_shell_follows_the_menus_language_switch():
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True)
    sim.host.start(0.0)
    out = io.StringIO()
    shell = InteractiveShell(sim, stdin=io.StringIO(""), stdout=out)
    shell.onecmd("bogus")
    sim.ui.set_language("en")        # what the menu's language entry does
    shell.onecmd("bogus")
    first, second = out.getvalue().splitlines()
    assert words([first]) & GERMAN and not words([first]) & ENGLISH
    assert words([second]) & ENGLISH and not words([second]) & GERMAN


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_help_names_the_menu_entry_as_the_menu_shows_it(lang):
    """The English help said its "Statistik" entry: the English menu says "Statistics"."""
    from waage.display.texts import text

    [stats_help] = [m for s, m in SIM_HELP[lang] if s == "stats"]
    assert text("menu_stats", lang) in stats_help
    other = text("menu_stats", "en" if lang == "de" else "de")
    assert other not in stats_help
