"""W-38 (issue 18): a pour right after the put-back.

The pipeline (fake scale and independent traces, 10 and 80 SPS, with and without a hand
still on the glass) and the game: a level that stood long enough ends the attempt and the
pour is a refill; a pour sooner gives ``attempt_unmeasured``, the same target again and the
pour as a refill; never a merged number. No timing asserts.
"""

from __future__ import annotations

import json

import pytest

from waage.games.waagespiel.engine import Waagespiel
from waage.games.waagespiel.rules.state import GameState
from waage.sensors.fake import Disturbances, FakeScale
from waage.weight.events import AttemptUnmeasured, GlassLifted, GlassPlaced, WeightSettled
from waage.weight.pipeline import WeightPipeline
from waage.weight.settings import Calibration, GlassSettings, PipelineSettings

from .indep_traces import make_pour_putback_case, run_case
from .test_independent_traces import _check

RATES = [(80.0, 0.3), (10.0, 0.1)]
DIST = Disturbances.all(hand=False, regrab=False)


def _sip_then_pour(rate: float, noise: float, delay_s: float, hand: bool, seed: int = 2,
                   drunk: float = 40.0, pour: float = 120.0):
    scale = FakeScale(rate, noise, seed=seed, beer_g=250.0, disturbances=Disturbances.all(hand=hand, regrab=False))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    pipe.feed_many(scale.wait(1.0))
    start = scale.beer_g
    events = pipe.feed_many(scale.sip_then_pour(drunk, pour, delay_s, hand=hand))
    return [e for e in events if not isinstance(e, (GlassLifted, GlassPlaced))], start - drunk, scale.beer_g


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("hand", [False, True], ids=["no hand", "hand"])
def test_a_pour_after_the_level_stood_books_the_sip_then_the_refill_W38(rate, noise, hand) -> None:
    events, after_drink, after_pour = _sip_then_pour(rate, noise, 1.5, hand)
    assert [type(e) for e in events] == [WeightSettled, WeightSettled], events
    sip, refill = events
    assert sip.lifted and not refill.lifted
    assert sip.before_g - sip.after_g == pytest.approx(40.0, abs=0.5)
    assert refill.after_g - refill.before_g == pytest.approx(after_pour - after_drink, abs=2.0)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("hand", [False, True], ids=["no hand", "hand"])
def test_a_pour_before_the_level_stood_is_unmeasured_then_a_refill_W38(rate, noise, hand) -> None:
    """Never a sip of (drunk − poured) nor a refill of (poured − drunk): main gave one merged number here."""
    events, after_drink, after_pour = _sip_then_pour(rate, noise, 0.1, hand)
    assert [type(e) for e in events] == [AttemptUnmeasured, WeightSettled], events
    unmeasured, refill = events
    assert not refill.lifted and refill.before_g == unmeasured.level_g
    # the level is an estimate (the stream began while the glass still rang): within 20 g, and a hand still
    # pressing on the glass (Disturbances.hand_g ≤ 40 g) is in it
    assert refill.after_g - refill.before_g == pytest.approx(after_pour - after_drink, abs=20.0 + 40.0 * hand)


@pytest.mark.parametrize("seed", range(5))
def test_a_light_glass_keeps_its_put_back_ramp_and_a_small_pour_is_unmeasured_W38(seed) -> None:
    """Found by a new-user trial (issue 26): a 180-g glass with 150 g of beer at 10 SPS, a 30 g sip, 20 g poured
    0.2 s after the touch-down: a sip of 10 g every time (the merged number). The outlier gate had taken the
    put-back's ramp through the HX711's filter for corrupt reads and dropped 0.4 s of it, the level and the pour's
    start with it (test_stages.test_gate_keeps_a_ramp_the_prediction_caught_up_with)."""
    scale = FakeScale(10.0, 0.1, seed=seed, glass_g=180.0, beer_g=150.0,
                      disturbances=Disturbances.all(hand=False, regrab=False))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(glass_g=180.0, glass_capacity_g=300.0),
                          10.0)
    pipe.feed_many(scale.wait(3.0))
    events = pipe.feed_many(scale.sip_then_pour(30.0, 20.0, 0.2))
    judged = [e for e in events if not isinstance(e, (GlassLifted, GlassPlaced))]
    assert [type(e) for e in judged] == [AttemptUnmeasured, WeightSettled], judged


