"""The one registry of games: every list of games in the program is derived from ``GAMES``.

A game is registered once, as a ``GameSpec`` (like gpiozero's pin factories or ESPHome's
``FILTER_REGISTRY``): its id, where its engine and its device UI live, its title (a text
key of ``waage.display.texts``), whether it weighs, whether it is played with dice, its
team variant, and how its constructor options come from the config. From the registry come:

- the config's ``[game] game`` check (``waage.config.GameSettings``) and the scenario
  loader's ``game`` check (``waage.app.scenario``);
- the CLI's ``waage sim --game`` choices (``waage.cli``);
- the engine registry ``waage.rules.engines.games()`` and the device UI per game
  (``waage.ui.device``), the menu's game list and its dice entry (``waage.ui.menu``);
- the web's game list (``GET /api/games``: the set-up form and the live page,
  ``waage.web.server.web_list``) and the display samples (``waage.tools.samples``);
- the game options for a new game (``game_options``), built once for every driver.

This module imports nothing of the program at import time: engines and UIs are named as
``"module:attribute"`` and imported on first use (``GameSpec.engine_class``,
``GameSpec.ui_class``), so every layer may read the registry without an import cycle.

Adding a game (see ``docs/architecture.md``, "Adding a game"): write its engine
(``waage/rules/...``), its device UI (``waage/ui/...``), its texts (``game_<id>`` and its
screens' words in ``waage/display/texts.py``) and add one ``GameSpec`` line to ``GAMES``.

Example::

    from waage.games import GAMES, spec
    [s.id for s in GAMES.values()]      # ['waagespiel', 'willkommen_am_arsch', ...]
    spec("propter").engine_class()(["Anna", "Ben"]).start()
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


def _load(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def waagespiel_options(config: Any, players: list[str]) -> dict[str, Any]:
    """The Waagespiel's options from ``config`` (``AppConfig``): ``starter`` (when that player
    plays, W-02), the house rules and the configured glass (W-35, W-36)."""
    starter = config.game.starter if config.game.starter in players else None
    return {"starter": starter, "rules": config.rules, "glass": config.glass}


def team_options(config: Any, players: list[str]) -> dict[str, Any]:
    """Ein Arsch kommt selten allein: ``teams=True`` when ``[game] teams`` is set and four play (AS-07)."""
    return {"teams": True} if config.game.teams and len(players) == 4 else {}


def no_options(config: Any, players: list[str]) -> dict[str, Any]:
    """A game without options from the config."""
    return {}


@dataclass(frozen=True)
class GameSpec:
    """One game, registered once.

    id: the ``[game] game`` word, the contract's ``game`` and the CLI's ``--game`` choice;
    engine: ``"module:Class"`` of the engine (the ``waage.rules.game.Game`` protocol);
    ui: ``"module:Class"`` of the device UI (keys -> inputs, state -> views; ``waage/ui/``);
    title_key: the text key of its name on the screens and pages (default ``game_<id>``);
    uses_scale: the game weighs (the host runs the weight pipeline; only the Waagespiel);
    dice: played with dice (the menu offers electronic or manual dice);
    team_players: the number of players of its team variant (``[game] teams``), None without one;
    options: ``(AppConfig, players) -> dict`` of constructor options for a new game;
    events: ``"module:function"`` of ``(records) -> list`` giving the game's typed events (pydantic
        models; unknown event words left out): ``GameSpec.typed``; None for a game without typed events;
    screen: ``"module:function"`` of ``(engine, events, lang) -> HelperGameView``: the web view data of a
        game that does not weigh (the live page's title and lines, ``details["helper"]``; default the
        helper games' ``waage.display.helper_texts.helper_view``); unused for a game that weighs;
    stats: ``"module:function"`` of ``(records, players) -> waage.stats.GameStats``: the game's own
        statistics from its session-log records (``/stats``, the exports, the OLED's statistics
        screens): ``GameSpec.stats_of``; None for a game without them.
    """

    id: str
    engine: str
    ui: str
    title_key: str = ""
    uses_scale: bool = False
    dice: bool = False
    team_players: int | None = None
    options: Callable[[Any, list[str]], dict[str, Any]] = no_options
    screen: str = "waage.display.helper_texts:helper_view"
    events: str | None = None
    stats: str | None = None

    def __post_init__(self) -> None:
        if not self.title_key:
            object.__setattr__(self, "title_key", f"game_{self.id}")

    def engine_class(self) -> type:
        """The engine class (imported on first use)."""
        return _load(self.engine)

    def ui_class(self) -> type:
        """The device UI class (imported on first use)."""
        return _load(self.ui)

    def typed(self, records: Any) -> list[Any]:
        """The game's typed events of ``records`` (see ``events``); [] for a game without typed events."""
        return [] if self.events is None else list(_load(self.events)(records))

    def stats_of(self, records: Any, players: list[str]) -> Any:
        """The game's statistics (``waage.stats.GameStats``) of ``records`` (see ``stats``); None without."""
        return None if self.stats is None else _load(self.stats)(records, players)

    def screen_of(self, engine: Any, events: Any, lang: str) -> Any:
        """The web view data of a game that does not weigh: its ``HelperGameView`` now (see ``screen``)."""
        return _load(self.screen)(engine, events, lang)


#: every game, in menu order: the one registry (game id -> spec)
GAMES: dict[str, GameSpec] = {}


def register(game: GameSpec) -> GameSpec:
    """Add ``game`` to ``GAMES`` (after the others in menu order); returns it.

    Raises ValueError when its id is taken.
    """
    if game.id in GAMES:
        raise ValueError(f"game {game.id!r} is registered already")
    GAMES[game.id] = game
    _changed()
    return game


def unregister(game_id: str) -> None:
    """Remove a game (tests that register one of their own)."""
    GAMES.pop(game_id, None)
    _changed()


@contextmanager
def registered(game: GameSpec) -> Iterator[GameSpec]:
    """``register(game)`` for the ``with`` block, ``unregister`` after it."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.id)


#: callbacks run when the registry changes (caches derived from it, e.g. the engine registry)
_listeners: list[Callable[[], None]] = []


def on_change(callback: Callable[[], None]) -> None:
    """Run ``callback`` whenever a game is registered or unregistered."""
    _listeners.append(callback)


def _changed() -> None:
    for callback in _listeners:
        callback()


def game_ids() -> tuple[str, ...]:
    """The ids of every game in menu order."""
    return tuple(GAMES)


def spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; KeyError for an unknown game."""
    return GAMES[game_id]


def expected_words(ids: tuple[str, ...] | None = None) -> str:
    """The ids as pydantic lists a Literal's choices: ``'a', 'b' or 'c'`` (config and form errors)."""
    words = [f"'{g}'" for g in (game_ids() if ids is None else ids)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def game_options(config: Any, game_id: str, players: list[str]) -> dict[str, Any]:
    """The constructor options of a new ``game_id`` for ``players`` from ``config`` (``AppConfig``):
    the one place they are built (start-up, the menu's and the web's new game, the simulator)."""
    return GAMES[game_id].options(config, list(players))


for _game in (
    GameSpec("waagespiel", "waage.rules.waagespiel:Waagespiel", "waage.ui.waagespiel:WaagespielUi",
             uses_scale=True, dice=True, options=waagespiel_options, events="waage.rules.game_events:typed",
             stats="waage.stats.waagespiel:stats"),
    GameSpec("willkommen_am_arsch", "waage.rules.helpers.willkommen_am_arsch:WillkommenAmArsch",
             "waage.ui.willkommen:WillkommenUi", dice=True, events="waage.rules.helpers.events:typed_willkommen",
             stats="waage.stats.willkommen:stats"),
    GameSpec("arsch_selten_allein", "waage.rules.helpers.arsch_selten_allein:ArschSeltenAllein",
             "waage.ui.arsch:ArschUi", team_players=4, options=team_options,
             events="waage.rules.helpers.events:typed_arsch", stats="waage.stats.arsch:stats"),
    GameSpec("propter", "waage.rules.helpers.propter:Propter", "waage.ui.propter:PropterUi",
             events="waage.rules.helpers.events:typed_propter", stats="waage.stats.propter:stats"),
):
    register(_game)
