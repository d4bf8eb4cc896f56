"""One line of plain words per game event, printed under the simulator's OLED picture.

The display shows what a player needs; the narration tells a newcomer at the
terminal what just happened (German by default, English with ``lang="en"``).
"""

from __future__ import annotations

from typing import Any

from waage.display.narration_texts import NARRATION_TEXTS
from waage.display.texts import fault_text, rejection_text

#: the sentences per language (``waage/display/narration_texts.py``)
_SAY = NARRATION_TEXTS


def narrate(record: dict[str, Any], lang: str = "de", chooser: str | None = None) -> str | None:
    """The sentence for one log record, or None for events not worth a line (e.g. glass_placed)."""
    say = _SAY.get(lang, _SAY["de"])
    kind = record["event"]
    if kind == "roll":
        a, b = record["dice"]
        return say["roll"].format(a=a, b=b, player=record["player"], sum=record["sum"],
                                  pasch=say["pasch"] if record["pasch"] else "")
    if kind == "round_ended":
        key = f"round_ended_{record['reason']}"
        return say[key].format(chooser=chooser or "", **record) if key in say else None
    if kind == "tie_break_started":
        return say[kind].format(name=record["name"], players=", ".join(record["players"]))
    if kind == "sip":
        return say[kind].format(player=record["player"], grams=record["grams"], verdict=say[record["verdict"]])
    if kind == "refill":
        during = say["during"].format(**record) if record.get("consent_of") else ""
        return say[kind].format(grams=record["grams"], during=during)
    if kind == "input_rejected":  # the English ``why`` is for the log; the player reads the reason code
        return say[kind].format(why=rejection_text(record, lang))
    if kind == "sensor_fault":
        return say[kind].format(detail=fault_text(record, lang))
    if kind == "attempt_unmeasured" and record.get("cause") == "beside":
        return say["attempt_unmeasured_beside"].format(**record)
    if kind == "game_resumed":  # a new-user trial of issue 26 saw no word of it (``--state-dir``)
        return say[kind].format(round=record.get("round", "?"))
    if kind == "next_starter":
        return say[f"next_starter_{record['reason']}"].format(**record)
    if kind in say:
        return say[kind].format(**record)
    return None
