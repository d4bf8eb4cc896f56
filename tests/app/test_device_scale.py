"""The device loop (``waage run``'s ``Device.handle``) driven by keys and raw HX711 samples through the plain
scale with its tare and the calibration from the menu (issue 17): the same steps, checks and file as
``waage calibrate``, used at once; the game never sees the calibration's loads and the tare never moves
the game's reference."""

from __future__ import annotations

import json

import pytest

from waage.app import wiring
from waage.config import AppConfig, GameSettings
from waage.display.settings import DisplaySettings
from waage.display.views import ListView, MessageView, NumberEntryView, ScaleView
from waage.inputs.keys import Key
from waage.app.run import Device
from waage.sensors.fake import FakeScale
from waage.weight.settings import Calibration

from tests.conftest import glass_weighed_before

N, P, OK, BACK = Key.NEXT, Key.PREV, Key.OK, Key.BACK
OFFSET, CPG = 81234.0, -431.7  # the real cell: mounted upside down, negative counts per gram
RATES = (10.0, 80.0)


def make_device(tmp_path, rate_hz: float, cpg: float = CPG * 1.1) -> tuple[Device, FakeScale, list[dict]]:
    """A device whose config holds a calibration 10 % off, on a fake cell with the true one (raw counts)."""
    config = AppConfig(game=GameSettings(game="waagespiel", players=["Anna", "Ben", "Cara"]),
                       display=DisplaySettings(kind="none"), calibration=Calibration(offset=OFFSET, counts_per_gram=cpg))
    glass_weighed_before(tmp_path / "state")  # power-on opens the menu (not "Glas LEER auflegen", issue 30)
    device = Device(config, tmp_path / "state", seed=3)
    device.sensor.sample_rate_hz = rate_hz  # the fake sensor is never started: the test feeds its samples
    records: list[dict] = []
    device.host.sinks.append(records.append)
    fake = FakeScale(sample_rate_hz=rate_hz, noise_g=0.3, seed=5, glass_g=350.0, beer_g=400.0,
                     calibration=Calibration(offset=OFFSET, counts_per_gram=CPG))
    device.host.start(0.0)
    return device, fake, records


def feed(device: Device, samples) -> None:
    for sample in samples:
        device.handle(sample)


def press(device: Device, *keys: Key) -> None:
    for key in keys:
        device.handle(key)


def open_entry(device: Device, entry: str) -> None:
    """Long press, then NEXT down to ``entry`` of the game menu, OK."""
    if not device.ui.menu_open:
        press(device, BACK)
    ids = [e.id for e in device.ui.menu.visible(device.ui)]
    press(device, *[N] * ids.index(entry), OK)


@pytest.mark.parametrize("rate_hz", RATES)
def test_calibration_from_the_menu_writes_the_file_and_the_game_uses_it_at_once(tmp_path, rate_hz):
    device, fake, records = make_device(tmp_path, rate_hz)
    feed(device, fake.wait(2.0))
    assert device.host.scale.pipeline.live_g == pytest.approx(750 / 1.1, abs=2)  # 10 % off before
    assert isinstance(device.view(), ListView)  # the menu at power-on
    open_entry(device, "calibrate")
    entry = device.view()
    assert isinstance(entry, NumberEntryView) and entry.digits == "0500" and entry.title == "Prüfgewicht"
    press(device, N, OK, *[P] * 5, OK, OK)  # 1 0 0 0: a litre of water
    assert device.view().digits == "1000" and device.view().cursor == 3
    press(device, OK)
    step = device.view()
    assert step == MessageView(title="Kalibrieren 1/2", lines=["Waage leer räumen, dann OK."])
    before = len(records)
    feed(device, fake.place(0.0))  # the platform is cleared: the game must not take it for a lift
    press(device, OK)
    assert "Messe" in device.view().lines[-1]
    feed(device, fake.wait(2.5))
    assert device.view() == MessageView(title="Kalibrieren 2/2", lines=["1000 g auflegen, dann OK."])
    feed(device, fake.place(1000.0))
    press(device, OK)
    feed(device, fake.wait(2.5))
    check = device.view()
    assert isinstance(check, ScaleView) and check.check and check.net_g == pytest.approx(1000, abs=1)
    feed(device, fake.place(500.0))  # the check mass: the person sees it worked
    assert device.view().net_g == pytest.approx(500, abs=1)
    assert records[before:] == []  # nothing of the calibration reached the game
    saved = json.loads(device.store.calibration_path.read_text())
    assert saved["offset"] == pytest.approx(OFFSET, abs=0.3 * abs(CPG))
    assert saved["counts_per_gram"] == pytest.approx(CPG, rel=0.002)
    press(device, OK)  # done: back to the menu, the game goes on with the new calibration
    assert isinstance(device.view(), ListView)
    feed(device, fake.place(750.0) + fake.wait(3.0))
    assert device.host.scale.pipeline.live_g == pytest.approx(750, abs=1)
    # the glass is back: the game measures from it in the new grams; the old calibration's 682 g are no
    # fall of 68 g (W-34 would log an unjudged_fall) and no refill
    assert [r["event"] for r in records[before:]] == ["scale_ready"]
    assert device.host.engine.state.reference_g == pytest.approx(750, abs=1)
    device.close()
    # the next start reads the same file (as after `waage calibrate`)
    again = Device(device.config, tmp_path / "state", seed=3)
    assert again.calibration.counts_per_gram == saved["counts_per_gram"]
    again.close()


