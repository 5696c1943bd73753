"""Players & seats on a shared table (:mod:`companion.engine.core.protocol`): the status line,
what changed when a move from another phone is refused, and :data:`TABLE_RULES`."""

from __future__ import annotations

from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.seats.actions import SeatsAction, read_action
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.game import Seating
from companion.rules import catalogue


def status_line(seating: Seating) -> str:
    """``Ben goes first`` once drawn, else ``3 seated · no first player yet``; a finished
    night says who won."""
    if seating.finished_at is not None and seating.seats:
        best = [s.name for s in seating.standings() if s.winner]
        verb = "wins" if len(best) == 1 else "share first place"
        return f"Finished · {' and '.join(best)} {verb}"
    if seating.first is not None:
        return f"{len(seating.seats)} seated · {seating.seats[seating.first]} goes first"
    if not seating.seats:
        return "Nobody seated yet"
    return f"{len(seating.seats)} seated · no first player yet"


def table_changed(then: Seating, now: Seating) -> str:
    """What changed between the seating a screen showed and the seating now, in words."""
    gone = [n for n in then.seats if now.seat_of(n) is None]
    came = [n for n in now.seats if then.seat_of(n) is None]
    if came:
        return f"{came[0]} was seated meanwhile"
    if gone:
        return f"{gone[0]} left the table meanwhile"
    if then.seats != now.seats:
        return "the seat order changed meanwhile: " + ", ".join(now.seats)
    if then.seed != now.seed:
        return f"the seed is {now.seed} now"
    if then.first != now.first:
        who = now.first_player
        return f"{who} was drawn to go first meanwhile" if who else "the draw was taken back"
    if then.game_id != now.game_id:
        return f"the table is seated for {catalogue().game(now.game_id).name} now"
    if then.finished_at != now.finished_at:
        return "the night was finished meanwhile" if now.finished_at else "the night was reopened"
    if then.tally != now.tally:
        return "the tally changed meanwhile"
    if then.sheet != now.sheet:
        return "the final sheet changed meanwhile"
    if (then.modules, then.expansions) != (now.modules, now.expansions):
        return "the modules and expansions changed meanwhile"
    if then.house_rules != now.house_rules:
        return "the house rules changed meanwhile"
    if then.location != now.location:
        return f"the place is {now.location or 'not said'} now"
    if then.started_at != now.started_at:
        return "the game was started meanwhile"
    return "the seating changed since this screen showed it"


#: Players & seats on a shared table. Each action reads only what it depends on
#: (:meth:`SeatsAction.reads`), so phones seating different players at once all succeed.
TABLE_RULES: Final[TableRules[Seating, SeatsAction]] = TableRules(
    tool="seats",
    read_start=Seating.from_dict,
    read_action=read_action,
    players=lambda seating: seating.seats,
    status=status_line,
    error=SeatsError,
    reads=lambda seating, action: action.reads(seating),
    changed=table_changed,
)


__all__ = ["TABLE_RULES", "status_line", "table_changed"]
