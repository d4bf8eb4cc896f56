"""How many PIN guesses the LAN gets (issue 27): per client, and for all clients together.

A guest's laptop can claim many addresses (over IPv6 millions), so a limit per address alone
never bounds the guessing. ``PinGuard`` keeps two:

- the **LAN's budget**: GLOBAL_BURST wrong tries, refilled by one every GLOBAL_REFILL_S seconds
  (a token bucket). When it is empty, every PIN try is refused unchecked (429) until the next
  token: a short global pause. The PIN itself stays: the device never shows a PIN that is dead.
- **per client**: MAX_WRONG_PINS wrong tries in a row lock that client for LOCK_S, doubling with
  each lock up to MAX_LOCK_S. A client is its IPv4 address, an IPv6 client its /64 (an
  IPv4-mapped IPv6 address counts as the IPv4 one). Entries are made only by checked wrong tries,
  which the budget bounds, so the table stays small; a locked client is never forgotten before
  its lock ends (the oldest unlocked entry goes first; with none, the budget takes over and the
  try is refused as in a pause).

A client that gave the right PIN is **trusted** (its exact address, at most MAX_TRUSTED, the
newest kept): the owner's phone. Its tries are checked during a pause too (still counted against
itself alone, per exact address), so strangers can never shut the owner out. The arithmetic is
in docs/security.md.

Logging is bounded by the budget: one line per checked wrong try and per lock, one when a pause
begins and one with the count of tries refused in it.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("waage.web")

#: wrong tries from the whole LAN before a pause (the budget's size)
GLOBAL_BURST = 10
#: one more wrong try from the LAN every this many seconds (the budget's refill)
GLOBAL_REFILL_S = 150.0
#: wrong PINs in a row from one client before it is locked for LOCK_S seconds (doubling with
#: every further lock, at most MAX_LOCK_S); other clients are not affected
MAX_WRONG_PINS = 5
LOCK_S = 60.0
MAX_LOCK_S = 3600.0
#: clients whose wrong tries are remembered (unlocked ones are forgotten oldest first)
MAX_CLIENTS_TRACKED = 1024
#: addresses that gave the right PIN and are checked during a pause (the newest kept)
MAX_TRUSTED = 16


def client_key(host: str) -> str:
    """The client a try is counted against: an IPv4 address itself, an IPv6 address its /64
    (``"2001:db8:1:2::/64"``), an IPv4-mapped IPv6 address its IPv4 address; anything else as given."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class _Tries:
    """Wrong PINs of one client: ``wrong`` in a row, ``locks`` so far, ``until`` (clock time)."""

    wrong: int = 0
    locks: int = 0
    until: float = 0.0


@dataclass(frozen=True)
class Decision:
    """What one PIN try gets: ``outcome`` "ok" | "wrong" | "locked" (this client) | "paused" (the
    LAN's budget is spent); ``retry_s`` seconds until a try may be checked again (0 for ok/wrong)."""

    outcome: str
    retry_s: float = 0.0


class PinGuard:
    """The guessing budget (see the module docstring). clock: monotonic seconds (a fake in tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tokens = float(GLOBAL_BURST)
        self.refilled_at = clock()
        self.tries: OrderedDict[str, _Tries] = OrderedDict()
        self.trusted: OrderedDict[str, None] = OrderedDict()
        #: tries refused since the last pause began (logged once the budget is back)
        self.refused_in_pause = 0

    def _refill(self, now: float) -> None:
        steps = int((now - self.refilled_at) // GLOBAL_REFILL_S)
        if steps > 0:
            self.tokens = min(GLOBAL_BURST, self.tokens + steps)
            self.refilled_at = now if self.tokens >= GLOBAL_BURST else self.refilled_at + steps * GLOBAL_REFILL_S
        if self.tokens >= 1 and self.refused_in_pause:
            log.warning("web: the PIN pause is over; %d tries were refused during it", self.refused_in_pause)
            self.refused_in_pause = 0

    def paused_for(self) -> float:
        """Seconds until the LAN's budget has a try again (0: not paused)."""
        now = self.clock()
        self._refill(now)
        return 0.0 if self.tokens >= 1 else max(self.refilled_at + GLOBAL_REFILL_S - now, 0.0)

    def _entry(self, key: str, now: float) -> _Tries | None:
        """The client's entry, made if missing (None: the table is full of locked clients)."""
        entry = self.tries.pop(key, None)
        if entry is None:
            if len(self.tries) >= MAX_CLIENTS_TRACKED:
                gone = next((k for k, t in self.tries.items() if t.until <= now), None)
                if gone is None:
                    return None
                del self.tries[gone]
            entry = _Tries()
        self.tries[key] = entry  # most recent last
        return entry

    def attempt(self, host: str, correct: bool) -> Decision:
        """Count one try from ``host`` (the connection's address) whose PIN was ``correct`` or not;
        the outcome never depends on ``correct`` when the try is refused (locked or paused)."""
        now = self.clock()
        self._refill(now)
        trusted = host in self.trusted
        key = host if trusted else client_key(host)
        entry = self.tries.get(key)
        if entry is not None and now < entry.until:
            return Decision("locked", entry.until - now)
        if self.tokens < 1 and not trusted:
            if not self.refused_in_pause:
                log.warning("web: %d wrong PINs from the LAN: PIN tries paused (one more every %g s)",
                            GLOBAL_BURST, GLOBAL_REFILL_S)
            self.refused_in_pause += 1
            return Decision("paused", self.refilled_at + GLOBAL_REFILL_S - now)
        if correct:
            self.trusted.pop(host, None)
            self.trusted[host] = None
            while len(self.trusted) > MAX_TRUSTED:
                self.trusted.popitem(last=False)
            self.tries.pop(key, None)
            return Decision("ok")
        entry = self._entry(key, now)
        if entry is None:  # every remembered client is locked: the budget takes over
            self.refused_in_pause += 1
            return Decision("paused", GLOBAL_REFILL_S)
        if self.tokens >= GLOBAL_BURST:
            self.refilled_at = now  # the refill counts from the first try out of a full budget
        self.tokens = max(self.tokens - 1, 0.0)
        entry.wrong += 1
        log.warning("web: wrong PIN from %s (%d in a row from it, %d left for the LAN)", host, entry.wrong,
                    int(self.tokens))
        if entry.wrong >= MAX_WRONG_PINS:
            entry.until = now + min(LOCK_S * 2 ** entry.locks, MAX_LOCK_S)
            entry.wrong, entry.locks = 0, entry.locks + 1
            log.warning("web: %s locked for %g s after %d wrong PINs", key, entry.until - now, MAX_WRONG_PINS)
        return Decision("wrong")
