"""State directory: atomic game state, session log, resume after a power cut."""

from __future__ import annotations

import json

from waage.app.store import StateStore, write_atomic
from waage.rules.waagespiel import Waagespiel


def test_write_atomic_replaces_whole_file_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "sub" / "game.json"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]


def test_game_state_saved_and_loaded_mid_round(tmp_path):
    store = StateStore(tmp_path)
    g = Waagespiel(["Anna", "Ben", "Cara"])
    g.start()
    g.scale_ready(750.0)
    g.roll((2, 3))
    store.save_game(g.state)
    loaded = store.load_game()
    assert loaded == g.state and loaded.next_to_roll == "Ben"


def test_corrupt_state_is_kept_aside_and_a_new_game_begins(tmp_path):
    store = StateStore(tmp_path)
    store.game_path.write_text("{half a fi")
    assert store.load_game() is None
    assert (tmp_path / "game.json.bad").read_text() == "{half a fi"


def test_session_log_is_json_lines_appended(tmp_path):
    store = StateStore(tmp_path)
    store.append_log({"event": "roll", "t_s": 1.0, "player": "Düll"})
    store.append_log({"event": "stats", "t_s": 2.0})
    store.close()
    lines = [json.loads(x) for x in store.log_path.read_text(encoding="utf-8").splitlines()]
    assert [x["event"] for x in lines] == ["roll", "stats"] and lines[0]["player"] == "Düll"
