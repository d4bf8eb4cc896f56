"""The three helper engines against the rulings of shared/docs/helper-games-contract.md.

Every expected value is worked out from the contract and the rule sheets (seeds 000, 001, 004).
"""

from __future__ import annotations

import pytest

from waage.games import GAMES
from waage.games.arsch_selten_allein.engine import ArschSeltenAllein
from waage.games.propter.engine import Propter
from waage.games.willkommen_am_arsch.engine import WillkommenAmArsch
from waage.rules.helpers import InputRejected

#: every game that does not weigh (the helper games), from the registry
HELPER_GAMES = {g.id: g.engine_class() for g in GAMES.values() if not g.uses_scale}


def play(game, *inputs):
    """Apply inputs; returns all events (a rejection raises)."""
    out = []
    for inp in inputs:
        out += game.apply(inp)
    return out


def of(events, name):
    return [e for e in events if e["event"] == name]


def names(events):
    return [e["event"] for e in events]


def wa(players=("Anna", "Ben", "Cara"), opening=((3, 4), (1, 2), (5, 5))):
    """A started game after the opening (default: Ben rolls the lowest 3 and wears the hat)."""
    g = WillkommenAmArsch(list(players))
    g.start()
    play(g, *[{"roll": list(d)} for d in opening])
    return g


def rejected(game, inp, code):
    before = game.state.model_dump_json()
    with pytest.raises(InputRejected) as exc:
        game.apply(inp)
    assert exc.value.code == code
    assert game.state.model_dump_json() == before  # the state is as if the input had not been given


# ====================================================================== Willkommen am Arsch
def test_wa01_one_bier_on_the_stehtisch_at_the_start_and_again_after_it_is_emptied():
    """WA-01: one bier at the start; after the Stehtisch field it never holds fewer than one drink."""
    g = WillkommenAmArsch(["Anna", "Ben"])
    assert g.start()[0] == {"event": "game_started", "game": "willkommen_am_arsch", "players": ["Anna", "Ben"],
                            "stehtisch": ["bier"]}
    play(g, {"roll": [2, 3]}, {"roll": [4, 4]})  # Anna 5 < Ben 8: Anna hat, begins
    play(g, {"stehtisch_add": "kurzer", "count": 2})
    ev = play(g, {"roll": [1, 2]}, {"field": "stehtisch"})
    emptied = of(ev, "stehtisch_emptied")[0]
    assert sorted(emptied["drinks"]) == ["bier", "kurzer", "kurzer"] and emptied["player"] == "Anna"
    assert g.stehtisch == ["bier"]
    assert g.drinks["Anna"] == {"bier": 1, "kurzer": 2, "wasser": 0}


def test_wa02_lowest_opening_roll_gets_the_hat_and_begins_no_pasch_rule():
    """WA-02: each rolls once in seat order; the lowest sum gets the Trottelmütze and begins; no Pasch beer."""
    g = WillkommenAmArsch(["Anna", "Ben", "Cara"])
    g.start()
    assert g.current_player == "Anna" and g.phase == "opening"
    ev = play(g, {"roll": [6, 6]}, {"roll": [1, 1], "by": "Ben"}, {"roll": [2, 3]})
    assert [e["player"] for e in of(ev, "roll")] == ["Anna", "Ben", "Cara"]
    assert all(e["kind"] == "opening" for e in of(ev, "roll"))
    assert of(ev, "drink") == [] and of(ev, "stehtisch_add") == []
    assert of(ev, "trottelmuetze") == [{"event": "trottelmuetze", "player": "Ben", "previous": None,
                                        "reason": "opening"}]
    assert ev[-1] == {"event": "turn", "player": "Ben", "again": False}


def test_wa02_tied_lowest_roll_again_among_themselves_in_seat_order_until_one_is_lowest():
    """WA-02 (ruling): players tied for the lowest roll again among themselves, in seat order."""
    g = WillkommenAmArsch(["Anna", "Ben", "Cara", "Dora"])
    g.start()
    ev = play(g, {"roll": [1, 2]}, {"roll": [4, 4]}, {"roll": [2, 1]}, {"roll": [1, 2]})
    assert of(ev, "opening_tie")[0]["players"] == ["Anna", "Cara", "Dora"]
    assert g.current_player == "Anna"
    rejected(g, {"roll": [1, 1], "by": "Ben"}, "not_your_turn")  # Ben is not in the roll-off
    ev = play(g, {"roll": [2, 2]}, {"roll": [2, 2]}, {"roll": [5, 6]})  # Anna, Cara tie again at 4
    assert of(ev, "opening_tie")[0]["players"] == ["Anna", "Cara"]
    ev = play(g, {"roll": [3, 3]}, {"roll": [1, 3]})
    assert of(ev, "trottelmuetze")[0]["player"] == "Cara"
    assert ev[-1] == {"event": "turn", "player": "Cara", "again": False}


