"""SerialBridgeSensor against a fake board on a real pty pair (pyserial opens the slave)."""

from __future__ import annotations

import logging
import threading
from types import SimpleNamespace

import pytest
import serial

from waage.sensors.base import Sensor
from waage.sensors.protocol import SYNC, TYPE_SAMPLE, Fault, Hello, Log, Ping, Power, SetGain
from waage.sensors.serial_bridge import SerialBridgeSensor
from waage.weight.events import FLAG_SATURATED, FLAG_SUSPECT, Sample, SensorFault, SensorRecovered


def test_is_a_sensor(connected) -> None:
    _, sensor = connected()
    assert isinstance(sensor, SerialBridgeSensor)
    s: Sensor = sensor  # static conformance; runtime: the protocol's members exist
    assert callable(s.start) and callable(s.close) and s.sample_rate_hz == 10.0


def test_handshake_pings_until_hello_and_reads_rate(make_board, make_sensor, events, fake_clock, wait_until) -> None:
    # the sensor's clock is the test's: a PING per interval it advances (a real clock and a loaded
    # machine made "2 PINGs in 0.2 s" a race), and the board's count is waited for, not read at once
    board = make_board(answer_ping=False, rate_sps=80, fw=(1, 4, 2))
    sensor = make_sensor(board.port, ping_interval_s=0.0625, clock=fake_clock)
    sensor.start(events)
    wait_until(lambda: board.pings == 1)
    fake_clock.advance(0.0625)
    wait_until(lambda: board.pings == 2)  # board silent: not connected, keeps pinging
    assert not sensor.connected
    board.answer_ping = True
    fake_clock.advance(0.0625)  # the next PING gets the HELLO
    assert sensor.wait_connected(3.0)
    assert sensor.hello is not None and sensor.hello.fw == (1, 4, 2)
    assert sensor.hello.boot_id == board.boot_id
    assert sensor.sample_rate_hz == 80.0
    assert sensor.stats.connects == 1
    assert events.faults() == []


def test_sample_time_comes_from_t_ms_not_arrival(connected, events) -> None:
    board, sensor = connected()
    # Three conversions 100 ms apart on the board arrive in one USB burst.
    burst = b"".join(board.sample_frame(raw, t_ms=t).encode() for raw, t in [(-5, 1000), (7, 1100), (9, 1200)])
    board.send_bytes(burst)
    samples = events.wait_samples(3)
    assert [s.t_s for s in samples] == pytest.approx([1.0, 1.1, 1.2])
    assert [s.raw for s in samples] == [-5.0, 7.0, 9.0]
    assert sensor.stats.samples == 3 and sensor.stats.dropped == 0


def test_t_ms_wraparound_keeps_time_monotonic(connected, events) -> None:
    board, _ = connected()
    board.send_sample(1, t_ms=0xFFFF_FF00)
    board.send_sample(2, t_ms=0x0000_0010)  # 0x110 = 272 ms later, after the 32-bit wrap
    a, b = events.wait_samples(2)
    assert b.t_s - a.t_s == pytest.approx(0.272)
    assert not events.faults()


def test_flags_map_to_sample_flags(connected, events) -> None:
    board, _ = connected()
    board.send_sample(10, flags=0x02, t_ms=100)
    board.send_sample(0x7FFFFF, flags=0x01, t_ms=200)
    board.send_sample(-0x800000, flags=0x00, t_ms=300)  # saturated even if the board forgot the flag
    board.send_sample(11, flags=0xF0, t_ms=400)  # unknown bits are not passed on
    s = events.wait_samples(4)
    assert [x.flags for x in s] == [FLAG_SUSPECT, FLAG_SATURATED, FLAG_SATURATED, 0]


def test_seq_gap_counts_dropped_samples(connected, events) -> None:
    board, sensor = connected()
    for seq, t in [(0, 100), (1, 200), (5, 600), (6, 700)]:
        board.send_sample(100, seq=seq, t_ms=t)
    samples = events.wait_samples(4)
    assert [s.t_s for s in samples] == pytest.approx([0.1, 0.2, 0.6, 0.7])
    assert sensor.stats.dropped == 3
    assert sensor.stats.restarts == 0
    assert not events.faults()


