"""``waage bench``: every section of the benchmark, printed as one table (exit 1 when a target
was missed).

The sections: the weight pipeline (``pipeline.py``: accuracy, latency, speed; the issue 12
scenarios), a pour right after the put-back (``pour.py``, W-38), a cold load cell's warm-up
drift (``drift.py``), the display (``display.py``) and the HX711 reader (``hardware.py``).
``waage bench --web`` runs the web view's figures instead (``web.py``).

Usage: ``python -m waage.bench [--quick] [--sips N] [--seed S] [--shared DIR]``.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from waage.bench import pipeline
from waage.bench.display import report as display_report  # the display section (issue 10)
from waage.bench.drift import report as drift_report
from waage.bench.hardware import report as hardware_report  # HX711 reader wall-clock figures (issue 13)
from waage.bench.pipeline import (GUARD_OFF, _fmt_game, _fmt_synth, pct, run_faint_hands,
                                  run_hand_false_alarms, run_indep_putbacks, run_long_stand, run_pour_then_lift,
                                  run_real, run_replay_speed, run_seeds, run_speed,
                                  run_stage_costs)
from waage.bench.pour import fmt_shares, parse_seeds, run_indep_shares, run_pour_after_putback, run_w38_seeds
from waage.weight.settings import PipelineSettings


def default_shared() -> Path:
    """``shared`` beside the checkout (…/main/../shared)."""
    return Path(__file__).resolve().parents[2] / ".." / "shared"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table; returns 0, or 1 when a target was missed."""
    ap = argparse.ArgumentParser(prog="waage bench", description=pipeline.__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small run (100 sips per rate, no speed hour)")
    ap.add_argument("--sips", type=int, default=None, help="sips per sample rate (default 2000, quick 100)")
    ap.add_argument("--seeds", type=int, default=None, help="seeds per sample rate (default 10, quick 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shared", type=Path, default=None, help="the shared folder with data/hx711")
    ap.add_argument("--failures", action="store_true", help="list every failed case")
    ap.add_argument("--w38-seeds", default=None, metavar="A-B",
                    help="only W-38 seed by seed on the independent generator, seeds A to B (e.g. 200-409)")
    ap.add_argument("--rates", default="80,10", help="with --w38-seeds: the sample rates (default 80,10)")
    ap.add_argument("--jobs", type=int, default=1, help="with --w38-seeds: processes (default 1)")
    ap.add_argument("--beside-seeds", default=None, metavar="A-B",
                    help="only things beside the glass among sips and pours, random sequences A to B (e.g. 0-259)")
    args = ap.parse_args(argv)
    if args.beside_seeds:
        from waage.bench.beside import run_beside_seeds

        print("\n".join(run_beside_seeds(parse_seeds(args.beside_seeds), tuple(float(r) for r in args.rates.split(",")),
                                         args.failures)))
        return 0
    if args.w38_seeds:
        lines = run_w38_seeds(parse_seeds(args.w38_seeds), tuple(float(r) for r in args.rates.split(",")),
                              args.jobs)
        print("\n".join(lines or ["W-38 seeds: the independent generator (tests/weight/indep_traces.py) is absent"]))
        return 0
    sips = args.sips or (100 if args.quick else 2000)
    ok = True
    print("waage bench: weight pipeline")
    seeds = args.seeds or (2 if args.quick else 10)
    for rate, noise, lat_target, p95_target in ((80.0, 0.3, 0.20, 0.40), (10.0, 0.1, 0.40, math.inf)):
        r, per_seed = run_seeds(rate, noise, sips, seeds, args.seed)
        for line in _fmt_synth(r):
            print(line)
        worst = max(per_seed, key=lambda p: (p[3], p[1]))
        print(f"  seeds                 {args.seed}–{args.seed + seeds - 1}; worst seed {worst[0]}: max |error| "
              f"{worst[1]:.3f} g, latency p95 {worst[2]:.3f} s, {worst[3]} whole grams wrong")
        abs_err = [abs(e) for e in r.errors_g]
        # latencies are differences of sample times (multiples of the period): compare them to the microsecond,
        # not with the float noise of those differences (0.4 s at 10 SPS comes out as 0.40000000000000213 s)
        good = (r.grams_right == r.sips and r.verdict_right == r.sips and r.false_from_bumps == 0
                and pct(abs_err, 99) <= 0.5 and round(pct(r.latencies_s, 50), 6) <= lat_target
                and round(pct(r.latencies_s, 95), 6) <= p95_target and r.refills_ok == r.refills)
        print(f"  targets met           {'yes' if good else 'NO'} (issue 10: latency p50 ≤ {lat_target} s"
              + (f", p95 ≤ {p95_target} s" if p95_target < math.inf else "") + ")")
        ok &= good
        if args.failures:
            for f in r.failures:
                print("   ", f)
    n_fa = 100 if args.quick else 1000
    print(f"hand guard false alarms (80 SPS, σ 0.3 g, put-backs without a hand, {n_fa} each):")
    for ringing in (False, True):
        held, twice, total = run_hand_false_alarms(80.0, 0.3, n_fa, args.seed, ringing)
        print(f"  {'ringing' if ringing else 'noise  '} held {held}/{total} = {100 * held / total:.1f} % (target ≤ 2 %); "
              f"looked at twice {twice}/{total} = {100 * twice / total:.1f} % (verdict "
              f"{PipelineSettings().hand_second_look_s:g} s later)")
        ok &= held <= 0.02 * total
    ip = run_indep_putbacks(10 if args.quick else 60)
    if ip is not None:
        print(f"  independent generator ({ip[4]} put-backs without a hand: noise, ringing, ADC, ramps, creep): held "
              f"{ip[0]:.1f} % (target ≤ 2 %), looked at twice {ip[1]:.1f} %")
        print(f"  a glass set down gently (independent kind 'noise', no ringing): latency p50 / p95 {ip[2]:.3f} / "
              f"{ip[3]:.3f} s")
        ok &= ip[0] <= 2.0
    faint = run_faint_hands(5 if args.quick else 40)
    if faint:
        print("faint-tremor hands (tests/weight/indep_traces.py):")
        for line in faint:
            print(line)
    print("faint-tremor hands with the hand guard off (hand_tremor_power = hand_trend_chi2 = 0):")
    for line in run_faint_hands(5 if args.quick else 40, GUARD_OFF):
        print(line)
    print("issue 12 scenarios (pipeline events judged by the Waagespiel engine):")
    sessions, longest = (4, 180.0) if args.quick else (40, 1200.0)
    for rate, noise in ((80.0, 0.3), (10.0, 0.1)):
        for r in (run_pour_then_lift(rate, noise, sessions, args.seed),
                  run_long_stand(rate, noise, max(2, sessions // 4), args.seed, longest)):
            for line in _fmt_game(r):
                print(line)
            print(f"  targets met           {'yes' if r.all_right else 'NO'}")
            ok &= r.all_right
            if args.failures:
                for f in r.failures:
                    print("   ", f)
    print("W-38, a pour right after the put-back (fake scale, every disturbance; the level must stand 0.25 s at "
          "80 SPS, 0.8 s at 10 SPS from the moment the glass came to rest):")
    for rate, noise in ((80.0, 0.3), (10.0, 0.1)):
        for hand in (False, True):
            r = run_pour_after_putback(rate, noise, 3 if args.quick else 20, args.seed, hand)
            for line in fmt_shares(r):
                print(line)
            # a figure, not a target of the exit status (docs/weight-pipeline.md, Limits): the aim is none wrong
            if args.failures:
                for f in r.failures:
                    print("   ", f)
    for line in drift_report(args.quick, args.seed):
        print(line)
    indep = run_indep_shares(4 if args.quick else 30)
    if indep:
        print("W-38 on the independent generator (start delays 0.1–1.5 s):")
        for line in indep:
            print(line)
    shared = args.shared or default_shared()
    if (shared / "data" / "hx711").is_dir():
        print("real files (shared/data/hx711):")
        for name, what, good in run_real(shared):
            print(f"  {name:28s} {'ok ' if good else 'NO '} {what}")
            ok &= good
    else:
        print(f"real files: skipped ({shared} not found)")
    if not args.quick:
        s = run_speed()
        print(f"speed, one hour at 80 SPS ({int(s['samples'])} samples, one core):")
        print(f"  {s['seconds']:.2f} s = {s['samples_per_s']:,.0f} samples/s = {s['x_realtime']:,.0f} × real time")
        print(f"  memory (tracemalloc): {s['mem_after_1min_kib']:.1f} KiB after 1 min, "
              f"{s['mem_after_60min_kib']:.1f} KiB after 60 min, peak {s['mem_peak_kib']:.1f} KiB")
        ok &= s["x_realtime"] >= 1000
        per_ns, stages = run_stage_costs()
        print(f"  per stage, ns per sample (of {per_ns:,.0f} ns; shares of the module's own time under cProfile):")
        for label, ns, share in stages:
            print(f"    {label:<48} {ns:7,.0f} ns  {share:5.1f} %")
        rs = run_replay_speed()
        print(f"waage replay, one hour at 80 SPS (trace of 288,000 rows; process start included), 5 runs:")
        print(f"  median {rs['median_s']:.2f} s (min {rs['min_s']:.2f}, max {rs['max_s']:.2f}) = "
              f"{rs['x_realtime']:,.0f} × real time (target ≥ 2,000 ×); peak RSS {rs['peak_rss_mib']:.0f} MiB")
        ok &= rs["x_realtime"] >= 2000
    ok &= display_report(quick=args.quick)
    ok &= hardware_report(quick=args.quick)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
