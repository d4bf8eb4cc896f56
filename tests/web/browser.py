"""Headless Chromium from Debian (``/usr/bin/chromium``) through Playwright, for the browser tests."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
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


@contextmanager
def launched() -> Iterator[Any]:
    """A headless Chromium (``chromium_or_skip``) for the block; closed after it."""
    exe = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Pages:
    """Opens pages of a device at ``base`` in ``browser``, each in a fresh context with its own viewport
    and a ``Guard``; ``close()`` closes them and asserts that no request left the device and no
    script threw."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.opened: list[tuple[Any, Guard, list[str]]] = []

    def open(self, base: str, path: str = "/", viewport: tuple[int, int] = (390, 844)) -> tuple[Any, Guard, list[str]]:
        """The page at ``base + path`` (loaded), its guard and its list of script errors."""
        ctx = self.browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        guard = Guard(base)
        guard.attach(ctx)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + path)
        self.opened.append((ctx, guard, errors))
        return page, guard, errors

    def close(self) -> None:
        """Close every page; assert nothing went to a foreign host and no script error happened."""
        for ctx, guard, errors in self.opened:
            ctx.close()
            assert guard.foreign == [], f"requests left the device: {guard.foreign}"
            assert errors == [], f"script errors: {errors}"
