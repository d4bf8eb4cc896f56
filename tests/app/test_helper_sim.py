"""`waage sim --game NAME`: the helper games driven by typed commands in the player's words."""

from __future__ import annotations

import io
import json

import pytest

from waage.app.helper_sim import CommandError, HelperShell, parse_command
from waage.display.terminal import TerminalDisplay
from waage.rules.dice import SeededDice
from waage.games import GAMES


@pytest.mark.parametrize("line, game, given", [
    ("roll", "willkommen_am_arsch", {"roll": "auto"}),
    ("roll 3 4 by Ben", "willkommen_am_arsch", {"roll": [3, 4], "by": "Ben"}),
    ("field kneipe meets Anna Ben cards bier", "willkommen_am_arsch",
     {"field": "kneipe", "meets": ["Anna", "Ben"], "cards": ["bier"]}),
    ("feld schuettelbude einladen Cara getraenk kurzer", "willkommen_am_arsch",
     {"field": "schuettelbude", "invite": "Cara", "drink": "kurzer"}),
    ("pee Anna allowed", "willkommen_am_arsch", {"pee": "Anna", "allowed": True}),
    # field names that are also command words ("stehtisch", "pinkeln") are the field here
    ("feld stehtisch", "willkommen_am_arsch", {"field": "stehtisch"}),
    ("field pinkeln", "willkommen_am_arsch", {"field": "pinkeln"}),
    ("stehtisch kurzer", "willkommen_am_arsch", {"stehtisch_add": "kurzer"}),
    ("stehtisch_add kurzer 2", "willkommen_am_arsch", {"stehtisch_add": "kurzer", "count": 2}),
    ("points Anna=3 Ben=5", "arsch_selten_allein", {"points": {"Anna": 3, "Ben": 5}}),
    ("punkte Anna=0", "arsch_selten_allein", {"points": {"Anna": 0}}),
    ("pass Ben", "arsch_selten_allein", {"pass": "Ben"}),
    ("finish", "arsch_selten_allein", {"finish": True}),
    ("play Anna slot 2 match exact", "propter", {"play": "Anna", "slot": 2, "match": "exact"}),
    ("legt anna 3 kategorie", "propter", {"play": "anna", "slot": 3, "match": "category"}),
])
def test_words_become_the_contract_input(line, game, given):
    """The command words give exactly the input dict a scenario's [[input]] table would hold."""
    assert parse_command(line, game) == given
    engine = GAMES[game].engine_class()(["Anna", "Ben", "Cara"])
    engine.parse(given)  # and the same input model accepts it


@pytest.mark.parametrize("line, code", [("bogus", "unknown"), ("points Anna", "points_form"),
                                        ("play Anna slot zwei match exact", "number")])
def test_unreadable_words_are_named(line, code):
    game = "arsch_selten_allein" if line.startswith("points") else "propter"
    with pytest.raises(CommandError) as exc:
        parse_command(line, game)
    assert exc.value.code == code


def test_a_point_count_that_is_no_number_names_the_player():
    """Said "'1.5' ist keine Zahl (bei count)": "count" is no word of the table's."""
    with pytest.raises(CommandError) as exc:
        parse_command("points Anna=3 Ben=1.5", "arsch_selten_allein")
    assert (exc.value.code, exc.value.details) == ("number", {"key": "Ben", "word": "1.5"})


def shell(game, lines, lang="de", players=("Anna", "Ben", "Cara")):
    out, log = io.StringIO(), []
    sh = HelperShell(game, list(players), SeededDice(2), TerminalDisplay(stream=io.StringIO(), lang=lang),
                     lang=lang, log=log.append, stdin=io.StringIO("".join(f"{x}\n" for x in lines) + "quit\n"),
                     stdout=out)
    sh.cmdloop()
    return sh, out.getvalue(), log


def test_a_meeting_and_points_can_be_typed_and_every_input_is_narrated():
    """Issue 7: ``field NAME meets`` and ``points`` work; one narration line after every input."""
    sh, out, log = shell("willkommen_am_arsch", ["roll 1 2", "roll 3 4", "roll 5 6", "roll 2 3",
                                                 "field kneipe meets ben"])
    assert "Anna bekommt die Trottelmütze." in out
    assert "Anna landet auf Kneipe und trifft Ben." in out
    assert sh.engine.drinks["Ben"]["bier"] == 2  # meeting + Kneipe
    assert [e["step"] for e in log if e["event"] == "field"] == [5]
    sh, out, _ = shell("arsch_selten_allein", ["choose Cara", "out Cara", "points Anna=3 Ben=5"])
    assert sh.engine.totals == {"Anna": 3, "Ben": 5, "Cara": 0}
    assert "Runde 2: Ben beginnt." in out


def test_help_and_rejections_are_in_the_players_language():
    """One language per message: German by default, English with lang="en"."""
    _, out, log = shell("propter", ["help", "next Anna", "play Zoe 1 exact"])
    assert "abwerfen ohne Nachziehen" in out
    assert "Nicht angenommen: Jetzt wird" not in out  # nobody chose yet: "not_now" in German
    assert "Nicht angenommen: Nicht jetzt (Wahl)." in out
    assert "Zoe spielt nicht mit (Spieler: Anna, Ben, Cara)." in out
    assert [e["code"] for e in log if e["event"] == "input_rejected"] == ["not_now"]
    _, out, _ = shell("propter", ["help", "next Anna"], lang="en")
    assert "discard without drawing" in out and "Not taken: not now (choice)." in out


