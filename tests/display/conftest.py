"""Shared helpers for the display tests."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw


class RecordingDraw:
    """An ImageDraw proxy that records the bounding box of every ``text`` call.

    ``texts``: list of (string, (left, top, right, bottom)) with right/bottom exclusive.
    """

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self._draw = draw
        self.texts: list[tuple[str, tuple[int, int, int, int]]] = []

    def text(self, xy: Any, text: str, **kwargs: Any) -> None:
        bbox_kwargs = {k: v for k, v in kwargs.items() if k not in ("fill",)}
        self.texts.append((text, self._draw.textbbox(xy, text, **bbox_kwargs)))
        self._draw.text(xy, text, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._draw, name)


@pytest.fixture
def recording():
    """Factory: a fresh 128×64 mode "1" image and a RecordingDraw on it."""

    def make() -> tuple[Image.Image, RecordingDraw]:
        img = Image.new("1", (128, 64), 0)
        return img, RecordingDraw(ImageDraw.Draw(img))

    return make
