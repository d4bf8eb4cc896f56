"""What the helper games' engines share (``common``): the interface of an engine of a game that
does not weigh (``start``, ``apply``, ``summary``, ``state``, ``resume``, ``current_player``,
``phase``, ``expects``, ``input_model``), its events and ``InputRejected``.

The engines themselves live in their kits (``waage/games/<id>/engine.py``); the list of games is
``waage.games.GAMES`` (a helper game is one with ``uses_scale`` false).
"""

from __future__ import annotations

from waage.rules.helpers.common import Event, HelperGame, HelperInput, InputRejected

__all__ = ["Event", "HelperGame", "HelperInput", "InputRejected"]
