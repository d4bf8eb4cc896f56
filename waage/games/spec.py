"""What a game kit declares (``GameSpec``) and the registry of every kit (``GAMES``, menu order).

A game is one package, ``waage/games/<id>/`` (a *kit*): its engine (``engine.py``), its typed
events (``events.py``), its words and simulator help (``texts.py``), its screen, narration and
counters in words (``screen.py``), its chance hook, its device UI (``ui.py``), its statistics
(``stats.py``) and its ``SPEC``, a ``GameSpec`` in the package's ``__init__.py`` naming those
parts as ``"module:attribute"`` strings. The shared code asks the spec for each hook and names
no game; a game without a hook gets a plain default.
``waage.games`` registers every kit's ``SPEC`` (one line per game in ``KITS``); every list of
games in the program is derived from ``GAMES`` (the config's and the scenario's ``game`` check,
the CLI's ``--game`` choices, the engine registry, the menu, ``/api/games``, the samples).

This module imports nothing of the program: engines and UIs are imported on first use
(``GameSpec.engine_class``, ``GameSpec.ui_class``), so every layer may read the registry
without an import cycle. Adding a game: ``docs/architecture.md``, "Adding a game".

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
        models; unknown event words left out; a kit's ``events.py``): ``GameSpec.typed``; None for a game
        without typed events (``waage.rules.helpers.events.typed_helper`` then types the common ones);
    screen: ``"module:function"`` of ``(engine, events, lang) -> HelperGameView``: the web view data of a
        game that does not weigh (the live page's title and lines, ``details["helper"]``, and the typed
        simulator's screen; a kit's ``screen.py``; default the plain ``waage.display.helper_screen.helper_view``:
        the game's title and who is at turn); unused for a game that weighs;
    stats: ``"module:function"`` of ``(records, players) -> waage.stats.GameStats``: the game's own
        statistics from its session-log records (``/stats``, the exports, the OLED's statistics
        screens): ``GameSpec.stats_of``; None for a game without them;
    texts: ``"module:attribute"`` of the kit's own display texts, ``{lang: {key: template}}`` for
        every language of ``waage.display.texts.LANGS`` (its title ``game_<id>`` and its screens'
        words; ``waage.display.texts.text`` finds them beside the shared ones): ``GameSpec.text_table``;
        None for a game whose words are all shared;
    screens: ``"module:attribute"`` of the kit's own OLED screens, ``{view type: painter(view, draw, lang)}``
        for the views only it shows (``waage.display.screens.render`` finds them by the view's type):
        ``GameSpec.painters``; None for a game that shows only the shared views;
    web: ``"module:function"`` of ``(host, lang, sample_at) -> waage.live.details.GamePage``: the game's
        typed, versioned web details (what its page shows: who must act, its counters, the final table) and
        its snapshot fields: ``GameSpec.web_page``; None: ``waage.live.details.plain_details`` (who is at
        turn and the screen's lines);
    facts: ``"module:function"`` of ``(waage.stats.GameStats) -> list[Words]``: the game's facts in words over
        its table on /stats (who wears the hat, the rounds played, …): ``GameSpec.facts_of``; None without;
    view: ``"package:file"`` of the game's own page script (drawing its board and table on / and /tv from
        its details; ``waage/web/static/games.js`` runs it), None for a game whose page is the prompt alone;
    chance: ``"module:function"`` of ``(engine, given, chance) -> dict``: the inputs a player may leave
        to chance (``"auto"``) drawn from ``chance`` (``waage.rules.chance``; e.g. ``dice_roll``, a coin
        toss), InputRejected when they cannot be drawn now: ``GameSpec.resolve_chance``; None for a
        game that leaves nothing to chance (``given`` unchanged);
    narration: ``"module:function"`` of ``(record, lang) -> str | None``: a game that does not weigh words
        its own events (None: not its event; ``waage.display.helper_texts.narrate`` words the common ones);
    summary: ``"module:function"`` of ``(summary record, lang) -> list[str] | None``: its counters in words
        (``helper_texts.summary_text``; default every field plainly);
    sim_help: ``"module:attribute"`` of the simulator's help ``{lang: [(syntax, meaning)]}``
        (``helper_texts.sim_help``; default one row per input its engine takes).
    """

    id: str
    engine: str
    ui: str
    title_key: str = ""
    uses_scale: bool = False
    dice: bool = False
    team_players: int | None = None
    options: Callable[[Any, list[str]], dict[str, Any]] = no_options
    screen: str = "waage.display.helper_screen:helper_view"
    events: str | None = None
    stats: str | None = None
    texts: str | None = None
    screens: str | None = None
    web: str | None = None
    facts: str | None = None
    view: str | None = None
    chance: str | None = None
    narration: str | None = None
    summary: str | None = None
    sim_help: str | None = None

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

    def text_table(self) -> dict[str, dict[str, str]]:
        """The kit's own texts ``{lang: {key: template}}`` (see ``texts``); {} without."""
        return {} if self.texts is None else _load(self.texts)

    def painters(self) -> dict[type, Any]:
        """The kit's own screens ``{view type: painter}`` (see ``screens``); {} without."""
        return {} if self.screens is None else _load(self.screens)

    def web_page(self, host: Any, lang: str, sample_at: float | None = None) -> Any:
        """The game's web details and snapshot fields now (``waage.live.details.GamePage``; see ``web``)."""
        target = self.web or "waage.live.details:plain_details"
        return _load(target)(host, lang, sample_at)

    def facts_of(self, stats: Any) -> list[dict[str, str]]:
        """The game's facts on /stats, each in every language (see ``facts``); [] without."""
        return [] if self.facts is None else list(_load(self.facts)(stats))

    def view_script(self) -> str | None:
        """The text of the game's own page script (see ``view``), None without one."""
        if self.view is None:
            return None
        from importlib.resources import files

        package, _, name = self.view.partition(":")
        return files(package).joinpath(name).read_text(encoding="utf-8")

    def resolve_chance(self, engine: Any, given: Any, chance: Any) -> dict[str, Any]:
        """``given`` with what its player left to chance drawn from ``chance`` (see ``chance``); the one
        place an ``"auto"`` input is resolved (host, replay, simulator). Raises InputRejected."""
        return dict(given) if self.chance is None else _load(self.chance)(engine, given, chance)

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
