"""Each game's own statistics, computed from the session-log records of the current game.

Pure functions, no I/O: the web page ``/stats`` and its exports (``waage.web.stats``), the OLED's
statistics screens (each game UI's ``stats_view``, ``waage/ui/``) and the simulator read the same
figures. One function per game, named in the registry of games (``GameSpec.stats``,
``waage.games``); ``game_stats(game_id, records, players)`` looks it up::

    from waage.stats import game_stats
    st = game_stats("willkommen_am_arsch", records, ["Anna", "Ben"])
    st.columns                  # ('bier', 'kurzer', 'wasser', 'drinks', 'hat_s', 'stehtisch')
    st.per_player["Anna"]       # {'bier': 2, 'kurzer': 1, 'wasser': 0, 'drinks': 3, 'hat_s': 95.5, ...}

A record is a session-log dict (``event``, ``t_s`` and the event's fields: the replay contract
and ``shared/docs/helper-games-contract.md``); records of other events are ignored, so the
whole log of a game may be passed. ``current_game(records)`` cuts a longer log to the game
played now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from waage.games import GAMES, spec

Record = dict[str, Any]

#: unit of a column by its key: seconds (shown m:ss), grams, a share 0–1 (shown in %), litres
UNITS = {"hat_s": "s", "mean_error_g": "g", "grams": "g", "hit_rate": "%", "litres": "l"}


@dataclass(frozen=True)
class GameStats:
    """One game's figures.

    players: seat order; columns: the per-player figures in display order (keys of each
    ``per_player`` row; their unit by ``UNITS``); per_player: name -> {column: value} (int, float,
    bool, or None for "no value yet"); teams: for a team variant, team name ("Anna+Cara") ->
    {"members": [...], column: value, ...} (only the columns that add up); extra: the game's own
    further figures (e.g. ``rounds`` of Ein Arsch, ``history`` of the Waagespiel), JSON-ready;
    device_columns: the figures the 128×64 OLED shows (two a page; default ``columns``);
    game: the game id (set by ``game_stats``).
    """

    players: list[str]
    columns: tuple[str, ...]
    per_player: dict[str, dict[str, Any]]
    teams: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    device_columns: tuple[str, ...] = ()
    game: str = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {"game": self.game, "players": list(self.players), "columns": list(self.columns),
                "per_player": self.per_player, "teams": self.teams, "extra": self.extra}

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per player (``player`` first, then the columns), then one per team (``team``)."""
        out = [{"player": p, **{c: self.per_player[p].get(c) for c in self.columns}} for p in self.per_player]
        out += [{"team": name, **{c: row.get(c) for c in self.columns if c in row}} for name, row in self.teams.items()]
        return out


def current_game(records: list[Record]) -> list[Record]:
    """The records from the last ``game_started`` on (all of them when there is none)."""
    for i in range(len(records) - 1, -1, -1):
        if records[i].get("event") == "game_started":
            return records[i:]
    return records


def game_of(records: Sequence[Record], default: str = "waagespiel") -> str:
    """The game the records belong to: the ``game`` of their ``game_started`` (the Waagespiel's has
    none) or of a ``game_resumed``; ``default`` without either."""
    for rec in records:
        if rec.get("event") == "game_started":
            return str(rec.get("game") or "waagespiel")
        if rec.get("event") == "game_resumed" and rec.get("game"):
            return str(rec["game"])
    return default


def players_of(records: Sequence[Record], players: Sequence[str] = ()) -> list[str]:
    """``players`` when given, else the ``players`` of the first ``game_started`` (seat order)."""
    if players:
        return list(players)
    start = next((r for r in records if r.get("event") == "game_started"), None)
    return [str(p) for p in start.get("players", [])] if start else []


def game_stats(game_id: str, records: Sequence[Record], players: Sequence[str] = ()) -> GameStats:
    """The figures of ``game_id`` (a registered game) from ``records``; ``players`` in seat order
    (default: the ``game_started``'s). A game without a stats function gets an empty table.

    Raises KeyError for an unknown game id.
    """
    names = players_of(records, players)
    found = spec(game_id).stats_of(list(records), names) or GameStats(names, (), {p: {} for p in names})
    return replace(found, game=game_id, device_columns=found.device_columns or found.columns)


def known(game_id: str) -> bool:
    """True when ``game_id`` is a registered game."""
    return game_id in GAMES


def fmt_value(column: str, value: Any, lang: str = "de") -> str:
    """A figure as shown on the OLED and the pages: seconds as ``m:ss``, a share in %, litres with
    two decimals, grams and counts whole; None as ``–``. Decimal comma in German."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "–"
    unit = UNITS.get(column)
    if unit == "s":
        whole = int(round(float(value)))
        return f"{whole // 60}:{whole % 60:02d}"
    if unit == "%":
        return f"{round(float(value) * 100)} %"
    if unit == "l":
        text = f"{float(value):.2f}"
    elif column == "mean_error_g":
        text = f"{float(value):.1f}"
    else:
        text = f"{round(float(value))}"
    return text.replace(".", ",") if lang == "de" else text
