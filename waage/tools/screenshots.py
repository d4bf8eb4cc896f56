"""Screenshots of the web pages for the docs, from a real simulated game in headless Chromium.

``python -m waage.tools.screenshots docs/web`` (needs the dev extra's Playwright and
``/usr/bin/chromium``) plays a few moves on the simulator, serves the pages on a
free port and writes ``phone-*.png``, ``tv-*.png``, ``stats.png``, ``setup.png``
and ``oled-qr.png``; then plays the three helper games (``waage.tools.helper_tables``)
and writes ``helper-GAME-phone.png`` / ``helper-GAME-tv.png`` and the winner screen
``helper-winner-*.png``, made small (the TV at half size, a palette of 128 colours).
``--only helpers`` (or ``waagespiel``) writes one part.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

from waage.app.sim import Simulation
from waage.config import AppConfig, GameSettings
from waage.display.screens import render_image
from waage.inputs.keys import Key
from waage.web.wiring import make_web
from waage.games.waagespiel.phases import WaagespielPhase

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _until(sim: Simulation, phase: str) -> None:
    """Roll (or choose the first candidate) until the game reaches ``phase``."""
    for _ in range(40):
        s = sim.host.engine.state
        if s.phase == phase:
            return
        if s.phase == WaagespielPhase.CHOOSING:
            sim.ui.on_key(Key.OK, sim.scale.now_s)
        else:
            sim.host.roll(None, sim.scale.now_s)
        sim.pause(1.5)
    raise RuntimeError(f"the game never reached {phase!r}")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots into the folder given (default docs/web)."""
    parser = argparse.ArgumentParser(prog="python -m waage.tools.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="docs/web", type=Path, help="the folder for the PNGs")
    parser.add_argument("--only", choices=("waagespiel", "helpers"), help="one part only")
    args = parser.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    if args.only != "helpers":
        waagespiel(out)
    if args.only != "waagespiel":
        helper_games(out)
    return 0


def _small_png(data: bytes, path: Path, half: bool) -> None:
    """Save a screenshot as a small PNG: half size for the TV, 128 colours (the pages are flat colours)."""
    from PIL import Image

    img = Image.open(io.BytesIO(data)).convert("RGB")
    if half:
        img = img.resize((img.width // 2, img.height // 2), Image.Resampling.LANCZOS)
    img.quantize(colors=128, method=Image.Quantize.MAXCOVERAGE).save(path, optimize=True)


def helper_games(out: Path) -> None:
    """The helper games' phone and TV views and a winner screen, each game played by its engine."""
    from playwright.sync_api import sync_playwright

    from waage.tools import helper_tables
    from waage.web.commands import setup_of
    from waage.web.hub import WebHub
    from waage.web.server import Controls, WebServer

    hub = WebHub()
    server = WebServer(hub, Controls(hub, None, lambda: setup_of(AppConfig())), "127.0.0.1", 0).start()
    base = f"http://127.0.0.1:{server.port}"
    six = ["Anna", "Ben", "Cara", "Dora", "Emil", "Franziska"]
    # (the file's name, how the game is played): the name is the scenario's (helper_tables.willkommen, …)
    games = [(play.__name__, play, players, kw) for play, players, kw in (
        (helper_tables.willkommen, six, {}), (helper_tables.arsch, six, {}), (helper_tables.propter, six[:5], {}))]
    games.append(("winner", helper_tables.arsch, six, {"finish": True}))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for name, play, players, kw in games:
                play(hub, players, first_line=hub.lines, **kw)
                time.sleep(0.2)
                for kind, path, size in (("phone", "/", (390, 844)), ("tv", "/tv", (1920, 1080))):
                    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                    page.goto(base + path)
                    page.wait_for_function("() => !document.querySelector('[data-testid=hg]').hidden")
                    page.wait_for_timeout(500)
                    _small_png(page.screenshot(), out / f"helper-{name}-{kind}.png", half=kind == "tv")
                    page.close()
            browser.close()
    finally:
        server.close()


def waagespiel(out: Path) -> None:
    """The Waagespiel's pages from a simulated game: rolling, drinking, the verdict, statistics, set-up."""
    from playwright.sync_api import sync_playwright

    config = AppConfig(game=GameSettings(players=["Anna", "Ben", "Cara", "Dora", "Emil"], starter="Cara"))
    sim = Simulation(config, seed=11, out=io.StringIO(), fast=True)
    sim.web = make_web(config, ("127.0.0.1", 0), sim.hub, sim.commands.put, lambda: sim.config, out=io.StringIO())
    assert sim.web is not None
    base = f"http://127.0.0.1:{sim.web.server.port}"
    render_image(sim.web.qr_view()).convert("L").resize((512, 256), 0).save(out / "oled-qr.png")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        phone.goto(base + "/")
        tv.goto(base + "/tv")

        def shoot(name: str, fresh: bool = True) -> None:
            if fresh:
                sim.pause(0.3)  # a fresh frame, so the pages show live data
            for page in (phone, tv):
                page.wait_for_timeout(400)
            phone.screenshot(path=out / f"phone-{name}.png")
            tv.screenshot(path=out / f"tv-{name}.png")

        sim.host.start(sim.scale.now_s)
        sim.pause(2.0)
        sim.ui.on_key(Key.OK, sim.scale.now_s)  # past the set-up screen
        for _ in range(2):
            sim.host.roll(None, sim.scale.now_s)
            sim.pause(1.0)
        shoot("rolling")
        _until(sim, "drinking")
        chosen = sim.host.engine.state.chosen
        sim.pause(3.5)
        samples = sim.scale.sip(chosen.target_g * 0.98)
        for i, sample in enumerate(samples):  # mid-sip: back on the scale, the figure settling
            sim.advance([sample])
            view = sim.ui.view()
            if i > len(samples) // 2 and getattr(view, "drunk_g", None) is not None and view.drunk_g < chosen.max_g:
                break
        shoot("drinking", fresh=False)
        sim.advance(samples[i + 1:])
        for _ in range(30):  # until the verdict falls
            if type(sim.ui.view()).__name__ == "VerdictView":
                break
            sim.advance(sim.scale.wait(0.1))
        shoot("verdict", fresh=False)
        sim.pause(5.0)
        phone.goto(base + "/stats")
        sim.pause(0.5)
        phone.wait_for_timeout(800)
        phone.screenshot(path=out / "stats.png", full_page=True)
        phone.goto(base + "/setup")
        sim.pause(0.5)
        phone.wait_for_timeout(800)
        phone.screenshot(path=out / "setup.png", full_page=True)
        browser.close()
    sim.hub.close()


if __name__ == "__main__":
    sys.exit(main())
