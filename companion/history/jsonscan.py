"""An import file read as bytes, in bounded pieces, with its limits checked as it is read.

A reader that parses a whole file before looking at it can be made to hold many times the
file: a 130 MB backup listing 6.5 million tiny players took 6.7 GB before a count refused
it, and a text of four-byte characters is held at four bytes a character. Every importer
(the app's own backup, BG Stats) therefore reads its file through :class:`JsonFile`:

- the file stays bytes (a text handed in is turned into bytes once); its size and its UTF-8
  are checked first (:data:`companion.limits.MAX_IMPORT_BYTES`), in pieces;
- the top-level object is walked field by field (:meth:`JsonFile.fields`); a list is read
  an item at a time or a piece of about a megabyte at a time (:meth:`JsonFile.items`,
  :meth:`JsonFile.pieces`), each item's size and the number of items checked before the
  next is read, so a refusal comes at the first item over a limit;
- a value is nested at most :data:`MAX_DEPTH` levels (what a value may hold is matched by a
  regular expression of that depth, which never recurses further; msgspec's own recursion
  limit backs it up), so no RecursionError reaches anyone;
- every refusal says where, as ``line L column C`` (columns counted in characters).

Nothing here knows either format; the importers word their own checks.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass

import msgspec

from companion.history.errors import ImportFileError
from companion.limits import MAX_IMPORT_BYTES

#: The deepest nesting anywhere in a file (the top-level object is level 1).
MAX_DEPTH = 32
#: Fields of the top-level object (the formats have a handful; unknown ones are skipped).
MAX_FIELDS = 1_000
#: A field name at the top, in bytes.
MAX_NAME = 200
#: About this many bytes of a list are read as one piece.
PIECE_BYTES = 1_000_000

_BOM = codecs.BOM_UTF8
_WS = re.compile(rb"[ \t\n\r]*+")
_STRING = rb'"(?:[^"\\]++|\\.)*+"'
_SCALAR = rb'[^ \t\n\r\[\]{},:"]++'
_INNER = rb'[^\[\]{}"]++|' + _STRING


def _value_pattern(depth: int) -> re.Pattern[bytes]:
    """One JSON value nested at most ``depth`` levels: brackets and strings are matched,
    everything between them taken as it is (what it holds is checked when it is decoded).
    Possessive throughout, so it never backtracks, and of a fixed depth, so it never
    recurses deeper."""
    container = rb"[\[{](?:" + _INNER + rb")*+[\]}]"
    for _ in range(depth - 1):
        container = rb"[\[{](?:" + _INNER + b"|" + container + rb")*+[\]}]"
    return re.compile(b"(?:" + container + b"|" + _STRING + b"|" + _SCALAR + b")", re.DOTALL)


# A field's value sits at level 2, a list's item at level 3.
_FIELD_VALUE = _value_pattern(MAX_DEPTH - 1)
_ITEM = _value_pattern(MAX_DEPTH - 2)
_NAME = re.compile(_STRING, re.DOTALL)
_RAWS = msgspec.json.Decoder(list[msgspec.Raw])
_W = rb"[ \t\n\r]*+"
#: Between two objects of a list: ``}, {`` (the first group ends the first object).
BETWEEN_OBJECTS = re.compile(rb"(\})" + _W + b"," + _W + rb"\{")
#: Between two objects whose last field is a list of objects (a play and its results):
#: ``}]}, {``, which the objects inside a play do not end with.
AFTER_LIST_OF_OBJECTS = re.compile(rb"(\}" + _W + rb"\]" + _W + rb"\})" + _W + b"," + _W + rb"\{")
_BYTE = re.compile(r"\(byte (\d+)\)")
_TRAILING = re.compile(r"trailing characters \(byte (\d+)\)")


class FileShapeError(ImportFileError):
    """A refusal of the file's shape (its size, JSON, nesting, a count or an item's size):
    the same whichever importer reads the file."""


def _refuse(message: str) -> ImportFileError:
    return FileShapeError(message)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


@dataclass
class Field:
    """A field of the top-level object: its name, where its value starts, and (once read)
    where it ends; a field whose end is not set when the next is asked for is skipped."""

    name: str
    start: int
    end: int | None = None


class JsonFile:
    """An import file's bytes, read in bounded pieces (see the module docstring).

    ``what`` names the file in the refusal of something that is not a JSON object at all
    ("not a Merchant's Companion history file").
    """

    def __init__(
        self, data: str | bytes | bytearray | memoryview, *, what: str, limit: int = 0
    ) -> None:
        limit = limit or MAX_IMPORT_BYTES
        self.what = what
        if isinstance(data, str):
            if len(data) > limit:
                raise _refuse(
                    f"the file is too large ({len(data):,} characters; at most {limit:,})"
                )
            data = data.removeprefix("\ufeff").encode("utf-8", "surrogatepass")
        elif isinstance(data, memoryview):
            data = data.tobytes() if len(data) <= limit else data
        if not isinstance(data, bytes | bytearray | memoryview):
            raise _refuse(f"expected the file's text, got {type(data).__name__}")
        if len(data) > limit:
            raise _refuse(f"the file is too large ({len(data):,} bytes; at most {limit:,})")
        self.data: bytes | bytearray = data if not isinstance(data, memoryview) else bytes(data)
        self.view = memoryview(self.data)
        self.start = len(_BOM) if self.data.startswith(_BOM) else 0
        self._check_utf8()

    # ------------------------------------------------------------------------ the bytes
    def _check_utf8(self) -> None:
        data = self.data
        if data.isascii():
            return
        decoder = codecs.getincrementaldecoder("utf-8")()
        step = 4 << 20
        for at in range(self.start, len(data), step):
            try:
                decoder.decode(self.view[at : at + step], final=at + step >= len(data))
            except UnicodeDecodeError as exc:
                raise _refuse(
                    f"not a text file in UTF-8 (at {self.where(at + max(exc.start, 0))})"
                ) from None

    def where(self, at: int) -> str:
        """``line L column C`` of the byte offset ``at`` (the column in characters)."""
        data = self.data
        at = max(self.start, min(at, len(data)))
        line = data.count(b"\n", self.start, at) + 1
        begins = max(data.rfind(b"\n", self.start, at) + 1, self.start)
        column = 1
        step = 4 << 20
        for piece in range(begins, at, step):
            column += len(
                codecs.decode(self.view[piece : min(at, piece + step)], "utf-8", "replace")
            )
        return f"line {line:,} column {column:,}"

    def skip(self, at: int) -> int:
        """The first offset at or after ``at`` that is not JSON white space."""
        found = _WS.match(self.data, at)
        return found.end() if found else at

    def char(self, at: int) -> bytes:
        return bytes(self.data[at : at + 1])

    def bytes_of(self, start: int, end: int) -> bytes:
        return bytes(self.view[start:end])

    # ------------------------------------------------------------------------ refusals
    def not_json(self, at: int, expected: str) -> ImportFileError:
        if at >= len(self.data):
            return _refuse(f"not valid JSON: the file ends where {expected} was expected")
        return _refuse(f"not valid JSON: expected {expected} at {self.where(at)}")

    def decode_error(self, exc: msgspec.DecodeError, base: int, where: str = "") -> ImportFileError:
        """msgspec's complaint about the bytes from ``base`` on, with the place in the file."""
        text = str(exc)
        found = _BYTE.search(text)
        place = f" at {self.where(base + int(found.group(1)))}" if found else ""
        reason = _BYTE.sub("", text).replace("JSON is malformed: ", "").strip().rstrip(".")
        return _refuse(f"{where + ': ' if where else ''}not valid JSON: {reason}{place}")

    def _too_deep(self, at: int, where: str) -> ImportFileError:
        return _refuse(f"{where}: nested more than {MAX_DEPTH} levels deep (at {self.where(at)})")

    def end_of(self, at: int, where: str) -> int:
        """The end of the JSON value at ``at``, found and checked by msgspec in C (it reads
        the value, holding nothing of it, and says where what follows it begins)."""
        data = self.data
        try:
            msgspec.json.decode(self.view[at:], type=msgspec.Raw)
        except RecursionError:
            raise self._too_deep(at, where) from None
        except msgspec.DecodeError as exc:
            found = _TRAILING.search(str(exc))
            if found is None:
                raise self.decode_error(exc, at, where) from None
            end = at + int(found.group(1)) - 1  # where the next character is
            while end > at and data[end - 1 : end] in (b" ", b"\t", b"\n", b"\r"):
                end -= 1
            return end
        raise self.not_json(len(data), "the rest of the file")  # nothing after the value

    def placed(self, problem: ImportFileError, at: int, noun: str) -> ImportFileError:
        """``problem`` (of an item) with where the item starts in the file."""
        return type(problem)(f"{problem} ({noun} at {self.where(at)})")

    def item_start(self, field: Field, at: int, first: int, index: int) -> int:
        """Where item ``index`` of ``field``'s list starts, given that item ``first`` starts
        at ``at`` (for a refusal: it steps over the items between)."""
        data = self.data
        for _ in range(index - first):
            end = self._matched(_ITEM, at, len(data), field.name)
            at = self.skip(end)
            if data[at : at + 1] != b",":
                break
            at = self.skip(at + 1)
        return at

    # ------------------------------------------------------------------------ walking
    def _matched(self, pattern: re.Pattern[bytes], at: int, reach: int, where: str) -> int:
        """The end of the value at ``at``: matched by ``pattern`` (which bounds its nesting)
        within ``reach`` bytes, otherwise found by msgspec (a value the pattern did not match
        within its reach but that ends within it is nested too deeply)."""
        found = pattern.match(self.data, at, at + reach + 1)
        if found is not None:
            return found.end()
        end = self.end_of(at, where)
        if end - at <= reach:
            raise self._too_deep(at, where)
        return end

    def value_end(self, at: int, where: str) -> int:
        """The end of the value at ``at`` (a field's), checked to be JSON."""
        end = self._matched(_FIELD_VALUE, at, PIECE_BYTES * 4, where)
        try:
            msgspec.json.decode(self.view[at:end], type=msgspec.Raw)
        except RecursionError:
            raise self._too_deep(at, where) from None
        except msgspec.DecodeError as exc:
            raise self.decode_error(exc, at, where) from None
        return end

    def fields(self) -> Iterator[Field]:
        """The top-level object's fields in the file's order; a field whose value the caller
        did not read (its ``end`` unset) is skipped, checked to be JSON."""
        data = self.data
        at = self.skip(self.start)
        if at >= len(data):
            raise _refuse("not valid JSON: the file is empty")
        if data[at : at + 1] != b"{":
            try:  # JSON of another shape, or not JSON at all? (msgspec reads it, holding nothing)
                msgspec.json.decode(self.view[at:], type=msgspec.Raw)
            except RecursionError:
                raise _refuse(self.what) from None
            except msgspec.DecodeError as exc:
                raise self.decode_error(exc, at) from None
            raise _refuse(self.what)
        at = self.skip(at + 1)
        count = 0
        while data[at : at + 1] != b"}":
            if count:
                if data[at : at + 1] != b",":
                    raise self.not_json(at, "',' or '}'")
                at = self.skip(at + 1)
            if count >= MAX_FIELDS:
                raise _refuse(
                    f"more than {MAX_FIELDS:,} fields at the top of the file (the "
                    f"{_ordinal(MAX_FIELDS + 1)} at {self.where(at)})"
                )
            name_match = _NAME.match(data, at)
            if name_match is None:
                raise self.not_json(at, "a field name")
            if name_match.end() - at > MAX_NAME:
                raise _refuse(f"a field name longer than {MAX_NAME} bytes at {self.where(at)}")
            try:
                name = msgspec.json.decode(self.view[at : name_match.end()], type=str)
            except msgspec.DecodeError as exc:
                raise self.decode_error(exc, at) from None
            at = self.skip(name_match.end())
            if data[at : at + 1] != b":":
                raise self.not_json(at, "':'")
            at = self.skip(at + 1)
            field = Field(name, at)
            yield field
            at = self.skip(field.end if field.end is not None else self.value_end(at, name))
            count += 1
        if self.skip(at + 1) != len(data):
            raise _refuse(
                f"not valid JSON: more after the end of the file's object, at {self.where(at + 1)}"
            )

    def items(
        self, field: Field, *, limit: int, largest: int, noun: str
    ) -> Iterator[tuple[int, int, int]]:
        """The items of the list that is ``field``'s value, one at a time: ``(index, start,
        end)``. Refused: not a list, an item of more than ``largest`` bytes, more than
        ``limit`` items (at the first one over), anything nested too deeply. Sets
        ``field.end`` once the list is read."""
        at = self.skip(field.start)
        if self.char(at) != b"[":
            raise _refuse(f"{field.name}: expected a list")
        yield from self._items_from(field, self.skip(at + 1), 0, limit, largest, noun, None)

    def _items_from(
        self,
        field: Field,
        at: int,
        index: int,
        limit: int,
        largest: int,
        noun: str,
        until: int | None,
    ) -> Iterator[tuple[int, int, int]]:
        """Items from ``at`` (an item's start, or the list's end), index ``index`` on; stops
        after passing the offset ``until`` (None: the list's end)."""
        data = self.data
        if data[at : at + 1] == b"]":
            field.end = at + 1
            return
        while True:
            if index >= limit:
                raise _refuse(
                    f"{field.name}: more than {limit:,} {noun}s in the file (the "
                    f"{_ordinal(limit + 1)} at {self.where(at)})"
                )
            end = self._matched(_ITEM, at, largest, f"{field.name}[{index}]")
            if end - at > largest:
                raise _refuse(
                    f"{field.name}[{index}]: larger than any {noun} can be ({end - at:,} bytes; "
                    f"at most {largest:,}), at {self.where(at)}"
                )
            yield index, at, end
            index += 1
            at = self.skip(end)
            separator = data[at : at + 1]
            if separator == b"]":
                field.end = at + 1
                return
            if separator != b",":
                raise self.not_json(at, "',' or ']'")
            at = self.skip(at + 1)
            if until is not None and at > until:
                self._resume = at
                return

    def pieces(
        self,
        field: Field,
        *,
        limit: int,
        largest: int,
        noun: str,
        separators: tuple[re.Pattern[bytes], ...] = (BETWEEN_OBJECTS,),
    ) -> Iterator[tuple[int, int, list[msgspec.Raw]]]:
        """The items of ``field``'s list a piece of about :data:`PIECE_BYTES` at a time:
        ``(index of the first, offset of the first, the items)``, with the checks of
        :meth:`items` (but nesting as deep as msgspec reads, which stops with a
        RecursionError). A piece is cut where one of ``separators`` (patterns whose first
        group ends an item and which end where the next starts, :data:`BETWEEN_OBJECTS`) is
        found, tried in order, and the cut checked by reading the piece; where no cut
        works, the items are found one at a time instead (slower, the same result)."""
        data = self.data
        at = self.skip(field.start)
        if at >= len(data):
            raise self.not_json(at, "a value")
        if self.char(at) != b"[":
            raise _refuse(f"{field.name}: expected a list")
        at = self.skip(at + 1)
        index = 0
        while field.end is None:
            piece = self._cut(at, separators)
            if piece is not None:
                raws, end = piece
                if index + len(raws) > limit or any(len(raw) > largest for raw in raws):
                    # Word it where it is: step to that item one at a time (which refuses).
                    for _ in self._items_from(field, at, index, limit, largest, noun, None):
                        pass
                    raise _refuse(f"{field.name}: more {noun}s, or larger, than a file holds")
                if not raws:
                    raise self.not_json(at, "a value")
                yield index, at, raws
                index += len(raws)
                at = self.skip(end)
                separator = data[at : at + 1]
                if separator == b"]":
                    field.end = at + 1
                elif separator == b",":
                    at = self.skip(at + 1)
                else:
                    raise self.not_json(at, "',' or ']'")
                continue
            # One at a time, for about a piece's worth of bytes.
            first, start, self._resume = index, at, None
            raws = [
                msgspec.Raw(self.bytes_of(item_start, item_end))
                for _, item_start, item_end in self._items_from(
                    field, at, index, limit, largest, noun, at + PIECE_BYTES
                )
            ]
            index += len(raws)
            if raws:
                yield first, start, raws
            if field.end is None:
                if self._resume is None:
                    raise self.not_json(at, "',' or ']'")
                at = self._resume

    _resume: int | None = None

    def _cut(
        self, at: int, separators: tuple[re.Pattern[bytes], ...]
    ) -> tuple[list[msgspec.Raw], int] | None:
        """A piece from ``at`` cut at one of ``separators`` and read: its items and the
        offset after the last; None when no cut within reach reads as a list of items."""
        data = self.data
        reach = at + 4 * PIECE_BYTES
        for separator in separators:
            found = separator.search(data, at + PIECE_BYTES, reach)
            tries = 0
            while found is not None and tries < 8:
                end = found.end(1)
                try:
                    raws = _RAWS.decode(b"[" + self.view[at:end] + b"]")
                except (msgspec.DecodeError, RecursionError):
                    found = separator.search(data, found.start() + 1, reach)
                    tries += 1
                    continue
                return raws, end
        # The rest of the list may be shorter than a piece: try it whole, up to the last "]"
        # of the file within reach (a few of them: a field after the list has its own).
        close = (
            data.rfind(b"]", at, at + 4 * PIECE_BYTES) if len(data) - at < 4 * PIECE_BYTES else -1
        )
        tries = 0
        while close > at and tries < 8:
            try:
                raws = _RAWS.decode(b"[" + self.view[at:close] + b"]")
            except (msgspec.DecodeError, RecursionError):
                close = data.rfind(b"]", at, close)
                tries += 1
                continue
            end = close
            while end > at and data[end - 1 : end] in b" \t\n\r":
                end -= 1
            return raws, end
        return None


__all__ = [
    "AFTER_LIST_OF_OBJECTS",
    "BETWEEN_OBJECTS",
    "MAX_DEPTH",
    "PIECE_BYTES",
    "Field",
    "FileShapeError",
    "JsonFile",
]