def test_duplicate_seq_is_ignored(connected, events) -> None:
    board, sensor = connected()
    board.send_sample(1, seq=4, t_ms=100)
    board.send_sample(1, seq=4, t_ms=100)
    board.send_sample(2, seq=5, t_ms=200)
    events.wait_samples(2)
    assert sensor.stats.duplicates == 1 and sensor.stats.samples == 2


def test_reboot_with_new_boot_id_rebaselines(connected, events) -> None:
    board, sensor = connected()
    board.send_sample(5000, t_ms=60_000)
    board.send_sample(5001, t_ms=60_100)
    events.wait_samples(2)
    board.reboot(boot_id=0x12345678)  # HELLO with a new boot_id, seq 0, uptime 0
    board.send_sample(-200, t_ms=30)
    events.wait_samples(3)
    tail = events.items[2:]
    assert [type(e) for e in tail] == [SensorFault, SensorRecovered, Sample]
    assert tail[0].kind == "restarted" and "re-baselining" in tail[0].detail
    assert tail[2].t_s > 60.1  # the sensor clock stays monotonic across the reboot
    assert tail[1].t_s == tail[2].t_s
    assert sensor.stats.restarts == 1
    assert sensor.stats.dropped == 0  # seq 0 after a reboot is not a gap
    assert sensor.hello.boot_id == 0x12345678


def test_seq_going_back_is_a_restart(connected, events) -> None:
    board, sensor = connected()
    board.send_sample(1, seq=100, t_ms=10_000)
    board.send_sample(2, seq=3, t_ms=10_100)  # same boot_id, seq back: board restarted
    events.wait_samples(2)
    assert [type(e) for e in events.items] == [Sample, SensorFault, SensorRecovered, Sample]
    assert sensor.stats.restarts == 1
    assert events.items[-1].t_s > events.items[0].t_s


def test_reboot_reapplies_gain_and_power(connected, events, wait_until) -> None:
    board, sensor = connected()
    assert sensor.set_gain(64)
    wait_until(lambda: board.gain == 64)
    board.reboot()
    events.wait_fault("restarted")
    # SET_GAIN at the handshake (128, the configured gain), the set_gain call, after the reboot
    wait_until(lambda: board.gain == 64 and [m.gain for m in board.received if isinstance(m, SetGain)] == [128, 64, 64])


def test_stall_fault_then_recovery(connected, events, fake_clock) -> None:
    clock = fake_clock
    board, sensor = connected(clock=clock)
    board.send_sample(1, t_ms=1000)
    events.wait_samples(1)
    clock.advance(0.4)
    clock.wait_loops()
    assert events.faults() == []  # 0.4 s without samples is still fine
    clock.advance(0.2)  # now 0.6 s > 0.5 s
    fault = events.wait_fault("stalled")
    assert "No samples" in fault.detail and board.port in fault.detail
    assert fault.t_s == pytest.approx(1.0)  # the last sample's t_s: never ahead of later samples
    board.send_sample(2, t_ms=1700)
    events.wait_samples(2)
    assert [type(e) for e in events.items] == [Sample, SensorFault, SensorRecovered, Sample]
    assert events.items[2].t_s == pytest.approx(1.7)
    assert sensor.stats.stalls == 1


def test_no_stall_while_powered_down(connected, events, wait_until, fake_clock) -> None:
    clock = fake_clock
    board, sensor = connected(clock=clock)
    board.send_sample(1, t_ms=100)
    events.wait_samples(1)
    assert sensor.set_power(False)
    wait_until(lambda: board.powered is False)
    clock.advance(10.0)
    clock.wait_loops()
    assert events.faults() == []
    assert sensor.set_power(True)
    wait_until(lambda: board.powered is True)
    clock.advance(0.6)  # powered again and silent: now it is a stall
    assert events.wait_fault("stalled")


def test_crc_garbage_resync(connected, events) -> None:
    board, sensor = connected()
    good1 = board.sample_frame(1, t_ms=100).encode()
    corrupt = bytearray(board.sample_frame(2, t_ms=200).encode())
    corrupt[10] ^= 0x55
    good2 = board.sample_frame(3, t_ms=300).encode()
    broken_header = SYNC + bytes((TYPE_SAMPLE, 13))  # a frame cut short; the next starts inside
    too_long = SYNC + bytes((TYPE_SAMPLE, 0xFF))  # len > 64
    good3 = board.sample_frame(4, t_ms=400).encode()
    board.send_bytes(b"\x00noise\xa5" + good1 + bytes(corrupt) + broken_header + good2 + too_long + good3)
    samples = events.wait_samples(3)
    assert [s.raw for s in samples] == [1.0, 3.0, 4.0]
    st = sensor.stats
    assert st.crc_errors == 2 and st.resyncs == 3
    assert st.dropped == 1  # the corrupted frame's seq is missing
    assert st.bytes_discarded == len(b"\x00noise\xa5") + len(corrupt) + len(broken_header) + len(too_long)


