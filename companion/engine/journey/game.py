"""The game: :class:`JourneyGame`, the table as it stands (players, rows, scores, the log),
with every move as verify/can/do; the final standings; and Merchant's Journey on a shared
table (:data:`TABLE_RULES`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from companion.engine import saves
from companion.engine.journey.actions import (
    SAVE,
    SIDES,
    Action,
    Card,
    Place,
    PlayRecord,
    Record,
    Side,
    StartRow,
    Swap,
    SwapKind,
    SwapOption,
    SwapRecord,
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
    whole,
)
from companion.engine.journey.facts import (
    can_move,
    card_facts,
    check_player_count,
    draw_pile_size,
    facts,
    is_blight,
    is_ghorralands,
    link_bonus,
    parse_rank,
    swaps_when_played,
)
from companion.engine.journey.house import (
    MOST_PAIRS,
    STANDARD,
    HouseRules,
)
from companion.engine.journey.values import Gain, PairValue, a_card, pair_value, sum_text
from companion.engine.protocol import TableRules, passes
from companion.engine.seats import TableError, check_seat_names
from companion.engine.standings import Entry, Standing, TieBreak, rank


@dataclass(frozen=True)
class JourneyGame(saves.SavedGame):
    """The table: players in seat order, who went first, the rows, scores and the log.

    An immutable value: copies are the value itself; pickling goes through the save format.
    """

    undo_error: ClassVar[type[ValueError]] = JourneyError

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
        try:
            players = check_seat_names(list(self.players))
        except TableError as exc:
            raise SeatError(str(exc)) from None
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
        cards = self.rows[row]
        return _beside_blight(cards, position)

    # -- starting a new city ------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.is_over:
            pile = "the hands are played out" if self.rules.play_out_hands else "draw pile is empty"
            raise GameOverError(f"the game is over: the {pile}")

    def _check_copies(self, rank_: str, text: object) -> None:
        deck = facts().deck
        if self.on_table(rank_) >= deck.copies_per_rank:
            raise CopiesError(
                f"card {text!r}: all {deck.copies_per_rank} are already on the table "
                "(a standard deck has one per suit)"
            )

    def verify_start_row(self, card: object) -> str:
        """The rank as the engine writes it; raises why ``card`` cannot start a new city."""
        self._check_open()
        parsed = parse_rank(card)
        self._check_copies(parsed, card)
        return parsed

    def can_start_row(self, card: object) -> bool:
        return passes(lambda: self.verify_start_row(card), JourneyError)

    def start_row(self, card: object) -> tuple[JourneyGame, PlayRecord]:
        """The active player starts a new city with ``card`` (a rank): no pair, no points."""
        parsed = self.verify_start_row(card)
        played = Card(self.placements + 1, parsed, self.active)
        rows = (*self.rows, (played,))
        record = PlayRecord(
            action=StartRow(parsed),
            player=self.active,
            gain=Gain(note="new city: no pair"),
            card=played,
            row=len(self.rows),
            beside=None,
            before=self,
        )
        game = replace(self, rows=rows, swappable=None, log=(*self.log, record))
        return game, record

    # -- connecting a card to a row -----------------------------------------------------------

    def verify_place(self, card: object, row: object, side: object) -> tuple[str, int, Side]:
        """``(rank, row, side)`` as the engine writes them; raises why the placement is not
        allowed (the game over, an unknown card or row, a fifth copy)."""
        self._check_open()
        parsed = parse_rank(card)
        index = whole(row, "row", RowError)
        if not 0 <= index < len(self.rows):
            have = f"{len(self.rows)} rows" if self.rows else "no rows yet"
            raise RowError(f"row {row!r} is not on the table ({have}; rows count from 0)")
        if side not in SIDES:
            raise RowError(f"side {side!r} must be 'left' or 'right'")
        self._check_copies(parsed, card)
        return parsed, index, "left" if side == "left" else "right"

    def can_place(self, card: object, row: object, side: object) -> bool:
        return passes(lambda: self.verify_place(card, row, side), JourneyError)

    def _placed(self, rank_: str, row: int, side: Side) -> tuple[tuple[Card, ...], int, Gain]:
        card = Card(self.placements + 1, rank_, self.active)
        cards = (card, *self.rows[row]) if side == "left" else (*self.rows[row], card)
        at = 0 if side == "left" else len(cards) - 1
        near = 1 if side == "left" else len(cards) - 2
        pair = pair_value(
            rank_,
            cards[near].rank,
            card_beside_blight=_beside_blight(cards, at),
            other_beside_blight=_beside_blight(cards, near),
            rules=self.rules,
        )
        chain = _chain(cards, at) if is_blight(rank_) else 0
        bonus = link_bonus(chain)
        return cards, at, Gain(pairs=(pair,), chain=chain, bonus=bonus)

    def preview_place(self, card: object, row: object, side: object) -> Gain:
        """What :meth:`place` would score, without playing the card."""
        parsed, index, where = self.verify_place(card, row, side)
        return self._placed(parsed, index, where)[2]

    def place(self, card: object, row: object, side: object) -> tuple[JourneyGame, PlayRecord]:
        """The active player connects ``card`` (a rank) to the ``side`` end of ``row`` (from 0)
        and gains the value of the pair (and 30 or 50 if it links three or four Blights)."""
        parsed, index, where = self.verify_place(card, row, side)
        cards, at, gain = self._placed(parsed, index, where)
        played = cards[at]
        beside = cards[1 if where == "left" else len(cards) - 2]
        player = self.active
        seat = self.seat_of(player)
        scores = list(self.scores)
        scores[seat] += gain.points
        rows = (*self.rows[:index], cards, *self.rows[index + 1 :])
        record = PlayRecord(
            action=Place(parsed, index, where),
            player=player,
            gain=gain,
            card=played,
            row=index,
            beside=beside,
            before=self,
        )
        # Whether it may move that neighbour is checked when the swap is asked for, so the
        # refusal can say why (a 10 never moves the Okkrgoth).
        swappable = played.id if swaps_when_played(parsed) else None
        game = replace(
            self,
            rows=rows,
            scores=tuple(scores),
            swappable=swappable,
            log=(*self.log, record),
        )
        return game, record

    # -- swaps --------------------------------------------------------------------------------

    def verify_swap(self, card: object, other: object) -> SwapKind:
        """Which swap ``Swap(card, other)`` would be, or why the rules forbid it."""
        card_id = whole(card, "card", SwapError)
        other_id = whole(other, "other card", SwapError)
        mover, target = self.card(card_id), self.card(other_id)
        if card_id == other_id:
            raise SwapError(f"card {card!r} cannot trade places with itself")
        if swaps_when_played(mover.rank):
            if self.swappable != card_id:
                raise SwapError(
                    f"card {card!r} ({mover.rank}) may trade places only right after it is "
                    "played, before anything else happens, and only if it was placed beside a card"
                )
            r, i = self.where(card_id)
            cards = self.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if other_id != neighbour.id:
                raise SwapError(
                    f"card {card!r} ({mover.rank}) can trade places only with card "
                    f"{neighbour.id} ({neighbour.rank}), the card it was placed beside, "
                    f"not card {other!r}"
                )
            if not can_move(mover.rank, target.rank):
                movers = " or ".join(card_facts(target.rank).moved_only_by) or "nothing"
                raise SwapError(
                    f"card {other!r} ({target.rank}, {card_facts(target.rank).civilization}) "
                    f"can be moved only by a {movers}"
                )
            return "played"
        if is_ghorralands(mover.rank):
            if not is_ghorralands(target.rank):
                raise SwapError(
                    f"card {card!r} (a 6) can switch only with another 6, not card {other!r} "
                    f"({target.rank})"
                )
            if self.is_over:
                raise GameOverError("the game is over: no more switches")
            if mover.by in self.switched:
                raise SwapError(
                    f"{mover.by} has already switched a Ghorralands card in this game "
                    f"(card {card!r} is theirs)"
                )
            return "ghorralands"
        raise SwapError(
            f"card {card!r} ({mover.rank}) cannot move: only a 10 or 5 just played, or a 6 "
            "switched with another 6, trades places"
        )

    def can_swap(self, card: object, other: object) -> bool:
        return passes(lambda: self.verify_swap(card, other), JourneyError)

    def swap(self, card: object, other: object) -> tuple[JourneyGame, SwapRecord]:
        """Cards ``card`` and ``other`` trade places. Scores already gained stand; under the
        :data:`SWAP_SCORES` house rule the player scores the new pairs of a 10 or 5 moved as
        it is played. A Ghorralands switch scores nothing under either reading (ruling
        :data:`GHORRALANDS`: both cards are 6s, so scores stand)."""
        kind = self.verify_swap(card, other)
        card_id, other_id = whole(card, "card", SwapError), whole(other, "other", SwapError)
        mover, target = self.card(card_id), self.card(other_id)
        (r1, i1), (r2, i2) = self.where(card_id), self.where(other_id)
        before_ids = _neighbour_ids(self.rows[r1], i1)
        rows = [list(row) for row in self.rows]
        rows[r1][i1], rows[r2][i2] = target, mover
        new_rows = tuple(tuple(row) for row in rows)
        player = mover.by
        pairs: list[PairValue] = []
        if self.rules.swap_scores and kind == "played":
            cards = new_rows[r2]
            for j in (i2 - 1, i2 + 1):
                if 0 <= j < len(cards) and cards[j].id not in before_ids:
                    pairs.append(
                        pair_value(
                            mover.rank,
                            cards[j].rank,
                            card_beside_blight=_beside_blight(cards, i2),
                            other_beside_blight=_beside_blight(cards, j),
                            rules=self.rules,
                        )
                    )
        gain = Gain(pairs=tuple(pairs), note="scores stand: a swap makes no new pair")
        scores = list(self.scores)
        scores[self.seat_of(player)] += gain.points
        record = SwapRecord(
            action=Swap(card_id, other_id),
            player=player,
            gain=gain,
            swap=kind,
            moved=mover,
            other=target,
            before=self,
        )
        switched = self.switched | {player} if kind == "ghorralands" else self.switched
        game = replace(
            self,
            rows=new_rows,
            scores=tuple(scores),
            switched=switched,
            swappable=None,
            log=(*self.log, record),
        )
        return game, record

    def legal_swaps(self) -> tuple[SwapOption, ...]:
        """Every swap allowed now: the 10 or 5 just played, then each Ghorralands switch."""
        options: list[SwapOption] = []
        if self.swappable is not None:
            r, i = self.where(self.swappable)
            cards = self.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if self.can_swap(self.swappable, neighbour.id):
                mover = cards[i]
                options.append(SwapOption("played", mover, neighbour, mover.by))
        sixes = [c for c in self.cards() if is_ghorralands(c.rank)]
        for six in sixes:
            for other in sixes:
                if other.id != six.id and self.can_swap(six.id, other.id):
                    options.append(SwapOption("ghorralands", six, other, six.by))
        return tuple(options)

    # -- any action, undo, house rules --------------------------------------------------------

    def apply(self, action: Action) -> tuple[JourneyGame, Record]:
        if isinstance(action, StartRow):
            return self.start_row(action.rank)
        if isinstance(action, Place):
            return self.place(action.rank, action.row, action.side)
        if isinstance(action, Swap):
            return self.swap(action.card, action.other)
        raise JourneyError(f"action {action!r} is not a Merchant's Journey action")

    def verify(self, action: Action) -> None:
        """Raise the :class:`JourneyError` :meth:`apply` would raise, or return None."""
        self.apply(action)

    def can_apply(self, action: Action) -> bool:
        return passes(lambda: self.apply(action), JourneyError)

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


def _beside_blight(cards: Sequence[Card], position: int) -> bool:
    return any(
        0 <= j < len(cards) and is_blight(cards[j].rank) for j in (position - 1, position + 1)
    )


def _chain(cards: Sequence[Card], position: int) -> int:
    """Length of the unbroken run of Blights through ``position``."""
    if not is_blight(cards[position].rank):
        return 0
    lo = position
    while lo > 0 and is_blight(cards[lo - 1].rank):
        lo -= 1
    hi = position
    while hi < len(cards) - 1 and is_blight(cards[hi + 1].rank):
        hi += 1
    return hi - lo + 1


def _neighbour_ids(cards: Sequence[Card], position: int) -> set[int]:
    return {cards[j].id for j in (position - 1, position + 1) if 0 <= j < len(cards)}


# -- the shared table (companion.engine.protocol) -------------------------------------------------


def status_line(game: JourneyGame) -> str:
    """``Turn 7 of 28 · Cleo to play`` or ``Game over after 28 turns``."""
    if game.is_over:
        turns = game.turns_total
        return f"Game over after {turns} turn" + ("" if turns == 1 else "s")
    return f"Turn {game.turn} of {game.turns_total} · {game.active} to play"


def _same_move(a: Record, b: Record) -> bool:
    return a.action == b.action and a.player == b.player


def _what_happened(record: Record) -> str:
    if isinstance(record, PlayRecord):
        if record.beside is None:
            where = f"started row {record.row + 1} with {a_card(record.card.rank)}"
        else:
            where = f"played {record.card.rank} beside {record.beside.rank} in row {record.row + 1}"
        return f"{record.player} already played turn {record.card.id} ({where})"
    if isinstance(record, SwapRecord):
        if record.swap == "played":
            return (
                f"{record.player}'s {record.moved.rank} already traded places with the "
                f"{record.other.rank}"
            )
        return f"{record.player} already switched their 6 with another 6"
    return f"{record.player} already made a move"


def table_changed(then: JourneyGame, now: JourneyGame) -> str:
    """What changed between the table a screen showed (``then``) and the table ``now``:
    ``"Ben already played turn 7 (8 beside 9 in row 2)"``, or the move taken back."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and _same_move(old[common], new[common]):
        common += 1
    if len(new) > common:
        return _what_happened(new[common])
    if len(old) > common:
        record = old[common]
        turn = f"turn {record.card.id}" if isinstance(record, PlayRecord) else "a swap"
        return f"{record.player}'s move ({turn}) was taken back"
    if then.rules != now.rules:
        return "the house rules of this game changed"
    return "the table changed since this screen showed it"


def _with_house_rules(game: JourneyGame, ids: frozenset[str]) -> JourneyGame:
    return game.with_rules(HouseRules.from_house_rules(ids))


#: Merchant's Journey on a shared table. Turn-based: an action reads the whole game, so a
#: screen that had not seen the latest move cannot place a card (it is told who moved).
TABLE_RULES: Final[TableRules[JourneyGame, Action]] = TableRules(
    tool="journey",
    read_start=JourneyGame.from_dict,
    read_action=read_action,
    players=lambda game: game.players,
    status=status_line,
    error=JourneyError,
    changed=table_changed,
    with_rules=_with_house_rules,
)


__all__ = ["TABLE_RULES", "JourneyGame", "final_scores", "status_line", "table_changed"]
