"""MQTT settings (``[mqtt]``).

Example (a mosquitto on the Home Assistant box, one league for the party)::

    [mqtt]
    enabled = true
    host = "homeassistant.local"
    port = 1883                       # 8883 with tls = true
    username = "waage"
    password_file = "/etc/waage/mqtt-password"   # the password itself never stands in the config
    league = "sommerfest"             # scales with the same league share one leaderboard
    table = "Stehtisch"               # how this scale is called on the leaderboard

The password file is read when the device starts; a missing or unreadable
file stops the start with one line naming the file.
"""

from __future__ import annotations

import hashlib
import socket
import uuid
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from waage.errors import InputFileError
from waage.names import check_name

#: what a topic level and a Home Assistant node id may hold (HA: ``[a-zA-Z0-9_-]+``)
TOPIC_WORD = r"^[A-Za-z0-9_-]{1,64}$"
#: where systemd keeps the machine's id (one line of 32 hex digits)
MACHINE_ID = Path("/etc/machine-id")


#: where a Raspberry Pi's firmware puts the board's serial number (unique per board, not per SD card)
BOARD_SERIAL = Path("/sys/firmware/devicetree/base/serial-number")


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("ascii", "replace").strip("\0\n ")
    except OSError:
        return ""


def default_device_id(machine_id: Path = MACHINE_ID, board_serial: Path = BOARD_SERIAL,
                      mac: int | None = None) -> str:
    """A stable id for this device: ``waage-`` + 10 hex digits of SHA-256 over /etc/machine-id,
    the board's serial number (Raspberry Pi device tree) and the MAC address of the network card
    (``uuid.getnode``). A cloned SD card copies the machine id but not the board or its network
    card, so two scales from one image get two ids (and stop kicking each other off the broker).
    Hashed: the inputs stay private. Always matches ``TOPIC_WORD``.
    """
    node = uuid.getnode() if mac is None else mac
    parts = [_read(machine_id), _read(board_serial), f"{node:012x}" if not (node >> 40) & 1 else ""]
    if not any(parts):
        parts = [socket.gethostname() or "waage"]
    return "waage-" + hashlib.sha256("|".join(parts).encode()).hexdigest()[:10]


class MqttSettings(BaseModel):
    """``[mqtt]``: publish the game to an MQTT broker (Home Assistant, the league).

    enabled: connect at all (``waage run``; ``waage sim --mqtt HOST:PORT`` switches it on).
    host, port: the broker (mosquitto); port default 1883 (8883 with ``tls``).
    tls: encrypt with TLS; ca_file: a PEM file of the CA that signed the
        broker's certificate (default: the system's trusted CAs).
    username: optional; password_file: a file whose first line is the password
        (never the password in the config; read at start).
    device_id: this scale's topic level (``waage/<device_id>/…``) and Home
        Assistant node id; letters, digits, ``_`` and ``-``; default from the
        machine id, the board's serial number and the MAC address (``default_device_id``).
    topic_prefix: first topic level, default ``waage``.
    discovery_prefix: Home Assistant's discovery prefix, default ``homeassistant``.
    league: optional name shared by the scales of one party (their leaderboard).
    table: this scale's name on the leaderboard (default: ``device_id``); the name rule of
        ``waage.names`` (printable, at most 16 characters).
    keepalive_s: MQTT keep-alive; the broker publishes the last will
        (``offline``) after 1.5 × this without a packet.
    reconnect_min_s, reconnect_max_s: paho's reconnect back-off (doubling).
    window: at most this many event messages handed to paho and not yet
        acknowledged; the rest waits in the session log (bounded memory).
    backlog_delay_s: after a reconnect (or a first connection that needed
        retries), events wait this long, then go out again from the last
        acknowledged line: subscribers that lost the broker too are back by
        then (at least once; the ids tell repeats).
    flush_timeout_s: at a clean stop, how long to wait for the broker to
        acknowledge what is still unsent before going offline (a broker never
        reached: at most ``client.NEVER_CONNECTED_WAIT_S``).
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    enabled: bool = False
    host: str = "localhost"
    port: int | None = Field(default=None, ge=1, le=65535)
    tls: bool = False
    ca_file: Path | None = None
    username: str | None = None
    password_file: Path | None = None
    device_id: str = Field(default_factory=default_device_id, pattern=TOPIC_WORD)
    topic_prefix: str = Field(default="waage", pattern=TOPIC_WORD)
    discovery_prefix: str = Field(default="homeassistant", pattern=TOPIC_WORD)
    league: str | None = Field(default=None, pattern=TOPIC_WORD)
    table: str | None = None
    keepalive_s: int = Field(default=30, ge=5, le=3600)
    reconnect_min_s: int = Field(default=1, ge=1, le=60)
    reconnect_max_s: int = Field(default=30, ge=1, le=3600)
    window: int = Field(default=50, ge=1, le=1000)
    backlog_delay_s: float = Field(default=2.0, ge=0, le=60)
    flush_timeout_s: float = Field(default=5.0, ge=0, le=300)

    @field_validator("table")
    @classmethod
    def _table(cls, table: str | None) -> str | None:
        return None if table is None else check_name(table)  # the name rule, as for players

    @field_validator("host")
    @classmethod
    def _host(cls, host: str) -> str:
        host = host.strip()
        if not host or any(c.isspace() for c in host):
            raise ValueError(f"need a host name or address, got {host!r}")
        return host

    @model_validator(mode="after")
    def _consistent(self) -> "MqttSettings":
        if self.ca_file is not None and not self.tls:
            raise ValueError("ca_file is only used with tls = true")
        if self.password_file is not None and self.username is None:
            raise ValueError("password_file needs a username")
        if self.reconnect_max_s < self.reconnect_min_s:
            raise ValueError("reconnect_max_s must not be less than reconnect_min_s")
        return self

    @property
    def broker_port(self) -> int:
        """The port to connect to: ``port``, else 8883 with TLS, else 1883."""
        return self.port if self.port is not None else (8883 if self.tls else 1883)

    @property
    def table_name(self) -> str:
        """This scale's name on the leaderboard."""
        return self.table or self.device_id

    def resolved(self, base: Path) -> "MqttSettings":
        """A copy with relative ``ca_file`` / ``password_file`` taken relative to ``base`` (the config's folder)."""
        update = {}
        for name in ("ca_file", "password_file"):
            value = getattr(self, name)
            if value is not None and not value.is_absolute():
                update[name] = (base / value).resolve()
        return self.model_copy(update=update)

    def read_password(self) -> str | None:
        """The password: the first line of ``password_file`` (None without one).

        Raises InputFileError naming the file when it cannot be read or is empty.
        """
        if self.password_file is None:
            return None
        try:
            text = self.password_file.read_text(encoding="utf-8")
        except OSError as exc:
            raise InputFileError(self.password_file, "mqtt.password_file",
                                 f"cannot read the MQTT password ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise InputFileError(self.password_file, "mqtt.password_file", "not UTF-8 text") from None
        password = text.splitlines()[0].strip() if text.strip() else ""
        if not password:
            raise InputFileError(self.password_file, "mqtt.password_file", "the file is empty; "
                                 "write the MQTT password on its first line")
        return password
