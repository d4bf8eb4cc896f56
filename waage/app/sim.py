"""``waage sim``: the whole device on a simulated scale, the OLED drawn in the terminal.

The same host, engine, pipeline, screens and device loop (``waage/app/loop.py``) as ``waage run``; the
sensor is the ``FakeScale`` synthesiser and the display a ``TerminalDisplay``
(a luma ``dummy`` device in mode "1" printed as Unicode half blocks).

Default: a demo game plays itself (players from the config, electronic dice,
synthesised sips and refills) through a tie-break, a Pasch and a miss to the
statistics screen. ``--interactive``: a person plays with typed commands
(``help`` lists them), or with the four device keys ``n``/``p``/``o``/``b``.
``--state-dir DIR``: the game is kept in DIR and resumed on the next start, with the
same state directory code as ``waage run`` (``waage/app/store.py``, ``wiring.resume_or_new``).
"""

from __future__ import annotations

import argparse
import cmd
from collections import deque
import math
import json
import queue
import random
import shutil
import sys
import time
from typing import Any, Callable, Iterable, TextIO

from waage.app import sim_glass, wiring
from waage.app.helper_sim import HelperShell
from waage.app.loop import DeviceLoop
from waage.app.narration import narrate
from waage.app.replay import physical
from waage.app.scale_session import no_scale
from waage.app.scenario import MAX_GRAMS
from waage.app.setup import reset_game, with_saved_setup
from waage.app.store import StateStore
from waage.config import AppConfig
from waage.display.helper_texts import sim_help, sim_word
from waage.display.texts import rejection_text, text
from waage.games import game_options, spec
from waage.inputs.keys import Key, KeyCommands
from waage.live.hub import LiveHub
from waage.rules.dice import check_pair
from waage.rules.game import InputRejected
from waage.rules.players import canonical_name
from waage.ui.scale import glass_weighed
from waage.games.waagespiel.events import Sip, typed_one
from waage.sensors.fake import FakeScale
from waage.weight.glass_check import MAX_GLASS_G, MIN_GLASS_G
from waage.weight.events import Sample
from waage.games.waagespiel.phases import WaagespielPhase

#: the demo's default seed: its dice show a tie-break, a Pasch and a miss early on
DEMO_SEED = 7
#: frame interval of the live display in simulated seconds
FRAME_S = 0.25
#: ``--interactive``: one command's animation takes at most this many real seconds (a 500 g
#: refill is ~16 s of simulated pouring and settling; the prompt must come back quickly)
COMMAND_WALL_S = 1.0
#: ``put G``: the stream begins this long after the touch-down ("the moment it stands": a pourer's hand reaches the
#: standing glass 0.1–0.2 s after it came down; W-38's shortest start in issue 26). A pour begun sooner than 0.1 s
#: that is smaller than the sip hides in the sensor's settling (docs/weight-pipeline.md, Limits)
POUR_REACH_S = 0.15
#: the heaviest thing ``phone G`` lays beside the glass (grams: a phone, keys, a wallet)
MAX_PHONE_G = 1000.0


