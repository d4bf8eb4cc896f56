"""The ``waage`` command: one verb per job (argparse subcommands).

Exit status: 0 on success, 2 for anything the user must fix (an invalid config,
scenario, trace or option: one message naming the file, the field and the
problem; a device that cannot be used; a failed calibration step), 1 for an
internal error.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from waage import __version__
from waage.errors import DeviceUnavailable, InputFileError
from waage.games import game_ids


def _replay(args: argparse.Namespace) -> int:
    from waage.app.replay import load_and_replay

    load_and_replay(args.scenario, args.config)
    return 0


def _check_config(args: argparse.Namespace) -> int:
    from waage.config import load_config

    status = 0
    for path in args.files:  # every file is checked; one line per file
        try:
            config = load_config(path)
            if config.mqtt.enabled:  # the files `waage run` reads for [mqtt], by its own code
                from waage.mqtt.client import check_files

                check_files(config.mqtt)
            print(f"{path}: ok")
        except InputFileError as exc:
            print(f"waage: error: {exc}", file=sys.stderr)
            status = 2
    return status


def _sim(args: argparse.Namespace) -> int:
    from waage.app.sim import main as sim_main

    return sim_main(args)


def _run(args: argparse.Namespace) -> int:
    from waage.app.run import main as run_main

    return run_main(args)


def _monitor(args: argparse.Namespace) -> int:
    from waage.app.monitor import main as monitor_main

    return monitor_main(args)


def _calibrate(args: argparse.Namespace) -> int:
    from waage.app.calibrate import main as calibrate_main

    return calibrate_main(args)


def _bench(args: argparse.Namespace) -> int:
    if "--web" in args.bench_args:  # the web view's figures (waage/bench/web.py)
        from waage.bench.web import main as web_bench_main

        return web_bench_main(args.bench_args)
    from waage.bench.report import main as bench_main

    return bench_main(args.bench_args)


def _screens(args: argparse.Namespace) -> int:
    from waage.tools.contact_sheet import main as sheet_main

    return sheet_main(args.screens_args)


def _positive(text: str) -> float:
    """argparse type: a finite number more than 0 (argparse exits 2 with the message otherwise)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number more than 0, got {text}")
    return value


def _glass_g(text: str) -> float:
    """argparse type: an empty glass in grams that the device can weigh (W-36: ``MIN_GLASS_G`` to
    ``MAX_GLASS_G``, 50 to 2000 g); another one could never be weighed and the demo would try for ever."""
    from waage.weight.glass_check import MAX_GLASS_G, MIN_GLASS_G

    value = _positive(text)
    if not MIN_GLASS_G <= value <= MAX_GLASS_G:
        raise argparse.ArgumentTypeError(f"must be {MIN_GLASS_G:.0f} to {MAX_GLASS_G:.0f} g (an empty glass "
                                         f"the scale can weigh), got {text}")
    return value


def _broker(text: str) -> tuple[str, int]:
    from waage.mqtt.wiring import broker_address

    return broker_address(text)


