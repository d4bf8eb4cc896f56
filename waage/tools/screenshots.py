"""Screenshots of the web pages for the docs, from a real simulated game in headless Chromium.

``python -m waage.tools.screenshots docs/web`` (needs the dev extra's Playwright and
``/usr/bin/chromium``) plays a few moves on the simulator, serves the pages on a
free port and writes ``phone-*.png``, ``tv-*.png``, ``stats.png``, ``setup.png``
and ``oled-qr.png``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from waage.app.sim import Simulation
from waage.config import AppConfig, GameSettings
from waage.display.screens import render_image
from waage.inputs.keys import Key
from waage.web.wiring import make_web

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _until(sim: Simulation, phase: str) -> None:
    """Roll (or choose the first candidate) until the game reaches ``phase``."""
    for _ in range(40):
        s = sim.host.engine.state
        if s.phase == phase:
            return
        if s.phase == "choosing":
            sim.ui.on_key(Key.OK, sim.scale.now_s)
        else:
            sim.host.roll(None, sim.scale.now_s)
        sim.pause(1.5)
    raise RuntimeError(f"the game never reached {phase!r}")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots into the folder given as the only argument."""
    out = Path((argv or sys.argv[1:] or ["docs/web"])[0])
    out.mkdir(parents=True, exist_ok=True)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
