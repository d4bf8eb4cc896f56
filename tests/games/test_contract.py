"""Issue 29: one contract over every game of the registry (``GAMES``) and the toy fifth game, Münzwurf
(``tests/games/muenzwurf/``, a kit package registered by the ``fifth_game`` fixture).

Each game: starts; takes one input of each kind (its input model's actions, from its scenarios; a game
that weighs: its dice) and what its chance hook may draw (``"auto"``); draws its screen (the device UI
and, for a game that does not weigh, its kit's screen), which fits the 128×64 OLED; words its records
and its summary (the narration) in German and English; has simulator help in both; gives statistics or
none (a stats module is optional); and shows its prompt in the web snapshot.
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path
from typing import Any

import pytest

from waage.app.narration import narrate as scale_narrate
from waage.app.replay import build
from waage.app.scenario import Scenario, load_scenario
from waage.app.wiring import snapshot
from waage.display.helper_texts import LANGS, narrate, sim_help
from waage.display.screens import HEIGHT, WIDTH, render, trace_texts
from waage.games import GAMES, spec
from waage.rules.dice import SeededDice
from waage.ui import DeviceUi

REPO = Path(__file__).resolve().parents[2]
#: the toy fifth game (registered by the ``fifth_game`` fixture for its cases)
TOY = "muenzwurf"
PLAYERS = ["Anna", "Ben", "Cara", "Dora"]
SCENARIO_DIRS = [REPO / "tests" / "scenarios", Path(__file__).parent]


def scenario_paths(game: str) -> list[Path]:
    """The scenarios of ``game`` (``game = "<id>"``) among ours and the toy kit's, valid ones only."""
    out = []
    for folder in SCENARIO_DIRS:
        for path in sorted(folder.rglob("*.toml")):
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
            if raw.get("game") == game and raw.get("input"):
                out.append(path)
    return out


@pytest.fixture(params=[*GAMES, TOY])
def kit(request: pytest.FixtureRequest) -> Any:
    """The spec of each registered game, and of the toy fifth game (registered for the test)."""
    if request.param == TOY:
        return request.getfixturevalue("fifth_game")
    return spec(request.param)


def started(kit: Any, records: list[dict[str, Any]]) -> Any:
    """A host with ``kit``'s game started for ``PLAYERS`` (a game that weighs: its glass on the scale)."""
    host, fake = build(Scenario(players=PLAYERS), None, [records.append])
    host.start(0.0)
    host.on_samples(fake.wait(1.0))
    if host.engine.game_id != kit.id:
        host.new_game(kit.id, list(PLAYERS))
    return host


def says(kit: Any, record: dict[str, Any], lang: str) -> str | None:
    if kit.uses_scale:
        return scale_narrate(record, lang)
    return narrate(record, lang, kit.id)


def fits(view: Any, lang: str) -> list[str]:
    """What does not fit the panel on ``view``'s screen: text off the panel or cut (empty: all fits)."""
    from PIL import Image, ImageDraw

    with trace_texts() as trace:
        render(view, ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT), 0)), lang)
    return [f"{t.text!r} {t.box}{' cut' if t.cut else ''}" for t in trace.drawn if t.text.strip()
            and (t.cut or t.box[0] < 0 or t.box[1] < 0 or t.box[2] > WIDTH or t.box[3] > HEIGHT)]


def test_a_game_starts_takes_each_kind_of_input_and_shows_it(kit):
    records: list[dict[str, Any]] = []
    host = started(kit, records)
    assert host.engine.game_id == kit.id and records
    ui = DeviceUi(host, roster=PLAYERS)
    seen = [ui.view()]
    if kit.uses_scale:  # its dice: the input a game that weighs takes from the device's keys
        assert "roll" in host.engine.expects()
        assert host.apply({"roll": "auto"})[0]["event"] != "input_rejected"
        seen.append(ui.view())
    else:  # one input of each kind: its scenarios' inputs through the host (as the device's keys give them)
        kinds: set[str] = set()
        paths = scenario_paths(kit.id)
        assert paths, f"{kit.id} has no scenario"
        for path in paths:
            scenario = load_scenario(path)
            options = {"teams": True} if getattr(scenario, "teams", False) else {}
            host.new_game(kit.id, list(scenario.players), **options)
            for given in scenario.input:
                kinds |= set(given) & set(host.engine.input_model.ACTIONS)
                host.apply(dict(given))
                seen.append(ui.view())
                for lang in LANGS:
                    view = kit.screen_of(host.engine, host.last_events, lang)
                    assert view.game == kit.id and view.title and len(view.lines) <= 3
                    assert not fits(view, lang), view
        assert kinds == set(host.engine.input_model.ACTIONS)
    for view in seen:
        assert not fits(view, "de"), view


