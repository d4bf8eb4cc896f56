"""Issues 22 and 29: one registry of games (``waage.games``). A fifth game is one kit package (engine, device UI,
its texts, its spec) and one registry line; every list of games (config, CLI, menu, scenarios, the web's
game list, the samples, the engines, the game options) is derived from the registry."""

from __future__ import annotations

import ast
import io
import json
import sys
import textwrap
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
from waage.games import GameSpec, registered
from waage.inputs.keys import Key
from waage.ui import DeviceUi

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "waage"

#: the fifth game, written as a game author writes one: an engine module and a device UI module
ENGINE = '''
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.game import InputRejected
from waage.rules.helpers.common import HelperInput


class CoinInput(HelperInput):
    model_config = ConfigDict(extra="forbid", strict=True)
    ACTIONS: ClassVar[tuple[str, ...]] = ("toss",)

    toss: Literal["kopf", "zahl"] | None = None


class CoinState(BaseModel):
    players: list[str]
    turn: int = 0
    heads: dict[str, int] = Field(default_factory=dict)


class Muenzwurf:
    """Each player in turn tosses a coin; heads counts."""

    game_id = "muenzwurf"
    uses_scale = False
    state_type = CoinState
    input_model = CoinInput

    def __init__(self, players):
        self.state = CoinState(players=list(players))

    @property
    def players(self):
        return list(self.state.players)

    def start(self):
        return [{"event": "game_started", "game": self.game_id, "players": self.players}]

    def apply(self, given):
        given = given.given() if isinstance(given, CoinInput) else given
        if set(given) != {"toss"} or given["toss"] not in ("kopf", "zahl"):
            raise InputRejected("only a toss of kopf or zahl fits")
        who = self.current_player
        self.state.heads[who] = self.state.heads.get(who, 0) + (given["toss"] == "kopf")
        self.state.turn += 1
        return [{"event": "toss", "player": who, "side": given["toss"]}]

    @classmethod
    def resume(cls, state):
        engine = cls(state.players)
        engine.state = state
        return engine

    def summary(self):
        return {"event": "summary", "heads": dict(self.state.heads)}

    @property
    def current_player(self):
        return self.state.players[self.state.turn % len(self.state.players)]

    @property
    def phase(self):
        return "toss"

    def expects(self):
        return ["toss"]
'''

UI = '''
from waage.display.views import HelperGameView, MessageView
from waage.inputs.keys import Key


class MuenzwurfUi:
    game_id = "muenzwurf"
    busy = False

    def __init__(self, ui):
        self.ui = ui

    def cancel(self):
        pass

    def on_key(self, key, t_s):
        return self.ui.submit({"toss": "kopf" if key is Key.OK else "zahl"}, t_s)

    def view(self, now):
        host = self.ui.host
        return MessageView(title=self.ui.t("game_muenzwurf"),
                           lines=[self.ui.t("muenzwurf_turn", name=host.engine.current_player)])

    def stats_view(self):
        return MessageView(title=self.ui.t("game_muenzwurf"), lines=[])


def screen(engine, events, lang):
    from waage.display.texts import text

    return HelperGameView(game=engine.game_id, title=text("game_muenzwurf", lang),
                          lines=[text("muenzwurf_turn", lang, name=engine.current_player)])
'''

#: its texts: ``{lang: {key: template}}``, named in its spec (``GameSpec.texts``)
KIT_TEXTS = {"de": {"game_muenzwurf": "Münzwurf", "muenzwurf_turn": "{name} wirft"},
             "en": {"game_muenzwurf": "Coin toss", "muenzwurf_turn": "{name} tosses"}}

