"""[web] settings, the commands the web hands to the game thread, and the session statistics."""

from __future__ import annotations

import io

import pytest

from waage.app.setup import apply_command
from waage.app.sim import Simulation
from waage.config import AppConfig, load_config
from waage.errors import InputFileError
from waage.web.commands import NewGameCommand, SetupCommand
from waage.web.settings import WebSettings, parse_listen
from waage.web.stats import current_game, history, player_stats


@pytest.mark.parametrize("text,expected", [
    ("0.0.0.0:8080", ("0.0.0.0", 8080)), ("127.0.0.1:9000", ("127.0.0.1", 9000)),
    ("8081", ("0.0.0.0", 8081)), ("[::1]:8080", ("::1", 8080)), ("localhost:80", ("localhost", 80)),
])
def test_listen_accepts_host_port_or_port(text, expected):
    assert parse_listen(text) == expected


@pytest.mark.parametrize("text", ["waage.local:8080", "0.0.0.0", "0.0.0.0:99999", "1.2.3.4:80/x", ":80x"])
def test_listen_rejects_names_and_bad_ports(text):
    with pytest.raises(ValueError):
        parse_listen(text)


def test_pi_configs_serve_the_web_view_on_port_8080():
    for name in ("hx711", "serial"):
        web = load_config(f"config/{name}.toml").web
        assert web.enabled and web.host_port == ("0.0.0.0", 8080)
    assert WebSettings().enabled is False


def test_a_bad_listen_value_names_file_and_field(tmp_path):
    path = tmp_path / "waage.toml"
    path.write_text('[web]\nenabled = true\nlisten = "scale.local:8080"\n')
    with pytest.raises(InputFileError) as err:
        load_config(path)
    assert "web.listen" in str(err.value) and "waage.toml" in str(err.value)


def _sim() -> Simulation:
    return Simulation(AppConfig(), seed=3, out=io.StringIO(), fast=True)


def test_setup_command_starts_a_new_game_with_the_new_players_on_the_game_thread():
    """W-01/W-02: players in seat order and the starter come from the set-up."""
    sim = _sim()
    sim.host.start(sim.scale.now_s)
    sim.pause(2.0)
    sim.host.roll(None)
    cmd = SetupCommand.model_validate({"game": {"players": ["Eva", "Finn", "Gus"], "starter": "Finn",
                                                "dice": "manual"}, "rules": {"tolerance": 0.2}, "language": "en"})
    sim.commands.put(cmd)
    sim.pause(2.0)  # the next frame applies it, the new pipeline settles on the glass
    s = sim.host.engine.state
    assert s.players == ["Eva", "Finn", "Gus"] and s.starter == "Finn" and s.rules.tolerance == 0.2
    assert s.phase == "rolling" and s.round == 1 and s.rolls == []
    assert sim.config.display.language == "en" and sim.display.lang == "en" and sim.ui.dice_mode == "manual"
    snap = sim.hub.latest
    assert snap.players == ["Eva", "Finn", "Gus"] and snap.current == "Finn"


def test_new_game_command_keeps_the_players_and_clears_the_rounds():
    sim = _sim()
    sim.host.start(sim.scale.now_s)
    sim.pause(2.0)
    for _ in range(3):
        sim.host.roll(None)
    records = apply_command(NewGameCommand(), sim)
    # the running game is closed with its statistics, then the new one starts with the same players
    assert [r["event"] for r in records][:2] == ["stats", "game_started"]
    assert records[1]["players"] == ["Anna", "Ben", "Cara"]
    sim.pause(2.0)
    assert sim.host.engine.state.round == 1 and sim.host.engine.state.rolls == []


RECORDS = [
    {"event": "game_started", "players": ["Old"]},
    {"event": "sip", "player": "Old", "grams": 5, "target_g": 40, "verdict": "miss"},
    {"event": "game_started", "players": ["Anna", "Ben"]},
    {"event": "chosen", "player": "Ben", "target_g": 40},
    {"event": "sip", "player": "Ben", "grams": 30, "target_g": 40, "verdict": "miss"},
    {"event": "sip", "player": "Ben", "grams": 40, "target_g": 40, "verdict": "exact"},
    {"event": "chosen", "player": "Ben", "target_g": 50},
    {"event": "sip", "player": "Ben", "grams": 53, "target_g": 50, "verdict": "hit"},
]


def test_player_stats_count_the_current_game_only():
    """W-21/W-22: hit inside the window, exact on the gram, miss outside."""
    game = current_game(RECORDS)
    stats = player_stats(game, ["Anna", "Ben"])
    assert stats["Anna"] == {"chosen": 0, "attempts": 0, "hits": 0, "exact": 0, "misses": 0, "grams": 0,
                             "hit_rate": None, "mean_error_g": None, "litres": 0.0}
    ben = stats["Ben"]
    assert (ben["chosen"], ben["attempts"], ben["hits"], ben["exact"], ben["misses"]) == (2, 3, 2, 1, 1)
    assert ben["grams"] == 123 and ben["litres"] == 0.123
    assert ben["hit_rate"] == round(2 / 3, 3) and ben["mean_error_g"] == round((10 + 0 + 3) / 3, 1)
    assert [h["grams"] for h in history(game)] == [30, 40, 53]


