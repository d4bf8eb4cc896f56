"""Helper for "Ein Arsch kommt selten allein" (source: ``shared/seeds/001_*.txt``, a card game without dice).

What the device tracks (from button inputs; it never sees the cards):

- whose turn it is, clockwise (seed 001, "Play proceeds clockwise."), and the
  three options of a turn: Raise, Pass, Play a Pair of Asses (seed 001, "Gameplay");
- the pairs laid in a turn and the skipped turns they cause (seed 001, "Skipped
  Turns": "1 pair played: the nearest player to the left skips their turn; 2 pairs
  played: the two players to the left skip their turns; and so on." and "You cannot
  make yourself skip a turn. Even if you play 3 pairs, you will still be the next to act.");
- the end of a round (seed 001, "A round ends when a player gets rid of all their
  cards at the end of their turn."; team variant: "The round ends as soon as both
  members of one team have gotten rid of their cards.");
- the penalty points ("ass points") per round and in total, and who leads (seed 001,
  "After several rounds, the player with the fewest penalty points wins.").

Left to the players: the cards themselves (dealing 10 each, values, colours, whether
a Raise is higher or a pair is one colour with a sum below the top card), drawing
after a Pass until at least one male and one female ass are among the drawn cards
(the device reminds of it), reshuffling, how many points a card is worth (seed 001:
"the source does not state how many penalty points each card is worth", so the
players count and enter them with ``score``), who starts a round (round 1 "the
unluckiest player", later "the player who lost the previous round", which the
sheet does not define: the table names the starter with ``choose``) and how many
rounds are played ("After several rounds"; ``finish`` ends the game).
This game has no dice: ``roll`` is always rejected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from waage.rules.helpers.common import MAX_LINES, Event, HelperGame, InputRejected, Note, check_players

Phase = Literal["new", "starter", "spiel", "wertung", "ende"]


class ArschState(BaseModel):
    """Everything the helper tracks for "Ein Arsch kommt selten allein" (serialise with ``model_dump_json``).

    players: seat order, clockwise; teams: the four-player team variant (opposite
    seats, i.e. players 1+3 and 2+4, form a team). turn: who acts now; pairs: pairs
    laid in this turn; played: a card lies on the pile this round (the first player
    "may play any card"); out: players who got rid of all their cards this round;
    rounds: penalty points per finished round; totals: penalty points summed.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    teams: bool = False
    phase: Phase = "new"
    round: int = 0
    turn: str | None = None
    pairs: int = 0
    played: bool = False
    out: list[str] = Field(default_factory=list)
    rounds: list[dict[str, int]] = Field(default_factory=list)
    totals: dict[str, int] = Field(default_factory=dict)
    notes: list[Note] = Field(default_factory=list)


