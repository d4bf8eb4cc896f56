"""Benchmark (not a test): input latency while the HX711 reader samples, per sampler mode.

Run: .venv/bin/python tests/hardware/bench_input_latency.py
A separate process sends "edges" (its time.monotonic()) through a pipe every
13.7 ms, the way lgpio delivers GPIO alerts to gpiozero's callback thread; a
thread of this process receives them (it needs the GIL) and records the lag.
The fake HX711 holds the GIL during its time windows like the real binding.
"""

from __future__ import annotations

import multiprocessing as mp
import statistics
import sys
import threading
import time

from waage.doubles import fake_hx711
from waage.sensors.hx711 import Hx711Sensor
from waage.sensors.settings import SensorSettings


def pinger(conn, n: int) -> None:
    """Child process: send n timestamps, then None."""
    for _ in range(n):
        conn.send(time.monotonic())
        time.sleep(0.0137)
    conn.send(None)


def measure(n: int = 200) -> list[float]:
    """Sorted lags in ms between the pinger's send and this process's receive."""
    ctx = mp.get_context("spawn")
    r, w = ctx.Pipe(duplex=False)
    p = ctx.Process(target=pinger, args=(w, n))
    p.start()
    lat = []
    def rx():
        while (t := r.recv()) is not None:
            lat.append((time.monotonic() - t) * 1000)
    th = threading.Thread(target=rx)
    th.start()
    th.join()
    p.join()
    return sorted(lat)


def run(sampler: str, window: int, sps: int) -> None:
    """Print the input latency while a sensor of this sampler mode runs (``none``: no sensor)."""
    samples = []
    cfg = {"endless_word": 1000, "noise": 40, "sps": sps, "hold_gil": True}
    if sampler == "thread":
        sys.modules["HX711"] = fake_hx711
        fake_hx711.configure(**cfg)
        s = Hx711Sensor(SensorSettings(kind="hx711", sampler="thread", read_window_ms=window, rate_sps=sps))
    elif sampler == "process":
        s = Hx711Sensor(SensorSettings(kind="hx711", sampler="process", read_window_ms=window, rate_sps=sps),
                        module="waage.doubles.fake_hx711", module_config=cfg)
    else:
        s = None
    if s:
        s.start(samples.append)
    time.sleep(1.5)
    lat = measure()
    if s:
        s.close()
    print(f"{sampler:7} window={window:3} ms sps={sps}: input latency median {statistics.median(lat):.2f} ms, "
          f"p95 {lat[int(.95*len(lat))]:.1f} ms, max {lat[-1]:.1f} ms; samples {len(samples)}")


if __name__ == "__main__":
    for args in [("none", 0, 10), ("process", 100, 10), ("process", 20, 80), ("thread", 20, 10), ("thread", 100, 10)]:
        run(*args)
