"""Actions, games and saves: the one shape every engine shares.

A GAME is an immutable value (a frozen dataclass that mixes in :class:`SavedGame`) whose
``log`` holds a record of each action taken. An ACTION is a small frozen dataclass, a subclass
of its engine's action base (itself a subclass of :class:`Action`), that knows

- ``kind``: the name its saved form is read back by;
- ``verify(game)``: raise the engine's error (a ``ValueError`` naming the input) when the
  action is not allowed on ``game``, and return what :meth:`Action.play` needs (a quote, a
  plan), so nothing is worked out twice;
- ``play(game, checked)``: the game after the action (its log not yet extended) and the
  record of what happened, which holds the ``action`` and the game ``before`` it.

:class:`SavedGame` does the rest once for every engine: :meth:`~SavedGame.apply` (verify,
play, log), :meth:`~SavedGame.verify`, :meth:`~SavedGame.can_apply`, undo, replaying the log on
another start, and pickling through the save. Adding an action to an engine is one class.

An action's saved form is its ``kind`` and then its fields (:meth:`Action.to_dict`; a field
that needs converting or is left out at its default says so with :func:`saved`), and
:meth:`SaveFormat.read_action` reads one back from its own fields: each by its type (whole
numbers, text, flags, ``Literal`` choices, optional values, tuples, sets and mappings, values
with ``from_dict``) or by the reader its :func:`saved` metadata gives. A bad save raises the
engine's own ``SaveDataError`` naming the path of the first bad field (``actions[3].row``).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Literal, Protocol, Self, TypeVar, Union, get_args, get_origin

from companion.engine.core.numbers import is_whole

#: The key of a dataclass field's metadata that :func:`saved_fields` reads (see :func:`saved`).
_SAVED = "companion.saved"

#: How a field is read back by hand: ``read(value)``; a ``ValueError`` or ``TypeError`` it
#: raises becomes the save's error, prefixed with the field's name.
FieldReader = Callable[[Any], Any]


@dataclass(frozen=True)
class _Saved:
    convert: Callable[[Any], Any] | None
    omit_default: bool
    read: FieldReader | None


def saved(
    convert: Callable[[Any], Any] | None = None,
    *,
    omit_default: bool = False,
    read: FieldReader | None = None,
) -> Mapping[str, Any]:
    """A field's ``metadata``: ``convert`` turns a value other than None into its saved form
    (instead of :func:`plain`); ``omit_default`` leaves the field out while it holds its
    default; ``read`` reads the saved value back where its type does not say enough (a rank
    written ``"10"`` or ``"T"``). ``field(default=(), metadata=saved(dict, omit_default=True))``
    saves pairs as a mapping, and nothing when there are none; they are read back from it."""
    return {_SAVED: _Saved(convert, omit_default, read)}


def plain(value: Any) -> Any:
    """``value`` as plain data: a value with ``to_dict`` as that, a tuple or list as a list, a
    set as a sorted list, a mapping as a dict; anything else (text, numbers, None) as it is."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def saved_fields(value: Any) -> dict[str, Any]:
    """A dataclass value's fields as plain data, in their order (each as :func:`plain`, or as
    its :func:`saved` metadata says)."""
    out: dict[str, Any] = {}
    for f in fields(value):
        item = getattr(value, f.name)
        how: _Saved | None = f.metadata.get(_SAVED)
        if how is None:
            out[f.name] = plain(item)
            continue
        if how.omit_default and f.default is not MISSING and item == f.default:
            continue
        out[f.name] = item if item is None else how.convert(item) if how.convert else plain(item)
    return out


