"""Helper for "Propter", Basisregeln (source: ``shared/seeds/004_*.txt``, a card game without dice).

What the device tracks (from button inputs; it never sees the cards):

- whose turn it is ("Die Spieler dürfen nun reihum Züge machen"), skipping players
  who fell off the Weltscheibe;
- the Resistenz of the three BS cards in "Quelle: Internet" (seed 004, "Legen Sie drei
  Karten aus der Propagandamaschine offen daneben"; "Ein frisch aufgedeckter BS verfügt
  über eine Resistenz von drei Punkten"): a Propter of a matching category lowers it by
  one, the third one sticht; an exact Propter sticht at once ("Ein exakt passender
  Propter sticht auch, wenn schon Resistenz abgebaut wurde."); a gestochener BS is
  replaced by a fresh one with Resistenz 3 ("Einen zufälligen BS aus der
  Propagandamaschine ziehen und offen an die Stelle des gestochenen BS legen.");
- the Siegpunkte per player (BS trophies, "diese zählt als Siegpunkt") and the winner
  ("Wer zuerst fünf Siegpunkte gesammelt hat, gewinnt das Spiel.");
- the number of Handkarten per player: five at the start ("je fünf Karten"), one card
  laid and one drawn per Zug, one less after Aussetzen ("muss er eine Handkarte
  abwerfen ... ohne nachzuziehen"), and who falls off the Weltscheibe ("Hat ein Spieler
  nur noch eine Handkarte und muss aussetzen, fällt er von der Weltscheibe und
  scheidet sofort aus.").

Left to the players: the cards (shuffling, dealing, drawing, the Ablagestapel),
judging whether a Propter fits a BS exactly (symbol and number) or by category
(they say so with ``play(slot, exact)``), exchanging cards after Aussetzen, the
choice of the first player (the sheet's criteria, e.g. "Die größte Brille": the
table names them with ``choose``), and the Profiregeln and Aktionskarten, which
the sheet only mentions. The sheet says nothing about a game in which everybody
but one player fell off; the device keeps giving the turns.
This game has no dice: ``roll`` is always rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.helpers.common import MAX_LINES, Event, HelperGame, InputRejected, Note, check_players

#: Seed 004: "je fünf Karten", "drei Karten ... offen", "Resistenz von drei Punkten", "fünf Siegpunkte".
HAND_CARDS = 5
BS_SLOTS = 3
RESISTENZ = 3
SIEGPUNKTE = 5

Phase = Literal["new", "starter", "spiel", "getauscht", "ende"]


class PropterState(BaseModel):
    """Everything the helper tracks for Propter (serialise with ``model_dump_json``).

    players: seat order; turn: who is at the Zug; quelle: Resistenz of the BS cards in
    "Quelle: Internet" (index 0–2); hands: Handkarten per player; points: Siegpunkte;
    out: players who fell off the Weltscheibe; stiche: BS cards gestochen in total.
    Phase "getauscht": ``turn`` has discarded (Aussetzen) and may still lay a drawn card.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    phase: Phase = "new"
    turn: str | None = None
    quelle: list[int] = Field(default_factory=lambda: [RESISTENZ] * BS_SLOTS)
    hands: dict[str, int] = Field(default_factory=dict)
    points: dict[str, int] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)
    winner: str | None = None
    zuege: int = 0
    stiche: int = 0
    notes: list[Note] = Field(default_factory=list)