def test_board_fault_frames_become_sensor_faults(connected, events) -> None:
    board, sensor = connected()
    board.send(Fault(code=1, detail=734))
    f = events.wait_fault("hx711_not_ready")
    assert "734 ms" in f.detail and "DOUT" in f.detail
    board.send(Fault(code=2, detail=3))
    assert "clock" in events.wait_fault("clock_overrun").detail
    board.send(Fault(code=9, detail=1))
    assert "code 9" in events.wait_fault("board_fault").detail
    board.send_sample(1, t_ms=5)
    events.wait_samples(1)
    assert isinstance(events.items[-2], SensorRecovered)
    assert sensor.stats.board_faults == 3


def test_log_frames_go_to_python_logging(connected, events, caplog) -> None:
    board, _ = connected()
    with caplog.at_level(logging.INFO, logger="waage.sensors.serial_bridge.board"):
        board.send(Log("HX711 ready again"))
        board.send_sample(1, t_ms=5)
        events.wait_samples(1)
    assert any("HX711 ready again" in r.getMessage() for r in caplog.records)


def test_protocol_mismatch_is_an_actionable_fault(make_board, make_sensor, events) -> None:
    board = make_board(proto=2, fw=(2, 0, 0))
    sensor = make_sensor(board.port, retry_initial_s=5.0)
    sensor.start(events)
    f = events.wait_fault("protocol")
    assert "version 2" in f.detail and "version 1" in f.detail and "firmware_bridge" in f.detail
    assert not sensor.connected


def test_no_hello_is_an_actionable_fault(make_board, make_sensor, events, fake_clock, wait_until) -> None:
    # on the test's clock (binary fractions: no rounding at the deadline); the board's count of the
    # PINGs is waited for (read at once, it lagged the sensor's writes: "0 >= 3" on a loaded machine)
    board = make_board(answer_ping=False)
    sensor = make_sensor(board.port, hello_timeout_s=0.25, ping_interval_s=0.0625, retry_initial_s=5.0,
                         clock=fake_clock)
    sensor.start(events)
    for pings in range(1, 5):  # a PING at 0, 1/16, 2/16 and 3/16 s; at 4/16 s the timeout
        wait_until(lambda: board.pings == pings)
        assert events.faults() == []
        fake_clock.advance(0.0625)
    f = events.wait_fault("no_hello")
    assert board.port in f.detail and "firmware" in f.detail
    assert board.pings == 4


def test_missing_port_retries_with_capped_backoff(events) -> None:
    delays: list[float] = []
    attempts: list[str] = []
    done = threading.Event()

    def factory(port: str, **kwargs: object):
        attempts.append(port)
        raise serial.SerialException(f"[Errno 2] could not open port {port}")

    sensor = SerialBridgeSensor(
        SimpleNamespace(port="/dev/ttyACM7", baudrate=115200), serial_factory=factory, sleep=None
    )

    def fake_sleep(s: float) -> None:
        delays.append(s)
        if len(delays) == 7:
            sensor._stop.set()  # end the retry loop deterministically
            done.set()

    sensor._sleep = fake_sleep
    sensor.start(events)
    assert done.wait(3.0)
    sensor.close()
    assert delays == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert len(attempts) == 7
    faults = events.faults()
    assert len(faults) == 1  # reported once, not once per attempt
    assert faults[0].kind == "disconnected"
    assert "/dev/ttyACM7" in faults[0].detail and "plugged in" in faults[0].detail
    assert sensor.stats.open_failures == 7


def test_unplug_while_running_reports_disconnected(connected, events) -> None:
    board, sensor = connected(retry_initial_s=5.0)
    board.send_sample(1, t_ms=10)
    events.wait_samples(1)
    board.unplug()
    f = events.wait_fault("disconnected")
    assert board.port in f.detail and "USB cable" in f.detail
    assert not sensor.connected
    assert sensor.set_gain(32) is False  # link down: not sent, but remembered


