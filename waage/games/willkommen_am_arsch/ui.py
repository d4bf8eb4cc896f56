"""Willkommen am Arsch on the buttons: every input of the contract, one screen per step.

Home screen: who is at turn, the Trottelmütze and the Stehtisch (WA-01, WA-13).
OK rolls (electronic dice; the host throws them) or opens the dice entry
(manual), and once a field is owed (WA-04) OK enters it: the field picker (the 17
fields), "who was already there" (WA-04 meeting beer), the drink cards lying on
the field, and after the Schüttelbude whom the mover invites (WA-08).
NEXT/PREV on the home screen list the other inputs: absent at one's turn
(WA-10), pee (WA-11, also "allowed" right after the Pinkeln field), Gejammer
(WA-12), the hat by a card, a card that sends drinks to the Stehtisch.
After each input the drinks it caused show, player by player.
"""

from __future__ import annotations

from typing import Any

from waage.display.screens import WIDTH, fits
from waage.display.views import View
from waage.ui.helper import MAIN, Home, HelperUi
from waage.ui.stats import stats_view
from waage.ui.steps import Counts, DiceEntry, Flow, MultiPick, Pick, Show, Step
from waage.games.willkommen_am_arsch.engine import WillkommenPhase

#: The board's fields (contract order) and the drinks.
FIELDS: tuple[str, ...] = (
    "schuettelbude", "trottelmuetze", "stehtisch", "jail", "kneipe", "brennerei", "parkbank", "sauf_bier",
    "sauf_kurzer", "willkommen", "arschloch", "taxi", "daemmerschoppen", "fruehschoppen", "teich",
    "spielothek", "pinkeln",
)
DRINKS: tuple[str, ...] = ("bier", "kurzer", "wasser")
#: The inputs that may come at any time (not a turn), in list order.
ANYTIME: tuple[str, ...] = ("pee", "gejammer", "muetze", "stehtisch_add")


