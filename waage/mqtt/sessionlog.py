"""Reading the session log (JSON Lines; line N is event N) without holding it in memory."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class LogCursor:
    """Reads a JSON Lines session log line by line from a given line on.

    Holds one file handle and one byte offset; a line without its newline yet
    (the writer is mid-way) is left for the next call.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.line = 0  # lines consumed so far
        self._offset = 0
        self._fh: Any = None

    def _open(self) -> bool:
        if self._fh is None:
            try:
                self._fh = open(self.path, "rb")  # noqa: SIM115 - kept open while the device runs
            except FileNotFoundError:
                return False
        return True

    def skip_to(self, line: int) -> int:
        """Position after line ``line`` (or after the last complete line); returns the line reached."""
        while self.line < line and self.next() is not None:
            pass
        return self.line

    def next(self) -> tuple[int, bytes] | None:
        """The next complete line as (line number, bytes without newline), or None."""
        if not self._open():
            return None
        self._fh.seek(self._offset)
        data = self._fh.readline()
        if not data.endswith(b"\n"):
            return None
        self._offset += len(data)
        self.line += 1
        return self.line, data.rstrip(b"\r\n")

    def close(self) -> None:
        """Close the file handle."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
