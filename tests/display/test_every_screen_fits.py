"""Every OLED screen of every game, with 2, 8 and 12 players of the longest names: no text cut, none
off the panel, none over another (issue 21).

How: each game's device UI is driven by its keys through its flows on the real engines and host
(the Waagespiel on the fake scale): the home screens, every pick list scrolled through entry by entry,
every notice, the winner's pages, the game menu's entries. Every screen is drawn with
``screens.trace_texts``, which reports each text the layout puts: its ink box and whether the layout
shortened it ("…" put in by ``fit``/``wrap``).

The rule, per screen:

1. every text's box lies inside the 128×64 panel;
2. no two texts overlap: no pixel is lit by two texts (ink, not boxes: a descender may reach into
   the next line's box where that line has no letter);
3. no text is shortened by the layout, with one exception: a player's name cut to fit a narrow
   place is allowed when the same name is shown in full elsewhere on that screen (e.g. the
   header names the player the list below belongs to). Nothing on the OLED scrolls by itself,
   so there is no exception for scrolling.

Names: the longest the config allows (16 characters, ``waage.names.NAME_MAX_CHARS``), wide ones
("WWWWWWWWWWWWWWWW": the widest letter) and realistic ones ("Maximilian-Alexa"), umlauts included.
With every screen of a helper game its ``HelperGameView`` is checked too: the typed simulator's
one-screen summary of the same state (``waage sim --game`` without ``--interactive``); by its design
the older of its notes give way whole when long names leave no room for them (never a cut line).
The statistics (the menu's entry, the end of a game) are paged through to their last page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from waage.app.host import GameHost
from waage.app.replay import build
from waage.app.scenario import Scenario
from waage.display import screens as screens_mod
from waage.display.screens import HEIGHT, WIDTH, render, stats_pages, trace_texts
from waage.display.views import ListView, StatsView, View, WinnerView
from waage.games import GAMES, spec
from waage.inputs.keys import Key
from waage.names import NAME_MAX_CHARS
from waage.rules.dice import SeededDice
from waage.rules.engines import games
from waage.ui import DeviceUi

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
WIDE = ["WWWWWWWWWWWWWWWW", "MWWWWWWWWWWWWWWW", "WWWWWWWWWWWWWWWM", "WMWWWWWWWWWWWWWW", "WWMWWWWWWWWWWWWW",
        "WWWMWWWWWWWWWWWW"]
#: in pairs: a name with descenders ("g", "ß") right above one with capital umlauts (their dots)
REAL = ["Maximilian-Alexa", "Jürgen Müßiggang", "Özgür-Ülkü Bödef", "Anna-Katharina B", "Friedrich-Wilhel",
        "Ömer Çelik-Östen"]
COUNTS = (2, 8, 12)
LANGS = ("de", "en")


def names(n: int) -> list[str]:
    """``n`` distinct names of NAME_MAX_CHARS characters, wide and realistic mixed; the 2nd and 3rd on
    one page of every list: "Jürgen Müßiggang" (descenders) right above "Özgür-Ülkü Bödef" (dots)."""
    w, r = WIDE, REAL
    out = [w[0], r[1], r[2], r[0], w[1], w[2], r[3], w[3], w[4], r[4], r[5], w[5]][:n]
    assert all(len(name) == NAME_MAX_CHARS for name in out) and len(set(out)) == n
    return out


# ---------------------------------------------------------------------------------------------- driving
class Driver:
    """Presses keys on a device UI and keeps every screen seen (lists scrolled through entry by entry)."""

    def __init__(self, ui: DeviceUi) -> None:
        self.ui = ui
        self.seen: list[View] = []
        self.look()

    def look(self) -> View:
        """Keep the screen now; a list is scrolled through once (NEXT wraps back to where it was)."""
        v = self.ui.view()
        self.seen.append(v)
        engine = self.ui.host.engine
        if not spec(engine.game_id).uses_scale:  # the typed simulator's screen of the same state (HelperGameView)
            self.seen.append(spec(engine.game_id).screen_of(engine, self.ui.host.last_events, self.ui.lang))
        if isinstance(v, ListView) and len(v.items) > 1:
            for _ in range(len(v.items)):
                self.ui.on_key(N)
                self.seen.append(self.ui.view())
        if isinstance(v, StatsView):  # every page (NEXT wraps back to the first)
            for _ in range(stats_pages(v, self.ui.lang)):
                self.ui.on_key(N)
                self.seen.append(self.ui.view())
        if isinstance(v, WinnerView):
            for _ in range(4):
                self.ui.on_key(N)
                self.seen.append(self.ui.view())
            for _ in range(4):
                self.ui.on_key(P)
        return self.ui.view()

    def press(self, *keys: Key) -> View:
        for key in keys:
            self.ui.on_key(key)
            self.look()
        return self.ui.view()

    def pick(self, label: str | Callable[[str], bool]) -> View:
        """OK on the list entry ``label`` (or the first for which ``label(item)`` holds)."""
        v = self.ui.view()
        assert isinstance(v, ListView), v
        match = label if callable(label) else (lambda item: item == label)
        index = next(i for i, item in enumerate(v.items) if match(item))
        steps = (index - v.selected) % len(v.items)
        for _ in range(steps):
            self.ui.on_key(N)
        return self.press(OK)

    def dismiss_notices(self, limit: int = 40) -> View:
        """OK through notices (screens that are no input step) until an input or the home shows."""
        for _ in range(limit):
            if not getattr(self.ui.game, "pending_shown", False) and self.ui.notice is None:
                break
            self.press(OK)
        return self.ui.view()

    def menu(self) -> None:
        """The game menu: its list, and each entry opened and walked to its end (a confirmation answered
        "Nein", a multi-pick ended with its done entry, the scale's screens left with BACK), then back to
        the game."""
        self.press(BACK)
        top = self.ui.view()
        assert isinstance(top, ListView)
        skip = {self.ui.t("menu_continue"), self.ui.t("menu_cancel_input")}
        for label in [item for item in top.items if item not in skip]:
            if not self.ui.menu_open:
                self.press(BACK)
            if not self.ui._at_menu_top:
                self.press(BACK)
            self.pick(label)
            for _ in range(10):
                if not self.ui.menu_open or self.ui._at_menu_top:
                    break
                v = self.ui.view()
                name = type(v).__name__
                if isinstance(v, ListView) and v.marks is not None:
                    self.pick(v.items[-1])  # done
                elif name in ("ScaleView", "GlassWeighView", "NumberEntryView"):
                    self.press(BACK)
                else:
                    self.press(OK)  # a confirmation's default is "Nein"
        if self.ui.menu_open and not self.ui._at_menu_top:
            self.press(BACK)
        if self.ui.menu_open:
            self.press(BACK)


def hosted(game: str, players: list[str], lang: str, **options: Any) -> Driver:
    host = GameHost(games()[game](players, **options), None, SeededDice(7))
    host.start(0.0)
    ui = DeviceUi(host, lang=lang, roster=players)
    return Driver(ui)


def drive_willkommen(players: list[str], lang: str) -> list[View]:
    d = hosted("willkommen_am_arsch", players, lang)
    ui, host = d.ui, d.ui.host
    guard = 0
    while host.engine.phase == "opening" and guard < 60:  # the opening rolls (the Trottelmütze)
        d.press(OK)
        d.dismiss_notices()
        guard += 1
    # a field with everything: the mover rolls, enters the Schüttelbude, meets one, cards, invites
    for field in ("schuettelbude", "kneipe", "jail", "stehtisch", "pinkeln"):
        if "roll" in host.engine.expects():
            d.press(OK)
            d.dismiss_notices()
        if "field" not in host.engine.expects():
            break
        d.press(OK)
        d.pick(ui.t(f"field_{field}"))
        meets = ui.view()
        if isinstance(meets, ListView) and len(meets.items) > 1:
            d.press(N, OK)  # tick the first (the list starts on its done entry)
            d.pick(meets.items[-1])
        else:
            d.press(OK)
        d.pick(ui.t("enter_cards"))
        d.press(N, OK, N, N, OK, OK)  # 1 Bier, 2 Kurze, 0 Wasser
        while not ui.game.at_home and not ui.game.pending_shown and ui.notice is None:
            d.press(OK)  # invite: the first, the drink
        d.dismiss_notices()
    # the other inputs
    for action in ("act_pee", "act_gejammer", "act_muetze", "act_stehtisch"):
        d.press(N)
        d.pick(ui.t(action))
        d.press(OK)
        if ui.game.busy:
            d.press(N, OK)
        d.dismiss_notices()
    d.press(N)
    d.pick(ui.t("act_absent", name=host.engine.current_player))
    d.dismiss_notices()
    d.menu()
    return d.seen


def drive_arsch(players: list[str], lang: str, teams: bool = False) -> list[View]:
    d = hosted("arsch_selten_allein", players, lang, teams=teams)
    ui, host = d.ui, d.ui.host
    d.press(OK)  # the first starter
    for rnd in range(2):
        d.press(OK)
        d.pick(ui.t("act_raise"))  # the round opens with a raise
        d.press(OK)
        d.pick(ui.t("act_pair"))
        d.press(OK)
        d.pick(ui.t("act_pair"))
        d.press(OK)
        d.pick(ui.t("act_pass"))
        d.dismiss_notices()
        d.press(OK)
        d.pick(ui.t("act_out"))
        d.dismiss_notices()
        guard = 0
        while teams and host.engine.phase == "play" and guard < 8:  # both of one team out (AS-05)
            d.press(OK)
            d.pick(ui.t("act_out"))
            d.dismiss_notices()
            guard += 1
        assert host.engine.phase == "score", host.engine.phase
        d.press(OK)  # the points, player by player
        for i, _ in enumerate(host.engine.to_score):
            d.press(*[N] * (i % 3 + 1), OK)
        guard = 0
        while host.engine.phase == "score" and guard < 40:
            d.press(OK)
            guard += 1
        d.dismiss_notices()
        if host.engine.phase == "choose":
            d.pick(lambda item: item in players)
    d.menu()
    d.press(OK)
    d.pick(ui.t("act_finish"))
    d.press(N, OK)
    d.dismiss_notices()
    assert host.engine.phase == "over"
    d.look()
    return d.seen


def drive_propter(players: list[str], lang: str) -> list[View]:
    d = hosted("propter", players, lang)
    ui, host = d.ui, d.ui.host
    d.press(OK)  # the first player
    turns = 0
    while host.engine.phase != "over" and turns < 200:
        d.press(OK)
        if turns % 4 == 3:
            d.pick(ui.t("act_discard"))
            d.dismiss_notices()
            d.press(OK)
            d.pick(ui.t("act_next"))
        else:
            d.pick(ui.t("act_play"))
            d.press(OK)  # BS 1
            d.pick(lambda item: True) if turns % 2 else d.press(N, OK)  # category / exact
        d.dismiss_notices()
        turns += 1
    d.menu()
    d.look()
    return d.seen


def drive_waagespiel(players: list[str], lang: str) -> list[View]:
    ctl, fake = build(Scenario(players=players), None, [])
    ctl.dice = SeededDice(7)  # the same screens every run
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    d = Driver(DeviceUi(ctl, lang=lang, roster=players))
    ui = d.ui
    d.press(OK)  # the set-up screen
    # round 1, electronic: everyone rolls; a tie-break may follow
    guard = 0
    while ctl.engine.state.phase in ("rolling", "tie_break") and guard < 60:
        d.press(OK)
        guard += 1
    if ctl.engine.state.phase == "choosing":
        d.press(N, N, OK)
    # the Auserwählte drinks: a miss, then a hit
    chosen = ctl.engine.state.chosen
    if chosen is not None:
        ctl.on_samples(fake.lift())
        d.look()
        ctl.on_samples(fake.put_back())
        ctl.on_samples(fake.sip(chosen.target_g / 3))
        d.look()
        ctl.on_samples(fake.sip(chosen.target_g))
        d.look()
    # round 2 by hand: an Einer-Pasch from the first roller
    ui.dice_mode = "manual"
    d.look()
    if ctl.engine.state.phase == "rolling":
        d.press(OK, N, OK, OK)
        guard = 0
        while ctl.engine.state.phase in ("rolling", "tie_break") and guard < 40:
            d.press(N, N, OK, N, OK, OK)
            guard += 1
        if ctl.engine.state.phase == "choosing":
            d.press(N, OK)
    ctl.on_samples(fake.sip(900.0))  # the glass runs empty: refill
    d.look()
    ctl.on_samples(fake.refill(400.0))
    d.look()
    d.menu()
    return d.seen


# ---------------------------------------------------------------------------------------------- checking
def problems(view: View, lang: str, players: list[str]) -> list[str]:
    """What breaks the rule of the module docstring on ``view``'s screen (empty: nothing)."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    with trace_texts() as trace:
        render(view, draw, lang)
    return check(trace.drawn, players, image)


def check(traced: list[Any], players: list[str], final: Any = None) -> list[str]:
    """The rule of the module docstring on the texts of one screen (``trace_texts``); with ``final``
    (the finished screen) also rule 4: every pixel of every glyph shows (none lost on a bar's edge,
    a rule or a box: the dots of "Ö" above a selection bar, issue 21)."""
    drawn = [t for t in traced if t.text.strip()]
    out: list[str] = []
    for t in drawn:
        if final is not None:
            hidden = screens_mod.hidden_ink(t, final)
            if hidden is not None and hidden.getbbox() is not None:
                out.append(f"hidden ink: {t.text!r} at {hidden.getbbox()}")
        left, top, right, bottom = t.box
        if left < 0 or top < 0 or right > WIDTH or bottom > HEIGHT:
            out.append(f"off the panel: {t.text!r} {t.box}")
        if t.cut:
            stem = t.text.rstrip("…").rstrip()
            full = [p for p in players if stem and p.startswith(stem) and p != t.text]
            shown_elsewhere = any(p in o.text for p in full for o in drawn if o is not t and not o.cut)
            if not shown_elsewhere:
                out.append(f"cut: {t.text!r}")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3] \
                    and ImageChops.logical_and(a.ink, b.ink).getbbox() is not None:
                out.append(f"overlap: {a.text!r} {a.box} / {b.text!r} {b.box}")
    return out


