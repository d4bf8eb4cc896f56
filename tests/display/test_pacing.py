"""Display pacing (issue 10): the frame pacer and the live-grams deadband, on a fake clock."""

from __future__ import annotations

import random

import pytest

from waage.display.pacing import BAND_G, HOLD_S, FramePacer, ShownGrams, hold_grams


class Clock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


def test_pacer_draws_a_change_at_once_and_nothing_for_an_unchanged_item():
    clock = Clock()
    pacer: FramePacer[str] = FramePacer(10, clock)
    assert pacer.offer("a") == "a"
    clock.t += 5
    assert pacer.offer("a") is None and pacer.due() is None
    assert pacer.offer("b") == "b"
    assert pacer.frames == 2


def test_pacer_defers_within_the_frame_interval_and_drops_intermediate_items():
    clock = Clock()
    pacer: FramePacer[int] = FramePacer(10, clock)
    assert pacer.offer(1) == 1
    clock.t += 0.02
    assert pacer.offer(2) is None and pacer.pending
    clock.t += 0.02
    assert pacer.offer(3) is None
    clock.t += 0.05
    assert pacer.due() is None          # 0.09 s after the last frame
    clock.t += 0.01
    assert pacer.due() == 3             # 2 was never drawn
    assert pacer.due() is None and not pacer.pending


def test_pacer_never_exceeds_max_fps_over_random_offers():
    clock = Clock()
    pacer: FramePacer[int] = FramePacer(10, clock)
    rng = random.Random(3)
    frames: list[float] = []
    for i in range(5000):
        clock.t += rng.uniform(0.0, 0.03)
        if pacer.offer(i) is not None or (rng.random() < 0.5 and pacer.due() is not None):
            frames.append(clock.t)
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    assert min(gaps) >= 0.1 - 1e-9
    assert len(frames) >= 0.9 * 10 * (clock.t - 50.0) - 10   # and it does not starve either


def test_pacer_forget_redraws_an_unchanged_item_and_rejects_a_bad_rate():
    clock = Clock()
    pacer: FramePacer[str] = FramePacer(10, clock)
    pacer.offer("a")
    pacer.forget()
    clock.t += 1
    assert pacer.offer("a") == "a"
    with pytest.raises(ValueError):
        FramePacer(0, clock)


def test_deadband_shows_a_real_move_at_once_and_jitter_at_most_once_a_second():
    shown = hold_grams(None, 12.0, 0.0)
    assert shown == ShownGrams(12.0, 0.0)
    assert hold_grams(shown, 12.1, 0.1) is shown                       # jitter: held
    assert hold_grams(shown, 12.0 + BAND_G, 0.1) == ShownGrams(12.0 + BAND_G, 0.1)   # a move: at once
    assert hold_grams(shown, 11.8, HOLD_S) == ShownGrams(11.8, HOLD_S)  # small, but the shown value is 1 s old


def test_deadband_glass_standing_still_changes_the_figure_at_most_once_a_second():
    rng = random.Random(1)
    shown = None
    changes = []
    for i in range(4800):          # one minute at 80 SPS, the live weight jitters within ±0.1 g
        t = i / 80
        live = round(20.0 + rng.uniform(-0.1, 0.1), 1)
        new = hold_grams(shown, live, t)
        if new is not shown and shown is not None:
            changes.append(t)
        shown = new
    assert changes, "a slow real change is still shown eventually"
    assert all(b - a >= HOLD_S - 1e-9 for a, b in zip(changes, changes[1:]))


def test_deadband_lifting_and_putting_back_shows_at_once():
    shown = hold_grams(None, 5.0, 0.0)
    lifted = hold_grams(shown, None, 0.1)
    assert lifted == ShownGrams(None, 0.1)
    assert hold_grams(lifted, None, 0.2) is lifted
    assert hold_grams(lifted, 30.2, 0.3) == ShownGrams(30.2, 0.3)


def _ben_drinks(rate_hz: float, noise_g: float):
    """Through the view builder (``DeviceUi.view``): a game on the fake scale where Ben is the Auserwählte (a Düll,
    then Ben's lowest roll, as in test_sim_and_ui; target 30 g), past the chosen screen's hold. (ctl, fake, ui)."""
    from waage.app.replay import build
    from waage.app.scenario import Scenario
    from waage.ui import DeviceUi

    scenario = Scenario.model_validate({"players": ["Anna", "Ben", "Cara"],
                                        "scale": {"sample_rate_hz": rate_hz, "noise_g": noise_g, "seed": 5}})
    ctl, fake = build(scenario, None, [])
    ctl.start(0.0)
    ctl.on_samples(fake.wait(1.0))
    ui = DeviceUi(ctl, setup_done=True)
    for dice in ((2, 3), (4, 1), (6, 2), (1, 3), (2, 1)):
        ctl.roll(dice)
    ctl.on_samples(fake.wait(4.0))
    return ctl, fake, ui


