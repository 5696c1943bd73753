"""What the Checklist page and the messages say: the progress strip, the notices above the
steps, the players' names beside a step handing out something by seat, and the words of an
applied change."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.setup import (
    ApplyFix,
    Finding,
    MarkNotDone,
    Progress,
    Record,
    ResetChecklist,
    SetupGame,
    Step,
    Surprise,
)
from companion.ui.model.words import plural
from companion.ui.setup.model.choice import sentence


def next_line(progress: Progress, steps: Sequence[Step], where: str) -> str | None:
    """``Next: step 5, Faction Festival`` (or ``Check again: ...``); None when all done."""
    step = progress.next_step
    if step is None:
        return None
    number = list(steps).index(step) + 1
    again = "Check again" if step.id in progress.changed else "Next"
    return f"{again}: step {number}, {where}"


def changed_notice(progress: Progress) -> str | None:
    count = len(progress.changed)
    if not count:
        return None
    one = count == 1
    return (
        f"{plural(count, 'ticked step')} changed since {'it was' if one else 'they were'} "
        "ticked (the player count, a card or a house rule changed): check the marked "
        f"{'step' if one else 'steps'} again."
    )


def errors_notice(findings: Sequence[Finding]) -> str | None:
    errors = [f for f in findings if f.level == "error"]
    if not errors:
        return None
    return (
        f"This choice breaks {plural(len(errors), 'rule')}: {sentence(errors[0].message)} "
        "The checklist is written anyway; fix the choice first."
    )


def seat_names(step: Step, game: SetupGame, seats_game: str, order: Sequence[str]) -> list[str]:
    """The players' names in turn order beside a step that hands out something by seat,
    when the Players & seats tool holds this very game with a first player drawn (``order``
    is then its turn order); else nothing."""
    if not step.per_seat or seats_game != game.game or len(order) != len(step.per_seat):
        return []
    return list(order)


def dropped_ticks(before: SetupGame, after: SetupGame) -> int:
    """How many ticked steps a change of the choice left off the checklist."""
    return len({i for i, _ in before.ticks} - {i for i, _ in after.ticks})


def confirm_words(record: Record, after: SetupGame) -> str:
    """The message of an applied change (its Undo takes back exactly that change)."""
    action = record.action
    text = record.summary
    if isinstance(action, ApplyFix):
        text = f"Done: {action.label[:1].lower()}{action.label[1:]}."
    elif isinstance(action, Surprise):
        text = (
            f"Drawn with seed {action.seed}: {plural(len(after.modules), 'module')}. "
            "Undo brings back your previous choice."
        )
    elif isinstance(action, ResetChecklist):
        text = "Every step unticked."
    dropped = dropped_ticks(record.before, after)
    if dropped and not isinstance(action, MarkNotDone | ResetChecklist):
        one = dropped == 1
        text += (
            f" {plural(dropped, 'ticked step')} no longer {'applies' if one else 'apply'} and "
            f"{'was' if one else 'were'} unticked."
        )
    return text


FINISHED = "Every step is done: enjoy the game!"


__all__ = [
    "FINISHED",
    "changed_notice",
    "confirm_words",
    "dropped_ticks",
    "errors_notice",
    "next_line",
    "seat_names",
]
