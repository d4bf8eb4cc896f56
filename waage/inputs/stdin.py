"""The keyboard as an input: device keys typed on standard input, one per line.

``n``, ``p``, ``o``, ``b`` are the keys NEXT, PREV, OK, BACK (any case). Any other line goes to
``on_line(word, rest)`` (the driver's own words, e.g. ``waage run``'s ``sip 40`` or ``input
{"roll": "auto"}``); the end of input calls ``on_end()``. Example::

    from waage.inputs.stdin import StdinInput
    keys = StdinInput(print)          # type "o" and Enter: Key.OK
    ...; keys.close()
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TextIO

from waage.inputs.base import KeySink
from waage.inputs.keys import Key

#: the typed word of each device key
KEY_WORDS: dict[str, Key] = {"n": Key.NEXT, "p": Key.PREV, "o": Key.OK, "b": Key.BACK}


class StdinInput:
    """Keys from ``stream`` (default standard input), read by a daemon thread of its own.

    on_key: called with each Key; on_line(word, rest): every other non-empty line (``word``
    lower-cased), default: ignored; on_end(): once at the end of input. ``close()`` stops
    handing on what is read (a thread blocked in ``readline`` cannot be woken; it is a daemon).
    """

    def __init__(self, on_key: KeySink, stream: TextIO | None = None,
                 on_line: Callable[[str, str], None] | None = None, on_end: Callable[[], None] | None = None) -> None:
        self._on_key = on_key
        self._on_line = on_line
        self._on_end = on_end
        self._stream = stream or sys.stdin
        self._closed = threading.Event()
        self.thread = threading.Thread(target=self._read, name="waage-stdin-keys", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self._stream:
            if self._closed.is_set():
                return
            word, _, rest = line.strip().partition(" ")
            word = word.lower()
            if word in KEY_WORDS:
                self._on_key(KEY_WORDS[word])
            elif word and self._on_line is not None:
                self._on_line(word, rest)
        if self._on_end is not None and not self._closed.is_set():
            self._on_end()

    def close(self) -> None:
        """Hand on nothing more (idempotent)."""
        self._closed.set()