class Simulation(DeviceLoop):
    """The game host on a fake scale with a terminal display, paced in real time unless ``fast``.

    config: the app config (players, rules, glass, language, dice mode);
    seed: dice, noise and the demo's choices; speed: real-time factor; glass_g: another
    empty glass physically on the scale than the config believes (``--glass-g``, W-37);
    store: the state directory (``--state-dir``): the game is kept there and resumed as by ``waage run``
    (``wiring.sim_parts``); ``start`` logs the resumed game's ``game_resumed``;
    empty_glass: the glass stands EMPTY on the scale and the device UI leads through weighing it first
    (``weigh_first``: "Glas LEER auflegen, dann OK", the size, OK takes it, then ``refill G``; issue 30), as
    ``waage sim --interactive`` starts; else it is filled (the demo, which plays by itself).
    """

    def __init__(self, config: AppConfig, seed: int | None, out: TextIO, fast: bool = False,
                 speed: float = 1.0, lang: str | None = None,
                 sinks: Iterable[Callable[[dict[str, Any]], None]] = (),
                 sleep: Callable[[float], None] = time.sleep, hub: LiveHub | None = None,
                 glass_g: float | None = None, empty_glass: bool = False,
                 store: StateStore | None = None) -> None:
        self.config = config
        if not speed > 0:
            raise ValueError(f"speed must be more than 0, got {speed}")
        self.fast, self.speed, self.sleep = fast, speed, sleep
        #: at most this many real seconds per ``advance`` (None: the whole span at ``speed``)
        self.max_wall_s: float | None = None
        #: the interactive simulator's scale only samples while a command runs (the web says so)
        self.waits_for_input = False
        #: the real clock (s) of ``sample_at``, the web's sample age: ``time.monotonic`` (tests: a fake one)
        self.clock: Callable[[], float] = time.monotonic
        #: ``clock()`` when the simulated scale last sampled (``LiveSnapshot.sample_at``)
        self.sample_at: float | None = None
        self.hub = hub or LiveHub()
        self.feed = wiring.LiveFeed(self.hub)
        #: the state directory (None: nothing is kept); a web set-up is saved there too
        self.store = store
        self.host, self.scale, self.display, self.preface = wiring.sim_parts(
            config, seed, out, lang, sinks=[*sinks, self.feed], glass_g=glass_g, empty_glass=empty_glass,
            store=store)
        if store is not None:  # records already logged: the feed numbers on, the web resumes from the file
            self.feed.line = store.lines or 0
            self.hub.lines = self.feed.line
        self.weigh_first = empty_glass
        self.lang = self.display.lang
        self.fill_g = round(config.glass.glass_capacity_g * wiring.FILL_SHARE)
        #: adapters started by ``wiring.make_observers`` (web, MQTT)
        self.adapters: list[Any] = []
        self.ui = self.make_ui()
        self._next_frame_s = 0.0
        self.story: deque[str] = deque(maxlen=3)
        self.host.sinks.append(self._narrate)
        self.host.sinks.append(self._glass_follows)
        #: commands from observers (``submit``), run on this thread at the next frame
        self.commands: queue.Queue[Any] = queue.Queue()

    def start(self) -> None:
        """Start the hosted game (or announce the resumed one) at the scale's time, with the events
        the state directory asks to log first (``wiring.resume_or_new``)."""
        self.host.start(self.scale.now_s, preface=self.preface)
        self.preface = []

    def _glass_follows(self, record: dict[str, Any]) -> None:
        """The simulated glass holds what it was weighed for (W-36), however it was weighed (the device's menu, a
        phone, the shell's ``glass``): from then on what does not fit runs over its rim."""
        if record["event"] == "glass_weighed" and self.host.scale is not None:
            self.scale.capacity_g = self.host.scale.glass.glass_capacity_g

    def _narrate(self, record: dict[str, Any]) -> None:
        """Keep the last few events in words under the picture."""
        engine = self.host.engine
        if record["event"] == "glass_empty" and self.ui.menu_open and not glass_weighed(self.ui):
            # the screen asks to weigh the glass first (issue 30): "bitte nachfüllen" led a new-user trial's host to
            # fill the unweighed glass first
            record = {**record, "event": "glass_empty_unweighed"}
        if record["event"] == "stats" and self.store is not None:
            # kept in the state directory, the game goes on at the next start: no "Spielende" (issue 26)
            record = {**record, "event": "stats_kept"}
        if self.host.scale is not None:
            line = narrate(record, self.display.lang, chooser=engine.state.chooser)
        else:  # a helper game started from the menu or the phone
            from waage.display.helper_texts import narrate as helper_narrate

            line = helper_narrate(record, self.display.lang, engine.game_id)
        if line:
            self.story.append(line)
            self.display.caption = tuple(self.story)

    # ------------------------------------------------------------------ time
    def advance(self, samples: list[Sample]) -> None:
        """Feed samples, redrawing the screen every FRAME_S of simulated time (paced unless fast).

        With ``max_wall_s`` a long span (a big refill) plays faster so it takes at most that long.
        """
        speed = self.speed
        if self.max_wall_s and samples:
            speed = max(speed, (samples[-1].t_s - samples[0].t_s) / self.max_wall_s)
        for sample in samples:
            if not self.ui.on_sample(sample):  # the menu's calibration measures: the game does not see it
                self.host.on_sample(sample)
            if sample.t_s >= self._next_frame_s:
                self._next_frame_s = sample.t_s + FRAME_S
                self.sample_at = self.clock()
                self.show()
                if not self.fast:
                    self.sleep(FRAME_S / speed)
        self.show()

    def calibrated(self, result: dict[str, float]) -> bool:
        """The menu's calibration, used at once; the simulator's is never saved (False), not even with a
        state directory (its scale delivers grams)."""
        from waage.weight.settings import Calibration

        calibration = Calibration(offset=result["offset"], counts_per_gram=result["counts_per_gram"])
        rate_hz = wiring.sim_rate_hz(self.config)
        wiring.recalibrated(self.host, wiring.pipeline_factory(self.config, calibration, rate_hz))
        return False

    def show(self) -> None:
        """Run queued commands, draw the current screen (the display skips unchanged
        frames) and hand the live hub a snapshot."""
        while True:
            try:
                command = self.commands.get_nowait()
            except queue.Empty:
                break
            self.command(command)  # the same as ``waage run`` (DeviceLoop)
        view = self.ui.view()
        self.display.show(self.screen(view))
        self.publish(view, self.sample_at, {"dice_mode": self.ui.dice_mode, "sim_waits_for_input": self.waits_for_input})

    def pause(self, seconds: float) -> None:
        """Let simulated time pass with the glass standing still."""
        self.advance(self.scale.wait(seconds))


