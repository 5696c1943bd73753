"""A number worked out in a tool, added to tonight's tally in one tap ("Add 22 gold to Ann"),
as plain logic (no flet): which night it goes to, the buttons' words, the action, and the
message that confirms it.

The night is the game night Players & seats holds (:mod:`companion.engine.seats`): the most
recently touched open one of the tool's game that is not finished. A tally line keeps the
working it came with ("Perform 3 × 4 + Boast 10 = 22") and the tool that added it. The action
goes to the night's table through the hub like any other (one step, saved, pushed to every
phone), and its Undo takes back exactly that step while it is still the night's last.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from companion.engine.core.words import minus
from companion.engine.seats import AddToTally, Seating, Start
from companion.engine.seats.night import TEXT_MAX, WORKING_MAX
from companion.history import StoreError
from companion.tables import Applied, Outcome, Snapshot, TableHub, TableNotFound

log = logging.getLogger(__name__)

#: The tool whose tables are the game nights.
NIGHT_TOOL = "seats"


@dataclass(frozen=True)
class Night:
    """The night a tool adds to: its table, and the night as last read (``seq`` its step)."""

    table_id: int
    seq: int
    night: Seating

    @property
    def players(self) -> tuple[str, ...]:
        return self.night.seats


def night_of(snapshot: Snapshot, game: str) -> Night | None:
    """``snapshot`` as a night of ``game`` that still takes tally lines, else None."""
    night = snapshot.game
    if (
        not isinstance(night, Seating)
        or snapshot.read_only
        or night.game_id != game
        or night.finished_at is not None
        or not night.seats
    ):
        return None
    return Night(snapshot.table_id, snapshot.seq, night)


def find_night(hub: TableHub, game: str) -> Night | None:
    """The night of ``game`` being played now: the most recently touched open one that
    takes tally lines (None when there is none, or the nights cannot be read)."""
    try:
        for info in hub.tables(NIGHT_TOOL, "open"):
            if info.is_open:
                night = night_of(hub.open(info.id), game)
                if night is not None:
                    return night
    except (StoreError, TableNotFound) as exc:
        log.warning("the game nights could not be read: %s", exc)
    return None


def refreshed(hub: TableHub, night: Night | None, game: str) -> Night | None:
    """``night`` as the hub has it now (None when it no longer takes tally lines)."""
    if night is None:
        return None
    try:
        return night_of(hub.peek(night.table_id), game)
    except (StoreError, TableNotFound):
        return None


def _clip(text: str, most: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


@dataclass(frozen=True)
class TallyOffer:
    """Gold a tool worked out, ready to be added to a player's tally: ``what`` it is for
    ("The Bard's song"), its ``working`` and the ``tool`` that worked it out."""

    points: int
    what: str
    working: str = ""
    tool: str = ""

    def label(self, player: str) -> str:
        """The button: ``Add 22 gold to Ann`` (``Add −3 gold to Ann`` for a loss)."""
        return f"Add {minus(self.points)} gold to {player}"

    def action(self, player: str) -> AddToTally:
        return AddToTally(
            player=player,
            points=self.points,
            what=_clip(self.what, TEXT_MAX),
            working=_clip(self.working, WORKING_MAX),
            tool=self.tool,
        )

    def added(self, player: str) -> str:
        """The message once added: ``Added 22 gold to Ann's tally``."""
        return f"Added {minus(self.points)} gold to {player}'s tally"


def add(
    hub: TableHub,
    night: Night,
    offer: TallyOffer,
    player: str,
    *,
    device: str,
    now: str | None = None,
) -> Outcome:
    """Add ``offer`` to ``player``'s tally on ``night`` (judged against the night as the
    phone last read it). A night not started yet starts ``now`` (this device's clock, ISO
    8601): its first number is when the game is under way."""
    seen = night.seq
    if night.night.started_at is None and now is not None:
        started = hub.submit(night.table_id, Start(now), seen=seen, device=device)
        if isinstance(started, Applied):
            seen = started.snapshot.seq
    return hub.submit(night.table_id, offer.action(player), seen=seen, device=device)


def take_back(hub: TableHub, table_id: int, step: int, *, device: str) -> Outcome:
    """Undo tally step ``step`` of the night, if it is still the night's last change."""
    try:
        seen = hub.peek(table_id).seq
    except (StoreError, TableNotFound):
        seen = step
    return hub.undo(table_id, of=step, seen=seen, device=device)


__all__ = [
    "NIGHT_TOOL",
    "Night",
    "TallyOffer",
    "add",
    "find_night",
    "night_of",
    "refreshed",
    "take_back",
]