@pytest.mark.parametrize("pour_g", [25.0, 30.0])
@pytest.mark.parametrize("seed", range(10))
def test_the_simulators_pour_at_the_touch_down_is_unmeasured_W38(seed, pour_g) -> None:
    """Found by a new-user trial (issue 26): the simulator's ``put 25`` at its 10 SPS (the scale of ``waage sim``:
    only the HX711's filter, no ringing, no hand), the stream 0.15 s after the touch-down. Its 25–30 g rose 4–5 g a
    sample from the ramp's end, a rise too short for a pour by its length: the merged sip (drunk − poured) on 3 of 10
    seeds. Now the rise's even pace makes it a stream (``PourSplit._even_rise``)."""
    from waage.app.sim import POUR_REACH_S

    scale = FakeScale(10.0, 0.1, seed=seed, beer_g=300.0, disturbances=Disturbances(adc_settling=True))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), 10.0)
    pipe.feed_many(scale.wait(1.0))
    events = pipe.feed_many(scale.sip_then_pour(55.0, pour_g, POUR_REACH_S))
    judged = [e for e in events if not isinstance(e, (GlassLifted, GlassPlaced))]
    assert [type(e) for e in judged] == [AttemptUnmeasured, WeightSettled], judged
    # the level never showed: the refill's start is an estimate (−10 … +5 g on these seeds, as before)
    assert judged[1].after_g - judged[1].before_g == pytest.approx(pour_g, abs=11.0)


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("hand", [False, True], ids=["no hand", "hand"])
def test_a_pour_before_the_verdict_is_seen_while_it_runs_W38(rate, noise, hand) -> None:
    """Issue 26: "Nicht gemessen" came only once the pour had ended (1–8 s after the put-back); the screens now ask to
    pour after the verdict while the stream runs (``WeightPipeline.pouring``), well before the attempt is found
    unmeasured, and no longer once it is."""
    scale = FakeScale(rate, noise, seed=2, beer_g=250.0, disturbances=Disturbances.all(hand=hand, regrab=False))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    pipe.feed_many(scale.wait(1.0))
    pouring, unmeasured = [], None
    for sample in scale.sip_then_pour(40.0, 120.0, 0.1, hand=hand):
        if any(isinstance(e, AttemptUnmeasured) for e in pipe.feed(sample)):
            unmeasured = sample.t_s
        if pipe.pouring:
            pouring.append(sample.t_s)
    assert unmeasured is not None and pouring
    assert max(pouring) < unmeasured and unmeasured - min(pouring) >= 1.0  # the 120 g stream runs ≥ 2.4 s


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("seed", range(10))
def test_no_pour_is_seen_in_a_sip_or_after_its_verdict_W38(rate, noise, seed) -> None:
    """The hint of a pour under way is never shown for a plain sip with every disturbance (a hand holding the glass
    up and letting go, a regrab, ringing) nor for a pour after the verdict (W-38: a refill)."""
    scale = FakeScale(rate, noise, seed=seed, beer_g=250.0, disturbances=Disturbances.all(hand=True, regrab=True))
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    pipe.feed_many(scale.wait(1.0))
    seen = []
    for sample in scale.sip(50.0) + scale.sip_then_pour(30.0, 100.0, 2.0, hand=True):
        pipe.feed(sample)
        seen.append(pipe.pouring)
    assert not any(seen)


# (kind, SPS, start delay after the touch-down, seed): what W-38 asks of each is in the trace's expects
CASES = [
    ("pour_putback", 80.0, 0.15, 0),        # unmeasured
    ("pour_putback", 80.0, 1.3, 0),         # measured
    ("pour_putback", 10.0, 0.15, 1),
    ("pour_putback", 10.0, 0.5, 0),         # unmeasured at 10 SPS (0.8 s from rest needed)
    ("pour_putback", 10.0, 1.3, 0),
    ("pour_putback_hand", 80.0, 0.15, 2),
    ("pour_putback_hand", 80.0, 0.5, 0),    # the hand still on the glass when the pour began
    ("pour_putback_hand", 80.0, 1.3, 0),
    ("pour_putback_hand", 10.0, 0.15, 0),
    ("pour_putback_hand", 10.0, 1.3, 0),
    # issue 26: pours of more than was drunk from a fast stream (a pitcher, 130–136 g/s) at 10 SPS, begun 0.2–0.6 s
    # after the touch-down: before, no attempt_unmeasured and one refill of (poured − drunk)
    ("pour_putback_big", 10.0, None, 102),
    ("pour_putback_big", 10.0, None, 112),
    ("pour_putback_big", 80.0, None, 107),
    # issue 26: the level stood the rule's time and a little more from rest (80 SPS: 0.25–0.4 s)
    ("pour_putback_level", 80.0, None, 103),
    ("pour_putback_level", 80.0, None, 108),
    ("pour_putback_level", 10.0, None, 104),
    # issue 26: at 10 SPS a level that stood only 0.21–0.24 s from rest (the rule: 0.8 s with the sensor's 0.4 s)
    # showed in 4 samples, the last already holding the stream's thin start: measured before, unmeasured now
    ("pour_putback_big", 10.0, None, 9),
    ("pour_putback_big", 10.0, None, 23),
    ("pour_putback_hand", 10.0, None, 3),
    # issue 26: at 80 SPS a hand pressing 27 g let go 0.02 s before the rest; its last sample, 2 g above the level,
    # began the steady run and made 0.15 s of level the rule's 0.2 s: measured before, unmeasured now
    ("pour_putback_hand", 80.0, None, 14),
    # issue 26 (fresh seeds): a hand lifting 18 g with a slow wobble let go in 0.07 s; the wobble's drift before
    # the release made the rise last a pour's time: a false attempt_unmeasured where the level stood 0.57 s
    ("pour_putback_hand", 80.0, None, 288),
]


@pytest.mark.parametrize("kind,rate,delay,seed", CASES, ids=lambda v: str(v))
def test_independent_pour_after_putback_W38(kind, rate, delay, seed, tmp_path) -> None:
    """W-38 on the independent generator; ``delay`` None: the case's own (0.1–1.5 s, or the level's time)."""
    trace, dice = make_pour_putback_case(kind, rate, seed, delay)
    res = run_case(trace, dice, tmp_path)
    _check(res)
    assert res["w38"] and "wrong" not in res["w38"]


def _drinking() -> Waagespiel:
    g = Waagespiel(["Anna", "Ben"])
    g.start()
    g.scale_ready(750.0)
    g.roll((6, 5))
    g.roll((2, 3))  # Ben drinks 50 g
    assert g.phase == "drinking"
    return g


