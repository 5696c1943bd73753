"""What the table hub hands out: a table's info and snapshot, and the outcome of a step
(applied, refused, failed, saved, its status changed); no hub here, so a screen can name them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class TableNotFound(LookupError):
    """No table with that id (a stale link, or a table of a tool this app does not know)."""


# -- what the hub hands out ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableInfo:
    """A table as the games-in-progress list shows it."""

    id: int
    tool: str
    status: str  # "open", "finished" or "abandoned"
    players: tuple[str, ...]
    line: str  # the tool's status line ("Turn 7 of 28 · Cleo to play")
    saved_play_id: int | None  # the play it was saved as (None: not saved, or deleted since)
    created_at: datetime
    updated_at: datetime  # last touched (UTC, naive)
    damaged: str | None = None  # why the log no longer replays (the table is then read-only)
    saved: bool = False  # saved to history, whether or not its play is still there

    @property
    def is_open(self) -> bool:
        return self.status == "open" and self.damaged is None


@dataclass(frozen=True)
class Snapshot:
    """A table at one moment: what a screen renders, and the ``seq`` it then has seen.

    ``game`` is the tool's game value (None only when even the start cannot be read);
    ``last`` the seq of the last effective action (what an Undo would take back; None when
    there is none); ``version`` grows with every change this hub sees, also those that add no
    step (finished, saved), so a screen can tell a newer snapshot from an older one.
    """

    info: TableInfo
    seq: int
    game: Any
    last: int | None
    version: int
    holders: Mapping[str, str] = field(default_factory=dict)
    """Which player each device holds ("This phone is Ann"), by device id."""

    @property
    def table_id(self) -> int:
        return self.info.id

    def held_by(self, device: str | None) -> str | None:
        """The seated player ``device`` holds, or None."""
        player = self.holders.get(device or "")
        return player if player is not None and player in self.info.players else None

    @property
    def read_only(self) -> bool:
        return not self.info.is_open


@dataclass(frozen=True)
class Applied:
    """The action is committed as step ``seq``. ``record`` is what the engine said it did
    (for an undo: the record of the action taken back, whose seq is ``undone``; for a change
    of house rules: None)."""

    snapshot: Snapshot
    seq: int
    record: Any
    undone: int | None = None
    ok: bool = field(default=True, init=False)


@dataclass(frozen=True)
class Refused:
    """Not done and nothing written; ``message`` (a sentence) says why; ``snapshot`` is the
    table as it is now."""

    snapshot: Snapshot
    message: str
    ok: bool = field(default=False, init=False)


@dataclass(frozen=True)
class Failed:
    """The database refused the write; nothing changed anywhere. ``message`` says why."""

    snapshot: Snapshot
    message: str
    ok: bool = field(default=False, init=False)


@dataclass(frozen=True)
class Saved:
    """The table is in the history as play ``play_id``; ``created`` is False when it already
    was (another device, another server, or before a crash saved it)."""

    snapshot: Snapshot
    play_id: int
    created: bool
    ok: bool = field(default=True, init=False)


@dataclass(frozen=True)
class StatusChanged:
    """The table was marked finished or abandoned (no step is added to its log)."""

    snapshot: Snapshot
    ok: bool = field(default=True, init=False)


Outcome = Applied | Refused | Failed


__all__ = [
    "Applied",
    "Failed",
    "Outcome",
    "Refused",
    "Saved",
    "Snapshot",
    "StatusChanged",
    "TableInfo",
    "TableNotFound",
]
