"""What the game engines share about saves: actions as stored, and reading a save back.

A game (Merchant's Journey, Mercante) is an immutable value whose save is its starting state
plus the actions taken, each a small :class:`Action` with a ``kind``. Reading a save back
replays those actions, so the rules check them again; a bad save raises the engine's own
``SaveDataError`` naming the path of the first bad field (``actions[3].row``), which is what
:class:`SaveFormat` does for every engine in one place.

An action's saved form is its ``kind`` and then its fields (:meth:`Action.to_dict`; a field
that needs converting or is left out at its default says so with :func:`saved`), and
:meth:`SaveFormat.read_action` reads one back, given each field's reader by name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Protocol, Self, TypeVar

#: The key of a dataclass field's metadata that :func:`saved_fields` reads (see :func:`saved`).
_SAVED = "companion.saved"


@dataclass(frozen=True)
class _Saved:
    convert: Callable[[Any], Any] | None
    omit_default: bool


def saved(
    convert: Callable[[Any], Any] | None = None, *, omit_default: bool = False
) -> Mapping[str, Any]:
    """A field's ``metadata`` for :func:`saved_fields`: ``convert`` turns a value other than
    None into its saved form (instead of :func:`plain`), and ``omit_default`` leaves the field
    out while it holds its default (``field(default=(), metadata=saved(dict, omit_default=True))``
    saves pairs as a mapping, and nothing when there are none)."""
    return {_SAVED: _Saved(convert, omit_default)}


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

    Each engine subclasses this once (so its games accept only their own actions), and each
    action sets ``kind``, the name its saved form is read back by. Its saved form is the
    ``kind`` and then its fields (:func:`saved_fields`).
    """

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **saved_fields(self)}


class _Replayable(Protocol):
    def apply(self, action: Any) -> tuple[Any, Any]: ...


G = TypeVar("G", bound=_Replayable)
A = TypeVar("A", bound=Action)
#: How :meth:`SaveFormat.read_action` reads one field: ``reader(data, name)``.
FieldReader = Callable[[Mapping[str, Any], str], Any]


class SavedGame:
    """Mixin for an immutable game value whose ``log`` holds a record of each action taken
    (the ``action`` and the game as it was ``before``): where the game started, the log
    replayed on another start, and copies that are the value itself, with pickling through
    the save format (the log's undo chain would otherwise nest one level per action).
    """

    log: tuple[Any, ...]  # a field of the game's dataclass
    #: What :meth:`undo` raises when there is nothing to undo (the game's own error).
    undo_error: ClassVar[type[ValueError]] = ValueError

    def apply(self, action: Any) -> tuple[Any, Any]:
        raise NotImplementedError

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
            raise self.undo_error("nothing to undo")
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

    def text(self, data: Mapping[str, Any], name: str) -> str:
        """The text field ``name`` of a saved form; raises naming it when it is not text."""
        value = data.get(name)
        if not isinstance(value, str):
            raise self.error(f"{name} {value!r} must be text")
        return value

    def whole(self, data: Mapping[str, Any], name: str) -> int:
        """The whole-number field ``name`` of a saved form; raises naming it otherwise."""
        value = data.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{name} {value!r} must be a whole number")
        return value

    def flag(self, data: Mapping[str, Any], name: str) -> bool:
        """The true-or-false field ``name`` of a saved form; raises naming it otherwise."""
        value = data.get(name)
        if not isinstance(value, bool):
            raise self.error(f"{name} {value!r} must be true or false")
        return value

    def read_action(
        self, raw: object, actions: Iterable[type[A]], readers: Mapping[str, FieldReader]
    ) -> A:
        """An action back from its saved form: the one of ``actions`` its ``kind`` names, each
        field read by ``readers[field](data, field)`` (in the order of the action's fields).
        An unknown kind or field raises :attr:`error`, as does a field its reader refuses."""
        data = self.mapping(raw, "")
        kind = data.get("kind")
        cls = next((a for a in actions if a.kind == kind), None)
        if cls is None:
            raise self.error(f"unknown action kind {kind!r}")
        names = [f.name for f in fields(cls)]
        self.known(data, "", {"kind", *names})
        return cls(**{name: readers[name](data, name) for name in names})

    def replay(self, game: G, actions: Sequence[object], read: Callable[[object], A]) -> G:
        """Read each saved action and apply it to ``game`` in turn; an error names the
        action's index (and, once read, its kind)."""
        for i, raw in enumerate(actions):
            with self.at(f"actions[{i}]"):
                action = read(raw)
            with self.at(f"actions[{i}] ({action.kind})"):
                game = game.apply(action)[0]
        return game


def _prefix(where: str) -> str:
    return f"{where}: " if where else ""


__all__ = ["Action", "FieldReader", "SaveFormat", "SavedGame", "plain", "saved", "saved_fields"]
