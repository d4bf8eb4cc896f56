"""Persistence in the state directory: one write-ahead record and the session log.

Files (under ``[state] directory``; ``/var/lib/waage`` under systemd):

- ``game.json``: the write-ahead record of the latest decision, written
  atomically (temporary file, fsync, ``os.replace``, fsync of the folder)::

      {"version": 2, "game": "waagespiel", "state": {...}, "config": {...},
       "dice_rolled": 7, "log_lines_before": 41, "records": [{...}, {...}]}

  ``state`` is the game's state *after* the decision, ``records`` the session-log
  lines the decision produced and ``log_lines_before`` how many lines the log
  had before them; ``config`` is the config's ``[game]`` table the game was
  started under (see ``resume_or_new`` in ``waage/app/wiring.py``).
- ``session.jsonl``: the event log, the same lines ``waage replay`` prints
  (plus ``at``, the wall-clock time), one decision's records after the other,
  every game of the device one after the other.
- ``calibration.json``: written by ``waage calibrate``.
- ``glass.json``: the glass weighed last (W-36, "Glas wiegen"): the ``GlassSettings``
  fields, written atomically like ``game.json``; a new game and a restart use it
  instead of the config's ``[glass]`` (``wiring.load_glass``).

Why this design (issue 13, "the crash window"): a decision is first made
durable as a whole in ``game.json`` (state and its log lines in one atomic
file), then its lines are appended to the log. A kill at any instant leaves
one of three pictures, and ``recover`` turns each into "state and log agree":

1. killed before ``os.replace``: the old ``game.json`` stands and the log holds
   exactly its records: the decision never happened (the game resumes before it);
2. killed after ``os.replace``, before all records were appended (or with a
   torn last line): the torn tail is cut off and the missing records are
   appended from ``game.json``, each exactly once (the lines already there are
   compared with the record, so nothing is written twice);
3. killed after the append: nothing to do.

A state rebuilt from the log would need every engine to re-derive its state
from its own events (and the Waagespiel's from weight events it does not
log); keeping one file that holds both is simpler and game-agnostic.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waage.names import clean_names

log = logging.getLogger(__name__)

#: version of the game.json layout (1 was a bare Waagespiel ``GameState``)
VERSION = 2
#: at a start, a session log larger than this is moved to ``session.1.jsonl`` (replacing the one
#: before) and a new one begins: the log on disk is at most about 2 × this plus one evening
MAX_LOG_BYTES = 4 * 1024 * 1024
#: the file name the previous session log is kept under
OLD_LOG = "session.1.jsonl"
#: errors that mean "the disk (or the quota) is full": the game goes on, records wait in memory
FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
#: most records kept in memory while the disk is full (the oldest are dropped beyond)
MAX_UNSAVED = 10_000


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (same-folder temp file, fsync, rename, fsync dir).

    A crash at any point leaves either the old or the new file, and no temporary file
    once this returns or raises.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class Saved(BaseModel):
    """The content of ``game.json`` (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")

    version: int = VERSION
    game: str
    state: dict[str, Any]
    config: dict[str, Any] = Field(default_factory=dict)
    dice_rolled: int = 0
    log_lines_before: int = 0
    records: list[dict[str, Any]] = Field(default_factory=list)


def log_line(record: dict[str, Any]) -> str:
    """One session-log line (JSON, UTF-8 kept, newline-terminated)."""
    return json.dumps(record, ensure_ascii=False) + "\n"


def _same(lines: list[bytes], records: list[dict[str, Any]]) -> bool:
    """The log lines hold exactly these records (compared as JSON values, not bytes)."""
    try:
        return [json.loads(line) for line in lines] == records
    except ValueError:
        return False


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` (JSON data) with every string equal to an old name, as value or key, renamed."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def _clean_saved_names(saved: Saved) -> Saved:
    """A saved game whose player names were stored before the name rule (``waage.names``), with
    them cleaned everywhere in its state and config (``clean_names``): an old ``game.json`` resumes
    instead of crashing the display at every start. The records stay as the log has them."""
    old = saved.state.get("players")
    if not isinstance(old, list) or not all(isinstance(p, str) for p in old):
        return saved
    new = clean_names(old)
    if new == old:
        return saved
    names = {o: n for o, n in zip(old, new) if o != n}
    log.warning("saved game: player names cleaned to the name rule: %s", new)
    return saved.model_copy(update={"state": _renamed(saved.state, names), "config": _renamed(saved.config, names)})


class StateStore:
    """The state directory of one device.

    directory: created on first write. ``lines``: complete lines in the session
    log (known after ``recover`` or the first ``commit``).
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.game_path = self.directory / "game.json"
        self.log_path = self.directory / "session.jsonl"
        self.calibration_path = self.directory / "calibration.json"
        self.glass_path = self.directory / "glass.json"
        self._log: Any = None
        self.lines: int | None = None
        #: records of decisions that could not be written (disk full), oldest first
        self.unsaved: list[dict[str, Any]] = []
        #: the problem while the disk is full (a sentence), else None
        self.disk_full: str | None = None

    # ------------------------------------------------------------------ reading
    def load_game(self) -> Saved | None:
        """The saved record, or None when there is none or it is unreadable.

        An unreadable file is kept aside as ``game.json.bad`` (nothing is lost)
        and the device starts a new game. A version-1 file (a bare Waagespiel
        state) is read as a Waagespiel record without records.
        """
        try:
            data = json.loads(self.game_path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and "version" not in data and "players" in data:
                # version 1 resumed only under the same players: keep that rule for it
                data = {"version": 1, "game": "waagespiel", "state": data,
                        "config": {"game": "waagespiel", "players": data["players"]},
                        "log_lines_before": self._count_lines(), "records": []}
            return _clean_saved_names(Saved.model_validate(data))
        except FileNotFoundError:
            return None
        except (OSError, ValidationError, ValueError) as exc:
            log.warning("saved game %s is unreadable (%s); kept as game.json.bad, a new game begins",
                        self.game_path, str(exc).splitlines()[0])
            self.game_path.replace(self.game_path.with_name("game.json.bad"))
            return None

    def _count_lines(self) -> int:
        try:
            return self.log_path.read_bytes().count(b"\n")
        except FileNotFoundError:
            return 0

    def recover(self) -> Saved | None:
        """Make the log agree with ``game.json`` after a crash; returns the saved record (or None).

        Cuts a torn last line off the log and appends the records of the saved
        decision that the log lacks (see the module docstring). Sets ``lines``.
        """
        self.close()
        data = self.log_path.read_bytes() if self.log_path.exists() else b""
        if data and not data.endswith(b"\n"):
            cut = data.rfind(b"\n") + 1
            log.warning("session log: cutting a torn last line (%d bytes)", len(data) - cut)
            with open(self.log_path, "r+b") as fh:
                fh.truncate(cut)
                fh.flush()
                os.fsync(fh.fileno())
            data = data[:cut]
        lines = data.splitlines()
        self.lines = len(lines)
        saved = self.load_game()
        if len(data) > MAX_LOG_BYTES and self._rotate(saved, len(lines)):
            return self.load_game()
        if saved is None or not saved.records:
            return saved
        present = len(lines) - saved.log_lines_before
        expected = saved.records
        if present < 0 or present > len(expected) or not _same(lines[saved.log_lines_before:], expected[:present]):
            if present != len(expected):
                log.warning("session log does not match game.json (%d lines, %d expected before the "
                            "last decision); not completing it", len(lines), saved.log_lines_before)
            return saved
        if present < len(expected):
            log.warning("session log: completing %d record(s) of the last decision from game.json",
                        len(expected) - present)
            self._append_lines([log_line(r) for r in saved.records[present:]])
        return saved

    def _rotate(self, saved: Saved | None, lines: int) -> bool:
        """Move a log over MAX_LOG_BYTES to OLD_LOG and begin a new one (at a start, before anyone
        reads it). Only when the log and ``game.json`` agree (every record of the last decision is
        in the log); ``game.json`` is rewritten to point at the new, empty log. True when rotated."""
        if saved is not None and saved.records and lines != saved.log_lines_before + len(saved.records):
            return False  # recover completes the log first; the next start rotates
        try:
            os.replace(self.log_path, self.directory / OLD_LOG)
            if saved is not None:
                write_atomic(self.game_path, saved.model_copy(update={"log_lines_before": 0, "records": []})
                             .model_dump_json(indent=1))
        except OSError as exc:
            log.warning("session log: cannot rotate %s (%s)", self.log_path, exc)
            return False
        log.info("session log: %d lines moved to %s; a new log begins", lines, OLD_LOG)
        self.lines = 0
        return True

    # ------------------------------------------------------------------ writing
    def commit(self, game: str, state: BaseModel, records: list[dict[str, Any]],
               config: dict[str, Any] | None = None, dice_rolled: int = 0) -> None:
        """Persist one decision: the write-ahead record first, then its lines in the log.

        game: the game id; state: the engine's state after the decision; records:
        the log lines it produced (non-empty); config: the config's ``[game]`` table.
        """
        if self.lines is None:
            self.lines = self._count_lines()
        records = self.unsaved + records  # what a full disk held back goes first, in order
        saved = Saved(game=game, state=state.model_dump(mode="json"), config=config or {},
                      dice_rolled=dice_rolled, log_lines_before=self.lines, records=records)
        try:
            write_atomic(self.game_path, saved.model_dump_json(indent=1))
            self._append_lines([log_line(r) for r in records])
        except OSError as exc:
            if exc.errno not in FULL:
                raise
            self._full(exc, records)
            return
        self._space_again()

    def _full(self, exc: OSError, records: list[dict[str, Any]]) -> None:
        """The disk is full: keep the records (at most MAX_UNSAVED), say so once, go on."""
        if len(records) > MAX_UNSAVED:
            log.error("disk full: %d old records dropped from memory", len(records) - MAX_UNSAVED)
        self.unsaved = records[-MAX_UNSAVED:]
        if self.disk_full is None:
            self.disk_full = (f"the disk of {self.directory} is full ({exc.strerror}): the game goes on, but "
                              "nothing is saved until space is freed (the records wait in memory; a power cut "
                              "now loses them)")
            log.error("%s", self.disk_full)

    def _space_again(self) -> None:
        if self.disk_full is not None:
            log.warning("disk space again: %d held-back record(s) written to the session log", len(self.unsaved))
        self.unsaved, self.disk_full = [], None

    def _append_lines(self, lines: list[str]) -> None:
        """Append whole lines (flushed and fsynced); on an error the log is cut back to where it was."""
        if self._log is None:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
        size = os.fstat(self._log.fileno()).st_size
        try:
            self._log.write("".join(lines))
            self._log.flush()
            os.fsync(self._log.fileno())
        except OSError:
            log_file, self._log = self._log, None
            try:
                log_file.close()
            except OSError:
                pass  # the buffered rest could not be written either: it is dropped with the file object
            os.truncate(self.log_path, size)  # no torn line left behind (truncating needs no space)
            raise
        self.lines = (self.lines or 0) + len(lines)

    def append_log(self, record: dict[str, Any]) -> None:
        """Append one line to the session log outside of a decision (flushed to disk; on a full
        disk the line is dropped with a logged error: it is no decision, the game needs it not)."""
        if self.lines is None:
            self.lines = self._count_lines()
        try:
            self._append_lines([log_line(record)])
        except OSError as exc:
            if exc.errno not in FULL:
                raise
            log.error("disk full: a %s record was not logged", record.get("event"))

    def save_glass(self, glass: BaseModel) -> None:
        """Keep the glass weighed last (W-36) in ``glass.json`` (atomic: the old or the new one survives a cut)."""
        write_atomic(self.glass_path, glass.model_dump_json(indent=1))

    def load_glass(self) -> dict[str, Any] | None:
        """The fields of the glass weighed last, or None when none was weighed.

        An unreadable file (not a JSON object) is kept aside as ``glass.json.bad`` with a
        warning, and None is returned (the config's glass is used: nothing is lost).
        """
        try:
            data = json.loads(self.glass_path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            self.glass_unreadable(str(exc))
            return None

    def glass_unreadable(self, problem: str) -> None:
        """Keep an unusable ``glass.json`` aside as ``glass.json.bad`` (logged); the config's glass is used."""
        log.warning("weighed glass %s is unusable (%s); kept as glass.json.bad, the config's [glass] is used",
                    self.glass_path, problem.splitlines()[0] if problem else "?")
        try:
            self.glass_path.replace(self.glass_path.with_name("glass.json.bad"))
        except OSError:
            pass

    def clear_game(self) -> None:
        """Forget the saved game (a new game begins at the next start)."""
        self.game_path.unlink(missing_ok=True)

    def close(self) -> None:
        """Close the session log."""
        if self._log is not None:
            self._log.close()
            self._log = None