def test_game_attempt_unmeasured_keeps_the_target_and_books_the_pour_during_drinking_W38() -> None:
    g = _drinking()
    g.weight(GlassLifted(1.0))
    g.weight(GlassPlaced(3.0))
    out = g.weight(AttemptUnmeasured(3.4, before_g=750.0, level_g=700.0))
    assert out == [{"event": "attempt_unmeasured", "round": 1, "player": "Ben", "attempt": 1, "cause": "pour"}]
    assert g.phase == "drinking" and g.state.chosen.target_g == 50
    refill = g.weight(WeightSettled(6.0, before_g=700.0, after_g=820.0, lifted=False))
    assert refill == [{"event": "refill", "grams": 120.0, "during_drinking": True, "consent_of": "Ben"}]
    g.weight(GlassLifted(8.0))
    sip = g.weight(WeightSettled(11.0, before_g=820.0, after_g=770.0, lifted=True))
    assert sip[0]["event"] == "sip" and sip[0]["attempt"] == 2 and sip[0]["verdict"] == "exact"
    assert g.phase == "rolling" and g.state.round == 2  # in step: the next round can be rolled
    assert g.finish()[0]["per_player"]["Ben"]["attempts"] == 1  # only judged attempts count


def test_game_a_measured_hit_then_the_pour_is_no_refill_during_drinking_W38() -> None:
    g = _drinking()
    g.weight(GlassLifted(1.0))
    out = g.weight(WeightSettled(3.5, before_g=750.0, after_g=702.0, lifted=True))
    assert out[0]["verdict"] == "hit" and g.phase == "rolling"
    refill = g.weight(WeightSettled(6.0, before_g=702.0, after_g=800.0, lifted=False))
    assert refill == [{"event": "refill", "grams": 98.0, "during_drinking": False}]


def test_game_an_unmeasured_attempt_while_nobody_drinks_is_silent_W38() -> None:
    g = Waagespiel(["Anna", "Ben"])
    g.start()
    g.scale_ready(750.0)
    assert g.weight(AttemptUnmeasured(2.0, before_g=750.0, level_g=700.0)) == []
    assert g.state.reference_g == 700.0 and g.phase == "rolling"


@pytest.mark.parametrize("lang,hint", [("de", "Erst nach dem Urteil nachschenken!"),
                                       ("en", "Pour only after the verdict!")])
def test_the_screen_asks_to_pour_only_after_the_verdict_W38(lang, hint) -> None:
    """The OLED's view (the web draws the same view): a message after ``attempt_unmeasured``, then the drinking."""
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.display.views import DrinkingView, MessageView
    from waage.ui import DeviceUi

    records: list[dict] = []
    ctl, fake = build(Scenario(players=["Anna", "Ben"]), None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ui = DeviceUi(ctl, setup_done=True, lang=lang)
    ctl.roll((6, 5))
    ctl.roll((2, 3))
    samples = fake.lift()
    fake.drink(20.0)
    ctl.on_samples(samples + fake.wait(1.0) + fake.put_back() + fake.refill(100.0, settle_s=1.0))
    assert [r["event"] for r in records if r["event"] in ("sip", "attempt_unmeasured")] == ["attempt_unmeasured"]
    view = ui.view(ctl.last_events[0]["t_s"] + 0.5)
    assert isinstance(view, MessageView) and hint in view.lines and any("Ben" in line for line in view.lines)
    ctl.on_samples(fake.wait(5.0))
    assert [r["event"] for r in records if r["event"] == "refill"] == ["refill"]
    # issue 26: the warning stands until the next verdict, not for the 3 s of a decision
    view = ui.view(ctl.now_s + 10)
    assert isinstance(view, MessageView) and hint in view.lines
    ctl.on_samples(fake.lift())
    view = ui.view(ctl.now_s + 10)
    assert isinstance(view, DrinkingView) and view.attempt == 2 and view.lifted  # drinking again
    fake.drink(30.0)
    ctl.on_samples(fake.put_back() + fake.wait(3.0))
    assert [r["event"] for r in records if r["event"] == "sip"]
    view = ui.view(ctl.now_s + 10)
    assert not (isinstance(view, MessageView) and hint in view.lines)  # judged: the warning is gone


@pytest.mark.parametrize("rate", [10.0, 80.0])
@pytest.mark.parametrize("lang,hint", [("de", "Erst nach dem Urteil nachschenken!"),
                                       ("en", "Pour only after the verdict!")])
def test_the_screen_asks_to_pour_after_the_verdict_while_the_stream_runs_W38(rate, lang, hint) -> None:
    """Issue 26: the warning came only with ``attempt_unmeasured``, once the pour had ended (here 3 s of a 120 g
    stream). Now the view asks while the stream runs, names the drinker, and does not yet say "Nicht gemessen"
    (the verdict may still come: the level can have stood long enough)."""
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.display.views import MessageView
    from waage.ui import DeviceUi

    records: list[dict] = []
    ctl, fake = build(Scenario.model_validate({"players": ["Anna", "Ben"], "scale": {"sample_rate_hz": rate}}),
                      None, [records.append])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ui = DeviceUi(ctl, setup_done=True, lang=lang)
    ctl.roll((6, 5))
    ctl.roll((2, 3))
    ctl.on_samples(fake.lift() + fake.wait(1.0))
    fake.drink(20.0)
    ctl.on_samples(fake.put_back() + fake.wait(0.1))
    early = []
    for sample in fake.refill(120.0, settle_s=0.0, rate_g_per_s=40.0):
        ctl.on_sample(sample)
        view = ui.view(sample.t_s)
        if not any(r["event"] == "attempt_unmeasured" for r in records) and isinstance(view, MessageView) \
                and hint in view.lines:
            early.append(view)
    assert early and any("Ben" in line for line in early[0].lines)
    assert early[0].title != ui.t("unmeasured_title")
    ctl.on_samples(fake.wait(4.0))
    assert _judged(records) == ["attempt_unmeasured", "refill"]


#: the simulator's shell up to Ben (target 50 g, the lowest of three rolls) holding the lifted glass
TO_BENS_LIFT = ("wait 2", "roll 6 5", "roll 2 3", "roll 6 4", "lift", "wait 1")


def _sim_typed(*lines: str, lang: str = "de", seed: int = 1):
    """``waage sim --interactive`` (``seed``, unpaced) after ``lines`` typed into its shell: (simulation, shell, its
    log records, the shell's output)."""
    import io

    from waage.app.sim import InteractiveShell, Simulation
    from waage.config import AppConfig

    records: list[dict] = []
    out = io.StringIO()
    sim = Simulation(AppConfig(), seed=seed, out=io.StringIO(), sleep=lambda s: None, lang=lang,
                     sinks=[records.append])
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=out)
    for line in lines:
        sh.onecmd(line)
    return sim, sh, records, out


