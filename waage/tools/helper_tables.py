"""Helper games played as the device plays them, into a ``WebHub``: a real ``GameHost`` over a real engine,
its log records numbered into the hub and, after every input, the snapshot the device publishes
(``waage.app.wiring.snapshot``). For the docs' screenshots (``waage.tools.screenshots``) and the browser tests."""

from __future__ import annotations

from typing import Any

from waage.app import wiring
from waage.config import AppConfig, GameSettings
from waage.games import spec
from waage.rules.dice import SeededDice
from waage.games.willkommen_am_arsch.engine import WillkommenAmArsch
from waage.games.arsch_selten_allein.engine import ArschPhase, ArschSeltenAllein
from waage.games.propter.engine import Propter, PropterPhase

#: the widest name the rule allows (waage/names.py: 16 characters): a table's name column must take it
WIDE_NAME = "WWWWWWWWWWWWWWWW"
#: eight names of the allowed maximum, 16 characters (waage/names.py), the first the widest
LONG_NAMES = [WIDE_NAME, "Anna-Lena Schmid", "Konstantin Weber", "Friederike Vogel",
              "Bartholomäus Ott", "Wilhelmine Kranz", "Christophorus Li", "Josefine Hartung"]
#: twelve (the most players a game takes), the first eight as LONG_NAMES
TWELVE_NAMES = LONG_NAMES + ["Ottilie Neumann", "Hieronymus Wolf", "Kunigunde Brandt", "Leopoldine Kaya"]


class Table:
    """A helper game at a table: ``play(given, …)`` runs contract inputs and publishes each snapshot.

    hub: the ``WebHub`` (or any ``LiveObserver``); game: a helper game id; players: seat order;
    teams: Ein Arsch kommt selten allein's team variant (four players); first_line: the log lines before.
    """

    def __init__(self, hub: Any, game: str, players: list[str], teams: bool = False, lang: str = "de",
                 first_line: int = 0) -> None:
        self.hub, self.lang = hub, lang
        config = AppConfig(game=GameSettings(game=game, players=players, teams=teams))
        self.feed = _Feed(hub, first_line)
        self.host = wiring.make_host(config, wiring.new_engine(config), SeededDice(5), new_pipeline=None,
                                     sinks=[self.feed])
        self.host.start(0.0)
        self.publish()

    @property
    def engine(self) -> Any:
        """The helper engine being played (a kit of ``waage.games``)."""
        return self.host.engine

    def play(self, *inputs: dict[str, Any]) -> "Table":
        """Apply the inputs in order (each as the device would), then publish the snapshot."""
        for given in inputs:
            self.host.apply(given)
        self.publish()
        return self

    def publish(self) -> None:
        """Hand the hub the snapshot of the game as it stands (the device's ``wiring.snapshot``)."""
        view = spec(self.engine.game_id).screen_of(self.engine, self.host.last_events, self.lang)
        self.hub.state(wiring.snapshot(self.host, view, self.feed.line, lang=self.lang))


class _Feed:
    """A log sink numbering the records into the hub (as ``waage.app.wiring.LiveFeed``)."""

    def __init__(self, hub: Any, line: int) -> None:
        self.hub, self.line = hub, line

    def __call__(self, record: dict[str, Any]) -> None:
        self.line += 1
        self.hub.record(self.line, record)


def willkommen(hub: Any, players: list[str], lang: str = "de", first_line: int = 0) -> Table:
    """Willkommen am Arsch after the opening (the lowest roll takes the Trottelmütze), a Pasch, a field with
    a meeting, Jail, and a card sending drinks to the Stehtisch: the hat wearer is ``players[1]``."""
    n = len(players)
    table = Table(hub, WillkommenAmArsch.game_id, players, lang=lang, first_line=first_line)
    rolls = [{"roll": [3, 4]} for _ in range(n)]
    rolls[1] = {"roll": [1, 1]}  # the lowest: the Trottelmütze
    table.play(*rolls)
    p = players
    table.play({"roll": [2, 5]}, {"field": "kneipe", "meets": []})  # p[1] moves: everybody drinks a beer
    table.play({"roll": [4, 4]}, {"field": "jail"})  # p[2]: a Pasch (the hat drinks), then to Jail
    table.play({"roll": [6, 5]})  # p[2] again after the Pasch: leaves Jail with the roll
    table.play({"field": "jail", "meets": []})  # and lands at Jail again
    table.play({"stehtisch_add": "kurzer", "count": 2})
    if n > 3:
        table.play({"roll": [1, 3]}, {"field": "teich", "meets": []})  # p[3]
    return table


def arsch(hub: Any, players: list[str], teams: bool = False, finish: bool = False, lang: str = "de",
          first_line: int = 0) -> Table:
    """Ein Arsch kommt selten allein: round 1 scored, round 2 running with two pairs laid (two skip);
    with ``finish`` the game ends after round 2."""
    p = players
    table = Table(hub, ArschSeltenAllein.game_id, players, teams=teams, lang=lang, first_line=first_line)
    table.play({"choose": p[0]}, {"raise": p[0]}, {"raise": p[1]}, {"out": p[2]})
    while table.engine.phase == ArschPhase.PLAY:  # the team variant: until both of a team are out (AS-07)
        table.play({"out": table.engine.current_player})
    left = [x for x in p if x not in table.engine.state.out]
    table.play({"points": {x: 3 + 2 * i for i, x in enumerate(left)}})
    if table.engine.phase == ArschPhase.CHOOSE:
        table.play({"choose": table.engine.candidates[0]})
    starter = table.engine.current_player
    table.play({"raise": starter})
    who = table.engine.current_player
    table.play({"pair": who}, {"pair": who}, {"raise": who})
    if finish:
        table.play({"out": table.engine.current_player})
        while table.engine.phase == ArschPhase.PLAY:
            table.play({"out": table.engine.current_player})
        left = [x for x in p if x not in table.engine.state.out]
        table.play({"points": {x: 1 + i for i, x in enumerate(left)}})
        table.play({"finish": True})
    return table


def propter(hub: Any, players: list[str], finish: bool = False, lang: str = "de", first_line: int = 0) -> Table:
    """Propter: players[0] stings a BS (a trophy), the last seat discards every turn until it falls off the
    disc (PR-05), the others wear BS 2 and 3 down; with ``finish`` players[0] stings until five trophies (PR-06)."""
    p = players
    table = Table(hub, Propter.game_id, players, lang=lang, first_line=first_line)
    table.play({"choose": p[0]})
    last = p[-1]
    for _ in range(200):
        if last in table.engine.state.out or table.engine.phase == PropterPhase.OVER:
            break
        cur = table.engine.current_player
        if cur == last:
            table.play({"discard": cur})
            if table.engine.phase == PropterPhase.DISCARDED:
                table.play({"next": cur})
        elif cur == p[0] and table.engine.state.points[cur] == 0:
            table.play({"play": cur, "slot": 1, "match": "exact"})
        else:
            slot = 2 if table.engine.state.resistance[1] > 1 else 3
            table.play({"play": cur, "slot": slot, "match": "category"})
    while finish and table.engine.phase != PropterPhase.OVER:
        cur = table.engine.current_player
        table.play({"play": cur, "slot": 1, "match": "exact" if cur == p[0] else "category"})
    return table
