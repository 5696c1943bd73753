"""Merchant's Journey's moves: start a city, place a card, swap two. Each is a small frozen
value that checks itself against a game (``verify``) and says what it does (``play``); its
saved form is its kind and its fields, read back by :func:`read_action`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from companion.engine.core import saves
from companion.engine.core.numbers import whole
from companion.engine.core.words import plural
from companion.engine.journey.errors import (
    CopiesError,
    GameOverError,
    RowError,
    SaveDataError,
    SwapError,
)
from companion.engine.journey.facts import (
    can_move,
    card_facts,
    facts,
    is_blight,
    is_ghorralands,
    link_bonus,
    parse_rank,
    swaps_when_played,
)
from companion.engine.journey.house import STANDARD, HouseRules
from companion.engine.journey.records import Card, PlayRecord, Record, SwapKind, SwapRecord
from companion.engine.journey.values import Gain, PairValue, pair_value

if TYPE_CHECKING:
    from companion.engine.journey.game import JourneyGame

SAVE_FORMAT: Final = "companion.journey.game"
SAVE_VERSION: Final = 1
#: The save format of a game (and of its actions): header, known fields, replay.
SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)

Side = Literal["left", "right"]
SIDES: Final[tuple[Side, ...]] = ("left", "right")


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move as saved: what was asked, not what came of it."""

    def verify(self, game: JourneyGame) -> Any:
        raise NotImplementedError

    def play(self, game: JourneyGame, checked: Any) -> tuple[JourneyGame, Record]:
        raise NotImplementedError


def _check_open(game: JourneyGame) -> None:
    if game.is_over:
        pile = "the hands are played out" if game.rules.play_out_hands else "the draw pile is empty"
        raise GameOverError(f"the game is over: {pile}")


def _check_copies(game: JourneyGame, rank: str, text: object) -> None:
    deck = facts().deck
    if game.on_table(rank) >= deck.copies_per_rank:
        raise CopiesError(
            f"every {rank} is on the table already: all {deck.copies_per_rank} of them "
            "(a standard deck has one per suit)"
        )


@dataclass(frozen=True)
class StartRow(Action):
    """Start a new city: ``rank`` becomes a row of its own (no pair, no points)."""

    kind: ClassVar[str] = "start_row"
    rank: str = field(metadata=saves.saved(read=parse_rank))

    def __repr__(self) -> str:
        return f"StartRow({self.rank!r})"

    def verify(self, game: JourneyGame) -> str:
        """The rank as the engine writes it; raises why it cannot start a new city."""
        _check_open(game)
        parsed = parse_rank(self.rank)
        _check_copies(game, parsed, self.rank)
        return parsed

    def play(self, game: JourneyGame, checked: str) -> tuple[JourneyGame, PlayRecord]:
        rank = checked
        played = Card(game.placements + 1, rank, game.active)
        record = PlayRecord(
            action=StartRow(rank),
            player=game.active,
            gain=Gain(note="new city: no pair"),
            card=played,
            row=len(game.rows),
            beside=None,
            before=game,
        )
        return replace(game, rows=(*game.rows, (played,)), swappable=None), record


