"""``waage sim --interactive`` after a game switch (issue 21): the typed commands follow the game
played now, whether the menu (device keys ``b``/``n``/``p``/``o``) or a phone's ``/setup`` switched it."""

from __future__ import annotations

import io
import re

from waage.app.host import NewGame
from waage.app.sim import GameShell, Simulation
from waage.config import AppConfig

#: menu (b), down to "Spiel" (continue, new game, game), OK; the game list
TO_GAME_LIST = ["b", "n", "n", "o"]
#: players: done (all ticked), confirm: yes
CONFIRM = ["o", "n", "o"]


def run(sim: Simulation, lines: list[str], clock=None) -> str:
    out = io.StringIO()
    kwargs = {"clock": clock} if clock is not None else {}
    GameShell(sim, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, **kwargs).cmdloop()
    return out.getvalue()


def sim_with_log() -> tuple[Simulation, list[dict]]:
    log: list[dict] = []
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True, sinks=[log.append])
    sim.host.start(sim.scale.now_s)
    sim.pause(1.0)
    return sim, log


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end)]


def test_after_a_menu_switch_the_typed_commands_are_the_games_and_back_again():
    sim, log = sim_with_log()
    out = run(sim, [
        "help", "MARK1",
        *TO_GAME_LIST, "n", "o", *CONFIRM,                      # Willkommen am Arsch
        "help", "MARK2",
        "roll 1 2", "roll 3 4", "roll 5 6",                     # the opening: Anna the hat, at turn
        "roll 2 3", "field kneipe",                              # WA-06: everyone a bier
        *TO_GAME_LIST, "p", "o", *CONFIRM, "o",                  # back to the Waagespiel (keep the glass)
        "help", "MARK3",
        "roll 2 5",
        "quit",
    ])
    ws_help = section(out, "", "MARK1")
    assert "roll" in ws_help and "field" not in ws_help
    wa_help = section(out, "MARK1", "MARK2")
    assert "field" in wa_help and "stehtisch" in wa_help and "sip" not in wa_help
    back = section(out, "MARK2", "MARK3")
    assert "sip" in back.split("field kneipe")[-1]          # the Waagespiel's help again
    games = [r.get("game", "waagespiel") for r in log if r["event"] == "game_started"]
    assert games == ["waagespiel", "willkommen_am_arsch", "waagespiel"]
    kneipe = [r for r in log if r["event"] == "drink" and r.get("reason") == "kneipe"]
    assert sorted(r["player"] for r in kneipe) == ["Anna", "Ben", "Cara"]
    unknown = re.findall(r"(?:Den Befehl|Das Wort) '([^']*)'", out)
    assert unknown == ["MARK1", "MARK2", "MARK3"]                # every other line was a command of the game
    # the Waagespiel's shell answers the roll: its glass was never weighed, and the device leads through weighing it
    # first (a typed roll no longer gets past that, issue 26)
    assert "roll: erst das Glas wiegen" in out.split("MARK3")[-1]
    assert log[-1]["event"] == "stats"                       # quit: the Waagespiel's statistics


def test_after_a_phone_switch_the_next_line_is_already_the_new_games():
    sim, log = sim_with_log()
    sim.commands.put(NewGame(game="propter", players=("Anna", "Ben", "Cara")))  # /setup's command
    out = run(sim, ["help", "MARK", "choose Ben", "play Ben 2 exact", "quit"])
    assert "play" in section(out, "", "MARK") and "sip" not in section(out, "", "MARK")
    sting = next(r for r in log if r["event"] == "sting")
    assert (sting["player"], sting["slot"], sting["points"]) == ("Ben", 2, 1)
    assert log[-1]["event"] == "summary" and log[-1]["points"]["Ben"] == 1  # quit ends the game played now


