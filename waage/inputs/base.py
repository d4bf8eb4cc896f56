"""The one interface every input implements: GPIO buttons or encoder, the keyboard, a script.

An input is opened with a key sink (``on_key``: called with each ``Key``, from the input's own
thread; it must be quick and thread-safe) and delivers until ``close()``. The peers, as
gpiozero's pin factories are peers: ``GpioInput`` (``gpio.py``, the device's buttons),
``StdinInput`` (``stdin.py``, ``waage run --keys-from-stdin``: trying the device on a PC, the
tests), ``ScriptedInput`` (``script.py``, a fixed sequence of keys: demos, benchmarks, tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from waage.inputs.keys import Key

#: where an input hands its keys (called from the input's own thread)
KeySink = Callable[[Key], None]


class Input(Protocol):
    """A source of device keys running in the background since it was opened."""

    def close(self) -> None:
        """Stop delivering and release what the input holds (pins, a thread); idempotent."""
        ...
