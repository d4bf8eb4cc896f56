"""The Waagespiel's statistics (Regel 7): per player chosen, attempts, hits, exact, misses, hit rate,
mean error, grams and litres drunk; the history of every judged attempt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waage.stats import GameStats, Record

COLUMNS = ("chosen", "attempts", "hits", "exact", "misses", "hit_rate", "mean_error_g", "grams", "litres")
#: the figures the OLED shows, two a page (its headers: the display texts ``stats_h_<column>``)
DEVICE_COLUMNS = ("hits", "misses", "exact", "chosen", "attempts", "grams")


def player_stats(records: Sequence[Record], players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per player: rounds chosen, attempts, hits, exact, misses, hit_rate (0–1, None without an
    attempt), mean_error_g (mean |grams − target_g| of the attempts), grams and litres drunk
    (1 g of beer taken as 1 ml). Counts ``chosen`` and ``sip`` records (W-13, W-21, W-22)."""
    out: dict[str, dict[str, Any]] = {}

    def row(name: str) -> dict[str, Any]:
        return out.setdefault(name, {"chosen": 0, "attempts": 0, "hits": 0, "exact": 0, "misses": 0,
                                     "grams": 0, "_err": 0.0})

    for name in players:
        row(name)
    for rec in records:
        kind = rec.get("event")
        if kind == "chosen":
            row(rec["player"])["chosen"] += 1
        elif kind == "sip":
            r = row(rec["player"])
            r["attempts"] += 1
            r["grams"] += rec["grams"]
            r["_err"] += abs(rec["grams"] - rec["target_g"])
            r["hits"] += rec["verdict"] != "miss"
            r["exact"] += rec["verdict"] == "exact"
            r["misses"] += rec["verdict"] == "miss"
    for r in out.values():
        n = r["attempts"]
        err = r.pop("_err")
        r["hit_rate"] = round(r["hits"] / n, 3) if n else None
        r["mean_error_g"] = round(err / n, 1) if n else None
        r["litres"] = round(r["grams"] / 1000.0, 3)
    return out


def history(records: Sequence[Record]) -> list[dict[str, Any]]:
    """Every judged attempt in order: n (1…), round, player, grams, target_g, verdict."""
    return [{"n": i + 1, "round": r.get("round"), "player": r["player"], "grams": r["grams"],
             "target_g": r["target_g"], "verdict": r["verdict"]}
            for i, r in enumerate(x for x in records if x.get("event") == "sip")]


def stats(records: Sequence[Record], players: Sequence[str]) -> GameStats:
    """The Waagespiel's ``GameStats``: ``player_stats`` as the table, ``extra["history"]``."""
    return GameStats(list(players), COLUMNS, device_columns=DEVICE_COLUMNS,
                     per_player=player_stats(records, players), extra={"history": history(records)})
