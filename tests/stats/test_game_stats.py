"""Each game's own statistics (``waage.stats``), computed from the records a real ``GameHost`` logs
(every record stamped with ``t_s``), and the registry lookup by game id (issue 21)."""

from __future__ import annotations

import pytest

from waage.app.host import GameHost
from waage.games import GAMES, spec
from waage.rules.dice import make_dice
from waage.stats import current_game, fmt_value, game_of, game_stats


def host_for(game: str, players: list[str], **options) -> GameHost:
    engine = spec(game).engine_class()(players, **options)
    host = GameHost(engine, None, make_dice(1))
    host.start(0.0)
    return host


def play(host: GameHost, inputs: list[tuple[float, dict]]) -> None:
    for t_s, given in inputs:
        out = host.apply(given, t_s)
        assert not any(r["event"] == "input_rejected" for r in out), (given, out)


def test_every_game_names_its_statistics_in_the_registry():
    """A game's statistics are its kit's (``GameSpec.stats``); a stats module is optional."""
    for game in GAMES.values():
        st = game_stats(game.id, [], ["Anna", "Ben"])
        assert st.game == game.id and set(st.per_player) == {"Anna", "Ben"}
        assert bool(st.columns) is (game.stats is not None)
        assert all(set(st.columns) <= set(row) for row in st.per_player.values())
    with pytest.raises(KeyError):
        game_stats("schach", [], ["Anna"])


def test_a_game_without_statistics_gets_an_empty_table(fifth_game):
    assert fifth_game.stats is None
    records = [{"event": "game_started", "game": "muenzwurf", "players": ["Anna", "Ben"]},
               {"event": "toss", "player": "Anna", "side": "kopf"}]
    st = game_stats("muenzwurf", records)
    assert (st.game, st.players, st.columns, st.per_player) == ("muenzwurf", ["Anna", "Ben"], (), {"Anna": {}, "Ben": {}})


def test_willkommen_drinks_per_kind_hat_time_and_stehtisch():
    """WA-13 tally, WA-06 Stehtisch (its drinks count for who empties it), the hat's time from t_s."""
    host = host_for("willkommen_am_arsch", ["Anna", "Ben", "Cara"])
    play(host, [
        (1.0, {"roll": [1, 2]}), (2.0, {"roll": [3, 4]}), (3.0, {"roll": [5, 6]}),   # Anna lowest: hat (WA-02)
        (10.0, {"roll": [2, 3]}), (11.0, {"field": "kneipe"}),                     # everyone a bier (WA-06)
        (20.0, {"roll": [1, 3]}), (21.0, {"field": "stehtisch"}),                  # Ben empties it: 1 bier
        (30.0, {"roll": [2, 4]}), (31.0, {"field": "trottelmuetze"}),              # Cara takes the hat at 31 s
        (40.0, {"roll": [1, 4]}), (41.0, {"field": "daemmerschoppen"}),            # Anna bier + kurzer
        (50.0, {"gejammer": "Ben"}),                                               # Ben a kurzer (WA-12)
    ])
    st = game_stats("willkommen_am_arsch", list(host.game_records))
    assert st.players == ["Anna", "Ben", "Cara"]
    anna, ben, cara = (st.per_player[p] for p in st.players)
    assert (anna["bier"], anna["kurzer"], anna["wasser"], anna["drinks"]) == (2, 1, 0, 3)
    assert (ben["bier"], ben["kurzer"], ben["drinks"], ben["stehtisch"]) == (2, 1, 3, 1)
    assert (cara["bier"], cara["drinks"], cara["stehtisch"]) == (1, 1, 0)
    assert anna["hat_s"] == 28.0        # from the opening at 3 s to Cara's field at 31 s
    assert cara["hat_s"] == 19.0        # 31 s to the last record at 50 s: the wearer's time runs on
    assert ben["hat_s"] == 0.0
    # the engine's own tally (summary) agrees
    summary = host.engine.summary()["drinks"]
    assert {p: {d: st.per_player[p][d] for d in ("bier", "kurzer", "wasser")} for p in st.players} == summary
    assert st.extra["hat"] == "Cara" and st.extra["stehtisch_now"] == ["bier"]


def test_arsch_rounds_points_starts_and_outs():
    """AS-01 starters (round 2: who lost round 1), AS-05 out, AS-06 points per round and in total."""
    host = host_for("arsch_selten_allein", ["Anna", "Ben", "Cara"])
    play(host, [
        (1.0, {"choose": "Ben"}), (2.0, {"raise": "Ben"}), (3.0, {"out": "Cara"}),
        (4.0, {"points": {"Anna": 7, "Ben": 3}}),                                  # Anna lost: starts round 2
        (5.0, {"raise": "Anna"}), (6.0, {"out": "Ben"}),
        (7.0, {"points": {"Anna": 2, "Cara": 4}}),
    ])
    st = game_stats("arsch_selten_allein", list(host.game_records))
    rows = st.per_player
    assert {p: rows[p]["points"] for p in st.players} == {"Anna": 9, "Ben": 3, "Cara": 4}
    assert {p: rows[p]["last_round"] for p in st.players} == {"Anna": 2, "Ben": 0, "Cara": 4}
    assert {p: rows[p]["starts"] for p in st.players} == {"Anna": 1, "Ben": 1, "Cara": 1}
    assert {p: rows[p]["outs"] for p in st.players} == {"Anna": 0, "Ben": 1, "Cara": 1}
    assert st.extra["rounds_played"] == 2
    assert [r["points"] for r in st.extra["rounds"]] == [{"Anna": 7, "Ben": 3, "Cara": 0},
                                                         {"Anna": 2, "Ben": 0, "Cara": 4}]
    assert st.teams == {}


