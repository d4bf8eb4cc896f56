"""Issue 27, finding 4: identical warnings are rate-limited in the log (a fake clock, no sleeps)."""

from __future__ import annotations

import logging

from waage.web.quiet_log import MAX_KEYS, REPEAT_S, RepeatLimit, quiet


def test_identical_lines_pass_once_per_window_and_say_how_many_were_dropped(caplog):
    now = [0.0]
    logger = logging.getLogger("waage.test.quiet")
    limit = RepeatLimit(lambda: now[0])
    logger.addFilter(limit)
    try:
        caplog.set_level(logging.WARNING, logger="waage.test.quiet")
        for _ in range(1000):
            logger.warning("socket.send() raised exception.")
            logger.warning("wrong PIN from %s", "10.0.0.1")
        logger.warning("wrong PIN from %s", "10.0.0.2")  # another text passes
        now[0] += REPEAT_S
        logger.warning("socket.send() raised exception.")
        lines = [r.getMessage() for r in caplog.records]
        assert lines == ["socket.send() raised exception.", "wrong PIN from 10.0.0.1", "wrong PIN from 10.0.0.2",
                         "socket.send() raised exception. (999 more like it in 10 s)"]
        for k in range(MAX_KEYS * 3):
            logger.warning("line %d", k)
        assert len(limit.seen) == MAX_KEYS
    finally:
        logger.removeFilter(limit)


def test_quiet_puts_one_filter_on_each_logger():
    quiet("waage.test.q1", "waage.test.q1")
    assert sum(isinstance(f, RepeatLimit) for f in logging.getLogger("waage.test.q1").filters) == 1