def _listen(text: str) -> tuple[str, int]:
    from waage.web.settings import parse_listen

    try:
        return parse_listen(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every verb."""
    parser = argparse.ArgumentParser(prog="waage", description="Smart scale for the Waagespiel.")
    parser.add_argument("--version", action="version", version=f"waage {__version__}")
    sub = parser.add_subparsers(dest="verb", required=True, metavar="VERB")

    p = sub.add_parser("replay", help="replay a scenario headless; event log as JSON Lines on stdout")
    p.add_argument("scenario", type=Path, help="scenario file (TOML or JSON)")
    p.add_argument("--config", type=Path, help="device config (pipeline tuning)")
    p.set_defaults(func=_replay)

    p = sub.add_parser("check-config", help="validate config files; exit 2 naming file, key and problem")
    p.add_argument("files", type=Path, nargs="+", help="config files (TOML)")
    p.set_defaults(func=_check_config)

    p = sub.add_parser("sim", help="the whole device on a simulated scale, display drawn in the terminal")
    p.add_argument("--config", type=Path, help="config file (default: config/sim.toml if present)")
    p.add_argument("--interactive", action="store_true", help="play with the keyboard instead of the demo")
    p.add_argument("--fast", action="store_true", help="no pauses (for tests)")
    p.add_argument("--seed", type=int, default=None,
                   help="repeatable dice and noise; default: fair dice (secrets) with --interactive, "
                        "7 for the scripted demo (it always plays the same game)")
    p.add_argument("--speed", type=_positive, default=1.0, help="demo speed factor (2 = twice as fast)")
    p.add_argument("--lang", choices=["de", "en"], help="display language (default from config)")
    p.add_argument("--log", action="store_true", help="also print the event log lines")
    p.add_argument("--mqtt", type=_broker, metavar="HOST:PORT", default=None,
                   help="publish the game to this MQTT broker (see docs/mqtt.md)")
    p.add_argument("--game", choices=list(game_ids()),
                   default=None, help="a display-only helper mode of another game (typed commands); "
                   "default: [game] game of the config")
    p.add_argument("--web", type=_listen, metavar="[HOST:]PORT", default=None,
                   help="serve the live web view while the simulator plays (HOST default 0.0.0.0)")
    p.add_argument("--glass-g", type=_glass_g, metavar="G", default=None,
                   help="another empty glass of G grams stands on the simulated scale than the config believes "
                   "(e.g. 700 for a 0.5 l mug): W-37 finds it, \"Glas wiegen\" (shell: glass G) weighs one")
    p.add_argument("--state-dir", type=Path, metavar="DIR", default=None,
                   help="keep the game in DIR as `waage run` does (game.json, session.jsonl, the glass weighed): "
                   "Ctrl-C or quit, then the same command again resumes it; default: nothing is kept")
    p.set_defaults(func=_sim)

    p = sub.add_parser("run", help="the device main loop (used by systemd)")
    p.add_argument("--config", type=Path, required=True, help="device config (e.g. /etc/waage/waage.toml)")
    p.add_argument("--state-dir", type=Path, help="override [state] directory (systemd sets STATE_DIRECTORY)")
    p.add_argument("--new-game", action="store_true", help="discard a saved game instead of resuming it")
    p.add_argument("--keys-from-stdin", action="store_true",
                   help="read device keys n/p/o/b from stdin instead of the buttons (tests, bench); "
                   "also 'input JSON' (a game input), 'new JSON' (a new game), 'sip G'/'refill G' (fake sensor)")
    p.add_argument("--seed", type=int, default=None,
                   help="seeded electronic dice (tests only; the device rolls with secrets)")
    p.set_defaults(func=_run)

    p = sub.add_parser("monitor", help="live weight and pipeline state for wiring checks")
    p.add_argument("--config", type=Path, required=True, help="device config (sensor, calibration)")
    p.add_argument("--json", action="store_true", help="JSON Lines instead of text")
    p.add_argument("--seconds", type=_positive, default=None, help="stop after N seconds")
    p.set_defaults(func=_monitor)

    p = sub.add_parser("calibrate", help="guided calibration: zero, known mass, empty glass")
    p.add_argument("--config", type=Path, required=True, help="device config (sensor, display, buttons)")
    p.add_argument("--state-dir", type=Path, help="override [state] directory")
    p.add_argument("--known-g", type=float, default=None, help="the known mass in grams (asked if omitted)")
    p.set_defaults(func=_calibrate)

    p = sub.add_parser("bench", help="weight-pipeline benchmark (accuracy, latency, throughput)",
                       add_help=False)
    p.add_argument("bench_args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_bench)

    p = sub.add_parser("screens", help="render every OLED screen into a PNG contact sheet", add_help=False)
    p.add_argument("screens_args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_screens)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``waage`` console script."""
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    if argv and argv[0] in ("bench", "screens"):
        # These verbs have parsers of their own: hand them everything after the verb.
        args = argparse.Namespace(func=_bench if argv[0] == "bench" else _screens,
                                  bench_args=argv[1:], screens_args=argv[1:])
    else:
        args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except InputFileError as exc:
        print(f"waage: error: {exc}", file=sys.stderr)
        return 2
    except DeviceUnavailable as exc:  # the user can fix it (install, wire, configure): not an internal error
        print(f"waage: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
