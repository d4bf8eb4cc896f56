"""Propter's statistics (Basisregeln): per player trophies (points, PR-04), BS cards stung,
plays exact and by category (PR-03), discards (PR-02) and who fell off the disc (PR-05)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waage.stats import GameStats, Record

COLUMNS = ("points", "stings", "exact", "category", "discards", "fell_off")
#: the figures the OLED shows, two a page (its headers: the display texts ``stats_h_<column>``)
DEVICE_COLUMNS = ("points", "discards", "exact", "category", "fell_off")


def stats(records: Sequence[Record], players: Sequence[str]) -> GameStats:
    """Per player: ``points`` (trophies: the newest ``sting.points``, PR-04), ``stings`` (BS cards
    they stung), ``exact`` / ``category`` (their plays of each kind, PR-03), ``discards`` (PR-02),
    ``fell_off`` (True once they fell off the disc, PR-05). ``extra``: ``plays`` (all plays),
    ``stings`` (all stings), ``winner`` (the ``game_finished``'s, else None)."""
    rows: dict[str, dict[str, Any]] = {}

    def row(name: str) -> dict[str, Any]:
        return rows.setdefault(name, {"points": 0, "stings": 0, "exact": 0, "category": 0, "discards": 0,
                                      "fell_off": False})

    for p in players:
        row(p)
    plays = stings = 0
    winner = None
    for rec in records:
        kind = rec.get("event")
        who = rec.get("player")
        if kind == "play" and who:
            plays += 1
            match = rec.get("match")
            if match in ("exact", "category"):
                row(str(who))[match] += 1
        elif kind == "sting" and who:
            stings += 1
            r = row(str(who))
            r["stings"] += 1
            r["points"] = int(rec.get("points", r["points"] + 1))
        elif kind == "discard" and who:
            row(str(who))["discards"] += 1
        elif kind == "fell_off" and who:
            row(str(who))["fell_off"] = True
        elif kind == "game_finished":
            winner = rec.get("winner")
    return GameStats(list(players), COLUMNS, device_columns=DEVICE_COLUMNS, per_player=rows,
                     extra={"plays": plays, "stings": stings, "winner": winner})
