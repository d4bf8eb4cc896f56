"""Issues 22 and 29: one registry of games (``waage.games``). A fifth game is one kit package (engine, device UI,
its texts, its spec) and one registry line; every list of games (config, CLI, menu, scenarios, the web's
game list, the samples, the engines, the game options) is derived from the registry."""

from __future__ import annotations

import ast
import importlib
import io
import json
import re
import sys
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from waage import games as registry
from waage.app.replay import build, replay
from waage.app.scenario import Scenario, helper_game_ids, load_scenario
from waage.cli import build_parser
from waage.config import AppConfig, GameSettings
from waage.display import texts
from waage.display.views import ListView, MessageView
from waage.errors import InputFileError
from waage.inputs.keys import Key
from waage.ui import DeviceUi

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "waage"

def test_a_fifth_game_is_one_package_and_one_registry_line(fifth_game):
    """The files the fifth game needed: its kit's (``tests/games/muenzwurf/``: spec, engine with its chance
    hook, events, UI, texts, screen), all in one package; nothing of ``waage/`` changed but the registry line."""
    kit = Path(sys.modules["muenzwurf"].__file__).parent
    assert texts.text("muenzwurf_turn", "en", name="Ben") == "Ben tosses"
    hooks = [fifth_game.engine, fifth_game.ui, fifth_game.chance, fifth_game.events, fifth_game.texts,
             fifth_game.sim_help, fifth_game.screen, fifth_game.narration, fifth_game.summary]
    used = {Path(importlib.import_module(hook.partition(":")[0]).__file__) for hook in hooks}
    assert {p.parent for p in used} == {kit}
    assert {p.name for p in kit.glob("*.py")} == {"__init__.py", "engine.py", "events.py", "texts.py", "screen.py",
                                                  "ui.py"}
    assert texts.has_text("game_muenzwurf", "de")


def test_a_kits_text_may_not_take_a_shared_key_with_another_text(fifth_game, monkeypatch):
    kit_texts = fifth_game.text_table()
    monkeypatch.setitem(kit_texts["de"], "round", "Wurf {n}")
    texts.text_table.cache_clear()
    try:
        with pytest.raises(ValueError, match="'round' of the game 'muenzwurf'"):
            texts.text("round", "de", n=1)
    finally:
        monkeypatch.undo()
        texts.text_table.cache_clear()
    assert texts.text("round", "de", n=1) == "Runde 1"


def test_the_fifth_game_is_in_the_config_the_cli_the_scenarios_and_the_engines(fifth_game, tmp_path):
    assert GameSettings(game="muenzwurf").game == "muenzwurf"
    assert AppConfig.model_validate({"game": {"game": "muenzwurf"}}).game.game == "muenzwurf"
    sim = build_parser().parse_args(["sim", "--game", "muenzwurf"])
    assert sim.game == "muenzwurf"
    assert "muenzwurf" in helper_game_ids()
    scenario = tmp_path / "coin.toml"
    scenario.write_text('game = "muenzwurf"\nplayers = ["Anna", "Ben"]\n[[input]]\ntoss = "kopf"\n'
                        '[[input]]\ntoss = "zahl"\n')
    out = io.StringIO()
    replay(load_scenario(scenario), out=out)
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [
        {"event": "game_started", "step": 0, "game": "muenzwurf", "players": ["Anna", "Ben"]},
        {"event": "toss", "step": 1, "player": "Anna", "side": "kopf"},
        {"event": "toss", "step": 2, "player": "Ben", "side": "zahl"},
        {"event": "summary", "step": 2, "heads": {"Anna": 1, "Ben": 0}}]
    from waage.rules.engines import games

    assert games()["muenzwurf"].__name__ == "Muenzwurf"


def test_without_its_registry_line_the_game_is_unknown_everywhere(tmp_path):
    assert "muenzwurf" not in registry.GAMES
    with pytest.raises(ValidationError, match=re.escape(f"Input should be {registry.expected_words()}")):
        GameSettings(game="muenzwurf")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["sim", "--game", "muenzwurf"])
    scenario = tmp_path / "coin.toml"
    scenario.write_text('game = "muenzwurf"\nplayers = ["Anna", "Ben"]\n')
    with pytest.raises(InputFileError, match="unknown game"):
        load_scenario(scenario)
    from waage.rules.engines import games

    assert list(games()) == list(registry.GAMES)


def test_the_menu_offers_the_fifth_game_and_plays_it_with_its_own_ui(fifth_game):
    records: list[dict] = []
    ctl, fake = build(Scenario(players=["Anna", "Ben", "Cara"]), None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ui = DeviceUi(ctl, setup_done=True)
    for key in (Key.BACK, Key.NEXT, Key.NEXT, Key.OK):  # menu -> "Spiel wählen"
        ui.on_key(key)
    pick = ui.view()
    assert isinstance(pick, ListView) and pick.items[-1] == "Münzwurf"
    steps = list(registry.GAMES).index(fifth_game.id) - list(registry.GAMES).index(ctl.engine.game_id)
    for key in (Key.NEXT,) * steps + (Key.OK, Key.OK, Key.NEXT, Key.OK):  # Münzwurf, "Fertig", "Ja"
        ui.on_key(key)
    assert ctl.engine.game_id == "muenzwurf"
    assert ui.view() == MessageView(title="Münzwurf", lines=["Anna wirft"])
    ui.on_key(Key.OK)
    assert records[-1] == {**records[-1], "event": "toss", "player": "Anna", "side": "kopf"}
    assert ui.view() == MessageView(title="Münzwurf", lines=["Ben wirft"])
    from waage.app import wiring

    snap = wiring.snapshot(ctl, ui.view())
    assert snap.game == "muenzwurf"
    assert snap.details["helper"] == {"title": "Münzwurf", "lines": ["Anna: Kopf", "Ben wirft", "0× Kopf"]}


def test_the_webs_game_list_comes_from_the_registry(fifth_game):
    from waage.web.commands import setup_of
    from waage.web.hub import WebHub
    from waage.web.server import Controls, WebServer

    hub = WebHub()
    server = WebServer(hub, Controls(hub, lambda command: None, lambda: setup_of(AppConfig())), "127.0.0.1", 0).start()
    try:
        games = httpx.get(f"http://127.0.0.1:{server.port}/api/games").json()
    finally:
        server.close()
    assert [g["id"] for g in games] == list(registry.GAMES) and games[-1]["id"] == "muenzwurf"
    assert games[-1] == {"id": "muenzwurf", "title": {"de": "Münzwurf", "en": "Coin toss"}, "uses_scale": False,
                         "dice": False, "team_players": None}
    for game in games:
        spec = registry.GAMES[game["id"]]
        assert (game["uses_scale"], game["dice"], game["team_players"]) == (spec.uses_scale, spec.dice,
                                                                             spec.team_players)


def _named_in_code(path: Path, word: str) -> bool:
    """True when ``path`` has ``word`` as a string constant outside docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return any(isinstance(n, ast.Constant) and n.value == word and id(n) not in docs for n in ast.walk(tree))


@pytest.mark.parametrize("game", [g.id for g in registry.GAMES.values() if not g.uses_scale])
def test_a_helper_games_id_is_written_only_in_its_kit(game):
    """The measure of the files a game touches, on the real games: no module outside its kit
    (``waage/games/<id>/``) lists it, its words, screen and simulator help included. (``tools/samples.py``
    may show a picture of one game; it is a sample, not a list.)"""
    naming = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if _named_in_code(p, game)}
    naming -= {"tools/samples.py"}
    assert naming and all(p.startswith(f"games/{game}/") for p in naming), naming
