"""The session loop's plain part (no flet): what a table screen says after each outcome, when
its Undo may still be pressed, how long a message stays, and the lines of the list of games
in progress. ``companion.ui.live`` puts this on the page.

The loop, for every tool: restore (open the table from the hub) → act (submit with the seq
the screen last showed) → confirm (render in place, a short message whose Undo is bound to
that action's seq) or refuse (a message on this device, the screen brought up to date) →
undo (generic). A push from another device re-renders in place and never speaks.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.tables import Applied, Failed, Refused, Saved, Snapshot, StatusChanged, TableInfo

#: How long each kind of message stays (seconds), timed on the server: a client with
#: accessibility on keeps a message with an action open forever otherwise.
SECONDS_INFO = 4.0
SECONDS_UNDO = 6.0
SECONDS_ERROR = 8.0
DEVICE_BYTES = 4  # an 8-character device id in each log row


def new_device_id() -> str:
    """A short random id for one browser session, written with each action it sends."""
    return secrets.token_hex(DEVICE_BYTES)


@dataclass(frozen=True)
class Message:
    """A short message at the bottom of a table screen.

    ``undo_of`` is the step its Undo takes back (None: no Undo); ``seconds`` how long it
    stays. ``error`` messages are the outcome of this device's own tap that was not done.
    """

    text: str
    error: bool = False
    undo_of: int | None = None
    seconds: float = SECONDS_INFO
    action: str | None = None  # another button than Undo ("View" for a saved play)

    def undo_allowed(self, snapshot: Snapshot) -> bool:
        """The Undo acts only while its step is still the table's last effective action."""
        return self.undo_of is not None and snapshot.last == self.undo_of and not snapshot.read_only


def info(text: str) -> Message:
    return Message(text, seconds=SECONDS_INFO)


def error(text: str) -> Message:
    return Message(text, error=True, seconds=SECONDS_ERROR)


Describe = Callable[[Any], str]


def after(
    outcome: Applied | Refused | Failed | Saved | StatusChanged,
    *,
    describe: Describe,
    confirm: Callable[[Applied], str] | None = None,
) -> Message | None:
    """The message a screen shows for its own tap's outcome.

    ``describe(record)`` words an engine record (``"Ben played 8 beside 9 in row 2: ..."``);
    ``confirm(applied)`` replaces it for an applied action.
    """
    if isinstance(outcome, Applied):
        if outcome.undone is not None:
            what = describe(outcome.record) if outcome.record is not None else "the last change"
            return info(f"Taken back: {what}")
        if confirm is not None:
            text = confirm(outcome)
        elif outcome.record is None:
            text = "Done."
        else:
            text = describe(outcome.record)
        return Message(text, undo_of=outcome.seq, seconds=SECONDS_UNDO)
    if isinstance(outcome, (Refused, Failed)):
        return error(outcome.message)
    return None


def closed_note(info: TableInfo, *, noun: str = "table", changes: str = "changes") -> str | None:
    """Why a table takes no more ``changes`` (``moves``), for the notice over its screen
    (``None``: it is open): its log no longer replays, or it is finished or abandoned."""
    if info.damaged is not None:
        return f"This {noun} is read-only: {info.damaged}. Its {changes} are kept in the database."
    if info.status == "finished" and info.saved_play_id is not None:
        return f"This {noun} is finished and saved to history: it takes no more {changes}."
    if info.status != "open":
        return f"This {noun} is {info.status}: it takes no more {changes}."
    return None


def describe_record(record: Any) -> str:
    """A record's own words (``summary``), for engines whose records carry one."""
    summary = getattr(record, "summary", None)
    return str(summary) if summary else "a move"


# -- the list of games in progress ---------------------------------------------------------


def ago(then: datetime, now: datetime) -> str:
    """``just now``, ``3 min ago``, ``2 h ago``, ``yesterday``, ``5 days ago``."""
    seconds = max(0, int((now - then).total_seconds()))
    if seconds < 60:
        return "just now"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 24:
        return f"{hours} h ago"
    days = hours // 24
    return "yesterday" if days == 1 else f"{days} days ago"


@dataclass(frozen=True)
class GameLine:
    """One game in progress as the list shows it."""

    table_id: int
    title: str  # who plays
    status: str  # the tool's status line
    touched: str  # "last touched 3 min ago"
    problem: str | None  # a damaged log: why it is read-only


def game_lines(infos: list[TableInfo], now: datetime) -> list[GameLine]:
    lines = []
    for i in infos:
        title = ", ".join(i.players) if i.players else f"Game {i.id}"
        lines.append(
            GameLine(
                table_id=i.id,
                title=title,
                status=i.line or "Not started yet",
                touched=f"last touched {ago(i.updated_at, now)}",
                problem=None if i.damaged is None else f"Read-only: {i.damaged}",
            )
        )
    return lines


# -- an old single saved game ----------------------------------------------------------------


def imported_key(key: str) -> str:
    """Where an old single saved game is kept once it has been imported as a table."""
    return f"{key}_imported"


def old_saved_game(raw: object, read: Callable[[object], Any]) -> Any:
    """The game in an old screen save (``{"game": ..., "saved_play": ...}``), or None when
    there is none or it was saved to history already (it lives on there). ``read`` raises
    the tool's error for a save that cannot be read."""
    if not isinstance(raw, Mapping) or raw.get("game") is None:
        return None
    saved = raw.get("saved_play")
    if isinstance(saved, int) and not isinstance(saved, bool):
        return None
    return read(raw["game"])


__all__ = [
    "SECONDS_ERROR",
    "SECONDS_INFO",
    "SECONDS_UNDO",
    "GameLine",
    "Message",
    "after",
    "ago",
    "closed_note",
    "describe_record",
    "error",
    "game_lines",
    "imported_key",
    "info",
    "new_device_id",
    "old_saved_game",
]
