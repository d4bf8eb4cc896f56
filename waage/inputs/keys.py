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


class KeyCommands:
    """Mixin for a ``cmd.Cmd`` shell: the commands ``n``, ``p``, ``o``, ``b`` are the four device keys.

    The shell implements ``_key(key)`` (hand the key to the device UI, redraw).
    """

    def _key(self, key: Key) -> None:  # pragma: no cover - implemented by the shell
        raise NotImplementedError

    def do_n(self, arg: str) -> None:
        """n             device key NEXT (encoder clockwise)"""
        self._key(Key.NEXT)

    def do_p(self, arg: str) -> None:
        """p             device key PREV (encoder anticlockwise)"""
        self._key(Key.PREV)

    def do_o(self, arg: str) -> None:
        """o             device key OK (short press)"""
        self._key(Key.OK)

    def do_b(self, arg: str) -> None:
        """b             device key BACK (long press): the game menu"""
        self._key(Key.BACK)
