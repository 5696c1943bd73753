"""The calendar's story: the events that left play, the last change."""

from __future__ import annotations

from companion.engine.mercante import (
    EventRecord,
    ManipulateRecord,
    MercanteGame,
    SaleRecord,
)

# -- the log -----------------------------------------------------------------------------------


def discarded_events(game: MercanteGame) -> tuple[str, ...]:
    """Events that left play this game, oldest first: pushed off C or resolved as Fleeting."""
    gone: list[str] = []
    for record in game.log:
        if isinstance(record, EventRecord | ManipulateRecord) and record.event is not None:
            if record.event.is_fleeting:
                gone.append(f"{record.event.name} (Fleeting, resolved)")
            if record.pushed_out is not None:
                gone.append(f"{record.pushed_out.name} (pushed off C)")
        elif isinstance(record, SaleRecord):
            for reaction in record.quote.reactions:
                if reaction.event.is_fleeting:
                    gone.append(f"{reaction.event.name} (Fleeting Reaction, resolved)")
            gone.extend(f"{event.name} (pushed off C)" for event in record.quote.pushed)
    return tuple(gone)


def last_calendar_change(game: MercanteGame) -> str | None:
    """The summary of the last action if it changed the calendar or played an event."""
    if not game.log:
        return None
    record = game.log[-1]
    played = isinstance(record, EventRecord | ManipulateRecord) and record.event is not None
    if played or record.changes_calendar:
        return record.summary
    return None


__all__ = [
    "discarded_events",
    "last_calendar_change",
]