def test_a_known_mass_that_moves_nothing_is_refused_and_changes_nothing(tmp_path):
    device, fake, records = make_device(tmp_path, 10.0)
    feed(device, fake.wait(2.0))
    open_entry(device, "calibrate")
    press(device, OK, OK, OK, OK)  # 500 g
    feed(device, fake.place(0.0))
    press(device, OK)
    feed(device, fake.wait(2.5))
    press(device, OK)  # "put 500 g on", but nobody does
    feed(device, fake.wait(2.5))
    failed = device.view()
    assert failed.title == "Kalibrierung fehlgeschlagen" and "Masse auf der Waage?" in failed.lines[0]
    assert not device.store.calibration_path.exists()
    assert device.host.scale.pipeline.calibration.counts_per_gram == pytest.approx(CPG * 1.1)
    press(device, OK)
    assert isinstance(device.view(), ListView)
    device.close()


@pytest.mark.parametrize("rate_hz", RATES)
def test_the_plain_scale_tares_on_ok_and_never_moves_the_games_reference(tmp_path, rate_hz):
    device, fake, records = make_device(tmp_path, rate_hz, cpg=CPG)
    feed(device, fake.wait(2.0))
    press(device, OK)  # "Weiterspielen"
    reference = device.host.engine.state.reference_g
    open_entry(device, "scale")
    first = device.view()
    assert isinstance(first, ScaleView) and not first.tared and first.net_g == pytest.approx(750, abs=1)
    press(device, OK)  # the tare key
    feed(device, fake.wait(0.5))
    tared = device.view()
    assert tared.tared and tared.net_g == pytest.approx(0, abs=1)
    assert device.host.engine.state.reference_g == reference
    assert device.host.scale.pipeline.reference_g == pytest.approx(reference, abs=1)  # the zero was not moved
    # the phone and the TV see the same net grams (the snapshot's scale_g)
    snap = wiring.snapshot(device.host, device.view(), sample_at=0.0)
    assert snap.scale_g == pytest.approx(0, abs=1) and snap.details["tared"] is True
    assert snap.load_g == pytest.approx(750, abs=1)
    press(device, N)  # back to the menu, then to the game: it judges from its own reference
    press(device, BACK)
    for dice in ((6, 5), (2, 1), (4, 3)):  # Ben is the Auserwählte with 3 → 30 g
        device.host.roll(dice)
    feed(device, fake.sip(30.0))
    sip = [r for r in records if r["event"] == "sip"][-1]
    assert sip["player"] == "Ben" and sip["grams"] == 30 and sip["verdict"] == "exact"
    open_entry(device, "scale")
    assert device.view().net_g == pytest.approx(-30, abs=1)  # net since the tare: 30 g drunk
    device.close()