def test_wa03_pasch_makes_the_hat_drink_and_the_roller_is_at_turn_again():
    """WA-03: a Pasch: the Trottelmütze drinks a bier, the roller again after the field; else the next seat."""
    g = wa()  # Ben wears the hat and begins
    ev = play(g, {"roll": [2, 2]})
    assert of(ev, "drink") == [{"event": "drink", "player": "Ben", "drinks": ["bier"], "reason": "pasch"}]
    ev = play(g, {"field": "parkbank"})
    assert ev[-1] == {"event": "turn", "player": "Ben", "again": True}
    ev = play(g, {"roll": [1, 2]}, {"field": "parkbank"})
    assert ev[-1] == {"event": "turn", "player": "Cara", "again": False}
    ev = play(g, {"roll": [3, 3], "by": "Cara"})
    assert of(ev, "drink")[0]["player"] == "Ben"  # the hat drinks for somebody else's Pasch


def test_wa04_one_field_per_roll_and_no_roll_while_a_field_is_owed():
    """WA-04: exactly one ``field`` after a move roll; a second field or a roll before it is rejected."""
    g = wa()
    rejected(g, {"field": "kneipe"}, "no_field_owed")
    play(g, {"roll": [1, 2]})
    assert g.expects()[0] == "field" and g.current_player == "Ben"
    rejected(g, {"roll": [3, 4]}, "field_owed")
    play(g, {"field": "parkbank"})
    rejected(g, {"field": "kneipe"}, "no_field_owed")


def test_wa04_order_cards_then_meeting_then_field_action_then_turn():
    """WA-04: field, the drink cards on the field, the meeting beer (mover and every met player), the action, turn."""
    g = wa()
    ev = play(g, {"roll": [1, 2]}, {"field": "sauf_kurzer", "meets": ["anna", "Cara"], "cards": ["wasser", "bier"]})
    ev = ev[1:]
    assert names(ev) == ["field", "drink", "drink", "drink", "drink", "drink", "turn"]
    assert ev[0]["meets"] == ["Anna", "Cara"]  # canonical spelling
    assert ev[1] == {"event": "drink", "player": "Ben", "drinks": ["wasser", "bier"], "reason": "card"}
    assert [(e["player"], e["drinks"], e["reason"]) for e in ev[2:5]] == [
        ("Ben", ["bier"], "meeting"), ("Anna", ["bier"], "meeting"), ("Cara", ["bier"], "meeting")]
    assert ev[5] == {"event": "drink", "player": "Ben", "drinks": ["kurzer"], "reason": "sauf_kurzer"}
    assert g.drinks["Ben"] == {"bier": 2, "kurzer": 1, "wasser": 1}


def test_wa05_at_jail_every_drink_goes_to_the_stehtisch_and_two_meeting_at_jail():
    """WA-05: at Jail nothing is drunk; the cards and both meeting beers go to the Stehtisch."""
    g = wa()
    ev = play(g, {"roll": [1, 2]}, {"field": "jail"})  # Ben to Jail
    assert names(ev)[1:3] == ["field", "jail_entered"]
    ev = play(g, {"roll": [1, 3]}, {"field": "jail", "meets": ["Ben"], "cards": ["kurzer"]})  # Cara meets Ben
    adds = of(ev, "stehtisch_add")
    assert [(e["player"], e["drinks"], e["reason"]) for e in adds] == [
        ("Cara", ["kurzer"], "card"), ("Cara", ["bier"], "meeting"), ("Ben", ["bier"], "meeting")]
    assert adds[-1]["stehtisch"] == ["bier", "kurzer", "bier", "bier"]
    assert of(ev, "drink") == []
    assert sorted(g.jail) == ["Ben", "Cara"]