def _judged(records: list[dict]) -> list[str]:
    return [r["event"] for r in records if r["event"] in ("sip", "attempt_unmeasured", "refill")]


@pytest.mark.parametrize("lang,hint", [("de", "Erst nach dem Urteil nachschenken!")])
def test_the_simulators_put_g_pours_at_once_and_the_warning_stays_W38(lang, hint) -> None:
    """issue 26: ``put G`` in ``waage sim --interactive`` sets the glass down and pours G grams at once (``put``
    waits 2.5 s), so a host sees W-38's warning; it still stands 10 s later, until the next verdict."""
    from waage.display.views import MessageView

    sim, sh, records, _ = _sim_typed(*TO_BENS_LIFT, "drink 20", "put 100", "wait 10", lang=lang)
    assert _judged(records) == ["attempt_unmeasured", "refill"]
    view = sim.ui.view(sim.scale.now_s)
    assert isinstance(view, MessageView) and hint in view.lines
    sh.onecmd("sip 50")
    assert records[-1]["event"] != "attempt_unmeasured" and any(r["event"] == "sip" for r in records)
    view = sim.ui.view(sim.scale.now_s + 5)
    assert not (isinstance(view, MessageView) and hint in view.lines)


@pytest.mark.parametrize("seed", [7, 14, 15, 19])
def test_the_simulators_put_22_after_a_60_g_drink_is_unmeasured_W38(seed) -> None:
    """Found by a new-user trial (issue 26): ``drink 60``, ``put 22`` in ``waage sim --interactive`` judged a sip of
    38 g (drunk − poured) on these seeds of 20: the sample after GlassPlaced already held the stream's first grams,
    so its even rise showed in 4 steps from the ramp's last sample (``PourSplit._even_rise``)."""
    _, _, records, _ = _sim_typed(*TO_BENS_LIFT, "drink 60", "put 22", "wait 3", seed=seed)
    assert _judged(records)[:2] == ["attempt_unmeasured", "refill"]


def test_the_next_attempt_shows_the_drinking_screen_until_its_verdict_W38() -> None:
    """Found by a new-user trial (issue 26): after ``attempt_unmeasured`` the drinker drinks again; once the glass was
    back the screen showed "Nicht gemessen" for the 1.3 s until that attempt's verdict, as if it too were not
    measured. From the lift on it is the drinking screen (attempt 2), then the verdict."""
    from waage.display.views import DrinkingView, MessageView, VerdictView

    sim, sh, records, _ = _sim_typed(*TO_BENS_LIFT, "drink 20", "put 100", "wait 10", "lift", "wait 1", "drink 50")
    assert _judged(records) == ["attempt_unmeasured", "refill"]
    sh._physical("put_back", word="put")  # the glass back, not yet settled
    between = []  # the screens from the put-back to the verdict, a tenth of a second apart
    for _ in range(40):
        if any(r["event"] == "sip" for r in records):
            break
        if records[-1]["event"] == "glass_placed":
            between.append(sim.ui.view(sim.scale.now_s))
        sh.onecmd("wait 0.1")
    assert between and all(isinstance(v, DrinkingView) and v.attempt == 2 for v in between), between
    sips = [r for r in records if r["event"] == "sip"]
    assert len(sips) == 1 and sips[0]["attempt"] == 2 and sips[0]["grams"] == 50
    view = sim.ui.view(sim.scale.now_s)
    assert isinstance(view, VerdictView) and not isinstance(view, MessageView)


def test_the_pour_warning_outlives_a_restart_W38() -> None:
    """Found by a new-user trial (issue 26): after a restart "Erst nach dem Urteil nachschenken!" was gone while the
    attempt was still unmeasured (the screen remembered the record, not the game). A device UI that has seen no
    record (as after a power cut: the game's state is what is kept) shows it until the next verdict."""
    from waage.display.views import MessageView
    from waage.ui import DeviceUi

    sim, sh, _, _ = _sim_typed(*TO_BENS_LIFT, "drink 20", "put 100", "wait 10")
    assert sim.host.last_events and sim.host.last_events[-1]["event"] == "refill"  # the newest decision
    restarted = DeviceUi(sim.host, setup_done=True)
    view = restarted.view(sim.scale.now_s)
    assert isinstance(view, MessageView) and "Erst nach dem Urteil nachschenken!" in view.lines
    sh.onecmd("sip 50")
    view = restarted.view(sim.scale.now_s + 10)
    assert not (isinstance(view, MessageView) and "Erst nach dem Urteil nachschenken!" in view.lines)