class WillkommenUi(HelperUi):
    """Keys -> Willkommen am Arsch inputs (``willkommen_am_arsch`` in the contract)."""

    game_id = "willkommen_am_arsch"

    # ------------------------------------------------------------------ home
    def _dice(self) -> tuple[int, int] | None:
        """The last roll's dice while its roller is still at turn (the field it owes), else None."""
        roll = self.last("roll")
        if not roll or roll.get("player") != self.current:
            return None
        return (roll["dice"][0], roll["dice"][1])

    def home(self) -> Step:
        """Who is at turn and what OK does now (roll, or enter the owed field)."""
        c = self.counters()
        e = self.expects()
        lines = []
        opening = self.host.engine.phase == WillkommenPhase.OPENING
        if opening:  # WA-02: the opening rolls decide the Trottelmütze (issue 21: they did not say so)
            lines.append(self.t("wa_opening"))
        if c.get("trottelmuetze"):
            lines.append(self.t("wa_hat", name=c["trottelmuetze"]))
        if "stehtisch" in c:
            lines.append(self.stehtisch_line(c["stehtisch"]))
        player = self.current or ""
        right = self.t("opening_roll") if opening else ""
        if "field" in e:
            return Home(self.turn_view(player, lines, self.t("hint_field"), right, self._dice()))
        if "roll" in e:
            return Home(self.turn_view(player, lines, self.t("hint_roll"), right, self._dice()))
        return Home(self.turn_view(player or self.t("nobody_at_turn"), lines, self.t("hint_actions"), right))

    def stehtisch_line(self, drinks: list[str]) -> str:
        """"Stehtisch: 2 Bier, 1 Kurzer"; where that does not fit the screen's line, the counts with the
        drinks' initials ("Stehtisch: 2 B, 2 K, 1 W"): shorter wording, never a cut (issue 21)."""
        line = self.t("wa_stehtisch", drinks=self.drinks_text(drinks))
        if fits(line, (9, 8), WIDTH - 2):
            return line
        counts: dict[str, int] = {}
        for d in drinks:
            counts[d] = counts.get(d, 0) + 1
        short = ", ".join(f"{n} {self.t(f'drink_{d}')[:1].upper()}" for d, n in counts.items())
        return self.t("stehtisch_short", drinks=short)

    def act(self, choice: Any) -> Flow:
        """OK: roll or field; otherwise the list of the other inputs."""
        e = self.expects()
        if choice == MAIN and "field" in e:
            return (yield from self.field_flow())
        if choice == MAIN and "roll" in e:
            return (yield from self.roll_flow())
        action = yield from self.action_list(self.actions())
        if action is None:
            return None
        return (yield from self.action_flow(action))

    # ------------------------------------------------------------------ the inputs
    def roll_flow(self) -> Flow:
        """``{"roll": "auto"}`` (electronic dice) or ``{"roll": [a, b]}`` entered die by die."""
        if self.ui.dice_mode == "electronic":
            return {"roll": "auto"}
        dice = yield DiceEntry(self.current or "")
        return {"roll": list(dice)}

    def field_flow(self) -> Flow:
        """Field, meeting, drink cards, invite: ``{"field", "meets"?, "cards"?, "invite"?}``."""
        mover = self.current or ""
        others = [p for p in self.players if p != mover]
        field = yield Pick(self.t("field_title", name=mover), [(f, self.t(f"field_{f}")) for f in FIELDS])
        given: dict[str, Any] = {"field": field}
        jailed = self.prop("jail") or []  # WA-05: only who can stand there (at Jail: the jailed; elsewhere: the others)
        there = [p for p in others if (p in jailed) == (field == "jail")]
        meets = yield MultiPick(self.t("meets_title"), [(p, p) for p in there], self.t("done_item"),
                                right=self.t(f"field_{field}"))
        if meets:
            given["meets"] = meets
        with_cards = yield Pick(self.t("cards_title"), [(False, self.t("no_cards")), (True, self.t("enter_cards"))])
        if with_cards:
            counts = yield Counts(self.t("cards_title"), [(d, self.t(f"drink_{d}")) for d in DRINKS],
                                  self.t("hint_count"), hi=20)
            cards = [d for d in DRINKS for _ in range(counts[d])]
            if cards:
                given["cards"] = cards
        if field == "schuettelbude":  # WA-08: whom the mover invites, and to "ein Getränk deiner Wahl"
            given["invite"] = yield Pick(self.t("invite_title"), [(p, p) for p in others])
            given["drink"] = yield Pick(self.t("invite_drink_title"), [(d, self.t(f"drink_{d}")) for d in DRINKS])
        return given

    def pee_allowed(self) -> str | None:
        """Who may go to pee with permission now (WA-11): the engine's ``pee_allowed`` (a name, or True
        for the last mover), else the mover of a ``pinkeln`` field just entered."""
        found = self.prop("pee_allowed")
        field = self.last("field")
        if isinstance(found, str):
            return found
        if found is False:
            return None
        if field and (found or field.get("field") == "pinkeln"):
            return str(field["player"])
        return None

    def actions(self) -> list[tuple[str, str]]:
        """The other inputs that fit now, as (id, label)."""
        e = self.expects()
        fits = (lambda key: key in e) if e else (lambda key: True)
        out: list[tuple[str, str]] = []
        if self.current and fits("absent"):
            out.append(("absent", self.t("act_absent", name=self.current)))
        allowed = self.pee_allowed()
        if allowed and fits("pee"):
            out.append(("pee_allowed", self.t("act_pee_allowed", name=allowed)))
        labels = {"pee": "act_pee", "gejammer": "act_gejammer", "muetze": "act_muetze",
                  "stehtisch_add": "act_stehtisch"}
        out += [(key, self.t(labels[key])) for key in ANYTIME if fits(key)]
        return out

    def action_flow(self, action: str) -> Flow:
        """The steps of one of ``actions()``."""
        if action == "absent":
            return {"absent": self.current}
        if action == "pee_allowed":
            return {"pee": self.pee_allowed(), "allowed": True}
        if action == "stehtisch_add":
            drink = yield Pick(self.t("stehtisch_title"), [(d, self.t(f"drink_{d}")) for d in DRINKS])
            counts = yield Counts(self.t("count_title"), [(drink, self.t(f"drink_{drink}"))], self.t("hint_count"),
                                  lo=1, hi=20, start=1)
            return {"stehtisch_add": drink, "count": counts[drink]}
        title = {"pee": "pee_title", "gejammer": "gejammer_title", "muetze": "muetze_title"}[action]
        return (yield from self.pick_player(self.t(title), self.players, action))

    # ------------------------------------------------------------------ what it caused
    def notices(self, given: dict[str, Any], records: list[dict[str, Any]]) -> list[Step]:
        """The dice of a roll whose roller is no longer at turn (opening, Spielothek), then who drinks
        what (the drink events of this input, the Stehtisch as its own row)."""
        out: list[Step] = [self._roll_notice(r) for r in records
                           if r.get("event") == "roll" and r.get("player") != self.current]
        return out + self._drink_notices(records)

    def _roll_notice(self, roll: dict[str, Any]) -> Step:
        a, b = roll["dice"]
        opening = roll.get("kind") == "opening"  # WA-02: no Pasch rule in the opening, so no "Pasch!"
        pasch = roll.get("pasch") and not opening
        said = self.t("rolled_pasch" if pasch else "rolled", a=a, b=b, sum=roll.get("sum", a + b))
        right = self.t("opening_roll") if opening else ""
        lines = [said, self.t("wa_opening_short")] if opening else [said]
        return Show(self.turn_view(str(roll["player"]), lines, self.t("hint_any_key"), right, (a, b)))

    def _drink_notices(self, records: list[dict[str, Any]]) -> list[Step]:
        rows: list[tuple[str, list[str]]] = []

        def add(label: str, drinks: list[str]) -> None:
            for i, (name, have) in enumerate(rows):
                if name == label:
                    rows[i] = (name, have + drinks)
                    return
            rows.append((label, list(drinks)))

        for r in records:
            if r.get("event") == "drink":
                add(r["player"], list(r["drinks"]))
            elif r.get("event") == "stehtisch_emptied":
                add(r["player"], list(r["drinks"]))
            elif r.get("event") == "stehtisch_add":
                add(self.t("stehtisch_row"), list(r["drinks"]))
        return self.score_pages(self.t("drink_notice"), [(n, self.drinks_text(d)) for n, d in rows])

    def stats_view(self) -> View:
        """What each player drank of each kind, the Trottelmütze's time, the Stehtisch emptied
        (WA-13; ``waage.stats``, the same figures as the web's ``/stats``)."""
        return stats_view(self.ui)