def test_web_bench_measures_latency_cpu_and_rss_with_a_real_client():
    from waage.bench.web import report, run

    results = run([1], seconds=1.0, browser=False)
    [one] = results["runs"]
    assert one["clients"] == 1 and one["decisions"] >= 1
    assert one["log_p50_ms"] >= 0 and one["log_p95_ms"] >= one["log_p50_ms"]
    assert one["rss_mb"] > 10 and one["cpu_per_client_ms_per_s"] >= 0
    text = report(results, browser=False)
    assert "p95" in text and "Pi Zero 2 W" in text


def test_form_errors_are_german_by_default_and_english_on_request():
    from pydantic import ValidationError

    from waage.web.commands import field_errors, validate_setup

    body = b'{"game": {"players": ["Eva"], "starter": null}, "rules": {"tolerance": 2, "grams_per_pip": 1.5}}'
    with pytest.raises(ValidationError) as err:
        validate_setup(body)
    de = field_errors(err.value)
    assert de["game.players"] == "2–12 Spieler nötig, eingetragen: 1"
    assert de["rules.tolerance"] == "muss kleiner als 1 sein"
    assert de["rules.grams_per_pip"] == "eine ganze Zahl bitte"
    en = field_errors(err.value, "en")
    assert en["game.players"] == "needs 2–12 players, got 1"
    with pytest.raises(ValidationError) as err:
        validate_setup(b'{"game": {"players": ["Eva", "Eva"], "starter": "Zoe"}}')
    assert field_errors(err.value)["game.players"] == "doppelte Namen: Eva"


@pytest.mark.parametrize("body,field,german", [
    (b'{"game": {"players": ["A", "B"]}, "rules": {"tolerance": NaN}}', "rules.tolerance", "eine endliche Zahl bitte"),
    (b'[1, 2]', "form", "ein JSON-Objekt bitte"),
    (b'{"game": {"players": ["Eva", "eva"]}}', "game.players",
     "Namen, die sich nur in der Groß-/Kleinschreibung unterscheiden: Eva, eva"),
    (b'{"game": {"players": ["A", "B"]}, "language": "fr"}', "language", "erlaubt: 'de' oder 'en'"),
    (b'{"game": {"players": ["A", "B"], "teams": true}}', "game",
     "Teams nur bei arsch_selten_allein mit genau vier Spielern (AS-07)"),
])
def test_every_form_error_of_a_bad_setup_is_german(body, field, german):
    """Seen in a trial: NaN, a non-object body, names differing in case, a wrong language and teams
    outside their game got pydantic's English on the German /setup form."""
    from pydantic import ValidationError

    from waage.web.commands import field_errors, validate_setup

    with pytest.raises(ValidationError) as err:
        validate_setup(body)
    assert field_errors(err.value)[field] == german


def test_dropping_stream_never_blocks_the_writer_and_keeps_the_newest():
    import threading

    from waage.web.wiring import DroppingStream

    class Stuck:
        """A pipe nobody reads: the first write blocks until released."""

        def __init__(self):
            self.release, self.done, self.got = threading.Event(), threading.Event(), []

        def write(self, text):
            self.release.wait(timeout=10)
            self.got.append(text)
            if text == "frame 99\n":
                self.done.set()

        def flush(self):
            pass

    target = Stuck()
    stream = DroppingStream(target, keep=3)
    for n in range(100):  # returns at once although the target is stuck
        stream.write(f"frame {n}\n")
    target.release.set()
    assert target.done.wait(timeout=5)
    # the write in progress, then only the newest three: 96 older frames were dropped
    assert target.got[-3:] == ["frame 97\n", "frame 98\n", "frame 99\n"] and len(target.got) <= 4


def test_a_new_pin_has_four_digits_and_never_repeats_the_last():
    from waage.web.pin import new_pin, pin_matches

    for last in ("0000", "4711", "9999"):
        pins = {new_pin(avoid=last) for _ in range(300)}
        assert last not in pins and all(len(p) == 4 and p.isdigit() for p in pins)
    assert pin_matches(" 4711 ", "4711") and not pin_matches("4712", "4711") and not pin_matches(None, "4711")


def test_setup_command_starts_a_helper_game_on_the_host():
    """A set-up from the phone may choose one of the helper games: the host closes the
    Waagespiel with its statistics and starts Propter; the device UI follows it."""
    sim = _sim()
    sim.host.start(sim.scale.now_s)
    sim.pause(2.0)
    cmd = SetupCommand.model_validate({"game": {"game": "propter", "players": ["Eva", "Finn"]}, "language": "de"})
    records = apply_command(cmd, sim)
    assert [r["event"] for r in records][:2] == ["stats", "game_started"]
    assert sim.host.engine.game_id == "propter" and sim.host.engine.players == ["Eva", "Finn"]
    sim.show()
    assert sim.hub.latest.game == "propter" and sim.hub.latest.grams is None
