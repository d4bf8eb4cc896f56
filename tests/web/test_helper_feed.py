"""issue 21: a helper game's log records reach the pages with their sentence (``say``: every language of the
pages, ``waage.display.helper_texts.narrate``), so the phone's and the TV's feed word them as the device does;
the Waagespiel's records and the exports stay as logged; the words kept are bounded by the ring."""

from __future__ import annotations

import io
import json

from waage.display.helper_texts import narrate
from waage.web.hub import WebHub, narrated

from waage.tools import helper_tables as tables
from .test_api import read_events

PLAYERS = ["Anna", "Ben", "Cara"]


def test_helper_records_carry_their_sentence_in_every_language(served):
    s = served()
    table = tables.propter(s.hub, PLAYERS)
    logs = [e for e in read_events(s.base, want=40, timeout_s=3) if e["event"] == "log"]
    said = [e for e in logs if "say" in e["data"]]
    assert len(logs) == min(table.feed.line, 30) and said  # the tail of a fresh page
    for e in said:
        record = {k: v for k, v in e["data"].items() if k != "say"}
        assert e["data"]["say"] == {"de": narrate(record, "de"), "en": narrate(record, "en")}
    sting = next(e["data"] for e in said if e["data"]["event"] == "sting")
    assert sting["say"]["de"].startswith(f"{sting['player']} sticht BS {sting['slot']}")


def test_waagespiel_records_and_the_exports_stay_as_logged(served):
    s = served()
    s.hub.record(1, {"event": "game_started", "players": PLAYERS, "starter": "Anna", "rules": {}})
    s.hub.record(2, {"event": "roll", "player": "Anna", "dice": [2, 3], "sum": 5, "pasch": False})
    logs = [e for e in read_events(s.base, until=2, timeout_s=3) if e["event"] == "log"]
    assert [e["data"]["event"] for e in logs] == ["game_started", "roll"]
    assert all("say" not in e["data"] for e in logs)  # the pages word the Waagespiel themselves

    t = served()
    tables.willkommen(t.hub, PLAYERS + ["Dora"])
    import httpx

    jsonl = httpx.get(t.base + "/api/session.jsonl").text
    assert '"roll"' in jsonl and '"say"' not in jsonl  # the export is the log, not the page's words


def test_the_sentences_kept_are_bounded_by_the_ring():
    hub = WebHub(ring_size=5)
    tables.willkommen(hub, ["Anna", "Ben", "Cara", "Dora"])
    assert hub.lines > 5 and 0 < len(hub.said) <= 5
    assert min(hub.said) > hub.lines - 5  # the newest only


def test_a_record_that_does_not_fit_its_words_has_none():
    assert narrated({"event": "roll", "player": "Anna"}, "propter") is None  # no dice: damaged
    assert narrated({"event": "turn", "player": "Anna"}, "waagespiel") is None
    assert narrated({"event": "turn", "player": "Anna"}, None) is None
    assert narrated({"event": "turn", "player": "Anna"}, "propter") == {"de": "Anna ist dran.", "en": "Anna's turn."}


def test_the_typed_simulators_snapshot_carries_the_result_for_the_winner_screen():
    """``waage sim --game``'s snapshots (waage/web/snapshot.py) have ``details.result`` as the device's do."""
    from waage.app.helper_sim import HelperShell
    from waage.display.terminal import TerminalDisplay
    from waage.live.hub import LiveHub
    from waage.rules.dice import SeededDice
    from waage.web.snapshot import LiveDisplay

    hub = WebHub()
    live = LiveHub()
    live.add(hub)
    display = LiveDisplay(TerminalDisplay(stream=io.StringIO()), live, "propter", ["Anna", "Ben"])
    shell = HelperShell("propter", ["Anna", "Ben"], SeededDice(1), display)
    display.engine = shell.engine
    shell.show([])
    assert hub.snapshot.details["result"] is None
    shell.engine.apply({"choose": "Anna"})
    for _ in range(5):
        shell.engine.apply({"play": "Anna", "slot": 1, "match": "exact"})
        if shell.engine.phase != "over":
            shell.engine.apply({"discard": "Ben"})
            shell.engine.apply({"next": "Ben"})
    shell.show([])
    assert hub.snapshot.details["result"]["winners"] == ["Anna"]
    assert hub.snapshot.details["result"]["standings"][0] == {"name": "Anna", "members": ["Anna"], "points": 5}


def test_a_rejected_input_stays_out_of_the_public_feed(served):
    """issue 21: "Nicht angenommen: Das Spiel ist aus…" stood as the top line of the TV's winner screen; the OLED
    tells the person at the device, the feed on the phones and the TV is the game's."""
    s = served()
    table = tables.propter(s.hub, PLAYERS, finish=True)
    table.play({"discard": "Ben"})  # the game is over: rejected
    rejected = [(n, json.loads(t)) for n, t in s.hub.ring if json.loads(t)["event"] == "input_rejected"]
    assert rejected and all(n not in s.hub.said for n, _ in rejected)
    assert narrated(rejected[-1][1], "propter") is None
    logs = [e["data"] for e in read_events(s.base, want=40, timeout_s=3) if e["event"] == "log"]
    assert any(e["event"] == "input_rejected" for e in logs)  # the record itself still reaches the pages
    assert not any("say" in e for e in logs if e["event"] == "input_rejected")