def play_demo(sim: Simulation, seed: int, max_rounds: int = 25) -> None:
    """The self-playing demo: rounds until a tie-break, a Pasch, a miss and 3 rounds were seen."""
    rng = random.Random(f"waage-demo-{seed}")
    host, scale = sim.host, sim.scale
    seen: set[str] = set()

    def watch(rec: dict[str, Any]) -> None:
        if rec["event"] == "tie_break_started":
            seen.add("tie_break")
        elif rec["event"] == "round_ended" and rec["reason"] != "all_rolled":
            seen.add("pasch")
        elif isinstance(ev := typed_one(rec), Sip) and ev.verdict == "miss":
            seen.add("miss")

    host.sinks.append(watch)
    sim.start()
    sim.pause(2.0)
    while True:
        s = host.engine.state
        if s.glass_unknown is not None and scale.beer_g < 1.0 and not scale.lifted:
            # W-36/W-37: the party's own glass, drunk empty: they weigh it ("Glas wiegen"), then fill it
            weigh_in_demo(sim)
            continue
        if s.phase == WaagespielPhase.SETUP:  # the scale has not settled on the glass yet (W-37: a heavier takes 5 s)
            sim.pause(1.0)
            continue
        if s.phase in (WaagespielPhase.ROLLING, WaagespielPhase.TIE_BREAK):
            if s.next_to_roll == s.round_starter and not s.rolls and s.phase == WaagespielPhase.ROLLING:
                done = s.round - 1
                if done >= max_rounds or (done >= 3 and seen >= {"tie_break", "pasch", "miss"}):
                    break
            if sim.ui.dice_mode == "manual":
                sim.ui.dice_mode = "electronic"
            host.roll(None, t_s=scale.now_s)
            sim.pause(1.5)
        elif s.phase == WaagespielPhase.CHOOSING:
            pick = rng.randrange(len(s.players))
            for _ in range(pick):
                sim.ui.on_key(Key.NEXT, scale.now_s)
                sim.pause(0.4)
            sim.ui.on_key(Key.OK, scale.now_s)
            sim.pause(1.0)
        elif s.phase == WaagespielPhase.AWAITING_REFILL or s.glass_empty:
            sim.pause(1.5)
            sim.advance(scale.refill(sim.fill_g - scale.beer_g))
            sim.pause(1.0)
        else:  # drinking
            chosen = s.chosen
            assert chosen is not None
            if scale.beer_g < chosen.min_g and (s.attempt == 0 and rng.random() < 0.5 or scale.beer_g < 1.0):
                sim.advance(scale.refill(sim.fill_g - scale.beer_g))  # the Auserwählte's right (W-33)
                sim.pause(1.0)
                continue
            if "miss" not in seen and rng.random() < 0.5:
                grams = chosen.target_g * rng.uniform(0.5, 0.8)
            else:
                grams = chosen.target_g * rng.uniform(0.93, 1.07)
            sim.advance(scale.sip(grams))
            sim.pause(2.0)
    host.finish(scale.now_s)
    sim.display.show(sim.ui.game.stats_view())  # the game's own figures (waage.stats), page 1


def weigh_in_demo(sim: Simulation) -> None:
    """The demo's "Glas wiegen" (W-36): the empty glass standing on the scale is weighed, as from the menu."""
    session, scale = sim.host.scale, sim.scale
    if session is None:  # the demo plays the Waagespiel; a game without a scale weighs no glass
        return
    session.begin_weighing(scale.now_s)
    sim.pause(3.0)
    out = session.weigh_glass(t_s=scale.now_s)
    if not (out and out[0]["event"] == "glass_weighed"):
        session.cancel_weighing(scale.now_s)
    sim.pause(1.0)


