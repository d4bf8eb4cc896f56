"""Session statistics for ``/stats`` and the exports, computed from the session-log records."""

from __future__ import annotations

from typing import Any

#: columns of the CSV export (the record's other fields are left out; JSON Lines has them all)
CSV_COLUMNS = ("line", "at", "t_s", "event", "round", "player", "attempt", "dice", "target_g",
               "min_g", "max_g", "grams", "verdict", "reason", "outcome")


def current_game(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records from the last ``game_started`` on (all of them when there is none)."""
    for i in range(len(records) - 1, -1, -1):
        if records[i].get("event") == "game_started":
            return records[i:]
    return records


def player_stats(records: list[dict[str, Any]], players: list[str]) -> dict[str, dict[str, Any]]:
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


def history(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every judged attempt in order: n (1…), round, player, grams, target_g, verdict."""
    return [{"n": i + 1, "round": r.get("round"), "player": r["player"], "grams": r["grams"],
             "target_g": r["target_g"], "verdict": r["verdict"]}
            for i, r in enumerate(x for x in records if x.get("event") == "sip")]


#: first characters that make a spreadsheet (Excel, LibreOffice) read a cell as a formula
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """One CSV cell: lists such as dice as ``3 5``; text that a spreadsheet would run as a formula
    (``=HYPERLINK(…)``, ``+``, ``-``, ``@``, tab, CR first) gets a leading ``'`` so it stays text."""
    if isinstance(value, list):
        value = " ".join(map(str, value))
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
