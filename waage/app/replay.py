"""``waage replay SCENARIO``: the headless contract (``shared/docs/replay-contract.md``).

The real application pipeline with no hardware: a ``FakeScale`` fed from the
scenario, manual or seeded dice and choices from the scenario, the event log
as JSON Lines on standard output.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from waage.app.host import GameHost
from waage.app.scale_session import no_scale
from waage.app.scenario import HelperScenario, Scenario
from waage.app.wiring import glass_of, replay_host  # noqa: F401 - glass_of re-exported
from waage.config import AppConfig
from waage.rules.dice import make_dice
from waage.rules.game import InputRejected
from waage.sensors.fake import FakeScale
from waage.weight.events import Sample, SensorFault, SensorRecovered

#: no samples for this long is a stalled sensor (serial-protocol.md: liveness)
STALL_S = 0.5
#: a long ``wait_s`` is simulated in pieces of this many seconds
WAIT_CHUNK_S = 10.0
#: steady time after a recovery in replay, for the pipeline's first settle
RESETTLE_S = 1.0
#: a roll or choice while the device has not settled on the glass yet waits at most this long for it, as
#: a party at the table does: a heavier glass than the one in use is found after 5 s steady (W-37)
SETUP_WAIT_MAX_S = 6.0
SETUP_WAIT_STEP_S = 0.25


def build(scenario: Scenario, config: AppConfig | None, sinks: list[Callable[[dict[str, Any]], None]]) -> tuple[GameHost, FakeScale]:
    """The host and fake scale for a scenario (built by ``wiring.replay_host``; shared by replay and its tests)."""
    return replay_host(scenario, config, sinks)


#: inputs that move the glass on the simulated scale
PHYSICAL = ("sip", "refill", "lift", "put_back", "drink", "bump")


def physical(fake: FakeScale, kind: str, value: Any) -> list[Sample]:
    """One physical action on the simulated scale; returns its samples.

    kind: one of PHYSICAL; value: grams for sip/refill/drink/bump.
    Raises InputRejected (with a reason a person understands; code ``glass_on_scale`` or
    ``glass_lifted`` for the display's text) for an action the glass's position does not
    allow: lift/drink need it lifted or on the scale, etc.
    """
    if kind in ("drink", "put_back") and not fake.lifted:
        raise InputRejected(f"the glass stands on the scale: lift it before '{kind}'", "glass_on_scale")
    if kind in ("lift", "refill") and fake.lifted:
        raise InputRejected(f"the glass is lifted: put it back before '{kind}'", "glass_lifted")
    if kind == "drink":
        fake.drink(float(value))
        return []
    if kind in ("lift", "put_back"):
        return getattr(fake, kind)()
    return getattr(fake, kind)(float(value))


def play(scenario: Scenario, host: GameHost, fake: FakeScale) -> None:
    """Apply every input of the scenario in order, then log ``stats``.

    A roll or choice while the device has not settled on the glass yet (a heavier glass than the one
    in use takes 5 s, W-37) first waits for it (``settle_first``), as the players at the table do.
    """
    host.start(fake.now_s)
    host.on_samples(fake.wait(1.0))
    for index, item in enumerate(scenario.input):
        kind = item.kind
        if kind in ("roll", "choose"):
            settle_first(host, fake)
        if kind == "roll":
            host.roll(None if item.roll == "auto" else item.roll, t_s=fake.now_s)  # type: ignore[arg-type]
        elif kind == "choose":
            host.choose(item.choose or "", t_s=fake.now_s)
        elif kind in PHYSICAL:
            try:
                host.on_samples(physical(fake, kind, getattr(item, kind)))
            except InputRejected as exc:
                host.reject(item.as_given(), str(exc), fake.now_s)
        elif kind == "wait_s":
            wait(host, fake, item.wait_s or 0.0)
        elif kind == "trace":
            host.on_samples(fake.play_trace(scenario.trace_rows(index)))
        elif kind == "stall_s":
            stall(host, fake, item.stall_s or 0.0)
        elif kind == "new_glass":
            new_glass(host, fake, item.new_glass or 0.0, item.as_given())
    host.finish(fake.now_s)


#: after a glass swap the scale stands this long before the weighing is taken (the long window + ringing)
WEIGH_SETTLE_S = 2.0
#: a weighing refused as "not steady" is tried again after this long, for at most WEIGH_TRIES times
WEIGH_RETRY_S = 0.5
WEIGH_TRIES = 20


def new_glass(host: GameHost, fake: FakeScale, grams: float, given: dict[str, Any]) -> None:
    """``new_glass`` (contract "Another glass", W-36): "Glas wiegen", the glass on the scale is taken off, an
    empty glass of ``grams`` is put on, it settles and is weighed (``glass_weighed``).

    ``input_rejected`` while an attempt is under way (the glass lifted or not yet settled back) or when
    the weighing is refused (the load never steady, an implausible glass: the glass in use stays).
    """
    scale = host.scale
    if scale is None:
        host.reject(given, no_scale(), fake.now_s)
        return
    if fake.lifted:
        host.reject(given, InputRejected("the glass is lifted: an attempt is under way; put it back first",
                                               "attempt_under_way"), fake.now_s)
        return
    opened = scale.begin_weighing(fake.now_s, given=given)
    if any(r["event"] == "input_rejected" for r in opened):
        return
    host.on_samples(fake.place(grams))
    host.on_samples(fake.wait(WEIGH_SETTLE_S))
    for _ in range(WEIGH_TRIES):
        steady = scale.pipeline is not None and scale.pipeline.steady
        records = scale.weigh_glass(t_s=fake.now_s, given=given) if steady else []
        if records and records[0]["event"] == "glass_weighed":
            fake.capacity_g = scale.glass.glass_capacity_g  # the swapped-in glass holds what it is said to
            return
        if records:
            break  # refused for another reason than an unsteady load
        host.on_samples(fake.wait(WEIGH_RETRY_S))
    else:
        scale.weigh_glass(t_s=fake.now_s, given=given)  # logs the refusal (not steady)
    scale.cancel_weighing(fake.now_s)


def settle_first(host: GameHost, fake: FakeScale) -> None:
    """Steady load while the game waits for the scale to settle on the glass (phase "setup"), at most
    ``SETUP_WAIT_MAX_S``: a heavier glass is another glass after 5 s steady (W-37), not before."""
    waited_s = 0.0
    while getattr(host.engine.state, "phase", None) == "setup" and waited_s < SETUP_WAIT_MAX_S \
            and not fake.lifted:
        host.on_samples(fake.wait(SETUP_WAIT_STEP_S))
        waited_s += SETUP_WAIT_STEP_S


def wait(host: GameHost, fake: FakeScale, seconds: float) -> None:
    """Steady load for ``seconds``, generated and fed in chunks so memory stays flat for long waits."""
    end = fake.now_s + seconds
    while end - fake.now_s > 1e-9:
        host.on_samples(fake.wait(min(WAIT_CHUNK_S, end - fake.now_s)))


def stall(host: GameHost, fake: FakeScale, seconds: float) -> None:
    """The sensor goes silent for ``seconds``: a ``stalled`` fault, then recovery with the next sample.

    The scale's own timeline goes on meanwhile; its samples are lost, as on a real stall.
    After the recovery the scale stands still for RESETTLE_S so the fresh pipeline
    re-baselines (silently) before the next input.
    """
    host.on_sensor(SensorFault(fake.now_s + STALL_S, "stalled",
                                     f"no samples for {STALL_S} s: check the sensor cable"))
    fake.wait(seconds)
    host.on_sensor(SensorRecovered(fake.now_s))
    host.on_samples(fake.wait(RESETTLE_S))


def replay_helper(scenario: HelperScenario, out: TextIO) -> None:
    """Replay a helper game's scenario (helper-games-contract.md): JSON Lines with ``step``.

    ``game_started`` and what it causes carry step 0, the events of ``[[input]]`` N step N; an
    input that does not fit is logged as ``input_rejected`` {input, why, code}; an ``"auto"`` input
    (``roll = "auto"``) is drawn by the game's chance hook with the scenario's seed. The last line is the engine's ``summary``.
    """
    from waage.display.helper_texts import reason
    from waage.games import spec
    from waage.rules.helpers import InputRejected as HelperRejected

    game = spec(scenario.game)
    cls = game.engine_class()
    engine = cls(scenario.players, teams=scenario.teams) if scenario.teams else cls(scenario.players)
    dice = make_dice(scenario.seed)

    def write(step: int, events: list[dict[str, Any]]) -> None:
        for ev in events:
            out.write(json.dumps({"event": ev["event"], "step": step, **ev}, ensure_ascii=False) + "\n")

    write(0, engine.start())
    for step, (raw, inp) in enumerate(zip(scenario.input, scenario.inputs), start=1):
        try:
            resolved = game.resolve_chance(engine, raw, dice)  # "auto": the kit's chance hook
            write(step, engine.apply(inp if resolved == raw else resolved))
        except HelperRejected as exc:
            write(step, [{"event": "input_rejected", "input": raw, "why": reason(exc.code, exc.details, "en"),
                          "code": exc.code, "details": exc.details}])
    write(len(scenario.input), [engine.summary()])
    out.flush()


def replay(scenario: Scenario | HelperScenario, config: AppConfig | None = None, out: TextIO | None = None) -> None:
    """Run a validated scenario, writing the event log as JSON Lines to ``out`` (stdout).

    A helper game's scenario goes to ``replay_helper``; the Waagespiel through the real pipeline.
    """
    stream = out or sys.stdout
    if isinstance(scenario, HelperScenario):
        replay_helper(scenario, stream)
        return

    def write(record: dict[str, Any]) -> None:
        stream.write(json.dumps(record, ensure_ascii=False) + "\n")

    host, fake = build(scenario, config, [write])
    play(scenario, host, fake)
    stream.flush()


def load_and_replay(path: Path, config_path: Path | None) -> None:
    """Validate scenario (and config), then replay; raises InputFileError for bad files."""
    from waage.app.scenario import load_scenario
    from waage.config import load_config

    config = load_config(config_path) if config_path else None
    replay(load_scenario(path), config)
