"""waage.app.sdnotify against a real AF_UNIX datagram socket (path and abstract)."""

from __future__ import annotations

import os
import socket

import pytest

from waage.app import sdnotify


@pytest.fixture(params=["path", "abstract"])
def notify_socket(request, tmp_path, monkeypatch):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if request.param == "path":
        path = str(tmp_path / "notify.sock")
        srv.bind(path)
        monkeypatch.setenv("NOTIFY_SOCKET", path)
    else:
        name = f"waage-test-{os.getpid()}-{id(srv)}"
        srv.bind("\0" + name)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    srv.settimeout(5.0)
    yield srv
    srv.close()


def test_messages_arrive(notify_socket) -> None:
    assert sdnotify.ready() is True
    assert notify_socket.recv(4096) == b"READY=1"
    assert sdnotify.watchdog() is True
    assert notify_socket.recv(4096) == b"WATCHDOG=1"
    assert sdnotify.status("weighing\n2 players") is True
    assert notify_socket.recv(4096) == "STATUS=weighing 2 players".encode()
    assert sdnotify.stopping() is True
    assert notify_socket.recv(4096) == b"STOPPING=1"
    assert sdnotify.notify("READY=1\nSTATUS=Bier – äöü") is True
    assert notify_socket.recv(4096) == "READY=1\nSTATUS=Bier – äöü".encode("utf-8")


def test_no_socket_is_a_no_op(monkeypatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sdnotify.ready() is False
    monkeypatch.setenv("NOTIFY_SOCKET", "vsock:2:1234")
    assert sdnotify.watchdog() is False


def test_unreachable_socket_returns_false(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "nobody-listens.sock"))
    assert sdnotify.ready() is False


@pytest.mark.parametrize(("usec", "pid", "expected"), [
    ("30000000", "self", 30.0),
    ("30000000", None, 30.0),
    ("30000000", "1", None),          # meant for another process
    (None, None, None),
    ("0", None, None),
    ("soon", None, None),
])
def test_watchdog_interval(monkeypatch, usec, pid, expected) -> None:
    for name, value in (("WATCHDOG_USEC", usec), ("WATCHDOG_PID", str(os.getpid()) if pid == "self" else pid)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert sdnotify.watchdog_interval_s() == expected
