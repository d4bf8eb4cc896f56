"""Ein Arsch kommt selten allein on the buttons.

- A round's starter (AS-01): the table picks from the players, or from those
  tied with the most points (``choice_needed``); between rounds the same list
  offers to end the game (AS-08, with a confirmation).
- At turn: OK lists raise / pair / pass / out for the player at turn (AS-02…AS-05);
  after a pass the screen reminds to draw (AS-04).
- After a round: the penalty points of each player still holding cards, one
  screen each: NEXT/PREV change the number, OK goes to the next player (AS-06);
  then the totals (AS-07 team totals when the host gives them).
"""

from __future__ import annotations

from typing import Any

from waage.display.screens import WIDTH, fits
from waage.display.views import ListView, MessageView, NumberEntryView, View
from waage.inputs.keys import Key
from waage.ui.helper import Home, HelperUi
from waage.ui.stats import StatsPages, stats_view
from waage.ui.steps import Confirm, Done, Flow, Pick, Show, Step

#: digits of a player's penalty points (0–999)
POINT_DIGITS = 3


class PointsEntry:
    """AS-06: the penalty points of each player still holding cards, digit by digit (NEXT +1, PREV −1,
    wrapping 0–9; OK to the next digit, after the last to the next player), then a check list: every
    player with their points and "Eintragen" last; OK on a player enters their number again (the way
    back to any player), OK on "Eintragen" returns ``{player: points}``."""

    def __init__(self, t: Any, names: list[str]) -> None:
        self.t, self.names = t, list(names)
        self.values = [0] * len(self.names)
        self.index, self.cursor = 0, 0
        self.digits = [0] * POINT_DIGITS
        self.checking = False
        #: one player's number entered again from the check list (then back to the list)
        self.again = False
        self.selected = 0

    def view(self) -> View:
        """The number entry of the player at ``index``, or the check list."""
        if self.checking:
            items = [self.t("as_check_row", name=p, n=v) for p, v in zip(self.names, self.values)]
            return ListView(title=self.t("as_check_title"), items=[*items, self.t("as_enter")],
                            selected=self.selected, right=self.t("points_unit"))
        return NumberEntryView(title=self.t("points_title"), digits="".join(map(str, self.digits)),
                               cursor=self.cursor, unit=self.t("points_unit"), hint=self.t("points_entry_hint"),
                               label=self.names[self.index], right=f"{self.index + 1}/{len(self.names)}")

    def _load(self) -> None:
        self.digits = [int(c) for c in f"{self.values[self.index]:0{POINT_DIGITS}d}"]
        self.cursor = 0

    def on_key(self, key: Key) -> Done | None:
        """See the class docstring."""
        if self.checking:
            if key is Key.OK:
                if self.selected == len(self.names):
                    return Done(dict(zip(self.names, self.values)))
                self.index, self.checking, self.again = self.selected, False, True
                self._load()
                return None
            self.selected = (self.selected + (1 if key is Key.NEXT else -1)) % (len(self.names) + 1)
            return None
        if key is not Key.OK:
            step = 1 if key is Key.NEXT else -1
            self.digits[self.cursor] = (self.digits[self.cursor] + step) % 10
            return None
        if self.cursor + 1 < len(self.digits):
            self.cursor += 1
            return None
        self.values[self.index] = int("".join(map(str, self.digits)))
        if self.index + 1 < len(self.names) and not self.again:
            self.index += 1
            self._load()
            return None
        self.checking, self.again, self.selected = True, False, len(self.names)  # the list, on "Eintragen"
        return None

TURN_ACTIONS: tuple[str, ...] = ("raise", "pair", "pass", "out")
FINISH = "__finish__"


