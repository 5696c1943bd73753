"""Players & seats: the seating (:class:`Seating`) and how it sits on a shared table
(:data:`TABLE_RULES`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from companion.engine.core.protocol import TableRules, passes
from companion.engine.core.saves import SavedGame
from companion.engine.seats.actions import (
    SAVE,
    DrawFirst,
    MoveSeat,
    NewSeed,
    Seat,
    SeatsAction,
    SetGame,
    SetSeed,
    Shuffle,
    Unseat,
    read_action,
    read_text,
)
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.values import (
    DEFAULT_GAME,
    MAX_SEATS,
    Draw,
    check_seat_names,
    check_seed,
    draw_first_player,
    move_seat,
    shuffle_seats,
)
from companion.rules import Catalogue, catalogue
from companion.text import name_key


@dataclass(frozen=True)
class SeatsRecord:
    """What an action did: the action, the seating before it, and a sentence."""

    action: SeatsAction
    before: Seating
    summary: str


@dataclass(frozen=True)
class Seating(SavedGame):
    """Who sits where (in seat order, going clockwise), the seed, and the drawn first player
    (``first``, an index into ``seats``; None until drawn). Immutable: :meth:`apply` returns a
    new value and changes nothing when the action is not allowed."""

    game_id: str = DEFAULT_GAME
    seats: tuple[str, ...] = ()
    seed: int = 0
    first: int | None = None
    log: tuple[SeatsRecord, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def new(cls, game_id: str = DEFAULT_GAME, *, seed: int, seats: Sequence[str] = ()) -> Seating:
        """A fresh seating (``seed`` from :func:`new_seed` on the device that starts it)."""
        _check_game(game_id)
        players = check_seat_names(seats)
        if len(players) > MAX_SEATS:
            raise SeatsError(f"{len(players)} seats: a table here seats at most {MAX_SEATS}")
        return cls(game_id=game_id, seats=players, seed=check_seed(seed))

    # -- what it shows --------------------------------------------------------------------------
    @property
    def draw(self) -> Draw | None:
        if self.first is None:
            return None
        return Draw(seed=self.seed, seats=self.seats, first=self.first)

    @property
    def first_player(self) -> str | None:
        return None if self.first is None else self.seats[self.first]

    def turn_order(self) -> tuple[str, ...]:
        """The seats from the first player round, or in seat order before the draw."""
        draw = self.draw
        return draw.turn_order() if draw else self.seats

    def seat_of(self, name: str) -> int | None:
        """The index of the seat ``name`` sits in (names compared as the history does)."""
        key = name_key(name) if isinstance(name, str) else None
        for i, seated in enumerate(self.seats):
            if name_key(seated) == key:
                return i
        return None

    def count_problem(self, cat: Catalogue) -> str | None:
        """A sentence when the number of seated players does not suit the game."""
        game = cat.game(self.game_id)
        n = len(self.seats)
        if game.players_ok(n):
            return None
        return f"{game.name} is for {game.min_players}–{game.max_players} players; {n} seated."

    @property
    def is_over(self) -> bool:
        """A seating never ends by itself: it is finished when the group is done with it."""
        return False

    # -- acting -------------------------------------------------------------------------------
    def verify(self, action: SeatsAction) -> None:
        """Raise the :class:`SeatsError` :meth:`apply` would raise, or return None."""
        self._after(action)

    def can_apply(self, action: SeatsAction) -> bool:
        return passes(lambda: self._after(action), SeatsError)

    def apply(self, action: SeatsAction) -> tuple[Seating, SeatsRecord]:
        """The seating after ``action``, with the record of it; raises :class:`SeatsError`
        (naming the input) and changes nothing when it is not allowed."""
        after, summary = self._after(action)
        record = SeatsRecord(action, self, summary)
        return replace(after, log=(*self.log, record)), record

    def _after(self, action: SeatsAction) -> tuple[Seating, str]:
        if isinstance(action, Seat):
            seats = check_seat_names([*self.seats, action.name])
            if len(seats) > MAX_SEATS:
                raise SeatsError(f"{action.name!r}: a table here seats at most {MAX_SEATS}")
            name = seats[-1]
            return replace(self, seats=seats, first=None), f"{name} sits in seat {len(seats)}"
        if isinstance(action, Unseat):
            index = self._seated(action.name)
            seats = self.seats[:index] + self.seats[index + 1 :]
            return replace(self, seats=seats, first=None), f"{self.seats[index]} left the table"
        if isinstance(action, MoveSeat):
            index = self._seated(action.name)
            offset = action.offset
            if isinstance(offset, bool) or not isinstance(offset, int) or offset == 0:
                raise SeatsError(f"offset {offset!r} must be a whole number of seats, not 0")
            seats = move_seat(self.seats, index, offset)
            if seats == self.seats:
                end = "first" if offset < 0 else "last"
                raise SeatsError(f"{self.seats[index]!r} already sits in the {end} seat")
            to = seats.index(self.seats[index]) + 1
            return replace(self, seats=seats, first=None), f"{self.seats[index]} moved to seat {to}"
        if isinstance(action, (SetSeed, NewSeed)):
            seed = check_seed(action.seed)
            if seed == self.seed:
                raise SeatsError(f"seed {seed!r} is the seed already")
            what = "New seed" if isinstance(action, NewSeed) else "Seed"
            return replace(self, seed=seed, first=None), f"{what} {seed}"
        if isinstance(action, DrawFirst):
            if self.first is not None:
                raise SeatsError(f"the draw is made: {self.seats[self.first]!r} goes first")
            draw = draw_first_player(self.seats, self.seed)
            return replace(self, first=draw.first), f"{draw.first_player} goes first"
        if isinstance(action, Shuffle):
            if len(self.seats) < 2:
                raise SeatsError(f"{len(self.seats)} seated: shuffling needs two players or more")
            seats = shuffle_seats(self.seats, self.seed)
            return replace(self, seats=seats, first=None), "Seats shuffled: " + ", ".join(seats)
        if isinstance(action, SetGame):
            game = _check_game(action.game)
            if action.game == self.game_id:
                raise SeatsError(f"game {action.game!r} is the game already")
            return replace(self, game_id=action.game), f"Seated for {game}"
        raise SeatsError(f"{action!r} is not a seating action")

    def _seated(self, name: str) -> int:
        index = self.seat_of(name)
        if index is None:
            raise SeatsError(f"{name!r} is not seated")
        return index

    # -- saves --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The seating as saved: where it started, and the actions taken since."""
        start = self.start
        return {
            **SAVE.header(),
            "game": start.game_id,
            "seats": list(start.seats),
            "seed": start.seed,
            "first": start.first,
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> Seating:
        """Read a save back by replaying it; a bad save raises :class:`SeatsError` naming the
        field (``actions[2] (move): ...``)."""
        data = SAVE.check_header(data)
        SAVE.known(data, "", {"format", "version", "game", "seats", "seed", "first", "actions"})
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise SeatsError(f"seats {seats!r} must be a list of names")
        with SAVE.at("seats"):
            game = cls.new(read_text(data, "game"), seed=check_seed(data.get("seed")), seats=seats)
        if game.seats != tuple(seats):
            raise SeatsError(f"seats {seats!r} are not written as seated")
        first = data.get("first")
        if first is not None:
            if isinstance(first, bool) or not isinstance(first, int) or first < 0:
                raise SeatsError(f"first {first!r} must be a seat index or null")
            draw = draw_first_player(game.seats, game.seed) if game.seats else None
            if draw is None or draw.first != first:
                raise SeatsError(f"first {first!r} is not what seed {game.seed} draws")
            game = replace(game, first=first)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SeatsError(f"actions {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)


def _check_game(game_id: object) -> str:
    """The game's name, if ``game_id`` is in the catalogue."""
    if not isinstance(game_id, str):
        raise SeatsError(f"game {game_id!r} must be a game id")
    try:
        return catalogue().game(game_id).name
    except KeyError:
        raise SeatsError(f"game {game_id!r} is not one the app knows") from None


# -- the shared table (companion.engine.core.protocol) -----


def status_line(seating: Seating) -> str:
    """``Ben goes first`` once drawn, else ``3 seated · no first player yet``."""
    if seating.first is not None:
        return f"{len(seating.seats)} seated · {seating.seats[seating.first]} goes first"
    if not seating.seats:
        return "Nobody seated yet"
    return f"{len(seating.seats)} seated · no first player yet"


def reads(seating: Seating, action: SeatsAction) -> object:
    """What an action depends on: seating a name, whether that name is seated; moving a
    player, where they sit and who sits beside them there; the seed, the seed; the draw and
    the shuffle, the seats and the seed; the game, the game."""
    if isinstance(action, (Seat, Unseat)):
        return seating.seat_of(action.name) is not None
    if isinstance(action, MoveSeat):
        index = seating.seat_of(action.name)
        if index is None or isinstance(action.offset, bool) or not isinstance(action.offset, int):
            return None
        target = index + action.offset
        beside = seating.seats[target] if 0 <= target < len(seating.seats) else None
        return (index, beside)
    if isinstance(action, (SetSeed, NewSeed)):
        return seating.seed
    if isinstance(action, (DrawFirst, Shuffle)):
        return (seating.seats, seating.seed, seating.first)
    if isinstance(action, SetGame):
        return seating.game_id
    return seating


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
    return "the seating changed since this screen showed it"


#: Players & seats on a shared table. Each action reads only what it depends on (see
#: :func:`reads`), so phones seating different players at once all succeed.
TABLE_RULES: Final[TableRules[Seating, SeatsAction]] = TableRules(
    tool="seats",
    read_start=Seating.from_dict,
    read_action=read_action,
    players=lambda seating: seating.seats,
    status=status_line,
    error=SeatsError,
    reads=reads,
    changed=table_changed,
)


__all__ = ["TABLE_RULES", "Seating", "SeatsRecord", "reads", "status_line", "table_changed"]
