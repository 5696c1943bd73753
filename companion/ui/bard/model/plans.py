""" "Best song": the planner's answer as the screen shows it, one card per plan.

:func:`best_songs` asks :func:`companion.engine.bard.plan` for the best songs from where the
song stands, with this device's goals; when no song meets every goal it asks again for the
songs that meet the most, and says so. Each :class:`PlanCard` lays a plan out location by
location (what is spent there, the gold with its working, what it takes), with what it gains
or gives up against the best and which rule of the ranking put it ahead of the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.engine.bard import (
    BardError,
    Boasted,
    Goals,
    Performed,
    Plan,
    Song,
    Table,
    plan,
)
from companion.ui.bard.model import why
from companion.ui.bard.model.words import plural, source_label

#: How many plans a card list shows: the best and two alternatives.
TOP = 3

#: Why a plan ranks above the next one, for each of the planner's ranking rules.
REASONS = {
    "goals met": "it meets more of your goals",
    "Runes placed (goal)": "it places more Runes, as you asked",
    "gold": "it earns more gold",
    "Runes placed": "the same gold, and it places more Runes",
    "fans gained": "the same gold and Runes, and it gains more fans",
    "Volume kept": "the same gold, Runes and fans, and it keeps more Volume",
    "Soundstones kept": "the same on every count but Soundstones: it keeps more",
    "a Creature card": "the same on every other count, and it takes a Creature card",
    "order": "it is as good on every count; it sings at fewer locations, in board order",
}


@dataclass(frozen=True)
class PlanStop:
    """One location of a plan: ``spent`` the sources spent there, ``headline`` its gold (or
    what it takes, at a hall or the Town Square), ``working`` how the number comes."""

    number: int
    name: str
    spent: str
    headline: str
    working: tuple[str, ...]
    rewards: tuple[str, ...]
    why: why.Why


@dataclass(frozen=True)
class PlanCard:
    rank: int  # 1: the best
    title: str
    gold: str  # "32 gold" (after paying for cards)
    gold_working: str
    stops: tuple[PlanStop, ...]
    boast: str | None
    kept: str
    changes: str | None  # against the best: "−6 gold, +1 fan"
    ahead: str | None  # why it ranks above the next one shown
    goals_met: tuple[str, ...]
    goals_missed: tuple[str, ...]
    plan: Plan


@dataclass(frozen=True)
class Answer:
    cards: tuple[PlanCard, ...]
    note: str | None = None  # when the plans shown do not meet every goal, or none exists
    strict: bool = True


def best_songs(song: Song, table: Table, goals: Goals, *, top: int = TOP) -> Answer:
    """The best ``top`` songs from ``song`` on ``table``, as cards."""
    try:
        plans = plan(song, table, top=top, goals=goals)
        note = None
        strict = True
        if not plans and goals.count + goals.most_runes:
            plans = plan(song, table, top=top, goals=replace(goals, strict=False))
            note = "No song meets every goal: these meet the most."
            strict = False
    except BardError as exc:
        return Answer((), f"No plan: {exc}", False)
    if not plans:
        return Answer((), "Nothing is left to sing: no location and no Boast.")
    cards = tuple(plan_card(p, i, song) for i, p in enumerate(plans, start=1))
    if len(cards) == 1 and not cards[0].stops and not cards[0].boast:
        note = "No location is left to sing at: the best song keeps what it has."
    return Answer(cards, note, strict)


def plan_card(p: Plan, rank: int, song: Song) -> PlanCard:
    records = [r for r in p.records if isinstance(r, Performed)]
    by_id = {s.id: s for s in song.sources}
    stops = []
    for offset, record in enumerate(records, start=1):
        spent = ", ".join(source_label(by_id[i]) for i in record.spent) or "nothing"
        if (
            record.gold.value
            or record.location.startswith("pier")
            or record.location == ("dragon_island")
        ):
            headline = f"{record.gold.value} gold"
        else:
            headline = ", ".join(record.rewards) or "nothing"
            headline = headline[:1].upper() + headline[1:]
        rewards = tuple(r for r in record.rewards if r.lower() not in headline.lower())
        stops.append(
            PlanStop(
                number=len(song.visited) + offset,
                name=record.name,
                spent=spent,
                headline=headline,
                working=record.lines,
                rewards=rewards,
                why=why.of_record(record),
            )
        )
    boasts = [r for r in p.records if isinstance(r, Boasted)]
    boast = None
    if boasts:
        b = boasts[0]
        boast = (
            f"Then Boast: {b.volume} Volume, {plural(b.creatures, 'Creature card')} activated"
            if b.creatures
            else f"Then Boast: {b.volume} Volume (no Creature card to activate)"
        )
    golds = [r.gold.value for r in records if r.gold.value]
    earned = " + ".join(map(str, golds)) + f" = {p.gold} gold" if len(golds) > 1 else ""
    if p.paid:
        gold_working = f"{p.gold} earned − {p.paid} for {plural(p.cards, 'card')} = {p.net} gold"
    else:
        gold_working = earned or f"{p.net} gold"
    bits = [plural(p.volume_left, "Volume", "Volume"), plural(p.soundstones_left, "Soundstone")]
    kept = "Keeps " + " and ".join(bits)
    title = "Best song" if rank == 1 else f"Option {rank}"
    return PlanCard(
        rank=rank,
        title=title,
        gold=f"{p.net} gold",
        gold_working=gold_working,
        stops=tuple(stops),
        boast=boast,
        kept=kept,
        changes=", ".join(p.changes) if p.changes else None,
        ahead=(
            f"Ranked above option {rank + 1}: {REASONS.get(p.decided_by, p.decided_by)}."
            if p.decided_by is not None
            else None
        ),
        goals_met=p.goals_met,
        goals_missed=p.goals_missed,
        plan=p,
    )


def summary(cards: Sequence[PlanCard]) -> str:
    """One line for the folded panel: ``Best: 32 gold at Warrior Hall, …``."""
    if not cards:
        return "No plan"
    return f"Best: {cards[0].plan.summary}"


__all__ = ["REASONS", "TOP", "Answer", "PlanCard", "PlanStop", "best_songs", "plan_card", "summary"]
