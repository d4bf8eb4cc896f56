"""Helper for "Willkommen am Arsch" (source: ``shared/seeds/000_*.txt``, the board game with the Trottelmütze).

What the device tracks (from dice and button inputs; it cannot see the board):

- the opening roll for the first Trottelmütze (seed 000, "Hierzu wirft jeder zwei
  Würfel und die niedrigste Zahl bekommt die Trottelmütze und darf das Spiel beginnen");
- whose turn it is, clockwise (seed 000, "Es wird im Uhrzeigersinn gespielt") and
  the Pasch rule (seed 000, "Bei jedem Pasch muss die Trottelmütze ein Bier trinken.
  Der Spieler mit dem Pasch führt seine Aktion aus und würfelt noch mal.");
- who wears the Trottelmütze (field "Trottelmütze: Juhu, du bekommst die
  Trottelmütze."; "Wer jedoch ohne ausdrückliche Erlaubnis des Spiels geht, bekommt
  die Trottelmütze, sobald er wieder da ist.");
- the drink cards on the Stehtisch under the Biererhaltungsgesetz (seed 000,
  "Alle Getränke, die aus irgendeinen Grund nicht getrunken werden müssen, werden auf
  den Stehtisch gestellt"; "eine 'Bier'-Karte auf den Stehtisch legen"; field
  "Stehtisch: Alle Getränke vom Stehtisch müssen getrunken werden ... Auf den
  Stehtisch wird wieder ein neues Bier gestellt.");
- who stands at Jail, whose drinks go to the Stehtisch instead (field "Jail: ...
  Solange du auf diesem Feld stehst, darfst du nichts trinken. Stattdessen wandern
  deine Getränke auf den Stehtisch."; the worked examples with the Trottelmütze's
  Pasch-Bier at Jail and two players meeting at Jail);
- what a field means for drinks once the players say which field a piece reached
  (``field``), the Spielothek's repeated rolls (field "Spielothek": "Falls du einen
  Pasch hattest, trinkt die Trottelmütze und du darfst noch mal zocken"), skipped
  players ("wird übersprungen und wird mit einem Bier belohnt") and the Kurzer for
  Gejammer ("Regelverstöße oder Gejammer werden mit einem Kurzen belohnt");
- counters: turns rolled, Pasch count, Pasch-Biere of the Trottelmütze, drinks per player.

Left to the players: moving the pieces and reading the board (the sheet never says
how far a roll moves a piece, so the device only shows the dice), the card decks
("Arschloch"- and "Willkommen am Arsch"-Karten: drawing, reading out, their
actions), drink cards lying on fields or seats, how much a "Bier" or "Wasser" is
(seed 000: "entscheidet jeder Spieler selbst"), the Spielothek's prize (the Lupe on
the board), whom the Schüttelbude invites, where the Taxi goes, and a tie in the
opening roll (the sheet does not say how to settle it: the table names the
Trottelmütze with ``choose``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.helpers.common import Event, HelperGame, InputRejected, Note, check_players

Drink = Literal["bier", "kurzer", "wasser"]
DRINKS: tuple[str, ...] = ("bier", "kurzer", "wasser")
Phase = Literal["new", "muetze_wurf", "muetze_wahl", "spiel", "spielothek"]

#: The fields of the board (seed 000, the field list after "Schüttelbude:"), as ``field`` names.
FIELDS: tuple[str, ...] = (
    "schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank",
    "sauf_bier", "sauf_kurzer", "willkommen_am_arsch", "arschloch_karte", "taxi",
    "daemmerschoppen", "fruehschoppen", "teich", "spielothek", "pinkeln",
)
FieldName = Literal[
    "schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank",
    "sauf_bier", "sauf_kurzer", "willkommen_am_arsch", "arschloch_karte", "taxi",
    "daemmerschoppen", "fruehschoppen", "teich", "spielothek", "pinkeln",
]

#: What the player who reaches a field must drink (seed 000, field list).
_OWN_DRINKS: dict[str, list[str]] = {
    "sauf_bier": ["bier"],            # "Sauf! 1 Bier: Es ist genau das, was Du glaubst!"
    "sauf_kurzer": ["kurzer"],        # "Sauf! 1 Kurzen"
    "daemmerschoppen": ["bier", "kurzer"],  # "Trink ein Bier und einen Kurzen."
    "fruehschoppen": ["bier", "bier"],      # "Trink zwei Bier."
    "teich": ["wasser"],              # "musst ein Wasser trinken"
}
#: What every player drinks (seed 000: "Kneipe: Alle Spieler trinken zusammen ein Bier.",
#: "Brennerei: Alle Spieler trinken zusammen einen Kurzen.").
_ALL_DRINK: dict[str, str] = {"kneipe": "bier", "brennerei": "kurzer"}


class OpeningRoll(BaseModel):
    """One roll of the opening round for the first Trottelmütze."""

    model_config = ConfigDict(extra="forbid")

    player: str
    dice: tuple[int, int]


class WaaState(BaseModel):
    """Everything the helper tracks for "Willkommen am Arsch" (serialise with ``model_dump_json``).

    players: seat order, clockwise. turn: who rolls next; mover: whose piece moved
    last (``field`` applies to them); again: ``turn`` rolled a Pasch and rolls again.
    stehtisch: the drink cards on the Stehtisch (``bier``/``kurzer``/``wasser``).
    jail: players standing at Jail. drinks: per player, how many of each drink the
    device announced for them (Pasch-Biere of the Trottelmütze included).
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    phase: Phase = "new"
    trottelmuetze: str | None = None
    turn: str | None = None
    mover: str | None = None
    again: bool = False
    to_roll: list[str] = Field(default_factory=list)
    opening: list[OpeningRoll] = Field(default_factory=list)
    tied: list[str] = Field(default_factory=list)
    last_roller: str | None = None
    last_dice: tuple[int, int] | None = None
    stehtisch: list[Drink] = Field(default_factory=lambda: ["bier"])
    jail: list[str] = Field(default_factory=list)
    turns: int = 0
    pasch_count: int = 0
    muetze_biere: int = 0
    drinks: dict[str, dict[str, int]] = Field(default_factory=dict)
    notes: list[Note] = Field(default_factory=list)