def test_quit_in_a_helper_game_shows_its_statistics():
    from waage.display.views import StatsView

    sim, log = sim_with_log()
    sim.commands.put(NewGame(game="willkommen_am_arsch", players=("Anna", "Ben")))
    shown: list = []
    sim.display.show = shown.append
    run(sim, ["roll 1 2", "roll 3 4"])  # then the end of input: quit
    assert log[-1]["event"] == "summary" and "trottelmuetze" in log[-1]
    assert isinstance(shown[-1], StatsView) and list(shown[-1].per_player) == ["Anna", "Ben"]
    assert "hat_s" in shown[-1].columns


def test_a_helper_games_clock_follows_the_real_time_between_commands():
    """The Trottelmütze's time in the statistics comes from the records' t_s: in the simulator a
    helper game's records are stamped with the real time that passed (a fake clock here)."""
    sim, log = sim_with_log()
    sim.commands.put(NewGame(game="willkommen_am_arsch", players=("Anna", "Ben")))
    now = [100.0]

    def clock():
        now[0] += 30.0  # 30 s between two looks at the clock
        return now[0]

    run(sim, ["roll 1 2", "roll 3 4", "roll 2 3", "field trottelmuetze", "roll 2 2", "quit"], clock=clock)
    hats = [r for r in log if r["event"] == "trottelmuetze"]
    assert [h["player"] for h in hats] == ["Anna", "Anna"]
    steps = [r["t_s"] for r in log if r["event"] == "roll" and r.get("kind") != "opening"]
    assert steps[1] - steps[0] >= 50.0  # two commands with a minute between them, not 0.5 s


class Watcher:
    """A live observer keeping (clock reading, snapshot) of every snapshot the simulator publishes."""

    def __init__(self, clock) -> None:
        self.clock, self.seen = clock, []

    def record(self, line, record) -> None:
        pass

    def state(self, snapshot) -> None:
        self.seen.append((self.clock(), snapshot))

    def close(self) -> None:
        pass


def waagespiel_ages(watcher: Watcher) -> list[float]:
    """The sample age (s) each Waagespiel snapshot would show (the web's ``sample_age_s``), in order."""
    return [now - snap.sample_at for now, snap in watcher.seen if snap.game == "waagespiel"]


def test_back_from_a_helper_game_the_waagespiels_sample_is_fresh_not_a_fault():
    """Issue 30, point 7: after a helper game the TV showed a red "Die Waage liefert keine Messwerte (seit
    8 s)": the Waagespiel's first snapshot carried the time of a sample from before the switch. The
    simulated scale samples on while a helper game is played (its clock follows the real time), so the
    age is 0 at the switch, whether a phone or the device's menu switches back; and an interactive
    simulator that then waits for input says so (a note, not the fault banner). A fake clock, no sleeps."""
    for way_back in ("phone", "menu"):
        now = [1000.0]
        sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), fast=True)
        sim.clock = lambda: now[0]
        watcher = Watcher(sim.clock)
        sim.hub.add(watcher)
        sim.waits_for_input = True  # ``waage sim --interactive``
        sim.host.start(sim.scale.now_s)
        sim.pause(1.0)
        assert waagespiel_ages(watcher)[-1] == 0.0
        shell = GameShell(sim, stdin=io.StringIO(), stdout=io.StringIO(), clock=sim.clock)
        sim.commands.put(NewGame(game="propter", players=("Anna", "Ben", "Cara")))  # a phone's /setup
        for line in ("choose Anna", "play Anna 1 exact", "play Ben 2 exact"):
            now[0] += 8.0  # the table takes its time
            shell.onecmd(line)
        assert sim.host.engine.game_id == "propter"
        watcher.seen.clear()
        now[0] += 8.0
        if way_back == "phone":
            sim.commands.put(NewGame(game="waagespiel", players=("Anna", "Ben", "Cara")))
            shell.onecmd("help")
        else:  # the game menu: the game list, up to the Waagespiel, the players as they are, yes
            for key in [*TO_GAME_LIST, "p", "p", "p", "o", *CONFIRM]:
                shell.onecmd(key)
        assert sim.host.engine.game_id == "waagespiel", way_back
        ages = waagespiel_ages(watcher)
        assert ages and ages[0] == 0.0, (way_back, ages)
        assert watcher.seen[-1][1].details["sim_waits_for_input"] is True
