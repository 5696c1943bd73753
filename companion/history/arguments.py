"""The history API's arguments, checked before anything is written: every refusal a
:class:`PlayDataError` (a ``ValueError``) naming the argument, what it expected and what came."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

from pydantic import ValidationError

from companion.history.errors import PlayDataError, describe_value, validation_message
from companion.history.models import PlayCreate, TieBreakerSpec

P = ParamSpec("P")
R = TypeVar("R")


def checked_arguments(method: Callable[P, R]) -> Callable[P, R]:
    """Refuse a call whose arguments do not fit the signature with :class:`PlayDataError`.

    Python's own ``TypeError`` ("unexpected keyword argument 'colour'") would escape the
    history API's rule that every failure is a ``ValueError``; the binding is checked before
    the method runs, so a ``TypeError`` from inside it is never masked.
    """
    signature = inspect.signature(method)

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise PlayDataError(f"{method.__name__}: {exc}") from None
        return method(*args, **kwargs)

    return call


def shown(value: object) -> str:
    """``repr(value)``, or a summary of it when that would be long."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real problem
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else describe_value(value)


def refuse(argument: str, expected: str, value: object) -> PlayDataError:
    return PlayDataError(f"{argument}: expected {expected}, got {shown(value)}")


def list_arg(argument: str, value: object, expected: str) -> Sequence[Any]:
    """A list or tuple argument; a text is never taken as a list of its letters."""
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Sequence):
        raise refuse(argument, expected, value)
    return value


def map_arg(argument: str, value: object, expected: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise refuse(argument, expected, value)
    return value


def texts(argument: str, value: object) -> list[str]:
    """A list or tuple of texts."""
    listed = list_arg(argument, value, "a list of names")
    for i, item in enumerate(listed):
        if not isinstance(item, str):
            raise refuse(f"{argument}[{i}]", "text", item)
    return list(listed)


def optional_text(argument: str, value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise refuse(argument, "text", value)
    return value


def tiebreaker(i: int, item: object) -> dict[str, Any]:
    if isinstance(item, TieBreakerSpec):
        return item.model_dump()
    if isinstance(item, Mapping):
        return dict(item)
    pair = list_arg(f"tiebreakers[{i}]", item, "a (name, higher_wins) pair")
    if len(pair) != 2:
        raise refuse(f"tiebreakers[{i}]", "a (name, higher_wins) pair", item)
    return {"name": pair[0], "higher_wins": pair[1]}


def validate_play(play: PlayCreate | Mapping[str, Any]) -> PlayCreate:
    """Validate (again) a play handed in, as :class:`PlayDataError` on failure.

    A ``PlayCreate`` is re-validated too: SQLModel values can be changed after they were
    built, and nothing unchecked may reach the tables.
    """
    # warnings=False: a value changed to the wrong type is reported by the validation below.
    raw = play.model_dump(warnings=False) if isinstance(play, PlayCreate) else play
    try:
        return PlayCreate.model_validate(raw)
    except ValidationError as exc:
        raise PlayDataError(validation_message(exc)) from None


def check_every_call(cls: type) -> None:
    """Every public method of ``cls`` refuses arguments that do not fit (see above)."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, checked_arguments(member))


__all__ = [
    "check_every_call",
    "checked_arguments",
    "list_arg",
    "map_arg",
    "optional_text",
    "refuse",
    "shown",
    "texts",
    "tiebreaker",
    "validate_play",
]