class WillkommenAmArsch(HelperGame):
    """Display-only helper for "Willkommen am Arsch" (seed 000); see the module docstring.

    Construct with the players in seat order (clockwise, 2–12 distinct names).
    Inputs: ``start``, ``roll``, ``choose`` (tie in the opening roll), ``field``,
    ``skip``, ``muetze``, ``stehtisch_add``, ``jail``, ``gejammer``. Each returns
    its events and raises InputRejected (state unchanged) when it does not fit.
    Raises ValueError for invalid players.
    """

    game_id: ClassVar[str] = "willkommen_am_arsch"
    state_type = WaaState
    state: WaaState

    def __init__(self, players: Sequence[str]) -> None:
        players = check_players(players)
        self.state = WaaState(players=players, drinks={p: {d: 0 for d in DRINKS} for p in players})

    # ---------------------------------------------------------------- helpers
    def _after(self, player: str) -> str:
        return self._next_in(self.state.players, player)

    def _give(self, player: str, drinks: list[str], reason: str) -> list[Event]:
        """``player`` must drink ``drinks``; at Jail they go to the Stehtisch instead (seed 000, "Jail")."""
        s = self.state
        if player in s.jail:
            s.stehtisch.extend(drinks)  # type: ignore[arg-type]
            s.notes.append(Note(key="to_stehtisch", args={"drinks": list(drinks)}))
            return [{"event": "stehtisch_add", "drinks": list(drinks), "player": player, "reason": "jail"}]
        for d in drinks:
            s.drinks[player][d] += 1
        return [{"event": "drink", "player": player, "drinks": list(drinks), "reason": reason}]

    def _give_all(self, players: Sequence[str], drink: str, reason: str) -> list[Event]:
        """Every one of ``players`` drinks one ``drink``; those at Jail put theirs on the Stehtisch (one note)."""
        s = self.state
        out: list[Event] = []
        jailed = [p for p in players if p in s.jail]
        for p in players:
            if p in jailed:
                s.stehtisch.append(drink)  # type: ignore[arg-type]
                out.append({"event": "stehtisch_add", "drinks": [drink], "player": p, "reason": "jail"})
            else:
                s.drinks[p][drink] += 1
                out.append({"event": "drink", "player": p, "drinks": [drink], "reason": reason})
        if jailed:
            s.notes.append(Note(key="to_stehtisch", args={"drinks": [drink] * len(jailed)}))
        return out

    def _pasch_bier(self) -> list[Event]:
        """Seed 000: "Bei jedem Pasch muss die Trottelmütze ein Bier trinken."

        At Jail the Pasch-Bier lands on the Stehtisch (seed 000, worked example
        "Die Trottelmütze steht am Anfang ihres Zuges bei Jail und würfelt einen Pasch").
        """
        s = self.state
        m = s.trottelmuetze
        assert m is not None
        s.pasch_count += 1
        if m in s.jail:
            s.stehtisch.append("bier")
            s.notes.append(Note(key="pasch_jail"))
            return [{"event": "stehtisch_add", "drinks": ["bier"], "player": m, "reason": "pasch_jail"}]
        s.muetze_biere += 1
        s.drinks[m]["bier"] += 1
        s.notes.append(Note(key="pasch_bier", args={"p": m}))
        return [{"event": "drink", "player": m, "drinks": ["bier"], "reason": "pasch"}]

    def _set_muetze(self, player: str, reason: str) -> list[Event]:
        s = self.state
        before = s.trottelmuetze
        s.trottelmuetze = player
        s.notes.append(Note(key="muetze", args={"p": player}))
        return [{"event": "trottelmuetze", "player": player, "previous": before, "reason": reason}]

    def _need_play(self, spielothek: bool = False) -> None:
        """InputRejected unless the game is under way (``spielothek``: also while the mover zocks)."""
        ok = ("spiel", "spielothek") if spielothek else ("spiel",)
        if self.state.phase not in ok:
            raise InputRejected(f"not while the game is in phase {self.state.phase}")

    def _player(self, player: str) -> str:
        if player not in self.state.players:
            raise InputRejected(f"{player!r} is not a player")
        return player

    # ---------------------------------------------------------------- inputs
    def start(self) -> list[Event]:
        """Begin: one Bier on the Stehtisch, everybody rolls for the first Trottelmütze in seat order.

        Seed 000: "eine 'Bier'-Karte auf den Stehtisch legen"; "Vor Spielbeginn muss nur
        noch ermittelt werden, wer als erster die Trottelmütze bekommt."
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "new":
                raise InputRejected("the game has already started")
            s.phase, s.to_roll, s.notes = "muetze_wurf", list(s.players), []
            return [{"event": "game_started", "game": self.game_id, "players": list(s.players),
                     "stehtisch": list(s.stehtisch)}]
        return self._atomic(go)

    def roll(self, dice: tuple[int, int]) -> list[Event]:
        """A roll of two dice (seed 000, "Es wird immer mit zwei Würfeln gewürfelt").

        Opening: the next player in seat order rolls for the Trottelmütze; when all
        have rolled, the lowest sum gets it and begins ("die niedrigste Zahl bekommt
        die Trottelmütze und darf das Spiel beginnen"); a tie waits for ``choose``.
        There is no Trottelmütze yet, so no Pasch-Bier in the opening.
        Play: ``turn`` rolls. A Pasch: the Trottelmütze drinks a Bier (at Jail: it goes
        to the Stehtisch) and the roller goes again ("Bei einem Pasch ist man erneut am
        Zug, ansonsten geht es im Uhrzeigersinn weiter."); the roller leaves Jail as
        the piece moves on ("Danach kann die Trottelmütze ihre Spielfigur weitersetzen.").
        Spielothek: the mover "zockt"; a Pasch: the Trottelmütze drinks and the mover
        zocks again, else the Spielothek is done.
        Raises InputRejected before ``start``, during a tie, or for dice not in 1–6.
        """
        pair = self._dice(dice)

        def go() -> list[Event]:
            s = self.state
            s.notes = []
            pasch = pair[0] == pair[1]
            if s.phase == "muetze_wurf":
                return self._opening_roll(pair)
            if s.phase == "spielothek":
                assert s.mover is not None
                s.last_roller, s.last_dice = s.mover, pair
                ev: list[Event] = [{"event": "roll", "player": s.mover, "dice": list(pair), "sum": sum(pair),
                                    "pasch": pasch, "spielothek": True}]
                s.notes.append(Note(key="zock_pasch" if pasch else "zock", args={"a": pair[0], "b": pair[1]}))
                if pasch:
                    return ev + self._pasch_bier()
                s.phase = "spiel"
                s.notes.append(Note(key="lupe"))
                return ev + [{"event": "spielothek_done", "player": s.mover}]
            if s.phase != "spiel":
                raise InputRejected(f"nobody rolls now (phase {s.phase})")
            player = s.turn
            assert player is not None
            s.turns += 1
            s.last_roller, s.last_dice, s.mover = player, pair, player
            ev = [{"event": "roll", "player": player, "dice": list(pair), "sum": sum(pair), "pasch": pasch,
                   "spielothek": False}]
            s.notes.append(Note(key="wurf_pasch" if pasch else "wurf",
                                args={"p": player, "a": pair[0], "b": pair[1], "s": sum(pair)}))
            if pasch:
                ev += self._pasch_bier()
            if player in s.jail:  # the piece moves on, off the Jail field
                s.jail.remove(player)
                ev.append({"event": "jail_left", "player": player})
            s.again = pasch
            s.turn = player if pasch else self._after(player)
            ev.append({"event": "turn", "player": s.turn, "again": pasch})
            return ev
        return self._atomic(go)

    def _opening_roll(self, pair: tuple[int, int]) -> list[Event]:
        s = self.state
        player = s.to_roll.pop(0)
        s.opening.append(OpeningRoll(player=player, dice=pair))
        s.last_roller, s.last_dice = player, pair
        ev: list[Event] = [{"event": "roll", "player": player, "dice": list(pair), "sum": sum(pair),
                            "pasch": pair[0] == pair[1], "opening": True}]
        if s.to_roll:
            return ev
        low = min(sum(r.dice) for r in s.opening)
        tied = [r.player for r in s.opening if sum(r.dice) == low]
        if len(tied) > 1:
            s.phase, s.tied = "muetze_wahl", tied
            s.notes.append(Note(key="gleichstand", args={"names": ", ".join(tied), "s": low}))
            return ev + [{"event": "choice_needed", "candidates": list(tied), "sum": low}]
        return ev + self._begin(tied[0], "lowest")

    def _begin(self, player: str, reason: str) -> list[Event]:
        s = self.state
        s.phase, s.turn, s.tied, s.again = "spiel", player, [], False
        ev = self._set_muetze(player, reason)
        return ev + [{"event": "turn", "player": player, "again": False}]

    def choose(self, player: str) -> list[Event]:
        """The table names the first Trottelmütze among the players tied in the opening roll.

        The sheet does not say how to settle such a tie, so the device does not decide it.
        Raises InputRejected when no choice is asked for or ``player`` is not among the tied.
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "muetze_wahl":
                raise InputRejected("no choice is asked for now")
            if player not in s.tied:
                raise InputRejected(f"{player!r} is not among the tied players {s.tied}")
            s.notes = []
            return self._begin(player, "chosen")
        return self._atomic(go)

    def field(self, name: FieldName, meets: Sequence[str] = ()) -> list[Event]:
        """The mover's piece reached field ``name`` (one of ``FIELDS``); ``meets``: players already standing there.

        Order per seed 000's turn order: meeting first ("Trifft die Spielfigur auf ein
        besetztes Feld trinken alle Spieler auf diesem Feld zusammen ein Bier."), then
        the field's action ("Jetzt wird die Aktion, die das Feld verlangt, ausgeführt.").
        Tracked actions: Trottelmütze (the mover gets it), Stehtisch (the mover gets all
        its drinks, a new Bier is put there), Jail (the mover stands at Jail), Kneipe /
        Brennerei (everybody drinks), Sauf! 1 Bier / 1 Kurzen, Dämmerschoppen,
        Frühschoppen, Teich (the mover drinks), Spielothek (the next rolls are the
        mover's Las-Vegas rolls). The other fields only show their instruction.
        After a Taxi the players report the field the Taxi went to with another call.
        Raises InputRejected outside play, for an unknown field, or bad ``meets``.
        """
        def go() -> list[Event]:
            s = self.state
            self._need_play()
            if name not in FIELDS:
                raise InputRejected(f"unknown field {name!r}; known: {', '.join(FIELDS)}")
            mover = s.mover
            if mover is None:
                raise InputRejected("nobody has moved yet")
            others = [self._player(p) for p in meets]
            if mover in others or len(set(others)) != len(others):
                raise InputRejected("meets: other players, each once")
            s.notes = []
            ev: list[Event] = [{"event": "field", "player": mover, "field": name, "meets": others}]
            for p in others:  # they stand on this field, so they are at Jail only if it is Jail
                if name != "jail" and p in s.jail:
                    s.jail.remove(p)
                if name == "jail" and p not in s.jail:
                    s.jail.append(p)
            if s.mover in s.jail and name != "jail":
                s.jail.remove(mover)
            if name == "jail" and mover not in s.jail:
                s.jail.append(mover)
            if others:
                s.notes.append(Note(key="treffen"))
                ev += self._give_all([mover, *others], "bier", "treffen")
            ev += self._field_action(name, mover)
            return ev
        return self._atomic(go)

    def _field_action(self, name: str, mover: str) -> list[Event]:
        s = self.state
        if name in _OWN_DRINKS:
            drinks = _OWN_DRINKS[name]
            if mover not in s.jail:
                s.notes.append(Note(key="trinkt", args={"p": mover, "drinks": list(drinks)}))
            return self._give(mover, list(drinks), name)
        if name in _ALL_DRINK:
            s.notes.append(Note(key=f"f_{name}"))
            return self._give_all(s.players, _ALL_DRINK[name], name)
        if name == "trottelmuetze":
            return self._set_muetze(mover, "feld")
        if name == "stehtisch":
            drinks, s.stehtisch = list(s.stehtisch), ["bier"]
            for d in drinks:
                s.drinks[mover][d] += 1
            s.notes.append(Note(key="trinkt", args={"p": mover, "drinks": drinks}))
            return [{"event": "drink", "player": mover, "drinks": drinks, "reason": "stehtisch"},
                    {"event": "stehtisch_reset", "stehtisch": list(s.stehtisch)}]
        if name == "jail":
            s.notes.append(Note(key="f_jail", args={"p": mover}))
            return [{"event": "jail_entered", "player": mover}]
        if name == "spielothek":
            s.phase = "spielothek"
            s.notes.append(Note(key="f_spielothek", args={"p": mover}))
            return [{"event": "spielothek_started", "player": mover}]
        if name == "pinkeln":
            key = "f_pinkeln_muetze" if mover == s.trottelmuetze else "f_pinkeln"
            s.notes.append(Note(key=key, args={"p": mover}))
            return []
        s.notes.append(Note(key=f"f_{name}", args={"p": mover}))
        return []

    def skip(self) -> list[Event]:
        """``turn`` is not at their place: skipped and rewarded with a Bier-Karte on the seat.

        Seed 000: "Ist ein Spieler nicht am Platz, wenn er am Zuge ist, wird er übersprungen
        und wird mit einem Bier belohnt." Raises InputRejected outside play.
        """
        def go() -> list[Event]:
            s = self.state
            self._need_play()
            player = s.turn
            assert player is not None
            s.notes = [Note(key="skip", args={"p": player})]
            s.drinks[player]["bier"] += 1
            s.again = False
            s.turn = self._after(player)
            return [{"event": "skipped", "player": player},
                    {"event": "drink", "player": player, "drinks": ["bier"], "reason": "skipped"},
                    {"event": "turn", "player": s.turn, "again": False}]
        return self._atomic(go)

    def muetze(self, player: str, reason: Literal["pinkeln", "karte"] = "pinkeln") -> list[Event]:
        """Put the Trottelmütze on ``player``.

        reason "pinkeln": seed 000, "Wer jedoch ohne ausdrückliche Erlaubnis des Spiels
        geht, bekommt die Trottelmütze, sobald er wieder da ist."; "karte": a card said so.
        Raises InputRejected outside play or for an unknown player.
        """
        def go() -> list[Event]:
            self._need_play(spielothek=True)
            self._player(player)
            self.state.notes = []
            return self._set_muetze(player, reason)
        return self._atomic(go)

    def stehtisch_add(self, drink: Drink = "bier", count: int = 1) -> list[Event]:
        """Biererhaltungsgesetz: ``count`` drinks nobody must drink now go onto the Stehtisch.

        Seed 000: "Wenn aus irgendwelchen Gründen Spieler Getränke nicht trinken müssen
        (Jail, "Arschloch"-Karten, ...), verfallen diese nicht". Raises InputRejected
        outside play, for an unknown drink or a count below 1.
        """
        def go() -> list[Event]:
            s = self.state
            self._need_play(spielothek=True)
            if drink not in DRINKS or count < 1:
                raise InputRejected(f"drink must be one of {DRINKS} and count ≥ 1")
            s.stehtisch.extend([drink] * count)
            s.notes = [Note(key="to_stehtisch", args={"drinks": [drink] * count})]
            return [{"event": "stehtisch_add", "drinks": [drink] * count, "player": None,
                     "reason": "biererhaltungsgesetz"}]
        return self._atomic(go)

    def jail(self, player: str, present: bool = True) -> list[Event]:
        """Correct who stands at Jail (a card or the Taxi moved a piece the device did not see).

        Raises InputRejected outside play or for an unknown player.
        """
        def go() -> list[Event]:
            s = self.state
            self._need_play(spielothek=True)
            self._player(player)
            s.notes = []
            if present and player not in s.jail:
                s.jail.append(player)
                s.notes.append(Note(key="f_jail", args={"p": player}))
                return [{"event": "jail_entered", "player": player}]
            if not present and player in s.jail:
                s.jail.remove(player)
                return [{"event": "jail_left", "player": player}]
            return []
        return self._atomic(go)

    def gejammer(self, player: str) -> list[Event]:
        """Seed 000: "Regelverstöße oder Gejammer werden mit einem Kurzen belohnt." (at Jail: to the Stehtisch).

        Raises InputRejected outside play or for an unknown player.
        """
        def go() -> list[Event]:
            s = self.state
            self._need_play(spielothek=True)
            self._player(player)
            s.notes = []
            if player not in s.jail:
                s.notes.append(Note(key="gejammer", args={"p": player}))
            return self._give(player, ["kurzer"], "gejammer")
        return self._atomic(go)

    # ---------------------------------------------------------------- display
    def stehtisch_text(self, lang: str = "de") -> str:
        """The Stehtisch as one short line: "Stehtisch: 2 Bier", or "Stehtisch: 3B 1K" when that is too long."""
        st = sorted(self.state.stehtisch, key=DRINKS.index)
        return self.text("stehtisch", lang, what=self.drinks_text(st, lang, max_len=10))

    def view_lines(self, lang: str = "de") -> tuple[str, list[str]]:
        """Title and ≤ 3 lines.

        E.g. ("Cara nochmal!", ["Cara: 4+4 Pasch!", "Mütze Ben: 1 Bier", "Stehtisch: 1 Bier"]): what the
        last input means (notes), then who wears the Trottelmütze and what stands on the Stehtisch.
        """
        s = self.state
        t = self.text
        if s.phase == "new":
            return t("title_new", lang), [t("n_players", lang, n=len(s.players)), self.stehtisch_text(lang)]
        if s.phase == "muetze_wurf":
            done = " · ".join(f"{r.player} {sum(r.dice)}" for r in s.opening[-2:])
            lines = [t("wer_muetze", lang), t("wuerfelt", lang, p=s.to_roll[0])]
            return t("title_opening", lang), lines + ([done] if done else [])
        if s.phase == "muetze_wahl":
            return t("title_tie", lang), self._lines(lang, s.notes, [t("tisch_waehlt", lang)])
        status = [t("muetze_status", lang, p=s.trottelmuetze), self.stehtisch_text(lang)]
        if s.phase == "spielothek":
            title = t("title_spielothek", lang, p=s.mover)
        elif s.again:
            title = t("title_again", lang, p=s.turn)
        else:
            title = t("title_turn", lang, p=s.turn)
        notes = s.notes
        if len(notes) >= 2 or any(n.key in ("muetze", "pasch_bier") for n in notes):
            status = status[1:]  # room for the notes; or a note already names the Trottelmütze
        return title, self._lines(lang, notes, status)

    TEXTS: ClassVar[dict[str, dict[str, str]]] = {
        "de": {
            "bier_1": "Bier", "bier_2": "Bier", "kurzer_1": "Kurzer", "kurzer_2": "Kurze",
            "wasser_1": "Wasser", "wasser_2": "Wasser", "bier_abbr": "B", "kurzer_abbr": "K",
            "wasser_abbr": "W", "nothing": "nichts",
            "title_new": "Bereit", "n_players": "{n} Spieler",
            "title_opening": "Mützenwurf", "wer_muetze": "Niedrigste: Mütze",
            "wuerfelt": "{p} würfelt", "title_tie": "Gleichstand",
            "gleichstand": "{names}: {s}", "tisch_waehlt": "Tisch wählt Mütze",
            "title_turn": "{p} ist dran", "title_again": "{p} nochmal!",
            "title_spielothek": "Las Vegas: {p}",
            "muetze_status": "Mütze: {p}", "stehtisch": "Stehtisch: {what}",
            "wurf": "{p}: {a}+{b} = {s}", "wurf_pasch": "{p}: {a}+{b} Pasch!",
            "pasch_bier": "Mütze {p}: 1 Bier", "pasch_jail": "Mütze-Bier: Stehtisch",
            "to_stehtisch": "+{drinks} Stehtisch", "muetze": "{p}: Trottelmütze!",
            "trinkt": "{p}: {drinks}", "treffen": "Treffen: je 1 Bier",
            "zock": "Zocken: {a}+{b}", "zock_pasch": "Zocken: {a}+{b} Pasch!",
            "lupe": "Lupe: gewonnen?",
            "skip": "{p} fehlt: 1 Bier", "gejammer": "Kurzer für {p}",
            "f_schuettelbude": "{p} lädt wen ein", "f_jail": "{p} in Jail",
            "f_kneipe": "Kneipe: alle 1 Bier", "f_brennerei": "Brennerei: alle Kurzer",
            "f_parkbank": "Parkbank: ausruhen", "f_willkommen_am_arsch": "Willkommen am Arsch!",
            "f_arschloch_karte": "Arschloch-Karte!", "f_taxi": "Taxi: Feld wählen",
            "f_spielothek": "Spielothek: zocken!", "f_pinkeln": "{p} darf pinkeln",
            "f_pinkeln_muetze": "Mütze: nicht aufs Klo",
        },
        "en": {
            "bier_1": "beer", "bier_2": "beers", "kurzer_1": "shot", "kurzer_2": "shots",
            "wasser_1": "water", "wasser_2": "waters", "bier_abbr": "B", "kurzer_abbr": "S",
            "wasser_abbr": "W", "nothing": "nothing",
            "title_new": "Ready", "n_players": "{n} players",
            "title_opening": "Who gets the cap", "wer_muetze": "Lowest gets the cap",
            "wuerfelt": "{p} rolls", "title_tie": "Tie",
            "gleichstand": "{names}: {s}", "tisch_waehlt": "Table picks the cap",
            "title_turn": "{p}'s turn", "title_again": "{p} again!",
            "title_spielothek": "Las Vegas: {p}",
            "muetze_status": "Cap: {p}", "stehtisch": "Stehtisch: {what}",
            "wurf": "{p}: {a}+{b} = {s}", "wurf_pasch": "{p}: {a}+{b} double!",
            "pasch_bier": "Cap {p}: 1 beer", "pasch_jail": "Cap's beer: Stehtisch",
            "to_stehtisch": "+{drinks} Stehtisch", "muetze": "{p} gets the cap!",
            "trinkt": "{p}: {drinks}", "treffen": "Meeting: 1 beer each",
            "zock": "Gamble: {a}+{b}", "zock_pasch": "Gamble: {a}+{b} double!",
            "lupe": "Lens: did you win?",
            "skip": "{p} away: 1 beer", "gejammer": "Shot for {p}",
            "f_schuettelbude": "{p} invites one", "f_jail": "{p} in jail",
            "f_kneipe": "Pub: all 1 beer", "f_brennerei": "Distillery: all 1 shot",
            "f_parkbank": "Park bench: rest", "f_willkommen_am_arsch": "Willkommen am Arsch!",
            "f_arschloch_karte": "Arschloch card!", "f_taxi": "Taxi: pick a field",
            "f_spielothek": "Spielothek: gamble!", "f_pinkeln": "{p} may pee",
            "f_pinkeln_muetze": "Cap: no toilet",
        },
    }