@dataclass(frozen=True)
class Place(Action):
    """Connect ``rank`` to the ``side`` end of row ``row`` (rows count from 0): the active
    player gains the value of the pair, and 30 or 50 if it links three or four Blights."""

    kind: ClassVar[str] = "place"
    rank: str = field(metadata=saves.saved(read=parse_rank))
    row: int
    side: Side

    def __repr__(self) -> str:
        return f"Place({self.rank!r}, row={self.row}, side={self.side!r})"

    def verify(self, game: JourneyGame) -> tuple[Place, tuple[Card, ...], int, Gain]:
        """The placement as the engine writes it, the row after it, where the card lands
        and what it gains; raises why it is not allowed (the game over, an unknown card or
        row, a fifth copy)."""
        _check_open(game)
        rank = parse_rank(self.rank)
        index = whole(self.row, "row", RowError)
        if not 0 <= index < len(game.rows):
            have = plural(len(game.rows), "row") if game.rows else "no rows yet"
            raise RowError(f"there is no row {index + 1} on the table ({have})")
        if self.side not in SIDES:
            raise RowError(f"a card goes on the left or the right of a row, not {self.side}")
        _check_copies(game, rank, self.rank)
        side: Side = "left" if self.side == "left" else "right"
        card = Card(game.placements + 1, rank, game.active)
        row = game.rows[index]
        cards = (card, *row) if side == "left" else (*row, card)
        at = 0 if side == "left" else len(cards) - 1
        near = 1 if side == "left" else len(cards) - 2
        pair = pair_value(
            rank,
            cards[near].rank,
            card_beside_blight=beside_blight(cards, at, game.rules),
            other_beside_blight=beside_blight(cards, near, game.rules),
            linked=_linked(cards, at, near),
            rules=game.rules,
        )
        chain = _chain(cards, at) if is_blight(rank) else 0
        gain = Gain(pairs=(pair,), chain=chain, bonus=link_bonus(chain))
        return Place(rank, index, side), cards, at, gain

    def play(
        self, game: JourneyGame, checked: tuple[Place, tuple[Card, ...], int, Gain]
    ) -> tuple[JourneyGame, PlayRecord]:
        action, cards, at, gain = checked
        played = cards[at]
        player = game.active
        scores = list(game.scores)
        scores[game.seat_of(player)] += gain.points
        record = PlayRecord(
            action=action,
            player=player,
            gain=gain,
            card=played,
            row=action.row,
            beside=cards[1 if action.side == "left" else len(cards) - 2],
            before=game,
        )
        rows = (*game.rows[: action.row], cards, *game.rows[action.row + 1 :])
        # Whether it may move that neighbour is checked when the swap is asked for, so the
        # refusal can say why (a 10 never moves the Okkrgoth).
        swappable = played.id if swaps_when_played(action.rank) else None
        return replace(game, rows=rows, scores=tuple(scores), swappable=swappable), record


@dataclass(frozen=True)
class Swap(Action):
    """Cards ``card`` and ``other`` (ids) trade places: a 10 or 5 just played with the card it
    was placed beside, or a Ghorralands switch (``card`` is the 6 of the player switching).
    Scores already gained stand; under the :data:`SWAP_SCORES` house rule the player scores
    the new pairs of a 10 or 5 moved as it is played. A Ghorralands switch scores nothing under
    either reading (ruling :data:`GHORRALANDS`: both cards are 6s, so scores stand)."""

    kind: ClassVar[str] = "swap"
    card: int
    other: int

    def __repr__(self) -> str:
        return f"Swap({self.card}, {self.other})"

    def verify(self, game: JourneyGame) -> SwapKind:
        """Which swap this would be, or why the rules forbid it."""
        card_id = whole(self.card, "card", SwapError)
        other_id = whole(self.other, "other card", SwapError)
        mover, target = game.card(card_id), game.card(other_id)
        if card_id == other_id:
            raise SwapError(f"card {self.card!r} cannot trade places with itself")
        if swaps_when_played(mover.rank):
            if game.swappable != card_id:
                raise SwapError(
                    f"card {self.card!r} ({mover.rank}) may trade places only right after it "
                    "is played, before anything else happens, and only if it was placed beside "
                    "a card"
                )
            r, i = game.where(card_id)
            cards = game.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if other_id != neighbour.id:
                raise SwapError(
                    f"card {self.card!r} ({mover.rank}) can trade places only with card "
                    f"{neighbour.id} ({neighbour.rank}), the card it was placed beside, "
                    f"not card {self.other!r}"
                )
            if not can_move(mover.rank, target.rank):
                movers = " or ".join(card_facts(target.rank).moved_only_by) or "nothing"
                raise SwapError(
                    f"card {self.other!r} ({target.rank}, "
                    f"{card_facts(target.rank).civilization}) can be moved only by a {movers}"
                )
            return "played"
        if is_ghorralands(mover.rank):
            if not is_ghorralands(target.rank):
                raise SwapError(
                    f"card {self.card!r} (a 6) can switch only with another 6, not card "
                    f"{self.other!r} ({target.rank})"
                )
            if game.is_over:
                raise GameOverError("the game is over: no more switches")
            if mover.by in game.switched:
                raise SwapError(
                    f"{mover.by} has already switched a Ghorralands card in this game "
                    f"(card {self.card!r} is theirs)"
                )
            return "ghorralands"
        raise SwapError(
            f"card {self.card!r} ({mover.rank}) cannot move: only a 10 or 5 just played, or a 6 "
            "switched with another 6, trades places"
        )

    def play(self, game: JourneyGame, checked: SwapKind) -> tuple[JourneyGame, SwapRecord]:
        kind = checked
        mover, target = game.card(self.card), game.card(self.other)
        (r1, i1), (r2, i2) = game.where(self.card), game.where(self.other)
        before_ids = {c.id for j, c in enumerate(game.rows[r1]) if abs(j - i1) == 1}
        rows = [list(row) for row in game.rows]
        rows[r1][i1], rows[r2][i2] = target, mover
        new_rows = tuple(tuple(row) for row in rows)
        player = mover.by
        pairs: list[PairValue] = []
        if game.rules.swap_scores and kind == "played":
            cards = new_rows[r2]
            for j in (i2 - 1, i2 + 1):
                if 0 <= j < len(cards) and cards[j].id not in before_ids:
                    pairs.append(
                        pair_value(
                            mover.rank,
                            cards[j].rank,
                            card_beside_blight=beside_blight(cards, i2, game.rules),
                            other_beside_blight=beside_blight(cards, j, game.rules),
                            linked=_linked(cards, i2, j),
                            rules=game.rules,
                        )
                    )
        gain = Gain(pairs=tuple(pairs), note="scores stand: a swap makes no new pair")
        scores = list(game.scores)
        scores[game.seat_of(player)] += gain.points
        record = SwapRecord(
            action=Swap(self.card, self.other),
            player=player,
            gain=gain,
            swap=kind,
            moved=mover,
            other=target,
            before=game,
        )
        switched = game.switched | {player} if kind == "ghorralands" else game.switched
        after = replace(
            game, rows=new_rows, scores=tuple(scores), switched=switched, swappable=None
        )
        return after, record


