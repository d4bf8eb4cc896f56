"""``[mqtt]`` in the config: defaults, validation, the password file, and the payloads built from it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from waage.live.hub import LiveSnapshot
from waage.config import load_config
from waage.display.views import DrinkingView
from waage.errors import InputFileError
from waage.mqtt.messages import Topics, discovery_payload, event_payload, state_payload, verdict_payload
from waage.mqtt.sessionlog import LogCursor
from waage.mqtt.settings import TOPIC_WORD, MqttSettings, default_device_id
from waage.mqtt.wiring import broker_address, make_mqtt


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "waage.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_and_device_id_from_the_machine_id(tmp_path):
    s = MqttSettings()
    assert (s.enabled, s.host, s.broker_port, s.topic_prefix, s.discovery_prefix, s.league) == (
        False, "localhost", 1883, "waage", "homeassistant", None)
    assert MqttSettings(tls=True).broker_port == 8883
    mid = tmp_path / "machine-id"
    mid.write_text("0123456789abcdef0123456789abcdef\n")
    dev = default_device_id(mid)
    assert dev == default_device_id(mid) and dev.startswith("waage-") and "0123456789" not in dev
    assert dev != default_device_id(tmp_path / "missing")  # no machine id: from the host name
    import re
    assert re.match(TOPIC_WORD, default_device_id(tmp_path / "missing"))


def test_config_file_mqtt_table_paths_relative_to_the_file(tmp_path):
    (tmp_path / "pw").write_text("geheim\n")
    cfg = load_config(write(tmp_path, '[mqtt]\nenabled = true\nhost = "broker.lan"\nusername = "waage"\n'
                                      'password_file = "pw"\nleague = "sommerfest"\ntable = "Stehtisch"\n'))
    assert cfg.mqtt.password_file == tmp_path / "pw" and cfg.mqtt.read_password() == "geheim"
    assert Topics.of(cfg.mqtt).league == f"waage/league/sommerfest/{cfg.mqtt.device_id}"


@pytest.mark.parametrize("body, field, problem", [
    ('password = "x"', "mqtt.password", "unknown key"),
    ('device_id = "a/b"', "mqtt.device_id", "pattern"),
    ('league = "x y"', "mqtt.league", "pattern"),
    ('port = 0', "mqtt.port", "greater than or equal to 1"),
    ('port = "1883"', "mqtt.port", "integer"),
    ('ca_file = "ca.pem"', "mqtt", "only used with tls"),
    ('password_file = "pw"', "mqtt", "needs a username"),
])
def test_invalid_mqtt_config_exits_2_with_one_line(tmp_path, body, field, problem):
    path = write(tmp_path, f"[mqtt]\n{body}\n")
    with pytest.raises(InputFileError) as err:
        load_config(path)
    assert str(path) in str(err.value) and field in str(err.value) and problem in str(err.value)
    proc = subprocess.run([sys.executable, "-m", "waage.cli", "check-config", str(path)], capture_output=True,
                          text=True)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


def test_unreadable_password_file_is_named(tmp_path):
    s = MqttSettings(username="waage", password_file=tmp_path / "nope")
    with pytest.raises(InputFileError, match=r"nope: mqtt.password_file: cannot read the MQTT password"):
        s.read_password()
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(InputFileError, match="the file is empty"):
        MqttSettings(username="waage", password_file=tmp_path / "empty").read_password()
    cfg = load_config(write(tmp_path, '[mqtt]\nenabled = true\nusername = "w"\npassword_file = "nope"\n'))
    with pytest.raises(InputFileError, match="nope"):
        make_mqtt(cfg, tmp_path)  # the device does not start without its password


def test_run_with_a_missing_password_file_exits_2_naming_it(tmp_path):
    path = write(tmp_path, '[sensor]\nkind = "fake"\n[display]\nkind = "none"\n'
                           '[mqtt]\nenabled = true\nusername = "w"\npassword_file = "secret.txt"\n')
    proc = subprocess.run([sys.executable, "-m", "waage.cli", "run", "--config", str(path), "--state-dir",
                           str(tmp_path / "state")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        f"waage: error: {tmp_path / 'secret.txt'}: mqtt.password_file: cannot read the MQTT password "
        "(No such file or directory)"]


def _waage(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "waage.cli", *argv], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("mqtt,name", [
    ('username = "w"\npassword_file = "secret.txt"', "secret.txt"),
    ('tls = true\nca_file = "ca.pem"', "ca.pem"),
])
def test_check_config_reports_a_missing_mqtt_file_as_run_does(tmp_path, mqtt, name):
    """check-config used to say "ok" for a config that `waage run` refuses with exit 2."""
    path = write(tmp_path, f'[sensor]\nkind = "fake"\n[display]\nkind = "none"\n[mqtt]\nenabled = true\n{mqtt}\n')
    check = _waage("check-config", str(path))
    run = _waage("run", "--config", str(path), "--state-dir", str(tmp_path / "state"))
    assert (check.returncode, run.returncode) == (2, 2)
    lines = check.stderr.strip().splitlines()
    assert len(lines) == 1 and lines == run.stderr.strip().splitlines()
    assert lines[0].startswith(f"waage: error: {tmp_path / name}: mqtt.") and "ok" not in check.stdout
    (tmp_path / name).write_text("geheim\n" if name == "secret.txt" else "")
    if name == "secret.txt":  # the file there: ok
        assert _waage("check-config", str(path)).returncode == 0
    else:  # an empty CA file holds no certificate: still refused, naming the file
        again = _waage("check-config", str(path))
        assert again.returncode == 2 and f"{tmp_path / name}: mqtt.ca_file: cannot load" in again.stderr


def test_check_config_leaves_the_files_of_a_disabled_mqtt_alone(tmp_path):
    """`waage run` reads them only with enabled = true; check-config says what run would."""
    path = write(tmp_path, '[mqtt]\nenabled = false\nusername = "w"\npassword_file = "secret.txt"\n')
    check = _waage("check-config", str(path))
    assert check.returncode == 0 and check.stdout.strip() == f"{path}: ok"


def test_broker_address():
    assert broker_address("127.0.0.1:1884") == ("127.0.0.1", 1884)
    assert broker_address("broker.lan") == ("broker.lan", 1883)
    assert broker_address("[::1]:1883") == ("::1", 1883)
    for bad in ("host:99999", ":1883", "host:x"):
        with pytest.raises(Exception, match="HOST:PORT"):
            broker_address(bad)


def test_payloads():
    s = MqttSettings(device_id="t1", table="Stehtisch")
    assert json.loads(event_payload(7, {"event": "roll", "t_s": 1.5})) == {"id": 7, "event": "roll", "t_s": 1.5}
    assert verdict_payload({"event": "sip", "verdict": "exact", "player": "Anna", "grams": 40,
                            "target_g": 40, "round": 2})
    assert json.loads(verdict_payload({"event": "drinking_done", "outcome": "emptied", "player": "Ben",
                                       "round": 3}))["event_type"] == "emptied"  # W-31
    assert verdict_payload({"event": "drinking_done", "outcome": "hit"}) is None  # the sip said it already
    view = DrinkingView(player="Ben", target_g=50, min_g=45, max_g=55, attempt=1, drunk_g=3.0, lifted=False)
    snap = LiveSnapshot(game="waagespiel", phase="drinking", players=["Anna", "Ben"], current="Ben", view=view,
                        grams=512.34, glass_on_scale=True, target_g=50, min_g=45, max_g=55, lines=9)
    state = state_payload(snap)
    assert (state["drinker"], state["grams"], state["target_g"], state["screen"]) == ("Ben", 512.3, 50,
                                                                                     "DrinkingView")
    disc = discovery_payload(s, "en")
    assert disc["device"]["name"] == "Scale Stehtisch" and disc["components"]["glass"]["platform"] == "binary_sensor"


def test_log_cursor_leaves_a_half_written_line(tmp_path):
    path = tmp_path / "session.jsonl"
    cursor = LogCursor(path)
    assert cursor.next() is None  # no file yet
    path.write_bytes(b'{"event": "a"}\n{"event": "b"}\n{"event": "c"')
    assert cursor.next() == (1, b'{"event": "a"}')
    assert cursor.skip_to(5) == 2
    assert cursor.next() is None
    with path.open("ab") as fh:
        fh.write(b"}\n")
    assert cursor.next() == (3, b'{"event": "c"}')
    cursor.close()
