"""What the display shows: one small frozen dataclass per screen.

The game layer builds a view from its state and hands it to a display
(``Display.show(view)``); the display layer never reads game state itself.
Views are plain values: equal views draw equal pictures, so a display can skip
a redraw when the view did not change. Grams are in ``_g`` fields; rounds and
attempts count from 1.

Example::

    from waage.display.views import ChosenView
    display.show(ChosenView(round=3, player="Ben", target_g=50, min_g=45, max_g=55, reason="lowest"))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class SetupView:
    """Before round 1: who plays and how (W-01, W-02).

    players: names in seat order; dice_mode: "electronic" | "manual";
    glass_g: empty-glass weight; beer_g: beer in the glass; either None while the glass on the scale is not the
    glass in use (W-37: its empty weight, and so its beer, are unknown until it is weighed); starter: who rolls first.
    """

    players: list[str]
    dice_mode: str
    glass_g: float | None
    beer_g: float | None
    starter: str


@dataclass(frozen=True)
class RollView:
    """A round or tie-break in progress: whose turn it is to roll (W-10, W-14).

    rolls: (player, Augenzahl 2–12, pasch) rolled so far this round / tie-break, in order.
    last_dice: the two dice of ``rolls[-1]`` (shown as dice faces), None before the first roll.
    tie_break_name: "Düll", "Trüll", … during a tie-break, else None.
    """

    round: int
    player: str
    dice_mode: str
    rolls: list[tuple[str, int, bool]]
    last_dice: tuple[int, int] | None
    tie_break_name: str | None


@dataclass(frozen=True)
class DiceEntryView:
    """Manual dice entry with the buttons: ``dice`` 1–6 each; cursor 0/1 = die being set, 2 = confirm."""

    player: str
    dice: tuple[int, int]
    cursor: int


@dataclass(frozen=True)
class ChooseView:
    """Einer-Pasch (W-15): ``chooser`` picks the Auserwählte; ``selected`` indexes ``candidates``."""

    chooser: str
    candidates: list[str]
    selected: int


@dataclass(frozen=True)
class TieBreakView:
    """A tie-break starts (W-14): ``name`` is Düll / Trüll / Quadrüll / …, ``players`` the tied ones."""

    round: int
    name: str
    players: list[str]


@dataclass(frozen=True)
class ChosenView:
    """The Auserwählte and the target window (W-13, W-20, W-21).

    target_g, min_g, max_g: whole grams, window bounds included.
    reason: "lowest" | "tie_break" | "einer_pasch"; pasch: optional, True when the round
    ended with a Pasch (the 50 g rule); shown as an extra hint when set.
    """

    round: int
    player: str
    target_g: int
    min_g: int
    max_g: int
    reason: str
    pasch: bool = False


@dataclass(frozen=True)
class DrinkingView:
    """Live drinking (W-30): ``drunk_g`` = reference − live weight, None while the glass is lifted."""

    player: str
    target_g: int
    min_g: int
    max_g: int
    attempt: int
    drunk_g: float | None
    lifted: bool


@dataclass(frozen=True)
class VerdictView:
    """One judged attempt (W-21, W-22, W-31).

    grams: whole grams drunk as judged; verdict: "hit" | "exact" | "miss" | "emptied";
    next_player: who starts the next round (None while the Auserwählte must drink again).
    """

    player: str
    grams: int
    target_g: int
    verdict: str
    attempt: int
    next_player: str | None


@dataclass(frozen=True)
class RefillView:
    """Glass empty or refilled (W-32, W-33).

    remaining_g: beer left in the glass; needed: True = empty, waiting for a refill;
    added_g: grams just added by a refill (None if none yet); consent_of: the
    Auserwählte whose consent a refill during drinking needs (W-33), else None.
    """

    remaining_g: float
    needed: bool
    added_g: float | None
    consent_of: str | None


@dataclass(frozen=True)
class FaultView:
    """Sensor fault: the game is paused. kind: machine word (``stalled``, ``gpio``, …); detail: a sentence."""

    kind: str
    detail: str


@dataclass(frozen=True)
class StatsView:
    """A game's statistics (Regel 7 for the Waagespiel; each helper game's own figures, issue 21).

    per_player: row name (a player, or a team "Anna+Cara") -> {column: value}; values are numbers
    (drawn as whole numbers) or text already formatted (``waage.stats.fmt_value``: "1:35", "✓"),
    None for "–". columns: the figures to show, in order (their headers are the texts
    ``stats_h_<column>``), ``STATS_COLUMNS`` at a time on a page (one when a long name needs the
    room); title: the header (default
    the text ``stats_title``). page: which page (wraps around): the pages go through the
    column groups, and within each through the rows ``STATS_ROWS`` at a time
    (``waage.display.screens.stats_pages``).
    """

    per_player: dict[str, dict[str, int | float | str | None]]
    page: int = 0
    columns: tuple[str, ...] = ("hits", "misses", "exact", "chosen", "attempts", "grams")
    title: str = ""


@dataclass(frozen=True)
class MessageView:
    """A generic notice: a title and a few lines (calibration steps, hints). Lines are wrapped."""

    title: str
    lines: list[str]


@dataclass(frozen=True)
class HelperGameView:
    """Display-only helper for the other games: ``game`` id (e.g. "propter"), a title and lines."""

    game: str
    title: str
    lines: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- menu and input flows
# The device UI (waage/ui) builds these with texts already in the player's
# language (from waage.display.texts); the screens only lay them out.


@dataclass(frozen=True)
class ListView:
    """A list to pick from with NEXT/PREV and OK: the game menu, a field, a player, an action.

    title: header text; items: the entries (shown 4 at a time, scrolling with the cursor);
    selected: index of the cursor; right: short header text on the right ("" for none);
    marks: one bool per item for a multi-select (a box, filled when chosen), or None.
    """

    title: str
    items: list[str]
    selected: int
    right: str = ""
    marks: list[bool] | None = None


@dataclass(frozen=True)
class CountView:
    """A whole number set with NEXT (+1) / PREV (−1) and confirmed with OK (penalty points, drink cards).

    title: header; label: whose / what number (a player, a drink); value: the number (drawn big);
    unit: small text after it ("" for none); right: header's right text, e.g. "2/3"; hint: bottom line.
    """

    title: str
    label: str
    value: int
    unit: str = ""
    right: str = ""
    hint: str = ""


@dataclass(frozen=True)
class ConfirmView:
    """A yes/no question (new game, end of game): NEXT/PREV moves between the answers, OK takes one.

    question: the big line (e.g. the game's name); detail: one small line; yes, no: the answers;
    yes_selected: the cursor is on ``yes`` (a confirmation starts on ``no``).
    """

    title: str
    question: str
    detail: str
    yes: str
    no: str
    yes_selected: bool = False


@dataclass(frozen=True)
class TurnView:
    """A helper game's home screen: who is at turn (big), what the table must know, what OK does.

    title: header (the game); right: header's right text (round, "Eröffnungswurf", …);
    player: the name drawn big ("" when nobody); lines: up to two short status lines;
    hint: the bottom line (what the keys do); dice: the last roll as two die faces, or None.
    """

    title: str
    right: str
    player: str
    lines: list[str]
    hint: str
    dice: tuple[int, int] | None = None


@dataclass(frozen=True)
class ScoreView:
    """Names with a value each (what to drink, points, trophies); the values in a large face.

    rows: (label, value) in order, e.g. ("Anna", "2 Bier") or ("Ben", "7"); up to 3 rows big,
    up to 4 small; more are cut (the title's ``right`` can say "1/2").
    """

    title: str
    rows: list[tuple[str, str]]
    right: str = ""


@dataclass(frozen=True)
class WinnerView:
    """A helper game's end: the game, who won (big) and the final table, paged with NEXT/PREV.

    title: header (the game's name); label: the line above the winners ("Gewonnen", "Gewonnen:
    Team 1+3", …); winners: the names drawn big (a team's members, several on a shared win);
    rows: the final table as (name, points text), best first, exactly as ``engine.result()``
    ranks it (the screen never recomputes a winner); page: which page shows (0: the winners and
    the first rows that fit; wraps around, ``screens.winner_pages``).
    """

    title: str
    label: str
    winners: list[str]
    rows: list[tuple[str, str]]
    page: int = 0


# --------------------------------------------------------------------------- the glass, the plain scale, calibration
# (issue 17: W-36 weighing, W-37 a glass the device does not know, tare, calibration from the menu)


@dataclass(frozen=True)
class ScaleView:
    """The plain scale ("Waage mit Tarafunktion und großer digitaler Anzeige"): net grams since the last tare, huge.

    net_g: load on the platform less the tare point in grams (None: no reading, e.g. a sensor fault);
    tared: a tare point is set (the header says "Tara"); check: the check mass after a calibration
    (the header says "Kalibriert", OK ends) instead of the plain scale (OK tares).
    """

    net_g: float | None
    tared: bool = False
    check: bool = False


@dataclass(frozen=True)
class GlassWeighView:
    """Weighing the glass in use (W-36): the empty glass on the platform, its live weight, OK takes it.

    load_g: the live load in grams (None: no reading); steady: the load has settled (OK takes it);
    size_l: the size chosen, litres to the mark (None: the capacity scales with the glass); note: a refusal
    in the player's language ("" for none), e.g. not steady, implausible, a lift under way.
    """

    load_g: float | None
    steady: bool
    size_l: float | None = None
    note: str = ""


@dataclass(frozen=True)
class GlassUnknownView:
    """A glass the device does not know (W-37): heavier or lighter than the glass in use.

    reason: "heavier" | "lighter"; load_g: the settled load that told it (grams);
    glass_g: the empty weight of the glass in use. Shows the way out: menu → weigh the glass.
    """

    reason: str
    load_g: float
    glass_g: float


@dataclass(frozen=True)
class NumberEntryView:
    """A number entered digit by digit with NEXT (+1) / PREV (−1), OK to the next digit (a known mass).

    digits: the digits shown, e.g. "0500"; cursor: index of the digit being set; unit: after the
    number ("g"); title, hint: header and bottom line (in the player's language); label: whose
    number it is, a line above the digits ("" for none, e.g. a player's penalty points); right: the
    header's right text ("2/5"; "" for none).
    """

    title: str
    digits: str
    cursor: int
    unit: str = "g"
    hint: str = ""
    label: str = ""
    right: str = ""


# --------------------------------------------------------------------------- the league (MQTT)
@dataclass(frozen=True)
class LeaderboardRow:
    """One player at one table.

    label: ``"Anna @ Stehtisch"``; hit_rate: hits / attempts (0–1, 0 without
    attempts); mean_error_g: mean |grams − target| per attempt (None without attempts).
    """

    rank: int
    player: str
    table: str
    device_id: str
    attempts: int
    hits: int
    exact: int
    hit_rate: float
    mean_error_g: float | None
    grams: int

    @property
    def label(self) -> str:
        """``player @ table``."""
        return f"{self.player} @ {self.table}"


@dataclass(frozen=True)
class LeaderboardView:
    """The league's leaderboard as the screens draw it (built by ``waage.mqtt.league.Leaderboard``;
    the league has its own screen, ``waage/display/league_screen.py``, and is not one of ``View``).

    league: the league's name; rows: ranked, best first; tables: how many
    scales reported; page: which page the OLED shows (wraps around).
    """

    league: str
    rows: tuple[LeaderboardRow, ...]
    tables: int
    page: int = 0


View = Union[
    SetupView,
    RollView,
    DiceEntryView,
    ChooseView,
    TieBreakView,
    ChosenView,
    DrinkingView,
    VerdictView,
    RefillView,
    FaultView,
    StatsView,
    MessageView,
    HelperGameView,
    ListView,
    CountView,
    ConfirmView,
    TurnView,
    ScoreView,
    ScaleView,
    GlassWeighView,
    GlassUnknownView,
    NumberEntryView,
    WinnerView,
]

#: Every view class, in the order the contact sheet shows them.
VIEW_TYPES: tuple[type, ...] = View.__args__  # type: ignore[attr-defined]