#: its spec, in the kit's ``__init__.py``
INIT = '''
from waage.games.spec import GameSpec

SPEC = GameSpec("muenzwurf", "muenzwurf.engine:Muenzwurf", "muenzwurf.ui:MuenzwurfUi", screen="muenzwurf.ui:screen",
                texts="muenzwurf.texts:TEXTS")
'''


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """The fifth game: one kit package of its own (spec, engine, UI, texts) and one registry line
    (``register(SPEC)``, what a line in ``waage.games.KITS`` does); gone after the test."""
    kit = tmp_path / "muenzwurf"
    kit.mkdir()
    (kit / "__init__.py").write_text(textwrap.dedent(INIT))
    (kit / "engine.py").write_text(textwrap.dedent(ENGINE))
    (kit / "ui.py").write_text(textwrap.dedent(UI))
    (kit / "texts.py").write_text(f"TEXTS = {KIT_TEXTS!r}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from muenzwurf import SPEC

    with registered(SPEC):  # the one registry line
        yield SPEC
    for name in [m for m in sys.modules if m == "muenzwurf" or m.startswith("muenzwurf.")]:
        sys.modules.pop(name)


def test_a_fifth_game_is_one_package_and_one_registry_line(fifth_game):
    """The files the fifth game needed: its kit's (engine, UI, texts, spec), all in one package;
    nothing of ``waage/`` changed but the registry line."""
    kit = Path(sys.modules["muenzwurf"].__file__).parent
    assert texts.text("muenzwurf_turn", "en", name="Ben") == "Ben tosses"
    used = {Path(sys.modules[fifth_game.engine_class().__module__].__file__),
            Path(sys.modules[fifth_game.ui_class().__module__].__file__),
            Path(sys.modules["muenzwurf.texts"].__file__)}
    assert {p.parent for p in used} == {kit}
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
    with pytest.raises(ValidationError, match="Input should be 'waagespiel', 'willkommen_am_arsch', "
                                              "'arsch_selten_allein' or 'propter'"):
        GameSettings(game="muenzwurf")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["sim", "--game", "muenzwurf"])
    scenario = tmp_path / "coin.toml"
    scenario.write_text('game = "muenzwurf"\nplayers = ["Anna", "Ben"]\n')
    with pytest.raises(InputFileError, match="unknown game"):
        load_scenario(scenario)
    from waage.rules.engines import games

    assert list(games()) == ["waagespiel", "willkommen_am_arsch", "arsch_selten_allein", "propter"]


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
    for key in (Key.NEXT,) * 4 + (Key.OK, Key.OK, Key.NEXT, Key.OK):  # Münzwurf, "Fertig", "Ja"
        ui.on_key(key)
    assert ctl.engine.game_id == "muenzwurf"
    assert ui.view() == MessageView(title="Münzwurf", lines=["Anna wirft"])
    ui.on_key(Key.OK)
    assert records[-1] == {**records[-1], "event": "toss", "player": "Anna", "side": "kopf"}
    assert ui.view() == MessageView(title="Münzwurf", lines=["Ben wirft"])
    from waage.app import wiring

    snap = wiring.snapshot(ctl, ui.view())
    assert snap.game == "muenzwurf" and snap.details["helper"] == {"title": "Münzwurf", "lines": ["Ben wirft"]}


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
    assert [g["id"] for g in games] == ["waagespiel", "willkommen_am_arsch", "arsch_selten_allein", "propter",
                                        "muenzwurf"]
    assert games[-1] == {"id": "muenzwurf", "title": {"de": "Münzwurf", "en": "Coin toss"}, "uses_scale": False,
                         "dice": False, "team_players": None}
    assert games[0]["uses_scale"] and games[0]["dice"] and games[2]["team_players"] == 4


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
    (``waage/games/<id>/``) lists it. (``tools/samples.py`` may show a picture of one game; it
    is a sample, not a list; ``display/helper_texts.py`` still holds the helper games' words.)"""
    naming = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if _named_in_code(p, game)}
    naming -= {"tools/samples.py", "display/helper_texts.py"}
    assert naming and all(p.startswith(f"games/{game}/") for p in naming), naming