@pytest.mark.parametrize("rate_hz,noise_g", [(10.0, 0.1), (80.0, 0.3)])
def test_drinking_screen_grams_change_at_most_once_a_second_on_a_still_glass(rate_hz, noise_g):
    """Issue 10, through the view builder (DeviceUi.view): the live grams of a glass standing still."""
    from waage.display.views import DrinkingView

    ctl, fake, ui = _ben_drinks(rate_hz, noise_g)
    shown, changes = None, []
    for sample in fake.wait(60.0):
        ctl.on_sample(sample)
        view = ui.view()
        assert isinstance(view, DrinkingView) and view.drunk_g is not None
        if shown is not None and view.drunk_g != shown:
            changes.append(sample.t_s)
        shown = view.drunk_g
    assert all(b - a >= HOLD_S - 1e-9 for a, b in zip(changes, changes[1:]))
    assert shown is not None and abs(shown) < BAND_G                  # nothing was drunk


def test_drinking_screen_shows_no_negative_drink_while_someone_pours_W38():
    """Found by a new-user trial (issue 26): during a pour onto the standing glass (W-38, or a refill while the
    Auserwählte drinks) the live grams went "-56 g". Up to 1 g below zero is the noise and still shown; more on
    the platform than before the lift shows no number."""
    from waage.display.views import DrinkingView

    ctl, fake, ui = _ben_drinks(10.0, 0.1)
    seen = []
    for sample in fake.refill(60.0, settle_s=0.0):
        ctl.on_sample(sample)
        view = ui.view()
        assert isinstance(view, DrinkingView)
        seen.append(view.drunk_g)
    assert None in seen and all(g is None or g >= -1.0 for g in seen)


@pytest.mark.parametrize("rate_hz,noise_g", [(10.0, 0.1), (80.0, 0.3)])
def test_drinking_screen_shows_no_figure_while_the_glass_is_set_down_W30(rate_hz, noise_g):
    """Found by a new-user trial (issue 26): the live grams followed the lift's and the set-down's ramps (an 80 g
    sip flashed "138 g", a 30 g one "97 g" in the target band). A figure is taken only from a load that stands
    still (``WeightPipeline.still``): before the lift nothing drunk, after the put-back no number until the glass
    stands, then the drink."""
    from waage.display.views import DrinkingView

    ctl, fake, ui = _ben_drinks(rate_hz, noise_g)
    shown = []
    for sample in fake.sip(80.0):
        ctl.on_sample(sample)
        view = ui.view()
        if isinstance(view, DrinkingView) and not view.lifted:
            shown.append(view.drunk_g)
    wrong = [g for g in shown if g is not None and abs(g) >= BAND_G and abs(g - 80.0) > 1.0]
    assert shown and not wrong, wrong


@pytest.mark.parametrize("rate_hz,noise_g", [(10.0, 0.1), (80.0, 0.3)])
def test_drinking_screen_shows_no_figure_from_the_lift_until_the_verdict_W38(rate_hz, noise_g):
    """Found by a new-user trial (issue 26): 40 g drunk, 30 g poured 0.15 s after the put-back (W-38): between the
    pour's end and "Nicht gemessen" the still load read "Ben trinkt 10 g" (drunk − poured). From the lift until the
    attempt's verdict (or ``attempt_unmeasured``) the drinking screen shows no figure."""
    from waage.display.views import DrinkingView

    ctl, fake, ui = _ben_drinks(rate_hz, noise_g)
    figures = []
    for sample in fake.sip_then_pour(40.0, 30.0, 0.15, hand=False):
        ctl.on_sample(sample)
        view = ui.view()
        if isinstance(view, DrinkingView) and ctl.engine.state.attempt > 0 or \
                ctl.engine.state.unmeasured_attempt is not None:
            break
        if isinstance(view, DrinkingView) and ctl.engine.state.attempt_open:
            figures.append(view.drunk_g)
    assert figures and all(g is None for g in figures), figures


@pytest.mark.parametrize("rate_hz,noise_g", [(10.0, 0.1), (80.0, 0.3)])
def test_drinking_screen_shows_no_drink_when_a_thing_is_taken_off_the_platform_W35(rate_hz, noise_g):
    """Found by a new-user trial (issue 26): a 180 g phone laid beside Ben's glass and taken away again (W-35,
    W-37a: nothing changes) read "Ben trinkt 180 g" for a moment. On a glass not lifted since its verdict no drink
    can have happened (W-30): more than ``LIVE_TAKEN_G`` less shows no figure."""
    from waage.display.views import DrinkingView
    from waage.games.waagespiel.ui import LIVE_TAKEN_G

    ctl, fake, ui = _ben_drinks(rate_hz, noise_g)
    shown = []
    for sample in fake.lay(180.0) + fake.wait(3.0) + fake.lay(-180.0) + fake.wait(3.0):
        ctl.on_sample(sample)
        view = ui.view()
        assert isinstance(view, DrinkingView)
        shown.append(view.drunk_g)
    assert all(g is None or abs(g) <= LIVE_TAKEN_G for g in shown), max(g for g in shown if g is not None)
    assert shown[-1] is not None and abs(shown[-1]) < 1.0  # the phone gone, the glass as it stood: nothing drunk
