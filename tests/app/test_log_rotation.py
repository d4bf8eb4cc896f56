"""Issue 20, finding 4: the session log is rotated at a start once it passes MAX_LOG_BYTES."""

from __future__ import annotations

import json

from waage.app import store as store_module
from waage.app.store import OLD_LOG, StateStore
from waage.games.waagespiel.engine import Waagespiel


def test_a_big_log_is_moved_aside_at_the_start_and_the_game_resumes(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_LOG_BYTES", 2000)
    store = StateStore(tmp_path)
    game = Waagespiel(["Anna", "Ben"])
    for i in range(40):
        store.commit("waagespiel", game.state, [{"event": "note", "n": i, "pad": "x" * 40}])
    store.close()
    size = (tmp_path / "session.jsonl").stat().st_size
    assert size > 2000

    again = StateStore(tmp_path)
    saved = again.recover()
    assert saved is not None and saved.state == game.state.model_dump(mode="json")
    assert again.lines == 0 and not (tmp_path / "session.jsonl").exists()
    old = (tmp_path / OLD_LOG).read_text().splitlines()
    assert [json.loads(x)["n"] for x in old] == list(range(40))  # nothing lost: the old log is kept whole
    assert (saved.log_lines_before, saved.records) == (0, [])
    again.commit("waagespiel", game.state, [{"event": "game_resumed"}])
    again.close()
    third = StateStore(tmp_path)
    assert third.recover() is not None and third.lines == 1  # small again: no second rotation


def test_a_log_that_does_not_agree_yet_is_completed_first_not_rotated(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_LOG_BYTES", 100)
    store = StateStore(tmp_path)
    game = Waagespiel(["Anna", "Ben"])
    store.commit("waagespiel", game.state, [{"event": "a", "pad": "x" * 200}])
    store.commit("waagespiel", game.state, [{"event": "b"}, {"event": "c"}])
    store.close()
    log = tmp_path / "session.jsonl"
    log.write_text("".join(log.read_text().splitlines(keepends=True)[:2]))  # killed before "c" was appended
    again = StateStore(tmp_path)
    again.recover()
    assert [json.loads(x)["event"] for x in log.read_text().splitlines()] == ["a", "b", "c"]