@dataclass(frozen=True)
class SwapOption:
    """A swap the rules allow now, for a screen to offer (``Swap(card.id, other.id)``)."""

    kind: SwapKind
    card: Card
    other: Card
    player: str

    @property
    def action(self) -> Swap:
        return Swap(self.card.id, self.other.id)


ACTIONS: Final = (StartRow, Place, Swap)


def read_action(raw: object) -> Action:
    """An action back from its saved form (``Place("8", row=0, side="left")``); raises
    :class:`SaveDataError` naming the field."""
    return SAVE.read_action(raw, ACTIONS)


def beside_blight(cards: tuple[Card, ...], position: int, rules: HouseRules = STANDARD) -> bool:
    """Whether the card at ``position`` of a row has a Blight next to it that cancels it (under
    the house rule :data:`LINKED_BLIGHTS`, a Blight linked with two others or more does not)."""
    spare = rules.linked_blights_spare
    return any(
        0 <= j < len(cards) and is_blight(cards[j].rank) and not (spare and _chain(cards, j) >= 3)
        for j in (position - 1, position + 1)
    )


def _linked(cards: tuple[Card, ...], card: int, other: int) -> bool:
    """Whether the pair of the cards at ``card`` and ``other`` holds a Blight linked with two
    others or more."""
    return any(is_blight(cards[k].rank) and _chain(cards, k) >= 3 for k in (card, other))


def _chain(cards: tuple[Card, ...], position: int) -> int:
    """Length of the unbroken run of Blights through ``position``."""
    lo = hi = position
    while lo > 0 and is_blight(cards[lo - 1].rank):
        lo -= 1
    while hi < len(cards) - 1 and is_blight(cards[hi + 1].rank):
        hi += 1
    return hi - lo + 1


__all__ = [
    "ACTIONS",
    "SAVE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SIDES",
    "Action",
    "Place",
    "Side",
    "StartRow",
    "Swap",
    "SwapKind",
    "SwapOption",
    "beside_blight",
    "read_action",
]