def test_wa05_a_meeting_must_fit_who_stands_at_jail():
    """WA-05 (ruling): a piece leaves Jail only with its owner's move roll (or an invite, WA-08) and
    enters it only by its own field: ``meets`` naming a player at Jail elsewhere, or one not at Jail
    on Jail, does not fit the state and is rejected; the jailed player stays and drinks nothing."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"}, {"roll": [1, 3]})  # Ben to Jail; Cara rolls
    rejected(g, {"field": "parkbank", "meets": ["Ben"]}, "meets_at_jail")
    rejected(g, {"field": "jail", "meets": ["anna"]}, "meets_not_at_jail")
    ev = play(g, {"field": "jail", "meets": ["ben"]})  # Cara meets Ben where he is
    assert names(ev) == ["field", "jail_entered", "stehtisch_add", "stehtisch_add", "turn"]
    assert sorted(g.jail) == ["Ben", "Cara"]


def test_wa05_hat_at_jail_pasch_beer_to_stehtisch_then_leaves_jail_with_the_move_roll():
    """WA-05 with WA-03 (seed 000's worked example): the Pasch beer before ``jail_left``; then she drinks again."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"}, {"roll": [1, 2]}, {"field": "parkbank"},
         {"roll": [1, 2]}, {"field": "parkbank"})
    ev = play(g, {"roll": [5, 5], "by": "Ben"})
    assert names(ev) == ["roll", "stehtisch_add", "jail_left"]
    assert ev[1]["reason"] == "pasch" and ev[1]["player"] == "Ben"
    ev = play(g, {"field": "sauf_bier"})
    assert of(ev, "drink")[0] == {"event": "drink", "player": "Ben", "drinks": ["bier"], "reason": "sauf_bier"}


def test_wa05_kneipe_and_gejammer_for_a_player_at_jail_go_to_the_stehtisch():
    """WA-05: the Kneipe beer and the Gejammer Kurzer of a player at Jail land on the Stehtisch."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"})
    ev = play(g, {"roll": [1, 3]}, {"field": "kneipe"})  # Cara at the Kneipe
    assert [(e["player"], e["reason"]) for e in of(ev, "drink")] == [("Anna", "kneipe"), ("Cara", "kneipe")]
    assert [(e["player"], e["drinks"]) for e in of(ev, "stehtisch_add")] == [("Ben", ["bier"])]
    ev = play(g, {"gejammer": "ben"})
    assert ev == [{"event": "stehtisch_add", "player": "Ben", "drinks": ["kurzer"], "reason": "gejammer",
                   "stehtisch": ["bier", "bier", "kurzer"]}]


def test_wa05_skipped_player_at_jail_beer_goes_to_the_stehtisch():
    """WA-05 with WA-10: ``skipped`` first, then the skipped player's beer to the Stehtisch."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"}, {"roll": [1, 2]}, {"field": "parkbank"},
         {"roll": [1, 2]}, {"field": "parkbank"})
    ev = play(g, {"absent": "Ben"})
    assert names(ev) == ["skipped", "stehtisch_add", "turn"]
    assert ev[1]["reason"] == "skipped" and ev[2]["player"] == "Cara"
    assert g.jail == ["Ben"]  # skipped: his piece did not move


def test_wa06_field_drinks():
    """WA-06: the fields' drinks and actions."""
    expected = {"sauf_bier": ["bier"], "sauf_kurzer": ["kurzer"], "daemmerschoppen": ["bier", "kurzer"],
                "fruehschoppen": ["bier", "bier"], "teich": ["wasser"]}
    for field, drinks in expected.items():
        g = wa()
        ev = play(g, {"roll": [1, 2]}, {"field": field})
        assert of(ev, "drink") == [{"event": "drink", "player": "Ben", "drinks": drinks, "reason": field}]
    for field in ("parkbank", "willkommen", "arschloch"):
        g = wa()
        ev = play(g, {"roll": [1, 2]}, {"field": field})
        assert names(ev) == ["roll", "field", "turn"]
    g = wa()
    ev = play(g, {"roll": [1, 2]}, {"field": "brennerei"})
    assert [(e["player"], e["drinks"]) for e in of(ev, "drink")] == [
        ("Anna", ["kurzer"]), ("Ben", ["kurzer"]), ("Cara", ["kurzer"])]
    ev = play(g, {"roll": [1, 3]}, {"field": "trottelmuetze"})
    assert of(ev, "trottelmuetze") == [{"event": "trottelmuetze", "player": "Cara", "previous": "Ben",
                                        "reason": "field"}]


def test_wa07_spielothek_rolls_until_no_pasch_each_pasch_a_hat_beer_pasch_mover_stays():
    """WA-07: zocken until a non-Pasch, each Pasch a bier for the hat; a mover who came with a Pasch goes again."""
    g = wa()
    ev = play(g, {"roll": [4, 4]}, {"field": "spielothek"})
    assert of(ev, "turn") == [] and g.phase == "spielothek"
    ev = play(g, {"roll": [6, 6]})
    assert ev[0]["kind"] == "spielothek" and of(ev, "drink")[0]["reason"] == "pasch"
    ev = play(g, {"roll": [2, 6], "by": "Ben"})
    assert names(ev) == ["roll", "spielothek_done", "turn"]
    assert ev[-1] == {"event": "turn", "player": "Ben", "again": True}
    assert g.drinks["Ben"]["bier"] == 2  # the move Pasch and one zock Pasch


