"""The recorded HX711 files in shared/data/hx711 (skipped when the folder is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from waage.bench.pipeline import brew_expected_steps
from waage.sensors.traces import load_trace
from waage.weight.events import Sample, WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hx711"
POT = GlassSettings(glass_g=1500.0, glass_capacity_g=2500.0)  # the 3150 g Cambridge pump-pot


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} not present")
    return path


def test_brew_five_pours_are_five_rises_W33() -> None:
    rows = load_trace(need(DATA / "mortenfyhn-coffee-scales" / "brew.csv"), columns=["t_s", "raw"])
    cal = Calibration(offset=rows[0].value - 350 * 1540, counts_per_gram=1540)
    pipe = WeightPipeline(PipelineSettings(), cal, GlassSettings(), 11.6)
    events = pipe.feed_many(Sample(r.t_s, r.value) for r in rows)
    assert all(isinstance(e, WeightSettled) and not e.lifted for e in events)
    rises = [e.after_g - e.before_g for e in events]
    steps = brew_expected_steps(rows)
    assert len(rises) == 5
    for got, want in zip(rises, steps):
        assert got == pytest.approx(want, abs=1.5)


def test_cambridge_standing_still_with_spikes_is_no_event() -> None:
    f = need(DATA / "ijl20-cambridge_coffee_pot" / "save_1576677425.258.csv")
    rows = load_trace(f, columns=["t_s", "grams"], header=False, allow_backward=True)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), POT, 10.0)
    assert pipe.feed_many(Sample(r.t_s, r.value) for r in rows) == []
    assert pipe.reference_g == pytest.approx(3148.5, abs=1.5)


def test_cambridge_plunger_presses_two_falls_without_lift_W35() -> None:
    f = need(DATA / "ijl20-cambridge_coffee_pot" / "save_1576678474.837.csv")
    rows = load_trace(f, columns=["t_s", "grams"], header=False, allow_backward=True)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), POT, 10.0)
    events = pipe.feed_many(Sample(r.t_s, r.value) for r in rows)
    assert all(isinstance(e, WeightSettled) and not e.lifted for e in events)
    falls = [e.before_g - e.after_g for e in events]
    assert len(falls) == 2
    assert falls[0] == pytest.approx(165.0, abs=3.0) and falls[1] == pytest.approx(178.0, abs=3.0)
