"""The PIN that guards every change made from the web (shown on the OLED, new per game)."""

from __future__ import annotations

import secrets

#: digits of the PIN
PIN_DIGITS = 4


def new_pin(avoid: str | None = None) -> str:
    """A fresh PIN of PIN_DIGITS decimal digits from ``secrets`` (e.g. ``"0427"``), never ``avoid``
    (the PIN before it), every other value equally likely."""
    if avoid is None:
        return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"
    value = secrets.randbelow(10 ** PIN_DIGITS - 1)
    return f"{value + (value >= int(avoid)):0{PIN_DIGITS}d}"


def pin_matches(given: str | None, pin: str) -> bool:
    """True when ``given`` is the PIN (compared in constant time)."""
    return given is not None and secrets.compare_digest(given.strip().encode(), pin.encode())
