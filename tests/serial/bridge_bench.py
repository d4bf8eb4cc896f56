"""Figures for docs/serial-bridge.md: firmware build, emulator speed, grams through the real host.

    .venv/bin/python tests/serial/bridge_bench.py [--seconds 3] [--grams 250] [--noise-counts 40]

Builds firmware_bridge with the vendored pico-sdk (as the tests do), then for
10 and 80 SPS boots it in rp2040js with the HX711 model (a load of ``--grams``
on a cell of 420 counts/g, uniform noise of ``--noise-counts``) and reads it
with SerialBridgeSensor into a WeightPipeline at the announced rate. Prints
one JSON line per figure: build seconds and warnings, emulated seconds per
real second, and the error of the pipeline's live grams against the load.
Measurements, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bridge_firmware as fw  # noqa: E402
from waage.app.pipelines import pipeline_factory  # noqa: E402
from waage.config import AppConfig  # noqa: E402
from waage.sensors.serial_bridge import SerialBridgeSensor  # noqa: E402
from waage.weight.events import Sample  # noqa: E402
from waage.weight.settings import Calibration  # noqa: E402

ZERO, CPG = 84_000, 420.0


def measure_rate(build: fw.Build, rate: int, seconds: float, grams: float, noise: int) -> dict:
    """Run one emulated board for ``seconds`` emulated seconds under load; the figures."""
    emu = fw.Emulator(build.uf2, rate_sps=rate, zero_counts=ZERO, counts_per_gram=CPG, noise_counts=noise)
    try:
        emu.wait_usb()
        emu.command("load", grams=grams)
        lock = threading.Lock()
        samples: list[Sample] = []
        sensor = SerialBridgeSensor(SimpleNamespace(port=emu.port, baudrate=115200), stall_timeout_s=30.0)
        def keep(item: object) -> None:
            if isinstance(item, Sample):
                with lock:
                    samples.append(item)

        sensor.start(keep)
        assert sensor.wait_connected(fw.REAL_TIMEOUT_S)
        real0, emu0 = time.monotonic(), emu.now_ms
        emu.run_for(seconds)
        real_s, emu_s = time.monotonic() - real0, (emu.now_ms - emu0) / 1000
        sensor.close()
        config = AppConfig()
        pipe = pipeline_factory(config, Calibration(offset=ZERO, counts_per_gram=CPG), sensor)()
        errors = []
        with lock:
            for s in samples:
                pipe.feed(s)
                if s.t_s >= 1.0 and not s.flags:  # past the power-up settling and the pipeline's start
                    errors.append(pipe.live_g - grams)
        return {
            "figure": "emulator", "rate_sps": rate, "pipeline_rate_hz": pipe.sample_rate_hz,
            "emulated_s": round(emu_s, 2), "real_s": round(real_s, 2), "speed": round(emu_s / real_s, 3),
            "samples": len(samples), "dropped": sensor.stats.dropped, "crc_errors": sensor.stats.crc_errors,
            "grams_error_mean": round(statistics.fmean(errors), 4) if errors else None,
            "grams_error_max_abs": round(max(map(abs, errors)), 4) if errors else None,
            "grams_noise_of_one_sample": round(noise / CPG, 4),
        }
    finally:
        emu.close()


def main() -> int:
    """Print the figures (one JSON object per line)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="emulated seconds per rate")
    ap.add_argument("--grams", type=float, default=250.0)
    ap.add_argument("--noise-counts", type=int, default=40)
    args = ap.parse_args()
    reason = fw.missing_build_tools() or fw.missing_emulator_tools()
    if reason:
        print(f"cannot measure: {reason}", file=sys.stderr)
        return 1
    build = fw.build_firmware()
    print(json.dumps({"figure": "build", "seconds": round(build.seconds, 1), "warnings": len(build.warnings),
                      "warnings_in_firmware_bridge": len(build.our_warnings),
                      "uf2_bytes": build.uf2.stat().st_size}), flush=True)
    fw.npm_ci()
    for rate in (10, 80):
        print(json.dumps(measure_rate(build, rate, args.seconds, args.grams, args.noise_counts)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
