"""A night and the game table opened from it (Mercante, Merchant's Journey): the night
links the table (:class:`~companion.engine.seats.PlayAt`) when the table starts, its tally
comes from that table, and the two save ONE play: every Save, on the night or on the game's
table, on any phone, goes through the game table's "saved as play N" mark (the hub's
never-twice save), with the night's facts added (:func:`~companion.engine.seats.played.with_night`).
No flet here: the hub and the engines only."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.engine.seats import Finish, PlayAt, Seating, SeatsError, Start
from companion.engine.seats.night import GAME_TABLES, TABLE_NAMES, parse_time
from companion.engine.seats.played import play_standings, with_night
from companion.history import StoreError
from companion.rules import Catalogue
from companion.tables import Applied, Saved, Snapshot
from companion.ui.model.words import ordinal
from companion.ui.seats import TOOL_ID
from companion.ui.seats.model.night import StandingLine

if TYPE_CHECKING:
    from companion.tables.hub import TableHub
    from companion.ui.live import LiveTable

log = logging.getLogger(__name__)

#: The game each table tool plays (the reverse of :data:`GAME_TABLES`).
TOOL_GAMES = {tool: game for game, tool in GAME_TABLES.items()}


def table_play(tool: str, game: object, catalogue: Catalogue) -> dict[str, Any]:
    """The play of a game table as its own Save builds it (``ValueError`` saying what is
    missing while the game is not over)."""
    if tool == "mercante":
        from companion.ui.mercante.model.tally import play_of as mercante_play

        return mercante_play(game, catalogue)  # type: ignore[arg-type]
    if tool == "journey":
        from companion.ui.journey.model.play import play_of as journey_play

        return journey_play(game, catalogue)  # type: ignore[arg-type]
    raise SeatsError(f"{tool} has no game table")


def night_of(hub: TableHub, tool: str, table_id: int) -> tuple[int, Seating] | None:
    """The open night (its table id and seating) whose game is played on ``tool``'s table
    ``table_id``; None when the table was not opened from a night, or the night is closed
    (saved, or finished from its menu: then the table saves on its own, and only once, as
    its mark keeps it). Only open nights are read: a Save never replays every old night."""
    game = TOOL_GAMES.get(tool)
    if game is None:
        return None
    try:
        for info in hub.tables(TOOL_ID, "open"):
            night = hub.peek(info.id).game
            if (
                isinstance(night, Seating)
                and night.game_id == game
                and night.game_table == table_id
            ):
                return info.id, night
    except StoreError as exc:
        log.warning("the nights could not be read: %s", exc)
    return None


def link_new_table(hub: TableHub, tool: str, table_id: int, *, device: str, at: str) -> int | None:
    """A game table was just started: the open night playing that game (the most recently
    touched) now plays it on this table (and starts, if it had not). The night's id, or None
    when no night was waiting for this game. A night whose game table was saved already keeps
    that table: its play is done."""
    game = TOOL_GAMES.get(tool)
    if game is None:
        return None
    try:
        infos = hub.tables(TOOL_ID, "open")
    except StoreError as exc:
        log.warning("the nights could not be read: %s", exc)
        return None
    for info in infos:
        snapshot = hub.open(info.id)
        night = snapshot.game
        if not isinstance(night, Seating) or night.game_id != game or night.is_over:
            continue
        if night.game_table is not None and saved_play(hub, night) is not None:
            return None
        seen = snapshot.seq
        if night.started_at is None:
            outcome = hub.submit(info.id, Start(at), seen=seen, device=device)
            if isinstance(outcome, Applied):
                seen = outcome.snapshot.seq
        outcome = hub.submit(info.id, PlayAt(tool, table_id), seen=seen, device=device)
        return info.id if isinstance(outcome, Applied) else None
    return None


def saved_play(hub: TableHub, night: Seating) -> int | None:
    """The play the night's game table was saved as (None: not yet, or no table)."""
    if night.game_table is None:
        return None
    try:
        return hub.peek(night.game_table).info.saved_play_id
    except StoreError:
        return None


def table_name(night: Seating) -> str:
    """``Mercante`` / ``Merchant's Journey``: the name of the night's game table."""
    return TABLE_NAMES.get(GAME_TABLES.get(night.game_id, ""), "the game")