@pytest.mark.parametrize("drunk_g", [20, 120])
def test_the_simulators_put_g_books_about_the_grams_poured_W38(drunk_g) -> None:
    """issue 26: a pour begun as the glass came to rest shows no level at all; the refill after the unmeasured
    attempt starts from the stream's line taken back to the ramp's end, not from samples already 0.2 s into the
    stream (before: ``put 100`` booked +81 g whatever was drunk). The simulated sensor has the HX711's filter of
    4 conversions and the stream begins 0.15 s after the touch-down: +103.9 g for 100 g."""
    _, _, records, _ = _sim_typed(*TO_BENS_LIFT, f"drink {drunk_g}", "put 100", "wait 5")
    refills = [r["grams"] for r in records if r["event"] == "refill"]
    assert _judged(records) == ["attempt_unmeasured", "refill"]
    assert len(refills) == 1 and 95.0 <= refills[0] <= 105.0


@pytest.mark.parametrize("drunk_g,poured_g", [(50, 20), (100, 20), (30, 20)])
def test_the_simulators_put_g_smaller_than_the_sip_is_unmeasured_too_W38(drunk_g, poured_g) -> None:
    """Found by a new-user trial (issue 26): ``drink 50``, ``put 20`` was judged 30 g, "Grammgenau!" (the merged
    number W-38 forbids): the simulated sensor had no HX711 filter and the stream began at the very touch-down, so
    the 20 g rose within the 6 samples the search asks of a stream. Now it is unmeasured and the pour a refill."""
    _, _, records, _ = _sim_typed(*TO_BENS_LIFT, f"drink {drunk_g}", f"put {poured_g}", "wait 5")
    assert _judged(records) == ["attempt_unmeasured", "refill"]


@pytest.mark.parametrize("seed", range(1, 11))
def test_a_stream_still_short_of_the_level_long_after_the_ramp_is_a_pour_W38(seed) -> None:
    """Found by a new-user trial (issue 26): ``drink 100``, ``put 50`` (42 g/s from 0.15 s after the touch-down, at
    10 SPS) was judged 50 g, "Grammgenau", on seeds 4, 7 and 8: the stream's last 20 g rose in 5 samples, fewer than
    a pour's ``rise_n``, and its 46 g from the ramp's end are less than a hand's force. It still lay the refill
    threshold below the level 0.6 s after the ramp ended, which no hand letting go does: unmeasured, and a refill."""
    _, _, records, _ = _sim_typed(*TO_BENS_LIFT, "drink 100", "put 50", "wait 5", seed=seed)
    assert _judged(records) == ["attempt_unmeasured", "refill"]


def test_the_simulators_put_with_too_many_grams_does_nothing() -> None:
    """Found by a new-user trial: ``put 1e9`` said "höchstens 10000 g" and put the glass back all the same (a
    verdict of 0 g followed). Refused, the glass stays lifted."""
    sim, _, records, out = _sim_typed(*TO_BENS_LIFT, "drink 20", "put 1e9", "wait 5")
    assert sim.scale.lifted and "10000" in out.getvalue()
    assert _judged(records) == []


def test_a_stream_is_taken_back_to_the_ramps_end_but_never_below_its_lowest_sample_W38() -> None:
    """issue 26: the refill's start where no level showed. A steady stream's line meets the level at the ramp's end;
    a short line through the ramp's last dip would reach below every sample (floored there); no rise, no line."""
    from waage.weight.pour import PourSplit

    assert PourSplit._stream_back([300.0, 302.0, 304.0, 306.0, 308.0], 0, 2, 4) == pytest.approx(300.0)
    assert PourSplit._stream_back([300.0, 290.0, 300.0, 325.0], 0, 1, 3) == 290.0   # the line alone: 270 g
    assert PourSplit._stream_back([300.0, 300.0, 299.0, 298.0], 0, 1, 3) is None
    assert PourSplit._stream_back([300.0, 302.0, 304.0], 0, 1, 2) is None            # 2 samples: no line


def test_the_terminal_narrates_attempt_unmeasured_W38() -> None:
    from waage.app.narration import narrate

    rec = {"event": "attempt_unmeasured", "t_s": 3.0, "round": 1, "player": "Ben", "attempt": 2}
    assert narrate(rec, "de") == "Versuch 2 von Ben nicht gemessen: Erst nach dem Urteil nachschenken!"
    assert "pour only after the verdict" in narrate(rec, "en")


@pytest.mark.parametrize("rate,noise", RATES)
def test_a_drink_provably_lost_is_unmeasured_never_a_silent_refill_W38(rate, noise) -> None:
    """issue 26: the glass lifted, put back 50 g lower and standing there a moment, then 70 g poured in one fast
    splash (0.15 s: no pour the search can tell from a hand letting go). Put back heavier than it was lifted,
    the verdict would be a refill of 20 g and no attempt: the drink lost in silence, the game out of step. The
    put-back stood lower, so the attempt is unmeasured (the table is told, the drinker drinks again)."""
    import random

    from waage.weight.events import Sample

    rng = random.Random(5)
    dt = 1.0 / rate
    samples: list[Sample] = []
    t = 0.0

    def add(seconds: float, load) -> None:
        nonlocal t
        for i in range(int(round(seconds * rate))):
            t += dt
            samples.append(Sample(t, load(i * dt) + rng.gauss(0.0, noise)))

    add(3.0, lambda u: 750.0)
    add(0.1, lambda u: 750.0 * (1 - u / 0.1))
    add(2.0, lambda u: 0.0)
    add(0.1, lambda u: 700.0 * u / 0.1)
    add(0.15 if rate == 80.0 else 0.3, lambda u: 700.0)
    add(0.15, lambda u: 700.0 + 70.0 * u / 0.15)
    add(4.0, lambda u: 770.0)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    events = [e for e in pipe.feed_many(samples) if not isinstance(e, (GlassLifted, GlassPlaced))]
    assert [type(e) for e in events] == [AttemptUnmeasured, WeightSettled], events
    lost, refill = events
    assert lost.before_g == pytest.approx(750.0, abs=0.5) and lost.level_g == pytest.approx(700.0, abs=2.0)
    assert refill.after_g - refill.before_g == pytest.approx(70.0, abs=2.0)


