"""The web's side of the statistics: the session CSV's columns, the formula guard of CSV cells and
the per-game exports (``/api/stats.csv``, ``/api/stats.jsonl``). The figures themselves are each
game's own, computed in ``waage.stats`` (shared with the OLED); re-exported here for the web."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from waage.stats import GameStats, current_game, game_of, game_stats
from waage.games.waagespiel.stats import history, player_stats

__all__ = ["CSV_COLUMNS", "FORMULA_START", "csv_cell", "current_game", "game_of", "game_stats", "history",
           "player_stats", "stats_csv", "stats_jsonl", "MAX_EXPORT_ROWS"]

#: columns of the CSV export (the record's other fields are left out; JSON Lines has them all)
CSV_COLUMNS = ("line", "at", "t_s", "event", "round", "player", "attempt", "dice", "target_g",
               "min_g", "max_g", "grams", "verdict", "reason", "outcome")

#: first characters that make a spreadsheet (Excel, LibreOffice) read a cell as a formula
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: most rows of a statistics export (players, teams, rounds: a game has at most 12 players)
MAX_EXPORT_ROWS = 1000


def csv_cell(value: Any) -> Any:
    """One CSV cell: lists such as dice as ``3 5``; text that a spreadsheet would run as a formula
    (``=HYPERLINK(…)``, ``+``, ``-``, ``@``, tab, CR first) gets a leading ``'`` so it stays text."""
    if isinstance(value, list):
        value = " ".join(map(str, value))
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _rows(st: GameStats) -> list[dict[str, Any]]:
    """The export rows: ``kind`` player / team, then one ``round`` row per scored round (Ein Arsch)."""
    out = [{"game": st.game, "kind": "team" if "team" in r else "player",
            "name": r.get("player", r.get("team")), **{c: r.get(c) for c in st.columns}} for r in st.rows()]
    for r in st.extra.get("rounds", []):
        out += [{"game": st.game, "kind": "round", "round": r["round"], "name": p, "points": n}
                for p, n in r["points"].items()]
    return out[:MAX_EXPORT_ROWS]


def stats_csv(st: GameStats) -> str:
    """The game's own figures as CSV: ``game, kind, name, round`` and the game's columns; one row per
    player, per team, per player and scored round (``kind`` = round); cells through ``csv_cell``."""
    buf = io.StringIO()
    fields = ["game", "kind", "name", "round", *st.columns]
    writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in _rows(st):
        writer.writerow({k: csv_cell(v) for k, v in row.items()})
    return buf.getvalue()


def stats_jsonl(st: GameStats) -> str:
    """The game's own figures as JSON Lines: the same rows as ``stats_csv``, one object each."""
    return "".join(json.dumps({k: v for k, v in row.items() if v is not None or k in st.columns},
                              ensure_ascii=False) + "\n" for row in _rows(st))
