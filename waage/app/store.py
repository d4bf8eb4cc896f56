"""Persistence in the state directory: the game state (atomic) and the session log (JSON Lines).

Files (under ``[state] directory``; ``/var/lib/waage`` under systemd):
- ``game.json``: the ``GameState`` after every decision, written atomically
  (temporary file, fsync, ``os.replace``), so a power cut leaves either the
  old or the new state, never half of one.
- ``session.jsonl``: the event log, the same lines ``waage replay`` prints.
- ``calibration.json``: written by ``waage calibrate``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from waage.rules.waagespiel import GameState


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (same-folder temp file, fsync, rename, fsync dir)."""
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


class StateStore:
    """The state directory of one device.

    directory: created on first write.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.game_path = self.directory / "game.json"
        self.log_path = self.directory / "session.jsonl"
        self.calibration_path = self.directory / "calibration.json"
        self._log: Any = None

    def save_game(self, state: GameState) -> None:
        """Write the game state atomically."""
        write_atomic(self.game_path, state.model_dump_json(indent=1))

    def load_game(self) -> GameState | None:
        """The saved game state, or None when there is none or it is unreadable.

        An unreadable file is kept aside as ``game.json.bad`` (nothing is lost)
        and the device starts a new game.
        """
        try:
            return GameState.model_validate_json(self.game_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValidationError, ValueError):
            self.game_path.replace(self.game_path.with_name("game.json.bad"))
            return None

    def clear_game(self) -> None:
        """Forget the saved game (a new game begins at the next start)."""
        self.game_path.unlink(missing_ok=True)

    def append_log(self, record: dict[str, Any]) -> None:
        """Append one event to the session log and flush it to disk."""
        if self._log is None:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
        self._log.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._log.flush()
        os.fsync(self._log.fileno())

    def close(self) -> None:
        """Close the session log."""
        if self._log is not None:
            self._log.close()
            self._log = None
