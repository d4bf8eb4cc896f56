"""The game menu (a long press, BACK, from anywhere): its built-in entries.

``MenuRegistry`` holds ``MenuEntry`` objects (both in ``waage/ui/entry.py``, re-exported
here); ``DeviceUi.menu`` is one, filled
with ``default_entries()``: continue, cancel a half-done input, choose the game,
new game (with a confirmation; a new Waagespiel offers to keep or weigh the glass),
language, dice (electronic / by hand, in the games with dice), statistics, and the
scale's own: the plain scale with tare, weighing the glass, calibration (``waage/ui/scale.py``). Other parts add their own
entry from the composition root, e.g. the web view's QR code and PIN::

    from waage.ui.menu import MenuEntry, show
    ui.menu.add(MenuEntry("web", label=lambda ui: ui.t("menu_web"),
                          open=lambda ui: show(web.qr_view()), order=60))  # waage.display.qr_screen.QrView

An entry's ``open(ui)`` returns a flow (a generator of steps, see
``waage.ui.steps``); when the flow returns ``CLOSE`` the menu closes, otherwise
the menu's top list shows again. Inside the menu BACK goes back to the top
list, and from there closes the menu.
"""

from __future__ import annotations

from typing import Any

from waage.display.screens import TINY, WIDTH, fits
from waage.display.texts import LANGS, has_text
from waage.display.views import MessageView
from waage.games import game_ids, spec
from waage.ui.base import Ui
from waage.ui.entry import CLOSE, MenuEntry, MenuRegistry, show
from waage.ui.scale import entries as scale_entries
from waage.ui.scale import glass_offer
from waage.ui.stats import StatsPages
from waage.ui.steps import Confirm, Flow, MultiPick, Pick, Show


__all__ = ["CLOSE", "MenuEntry", "MenuRegistry", "show", "default_entries"]

# --------------------------------------------------------------------------- built-in entries

def _continue(ui: Ui) -> Flow:
    return CLOSE
    yield  # pragma: no cover - makes this a generator


def _cancel_input(ui: Ui) -> Flow:
    ui.game.cancel()
    return CLOSE
    yield  # pragma: no cover


def _game_name(ui: Ui, game: str) -> str:
    """The game's name as the OLED shows it: ``game_short_<id>`` where the full name does not fit."""
    short = f"game_short_{game}"
    return ui.t(short) if has_text(short, ui.lang) else ui.t(spec(game).title_key)


def _new_game(ui: Ui, game: str) -> Flow:
    """Players (ticked from the roster), teams for Ein Arsch with four, then the confirmation."""
    roster = ui.roster or ui.host.engine.players
    names = roster
    if len(roster) > 2:
        picker = MultiPick(ui.t("pick_players_title"), [(p, p) for p in roster], ui.t("done_item"))
        picker.ticked = [p in ui.host.engine.players for p in roster]
        names = yield picker
    if len(names) < 2:
        yield Show(MessageView(title=ui.t("menu_new_game"), lines=[ui.t("too_few_players")]))
        return None
    options: dict[str, Any] = {}
    if spec(game).team_players == len(names):
        options["teams"] = yield Pick(ui.t("teams_title"), [(False, ui.t("teams_off")), (True, ui.t("teams_on"))])
    detail = ui.t("confirm_players", n=len(names), names=", ".join(names))
    if not fits(detail, (TINY, 9, 8), WIDTH - 2):  # the names were on the screen before: how many, uncut
        detail = ui.t("confirm_players_n", n=len(names))
    ok = yield Confirm(ui.t("confirm_new_title"), _game_name(ui, game), detail,
                       ui.t("confirm_yes"), ui.t("confirm_no"))
    if not ok:
        return None
    why = ui.start_new_game(game, list(names), **options)
    if why is not None:
        yield Show(MessageView(title=ui.t("menu_new_game"), lines=[why]))
        return None
    scale = ui.host.scale  # a game that weighs (W-36)
    if scale is not None and scale.pipeline is not None:
        yield from glass_offer(ui)  # W-36, issue 30: keep the glass weighed before, or weigh (first)
    return CLOSE


def _choose_game(ui: Ui) -> Flow:
    current = ui.host.engine.game_id
    games = list(game_ids())  # the registry, in menu order (waage.games)
    game = yield Pick(ui.t("pick_game_title"), [(g, _game_name(ui, g)) for g in games],
                      selected=games.index(current) if current in games else 0)
    return (yield from _new_game(ui, game))


def _same_game(ui: Ui) -> Flow:
    return (yield from _new_game(ui, ui.host.engine.game_id))


def _language(ui: Ui) -> Flow:
    lang = yield Pick(ui.t("language_title"), [(code, ui.t(f"lang_{code}")) for code in LANGS],
                      selected=LANGS.index(ui.lang) if ui.lang in LANGS else 0)
    ui.set_language(lang)
    return None


def _dice(ui: Ui) -> Flow:
    ui.dice_mode = "manual" if ui.dice_mode == "electronic" else "electronic"
    return None
    yield  # pragma: no cover


def _stats(ui: Ui) -> Flow:
    """The game's statistics: NEXT/PREV turn the pages (players 5–12, the other figures), OK goes back."""
    yield StatsPages(ui.game.stats_view(), ui.lang)
    return None


def default_entries() -> list[MenuEntry]:
    """The built-in entries (orders 0–50; other parts use 60 and up): with the scale's own
    "Waage", "Glas wiegen" and "Kalibrieren" (``waage.ui.scale.entries``)."""
    return [*scale_entries(),
        MenuEntry("continue", lambda ui: ui.t("menu_continue"), _continue, order=0),
        MenuEntry("cancel_input", lambda ui: ui.t("menu_cancel_input"), _cancel_input,
                  visible=lambda ui: ui.game.busy, order=5),
        MenuEntry("new_game", lambda ui: ui.t("menu_new_game"), _same_game, order=10),
        MenuEntry("game", lambda ui: ui.t("menu_game"), _choose_game, order=20),
        MenuEntry("language", lambda ui: ui.t("menu_language", language=ui.t(f"lang_{ui.lang}")), _language, order=30),
        MenuEntry("dice", lambda ui: ui.t("dice_manual" if ui.dice_mode == "manual" else "dice_electronic"), _dice,
                  visible=lambda ui: spec(ui.host.engine.game_id).dice, order=35),
        MenuEntry("stats", lambda ui: ui.t("menu_stats"), _stats, order=40),
    ]
