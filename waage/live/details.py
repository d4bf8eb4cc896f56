"""The web details contract: what a game's page shows, typed and versioned (``LiveSnapshot.details``).

Every game kit builds its details with the hook its ``GameSpec.web`` names (``"module:function"`` of
``(host, lang, sample_at) -> GamePage``); ``waage.app.wiring.snapshot`` and the simulator's live display
(``waage.web.snapshot.LiveDisplay``) hand them to the pages and to MQTT without naming a game. The
pages read these fields, never an engine's internal state: a field renamed inside an engine changes
nothing on a page. A game without a ``web`` hook gets ``plain_details``: who acts and its screen's lines.

Shapes (JSON, ``WebDetails.model_dump(mode="json")``):

- ``version``: the contract's version of that game's details (a page or an MQTT reader may check it);
- ``prompt``: who must act and what is due, ``{who: [names] | null, ask: Words | null, do: Words}``:
  ``who`` the names shown big (``ask`` a question shown instead when nobody in particular acts);
- ``helper``: the device screen's ``{title, lines}`` in the device's language;
- ``result``: the final table once the game is over, ``{winners, standings: [{name, members, points}]}``
  (best first), else null; ``points_word``: the word over the final table's points column;
- ``phase_word``: the phase in words (the page's line under the name; the shared ``phase_<phase>`` text
  when a game has none of its own);
- ``Words``: one text in every language of the pages, ``{"de": …, "en": …}`` (the page picks its own).

A game's own fields (the counters its board draws) live in its kit's subclass of ``WebDetails``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

#: one text in every language of the pages: {lang: text}
Words = dict[str, str]


@lru_cache(maxsize=1)
def _web_tables() -> dict[str, dict[str, str]]:
    from waage.display.web_texts import web_texts

    return web_texts()


def words(key: str, **fields: object) -> Words:
    """The text ``key`` in every language (the web pages' texts first, then the display's and the kits'),
    each ``{name}`` filled from ``fields`` (a ``Words`` value in that language). Raises KeyError for a key
    no table has."""
    from waage.display.texts import LANGS, text_table

    out: Words = {}
    for lang in LANGS:
        web = _web_tables().get(lang, {})
        template = web[key] if key in web else text_table(lang)[key]
        for name, value in fields.items():
            template = template.replace("{" + name + "}", str(value[lang] if isinstance(value, dict) else value))
        out[lang] = template
    return out


def phase_words(phase: str) -> Words:
    """The phase in words: the text ``phase_<phase>`` (shared or the kit's own), else "Spiel läuft" / "Game on"."""
    try:
        return words(f"phase_{phase}")
    except KeyError:
        return words("phase_playing")


def joined(*parts: Words, sep: str = " · ") -> Words:
    """Texts of every language joined with ``sep`` per language (empty texts left out)."""
    langs = [lang for part in parts for lang in part]
    return {lang: sep.join(p[lang] for p in parts if p.get(lang)) for lang in dict.fromkeys(langs)}


class Prompt(BaseModel):
    """Who must act (``who``, shown big) or the question of the moment (``ask``), and what is due (``do``)."""

    model_config = ConfigDict(frozen=True)

    who: list[str] | None = None
    ask: Words | None = None
    do: Words = Field(default_factory=dict)


class Screen(BaseModel):
    """The device screen now: its title and lines (in the device's language)."""

    title: str = ""
    lines: list[str] = Field(default_factory=list)


class WebDetails(BaseModel):
    """The details every game's page may read (see the module's docstring); kits add their own fields."""

    version: int = 1
    prompt: Prompt | None = None
    helper: Screen | None = None
    result: dict[str, Any] | None = None
    points_word: Words | None = None
    phase_word: Words | None = None


@dataclass(frozen=True)
class GamePage:
    """A kit's web hook's answer: ``details`` (the contract) and ``fields``, the ``LiveSnapshot``'s own
    fields the game fills (``phase``, the target window, the fault; a scale game's live grams)."""

    details: WebDetails
    fields: dict[str, Any] = field(default_factory=dict)


def result_of(engine: Any) -> dict[str, Any] | None:
    """``engine.result()`` as JSON once the game is over, else None (also for an engine without ``result``)."""
    result = engine.result() if callable(getattr(engine, "result", None)) else None
    return None if result is None else result.model_dump(mode="json")


def screen_of(engine: Any, events: Sequence[Any], lang: str) -> Screen:
    """The device screen of a game that does not weigh (its kit's ``screen`` hook) in ``lang``."""
    from waage.games import spec

    view = spec(engine.game_id).screen_of(engine, events, lang)
    return Screen(title=view.title, lines=list(view.lines))


def plain_details(host: Any, lang: str, sample_at: float | None = None) -> GamePage:
    """The details of a game without a ``web`` hook: who is at turn and its screen's lines as what is due."""
    from waage.display.texts import LANGS

    engine, events = host.engine, host.last_events
    who = engine.current_player
    do = {code: " ".join(screen_of(engine, events, code).lines) for code in LANGS}
    return GamePage(WebDetails(prompt=Prompt(who=[who] if who else None, do=do),
                               helper=screen_of(engine, events, lang), result=result_of(engine),
                               phase_word=phase_words(str(engine.phase))))
