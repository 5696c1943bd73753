"""Game end: the triggers, the end-of-game bazaar and victory point purchases, the final tally.

Score = victory points − the penalties of unfulfilled contracts. Ties go to the most crowns
left, then the fewest unfulfilled contracts; players still equal share the place. Ranking is
:func:`companion.engine.core.standings.rank`, with the tie-breakers of ``data/games.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from companion.engine.core.standings import Entry, Standing, TieBreak, rank
from companion.engine.core.words import plural
from companion.engine.mercante.errors import SeatError, TallyError
from companion.engine.mercante.facts import facts, rules
from companion.engine.mercante.house import STANDARD, HouseRules
from companion.rules.models import catalogue

GAME_ID = "mercante"
RULING_END_BAZAAR = "mercante.end_bazaar_contracts"
RULING_END_ORDER = "mercante.end_game_order"


def _whole(value: object, what: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TallyError(f"{what} {value!r} must be a whole number")
    if value < minimum:
        raise TallyError(f"{what} {value!r} cannot be below {minimum}")
    return value


def _wholes(values: object, what: str) -> tuple[int, ...]:
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise TallyError(f"{what} {values!r} must be a list of whole numbers")
    return tuple(_whole(v, what) for v in values)


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TallyError(f"player name {value!r} must be a non-empty text")
    return value


class FinalEntryLike(Protocol):
    """Anything with a final entry's attributes."""

    @property
    def name(self) -> str: ...
    @property
    def vp(self) -> int: ...
    @property
    def crowns(self) -> int: ...
    @property
    def unfulfilled(self) -> Iterable[int]: ...


@dataclass(frozen=True)
class FinalEntry:
    """A player at the end: victory points, crowns left, penalties of unfulfilled contracts."""

    name: str
    vp: int
    crowns: int
    unfulfilled: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _name(self.name)
        _whole(self.vp, f"{self.name}: victory points")
        _whole(self.crowns, f"{self.name}: crowns")
        object.__setattr__(
            self, "unfulfilled", _wholes(self.unfulfilled, f"{self.name}: contract penalty")
        )

    @property
    def penalty(self) -> int:
        return sum(self.unfulfilled)

    @property
    def score(self) -> int:
        return self.vp - self.penalty


@dataclass(frozen=True)
class FinalResult:
    """A player's place. ``rank`` 1 is best; tied players share it (``shared``)."""

    name: str
    score: int
    rank: int
    vp: int
    crowns: int
    unfulfilled: int
    penalty: int
    winner: bool
    shared: bool
    decided_by: str | None = None


def _as_entry(entry: FinalEntryLike) -> FinalEntry:
    if isinstance(entry, FinalEntry):
        return entry
    for attribute in ("name", "vp", "crowns", "unfulfilled"):
        if not hasattr(entry, attribute):
            raise TallyError(f"final entry {entry!r} has no {attribute!r}")
    penalties = _wholes(entry.unfulfilled, f"{entry.name}: unfulfilled contract penalties")
    return FinalEntry(entry.name, entry.vp, entry.crowns, penalties)


def tiebreaks() -> tuple[TieBreak, ...]:
    """Most crowns left, then fewest unfulfilled contracts (from ``data/games.toml``)."""
    game = catalogue().game(GAME_ID)
    return tuple(TieBreak(t.name, t.higher_wins) for t in game.tiebreakers)


def final_standings(
    entries: Iterable[FinalEntryLike], *, house: HouseRules = STANDARD
) -> list[FinalResult]:
    """Rank players by victory points minus unfulfilled penalties, best first.

    ``entries`` are :class:`FinalEntry` or any objects with ``name``, ``vp``, ``crowns`` and
    ``unfulfilled`` (the penalties). A tie for the most points goes to the most crowns, then
    the fewest unfulfilled contracts, else the victory is shared; players tied on a lower
    score share their place (ruling ``mercante.tiebreak_first_place``; its house rule lets
    the tie-breakers order every place).
    """
    finals = [_as_entry(e) for e in entries]
    by_name = {e.name: e for e in finals}
    ranked = [Entry(e.name, e.score, (e.crowns, len(e.unfulfilled))) for e in finals]
    standings: list[Standing] = rank(
        ranked,
        highest_wins=True,
        tiebreaks=tiebreaks(),
        victory_only=not house.tiebreak_every_place,
    )
    return [
        FinalResult(
            name=s.name,
            score=s.score,
            rank=s.rank,
            vp=by_name[s.name].vp,
            crowns=by_name[s.name].crowns,
            unfulfilled=len(by_name[s.name].unfulfilled),
            penalty=by_name[s.name].penalty,
            winner=s.winner,
            shared=s.shared,
            decided_by=s.decided_by,
        )
        for s in standings
    ]