def test_the_phones_tare_reaches_the_device_through_its_queue_and_sets_the_same_tare_point(tmp_path):
    from waage.web.commands import GlassCommand, TareCommand

    device, fake, records = make_device(tmp_path, 10.0, cpg=CPG)
    feed(device, fake.wait(2.0))
    device.handle(TareCommand())  # what POST /api/tare puts on the queue (PIN checked by the server)
    feed(device, fake.wait(0.3))
    snap = wiring.snapshot(device.host, device.view(), sample_at=0.0)
    assert snap.scale_g == pytest.approx(0, abs=1) and snap.details["tared"]
    open_entry(device, "scale")
    assert device.view().tared and device.view().net_g == pytest.approx(0, abs=1)  # the device's screen agrees
    device.host.new_game("propter", ["Anna", "Ben"])  # a game without the scale: the glass cannot be weighed
    before = len(records)
    device.handle(GlassCommand(size_l=0.5))
    assert [r["event"] for r in records[before:]] == ["input_rejected"]
    device.close()


@pytest.mark.parametrize("rate_hz", RATES)
def test_weighing_another_glass_from_the_menu_is_kept_across_a_restart(tmp_path, rate_hz):
    device, fake, records = make_device(tmp_path, rate_hz, cpg=CPG)
    feed(device, fake.wait(2.0))
    press(device, OK)  # "Weiterspielen"
    open_entry(device, "weigh_glass")
    press(device, N, N, N, OK)  # 0,5 l
    feed(device, fake.place(702.0) + fake.wait(1.5))  # the party's own mug, empty
    view = device.view()
    assert view.steady and view.load_g == pytest.approx(702, abs=1)
    press(device, OK)
    assert device.view().title == "Glas gewogen"
    press(device, OK, BACK)
    weighed = [r for r in records if r["event"] == "glass_weighed"]
    assert len(weighed) == 1 and weighed[0]["glass_g"] == pytest.approx(702, abs=1)
    assert weighed[0]["glass_capacity_g"] == 555.5
    assert not [r for r in records if r["event"] in ("sip", "refill", "glass_unknown")]
    assert json.loads(device.store.glass_path.read_text())["glass_g"] == weighed[0]["glass_g"]  # glass.json
    device.close()
    fresh = AppConfig(game=GameSettings(game="waagespiel", players=["Anna", "Ben", "Cara"]),
                      display=DisplaySettings(kind="none"), calibration=Calibration(offset=OFFSET, counts_per_gram=CPG))
    again = Device(fresh, tmp_path / "state", seed=3)  # power cut, restart: the mug is still known
    assert again.host.scale.glass.glass_g == pytest.approx(702, abs=1)
    again.close()


def test_waage_run_weighs_the_glass_with_keys_from_stdin(tmp_path):
    """The real loop (``waage run --keys-from-stdin``, the fake sensor in real time, threads and queue) on a
    device that never weighed its glass: power-on is "Glas LEER auflegen, dann OK" (issue 30), not the menu;
    OK, scaled with the glass, OK: the EMPTY glass standing there (the fake sensor's, as in the simulator) is
    logged with its real weight and saved."""
    import subprocess
    import sys
    import time

    from test_run_resume import CONFIG, POLL_S, log_records

    cfg = tmp_path / "waage.toml"
    cfg.write_text(CONFIG.format(game="waagespiel"))
    state = tmp_path / "state"
    proc = subprocess.Popen([sys.executable, "-m", "waage.cli", "run", "--config", str(cfg), "--state-dir",
                             str(state), "--keys-from-stdin", "--seed", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def wait_for(*events: str, after: int = 0) -> dict:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = [r for r in log_records(state)[after:] if r["event"] in events]
            if found:
                return found[-1]
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(POLL_S)
        pytest.fail(f"none of {events} in the session log")

    try:
        wait_for("scale_ready")  # the glass has settled
        proc.stdin.write("o\no\n")  # past "Glas LEER auflegen, dann OK"; scaled with the glass
        for _ in range(20):  # OK, as a person presses it again after "not steady yet"
            seen = len(log_records(state))
            proc.stdin.write("o\n")
            proc.stdin.flush()
            weighed = wait_for("glass_weighed", "input_rejected", after=seen)
            if weighed["event"] == "glass_weighed":
                break
            assert weighed["code"] == "not_steady"
            time.sleep(0.2)  # a person's pause before the next press
        assert weighed["event"] == "glass_weighed"
    finally:
        proc.stdin.close()
        proc.wait(timeout=20)
        proc.stderr.close()
    assert weighed["glass_g"] == pytest.approx(350, abs=2)  # the config's glass, empty (not 350 + 440 of beer)
    assert not [r for r in log_records(state) if r["event"] == "roll"]  # the keys went to the weighing
    assert json.loads((state / "glass.json").read_text())["glass_g"] == weighed["glass_g"]