@pytest.mark.parametrize("lang,line,said", [
    ("de", "play Ben", "'play' braucht noch: slot, match ('help' zeigt die Befehle)."),
    ("de", "play Ben 2", "'play' braucht noch: match ('help' zeigt die Befehle)."),
    ("en", "play Ben", "'play' also needs: slot, match ('help' lists the commands)."),
])
def test_a_play_without_its_slot_or_match_says_what_is_missing(lang, line, said):
    """Was "Das passt nicht: ? = {"play": "Ben"}": the engine's model check has no field to name."""
    _, out, log = shell("propter", ["choose Ben", line], lang=lang)
    assert said in out and "? =" not in out
    assert [e["event"] for e in log] == ["game_started", "turn"]  # nothing was applied


def test_log_lines_are_json_with_steps():
    """--log: every event as a JSON line with ``step`` (0 for game_started)."""
    _, _, log = shell("propter", ["choose Ben", "play ben 1 exact"])
    assert [(e["event"], e["step"]) for e in log] == [("game_started", 0), ("turn", 1), ("play", 2),
                                                      ("sting", 2), ("turn", 2)]
    json.dumps(log)


def test_waage_sim_game_with_log_and_english(tmp_path):
    """The CLI: ``waage sim --game propter --lang en --log`` reads commands, narrates, logs JSON lines."""
    import subprocess
    import sys
    from pathlib import Path

    cfg = tmp_path / "sim.toml"
    cfg.write_text('[game]\ngame = "propter"\nplayers = ["Anna", "Ben"]\n', encoding="utf-8")
    waage = Path(sys.executable).with_name("waage")
    p = subprocess.run([str(waage), "sim", "--config", str(cfg), "--lang", "en", "--log"],
                       input="choose ben\nplay Ben 2 exact\nquit\n", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    logged = [json.loads(x[x.index('{"event"'):]) for x in p.stdout.splitlines() if '{"event"' in x]
    assert [(e["event"], e["step"]) for e in logged][-3:] == [("play", 2), ("sting", 2), ("turn", 2)]
    assert "Ben takes BS 2 (score 1)." in p.stdout


def test_sim_interactive_helper_game_runs_on_the_device_host_with_typed_inputs_and_keys():
    """``waage sim --game propter --interactive``: typed inputs (the replay words) go through the
    device's host, whose log gets them; ``b`` is the device's long press (the game menu). PR-03, PR-04."""
    import io

    from waage.app.sim import Simulation
    from waage.config import AppConfig, GameSettings
    from waage.display.views import ListView

    sim = Simulation(AppConfig(game=GameSettings(players=["Anna", "Ben"])), 3, io.StringIO(), fast=True)
    log: list[dict] = []
    sim.host.sinks.append(log.append)
    sim.host.new_game("propter", ["Anna", "Ben"])
    sim.new_ui()
    out = io.StringIO()
    shell = HelperShell("propter", ["Anna", "Ben"], sim.host.dice, sim.display, host=sim.host,
                        keys=sim.ui.on_key, redraw=sim.show, stdout=out,
                        stdin=io.StringIO("choose ben\nplay Ben slot 2 match exact\nb\nquit\n"))
    shell.cmdloop()
    events = [r["event"] for r in log]
    assert events[0] == "game_started" and "play" in events
    sting = next(r for r in log if r["event"] == "sting")
    assert (sting["player"], sting["slot"], sting["points"]) == ("Ben", 2, 1)
    assert all("t_s" in r for r in log)  # stamped by the host like every session-log record
    view = sim.ui.view()
    assert isinstance(view, ListView) and view.title.startswith("Menü")


@pytest.mark.parametrize("game", ["willkommen_am_arsch", "arsch_selten_allein", "propter"])
def test_names_with_a_space_need_quotes_and_help_and_the_error_say_so(game):
    """Issue 21: ``out Özlem Çelik-Öst`` (no quotes) was answered "Das Wort 'Çelik-Öst' kenne ich hier
    nicht" with no hint; ``help`` of every helper shell and that error now say that such a name goes
    in quotes, and the quoted name works."""
    players = ("Özlem Çelik-Öst", "Ben", "Cara")
    _, out, _ = shell(game, ["help"], players=players)
    assert "Leerzeichen in Anführungszeichen" in out
    _, out, _ = shell(game, ["help"], lang="en", players=players)
    assert "a name with a space in quotes" in out
    if game == "arsch_selten_allein":
        _, out, _ = shell(game, ["choose Özlem Çelik-Öst"], players=players)
        assert ("Das Wort 'Çelik-Öst' kenne ich hier nicht. "
                "Ein Name mit Leerzeichen gehört in Anführungszeichen") in out
        sh, out, _ = shell(game, ['choose "Özlem Çelik-Öst"'], players=players)
        assert sh.engine.current_player == "Özlem Çelik-Öst"
