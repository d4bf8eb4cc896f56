"""Ein Arsch kommt selten allein's statistics: rounds played, penalty points per round and in all
(AS-06; team totals in the team variant, AS-07), rounds each started as the loser (AS-01), outs (AS-05)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waage.stats import GameStats, Record

COLUMNS = ("points", "last_round", "starts", "outs")
#: the figures the OLED shows, two a page (its headers: the display texts ``stats_h_<column>``)
DEVICE_COLUMNS = ("points", "last_round", "starts", "outs")


def stats(records: Sequence[Record], players: Sequence[str]) -> GameStats:
    """Per player: ``points`` (total penalty points, AS-06), ``last_round`` (their points in the
    last scored round, None before one), ``starts`` (rounds they started: round 1 as the table's
    unluckiest, later as the loser of the round before, AS-01; a round the game ended before
    any card of it was laid does not count, AS-08), ``outs`` (rounds they went out,
    AS-05). ``teams`` in the team variant (seats 1+3 and 2+4, AS-07): "Anna+Cara" -> members,
    points, starts, outs. ``extra``: ``rounds_played`` (scored rounds), ``rounds`` [{round,
    points {player: n}, team_points {"1": n, "2": n} or {}}], ``round`` (the round now)."""
    rows: dict[str, dict[str, Any]] = {p: {"points": 0, "last_round": None, "starts": 0, "outs": 0} for p in players}
    rounds: list[dict[str, Any]] = []
    teams = False
    round_now = 0
    opened: str | None = None  # the starter of a round with no card laid yet

    def row(name: str) -> dict[str, Any]:
        return rows.setdefault(name, {"points": 0, "last_round": None, "starts": 0, "outs": 0})

    for rec in records:
        kind = rec.get("event")
        if kind == "game_started":
            teams = bool(rec.get("teams"))
        elif kind == "round_started":
            round_now = int(rec.get("round") or round_now + 1)
            if rec.get("starter"):
                opened = str(rec["starter"])
                row(opened)["starts"] += 1
        elif kind in ("raise", "pair", "pass", "went_out"):
            opened = None
            if kind == "went_out" and rec.get("player"):
                row(str(rec["player"]))["outs"] += 1
        elif kind == "game_finished" and opened is not None:
            row(opened)["starts"] -= 1  # AS-08: the game ended before that round was played
            opened = None
        elif kind == "round_scored":
            points = {str(p): int(n) for p, n in (rec.get("points") or {}).items()}
            scored = {p: points.get(p, 0) for p in rows}  # players out score 0 (AS-06)
            rounds.append({"round": rec.get("round", len(rounds) + 1), "points": scored,
                           "team_points": {str(k): int(v) for k, v in (rec.get("team_points") or {}).items()}})
            for p, n in scored.items():
                row(p)["last_round"] = n
                row(p)["points"] += n
            for p, n in (rec.get("totals") or {}).items():  # the engine's totals are the word (AS-06)
                row(str(p))["points"] = int(n)
    team_rows: dict[str, dict[str, Any]] = {}
    seats = list(players)
    if teams and len(seats) == 4:
        for k, members in ((1, [seats[0], seats[2]]), (2, [seats[1], seats[3]])):
            team_rows["+".join(members)] = {"members": members, "team": k,
                                            **{c: sum(rows[m][c] for m in members) for c in ("points", "starts", "outs")}}
        for r in rounds:
            r["team_points"] = r["team_points"] or {str(k): sum(r["points"].get(m, 0) for m in members)
                                                    for k, members in ((1, [seats[0], seats[2]]),
                                                                       (2, [seats[1], seats[3]]))}
    return GameStats(list(players), COLUMNS, device_columns=DEVICE_COLUMNS, per_player=rows, teams=team_rows,
                     extra={"rounds_played": len(rounds), "rounds": rounds, "round": round_now})
