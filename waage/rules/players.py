"""The players of a game: one check shared by the engines, the config and the scenarios."""

from __future__ import annotations

from collections.abc import Sequence


def check_players(players: Sequence[str], minimum: int = 2, maximum: int = 12) -> list[str]:
    """Validate the seat order (clockwise): ``minimum``–``maximum`` distinct, non-empty names.

    Returns the names as a list. Raises ValueError naming the problem
    (the count, an empty name, or the duplicated names).
    """
    players = list(players)
    if not minimum <= len(players) <= maximum:
        raise ValueError(f"needs {minimum}–{maximum} players, got {len(players)}")
    if any(not str(p).strip() for p in players):
        raise ValueError("a player name is empty")
    if len(set(players)) != len(players):
        dupes = sorted({p for p in players if players.count(p) > 1})
        raise ValueError(f"duplicate player name(s): {', '.join(dupes)}")
    return players


def check_names(players: Sequence[str], minimum: int = 2, maximum: int = 12) -> list[str]:
    """``check_players`` plus: no two names that differ only in case (names are matched case-insensitively).

    Raises ValueError naming the problem.
    """
    players = check_players(players, minimum, maximum)
    folded = [p.casefold() for p in players]
    if len(set(folded)) != len(folded):
        dupes = sorted({p for p in players if folded.count(p.casefold()) > 1})
        raise ValueError(f"player names that differ only in case: {', '.join(dupes)}")
    return players


def canonical_name(name: str, players: Sequence[str]) -> str | None:
    """The spelling in ``players`` of ``name`` matched case-insensitively, or None."""
    return {p.casefold(): p for p in players}.get(str(name).casefold())
