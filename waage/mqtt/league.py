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

import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from waage.display.views import LeaderboardRow, LeaderboardView
from waage.names import clean_name, clean_names

#: the league message's format version (``"v"``)
LEAGUE_VERSION = 1
#: at most this many tables are kept (a bounded table whatever the broker holds); when full, a table
#: published while this scale is connected takes the place of one that only ever came retained
#: (oldest first), else of the one seen least recently; a retained newcomer waits; our own stays
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


class Leaderboard:
    """The merged league table: the latest message of every scale of the league.

    ``update(device_id, payload, retained)`` takes one league message (bytes or str JSON; an empty
    payload removes the table); ``view()`` ranks the rows. clock: monotonic seconds (when a table
    was last seen; a fake one in tests).

    At most MAX_TABLES tables. Each remembers when it was last updated and whether it was ever
    published while this scale was connected ("live": the broker forwards such a message with the
    retain flag cleared, even when it is kept retained). When the board is full, a live newcomer
    takes the place of a table that only ever came retained (the oldest first: a forgery left on the
    broker and never updated), else of the least recently seen table; a retained newcomer is refused
    (it cannot push out a table seen recently or live). This scale's own table is never displaced.
    So 64 forged retained tables never lock out a live scale: it is on the board with its next
    publication (at its connect and after each sip), also after this scale restarts.
    """

    def __init__(self, league: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.league = league
        self.clock = clock
        self._tables: dict[str, LeagueMessage] = {}
        #: device id -> (clock time of its last update, ever published live)
        self._seen: dict[str, tuple[float, bool]] = {}
        self._own: str | None = None

    def update(self, device_id: str, payload: bytes | str, retained: bool = False) -> bool:
        """Store (or with an empty payload remove) one table; ``retained``: the broker delivered it from
        its store (at subscription), not as it was published. False for a message that is not valid:
        over MAX_MESSAGE_BYTES, not JSON of a ``LeagueMessage``, more than MAX_PLAYERS players,
        counts over MAX_COUNT or not ``exact <= hits <= attempts``, another device's id; and for a new
        table that finds no room (see the class docstring). Names are cleaned to the name rule
        (``waage.names.clean_names``), never refused for it."""
        if not payload:
            self._seen.pop(device_id, None)
            return self._tables.pop(device_id, None) is not None
        if len(payload) > MAX_MESSAGE_BYTES:
            return False
        try:
            msg = LeagueMessage.model_validate_json(payload)
        except ValidationError:
            return False
        if msg.device_id != device_id:
            return False
        if device_id not in self._tables and len(self._tables) >= MAX_TABLES and not self._make_room(retained):
            return False
        live = not retained or self._seen.get(device_id, (0.0, False))[1]
        self._tables[device_id] = msg
        self._seen[device_id] = (self.clock(), live)
        return True

    def _make_room(self, retained: bool) -> bool:
        """Drop one table for a newcomer (see the class docstring); False when it finds no room."""
        if retained:
            return False
        others = [(live, seen_s, dev) for dev, (seen_s, live) in self._seen.items() if dev != self._own]
        if not others:
            return False
        _, _, gone = min(others)  # never live before ever live, then the least recently seen
        del self._tables[gone], self._seen[gone]
        return True

    def put(self, msg: LeagueMessage) -> None:
        """Store this scale's own message (shown at once, before the broker echoes it; never displaced)."""
        self._own = msg.device_id
        if msg.device_id not in self._tables and len(self._tables) >= MAX_TABLES:
            self._make_room(retained=False)
        self._tables[msg.device_id] = msg
        self._seen[msg.device_id] = (self.clock(), True)

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
