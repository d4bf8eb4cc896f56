"""The simulator's pacing (a big refill never freezes the prompt, spills, ``--speed``) and every float
setting refusing NaN and infinity with the same message."""

from __future__ import annotations

import io

import pytest

from waage.app.sim import COMMAND_WALL_S, FRAME_S, InteractiveShell, Simulation
from waage.cli import main
from waage.config import AppConfig


class Sleeps:
    """Records the simulator's real-time pauses instead of sleeping."""

    def __init__(self) -> None:
        self.total_s = 0.0

    def __call__(self, dt_s: float) -> None:
        self.total_s += dt_s


def shell(lang: str = "en") -> tuple[InteractiveShell, Sleeps, io.StringIO]:
    sleeps = Sleeps()
    sim = Simulation(AppConfig(), seed=1, out=io.StringIO(), sleep=sleeps, lang=lang)
    sim.host.start(0.0)
    out = io.StringIO()
    return InteractiveShell(sim, stdin=io.StringIO(""), stdout=out), sleeps, out


def test_a_large_refill_does_not_freeze_the_prompt():
    sh, sleeps, _out = shell()
    sh.onecmd("sip 400")
    scale = sh.sim.scale
    t0, beer0 = scale.now_s, scale.beer_g
    sleeps.total_s = 0.0
    sh.onecmd("refill 500")                       # ~12 s of pouring and 3.5 s of settling, simulated
    assert scale.beer_g == pytest.approx(beer0 + 500)
    assert scale.now_s - t0 > 10
    assert sleeps.total_s <= COMMAND_WALL_S + FRAME_S   # the animation is sped up, the prompt is back in ~1 s


def test_short_commands_still_play_in_real_time():
    sh, sleeps, _out = shell()
    sh.onecmd("wait 0.5")
    assert sleeps.total_s == pytest.approx(0.5, abs=FRAME_S)


def test_a_refill_beyond_the_capacity_says_how_much_spilled():
    sh, _sleeps, out = shell()
    scale = sh.sim.scale
    room = scale.capacity_g - scale.beer_g
    sh.onecmd(f"refill {room + 150:g}")
    assert f"{room:.0f} g went in, 150 g spilled over the rim" in out.getvalue()
    assert scale.beer_g == pytest.approx(scale.capacity_g)
    out.truncate(0)
    sh.onecmd("lift")
    sh.onecmd("refill 50")                       # refused (glass lifted): no spill report
    assert "spilled" not in out.getvalue()


@pytest.mark.parametrize("speed", ["0", "-1", "nan", "inf", "fast"])
def test_sim_speed_must_be_a_number_more_than_0(speed, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["sim", f"--speed={speed}"])
    assert exc.value.code == 2
    assert "--speed: must be a number" in capsys.readouterr().err
    with pytest.raises(ValueError):
        Simulation(AppConfig(), seed=1, out=io.StringIO(), speed=0.0)


def _float_settings() -> list[tuple[str, str]]:
    """(table, key) of every float setting of the config file."""
    import typing

    from waage.config import AppConfig as Config

    def models(annotation):  # a table's model, or each kind's model of a union (``[sensor]``)
        if hasattr(annotation, "model_fields"):
            return [annotation]
        return [m for arg in typing.get_args(annotation) for m in models(arg)]

    out = []
    for table, field in Config.model_fields.items():
        for model in models(field.annotation):
            for key, sub in model.model_fields.items():
                if float in (sub.annotation, *typing.get_args(sub.annotation)) and (table, key) not in out:
                    out.append((table, key))
    return out


def test_every_float_setting_is_covered():
    keys = _float_settings()
    assert ("rules", "tolerance") in keys and ("display", "max_fps") in keys and len(keys) > 20


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
@pytest.mark.parametrize("table,key", _float_settings())
def test_nan_or_infinite_settings_are_reported_as_not_a_number(tmp_path, capsys, table, key, value):
    """`tolerance = nan` used to say "should be less than 1"; every float setting says what is wrong."""
    cfg = tmp_path / "c.toml"
    cfg.write_text(f"[{table}]\n{key} = {value}\n")
    assert main(["check-config", str(cfg)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"waage: error: {cfg}: {table}.{key}: Input should be a finite number"


@pytest.mark.parametrize("rate_sps", [10, 80])
def test_the_simulator_samples_at_the_configs_rate(rate_sps):
    """Found by a new-user trial (issue 26): ``[sensor] rate_sps = 80`` passed ``waage check-config`` and ``waage
    sim`` still sampled at 10 SPS. The simulated scale and the pipeline now run at the config's rate, and a sip is
    judged there."""
    config = AppConfig.model_validate({"sensor": {"kind": "fake", "rate_sps": rate_sps}})
    records: list[dict] = []
    sim = Simulation(config, seed=1, out=io.StringIO(), sleep=lambda s: None, sinks=[records.append])
    sim.host.start(0.0)
    sh = InteractiveShell(sim, stdin=io.StringIO(""), stdout=io.StringIO())
    for line in ("wait 2", "roll 6 5", "roll 2 3", "roll 6 4", "sip 50"):
        sh.onecmd(line)
    assert sim.scale.sample_rate_hz == rate_sps and sim.host.scale.pipeline.sample_rate_hz == rate_sps
    sips = [r for r in records if r["event"] == "sip"]
    assert len(sips) == 1 and sips[0]["grams"] == 50
