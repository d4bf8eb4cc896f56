"""Load-cell traces from CSV files (replay-contract.md "trace CSV", and recorded HX711 logs).

Contract format: a header naming ``t_s`` and one of ``grams`` / ``raw``; ``t_s`` in
seconds, increasing. Recorded files with other column names or no header are read
with ``columns`` (new names for the file's columns, in order) and ``header=False``::

    load_trace(Path("brew.csv"), columns=["t_s", "raw"])                 # `time,data`
    load_trace(Path("save_1576677425.258.csv"), columns=["t_s", "grams"],
               header=False, allow_backward=True)                       # `unix_ts,grams`
"""

from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Literal, NamedTuple

__all__ = ["TraceError", "TraceRow", "load_trace"]


class TraceRow(NamedTuple):
    """One trace sample: ``t_s`` seconds, ``value`` in grams or raw HX711 counts (``kind``).

    An immutable named tuple (cheap to create for hour-long traces)."""

    t_s: float
    value: float
    kind: Literal["grams", "raw"]


class TraceError(ValueError):
    """A trace file that cannot be used; ``str()`` names the file, the line and the problem."""

    def __init__(self, path: Path | str, line: int, problem: str) -> None:
        self.path = Path(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}: line {line}" if line > 0 else str(self.path)
        super().__init__(f"{where}: {problem}")


def load_trace(
    path: Path,
    columns: list[str] | None = None,
    header: bool = True,
    allow_backward: bool = False,
) -> list[TraceRow]:
    """Read a trace CSV into rows.

    path: the CSV file. columns: names for the file's columns in order (replacing the
    header's names when ``header`` is True; required when it is False); other columns
    than ``t_s`` and ``grams``/``raw`` are ignored. header: the first line is a header.
    allow_backward: drop rows whose ``t_s`` does not increase instead of failing.
    Returns the rows in file order. Raises ``TraceError`` (file, line, problem) for a
    missing or unreadable file, a bad header (no ``t_s``, neither or both of
    ``grams``/``raw``), a short row, a non-numeric or non-finite value, ``t_s`` not
    increasing (unless ``allow_backward``), or no data rows.
    """
    path = Path(path)
    try:
        fh = path.open(newline="", encoding="utf-8-sig")  # a BOM (as spreadsheets write) is no header
    except OSError as exc:
        raise TraceError(path, 0, f"cannot open: {exc.strerror or exc}") from None
    with fh:
        reader = csv.reader(fh)
        names: list[str] | None = None
        if header:
            try:
                first = next(reader)
            except StopIteration:
                raise TraceError(path, 1, "empty file, expected a header") from None
            except (csv.Error, UnicodeDecodeError) as exc:
                raise TraceError(path, 1, f"unreadable: {exc}") from None
            names = [c.strip() for c in first]
        if columns is not None:
            names = [c.strip() for c in columns]
        if names is None:
            raise TraceError(path, 1, "no header and no column names given")
        line_of_header = 1 if header else 0
        if "t_s" not in names:
            raise TraceError(path, line_of_header, f"header {names} has no 't_s' column")
        kinds = [k for k in ("grams", "raw") if k in names]
        if len(kinds) != 1:
            raise TraceError(path, line_of_header, f"header {names} needs exactly one of 'grams' or 'raw'")
        kind: Literal["grams", "raw"] = kinds[0]  # type: ignore[assignment]
        it = names.index("t_s")
        iv = names.index(kind)
        need = max(it, iv) + 1
        rows: list[TraceRow] = []
        append, isfinite = rows.append, math.isfinite
        last_t = -math.inf
        line = line_of_header
        try:
            width = len(names)
            for rec in reader:
                n = len(rec)
                if n < need or (columns is None and n > width):
                    line = reader.line_num
                    if not rec or all(not c.strip() for c in rec):
                        continue  # a blank line

                    expected = need if n < need else width
                    raise TraceError(path, line, f"expected {expected} columns, found {n}")
                try:
                    t = float(rec[it])
                    v = float(rec[iv])
                except ValueError:
                    raise TraceError(path, reader.line_num, f"non-numeric value in {rec!r}") from None
                if not (t > last_t and isfinite(t) and isfinite(v)):
                    line = reader.line_num
                    if not (isfinite(t) and isfinite(v)):
                        raise TraceError(path, line, f"non-finite value in {rec!r}")
                    if allow_backward:
                        continue
                    raise TraceError(path, line, f"t_s {t} does not increase (previous {last_t})")
                last_t = t
                append(TraceRow(t, v, kind))
        except (csv.Error, UnicodeDecodeError) as exc:
            raise TraceError(path, reader.line_num + 1, f"unreadable: {exc}") from None
    if not rows:
        raise TraceError(path, line, "no data rows")
    return rows
