"""The value types of hx711-rpi-py 1.65.0 (import name ``HX711``) as its test double has them.

The enums (``Channel``, ``Gain``, ``Rate``, ``Format``, ``StrategyType``, ``ReadType``,
``Mass.Unit``), the exceptions (``GpioException``, ``IntegrityException``, ``TimeoutException``),
``Value``, ``Mass``, ``Options``, ``Utility`` and pybind11's argument casters, with the library's
traps and bugs kept (see ``waage.doubles.fake_hx711``, which is the module to inject: it has all
of these under the library's names beside the scripted chip and the binding's classes).
"""

from __future__ import annotations

import enum
from datetime import timedelta
from typing import Any

_INT32_MIN = -(2**31)


# ---------------------------------------------------------------- enums, exceptions

class Channel(enum.Enum):
    A = 0
    B = 1


class Gain(enum.Enum):
    GAIN_128 = 0
    GAIN_32 = 1
    GAIN_64 = 2


class Rate(enum.Enum):
    HZ_10 = 0
    HZ_80 = 1
    OTHER = 2


class Format(enum.Enum):
    MSB = 0
    LSB = 1


class StrategyType(enum.Enum):
    Samples = 0
    Time = 1


class ReadType(enum.Enum):
    Median = 0
    Average = 1


class GpioException(Exception):
    """An lgpio call failed (e.g. "can not open gpiochip")."""


class IntegrityException(Exception):
    """A clock-high phase took >= 60 us (only with setStrictTiming(True))."""


class TimeoutException(Exception):
    """Declared by the library; libhx711 2.19.0 never raises it."""


# ---------------------------------------------------------------- helpers

def _incompatible(func: str, *args: Any) -> TypeError:
    return TypeError(f"{func}(): incompatible function arguments. Invoked with: {', '.join(map(repr, args))}")


def _as_int(func: str, x: Any) -> int:
    """pybind11's int caster: ints and Values pass, floats are rejected."""
    if isinstance(x, Value):
        return int(x)
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    raise _incompatible(func, x)


def _as_seconds(x: Any) -> float | None:
    """pybind11's chrono caster: a timedelta, or a float meaning seconds; ints do not match."""
    if isinstance(x, timedelta):
        return x.total_seconds()
    if isinstance(x, float):
        return x
    return None


# ---------------------------------------------------------------- Value, Mass, Options

class Value:
    """A 24-bit reading (``int(v)``); ``Value()`` is invalid (INT32_MIN)."""

    SATURATION_MIN = -0x800000
    SATURATION_MAX = 0x7FFFFF

    def __init__(self, v: Any = _INT32_MIN) -> None:
        self._v = _as_int("Value", v)

    def __int__(self) -> int:
        return self._v

    def __index__(self) -> int:
        return self._v

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (Value, int)) and int(other) == self._v  # type: ignore[arg-type]

    def __hash__(self) -> int:
        return hash(self._v)

    def __repr__(self) -> str:
        return str(self._v)

    def isSaturated(self) -> bool:  # noqa: N802 (library naming)
        return self.isMaxSaturated() or self.isMinSaturated()

    def isMaxSaturated(self) -> bool:  # noqa: N802
        return self._v == 0x7FFFFF

    def isMinSaturated(self) -> bool:  # noqa: N802
        # Library bug kept: compares with +0x800000, but values are stored signed.
        return self._v == 0x800000

    def isValid(self) -> bool:  # noqa: N802
        return self._v != _INT32_MIN


class _Unit(enum.Enum):
    UG = 0
    MG = 1
    G = 2
    KG = 3
    TON = 4
    IMP_TON = 5
    US_TON = 6
    ST = 7
    LB = 8
    OZ = 9


_UG_PER = {
    _Unit.UG: 1.0, _Unit.MG: 1e3, _Unit.G: 1e6, _Unit.KG: 1e9, _Unit.TON: 1e12,
    _Unit.IMP_TON: 1.0160469088e12, _Unit.US_TON: 907184740000.0, _Unit.ST: 6350293180.0,
    _Unit.LB: 453592370.0, _Unit.OZ: 28349523.125,
}
_UNIT_NAME = {
    _Unit.UG: "μg", _Unit.MG: "mg", _Unit.G: "g", _Unit.KG: "kg", _Unit.TON: "ton",
    _Unit.IMP_TON: "ton (IMP)", _Unit.US_TON: "ton (US)", _Unit.ST: "st", _Unit.LB: "lb", _Unit.OZ: "oz",
}


class Mass:
    """An amount in a unit. Use ``getValue(Mass.Unit.G)`` or ``float()``; avoid ``convertTo``."""

    Unit = _Unit

    def __init__(self, amount: Any = 0.0, u: _Unit = _Unit.UG) -> None:
        if isinstance(amount, Mass):
            self._ug, self._unit = amount._ug, amount._unit
            return
        self._unit = u
        self._ug = float(amount) * _UG_PER[u]

    def getValue(self, u: _Unit | None = None) -> float:  # noqa: N802
        return self._ug / _UG_PER[self._unit if u is None else u]

    def __float__(self) -> float:
        return self.getValue()

    def getUnit(self) -> _Unit:  # noqa: N802
        return self._unit

    def setUnit(self, u: _Unit) -> None:  # noqa: N802
        self._unit = u

    def convertTo(self, to: _Unit) -> Mass:  # noqa: N802
        # Library bug kept: the µg amount is taken as an amount of the target unit.
        return Mass(self._ug, to)

    def toString(self, u: _Unit | None = None) -> str:  # noqa: N802
        unit = self._unit if u is None else u
        v = self.getValue(unit)
        frac = abs(v) % 1
        decimals = 0 if frac == 0 else (3 if abs(v) < 1 else 1)
        return f"{v:.{decimals}f} {_UNIT_NAME[unit]}"

    def __str__(self) -> str:
        return self.toString()

    def __repr__(self) -> str:
        return self.toString()


class Options:
    """Read strategy: ``Options()`` 3 samples; ``Options(n)`` n samples; ``Options(timedelta|float)`` a time window."""

    def __init__(self, arg: Any = None, rt: ReadType = ReadType.Median) -> None:
        self.readType = rt
        self.samples = 0
        self.timeout = timedelta(0)
        if arg is None:
            self.stratType, self.samples = StrategyType.Samples, 3
            return
        secs = _as_seconds(arg)
        if secs is not None:
            self.stratType, self.timeout = StrategyType.Time, timedelta(seconds=secs)
        elif isinstance(arg, int) and not isinstance(arg, bool):
            if arg < 0:
                raise _incompatible("Options", arg)
            self.stratType, self.samples = StrategyType.Samples, arg
        else:
            raise _incompatible("Options", arg)


class Utility:
    """``HX711.Utility.getVersion()`` returns the libhx711 version string."""

    @staticmethod
    def getVersion() -> str:  # noqa: N802
        return "2.19.0-fake"
