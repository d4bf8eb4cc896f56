"""Shared helpers for the display tests."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from waage.display.screens import trace_texts


class RecordingDraw:
    """An ImageDraw proxy that records the bounding box of every text the screens ``put``.

    ``texts``: list of (string, (left, top, right, bottom)) with right/bottom exclusive, one per
    ``screens.put`` (a text whose digits are drawn in the mono face is one entry, not one per run);
    ``runs``: the same per ``draw.text`` call.
    """

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self._draw = draw
        self.runs: list[tuple[str, tuple[int, int, int, int]]] = []
        self._trace = trace_texts()
        self.trace = self._trace.__enter__()

    @property
    def texts(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        return [(d.text, d.box) for d in self.trace.drawn]

    def close(self) -> None:
        self._trace.__exit__(None, None, None)

    def text(self, xy: Any, text: str, **kwargs: Any) -> None:
        bbox_kwargs = {k: v for k, v in kwargs.items() if k not in ("fill",)}
        self.runs.append((text, self._draw.textbbox(xy, text, **bbox_kwargs)))
        self._draw.text(xy, text, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._draw, name)


@pytest.fixture
def recording():
    """Factory: a fresh 128×64 mode "1" image and a RecordingDraw on it."""

    made: list[RecordingDraw] = []

    def make() -> tuple[Image.Image, RecordingDraw]:
        while made:  # one trace at a time: the previous draw's ends
            made.pop().close()
        img = Image.new("1", (128, 64), 0)
        made.append(RecordingDraw(ImageDraw.Draw(img)))
        return img, made[-1]

    yield make
    while made:
        made.pop().close()
