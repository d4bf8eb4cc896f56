"""The display bench's own arithmetic and its game loop (figures are printed by `waage bench`, not asserted here)."""

from __future__ import annotations

import io

from waage.bench.display import SLOWDOWN, GameFigures, _busiest_second, luma_dummy, play_game


def test_busiest_second_counts_events_in_any_one_second_window():
    assert _busiest_second([]) == 0
    assert _busiest_second([0.0, 0.5, 0.99, 1.0, 1.5]) == 3      # 0.0–0.99, or 0.5–1.5 (1.0 s apart: new window)
    assert _busiest_second([i * 0.1 for i in range(30)]) == 10


def test_projected_load_scales_cpu_time_by_the_slowdown():
    fig = GameFigures(10.0, game_s=100.0, cpu_s=0.5)
    assert fig.load == SLOWDOWN * 0.5 / 100.0


def test_game_loop_measures_every_screen_and_the_still_glass():
    fig = play_game(10.0, 0.1, luma_dummy(), still_s=5.0)
    assert fig.game_s > 30 and fig.loops >= 10 * fig.game_s * 0.9
    assert {"RollView", "ChosenView", "DrinkingView", "VerdictView"} <= set(fig.frames_by_screen)
    assert abs(fig.still_s - 5.0) < 0.2
    assert sum(fig.frames_by_screen.values()) == fig.frames <= fig.renders
