"""Helper for "Willkommen am Arsch" (seed ``000_*``; rulings WA-01..WA-13 of
``shared/docs/helper-games-contract.md``).

The device rolls or takes the dice, knows whose turn it is, who wears the
Trottelmütze, who stands at Jail, what lies on the Stehtisch and what everybody
drank. The players tell it where a piece landed (``field``), who was already
there (``meets``) and which drink cards lay on the field (``cards``). It never
moves pieces (the sheet does not say how far a roll goes) and never reads the
"Arschloch"- or "Willkommen am Arsch"-cards; a card's effect the device counts is
entered as ``muetze`` or ``stehtisch_add``.

Phases: ``opening`` (WA-02 roll-off), ``roll`` (a move roll is due), ``field`` (the
mover owes the field, WA-04), ``taxi`` (the field the Taxi went to, WA-09),
``spielothek`` (zocken, WA-07).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from waage.rules.dice import check_pair
from waage.rules.helpers.common import (
    Event,
    HelperGame,
    HelperInput,
    InputRejected,
    PlayerName,
    check_names,
    no_twice,
)

Drink = Literal["bier", "kurzer", "wasser"]
DRINKS: tuple[str, ...] = ("bier", "kurzer", "wasser")

#: The board's fields (contract, "Field names").
FIELDS: tuple[str, ...] = (
    "schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank",
    "sauf_bier", "sauf_kurzer", "willkommen", "arschloch", "taxi", "daemmerschoppen",
    "fruehschoppen", "teich", "spielothek", "pinkeln",
)
FieldName = Literal[
    "schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank",
    "sauf_bier", "sauf_kurzer", "willkommen", "arschloch", "taxi", "daemmerschoppen",
    "fruehschoppen", "teich", "spielothek", "pinkeln",
]

#: WA-06: what the mover drinks on these fields.
OWN_DRINKS: dict[str, list[str]] = {
    "sauf_bier": ["bier"],
    "sauf_kurzer": ["kurzer"],
    "daemmerschoppen": ["bier", "kurzer"],
    "fruehschoppen": ["bier", "bier"],
    "teich": ["wasser"],
}
#: WA-06: what every player drinks on these fields.
ALL_DRINK: dict[str, str] = {"kneipe": "bier", "brennerei": "kurzer"}


class WillkommenPhase(StrEnum):
    """The phases (the state's ``phase``): opening (the WA-02 roll-off), roll (a move roll is due), field (the mover
    names the field, WA-04), taxi (the taxi's field, WA-09), spielothek (zocken until a roll is no Pasch, WA-07).

    A ``StrEnum``: a member equals its word and is written as the word in JSON, the log and the
    replays (byte-identical)."""

    OPENING = "opening"
    ROLL = "roll"
    FIELD = "field"
    TAXI = "taxi"
    SPIELOTHEK = "spielothek"


#: the phase type of the state (an alias kept for readers of the former ``Literal``)
Phase = WillkommenPhase

#: Inputs that may come at any time once the opening is over (WA: not turns).
ANY_TIME: tuple[str, ...] = ("pee", "gejammer", "muetze", "stehtisch_add")


class WaaInput(HelperInput):
    """One input of Willkommen am Arsch (contract table "Inputs"): one action key plus companions.

    roll: two dice 1–6 (``"auto"`` is resolved by the caller before ``apply``); field: a
    field name with ``meets`` (players already there), ``cards`` (drink cards on the
    field), ``invite``/``drink`` (Schüttelbude, WA-08) and ``by``; absent/pee/gejammer/
    muetze: a player; pee's ``allowed`` (WA-11); stehtisch_add: a drink with ``count`` ≥ 1.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    ACTIONS: ClassVar[tuple[str, ...]] = ("roll", "field", "absent", "pee", "gejammer", "muetze", "stehtisch_add")
    COMPANIONS: ClassVar[dict[str, tuple[str, ...]]] = {
        "by": ("roll", "field"), "meets": ("field",), "cards": ("field",), "invite": ("field",),
        "drink": ("field",), "allowed": ("pee",), "count": ("stehtisch_add",),
    }

    roll: list[int] | Literal["auto"] | None = None
    by: PlayerName | None = None
    field: FieldName | None = None
    meets: list[PlayerName] = Field(default_factory=list)
    cards: list[Drink] = Field(default_factory=list)
    invite: PlayerName | None = None
    drink: Drink = "bier"
    absent: PlayerName | None = None
    pee: PlayerName | None = None
    allowed: bool = False
    gejammer: PlayerName | None = None
    muetze: PlayerName | None = None
    stehtisch_add: Drink | None = None
    count: int = Field(1, ge=1, le=100)

    _one = model_validator(mode="before")(classmethod(lambda cls, d: cls.check_one_action(d)))

    @field_validator("roll")
    @classmethod
    def _dice(cls, v: Any) -> Any:
        if v is None or v == "auto":
            return v
        return list(check_pair(v))

    @field_validator("meets")
    @classmethod
    def _once(cls, v: list[str]) -> list[str]:
        return no_twice(v)


class OpeningRoll(BaseModel):
    """One roll of the WA-02 roll-off."""

    model_config = ConfigDict(extra="forbid")

    player: str
    sum: int


class WaaState(BaseModel):
    """Everything the helper tracks for Willkommen am Arsch (JSON round trip).

    to_roll: who still rolls in the current roll-off round (WA-02), rolled: that round's
    rolls. turn: who is at turn; again: the current move roll was a Pasch (WA-03); mover:
    whose piece moved and owes ``field``; repeat: the player at turn is there again after a
    Pasch (the last ``turn`` had ``again``). pee_ok: who may pee with ``allowed = true`` as
    the very next input (WA-11). stehtisch: drink names; jail: players at Jail; drinks:
    per player, {drink: count} drunk (WA-13). fields: where each piece last landed, by the
    ``field`` inputs (the mover's and those met there, WA-04); the device never moves pieces, so
    a player who has not moved yet has none.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    phase: WillkommenPhase = WillkommenPhase.OPENING
    started: bool = False
    to_roll: list[str] = Field(default_factory=list)
    rolled: list[OpeningRoll] = Field(default_factory=list)
    trottelmuetze: str | None = None
    turn: str | None = None
    again: bool = False
    repeat: bool = False
    mover: str | None = None
    pee_ok: str | None = None
    stehtisch: list[Drink] = Field(default_factory=lambda: ["bier"])
    jail: list[str] = Field(default_factory=list)
    drinks: dict[str, dict[str, int]] = Field(default_factory=dict)
    moves: int = 0
    pasch_count: int = 0
    fields: dict[str, str] = Field(default_factory=dict)


class WillkommenAmArsch(HelperGame):
    """Engine for Willkommen am Arsch (WA-01..WA-13); the interface of ``common``.

    ``WillkommenAmArsch(players)``: seat order clockwise, 2–12 names (ValueError otherwise).
    """

    game_id: ClassVar[str] = "willkommen_am_arsch"
    state_type = WaaState
    input_model = WaaInput
    state: WaaState

    def __init__(self, players: Sequence[str], *, teams: bool = False) -> None:
        if teams:
            raise ValueError("teams: only Ein Arsch kommt selten allein has a team variant")
        players = check_names(players)
        self.state = WaaState(players=players, drinks={p: {d: 0 for d in DRINKS} for p in players})

    # ---------------------------------------------------------------- interface
    @property
    def phase(self) -> WillkommenPhase:
        """``opening``, ``roll``, ``field``, ``taxi`` or ``spielothek`` (a ``StrEnum``: equal to its word)."""
        return self.state.phase

    @property
    def current_player(self) -> str | None:
        """The next roller in the opening, else the player at turn (the mover while a field is owed)."""
        s = self.state
        if s.phase == WillkommenPhase.OPENING:
            return s.to_roll[0] if s.to_roll else None
        if s.phase in (WillkommenPhase.FIELD, WillkommenPhase.TAXI, WillkommenPhase.SPIELOTHEK):
            return s.mover
        return s.turn

    def expects(self) -> list[str]:
        """The action keys that fit now: the turn's action first, then what may happen at any time."""
        s = self.state
        main = {WillkommenPhase.OPENING: ["roll"], WillkommenPhase.ROLL: ["roll", "absent"],
                WillkommenPhase.FIELD: ["field"], WillkommenPhase.TAXI: ["field"],
                WillkommenPhase.SPIELOTHEK: ["roll"]}[s.phase]
        return main + list(ANY_TIME)

    @property
    def trottelmuetze(self) -> str | None:
        """Who wears the Trottelmütze (None during the opening)."""
        return self.state.trottelmuetze

    @property
    def stehtisch(self) -> list[str]:
        """The drinks on the Stehtisch (WA-01, WA-13)."""
        return list(self.state.stehtisch)

    @property
    def jail(self) -> list[str]:
        """The players whose piece stands at Jail (WA-05)."""
        return list(self.state.jail)

    @property
    def drinks(self) -> dict[str, dict[str, int]]:
        """The tally (WA-13): per player {bier, kurzer, wasser}."""
        return {p: dict(d) for p, d in self.state.drinks.items()}

    @property
    def again(self) -> bool:
        """WA-03: while a field is owed, the move roll was a Pasch (the roller goes again after it);
        while a roll is due, the player at turn is there again after a Pasch."""
        s = self.state
        owes_field = s.phase in (WillkommenPhase.FIELD, WillkommenPhase.TAXI, WillkommenPhase.SPIELOTHEK)
        return s.again if owes_field else s.repeat

    @property
    def pee_allowed(self) -> str | None:
        """Who may go with ``allowed = true`` as the very next input (WA-11), or None."""
        return self.state.pee_ok

    @property
    def opening_rolls(self) -> list[tuple[str, int]]:
        """The current roll-off round's rolls so far: (player, sum)."""
        return [(r.player, r.sum) for r in self.state.rolled]

    def start(self) -> list[Event]:
        """WA-01: one ``bier`` on the Stehtisch; WA-02: the roll-off begins with the first seat."""
        s = self.state
        if s.started:
            raise InputRejected("already_started")
        s.started, s.to_roll = True, list(s.players)
        return [{"event": "game_started", "game": self.game_id, "players": list(s.players),
                 "stehtisch": list(s.stehtisch)}]

    def summary(self) -> Event:
        """WA-13: hat, turn, Stehtisch, Jail and the drinks per player."""
        s = self.state
        return {"event": "summary", "trottelmuetze": s.trottelmuetze, "turn": s.turn,
                "stehtisch": list(s.stehtisch), "jail": list(s.jail), "drinks": self.drinks,
                "moves": s.moves, "pasch_count": s.pasch_count}

    # ---------------------------------------------------------------- drinking
    def _give(self, player: str, drinks: list[str], reason: str) -> list[Event]:
        """``player`` drinks ``drinks`` for ``reason``; at Jail they go to the Stehtisch (WA-05)."""
        s = self.state
        if not drinks:
            return []
        if player in s.jail:
            s.stehtisch.extend(drinks)  # type: ignore[arg-type]
            return [{"event": "stehtisch_add", "player": player, "drinks": list(drinks), "reason": reason,
                     "stehtisch": list(s.stehtisch)}]
        for d in drinks:
            s.drinks[player][d] += 1
        return [{"event": "drink", "player": player, "drinks": list(drinks), "reason": reason}]

    def _pasch_bier(self) -> list[Event]:
        """WA-03/WA-07: a Pasch makes the Trottelmütze drink a ``bier`` (WA-05 at Jail: Stehtisch)."""
        s = self.state
        s.pasch_count += 1
        assert s.trottelmuetze is not None
        return self._give(s.trottelmuetze, ["bier"], "pasch")

    def _set_hat(self, player: str, reason: str) -> list[Event]:
        s = self.state
        before, s.trottelmuetze = s.trottelmuetze, player
        return [{"event": "trottelmuetze", "player": player, "previous": before, "reason": reason}]

    def _enter_jail(self, player: str) -> list[Event]:
        if player in self.state.jail:
            return []
        self.state.jail.append(player)
        return [{"event": "jail_entered", "player": player}]

    def _leave_jail(self, player: str) -> list[Event]:
        if player not in self.state.jail:
            return []
        self.state.jail.remove(player)
        return [{"event": "jail_left", "player": player}]

    def _end_turn(self) -> list[Event]:
        """WA-03: a Pasch keeps the roller at turn, else the next seat; ``turn`` is logged."""
        s = self.state
        assert s.turn is not None
        again = s.again
        if not again:
            s.turn = self._next_in(s.players, s.turn)
        s.phase, s.mover, s.again, s.repeat = WillkommenPhase.ROLL, None, False, again
        return [{"event": "turn", "player": s.turn, "again": again}]

    # ---------------------------------------------------------------- inputs
    def _on_roll(self, inp: WaaInput) -> list[Event]:
        """A roll: opening (WA-02), move (WA-03, WA-04, WA-05) or Spielothek (WA-07)."""
        s = self.state
        if inp.roll == "auto":
            raise InputRejected("auto_unresolved")
        a, b = inp.roll  # type: ignore[misc]
        pasch = a == b
        if s.phase == WillkommenPhase.OPENING:
            return self._opening_roll(inp.by, a, b)
        if s.phase in (WillkommenPhase.FIELD, WillkommenPhase.TAXI):
            raise InputRejected("field_owed", player=s.mover)
        if s.phase == WillkommenPhase.SPIELOTHEK:
            self._expect_actor(inp.by, s.mover)
            ev: list[Event] = [{"event": "roll", "player": s.mover, "dice": [a, b], "sum": a + b, "pasch": pasch,
                                "kind": "spielothek"}]
            if pasch:
                return ev + self._pasch_bier()
            ev.append({"event": "spielothek_done", "player": s.mover})
            return ev + self._end_turn()
        assert s.turn is not None
        self._expect_actor(inp.by, s.turn)
        s.pee_ok = None
        s.moves += 1
        s.mover, s.again, s.phase = s.turn, pasch, WillkommenPhase.FIELD
        ev = [{"event": "roll", "player": s.turn, "dice": [a, b], "sum": a + b, "pasch": pasch, "kind": "move"}]
        if pasch:
            ev += self._pasch_bier()
        return ev + self._leave_jail(s.turn)  # WA-05: the piece leaves Jail with its owner's move roll

    def _opening_roll(self, by: str | None, a: int, b: int) -> list[Event]:
        """WA-02: everybody once in seat order; the lowest gets the hat; the tied roll again."""
        s = self.state
        roller = s.to_roll[0]
        self._expect_actor(by, roller)
        s.to_roll.pop(0)
        s.rolled.append(OpeningRoll(player=roller, sum=a + b))
        ev: list[Event] = [{"event": "roll", "player": roller, "dice": [a, b], "sum": a + b, "pasch": a == b,
                            "kind": "opening"}]
        if s.to_roll:
            return ev
        low = min(r.sum for r in s.rolled)
        tied = [r.player for r in s.rolled if r.sum == low]
        s.rolled = []
        if len(tied) > 1:
            s.to_roll = tied
            return ev + [{"event": "opening_tie", "players": list(tied), "sum": low}]
        s.phase, s.turn = WillkommenPhase.ROLL, tied[0]
        return ev + self._set_hat(tied[0], "opening") + [{"event": "turn", "player": tied[0], "again": False}]

    def _on_field(self, inp: WaaInput) -> list[Event]:
        """WA-04: the mover's landing field; cards, then the meeting beer, then the field's action (WA-06..09)."""
        s = self.state
        if s.phase not in (WillkommenPhase.FIELD, WillkommenPhase.TAXI):
            raise InputRejected("no_field_owed")
        mover = s.mover
        assert mover is not None and inp.field is not None
        self._expect_actor(inp.by, mover)
        if mover in inp.meets:
            raise InputRejected("meets_self", player=mover)
        for p in inp.meets:  # WA-05: pieces enter Jail by their own field and leave it by a move roll or an invite
            if (p in s.jail) != (inp.field == "jail"):
                raise InputRejected("meets_at_jail" if p in s.jail else "meets_not_at_jail", player=p)
        if inp.field != "schuettelbude" and inp.invite is not None:
            raise InputRejected("invite_not_here", field=inp.field)
        if inp.invite == mover:
            raise InputRejected("invite_self", player=mover)
        name = inp.field
        ev: list[Event] = [{"event": "field", "player": mover, "field": name, "meets": list(inp.meets),
                            "taxi": s.phase == WillkommenPhase.TAXI}]
        for p in [mover, *inp.meets]:
            s.fields[p] = name
        if name == "jail":  # the piece stands there before anything is drunk (WA-04, WA-05)
            ev += self._enter_jail(mover)
        ev += self._give(mover, list(inp.cards), "card")
        if inp.meets:
            for p in [mover, *inp.meets]:
                ev += self._give(p, ["bier"], "meeting")
        ev += self._action(name, mover, inp)
        return ev

    def _action(self, name: str, mover: str, inp: WaaInput) -> list[Event]:
        """The field's action (WA-06..WA-11), then ``turn`` unless the field keeps the mover busy."""
        s = self.state
        ev: list[Event] = []
        if name in OWN_DRINKS:
            ev += self._give(mover, list(OWN_DRINKS[name]), name)
        elif name in ALL_DRINK:
            for p in s.players:
                ev += self._give(p, [ALL_DRINK[name]], name)
        elif name == "trottelmuetze":
            ev += self._set_hat(mover, "field")
        elif name == "stehtisch":
            drunk = list(s.stehtisch)
            s.stehtisch = ["bier"]  # WA-01: one new bier card
            for d in drunk:
                s.drinks[mover][d] += 1
            ev += [{"event": "stehtisch_emptied", "player": mover, "drinks": drunk, "stehtisch": ["bier"]},
                   {"event": "drink", "player": mover, "drinks": drunk, "reason": "stehtisch"}]
        elif name == "schuettelbude" and inp.invite is not None:
            guest = inp.invite
            ev += self._leave_jail(guest)  # WA-08: the guest's piece moves to the Schüttelbude
            ev.append({"event": "invite", "player": mover, "guest": guest, "drink": inp.drink})
            ev += self._give(mover, [inp.drink], "invite") + self._give(guest, [inp.drink], "invite")
        elif name == "taxi":
            s.phase = WillkommenPhase.TAXI  # WA-09: the next field is where the taxi went
            return ev
        elif name == "spielothek":
            s.phase = WillkommenPhase.SPIELOTHEK  # WA-07: zocken until a roll is no Pasch
            return ev + [{"event": "spielothek_started", "player": mover}]
        elif name == "pinkeln":
            ev += self._end_turn()
            if mover != s.trottelmuetze:
                s.pee_ok = mover  # WA-11: once, as the very next input
            return ev
        return ev + self._end_turn()

    def _on_absent(self, inp: WaaInput) -> list[Event]:
        """WA-10: the player at turn is away: skipped, a ``bier`` for them (WA-05 at Jail)."""
        s = self.state
        if s.phase != WillkommenPhase.ROLL:
            raise InputRejected("not_now", phase=s.phase)
        self._expect_actor(inp.absent, s.turn)
        assert s.turn is not None
        player = s.turn
        s.again = False
        ev: list[Event] = [{"event": "skipped", "player": player}]
        ev += self._give(player, ["bier"], "skipped")
        return ev + self._end_turn()

    def _on_pee(self, inp: WaaInput) -> list[Event]:
        """WA-11: without permission the hat on return; the Trottelmütze may never go."""
        s = self.state
        player = inp.pee
        assert player is not None
        if player == s.trottelmuetze:
            raise InputRejected("hat_never_pees", player=player)
        if inp.allowed:
            if s.pee_ok != player:
                raise InputRejected("pee_not_allowed", player=player)
            return [{"event": "pee", "player": player, "allowed": True}]
        return [{"event": "pee", "player": player, "allowed": False}] + self._set_hat(player, "pee")

    def _on_gejammer(self, inp: WaaInput) -> list[Event]:
        """WA-12: a ``kurzer`` for Gejammer or a broken rule (WA-05 at Jail)."""
        assert inp.gejammer is not None
        return self._give(inp.gejammer, ["kurzer"], "gejammer")

    def _on_muetze(self, inp: WaaInput) -> list[Event]:
        """A card gave the Trottelmütze to a player (reason "card")."""
        assert inp.muetze is not None
        return self._set_hat(inp.muetze, "card")

    def _on_stehtisch_add(self, inp: WaaInput) -> list[Event]:
        """A card sent ``count`` drinks to the Stehtisch (WA-13: one event listing them)."""
        s = self.state
        drinks = [inp.stehtisch_add] * inp.count
        s.stehtisch.extend(drinks)  # type: ignore[arg-type]
        return [{"event": "stehtisch_add", "player": None, "drinks": drinks, "reason": "card",
                 "stehtisch": list(s.stehtisch)}]

    def apply(self, given: Any) -> list[Event]:
        """As ``HelperGame.apply``; WA-11: a pee permission lasts only until the next input."""
        before = self.state.pee_ok
        events = super().apply(given)
        if before is not None and self.state.pee_ok == before:
            self.state.pee_ok = None
        return events
