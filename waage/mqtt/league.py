"""The league: one leaderboard across the scales (tables) of a party.

Pure and deterministic (no I/O): ``TableStats`` counts one scale's sips from
its session-log records, ``Leaderboard`` merges what every scale of the
league published under ``waage/league/<league>/<device_id>`` (retained) into
rows, and ``LeaderboardView`` is the frozen view model the OLED screen
(``waage/display/league_screen.py``) and the web page's statistics draw.

A row is one player at one table: the same name at two tables is two rows
(``Anna @ Stehtisch``, ``Anna @ table 2``). Ranking: most hits, then most
exact hits (W-22), then the smallest mean error, then the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from waage.names import clean_name, clean_names

#: the league message's format version (``"v"``)
LEAGUE_VERSION = 1
#: at most this many tables are kept (a bounded table whatever the broker holds)
MAX_TABLES = 64
#: at most this many players in one table's message (more: the message is refused)
MAX_PLAYERS = 64
#: largest league message accepted, in bytes (64 players with long names fit in about 8 kB)
MAX_MESSAGE_BYTES = 16 * 1024
#: largest count in a tally (a party has far fewer sips; bounds forged numbers)
MAX_COUNT = 100_000


class PlayerTally(BaseModel):
    """One player's judged attempts at one table.

    attempts: judged sips; hits: within ±10 % (W-21) including exact ones;
    exact: the exact target (W-22); grams: whole grams drunk in judged sips;
    error_g: the sum of |grams − target_g| over the attempts (mean error = error_g / attempts).
    """

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)

    attempts: int = Field(default=0, ge=0, le=MAX_COUNT)
    hits: int = Field(default=0, ge=0, le=MAX_COUNT)
    exact: int = Field(default=0, ge=0, le=MAX_COUNT)
    grams: int = Field(default=0, ge=0, le=MAX_COUNT * 1000)
    error_g: float = Field(default=0.0, ge=0, le=MAX_COUNT * 1000.0)

    @model_validator(mode="after")
    def _consistent(self) -> "PlayerTally":
        if not self.exact <= self.hits <= self.attempts:
            raise ValueError("need exact <= hits <= attempts")
        return self


class LeagueMessage(BaseModel):
    """What one scale publishes (retained JSON) under ``<prefix>/league/<league>/<device_id>``."""

    model_config = ConfigDict(extra="ignore")

    v: int = LEAGUE_VERSION
    device_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    table: str = Field(min_length=1, max_length=256)
    players: dict[str, PlayerTally] = Field(default_factory=dict, max_length=MAX_PLAYERS)

    @field_validator("table")
    @classmethod
    def _table(cls, table: str) -> str:
        return clean_name(table)  # the name rule (waage.names): drawn on the OLED as "Anna @ table"

    @field_validator("players")
    @classmethod
    def _players(cls, players: dict[str, PlayerTally]) -> dict[str, PlayerTally]:
        if any(len(name) > 256 for name in players):
            raise ValueError("a player name is far too long")
        return dict(zip(clean_names(players), players.values()))


class TableStats:
    """One scale's tallies, fed with its session-log records in order.

    Counts every ``sip`` event (W-21/W-22 verdicts) of the session log, over
    all games in it: a new session log is a new evening. Memory: one tally per
    player name.
    """

    def __init__(self, device_id: str, table: str) -> None:
        self.device_id, self.table = device_id, table
        self.players: dict[str, PlayerTally] = {}

    def feed(self, record: dict[str, Any]) -> bool:
        """Count one record; True when the tallies changed (a judged sip)."""
        if record.get("event") != "sip":
            return False
        try:
            player, grams, target = clean_name(record["player"]), int(record["grams"]), int(record["target_g"])
            verdict = record["verdict"]
        except (KeyError, TypeError, ValueError, OverflowError):
            return False
        if player not in self.players and len(self.players) >= MAX_PLAYERS:
            return False  # a log of many evenings: the first MAX_PLAYERS names are counted
        t = self.players.setdefault(player, PlayerTally())
        t.attempts += 1
        t.hits += verdict in ("hit", "exact")
        t.exact += verdict == "exact"
        t.grams += max(grams, 0)
        t.error_g = round(t.error_g + abs(grams - target), 1)
        return True

    def message(self) -> LeagueMessage:
        """The league message of this table now."""
        return LeagueMessage(device_id=self.device_id, table=self.table,
                             players={p: t.model_copy() for p, t in self.players.items()})


@dataclass(frozen=True)
class LeaderboardRow:
    """One player at one table.

    label: ``"Anna @ Stehtisch"``; hit_rate: hits / attempts (0–1, 0 without
    attempts); mean_error_g: mean |grams − target| per attempt (None without attempts).
    """

    rank: int
    player: str
    table: str
    device_id: str
    attempts: int
    hits: int
    exact: int
    hit_rate: float
    mean_error_g: float | None
    grams: int

    @property
    def label(self) -> str:
        """``player @ table``."""
        return f"{self.player} @ {self.table}"


@dataclass(frozen=True)
class LeaderboardView:
    """The league's leaderboard as the screens draw it.

    league: the league's name; rows: ranked, best first; tables: how many
    scales reported; page: which page the OLED shows (wraps around).
    """

    league: str
    rows: tuple[LeaderboardRow, ...]
    tables: int
    page: int = 0


class Leaderboard:
    """The merged league table: the latest message of every scale of the league.

    ``update(device_id, payload)`` takes one retained league message (bytes or
    str JSON; an empty payload removes the table); ``view()`` ranks the rows.
    """

    def __init__(self, league: str) -> None:
        self.league = league
        self._tables: dict[str, LeagueMessage] = {}

    def update(self, device_id: str, payload: bytes | str) -> bool:
        """Store (or with an empty payload remove) one table; False for a message that is not valid:
        over MAX_MESSAGE_BYTES, not JSON of a ``LeagueMessage``, more than MAX_PLAYERS players,
        counts over MAX_COUNT or not ``exact <= hits <= attempts``, another device's id. Names are
        cleaned to the name rule (``waage.names.clean_names``), never refused for it."""
        if not payload:
            return self._tables.pop(device_id, None) is not None
        if len(payload) > MAX_MESSAGE_BYTES:
            return False
        try:
            msg = LeagueMessage.model_validate_json(payload)
        except ValidationError:
            return False
        if msg.device_id != device_id or (device_id not in self._tables and len(self._tables) >= MAX_TABLES):
            return False
        self._tables[device_id] = msg
        return True

    def put(self, msg: LeagueMessage) -> None:
        """Store this scale's own message (shown at once, before the broker echoes it)."""
        self._tables[msg.device_id] = msg

    def rows(self) -> list[LeaderboardRow]:
        """Every player at every table, ranked: hits, exact, smaller mean error, name, table."""
        raw = []
        for dev, msg in self._tables.items():
            for player, t in msg.players.items():
                mean = round(t.error_g / t.attempts, 1) if t.attempts else None
                rate = round(t.hits / t.attempts, 3) if t.attempts else 0.0
                raw.append((player, msg.table, dev, t, rate, mean))
        raw.sort(key=lambda r: (-r[3].hits, -r[3].exact, r[5] if r[5] is not None else float("inf"), r[0], r[1], r[2]))
        return [LeaderboardRow(rank=i + 1, player=p, table=tab, device_id=dev, attempts=t.attempts, hits=t.hits,
                               exact=t.exact, hit_rate=rate, mean_error_g=mean, grams=t.grams)
                for i, (p, tab, dev, t, rate, mean) in enumerate(raw)]

    def view(self, page: int = 0) -> LeaderboardView:
        """The view model for the screens."""
        return LeaderboardView(league=self.league, rows=tuple(self.rows()), tables=len(self._tables), page=page)

    def to_json(self) -> dict[str, Any]:
        """The leaderboard for the web page's statistics (``/stats``): league, tables, ranked rows."""
        return leaderboard_json(self.view())


def leaderboard_json(view: LeaderboardView) -> dict[str, Any]:
    """A ``LeaderboardView`` as JSON: ``{"league", "tables", "rows": [{rank, player, table, label, …}]}``."""
    rows = []
    for r in view.rows:
        rows.append({"rank": r.rank, "player": r.player, "table": r.table, "label": r.label,
                     "device_id": r.device_id, "attempts": r.attempts, "hits": r.hits, "exact": r.exact,
                     "hit_rate": r.hit_rate, "mean_error_g": r.mean_error_g, "grams": r.grams})
    return {"league": view.league, "tables": view.tables, "rows": rows}