class ArschUi(HelperUi):
    """Keys -> Ein Arsch kommt selten allein inputs (``arsch_selten_allein`` in the contract)."""

    game_id = "arsch_selten_allein"

    def _round_text(self) -> str:
        n = self.counters().get("round")
        return self.t("round", n=n) if n else ""

    def to_score(self) -> list[str]:
        """Who still holds cards after the round: the engine's ``to_score``, else ``round_ended.to_score``,
        else everyone who did not go out last."""
        found = self.prop("to_score")
        if found:
            return list(found)
        ended = self.last("round_ended")
        if ended and ended.get("to_score") is not None:
            return list(ended["to_score"])
        out = self.last("went_out")
        return [p for p in self.players if not out or p != out["player"]]

    def candidates(self) -> list[str]:
        """Whom the table may choose as starter: the engine's ``candidates``, else ``choice_needed.players``,
        else everyone."""
        found = self.prop("candidates")
        if found:
            return list(found)
        need = self.last("choice_needed")
        return list(need["players"]) if need else self.players

    def _totals(self) -> dict[str, int]:
        return dict(self.counters().get("totals") or {})

    # ------------------------------------------------------------------ home
    def home(self) -> Step:
        """Choose the starter, enter the points, or the player at turn."""
        e = self.expects()
        if "choose" in e:
            options: list[tuple[Any, str]] = [(p, p) for p in self.candidates()]
            if "finish" in e:
                options.append((FINISH, self.t("act_finish")))
            return Pick(self.t("as_choose_title"), options, right=self._round_text())
        if "points" in e:
            names = self.to_score()
            line = self.t("as_to_score", names=", ".join(names))
            if not fits(line, (9, 8), WIDTH - 2):  # many or long names: how many (the entry names each)
                line = self.t("as_to_score_n", n=len(names))
            return Home(self.turn_view(self.t("points_title"), [line], self.t("hint_points"), self._round_text()))
        totals = self._totals()
        player = self.current
        if player is None:
            return self.winner_home() or Home(self.turn_view(self.t("game_over"), [], self.t("hint_stats")))
        lines = [f"{self.t('totals_title')}: {totals[player]}" if player in totals else ""]
        pairs = self.prop("pairs")
        if isinstance(pairs, int) and pairs > 0:  # AS-03: pairs laid this turn make players skip
            lines.append(self.t("as_pairs", n=pairs))
        skip = self.skip_lines(self.skipped())
        if skip:  # who was skipped to reach this player: named until the next input (AS-03)
            lines = skip if len(skip) == 2 else [lines[0], *skip]
        return Home(self.turn_view(player, lines, self.t("hint_actions"), self._round_text()))

    def skipped(self) -> list[str]:
        """AS-03: the players skipped on the way to the player at turn: the ``skipped`` records right
        before the latest ``turn`` record of the host's last records (empty when none)."""
        records = list(self.host.last_events)
        turns = [i for i, r in enumerate(records) if r.get("event") == "turn"]
        if not turns:
            return []
        out: list[str] = []
        for r in reversed(records[:turns[-1]]):
            if r.get("event") != "skipped":
                break
            out.insert(0, str(r["player"]))
        return out

    def skip_lines(self, names: list[str]) -> list[str]:
        """``names`` as one status line ("Setzt aus: Zoë") or two, every name whole: the names packed
        greedily behind the label; a third line's names are counted on the second ("+2")."""
        if not names:
            return []

        def fit(line: str) -> bool:  # one status line of the turn screen (9 or 8 px)
            return fits(line, (9, 8), WIDTH - 2)

        key = "as_skip_line" if len(names) == 1 else "as_skip_line_n"
        one = self.t(key, names=", ".join(names))
        if fit(one):
            return [one]
        first = self.t(key, names=names[0])
        lines = [first] if fit(first) else [self.t(key, names="").rstrip(), names[0]]
        shown = 1
        for name in names[1:]:
            if fit(f"{lines[-1]}, {name}"):
                lines[-1] += f", {name}"
            elif len(lines) < 2:
                lines.append(name)  # a name of 16 characters fits one line (the fit test)
            else:
                break
            shown += 1
        if shown < len(names):
            more = f" +{len(names) - shown}"
            while not fit(lines[-1] + more) and ", " in lines[-1]:
                lines[-1] = lines[-1].rsplit(", ", 1)[0]
                shown -= 1
                more = f" +{len(names) - shown}"
            lines[-1] = lines[-1] + more if fit(lines[-1] + more) else \
                self.t("as_skip_more", n=len(names) - shown + 1)
        return lines

    def act(self, choice: Any) -> Flow:
        """The steps after the home screen."""
        e = self.expects()
        if "choose" in e:
            if choice == FINISH:
                return (yield from self.finish_flow())
            return {"choose": choice}
        if "points" in e:
            return (yield from self.points_flow())
        if self.current is None:
            yield StatsPages(self.stats_view(), self.ui.lang)
            return None
        fits = (lambda key: key in e) if e else (lambda key: True)
        actions = [(a, self.t(f"act_{a}")) for a in TURN_ACTIONS if fits(a)]
        if "finish" in e:
            actions.append((FINISH, self.t("act_finish")))
        action = yield from self._turn_pick(actions)
        if action is None:
            return None
        if action == FINISH:
            return (yield from self.finish_flow())
        return {action: self.current}

    def _turn_pick(self, actions: list[tuple[str, str]]) -> Flow:
        choice = yield Pick(self.t("at_turn", name=self.current), [*actions, (None, self.t("back_item"))])
        return choice

    def points_flow(self) -> Flow:
        """``{"points": {player: n}}`` for the players still holding cards (AS-06), digit by digit, then
        checked (``PointsEntry``)."""
        points = yield PointsEntry(self.t, self.to_score())
        return {"points": points}

    def finish_flow(self) -> Flow:
        """``{"finish": True}`` after a confirmation (AS-08)."""
        ok = yield Confirm(self.t("finish_title"), self.t("finish_question"), self._round_text(),
                           self.t("confirm_yes"), self.t("confirm_no"))
        return {"finish": True} if ok else None

    # ------------------------------------------------------------------ what it caused
    def notices(self, given: dict[str, Any], records: list[dict[str, Any]]) -> list[Step]:
        """The draw reminder after a pass, the totals after a scored round (the end: the home screen)."""
        out: list[Step] = []
        for r in records:
            kind = r.get("event")
            if kind == "pass":
                out.append(Show(MessageView(title=self.t("act_pass"), lines=[self.t("pass_hint")])))
        skipped = [str(r["player"]) for r in records if r.get("event") == "skipped"]
        if skipped:  # AS-03: who skips, from the engine's events
            out += self.score_pages(self.t("as_skipped_title"), [(p, "") for p in skipped])
        for r in records:
            kind = r.get("event")
            if kind == "pass":
                continue
            elif kind == "round_scored":
                rows = [(p, str(n)) for p, n in r["totals"].items()]
                if r.get("team_totals"):
                    rows = [(self.t("team_n", n=k), str(n)) for k, n in r["team_totals"].items()] + rows
                out += self.score_pages(self.t("totals_title"), rows)
        return out  # game_finished: the home screen is the winner screen (``winner_home``)

    def stats_view(self) -> View:
        """Penalty points in all and in the last round, rounds started as the Arsch, outs; the teams
        in the team variant (AS-06, AS-07; ``waage.stats``, the same figures as the web's ``/stats``)."""
        return stats_view(self.ui)