def test_reconnect_after_replug(make_board, events, wait_until) -> None:
    """The port vanishes and comes back (a factory standing in for udev): samples resume."""
    board = make_board(boot_id=1)
    calls = {"n": 0}
    broken = threading.Event()

    class Breakable:
        """A real pyserial port whose read fails once ``broken`` is set (an unplug)."""

        def __init__(self, ser: serial.Serial) -> None:
            self._ser = ser

        def read(self, size: int = 1) -> bytes:
            if broken.is_set():
                broken.clear()
                raise serial.SerialException("read failed: [Errno 5] Input/output error")
            return self._ser.read(size)

        def __getattr__(self, name: str):
            return getattr(self._ser, name)

    def factory(port: str, **kwargs: object):
        calls["n"] += 1
        if calls["n"] == 2:
            raise serial.SerialException("[Errno 2] No such file or directory")
        return Breakable(serial.serial_for_url(board.port, **kwargs))

    delays: list[float] = []
    sensor = SerialBridgeSensor(
        SimpleNamespace(port="/dev/ttyACM0", baudrate=115200),
        serial_factory=factory,
        sleep=delays.append,
        retry_initial_s=0.01,
    )
    try:
        sensor.start(events)
        assert sensor.wait_connected(3.0)
        board.send_sample(1, t_ms=100)
        events.wait_samples(1)
        broken.set()  # the link breaks under the reader
        events.wait_fault("disconnected")
        wait_until(lambda: sensor.stats.connects == 2)
        board.send_sample(2, t_ms=200)
        events.wait_samples(2)
        assert isinstance(events.items[-2], SensorRecovered)
        assert sensor.stats.restarts == 0  # same boot_id: not a reboot
        assert delays == [0.01, 0.02]  # back-off restarted from the beginning after the good link
        assert [f.kind for f in events.faults()] == ["disconnected"]
    finally:
        sensor.close()


def test_commands_reach_the_board(connected, events, wait_until) -> None:
    board, sensor = connected()
    with pytest.raises(ValueError):
        sensor.set_gain(100)
    assert sensor.set_gain(32)
    assert sensor.set_power(False)
    wait_until(lambda: board.gain == 32 and board.powered is False)
    assert [m for m in board.received if not isinstance(m, Ping)] == [SetGain(128), SetGain(32), Power(False)]


def test_fault_time_never_runs_ahead_of_the_samples_after_it(connected, events, fake_clock) -> None:
    """The host clock says 3 s of silence, the board's clock only 0.3 s (a USB burst held back)."""
    board, sensor = connected(clock=fake_clock)
    board.send_sample(1, t_ms=5000)
    events.wait_samples(1)
    fake_clock.advance(3.0)
    fault = events.wait_fault("stalled")
    board.send_sample(2, t_ms=5300)
    after = events.wait_samples(2)[-1]
    assert fault.t_s <= after.t_s
    times = [e.t_s for e in events.items]
    assert times == sorted(times)


def test_close_stops_the_reader(connected) -> None:
    _, sensor = connected()
    thread = sensor._thread
    sensor.close()
    assert thread is not None and not thread.is_alive()
    assert not sensor.connected


def test_samples_before_handshake_are_discarded(make_board, make_sensor, events) -> None:
    board = make_board(answer_ping=False)
    sensor = make_sensor(board.port, ping_interval_s=0.05)
    sensor.start(events)
    assert board.ping_event.wait(3.0)
    board.send_sample(99, t_ms=10)  # unknown boot: dropped
    board.answer_ping = True
    assert sensor.wait_connected(3.0)
    board.send_sample(1, t_ms=20)
    assert [s.raw for s in events.wait_samples(1)] == [1.0]


def test_streaming_fake_board_for_the_simulator(make_board, make_sensor, events) -> None:
    board = make_board(rate_sps=80, raw_source=lambda t_s: 1000, stream=True)
    sensor = make_sensor(board.port)
    sensor.start(events)
    samples = events.wait_samples(5)
    assert all(s.raw == 1000.0 for s in samples)
    assert all(b.t_s > a.t_s for a, b in zip(samples, samples[1:]))
    assert sensor.sample_rate_hz == 80.0


