"""issue 29: every game's web details are its kit's typed, versioned contract (waage/live/details.py), built
by the hook its GameSpec names; the pages read these fields, never an engine's internal state."""

from __future__ import annotations

import importlib

import pytest

from waage.app import wiring
from waage.config import AppConfig, GameSettings
from waage.display.views import MessageView
from waage.games import GAMES
from waage.live.details import WebDetails
from waage.rules.dice import SeededDice


PLAYERS = ["Anna", "Ben", "Cara", "Dora"]


def _snapshot(game: str):
    config = AppConfig(game=GameSettings(game=game, players=PLAYERS))
    host = wiring.make_host(config, wiring.new_engine(config), SeededDice(5), new_pipeline=None)
    host.start(0.0)
    return host, wiring.snapshot(host, MessageView(title="", lines=[]), 1, lang="en")


def _model(game: str) -> type[WebDetails]:
    """The contract a game's hook returns (its GamePage's details' class)."""
    host, _ = _snapshot(game)
    return type(GAMES[game].web_page(host, "de").details)


@pytest.mark.parametrize("game", [g for g in GAMES if not GAMES[g].uses_scale])
def test_the_details_are_the_kits_contract_and_nothing_of_the_engine(game):
    host, snap = _snapshot(game)
    model = _model(game)
    assert issubclass(model, WebDetails) and snap.details["version"] == 1
    assert set(snap.details) == set(model.model_fields) | {"lang"}
    assert model.model_validate({k: v for k, v in snap.details.items() if k != "lang"})
    # none of the engine's own field names but those the contract chose to keep (the pages cannot lean on them)
    private = set(type(host.engine.state).model_fields) - set(model.model_fields)
    assert private and not private & set(snap.details)
    prompt = snap.details["prompt"]
    assert set(prompt["do"]) == {"de", "en"} and (prompt["ask"] or prompt["who"] is not None)
    assert snap.details["phase_word"]["en"] and snap.details["helper"]["title"]


def test_every_game_names_a_web_hook_in_its_own_package():
    for game in GAMES.values():
        assert game.web is not None and game.web.startswith(f"waage.games.{game.id}.web:"), game.id
        module, _, name = game.web.partition(":")
        assert callable(getattr(importlib.import_module(module), name))


def test_a_game_without_a_hook_gets_who_is_at_turn_and_its_screen(fifth_game):  # noqa: F811
    _, snap = _snapshot("muenzwurf")
    assert snap.details["prompt"] == {"who": ["Anna"], "ask": None, "do": {"de": "Anna wirft 0× Kopf", "en": "Anna tosses 0× heads"}}
    assert snap.details["phase_word"] == {"de": "Spiel läuft", "en": "Playing"}
    assert snap.details["result"] is None and snap.details["version"] == 1


def test_the_waagespiel_details_keep_their_fields():
    _, snap = _snapshot("waagespiel")
    assert {"t_s", "round", "attempt", "rolls", "dice", "remaining_g", "reference_g", "verdict", "stats", "glass",
            "glass_unknown", "weighing", "load_g", "steady", "tared", "lang", "version"} <= set(snap.details)
    assert snap.phase == "setup" and snap.grams is None and snap.sample_at is None


def test_the_shared_page_scripts_name_no_game():
    """games.js, stats.js, live.js draw every game from its details; a game's own view is its kit's view.js
    (the one id left: an old log's game_started without a ``game`` is the Waagespiel's)."""
    from waage.web.server import STATIC

    for name in ("games.js", "stats.js", "live.js", "scale.js", "stream.js", "i18n.js"):
        script = (STATIC / name).read_text(encoding="utf-8")
        script = script.replace('r.game || "waagespiel"', "r.game")
        assert [g for g in GAMES if g in script] == [], name


def test_every_kits_view_is_served_in_its_own_scope(fifth_game):  # noqa: F811
    from waage.web.server import views_js

    script = views_js()
    assert [g for g in GAMES if f"GAME_VIEWS.{g} = " in script] == [
        g for g in GAMES if GAMES[g].view is not None] == ["willkommen_am_arsch", "arsch_selten_allein", "propter"]
    assert script.count("(() => {") == 3  # the toy game has no view of its own: it shows its prompt