@dataclass(frozen=True)
class Action:
    """A player's move as saved: what was asked, not what came of it.

    Each engine subclasses this once (so its games accept only their own actions); each
    action sets ``kind`` and says what it needs of the game (:meth:`verify`) and what it does
    (:meth:`play`). Its saved form is the ``kind`` and then its fields (:func:`saved_fields`).
    """

    kind: ClassVar[str] = ""

    def verify(self, game: Any) -> Any:
        """Raise the engine's error naming the input when this action is not allowed on
        ``game``; return what :meth:`play` needs (by default nothing)."""
        return None

    def play(self, game: Any, checked: Any) -> tuple[Any, Any]:
        """The game after this action (its log not yet extended) and the record of what
        happened; ``checked`` is what :meth:`verify` returned for this game."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **saved_fields(self)}


A = TypeVar("A", bound=Action)
V = TypeVar("V")


class SavedGame:
    """Mixin for an immutable game value (a frozen dataclass) whose ``log`` holds a record of
    each action taken (with the ``action`` and the game as it was ``before``): applying an
    action, where the game started, undo, the log replayed on another start, and copies that
    are the value itself, with pickling through the save format (the log's undo chain would
    otherwise nest one level per action).
    """

    log: tuple[Any, ...]  # a field of the game's dataclass
    #: The engine's action base: what :meth:`apply` accepts.
    action_type: ClassVar[type[Action]] = Action
    #: The engine's base error (a ``ValueError``): what a refused action and :meth:`undo`
    #: with nothing to undo raise.
    error: ClassVar[type[ValueError]] = ValueError

    @property
    def current_player(self) -> str | None:
        """Whose turn it is, or None where the game has no turns (a score pad, a checklist)."""
        return None

    def verify(self, action: Any) -> Any:
        """Raise :attr:`error` naming the input when ``action`` is not allowed now; otherwise
        return what it needs to be played (a sale's quote, a removal's plan)."""
        if not isinstance(action, self.action_type):
            raise self.error("that is not a move of this game")
        return action.verify(self)

    def can_apply(self, action: Any) -> bool:
        """Whether :meth:`verify` passes for ``action``."""
        try:
            self.verify(action)
        except self.error:
            return False
        return True

    def apply(self, action: Any) -> tuple[Self, Any]:
        """The game after ``action`` and the record of what it did; an action that is not
        allowed raises :attr:`error` naming the input, and nothing changes."""
        after, record = action.play(self, self.verify(action))
        # ``after`` was built from checked values: only its log changes, without checking
        # its fields again (and what it worked out from them once, a cached property, stays).
        game: Self = object.__new__(type(after))
        game.__dict__.update(after.__dict__, log=(*self.log, record))
        return game, record

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        raise NotImplementedError

    @property
    def start(self) -> Self:
        """The game before the first logged action."""
        return self.log[0].before if self.log else self

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    def undo(self) -> Self:
        """The game before the last action."""
        if not self.log:
            raise self.error("nothing to undo")
        before: Self = self.log[-1].before
        return before

    def replayed(self, start: Self) -> Self:
        """``start`` (this game's start, changed) with the logged actions applied again; an
        action that is not allowed there raises and nothing changes."""
        game = start
        for record in self.log:
            game = game.apply(record.action)[0]
        return game

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    def __reduce__(self) -> tuple[Callable[[Any], Any], tuple[Any]]:
        return (type(self).from_dict, (self.to_dict(),))


class _Replayable(Protocol):
    def apply(self, action: Any) -> tuple[Any, Any]: ...


G = TypeVar("G", bound=_Replayable)


@dataclass(frozen=True)
class SaveFormat:
    """One save's header, the one place every reader of a saved header checks it: the
    ``format`` name and ``version`` it writes, and the error (a ``ValueError``) a save that
    cannot be read back raises. ``what`` names the save in the error for a save that is not a
    mapping (``"the saved Mercante game"``).

    Saves an older version wrote before headers had versions carry only ``"format": 1``: their
    readers say so with the bare number as ``name`` and ``version=None``.
    """

    name: str | int
    version: int | None
    error: type[ValueError]
    what: str = "a saved game"

    def header(self) -> dict[str, Any]:
        """The first fields of every save."""
        if self.version is None:
            return {"format": self.name}
        return {"format": self.name, "version": self.version}

    def check_header(self, data: object) -> Mapping[str, Any]:
        """``data`` if it is a mapping of this format and version; otherwise :attr:`error`
        naming the field that is missing or wrong."""
        if not isinstance(data, Mapping):
            raise self.error(f"{self.what} must be a mapping, got {type(data).__name__}")
        if "format" not in data:
            raise self.error(f"the 'format' field is missing (expected {self.name!r})")
        if data["format"] != self.name:
            raise self.error(f"format {data['format']!r} is not {self.name!r}")
        if self.version is None:
            return data
        if "version" not in data:
            raise self.error(f"the 'version' field is missing (this app reads {self.version})")
        if data["version"] != self.version:
            raise self.error(
                f"version {data['version']!r} is not supported (this app reads {self.version})"
            )
        return data

    @contextmanager
    def at(self, where: str) -> Iterator[None]:
        """Prefix any error raised while reading part of a save with where it was."""
        try:
            yield
        except (ValueError, TypeError, KeyError) as exc:
            raise self.error(f"{where}: {exc}") from None

    def known(self, data: Mapping[str, Any], where: str, keys: Collection[str]) -> None:
        """Refuse a field the save format does not have (``where`` may be empty)."""
        unknown = sorted(set(data) - set(keys), key=repr)
        if unknown:
            raise self.error(f"{_prefix(where)}unknown field {unknown[0]!r}")

    def mapping(self, value: object, where: str) -> Mapping[str, Any]:
        """``value`` if it is a mapping (``where`` may be empty)."""
        if not isinstance(value, Mapping):
            raise self.error(f"{_prefix(where)}{value!r} must be a mapping")
        return value

    def listed(self, value: object, where: str) -> list[Any]:
        """``value`` if it is a list (``where`` names it)."""
        if not isinstance(value, list):
            raise self.error(f"{where}: {value!r} must be a list")
        return value

    def text(self, data: Mapping[str, Any], name: str) -> str:
        """The text field ``name`` of a saved form; raises naming it when it is not text."""
        return self.value(str, data.get(name), name)  # type: ignore[no-any-return]

    def whole(self, data: Mapping[str, Any], name: str) -> int:
        """The whole-number field ``name`` of a saved form; raises naming it otherwise."""
        return self.value(int, data.get(name), name)  # type: ignore[no-any-return]

    def flag(self, data: Mapping[str, Any], name: str) -> bool:
        """The true-or-false field ``name`` of a saved form; raises naming it otherwise."""
        return self.value(bool, data.get(name), name)  # type: ignore[no-any-return]

    def value(self, kind: Any, value: object, where: str) -> Any:
        """``value`` read back as the type ``kind`` says (see the module docstring); raises
        :attr:`error` naming ``where`` when it is not one."""
        origin, args = get_origin(kind), get_args(kind)
        if kind is Any or kind is object:
            return value
        if origin is Union or origin is types.UnionType:
            if value is None and type(None) in args:
                return None
            rest = [a for a in args if a is not type(None)]
            if len(rest) != 1:
                raise TypeError(f"{where}: no reader for {kind!r}")
            return self.value(rest[0], value, where)
        if origin is Literal:
            if value in args and any(type(value) is type(a) for a in args):
                return value
            choices = " or ".join(repr(a) for a in args)
            raise self.error(f"{where} {value!r} must be {choices}")
        if kind is bool:
            if not isinstance(value, bool):
                raise self.error(f"{where} {value!r} must be true or false")
            return value
        if kind is int:
            if not is_whole(value):
                raise self.error(f"{where} {value!r} must be a whole number")
            return value
        if kind is str:
            if not isinstance(value, str):
                raise self.error(f"{where} {value!r} must be text")
            return value
        if origin is tuple or origin is frozenset:
            if not isinstance(value, (list, tuple)):
                raise self.error(f"{where} {value!r} must be a list")
            if origin is frozenset:
                return frozenset(
                    self.value(args[0], v, f"{where}[{i}]") for i, v in enumerate(value)
                )
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.value(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
            if len(value) != len(args):
                raise self.error(f"{where} {value!r} must have {len(args)} items")
            return tuple(
                self.value(a, v, f"{where}[{i}]")
                for i, (a, v) in enumerate(zip(args, value, strict=True))
            )
        if origin is Mapping or origin is dict:
            items = self.mapping(value, where)
            key, item = args if args else (Any, Any)
            return {
                self.value(key, k, where): self.value(item, v, f"{where}[{k!r}]")
                for k, v in items.items()
            }
        reader = getattr(kind, "from_dict", None)
        if reader is not None:
            with self.at(where):
                return reader(value)
        raise TypeError(f"{where}: no reader for {kind!r}")

    def read_action(self, raw: object, actions: Sequence[type[A]]) -> A:
        """An action back from its saved form: the one of ``actions`` its ``kind`` names, each
        field read by its :func:`saved` reader or else by its type, a field left out taking
        its default. An unknown kind or field raises :attr:`error`, as does a field that is
        not what its type says."""
        data = self.mapping(raw, "")
        kind = data.get("kind")
        cls = next((a for a in actions if a.kind == kind), None)
        if cls is None:
            raise self.error(f"unknown action kind {kind!r}")
        return self.read_value(cls, data, {"kind"})

    def read_value(self, cls: type[V], raw: object, extra: Collection[str] = ()) -> V:
        """A value of the dataclass ``cls`` back from its saved fields (``extra``: other keys
        the mapping may hold), each read as :meth:`read_action` reads an action's; what
        ``cls`` itself refuses on being built raises :attr:`error` too."""
        data = self.mapping(raw, "")
        self.known(data, "", {*extra, *(f.name for f in fields(cls))})  # type: ignore[arg-type]
        values = self.read_fields(cls, data)
        try:
            return cls(**values)
        except (ValueError, TypeError) as exc:
            if isinstance(exc, self.error):
                raise
            raise self.error(str(exc)) from None

    def read_fields(self, cls: type[Any], data: Mapping[str, Any]) -> dict[str, Any]:
        """The fields of the dataclass ``cls`` read back from ``data`` (see :meth:`read_action`);
        a field left out of ``data`` keeps its default (one with no default is needed)."""
        hints = _hints(cls)
        values: dict[str, Any] = {}
        for f in fields(cls):
            if not f.init:
                continue
            if f.name not in data:
                if f.default is MISSING and f.default_factory is MISSING:
                    raise self.error(f"{f.name}: this field is needed")
                continue
            raw = data[f.name]
            how: _Saved | None = f.metadata.get(_SAVED)
            if how is not None and how.read is not None:
                with self.at(f.name):
                    values[f.name] = how.read(raw)
            elif how is not None and how.convert is dict and raw is not None:
                items = list(self.mapping(raw, f.name).items())
                values[f.name] = self.value(hints[f.name], items, f.name)
            else:
                values[f.name] = self.value(hints[f.name], raw, f.name)
        return values

    def replay(self, game: G, actions: Sequence[object], read: Callable[[object], Action]) -> G:
        """Read each saved action and apply it to ``game`` in turn; an error names the
        action's index (and, once read, its kind)."""
        for i, raw in enumerate(actions):
            with self.at(f"actions[{i}]"):
                action = read(raw)
            with self.at(f"actions[{i}] ({action.kind})"):
                game = game.apply(action)[0]
        return game


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved field types of ``cls`` (worked out once per class)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _prefix(where: str) -> str:
    return f"{where}: " if where else ""


__all__ = [
    "Action",
    "FieldReader",
    "SaveFormat",
    "SavedGame",
    "plain",
    "saved",
    "saved_fields",
]
