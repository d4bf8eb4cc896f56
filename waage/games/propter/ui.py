"""Propter (Basisregeln) on the buttons.

- The first player: the table picks from the players (``choose``).
- At turn: OK lists what the player did: a BS card stung (``play``: which BS on
  "Quelle: Internet", slot 1–3 with its resistance shown, then category or exact,
  PR-03), a discard (PR-02, PR-05) or the end of the turn after a discard (``next``).
- After a sting: the trophies (PR-04); at the end the winner (PR-06).
"""

from __future__ import annotations

from typing import Any

from waage.display.views import MessageView, View
from waage.games.propter.engine import BS_SLOTS
from waage.ui.helper import Home, HelperUi
from waage.ui.stats import StatsPages, stats_view
from waage.ui.steps import Flow, Pick, Show, Step

TURN_ACTIONS: tuple[str, ...] = ("play", "discard", "next")
#: the BS slots, 1 to 3 (PR-01; the engine's)
SLOTS = tuple(range(1, BS_SLOTS + 1))


class PropterUi(HelperUi):
    """Keys -> Propter inputs (``propter`` in the contract)."""

    game_id = "propter"

    def resistance(self) -> list[int]:
        """The three BS slots' resistance now: the engine's (its summary's ``resistance``, PR-01, PR-03),
        never recomputed here."""
        return [int(r) for r in self.counters()["resistance"]]

    def _points(self) -> dict[str, int]:
        return dict(self.counters().get("points") or {})

    def home(self) -> Step:
        """The first-player choice, or who is at turn with the BS cards' resistance."""
        e = self.expects()
        if "choose" in e:
            return Pick(self.t("pr_choose_title"), [(p, p) for p in self.players])
        player = self.current
        a, b, c = self.resistance()
        lines = [self.t("pr_resistance", a=a, b=b, c=c)]
        if player is None:
            return self.winner_home() or Home(self.turn_view(self.t("game_over"), lines, self.t("hint_stats")))
        hands = self.counters().get("hands") or {}
        points = self._points()
        if player in hands:  # the hand and the trophies of the player at turn (issue 21: the points were missing)
            key = "pr_hand_points_1" if hands[player] == 1 else "pr_hand_points"
            lines.append(self.t(key, n=hands[player], p=points.get(player, 0)))
        return Home(self.turn_view(player, lines, self.t("hint_actions")))

    def act(self, choice: Any) -> Flow:
        """The steps after the home screen: ``choose``, or ``play`` / ``discard`` / ``next``."""
        e = self.expects()
        if "choose" in e:
            return {"choose": choice}
        player = self.current
        if player is None:
            yield StatsPages(self.stats_view(), self.ui.lang)
            return None
        fits = (lambda key: key in e) if e else (lambda key: True)
        actions = [(a, self.t(f"act_{a}")) for a in TURN_ACTIONS if fits(a)]
        action = yield Pick(self.t("at_turn", name=player), [*actions, (None, self.t("back_item"))])
        if action is None:
            return None
        if action != "play":
            return {action: player}
        res = self.resistance()
        slot = yield Pick(self.t("slot_title"), [(s, self.t("slot_item", n=s, r=res[s - 1])) for s in SLOTS])
        match = yield Pick(self.t("match_title"), [("category", self.t("match_category")),
                                                   ("exact", self.t("match_exact"))])
        return {"play": player, "slot": slot, "match": match}

    def notices(self, given: dict[str, Any], records: list[dict[str, Any]]) -> list[Step]:
        """The trophies after a sting (the end: the home screen is the winner screen, ``winner_home``)."""
        if any(r.get("event") == "game_finished" for r in records):
            return []
        stung = [r for r in records if r.get("event") == "sting"]
        if stung:  # PR-04: a sting is a trophy; the title says which BS was stung
            points = self._points()
            stings = {r["player"]: r["points"] for r in stung}
            return self.score_pages(self.t("pr_stung", slot=stung[-1]["slot"]),
                                    [(p, str(stings.get(p, points.get(p, 0)))) for p in self.players])
        played = [r for r in records if r.get("event") == "play"]
        if played:  # PR-03: a category play lowers the resistance; it stings only at zero
            r = played[-1]
            return [Show(MessageView(title=self.t("pr_played", slot=r["slot"]),
                                     lines=[self.t("pr_not_stung", r=r["resistance"])]))]
        return []

    def stats_view(self) -> View:
        """Trophies, discards, plays exact and by category, who fell off (PR-03…PR-05; ``waage.stats``,
        the same figures as the web's ``/stats``)."""
        return stats_view(self.ui)
