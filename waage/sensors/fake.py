"""A deterministic synthesiser of the physical scale (``[sensor] kind = "fake"``).

``FakeScale`` simulates a beer glass on an HX711 load cell with its own clock: the
physical load (glass, beer, a hand, impact ringing, creep, zero drift) is integrated
on a fine time grid (≥ 400 Hz), passed through the HX711's digital filter (sinc⁴ over
one conversion period, i.e. it settles in 4 conversion periods, hx711.md §2), sampled
at 10 or 80 SPS, given Gaussian noise and occasional corrupt reads, and emitted as raw
counts ``raw = offset + grams × counts_per_gram``.

Example::

    scale = FakeScale(sample_rate_hz=80, noise_g=0.3, seed=1, disturbances=Disturbances.all())
    samples = scale.wait(1.0) + scale.sip(48.0) + scale.refill(200.0)

``FakeSensor`` runs a ``FakeScale`` in a background thread in real time for ``waage run``.
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from collections import deque
from typing import Callable

from pydantic import BaseModel, ConfigDict, Field

from waage.sensors.base import SampleSink
from waage.sensors.traces import TraceRow
from waage.weight.events import Sample
from waage.weight.settings import Calibration

__all__ = ["Disturbances", "FakeScale", "FakeSensor"]


class Disturbances(BaseModel):
    """The physical and electrical disturbances of the fake scale; each can be switched on alone.

    Default: all off (a clean scale with only ``FakeScale(noise_g=…)`` noise).
    ``Disturbances.all()`` switches every one on with the issue-3 parameters. Ranges are
    ``(low, high)`` drawn uniformly per event from the seeded generator (``seed``; None:
    derived from the scale's seed, or ``UNSEEDED_DETAILS_SEED`` for an unseeded scale).
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    seed: int | None = None
    # single-sample corrupt reads (hx711.md §2.2)
    corrupt: bool = False
    corrupt_rate: float = Field(0.002, ge=0, le=1, description="fraction of samples that are corrupt")
    corrupt_g: tuple[float, float] = Field((200.0, 8000.0), description="|error| of a corrupt read, grams")
    # impact ringing on a set-down
    ringing: bool = False
    ringing_fraction: tuple[float, float] = Field((0.05, 0.30), description="first peak, fraction of the load")
    ringing_hz: tuple[float, float] = (8.0, 20.0)
    ringing_decay_s: tuple[float, float] = Field(
        (0.025, 0.05), description="envelope time constant: down to 2–5 % within 0.1 s"
    )
    # a hand resting on the glass after the put-back
    hand: bool = False
    hand_probability: float = Field(0.5, ge=0, le=1)
    hand_g: tuple[float, float] = Field((5.0, 40.0), description="force of the resting hand, grams")
    hand_s: tuple[float, float] = Field((0.2, 0.7), description="how long it rests, seconds")
    tremor_hz: tuple[float, float] = (6.0, 12.0)
    tremor_fraction: tuple[float, float] = Field(
        (0.1, 0.25), description="tremor amplitude as a fraction of the hand force (at least 0.5 g)"
    )
    # the glass grabbed again before it settled (W-30)
    regrab: bool = False
    regrab_probability: float = Field(0.2, ge=0, le=1)
    # load-cell creep and zero drift
    creep: bool = False
    creep_fraction: float = Field(0.0002, description="creep at equilibrium, fraction of the load (0.02 %)")
    creep_tau_s: float = Field(3.0, gt=0)
    # the load cell's slow creep over minutes (a glass left standing, issue 12)
    slow_creep: bool = False
    slow_creep_fraction: float = Field(0.0003, description="slow creep at equilibrium, fraction of the load (0.03 %)")
    slow_creep_tau_s: float = Field(600.0, gt=0, description="its time constant (10 min)")
    zero_drift: bool = False
    zero_drift_g_per_min: float = Field(0.3, description="slope of the zero drift; its sign is drawn per scale")
    # a cold load cell warming up (issue 18): a zero drift that starts steep and dies away
    warmup_drift: bool = False
    warmup_g_per_min: float = Field(1.5, description="the warm-up drift's slope at the start (negative: downwards)")
    warmup_tau_s: float = Field(600.0, gt=0, description="…decaying with this time constant (10 min)")
    # the ADC's own settling: sinc⁴ over one conversion period (4 periods to settle)
    adc_settling: bool = False

    @classmethod
    def all(cls, **overrides: object) -> "Disturbances":
        """Every disturbance on (issue-3 targets); keyword arguments override fields."""
        on = dict(corrupt=True, ringing=True, hand=True, regrab=True, creep=True, slow_creep=True, zero_drift=True,
                  adc_settling=True)
        on.update(overrides)
        return cls(**on)


def _smooth(u: float) -> float:
    """Cosine ramp 0 -> 1 for u in [0, 1]."""
    if u <= 0.0:
        return 0.0
    if u >= 1.0:
        return 1.0
    return 0.5 - 0.5 * math.cos(math.pi * u)


Effect = Callable[[float], float]  # relative time (s) -> additive grams

#: the details generator's seed on an unseeded scale (``FakeScale(seed=None)``): a noiseless replay without
#: ``[scale] seed`` pours at the same rate on every run
UNSEEDED_DETAILS_SEED = 0


class FakeScale:
    """A deterministic physical scale with its own clock (see module doc).

    sample_rate_hz: SPS (10 or 80); noise_g: Gaussian σ per sample (grams); seed: for
    the noise and the disturbances (None: the noise unseeded, the physical details, e.g. a
    pour's flow rate, from ``UNSEEDED_DETAILS_SEED``); glass_g / beer_g: the full glass on
    the platform at the start (steady since long ago); calibration: raw counts
    (identity by default); disturbances: what goes wrong (default: nothing);
    capacity_g: most beer the glass holds; a refill pours at most up to it (spill).

    Timeline methods return the samples they produced and advance ``now_s``:
    ``wait``, ``lift``, ``put_back``, ``sip``, ``refill``, ``bump``, ``play_trace``.
    ``drink`` only changes the beer (the glass must be lifted). Sample times are
    ``k / sample_rate_hz``; the first sample comes one period after the start.
    With ``record_clean=True`` every sample's noise-free ADC output is kept in
    ``clean_log`` as (t_s, grams) (for benchmarks).
    """

    #: seconds a person takes to lift, to drink and to set the glass down
    LIFT_S = 0.2
    DRINK_S = 2.0
    PUT_BACK_S = 0.15
    #: how long laying a phone beside the glass takes (a quick step, W-37a)
    LAY_S = 0.1
    #: steady time after a put-back in ``sip``: a hand (≤ 0.7 s), ringing and the
    #: pipeline's fast window (≤ 0.5 s) fit with room to spare
    SETTLE_S = 2.5
    #: steady time after a refill or a bump (the pipeline's long window + hold)
    SETTLE_UNLIFTED_S = 3.5
    #: conversion periods the simulated HX711 filter needs to settle after a step (the Sensor's ``settling_periods``)
    settling_periods = 4

    def __init__(
        self,
        sample_rate_hz: float = 80,
        noise_g: float = 0.0,
        seed: int | None = None,
        glass_g: float = 350.0,
        beer_g: float = 400.0,
        calibration: Calibration | None = None,
        disturbances: Disturbances | None = None,
        *,
        record_clean: bool = False,
        capacity_g: float | None = None,
    ) -> None:
        if sample_rate_hz <= 0:
            raise ValueError("sample_rate_hz must be positive")
        self.sample_rate_hz = float(sample_rate_hz)
        self.noise_g = float(noise_g)
        self.glass_g = float(glass_g)
        self.beer_g = float(beer_g)
        #: most beer the glass holds; a refill beyond it spills (None: no rim)
        self.capacity_g = capacity_g
        self.calibration = calibration or Calibration()
        self.disturbances = disturbances or Disturbances()
        self._rng = random.Random(seed)
        dseed = self.disturbances.seed
        # the physical details (a pour's flow, a disturbance's size) are seeded even on an unseeded scale, so
        # that a noiseless replay is the same on every run and every machine; only the noise is left unseeded
        self._drng = random.Random(dseed if dseed is not None else (UNSEEDED_DETAILS_SEED if seed is None
                                                                   else seed * 7919 + 17))
        period = 1.0 / self.sample_rate_hz
        self._k = max(1, int(math.ceil(period / 0.0025)))  # substeps per conversion period
        self._dt = period / self._k
        self._tick = 0  # substeps since the start
        self._lifted = False
        self._base_g = self.glass_g + self.beer_g  # mechanical load of glass + beer
        self._effects: list[tuple[int, int, Effect, bool]] = []  # start tick, end tick, fn, static force
        d = self.disturbances
        self._creep_g = d.creep_fraction * self._base_g if d.creep else 0.0
        # the slow creep starts from half its equilibrium: the glass was put down a few minutes ago
        self._slow_creep_g = 0.5 * d.slow_creep_fraction * self._base_g if d.slow_creep else 0.0
        self._drift_sign = 1.0 if self._drng.random() < 0.5 else -1.0
        self._stages: list[deque[float]] = []
        self._stage_sums: list[float] = []
        start_g = self._base_g + self._creep_g + self._slow_creep_g
        if d.adc_settling:
            for _ in range(4):
                self._stages.append(deque([start_g] * self._k, maxlen=self._k))
                self._stage_sums.append(start_g * self._k)
        self._adc_g = start_g
        self.record_clean = record_clean
        self.clean_log: list[tuple[float, float]] = []
        #: what the disturbances did, newest last: (t_s, description); for benchmarks and debugging
        self.disturbance_log: list[tuple[float, str]] = []
        #: when the last put-back's ramp ended and its hand let go (seconds; -inf: no hand)
        self.touchdown_s = 0.0
        self.hand_until_s = -math.inf
        #: what lies on the platform beside the glass (a phone, keys; grams): it stays when the glass is lifted
        self.beside_g = 0.0

    # ------------------------------------------------------------------ state
    @property
    def now_s(self) -> float:
        """The scale's clock in seconds."""
        return self._tick * self._dt

    @property
    def load_g(self) -> float:
        """The true physical load on the platform now (grams, without creep, drift, effects)."""
        return (0.0 if self._lifted else self._base_g) + self.beside_g

    @property
    def lifted(self) -> bool:
        """True while the glass is off the platform."""
        return self._lifted

    # ------------------------------------------------------------------ physics
    def _physical(self, tick: int, base: float) -> float:
        d = self.disturbances
        force = base
        extra = 0.0
        if self._effects:
            keep = []
            for start, end, fn, static in self._effects:
                if tick >= end:
                    continue
                keep.append((start, end, fn, static))
                if tick >= start:
                    v = fn((tick - start) * self._dt)
                    if static:
                        force += v
                    else:
                        extra += v
            self._effects = keep
        if d.creep:
            self._creep_g += (d.creep_fraction * force - self._creep_g) * (self._dt / d.creep_tau_s)
        if d.slow_creep:
            self._slow_creep_g += (d.slow_creep_fraction * force - self._slow_creep_g) * (self._dt / d.slow_creep_tau_s)
        drift = self._drift_sign * d.zero_drift_g_per_min / 60.0 * tick * self._dt if d.zero_drift else 0.0
        if d.warmup_drift:  # slope r·e^(−t/τ): the offset r·τ·(1 − e^(−t/τ))
            t = tick * self._dt
            drift += d.warmup_g_per_min / 60.0 * d.warmup_tau_s * (1.0 - math.exp(-t / d.warmup_tau_s))
        return force + extra + self._creep_g + self._slow_creep_g + drift

    def _at_rest(self) -> bool:
        """True when nothing changes the load: no effects, creep or drift, and a settled ADC filter."""
        d = self.disturbances
        if self._effects or d.creep or d.slow_creep or d.zero_drift or d.warmup_drift:
            return False
        clean = self.load_g
        if not self._stages:
            return True
        return all(abs(v - clean) < 1e-9 for st in self._stages for v in (st[0], st[-1], min(st), max(st)))

    def _advance(self, seconds: float, base_fn: Callable[[float], float] | None = None) -> list[Sample]:
        """Run the physics for ``seconds``; base_fn(u) gives the glass+beer load at u seconds (what lies beside
        the glass, ``beside_g``, comes on top)."""
        n = int(round(seconds / self._dt))
        beside = self.beside_g
        out: list[Sample] = []
        k = self._k
        stages = self._stages
        sums = self._stage_sums
        cal = self.calibration
        if base_fn is None and self._at_rest():
            # Fast path: a steady load with nothing acting on it (the usual replay wait):
            # every conversion reads the same clean value, plus noise.
            clean = self._adc_g = self.load_g
            first = self._tick + 1
            self._tick += n
            for tick in range(first + (-first) % k, self._tick + 1, k):
                out.append(self._emit(tick * self._dt, clean, cal))
            return out
        for i in range(1, n + 1):
            self._tick += 1
            tick = self._tick
            base = (base_fn(i * self._dt) if base_fn is not None else (0.0 if self._lifted else self._base_g)) + beside
            p = self._physical(tick, base)
            if stages:
                x = p
                for j in range(4):
                    st = stages[j]
                    sums[j] += x - st[0]
                    st.append(x)
                    x = sums[j] / k
                self._adc_g = x
            else:
                self._adc_g = p
            if tick % k == 0:
                out.append(self._emit(tick * self._dt, self._adc_g, cal))
        return out

    def _emit(self, t_s: float, clean_g: float, cal: Calibration) -> Sample:
        if self.record_clean:
            self.clean_log.append((t_s, clean_g))
        g = clean_g
        if self.noise_g > 0:
            g += self._rng.gauss(0.0, self.noise_g)
        d = self.disturbances
        if d.corrupt and self._drng.random() < d.corrupt_rate:
            lo, hi = d.corrupt_g
            g += self._drng.uniform(lo, hi) * (1 if self._drng.random() < 0.5 else -1)
        return Sample(t_s, cal.offset + g * cal.counts_per_gram)

    def _add_effect(self, seconds: float, fn: Effect, static: bool = False, delay_s: float = 0.0) -> None:
        start = self._tick + int(round(delay_s / self._dt))
        self._effects.append((start, start + int(round(seconds / self._dt)) + 1, fn, static))

    def _u(self, rng: tuple[float, float]) -> float:
        return self._drng.uniform(rng[0], rng[1])

    # ------------------------------------------------------------------ timeline
    def wait(self, seconds: float) -> list[Sample]:
        """Steady load for ``seconds``; returns the samples."""
        return self._advance(seconds)

    def lift(self) -> list[Sample]:
        """Lift the glass off the platform (0.2 s ramp); returns the samples of the ramp."""
        if self._lifted:
            return []
        load = self._base_g
        samples = self._advance(self.LIFT_S, lambda u: load * (1.0 - _smooth(u / self.LIFT_S)))
        self._lifted = True
        return samples

    def drink(self, grams: float) -> None:
        """Drink ``grams`` from the lifted glass (clamped to the beer left). Raises RuntimeError if not lifted."""
        if not self._lifted:
            raise RuntimeError("drink() needs the glass lifted")
        g = max(0.0, min(float(grams), self.beer_g))
        self.beer_g -= g
        self._base_g = self.glass_g + self.beer_g

    def put_back(self, hand: bool | None = None) -> list[Sample]:
        """Set the glass down (0.15 s ramp) with impact ringing and maybe a resting hand.

        hand: None as the disturbances draw it (``hand``, ``hand_probability``); True a hand rests on
        the glass whatever they say, False none. ``touchdown_s`` and ``hand_until_s`` tell when the
        ramp ended and the hand let go (``-inf``: no hand).
        """
        if not self._lifted:
            return []
        load = self._base_g
        samples = self._advance(self.PUT_BACK_S, lambda u: load * _smooth(u / self.PUT_BACK_S))
        self._lifted = False
        self.touchdown_s = self.now_s
        self.hand_until_s = -math.inf
        d = self.disturbances
        if d.ringing:
            self._ring(self._u(d.ringing_fraction) * load)
        if hand or (hand is None and d.hand and self._drng.random() < d.hand_probability):
            self.hand_until_s = self.now_s + self._hand()
        return samples

    def _ring(self, amplitude_g: float, decay_s: tuple[float, float] | None = None) -> None:
        d = self.disturbances
        f = self._u(d.ringing_hz)
        tau = self._u(decay_s or d.ringing_decay_s)
        w = 2.0 * math.pi * f
        self._add_effect(12 * tau, lambda u: amplitude_g * math.exp(-u / tau) * math.cos(w * u))
        self._note(f"ringing {amplitude_g:.1f} g {f:.1f} Hz tau {tau * 1000:.0f} ms")

    def _hand(self) -> float:
        d = self.disturbances
        force = self._u(d.hand_g)
        dur = self._u(d.hand_s)
        f = self._u(d.tremor_hz)
        amp = max(0.5, self._u(d.tremor_fraction) * force)
        phase = self._drng.uniform(0, 2 * math.pi)
        w = 2.0 * math.pi * f
        release = min(0.1, dur / 2)

        def hand(u: float) -> float:
            env = 1.0 if u < dur - release else max(0.0, (dur - u) / release)
            return env * (force + amp * math.sin(w * u + phase))

        self._add_effect(dur, hand, static=True)
        self._note(f"hand {force:.1f} g for {dur:.2f} s, tremor {amp:.2f} g at {f:.1f} Hz")
        return dur

    def _note(self, what: str) -> None:
        log = self.disturbance_log
        log.append((self.now_s, what))
        if len(log) > 1000:
            del log[:500]

    def sip(self, grams: float) -> list[Sample]:
        """Lift, drink ``grams`` (clamped to the beer left) for 2 s, put back, settle 2.5 s."""
        samples = self.lift()
        samples += self.wait(self.DRINK_S / 2)
        self.drink(grams)
        samples += self.wait(self.DRINK_S / 2)
        samples += self.put_back()
        d = self.disturbances
        if d.regrab and self._drng.random() < d.regrab_probability:
            self._note("regrab")
            samples += self.wait(self._drng.uniform(0.05, 0.2))  # before any pipeline can settle
            samples += self.lift()
            samples += self.wait(self._drng.uniform(0.5, 1.0))
            samples += self.put_back()
        samples += self.wait(self.SETTLE_S)
        return samples

    def sip_then_pour(self, grams: float, pour_g: float, delay_s: float, hand: bool | None = None,
                      settle_s: float | None = None) -> list[Sample]:
        """W-38: lift, drink ``grams`` for 2 s, put back, and ``delay_s`` after the touch-down pour ``pour_g``
        into the glass on the scale (``refill``), then stand ``settle_s`` (default ``SETTLE_UNLIFTED_S``).

        hand: as in ``put_back`` (True: a hand still rests on the glass for 0.2–0.7 s after the touch-down,
        ``Disturbances.hand_s``). ``touchdown_s`` / ``hand_until_s`` tell the bench how long the level stood.
        """
        samples = self.lift()
        samples += self.wait(self.DRINK_S / 2)
        self.drink(grams)
        samples += self.wait(self.DRINK_S / 2)
        samples += self.put_back(hand)
        samples += self.wait(delay_s)
        return samples + self.refill(pour_g, settle_s)

    def refill(self, grams: float, settle_s: float | None = None, rate_g_per_s: float | None = None) -> list[Sample]:
        """Pour ``grams`` into the glass standing on the scale (≈ 40 g/s, or ``rate_g_per_s``), then stand ``settle_s``.

        settle_s: steady time after the stream stops (default ``SETTLE_UNLIFTED_S``, 3.5 s);
        a short one followed by ``sip`` is a glass grabbed right after the pour (issue 12).
        """
        if self._lifted:
            raise RuntimeError("refill() needs the glass on the platform")
        g = max(0.0, float(grams))
        if self.capacity_g is not None:  # what does not fit runs over the rim
            g = min(g, max(0.0, self.capacity_g - self.beer_g))
        rate = 40.0 * self._drng.uniform(0.8, 1.25)
        if rate_g_per_s is not None:
            rate = float(rate_g_per_s)
        dur = max(0.2, g / rate)
        start = self._base_g
        d = self.disturbances
        if d.ringing:  # the stream's impact and splashing
            impact = 0.15 * rate
            f = self._u(d.ringing_hz)
            w = 2 * math.pi * f
            self._add_effect(dur, lambda u: impact * (1.0 + 0.5 * math.sin(w * u)), static=True)
        samples = self._advance(dur, lambda u: start + g * min(1.0, u / dur))
        self.beer_g += g
        self._base_g = self.glass_g + self.beer_g
        samples += self.wait(self.SETTLE_UNLIFTED_S if settle_s is None else max(0.0, settle_s))
        return samples

    def place(self, grams: float) -> list[Sample]:
        """Take what stands on the platform off and put ``grams`` on instead (0: leave it empty), 1 s steady.

        What a person does in ``waage calibrate``; the mass put on becomes the
        scale's glass (``glass_g = grams``, no beer).
        """
        samples = self.lift()
        self.glass_g, self.beer_g = max(0.0, float(grams)), 0.0
        self._base_g = self.glass_g
        if self.glass_g > 0:
            samples += self.put_back()
        return samples + self.wait(1.0)

    def lay(self, grams: float) -> list[Sample]:
        """Lay ``grams`` (a phone, keys) on the platform beside the glass in ``LAY_S``, with the short ringing of
        its landing; a negative ``grams`` takes that much of it away (at most what lies there). It stays when
        the glass is lifted (W-37a: a quick step onto a glass that stands untouched). Returns the samples of the
        step and of the second after it."""
        g = max(float(grams), -self.beside_g)
        glass = 0.0 if self._lifted else self._base_g
        samples = self._advance(self.LAY_S, lambda u: glass + g * _smooth(min(1.0, u / self.LAY_S)))
        self.beside_g += g
        if g > 0 and self.disturbances.ringing:
            self._ring(0.1 * g, (0.02, 0.05))
        return samples + self.wait(1.0)

    def bump(self, grams: float, settle_s: float = 2.0) -> list[Sample]:
        """A knock on the table: ringing (8–20 Hz, τ 50–150 ms) with a first peak of ``grams``, no lift.

        Returns the samples of the next ``settle_s`` seconds (default 2 s).
        """
        self._ring(float(grams), (0.05, 0.15))
        return self.wait(settle_s)

    def stand(self, seconds: float) -> list[Sample]:
        """The glass stands untouched for ``seconds`` (a long pause: zero drift and creep go on).

        The same as ``wait``; named for the long-stand scenario of issue 12 (1–20 min).
        """
        return self._advance(seconds)

    def play_trace(self, rows: list[TraceRow]) -> list[Sample]:
        """Append a recorded trace at the current clock (first row one period after ``now_s``).

        ``grams`` rows are converted with the calibration, ``raw`` rows are emitted as they
        are. Afterwards the scale holds the trace's last load.
        """
        if not rows:
            return []
        period = 1.0 / self.sample_rate_hz
        t0 = rows[0].t_s
        start = self.now_s + period
        cal = self.calibration
        shift = start - t0
        off, cpg = cal.offset, cal.counts_per_gram
        if rows[0].kind == "raw":  # one file, one kind
            out = [Sample(t + shift, v) for t, v, _ in rows]
            grams = [(v - off) / cpg for _, v, _ in rows] if self.record_clean else None
            last_g = (rows[-1].value - off) / cpg
        else:
            out = [Sample(t + shift, off + v * cpg) for t, v, _ in rows]
            grams = [v for _, v, _ in rows] if self.record_clean else None
            last_g = rows[-1].value
        if grams is not None:
            self.clean_log.extend(zip((s.t_s for s in out), grams))
        self._tick = int(math.ceil((out[-1].t_s) / self._dt - 1e-9))
        # align the clock to the next whole sample period
        while self._tick % self._k:
            self._tick += 1
        self._lifted = last_g < 0.5 * self.glass_g
        if not self._lifted:
            self._base_g = last_g
            self.beer_g = max(0.0, last_g - self.glass_g)
            self.glass_g = min(self.glass_g, last_g)
        self._reset_filter(last_g)
        return out

    def _reset_filter(self, grams: float) -> None:
        for j, st in enumerate(self._stages):
            st.extend([grams] * self._k)
            self._stage_sums[j] = grams * self._k
        self._adc_g = grams


class FakeSensor:
    """The fake scale as a background ``Sensor`` (waage/sensors/base.py) for ``waage run``.

    A thread paces a ``FakeScale`` in real time and pushes its ``Sample``s to the sink.
    ``sip(g)``, ``refill(g)``, ``bump(g)`` queue actions (e.g. from keyboard keys);
    between actions the load stays steady. ``close()`` stops the thread.

    Example::

        sensor = FakeSensor(FakeScale(sample_rate_hz=10, noise_g=0.1, seed=1))
        sensor.start(print); sensor.sip(40); ...; sensor.close()
    """

    def __init__(self, scale: FakeScale | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.scale = scale or FakeScale()
        self.sample_rate_hz = self.scale.sample_rate_hz
        self.settling_periods = self.scale.settling_periods
        self._clock = clock
        self._actions: queue.Queue[tuple[str, float]] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, sink: SampleSink) -> None:
        """Start delivering samples to ``sink`` from a daemon thread."""
        if self._thread is not None:
            raise RuntimeError("FakeSensor already started")
        self._thread = threading.Thread(target=self._run, args=(sink,), name="fake-sensor", daemon=True)
        self._thread.start()

    def _note(self, what: str) -> None:
        log = self.disturbance_log
        log.append((self.now_s, what))
        if len(log) > 1000:
            del log[:500]

    def sip(self, grams: float) -> None:
        """Queue a sip of ``grams``."""
        self._actions.put(("sip", grams))

    def refill(self, grams: float) -> None:
        """Queue a refill of ``grams``."""
        self._actions.put(("refill", grams))

    def bump(self, grams: float) -> None:
        """Queue a table bump of ``grams``."""
        self._actions.put(("bump", grams))

    def place(self, grams: float) -> None:
        """Queue ``FakeScale.place``: ``grams`` instead of what stands on the platform (calibration)."""
        self._actions.put(("place", grams))

    def _run(self, sink: SampleSink) -> None:
        start = self._clock()
        t0 = self.scale.now_s
        period = 1.0 / self.sample_rate_hz
        while not self._stop.is_set():
            try:
                kind, grams = self._actions.get_nowait()
                samples = getattr(self.scale, kind)(grams)
            except queue.Empty:
                samples = self.scale.wait(period)
            for s in samples:
                delay = start + (s.t_s - t0) - self._clock()
                if delay > 0 and self._stop.wait(delay):
                    return
                sink(s)

    def close(self) -> None:
        """Stop the thread (waits up to 1 s)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
            self._thread = None
