"""`waage check-config`: every shipped config is valid; a bad one exits 2 naming file, key and problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from waage.cli import main
from waage.config import AppConfig, load_config

REPO = Path(__file__).resolve().parents[2]
CONFIGS = sorted((REPO / "config").glob("*.toml"))


def test_there_are_example_configs_for_sim_hx711_and_serial():
    kinds = {load_config(p).sensor.kind for p in CONFIGS}
    assert {"fake", "hx711", "serial"} <= kinds


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_every_shipped_config_passes_check_config(path, capsys):
    assert main(["check-config", str(path)]) == 0
    assert "ok" in capsys.readouterr().out


def test_defaults_are_the_rule_sheets_values():
    c = AppConfig()
    assert (c.rules.tolerance, c.rules.grams_per_pip, c.rules.pasch_grams, c.rules.streak_limit) == (0.1, 10, 50, 3)
    assert (c.glass.empty_threshold_g, c.glass.refill_threshold_g) == (5.0, 10.0)
    assert c.display.language == "de"


BAD = [
    ("[game]\nplayer = ['A', 'B']\n", "game.player", "unknown key"),
    ("[sensor]\nkind = 'hx712'\n", "sensor.kind", "'fake'"),
    ("[rules]\ntolerance = 'ten'\n", "rules.tolerance", "number"),
    ("[rules]\nstreak_limit = 0\n", "rules.streak_limit", "greater than or equal to 1"),
    ("[game]\nplayers = ['A', 'A']\n", "game.players", "duplicate"),
    ("[game]\nstarter = 'Zoe'\n", "game", "Zoe"),
    ("[glass]\nglass_g = -1\n", "glass.glass_g", "greater than 0"),
    ("[calibration]\ncounts_per_gram = 'x'\n", "calibration.counts_per_gram", "number"),
    ("[displa]\nkind = 'none'\n", "displa", "unknown key"),
    ("[game\n", None, "invalid TOML"),
]


@pytest.mark.parametrize("text,field,problem", BAD)
def test_bad_config_exits_2_with_one_line_naming_file_key_problem(tmp_path, capsys, text, field, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert str(path) in err and problem in err
    if field:
        assert f"{field}:" in err


def test_missing_config_file_exits_2(tmp_path, capsys):
    assert main(["check-config", str(tmp_path / "nope.toml")]) == 2
    assert "nope.toml" in capsys.readouterr().err


@pytest.mark.parametrize("text,field,problem", [
    ("[calibration]\ncounts_per_gram = 0\n", "calibration.counts_per_gram", "must not be 0"),
    ("[rules]\ntolerance = \"0.1\"\n", "rules.tolerance", "number"),
    ("[sensor]\ndout_pin = true\n", "sensor.dout_pin", "integer"),
    ("[glass]\nempty_threshold_g = 600\n", "glass", "less than glass_capacity_g"),
    ("[glass]\nempty_threshold_g = 10\nrefill_threshold_g = 10\n", "glass", "less than refill_threshold_g"),  # W-32/W-33
    ("[glass]\nglass_g = nan\n", "glass.glass_g", "finite"),
    ("[sensor]\nkind = 'hx711'\n[input]\nkind = 'buttons'\nnext_pin = 5\n", None, "input.next_pin and sensor.dout_pin"),
    ("[display]\nkind = 'ssd1306'\n[input]\nkind = 'buttons'\nok_pin = 3\n", None, "input.ok_pin and the display's I2C SCL"),
    ("\ufeff[game]\nplayer = ['A', 'B']\n", "game.player", "unknown key"),
    ("[glass]\nglass_capacity_g = 1e300\n", "glass.glass_capacity_g", "less than or equal to 5000"),
    ("[pipeline]\nlong_window_s = inf\n", "pipeline.long_window_s", "finite"),
])
def test_config_values_are_checked_strictly(tmp_path, capsys, text, field, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err
    assert problem in err and (field is None or f"{field}:" in err), err


def test_unusable_state_directory_is_a_clear_error(tmp_path, capsys):
    assert main(["run", "--config", str(REPO / "config" / "sim.toml"), "--state-dir", "/proc/waage-x"]) == 2
    err = capsys.readouterr().err
    assert "--state-dir" in err and "/proc/waage-x" in err and "Traceback" not in err


def test_missing_hx711_library_is_one_actionable_line(tmp_path, capsys):
    pytest.importorskip("waage.sensors.hx711")
    try:
        import HX711  # noqa: F401
        pytest.skip("the real HX711 library is installed here")
    except ImportError:
        pass
    cfg = tmp_path / "hx711.toml"
    cfg.write_text((REPO / "config" / "hx711.toml").read_text().replace("/var/lib/waage", str(tmp_path / "state")))
    assert main(["monitor", "--config", str(cfg), "--seconds", "1"]) == 2   # the user can fix it: not 1 (internal)
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "pi" in err and "Traceback" not in err


def test_check_config_checks_every_file_and_fails_if_any_is_bad(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[game]\nplayer = 1\n")
    good = REPO / "config" / "sim.toml"
    assert main(["check-config", str(bad), str(good)]) == 2
    captured = capsys.readouterr()
    assert f"{good}: ok" in captured.out and "bad.toml" in captured.err


def test_player_names_are_matched_case_insensitively_in_the_config(tmp_path):
    """Issue 7: "anna" names "Anna"; two names differing only in case are refused."""
    from waage.config import GameSettings

    assert GameSettings(players=["Anna", "Ben"], starter="ben").starter == "Ben"
    with pytest.raises(ValueError, match="differ only in case"):
        GameSettings(players=["Anna", "anna"])


def test_teams_only_for_arsch_selten_allein_with_four_players():
    """AS-07: the team variant needs exactly four players."""
    from waage.config import GameSettings

    assert GameSettings(game="arsch_selten_allein", players=["A", "B", "C", "D"], teams=True).teams
    with pytest.raises(ValueError, match="AS-07"):
        GameSettings(game="arsch_selten_allein", players=["A", "B", "C"], teams=True)
    with pytest.raises(ValueError, match="AS-07"):
        GameSettings(game="propter", players=["A", "B", "C", "D"], teams=True)
