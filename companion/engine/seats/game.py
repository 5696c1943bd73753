"""Players & seats: the seating (:class:`Seating`). Its changes are the actions of
:mod:`~companion.engine.seats.actions`, applied by
:meth:`~companion.engine.core.saves.SavedGame.apply`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.players import check_seat_names
from companion.engine.core.standings import Entry, Standing, TieBreak, rank
from companion.engine.seats.actions import (
    SAVE,
    SAVE_V1,
    SeatsAction,
    game_name,
    read_action,
    said,
)
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.night import TallyLine, parse_time
from companion.engine.seats.records import SeatsRecord
from companion.engine.seats.sheet import Sheet, sheet_for
from companion.engine.seats.values import (
    DEFAULT_GAME,
    MAX_SEATS,
    Draw,
    check_seed,
    draw_first_player,
)
from companion.rules import Catalogue, catalogue
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
    # The night (version 2 of the save): what is played, where and when, the tally, the sheet.
    modules: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()
    house_rules: tuple[tuple[str, str], ...] = ()
    location: str = ""
    started_at: str | None = None
    finished_at: str | None = None
    tally: tuple[TallyLine, ...] = ()
    sheet: tuple[tuple[str, str, int], ...] = ()
    # The game's own table opened from the night (Mercante, Merchant's Journey): its number.
    game_table: int | None = None
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
            raise SeatsError(f"{said(name)} is not seated")
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
        """Finished (:class:`~companion.engine.seats.night.Finish`): only a reopen changes it."""
        return self.finished_at is not None

    def verify(self, action: Any) -> Any:
        from companion.engine.seats.night import Reopen

        finished = self.finished_at is not None and isinstance(action, self.action_type)
        if finished and not isinstance(action, Reopen):
            raise SeatsError("The night is finished: reopen it to change it.")
        return super().verify(action)

    # -- the night ------------------------------------------------------------------------------
    @property
    def sheet_def(self) -> Sheet:
        """The final scoring sheet of this night's game."""
        return sheet_for(self.game_id)

    def figure(self, player: str, category: str) -> int | None:
        """``player``'s figure on the sheet's line ``category``, if entered."""
        for p, c, v in self.sheet:
            if p == player and c == category:
                return v
        return None

    def lines_of(self, player: str) -> tuple[TallyLine, ...]:
        return tuple(line for line in self.tally if line.player == player)

    def breakdown(self, player: str) -> tuple[tuple[str, int], ...]:
        """``player``'s score by the sheet's lines, in order (the tally's and the figures
        entered; tie-breakers left out), each as it counts (Corruption negative)."""
        out: list[tuple[str, int]] = []
        for category in self.sheet_def.scored:
            if category.tally:
                value = sum(line.points for line in self.lines_of(player))
                if value or self.lines_of(player):
                    out.append((category.name, value))
                continue
            entered = self.figure(player, category.id)
            if entered is not None:
                out.append((category.name, category.counts * entered))
        return tuple(out)

    def totals(self) -> dict[str, int]:
        """Each seated player's score: the tally's lines and the sheet's figures."""
        return {p: sum(v for _, v in self.breakdown(p)) for p in self.seats}

    def tiebreak_figures(self, player: str) -> tuple[int | None, ...]:
        return tuple(self.figure(player, c.id) for c in self.sheet_def.tiebreakers)

    def standings(self) -> list[Standing]:
        """The places, best first, by the game's direction and tie-breakers (a figure not
        entered never wins a tie-break; players still equal share the place)."""
        game = catalogue().game(self.game_id)
        totals = self.totals()
        breakers = [TieBreak(c.name, c.higher_wins) for c in self.sheet_def.tiebreakers]
        entries = [Entry(p, totals[p], self.tiebreak_figures(p)) for p in self.seats]
        return rank(entries, highest_wins=game.highest_wins, tiebreaks=breakers)

    @property
    def duration(self) -> int | None:
        """Whole minutes from the start to the finish, when both are known."""
        if self.started_at is None or self.finished_at is None:
            return None
        seconds = (parse_time(self.finished_at) - parse_time(self.started_at)).total_seconds()
        return max(0, int(seconds // 60))

    def play_fields(self, *, duration_min: int | None = None) -> dict[str, Any]:
        """The play this finished night hands the history (the fields of ``PlayCreate``):
        game, players in seats, first player, each score with its breakdown and tie-breaker
        figures, modules, expansions (as the history names them), house rules, place, start
        and duration (``duration_min`` when the players corrected it)."""
        if self.finished_at is None:
            raise SeatsError("Finish the night before saving it.")
        if not self.seats:
            raise SeatsError("Nobody is seated: there is no play to save.")
        sheet = self.sheet_def
        totals = self.totals()
        results = []
        for seat, player in enumerate(self.seats, start=1):
            results.append(
                {
                    "player": player,
                    "seat": seat,
                    "score": totals[player],
                    "breakdown": dict(self.breakdown(player)),
                    "tiebreaks": list(self.tiebreak_figures(player)),
                    "start_player": self.first == seat - 1,
                }
            )
        played_at = parse_time(self.finished_at).replace(tzinfo=None)
        fields: dict[str, Any] = {
            "game": self.game_id,
            "played_at": played_at.isoformat(),
            "results": results,
            "tiebreakers": [
                {"name": c.name, "higher_wins": c.higher_wins} for c in sheet.tiebreakers
            ],
            "modules": list(self.modules),
            "expansions": [sheet.expansion_name(e) for e in self.expansions],
            "house_rules": dict(self.house_rules),
        }
        if self.location:
            fields["location"] = self.location
        if self.started_at is not None:
            fields["started_at"] = parse_time(self.started_at).replace(tzinfo=None).isoformat()
        minutes = self.duration if duration_min is None else duration_min
        if minutes is not None:
            fields["duration_min"] = minutes
        return fields

    def rematch(self, *, seed: int, rotate: bool = False) -> Seating:
        """A new night for the same players (seats kept, or each moved one seat round),
        game, modules, expansions, house rules and place: nothing played yet, no draw."""
        seats = self.seats[-1:] + self.seats[:-1] if rotate and self.seats else self.seats
        return Seating(
            game_id=self.game_id,
            seats=seats,
            seed=check_seed(seed),
            modules=self.modules,
            expansions=self.expansions,
            house_rules=self.house_rules,
            location=self.location,
        )

    # -- saves --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The seating as saved: where it started (a rematch starts with what is played),
        and the actions taken since."""
        start = self.start
        night = {
            "modules": list(start.modules),
            "expansions": list(start.expansions),
            "house_rules": dict(start.house_rules),
            "location": start.location,
        }
        return {
            **SAVE.header(),
            "game": start.game_id,
            "seats": list(start.seats),
            "seed": start.seed,
            "first": start.first,
            **{k: v for k, v in night.items() if v},
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> Seating:
        """Read a save back by replaying it; a bad save raises :class:`SeatsError` naming the
        field (``actions[2] (move): ...``)."""
        old = isinstance(data, dict) and data.get("version") == SAVE_V1.version
        data = (SAVE_V1 if old else SAVE).check_header(data)
        keys = {"format", "version", "game", "seats", "seed", "first", "actions"}
        night = {"modules", "expansions", "house_rules", "location"}
        SAVE.known(data, "", keys if old else keys | night)
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
        game = cls._night_start(game, data)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SeatsError(f"actions {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)

    @classmethod
    def _night_start(cls, game: Seating, data: Mapping[str, Any]) -> Seating:
        """The night a rematch starts with, read back and checked as its actions check it."""
        from companion.engine.seats.night import Choose, SetHouseRule, SetLocation

        modules = SAVE.value(tuple[str, ...], data.get("modules", []), "modules")
        expansions = SAVE.value(tuple[str, ...], data.get("expansions", []), "expansions")
        rules = SAVE.value(dict[str, str], data.get("house_rules", {}), "house_rules")
        location = SAVE.value(str, data.get("location", ""), "location")
        if modules or expansions:
            with SAVE.at("modules"):
                game = Choose(modules, expansions).verify(game)[0]
        for rule, value in sorted(rules.items()):
            with SAVE.at("house_rules"):
                game = SetHouseRule(rule, value).verify(game)[0]
        if location:
            with SAVE.at("location"):
                game = SetLocation(location).verify(game)[0]
        return game


__all__ = ["Seating"]
