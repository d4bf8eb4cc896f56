"""A script as an input: a fixed sequence of keys, delivered in order by a thread of its own.

For demos, benchmarks and tests that drive the device as a person would, without pins or a
keyboard. Example::

    from waage.inputs.keys import Key
    from waage.inputs.script import ScriptedInput
    ScriptedInput([Key.BACK, Key.NEXT, Key.OK], on_key=ui_queue.put).join()
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

from waage.inputs.base import KeySink
from waage.inputs.keys import Key


class ScriptedInput:
    """Delivers ``keys`` to ``on_key`` in order, then calls ``on_end()`` (when given).

    ``close()`` stops before the next key; ``join(timeout)`` waits until the script has run.
    """

    def __init__(self, keys: Iterable[Key], on_key: KeySink, on_end: Callable[[], None] | None = None) -> None:
        self._keys = list(keys)
        self._on_key = on_key
        self._on_end = on_end
        self._closed = threading.Event()
        self.thread = threading.Thread(target=self._play, name="waage-scripted-keys", daemon=True)
        self.thread.start()

    def _play(self) -> None:
        for key in self._keys:
            if self._closed.is_set():
                return
            self._on_key(key)
        if self._on_end is not None:
            self._on_end()

    def join(self, timeout: float | None = None) -> None:
        """Wait until every key was delivered (or ``timeout`` seconds)."""
        self.thread.join(timeout)

    def close(self) -> None:
        """Deliver no further key (idempotent)."""
        self._closed.set()
