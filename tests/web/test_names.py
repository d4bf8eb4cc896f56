"""Issue 20, findings 2 and 5: one name rule (``waage/names.py``) at every entry, and names stored
before it cleaned on load, never a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import unicodedata

import httpx
import pytest

from waage.app.scenario import load_scenario
from waage.app.setup import SETUP_FILE, with_saved_setup
from waage.app.store import StateStore
from waage.config import AppConfig, load_config
from waage.display.screens import render_image
from waage.display.views import ChosenView
from waage.errors import InputFileError
from waage.mqtt.settings import MqttSettings
from waage.names import NAME_MAX_CHARS, check_name, clean_name, clean_names
from waage.games.waagespiel.engine import Waagespiel
from waage.web.commands import SetupCommand

BAD = ["B\nen", "C\rara", "Tab\tby", "x" * (NAME_MAX_CHARS + 1), " Ben", "Zero\u200bWidth", "Line\u2028Sep", ""]


@pytest.mark.parametrize("name", BAD)
def test_the_rule_refuses_what_a_screen_cannot_draw(name):
    with pytest.raises(ValueError):
        check_name(name)
    cleaned = clean_name(name)
    assert check_name(cleaned) == cleaned


def test_the_rule_keeps_ordinary_names():
    for name in ("Anna", "Jürgen", "Zoë-Marie", "José Luis", "李小龙", "Maximilian-Alexa"):
        assert check_name(name) == name
    assert clean_names(["Anna\n", "Anna", "anna"]) == ["Anna", "Anna 2", "anna 3"]


def test_every_entry_uses_the_rule(served, tmp_path):
    # config
    cfg = tmp_path / "waage.toml"
    cfg.write_text('[game]\nplayers = ["Anna", "B\\nen"]\n')
    with pytest.raises(InputFileError, match="players.*control character"):
        load_config(cfg)
    cfg.write_text('[mqtt]\ntable = "' + "T" * 40 + '"\n')
    with pytest.raises(InputFileError, match="mqtt.table"):
        load_config(cfg)
    # scenario
    sc = tmp_path / "s.toml"
    sc.write_text('players = ["Anna", "' + "B" * 15000 + '"]\n[[input]]\nroll = "auto"\n')
    with pytest.raises(InputFileError, match="longer than 16"):
        load_scenario(sc)
    # web: 422 naming the field, nothing handed to the game
    s = served()
    for name in ("B\nen", "B" * 15000):
        r = httpx.post(s.base + "/api/setup", headers={"X-Waage-PIN": s.hub.pin},
                       json={"game": {"players": ["Anna", name]}})
        assert r.status_code == 422 and "game.players" in r.json()["errors"]
    assert s.submitted == []


def test_a_saved_setup_and_game_from_before_the_rule_resume_cleaned(tmp_path):
    """The crash loop of finding 2: a newline in a player name saved in web-setup.json (and so in
    game.json) crashed every start. Both are cleaned on load; the screens draw the names."""
    state = tmp_path / "state"
    state.mkdir()
    (state / SETUP_FILE).write_text(json.dumps({"kind": "setup", "game": {"players": ["Anna", "B\nen"],
                                                                         "starter": "B\nen"}}))
    config = with_saved_setup(AppConfig(), state)
    assert config.game.players == ["Anna", "B en"] and config.game.starter == "B en"
    store = StateStore(state)
    game = Waagespiel(["Anna", "Ben"])
    raw = game.state.model_dump(mode="json")
    text = json.dumps(raw).replace('"Ben"', '"B\\nen"')
    store.commit("waagespiel", game.state, [{"event": "game_started"}], {"game": "waagespiel",
                                                                          "players": ["Anna", "B\nen"]})
    saved = json.loads(store.game_path.read_text())
    saved["state"] = json.loads(text)
    store.game_path.write_text(json.dumps(saved))
    loaded = StateStore(state).load_game()
    assert loaded is not None and loaded.state["players"] == ["Anna", "B en"]
    assert loaded.config["players"] == ["Anna", "B en"] and "B\nen" not in json.dumps(loaded.state)
    image = render_image(ChosenView(player=clean_name("B\n" + "e" * 15000), target_g=30, min_g=27, max_g=33, round=1,
                                    reason="sum"))
    assert image.size == (128, 64)


def test_waage_run_with_a_newline_name_in_its_saved_setup_plays(tmp_path):
    cfg = tmp_path / "waage.toml"
    cfg.write_text('[sensor]\nkind = "fake"\nrate_sps = 10\n[display]\nkind = "terminal"\n[input]\nkind = "none"\n')
    state = tmp_path / "state"
    state.mkdir()
    os.utime(cfg, (time.time() - 100, time.time() - 100))  # the saved set-up is newer than the config
    (state / SETUP_FILE).write_text(json.dumps({"kind": "setup", "game": {"players": ["Anna", "B\nen"]}}))
    env = dict(os.environ)
    env.pop("NOTIFY_SOCKET", None)
    proc = subprocess.run([sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir",
                           str(state), "--keys-from-stdin"], input='input {"roll": "auto"}\n', capture_output=True,
                          text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    started = [json.loads(x) for x in (state / "session.jsonl").read_text().splitlines()][0]
    assert started["event"] == "game_started" and started["players"] == ["Anna", "B en"]


# ---------------------------------------------------------------------------------------- issue 27
NFD_JOSE = "Jose\u0301"  # "José" with a combining acute accent
CYRILLIC_ANNA = "\u0410nna"  # a Cyrillic capital A, then Latin "nna"
FULLWIDTH_ANNA = "\uff21\uff4e\uff4e\uff41"  # "Ａｎｎａ"


def test_look_alike_names_are_one_player_or_refused():
    """Issue 27, finding 6: "Anna" with a Cyrillic А, NFC vs NFD "José" and fullwidth letters were
    accepted as different players. NFKC makes NFD and fullwidth the same name; mixed scripts are refused."""
    from waage.names import name_key

    assert check_name(NFD_JOSE) == "José" and check_name(FULLWIDTH_ANNA) == "Anna"
    assert name_key(NFD_JOSE) == name_key("JOSÉ")
    with pytest.raises(ValueError, match="mixes Cyrillic and Latin"):
        check_name(CYRILLIC_ANNA)
    for name in ("Анна", "Ἀλέξανδρος", "さくら桜サクラ", "Zoë-Marie 2", "Jürgen"):  # one script each: kept
        assert check_name(name) == name
    assert clean_names(["Anna", FULLWIDTH_ANNA, "José", NFD_JOSE]) == ["Anna", "Anna 2", "José", "José 2"]


@pytest.mark.parametrize("twin", [NFD_JOSE, "JOSÉ"])
def test_the_config_and_the_web_take_a_look_alike_as_the_same_player(served, twin):
    with pytest.raises(ValueError, match="differ only in case|duplicate"):
        AppConfig.model_validate({"game": {"players": ["José", twin]}})
    s = served()
    for players in (["Anna", FULLWIDTH_ANNA], ["José", twin], ["Anna", CYRILLIC_ANNA]):
        r = httpx.post(s.base + "/api/setup", headers={"X-Waage-PIN": s.hub.pin},
                       json={"game": {"players": players}})
        assert r.status_code == 422 and "game.players" in r.json()["errors"], players
    assert s.submitted == []
    r = httpx.post(s.base + "/api/setup", headers={"X-Waage-PIN": s.hub.pin},
                   json={"game": {"players": ["Ben", NFD_JOSE]}})
    assert r.status_code == 202 and s.submitted[0].game.players == ["Ben", "José"]


def test_the_length_counts_the_name_as_it_is_kept():
    """Issue 27: a name is kept in NFKC form, so its length is that form's. A 16-character name
    typed decomposed (NFD, 21 code points, as some phone keyboards send it) is taken; one whose
    NFKC form is longer than the limit (a ligature "ﬃ" is "ffi") is refused, so no kept name is
    wider than the screens allow."""
    longest = "Özgür-Ülkü Bödef"
    nfd = unicodedata.normalize("NFD", longest)
    assert len(nfd) > NAME_MAX_CHARS and check_name(nfd) == longest
    with pytest.raises(ValueError, match=f"longer than {NAME_MAX_CHARS}"):
        check_name("Eﬃ" * 6)  # 12 code points, 24 characters kept
    with pytest.raises(ValueError, match=f"longer than {NAME_MAX_CHARS}"):
        check_name("e\u0301" * 10_000)  # refused before it is normalised