class InteractiveShell(KeyCommands, cmd.Cmd):
    """Typed commands for ``waage sim --interactive`` (``help`` lists them).

    The command words are the replay's (``roll``, ``sip``, ...); everything the shell says
    comes from the simulator's text tables (``helper_texts.sim_word``/``sim_help`` and the
    display's rejection texts) in the display's language, which the game menu may switch.
    """

    prompt = "waage> "

    def __init__(self, sim: Simulation, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.sim = sim
        self.intro = sim_word("ws_intro", self.lang)
        sim.host.sinks.append(self._tell_rejected)
        sim.max_wall_s = COMMAND_WALL_S   # the prompt comes back within about a second

    @property
    def lang(self) -> str:
        """The language of the display now ("de"/"en"; the menu may change it)."""
        return str(self.sim.display.lang)

    def say(self, name: str, **fields: Any) -> None:
        """One line: the simulator text ``name`` in the display's language."""
        self.stdout.write(sim_word(name, self.lang, **fields) + "\n")

    def _not_now(self, record: dict[str, Any]) -> None:
        self.stdout.write(f"{text('rejected_title', self.lang)}: {rejection_text(record, self.lang)}\n")

    def _tell_rejected(self, record: dict[str, Any]) -> None:
        # a helper game's shell tells its own rejections (after a switch from the menu or /setup)
        if record["event"] == "input_rejected" and self.sim.host.scale is not None:
            self._not_now(record)

    def get_names(self) -> list[str]:
        """The commands for ``help`` (end of input is no command to list)."""
        return [n for n in super().get_names() if n != "do_EOF"]

    def do_help(self, arg: str) -> None:
        """help [COMMAND]: the commands (or one) in the display's language"""
        rows = sim_help(self.sim.host.engine.game_id, self.lang)
        rows = rows + [("n / p / o / b", sim_word("keys", self.lang))]
        word = arg.strip().lower()
        if word:
            word_of = {"n / p / o / b": ("n", "p", "o", "b")}
            rows = [row for row in rows if word in word_of.get(row[0], row[0].split()[:1])]
            if not rows:
                self.say("ws_no_help", word=word)
                return
        for syntax, meaning in rows:
            self.stdout.write(f"  {syntax:<14} {meaning}\n")

    def _num(self, arg: str, what: str) -> float | None:
        """``arg`` as a finite number ≥ 0 (a decimal comma as typed in German, ``12,5``, is a point), or None after
        saying what is wrong with it."""
        typed = arg.strip()
        if typed.count(",") == 1 and "." not in typed:
            typed = typed.replace(",", ".")
        try:
            if not typed.isascii() or "_" in typed:
                raise ValueError  # float() takes "1_0" and full-width digits; nobody types those for grams
            value = float(typed)
            if not math.isfinite(value):
                raise ValueError
        except ValueError:
            self.say("ws_number", cmd=what, word=arg)
            return None
        if value < 0:
            self.say("ws_negative", cmd=what)
            return None
        return value

    def postcmd(self, stop: bool, line: str) -> bool:
        """After each command half a second of simulated time passes, so the screen follows; with a state
        directory the simulated glass is kept there (``sim_glass``: a game stopped mid-drink resumes with it)."""
        if not stop:
            self.sim.pause(0.5)
        store = self.sim.store
        if store is not None:
            sim_glass.keep(store.directory, store.lines or 0, self.sim.scale)
        return stop

    def do_roll(self, arg: str) -> None:
        """roll [A B]: electronic dice, or both dice by hand"""
        host, now = self.sim.host, self.sim.scale.now_s
        if self.sim.ui.menu_open and not glass_weighed(self.sim.ui):
            # the device shows "Erst das Glas wiegen" (issue 30): its keys lead on to the weighing, never to a roll
            # (a new-user trial: a typed roll started the round with an unweighed, empty mug)
            self.say("ws_glass_first", cmd="roll")
            return
        parts = arg.split()
        if not parts:
            host.roll(None, now)
            return
        try:
            host.roll(check_pair([int(p) for p in parts]), now)
        except ValueError:
            self.say("ws_dice", cmd="roll", word=arg)

    def do_choose(self, arg: str) -> None:
        """choose NAME: the Einer-Pasch roller names the Auserwählte (the name in any case: ``ben`` is Ben)"""
        name = arg.strip()
        if not name:
            self.say("err_needs", cmd="choose", keys="NAME")
            return
        self.sim.host.choose(canonical_name(name, self.sim.host.engine.players) or name, self.sim.scale.now_s)

    def _grams(self, arg: str, what: str) -> float | None:
        """``arg`` as grams (0 … MAX_GRAMS), or None after saying what is wrong with it."""
        value = self._num(arg, what)
        if value is not None and value > MAX_GRAMS:
            self.say("ws_at_most_g", cmd=what, g=f"{MAX_GRAMS:g}")
            return None
        return value

    def _physical(self, kind: str, arg: str | None = None, word: str | None = None) -> bool:
        """Do one physical action (typed as ``word``); False (and a message) when it was refused."""
        word = word or kind
        value = None
        if arg is not None:
            value = self._grams(arg, word)
            if value is None:
                return False
        try:
            self.sim.advance(physical(self.sim.scale, kind, value))
        except InputRejected as exc:
            self._not_now(exc.record())
            return False
        return True

    def do_lift(self, arg: str) -> None:
        """lift: take the glass off the scale"""
        self._physical("lift")

    def do_drink(self, arg: str) -> None:
        """drink G: drink G grams from the lifted glass"""
        self._physical("drink", arg)

    def do_put(self, arg: str) -> None:
        """put [G]: put the glass back on the scale (and let it settle); with G, pour G grams into it the moment
        it stands (0.15 s after the touch-down), before the verdict (W-38: the attempt cannot be measured, the
        screen asks to pour after it)"""
        if not arg.strip():
            self._physical("put_back", word="put")
            self.sim.pause(FakeScale.SETTLE_S)
            return
        if self._grams(arg, "put") is not None and self._physical("put_back", word="put"):
            self.sim.pause(POUR_REACH_S)
            self._pour(arg, "put")

    def do_sip(self, arg: str) -> None:
        """sip G: lift, drink G grams, put back (all in one)"""
        self._physical("sip", arg)

    def do_refill(self, arg: str) -> None:
        """refill G: pour G grams into the glass on the scale (what does not fit spills)"""
        self._pour(arg, "refill")

    def _pour(self, arg: str, word: str) -> None:
        """Pour ``arg`` grams into the glass on the scale (typed as ``word``); say what spilled over."""
        scale = self.sim.scale
        before = scale.beer_g
        if self._physical("refill", arg, word=word):
            poured = scale.beer_g - before
            spilled = (self._num(arg, word) or 0.0) - poured  # valid: _physical read it
            if spilled >= 0.5:
                self.say("ws_spilled", cmd=word, poured=f"{poured:.0f}", spilled=f"{spilled:.0f}",
                         capacity=f"{scale.capacity_g:.0f}")

    def do_wait(self, arg: str) -> None:
        """wait S: let S seconds pass"""
        seconds = self._num(arg or "1", "wait")
        if seconds is not None and seconds > 600:
            self.say("ws_at_most_s", cmd="wait", s=600)
        elif seconds is not None:
            self.sim.pause(seconds)

    def do_bump(self, arg: str) -> None:
        """bump G: knock the table (ringing of about G grams, no lift)"""
        self._physical("bump", arg or "30")

    def do_glass(self, arg: str) -> None:
        """glass G: "Glas wiegen": take the glass off, put an empty G-gram glass on, weigh it (W-36);
        with the device's weighing screen already open, only put the glass on (OK there weighs it); while the
        device asks the glass's size, nothing (choose the size with OK first)"""
        grams = self._grams(arg, "glass")
        if grams is None:
            return
        if not MIN_GLASS_G <= grams <= MAX_GLASS_G:  # refused before the glass is swapped: nothing changes
            self._not_now(InputRejected(f"{grams:.0f} g is no empty glass", "implausible",
                                        load_g=round(grams)).record())
            return
        session, scale = self.sim.host.scale, self.sim.scale
        if session is None:  # this shell plays the Waagespiel; after a switch to a helper game: no scale
            self._not_now(no_scale().record())
            return
        if scale.lifted:
            self._not_now(InputRejected("the glass is lifted", "glass_lifted").record())
            return
        if session.weighing:  # the device's (or the phone's) "Glas wiegen" is open: OK there weighs it
            self.sim.advance(scale.place(grams))
            self.sim.pause(2.0)
            return
        if self.sim.ui.choosing_glass_size:  # the device's "Glas wiegen" asks the size first: its OK opens the weighing
            self.say("ws_glass_size_first", cmd="glass", g=f"{grams:g}")
            return
        if any(r["event"] == "input_rejected" for r in session.begin_weighing(scale.now_s)):
            return  # said by _tell_rejected
        self.sim.advance(scale.place(grams))
        self.sim.pause(2.0)
        out = session.weigh_glass(t_s=scale.now_s)
        if not (out and out[0]["event"] == "glass_weighed"):
            session.cancel_weighing(scale.now_s)

    def do_phone(self, arg: str) -> None:
        """phone G: lay a G-gram phone on the platform beside the glass (W-37a, W-35: nothing changes, however long
        it lies there, and a sip meanwhile is judged without it; a thing lighter than 140 g that leaves the load
        within the glass's capacity is a refill, W-33, and its removal a fall, docs/weight-pipeline.md, Limits);
        phone: take it away"""
        scale = self.sim.scale
        if not arg.strip():
            if scale.beside_g <= 0.0:
                self.say("ws_no_phone", cmd="phone")
                return
            self.sim.advance(scale.lay(-scale.beside_g))
            return
        grams = self._num(arg, "phone")
        if grams is None:
            return
        if not 0.0 < grams <= MAX_PHONE_G:
            self.say("ws_phone_g", cmd="phone", g=f"{MAX_PHONE_G:g}")
            return
        self.sim.advance(scale.lay(grams))

    def _key(self, key: Key) -> None:
        self.sim.ui.on_key(key, self.sim.scale.now_s)

    def do_stats(self, arg: str) -> None:
        """stats: the game menu (its "Statistik" entry shows the statistics)"""
        self._key(Key.BACK)

    def do_quit(self, arg: str) -> bool:
        """quit: leave the simulator (statistics are shown); with --state-dir the game goes on at the next start"""
        self.sim.host.finish(self.sim.scale.now_s)
        self.sim.display.show(self.sim.ui.game.stats_view())  # the game played now: after a menu switch a helper game
        if self.sim.store is not None:  # "Spielende" alone misled a new-user trial (issue 26): it is kept
            self.say("ws_kept", dir=self.sim.store.directory)
        return True

    do_EOF = do_quit

    def default(self, line: str) -> None:
        """An unknown command: say so and point to ``help``."""
        self.say("ws_unknown", word=line)

    def emptyline(self) -> None:
        """An empty line does nothing (cmd would repeat the last command)."""
        return None


class GameShell(cmd.Cmd):
    """``waage sim --interactive``: the typed commands of the game played NOW (issue 21).

    The game menu (``b``) or a phone's ``/setup`` may switch the game at any time; every line goes
    to the shell of the game the host plays when it is typed: the Waagespiel's ``InteractiveShell``
    (``roll``, ``sip 40``, …) or the helper game's ``HelperShell`` (``field kneipe``, ``play Anna 2
    exact``, …), each made once per game and kept. ``help`` lists the current game's commands.

    For a helper game the simulated clock follows the real time between two commands (at most
    MAX_IDLE_S; ``clock``: seconds, default the simulator's ``clock``), so the session log's ``t_s`` (the
    Trottelmütze's time in the statistics) is what the table lived; the Waagespiel keeps its own
    simulated time (each command's animation). The simulated scale samples on meanwhile, so a
    Waagespiel switched to afterwards starts with a fresh sample (issue 30: no "no readings" banner).
    ``quit`` (or the end of input) ends every game alike: its closing summary is logged and its
    statistics show.
    """

    prompt = "waage> "
    #: most real seconds one pause between two commands adds to a helper game's clock
    MAX_IDLE_S = 600.0

    def __init__(self, sim: Simulation, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.sim = sim
        self.clock = clock or sim.clock
        self._last = self.clock()
        self.shells: dict[str, cmd.Cmd] = {}
        self.intro = getattr(self.shell(), "intro", None)

    def shell(self) -> cmd.Cmd:
        """The shell of the game the host plays now (made on first use)."""
        sim = self.sim
        game = sim.host.engine.game_id
        found = self.shells.get(game)
        if found is None:
            if spec(game).uses_scale:
                found = InteractiveShell(sim, stdin=self.stdin, stdout=self.stdout)
            else:
                found = HelperShell(game, list(sim.host.engine.players), sim.host.dice, sim.display, host=sim.host,
                                    keys=lambda key: sim.ui.on_key(key, sim.scale.now_s), redraw=sim.show,
                                    stdin=self.stdin, stdout=self.stdout)
            self.shells[game] = found
        if not spec(game).uses_scale:  # the game may have been started anew, the language switched
            found.engine = sim.host.engine  # type: ignore[attr-defined]
            found.lang = str(sim.display.lang)  # type: ignore[attr-defined]
        return found

    def _catch_up(self) -> None:
        """A helper game: let the simulated clock follow the real time since the last command."""
        now = self.clock()
        idle, self._last = min(max(now - self._last, 0.0), self.MAX_IDLE_S), now
        if idle > 0 and self.sim.host.scale is None:
            for sample in self.sim.scale.wait(idle):
                if not self.sim.ui.on_sample(sample):
                    self.sim.host.on_sample(sample)
            self.sim.sample_at = now  # the scale sampled up to now

    def onecmd(self, line: str) -> bool:
        """Run ``line`` in the current game's shell (then its ``postcmd``); True ends the loop.
        The time since the last command passes in the game played then; a game a phone started
        meanwhile (``/setup``, queued) is started next, before the line."""
        self._catch_up()
        self.sim.show()
        if line.strip().lower() in ("quit", "exit", "eof") and self.sim.host.scale is None:
            # a helper game ends as the Waagespiel does: its closing summary, its statistics on the screen
            self.sim.host.finish(self.sim.scale.now_s)
            self.sim.display.show(self.sim.ui.game.stats_view())
            return True
        shell = self.shell()
        stop = bool(shell.onecmd(line))
        stop = bool(shell.postcmd(stop, line))
        self._last = self.clock()
        return stop


class TypedHelperShell(HelperShell):
    """``waage sim --game NAME`` without ``--interactive``: a helper game's typed inputs (``HelperShell``)
    on the device's host, drawn with the game's own screens (no device keys, no game menu).

    The host logs every record, so the live pages' feed, ``/api/session.jsonl`` and the statistics
    fill as with ``--interactive`` (issue 30); ``--log`` prints each record once, with its input's
    ``step`` as ``waage replay`` does. As in ``GameShell`` the simulated clock follows the real time
    between two inputs (at most ``GameShell.MAX_IDLE_S``; ``clock``: seconds, default the simulator's
    ``clock``).
    """

    def __init__(self, sim: Simulation, log: Callable[[dict[str, Any]], None] | None = None,
                 stdin: TextIO | None = None, stdout: TextIO | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.sim, self.clock = sim, clock or sim.clock
        self._last = self.clock()
        engine = sim.host.engine
        super().__init__(engine.game_id, list(engine.players), sim.host.dice, sim.display, log=log,
                         stdin=stdin, stdout=stdout, host=sim.host, redraw=self.draw)

    def draw(self) -> None:
        """The game's own screen for the host's last records, on the display and the live pages."""
        sim = self.sim
        view = spec(self.game).screen_of(sim.host.engine, sim.host.last_events, str(sim.display.lang))
        sim.display.show(sim.screen(view))
        sim.publish(view, sim.sample_at, {"dice_mode": sim.ui.dice_mode, "sim_waits_for_input": False})

    def precmd(self, line: str) -> str:
        """Before an input: the simulated clock catches up with the real time since the last one."""
        now = self.clock()
        idle, self._last = min(max(now - self._last, 0.0), GameShell.MAX_IDLE_S), now
        if idle > 0:
            self.sim.host.on_samples(self.sim.scale.wait(idle))
        return line


def record_printer(stream: TextIO) -> Callable[[dict[str, Any]], None]:
    """The ``--log`` sink: each record as one JSON line on ``stream``, in one write (the terminal
    picture's thread writes to the same stream: a line written in two parts could take a frame
    between them)."""
    def print_record(record: dict[str, Any]) -> None:
        stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        stream.flush()
    return print_record


#: characters the simulator's picture takes (its frame, the OLED's 128 × 64 pixels as half blocks: 130 × 34),
#: three lines of narration and the prompt (the README says so; a new-user trial's 130 × 36 lost the frame's top)
TERMINAL_NEED = (130, 38)


def warn_small_terminal(out: TextIO, lang: str, size: tuple[int, int] | None = None) -> bool:
    """Say once when ``out`` is a terminal smaller than ``TERMINAL_NEED`` (a new-user trial's 80 × 24 window showed
    a torn picture with no word why); ``size``: (columns, lines), default the terminal's. True when it said so."""
    if size is None:
        isatty = getattr(out, "isatty", None)
        if not (isatty and isatty()):
            return False
        size = tuple(shutil.get_terminal_size())
    cols, rows = size
    need_cols, need_rows = TERMINAL_NEED
    if cols >= need_cols and rows >= need_rows:
        return False
    out.write(sim_word("ws_small_terminal", lang, need_cols=need_cols, need_rows=need_rows, cols=cols, rows=rows)
              + "\n")
    return True


def main(args: argparse.Namespace) -> int:
    """Entry of ``waage sim``; returns the exit status."""
    config = wiring.sim_config(args.config)
    if args.game:  # the game played (a saved game is compared with it, ``wiring.resume_or_new``)
        config.game = config.game.model_copy(update={"game": args.game})
    store = None
    if getattr(args, "state_dir", None) is not None:  # kept and resumed as ``waage run`` does
        from waage.app.run import lock_state_directory

        state_dir = wiring.state_directory(config, args.state_dir)
        _lock = lock_state_directory(state_dir)  # noqa: F841 (held while the simulator runs)
        config = with_saved_setup(config, state_dir, args.config)  # players etc. set from a phone
        store = StateStore(state_dir)
    # the scripted demo keeps its dice (DEMO_SEED); an interactive game rolls fair dice (``secrets``,
    # W-03) unless ``--seed`` asks for a repeatable one
    # (a helper game typed without ``--interactive`` rolls fair dice too: no demo)
    typed_helper = not args.interactive and not spec(config.game.game).uses_scale
    seed = args.seed if args.seed is not None or args.interactive or typed_helper else DEMO_SEED
    sinks: list[Callable[[dict[str, Any]], None]] = []
    if args.log and not typed_helper:  # the typed helper mode prints its records with their step
        sinks.append(record_printer(sys.stdout))
    from waage.web.wiring import DroppingStream

    # with the web view on, an unread stdout pipe must not stall the game: frames may be dropped
    out = DroppingStream(sys.stdout) if getattr(args, "web", None) and not sys.stdout.isatty() else sys.stdout
    # interactive: the glass stands empty and the device leads through weighing it first (issue 30)
    sim = Simulation(config, seed, out, fast=args.fast, speed=args.speed, lang=args.lang, sinks=sinks,
                     glass_g=getattr(args, "glass_g", None), empty_glass=bool(args.interactive),
                     store=store)
    warn_small_terminal(out, sim.lang)
    sim.adapters = wiring.make_observers(config, args, sim.hub, sim.commands.put, lambda: sim.config,
                                         log_path=store.log_path if store is not None else None)
    wiring.add_menu_entries(sim.ui, sim.adapters)
    try:
        return _play(sim, args, config, seed, any(hasattr(a, "screen") for a in sim.adapters))
    finally:
        sim.hub.close()
        if store is not None:
            store.close()


def _play(sim: Simulation, args: argparse.Namespace, config: AppConfig, seed: int | None, web: bool) -> int:
    """The helper mode, the interactive shell or the demo (again and again while the web view is on)."""
    game = sim.host.engine.game_id if sim.store is not None else config.game.game  # a saved game goes on
    if not spec(game).uses_scale:
        teams = bool(game_options(config, game, list(config.game.players)).get("teams"))
        if args.interactive:
            # the device's host and UI: typed inputs as in replay, and the device keys n/p/o/b
            # (the session log comes from the host's sinks, ``--log`` included); the typed commands
            # follow the game played now (GameShell)
            sim.waits_for_input = True  # after a switch to the Waagespiel its time passes per command
            _start_helper(sim, game, config, teams)
            GameShell(sim).cmdloop()
            return 0
        # on the device's host too (issue 30: the pages' feed and statistics fill), with the game's own screens
        _start_helper(sim, game, config, teams)
        TypedHelperShell(sim, log=record_printer(sys.stdout) if args.log else None).cmdloop()
        return 0
    if args.interactive:
        sim.waits_for_input = True  # simulated time passes per command: the pages say so
        sim.start()
        sim.pause(1.0)
        GameShell(sim).cmdloop()
        return 0
    demo_seed = DEMO_SEED if seed is None else seed
    play_demo(sim, demo_seed)
    while web and not sim.fast:  # the pages stay live: after the statistics a new demo game begins
        sim.pause(10.0)
        reset_game(sim)
        play_demo(sim, demo_seed)
    return 0


def _start_helper(sim: Simulation, game: str, config: AppConfig, teams: bool) -> None:
    """Start the helper game ``game`` on the simulator's host (which holds a new Waagespiel), or, with a
    state directory, the game it holds (``game`` of the config, or the saved one: resumed)."""
    if sim.store is None:
        sim.host.new_game(game, list(config.game.players), **({"teams": True} if teams else {}))
    else:
        sim.start()
    sim.new_ui()
