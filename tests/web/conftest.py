"""A real uvicorn server on 127.0.0.1 with a random port, over a WebHub the test feeds like the game thread."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from waage.live.hub import LiveSnapshot
from waage.config import AppConfig
from waage.display.views import DrinkingView
from waage.web.commands import setup_of
from waage.web.hub import WebHub
from waage.web.server import Controls, WebServer

from .browser import launched


@dataclass
class Served:
    hub: WebHub
    controls: Controls
    server: WebServer
    submitted: list[Any] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"


def drinking_snapshot(grams: float = 612.5, drunk_g: float | None = 12.0, sample_at: float | None = None,
                      fault: str | None = None) -> LiveSnapshot:
    view = DrinkingView(player="Ben", target_g=50, min_g=45, max_g=55, attempt=1, drunk_g=drunk_g, lifted=False)
    return LiveSnapshot(game="waagespiel", phase="drinking", players=["Anna", "Ben", "Cara"], current="Ben",
                        view=view, grams=grams, glass_on_scale=True, sample_at=sample_at, fault=fault,
                        target_g=50, min_g=45, max_g=55, details={"round": 2, "lang": "de"})


@pytest.fixture
def served(tmp_path):
    def start(log_path=None, ring_size=2000, clock=None):
        hub = WebHub(log_path=log_path, ring_size=ring_size)
        if clock is not None:
            hub.clock = clock
        out: list[Any] = []
        controls = Controls(hub, out.append, lambda: setup_of(AppConfig()))
        if clock is not None:
            controls.clock = clock
        server = WebServer(hub, controls, "127.0.0.1", 0).start()
        s = Served(hub, controls, server, out)
        started.append(s)
        return s

    started: list[Served] = []
    yield start
    for s in started:
        s.server.close()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (skipped, with the reason, without Chromium)."""
    with launched() as b:
        yield b
