"""The keyboard and a script as inputs, peers of the GPIO buttons (``waage/inputs/``)."""

from __future__ import annotations

import io
import queue

from waage.inputs.keys import Key
from waage.inputs.script import ScriptedInput
from waage.inputs.stdin import StdinInput


def test_typed_lines_become_keys_and_the_rest_goes_to_the_driver():
    keys, lines, ended = [], [], []
    typed = io.StringIO("o\nN\n\nsip 40\nB\ninput {\"roll\": \"auto\"}\np\n")
    inp = StdinInput(keys.append, typed, on_line=lambda w, rest: lines.append((w, rest)), on_end=lambda: ended.append(1))
    inp.thread.join(timeout=5)
    assert keys == [Key.OK, Key.NEXT, Key.BACK, Key.PREV]
    assert lines == [("sip", "40"), ("input", '{"roll": "auto"}')]
    assert ended == [1]
    inp.close()


def test_a_script_delivers_its_keys_in_order_then_ends():
    got: queue.Queue = queue.Queue()
    script = ScriptedInput([Key.BACK, Key.NEXT, Key.NEXT, Key.OK], got.put, on_end=lambda: got.put("end"))
    script.join(timeout=5)
    assert [got.get_nowait() for _ in range(5)] == [Key.BACK, Key.NEXT, Key.NEXT, Key.OK, "end"]


def test_a_closed_script_delivers_nothing_more():
    got = []
    script = ScriptedInput([], got.append)
    script.close()
    script.join(timeout=5)
    assert got == []

