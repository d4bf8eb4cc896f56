"""Helpers for the MQTT tests: a real mosquitto on 127.0.0.1 (random port, throw-away config) and a real paho subscriber.

Skipped with a reason when Debian's mosquitto is not installed (``.ci/run``
installs it). Nothing here is a mock: the outage tests stop and start the
broker process itself.
"""

from __future__ import annotations

import getpass
import json
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
#: every wait on the broker gives up after this many seconds
TIMEOUT_S = 20.0


def need_mosquitto() -> None:
    """Skip the calling test, with the reason, when Debian's mosquitto is not installed."""
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package 'mosquitto'; .ci/run installs it)")


def wait_until(predicate, timeout_s: float = TIMEOUT_S, what: str = "condition") -> None:
    """Poll ``predicate`` (every 10 ms) until it is true; fail the test after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:g} s waiting for {what}")
        time.sleep(0.01)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Broker:
    """One mosquitto process; ``stop()`` and ``start()`` are a real outage (same port, sessions persisted)."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None, tls: tuple[Path, Path, Path] | None = None,
                 acl: str | None = None) -> None:
        need_mosquitto()  # before mosquitto_passwd writes the password file
        self.folder, self.port = folder, free_port()
        self.config = folder / "mosquitto.conf"
        access = "allow_anonymous true\n"
        if users:  # a real password file, written by mosquitto's own tool
            passwd = folder / "passwd"
            for i, (user, password) in enumerate(users.items()):
                subprocess.run(["mosquitto_passwd", "-b", *(["-c"] if i == 0 else []), str(passwd), user, password],
                               check=True, capture_output=True)
            access = f"allow_anonymous false\npassword_file {passwd}\n"
        if acl is not None:  # a real mosquitto acl_file
            (folder / "acl").write_text(acl, encoding="utf-8")
            access += f"acl_file {folder / 'acl'}\n"
        if tls:  # (CA, server certificate, server key)
            access += f"cafile {tls[0]}\ncertfile {tls[1]}\nkeyfile {tls[2]}\n"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            + access +
            f"user {getpass.getuser()}\n"  # run as root, mosquitto would drop to user mosquitto: no tmp writes
            "persistence true\n"  # the test subscriber's session survives a restart
            # keep every message for the subscriber while it reconnects after an outage (the default
            # of 1000 drops the rest of a 5000-event backlog if the observer catches up first)
            "max_queued_messages 0\n"
            f"persistence_location {folder}/\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\n", encoding="utf-8")
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.folder / "mosquitto.log", "ab") as log:
            self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=log)
        wait_until(self._accepts, what=f"mosquitto to listen on port {self.port}")

    def _accepts(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"mosquitto exited with {self.proc.returncode}: "
                                 f"{(self.folder / 'mosquitto.log').read_text(errors='replace')[-500:]}")
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=TIMEOUT_S)
        self.proc = None


class Subscriber:
    """A real paho client subscribed (QoS 1, persistent session) to ``topics``; records every message.

    ``messages``: (topic, payload str, retain flag) in arrival order. The constructor returns once the
    broker has acknowledged the subscription (SUBACK), not at the connection: a message published
    between the two would not reach this subscriber (it was lost in about 1 of 6 quick tries).
    """

    def __init__(self, port: int, topics: list[str], client_id: str = "test-subscriber",
                 auth: tuple[str, str] | None = None) -> None:
        self.messages: list[tuple[str, str, bool]] = []
        self.lock = threading.Condition()
        self.connected = threading.Event()
        self.topics = topics
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False)
        c.reconnect_delay_set(1, 1)
        if auth:
            c.username_pw_set(*auth)
        c.on_connect = self._on_connect
        c.on_disconnect = lambda *a: self.connected.clear()
        c.on_message = self._on_message
        c.on_subscribe = self._on_subscribe
        c.connect("127.0.0.1", port)
        c.loop_start()
        self.client = c
        assert self.connected.wait(TIMEOUT_S), "the test subscriber could not connect and subscribe"

    def _on_connect(self, client, _u, _flags, reason, _p):
        if not reason.is_failure:
            client.subscribe([(t, 1) for t in self.topics])

    def _on_subscribe(self, _c, _u, _mid, reasons, _p):
        if not any(r.is_failure for r in reasons):  # the broker has the subscription: nothing published now is missed
            self.connected.set()

    def _on_message(self, _c, _u, msg):
        with self.lock:
            self.messages.append((msg.topic, msg.payload.decode(), bool(msg.retain)))
            self.lock.notify_all()

    def wait_for(self, predicate, what: str, timeout_s: float = TIMEOUT_S) -> None:
        """Wait (woken by each message) until ``predicate(self)`` holds; fail after ``timeout_s``."""
        with self.lock:
            ok = self.lock.wait_for(lambda: predicate(self), timeout=timeout_s)
        assert ok, f"timed out after {timeout_s:g} s waiting for {what}"

    def on(self, topic: str) -> list[str]:
        with self.lock:
            return [p for t, p, _ in self.messages if t == topic]

    def events(self, topic: str) -> dict[int, dict]:
        """The event messages on ``topic`` by id (a repeat must equal the first)."""
        out: dict[int, dict] = {}
        for payload in self.on(topic):
            data = json.loads(payload)
            assert out.setdefault(data["id"], data) == data, f"repeat of event {data['id']} differs"
        return out

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A throw-away CA and a server certificate for 127.0.0.1 signed by it, made with the openssl tool."""
    ca_key, ca, key, csr, cert, ext = (folder / n for n in ("ca.key", "ca.pem", "server.key", "server.csr",
                                                            "server.pem", "server.ext"))
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    run = lambda *args: subprocess.run(["openssl", *args], check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", *ec, "-keyout", str(ca_key), "-out", str(ca), "-days", "2", "-subj", "/CN=waage test CA",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", *ec, "-keyout", str(key), "-out", str(csr), "-subj", "/CN=127.0.0.1")
    ext.write_text("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"
                   "keyUsage=critical,digitalSignature\nauthorityKeyIdentifier=keyid\n")
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial",
        "-out", str(cert), "-days", "2", "-extfile", str(ext))
    return ca, cert, key
