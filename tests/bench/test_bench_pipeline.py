"""The benchmark's judging helpers (W-21 rounding and verdicts) and a tiny run."""

from __future__ import annotations

import pytest

from waage.bench.pipeline import SynthResult, physical_settle_t, run_synthetic, verdict, whole_grams


def test_whole_grams_rounds_half_away_from_zero_W21() -> None:
    assert [whole_grams(x) for x in (47.5, 48.49, -0.5, 0.49, 110.5)] == [48, 48, -1, 0, 111]


def test_verdict_bounds_exact_W21_W22() -> None:
    assert [verdict(g, 110) for g in (98, 99, 110, 121, 122)] == ["miss", "hit", "exact", "hit", "miss"]
    assert [verdict(g, 30) for g in (26, 27, 33, 34)] == ["miss", "hit", "hit", "miss"]


def test_physical_settle_time() -> None:
    clean = [(0.1, 0.0), (0.2, 500.0), (0.3, 702.0), (0.4, 700.2), (0.5, 699.9), (0.6, 700.0)]
    assert physical_settle_t(clean) == 0.4


def test_small_synthetic_run_is_all_right() -> None:
    r: SynthResult = run_synthetic(80.0, 0.3, sips=8, seed=3)
    assert r.sips == 8 and r.grams_right == 8 and r.missing == 0 and r.false_from_bumps == 0


def test_refill_then_drink_and_long_stand_scenarios_of_the_bench_W33_W34() -> None:
    """The bench's pour-then-lift and long-stand scenarios, judged by the engine: all right on a small run."""
    from waage.bench.pipeline import run_long_stand, run_pour_then_lift

    pour = run_pour_then_lift(80.0, 0.3, sessions=1, seed=3)
    assert pour.refills >= 1 and pour.refills_ok == pour.refills and pour.sips == pour.refills
    assert pour.all_right, pour.failures
    stand = run_long_stand(10.0, 0.1, sessions=1, seed=3, longest_s=120.0)
    assert stand.stands == 2 and stand.sips == 3 and stand.all_right, stand.failures


def test_pour_bands_cover_every_pour_size_issue26() -> None:
    """``waage bench`` gives W-38's shares per pour size band too: every size from 20 g falls in one band."""
    from waage.bench.pour import pour_band

    assert [pour_band(g) for g in (20.0, 49.9, 50.0, 149.0, 199.9, 200.0, 311.0)] == [
        "20–50 g", "20–50 g", "50–100 g", "100–150 g", "150–200 g", "200 g and more", "200 g and more"]


def test_the_stage_costs_add_up_to_the_pipeline_issue26() -> None:
    """``waage bench`` says which stage costs what per sample: the stages' shares add up to the whole and the
    settle windows, which every sample passes twice, are among the dearest."""
    from waage.bench.pipeline import make_hour, run_stage_costs

    per_sample_ns, rows = run_stage_costs(80.0, make_hour(80.0, 300.0))  # 5 minutes
    assert per_sample_ns > 0
    assert sum(share for _, _, share in rows) == pytest.approx(100.0, abs=0.01)
    assert sum(ns for _, ns, _ in rows) == pytest.approx(per_sample_ns, rel=1e-6)
    by_name = {name: share for name, _, share in rows}
    assert by_name["SettleDetector windows ×2 and NoiseEstimator"] > by_name["GlassCheck (W-37)"]


def test_the_w38_bench_counts_a_refill_of_poured_less_drunk_W38() -> None:
    """W-38 forbids a refill of (poured − drunk) after an unmeasured attempt: an error (refill − poured) within 3 g
    of −drunk is that number; a drink of 6 g or less cannot be told from the right refill (issue 26)."""
    from waage.bench.pour import _merged

    assert _merged(-40.0, 41.3) and _merged(-44.0, 41.3)
    assert not _merged(-5.0, 41.3) and not _merged(+20.0, 41.3)  # an estimate, off, but not the merged number
    assert not _merged(-5.0, 5.5) and not _merged(0.0, 0.0)
