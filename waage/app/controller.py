"""The one place where the game engine, the weight pipeline and the dice meet.

``GameController`` has no threads and no clock of its own: drivers (replay,
sim, run) hand it samples, sensor faults and player inputs with their times,
and it writes every resulting event, stamped with ``t_s``, to the log sinks.
After every decision the game state is saved (when a store is given), so
``waage run`` resumes where it stood after a crash or power cut.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from waage.rules.dice import Dice, Pair
from waage.rules.waagespiel import Event, InputRejected, Waagespiel
from waage.weight.events import Sample, SensorFault, SensorRecovered
from waage.weight.pipeline import WeightPipeline

LogSink = Callable[[dict[str, Any]], None]


class GameController:
    """Feeds samples through the pipeline into the engine and logs the events.

    engine: the Waagespiel (new or resumed); new_pipeline: makes a fresh weight
    pipeline (at start and after a sensor fault, to re-baseline);
    dice: used when a roll is asked for without dice (electronic dice);
    sinks: callables receiving each log record (dict with ``event`` and ``t_s``
    first); on_state: called with the engine after every decision (persistence).
    """

    def __init__(
        self,
        engine: Waagespiel,
        new_pipeline: Callable[[], WeightPipeline],
        dice: Dice,
        sinks: Iterable[LogSink] = (),
        on_state: Callable[[Waagespiel], None] | None = None,
    ) -> None:
        self.engine = engine
        self.new_pipeline = new_pipeline
        self.pipeline = new_pipeline()
        self.dice = dice
        self.sinks = list(sinks)
        self.on_state = on_state
        self.now_s = 0.0
        #: the engine takes its reference from the pipeline's next silent settle
        self._sync_reference = engine.state.reference_g is None
        if engine.state.reference_g is not None:
            self.pipeline.restore(engine.state.reference_g, engine.state.attempt_open)
        self.last_events: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ output
    def _emit(self, events: list[Event], t_s: float) -> list[dict[str, Any]]:
        records = []
        for ev in events:
            rec = {"event": ev["event"], "t_s": round(t_s, 3)}
            rec.update((k, v) for k, v in ev.items() if k != "event")
            records.append(rec)
            for sink in self.sinks:
                sink(rec)
        if records:
            self.last_events = records
            if self.on_state is not None:
                self.on_state(self.engine)
        return records

    def _reject(self, given: dict[str, Any], why: str | InputRejected, t_s: float) -> list[dict[str, Any]]:
        # ``why`` stays English (the replay log); ``code`` / ``args`` let the display say it in the player's language
        rec: dict[str, Any] = {"event": "input_rejected", "input": given}
        rec.update(why.record() if isinstance(why, InputRejected) else {"why": why})
        return self._emit([rec], t_s)

    # ------------------------------------------------------------------ inputs
    def start(self, t_s: float = 0.0) -> list[dict[str, Any]]:
        """Start a new game (or announce the resumed one) at ``t_s``."""
        self.now_s = t_s
        s = self.engine.state
        if s.round or s.reference_g is not None:
            return self._emit([{"event": "game_resumed", "round": s.round, "phase": s.phase}], t_s)
        return self._emit(self.engine.start(), t_s)

    def on_sample(self, sample: Sample) -> list[dict[str, Any]]:
        """One sample through the pipeline; weight events go to the engine (paused while faulted)."""
        self.now_s = sample.t_s
        out: list[dict[str, Any]] = []
        for wev in self.pipeline.feed(sample):
            out += self._emit(self.engine.weight(wev), wev.t_s)
        if self._sync_reference and self.pipeline.reference_g is not None:
            self._sync_reference = False
            out += self._emit(self.engine.scale_ready(self.pipeline.reference_g), sample.t_s)
        return out

    def on_samples(self, samples: Sequence[Sample]) -> list[dict[str, Any]]:
        """Many samples in order (see ``on_sample``); the hot path of replay and sim.

        Once the engine has its reference, the chunk goes through the pipeline in
        one ``feed_many`` call and the resulting weight events go to the engine
        in order (the pipeline never depends on the engine, so this is the same
        as feeding one by one).
        """
        out: list[dict[str, Any]] = []
        start = 0
        while self._sync_reference and start < len(samples):
            out += self.on_sample(samples[start])
            start += 1
        if start < len(samples):
            rest = samples[start:] if start else samples
            for wev in self.pipeline.feed_many(rest):
                out += self._emit(self.engine.weight(wev), wev.t_s)
            self.now_s = samples[-1].t_s
        return out

    def on_sensor(self, item: Sample | SensorFault | SensorRecovered) -> list[dict[str, Any]]:
        """Anything a sensor delivers: a sample, a fault (pauses the game) or a recovery."""
        if isinstance(item, Sample):
            return self.on_sample(item)
        self.now_s = item.t_s
        if isinstance(item, SensorFault):
            if self.engine.state.paused:
                return []
            return self._emit(self.engine.sensor_fault(item.kind, item.detail), item.t_s)
        if not self.engine.state.paused:
            return []
        # A fresh pipeline, measuring from the reference the game had before the
        # fault: a glass lifted during the stall is still judged when it comes back,
        # and a changed load is a settled change, not a new starting weight.
        self.pipeline = self.new_pipeline()
        if self.engine.state.reference_g is not None:
            self.pipeline.restore(self.engine.state.reference_g, self.engine.state.attempt_open)
        else:
            self._sync_reference = True
        return self._emit(self.engine.sensor_recovered(), item.t_s)

    def roll(self, dice: Pair | None = None, t_s: float | None = None) -> list[dict[str, Any]]:
        """The next player rolls: ``dice`` entered by hand, or None for the electronic dice."""
        t = self.now_s if t_s is None else t_s
        given: dict[str, Any] = {"roll": list(dice) if dice is not None else "auto"}
        try:
            pair = dice if dice is not None else self._peek_roll()
            return self._emit(self.engine.roll(pair), t)
        except InputRejected as exc:
            return self._reject(given, exc, t)

    def _peek_roll(self) -> Pair:
        # Only roll electronic dice when a roll is actually expected, so a
        # rejected input does not consume the (seeded) dice sequence.
        why = self.engine.why_no_roll()
        if why is not None:
            raise InputRejected(why, self.engine.why_no_roll_code())
        return self.dice.roll()

    def choose(self, player: str, t_s: float | None = None) -> list[dict[str, Any]]:
        """The Einer-Pasch roller names the Auserwählte (W-15)."""
        t = self.now_s if t_s is None else t_s
        try:
            return self._emit(self.engine.choose(player), t)
        except InputRejected as exc:
            return self._reject({"choose": player}, exc, t)

    def reject(self, given: dict[str, Any], why: str, t_s: float | None = None) -> list[dict[str, Any]]:
        """Log an input that the driver could not apply (e.g. a sip while the glass is off)."""
        return self._reject(given, why, self.now_s if t_s is None else t_s)

    def finish(self, t_s: float | None = None) -> list[dict[str, Any]]:
        """The closing ``stats`` event."""
        return self._emit(self.engine.finish(), self.now_s if t_s is None else t_s)