def test_wa08_schuettelbude_invite_leaves_jail_and_both_drink():
    """WA-08: the invited piece moves to the Schüttelbude (leaving Jail); both drink the ``drink`` (reason invite)."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"})
    ev = play(g, {"roll": [1, 2]}, {"field": "schuettelbude", "invite": "Ben", "drink": "kurzer"})
    assert names(ev) == ["roll", "field", "jail_left", "invite", "drink", "drink", "turn"]
    assert [(e["player"], e["drinks"], e["reason"]) for e in of(ev, "drink")] == [
        ("Cara", ["kurzer"], "invite"), ("Ben", ["kurzer"], "invite")]
    g = wa()
    ev = play(g, {"roll": [1, 2]}, {"field": "schuettelbude", "invite": "Cara"})
    assert [e["drinks"] for e in of(ev, "drink")] == [["bier"], ["bier"]]  # default bier


def test_wa09_taxi_then_one_more_field_with_its_action():
    """WA-09: after ``taxi`` the next ``field`` is where the taxi went; its action follows, then the turn."""
    g = wa()
    ev = play(g, {"roll": [1, 2]}, {"field": "taxi"})
    assert of(ev, "turn") == [] and g.phase == "taxi"
    assert g.state.fields == {"Ben": "taxi"}
    ev = play(g, {"field": "teich"})
    assert of(ev, "drink")[0]["drinks"] == ["wasser"] and ev[-1]["player"] == "Cara"
    assert g.state.fields == {"Ben": "teich"}  # where the taxi took the piece (the pages show it)
    rejected(g, {"field": "teich"}, "no_field_owed")


def test_wa10_absent_at_turn_is_skipped_with_a_beer():
    """WA-10: ``absent`` at one's turn: skipped and a bier; only the player at turn."""
    g = wa()
    rejected(g, {"absent": "Cara"}, "not_your_turn")
    ev = play(g, {"absent": "Ben"})
    assert ev == [{"event": "skipped", "player": "Ben"},
                  {"event": "drink", "player": "Ben", "drinks": ["bier"], "reason": "skipped"},
                  {"event": "turn", "player": "Cara", "again": False}]


def test_wa11_pee_rules():
    """WA-11: pee without permission: the hat; the hat never goes; after Pinkeln once, as the very next input."""
    g = wa()
    rejected(g, {"pee": "Ben"}, "hat_never_pees")
    rejected(g, {"pee": "Anna", "allowed": True}, "pee_not_allowed")
    ev = play(g, {"pee": "Anna"})
    assert of(ev, "trottelmuetze") == [{"event": "trottelmuetze", "player": "Anna", "previous": "Ben",
                                        "reason": "pee"}]
    play(g, {"roll": [1, 2]}, {"field": "pinkeln"})  # Ben (no hat now) at Pinkeln
    ev = play(g, {"pee": "Ben", "allowed": True})
    assert of(ev, "trottelmuetze") == [] and g.trottelmuetze == "Anna"
    g = wa()
    play(g, {"pee": "Anna"}, {"roll": [1, 2]}, {"field": "pinkeln"}, {"gejammer": "Cara"})
    rejected(g, {"pee": "Ben", "allowed": True}, "pee_not_allowed")  # not the very next input


def test_wa12_gejammer_a_kurzer():
    """WA-12: ``gejammer``: a kurzer for that player, at any time."""
    g = wa()
    assert play(g, {"gejammer": "Cara"}) == [{"event": "drink", "player": "Cara", "drinks": ["kurzer"],
                                              "reason": "gejammer"}]


def test_wa13_tally_stehtisch_drinks_count_for_whoever_drinks_them_and_one_event_per_reason():
    """WA-13: the tally per player; a ``count`` of card drinks is one ``stehtisch_add`` listing them all."""
    g = wa()
    ev = play(g, {"stehtisch_add": "bier", "count": 3})
    assert ev == [{"event": "stehtisch_add", "player": None, "drinks": ["bier"] * 3, "reason": "card",
                   "stehtisch": ["bier"] * 4}]
    play(g, {"roll": [1, 2]}, {"field": "stehtisch"})
    s = g.summary()
    assert s["drinks"]["Ben"] == {"bier": 4, "kurzer": 0, "wasser": 0}
    assert s["trottelmuetze"] == "Ben" and s["turn"] == "Cara" and s["stehtisch"] == ["bier"] and s["jail"] == []


def test_wa_expects_and_current_player_follow_the_phase():
    """WA-04/WA-02: the button menu offers only what fits."""
    g = WillkommenAmArsch(["Anna", "Ben"])
    g.start()
    assert g.expects() == ["roll", "pee", "gejammer", "muetze", "stehtisch_add"]
    play(g, {"roll": [1, 2]}, {"roll": [3, 4]})
    assert "absent" in g.expects() and "field" not in g.expects()
    play(g, {"roll": [1, 2]})
    assert g.expects()[0] == "field" and "roll" not in g.expects()