def test_arsch_team_variant_adds_up_the_teams():
    """AS-07: seats 1+3 and 2+4 are teams; a team's points are its members' sum."""
    host = host_for("arsch_selten_allein", ["Anna", "Ben", "Cara", "Dirk"], teams=True)
    play(host, [(1.0, {"choose": "Anna"}), (2.0, {"raise": "Anna"}), (3.0, {"out": "Ben"}), (3.5, {"raise": "Cara"}), (4.0, {"out": "Dirk"}),
                (5.0, {"points": {"Anna": 5, "Cara": 6}})])
    st = game_stats("arsch_selten_allein", list(host.game_records))
    assert st.teams["Anna+Cara"]["points"] == 11 and st.teams["Ben+Dirk"]["points"] == 0
    assert st.teams["Anna+Cara"]["members"] == ["Anna", "Cara"]
    assert st.extra["rounds"][0]["team_points"] == {"1": 11, "2": 0}


def test_propter_trophies_plays_discards_and_who_fell_off():
    """PR-03 exact stings at once, the third category play stings; PR-05 a last-card discard falls off."""
    host = host_for("propter", ["Anna", "Ben", "Cara"])
    play(host, [
        (1.0, {"choose": "Anna"}),
        (2.0, {"play": "Anna", "slot": 1, "match": "exact"}),          # sting: 1 point
        (3.0, {"play": "Ben", "slot": 2, "match": "category"}),
        (4.0, {"discard": "Cara"}), (5.0, {"next": "Cara"}),
        (6.0, {"play": "Anna", "slot": 2, "match": "category"}),
        (7.0, {"play": "Ben", "slot": 2, "match": "category"}),        # the third: Ben stings
    ])
    st = game_stats("propter", list(host.game_records))
    rows = st.per_player
    assert {p: rows[p]["points"] for p in st.players} == {"Anna": 1, "Ben": 1, "Cara": 0}
    assert {p: rows[p]["stings"] for p in st.players} == {"Anna": 1, "Ben": 1, "Cara": 0}
    assert (rows["Anna"]["exact"], rows["Anna"]["category"], rows["Ben"]["category"]) == (1, 1, 2)
    assert rows["Cara"]["discards"] == 1 and not any(rows[p]["fell_off"] for p in st.players)
    assert st.extra["plays"] == 4 and st.extra["stings"] == 2
    assert host.engine.summary()["points"] == {p: rows[p]["points"] for p in st.players}


def test_propter_falling_off():
    """PR-05: a discard with the last card falls off the disc (PR-01: five cards each)."""
    host = host_for("propter", ["Anna", "Ben"])
    play(host, [(1.0, {"choose": "Anna"})])
    for turn in range(4):  # both discard down to one card
        t = 2.0 + turn
        play(host, [(t, {"discard": "Anna"}), (t, {"next": "Anna"}), (t, {"discard": "Ben"}), (t, {"next": "Ben"})])
    play(host, [(9.0, {"discard": "Anna"})])
    st = game_stats("propter", list(host.game_records))
    assert st.per_player["Anna"]["fell_off"] is True and st.per_player["Ben"]["fell_off"] is False
    assert (st.per_player["Anna"]["discards"], st.per_player["Ben"]["discards"]) == (5, 4)


def test_waagespiel_figures_stay_as_they_were():
    records = [{"event": "game_started", "players": ["Anna", "Ben"]},
               {"event": "chosen", "player": "Ben", "target_g": 50},
               {"event": "sip", "player": "Ben", "grams": 47, "target_g": 50, "verdict": "hit", "round": 1},
               {"event": "sip", "player": "Ben", "grams": 20, "target_g": 50, "verdict": "miss", "round": 1}]
    st = game_stats(game_of(records), records)
    assert st.game == "waagespiel"
    assert st.per_player["Ben"] == {"chosen": 1, "attempts": 2, "hits": 1, "exact": 0, "misses": 1, "grams": 67,
                                    "hit_rate": 0.5, "mean_error_g": 16.5, "litres": 0.067}
    assert [h["grams"] for h in st.extra["history"]] == [47, 20]


def test_the_current_game_and_its_id_come_from_the_last_game_started():
    log = [{"event": "game_started", "players": ["A", "B"]}, {"event": "stats"},
           {"event": "game_started", "game": "propter", "players": ["A", "B"]}, {"event": "turn", "player": "A"}]
    game = current_game(log)
    assert game == log[2:] and game_of(game) == "propter" and game_of(log[:2]) == "waagespiel"


@pytest.mark.parametrize("column,value,lang,shown", [
    ("hat_s", 95.4, "de", "1:35"), ("hat_s", 3725, "de", "62:05"), ("hit_rate", 0.5, "de", "50 %"),
    ("litres", 0.067, "de", "0,07"), ("litres", 0.067, "en", "0.07"), ("mean_error_g", 16.5, "de", "16,5"),
    ("points", 12, "de", "12"), ("hits", None, "de", "–"), ("fell_off", True, "de", "✓"),
])
def test_figures_are_shown_in_their_unit(column, value, lang, shown):
    assert fmt_value(column, value, lang) == shown
