"""`waage sim --interactive`: what a German host types is understood (a new-user trial of issue 26).

A decimal comma (``drink 50,5``) was "eine Zahl bitte", and ``choose cara`` was "cara spielt nicht mit" although
the names are matched case-insensitively everywhere else (``waage.rules.players.check_names``). The replay's
own inputs keep their contract; this is the typed shell.
"""

from __future__ import annotations

import io

import pytest

from waage.app.sim import InteractiveShell, Simulation
from waage.config import AppConfig


def _shell():
    records: list[dict] = []
    out = io.StringIO()
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=lambda s: None, lang="de",
                     sinks=[records.append])
    sim.host.start(0.0)
    return sim, InteractiveShell(sim, stdin=io.StringIO(""), stdout=out), records, out


def test_a_decimal_comma_is_a_decimal_point() -> None:
    sim, sh, records, out = _shell()
    for line in ("wait 2", "roll 6 5", "roll 2 3", "roll 6 4", "wait 2", "lift", "wait 1", "drink 50,5", "put", "refill 20,5"):
        sh.onecmd(line)
    (sip,) = [r for r in records if r["event"] == "sip"]
    assert sip["player"] == "Ben" and sip["grams_exact"] == pytest.approx(50.5, abs=0.3)
    (refill,) = [r for r in records if r["event"] == "refill"]
    assert refill["grams"] == pytest.approx(20.5, abs=0.3)
    assert "Zahl" not in out.getvalue() and "verschüttet" not in out.getvalue()


@pytest.mark.parametrize("typed", ["1,2,3", "1.5,5", ",", "x,5", "1_0", "５０"])
def test_what_is_no_number_is_still_said_so(typed) -> None:
    sim, sh, records, out = _shell()
    sh.onecmd("wait 2")
    sh.onecmd(f"refill {typed}")
    assert "eine Zahl bitte" in out.getvalue() and not [r for r in records if r["event"] == "refill"]


def test_the_auserwaehlte_is_named_in_any_case() -> None:
    sim, sh, records, out = _shell()
    for line in ("wait 2", "roll 1 1", "choose cara"):
        sh.onecmd(line)
    (chosen,) = [r for r in records if r["event"] == "chosen"]
    assert chosen["player"] == "Cara" and not [r for r in records if r["event"] == "input_rejected"]


def test_choose_without_a_name_says_what_is_missing() -> None:
    """A new-user trial: ``choose`` alone said "Nicht jetzt:  spielt nicht mit." (no name, two spaces)."""
    sim, sh, records, out = _shell()
    for line in ("wait 2", "roll 1 1", "choose"):
        sh.onecmd(line)
    assert "'choose' braucht noch: NAME" in out.getvalue() and "spielt nicht mit" not in out.getvalue()
    assert not [r for r in records if r["event"] in ("chosen", "input_rejected")]


def test_put_g_says_what_spilled_over_as_refill_does() -> None:
    """A new-user trial: ``put 300`` into a nearly full glass poured over without a word (``refill`` says it)."""
    sim, sh, records, out = _shell()
    beer = sim.scale.beer_g
    for line in ("wait 2", "lift", "wait 1", "drink 20", "put 400"):
        sh.onecmd(line)
    spilled = 400 - (sim.scale.capacity_g - (beer - 20))
    assert f"put: {400 - spilled:.0f} g kamen ins Glas, {spilled:.0f} g liefen über" in out.getvalue()
