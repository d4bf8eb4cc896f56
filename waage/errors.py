"""Errors a person can act on: bad files name the file, the field and the problem."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError


class InputFileError(Exception):
    """An invalid config, scenario or trace file; the CLI prints it and exits with status 2.

    ``str(exc)`` is one message: ``FILE: FIELD: PROBLEM``.
    """

    def __init__(self, path: Path | str, field: str | None, problem: str) -> None:
        self.path, self.field, self.problem = str(path), field, problem
        where = f"{self.path}: {field}" if field else self.path
        super().__init__(f"{where}: {problem}")


class DeviceUnavailable(Exception):
    """A part of the device cannot be used on this machine (e.g. the HX711 library is not installed).

    The CLI prints the message, which says what to do, and exits with status 2 (the
    user can fix it; 1 is for internal errors).
    """


def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a TOML-ish key path: ('input', 3, 'roll') -> 'input[3].roll'.

    List indices are shown 1-based, as a person counts ``[[input]]`` tables.
    """
    out = ""
    for part in loc:
        if isinstance(part, str) and not part.isidentifier():
            continue  # a union member or validator tag, e.g. 'tuple[int, int]'
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def shown_value(value: object) -> str:
    """A value as the file wrote it (JSON-like, at most 60 characters), for an error message."""
    import json

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:59] + "…"


def from_validation_error(path: Path | str, exc: ValidationError, show_value: bool = False) -> InputFileError:
    """One InputFileError for all problems of a pydantic ValidationError (first one leads).

    ``show_value``: append the offending value, e.g. ``game: ... ("skat")``, to each problem
    that belongs to one field (helper-games-contract.md asks for it).
    """
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors:
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        elif msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        if show_value and err["loc"]:
            msg += f" ({shown_value(err['input'])})"
        parts.append((field_path(err["loc"]), msg))
    field, problem = parts[0]
    if len(parts) > 1:
        problem += "; also " + "; ".join(f"{f}: {m}" for f, m in parts[1:4])
        if len(parts) > 4:
            problem += f"; and {len(parts) - 4} more"
    return InputFileError(path, field or None, problem)
