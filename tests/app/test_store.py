"""State directory: the write-ahead record, the session log, recovery after a kill at any byte."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from waage.app import store as store_module
from waage.app.store import StateStore
from waage.files import write_atomic
from waage.app.wiring import resume_or_new
from waage.config import AppConfig, GameSettings
from waage.games.waagespiel.engine import GameState, Waagespiel


def test_write_atomic_replaces_whole_file_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "sub" / "game.json"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]


@pytest.mark.parametrize("fails", ["fsync", "replace"])
def test_write_atomic_that_dies_midway_keeps_the_old_file_whole(tmp_path, monkeypatch, fails):
    target = tmp_path / "game.json"
    write_atomic(target, "old state")

    def boom(*args, **kwargs):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(store_module.os, fails, boom)
    with pytest.raises(OSError):
        write_atomic(target, "new state that never lands")
    monkeypatch.undo()
    assert target.read_text() == "old state"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def _game_mid_round() -> Waagespiel:
    g = Waagespiel(["Anna", "Ben", "Cara"])
    g.start()
    g.scale_ready(750.0)
    return g


def test_commit_writes_the_state_ahead_then_appends_its_records(tmp_path):
    store = StateStore(tmp_path)
    g = _game_mid_round()
    store.commit("waagespiel", g.state, [{"event": "scale_ready", "t_s": 1.0}], {"game": "waagespiel"})
    records = [{"event": "roll", "t_s": 2.0, "player": "Anna", "dice": [2, 3]}]
    g.roll((2, 3))
    store.commit("waagespiel", g.state, records, {"game": "waagespiel"}, dice_rolled=1)
    store.close()
    saved = store.load_game()
    assert saved.game == "waagespiel" and saved.log_lines_before == 1 and saved.records == records
    assert saved.dice_rolled == 1
    assert GameState.model_validate(saved.state) == g.state and g.state.next_to_roll == "Ben"
    lines = store.log_path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["event"] for x in lines] == ["scale_ready", "roll"]


def test_a_kill_at_every_byte_of_the_append_is_completed_once_on_recovery(tmp_path):
    """issue 13: state and log agree after a kill at any instant; no decision is logged twice."""
    live = tmp_path / "live"
    store = StateStore(live)
    g = _game_mid_round()
    store.commit("waagespiel", g.state, [{"event": "scale_ready", "t_s": 1.0, "reference_g": 750.0}])
    before = store.log_path.read_bytes()
    g.roll((1, 2))
    g.roll((3, 3))  # a Pasch: three records in one decision
    decision = [{"event": "roll", "t_s": 3.0, "player": "Ben", "dice": [3, 3], "note": "Düll"},
                {"event": "round_ended", "t_s": 3.0, "reason": "pasch"},
                {"event": "chosen", "t_s": 3.0, "player": "Anna", "target_g": 50}]
    store.commit("waagespiel", g.state, decision)
    store.close()
    full = store.log_path.read_bytes()
    assert full.startswith(before) and full.count(b"\n") == 4
    for cut in range(len(before), len(full) + 1):
        copy = tmp_path / f"cut{cut}"
        shutil.copytree(live, copy)
        with open(copy / "session.jsonl", "r+b") as fh:
            fh.truncate(cut)
        again = StateStore(copy)
        saved = again.recover()
        again.close()
        assert (copy / "session.jsonl").read_bytes() == full, f"cut at byte {cut}"
        assert again.lines == 4
        assert GameState.model_validate(saved.state).chosen.player == g.state.chosen.player
        shutil.rmtree(copy)


def test_a_kill_before_the_state_lands_leaves_the_decision_unmade(tmp_path, monkeypatch):
    store = StateStore(tmp_path)
    g = _game_mid_round()
    store.commit("waagespiel", g.state, [{"event": "scale_ready", "t_s": 1.0}])
    state_before = store.game_path.read_text()
    log_before = store.log_path.read_bytes()
    g.roll((2, 2))

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # the process dies inside write_atomic

    monkeypatch.setattr(store_module.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.commit("waagespiel", g.state, [{"event": "roll", "t_s": 2.0}])
    monkeypatch.undo()
    store.close()
    again = StateStore(tmp_path)
    saved = again.recover()
    assert store.game_path.read_text() == state_before and store.log_path.read_bytes() == log_before
    assert GameState.model_validate(saved.state).next_to_roll == "Anna"


def test_a_log_that_does_not_match_the_saved_decision_is_left_alone(tmp_path):
    store = StateStore(tmp_path)
    g = _game_mid_round()
    store.commit("waagespiel", g.state, [{"event": "a", "t_s": 0.0}, {"event": "b", "t_s": 0.0}])
    store.close()
    lines = store.log_path.read_text().splitlines()
    store.log_path.write_text(lines[0].replace('"a"', '"x"') + "\n")  # edited by hand
    again = StateStore(tmp_path)
    again.recover()
    assert again.log_path.read_text().splitlines() == [lines[0].replace('"a"', '"x"')]


def test_corrupt_state_is_kept_aside_and_a_new_game_begins(tmp_path, caplog):
    store = StateStore(tmp_path)
    store.game_path.write_text("{half a fi")
    with caplog.at_level("WARNING", logger="waage.app.store"):
        assert store.load_game() is None
    assert (tmp_path / "game.json.bad").read_text() == "{half a fi"
    # the journal says why the saved game is gone (was silent; a wrong version already warned)
    assert "unreadable" in caplog.text and "game.json.bad" in caplog.text


def test_a_version_1_state_file_is_read_as_a_waagespiel(tmp_path):
    store = StateStore(tmp_path)
    g = _game_mid_round()
    store.game_path.write_text(g.state.model_dump_json())
    saved = store.load_game()
    assert saved.game == "waagespiel" and GameState.model_validate(saved.state) == g.state
    engine, _, preface = resume_or_new(store, _config(["Anna", "Ben", "Cara"]))
    assert engine.state == g.state and preface == []
    engine, _, preface = resume_or_new(store, _config(["Anna", "Ben"]))  # as version 1 did: new players, new game
    assert engine.state.players == ["Anna", "Ben"] and preface[0]["reason"] == "config_changed"


def _config(players: list[str], game: str = "waagespiel") -> AppConfig:
    return AppConfig(game=GameSettings(game=game, players=players))


def _save(store: StateStore, engine, config: AppConfig) -> None:
    store.commit(engine.game_id, engine.state, [{"event": "game_started", "t_s": 0.0}],
                 {"game": config.game.game, "players": config.game.players})
    store.close()


def test_resume_keeps_a_game_whose_config_is_unchanged_even_with_other_players(tmp_path):
    """A game started from the device menu with its own players resumes as it was."""
    store = StateStore(tmp_path)
    config = _config(["Anna", "Ben", "Cara"])
    menu_game = Waagespiel(["Dora", "Emil"])
    menu_game.start()
    _save(store, menu_game, config)
    engine, rolled, preface = resume_or_new(StateStore(tmp_path), config)
    assert engine.state.players == ["Dora", "Emil"] and preface == [] and rolled == 0


def test_resume_after_the_player_list_changed_in_the_config_starts_a_new_game_and_says_so(tmp_path):
    store = StateStore(tmp_path)
    old = _config(["Anna", "Ben", "Cara"])
    g = Waagespiel(old.game.players)
    g.start()
    _save(store, g, old)
    new = _config(["Anna", "Ben", "Cara", "Dora"])
    engine, _, preface = resume_or_new(StateStore(tmp_path), new)
    assert engine.state.players == ["Anna", "Ben", "Cara", "Dora"] and engine.state.round == 0
    assert preface == [{"event": "game_replaced", "game": "waagespiel", "reason": "config_changed",
                        "saved": {"game": "waagespiel", "players": ["Anna", "Ben", "Cara"]},
                        "config": {"game": "waagespiel", "players": ["Anna", "Ben", "Cara", "Dora"]}}]
    assert store.load_game().config["players"] == ["Anna", "Ben", "Cara"]  # until the new game's first decision


def test_resume_a_helper_game_of_the_record(tmp_path):
    from waage.rules.engines import games

    store = StateStore(tmp_path)
    config = _config(["Anna", "Ben"], game="propter")
    engine = games()["propter"](["Anna", "Ben"])
    engine.start()
    engine.apply({"choose": "Ben"})
    _save(store, engine, config)
    resumed, _, preface = resume_or_new(StateStore(tmp_path), config)
    assert resumed.game_id == "propter" and resumed.state.turn == "Ben" and preface == []
    assert os.path.exists(store.log_path)


def test_new_game_flag_discards_the_saved_game_and_the_log_says_why(tmp_path):
    store = StateStore(tmp_path)
    config = _config(["Anna", "Ben"])
    g = Waagespiel(["Anna", "Ben"])
    g.start()
    _save(store, g, config)
    engine, _, preface = resume_or_new(StateStore(tmp_path), config, new_game=True)
    assert engine.state.pending_starter is None and [p["reason"] for p in preface] == ["new_game"]
