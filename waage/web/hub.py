"""The web view's side of the live hub: latest state for every client, no queue per client.

The game thread calls ``record`` and ``state`` (``LiveObserver``). They store
the value (the newest snapshot replaces the last one; records go into a
bounded ring) and poke the server's event loop once with
``loop.call_soon_threadsafe``; a poke already pending is not repeated, so a
fast game thread costs the loop one wake-up, not one per call. On the loop,
the snapshot is turned into JSON once and every waiting client is woken; each
client then sends what changed since it last looked (latest wins).

Records older than the ring are read back from the session log file, so a
page reconnecting with ``Last-Event-ID`` gets every line it missed.
"""

from __future__ import annotations

import asyncio
import csv
import dataclasses
import io
import json
import logging
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from waage.games import GAMES
from waage.files import write_atomic
from waage.live.hub import LiveSnapshot
from waage.web.pin import new_pin
from waage.web.stats import CSV_COLUMNS, current_game, csv_cell

log = logging.getLogger("waage.web")

#: records kept in memory (older ones come from the session log file)
RING_SIZE = 2000
#: records sent to a page that connects without Last-Event-ID
TAIL = 30
#: most view/grams updates per second and client (log records are never held back)
MAX_UPDATES_HZ = 15.0
#: an update is sent at least this often, so a page can tell a live stream from a dead one
HEARTBEAT_S = 1.0
#: the SSE comment ping
PING_S = 15.0
#: fields of the snapshot that change with every sample: sent as ``grams`` events
LIVE_FIELDS = ("grams", "glass_on_scale", "sample_age_s", "scale_g", "load_g", "steady")
#: a change in these sends a ``grams`` event (the age alone only goes out with the heartbeat)
CHANGES = ("grams", "glass_on_scale", "fault", "scale_g", "load_g", "steady")
#: most points of the last attempt's weight curve (about 3 minutes at 10 Hz)
CURVE_POINTS = 2000
#: most older records read from the log per step of a resuming stream (the rest follows in later steps)
RESUME_CHUNK = 500
#: the log index keeps the offset of every this many lines
INDEX_STEP = 1000
#: most records of the current game the statistics and exports read (the newest ones)
MAX_GAME_RECORDS = 10_000


def sse(event: str | None, data: str, id_: int | None = None) -> str:
    """One Server-Sent Event (``data`` must be a single line, which JSON text is)."""
    head = (f"id: {id_}\n" if id_ is not None else "") + (f"event: {event}\n" if event else "")
    return f"{head}data: {data}\n\n"


def read_log_after(path: Path, after: int, before: int | None = None, limit: int | None = None,
                   index: "LogIndex | None" = None) -> list[tuple[int, str]]:
    """Lines ``after+1 … before-1`` (1-based) of a JSON Lines file as (line, text), at most ``limit``
    of them; missing file: []. Bytes that are not UTF-8 become U+FFFD (a damaged line never stops
    the reader). With ``index`` the read starts at the indexed line at or before ``after`` instead
    of the file's start."""
    out: list[tuple[int, str]] = []
    start_line, offset = index.seek_point(after) if index is not None else (0, 0)
    try:
        with open(path, encoding="utf-8", errors="replace", newline="\n") as fh:
            fh.seek(offset)
            for number, text in enumerate(fh, start=start_line + 1):
                if (before is not None and number >= before) or (limit is not None and len(out) >= limit):
                    break
                if number > after:
                    out.append((number, text.rstrip("\n")))
    except FileNotFoundError:
        return []
    return out


