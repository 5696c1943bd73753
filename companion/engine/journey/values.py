"""What cards are worth on the table: the value of a pair (after any Blight, under the
table's house rules) and what one action gained, each with its working shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from companion.engine.core.words import article, minus, sum_text
from companion.engine.journey.errors import JourneyError, RulesError
from companion.engine.journey.facts import is_blight, parse_rank, value_of
from companion.engine.journey.house import (
    BLIGHT_BONUS,
    BLIGHT_CHAIN,
    BLIGHT_LASTS,
    BLIGHT_NEGATES,
    LINKED_BLIGHTS,
    PAIR_VALUE,
    STANDARD,
    HouseRules,
)

_WORDS: Final = {2: "two", 3: "three", 4: "four", 5: "five"}


def points_text(points: int) -> str:
    """``1 point``, ``−1 point``, ``−9 points`` (one point either way is singular)."""
    return f"{minus(points)} point" + ("" if abs(points) == 1 else "s")


@dataclass(frozen=True)
class PairValue:
    """What a pair of cards is worth: ``card`` was played (or moved) beside ``other``.

    ``counts`` is what each card counted for, after any Blight; ``cancelled`` names the cards a
    Blight cancelled; ``working`` shows the arithmetic (``Blight beside 9: 8 + 0 = 8``).
    """

    card: str
    other: str
    counts: tuple[int, int]
    cancelled: tuple[str, ...]
    only_card: bool
    rulings: tuple[str, ...] = field(compare=False)

    @property
    def points(self) -> int:
        return self.counts[0] if self.only_card else sum(self.counts)

    @property
    def working(self) -> str:
        terms = [self.counts[0]] if self.only_card else list(self.counts)
        notes = []
        if self.cancelled:
            notes.append("Blight beside " + " and ".join(self.cancelled))
        elif is_blight(self.card) and is_blight(self.other):
            notes.append("two Blights")
        if self.only_card:
            notes.append("only the played card counts")
        arithmetic = sum_text(terms)
        return f"{', '.join(notes)}: {arithmetic}" if notes else arithmetic

    def __repr__(self) -> str:
        return f"PairValue({self.card!r}, {self.other!r}, points={self.points}, {self.working!r})"


def pair_value(
    card: str,
    other: str,
    *,
    card_beside_blight: bool = False,
    other_beside_blight: bool = False,
    linked: bool = False,
    rules: HouseRules = STANDARD,
) -> PairValue:
    """The value of the pair ``card`` (just played, or moved) makes with ``other``.

    ``card_beside_blight`` and ``other_beside_blight`` say whether each card sits beside a
    Blight that cancels it where it now lies (a Blight in the pair itself counts too);
    ``linked``, whether the pair's Blight is linked with two others or more. The readings:
    both values are added (:data:`PAIR_VALUE`), a Blight cancels its neighbours in every pair
    they make (:data:`BLIGHT_LASTS`), linked or not (:data:`LINKED_BLIGHTS`), and cancelled
    means 0 (:data:`BLIGHT_NEGATES`).
    """
    card, other = parse_rank(card), parse_rank(other)
    flags = {
        "card_beside_blight": card_beside_blight,
        "other_beside_blight": other_beside_blight,
        "linked": linked,
    }
    for name, flag in flags.items():
        if not isinstance(flag, bool):
            raise JourneyError(f"{name} {flag!r} must be True or False")
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules {rules!r} are not HouseRules")
    counts: list[int] = []
    cancelled: list[str] = []
    rulings = [PAIR_VALUE]
    spared = linked and rules.linked_blights_spare and (is_blight(card) or is_blight(other))
    if linked and (is_blight(card) != is_blight(other)):
        rulings.append(LINKED_BLIGHTS)
    blight_outside = False
    for this, that, beside in (
        (card, other, card_beside_blight),
        (other, card, other_beside_blight),
    ):
        value = value_of(this)
        hit_in_pair = is_blight(that) and not spared
        hit_from_outside = beside and not hit_in_pair
        if is_blight(this) or not (hit_in_pair or hit_from_outside):
            counts.append(value)
            continue
        blight_outside = blight_outside or hit_from_outside
        if hit_from_outside and rules.blight_pair_only:
            counts.append(value)
            continue
        counts.append(-value if rules.blight_minus else 0)
        cancelled.append(this)
    if blight_outside:
        rulings.append(BLIGHT_LASTS)
    if cancelled:
        rulings.append(BLIGHT_NEGATES)
    return PairValue(
        card=card,
        other=other,
        counts=(counts[0], counts[1]),
        cancelled=tuple(cancelled),
        only_card=rules.placed_card_only,
        rulings=tuple(rulings),
    )


@dataclass(frozen=True)
class Gain:
    """The points one action scored: its pairs, any Blight bonus, and the working.

    ``chain`` is the length of the run of Blights a Blight just played sits in (0 for any
    other card); ``bonus`` what linking that run paid.
    """

    pairs: tuple[PairValue, ...] = ()
    chain: int = 0
    bonus: int = 0
    note: str = ""

    @property
    def points(self) -> int:
        return sum(p.points for p in self.pairs) + self.bonus

    @property
    def working(self) -> str:
        """``8 + 9 = 17``; ``three Blights linked: 30``; ``new city: no pair``."""
        parts = [p.working for p in self.pairs if p.points or not self.bonus]
        if self.bonus:
            parts.append(f"{_WORDS.get(self.chain, str(self.chain))} Blights linked: {self.bonus}")
        if not parts:
            return self.note or "0"
        text = "; ".join(parts)
        if len(parts) > 1:
            terms = [p.points for p in self.pairs if p.points or not self.bonus]
            terms += [self.bonus] if self.bonus else []
            text += f"; in all {sum_text(terms)}"
        return text

    @property
    def rulings(self) -> tuple[str, ...]:
        found = [r for p in self.pairs for r in p.rulings]
        if self.chain:
            found.append(BLIGHT_CHAIN)
        if self.bonus:
            found.append(BLIGHT_BONUS)
        return tuple(dict.fromkeys(found))

    def __repr__(self) -> str:
        return f"Gain(points={self.points}, {self.working!r})"


def a_card(rank_: str) -> str:
    """``an 8``, ``a 9``, ``a K``."""
    return article(rank_)


__all__ = ["Gain", "PairValue", "a_card", "pair_value", "points_text", "sum_text"]
