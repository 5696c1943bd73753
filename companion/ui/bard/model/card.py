"""A card of the Song tableau as the player sees it: its top and, below a Volume Cost, its
bottom half, each with Faction icons (or any-colour icons) and Coins.

The engine sings *sources* (:class:`~companion.engine.bard.IconSource`): icons spent together.
A card gives up to four: ``A`` (the top's icons), ``A-coins`` (the top's Coins), ``A-bottom``
and ``A-bottom-coins`` (the bottom half's, each unlocked with the card's Volume Cost).
:func:`cards_of` reads a tableau's sources back into cards, so the table keeps only sources
and every screen shows the same cards.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.bard import ANY, COIN, IconSource, facts
from companion.ui.bard.model.words import STONE, colour_name, plural

#: Letters name the cards of the tableau (``A``…``Z``).
LETTERS = string.ascii_uppercase
#: The picker's choices for a half's icons, Coins and a bottom half's Volume Cost.
ICON_CHOICES = (1, 2, 3, 4, 5, 6)
COIN_CHOICES = (0, 1, 2, 3)
_PARTS = ("", "coins", "bottom", "bottom-coins")


def _id(letter: str, part: str) -> str:
    return letter if not part else f"{letter}-{part}"


@dataclass(frozen=True)
class Card:
    """One card as entered. ``top`` is the colour of the top's icons (a faction or
    :data:`~companion.engine.bard.ANY`; None: the top shows Coins only); ``bottom`` likewise for
    the half below the Volume Cost (None: no bottom half, or Coins only there when
    ``bottom_coins``)."""

    letter: str
    top: str | None = "warrior"
    top_icons: int = 1
    top_coins: int = 0
    bottom: str | None = None
    bottom_icons: int = 1
    bottom_coins: int = 0
    volume: int = 1

    @property
    def has_bottom(self) -> bool:
        return self.bottom is not None or self.bottom_coins > 0

    def sources(self) -> tuple[IconSource, ...]:
        """The engine's sources for this card (checked: a bad count raises the engine's
        error naming it)."""
        out: list[IconSource] = []
        label = f"card {self.letter}"
        if self.top is not None:
            out.append(IconSource(self.letter, self.top, self.top_icons, label=label))
        if self.top_coins:
            out.append(IconSource(_id(self.letter, "coins"), COIN, self.top_coins, label=label))
        below = f"card {self.letter}, bottom"
        if self.bottom is not None:
            out.append(
                IconSource(
                    _id(self.letter, "bottom"),
                    self.bottom,
                    self.bottom_icons,
                    volume=self.volume,
                    label=below,
                )
            )
        if self.bottom_coins:
            out.append(
                IconSource(
                    _id(self.letter, "bottom-coins"),
                    COIN,
                    self.bottom_coins,
                    volume=self.volume,
                    label=below,
                )
            )
        return tuple(out)

    def describe(self) -> str:
        """``A: 2 Warrior icons`` / ``C: 1 Noble icon · bottom 2 Warrior icons (3 Volume)`` /
        ``D: 2 Coins``."""

        def half(colour: str | None, icons: int, coins: int) -> str:
            bits = []
            if colour is not None:
                word = "any-colour" if colour == ANY else colour_name(colour)
                bits.append(plural(icons, f"{word} icon"))
            if coins:
                bits.append(plural(coins, "Coin"))
            return " + ".join(bits) or "nothing"

        text = f"{self.letter}: {half(self.top, self.top_icons, self.top_coins)}"
        if self.has_bottom:
            text += (
                f" · bottom {half(self.bottom, self.bottom_icons, self.bottom_coins)} "
                f"({self.volume} Volume)"
            )
        return text

    # -- changes (each returns a new card) ---------------------------------------------------
    def with_top(self, colour: str | None) -> Card:
        """The top's colour (None: Coins only, at least one then); a new colour starts
        from 1 icon."""
        if colour == self.top:
            return self
        coins = self.top_coins if colour is not None else max(1, self.top_coins)
        return replace(self, top=colour, top_icons=1, top_coins=coins)

    def with_bottom(self, colour: str | None) -> Card:
        """A bottom half of ``colour`` icons (starting from 1, with a Volume Cost of 1 if it
        had none), or none at all."""
        if colour == self.bottom:
            return self
        if colour is None:
            return replace(self, bottom=None, bottom_icons=1, bottom_coins=0)
        volume = self.volume if self.has_bottom else 1
        return replace(self, bottom=colour, bottom_icons=1, volume=volume)

    def with_count(self, part: str, value: int) -> Card:
        """Set ``top_icons``, ``top_coins``, ``bottom_icons``, ``bottom_coins`` or
        ``volume``."""
        if part not in ("top_icons", "top_coins", "bottom_icons", "bottom_coins", "volume"):
            raise KeyError(part)
        changes: dict[str, Any] = {part: int(value)}
        card = replace(self, **changes)
        if card.top is None and card.top_coins == 0:  # a top shows something
            card = replace(card, top_coins=1)
        return card


def new_card(letter: str, colour: str) -> Card:
    """A card just added: 1 icon of ``colour`` on top (1 Coin for ``coin``), no bottom."""
    if colour == COIN:
        return Card(letter, top=None, top_coins=1)
    return Card(letter, top=colour)


def colours() -> tuple[str, ...]:
    """The colours a half may show, in the rulebook's order, then any colour."""
    return (*facts().faction_ids, ANY)


