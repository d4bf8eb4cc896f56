"""Repeated identical log lines, at most one per REPEAT_S (issue 27): the journal of a Pi Zero's SD
card is no place for 500,000 copies of asyncio's "socket.send() raised exception.".

``RepeatLimit`` is a ``logging.Filter``: a record whose logger, level and text were let through less
than REPEAT_S ago is dropped and counted; the next copy let through says how many were dropped
(``"… (37 more like it in 10 s)"``). Memory: the newest MAX_KEYS texts. ``quiet(*names)`` puts one
on each named logger (once).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable

#: an identical line at most once per this many seconds
REPEAT_S = 10.0
#: most distinct lines remembered (the oldest forgotten first)
MAX_KEYS = 256


class RepeatLimit(logging.Filter):
    """Drops copies of a line let through less than REPEAT_S ago (clock: monotonic seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.seen: OrderedDict[tuple[str, int, str], list[float]] = OrderedDict()  # key -> [since, dropped]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, record.getMessage())
        now = self.clock()
        entry = self.seen.get(key)
        if entry is not None and now - entry[0] < REPEAT_S:
            entry[1] += 1
            return False
        if entry is not None and entry[1]:
            record.msg, record.args = f"{key[2]} ({int(entry[1])} more like it in {now - entry[0]:.0f} s)", None
        self.seen.pop(key, None)
        self.seen[key] = [now, 0]
        while len(self.seen) > MAX_KEYS:
            self.seen.popitem(last=False)
        return True


def quiet(*names: str) -> None:
    """A ``RepeatLimit`` on each of the loggers ``names`` (none added twice)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RepeatLimit) for f in logger.filters):
            logger.addFilter(RepeatLimit())
