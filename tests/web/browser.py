"""Headless Chromium from Debian (``/usr/bin/chromium``) through Playwright, for the browser tests."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

#: Debian's Chromium; WAAGE_CHROMIUM points elsewhere (or, set to a missing path, shows the skip)
CHROMIUM = Path(os.environ.get("WAAGE_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SKIP_REASON = ("BROWSER TESTS SKIPPED: Chromium is absent (/usr/bin/chromium; Debian: apt-get install chromium; "
               ".ci/run installs it)")


def chromium_or_skip() -> str:
    """The Chromium executable, or skip the test with SKIP_REASON (also when Playwright is missing)."""
    if not CHROMIUM.exists() and ("WAAGE_CHROMIUM" in os.environ or shutil.which("chromium") is None):
        pytest.skip(SKIP_REASON)
    pytest.importorskip("playwright.sync_api", reason="BROWSER TESTS SKIPPED: the playwright package is missing "
                        "(pip install -e '.[dev]')")
    return str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium"))


class Guard:
    """Records every request a page makes and aborts the ones to another host than the device."""

    def __init__(self, base: str) -> None:
        self.netloc = urlsplit(base).netloc
        self.requests: list[str] = []
        self.foreign: list[str] = []

    def local(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("data", "blob", "about") or parts.netloc == self.netloc

    def attach(self, context) -> None:
        context.on("request", lambda req: self.requests.append(req.url))
        context.route(lambda url: not self.local(url), self._abort)

    def _abort(self, route) -> None:
        self.foreign.append(route.request.url)
        route.abort()
