"""`waage run` over the serial bridge: the game's pipeline runs at the rate the board announces.

The device is built (config -> sensor -> controller) before the handshake,
as the composition root does; an 80 SPS board with the default
``rate_sps = 10`` must still give the game a pipeline at 80 SPS, or every
time window would be eight times too short.
"""

from __future__ import annotations

import queue

import pytest

from waage.app.run import Device
from waage.config import load_config
from waage.doubles.fake_bridge import FakeBridgeBoard
from waage.weight.events import Sample


def test_game_pipeline_takes_the_rate_of_hello(tmp_path) -> None:
    board = FakeBridgeBoard.open_pty(rate_sps=80)
    board.start()
    cfg = tmp_path / "serial.toml"
    cfg.write_text(f'[sensor]\nkind = "serial"\nport = "{board.port}"\n'
                   f'[calibration]\noffset = 50000\ncounts_per_gram = 420.0\n'
                   f'[display]\nkind = "none"\n[state]\ndirectory = "{tmp_path / "state"}"\n')
    config = load_config(cfg)
    device = Device(config, config.state.directory)
    assert device.sensor.sample_rate_hz == 10.0  # the config's rate_sps, before the handshake
    try:
        device.sensor.start(device.queue.put)
        assert device.sensor.wait_connected(3.0)
        for i in range(3):
            board.send_sample(50_000 + 420 * 330, t_ms=1000 + round(i * 12.5))
        handled = 0
        while handled < 3:
            item = device.queue.get(timeout=3.0)
            device.handle(item)
            handled += isinstance(item, Sample)
    except queue.Empty:  # pragma: no cover - a failure, reported below
        pytest.fail("the samples did not reach the device")
    finally:
        device.sensor.close()
        board.close()
    assert device.host.scale.pipeline.sample_rate_hz == 80.0
    assert device.host.scale.pipeline.live_g == pytest.approx(330.0, abs=0.01)
