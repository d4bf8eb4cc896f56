"""The glass check (W-35, W-37): a glass the pipeline does not know is never a hang, a hand stays no glass."""

from __future__ import annotations

import math
import random

import pytest

from waage.bench.pipeline import whole_grams
from waage.sensors.fake import FakeScale
from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, Sample, WeightSettled
from waage.weight.glass_check import BESIDE_WAIT_S, HEAVY_HOLD_S, MIN_GLASS_G, GlassUnknown
from waage.weight.pipeline import WeightPipeline
from waage.weight.segment import LAID_THING_G
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

RATES = [(80.0, 0.3), (10.0, 0.1)]
BELIEVED = GlassSettings()  # 350 g, 550 g capacity: loads above 950 g never settle (W-35)


def pipeline(rate: float) -> WeightPipeline:
    return WeightPipeline(PipelineSettings(), Calibration(), BELIEVED, rate)


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("glass_g,beer_g", [(700.0, 500.0), (900.0, 300.0)])
def test_a_heavier_glass_standing_5_s_is_another_glass_not_a_hand(rate, noise, glass_g, beer_g):
    """W-37: steady above glass + capacity + margin for 5 s: ``GlassUnknown("heavier")`` once; from then on it
    settles and a sip is measured from settled weights (W-30)."""
    scale = FakeScale(rate, noise, seed=2, glass_g=glass_g, beer_g=beer_g)
    pipe = pipeline(rate)
    assert pipe.feed_many(scale.wait(HEAVY_HOLD_S - 0.5)) == []  # a hand's few seconds: nothing (W-35)
    assert pipe.reference_g is None
    events = pipe.feed_many(scale.wait(3.0))
    (found,) = of(events, GlassUnknown)
    assert found.reason == "heavier" and found.load_g == pytest.approx(glass_g + beer_g, abs=0.5)
    assert HEAVY_HOLD_S <= found.t_s <= HEAVY_HOLD_S + 2.0
    assert pipe.reference_g == pytest.approx(glass_g + beer_g, abs=0.5)  # the load settles now
    events = pipe.feed_many(scale.sip(48.0) + scale.wait(8.0))
    assert not of(events, GlassUnknown)  # once
    (sip,) = of(events, WeightSettled)
    assert sip.lifted and whole_grams(sip.before_g - sip.after_g) == 48


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_hand_pressing_for_a_few_seconds_is_no_glass_W35(rate, noise):
    """W-35: a hand pressing above the capacity, steady or wobbling, for less than 5 s: never settles, no
    ``GlassUnknown``; afterwards the glass is where it was."""
    rng = random.Random(3)
    pipe = pipeline(rate)
    dt = 1.0 / rate
    t = 0.0
    samples = []

    def add(seconds, load):
        nonlocal t
        for _ in range(int(round(seconds * rate))):
            t += dt
            samples.append(Sample(t, load(t) + rng.gauss(0.0, noise)))

    add(2.0, lambda _t: 750.0)
    add(4.5, lambda _t: 1050.0)  # pressed hard and steadily for 4.5 s
    add(2.0, lambda _t: 750.0)
    add(6.0, lambda u: 1050.0 + 15.0 * math.sin(2 * math.pi * 0.7 * u))  # pressing and wobbling for 6 s
    add(3.0, lambda _t: 750.0)
    events = pipe.feed_many(samples)
    assert not of(events, GlassUnknown) and not of(events, WeightSettled)
    assert pipe.reference_g == pytest.approx(750.0, abs=0.3)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("glass_g", [700.0, 500.0])
