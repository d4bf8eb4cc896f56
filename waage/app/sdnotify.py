"""systemd notification protocol (sd_notify) in the standard library; a no-op outside systemd.

Protocol (sd_notify(3)): one datagram with the state text to the AF_UNIX
socket named by ``$NOTIFY_SOCKET``; a leading ``@`` means the Linux abstract
namespace. The unit (systemd/waage.service) is ``Type=notify`` with
``NotifyAccess=main``, so only the main process may send, and
``WatchdogSec=30``: send ``watchdog()`` at least every
``watchdog_interval_s() / 2`` seconds from the main loop.
"""

from __future__ import annotations

import logging
import os
import socket

__all__ = ["notify", "ready", "watchdog", "stopping", "status", "watchdog_interval_s"]

log = logging.getLogger(__name__)


def notify(state: str) -> bool:
    """Send ``state`` (e.g. ``"READY=1"``, several lines allowed) to systemd.

    Returns True when sent, False when not started by systemd (no
    ``$NOTIFY_SOCKET``, or an unsupported address such as ``vsock:``) or when
    sending failed (logged; never raises).
    """
    addr = os.environ.get("NOTIFY_SOCKET", "")
    if addr.startswith("@"):
        addr = "\0" + addr[1:]
    elif not addr.startswith("/"):
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(addr)
            sock.sendall(state.encode("utf-8"))
    except OSError as exc:
        log.warning("sd_notify(%r) failed: %s", state, exc)
        return False
    return True


def ready() -> bool:
    """Start-up is complete (``READY=1``): systemd considers the service started."""
    return notify("READY=1")


def watchdog() -> bool:
    """Keep-alive (``WATCHDOG=1``); systemd restarts the service when it stops coming."""
    return notify("WATCHDOG=1")


def stopping() -> bool:
    """Shutdown has begun (``STOPPING=1``)."""
    return notify("STOPPING=1")


def status(text: str) -> bool:
    """One line shown by ``systemctl status`` (``STATUS=...``; newlines are replaced by spaces)."""
    return notify("STATUS=" + " ".join(text.splitlines()))


def watchdog_interval_s() -> float | None:
    """The watchdog timeout (``WatchdogSec=``) in seconds, or None when no watchdog applies to this process.

    From ``$WATCHDOG_USEC`` (microseconds), honoured only when ``$WATCHDOG_PID``
    is unset or is this process (sd_watchdog_enabled(3)). Ping at least every
    half of it.
    """
    usec = os.environ.get("WATCHDOG_USEC", "")
    pid = os.environ.get("WATCHDOG_PID", "")
    try:
        if not usec or int(usec) <= 0 or (pid and int(pid) != os.getpid()):
            return None
        return int(usec) / 1_000_000
    except ValueError:
        return None
