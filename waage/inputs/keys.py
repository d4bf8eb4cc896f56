"""The abstract keys every input (GPIO buttons, rotary encoder, keyboard, scripts) produces."""

from __future__ import annotations

import enum


class Key(enum.Enum):
    """A player's key press, independent of the hardware.

    NEXT: next button, or the encoder turned clockwise by one detent.
    PREV: previous button, or the encoder turned counter-clockwise.
    OK: short press of the OK button / encoder push button.
    BACK: long press (``hold_time_s``) of the OK button / encoder push button.
    """

    NEXT = "next"
    PREV = "prev"
    OK = "ok"
    BACK = "back"
