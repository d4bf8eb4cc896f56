"""What the players see and press, for all four games: keys -> contract inputs, state -> views.

``DeviceUi`` is shared by ``waage run`` (gpiozero buttons / rotary encoder) and
``waage sim`` (keyboard). It owns the game menu (BACK, the long press, opens it
from anywhere; ``menu`` is its registry), a notice for a rejected input (the
reason in the player's language) and one game UI per game id, which turns
NEXT / PREV / OK into the game's inputs step by step (the registry's UI of each game,
``waage.games``: ``waage.games.waagespiel.ui``, ``willkommen``, ``arsch``, ``propter``). No I/O and
no clock of its own: every input goes to the host (``waage.app.host.GameHost``), and
the UI reads the engine through the ``Game`` protocol (``waage.rules.game``) directly.

What the UI uses of the host: ``apply(given, t_s=None) -> records`` (an ``input_rejected``
record when the input did not fit; ``roll = "auto"`` is resolved by the host),
``new_game(game_id, players, **options)`` (ValueError when it cannot), ``engine`` (the
``Game`` protocol: ``game_id``, ``players``, ``current_player``, ``phase``, ``expects()``,
``summary()``, ``state``), ``last_events`` and ``now_s``; for the scale and the glass
(issue 17): ``pipeline`` (None for a game without a scale), ``live_load()``, ``glass``,
``glass_unknown``, ``attempt_open``, ``begin_weighing``, ``cancel_weighing``, ``weigh_glass``.

Example::

    ui = DeviceUi(host, dice_mode="manual", lang="de", start_in_menu=True,
                  roster=config.game.players, on_language=lambda lang: setattr(display, "lang", lang))
    ui.on_key(Key.OK)
    display.show(ui.view())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from waage.games import spec
from waage.display.screens import HEADER_SIZES, WIDTH, fits
from waage.display.texts import has_text, rejection_text, text
from waage.display.views import MessageView, View
from waage.inputs.keys import Key
from waage.ui.menu import CLOSE, MenuRegistry, default_entries
from waage.ui.steps import FlowRunner, Pick, Show, rejection


class DeviceUi:
    """Button state and view building for one game host.

    host: the game host (see the module docstring for what it must provide);
    dice_mode: "electronic" (OK rolls, the host throws the dice) or "manual" (each die set
    with NEXT/PREV, OK to confirm); lang: "de" | "en" for every text the UI builds;
    start_in_menu: open the game menu at once (the device at power-on: continue, or a new game), unless
    ``weigh_first`` leads through the glass first;
    roster: the names the new-game entry offers (default: the current game's players);
    on_language: called with the new language when the menu changes it (the display follows);
    setup_done: the Waagespiel's set-up screen was already dismissed;
    on_calibrated: the driver's hook for the menu's calibration (``waage/ui/scale.py``):
    called with ``{"offset", "counts_per_gram"}``, it saves ``calibration.json`` and gives the
    game a pipeline with it, returning True when saved (None: no "Kalibrieren" entry);
    weigh_first: a new game that weighs starts with its glass (issue 30: "empty glass on, OK" before the first
    fill, or "700-g-Glas behalten" for a glass weighed before: ``waage.ui.scale.glass_offer``), not with the
    game's screen (the interactive simulator; ``waage run`` at power-on while no glass was ever weighed; a
    resumed game in play is left as it is). A long press (BACK) still opens the menu: a deliberate way out.
    """

    def __init__(self, host: Any, dice_mode: str = "electronic", *, lang: str = "de",
                 start_in_menu: bool = False, roster: list[str] | None = None,
                 on_language: Callable[[str], None] | None = None, setup_done: bool = False,
                 menu: MenuRegistry | None = None,
                 on_calibrated: Callable[[dict[str, float]], bool] | None = None,
                 weigh_first: bool = False) -> None:
        self.host = host
        self.dice_mode = dice_mode
        self.lang = lang
        self.roster = list(roster) if roster else None
        self.on_language = on_language
        self.setup_done = setup_done
        self.on_calibrated = on_calibrated
        self.menu = menu if menu is not None else MenuRegistry(default_entries())
        self.notice: Show | None = None
        self._menu: FlowRunner | None = None
        self._at_menu_top = False
        self._games: dict[str, Any] = {}
        if weigh_first and self._new_scale_game():
            self._menu = FlowRunner(self._glass_first_flow())
        elif start_in_menu:
            self.open_menu()

    # ------------------------------------------------------------------ helpers
    def t(self, key: str, **args: Any) -> str:
        """The display text ``key`` in the UI's language."""
        return text(key, self.lang, **args)

    @property
    def game(self) -> Any:
        """The UI of the game the host plays now (made on first use, per game id)."""
        gid = self.host.engine.game_id
        if gid not in self._games:
            self._games[gid] = spec(gid).ui_class()(self)  # the registry's device UI (waage.games)
        return self._games[gid]

    def game_name(self, game_id: str) -> str:
        """A game's name as the OLED shows it (``game_short_<id>`` where the full name is too long)."""
        short = f"game_short_{game_id}"
        return self.t(short) if has_text(short, self.lang) else self.t(spec(game_id).title_key)

    @property
    def menu_open(self) -> bool:
        """True while the game menu shows."""
        return self._menu is not None

    @property
    def choosing_glass_size(self) -> bool:
        """True while "Glas wiegen" asks the size of the glass (``GlassSizePick``): the weighing has not begun."""
        from waage.ui.scale import GlassSizePick

        return self._menu is not None and isinstance(self._menu.step, GlassSizePick)

    def reason(self, record: dict[str, Any]) -> str:
        """The translated reason of an ``input_rejected`` record (``why_<code>``; never the English ``why``)."""
        return rejection_text(record, self.lang)

    # ------------------------------------------------------------------ actions the flows use
    def submit(self, given: dict[str, Any], t_s: float | None = None) -> list[dict[str, Any]]:
        """Send one contract input to the host; a rejection becomes a notice on the screen."""
        records = list(self.host.apply(given) if t_s is None else self.host.apply(given, t_s))
        rejected = rejection(records)
        if rejected is not None:
            self.notice = Show(MessageView(title=self.t("rejected_title"), lines=[self.reason(rejected)]))
        return records

    def start_new_game(self, game: str, names: list[str], **options: Any) -> str | None:
        """Start ``game`` with ``names`` on the host; None when it started, else the reason (translated)."""
        try:
            records = list(self.host.new_game(game, list(names), **options))
        except ValueError as exc:
            code = str(exc)
            key = f"why_{code}"
            return self.t("new_game_failed", why=self.t(key) if has_text(key, self.lang) else self.t("why_unknown"))
        rejected = rejection(records)
        if rejected is not None:
            return self.reason(rejected)
        self._games.clear()
        self.setup_done = False
        self.notice = None
        return None

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` and tell the display (``on_language``)."""
        self.lang = lang
        if self.on_language is not None:
            self.on_language(lang)

    # ------------------------------------------------------------------ menu
    def open_menu(self) -> None:
        """Show the game menu's top list (a step left half done is told: ``FlowRunner.leave``)."""
        if self._menu is not None:
            self._menu.leave()
        self._menu = FlowRunner(self._menu_flow())

    def close_menu(self) -> None:
        """Back to the game."""
        if self._menu is not None:
            self._menu.leave()
        self._menu = None

    def _menu_title(self) -> tuple[str, str]:
        """The menu's title and right text: "Menü: Propter" when it fits the header in one of its sizes
        (issue 21: "Menü" alone beside a long name lost the name), else "Menü" with the name right."""
        name = self.game_name(self.host.engine.game_id)
        title = self.t("menu_title_game", game=name)
        if fits(title, HEADER_SIZES, WIDTH - 4):
            return title, ""
        return self.t("menu_title"), name

    def _new_scale_game(self) -> bool:
        """The hosted game weighs and has not got under way (round 1 at most, nobody has rolled)."""
        scale = self.host.scale
        if scale is None or scale.pipeline is None:
            return False
        s = scale.game.state
        return s.round <= 1 and not s.rolls and s.chosen is None

    def _glass_first_flow(self) -> Any:
        """A new game's glass (issue 30): ``glass_offer``, then the game (``CLOSE``)."""
        from waage.ui.scale import glass_offer

        yield from glass_offer(self)
        return CLOSE

    def _menu_flow(self) -> Any:
        while True:
            entries = self.menu.visible(self)
            self._at_menu_top = True
            title, right = self._menu_title()
            chosen = yield Pick(title, [(e.id, e.label(self)) for e in entries], right=right)
            self._at_menu_top = False
            entry = next(e for e in entries if e.id == chosen)
            if (yield from entry.open(self)) == CLOSE:
                return CLOSE

    # ------------------------------------------------------------------ keys
    def on_key(self, key: Key, t_s: float | None = None) -> list[dict[str, Any]]:
        """Apply one key press; returns the log records it caused.

        BACK (long press) opens the game menu from anywhere; inside the menu it goes
        back to the top list, and from there back to the game.
        """
        if key is Key.BACK:
            if self._menu is None:
                self.open_menu()
            elif self._at_menu_top:
                self.close_menu()
            else:
                self.open_menu()
            return []
        if self._menu is not None:
            if self._menu.on_key(key) is not None:
                self.close_menu()
            return []
        if self.notice is not None:
            self.notice = None
            return []
        return self.game.on_key(key, t_s)

    def on_sample(self, sample: Any) -> bool:
        """A sensor sample for a measuring menu step (the calibration); True when the step took it
        (the driver then keeps it from the game: the scale is being calibrated)."""
        if self._menu is None or not self._menu.wants_samples:
            return False
        if self._menu.on_sample(sample) is not None:
            self.close_menu()
        return True

    def tare(self) -> float | None:
        """Tare the plain scale now (the display's tare point; the game's reference is untouched)."""
        from waage.ui.scale import tare

        return tare(self.host)

    # ------------------------------------------------------------------ view
    def view(self, now_s: float | None = None) -> View:
        """The screen now: the menu, a rejection notice, or the game's screen."""
        if self._menu is not None:
            shown = self._menu.view()
            if shown is not None:
                return shown
            self.close_menu()
        if self.notice is not None:
            return self.notice.view()
        now = self.host.now_s if now_s is None else now_s
        return self.game.view(now)