def test_a_streaming_board_that_runs_late_still_stamps_each_conversion(make_board, make_sensor, events) -> None:
    """t_ms is the board's uptime at the conversion (serial-protocol.md), not at the send: a board
    whose sending thread ran late sends the conversions it owes back to back, each with its own time.
    (The double stamped the send: such a burst had equal t_ms, and the streaming test above failed
    now and then on a loaded machine.) The board's clock stands still after its start, which is
    the late thread at its worst: every frame goes out at the same clock reading."""
    readings = iter([1000.0, 1000.0])  # the board's start, the first conversion's schedule
    board = make_board(rate_sps=80, raw_source=lambda t_s: 1000, stream=True,
                       clock=lambda: next(readings, 1000.1))  # then 100 ms late, and no time passes
    sensor = make_sensor(board.port)
    sensor.start(events)
    samples = events.wait_samples(5)
    gaps_ms = [round((b.t_s - a.t_s) * 1000) for a, b in zip(samples, samples[1:])]
    assert all(gap in (12, 13) for gap in gaps_ms), gaps_ms  # 80 SPS: 12.5 ms, whole ms on the wire


def test_reads_port_and_baudrate_from_sensor_settings(make_board, events) -> None:
    from waage.sensors.settings import SerialSettings

    board = make_board()
    settings = SerialSettings(port=board.port, baudrate=115200)
    sensor = SerialBridgeSensor(settings)
    try:
        assert (sensor.port, sensor.baudrate) == (board.port, 115200)
        sensor.start(events)
        assert sensor.wait_connected(3.0)
    finally:
        sensor.close()


def test_protocol_is_checked_on_every_hello(connected, events, wait_until) -> None:
    """A heartbeat HELLO with another version (a reflashed board) ends the link like a first one."""
    board, sensor = connected({"boot_id": 7}, retry_initial_s=5.0)
    board.send_sample(1, t_ms=100)
    events.wait_samples(1)
    board.send(Hello(proto=2, fw=(2, 0, 0), boot_id=7, rate_sps=10))
    f = events.wait_fault("protocol")
    assert "version 2" in f.detail
    wait_until(lambda: not sensor.connected)
    board.send_sample(2, t_ms=200)  # the port is closed: nothing more is delivered
    assert len([e for e in events.items if isinstance(e, Sample)]) == 1


def test_configured_rate_is_the_start_and_hello_wins(make_board, make_sensor, events) -> None:
    board = make_board(rate_sps=80)
    sensor = SerialBridgeSensor(SimpleNamespace(port=board.port, baudrate=115200, rate_sps=10))
    try:
        assert sensor.sample_rate_hz == 10.0  # before the handshake: the config's rate_sps
        sensor.start(events)
        assert sensor.wait_connected(3.0)
        assert sensor.sample_rate_hz == 80.0  # before any sample reaches a consumer
        board.send_sample(5, t_ms=10)
        events.wait_samples(1)
        assert events.faults() == []  # no sample at the old rate: nothing to re-baseline
    finally:
        sensor.close()


def test_rate_change_mid_stream_rebaselines(connected, events) -> None:
    """The firmware measured its RATE pin after 8 conversions and announces 80 in a new HELLO."""
    board, sensor = connected({"boot_id": 9, "rate_sps": 10})
    board.send_sample(1, t_ms=100)
    events.wait_samples(1)
    board.send(Hello(proto=1, fw=(1, 1, 0), boot_id=9, rate_sps=80))
    f = events.wait_fault("rate_changed")
    assert "80 SPS" in f.detail and "rate_sps = 80" in f.detail
    board.send_sample(2, t_ms=112)
    events.wait_samples(2)
    assert [type(e) for e in events.items] == [Sample, SensorFault, SensorRecovered, Sample]
    assert sensor.sample_rate_hz == 80.0 and sensor.stats.restarts == 0


def test_configured_gain_and_channel_go_out_with_set_gain(make_board, events, wait_until) -> None:
    from waage.sensors.settings import SerialSettings

    board = make_board()
    settings = SerialSettings(port=board.port, channel="B", gain=32)
    sensor = SerialBridgeSensor(settings)
    try:
        sensor.start(events)
        assert sensor.wait_connected(3.0)
        wait_until(lambda: board.gain == 32)
        assert sensor.gain == 32
    finally:
        sensor.close()
