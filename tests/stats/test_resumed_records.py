"""A game resumed after a power cut: its statistics on the device still count from its start
(``wiring.saved_game_records`` reads its records back from the session log; issue 21)."""

from __future__ import annotations

import json

from waage.app.wiring import saved_game_records


def test_the_records_of_the_last_game_come_back_from_the_log(tmp_path):
    log = tmp_path / "session.jsonl"
    lines = [{"event": "game_started", "players": ["A", "B"]}, {"event": "stats"},
             {"event": "game_started", "game": "propter", "players": ["A", "B"]},
             {"event": "sting", "player": "A", "slot": 1, "points": 1}]
    log.write_text("\n".join(json.dumps(r) for r in lines[:3]) + "\n{torn line\n" + json.dumps(lines[3]) + "\n",
                   encoding="utf-8")
    assert saved_game_records(log, 100) == lines[2:]
    assert saved_game_records(log, 1) == lines[3:]          # bounded: the newest
    assert saved_game_records(tmp_path / "none.jsonl", 100) == []


def test_a_resumed_device_counts_from_the_games_start(tmp_path):
    from waage.app.run import Device
    from waage.app.host import Apply
    from waage.config import AppConfig, DisplaySettings, GameSettings
    from waage.sensors.settings import FakeSensorSettings
    from waage.stats import game_stats

    config = AppConfig(game=GameSettings(game="propter", players=["Anna", "Ben"]), sensor=FakeSensorSettings(),
                       display=DisplaySettings(kind="none"))
    first = Device(config, tmp_path / "state", seed=1)
    first.host.start(0.0)
    for given in ({"choose": "Anna"}, {"play": "Anna", "slot": 1, "match": "exact"}):
        first.handle(Apply(given))
    first.close()
    again = Device(config, tmp_path / "state", seed=1)  # the power came back: the game resumes
    try:
        st = game_stats("propter", list(again.host.game_records), ["Anna", "Ben"])
        assert st.per_player["Anna"]["points"] == 1 and st.per_player["Anna"]["exact"] == 1
    finally:
        again.close()