def drive_any(game: str) -> Callable[[list[str], str], list[View]]:
    """A game without a drive of its own (a new kit): its start, every key a few times, its game menu."""
    def drive(players: list[str], lang: str) -> list[View]:
        if spec(game).uses_scale:
            ctl, fake = build(Scenario(players=players), None, [])
            ctl.start(0.0)
            ctl.on_samples(fake.wait(1.0))
            ctl.new_game(game, players)
            d = Driver(DeviceUi(ctl, lang=lang, roster=players, setup_done=True))
        else:
            d = hosted(game, players, lang)
        for key in (OK, N, OK, P, OK, N, N, OK) * 2:
            d.press(key)
            d.dismiss_notices()
        d.menu()
        d.look()
        return d.seen
    return drive


#: the drives that walk a game through its screens; a game of the registry without one gets ``drive_any``
OWN_DRIVES: dict[str, Callable[[list[str], str], list[View]]] = {
    "waagespiel": drive_waagespiel,
    "willkommen_am_arsch": drive_willkommen,
    "arsch_selten_allein": drive_arsch,
    "propter": drive_propter,
}
DRIVERS: dict[str, Callable[[list[str], str], list[View]]] = {
    **{game.id: OWN_DRIVES.get(game.id) or drive_any(game.id) for game in GAMES.values()},
    **{f"{game.id}-teams": (lambda players, lang, g=game.id: OWN_DRIVES[g](players, lang, teams=True))  # type: ignore[call-arg]
       for game in GAMES.values() if game.team_players is not None and game.id in OWN_DRIVES},
}
#: the team variants: driven only with their number of players
TEAM_PLAYERS = {f"{game.id}-teams": game.team_players for game in GAMES.values() if game.team_players is not None}


