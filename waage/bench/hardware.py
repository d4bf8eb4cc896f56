"""``waage bench`` HX711 reader section: input latency while sampling, and the reader's start-up.

Wall-clock figures, so they live here and not in the tests (issue 13):

* **Input latency while the HX711 reader samples**, per sampler mode. A separate
  process sends "edges" (its ``time.monotonic()``) through a pipe every 13.7 ms,
  the way lgpio delivers GPIO alerts to gpiozero's callback thread; a thread of
  this process receives them (it needs the GIL) and records the lag. The fake
  HX711 module holds the GIL during its time windows like the real binding.
  Target: with the process sampler (the default) every key press is answered
  within 100 ms (p95 and max printed).
* **Reader start-up**: from ``Hx711Sensor.start`` to the first sample with the
  process sampler, and what it would be on a CPU eight times slower (the CPU
  part × 8, plus the library's settling wait, which is time, not CPU), against
  ``[sensor] start_grace_s``.

Run alone: ``python -m waage.bench.hardware [--quick]``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import queue
import statistics
import sys
import threading
import time
from typing import Any

from waage.doubles import fake_hx711
from waage.sensors.hx711 import Hx711Sensor
from waage.sensors.settings import Hx711Settings
from waage.weight.events import Sample

#: the input-latency target of the process sampler (ms)
MAX_INPUT_LATENCY_MS = 100.0
#: how many times slower the CPU of the start-up projection is (issue 10: "eight times slower")
START_SLOWDOWN = 8.0
_FAKE = "waage.doubles.fake_hx711"


def _pinger(conn: Any, n: int) -> None:
    """Child process: send n timestamps 13.7 ms apart, then None."""
    for _ in range(n):
        conn.send(time.monotonic())
        time.sleep(0.0137)
    conn.send(None)


def measure_latency_ms(n: int = 200) -> list[float]:
    """Sorted lags in ms between the pinger process's send and this process's receiving thread."""
    ctx = mp.get_context("spawn")
    r, w = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_pinger, args=(w, n))
    p.start()
    lat: list[float] = []

    def rx() -> None:
        while (t := r.recv()) is not None:
            lat.append((time.monotonic() - t) * 1000)

    th = threading.Thread(target=rx)
    th.start()
    th.join()
    p.join()
    return sorted(lat)


def input_latency(sampler: str, window_ms: int, sps: int, n: int = 200) -> dict[str, float]:
    """Input latency (ms: median, p95, max) while a sensor of ``sampler`` ("process", "thread", "none") samples."""
    samples: list[Any] = []
    cfg = {"endless_word": 1000, "noise": 40, "sps": sps, "hold_gil": True}
    settings = Hx711Settings(sampler="thread" if sampler == "thread" else "process",
                              read_window_ms=max(window_ms, 1), rate_sps=sps)
    sensor = None
    saved = sys.modules.get("HX711")
    if sampler == "thread":
        sys.modules["HX711"] = fake_hx711
        fake_hx711.configure(**cfg)
        sensor = Hx711Sensor(settings)
    elif sampler == "process":
        sensor = Hx711Sensor(settings, module=_FAKE, module_config=cfg)
    try:
        if sensor is not None:
            sensor.start(samples.append)
        time.sleep(1.5)   # the reader is up and sampling
        lat = measure_latency_ms(n)
    finally:
        if sensor is not None:
            sensor.close()
        if sampler == "thread":
            if saved is None:
                sys.modules.pop("HX711", None)
            else:
                sys.modules["HX711"] = saved
    return {"median_ms": statistics.median(lat), "p95_ms": lat[int(0.95 * len(lat))], "max_ms": lat[-1],
            "samples": float(sum(isinstance(s, Sample) for s in samples))}


def reader_start_s(sps: int = 10) -> float:
    """Seconds from ``start()`` to the first sample with the process sampler (fake HX711 module)."""
    q: queue.Queue[Any] = queue.Queue()
    sensor = Hx711Sensor(Hx711Settings(sampler="process", rate_sps=sps), module=_FAKE,
                         module_config={"endless_word": 1000, "noise": 40, "sps": sps})
    t0 = time.monotonic()
    sensor.start(q.put)
    try:
        while not isinstance(q.get(timeout=60), Sample):
            pass
        return time.monotonic() - t0
    finally:
        sensor.close()


def report(quick: bool = False, out: Any = None) -> bool:
    """Print the HX711 reader figures; returns True when the targets are met."""
    out = out or sys.stdout
    ok = True
    print("HX711 reader (fake module holding the GIL like the binding): input latency while sampling", file=out)
    runs = [("none", 0, 10), ("process", 100, 10), ("process", 20, 80)]
    if not quick:
        runs += [("thread", 20, 10), ("thread", 100, 10)]
    for sampler, window, sps in runs:
        r = input_latency(sampler, window, sps)
        good = sampler != "process" or r["max_ms"] <= MAX_INPUT_LATENCY_MS
        ok &= good
        what = "no sensor          " if sampler == "none" else f"{sampler:7s} window {window:3d} ms, {sps:2d} SPS"
        print(f"  {what}: median {r['median_ms']:6.2f} ms, "
              f"p95 {r['p95_ms']:6.1f} ms, max {r['max_ms']:6.1f} ms; {int(r['samples'])} samples"
              + ("" if sampler != "process" else f"  (≤ {MAX_INPUT_LATENCY_MS:g} ms: {'yes' if good else 'NO'})"),
              file=out)
    settle_s, period_s = 0.4, 0.1   # the library's settling at 10 SPS, and the first conversion
    starts = sorted(reader_start_s(10) for _ in range(1 if quick else 3))
    here = statistics.median(starts)
    slow = START_SLOWDOWN * max(here - settle_s - period_s, 0.0) + settle_s + period_s
    grace = Hx711Settings().start_grace_s
    good = slow < grace
    ok &= good
    print(f"  reader start to the first sample (10 SPS): {here:.2f} s here (median of {len(starts)}); on a CPU "
          f"{START_SLOWDOWN:g}× slower ≈ {slow:.1f} s; start_grace_s {grace:g} s, hang_timeout_s "
          f"{Hx711Settings().hang_timeout_s:g} s: {'starts' if good else 'NO'}", file=out)
    return ok


def main(argv: list[str] | None = None) -> int:
    """``python -m waage.bench.hardware``: these figures alone; 0, or 1 when a target was missed."""
    ap = argparse.ArgumentParser(prog="waage bench (HX711 reader)", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="the process sampler only, one start-up")
    args = ap.parse_args(argv)
    return 0 if report(args.quick) else 1


if __name__ == "__main__":
    sys.exit(main())
