"""Players & seats: the seating (:class:`Seating`). Its changes are the actions of
:mod:`~companion.engine.seats.actions`, applied by
:meth:`~companion.engine.core.saves.SavedGame.apply`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.players import check_seat_names
from companion.engine.seats.actions import SAVE, SeatsAction, game_name, read_action
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.records import SeatsRecord
from companion.engine.seats.values import (
    DEFAULT_GAME,
    MAX_SEATS,
    Draw,
    check_seed,
    draw_first_player,
)
from companion.rules import Catalogue
from companion.text import name_key


@dataclass(frozen=True)
class Seating(saves.SavedGame):
    """Who sits where (in seat order, going clockwise), the seed, and the drawn first player
    (``first``, an index into ``seats``; None until drawn). Immutable: ``apply`` returns a new
    value and changes nothing when the action is not allowed."""

    action_type: ClassVar[type[saves.Action]] = SeatsAction
    error: ClassVar[type[ValueError]] = SeatsError

    game_id: str = DEFAULT_GAME
    seats: tuple[str, ...] = ()
    seed: int = 0
    first: int | None = None
    log: tuple[SeatsRecord, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def new(cls, game_id: str = DEFAULT_GAME, *, seed: int, seats: Sequence[str] = ()) -> Seating:
        """A fresh seating (``seed`` from :func:`new_seed` on the device that starts it)."""
        game_name(game_id)
        players = check_seat_names(seats, SeatsError)
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

    def seated(self, name: str) -> int:
        """The index of the seat ``name`` sits in; raises when they are not seated."""
        index = self.seat_of(name)
        if index is None:
            raise SeatsError(f"{name!r} is not seated")
        return index

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
            game = cls.new(SAVE.text(data, "game"), seed=check_seed(data.get("seed")), seats=seats)
        if game.seats != tuple(seats):
            raise SeatsError(f"seats {seats!r} are not written as seated")
        first = data.get("first")
        if first is not None:
            if not is_whole(first) or first < 0:
                raise SeatsError(f"first {first!r} must be a seat index or null")
            draw = draw_first_player(game.seats, game.seed) if game.seats else None
            if draw is None or draw.first != first:
                raise SeatsError(f"first {first!r} is not what seed {game.seed} draws")
            game = replace(game, first=first)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SeatsError(f"actions {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)


__all__ = ["Seating"]