# ====================================================================== Ein Arsch kommt selten allein
def asa(players=("Anna", "Ben", "Cara"), teams=False):
    g = ArschSeltenAllein(list(players), teams=teams)
    g.start()
    return g


def test_as01_round_one_choose_then_loser_starts_ties_need_a_choice():
    """AS-01: round 1 the table chooses; later the most points of the previous round start; ties choose."""
    g = asa()
    assert g.phase == "choose" and g.candidates == ["Anna", "Ben", "Cara"]
    ev = play(g, {"choose": "ben"})
    assert ev == [{"event": "round_started", "round": 1, "starter": "Ben"}, {"event": "turn", "player": "Ben"}]
    ev = play(g, {"out": "Ben"}, {"points": {"Anna": 7, "Cara": 3}})
    assert names(ev)[-3:] == ["round_scored", "round_started", "turn"]
    assert ev[-2] == {"event": "round_started", "round": 2, "starter": "Anna"}
    ev = play(g, {"out": "Anna"}, {"points": {"Ben": 4, "Cara": 4}})
    assert ev[-1] == {"event": "choice_needed", "round": 3, "players": ["Ben", "Cara"]}
    rejected(g, {"choose": "Anna"}, "not_a_candidate")
    assert play(g, {"choose": "Cara"})[0] == {"event": "round_started", "round": 3, "starter": "Cara"}


def test_as01_team_variant_the_losing_teams_member_with_more_points_starts():
    """AS-01 (ruling) with AS-07: the member of the losing team with more points starts."""
    g = asa(("Anna", "Ben", "Cara", "Dora"), teams=True)
    play(g, {"choose": "Anna"}, {"out": "Anna"}, {"raise": "Ben"}, {"out": "Cara"})  # team 1 out
    ev = play(g, {"points": {"Ben": 2, "Dora": 9}})
    assert ev[0]["team_totals"] == {"1": 0, "2": 11}
    assert ev[1] == {"event": "round_started", "round": 2, "starter": "Dora"}


def test_as02_a_round_opens_with_a_raise():
    """AS-02: a pass or a pair before the round's first raise is rejected."""
    g = asa()
    play(g, {"choose": "Anna"})
    rejected(g, {"pass": "Anna"}, "first_is_raise")
    rejected(g, {"pair": "Anna"}, "first_is_raise")
    assert g.expects() == ["raise", "out"]
    assert play(g, {"raise": "Anna"})[0] == {"event": "raise", "player": "Anna", "pairs": 0}


def test_as03_pairs_skip_players_to_the_left_never_the_actor():
    """AS-03: k pairs skip min(k, players in − 1) players from the actor's left, in seat order, before ``turn``."""
    g = asa(("Anna", "Ben", "Cara", "Dora"))
    play(g, {"choose": "Anna"}, {"raise": "Anna"})
    ev = play(g, {"pair": "Ben"})
    assert ev == [{"event": "pair", "player": "Ben", "pairs": 1}]
    ev = play(g, {"raise": "Ben"})
    assert ev[1:] == [{"event": "skipped", "player": "Cara"}, {"event": "turn", "player": "Dora"}]
    ev = play(g, {"pair": "Dora"}, {"pair": "Dora"}, {"pair": "Dora"}, {"pair": "Dora"}, {"pass": "Dora"})
    assert [e["player"] for e in of(ev, "skipped")] == ["Anna", "Ben", "Cara"]
    assert ev[-1] == {"event": "turn", "player": "Dora"}
    rejected(g, {"raise": "Anna"}, "not_your_turn")


def test_as04_pass_reminds_to_draw_and_ends_the_turn():
    """AS-04: ``pass`` ends the turn; the drawn cards are not counted."""
    g = asa()
    play(g, {"choose": "Anna"}, {"raise": "Anna"})
    ev = play(g, {"pass": "Ben"})
    assert ev[0]["event"] == "pass" and ev[0]["pairs"] == 0 and ev[-1] == {"event": "turn", "player": "Cara"}