def test_a_heavier_glass_swapped_in_settles_after_5_s(rate, noise, glass_g):
    """W-37: the 350 g glass lifted, a full 700 g (or 500 g) mug put back (unannounced): no hang; the put-back settles
    (a rise: the engine books it as a refill, never a sip). W-37a: the put-back is a placement, which can be another
    glass; it comes down above the capacity with no level of a glass within it first, so it is no thing laid beside
    the glass just put back (for those the verdict waits, ``BESIDE_WAIT_S``; issue 26)."""
    scale = FakeScale(rate, noise, seed=4)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(1.0))
    samples = scale.lift() + scale.wait(1.0)
    scale.glass_g, scale.beer_g = glass_g, 500.0
    scale._base_g = glass_g + 500.0
    events = pipe.feed_many(samples + scale.put_back() + scale.wait(8.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, GlassUnknown, WeightSettled]
    settled = events[-1]
    assert settled.lifted and settled.after_g == pytest.approx(glass_g + 500.0, abs=0.5)
    assert settled.after_g - settled.before_g > 400 - (700.0 - glass_g) and pipe.beside_g == 0.0


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_light_glass_below_the_lift_threshold_is_placed_not_an_empty_platform(rate, noise):
    """W-37: a 150 g glass with 20 g left (170 g) is below the believed glass's lift threshold (175 g): it
    is a glass standing, not an empty platform: it settles, and the next sip is measured."""
    scale = FakeScale(rate, noise, seed=5, glass_g=150.0, beer_g=20.0)
    pipe = pipeline(rate)
    events = pipe.feed_many(scale.wait(3.0))
    assert of(events, GlassPlaced) and pipe.on_platform
    assert pipe.reference_g == pytest.approx(170.0, abs=0.5)
    assert pipe.segmenter.lift_g < MIN_GLASS_G
    events = pipe.feed_many(scale.sip(12.0))
    (sip,) = of(events, WeightSettled)
    assert sip.lifted and whole_grams(sip.before_g - sip.after_g) == 12


def test_weighing_a_glass_arms_the_check_again_with_its_thresholds():
    """W-36: after ``set_glass`` the check judges with the weighed glass and may fire again."""
    scale = FakeScale(80, 0.0, glass_g=700.0, beer_g=500.0)
    pipe = pipeline(80)
    assert of(pipe.feed_many(scale.wait(7.0)), GlassUnknown)
    mug = GlassSettings(glass_g=700.0, glass_capacity_g=1100.0)
    pipe.set_glass(mug)
    assert not pipe.glass_check.fired and not pipe.glass_check.relaxed
    assert pipe.segmenter.max_load_g == 700.0 + 1100.0 + 50.0 and pipe.segmenter.lift_g == 350.0
    assert pipe.feed_many(scale.wait(7.0)) == []  # 1200 g is this glass with beer


@pytest.mark.parametrize("rate,noise", RATES)
def test_steady_is_what_a_weighing_may_take(rate, noise):
    """W-36: ``steady`` only once the load stood still for the long window; ``steady_g`` is its mean."""
    scale = FakeScale(rate, noise, seed=6, glass_g=350.0, beer_g=100.0)
    pipe = pipeline(rate)
    assert not pipe.steady and pipe.steady_g == 0.0
    pipe.feed_many(scale.wait(2.0))
    assert pipe.steady and pipe.steady_g == pytest.approx(450.0, abs=0.3)
    pipe.feed_many(scale.refill(100.0, settle_s=0.0))
    assert not pipe.steady
    pipe.feed_many(scale.wait(1.5))
    assert pipe.steady and pipe.steady_g == pytest.approx(550.0, abs=0.3)


def _load_samples(rate: float, noise: float, seed: int, parts) -> list[Sample]:
    """Samples of a load made of ``parts`` [(seconds, load(u) with u the seconds into the part)] with noise."""
    rng = random.Random(seed)
    dt = 1.0 / rate
    t = 0.0
    out = []
    for seconds, load in parts:
        for i in range(int(round(seconds * rate))):
            t += dt
            out.append(Sample(t, load(i * dt) + rng.gauss(0.0, noise)))
    return out


def _laid(level: float, phone: float, ramp_s: float = 0.1):
    """A phone laid beside the glass: up by ``phone`` grams in ``ramp_s``, with a short ringing."""
    def load(u: float) -> float:
        if u < ramp_s:
            return level + phone * u / ramp_s
        return level + phone + 0.1 * phone * math.exp(-(u - ramp_s) / 0.05) * math.sin(2 * math.pi * 12 * u)
    return load


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("phone_g,lies_s", [(150.0, 4.0), (180.0, 8.0), (210.0, 13.0)])
def test_a_phone_beside_the_glass_above_the_capacity_is_nothing_W37a(rate, noise, phone_g, lies_s):
    """W-37a: a quick step onto a glass that stands untouched (a phone laid beside it) that ends above the
    capacity is W-35 however long it stays: no ``GlassUnknown``, no refill, and its removal no fall.
    Before issue 26 it became "another glass" after 5 s and every phone after it a refill and a fall."""
    level = 820.0  # the 350 g glass with 470 g of beer: with the phone above 950 g
    samples = _load_samples(rate, noise, 7, [
        (3.0, lambda _u: level), (lies_s, _laid(level, phone_g)), (0.1, lambda u: level + phone_g * (1 - u / 0.1)),
        (3.0, lambda _u: level), (lies_s, _laid(level, phone_g)), (0.1, lambda u: level + phone_g * (1 - u / 0.1)),
        (3.0, lambda _u: level)])
    pipe = pipeline(rate)
    events = pipe.feed_many(samples)
    assert events == [] and not pipe.glass_check.relaxed
    assert pipe.reference_g == pytest.approx(level, abs=0.3)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("phone_g", [60.0, 100.0, 170.0])
def test_what_a_lift_leaves_on_the_platform_is_no_lighter_glass_W37a(rate, noise, phone_g):
    """W-37a: a load is another glass only where it arrived by a placement (the platform held less than a glass
    before). A phone lighter than the lift threshold lying beside the glass stays when the glass is lifted; found by
    a new-user trial of ``waage sim``'s ``phone`` (issue 26): it was taken for a lighter glass standing, "placed" at
    once, and the sip judged from the glass to the phone (a 750 g miss, then a 700 g refill). Now the lift is the
    lift and the sip is judged from the put-back."""
    scale = FakeScale(rate, noise, seed=3, glass_g=350.0, beer_g=400.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    pipe.feed_many(scale.lay(phone_g))  # within the capacity: a refill (W-33; the rulings have no case for it)
    pipe.feed_many(scale.wait(3.0))
    events = pipe.feed_many(scale.sip(50.0))
    assert [type(e) for e in events if not isinstance(e, WeightSettled) or e.lifted] == \
        [GlassLifted, GlassPlaced, WeightSettled]
    (judged,) = [e for e in events if isinstance(e, WeightSettled)]
    assert judged.before_g - judged.after_g == pytest.approx(50.0, abs=0.5)
    assert not of(events, GlassUnknown) and not pipe.glass_check.relaxed


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_light_glass_placed_after_the_lift_is_still_found_W37(rate, noise):
    """The other side of the rule above: the platform emptied by the lift, then a 120 g glass (lighter than the
    lift threshold of the 350 g glass in use) set down: it arrived by a placement, so it is the lighter glass and
    the thresholds relax (W-37)."""
    scale = FakeScale(rate, noise, seed=3, glass_g=350.0, beer_g=400.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    pipe.feed_many(scale.lift())
    pipe.feed_many(scale.wait(1.0))
    assert not pipe.glass_check.relaxed
    events = pipe.feed_many(scale.place(120.0) + scale.wait(3.0))  # the glass in the air swapped, then set down
    assert pipe.glass_check.relaxed and of(events, GlassPlaced)


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_glass_poured_above_the_capacity_is_another_glass_W37a(rate, noise):
    """W-37a: a load that was poured in (a rise spread over a second or more, W-33) can be another glass:
    800 g poured up to 1100 g over 3 s and standing: ``GlassUnknown("heavier")``, then the refill settles."""
    samples = _load_samples(rate, noise, 8, [
        (3.0, lambda _u: 800.0), (3.0, lambda u: 800.0 + 100.0 * u), (8.0, lambda _u: 1100.0)])
    pipe = pipeline(rate)
    events = pipe.feed_many(samples)
    (found,) = of(events, GlassUnknown)
    assert found.reason == "heavier" and found.load_g == pytest.approx(1100.0, abs=0.5)
    (refill,) = of(events, WeightSettled)
    assert not refill.lifted and refill.after_g - refill.before_g == pytest.approx(300.0, abs=0.5)


def _judged(events) -> list[float]:
    """The grams of each verdict after a lift (before − after)."""
    return [e.before_g - e.after_g for e in events if isinstance(e, WeightSettled) and e.lifted]


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("phone_g,sip_g", [(150.0, 40.0), (210.0, 120.0), (300.0, 60.0)])
def test_a_sip_while_a_phone_lies_beside_the_glass_is_judged_W37a(rate, noise, phone_g, sip_g):
    """W-37a (issue 26): a phone laid beside the standing glass that ends above the capacity is nothing, and from
    then on the pipeline weighs the glass without it. Before, a sip while it lay there was lost: a phone heavier
    than the lift threshold (300 g, above half the 350 g glass) hid the lift; one that the sip brought back within
    the capacity (210 g after 120 g) made the put-back a refill of (phone − sip). Its removal is no fall."""
    scale = FakeScale(rate, noise, seed=5, glass_g=350.0, beer_g=480.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    assert pipe.feed_many(scale.lay(phone_g) + scale.wait(2.0)) == []
    assert pipe.beside_g == pytest.approx(phone_g, abs=0.5) and pipe.live_g == pytest.approx(830.0, abs=0.5)
    events = pipe.feed_many(scale.sip(sip_g))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert _judged(events) == [pytest.approx(sip_g, abs=0.5)]
    assert pipe.feed_many(scale.lay(-phone_g) + scale.wait(3.0)) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(830.0 - sip_g, abs=0.5)
    assert not pipe.glass_check.relaxed
    # and the next sip without the phone
    assert _judged(pipe.feed_many(scale.sip(30.0))) == [pytest.approx(30.0, abs=0.5)]


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("away_s", [0.0, 1.5])
def test_a_phone_taken_away_while_the_glass_is_up_leaves_the_verdict_right_W37a(rate, noise, away_s):
    """The phone is picked up while the drinker holds the glass, the glass comes back 0–1.5 s later: the empty
    platform reading the phone's weight below zero is its removal, not part of the put-back (the sip would have
    been 50 g + the phone)."""
    scale = FakeScale(rate, noise, seed=6, glass_g=350.0, beer_g=480.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0) + scale.lay(200.0) + scale.wait(2.0))
    events = pipe.feed_many(scale.lift() + scale.wait(1.0))
    scale.drink(50.0)
    events += pipe.feed_many(scale.lay(-200.0) + scale.wait(away_s))
    assert pipe.beside_g == 0.0
    events += pipe.feed_many(scale.put_back(hand=False) + scale.wait(2.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert _judged(events) == [pytest.approx(50.0, abs=0.5)]


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_pour_while_a_phone_lies_there_is_a_refill_and_the_next_sip_starts_from_it_W37a(rate, noise):
    """A pour while the phone lies beside the glass: a refill once it stood ``BESIDE_HOLD_S`` (5 s), or at the
    next lift when that comes sooner; either way the sip after it is judged from the refilled glass."""
    for stand_s in (6.0, 2.0):
        scale = FakeScale(rate, noise, seed=7, glass_g=350.0, beer_g=480.0)
        pipe = pipeline(rate)
        pipe.feed_many(scale.wait(2.0) + scale.lay(200.0) + scale.wait(2.0))
        events = pipe.feed_many(scale.refill(40.0, settle_s=stand_s))
        events += pipe.feed_many(scale.sip(50.0))
        refills = [e.after_g - e.before_g for e in events if isinstance(e, WeightSettled) and not e.lifted]
        assert refills == [pytest.approx(40.0, abs=1.0)], stand_s
        assert _judged(events) == [pytest.approx(50.0, abs=0.5)], stand_s


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_hand_laid_on_the_platform_whose_force_wanders_is_still_nothing_W35(rate, noise):
    """W-35 / W-37a: a hand laid on the platform is a quick step too; taken out of the samples like a phone, its
    force wanders (here +8 g after 1.5 s, for 2 s) and it leaves: no refill, no fall, the reference where it was."""
    level = 820.0
    samples = _load_samples(rate, noise, 9, [
        (3.0, lambda _u: level), (0.1, lambda u: level + 200.0 * u / 0.1), (1.5, lambda _u: level + 200.0),
        (0.5, lambda u: level + 200.0 + 16.0 * u), (2.0, lambda _u: level + 208.0),
        (0.1, lambda u: level + 208.0 * (1 - u / 0.1)), (3.0, lambda _u: level)])
    pipe = pipeline(rate)
    laid = int(round(4.6 * rate))
    assert pipe.feed_many(samples[:laid]) == [] and pipe.beside_g == pytest.approx(200.0, abs=0.5)
    assert pipe.feed_many(samples[laid:]) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(level, abs=0.3)


# a phone laid beside the glass just put back, before its verdict (W-37a, W-37b; issue 26)
PLACED = [  # rate, noise, how long after the put-back's ramp the phone comes, the phone, whether the level was measured
    (80.0, 0.3, 0.1, 250.0, False), (80.0, 0.3, 0.25, 200.0, True), (10.0, 0.1, 0.3, 250.0, False),
    (10.0, 0.1, 0.5, 200.0, False)]
#: a phone laid so soon that the glass's level stood too short to measure
PLACED_DELAY_S = {80.0: 0.1, 10.0: 0.3}


@pytest.mark.parametrize("rate,noise,delay_s,phone_g,measured", PLACED)
@pytest.mark.parametrize("lies_s", [8.0, 25.0])
def test_a_phone_laid_before_the_verdict_is_no_other_glass_W37a(rate, noise, delay_s, phone_g, measured, lies_s):
    """The glass is put back and, before its verdict, a phone is laid beside it (the load then above the capacity)
    and lies there 8 or 25 s. W-37b: a put-back during an attempt is the drinker's glass, so the quick step onto it
    is a thing beside it (W-37a: nothing changed), not another glass. When the glass's level before the step stood
    as long as W-38 asks (0.25 s at 80 SPS) that is the verdict at once; else the verdict waits for the phone to be
    taken away and is the glass's level then, or, the phone still there after ``BESIDE_WAIT_S`` (20 s), the attempt
    is unmeasured (``cause`` "beside", the level seen before the step as the reference). The phone is weighed out
    and its removal is nothing. Before, the phone was "another glass" after 5 s, the put-back a refill of
    (phone − sip) and its removal a fall of the phone. The next sip is judged from the right level."""
    scale = FakeScale(rate, noise, seed=5, glass_g=350.0, beer_g=480.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    events = pipe.feed_many(scale.lift() + scale.wait(1.0))
    scale.drink(60.0)
    events += pipe.feed_many(scale.put_back(hand=False) + scale.wait(delay_s) + scale.lay(phone_g)
                             + scale.wait(lies_s - 1.0))
    if measured or lies_s > BESIDE_WAIT_S:
        assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled if measured else AttemptUnmeasured]
        end = events[-1]
        if measured:
            assert end.lifted and _judged(events) == [pytest.approx(60.0, abs=0.5)]
        else:
            assert end.cause == "beside" and end.level_g == pytest.approx(770.0, abs=1.0)
        assert pipe.beside_g == pytest.approx(phone_g, abs=1.0) and not pipe.glass_check.relaxed
        assert pipe.feed_many(scale.lay(-phone_g) + scale.wait(3.0)) == []
    else:
        assert [type(e) for e in events] == [GlassLifted, GlassPlaced]  # the verdict waits for the phone
        events = pipe.feed_many(scale.lay(-phone_g) + scale.wait(3.0))
        assert [type(e) for e in events] == [WeightSettled] and _judged(events) == [pytest.approx(60.0, abs=0.5)]
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(770.0, abs=0.5)
    assert not pipe.glass_check.relaxed
    assert _judged(pipe.feed_many(scale.sip(30.0))) == [pytest.approx(30.0, abs=0.5)]


# a phone beside the glass taken away between the put-back and its verdict (issue 26)
TAKEN = [(80.0, 0.3, 0.15), (80.0, 0.3, 0.4), (80.0, 0.3, 0.8), (10.0, 0.1, 0.4), (10.0, 0.1, 0.7), (10.0, 0.1, 1.0)]


@pytest.mark.parametrize("rate,noise,delay_s", TAKEN)
@pytest.mark.parametrize("phone_g", [180.0, 300.0])
def test_a_phone_taken_away_before_the_verdict_leaves_the_glass_alone(rate, noise, delay_s, phone_g):
    """A phone lies beside the glass (above its capacity: weighed out, W-37a); the glass is lifted, 60 g drunk, put
    back, and ``delay_s`` after it, before the verdict, the phone is picked up. The verdict is the glass's own 60 g,
    the phone is gone from the frame, the next sip is judged from the right level. Before, the verdict took the
    phone in: a drink of 60 g + the phone, and the next sip a refill."""
    scale = FakeScale(rate, noise, seed=5, glass_g=350.0, beer_g=480.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0) + scale.lay(phone_g) + scale.wait(3.0))
    assert pipe.beside_g == pytest.approx(phone_g, abs=1.0)
    events = pipe.feed_many(scale.lift() + scale.wait(1.0))
    scale.drink(60.0)
    events += pipe.feed_many(scale.put_back(hand=False) + scale.wait(delay_s) + scale.lay(-phone_g) + scale.wait(3.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert _judged(events) == [pytest.approx(60.0, abs=0.5)]
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(770.0, abs=0.5)
    assert _judged(pipe.feed_many(scale.sip(30.0))) == [pytest.approx(30.0, abs=0.5)]


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_glass_lifted_again_while_its_verdict_waits_for_a_phone_leaves_the_phone_W30(rate, noise):
    """The verdict waits for a 250 g phone laid beside the glass just put back (above the capacity, the level too
    short to measure); the drinker lifts the glass again (the phone heavier than the lift threshold stays, so the
    platform never reads empty) and drinks 20 g more: no lighter glass judged at the phone's 250 g; the phone is
    weighed out, the lift goes on as the same attempt (W-30) and the put-back is judged 80 g."""
    scale = FakeScale(rate, noise, seed=5, glass_g=350.0, beer_g=480.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    events = pipe.feed_many(scale.lift() + scale.wait(1.0))
    scale.drink(60.0)
    events += pipe.feed_many(scale.put_back(hand=False) + scale.wait(PLACED_DELAY_S[rate]) + scale.lay(250.0)
                             + scale.wait(2.0))
    events += pipe.feed_many(scale.lift() + scale.wait(2.0))
    scale.drink(20.0)
    events += pipe.feed_many(scale.put_back(hand=False) + scale.wait(2.0))
    assert not of(events, GlassUnknown) and _judged(events) == [pytest.approx(80.0, abs=0.5)]
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, GlassLifted, GlassPlaced, WeightSettled]
    assert pipe.beside_g == pytest.approx(250.0, abs=1.0)
    assert pipe.feed_many(scale.lay(-250.0) + scale.wait(3.0)) == [] and pipe.reference_g == pytest.approx(750.0, abs=0.5)


def test_the_game_asks_to_lay_things_down_only_after_the_verdict_W37a():
    """The game: an attempt unmeasured because a thing was laid beside the glass logs ``attempt_unmeasured`` with
    ``cause`` "beside", the same target goes on, and the screen (OLED and web draw the same view) and the terminal
    ask the table to lay things down only after the verdict, not to pour."""
    from waage.app.narration import narrate
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.display.views import MessageView
    from waage.ui import DeviceUi

    records: list[dict] = []
    ctl, fake = build(Scenario(players=["Anna", "Ben"]), None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ui = DeviceUi(ctl, setup_done=True)
    ctl.roll((6, 5))
    ctl.roll((2, 3))
    samples = fake.lift()
    fake.drink(20.0)
    ctl.on_samples(samples + fake.wait(1.0) + fake.put_back(hand=False) + fake.wait(0.1) + fake.lay(300.0)
                   + fake.wait(3.0))
    view = ui.view(ctl.now_s + 10)  # the verdict waits for the phone to be taken away, and the screen says so
    assert isinstance(view, MessageView) and view.lines == ["Etwas liegt auf der Waage:", "bitte wegnehmen"]
    ctl.on_samples(fake.wait(BESIDE_WAIT_S))  # the phone stays: the verdict waited for it in vain
    unmeasured = [r for r in records if r["event"] == "attempt_unmeasured"]
    assert [(r["player"], r["attempt"], r["cause"]) for r in unmeasured] == [("Ben", 1, "beside")]
    assert not [r for r in records if r["event"] in ("sip", "refill", "glass_unknown")]
    view = ui.view(ctl.now_s + 10)
    assert isinstance(view, MessageView) and "Erst nach dem Urteil etwas hinlegen!" in view.lines
    assert not any("nachschenken" in line for line in view.lines)
    assert narrate(unmeasured[0], "de") == "Versuch 1 von Ben nicht gemessen: Erst nach dem Urteil etwas hinlegen!"
    assert "lay things down only after the verdict" in narrate(unmeasured[0], "en")


# a lift that leaves a thing on the platform (issue 26, a new-user trial): the thing heavier than the lift threshold
@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("phone_g", [200.0, 250.0])
def test_a_lift_that_leaves_a_thing_laid_within_the_capacity_is_a_lift(rate, noise, phone_g):
    """A phone laid beside the glass that leaves the load within the capacity (issue 26, an independent check: 48 of
    80 such phones were a refill, their removal a fall, and sips around them off by the phone) is W-35, as above
    the capacity: nothing is logged and it is weighed out. Heavier than the lift threshold (half the 350 g glass) it
    used to hide every lift: the sip became a fall. The sip while it lies there is judged from the glass's own
    level, and the thing's removal is nothing."""
    scale = FakeScale(rate, noise, seed=5, glass_g=350.0, beer_g=300.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    assert pipe.feed_many(scale.lay(phone_g) + scale.wait(2.0)) == []
    assert pipe.beside_g == pytest.approx(phone_g, abs=0.5) and pipe.reference_g == pytest.approx(650.0, abs=0.5)
    events = pipe.feed_many(scale.sip(50.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert events[-1].before_g == pytest.approx(650.0, abs=0.5) and _judged(events) == [pytest.approx(50.0, abs=0.5)]
    assert pipe.feed_many(scale.lay(-phone_g) + scale.wait(3.0)) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(600.0, abs=0.5)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("grams", [100.0, 140.0, 200.0, 250.0])
def test_a_quick_pour_within_the_capacity_stays_a_refill_W33(rate, noise, grams):
    """The other side of ``LAID_THING_G`` (issue 26): a pour as fast as a pitcher's (≈ 150 g/s) of 100–250 g is a
    refill, not a thing laid beside the glass; the next sip is judged from the refilled level."""
    scale = FakeScale(rate, noise, seed=7, glass_g=350.0, beer_g=200.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    events = pipe.feed_many(scale.refill(grams, settle_s=3.0, rate_g_per_s=150.0))
    assert [(type(e), e.lifted) for e in events] == [(WeightSettled, False)] and pipe.beside_g == 0.0
    assert events[0].after_g - events[0].before_g == pytest.approx(grams, abs=1.0)
    assert _judged(pipe.feed_many(scale.sip(40.0))) == [pytest.approx(40.0, abs=0.5)]


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_phone_within_the_capacity_laid_just_before_the_lift_stays_on_the_platform(rate, noise, seed):
    """A 160 g phone laid within the capacity and the glass lifted 0.5 s later, before the change held: the level
    before the lift holds the phone (the plateau search, issue 12), but it was laid, not poured (issue 26, the
    independent check's phones laid 0.5–3 s before a sip): no refill at the lift, the phone is weighed out, the sip
    is judged and its removal is nothing. (At 10 SPS the level before the lift was a refill of the phone and its
    removal a fall; at 80 SPS the plateau search found no level there and the empty platform weighed it out.)"""
    scale = FakeScale(rate, noise, seed=seed, glass_g=350.0, beer_g=300.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    events = pipe.feed_many(scale.lay(160.0) + scale.wait(0.5) + scale.sip(40.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert _judged(events) == [pytest.approx(40.0, abs=0.5)] and pipe.beside_g == pytest.approx(160.0, abs=0.5)
    assert pipe.feed_many(scale.lay(-160.0) + scale.wait(3.0)) == [] and pipe.beside_g == 0.0


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_heavy_thing_taken_away_is_nothing_not_a_lift_W35(rate, noise):
    """The other way round: a 400 g thing laid within the capacity (weighed out, W-35) and taken away again falls by
    more than an empty glass, but to the glass, not to about the thing: nothing, no lift."""
    scale = FakeScale(rate, noise, seed=6, glass_g=350.0, beer_g=150.0)
    pipe = pipeline(rate)
    assert pipe.feed_many(scale.wait(2.0) + scale.lay(400.0) + scale.wait(2.0)) == []
    assert pipe.feed_many(scale.lay(-400.0) + scale.wait(3.0)) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(500.0, abs=0.5)


@pytest.mark.parametrize("rate,noise", RATES)
def test_resumed_with_the_glass_up_and_a_phone_on_the_platform_waits_for_the_put_back(rate, noise):
    """A restart while the drinker holds the glass and a 200 g phone lies on the platform (``restore`` with the
    attempt open): the platform settles at 200 g, less than an empty glass. No put-back happened, so it is no
    lighter glass judged (W-37b is about a put-back): the phone is weighed out and the put-back judged 40 g.
    Before, a 650 g miss (a new-user trial of the simulator's ``--state-dir``)."""
    scale = FakeScale(rate, noise, seed=9, glass_g=350.0, beer_g=500.0)
    scale.lift()
    scale.beside_g = 200.0
    pipe = pipeline(rate)
    pipe.restore(850.0, attempt_open=True)
    assert pipe.feed_many(scale.wait(2.0)) == [] and pipe.beside_g == pytest.approx(200.0, abs=0.5)
    scale.drink(40.0)
    events = pipe.feed_many(scale.put_back(hand=False) + scale.wait(2.0))
    assert [type(e) for e in events] == [GlassPlaced, WeightSettled] and _judged(events) == [pytest.approx(40.0, abs=0.5)]
    assert pipe.feed_many(scale.lay(-200.0) + scale.wait(3.0)) == [] and pipe.beside_g == 0.0


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_phone_lighter_than_the_lift_threshold_laid_just_before_the_lift_is_weighed_out(rate, noise, seed):
    """A 150 g phone laid beside the glass (above the capacity) and the glass lifted at once, before the phone's
    step had stood the long window: the lift leaves the phone on the platform (below the lift threshold, so the lift
    is seen). Once the platform stands still at about the phone, after standing at the glass + the phone before the
    lift, the phone is weighed out and the put-back is the 50 g sip. Before, on some seeds, the put-back counted the
    phone: a refill of 100 g, and its removal a fall (a new-user trial, ``phone 150`` and ``sip 50`` at once)."""
    scale = FakeScale(rate, noise, seed=seed, glass_g=350.0, beer_g=500.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    events = pipe.feed_many(scale.lay(150.0) + scale.sip(50.0))
    assert [type(e) for e in events] == [GlassLifted, GlassPlaced, WeightSettled]
    assert _judged(events) == [pytest.approx(50.0, abs=0.5)] and pipe.beside_g == pytest.approx(150.0, abs=0.5)
    assert pipe.feed_many(scale.lay(-150.0) + scale.wait(3.0)) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(800.0, abs=0.5)


# found by random sequences of phones, sips and pours on the fake scale (issue 26): 46 of 520 sequences ended out of
# frame and 341 of 520 lost or misjudged a sip before; see docs/weight-pipeline.md
@pytest.mark.parametrize("rate,noise", RATES)
def test_a_thing_heavier_than_the_glass_less_the_lift_threshold_taken_away_is_no_lift(rate, noise):
    """A 500 g tablet beside a glass standing at 460 g (above the capacity: weighed out). Taken away, the load in
    the frame without it falls to -40 g, below the lift threshold, as a lift would bring it: the level it stands
    at tells (a lift leaves the empty platform's 0 g). Before, a lift, and the game waited for a put-back."""
    scale = FakeScale(rate, noise, seed=3, glass_g=350.0, beer_g=140.0)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    assert pipe.feed_many(scale.lay(500.0) + scale.wait(2.0)) == [] and pipe.beside_g == pytest.approx(500.0, abs=0.5)
    assert _judged(pipe.feed_many(scale.sip(30.0))) == [pytest.approx(30.0, abs=0.5)]
    assert pipe.feed_many(scale.lay(-500.0) + scale.wait(3.0)) == []
    assert pipe.on_platform and pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(460.0, abs=0.5)
    assert _judged(pipe.feed_many(scale.sip(20.0))) == [pytest.approx(20.0, abs=0.5)]


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("thing_g,beer_g", [(300.0, 230.0), (80.0, 480.0)])
def test_a_pour_above_the_capacity_beside_a_thing_booked_as_a_refill_is_no_other_glass_W37a(rate, noise, thing_g,
                                                                                            beer_g):
    """A thing laid within the capacity: 300 g is weighed out at once (W-35, ``LAID_THING_G``), 80 g is a refill
    (W-33, lighter than any phone). A pour of 100 g later ends above the capacity. Without the thing the glass is
    within it, so the thing lies beside the glass: it is weighed out (the 80 g leave the reference), the pour is a
    refill, the next sip is judged and the thing's removal is nothing. Before, "another glass" (W-37a: a pour can
    make one)."""
    scale = FakeScale(rate, noise, seed=4, glass_g=350.0, beer_g=beer_g)
    pipe = pipeline(rate)
    pipe.feed_many(scale.wait(2.0))
    laid = pipe.feed_many(scale.lay(thing_g) + scale.wait(2.0))
    booked = thing_g < LAID_THING_G
    assert [(type(e), e.lifted) for e in laid] == ([(WeightSettled, False)] if booked else [])
    events = pipe.feed_many(scale.refill(100.0, settle_s=7.0))
    assert not of(events, GlassUnknown) and pipe.beside_g == pytest.approx(thing_g, abs=0.5)
    refills = [e.after_g - e.before_g for e in events if isinstance(e, WeightSettled) and not e.lifted]
    assert refills == [pytest.approx(100.0, abs=1.0)]
    assert _judged(pipe.feed_many(scale.sip(40.0))) == [pytest.approx(40.0, abs=0.5)]
    assert pipe.feed_many(scale.lay(-thing_g) + scale.wait(3.0)) == []
    assert pipe.beside_g == 0.0 and pipe.reference_g == pytest.approx(350.0 + beer_g + 60.0, abs=1.0)