class Propter(HelperGame):
    """Display-only helper for Propter, Basisregeln (seed 004); see the module docstring.

    Construct with the players in seat order (2–12 distinct names).
    Inputs: ``start``, ``choose`` (first player), ``play``, ``aussetzen``, ``next``.
    Raises ValueError for invalid players.
    """

    game_id: ClassVar[str] = "propter"
    state_type = PropterState
    state: PropterState

    def __init__(self, players: Sequence[str]) -> None:
        players = check_players(players)
        self.state = PropterState(players=players, hands={p: HAND_CARDS for p in players},
                                  points={p: 0 for p in players})

    # ---------------------------------------------------------------- helpers
    def _active(self, player: str) -> bool:
        return player not in self.state.out

    def _need_turn(self, *phases: str) -> str:
        s = self.state
        if s.phase not in phases or s.turn is None:
            raise InputRejected(f"not now (phase {s.phase})")
        return s.turn

    def _end_turn(self, player: str) -> list[Event]:
        s = self.state
        s.zuege += 1
        if not any(self._active(p) for p in s.players):
            s.phase, s.turn = "ende", None
            return [{"event": "game_finished", "winner": None, "points": dict(s.points)}]
        s.phase = "spiel"
        s.turn = self._next_in(s.players, player, self._active)
        return [{"event": "turn", "player": s.turn}]

    # ---------------------------------------------------------------- inputs
    def start(self) -> list[Event]:
        """Begin: five Handkarten each, three BS with Resistenz 3; the table names the first player (``choose``)."""
        def go() -> list[Event]:
            s = self.state
            if s.phase != "new":
                raise InputRejected("the game has already started")
            s.phase, s.notes = "starter", []
            return [{"event": "game_started", "game": self.game_id, "players": list(s.players),
                     "hands": dict(s.hands), "quelle": list(s.quelle)}]
        return self._atomic(go)

    def roll(self, dice: tuple[int, int]) -> list[Event]:
        """Always raises InputRejected: seed 004 is a card game without dice."""
        return self._no_dice("Propter")

    def choose(self, player: str) -> list[Event]:
        """The table names the first player (seed 004, "mögliche Kriterien für die Wahl des beginnenden Spielers").

        Raises InputRejected when no choice is asked for or ``player`` is unknown.
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "starter":
                raise InputRejected("no first player is asked for now")
            if player not in s.players:
                raise InputRejected(f"{player!r} is not a player")
            s.phase, s.turn, s.notes = "spiel", player, []
            return [{"event": "turn", "player": player}]
        return self._atomic(go)

    def play(self, slot: int, exact: bool = False) -> list[Event]:
        """``turn`` lays a Propter on the BS at ``slot`` (0–2) and draws a card; the Zug ends.

        exact: the Propter occurs in the BS exactly ("Symbol und Zahl stimmen überein")
        and sticht at once; otherwise its category occurs in the BS and the Resistenz
        drops by one, the third one sticht (seed 004, "Ziel" 1. and 2.). A Stich: one
        Siegpunkt, a fresh BS with Resistenz 3 in its place; five Siegpunkte win.
        Allowed in a normal Zug and after Aussetzen ("Eine dabei gezogene passende
        Propter-Karte kann noch in diesem Zug gespielt werden.").
        Raises InputRejected when nobody is at the Zug or ``slot`` is not 0–2.
        """
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn("spiel", "getauscht")
            if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < BS_SLOTS:
                raise InputRejected(f"slot must be 0–{BS_SLOTS - 1}")
            before = s.quelle[slot]
            after = 0 if exact else before - 1
            ev: list[Event] = [{"event": "propter", "player": player, "slot": slot, "exact": exact,
                                "resistenz_before": before, "resistenz": after}]
            # one card laid, one drawn: "Der Zug wird wie immer durch Nachziehen ... beendet."
            if after > 0:
                s.quelle[slot] = after
                s.notes = [Note(key="abgebaut", args={"p": player, "bs": slot + 1, "r": after})]
                return ev + self._end_turn(player)
            s.quelle[slot] = RESISTENZ
            s.points[player] += 1
            s.stiche += 1
            s.notes = [Note(key="stich", args={"p": player, "bs": slot + 1, "n": s.points[player]})]
            ev.append({"event": "stich", "player": player, "slot": slot, "points": s.points[player]})
            if s.points[player] >= SIEGPUNKTE:
                s.phase, s.winner, s.turn = "ende", player, None
                s.zuege += 1
                s.notes.append(Note(key="sieg", args={"p": player}))
                return ev + [{"event": "game_finished", "winner": player, "points": dict(s.points)}]
            return ev + self._end_turn(player)
        return self._atomic(go)

    def aussetzen(self) -> list[Event]:
        """``turn`` cannot or will not lay a card: one Handkarte is discarded without drawing.

        With a single Handkarte the player falls off the Weltscheibe and is out at once;
        otherwise they may exchange cards and still ``play`` a fitting one, or end the
        Zug with ``next`` (seed 004, "Kann oder will ein Spieler ...").
        Raises InputRejected when nobody is at the Zug or they already discarded.
        """
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn("spiel")
            if s.hands[player] <= 1:
                s.hands[player] = 0
                s.out.append(player)
                s.notes = [Note(key="weltscheibe", args={"p": player})]
                return [{"event": "fell_off", "player": player}] + self._end_turn(player)
            s.hands[player] -= 1
            s.phase = "getauscht"
            s.notes = [Note(key="abgeworfen", args={"p": player, "n": s.hands[player]}), Note(key="tauschen")]
            return [{"event": "discard", "player": player, "hand": s.hands[player]}]
        return self._atomic(go)

    def next(self) -> list[Event]:
        """End a Zug after Aussetzen when no drawn card fits. Raises InputRejected otherwise."""
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn("getauscht")
            s.notes = []
            return self._end_turn(player)
        return self._atomic(go)

    # ---------------------------------------------------------------- display
    def view_lines(self, lang: str = "de") -> tuple[str, list[str]]:
        """Title and ≤ 3 lines.

        E.g. ("Anna ist dran", ["Cara sticht BS 2!", "Resistenz: 3 | 3 | 3", "0 Pkt · 5 Karten"]):
        the last note, the Resistenz of the three BS, and the Siegpunkte and Handkarten of the player at the Zug.
        """
        s = self.state
        t = self.text
        quelle = t("quelle", lang, r=" | ".join(str(r) for r in s.quelle))
        if s.phase == "new":
            return t("title_new", lang), [t("n_players", lang, n=len(s.players)), t("ziel", lang)]
        if s.phase == "starter":
            return t("title_starter", lang), [t("starter_hint", lang), quelle]
        if s.phase == "ende":
            ranked = sorted(s.players, key=lambda p: -s.points[p])
            table = self._packed([f"{p} {s.points[p]}" for p in ranked], MAX_LINES - 1)
            return t("title_end", lang), self._lines(lang, s.notes[-1:], table)
        assert s.turn is not None
        me = t("me", lang, p=s.turn, n=s.points[s.turn], h=s.hands[s.turn])
        if s.phase == "getauscht":
            return t("title_tausch", lang, p=s.turn), self._lines(lang, s.notes[:1], [quelle, t("play_or_next", lang)])
        return t("title_turn", lang, p=s.turn), self._lines(lang, s.notes, [quelle, me])

    TEXTS: ClassVar[dict[str, dict[str, str]]] = {
        "de": {
            "title_new": "Bereit", "n_players": "{n} Spieler", "ziel": "Ziel: 5 Siegpunkte",
            "title_starter": "Wer beginnt?", "starter_hint": "Tisch wählt",
            "quelle": "Resistenz: {r}", "me": "{n} Pkt · {h} Karten",
            "title_turn": "{p} ist dran", "title_tausch": "{p}: Aussetzen",
            "abgebaut": "{p}: BS {bs} auf {r}", "stich": "{p} sticht BS {bs}!",
            "sieg": "{p} gewinnt!", "weltscheibe": "{p} fällt runter!",
            "abgeworfen": "{p}: {n} Karten", "tauschen": "Tauschen erlaubt",
            "play_or_next": "Legen oder weiter",
            "title_end": "Spielende",
        },
        "en": {
            "title_new": "Ready", "n_players": "{n} players", "ziel": "Goal: 5 points",
            "title_starter": "Who starts?", "starter_hint": "Table picks",
            "quelle": "Resistance: {r}", "me": "{n} pts · {h} cards",
            "title_turn": "{p}'s turn", "title_tausch": "{p}: sits out",
            "abgebaut": "{p}: BS {bs} to {r}", "stich": "{p} takes BS {bs}!",
            "sieg": "{p} wins!", "weltscheibe": "{p} fell off!",
            "abgeworfen": "{p}: {n} cards", "tauschen": "May exchange cards",
            "play_or_next": "Play or next",
            "title_end": "Game over",
        },
    }