def test_as05_out_ends_the_round_team_variant_needs_both_members():
    """AS-05: ``out`` ends that hand and the round; team variant when both of one team are out, the out passed over."""
    g = asa()
    play(g, {"choose": "Anna"}, {"raise": "Anna"})
    ev = play(g, {"out": "Ben"})
    assert of(ev, "went_out") == [{"event": "went_out", "player": "Ben"}]
    assert of(ev, "round_ended")[0]["to_score"] == ["Anna", "Cara"] and g.phase == "score"
    g = asa(("Anna", "Ben", "Cara", "Dora"), teams=True)
    ev = play(g, {"choose": "Anna"}, {"out": "Anna"})
    assert of(ev, "round_ended") == [] and ev[-1] == {"event": "turn", "player": "Ben"}
    ev = play(g, {"raise": "Ben"}, {"raise": "Cara"}, {"raise": "Dora"})
    assert ev[-1] == {"event": "turn", "player": "Ben"}  # Anna is out: passed over
    ev = play(g, {"out": "Ben"})
    assert of(ev, "round_ended") == [] and ev[-1] == {"event": "turn", "player": "Cara"}
    ev = play(g, {"raise": "Cara"}, {"out": "Dora"})
    assert of(ev, "round_ended")[0]["to_score"] == ["Cara"]


def test_as06_points_name_exactly_the_players_holding_cards_totals_accumulate():
    """AS-06: ``points`` for exactly the players still holding cards; out players score 0; totals add up."""
    g = asa()
    play(g, {"choose": "Anna"}, {"out": "Anna"})
    rejected(g, {"points": {"Ben": 3}}, "points_for")
    rejected(g, {"points": {"Anna": 0, "Ben": 3, "Cara": 1}}, "points_for")
    ev = play(g, {"points": {"Ben": 3, "cara": 1}})
    assert ev[0] == {"event": "round_scored", "round": 1, "points": {"Anna": 0, "Ben": 3, "Cara": 1},
                     "totals": {"Anna": 0, "Ben": 3, "Cara": 1}}
    ev = play(g, {"out": "Ben"}, {"points": {"Anna": 5, "Cara": 2}})
    assert ev[-3]["totals"] == {"Anna": 5, "Ben": 3, "Cara": 3}


def test_as07_team_totals_are_the_members_sums():
    """AS-07: seats 1+3 and 2+4 are teams; a team's points are the sum of its members'."""
    with pytest.raises(ValueError):
        ArschSeltenAllein(["Anna", "Ben", "Cara"], teams=True)
    g = asa(("Anna", "Ben", "Cara", "Dora"), teams=True)
    play(g, {"choose": "Ben"}, {"out": "Ben"}, {"out": "Cara"}, {"out": "Dora"})
    ev = play(g, {"points": {"Anna": 6}})
    assert ev[0]["team_totals"] == {"1": 6, "2": 0}
    assert g.summary()["team_totals"] == {"1": 6, "2": 0}


def test_as08_finish_between_rounds_fewest_points_win_ties_share():
    """AS-08: ``finish`` only between rounds; the fewest total points win; equal totals share the win."""
    g = asa()
    rejected(g, {"finish": True}, "finish_between_rounds")
    assert g.result() is None
    play(g, {"choose": "Anna"}, {"out": "Anna"})
    rejected(g, {"finish": True}, "finish_between_rounds")  # before the round's points
    play(g, {"points": {"Ben": 4, "Cara": 0}})  # Ben starts round 2
    ev = play(g, {"finish": True})
    assert ev == [{"event": "game_finished", "winners": ["Anna", "Cara"],
                   "standings": [{"player": "Anna", "points": 0}, {"player": "Cara", "points": 0},
                                 {"player": "Ben", "points": 4}]}]
    result = g.result()  # the final table the winner screens show: the same as the event's
    assert result is not None and result.winners == ["Anna", "Cara"]
    assert [(r.name, r.members, r.points) for r in result.standings] == [
        ("Anna", ["Anna"], 0), ("Cara", ["Cara"], 0), ("Ben", ["Ben"], 4)]
    assert g.expects() == []
    rejected(g, {"finish": True}, "not_now")  # over: a second finish is "not now", not "between rounds"
    g = asa()
    play(g, {"choose": "Anna"}, {"out": "Anna"}, {"points": {"Ben": 4, "Cara": 1}}, {"raise": "Ben"})
    rejected(g, {"finish": True}, "finish_between_rounds")  # the next round has begun


def test_as08_team_variant_the_team_with_fewer_points_wins():
    """AS-08 with AS-07: the winning team's members are the winners."""
    g = asa(("Anna", "Ben", "Cara", "Dora"), teams=True)
    play(g, {"choose": "Anna"}, {"out": "Anna"}, {"out": "Ben"}, {"out": "Cara"}, {"points": {"Dora": 5}})
    ev = play(g, {"finish": True})
    assert ev[0]["winners"] == ["Anna", "Cara"]
    assert [(s["team"], s["points"]) for s in ev[0]["standings"]] == [("Anna+Cara", 0), ("Ben+Dora", 5)]
    result = g.result()
    assert result is not None and result.winners == ["Anna", "Cara"]
    assert [(r.name, r.members, r.points) for r in result.standings] == [
        ("Anna+Cara", ["Anna", "Cara"], 0), ("Ben+Dora", ["Ben", "Dora"], 5)]