def test_game_an_unmeasured_attempt_judged_by_hand_W38() -> None:
    """issue 26, the way on after ``attempt_unmeasured``: the table says the grams from the menu; judged as that
    attempt (``by_hand``), W-22 and W-40 as for any sip. Refused when there is nothing to judge."""
    from waage.rules.game import InputRejected

    g = _drinking()
    with pytest.raises(InputRejected) as exc:
        g.judge_by_hand(50)
    assert exc.value.code == "nothing_to_judge"
    g.weight(GlassLifted(1.0))
    g.weight(GlassPlaced(3.0))
    g.weight(AttemptUnmeasured(3.4, before_g=750.0, level_g=700.0))
    g.weight(WeightSettled(6.0, before_g=700.0, after_g=820.0, lifted=False))  # the pour, a refill
    out = g.judge_by_hand(50)
    assert out[0] == {"event": "sip", "round": 1, "player": "Ben", "attempt": 1, "grams": 50, "grams_exact": 50.0,
                      "verdict": "exact", "target_g": 50, "remaining_g": 470.0, "by_hand": True}
    assert [e["event"] for e in out[1:]] == ["drinking_done", "next_starter", "round_started"]
    assert g.state.unmeasured_attempt is None and g.finish()[0]["per_player"]["Ben"]["attempts"] == 1
    with pytest.raises(InputRejected):
        g.judge_by_hand(50)  # judged: nothing left to judge


def test_game_judged_by_hand_gives_no_more_than_the_glass_held_W38() -> None:
    """issue 26 (a new-user trial): "Von Hand werten" accepted more grams than the glass held before the unmeasured
    attempt. 750 g on the scale with the 350 g glass in use: at most 400 g; with the glass unknown (W-37, its empty
    weight not known) only the 0–9999 bound holds."""
    from waage.display.texts import rejection_text
    from waage.rules.game import InputRejected

    g = _drinking()
    g.weight(GlassLifted(1.0))
    g.weight(AttemptUnmeasured(3.4, before_g=749.6, level_g=700.0))
    with pytest.raises(InputRejected) as exc:
        g.judge_by_hand(401)
    assert exc.value.code == "more_than_held" and exc.value.details == {"held_g": "400"}
    assert rejection_text({"code": "more_than_held", "details": exc.value.details}, "de") == \
        "Mehr als im Glas war: höchstens 400 g."
    assert g.state.unmeasured_attempt == 1  # refused: still there to judge
    assert g.judge_by_hand(400)[0]["grams"] == 400 and g.state.unmeasured_held_g is None

    g = _drinking()
    g.glass_not_known("heavier", 1300.0)
    g.weight(GlassLifted(1.0))
    g.weight(AttemptUnmeasured(3.4, before_g=1300.0, level_g=1200.0))
    assert g.state.unmeasured_held_g is None and g.judge_by_hand(900)[0]["grams"] == 900


def test_game_a_repeated_attempt_leaves_nothing_to_judge_by_hand_W38() -> None:
    g = _drinking()
    g.weight(GlassLifted(1.0))
    g.weight(AttemptUnmeasured(3.4, before_g=750.0, level_g=700.0))
    assert g.state.unmeasured_attempt == 1
    g.weight(GlassLifted(8.0))
    assert g.state.lifted  # drinking again: the menu's entry is gone while the glass is off
    sip = g.weight(WeightSettled(11.0, before_g=700.0, after_g=680.0, lifted=True))
    assert sip[0]["attempt"] == 2 and g.state.unmeasured_attempt is None



# issue 26: a fast stream (99–150 g/s) begun before any sample at 10 SPS showed the put-back's level: the estimate of
# the level lay in the stream, above the glass before the lift, and the refill after the unmeasured attempt came out
# up to 102 g short (seed 271: 96.9 g for 199.2 g; 254, 263, 209: 29–43 g short, more than was drunk)
REFILL_CAPPED = [("pour_putback_big", 10.0, 271), ("pour_putback_big", 10.0, 254), ("pour_putback_big", 10.0, 263),
                 ("pour_putback_big", 10.0, 209)]


@pytest.mark.parametrize("kind,rate,seed", REFILL_CAPPED, ids=lambda v: str(v))
def test_the_refill_after_an_unmeasured_attempt_starts_no_higher_than_the_glass_before_the_lift_W38(
        kind, rate, seed, tmp_path) -> None:
    """W-38: the attempt is unmeasured and the pour a refill. A drink cannot make the glass heavier than it was
    lifted, so the refill's start is at most the weight before the lift: the refill is at least (poured − drunk)."""
    trace, dice = make_pour_putback_case(kind, rate, seed)
    res = run_case(trace, dice, tmp_path)
    drunk = next(e.grams for e in trace.expects if e.pour_t == e.pour_t)  # the W-38 sip
    assert res["w38"] == ["unmeasured"]
    assert res["unmeasured_refill_errors"] and all(e >= -drunk - 0.1 for e in res["unmeasured_refill_errors"])


HEAVY_HAND = DIST.model_copy(update=dict(hand=True, hand_probability=1.0, hand_g=(60.0, 80.0), hand_s=(0.9, 1.0)))