# -- end of game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TriggerHit:
    """An end-game condition that is met (``players`` who reached 80 crowns, if that one)."""

    id: str
    text: str
    players: tuple[str, ...] = ()


def end_triggers(
    crowns: Mapping[str, int],
    *,
    reference_at_last_space: bool = False,
    last_shipment_in_harbor: bool = False,
) -> tuple[TriggerHit, ...]:
    """The end conditions met now; any of them ends the game at the end of this turn."""
    if not isinstance(crowns, Mapping):
        raise TallyError(f"crowns {crowns!r} must map player names to crowns")
    for name, amount in crowns.items():
        _whole(amount, f"{name}: crowns")
    facts_ = rules().game_end
    rich = tuple(name for name, amount in crowns.items() if amount >= facts_.crowns_trigger)
    met = {
        "crowns": bool(rich),
        "reference_track": reference_at_last_space,
        "last_shipment": last_shipment_in_harbor,
    }
    return tuple(
        TriggerHit(t.id, t.text, rich if t.id == "crowns" else ())
        for t in facts_.trigger
        if met.get(t.id, False)
    )


def game_ends(
    crowns: Mapping[str, int],
    *,
    reference_at_last_space: bool = False,
    last_shipment_in_harbor: bool = False,
) -> bool:
    return bool(
        end_triggers(
            crowns,
            reference_at_last_space=reference_at_last_space,
            last_shipment_in_harbor=last_shipment_in_harbor,
        )
    )


def vp_price() -> int:
    """Crowns per victory point bought at the end of the game (10)."""
    return rules().game_end.vp_price


def affordable_vp(crowns: int) -> int:
    """How many whole victory points ``crowns`` buy at the end of the game."""
    return _whole(crowns, "crowns") // vp_price()


def max_goods_left() -> int:
    """The most goods a player can hold: 3 warehouses × 3 tokens."""
    facts_ = rules().warehouses
    return facts_.max * facts_.capacity


@dataclass(frozen=True)
class PlayerTally:
    """One player's end-of-game figures, as entered at the table.

    ``vp_tokens``: victory point tokens held (from auctions, purchases and contracts completed
    during play). ``crowns``: crowns before the end-game bazaar. ``goods_left``: tokens still in
    warehouses, sold to the bazaar. ``completed_at_end``: victory points of contracts those
    bazaar sales complete. ``unfulfilled``: penalties of contracts still open.
    ``vp_bought``: victory points bought at the end (10 crowns each). ``completed_goods``:
    the goods tokens the contracts completed at the end take together (``None``: one each);
    a contract asks for one to three goods, and they must be among the goods left.
    """

    name: str
    vp_tokens: int
    crowns: int
    goods_left: int = 0
    completed_at_end: tuple[int, ...] = ()
    unfulfilled: tuple[int, ...] = ()
    vp_bought: int = 0
    completed_goods: int | None = None

    def __post_init__(self) -> None:
        name = _name(self.name)
        _whole(self.vp_tokens, f"{name}: victory point tokens")
        _whole(self.crowns, f"{name}: crowns")
        _whole(self.goods_left, f"{name}: goods left")
        if self.goods_left > max_goods_left():
            raise TallyError(
                f"{name}: goods left {self.goods_left!r} is more than 3 warehouses hold "
                f"({max_goods_left()})"
            )
        completed = _wholes(self.completed_at_end, f"{name}: contract victory points")
        unfulfilled = _wholes(self.unfulfilled, f"{name}: contract penalty")
        for value in unfulfilled:
            _whole(value, f"{name}: contract penalty", minimum=1)
        for value in completed:
            _whole(value, f"{name}: contract victory points", minimum=1)
        needed = len(completed) if self.completed_goods is None else self.completed_goods
        _whole(needed, f"{name}: goods for the contracts completed at the end")
        most = max(c.quantity for c in facts().contracts)
        if self.completed_goods is not None and not (
            len(completed) <= needed <= most * len(completed)
        ):
            raise TallyError(
                f"{name}: {plural(len(completed), 'contract')} completed at the end take "
                f"{len(completed)} to {most * len(completed)} goods, not {needed!r}"
            )
        if needed > self.goods_left:
            raise TallyError(
                f"{name}: the contracts completed at the end take {plural(needed, 'good')}, "
                f"but only {plural(self.goods_left, 'good')} "
                f"{'is' if self.goods_left == 1 else 'are'} left to sell at the bazaar"
            )
        _whole(self.vp_bought, f"{name}: victory points bought")
        object.__setattr__(self, "completed_at_end", completed)
        object.__setattr__(self, "unfulfilled", unfulfilled)
        available = self.crowns + self.goods_left * rules().bazaar.price
        if self.vp_bought * vp_price() > available:
            raise TallyError(
                f"{name}: {self.vp_bought!r} victory points cost {self.vp_bought * vp_price()} "
                f"crowns, more than the {plural(available, 'crown')} after the bazaar"
            )


