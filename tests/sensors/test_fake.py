"""FakeScale: the synthesiser's own behaviour (timeline, clamps, determinism, counts)."""

from __future__ import annotations

import itertools
import statistics
import threading

import pytest

from waage.sensors.fake import Disturbances, FakeScale, FakeSensor
from waage.sensors.traces import TraceRow
from waage.weight.settings import Calibration


@pytest.mark.parametrize("rate", [10, 80])
def test_wait_emits_one_sample_per_period(rate: int) -> None:
    scale = FakeScale(rate)
    samples = scale.wait(1.0)
    assert len(samples) == rate
    assert samples[0].t_s == pytest.approx(1 / rate) and samples[-1].t_s == pytest.approx(1.0)
    assert all(s.raw == 750.0 for s in samples)
    assert scale.now_s == pytest.approx(1.0)


def test_sip_timeline_and_drink_clamp() -> None:
    scale = FakeScale(80, beer_g=30.0)
    samples = scale.sip(50.0)  # more than is left: drinks what is there
    assert scale.beer_g == 0.0 and scale.load_g == 350.0
    assert min(s.raw for s in samples) == pytest.approx(0.0, abs=1e-6)  # off the platform while drinking
    assert samples[-1].raw == pytest.approx(350.0)
    assert 4.5 < scale.now_s < 5.5


def test_drink_needs_a_lift_and_refill_adds() -> None:
    scale = FakeScale(10)
    with pytest.raises(RuntimeError):
        scale.drink(10.0)
    scale.refill(100.0)
    assert scale.beer_g == 500.0 and scale.load_g == 850.0


def test_noise_is_seeded_and_has_sigma() -> None:
    a = FakeScale(80, 0.3, seed=7).wait(20.0)
    b = FakeScale(80, 0.3, seed=7).wait(20.0)
    assert a == b
    assert statistics.pstdev(s.raw for s in a) == pytest.approx(0.3, rel=0.1)


def test_counts_from_calibration() -> None:
    scale = FakeScale(10, calibration=Calibration(offset=1000.0, counts_per_gram=-2.0))
    assert scale.wait(0.1)[0].raw == pytest.approx(1000.0 - 1500.0)


def test_adc_settling_takes_four_periods() -> None:
    scale = FakeScale(10, disturbances=Disturbances(adc_settling=True))
    scale.lift()
    scale.wait(1.0)
    samples = scale.put_back() + scale.wait(1.0)
    full = [s.t_s for s in samples if abs(s.raw - 750.0) < 0.01]
    assert full and full[0] - samples[0].t_s >= 0.35  # ramp 0.15 s + filter ≈ 0.4 s


def test_corrupt_reads_rate() -> None:
    scale = FakeScale(80, seed=3, disturbances=Disturbances(corrupt=True))
    samples = scale.wait(500.0)
    bad = [s for s in samples if abs(s.raw - 750.0) >= 200.0]
    assert 40 <= len(bad) <= 130  # 0.2 % of 40000


def test_bump_rings_and_returns() -> None:
    scale = FakeScale(80, seed=1)
    samples = scale.bump(40.0)
    assert max(abs(s.raw - 750.0) for s in samples) > 25.0
    assert samples[-1].raw == pytest.approx(750.0, abs=0.01)


def test_play_trace_appends_at_clock() -> None:
    scale = FakeScale(10)
    scale.wait(1.0)
    rows = [TraceRow(5.0, 700.0, "grams"), TraceRow(5.1, 650.0, "grams")]
    samples = scale.play_trace(rows)
    assert [s.t_s for s in samples] == pytest.approx([1.1, 1.2])
    assert scale.load_g == 650.0
    assert scale.wait(0.1)[0].t_s == pytest.approx(1.3)


def test_fake_sensor_pushes_samples() -> None:
    got = []
    done = threading.Event()

    def sink(sample) -> None:
        got.append(sample)
        if len(got) >= 400:
            done.set()

    ticks = itertools.count()
    sensor = FakeSensor(FakeScale(80), clock=lambda: float(next(ticks)))  # 1 s per call: never waits
    assert sensor.sample_rate_hz == 80
    sensor.sip(10.0)
    sensor.start(sink)
    assert done.wait(10.0)
    sensor.close()
    assert min(s.raw for s in got[:400]) < 1.0  # the queued sip happened (lift first)
    assert all(b.t_s > a.t_s for a, b in zip(got, got[1:]))
