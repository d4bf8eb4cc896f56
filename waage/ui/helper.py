"""What the three helper games' button flows share: the home screen, the action list, notices.

A helper game's UI (``HelperUi`` subclass) builds, from the host's state, a
*home* step (who is at turn, what OK does) and, for the choice made there, the
steps of one contract input; the finished dict goes to the host. What the
input caused (drinks, points, a reminder) shows as notices before the next home
screen. A rejected input shows its reason (``DeviceUi.submit``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from waage.display.views import ScoreView, TurnView, View, WinnerView
from waage.display.screens import score_capacity
from waage.display.texts import has_text
from waage.inputs.keys import Key
from waage.ui.base import Ui
from waage.ui.steps import Done, Flow, FlowRunner, Pick, Show, Step, rejection


MAIN = "__main__"
MORE = "__more__"
#: rows of one ScoreView notice page
ROWS_PER_PAGE = 4


class Home(Show):
    """The home screen of a helper game (a ``TurnView``): OK does the main thing, NEXT/PREV open the other inputs."""

    def on_key(self, key: Key) -> Done | None:
        """OK -> ``MAIN``, NEXT/PREV -> ``MORE``."""
        return Done(MAIN if key is Key.OK else MORE)


class WinnerHome(Home):
    """The home screen once the game is over: the ``WinnerView``; NEXT/PREV page through the final
    table, OK does the main thing (``MAIN``: the statistics)."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.page = 0
        super().__init__(make(0))

    def view(self) -> View:
        """The winners and the table, on the current page (the screen wraps the page around)."""
        return self.make(self.page)

    def on_key(self, key: Key) -> Done | None:
        """NEXT/PREV: the next / previous page; OK -> ``MAIN``."""
        if key is Key.OK:
            return Done(MAIN)
        self.page += 1 if key is Key.NEXT else -1
        return None