def free_letter(cards: Sequence[Card]) -> str:
    used = {c.letter for c in cards}
    for letter in LETTERS:
        if letter not in used:
            return letter
    raise ValueError(f"At most {len(LETTERS)} cards in one Song tableau")


def cards_of(sources: Iterable[IconSource]) -> list[Card]:
    """The tableau's sources as cards, in the order their cards first appear. A source that
    follows no card's naming (a song imported from the old screen) is a card of its own."""
    cards: dict[str, Card] = {}
    order: list[str] = []
    for s in sources:
        if s.id.startswith(STONE):
            continue
        letter = letter_of(s.id)
        part = "" if letter == s.id else s.id.partition("-")[2]
        card = cards.get(letter)
        if card is None:
            card = Card(letter, top=None, top_coins=0)
            order.append(letter)
        if part == "":
            if s.volume:  # an old-screen source below a Volume Cost: a bottom half
                card = replace(card, bottom=s.colour, bottom_icons=s.count, volume=s.volume)
            elif s.coin:
                card = replace(card, top_coins=s.count)
            else:
                card = replace(card, top=s.colour, top_icons=s.count)
        elif part == "coins":
            card = replace(card, top_coins=s.count)
        elif part == "bottom":
            card = replace(card, bottom=s.colour, bottom_icons=s.count, volume=s.volume)
        else:
            card = replace(card, bottom_coins=s.count, volume=s.volume)
        cards[letter] = card
    return [cards[letter] for letter in order]


def letter_of(source_id: str) -> str:
    """The card a source belongs to (its own id when it follows no card's naming)."""
    letter, _, part = source_id.partition("-")
    return letter if part in _PARTS and letter else source_id


def with_card(sources: Sequence[IconSource], card: Card) -> tuple[IconSource, ...]:
    """``sources`` with ``card``'s in place of that card's (at the end for a new card); the
    other cards' sources are kept exactly as they are."""
    out: list[IconSource] = []
    placed = False
    for s in sources:
        if s.id.startswith(STONE):
            continue
        if letter_of(s.id) == card.letter:
            if not placed:
                out.extend(card.sources())
                placed = True
            continue
        out.append(s)
    if not placed:
        out.extend(card.sources())
    return tuple(out)


def without_card(sources: Sequence[IconSource], letter: str) -> tuple[IconSource, ...]:
    """``sources`` without those of card ``letter`` (and without the Soundstones)."""
    return tuple(s for s in sources if not s.id.startswith(STONE) and letter_of(s.id) != letter)


def tableau(cards: Iterable[Card]) -> tuple[IconSource, ...]:
    """Every card's sources, in card order."""
    return tuple(s for card in cards for s in card.sources())


__all__ = [
    "COIN_CHOICES",
    "ICON_CHOICES",
    "LETTERS",
    "Card",
    "cards_of",
    "colours",
    "free_letter",
    "letter_of",
    "new_card",
    "tableau",
    "with_card",
    "without_card",
]
