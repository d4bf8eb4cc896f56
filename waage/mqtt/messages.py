"""The topics and payloads waage publishes (pure functions; documented in docs/mqtt.md).

Topics of one scale (``<p>`` = ``topic_prefix``, ``<id>`` = ``device_id``,
``<d>`` = ``discovery_prefix``):

- ``<p>/<id>/status``: ``online`` / ``offline`` (retained, QoS 1; the last will)
- ``<p>/<id>/state``: the live state as JSON (retained, QoS 0)
- ``<p>/<id>/event``: every session-log record, ``{"id": <line>, **record}`` (QoS 1)
- ``<p>/<id>/verdict``: ``{"event_type": "hit"|"exact"|"miss"|"emptied", …}`` (QoS 0, live only)
- ``<p>/league/<league>/<id>``: this scale's league tallies (retained, QoS 1)
- ``<d>/device/<id>/config``: Home Assistant device-based discovery (retained, QoS 1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from waage import __version__
from waage.live.hub import LiveSnapshot
from waage.mqtt.settings import MqttSettings
from waage.games.waagespiel.phases import WaagespielPhase

ONLINE, OFFLINE = "online", "offline"
#: Home Assistant event types of the verdict entity (W-21 hit, W-22 exact, miss, W-31 emptied glass)
VERDICT_TYPES = ("hit", "exact", "miss", "emptied")


@dataclass(frozen=True)
class Topics:
    """Every topic of one scale, from its settings."""

    status: str
    state: str
    event: str
    verdict: str
    discovery: str
    ha_status: str
    league: str | None
    league_filter: str | None

    @classmethod
    def of(cls, s: MqttSettings) -> "Topics":
        """The topics for ``s`` (``league`` ones None without a league)."""
        base = f"{s.topic_prefix}/{s.device_id}"
        league = f"{s.topic_prefix}/league/{s.league}" if s.league else None
        return cls(status=f"{base}/status", state=f"{base}/state", event=f"{base}/event",
                   verdict=f"{base}/verdict", discovery=f"{s.discovery_prefix}/device/{s.device_id}/config",
                   ha_status=f"{s.discovery_prefix}/status",
                   league=f"{league}/{s.device_id}" if league else None,
                   league_filter=f"{league}/+" if league else None)


def dumps(data: Any) -> str:
    """Compact JSON, UTF-8 names kept as they are."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def event_payload(line: int, record: dict[str, Any]) -> str:
    """The event message: the session-log record with its 1-based line number as ``id`` first."""
    return dumps({"id": line, **{k: v for k, v in record.items() if k != "id"}})


def verdict_payload(record: dict[str, Any]) -> str | None:
    """The Home Assistant event for a verdict record, else None.

    ``sip`` (W-21/W-22: hit, exact, miss) and ``drinking_done`` with outcome
    ``emptied`` (W-31: the glass emptied without a hit).
    """
    if record.get("event") == "sip" and record.get("verdict") in VERDICT_TYPES:
        return dumps({"event_type": record["verdict"], "player": record.get("player"), "grams": record.get("grams"),
                      "target_g": record.get("target_g"), "round": record.get("round")})
    if record.get("event") == "drinking_done" and record.get("outcome") == "emptied":
        return dumps({"event_type": "emptied", "player": record.get("player"), "round": record.get("round")})
    return None


#: the records that close a game (``engine.summary()``: the Waagespiel's ``stats``, the helper
#: games' ``summary``), and those that begin one
GAME_END_EVENTS = ("stats", "summary")
GAME_BEGIN_EVENTS = ("game_started", "game_resumed")
#: the retained state's phase once the game has ended (until the next one begins)
ENDED = "ended"


def state_payload(snap: LiveSnapshot, ended: bool = False) -> dict[str, Any]:
    """The retained state: game, phase, players, who rolls/drinks, target window, live grams (0.1 g).

    ended: the game has ended (its closing record was seen, no new game began): the phase is
    ``"ended"`` and nobody is to roll or drink (current, drinker and the target window are null).
    """
    playing = not ended
    return {
        "game": snap.game, "phase": snap.phase if playing else ENDED, "players": list(snap.players),
        "current": snap.current if playing else None,
        "drinker": snap.current if playing and snap.phase == WaagespielPhase.DRINKING else None,
        "target_g": snap.target_g if playing else None, "min_g": snap.min_g if playing else None,
        "max_g": snap.max_g if playing else None,
        "grams": None if snap.grams is None else round(snap.grams, 1),
        "glass_on_scale": snap.glass_on_scale, "fault": snap.fault,
        "screen": type(snap.view).__name__, "lines": snap.lines,
    }


_NAMES = {
    "de": {"device": "Waage", "weight": "Gewicht", "phase": "Spielphase", "glass": "Glas auf der Waage",
           "verdict": "Urteil"},
    "en": {"device": "Scale", "weight": "Weight", "phase": "Game phase", "glass": "Glass on the scale",
           "verdict": "Verdict"},
}


def discovery_payload(s: MqttSettings, language: str = "de") -> dict[str, Any]:
    """Home Assistant device-based discovery for ``<d>/device/<id>/config`` (keys spelled out in full).

    Components: a weight sensor (device_class weight, g, measurement), the game
    phase, a binary sensor "glass on the scale" and an event entity for the
    verdicts (event_types hit, exact, miss, emptied). Availability follows the
    status topic (``online`` / ``offline``, the last will).
    """
    t = Topics.of(s)
    names = _NAMES.get(language, _NAMES["de"])
    dev = s.device_id
    return {
        "device": {"identifiers": [dev], "name": f"{names['device']} {s.table_name}", "manufacturer": "waage",
                   "model": "Waagespiel scale", "sw_version": __version__},
        "origin": {"name": "waage", "sw_version": __version__},
        "availability_topic": t.status,
        "payload_available": ONLINE,
        "payload_not_available": OFFLINE,
        "state_topic": t.state,
        "components": {
            "weight": {"platform": "sensor", "name": names["weight"], "unique_id": f"{dev}_weight",
                       "device_class": "weight", "unit_of_measurement": "g", "state_class": "measurement",
                       "suggested_display_precision": 1, "value_template": "{{ value_json.grams }}"},
            "phase": {"platform": "sensor", "name": names["phase"], "unique_id": f"{dev}_phase",
                      "icon": "mdi:dice-multiple", "value_template": "{{ value_json.phase }}"},
            "glass": {"platform": "binary_sensor", "name": names["glass"], "unique_id": f"{dev}_glass",
                      "payload_on": "ON", "payload_off": "OFF",
                      "value_template": "{% if value_json.glass_on_scale is none %}None"
                                        "{% elif value_json.glass_on_scale %}ON{% else %}OFF{% endif %}"},
            "verdict": {"platform": "event", "name": names["verdict"], "unique_id": f"{dev}_verdict",
                        "state_topic": t.verdict, "event_types": list(VERDICT_TYPES)},
        },
    }
