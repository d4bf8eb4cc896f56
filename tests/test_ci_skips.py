"""The suite's skip rules (tests/conftest.py): a missing tool skips with its reason, and fails in CI (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = (Path(__file__).resolve().parent / "conftest.py").read_text(encoding="utf-8")
TESTS = '''
import pytest

@pytest.mark.needs_tool("no-such-program-waage", apt="waage-nothing")
def test_needs_a_missing_program():
    pass

@pytest.mark.needs_tool("sh")
def test_needs_sh():
    pass

def test_skips_for_missing_data():
    pytest.skip("../shared is not beside this checkout")

@pytest.mark.skipif(True, reason="gcc not installed")
def test_skipif_for_a_missing_compiler():
    pass
'''


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST.replace('pytest_plugins = ["pytester"]', ""))
    pytester.makepyfile(test_tools=TESTS)
    return pytester


def test_local_run_skips_with_the_reason(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    result = suite.runpytest("-rs")
    result.assert_outcomes(passed=1, skipped=3)
    result.stdout.fnmatch_lines([
        "2 test(s) skipped because a program is not installed*",
        "SKIPPED*test_tools.py:3: no-such-program-waage not installed (Debian: apt-get install waage-nothing)",
        "SKIPPED*../shared is not beside this checkout",
    ])


def test_ci_fails_a_skip_for_a_missing_program_but_not_for_missing_data(
        suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    result = suite.runpytest("-rs")
    result.assert_outcomes(passed=1, skipped=1, errors=2)          # a failure at set-up: pytest says "error"
    result.stdout.fnmatch_lines(["*CI must run this test*no-such-program-waage not installed*.ci/run*"])
