"""The Waagespiel's phases as an enum (W-01..W-37): ``WaagespielPhase``.

A ``StrEnum``: each member equals its word (``WaagespielPhase.DRINKING == "drinking"``) and is written as
that word in JSON, the session log and the replays, so replays stay byte-identical. The state's
``phase`` field has this type (``waage/games/waagespiel/rules/state.py``).
"""

from __future__ import annotations

from enum import StrEnum


class WaagespielPhase(StrEnum):
    """setup (before the first roll), rolling (W-01..W-12), tie_break (W-14), choosing (the Einer-Pasch's
    chooser names the Auserwählte), drinking (the Auserwählte drinks, W-20..W-31), awaiting_refill (W-33)."""

    SETUP = "setup"
    ROLLING = "rolling"
    TIE_BREAK = "tie_break"
    CHOOSING = "choosing"
    DRINKING = "drinking"
    AWAITING_REFILL = "awaiting_refill"
