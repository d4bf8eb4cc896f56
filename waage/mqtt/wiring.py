"""Building the MQTT observer from the config (called by the composition root).

``make_mqtt(config, state_dir)`` for ``waage run`` (the session log of the
state directory, the acknowledged line kept beside it) and ``sim_settings`` for
``waage sim --mqtt HOST:PORT``; ``waage.app.wiring.make_observers`` calls them and
builds the snapshots (``wiring.snapshot``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from waage.config import AppConfig
from waage.mqtt.client import MqttObserver
from waage.mqtt.settings import MqttSettings

#: file in the state directory holding the last session-log line the broker acknowledged
ACK_FILE = "mqtt.json"


def make_mqtt(config: AppConfig, state_dir: Path | None) -> MqttObserver:
    """The started MQTT observer of ``[mqtt]``.

    state_dir: the state directory, whose ``session.jsonl`` is published (None:
    the observer keeps a throw-away log of the records it is given, numbered 1, 2, …).
    Raises InputFileError naming the password file when it cannot be read.
    """
    log_path = ack_path = None
    if state_dir is not None:
        log_path, ack_path = Path(state_dir) / "session.jsonl", Path(state_dir) / ACK_FILE
    return MqttObserver(config.mqtt, log_path=log_path, ack_path=ack_path,
                        language=config.display.language).start()


def broker_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``, port 1883; ``[::1]:1883`` for IPv6) for ``--mqtt``.

    Raises argparse.ArgumentTypeError for anything else.
    """
    host, sep, port = text.rpartition(":")
    if not sep or "]" in port:
        host, port = text, "1883"
    host = host.strip("[]")
    if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"need HOST:PORT, e.g. localhost:1883 (got {text!r})")
    return host, int(port)


def sim_settings(config: AppConfig, address: tuple[str, int]) -> AppConfig:
    """The config with ``[mqtt]`` switched on for ``address`` (``waage sim --mqtt``).

    The simulator reconnects quickly (at most every 2 s) and waits up to 30 s
    at its end for the broker to take the last events; a broker it never reached
    is waited for at most ``client.NEVER_CONNECTED_WAIT_S``.
    """
    mqtt = MqttSettings.model_validate({**config.mqtt.model_dump(), "enabled": True, "host": address[0],
                                        "port": address[1], "reconnect_max_s": min(config.mqtt.reconnect_max_s, 2),
                                        "flush_timeout_s": max(config.mqtt.flush_timeout_s, 30.0)})
    return config.model_copy(update={"mqtt": mqtt})
