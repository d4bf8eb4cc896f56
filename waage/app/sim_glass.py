"""``waage sim --state-dir``: the simulated glass is kept beside the game (issue 26, a new-user trial).

On the device the glass in the drinker's hand outlives a restart; in the simulator it lived only in the
``FakeScale`` of the process, so a game stopped mid-drink (``lift``, ``drink 48``, Ctrl-D) resumed with the
glass as it stood before the lift, and the put-back was judged 0 g. After every typed command the shell keeps
the fake scale's physical state in ``sim_glass.json`` (atomic, with the number of session-log lines it belongs
to); ``wiring.sim_parts`` starts the fake from it when the resumed game's log has exactly that many lines (else,
as before, from the saved game's reference).
"""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waage.files import write_atomic

__all__ = ["SimGlass", "FILE", "keep", "kept"]

log = logging.getLogger(__name__)

#: the file in the state directory
FILE = "sim_glass.json"


class SimGlass(BaseModel):
    """The simulated glass as it stood after the last typed command.

    lines: the session log's lines then; glass_g: the empty glass (grams; ``glass G`` may have swapped it); load_g:
    the glass with its beer (grams, without what lies beside it); lifted: in the drinker's hand; beside_g: what
    lies on the platform beside it (grams).
    """

    model_config = ConfigDict(extra="forbid")

    lines: int = Field(ge=0)
    glass_g: float = Field(ge=0, le=10_000)
    load_g: float = Field(ge=0, le=10_000)
    lifted: bool
    beside_g: float = Field(ge=0, le=10_000)


def keep(directory: Path, lines: int, scale) -> None:
    """Write ``scale``'s (``FakeScale``) glass to ``directory``/``FILE`` for ``lines`` session-log lines."""
    glass = SimGlass(lines=lines, glass_g=scale.glass_g, load_g=scale.glass_g + scale.beer_g, lifted=scale.lifted,
                     beside_g=scale.beside_g)
    write_atomic(Path(directory) / FILE, glass.model_dump_json())


def kept(directory: Path, lines: int) -> SimGlass | None:
    """The glass kept in ``directory`` when it belongs to a log of ``lines`` lines, else None (none kept, another
    moment of the game, or an unreadable file: logged, the saved game's reference is used)."""
    path = Path(directory) / FILE
    try:
        glass = SimGlass.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValidationError) as exc:
        log.warning("%s not used: %s", path, exc)
        return None
    return glass if glass.lines == lines else None