def test_what_a_kit_leaves_to_chance_is_drawn_by_its_hook(kit):
    host = started(kit, [])
    engine = host.engine
    for key in engine.expects():
        given = {key: "auto"}
        resolved = kit.resolve_chance(engine, given, SeededDice(1))
        if kit.chance is None:
            assert resolved == given  # nothing left to chance: the input as it was given
        elif resolved != given:
            assert resolved[key] != "auto"
            out = host.apply(given)
            assert out and out[0]["event"] != "input_rejected", out
            return
    assert kit.chance is None, f"{kit.id}'s chance hook drew nothing of {engine.expects()}"


@pytest.mark.parametrize("lang", LANGS)
def test_its_records_and_summary_have_words_and_its_simulator_help(kit, lang):
    records: list[dict[str, Any]] = []
    host = started(kit, records)
    for given in ([{"roll": "auto"}] if kit.uses_scale else [dict(g) for p in scenario_paths(kit.id)[:1]
                                                              for g in load_scenario(p).input]):
        host.apply(given)
    host.finish()
    if not kit.uses_scale:  # its records: from its game_started on (the host starts with the Waagespiel)
        records = records[max(i for i, r in enumerate(records) if r["event"] == "game_started"
                              and r.get("game") == kit.id):]
    said = [says(kit, r, lang) for r in records]
    assert any(said)
    if not kit.uses_scale:  # a game that does not weigh words every record it logs, its summary too
        assert all(said), [r for r, s in zip(records, said) if not s]
        assert all("{" not in s for s in said if s)
        assert said[-1] == narrate(host.engine.summary(), lang, kit.id) and records[-1]["event"] == "summary"
    rows = sim_help(kit.id, lang)
    assert rows and all(syntax for syntax, _ in rows)
    if not kit.uses_scale:
        from waage.app.helper_sim import HelperShell

        out = io.StringIO()
        shell = HelperShell(kit.id, list(PLAYERS), SeededDice(1), display=type("D", (), {"show": print})(),
                            lang=lang, stdout=out)
        shell.do_help("")
        assert all(syntax in out.getvalue() for syntax, _ in rows)


def test_its_statistics_and_its_snapshot_with_its_prompt(kit):
    records: list[dict[str, Any]] = []
    host = started(kit, records)
    stats = kit.stats_of(records, list(PLAYERS))
    assert stats is None or set(stats.players) == set(PLAYERS)  # a stats module is optional
    ui = DeviceUi(host, roster=PLAYERS)
    snap = snapshot(host, ui.view())
    assert snap.game == kit.id and list(snap.players) == PLAYERS
    if kit.uses_scale:
        assert snap.current in PLAYERS  # who rolls: the page's prompt
    else:  # the page's prompt: the kit's screen, as the device's typed simulator shows it
        view = kit.screen_of(host.engine, host.last_events, "de")
        assert snap.details["helper"] == {"title": view.title, "lines": view.lines}


def test_a_game_without_hooks_gets_plain_correct_defaults(monkeypatch):
    """Münzwurf with only its engine, UI and texts: no other game's behaviour, no KeyError (issue 29: an
    unknown game was Propter on the screen, and the summary, the typed events and the help raised)."""
    from waage.display.helper_screen import helper_view
    from waage.display.helper_texts import summary_text
    from waage.games import GameSpec, registered
    from waage.rules.helpers.events import typed_helper

    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    from muenzwurf import SPEC as full

    bare = GameSpec(full.id, full.engine, full.ui, texts=full.texts)
    with registered(bare):
        records: list[dict[str, Any]] = []
        host = started(bare, records)
        assert host.last_events[0] == {**host.last_events[0], "event": "game_started", "game": TOY}
        assert bare.screen_of(host.engine, host.last_events, "de") == helper_view(host.engine, host.last_events)
        view = helper_view(host.engine, host.last_events, "en")
        assert (view.title, view.lines) == ("Coin toss", ["Anna's turn"])
        assert bare.resolve_chance(host.engine, {"toss": "auto"}, SeededDice(1)) == {"toss": "auto"}
        refused = host.apply({"toss": "auto"})  # nothing left to chance: the engine refuses it
        assert refused[0]["event"] == "input_rejected"
        view = helper_view(host.engine, refused, "de")
        assert view.lines == ["Nicht jetzt", "Anna ist dran"]
        assert narrate(refused[0], "de", TOY) == "Nicht angenommen: Nicht jetzt."  # its code has no words
        host.apply({"toss": "kopf"})
        assert [type(e).__name__ for e in typed_helper(TOY, host.last_events)] == []
        assert narrate(host.last_events[0], "de", TOY) == ""  # no words of its own: none
        assert summary_text(host.engine.summary(), "de", TOY) == "Stand: heads: Anna 1."
        assert sim_help(TOY, "en") == [("toss", "")]
        assert bare.stats_of(records, PLAYERS) is None