@lru_cache(maxsize=None)
def screens(game: str, n: int, lang: str) -> tuple[View, ...]:
    """The distinct screens seen while ``game`` is driven with ``n`` players in ``lang``."""
    seen: dict[str, View] = {}
    for v in DRIVERS[game](names(n), lang):
        seen.setdefault(repr(v), v)
    return tuple(seen.values())


CASES = [(game, n, lang) for game in DRIVERS for n in COUNTS for lang in LANGS if game not in TEAM_PLAYERS] + \
    [(game, n, lang) for game, n in TEAM_PLAYERS.items() for lang in LANGS]


@pytest.mark.parametrize("game,n,lang", CASES, ids=[f"{g}-{n}-{lang}" for g, n, lang in CASES])
def test_no_screen_cuts_or_overlaps_text(game, n, lang):
    shown = screens(game, n, lang)
    assert len(shown) >= 8  # the drive reached the game's screens
    found = {f"{type(v).__name__} {i}": p for i, v in enumerate(shown) if (p := problems(v, lang, names(n)))}
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_without_a_drive_of_its_own_is_driven_and_fits(fifth_game, lang):
    """The toy fifth game (no drive in ``OWN_DRIVES``): ``drive_any`` reaches its screens, none cut."""
    for n in COUNTS:
        shown = {repr(v): v for v in drive_any(fifth_game.id)(names(n), lang)}.values()
        assert {"MessageView", "HelperGameView", "ListView"} <= {type(v).__name__ for v in shown}
        found = [p for v in shown for p in problems(v, lang, names(n))]
        assert not found, found