@dataclass(frozen=True)
class TallyLine:
    """A player's final tally, step by step."""

    tally: PlayerTally
    bazaar_crowns: int
    crowns_before_vp: int
    vp_cost: int
    crowns_left: int
    vp_from_contracts: int
    vp_total: int
    penalty: int
    rulings: tuple[str, ...] = field(default=(RULING_END_BAZAAR, RULING_END_ORDER))

    @property
    def name(self) -> str:
        return self.tally.name

    @property
    def score(self) -> int:
        return self.vp_total - self.penalty

    @property
    def affordable(self) -> int:
        """Most victory points the player could buy with the crowns after the bazaar."""
        return self.crowns_before_vp // vp_price()

    @property
    def entry(self) -> FinalEntry:
        return FinalEntry(self.name, self.vp_total, self.crowns_left, self.tally.unfulfilled)


def tally_player(tally: PlayerTally) -> TallyLine:
    """Bazaar sales, then victory points bought, then the score."""
    bazaar = tally.goods_left * rules().bazaar.price
    before = tally.crowns + bazaar
    cost = tally.vp_bought * vp_price()
    gained = sum(tally.completed_at_end)
    return TallyLine(
        tally=tally,
        bazaar_crowns=bazaar,
        crowns_before_vp=before,
        vp_cost=cost,
        crowns_left=before - cost,
        vp_from_contracts=gained,
        vp_total=tally.vp_tokens + gained + tally.vp_bought,
        penalty=sum(tally.unfulfilled),
    )


@dataclass(frozen=True)
class FinalTally:
    lines: tuple[TallyLine, ...]
    standings: tuple[FinalResult, ...]

    def line(self, name: str) -> TallyLine:
        for line in self.lines:
            if line.name == name:
                return line
        raise SeatError(f"{name!r} is not in this tally")


def final_tally(players: Sequence[PlayerTally], *, house: HouseRules = STANDARD) -> FinalTally:
    """Every player's tally line and the standings from them."""
    lines = tuple(tally_player(p) for p in players)
    return FinalTally(lines, tuple(final_standings((line.entry for line in lines), house=house)))


# -- Talk of Peace -------------------------------------------------------------------------------


def talk_of_peace_reached(
    crowns: Sequence[int], vp: Sequence[int], *, house: HouseRules = STANDARD
) -> bool:
    """Whether a Talk of Peace team (two players' crowns and victory points) has won.

    By the reading the team's totals count (100 crowns or 10 victory points together); with
    the house rule ``mercante.talk_of_peace_totals`` one teammate must reach it alone.
    """
    variant = rules().variants.talk_of_peace
    team_crowns = _wholes(crowns, "team crowns")
    team_vp = _wholes(vp, "team victory points")
    if len(team_crowns) != variant.team_size or len(team_vp) != variant.team_size:
        raise TallyError(
            f"a Talk of Peace team has {variant.team_size} players: got crowns {crowns!r}, "
            f"victory points {vp!r}"
        )
    if house.talk_of_peace_individual:
        return max(team_crowns) >= variant.crowns or max(team_vp) >= variant.victory_points
    return sum(team_crowns) >= variant.crowns or sum(team_vp) >= variant.victory_points
