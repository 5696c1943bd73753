"""The game: :class:`JourneyGame`, the table as it stands (players, rows, scores, the log),
and the final standings. Its moves are the actions of :mod:`~companion.engine.journey.actions`,
applied by :meth:`~companion.engine.core.saves.SavedGame.apply`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.engine.core import saves
from companion.engine.core.numbers import whole
from companion.engine.core.players import check_seat_names
from companion.engine.core.standings import Entry, Standing, TieBreak, rank
from companion.engine.journey.actions import (
    SAVE,
    Action,
    Place,
    StartRow,
    Swap,
    SwapOption,
    beside_blight,
    read_action,
)
from companion.engine.journey.errors import (
    CopiesError,
    GameOverError,
    JourneyError,
    RowError,
    RulesError,
    SaveDataError,
    SeatError,
    SwapError,
    UnknownCardError,
)
from companion.engine.journey.facts import (
    check_player_count,
    draw_pile_size,
    facts,
    is_ghorralands,
    parse_rank,
)
from companion.engine.journey.house import (
    MOST_PAIRS,
    STANDARD,
    HouseRules,
)
from companion.engine.journey.records import Card, Record
from companion.engine.journey.values import Gain, sum_text


@dataclass(frozen=True)
class JourneyGame(saves.SavedGame):
    """The table: players in seat order, who went first, the rows, scores and the log.

    An immutable value: copies are the value itself; pickling goes through the save format.
    """

    action_type: ClassVar[type[saves.Action]] = Action
    error: ClassVar[type[ValueError]] = JourneyError

    players: tuple[str, ...]
    first: int = 0
    rules: HouseRules = STANDARD
    rows: tuple[tuple[Card, ...], ...] = ()
    scores: tuple[int, ...] = ()
    switched: frozenset[str] = frozenset()  # players who used their Ghorralands switch
    swappable: int | None = None  # the 10 or 5 just played, while it may still swap
    log: tuple[Record, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, str) or not isinstance(self.players, Iterable):
            raise SeatError(f"players {self.players!r} must be a list of names")
        for name in self.players:
            if not isinstance(name, str):
                raise SeatError(f"player {name!r} must be a name")
        players = check_seat_names(list(self.players), SeatError)
        check_player_count(len(players))
        first = whole(self.first, "first player seat", SeatError)
        if not 0 <= first < len(players):
            raise SeatError(f"first player seat {first!r} is not one of the {len(players)} seats")
        if not isinstance(self.rules, HouseRules):
            raise RulesError(f"rules {self.rules!r} are not HouseRules")
        scores = tuple(self.scores) or (0,) * len(players)
        if len(scores) != len(players):
            raise SeatError(f"scores {scores!r} do not match {len(players)} players")
        rows = tuple(tuple(row) for row in self.rows)
        _check_table(rows, players)
        switched = frozenset(self.switched)
        for name in sorted(switched - set(players), key=repr):
            raise SeatError(f"{name!r} switched a Ghorralands card but is not seated")
        if self.swappable is not None and not any(c.id == self.swappable for r in rows for c in r):
            raise SwapError(f"card {self.swappable!r} may swap but is not on the table")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "switched", switched)

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        first: int | str = 0,
        rules: HouseRules = STANDARD,
    ) -> JourneyGame:
        """A game before the first turn. ``first`` is a seat index or a player's name."""
        if isinstance(first, str):
            names = [p.strip() for p in players] if not isinstance(players, str) else []
            if first.strip() not in names:
                raise SeatError(f"first player {first!r} is not seated")
            first = names.index(first.strip())
        return cls(players=tuple(players), first=first, rules=rules)

    # -- reading the table --------------------------------------------------------------------

    @property
    def placements(self) -> int:
        """Cards on the table, which is also the number of turns played."""
        return sum(len(row) for row in self.rows)

    @property
    def turn(self) -> int:
        """The turn being played, from 1 (after the last turn: one past it)."""
        return self.placements + 1

    @property
    def active(self) -> str:
        """Whose turn it is: play goes round the seats from the first player."""
        return self.players[(self.first + self.placements) % len(self.players)]

    @property
    def current_player(self) -> str:
        return self.active

    @property
    def next_player(self) -> str:
        return self.players[(self.first + self.placements + 1) % len(self.players)]

    @property
    def pile_size(self) -> int:
        return draw_pile_size(len(self.players))

    @property
    def pile_left(self) -> int:
        """Cards in the draw pile as the active player's turn begins (before they draw)."""
        return max(0, self.pile_size - self.placements)

    @property
    def in_hands(self) -> int:
        """Cards in all hands together at the start of the active player's turn."""
        dealt = facts().deck.hand * len(self.players)
        return dealt - max(0, self.placements - self.pile_size)

    @property
    def turns_total(self) -> int:
        """One card a turn: the draw pile's size, or every card when hands are played out."""
        return facts().deck.size if self.rules.play_out_hands else self.pile_size

    @property
    def turns_left(self) -> int:
        return max(0, self.turns_total - self.placements)

    @property
    def is_over(self) -> bool:
        return self.placements >= self.turns_total

    def seat_of(self, name: str) -> int:
        if name not in self.players:
            raise SeatError(f"player {name!r} is not seated")
        return self.players.index(name)

    def score(self, name: str) -> int:
        return self.scores[self.seat_of(name)]

    def gains(self, name: str) -> tuple[Record, ...]:
        """The actions of ``name`` that scored (or could have: every pair they made)."""
        self.seat_of(name)
        return tuple(r for r in self.log if r.player == name and (r.gain.pairs or r.gain.bonus))

    def pairs_made(self, name: str) -> int:
        return sum(len(r.gain.pairs) for r in self.gains(name))

    def breakdown(self, name: str) -> tuple[int, int]:
        """``(points from pairs, Blight bonuses)`` of ``name``."""
        records = self.gains(name)
        bonus = sum(r.gain.bonus for r in records)
        return sum(r.gain.points for r in records) - bonus, bonus

    def score_working(self, name: str) -> str:
        """``17 + 8 + 30 = 55``: a player's total as the sum of what each action scored."""
        terms = [r.gain.points for r in self.gains(name)]
        if not terms:
            return "0"
        return sum_text(terms) if len(terms) > 1 else str(terms[0])

    def on_table(self, rank_: str) -> int:
        return sum(1 for row in self.rows for c in row if c.rank == rank_)

    def copies_left(self, rank_: str) -> int:
        """Cards of ``rank_`` not yet on the table (4 in the deck, one per suit)."""
        return facts().deck.copies_per_rank - self.on_table(parse_rank(rank_))

    def cards(self) -> Iterator[Card]:
        for row in self.rows:
            yield from row

    def where(self, card_id: int) -> tuple[int, int]:
        """``(row, position)`` of the card with id ``card_id``."""
        whole(card_id, "card", SwapError)
        for r, row in enumerate(self.rows):
            for i, c in enumerate(row):
                if c.id == card_id:
                    return r, i
        raise SwapError(f"card {card_id!r} is not on the table")

    def card(self, card_id: int) -> Card:
        r, i = self.where(card_id)
        return self.rows[r][i]

    def beside_blight(self, row: int, position: int) -> bool:
        """Whether the card at ``position`` of ``row`` has a Blight next to it."""
        return beside_blight(self.rows[row], position, self.rules)

    # -- moves (each is an action: see :mod:`~companion.engine.journey.actions`) ---------------

    def start_row(self, card: object) -> tuple[JourneyGame, Record]:
        """The active player starts a new city with ``card`` (a rank)."""
        return self.apply(StartRow(card))  # type: ignore[arg-type]  # the action checks it

    def place(self, card: object, row: object, side: object) -> tuple[JourneyGame, Record]:
        """The active player connects ``card`` (a rank) to the ``side`` end of ``row``."""
        return self.apply(Place(card, row, side))  # type: ignore[arg-type]

    def swap(self, card: object, other: object) -> tuple[JourneyGame, Record]:
        """Cards ``card`` and ``other`` (ids) trade places."""
        return self.apply(Swap(card, other))  # type: ignore[arg-type]

    def preview_place(self, card: object, row: object, side: object) -> Gain:
        """What :meth:`place` would score, without playing the card."""
        return self.verify(Place(card, row, side))[3]  # type: ignore[arg-type, no-any-return]

    def legal_swaps(self) -> tuple[SwapOption, ...]:
        """Every swap allowed now: the 10 or 5 just played, then each Ghorralands switch."""
        options: list[SwapOption] = []
        if self.swappable is not None:
            r, i = self.where(self.swappable)
            cards = self.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if self.can_apply(Swap(self.swappable, neighbour.id)):
                mover = cards[i]
                options.append(SwapOption("played", mover, neighbour, mover.by))
        sixes = [c for c in self.cards() if is_ghorralands(c.rank)]
        for six in sixes:
            for other in sixes:
                if other.id != six.id and self.can_apply(Swap(six.id, other.id)):
                    options.append(SwapOption("ghorralands", six, other, six.by))
        return tuple(options)

    # -- any action, undo, house rules --------------------------------------------------------

    def with_rules(self, rules: HouseRules) -> JourneyGame:
        """The same game scored from its start under other house rules (the log is replayed,
        so an action the new rules forbid raises and nothing changes)."""
        if not isinstance(rules, HouseRules):
            raise RulesError(f"rules {rules!r} are not HouseRules")
        return self.replayed(replace(self.start, rules=rules, log=()))

    def standings(self) -> list[Standing]:
        """Players best first; ties shared, or broken by most pairs under :data:`TIES`."""
        breakers = (TieBreak(MOST_PAIRS, True),) if self.rules.most_pairs_breaks_ties else ()
        entries = [
            Entry(
                name,
                self.scores[i],
                (self.pairs_made(name),) if breakers else (),
            )
            for i, name in enumerate(self.players)
        ]
        return rank(entries, highest_wins=True, tiebreaks=breakers)

    # -- saving -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, versioned: the players, the house rules and every action."""
        start = self.start
        return {
            **SAVE.header(),
            "players": list(start.players),
            "first": start.first,
            "rules": start.rules.to_list(),
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> JourneyGame:
        """Read a save back by replaying it; a bad save raises :class:`SaveDataError` naming
        the path of the first bad field (``actions[3].row``)."""
        data = SAVE.check_header(data)
        SAVE.known(data, "", {"format", "version", "players", "first", "rules", "actions"})
        players = data.get("players")
        if not isinstance(players, list):
            raise SaveDataError(f"players: {players!r} must be a list of names")
        rules_raw = data.get("rules", [])
        if not isinstance(rules_raw, list):
            raise SaveDataError(f"rules: {rules_raw!r} must be a list of ruling ids")
        with SAVE.at("rules"):
            rules = HouseRules(frozenset(rules_raw))
        with SAVE.at("players"):
            game = cls.new(players, first=whole(data.get("first", 0), "first", SeatError),
                           rules=rules)  # fmt: skip
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions: {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)


def final_scores(game: JourneyGame) -> list[Standing]:
    """The final standings once the game is over (highest total wins; see :data:`TIES`)."""
    if not isinstance(game, JourneyGame):
        raise JourneyError(f"{game!r} is not a JourneyGame")
    if not game.is_over:
        raise GameOverError(
            f"the game is not over: {game.turns_left} of {game.turns_total} turns to play"
        )
    return game.standings()


# -- helpers ---------------------------------------------------------------------------------------


def _check_table(rows: tuple[tuple[Card, ...], ...], players: Sequence[str]) -> None:
    """Rows of real cards: known ranks, seated players, no id twice, at most four a rank."""
    seen: set[int] = set()
    counts: dict[str, int] = {}
    copies = facts().deck.copies_per_rank
    for r, row in enumerate(rows):
        if not row:
            raise RowError(f"row {r!r} is empty")
        for card in row:
            if not isinstance(card, Card):
                raise RowError(f"{card!r} in row {r!r} is not a Card")
            if parse_rank(card.rank) != card.rank:
                raise UnknownCardError(
                    f"card {card!r}: rank must be written {parse_rank(card.rank)!r}"
                )
            if card.by not in players:
                raise SeatError(f"card {card!r}: {card.by!r} is not seated")
            if card.id in seen:
                raise RowError(f"card id {card.id!r} is on the table twice")
            seen.add(card.id)
            counts[card.rank] = counts.get(card.rank, 0) + 1
            if counts[card.rank] > copies:
                raise CopiesError(f"more than {copies} cards of rank {card.rank!r} on the table")


__all__ = ["JourneyGame", "final_scores"]
