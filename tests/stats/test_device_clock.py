"""``waage run`` with a helper game and no sensor (``NoSensor``): no sample moves the host's time, so
every record had ``t_s`` 0 and the Trottelmütze's time in the statistics was always 0:00 (issue 21).
Keys and commands are now stamped with the clock the samples would use."""

from __future__ import annotations

import sys

from waage.app.host import Apply
from waage.app.run import Device
from waage.config import AppConfig, DisplaySettings, GameSettings
from waage.inputs.keys import Key
from waage.sensors.base import NoSensor
from waage.sensors.settings import Hx711Settings
from waage.stats import game_stats


def test_without_a_sensor_the_records_carry_the_clocks_time(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "HX711", None)  # the library is not installed (not a Pi)
    config = AppConfig(game=GameSettings(game="willkommen_am_arsch", players=["Anna", "Ben"]), sensor=Hx711Settings(),
                       display=DisplaySettings(kind="none"))
    device = Device(config, tmp_path / "state", seed=1)
    try:
        assert isinstance(device.sensor, NoSensor)
        now = [1000.0]
        device.clock = lambda: now[0]
        device.host.start(device.clock())
        device.handle(Key.OK)  # the menu open at power-on: "Weiter"
        for t, given in ((1010.0, {"roll": [1, 2]}), (1020.0, {"roll": [3, 4]}), (1080.0, {"roll": [2, 3]}),
                         (1090.0, {"field": "trottelmuetze"}), (1200.0, {"gejammer": "Ben"})):
            now[0] = t
            device.handle(Apply(given))
        stamps = [r["t_s"] for r in device.host.game_records if r["event"] == "roll"]
        assert stamps == [1010.0, 1020.0, 1080.0]
        st = game_stats("willkommen_am_arsch", list(device.host.game_records))
        assert st.per_player["Anna"]["hat_s"] == 180.0  # from 1020 s (the opening) to the last record
    finally:
        device.close()