def narrated(record: dict[str, Any], game: str | None) -> dict[str, str] | None:
    """A helper game's record in words, ``{lang: sentence}`` for every language of the pages
    (``waage.display.helper_texts.narrate``), for the ``say`` field of a ``log`` event; None for the
    Waagespiel's records (the pages word those themselves), for an unknown game and for a record
    without words. A record that does not fit its game's words (a damaged line) has none. A rejected
    input (``input_rejected``) has none either: the device tells the person at its keys, the public
    feed on the phones and the TV is the game's (issue 21)."""
    if game is None or game not in GAMES or GAMES[game].uses_scale or record.get("event") == "input_rejected":
        return None
    from waage.display.helper_texts import LANGS, narrate

    try:
        say = {lang: narrate(record, lang, game) for lang in LANGS}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return say if all(say.values()) else None


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` with ``text``, readable by the service's user only (``write_atomic``'s
    temporary file is made with mode 0600 and keeps it); an error is logged, never raised (the game
    goes on)."""
    try:
        write_atomic(path, text)
    except OSError as exc:
        log.error("web: cannot write %s (%s)", path, exc.strerror or exc)


class LogIndex:
    """A sparse index of the session log: the byte offset of every INDEX_STEP-th line, grown as the
    log grows (the log is only appended to while the device runs). Lets a resume or the statistics
    read from near the line they need, not from the start of the file. Also finds the line of the
    last ``game_started`` (where ``/api/stats`` begins). Thread-safe (used from worker threads)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offsets: list[int] = [0]  # offsets[k] = where line k*INDEX_STEP+1 begins
        self.lines = 0  # lines scanned so far
        self.end = 0  # byte offset after the last scanned line
        self.game_line = 0  # line of the last game_started seen (0: none)
        self._lock = threading.Lock()

    def update(self) -> None:
        """Scan what was appended since the last call (complete lines only)."""
        with self._lock:
            try:
                fh = open(self.path, "rb")  # noqa: SIM115
            except FileNotFoundError:
                return
            with fh:
                fh.seek(self.end)
                for raw in fh:
                    if not raw.endswith(b"\n"):
                        break
                    self.lines += 1
                    if b'"game_started"' in raw:
                        self.game_line = self.lines
                    self.end += len(raw)
                    if self.lines % INDEX_STEP == 0:
                        self.offsets.append(self.end)

    def seek_point(self, after: int) -> tuple[int, int]:
        """(line count before the point, byte offset) of the indexed point at or before line ``after+1``."""
        with self._lock:
            k = min(max(after, 0) // INDEX_STEP, len(self.offsets) - 1)
            return k * INDEX_STEP, self.offsets[k]


def last_attempt_of(sip: dict[str, Any]) -> dict[str, Any]:
    """The last attempt as /stats shows it, from its ``sip`` record: player, attempt, grams, target_g, verdict,
    min_g/max_g (None) and its weight curve (empty: none recorded; ``WebHub`` adds it when it saw it)."""
    return {"player": sip.get("player"), "attempt": sip.get("attempt"), "grams": sip.get("grams"),
            "target_g": sip.get("target_g"), "verdict": sip.get("verdict"), "min_g": None, "max_g": None,
            "curve": []}


class WebHub:
    """``LiveObserver`` for the web server; holds the latest snapshot, a record ring and the PIN.

    log_path: the session log (JSON Lines, line n = record id n) for resumes beyond the
    ring, None in the simulator without a state directory; lang: "de" | "en" for the pages;
    clock: ``time.monotonic`` (the snapshots' ``sample_at`` use the same clock).
    """

    def __init__(self, log_path: Path | None = None, lang: str = "de", ring_size: int = RING_SIZE,
                 clock: Callable[[], float] = time.monotonic, pin_path: Path | None = None) -> None:
        self.log_path = log_path
        self.lang = lang
        self.clock = clock
        #: where the PIN in force is kept for the owner (``waage run``: the state directory, mode 0600)
        self.pin_path = pin_path
        self.pin = new_pin()
        self._games_seen = 0
        self.ring: deque[tuple[int, str]] = deque(maxlen=ring_size)
        #: {line: the record's JSON with ``say``}: the helper games' records in words for the pages'
        #: feed (as many as the ring holds; the ring itself keeps the records as logged, for the exports)
        self.said: dict[int, str] = {}
        #: the game the records come from now (from the last game_started/game_resumed; None: the snapshot's)
        self.record_game: str | None = None
        self.snapshot: LiveSnapshot | None = None
        self.lines = 0
        #: the load on the scale during the current attempt: (seconds since it began, grams; None: lifted)
        self.curve: deque[tuple[float, float | None]] = deque(maxlen=CURVE_POINTS)
        self._curve_ref = 0.0
        self._curve_key: tuple[Any, ...] | None = None
        self._curve_t0 = 0.0
        #: the last judged attempt: player, verdict, grams, target_g, min_g/max_g, the load curve
        #: and the band of settled loads that hit (band_low_g … band_high_g)
        self.last_attempt: dict[str, Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.index = LogIndex(log_path) if log_path is not None else None
        #: line of the last game_started this hub saw (0: none seen; the log index knows older ones)
        self.game_line = 0
        self._game_cache: tuple[tuple[int, int], list[dict[str, Any]], dict[str, str]] | None = None
        self._read_gate: asyncio.Lock | None = None
        self._pending = False
        self._lock = threading.Lock()
        self._wake: asyncio.Event | None = None
        self.closed = False
        # built on the loop from the latest snapshot
        self.view_text: str | None = None
        self.view_version = 0
        self.live: dict[str, Any] = {}
        self.live_version = 0

    @property
    def pin(self) -> str:
        """The PIN changes need now (shown on the OLED; with ``pin_path`` also kept in that file)."""
        return self._pin

    @pin.setter
    def pin(self, pin: str) -> None:
        self._pin = pin
        if self.pin_path is not None:
            write_private(self.pin_path, pin + "\n")

    # ---------------------------------------------------------------- game thread
    def record(self, line: int, record: dict[str, Any]) -> None:
        """One session-log record (``line`` = its 1-based line in the log). A helper game's record is
        also kept in words (``said``, see ``narrated``)."""
        self.ring.append((line, json.dumps(record, ensure_ascii=False)))
        if record.get("event") in ("game_started", "game_resumed"):
            self.record_game = str(record.get("game") or "waagespiel")
        say = narrated(record, self.record_game or (self.snapshot.game if self.snapshot else None))
        if say is not None:
            extra = {"say": say}
            if record.get("event") == "drink" and isinstance(record.get("drinks"), list):
                # the drinks in words: the pages join a field's drink sentences into one line (games.js)
                from waage.display.helper_texts import LANGS, drinks_text

                extra["say_drinks"] = {lang: drinks_text(record["drinks"], lang) for lang in LANGS}
            self.said[line] = json.dumps({**record, **extra}, ensure_ascii=False)
            while len(self.said) > (self.ring.maxlen or RING_SIZE):
                del self.said[next(iter(self.said))]  # the oldest (lines only grow)
        self.lines = max(self.lines, line)
        if record.get("event") == "game_started":
            self.game_line = line
            if self._games_seen:  # a new game (not the one this device started with): a new PIN
                self.pin = new_pin(avoid=self.pin)
            self._games_seen += 1
        if record.get("event") == "game_started":  # a new game: no last attempt of the game before
            self.last_attempt = None
        if record.get("event") == "sip":
            self.last_attempt = last_attempt_of(record)
            if self._curve_of(record):
                # the curve ends at the judged weight: the load before the lift less what was drunk
                drunk = record.get("grams_exact", record.get("grams"))
                t_s = record.get("t_s", self.clock())
                curve = list(self.curve)
                if isinstance(drunk, (int, float)) and isinstance(t_s, (int, float)):
                    at = max(round(t_s - self._curve_t0, 2), curve[-1][0])
                    curve.append((at, round(self._curve_ref - drunk, 1)))
                self.last_attempt["curve"] = curve
                snap = self.snapshot
                if snap is not None and snap.min_g is not None:
                    # the band the settled load must land in: the load before the lift minus the window
                    self.last_attempt.update(min_g=snap.min_g, max_g=snap.max_g,
                                             band_low_g=round(self._curve_ref - snap.max_g, 1),
                                             band_high_g=round(self._curve_ref - snap.min_g, 1))
        self._poke()

    def _curve_of(self, sip: dict[str, Any]) -> bool:
        """The curve being recorded is ``sip``'s attempt's (its player and target; its attempt when known)."""
        if self._curve_key is None or not self.curve:
            return False
        _, player, done, target_g = self._curve_key
        return (player == sip.get("player") and target_g == sip.get("target_g")
                and (done is None or done + 1 == sip.get("attempt")))

    def state(self, snapshot: LiveSnapshot) -> None:
        """The newest snapshot; replaces the one before. A view with a ``pin`` (the join screen,
        ``QrView``) is kept with the PIN blanked: the PIN is shown on the device only, never sent."""
        view = snapshot.view
        if dataclasses.is_dataclass(view) and any(f.name == "pin" for f in dataclasses.fields(view)):
            view = dataclasses.replace(view, pin="")
            snapshot = dataclasses.replace(snapshot, view=view)
        self.snapshot = snapshot
        self._follow_curve(snapshot)
        self._poke()

    def _follow_curve(self, snapshot: LiveSnapshot) -> None:
        """Record the beer on the scale while someone must drink (phase "drinking" with a target), whatever the
        screen (the chosen's three seconds, a verdict, the drinking screen): one curve per attempt, keyed
        (round, player, attempts done, target), from the settled load before the lift (``reference_g``);
        a lifted glass is one gap (None) in it."""
        d = snapshot.details if isinstance(snapshot.details, dict) else {}
        if snapshot.phase != "drinking" or snapshot.target_g is None or snapshot.current is None:
            return
        key = (d.get("round"), snapshot.current, d.get("attempt"), snapshot.target_g)
        now = d.get("t_s", self.clock())  # the game's clock (simulated in the sim)
        if key != self._curve_key:
            ref = d.get("reference_g")
            if snapshot.grams is None and ref is None:
                return  # nothing to begin the curve with yet
            self._curve_key, self._curve_t0 = key, now
            # the settled load before the lift (the game's reference), else the first point
            self._curve_ref = snapshot.grams if ref is None else ref
            self.curve.clear()
            if ref is not None:
                self.curve.append((0.0, ref))
        point = (round(now - self._curve_t0, 2), snapshot.grams)
        if point[1] is not None or (self.curve and self.curve[-1][1] is not None):
            self.curve.append(point)

    def close(self) -> None:
        """End every stream (the server stops)."""
        self.closed = True
        self._poke(force=True)

    def _poke(self, force: bool = False) -> None:
        loop = self._loop
        if loop is None:
            return
        with self._lock:
            if self._pending and not force:
                return
            self._pending = True
        try:
            loop.call_soon_threadsafe(self._publish)
        except RuntimeError:  # the loop is closed: the server has stopped
            pass

    # ---------------------------------------------------------------- event loop
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Bind to the server's event loop (call from that loop's thread before serving)."""
        self._wake = asyncio.Event()
        self._read_gate = asyncio.Lock()
        self._loop = loop
        self._publish()

    def _publish(self) -> None:
        """On the loop: JSON of the newest snapshot once, then wake every client."""
        with self._lock:
            self._pending = False
        snap = self.snapshot
        if snap is not None:
            data = snap.to_json(self.clock())
            live = {k: data.pop(k) for k in LIVE_FIELDS}
            live["fault"] = data["fault"]
            data["details"] = {k: v for k, v in data["details"].items() if k != "t_s"}  # the game clock ticks
            text = json.dumps(data, ensure_ascii=False)
            if text != self.view_text:
                self.view_text = text
                self.view_version += 1
            if [live[k] for k in CHANGES] != [self.live.get(k) for k in CHANGES]:
                self.live_version += 1
            self.live = live
        old, self._wake = self._wake, asyncio.Event()
        if old is not None:
            old.set()

    def live_json(self) -> str:
        """The ``grams`` event's data with the sample age as of now."""
        live = dict(self.live)
        snap = self.snapshot
        if snap is not None and snap.sample_at is not None:
            live["sample_age_s"] = round(max(self.clock() - snap.sample_at, 0.0), 3)
        return json.dumps(live)

    async def _read_log(self, after: int, before: int | None = None, limit: int | None = None) -> list[tuple[int, str]]:
        """Log lines after ``after`` (see ``read_log_after``), one read at a time on a worker thread:
        many clients resuming at once queue here instead of each holding a copy of the log."""
        assert self.log_path is not None
        gate = self._read_gate or asyncio.Lock()

        def read() -> list[tuple[int, str]]:
            if self.index is not None:
                self.index.update()
            return read_log_after(self.log_path, after, before, limit, self.index)  # type: ignore[arg-type]

        async with gate:
            return await asyncio.to_thread(read)

    async def records_after(self, last_id: int | None) -> list[tuple[int, str]]:
        """The records a client has not seen: after ``last_id`` (at most RESUME_CHUNK of them from
        the log; the stream asks again for the rest), or the last ``TAIL`` without one.

        An id beyond the newest line (the log was started afresh) counts as none.
        """
        ring = list(self.ring)
        if last_id is None or last_id > self.lines:
            return ring[-TAIL:]
        first = ring[0][0] if ring else self.lines + 1
        if last_id + 1 < first and self.log_path is not None:
            older = await self._read_log(last_id, first, RESUME_CHUNK)
            if older:
                return older
        return [r for r in ring if r[0] > last_id]

    async def game_records(self) -> tuple[list[dict[str, Any]], dict[str, str]]:
        """The records of the current game (from the last ``game_started``; at most MAX_GAME_RECORDS,
        the newest) and a cache dict for texts made from them (the exports). Computed once per new
        record, however many clients ask at once; lines that are not JSON are skipped."""
        gate = self._read_gate or asyncio.Lock()
        async with gate:
            key = (self.lines, self.game_line)
            if self._game_cache is not None and self._game_cache[0] == key:
                return self._game_cache[1], self._game_cache[2]
            ring = list(self.ring)
            start = self.game_line
            if not start and self.index is not None:
                await asyncio.to_thread(self.index.update)
                start = self.index.game_line
            start = max(start, 1, self.lines - MAX_GAME_RECORDS + 1)
            if ring and ring[0][0] <= start:
                rows = [r for r in ring if r[0] >= start]
            elif self.log_path is not None:
                def read() -> list[tuple[int, str]]:
                    if self.index is not None:
                        self.index.update()
                    return read_log_after(self.log_path, start - 1, None, MAX_GAME_RECORDS,  # type: ignore[arg-type]
                                          self.index)

                rows = await asyncio.to_thread(read)
                seen = rows[-1][0] if rows else start - 1
                rows += [r for r in ring if r[0] > seen]
            else:
                rows = ring
            out = []
            for line, text in rows[-MAX_GAME_RECORDS:]:
                try:
                    rec = json.loads(text)
                except ValueError:  # a torn or damaged line
                    continue
                if isinstance(rec, dict):
                    out.append({"line": line, **rec})
            out = current_game(out)
            self._game_cache = (key, out, {})
            return out, self._game_cache[2]

    async def all_records(self) -> list[dict[str, Any]]:
        """The records of the current game (see ``game_records``)."""
        return (await self.game_records())[0]

    async def export_text(self, kind: str) -> str:
        """The current game as ``"jsonl"`` (JSON Lines) or ``"csv"`` (CSV_COLUMNS, cells that a
        spreadsheet would run as a formula made plain text), made once per new record."""
        records, texts = await self.game_records()
        if kind not in texts:
            if kind == "jsonl":
                texts[kind] = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
            else:
                buf = io.StringIO()
                writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
                writer.writeheader()
                for rec in records:
                    writer.writerow({k: csv_cell(v) for k, v in rec.items()})
                texts[kind] = buf.getvalue()
        return texts[kind]

    async def stream(self, last_id: int | None) -> AsyncIterator[str]:
        """The text of one ``/events`` connection: retry hint, missed records, then live updates.

        Events: ``log`` (id = session-log line, data = the record), ``view`` (the snapshot
        without the live fields), ``grams`` (grams, glass_on_scale, sample_age_s, scale_g, load_g, steady, fault);
        a ``: ping`` comment every PING_S. View/grams at most MAX_UPDATES_HZ per second.
        """
        yield "retry: 1000\n\n"
        lines_now = self.lines
        if last_id is not None and last_id > lines_now:  # an id from an older session log
            last_id = None
        sent_line = lines_now if last_id is None else last_id  # a fresh page: only the tail, then live
        missed = await self.records_after(last_id)
        if missed:  # one write per chunk: a client gone meanwhile costs one failed write, not 500
            yield "".join(sse("log", self.said.get(line, text), line) for line, text in missed)
            sent_line = max(sent_line, missed[-1][0])
        view_seen = live_seen = -1
        next_update = last_update = last_ping = self.clock()
        min_gap = 1.0 / MAX_UPDATES_HZ
        while not self.closed:
            wake = self._wake
            now = self.clock()
            out: list[str] = []
            if self.lines > sent_line:
                for line, text in await self.records_after(sent_line):
                    out.append(sse("log", self.said.get(line, text), line))
                    sent_line = line
            due = now >= next_update
            if due and self.view_text is not None and self.view_version != view_seen:
                view_seen = self.view_version
                out.append(sse("view", self.view_text))
            if due and (self.live_version != live_seen or now - last_update >= HEARTBEAT_S) and self.live:
                live_seen = self.live_version
                out.append(sse("grams", self.live_json()))
            if out:
                if any(not s.startswith("id:") for s in out):
                    last_update, next_update = now, now + min_gap
                yield "".join(out)
                continue
            if now - last_ping >= PING_S:
                last_ping = now
                yield ": ping\n\n"
            pending = self.view_version != view_seen or self.live_version != live_seen
            heartbeat_left = HEARTBEAT_S - (now - last_update) if self.live else PING_S
            timeout = max(next_update - now, 0.0) if pending else min(heartbeat_left, PING_S - (now - last_ping))
            if wake is None or pending:  # an update waits for its slot: sleep, do not spin on a set event
                await asyncio.sleep(max(timeout, 0.005))
                continue
            try:
                await asyncio.wait_for(wake.wait(), timeout=max(timeout, 0.005))
            except TimeoutError:
                pass