# ====================================================================== Propter
def pr(players=("Anna", "Ben", "Cara")):
    g = Propter(list(players))
    g.start()
    return g


def test_pr01_five_cards_three_bs_with_resistance_three():
    """PR-01: five hand cards each; three BS, resistance 3."""
    g = Propter(["Anna", "Ben"])
    assert g.start() == [{"event": "game_started", "game": "propter", "players": ["Anna", "Ben"],
                          "hands": {"Anna": 5, "Ben": 5}, "resistance": [3, 3, 3]}]


def test_pr02_a_turn_is_a_play_or_a_discard_then_play_or_next():
    """PR-02: a play keeps the hand; a discard shrinks it and may be followed by a play or ``next``."""
    g = pr()
    play(g, {"choose": "Ben"})
    ev = play(g, {"play": "Ben", "slot": 2, "match": "category"})
    assert ev[-1] == {"event": "turn", "player": "Cara"} and g.hands["Ben"] == 5
    ev = play(g, {"discard": "Cara"})
    assert ev == [{"event": "discard", "player": "Cara", "hand": 4}] and g.expects() == ["play", "next"]
    rejected(g, {"discard": "Cara"}, "not_now")
    ev = play(g, {"play": "Cara", "slot": 2, "match": "category"})
    assert ev[0]["resistance"] == 1 and g.hands["Cara"] == 4 and ev[-1]["player"] == "Anna"
    play(g, {"discard": "Anna"})
    assert play(g, {"next": "Anna"}) == [{"event": "turn", "player": "Ben"}]
    rejected(g, {"next": "Ben"}, "not_now")


def test_pr03_exact_stings_at_once_category_lowers_by_one():
    """PR-03: exact stings whatever is left; category lowers by one and stings at zero."""
    g = pr()
    play(g, {"choose": "Anna"}, {"play": "Anna", "slot": 3, "match": "category"})
    ev = play(g, {"play": "Ben", "slot": 3, "match": "exact"})
    assert ev[0]["resistance"] == 0 and of(ev, "sting")[0] == {"event": "sting", "player": "Ben", "slot": 3,
                                                               "points": 1}


def test_pr04_a_sting_is_a_trophy_and_a_fresh_bs_takes_the_slot():
    """PR-04: one point for the player who stings; the slot is back at 3."""
    g = pr()
    play(g, {"choose": "Anna"}, {"play": "Anna", "slot": 1, "match": "category"},
         {"play": "Ben", "slot": 1, "match": "category"})
    ev = play(g, {"play": "Cara", "slot": 1, "match": "category"})
    assert of(ev, "sting")[0]["player"] == "Cara" and g.resistance == [3, 3, 3] and g.points["Cara"] == 1


def test_pr05_discard_with_one_card_falls_off_and_turns_pass_over():
    """PR-05: a discard with the last card: fell off, out; later turns pass over them."""
    g = pr()
    play(g, {"choose": "Anna"})
    for _ in range(4):
        play(g, {"discard": "Anna"}, {"next": "Anna"}, {"play": "Ben", "slot": 1, "match": "category"},
             {"play": "Cara", "slot": 2, "match": "category"})
    assert g.hands["Anna"] == 1
    ev = play(g, {"discard": "Anna"})
    assert names(ev) == ["discard", "fell_off", "turn"] and ev[1]["player"] == "Anna"
    play(g, {"play": "Ben", "slot": 3, "match": "category"})
    assert g.current_player == "Cara"
    play(g, {"play": "Cara", "slot": 3, "match": "category"})
    assert g.current_player == "Ben" and g.out == ["Anna"]


def test_pr06_five_points_win_at_once_later_inputs_rejected():
    """PR-06: five points win at once; later inputs are rejected."""
    g = pr(("Anna", "Ben"))
    play(g, {"choose": "Anna"})
    for _ in range(4):
        play(g, {"play": "Anna", "slot": 1, "match": "exact"}, {"discard": "Ben"}, {"next": "Ben"})
    assert g.result() is None
    ev = play(g, {"play": "Anna", "slot": 3, "match": "exact"})
    assert ev[-1] == {"event": "game_finished", "winner": "Anna", "points": {"Anna": 5, "Ben": 0}}
    result = g.result()
    assert result is not None and result.winners == ["Anna"]
    assert [(r.name, r.points) for r in result.standings] == [("Anna", 5), ("Ben", 0)]
    rejected(g, {"play": "Ben", "slot": 1, "match": "exact"}, "game_over")


