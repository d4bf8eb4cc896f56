"""The one rule for names people type: players (config, web set-up, scenarios) and league tables.

A name is at most NAME_MAX_CHARS characters, every one printable (``str.isprintable``:
no control characters such as newline or tab, no line/paragraph separators, no
invisible format characters), with no space at either end. 16 characters of an
ordinary name (``"Maximilian-Alexa"``: 95 px) fit across the 128-px OLED in the
smallest name font (11 px); narrower places on the screens cut a name with "…"
(``waage.display.screens.fit``), whose cost grows with the square of the name's
length: the limit also bounds the game thread's drawing time.

Look-alikes (issue 27): a name is kept in Unicode NFKC form, so the decomposed "José" (NFD) is
the composed one and fullwidth "Ａｎｎａ" is "Anna"; two names are the same player when their
``name_key`` (NFKC, then casefold) is equal. The letters of one name come from one script
(Latin, Greek, Cyrillic, …; Han, Hiragana and Katakana count as one, as Japanese mixes them):
"Anna" with a Cyrillic "А" is refused. A name written wholly in another script is another name.

``check_name`` is the rule for new input (raises ValueError with a sentence, returns the NFKC
form), ``check_each_name`` the same for a list of names (the error names every name that fails); ``clean_name`` / ``clean_names`` turn what was stored before the rule existed (a saved
set-up, a saved game, a league message) into names that pass it but for the one-script rule
(a stored or foreign name is made distinct, never refused), so an old file never crashes a start.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: most characters of a name (player or table)
NAME_MAX_CHARS = 16
#: scripts that one name may mix (Japanese writes Han, Hiragana and Katakana together)
_SAME_SCRIPT = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HALFWIDTH": "CJK"}


def name_key(name: str) -> str:
    """What makes two names the same player: NFKC, then casefold (``"JOSÉ"`` NFD = ``"josé"``)."""
    return unicodedata.normalize("NFKC", name).casefold()


def scripts(name: str) -> list[str]:
    """The scripts of the letters of ``name`` in order of appearance (``["LATIN", "CYRILLIC"]``), from
    the first word of each letter's Unicode name; digits, marks, spaces and punctuation have none."""
    out: list[str] = []
    for c in name:
        if not c.isalpha():
            continue
        word = unicodedata.name(c, "UNKNOWN").split(" ")[0]
        word = _SAME_SCRIPT.get(word, word)
        if word not in out:
            out.append(word)
    return out


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` under the rule (a sentence), or None when it passes."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name.strip():
        return "a name is empty"
    # the length counts the NFKC form (a decomposed "José" is 4 characters, a ligature "ﬃ" 3);
    # a raw text far over the limit is refused before it is normalised (bounded work)
    nfkc = _bounded_nfkc(name)
    if _too_long(name, nfkc):
        return f"the name {_cut(name)} is longer than {NAME_MAX_CHARS} characters"
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return f"the name {name!r} holds the control character U+{ord(bad):04X} (only printable characters)"
    if name != name.strip():
        return f"the name {name!r} begins or ends with a space"
    found = scripts(nfkc)
    if len(found) > 1:
        return (f"the name {name!r} mixes {' and '.join(s.title() for s in found)} letters "
                "(a look-alike of another name: write it in one script)")
    return None


def _bounded_nfkc(name: str) -> str:
    """The NFKC form of ``name``'s first NAME_MAX_CHARS * 4 + 1 characters (bounded work for any text)."""
    return unicodedata.normalize("NFKC", name[: NAME_MAX_CHARS * 4 + 1])


def _too_long(name: str, nfkc: str | None = None) -> bool:
    """``name`` (text) is over NAME_MAX_CHARS in NFKC form (``nfkc``: its ``_bounded_nfkc`` when already made;
    a raw text far over the limit is not normalised)."""
    if len(name) > NAME_MAX_CHARS * 4:
        return True
    return len(_bounded_nfkc(name) if nfkc is None else nfkc) > NAME_MAX_CHARS


def _cut(name: str) -> str:
    """A too long name as an error shows it: its first NAME_MAX_CHARS characters and "…", quoted together
    (``'Maximilian-Alexa…'``)."""
    return repr(name[:NAME_MAX_CHARS] + "…")


def check_name(name: str) -> str:
    """``name`` in NFKC form when it passes the rule, else ValueError naming the problem."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return unicodedata.normalize("NFKC", name)


def check_each_name(names: Iterable[object]) -> list[str]:
    """The NFKC forms of ``names`` (in order) when every one passes the rule, else ValueError naming every
    name that fails, not only the first: the too long ones in one sentence (``the names 'Maximilian-Alexa…',
    'Bartholomäus-Ott…' are longer than 16 characters``), then each other name's problem, "; " between."""
    names = list(names)
    long = list(dict.fromkeys(n for n in names if isinstance(n, str) and _too_long(n)))
    problems: list[str] = []
    if len(long) > 1:
        problems.append(f"the names {', '.join(_cut(n) for n in long)} are longer than {NAME_MAX_CHARS} characters")
    for name in names:
        problem = None if len(long) > 1 and name in long else name_problem(name)
        if problem is not None and problem not in problems:
            problems.append(problem)
    if problems:
        raise ValueError("; ".join(problems))
    return [unicodedata.normalize("NFKC", n) for n in names]  # type: ignore[arg-type]


def clean_name(name: object, fallback: str = "?") -> str:
    """A stored name made to pass the rule: NFKC form, non-printable characters become spaces, runs of
    spaces one, the ends trimmed, cut to NAME_MAX_CHARS; ``fallback`` when nothing is left."""
    text = name if isinstance(name, str) else str(name)
    text = unicodedata.normalize("NFKC", text[: NAME_MAX_CHARS * 8])
    text = "".join(c if c.isprintable() else " " for c in text)
    text = " ".join(text.split())[:NAME_MAX_CHARS].strip()
    return text or fallback


def clean_names(names: Iterable[object]) -> list[str]:
    """``clean_name`` of each, kept distinct (by ``name_key``: case and look-alike forms) by a number
    at the end (``"Anna"``, ``"Anna 2"``)."""
    out: list[str] = []
    seen: set[str] = set()
    for raw in names:
        base = clean_name(raw)
        name, n = base, 1
        while name_key(name) in seen:
            n += 1
            suffix = f" {n}"
            name = base[: NAME_MAX_CHARS - len(suffix)].rstrip() + suffix
        seen.add(name_key(name))
        out.append(name)
    return out