@pytest.mark.parametrize("rate,noise", RATES)
@pytest.mark.parametrize("delay_s", [0.1, 0.3])
@pytest.mark.parametrize("seed", range(4))
def test_a_stream_begun_under_a_pressing_hand_books_the_pour_not_poured_less_drunk_W38(
        rate, noise, delay_s, seed) -> None:
    """W-38, issue 26: a hand pressed 60–80 g on the glass for 0.9–1 s after the put-back and the pour (150 g) began
    under it. No sample shows the level: the attempt is unmeasured, and the refill is read from the stream's line
    (``PourSplit.stream_start``). Before, the estimate lay in the stream (the release's bottom, or above the glass
    before the lift and capped there) and the refill was 27–40 g short, at 10 SPS always exactly
    (poured − drunk)."""
    scale = FakeScale(rate, noise, seed=seed, beer_g=250.0, disturbances=HEAVY_HAND)
    pipe = WeightPipeline(PipelineSettings(), Calibration(), GlassSettings(), rate)
    pipe.feed_many(scale.wait(1.0))
    events = [e for e in pipe.feed_many(scale.sip_then_pour(40.0, 150.0, delay_s, hand=True))
              if not isinstance(e, (GlassLifted, GlassPlaced))]
    assert [type(e) for e in events] == [AttemptUnmeasured, WeightSettled], events
    refill_g = events[1].after_g - events[1].before_g
    assert refill_g == pytest.approx(150.0, abs=10.0)
    assert abs(refill_g - (150.0 - 40.0)) > 20.0


# issue 26 (fresh seeds 200–409): at 80 SPS the pour search measured levels that stood only 0.07–0.15 s from the rest
# (W-38: 0.25 s with the sensor's 0.05 s) and judged them 0.7–7.5 s after the pour began: its steady run of 16 samples
# held the set-down's last ringing (≤ 1.6 g, inside a sample's noise band, not inside a few samples' mean) and the
# stream's first 2–9 samples (a stream starts thin and the HX711's filter shows it late). The run's ends are trimmed by
# block: fewer than 16 samples are left, the attempt is unmeasured.
SHORT_LEVELS = [("pour_putback", 80.0, 265), ("pour_putback", 80.0, 273), ("pour_putback", 80.0, 308),
                ("pour_putback", 80.0, 314), ("pour_putback_big", 80.0, 214), ("pour_putback_big", 80.0, 281),
                ("pour_putback_big", 80.0, 305), ("pour_putback_big", 80.0, 376)]


@pytest.mark.parametrize("kind,rate,seed", SHORT_LEVELS, ids=lambda v: str(v))
def test_a_level_the_pour_cut_short_is_unmeasured_W38(kind, rate, seed, tmp_path) -> None:
    """W-38: the pour began before the verdict and the level had not stood long enough: no sip, however right its
    grams would have been (before: a sip with the right grams, judged after the pour)."""
    trace, dice = make_pour_putback_case(kind, rate, seed)
    res = run_case(trace, dice, tmp_path)
    _check(res)
    assert res["w38"] == ["unmeasured"]


# issue 26 (seeds 0–409): at 10 SPS a stream begun 0.11–0.19 s after the touch-down is blended into the set-down's ramp
# by the HX711's filter: no sample lies at the level and the rise after the ramp is less than a hand's force, so it was
# taken for the ramp's tail: a sip of (drunk − poured) (232) or a refill of (poured − drunk) (71, 105, 177), which W-38
# forbids. The stream's impact ends with it: the load overshoots the level by 1.3–3.4 g and comes back; a hand letting
# go of the glass and the filtered ringing of a set-down do not.
IN_THE_RAMP = [("pour_putback", 10.0, 232), ("pour_putback_big", 10.0, 71), ("pour_putback_big", 10.0, 105),
               ("pour_putback_big", 10.0, 177)]


@pytest.mark.parametrize("kind,rate,seed", IN_THE_RAMP, ids=lambda v: str(v))
def test_a_stream_begun_inside_the_set_downs_ramp_is_unmeasured_W38(kind, rate, seed, tmp_path) -> None:
    """W-38: no verdict and no merged number; every later sip is judged right. The refill after it starts from the
    glass before the lift at most (the level is hidden in the ramp): 105 and 177 book 34 g for 88 g and 62 g for
    82 g, outside the refill's tolerance, and only that."""
    trace, dice = make_pour_putback_case(kind, rate, seed)
    res = run_case(trace, dice, tmp_path)
    assert res["w38"] == ["unmeasured"]
    assert all(f.startswith("refill ") for f in res["fail"]), res["fail"]
    assert res["sips_ok"] + len(res["boundary"]) == res["sips"]
    if seed in (232, 71):
        _check(res)


def test_only_a_sample_that_spans_the_ringing_tells_a_stream_by_its_impact_W38() -> None:
    """At 80 SPS the set-down's ringing overshoots the level after the ramp by itself: the impact's end is no evidence
    there (tried on seeds 0–409: 400 W-38 cases went wrong)."""
    from waage.weight.pour import PourSettings

    s = PipelineSettings()
    assert PourSettings.from_settings(s, 10.0, 4).impact_ends
    assert not PourSettings.from_settings(s, 80.0, 4).impact_ends


# issue 26: W-38 is for a pour *before* the device has judged the put-back. These verdicts came from the settle itself
# before the pour had raised the reading by 0.1 g (223: a sample before the stream began; 214 and 247: at the stream's
# first sample, 5–9 ms into it, < 0.01 g of it in the reading): right sips. The generator's judge counted them as W-38
# misses (their levels stood 0.13–0.14 s: too short, had the pour come first).
BEFORE_THE_POUR = [("pour_putback", 80.0, 223), ("pour_putback", 80.0, 214), ("pour_putback", 80.0, 247)]


