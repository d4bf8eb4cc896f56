"""The real firmware in the rp2040js emulator against the real host code, over a pty.

Each test boots the UF2 built by the ``firmware_build`` fixture in rp2040js
(``emulator/bridge-emulator.mjs``) with a behavioural HX711 on GP2 (DOUT) /
GP3 (SCK) / GP4 (RATE), and talks to it with SerialBridgeSensor (pyserial on
the pty slave) or ``waage monitor``. The emulator runs slower than real time,
so every wait is on emulated time or on an event, with real-time ceilings only
as a guard; the host's stall timeout is raised to 10 s for the same reason.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import serial

import bridge_firmware as fw
from waage.sensors.protocol import Fault, FrameDecoder, Hello, Ping, SampleFrame
from waage.sensors.serial_bridge import SerialBridgeSensor
from waage.weight.events import FLAG_SUSPECT, Sample, SensorFault, SensorRecovered

VECTORS = json.loads((Path(__file__).with_name("vectors.json")).read_text(encoding="utf-8"))
ZERO, CPG = 84_000, 420.0  # the emulated load cell: counts at 0 g, counts per gram (gain 128)
#: host stall timeout: 0.5 s of real time is only ~0.1-0.2 s of emulated time, and with the emulated Pi's qemu
#: on both cores (CI runs it beside the suite) the first sample after the handshake once took over 5 s; 10 s is the
#: most ``[sensor] silence_s`` allows (the monitor's test writes it into its config)
STALL_S = 10.0
REAL_S = fw.REAL_TIMEOUT_S


class Recorder:
    """Collects what the sensor delivers; waits with real-time ceilings only."""

    def __init__(self) -> None:
        self.items: list[Sample | SensorFault | SensorRecovered] = []
        self.cond = threading.Condition()

    def __call__(self, item) -> None:
        with self.cond:
            self.items.append(item)
            self.cond.notify_all()

    def samples(self, since: int = 0) -> list[Sample]:
        with self.cond:
            return [i for i in self.items[since:] if isinstance(i, Sample)]

    def faults(self, kind: str | None = None) -> list[SensorFault]:
        with self.cond:
            return [i for i in self.items if isinstance(i, SensorFault) and kind in (None, i.kind)]

    def wait(self, pred, what: str) -> None:
        with self.cond:
            assert self.cond.wait_for(lambda: pred(self), REAL_S), f"{what}; got {self.items[-5:]}"

    def wait_samples(self, n: int, since: int = 0, good: bool = False) -> list[Sample]:
        def enough(r: Recorder) -> bool:
            got = r.samples(since)
            return len([s for s in got if not s.flags] if good else got) >= n

        self.wait(enough, f"{n} samples")
        return self.samples(since)


@pytest.fixture
def board(make_emulator):
    """``board(rate_sps=10, **model)`` -> (emulator, sensor, recorder): a connected host sensor."""
    sensors: list[SerialBridgeSensor] = []

    def connect(settings: dict | None = None, **model):
        emu = make_emulator(zero_counts=ZERO, counts_per_gram=CPG, **model)
        rec = Recorder()
        sensor = SerialBridgeSensor(SimpleNamespace(port=emu.port, baudrate=115200, **(settings or {})),
                                    stall_timeout_s=STALL_S)
        sensors.append(sensor)
        sensor.start(rec)
        assert sensor.wait_connected(REAL_S), f"no handshake; emulator {emu.status} {emu.stderr()[-500:]}"
        return emu, sensor, rec

    yield connect
    for s in sensors:
        s.close()


def grams(raw: float) -> float:
    return (raw - ZERO) / CPG


@pytest.mark.parametrize("rate", [10, 80])
def test_samples_carry_the_right_grams_at_the_board_rate(board, rate) -> None:
    emu, sensor, rec = board(rate_sps=rate, noise_counts=40)
    assert sensor.sample_rate_hz == float(rate)
    rec.wait_samples(5, good=True)  # past the power-up settling
    assert sensor.hello is not None and sensor.hello.proto == 1 and sensor.hello.fw == (1, 1, 0)
    t_load = emu.command("load", grams=250.0)["t_ms"] / 1000  # board uptime = the host's t_s (first boot)
    window = (t_load + 0.2, t_load + 1.2)  # one second of conversions, from the next one on
    rec.wait(lambda r: any(s.t_s >= window[1] for s in r.samples()), "samples of the whole window")
    got = [s for s in rec.samples() if window[0] <= s.t_s < window[1]]
    assert len(got) in (rate, rate + 1) and not any(s.flags for s in got)
    assert all(abs(grams(s.raw) - 250.0) <= 40 / CPG + 1e-9 for s in got)
    gaps = [b.t_s - a.t_s for a, b in zip(got, got[1:])]
    assert all(g == pytest.approx(1 / rate, abs=0.0015) for g in gaps)  # t_ms of the board, not arrival
    assert rec.faults() == [] and sensor.stats.dropped == 0 and sensor.stats.crc_errors == 0


@pytest.mark.parametrize("rate", [10, 80])
def test_waage_monitor_reads_the_emulated_board(make_emulator, tmp_path, rate) -> None:
    """The wiring check as a user runs it: grams, the pipeline's rate and the link counters."""
    emu = make_emulator(rate_sps=rate, zero_counts=ZERO, counts_per_gram=CPG, noise_counts=20)
    emu.command("load", grams=333.0)
    cfg = tmp_path / "pico.toml"
    cfg.write_text(f'[sensor]\nkind = "serial"\nport = "{emu.port}"\nsilence_s = {STALL_S}\n'
                   f'[calibration]\noffset = {ZERO}\ncounts_per_gram = {CPG}\n'
                   f'[display]\nkind = "none"\n[state]\ndirectory = "{tmp_path / "state"}"\n')
    proc = subprocess.Popen([sys.executable, "-m", "waage.cli", "monitor", "--config", str(cfg), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    try:
        emu.wait_for(lambda: any('"weight"' in line for line in lines), "the monitor's first weight line")
        emu.run_for(1.5)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        reader.join(timeout=30)
    assert proc.returncode == 0, proc.stderr.read()
    summary = json.loads(lines[-1])
    assert summary["sample_rate_hz"] == float(rate)
    assert summary["samples"] >= 1.4 * rate  # the 1.5 emulated seconds after the first report
    assert summary["last_grams"] == pytest.approx(333.0, abs=0.2)
    assert summary["sps"] == pytest.approx(rate, rel=0.05)
    assert (summary["crc_errors"], summary["resyncs"], summary["dropped"], summary["faults"]) == (0, 0, 0, 0)


def test_set_gain_selects_27_and_26_pulses(board) -> None:
    emu, sensor, rec = board(rate_sps=80)
    emu.command("load", grams=100.0)
    a64 = round(emu.counts_for(100.0, gain=64))
    assert sensor.set_gain(64)
    n = len(rec.items)
    rec.wait(lambda r: any(s.raw == a64 and not s.flags for s in r.samples(n)), "a settled A/64 sample")
    after = rec.samples(n)
    first = next(i for i, s in enumerate(after) if s.raw == a64)
    assert all(s.flags & FLAG_SUSPECT for s in after[first:first + 4])  # the settling conversions
    assert emu.command("load", grams=100.0)["last_pulses"] == 27
    assert sensor.set_gain(32)  # channel B
    n = len(rec.items)
    rec.wait(lambda r: any(s.raw == emu.channel_b_counts and not s.flags for s in r.samples(n)), "channel B")
    status = emu.command("load", grams=100.0)
    assert status["last_pulses"] == 26 and status["gain"] == 32


def test_configured_channel_b_is_sent_at_connect(board) -> None:
    emu, sensor, rec = board({"gain": 32, "rate_sps": 80}, rate_sps=80)
    rec.wait(lambda r: any(s.raw == emu.channel_b_counts and not s.flags for s in r.samples()), "channel B")
    assert emu.command("load", grams=0.0)["last_pulses"] == 26


def test_power_down_and_up(board) -> None:
    emu, sensor, rec = board(rate_sps=80)
    emu.command("load", grams=50.0)
    rec.wait_samples(5)
    seen = len(emu.events)
    assert sensor.set_power(False)
    emu.wait_for(lambda: any(e["ev"] == "powerdown" for e in emu.events[seen:]), "HX711 powered down")
    assert emu.status["chip_on"] is False
    emu.run_for(0.1)  # frames of conversions before the power-down still on their way
    n = len(rec.items)
    emu.run_for(1.0)
    assert rec.samples(n) == [] and rec.faults() == []  # no samples, and no stall or not-ready fault
    assert sensor.set_power(True)
    after = rec.wait_samples(8, since=n)
    assert [bool(s.flags & FLAG_SUSPECT) for s in after[:4]] == [True] * 4  # settling after power-up
    assert not after[7].flags and grams(after[7].raw) == pytest.approx(50.0, abs=0.01)


def test_unplugged_chip_is_a_fault_then_recovers(board) -> None:
    emu, sensor, rec = board(rate_sps=10)
    rec.wait_samples(3)
    emu.command("mode", mode="unplugged")
    rec.wait(lambda r: r.faults("hx711_not_ready"), "hx711_not_ready fault")
    # FAULT 1 (detail: the board's ms since the last conversion) right after 500 ms
    not_ready_ms = int(re.search(r"for (\d+) ms", rec.faults("hx711_not_ready")[0].detail).group(1))
    assert 500 < not_ready_ms <= 510
    n = len(rec.items)
    emu.command("mode", mode="ok")
    rec.wait(lambda r: any(isinstance(i, SensorRecovered) for i in r.items[n:]), "recovery")
    assert rec.wait_samples(3, since=n)
    assert sensor.stats.board_faults == 1


def test_dout_stuck_low_is_one_fault_not_a_flood_of_zeros(board) -> None:
    emu, sensor, rec = board(rate_sps=80)
    rec.wait_samples(3)
    before = emu.command("mode", mode="stuck_low")
    n = len(rec.items)
    rec.wait(lambda r: r.faults("hx711_not_ready"), "hx711_not_ready fault")
    emu.run_for(1.0)
    after = emu.command("load", grams=0.0)
    stuck = rec.samples(n)
    assert len(stuck) <= 2 and all(s.flags & FLAG_SUSPECT for s in stuck if s.raw == 0)
    # the firmware does not clock a dead chip in a loop: one read, then one probe per 500 ms
    probes = (after["emulated_ms"] - before["emulated_ms"]) // 500
    assert after["reads"] - before["reads"] <= 2 + probes
    assert sensor.stats.board_faults == 1  # rate limited: one FAULT (the next after 5 s)
    emu.command("mode", mode="ok")
    rec.wait(lambda r: any(isinstance(i, SensorRecovered) for i in r.items[n:]), "recovery")


def test_board_reboot_rebaselines_and_reapplies_gain(board) -> None:
    emu, sensor, rec = board(rate_sps=80)
    assert sensor.set_gain(64)
    rec.wait_samples(10, good=True)
    boot_id = sensor.hello.boot_id
    emu.command("reboot")
    rec.wait(lambda r: r.faults("restarted"), "restarted fault")
    n = len(rec.items)
    after = rec.wait_samples(8, since=n, good=True)
    i = rec.items.index(rec.faults("restarted")[0])
    assert isinstance(rec.items[i + 1], SensorRecovered)  # re-baseline before the new boot's first sample
    assert isinstance(rec.items[i + 2], Sample) and rec.items[i + 2].t_s >= rec.items[i].t_s
    times = [s.t_s for s in rec.samples()]
    assert times == sorted(times)  # the new boot's t_ms restart at 0, the host's t_s does not
    assert sensor.stats.restarts == 1 and emu.status["boots"] == 2
    assert after[-1].raw == pytest.approx(emu.counts_for(0.0, gain=64), abs=1)  # gain re-sent
    assert sensor.hello.boot_id != boot_id  # get_rand_32() from the (emulated) ring oscillator


def test_watchdog_restarts_a_hung_firmware(board, caplog) -> None:
    caplog.set_level(logging.INFO, logger="waage.sensors.serial_bridge.board")
    emu, sensor, rec = board(rate_sps=80)
    rec.wait_samples(3)
    assert emu.status["watchdog"] is True
    t0 = emu.now_ms
    emu.command("hang")
    emu.wait_for(lambda: any(e["ev"] == "watchdog" for e in emu.events), "the watchdog firing")
    fired = next(e for e in emu.events if e["ev"] == "watchdog")
    assert 900 <= fired["emulated_ms"] - t0 <= 1200  # WATCHDOG_MS = 1000
    rec.wait(lambda r: r.faults("restarted") or r.faults("stalled"), "the host notices")
    n = len(rec.items)
    rec.wait_samples(3, since=n)
    assert sensor.stats.restarts == 1
    assert any("after a watchdog reset" in r.getMessage() for r in caplog.records)  # the board's LOG frame


def test_rate_is_measured_when_the_rate_pin_is_not_wired(board) -> None:
    emu, sensor, rec = board(rate_sps=80, rate_pin=False)
    rec.wait(lambda r: r.faults("rate_changed"), "rate_changed fault after 8 conversions")
    assert sensor.sample_rate_hz == 80.0
    n = len(rec.items)
    rec.wait_samples(3, since=n)


def test_host_that_stops_reading_gets_whole_frames_and_a_seq_gap(make_emulator) -> None:
    """USB writes never block the conversion loop and never cut a frame."""
    emu = make_emulator(rate_sps=80, zero_counts=ZERO, counts_per_gram=CPG)
    with serial.Serial(emu.port, 115200, timeout=0.05) as port:
        dec = FrameDecoder()
        port.write(Ping().encode())
        got: list = []
        deadline = time.monotonic() + REAL_S
        while sum(isinstance(m, SampleFrame) for m in got) < 5:
            assert time.monotonic() < deadline
            got += dec.feed(port.read(4096))
        reads0 = emu.command("host", reading=False)["reads"]
        emu.run_for(1.0)
        reads1 = emu.command("host", reading=True)["reads"]
        assert reads1 - reads0 >= 75  # ~80 conversions read in 1 s: the loop never waited on USB
        emu.run_for(0.3)
        # drain until a frame of a conversion after the pause has come (the board keeps
        # converting, so "until the port is quiet" may never come on a fast machine)
        deadline = time.monotonic() + REAL_S
        while not any(isinstance(m, SampleFrame) and m.seq + 1 >= reads1 for m in got):
            assert time.monotonic() < deadline, "no sample after the host read again"
            got += dec.feed(port.read(4096))
    samples = [m for m in got if isinstance(m, SampleFrame)]
    seqs = [s.seq for s in samples]
    assert dec.crc_errors == 0 and dec.resyncs == 0 and dec.bytes_discarded == 0  # no cut frame
    gaps = [b - a for a, b in zip(seqs, seqs[1:])]
    assert max(gaps) >= 50 and all(g >= 1 for g in gaps)  # the dropped frames show as one seq gap
    assert seqs[-1] + 1 >= reads1  # seq counts conversions, sent or not


def test_firmware_decodes_the_shared_vectors(make_emulator) -> None:
    """Each host stream of vectors.json in turn: the board answers each PING in it and ignores the rest."""
    emu = make_emulator(rate_sps=10)  # few samples in between: the reads below drain quickly
    gain = 128
    with serial.Serial(emu.port, 115200, timeout=0.05) as port:
        for stream in VECTORS["host_streams"]:
            emu.run_for(0.05)
            while port.read(4096):  # the boot HELLO, samples so far
                pass
            port.write(bytes.fromhex(stream["hex"]))
            emu.run_for(0.3)  # a SET_GAIN shows at the second conversion after it (27 pulses, then A/64)
            dec = FrameDecoder()
            got: list = []
            while data := port.read(4096):
                got += dec.feed(data)
            hellos = [m for m in got if isinstance(m, Hello)]
            assert len(hellos) == stream["frames"].count("Ping"), stream["name"]
            gain = 64 if "SetGain" in stream["frames"] else gain
            assert emu.status["gain"] == gain, stream["name"]
            assert dec.crc_errors == 0 and dec.bytes_discarded == 0
            assert not [m for m in got if isinstance(m, Fault)]
    assert emu.now_ms < 4000  # below the 5 s heartbeat: every HELLO counted above answered a PING