def test_pr06_last_player_standing_wins():
    """PR-06 (ruling): if only one player is left, they win."""
    g = pr(("Anna", "Ben"))
    play(g, {"choose": "Anna"})
    for _ in range(4):
        play(g, {"discard": "Anna"}, {"next": "Anna"}, {"play": "Ben", "slot": 1, "match": "category"})
    ev = play(g, {"discard": "Anna"})
    assert names(ev) == ["discard", "fell_off", "game_finished"] and ev[-1]["winner"] == "Ben"
    result = g.result()  # the last one standing heads the table (PR-06)
    assert result is not None and [r.name for r in result.standings] == ["Ben", "Anna"]


# ====================================================================== the common interface
@pytest.mark.parametrize("game", sorted(HELPER_GAMES))
def test_state_round_trips_through_json_and_resumes(game):
    """Resume: the state's JSON gives an engine that continues identically."""
    g = HELPER_GAMES[game](["Anna", "Ben", "Cara"])
    g.start()
    first = {"willkommen_am_arsch": {"roll": [1, 2]}, "arsch_selten_allein": {"choose": "Ben"},
             "propter": {"choose": "Ben"}}[game]
    g.apply(first)
    again = type(g).resume(g.state.model_dump_json())
    assert again.state == g.state and again.current_player == g.current_player and again.expects() == g.expects()


def test_names_are_matched_case_insensitively_and_unknown_names_rejected():
    """Contract: "anna" means "Anna"; events carry the canonical spelling; a non-player is invalid."""
    g = pr()
    assert play(g, {"choose": "aNNA"}) == [{"event": "turn", "player": "Anna"}]
    with pytest.raises(InputRejected) as exc:
        g.apply({"play": "Zoe", "slot": 1, "match": "exact"})
    assert exc.value.code == "invalid"
    with pytest.raises(ValueError):
        Propter(["Anna", "anna"])


def test_malformed_inputs_are_rejected_as_invalid():
    """Contract: one action key, strict types, slot 1–3, known fields."""
    g = wa()
    for bad in ({"roll": [7, 1]}, {"field": "mond"}, {"roll": [1, 2], "field": "kneipe"}, {},
                {"roll": [1, 2], "meets": ["Anna"]}, {"gejammer": "Anna", "extra": 1}):
        with pytest.raises(InputRejected) as exc:
            g.apply(bad)
        assert exc.value.code == "invalid", bad
    p = pr()
    with pytest.raises(InputRejected):
        p.apply({"play": "Anna", "slot": 4, "match": "exact"})
    with pytest.raises(InputRejected):
        p.apply({"play": "Anna", "slot": True, "match": "exact"})


def test_wa09_taxi_to_jail_with_a_player_already_there():
    """WA-09 with WA-05: the Taxi's field is Jail; the meeting there goes to the Stehtisch."""
    g = wa()
    play(g, {"roll": [1, 2]}, {"field": "jail"})  # Ben at Jail
    ev = play(g, {"roll": [1, 2]}, {"field": "taxi"}, {"field": "jail", "meets": ["Ben"]})
    assert [(e["player"], e["reason"]) for e in of(ev, "stehtisch_add")] == [("Cara", "meeting"), ("Ben", "meeting")]
    assert sorted(g.jail) == ["Ben", "Cara"] and ev[-1]["player"] == "Anna"
    assert g.state.fields == {"Ben": "jail", "Cara": "jail"}  # the mover and the piece met there


def test_resume_keeps_a_spielothek_and_a_pee_permission():
    """Resume mid-turn (WA-07, WA-11): the saved state goes on exactly where it stood."""
    g = wa()
    play(g, {"roll": [2, 2]}, {"field": "spielothek"})
    again = WillkommenAmArsch.resume(g.state.model_dump())
    assert again.phase == "spielothek" and again.current_player == "Ben"
    assert names(again.apply({"roll": [1, 2]})) == ["roll", "spielothek_done", "turn"]
    assert again.resumed() == {"event": "game_resumed", "game": "willkommen_am_arsch"}
    g = wa()
    play(g, {"pee": "Anna"}, {"roll": [1, 2]}, {"field": "pinkeln"})
    again = WillkommenAmArsch.resume(g.state.model_dump_json())
    assert again.pee_allowed == "Ben"
    assert again.apply({"pee": "Ben", "allowed": True}) == [{"event": "pee", "player": "Ben", "allowed": True}]


def test_willkommen_has_no_winner_its_sheet_names_none():
    """Willkommen am Arsch has no end on its sheet (seed 002): ``result()`` stays None however long it runs."""
    g = wa()
    assert g.result() is None
    play(g, {"roll": [3, 4]}, {"field": "kneipe"})
    assert g.result() is None