class ArschSeltenAllein(HelperGame):
    """Display-only helper for "Ein Arsch kommt selten allein" (seed 001); see the module docstring.

    Construct with the players in seat order (clockwise, 2–12 distinct names) and
    ``teams=True`` for the team variant (exactly four players, seed 001 "Team
    Variant: The team variant can only be played with four players.").
    Inputs: ``start``, ``choose`` (round starter), ``raise_card``, ``play_pair``,
    ``pass_turn``, ``score``, ``finish``. Raises ValueError for invalid players.
    """

    game_id: ClassVar[str] = "arsch_selten_allein"
    state_type = ArschState
    state: ArschState

    def __init__(self, players: Sequence[str], teams: bool = False) -> None:
        players = check_players(players)
        if teams and len(players) != 4:
            raise ValueError("the team variant can only be played with four players")
        self.state = ArschState(players=players, teams=teams, totals={p: 0 for p in players})

    # ---------------------------------------------------------------- helpers
    def team_of(self, player: str) -> tuple[str, str]:
        """The team of ``player`` in the team variant: the two players sitting opposite each other."""
        p = self.state.players
        i = p.index(player) % 2
        return p[i], p[i + 2]

    def _active(self, player: str) -> bool:
        return player not in self.state.out

    def _need_turn(self) -> str:
        s = self.state
        if s.phase != "spiel" or s.turn is None:
            raise InputRejected(f"nobody is to act now (phase {s.phase})")
        return s.turn

    def _end_turn(self, player: str) -> list[Event]:
        """Next player clockwise, skipping one active player per pair laid, never the player themself."""
        s = self.state
        active_others = [p for p in s.players if self._active(p) and p != player]
        # "You cannot make yourself skip a turn": at most all the others are skipped; a player
        # who just went out (team variant) cannot take the turn, so one other must keep it.
        limit = len(active_others) if self._active(player) else max(len(active_others) - 1, 0)
        skipped: list[str] = []
        cur = player
        for _ in range(min(s.pairs, limit)):
            cur = self._next_in(s.players, cur, lambda p: self._active(p) and p != player)
            skipped.append(cur)
        nxt = self._next_in(s.players, cur, self._active)
        if skipped:
            s.notes.append(Note(key="skips", args={"names": ", ".join(skipped)}))
        s.turn, s.pairs = nxt, 0
        ev: list[Event] = [{"event": "skipped", "player": p, "reason": "pair"} for p in skipped]
        return ev + [{"event": "turn", "player": nxt}]

    def _round_over(self) -> bool:
        s = self.state
        if not s.teams:
            return bool(s.out)
        return any(all(m in s.out for m in self.team_of(p)) for p in s.players[:2])

    # ---------------------------------------------------------------- inputs
    def start(self) -> list[Event]:
        """Begin round 1: the table names its starter with ``choose`` (seed 001: "the unluckiest player starts")."""
        def go() -> list[Event]:
            s = self.state
            if s.phase != "new":
                raise InputRejected("the game has already started")
            s.phase, s.round, s.notes = "starter", 1, []
            return [{"event": "game_started", "game": self.game_id, "players": list(s.players), "teams": s.teams}]
        return self._atomic(go)

    def roll(self, dice: tuple[int, int]) -> list[Event]:
        """Always raises InputRejected: seed 001 is a card game without dice."""
        return self._no_dice("Ein Arsch kommt selten allein")

    def choose(self, player: str) -> list[Event]:
        """The table names who starts the round (round 1 the unluckiest, later the previous round's loser).

        Raises InputRejected when no starter is asked for or ``player`` is unknown.
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "starter":
                raise InputRejected("no starter is asked for now")
            if player not in s.players:
                raise InputRejected(f"{player!r} is not a player")
            s.phase, s.turn, s.pairs, s.played, s.out = "spiel", player, 0, False, []
            s.notes = [Note(key="first_any")]
            return [{"event": "round_started", "round": s.round, "starter": player}]
        return self._atomic(go)

    def raise_card(self, out: bool = False) -> list[Event]:
        """``turn`` lays one ass of higher value (or, as the round's first card, any card) and ends the turn.

        Seed 001 "1. Raise: Play an ass of higher value" and "the turn must always end
        with playing one card whose value is higher than the card on top of the pile".
        out: that was the player's last card: they go out; the round ends (team
        variant: once both members of a team are out, seed 001 "Team Variant").
        Raises InputRejected when nobody is to act.
        """
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn()
            s.notes = [Note(key="raised", args={"p": player})]
            s.played = True
            ev: list[Event] = [{"event": "raise", "player": player, "pairs": s.pairs, "out": out}]
            if out:
                s.out.append(player)
                s.notes = [Note(key="out", args={"p": player})]
                ev.append({"event": "went_out", "player": player})
                if self._round_over():
                    s.phase, s.turn, s.pairs = "wertung", None, 0
                    s.notes.append(Note(key="count"))
                    return ev + [{"event": "round_ended", "round": s.round, "out": list(s.out),
                                  "to_score": [p for p in s.players if p not in s.out]}]
            return ev + self._end_turn(player)
        return self._atomic(go)

    def play_pair(self) -> list[Event]:
        """``turn`` gets rid of a pair of one colour whose sum is below the top card; the turn goes on.

        Seed 001 "3. Play a Pair of Asses ... However, the turn does not end there".
        Each pair skips one more player to the left when the turn ends ("Skipped Turns").
        Not as the round's first card: there is no card yet whose value the sum must be below.
        Raises InputRejected when nobody is to act or no card has been played this round.
        """
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn()
            if not s.played:
                raise InputRejected("a pair must be below the last played card; none has been played this round")
            s.pairs += 1
            s.notes = [Note(key="pairs", args={"p": player, "n": s.pairs})]
            return [{"event": "pair", "player": player, "pairs": s.pairs}]
        return self._atomic(go)

    def pass_turn(self) -> list[Event]:
        """``turn`` passes and draws until a male and a female ass are among the drawn cards.

        Seed 001 "2. Pass ... you keep drawing until at least one male ass and at least
        one female ass are among the newly drawn cards." Pairs laid before the pass still
        skip players ("Each pair played makes the players to your left skip their turns").
        Not as the round's first move ("The first player may play any card.").
        Raises InputRejected when nobody is to act or no card has been played this round.
        """
        def go() -> list[Event]:
            s = self.state
            player = self._need_turn()
            if not s.played:
                raise InputRejected("the first player of a round plays a card")
            s.notes = [Note(key="passed", args={"p": player}), Note(key="draw_rule")]
            ev: list[Event] = [{"event": "pass", "player": player, "pairs": s.pairs}]
            return ev + self._end_turn(player)
        return self._atomic(go)

    def score(self, points: Mapping[str, int]) -> list[Event]:
        """Penalty points of the round for the players still holding cards (players who went out score 0).

        Seed 001 "End of Round: The other players then count their penalty points ('ass
        points') from the cards still remaining in their hands". points: name -> whole
        points ≥ 0, exactly the players not out. Then the next round waits for ``choose``.
        Raises InputRejected outside the scoring phase or for wrong names / values.
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "wertung":
                raise InputRejected("no round to score now")
            expected = {p for p in s.players if p not in s.out}
            if set(points) != expected:
                raise InputRejected(f"points are needed for exactly {sorted(expected)}")
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in points.values()):
                raise InputRejected("points must be whole numbers ≥ 0")
            row = {p: (points[p] if p in expected else 0) for p in s.players}
            s.rounds.append(row)
            for p, v in row.items():
                s.totals[p] += v
            done = s.round
            s.round += 1
            s.phase, s.turn = "starter", None
            s.notes = [Note(key="leader", args={"names": ", ".join(self.leaders()), "n": min(s.totals.values())})]
            return [{"event": "round_scored", "round": done, "points": row, "totals": dict(s.totals)},
                    {"event": "round_pending", "round": s.round}]
        return self._atomic(go)

    def leaders(self) -> list[str]:
        """The players with the fewest penalty points so far, in seat order."""
        totals = self.state.totals
        low = min(totals.values())
        return [p for p in self.state.players if totals[p] == low]

    def finish(self) -> list[Event]:
        """End the game (the sheet says "After several rounds"): standings, fewest points first.

        Only between rounds (before the next starter is named). Raises InputRejected otherwise.
        """
        def go() -> list[Event]:
            s = self.state
            if s.phase != "starter" or not s.rounds:
                raise InputRejected("the game can end after a scored round, before the next one starts")
            s.phase = "ende"
            s.round -= 1
            s.notes = [Note(key="winner", args={"names": ", ".join(self.leaders())})]
            standings = sorted(s.players, key=lambda p: (s.totals[p], s.players.index(p)))
            return [{"event": "game_finished", "winners": self.leaders(),
                     "standings": [{"player": p, "points": s.totals[p]} for p in standings]}]
        return self._atomic(go)

    # ---------------------------------------------------------------- display
    def view_lines(self, lang: str = "de") -> tuple[str, list[str]]:
        """Title and ≤ 3 lines, e.g. ("Cara ist dran", ["Ben: 2 Paare", "Anna setzt aus", "Runde 1"])."""
        s = self.state
        t = self.text
        if s.phase == "new":
            extra = [t("team_variant", lang)] if s.teams else []
            return t("title_new", lang), [t("n_players", lang, n=len(s.players)), *extra]
        if s.phase == "starter":
            who = t("who_1", lang) if s.round == 1 else t("who_n", lang)
            return t("title_starter", lang, n=s.round), self._lines(lang, s.notes, [who])
        if s.phase == "wertung":
            return t("title_scoring", lang, n=s.round), self._lines(lang, s.notes, [])
        if s.phase == "ende":
            ranked = sorted(s.players, key=lambda p: s.totals[p])
            table = self._packed([f"{p} {s.totals[p]}" for p in ranked], MAX_LINES - 1)
            return t("title_end", lang), self._lines(lang, s.notes[:1], table)
        status = [t("round_status", lang, n=s.round)]
        return t("title_turn", lang, p=s.turn), self._lines(lang, s.notes, status)

    TEXTS: ClassVar[dict[str, dict[str, str]]] = {
        "de": {
            "title_new": "Bereit", "n_players": "{n} Spieler", "team_variant": "Teamvariante",
            "title_starter": "Runde {n}: Wer?", "who_1": "Pechvogel beginnt", "who_n": "Verlierer beginnt",
            "title_turn": "{p} ist dran", "round_status": "Runde {n}",
            "first_any": "Beliebige Karte legen", "raised": "{p} hat erhöht",
            "pairs": "{p}: {n}. Paar", "skips": "Setzt aus: {names}",
            "passed": "{p} passt", "draw_rule": "Ziehen bis Mann+Frau",
            "out": "{p} ist raus!", "count": "Strafpunkte zählen",
            "title_scoring": "Runde {n} vorbei", "leader": "Vorne: {names} ({n})",
            "title_end": "Spielende", "winner": "Sieg: {names}",
        },
        "en": {
            "title_new": "Ready", "n_players": "{n} players", "team_variant": "Team variant",
            "title_starter": "Round {n}: who?", "who_1": "Unluckiest starts", "who_n": "Loser starts",
            "title_turn": "{p}'s turn", "round_status": "Round {n}",
            "first_any": "Play any card", "raised": "{p} raised",
            "pairs": "{p}: pair no. {n}", "skips": "Skipped: {names}",
            "passed": "{p} passes", "draw_rule": "Draw to male+female",
            "out": "{p} is out!", "count": "Count penalty points",
            "title_scoring": "Round {n} over", "leader": "Leading: {names} ({n})",
            "title_end": "Game over", "winner": "Winner: {names}",
        },
    }
