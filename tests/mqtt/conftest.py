"""Fixtures: a real mosquitto on 127.0.0.1 (random port, throw-away config) and real paho subscribers.

Skipped with a reason when Debian's mosquitto is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager

import pytest

from .helpers import Broker, Subscriber, make_certificates, need_mosquitto


@contextmanager
def running(broker: Broker):
    """Start ``broker``; stop it at the end (also after a failed test)."""
    need_mosquitto()
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture
def broker(tmp_path):
    with running(Broker(tmp_path)) as b:
        yield b


@pytest.fixture
def auth_broker(tmp_path):
    """A broker that refuses anonymous clients: users ``waage`` (password ``Pils-42``) and ``test`` (``t``)."""
    need_mosquitto()
    with running(Broker(tmp_path, users={"waage": "Pils-42", "test": "t"})) as b:
        yield b


@pytest.fixture
def tls_broker(tmp_path):
    """A broker on TLS only, its certificate signed by a throw-away CA; yields (broker, CA file)."""
    need_mosquitto()
    if shutil.which("openssl") is None:
        pytest.skip("the openssl tool is not installed (Debian package 'openssl') to make test certificates")
    certs = make_certificates(tmp_path)
    with running(Broker(tmp_path, tls=certs)) as b:
        yield b, certs[0]


@pytest.fixture
def subscribe(broker):
    subs: list[Subscriber] = []

    def make(topics=("#",), client_id="test-subscriber"):
        s = Subscriber(broker.port, list(topics), client_id)
        subs.append(s)
        return s

    yield make
    for s in subs:
        s.close()
