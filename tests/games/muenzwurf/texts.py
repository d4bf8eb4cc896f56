"""Münzwurf's words in both languages (``TEXTS``) and its simulator help (``SIM_HELP``)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {"game_muenzwurf": "Münzwurf", "muenzwurf_turn": "{name} wirft", "muenzwurf_toss": "{name}: {side}",
           "muenzwurf_kopf": "Kopf", "muenzwurf_zahl": "Zahl", "muenzwurf_heads": "Kopf: {items}", "muenzwurf_heads_of": "{n}× Kopf",
           "muenzwurf_say_toss": "{name} wirft {side}."},
    "en": {"game_muenzwurf": "Coin toss", "muenzwurf_turn": "{name} tosses", "muenzwurf_toss": "{name}: {side}",
           "muenzwurf_kopf": "heads", "muenzwurf_zahl": "tails", "muenzwurf_heads": "Heads: {items}", "muenzwurf_heads_of": "{n}× heads",
           "muenzwurf_say_toss": "{name} tosses {side}."},
}

SIM_HELP: dict[str, list[tuple[str, str]]] = {
    "de": [("toss kopf|zahl", "die Münze zeigt Kopf oder Zahl"), ("toss auto", "das Gerät wirft die Münze")],
    "en": [("toss kopf|zahl", "the coin shows heads or tails"), ("toss auto", "the device tosses the coin")],
}