def test_the_check_finds_a_cut_an_overlap_and_text_off_the_panel():
    """The rule is not vacuous: a cut, two texts on one spot and a text beyond the panel are each
    reported; a name cut where the screen shows it whole elsewhere is not."""
    players = [REAL[0], WIDE[0]]
    cut = ListView(title="Liste", items=[players[0] + " " + players[1]], selected=0)
    assert [p for p in problems(cut, "de", players) if p.startswith("cut")]
    draw = ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT), 0))
    with trace_texts() as trace:
        screens_mod.put(draw, 1, 30, "gggg", screens_mod.get_font(16))     # descenders …
        screens_mod.put(draw, 1, 36, "ÄÖÜ ÄÖÜ", screens_mod.get_font(9))   # … on the umlauts' dots
        screens_mod.put(draw, 120, 70, "weit draußen", screens_mod.get_font(11))
        small = screens_mod.get_font(11)
        screens_mod.put(draw, 1, 50, screens_mod.fit(players[0], small, 40), small)
    found = check(trace.drawn, players)
    assert not any(p.startswith("hidden") for p in found)
    assert any(p.startswith("overlap: 'gggg'") for p in found)
    assert any(p.startswith("off the panel: 'weit draußen'") for p in found)
    assert any(p.startswith("cut: 'Maxi") for p in found)
    with trace_texts() as trace:
        screens_mod.put(draw, 1, 12, players[0], small)  # the name whole …
        screens_mod.put(draw, 1, 50, screens_mod.fit(players[0], small, 40), small)  # … and cut
    assert check(trace.drawn, players) == []


