"""Shared parts of the helper engines for the other games (``shared/docs/helper-games-contract.md``).

The one input interface every helper engine has (the device UI, the controller,
``waage replay`` and ``waage sim --game`` all use exactly this)::

    engine = Engine(players: list[str], *, teams: bool = False)  # teams: arsch_selten_allein only
    engine.start() -> list[Event]           # game_started (and what it causes, e.g. round 1's choice)
    engine.apply(given: dict) -> list[Event]
        # one contract input, exactly as a scenario's [[input]] table, e.g.
        # {"roll": [3, 4], "by": "Ben"}, {"field": "kneipe", "meets": ["Anna"], "cards": ["bier"]},
        # {"points": {"Anna": 3}}, {"play": "Anna", "slot": 2, "match": "exact"}.
        # ``roll = "auto"`` is resolved to two ints by the CALLER before ``apply``.
        # Raises InputRejected(code, **details) and leaves the state unchanged when the input is
        # malformed (code "invalid") or does not fit the game's state (every other code).
    engine.summary() -> Event               # the contract's closing ``summary`` counters
    engine.state                            # pydantic model; JSON round trip
    Engine.resume(state | dict | json) -> Engine
    engine.current_player -> str | None     # who is at turn / must act now
    engine.phase -> str                     # a short word, e.g. "opening", "field", "score"
    engine.expects() -> list[str]           # the action keys that fit now (for a button menu)
    Engine.input_model                      # pydantic model of one input (strict, extra forbidden)
    engine.parse(given) -> input_model      # validated, player names made canonical
    engine.canonical(name) -> str           # "anna" -> "Anna" (ValueError for no player)
    engine.resumed() -> Event               # {"event": "game_resumed", "game": ...}, logged first on resume
    engine.players -> list[str]             # seat order, canonical spellings
    engine.result() -> GameResult | None    # the winners and the final table once the game is over

Read-only properties for screens (no state changes): Willkommen am Arsch ``trottelmuetze``,
``stehtisch``, ``jail``, ``drinks``, ``again``, ``pee_allowed``, ``opening_rolls``; Ein Arsch
kommt selten allein ``round``, ``pairs``, ``totals``, ``team_totals()``, ``team_of(p)``,
``out``, ``to_score``, ``candidates``; Propter ``resistance``, ``points``, ``hands``, ``out``,
``winner``. Field and drink names: ``willkommen_am_arsch.FIELDS`` / ``DRINKS``.

Events are dicts with an ``"event"`` key and the contract's fields, without ``step``
or ``t_s`` (the caller stamps them). Engines are pure and deterministic: no I/O, no
clock, no randomness (dice come from the caller). Player names are matched
case-insensitively everywhere; events carry the spelling of ``players``. Texts a
player sees live in the display layer (``waage.display.helper_texts``), keyed by the
event names and the rejection codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import AfterValidator, BaseModel, ValidationError, ValidationInfo

from waage.rules.game import InputRejected as _BaseRejected
from waage.rules.players import check_names

Event = dict[str, Any]
H = TypeVar("H", bound="HelperGame")

__all__ = ["Event", "GameResult", "HelperGame", "Standing", "HelperInput", "InputRejected", "PlayerName", "canonical_names", "check_names",
           "name_in", "no_twice"]


class InputRejected(_BaseRejected):
    """An input that does not fit the game now: a ``code`` and its ``details`` (names, numbers).

    The display layer turns them into words (``waage.display.helper_texts.reason``);
    ``str(exc)`` is the code and details for logs. A subclass of the Waagespiel's
    ``InputRejected``, so one ``except`` catches both.
    """

    def __init__(self, code: str, **details: Any) -> None:
        self.code, self.details = code, details
        extra = ", ".join(f"{k}={v}" for k, v in details.items())
        super().__init__(f"{code}({extra})" if extra else code)


def canonical_names(players: Sequence[str]) -> dict[str, str]:
    """{casefolded name: name as in ``players``} for case-insensitive matching."""
    return {p.casefold(): p for p in players}


def name_in(value: Any, info: ValidationInfo) -> Any:
    """Pydantic helper: the canonical spelling of a player name from ``info.context["players"]``.

    Without a context the value is returned unchanged. Raises ValueError "no player".
    """
    ctx = info.context or {}
    names = ctx.get("players")
    if names is None or not isinstance(value, str):
        return value
    found = canonical_names(names).get(value.casefold())
    if found is None:
        raise ValueError(f"{value!r} is no player of this game (players: {', '.join(names)})")
    return found


#: A player's name in an input model: made canonical (case-insensitive) from the validation context.
PlayerName = Annotated[str, AfterValidator(name_in)]


def no_twice(names: list[str]) -> list[str]:
    """Pydantic helper: ValueError when a list names a player twice."""
    if len(set(names)) != len(names):
        raise ValueError("names a player twice")
    return names


class HelperInput(BaseModel):
    """Base of the per-game input models: exactly one action key, companions only with theirs.

    Subclasses set ``ACTIONS`` (the action keys) and ``COMPANIONS`` ({companion: its action keys}).
    """

    ACTIONS: ClassVar[tuple[str, ...]] = ()
    COMPANIONS: ClassVar[dict[str, tuple[str, ...]]] = {}

    @property
    def action(self) -> str:
        """The action key of this input (one of ``ACTIONS``)."""
        return next(k for k in self.ACTIONS if k in self.model_fields_set and getattr(self, k) is not None)

    def given(self) -> dict[str, Any]:
        """The input as a plain dict with only the keys that were given (JSON-ready)."""
        return self.model_dump(exclude_unset=True, mode="json")

    @classmethod
    def check_one_action(cls, data: Any) -> Any:
        """Model-validator body: exactly one action key, companions only beside their action."""
        if not isinstance(data, Mapping):
            return data
        known = {f.alias or name for name, f in cls.model_fields.items()} | set(cls.model_fields)
        if any(k not in known for k in data):
            return data  # pydantic names the unknown key (extra="forbid")
        acts = [k for k in cls.ACTIONS if data.get(k) is not None]
        if len(acts) != 1:
            raise ValueError(f"needs exactly one of {', '.join(cls.ACTIONS)}; got {', '.join(acts) or 'none'}")
        for key, owners in cls.COMPANIONS.items():
            if key in data and acts[0] not in owners:
                raise ValueError(f"{key} goes only with {' or '.join(owners)}")
        return data


class Standing(BaseModel):
    """One row of a final table: ``name`` (a player, or a team as "Anna+Cem"), its ``members``
    (the team's players; ``[name]`` for a player) and its ``points`` (penalty points in Ein Arsch
    kommt selten allein, trophies in Propter)."""

    name: str
    members: list[str]
    points: int


class GameResult(BaseModel):
    """How a game ended: ``winners`` (player names; a team's members; several on a shared win)
    and ``standings``, the final table in rank order (best first). Built by ``engine.result()``
    from the state alone, so the OLED's winner screen, the web pages and the statistics agree."""

    winners: list[str]
    standings: list[Standing]


class HelperGame:
    """Base of the helper engines: names, the atomic ``apply``, resume, seat helpers.

    Subclasses set ``game_id`` (the registry key), ``state_type`` (their pydantic state),
    ``input_model`` (a ``HelperInput``) and implement ``start``, ``summary``, ``phase``,
    ``current_player``, ``expects`` and one ``_on_<action>(inp)`` per action key.
    """

    game_id: ClassVar[str]
    #: the helper games need no scale (the host feeds them no weight events)
    uses_scale: ClassVar[bool] = False
    state_type: ClassVar[type[BaseModel]]
    input_model: ClassVar[type[HelperInput]]
    state: Any

    @classmethod
    def resume(cls: type[H], state: BaseModel | Mapping[str, Any] | str) -> H:
        """An engine continuing from a saved state: a state object, its ``model_dump()`` or its JSON."""
        engine = cls.__new__(cls)
        if isinstance(state, str):
            engine.state = cls.state_type.model_validate_json(state)
        elif isinstance(state, BaseModel):
            engine.state = cls.state_type.model_validate(state.model_dump())
        else:
            engine.state = cls.state_type.model_validate(state)
        return engine

    @property
    def players(self) -> list[str]:
        """The seat order (clockwise), canonical spellings."""
        return list(self.state.players)

    def canonical(self, name: str) -> str:
        """The canonical spelling of ``name`` (case-insensitive). Raises ValueError for no player."""
        found = canonical_names(self.state.players).get(str(name).casefold())
        if found is None:
            raise ValueError(f"{name!r} is no player")
        return found

    # ---------------------------------------------------------------- inputs
    def parse(self, given: Mapping[str, Any]) -> HelperInput:
        """``given`` validated by ``input_model`` (names canonical). Raises pydantic ValidationError."""
        return self.input_model.model_validate(dict(given), context={"players": self.state.players})

    def apply(self, given: Mapping[str, Any] | HelperInput) -> list[Event]:
        """Apply one contract input; returns its events in table order.

        Raises InputRejected (state unchanged): code "invalid" (detail ``problem``) for a
        malformed input, else the game's code for an input that does not fit now.
        """
        if isinstance(given, HelperInput):
            if not isinstance(given, self.input_model):
                raise InputRejected("invalid", key="input", problem=f"an input of {type(given).__name__}")
            inp = given
        else:
            try:
                inp = self.parse(given)
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                where = ".".join(str(p) for p in err["loc"])
                raise InputRejected("invalid", key=where or "input", problem=err["msg"]) from None
        saved = self.state.model_copy(deep=True)
        try:
            return getattr(self, f"_on_{inp.action}")(inp)
        except InputRejected:
            self.state = saved
            raise

    def resumed(self) -> Event:
        """The ``game_resumed`` event a host logs first when it continues a saved game (contract)."""
        return {"event": "game_resumed", "game": self.game_id}

    def _expect_actor(self, who: str | None, expected: str | None) -> None:
        """InputRejected ``not_your_turn`` when ``who`` (given) is not ``expected``."""
        if who is not None and who != expected:
            raise InputRejected("not_your_turn", player=who, expected=expected)

    @staticmethod
    def _next_in(seats: Sequence[str], player: str, active: Callable[[str], bool] = lambda p: True) -> str:
        """The next active player clockwise after ``player`` (``player`` itself if nobody else is active)."""
        i = seats.index(player)
        n = len(seats)
        for k in range(1, n + 1):
            cand = seats[(i + k) % n]
            if active(cand):
                return cand
        return player

    # ---------------------------------------------------------------- interface
    def start(self) -> list[Event]:  # pragma: no cover - abstract
        """Begin the game; returns ``game_started`` and what it causes."""
        raise NotImplementedError

    def summary(self) -> Event:  # pragma: no cover - abstract
        """The contract's ``summary`` event."""
        raise NotImplementedError

    @property
    def phase(self) -> str:  # pragma: no cover - abstract
        """A short word for what the game waits for."""
        raise NotImplementedError

    @property
    def current_player(self) -> str | None:  # pragma: no cover - abstract
        """Who is at turn / must act now, or None."""
        raise NotImplementedError

    def expects(self) -> list[str]:  # pragma: no cover - abstract
        """The action keys that fit the state now."""
        raise NotImplementedError

    def result(self) -> GameResult | None:
        """The winners and the final table once the game is over, else None (the default: a game
        without an end, such as Willkommen am Arsch, whose sheet names no winner)."""
        return None