@pytest.mark.parametrize("kind,rate,seed", BEFORE_THE_POUR, ids=lambda v: str(v))
def test_a_verdict_given_before_the_pour_rose_is_judged_as_any_sip_W38(kind, rate, seed, tmp_path) -> None:
    trace, dice = make_pour_putback_case(kind, rate, seed)
    ex = next(e for e in trace.expects if e.pour_t == e.pour_t)
    assert ex.kind == "unmeasured"  # had the pour come before the verdict, W-38 would ask for no verdict
    res = run_case(trace, dice, tmp_path)
    _check(res)
    assert res["w38"] == ["measured"] and res["w38_before_pour"] == 1


def test_the_judge_counts_a_sip_given_once_the_pour_rose_as_a_w38_miss_W38() -> None:
    """The judge's side of the rule above, on the log it reads: the same right sip is a sip when given one sample
    before the pour had raised the reading by 0.1 g, and a W-38 miss when given at that sample."""
    from .indep_traces import judge, verdict, whole

    trace, dice = make_pour_putback_case("pour_putback", 80.0, 223)
    target = 10 * sum(dice)
    w38 = next(e for e in trace.expects if e.pour_t == e.pour_t)
    t0 = 1.0 + 1.0 / trace.rate  # the judge's trace time 0: the last roll + one sample

    def log(w38_t: float) -> list[dict]:
        events = [{"event": "roll", "t_s": 1.0}, {"event": "chosen", "target_g": target}]
        attempt = 0
        for ex in (e for e in trace.expects if e.kind != "bump"):
            t = t0 + (w38_t if ex is w38 else ex.settle_t + 0.2)
            if ex.kind == "refill":
                events.append({"event": "refill", "t_s": t, "grams": round(ex.grams, 1), "during_drinking": True})
            else:
                attempt += 1
                g = whole(ex.grams)
                events.append({"event": "sip", "t_s": t, "grams": g, "grams_exact": round(ex.grams, 1),
                               "verdict": verdict(g, target), "attempt": attempt})
        return events

    before = judge(trace, log(w38.pour_rise_t - 1.0 / trace.rate))
    assert before["w38"] == ["measured"] and before["w38_before_pour"] == 1
    after = judge(trace, log(w38.pour_rise_t))
    assert after["w38"] == ["wrong"] and after["w38_before_pour"] == 0


def test_the_judge_counts_a_w38_sip_at_a_rounding_boundary_as_the_benchs_other_sips_W38() -> None:
    """A measured W-38 sip whose true grams lie at a rounding boundary (x.5 ± 0.2 g) and were measured within 0.3 g
    rounds either way, as every other sip of the bench (a boundary case, not a failure): 80 SPS big seed 30 (80.43 g
    true, a level of 1.12 s) was counted as a wrong W-38 case. A sip a gram off is still wrong."""
    from .indep_traces import judge, verdict, whole

    trace, dice = make_pour_putback_case("pour_putback_big", 80.0, 30)
    target = 10 * sum(dice)
    w38 = next(e for e in trace.expects if e.pour_t == e.pour_t)
    assert abs(abs(w38.grams - int(w38.grams)) - 0.5) < 0.2 and w38.kind != "unmeasured"
    t0 = 1.0 + 1.0 / trace.rate

    def log(w38_exact_g: float) -> list[dict]:
        events = [{"event": "roll", "t_s": 1.0}, {"event": "chosen", "target_g": target}]
        attempt = 0
        for ex in (e for e in trace.expects if e.kind != "bump"):
            t = t0 + ex.settle_t + 0.2
            if ex.kind == "refill":
                events.append({"event": "refill", "t_s": t, "grams": round(ex.grams, 1), "during_drinking": True})
            else:
                attempt += 1
                exact = w38_exact_g if ex is w38 else round(ex.grams, 1)
                g = whole(exact)
                events.append({"event": "sip", "t_s": t, "grams": g, "grams_exact": exact,
                               "verdict": verdict(g, target), "attempt": attempt})
        return events

    other_way = whole(w38.grams) + (1 if whole(w38.grams) < w38.grams else -1)  # the boundary's other side
    near = other_way - 0.5 * (1 if other_way > w38.grams else -1)          # x.5 itself, on the other side
    assert whole(near) == other_way and abs(near - w38.grams) < 0.3
    assert judge(trace, log(near))["w38"] == ["measured"]
    assert judge(trace, log(w38.grams + 1.0))["w38"] == ["wrong"]


def test_game_a_lift_seen_again_after_a_resume_is_logged_once() -> None:
    """A restart (or a sensor fault) while the glass is up: the pipeline starts anew and reports the same lift
    again. It was logged when it happened; the session log showed it twice (a new-user trial of issue 26). The
    attempt goes on and is judged once."""
    g = _drinking()
    assert g.weight(GlassLifted(1.0)) == [{"event": "glass_lifted"}]
    resumed = Waagespiel.resume(GameState.model_validate(json.loads(g.state.model_dump_json())))
    assert resumed.weight(GlassLifted(0.0)) == [] and resumed.state.lifted and resumed.state.attempt_open
    assert resumed.weight(GlassPlaced(3.0)) == [{"event": "glass_placed"}]
    sip = resumed.weight(WeightSettled(4.0, before_g=750.0, after_g=700.0, lifted=True))
    assert (sip[0]["event"], sip[0]["grams"], sip[0]["attempt"]) == ("sip", 50, 1)
