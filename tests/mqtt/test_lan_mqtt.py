"""Issue 20 against a real mosquitto: a stranger's league message (finding 2, 5), a stranger's
retained messages on this scale's topics and cloned SD cards (finding 8), a TLS failure said as
such (finding 9)."""

from __future__ import annotations

import json
import logging
import time

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

import waage.display.league_screen  # noqa: F401 - registers the leaderboard screen
from waage.display.screens import render_image
from waage.mqtt.client import MqttObserver
from waage.mqtt.league import MAX_PLAYERS
from waage.mqtt.settings import MqttSettings, default_device_id
from waage.names import NAME_MAX_CHARS

from .helpers import TIMEOUT_S, wait_until


def stranger(port: int) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger")
    c.connect("127.0.0.1", port)
    c.loop_start()
    return c


def publish(c: mqtt.Client, topic: str, payload: str | bytes, retain: bool = True) -> None:
    c.publish(topic, payload, qos=1, retain=retain).wait_for_publish(TIMEOUT_S)


def test_a_strangers_league_message_cannot_crash_or_stall_the_league_screen(broker):
    """Finding 2: a retained league message with a newline in a name crashed the OLED's "Liga"
    screen; finding 5: hits 1000 for 1 attempt ranked first, a million players took 1.5 GB."""
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale", league="party",
                                    table="Stehtisch")).start()
    c = stranger(broker.port)
    try:
        wait_until(lambda: obs.connected, what="the scale's connection")
        publish(c, "waage/league/party/evil-1", json.dumps(
            {"device_id": "evil-1", "table": "T\nisch" + "x" * 100,
             "players": {"Eve\nEve": {"attempts": 3, "hits": 2, "exact": 1, "grams": 90, "error_g": 3},
                         "y" * 200: {"attempts": 1, "hits": 0}}}))
        publish(c, "waage/league/party/evil-2", json.dumps(
            {"device_id": "evil-2", "table": "cheat", "players": {"Mallory": {"attempts": 1, "hits": 1000}}}))
        publish(c, "waage/league/party/evil-3", json.dumps(
            {"device_id": "evil-3", "table": "flood",
             "players": {f"p{i}": {"attempts": 1} for i in range(MAX_PLAYERS + 1)}}))
        publish(c, "waage/league/party/evil-5", b"{" + b" " * 200_000 + b"}")
        wait_until(lambda: obs.league_view().tables == 2, what="the stranger's valid table")
        evil4 = "waage/league/party/evil-4"
        publish(c, evil4, json.dumps({"device_id": "evil-4", "table": "late", "players": {}}))
        wait_until(lambda: obs.league_view().tables == 3, what="a later valid table (the refused ones came before)")
        view = obs.league_view()
        assert {r.table for r in view.rows} == {"T isch" + "x" * (NAME_MAX_CHARS - 6)}
        assert {r.player for r in view.rows} == {"Eve Eve", "y" * NAME_MAX_CHARS}
        assert all(len(r.player) <= NAME_MAX_CHARS and r.player.isprintable() for r in view.rows)
        assert all(len(r.table) <= NAME_MAX_CHARS and r.table.isprintable() for r in view.rows)
        assert "Mallory" not in {r.player for r in view.rows}
        image = render_image(view)  # the screen "Liga" opens: drawn, no exception
        assert image.size == (128, 64)
    finally:
        c.loop_stop()
        c.disconnect()
        obs.close()


def test_a_strangers_retained_status_and_discovery_do_not_stay(broker, subscribe, caplog):
    """Finding 8: any client overwrote this scale's retained status and discovery (garbage stayed until
    the scale reconnected). The scale watches its own retained topics and publishes its own again."""
    caplog.set_level(logging.WARNING, logger="waage.mqtt")
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="our-scale")).start()
    c = stranger(broker.port)
    try:
        wait_until(lambda: obs.connected and obs._published.get("waage/our-scale/status") == b"online",
                   what="the scale online")
        discovery = "homeassistant/device/our-scale/config"
        wait_until(lambda: discovery in obs._published, what="the discovery")
        time.sleep(0.3)
        publish(c, "waage/our-scale/status", "offline")
        publish(c, discovery, "{}")
        late = subscribe(["waage/our-scale/status", discovery], "late-reader")

        def restored(s) -> bool:
            status, disc = s.on("waage/our-scale/status"), s.on(discovery)
            return bool(status) and status[-1] == "online" and bool(disc) and disc[-1].startswith('{"device"')

        late.wait_for(restored, "the scale's own retained messages again")
        assert any("foreign message on waage/our-scale/status" in r.getMessage() for r in caplog.records)
    finally:
        c.loop_stop()
        c.disconnect()
        obs.close()


def test_cloned_sd_cards_get_two_device_ids(tmp_path):
    """Finding 8: two scales from one SD card image share /etc/machine-id; the board's serial number
    and the network card's MAC address tell them apart."""
    machine_id = tmp_path / "machine-id"
    machine_id.write_text("0123456789abcdef0123456789abcdef\n")
    serial_a, serial_b = tmp_path / "serial-a", tmp_path / "serial-b"
    serial_a.write_bytes(b"10000000abcdef01\0")
    serial_b.write_bytes(b"10000000abcdef02\0")
    a = default_device_id(machine_id, serial_a, mac=0xB827EB000001)
    b = default_device_id(machine_id, serial_b, mac=0xB827EB000002)
    assert a != b
    assert a == default_device_id(machine_id, serial_a, mac=0xB827EB000001)  # stable across restarts
    assert default_device_id(machine_id, tmp_path / "none", mac=0xB827EB000001) != \
        default_device_id(machine_id, tmp_path / "none", mac=0xB827EB000002)  # no device tree: the MAC


def test_a_tls_failure_is_not_called_an_unreachable_broker(tls_broker, caplog):
    broker, _ca = tls_broker
    caplog.set_level(logging.WARNING, logger="waage.mqtt")
    obs = MqttObserver(MqttSettings(host="127.0.0.1", port=broker.port, device_id="tls-other", tls=True,
                                    flush_timeout_s=0)).start()
    try:
        wait_until(lambda: any("TLS" in r.getMessage() for r in caplog.records), what="the TLS warning")
    finally:
        obs.close()
    text = " ".join(r.getMessage() for r in caplog.records)
    assert "TLS handshake" in text and "certificate" in text and "cannot reach" not in text
