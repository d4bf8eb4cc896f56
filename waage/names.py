"""The one rule for names people type: players (config, web set-up, scenarios) and league tables.

A name is at most NAME_MAX_CHARS characters, every one printable (``str.isprintable``:
no control characters such as newline or tab, no line/paragraph separators, no
invisible format characters), with no space at either end. 16 characters of an
ordinary name (``"Maximilian-Alexa"``: 95 px) fit across the 128-px OLED in the
smallest name font (11 px); narrower places on the screens cut a name with "…"
(``waage.display.screens.fit``), whose cost grows with the square of the name's
length: the limit also bounds the game thread's drawing time.

``check_name`` is the rule for new input (raises ValueError with a sentence);
``clean_name`` / ``clean_names`` turn what was stored before the rule existed
(a saved set-up, a saved game, a league message) into names that pass it, so
an old file never crashes a start.
"""

from __future__ import annotations

from collections.abc import Iterable

#: most characters of a name (player or table)
NAME_MAX_CHARS = 16


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` under the rule (a sentence), or None when it passes."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name.strip():
        return "a name is empty"
    if len(name) > NAME_MAX_CHARS:
        return f"the name {name[:NAME_MAX_CHARS]!r}… is longer than {NAME_MAX_CHARS} characters"
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return f"the name {name!r} holds the control character U+{ord(bad):04X} (only printable characters)"
    if name != name.strip():
        return f"the name {name!r} begins or ends with a space"
    return None


def check_name(name: str) -> str:
    """``name`` when it passes the rule, else ValueError naming the problem."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


def clean_name(name: object, fallback: str = "?") -> str:
    """A stored name made to pass the rule: non-printable characters become spaces, runs of
    spaces one, the ends trimmed, cut to NAME_MAX_CHARS; ``fallback`` when nothing is left."""
    text = name if isinstance(name, str) else str(name)
    text = "".join(c if c.isprintable() else " " for c in text[: NAME_MAX_CHARS * 8])
    text = " ".join(text.split())[:NAME_MAX_CHARS].strip()
    return text or fallback


def clean_names(names: Iterable[object]) -> list[str]:
    """``clean_name`` of each, kept distinct (case-insensitively) by a number at the end
    (``"Anna"``, ``"Anna 2"``)."""
    out: list[str] = []
    seen: set[str] = set()
    for raw in names:
        base = clean_name(raw)
        name, n = base, 1
        while name.casefold() in seen:
            n += 1
            suffix = f" {n}"
            name = base[: NAME_MAX_CHARS - len(suffix)].rstrip() + suffix
        seen.add(name.casefold())
        out.append(name)
    return out