def saved_line(play_id: int, night: Seating) -> str:
    return f"Saved as play {play_id} from {table_name(night)}."


def table_lines(
    hub: TableHub, night: Seating, catalogue: Catalogue
) -> tuple[tuple[StandingLine, ...], str]:
    """The standings of the night's game table, as the night shows them (each score with its
    working from the table's own tally), or why there are none yet."""
    name = table_name(night)
    if night.game_table is None:
        return (), ""
    try:
        game = hub.peek(night.game_table).game
    except StoreError as exc:
        return (), f"The {name} table cannot be read: {exc}."
    if game is None:
        return (), f"The {name} table cannot be read."
    try:
        play = table_play(GAME_TABLES[night.game_id], game, catalogue)
    except ValueError as exc:
        return (), f"No standings yet from the {name} table: {exc}."
    highest = catalogue.game(night.game_id).highest_wins
    out = []
    for line in play_standings(play, highest_wins=highest):
        place = "1st" if line.place == 1 else ordinal(line.place)
        out.append(
            StandingLine(place, line.player, line.score, line.working, line.tiebreak, line.winner)
        )
    return tuple(out), ""


def save_linked(
    hub: TableHub,
    night_id: int,
    tool: str,
    table_id: int,
    play: Callable[[Any], Mapping[str, Any]],
    *,
    seen: int | None = None,
    device: str,
    at: str,
    duration_min: int | None = None,
    again: bool = False,
) -> Saved | Any:
    """Save the game table ``table_id`` (played in night ``night_id``) to history ONCE, its
    play with the night's facts; then the night finishes (at ``at`` if it had not) and
    closes, so every phone on it shows the play. ``seen``: the game table's step the saving
    screen showed (None: the night's screen, which saves the table as it now is)."""
    table = hub.peek(table_id)
    if seen is None:
        seen = table.seq

    def build(game: Any) -> dict[str, Any]:
        night = hub.peek(night_id).game
        fields = dict(play(game))
        if isinstance(night, Seating):
            fields = with_night(night, fields, at=at, duration_min=duration_min)
        return fields

    outcome = hub.save_to_history(table_id, build, seen=seen, device=device, again=again)
    if isinstance(outcome, Saved):
        close_night(hub, night_id, device=device, at=at)
    return outcome


def close_night(hub: TableHub, night_id: int, *, device: str, at: str) -> Snapshot | None:
    """The night's play is saved: it finishes (if it had not) and leaves the nights in
    progress; every phone on it is told."""
    snapshot = hub.open(night_id)
    night = snapshot.game
    if isinstance(night, Seating) and not night.is_over and snapshot.info.is_open:
        started = night.started_at
        end = at
        if started is not None and parse_time(at).replace(tzinfo=None) < parse_time(
            started
        ).replace(tzinfo=None):
            end = started
        hub.submit(night_id, Finish(end), seen=snapshot.seq, device=device)
    if hub.peek(night_id).info.is_open:
        hub.finish(night_id, device=device)
    return hub.peek(night_id)


def save_in_night(
    live: LiveTable,
    tool: str,
    play: Callable[[Any], Mapping[str, Any]],
    *,
    saved: Callable[[Saved], str],
    at: str,
) -> object:
    """A game table's own Save (``live``): ONE play. A table opened from a night saves its
    play with the night's facts (place, start, duration, modules, house rules) and closes
    the night; whichever Save comes first, the night's or this one, the other finds the
    table saved and shows that play. A table on its own saves as before."""
    linked = night_of(live.hub, tool, live.table_id)
    if linked is None:
        return live.save(play, saved=saved)
    night_id = linked[0]
    hub = live.hub

    def build(game: Any) -> dict[str, Any]:
        night = hub.peek(night_id).game
        fields = dict(play(game))
        return with_night(night, fields, at=at) if isinstance(night, Seating) else fields

    outcome = live.save(build, saved=saved)
    if isinstance(outcome, Saved):
        close_night(hub, night_id, device=live.session.device, at=at)
    return outcome


__all__ = [
    "TOOL_GAMES",
    "close_night",
    "link_new_table",
    "night_of",
    "save_in_night",
    "save_linked",
    "saved_line",
    "saved_play",
    "table_lines",
    "table_name",
    "table_play",
]
