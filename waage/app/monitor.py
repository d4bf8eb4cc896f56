"""``waage monitor --config FILE [--json] [--seconds N]``: live weight for wiring checks.

Prints the calibrated load and the pipeline's state twice a second, every
weight event and sensor fault as it happens, and at the end (after N seconds,
Ctrl-C or SIGTERM) one JSON line::

    {"event": "monitor_summary", "samples": 812, "last_grams": 749.8, ...}

with counters: flagged samples, faults, weight events, min/max grams, SPS,
the ``sample_rate_hz`` and the glass (``glass_g``, ``glass_capacity_g``: the glass in use,
weighed last in ``glass.json`` or else the config's, W-36) the pipeline uses and, for the serial bridge, the link
counters ``crc_errors``, ``resyncs``, ``dropped``, ``board_faults``,
``restarts``. Like the game, it re-baselines (a fresh pipeline at the sensor's
current rate) at every ``SensorRecovered``, e.g. after a board restart.

Exit status 0 when at least one sample was read, 1 when none came (it is the
wiring check: "no sample" is the answer to act on), 2 for a bad config.
"""

from __future__ import annotations

import argparse
import json
import queue
import signal
import sys
import time
from typing import Any, Callable, TextIO

from waage.app.pipelines import pipeline_factory
from waage.app.store import StateStore
from waage.app.wiring import load_calibration, load_glass, make_sensor, state_directory
from waage.config import AppConfig, load_config
from waage.weight.events import Sample, SensorFault, SensorRecovered

REPORT_S = 0.5


#: Link counters of the serial bridge copied into the summary (``BridgeStats`` fields).
BRIDGE_COUNTERS = ("crc_errors", "resyncs", "dropped", "board_faults", "restarts")


class Monitor:
    """Counts and reports what a sensor delivers through the pipeline.

    new_pipeline: makes a pipeline (``pipeline_factory``: at the sensor's
    rate); called at start and at every ``SensorRecovered`` (re-baseline).
    sensor: read for its ``stats`` (serial bridge counters), if it has them.
    """

    def __init__(self, config: AppConfig, out: TextIO, as_json: bool, new_pipeline: Callable[[], Any],
                 sensor: Any = None) -> None:
        self.out, self.as_json = out, as_json
        self.new_pipeline, self.sensor = new_pipeline, sensor
        self.pipeline = new_pipeline()
        self.rebaselines = 0
        self.samples = self.flagged = self.faults = self.weight_events = 0
        self.first_t: float | None = None
        self.last_t: float | None = None
        self.min_g: float | None = None
        self.max_g: float | None = None
        self._next_report = 0.0

    def _line(self, record: dict[str, Any], text: str) -> None:
        self.out.write((json.dumps(record, ensure_ascii=False) if self.as_json else text) + "\n")
        self.out.flush()

    def handle(self, item: Sample | SensorFault | SensorRecovered) -> None:
        """Count one sensor item, report events and (every REPORT_S) the live weight."""
        if isinstance(item, SensorFault):
            self.faults += 1
            self._line({"event": "sensor_fault", "t_s": round(item.t_s, 3), "kind": item.kind,
                        "detail": item.detail}, f"SENSOR FAULT ({item.kind}): {item.detail}")
            return
        if isinstance(item, SensorRecovered):
            # Re-baseline as the game does: the load may differ (a board restart, a new rate).
            self.pipeline = self.new_pipeline()
            self.rebaselines += 1
            self._line({"event": "sensor_recovered", "t_s": round(item.t_s, 3)}, "sensor recovered (re-baselined)")
            return
        self.samples += 1
        self.flagged += bool(item.flags)
        self.first_t = item.t_s if self.first_t is None else self.first_t
        self.last_t = item.t_s
        for ev in self.pipeline.feed(item):
            self.weight_events += 1
            fields = {k: getattr(ev, k) for k in ev.__dataclass_fields__ if k != "t_s"}
            self._line({"event": type(ev).__name__, "t_s": round(ev.t_s, 3), **fields},
                       f"{ev.t_s:10.2f} s  {type(ev).__name__} {fields}")
        g = self.pipeline.live_g
        self.min_g = g if self.min_g is None else min(self.min_g, g)
        self.max_g = g if self.max_g is None else max(self.max_g, g)
        if item.t_s >= self._next_report:
            self._next_report = item.t_s + REPORT_S
            ref = self.pipeline.reference_g
            self._line(
                {"event": "weight", "t_s": round(item.t_s, 3), "raw": item.raw, "grams": round(g, 1),
                 "reference_g": None if ref is None else round(ref, 1), "on_platform": self.pipeline.on_platform},
                f"{item.t_s:10.2f} s  raw {item.raw:>10.0f}  {g:8.1f} g  "
                f"settled {'-' if ref is None else f'{ref:.1f} g'}"
                f"{'' if self.pipeline.on_platform else '  (lifted)'}",
            )

    def summary(self) -> dict[str, Any]:
        """The closing ``monitor_summary`` record."""
        span = (self.last_t - self.first_t) if self.first_t is not None and self.last_t is not None else 0.0
        return {
            "event": "monitor_summary", "t_s": None if self.last_t is None else round(self.last_t, 3),
            "samples": self.samples,
            "last_grams": None if not self.samples else round(self.pipeline.live_g, 2),
            "reference_g": None if self.pipeline.reference_g is None else round(self.pipeline.reference_g, 2),
            "flagged": self.flagged, "faults": self.faults, "weight_events": self.weight_events,
            "min_g": None if self.min_g is None else round(self.min_g, 2),
            "max_g": None if self.max_g is None else round(self.max_g, 2),
            "sps": round((self.samples - 1) / span, 2) if span > 0 else None,
            "sample_rate_hz": self.pipeline.sample_rate_hz, "rebaselines": self.rebaselines,
            "glass_g": self.pipeline.glass.glass_g, "glass_capacity_g": self.pipeline.glass.glass_capacity_g,
            **self._bridge_counters(),
        }

    def _bridge_counters(self) -> dict[str, int]:
        stats = getattr(self.sensor, "stats", None)
        return {} if stats is None else {k: getattr(stats, k) for k in BRIDGE_COUNTERS if hasattr(stats, k)}


def main(args: argparse.Namespace) -> int:
    """Entry of ``waage monitor``."""
    config = load_config(args.config)
    store = StateStore(state_directory(config, None, args.config))
    calibration = load_calibration(store, config)
    load_glass(store, config)  # W-36: the glass in use (glass.json, weighed last), as the game judges with
    sensor = make_sensor(config, calibration)
    monitor = Monitor(config, sys.stdout, args.json, pipeline_factory(config, calibration, sensor), sensor)
    items: queue.Queue[Any] = queue.Queue()
    stop = False

    def on_signal(signum: int, _frame: Any) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    sensor.start(items.put)
    try:
        while not stop and (deadline is None or time.monotonic() < deadline):
            try:
                monitor.handle(items.get(timeout=0.1))
            except queue.Empty:
                continue
    finally:
        sensor.close()
        print(json.dumps(monitor.summary()), flush=True)
    if not monitor.samples:
        print(f"waage: error: no sample from the {config.sensor.kind} sensor in "
              f"{'the run' if args.seconds is None else f'{args.seconds:g} s'}: check its wiring "
              f"and [sensor] in {args.config}", file=sys.stderr)
        return 2  # the user must fix the wiring or the config (README: exit 2), not an internal error
    return 0