class HelperUi:
    """Base of the helper games' UIs; subclasses define ``home`` and ``act`` (and may add ``notices``)."""

    game_id: ClassVar[str]

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.runner: FlowRunner | None = None
        self.at_home = False
        self.pending: list[Step] = []
        self._token: tuple[Any, ...] | None = None

    # ------------------------------------------------------------------ state through the host
    @property
    def host(self) -> Any:
        """The game host."""
        return self.ui.host

    def t(self, key: str, **args: Any) -> str:
        """A display text in the UI's language."""
        return self.ui.t(key, **args)

    @property
    def players(self) -> list[str]:
        """Seat order."""
        return list(self.host.engine.players)

    @property
    def current(self) -> str | None:
        """Who is at turn."""
        return self.host.engine.current_player

    def expects(self) -> set[str]:
        """The contract action keys that fit now."""
        return set(self.host.engine.expects())

    def counters(self) -> dict[str, Any]:
        """The game's summary counters."""
        summary = self.host.engine.summary()
        return {k: v for k, v in summary.items() if k not in ("event", "step", "t_s")}

    def prop(self, name: str) -> Any:
        """A read-only property of the engine (None when it has none): ``to_score``, ``pee_allowed``, …"""
        found = getattr(self.host.engine, name, None)
        return found() if callable(found) else found

    def last(self, event: str) -> dict[str, Any] | None:
        """The latest record named ``event`` among the host's last records."""
        return next((r for r in reversed(self.host.last_events) if r.get("event") == event), None)

    def title(self) -> str:
        """The game's name as the OLED's header shows it (``game_short_<id>`` where the full name is too
        long for the 128-px header, else ``game_<id>``)."""
        short = f"game_short_{self.game_id}"
        return self.t(short) if has_text(short, self.ui.lang) else self.t(f"game_{self.game_id}")

    def result(self) -> Any:
        """The engine's ``result()`` (``GameResult``: winners and the final table) once the game is over,
        else None (and None for an engine without one)."""
        found = getattr(self.host.engine, "result", None)
        return found() if callable(found) else None

    def winner_view(self, page: int = 0) -> WinnerView | None:
        """The winner screen from ``result()`` (never recomputed here), or None while the game runs.

        A team's row is two rows (the first member with "+", the second with the points), so every
        name shows in full."""
        res = self.result()
        if res is None:
            return None
        rows: list[tuple[str, str]] = []
        for st in res.standings:
            points = self.t("points_n", n=st.points)
            if len(st.members) > 1:
                rows += [(f"{m} +", "") for m in st.members[:-1]] + [(st.members[-1], points)]
            else:
                rows.append((st.name, points))
        teams = any(len(st.members) > 1 for st in res.standings)
        shared = len(res.winners) > 1 and not teams
        label = self.t("won_team" if teams else "won_shared" if shared else "won_one")
        return WinnerView(title=self.title(), label=label, winners=list(res.winners), rows=rows, page=page)

    def winner_home(self) -> Step | None:
        """``WinnerHome`` once the game has a result, else None."""
        if self.result() is None:
            return None
        return WinnerHome(lambda page: self.winner_view(page))

    # ------------------------------------------------------------------ to define per game
    def home(self) -> Step:
        """The first step of every input (usually ``Home``)."""
        raise NotImplementedError

    def act(self, choice: Any) -> Flow:
        """The steps after the home step's ``choice``; returns the contract dict (or None)."""
        raise NotImplementedError

    def notices(self, given: dict[str, Any], records: list[dict[str, Any]]) -> list[Step]:
        """Screens to show after an accepted input (what to drink, the points, …)."""
        return []

    def stats_view(self) -> View:
        """The menu's statistics screen."""
        raise NotImplementedError

    # ------------------------------------------------------------------ shared pieces
    def turn_view(self, player: str, lines: Sequence[str], hint: str, right: str = "",
                  dice: tuple[int, int] | None = None) -> TurnView:
        """A ``TurnView`` with the game's name in the header."""
        return TurnView(title=self.title(), right=right, player=player, lines=[s for s in lines if s][:2],
                        hint=hint, dice=dice)

    def pick_player(self, title: str, names: Sequence[str], key: str) -> Flow:
        """Pick one of ``names``; returns ``{key: name}``."""
        name = yield Pick(title, [(p, p) for p in names])
        return {key: name}

    def action_list(self, actions: Sequence[tuple[str, str]]) -> Flow:
        """The other inputs as a list (with "back" last); returns the chosen action id or None."""
        choice = yield Pick(self.t("more_title"), [*actions, (None, self.t("back_item"))])
        return choice

    def score_pages(self, title: str, rows: Sequence[tuple[str, str]]) -> list[Step]:
        """``rows`` as ScoreView notices of ``ROWS_PER_PAGE`` rows each, or 2 when a row needs two lines
        (a long name beside a long value: ``screens.score_capacity``; nothing is cut)."""
        per_page = min(ROWS_PER_PAGE, score_capacity(rows))
        pages = [list(rows[i:i + per_page]) for i in range(0, len(rows), per_page)]
        return [Show(ScoreView(title=title, rows=page, right=f"{i + 1}/{len(pages)}" if len(pages) > 1 else ""))
                for i, page in enumerate(pages)]

    def drinks_text(self, drinks: Sequence[str]) -> str:
        """"2 Bier, 1 Kurzer" for a list of drink names, in order of first use."""
        counts: dict[str, int] = {}
        for d in drinks:
            counts[d] = counts.get(d, 0) + 1
        if not counts:
            return self.t("nothing")
        return ", ".join(self.t("drinks_count", n=n, drink=self.t(f"drink_{d}")) for d, n in counts.items())

    # ------------------------------------------------------------------ driving the flow
    @property
    def busy(self) -> bool:
        """True while an input is half entered (the menu offers to cancel it)."""
        return self.runner is not None and not self.at_home and not self.pending_shown

    @property
    def pending_shown(self) -> bool:
        """True while a notice (not an input step) shows."""
        step = self.runner.step if self.runner is not None else None
        return isinstance(step, Show) and not isinstance(step, Home)

    def cancel(self) -> None:
        """Drop the half-entered input; the home screen shows again."""
        self.runner = None

    def _state_token(self) -> tuple[Any, ...]:
        h = self.host
        return (id(h.last_events), len(h.last_events), h.engine.phase, self.current,
                tuple(sorted(self.expects())))

    def _flow(self) -> Flow:
        while self.pending:
            yield self.pending.pop(0)
        self.at_home = True
        choice = yield self.home()
        self.at_home = False
        return (yield from self.act(choice))

    def _ensure(self) -> FlowRunner:
        token = self._state_token()
        if self.runner is None or (self.at_home and token != self._token):
            self.runner = FlowRunner(self._flow())
        self._token = token
        return self.runner

    def view(self, now: float) -> View:
        """The current step's screen."""
        shown = self._ensure().view()
        assert shown is not None, "a helper flow always starts with a home step"
        return shown

    def on_key(self, key: Key, t_s: float | None) -> list[dict[str, Any]]:
        """Feed the key to the current step; a finished input goes to the host."""
        finished = self._ensure().on_key(key)
        if finished is None:
            return []
        self.runner, self.at_home = None, False
        given = finished.value
        if not given:
            return []
        records = self.ui.submit(given, t_s)
        if rejection(records) is None:
            self.pending.extend(self.notices(given, records))
        return records
