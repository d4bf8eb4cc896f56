"""Issue 30, point 8: ``waage sim`` kept nothing, so Ctrl-C lost the game. ``waage sim --state-dir DIR``
keeps it as ``waage run`` does (``game.json`` + ``session.jsonl``, ``waage/app/store.py``) and the same
command resumes it where it stood: the same round, players and rolls, the log going on."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from waage.app.store import StateStore
from tests.app.test_sim_and_ui import WEIGH_AND_FILL


def sim(state: Path, out: Path) -> subprocess.Popen:
    """``waage sim --interactive --state-dir STATE`` with typed commands on its stdin."""
    with open(out, "a", encoding="utf-8") as stdout:  # a file: a pipe nobody reads would fill up
        return subprocess.Popen([sys.executable, "-m", "waage.cli", "sim", "--interactive", "--fast", "--seed", "4",
                                 "--state-dir", str(state)], stdin=subprocess.PIPE, stdout=stdout,
                                stderr=subprocess.PIPE, text=True)


def logged(state: Path) -> list[dict]:
    path = state / "session.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def test_a_simulated_game_stopped_with_ctrl_c_resumes_where_it_stood(tmp_path: Path) -> None:
    state, out = tmp_path / "state", tmp_path / "terminal.txt"
    first = sim(state, out)
    try:
        first.stdin.write(WEIGH_AND_FILL + "roll 3 5\n")  # a new game's glass is weighed empty first (issue 30)
        first.stdin.flush()
        deadline = time.monotonic() + 30
        while not any(r["event"] == "roll" for r in logged(state)):
            assert first.poll() is None and time.monotonic() < deadline, first.stderr.read()
            time.sleep(0.05)
        other = subprocess.run([sys.executable, "-m", "waage.cli", "sim", "--interactive", "--fast", "--state-dir",
                                str(state)], input="", capture_output=True, text=True, timeout=60)
        assert other.returncode == 2 and "another" in other.stderr  # one game per state directory, as `waage run`
        first.send_signal(signal.SIGINT)  # Ctrl-C
        assert first.wait(timeout=15) == 130
    finally:
        first.kill()
        first.stdin.close()
    before = logged(state)
    events = [r["event"] for r in before]
    assert events[0] == "game_started" and "glass_weighed" in events and events[-1] == "roll"
    assert events.count("round_started") == 1
    saved = StateStore(state).load_game()
    assert saved is not None and saved.state["round"] == 1

    second = sim(state, out)
    _, err = second.communicate("roll 2 4\nquit\n", timeout=60)
    assert second.returncode == 0, err
    # 'quit' narrates "Spielende: Statistik"; a new-user trial (issue 26) took that for the end: it is kept
    terminal = out.read_text(encoding="utf-8")
    assert f"Das Spiel ist in {state} gespeichert" in terminal and "Pause: Statistik bis hier." in terminal
    assert "Spielende" not in terminal and "Spiel fortgesetzt, Runde 1." in terminal
    after = logged(state)
    assert after[:len(before)] == before  # the log goes on
    resumed = after[len(before)]
    assert (resumed["event"], resumed["game"], resumed["round"], resumed["phase"], resumed["current"]) == (
        "game_resumed", "waagespiel", 1, "rolling", "Ben")
    assert [r["event"] for r in after].count("game_started") == 1  # no new game
    rolls = [(r["player"], r["dice"], r["round"]) for r in after if r["event"] == "roll"]
    assert rolls == [("Anna", [3, 5], 1), ("Ben", [2, 4], 1)]  # Ben rolls next in the same round
    game = StateStore(state).load_game()
    assert game is not None and game.state["players"] == before[0]["players"]
    assert [(r["player"], r["dice"]) for r in game.state["rolls"]] == [("Anna", [3, 5]), ("Ben", [2, 4])]


def test_the_option_is_in_the_help_and_the_readme() -> None:
    from waage.cli import build_parser

    sub = next(a for a in build_parser()._subparsers._group_actions if a.dest == "verb").choices["sim"]
    assert "--state-dir DIR" in sub.format_help() and "resumes it" in " ".join(sub.format_help().split())
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "--state-dir DIR" in readme and "./run-sim --interactive --state-dir" in readme


def test_a_simulated_game_stopped_with_the_glass_in_the_air_resumes_with_it_still_lifted(tmp_path: Path) -> None:
    """Found by a new-user trial (issue 26): stopped after ``lift`` and ``drink 30``, the resumed simulator put the
    glass back at its weight before the lift: at once a sip of 0 g ("Anna trinkt 0 g: daneben", a miss she never
    made), and ``put`` was refused. The saved game says the glass is lifted, so the simulated one is too, with the
    beer it held when the simulator stopped (``sim_glass.json``, a later trial): put back, the 30 g are judged."""
    state, out = tmp_path / "state", tmp_path / "terminal.txt"
    first = sim(state, out)
    try:
        first.stdin.write(WEIGH_AND_FILL + "roll 1 2\nroll 3 4\nroll 5 6\nroll 6 5\nlift\ndrink 30\n")
        first.stdin.flush()
        deadline = time.monotonic() + 30

        def drunk() -> bool:
            saved = StateStore(state).load_game()
            kept = state / "sim_glass.json"
            if saved is None or not saved.state.get("lifted") or not kept.exists():
                return False
            glass = json.loads(kept.read_text(encoding="utf-8"))
            return glass["lifted"] and saved.state["reference_g"] - glass["load_g"] > 29.0

        while not drunk():  # the lift is kept in game.json (a power cut finds the glass in the drinker's hand)
            assert first.poll() is None and time.monotonic() < deadline, "the lift was never saved"
            time.sleep(0.05)
        first.send_signal(signal.SIGINT)
        assert first.wait(timeout=15) == 130
    finally:
        first.kill()
        first.stdin.close()
    before = logged(state)
    chosen = next(r for r in before if r["event"] == "chosen")
    assert not [r for r in before if r["event"] == "sip"]

    second = sim(state, out)
    _, err = second.communicate("wait 2\nput\nwait 3\nquit\n", timeout=60)
    assert second.returncode == 0, err
    sips = [r for r in logged(state) if r["event"] == "sip"]
    assert len(sips) == 1 and sips[0]["player"] == chosen["player"] and sips[0]["grams"] == 30


def test_a_simulated_game_stopped_mid_drink_resumes_with_the_glass_in_the_hand(tmp_path: Path) -> None:
    """A new-user trial (issue 26): ``lift``, ``drink 48``, Ctrl-D, then the same command again and ``put``: the
    put-back was judged 0 g (the simulated glass came back as it stood before the lift). The simulator keeps its
    glass beside the game (``sim_glass.json``), so the 48 g are judged."""
    state = tmp_path / "state"
    command = [sys.executable, "-m", "waage.cli", "sim", "--interactive", "--fast", "--seed", "5", "--log",
               "--state-dir", str(state)]
    first = subprocess.run(command, input=WEIGH_AND_FILL + "o\nwait 1\nroll 4 4\nwait 1\nlift\ndrink 48\n",
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    kept = json.loads((state / "sim_glass.json").read_text(encoding="utf-8"))
    assert kept["lifted"] and kept["lines"] == len(logged(state))
    chosen = next(r for r in logged(state) if r["event"] == "chosen")
    second = subprocess.run(command, input="wait 1\nput\nwait 2\n", capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    (sip,) = [r for r in logged(state) if r["event"] == "sip"]
    assert sip["player"] == chosen["player"] and sip["grams"] == 48


def test_the_kept_glass_belongs_to_its_moment_of_the_game(tmp_path: Path) -> None:
    """``sim_glass``: the glass kept for 11 log lines is used only with a log of 11 lines; a swapped glass
    (``glass 700``) comes back as that glass; an unreadable file is no glass (the saved game's reference is used)."""
    from waage.app import sim_glass
    from waage.sensors.fake import FakeScale

    scale = FakeScale(10.0, 0.0, seed=1, glass_g=700.0, beer_g=300.0)
    scale.lift()
    scale.drink(48.0)
    sim_glass.keep(tmp_path, 11, scale)
    kept = sim_glass.kept(tmp_path, 11)
    assert kept is not None and (kept.glass_g, kept.load_g, kept.lifted, kept.beside_g) == (700.0, 952.0, True, 0.0)
    assert sim_glass.kept(tmp_path, 12) is None
    (tmp_path / sim_glass.FILE).write_text('{"lines": 11, "glass_g": -5}', encoding="utf-8")
    assert sim_glass.kept(tmp_path, 11) is None
