"""The score pad on a shared table (:mod:`companion.engine.core.protocol`): the status line,
the players, what changed when a move from another phone is refused, and :data:`TABLE_RULES`."""

from __future__ import annotations

from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.core.words import plural
from companion.engine.scorepad.actions import PadAction, read_action
from companion.engine.scorepad.errors import PadError
from companion.engine.scorepad.game import Pad


def status_line(pad: Pad) -> str:
    """``Mercante · 2 of 4 scores in`` (or ``… · by category``)."""
    game = pad.title.strip() if pad.game.is_other and pad.title.strip() else pad.game.name
    if pad.breakdown:
        done = sum(1 for r in pad.rows if any(v.strip() for _, v in r.parts))
    else:
        done = sum(1 for r in pad.rows if r.score.strip())
    return f"{game} · {done} of {len(pad.rows)} scores in"


def players(pad: Pad) -> tuple[str, ...]:
    return tuple(r.name.strip() for r in pad.rows if r.name.strip())


def table_changed(then: Pad, now: Pad) -> str:
    """What changed between the pad a screen showed and the pad now, in words: ``Ben's score
    is 12 now``, ``Dev was added to the pad``."""
    changes: list[str] = []
    gone = [r for r in then.rows if now.row_index(r.id) is None]
    came = [r for r in now.rows if then.row_index(r.id) is None]
    for i, row in enumerate(then.rows):
        if row in gone:
            changes.append(f"{row.label(i + 1)} was taken off the pad")
    for row in came:
        changes.append(f"{row.label(now.rows.index(row) + 1)} was added to the pad")
    if then.game_id != now.game_id:
        changes.append(f"the game is {now.game.name} now")
    if then.breakdown != now.breakdown:
        changes.append("the pad keeps " + ("scores by category" if now.breakdown else "totals"))
    if then.categories != now.categories:
        changes.append("the categories changed")
    if [(t.id, t.higher_wins) for t in then.tiebreakers] != [
        (t.id, t.higher_wins) for t in now.tiebreakers
    ]:
        changes.append("the tie-breakers changed")
    if [r.id for r in then.rows if r.id in {x.id for x in now.rows}] != [
        r.id for r in now.rows if r.id in {x.id for x in then.rows}
    ]:
        changes.append("the seat order changed")
    if [r.id for r in then.rows if r.start] != [r.id for r in now.rows if r.start]:
        starts = [r.label(i + 1) for i, r in enumerate(now.rows) if r.start]
        changes.append(f"{starts[0]} is the start player now" if starts else "no start player")
    if then.played_at != now.played_at or then.lowest_wins != now.lowest_wins:
        changes.append("the play's details changed")
    for key in now.fields():
        if then.has_field(key) and then.text_of(key) != now.text_of(key):
            value = now.text_of(key).strip()
            label = now.field_label(key)
            changes.append(f"{label} is {value} now" if value else f"{label} was emptied")
    if not changes:
        return "the score pad changed since this screen showed it"
    first = changes[0]
    more = len(changes) - 1
    return first + (f" (and {plural(more, 'more change')})" if more else "")


#: The score pad on a shared table: each field is its own action (see
#: :meth:`PadAction.reads`), so every phone types its own player's score at once.
TABLE_RULES: Final[TableRules[Pad, PadAction]] = TableRules(
    tool="scorepad",
    read_start=Pad.from_dict,
    read_action=read_action,
    players=players,
    status=status_line,
    error=PadError,
    reads=lambda pad, action: action.reads(pad),
    changed=table_changed,
)


__all__ = ["TABLE_RULES", "players", "status_line", "table_changed"]
