"""Test-suite wide rules: skips for a missing tool, and CI, which must run every test.

A test that needs a program declares it (or skips with a reason containing
"not installed", as ``pytest.skip("gcc not installed")`` or a ``skipif`` does)::

    @pytest.mark.needs_tool("gcc", apt="gcc")            # command on PATH, Debian package
    def test_protocol_h_agrees(): ...

Locally the test is skipped with the reason ("gcc not installed (Debian: apt-get
install gcc)"), and ``./run-tests`` lists every skip with its reason (``-rs``).
With ``CI`` set (``.ci/run`` sets ``CI=true``) such a skip is a failure: CI must
run every test, so ``.ci/run`` installs the packages (its ``NEEDS`` list).
Skips for other reasons (no ../shared beside the checkout, the real HX711
library installed, another font) stay skips.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

pytest_plugins = ["pytester"]

#: every skip for a missing program says this; in CI such skips fail
TOOL_MISSING = "not installed"


def in_ci() -> bool:
    """True when the ``CI`` environment variable says so (``true``, ``1``, ``yes``)."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "needs_tool(command, apt=PACKAGE): skip when COMMAND is not on PATH (a failure in CI); "
        "APT is the Debian package .ci/run installs")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("needs_tool"):
            command = mark.args[0]
            if shutil.which(command) is None:   # a skip mark: reported at the test's own line
                reason = f"{command} {TOOL_MISSING} (Debian: apt-get install {mark.kwargs.get('apt', command)})"
                item.add_marker(pytest.mark.skip(reason=reason))


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr: Any = report.longrepr
    reason = str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail") and in_ci():
        reason = _skip_reason(report)
        if TOOL_MISSING in reason:
            report.outcome = "failed"
            report.longrepr = (f"CI must run this test, but it was skipped: {reason}. "
                               "Add the package to the NEEDS list of .ci/run.")


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: Any) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    tools = [r for r in skipped if TOOL_MISSING in _skip_reason(r)]
    if tools:
        terminalreporter.write_line(
            f"{len(tools)} test(s) skipped because a program is not installed (SKIPPED lines below); "
            "CI installs them (.ci/run) and fails instead of skipping.", yellow=True)


#: the folder of the toy fifth game's kit package (``tests/games/muenzwurf/``)
TOY_KITS = os.path.join(os.path.dirname(__file__), "games")


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The toy fifth game, Münzwurf (``tests/games/muenzwurf/``: one kit package), registered for the
    test by one registry line (``register(SPEC)``, what a line in ``waage.games.KITS`` does); gone after."""
    import sys

    from waage.games import registered

    monkeypatch.syspath_prepend(TOY_KITS)
    from muenzwurf import SPEC

    with registered(SPEC):
        yield SPEC
    for name in [m for m in sys.modules if m == "muenzwurf" or m.startswith("muenzwurf.")]:
        sys.modules.pop(name)


def glass_weighed_before(state_dir: Any, glass: Any = None) -> None:
    """Give a device's state directory a glass weighed before (``glass.json``, written by
    ``StateStore.save_glass`` as a weighing does; W-36): ``glass`` (a ``GlassSettings``), default the
    config's default glass (350 g, 550 g to the brim).

    A fresh device whose glass was never weighed powers on with "Glas LEER auflegen, dann OK" (issue 30)
    and its fake scale holds the glass empty; tests about something else start from a device that has
    weighed its glass, so they power on in the menu with the glass filled, as before."""
    from pathlib import Path

    from waage.app.store import StateStore
    from waage.weight.settings import GlassSettings

    Path(state_dir).mkdir(parents=True, exist_ok=True)
    StateStore(Path(state_dir)).save_glass(glass if glass is not None else GlassSettings())