def test_the_check_finds_glyph_ink_lost_on_a_bar_or_a_rule():
    """Rule 4 (issue 21): the dots of "Ö" above a selection bar (dark ink on dark), a white text on a
    white rule, a text partly covered by a box drawn later: each reported; a text inside its bar is not."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    f = screens_mod.get_font(11)
    with trace_texts() as trace:
        draw.rectangle((0, 20, WIDTH - 9, 31), fill=255)
        screens_mod.put(draw, 3, 30, "Özlem", f, "l", 0)         # dots above the bar: lost
        screens_mod.put(draw, 60, 30, "Ben", f, "l", 0)          # inside the bar: whole
        draw.line((0, 40, WIDTH - 1, 40), fill=255)
        screens_mod.put(draw, 1, 49, "Öst", f)                   # dots on the rule: lost
        screens_mod.put(draw, 60, 60, "Anna", f)
        draw.rectangle((60, 50, 70, 63), fill=0)                 # covered later: lost
    found = check(trace.drawn, ["Özlem", "Ben"], image)
    hidden = sorted(p.split("'")[1] for p in found if p.startswith("hidden ink"))
    assert hidden == ["Anna", "Öst", "Özlem"]


@pytest.mark.parametrize("game,kinds", [
    ("waagespiel", {"SetupView", "RollView", "DiceEntryView", "ChosenView", "DrinkingView", "VerdictView",
                    "RefillView", "ListView", "ConfirmView", "ScaleView", "GlassWeighView"}),
    ("willkommen_am_arsch", {"TurnView", "ListView", "CountView", "ScoreView", "ConfirmView", "HelperGameView"}),
    ("arsch_selten_allein", {"TurnView", "ListView", "NumberEntryView", "ScoreView", "MessageView", "ConfirmView",
                             "WinnerView"}),
    ("propter", {"TurnView", "ListView", "ScoreView", "MessageView", "WinnerView", "ConfirmView"}),
])
def test_the_drives_reach_the_games_screens(game, kinds):
    for n in COUNTS:
        assert kinds <= {type(v).__name__ for v in screens(game, n, "de")}, (game, n)


def test_a_name_of_wide_letters_beside_the_dice_keeps_a_readable_size():
    """Issue 21: "WWWWWWWWWWWWWWWW" beside the dice was squeezed into 9-px mono (5 px a W: a comb). It
    takes the whole width at 11 px instead (7 px a W); the status line gives the roll in figures."""
    from waage.display.views import TurnView

    view = TurnView(title="Willkommen am Arsch", right="", player=WIDE[0], lines=["3 + 4 = 7"], hint="OK: weiter",
                    dice=(3, 4))
    draw = ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT), 0))
    with trace_texts() as trace:
        render(view, draw, "de")
    name = next(t for t in trace.drawn if t.text == WIDE[0])
    assert name.box[2] - name.box[0] >= 7 * len(WIDE[0]) - 1
    assert problems(view, "de", [WIDE[0]]) == []
    short = TurnView(title="Willkommen am Arsch", right="", player="Ben", lines=["3 + 4 = 7"], hint="", dice=(3, 4))
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    render(short, ImageDraw.Draw(image), "de")
    assert image.crop((88, 16, 126, 34)).getbbox() is not None  # a short name keeps the dice
