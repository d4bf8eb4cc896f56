"""Willkommen am Arsch's statistics (WA-13): per player the drinks of each kind and in all, the
time wearing the Trottelmütze and how often they emptied the Stehtisch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waage.stats import GameStats, Record

DRINKS = ("bier", "kurzer", "wasser")
COLUMNS = (*DRINKS, "drinks", "hat_s", "stehtisch")
#: the figures the OLED shows, two a page (its headers: the display texts ``stats_h_<column>``)
DEVICE_COLUMNS = ("bier", "kurzer", "wasser", "hat_s", "stehtisch", "drinks")


def stats(records: Sequence[Record], players: Sequence[str]) -> GameStats:
    """Per player: ``bier``, ``kurzer``, ``wasser`` (the drinks they drank: the ``drink`` records,
    WA-13; a drink sent to the Stehtisch counts for whoever empties it: ``stehtisch_emptied`` is
    followed by the mover's ``drink`` of reason "stehtisch"), ``drinks`` (all kinds), ``hat_s`` (seconds wearing the Trottelmütze from the ``t_s`` of the
    ``trottelmuetze`` changes; the wearer's time runs to the last record's ``t_s``, 0 without
    times), ``stehtisch`` (times they emptied it, WA-06). ``extra``: ``hat`` (the wearer now),
    ``stehtisch_now`` (its drinks now), ``by_reason`` {reason: drinks} over all players."""
    rows: dict[str, dict[str, Any]] = {p: {**{d: 0 for d in DRINKS}, "drinks": 0, "hat_s": 0.0, "stehtisch": 0}
                                       for p in players}
    by_reason: dict[str, int] = {}
    wearer: str | None = None
    since: float | None = None
    last_t: float | None = None
    stehtisch_now: list[str] = []

    def row(name: str) -> dict[str, Any]:
        return rows.setdefault(name, {**{d: 0 for d in DRINKS}, "drinks": 0, "hat_s": 0.0, "stehtisch": 0})

    def drank(name: str, drinks: Sequence[str], reason: str) -> None:
        r = row(name)
        for d in drinks:
            r[d] = r.get(d, 0) + 1
            r["drinks"] += 1
        by_reason[reason] = by_reason.get(reason, 0) + len(drinks)

    for rec in records:
        t = rec.get("t_s")
        if isinstance(t, (int, float)):
            last_t = float(t) if last_t is None else max(last_t, float(t))
        kind = rec.get("event")
        if kind == "game_started":
            stehtisch_now = list(rec.get("stehtisch") or [])
        elif kind == "drink" and rec.get("player"):
            drank(str(rec["player"]), rec.get("drinks") or [], str(rec.get("reason", "")))
        elif kind == "stehtisch_emptied" and rec.get("player"):
            # its drinks follow as the mover's ``drink`` (reason "stehtisch"): counted there, not twice
            row(str(rec["player"]))["stehtisch"] += 1
            stehtisch_now = list(rec.get("stehtisch") or [])
        elif kind == "stehtisch_add":
            stehtisch_now = list(rec.get("stehtisch") or [*stehtisch_now, *(rec.get("drinks") or [])])
        elif kind == "trottelmuetze" and rec.get("player"):
            if wearer is not None and since is not None and last_t is not None:
                row(wearer)["hat_s"] += last_t - since
            wearer, since = str(rec["player"]), last_t
    if wearer is not None and since is not None and last_t is not None:
        row(wearer)["hat_s"] += last_t - since
    for r in rows.values():
        r["hat_s"] = round(r["hat_s"], 1)
    return GameStats(list(players), COLUMNS, device_columns=DEVICE_COLUMNS, per_player=rows,
                     extra={"hat": wearer, "stehtisch_now": stehtisch_now, "by_reason": by_reason})
