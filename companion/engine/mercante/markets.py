"""The market board, as far as players have told the app its printed space values.

The rulebook does not print the boards' numbers, so players type them in once, highest first
(the order tokens cover them). A :class:`Market` then knows how many spaces are covered: a sold
token takes the highest-numbered empty space (the next value down), upkeep takes tokens off
the bottom (the most recently sold). Both are immutable values; every change returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.mercante.errors import (
    MarketFullError,
    PriceError,
    RemovalError,
    SaveDataError,
    UnknownGoodError,
)
from companion.engine.mercante.events import display_name
from companion.engine.mercante.facts import check_market, facts, market_of

MAX_SPACES = 40


def check_base(base: object, *, what: str = "base price") -> int:
    """Return ``base`` if it is a whole number of crowns of at least 1, else raise PriceError."""
    if isinstance(base, bool) or not isinstance(base, int):
        raise PriceError(f"{what} must be a whole number of crowns, not {base}")
    if base < 1:
        raise PriceError(f"{what} must be at least 1 crown, not {base}")
    return base


@dataclass(frozen=True)
class Market:
    """One market: its printed values (highest first) and the tokens covering the top spaces.

    ``tokens[i]`` is the good on space ``i`` (``None`` for a token the app did not see sold,
    e.g. when a game is entered part-way through).
    """

    id: str
    spaces: tuple[int, ...]
    tokens: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        check_market(self.id)
        name = f"the {display_name(self.id).lower()} market"
        if isinstance(self.spaces, str) or not isinstance(self.spaces, Iterable):
            raise PriceError(f"{name}: spaces {self.spaces!r} must be a list of printed values")
        spaces = tuple(self.spaces)
        if not spaces:
            raise PriceError(f"{name}: enter at least one printed space value")
        if len(spaces) > MAX_SPACES:
            raise PriceError(f"{name}: {len(spaces)} spaces is more than {MAX_SPACES}")
        for i, value in enumerate(spaces):
            check_base(value, what=f"{name} space {i + 1} value")
            if i and value > spaces[i - 1]:
                raise PriceError(
                    f"{name} space {i + 1} value {value} is higher than space {i} "
                    f"({spaces[i - 1]}): enter the printed values from the highest down"
                )
        if isinstance(self.tokens, str) or not isinstance(self.tokens, Iterable):
            raise UnknownGoodError(f"{name}: tokens {self.tokens!r} must be a list of goods")
        tokens = tuple(self.tokens)
        if len(tokens) > len(spaces):
            raise MarketFullError(
                f"{name}: {len(tokens)} tokens do not fit on {len(spaces)} spaces"
            )
        for token in tokens:
            if token is not None and market_of(token) != self.id:
                raise UnknownGoodError(f"{token!r} is not sold in {name}")
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "tokens", tokens)

    @property
    def name(self) -> str:
        return display_name(self.id)

    @property
    def covered(self) -> int:
        return len(self.tokens)

    @property
    def empty(self) -> int:
        return len(self.spaces) - len(self.tokens)

    @property
    def is_full(self) -> bool:
        """Every space covered: only the bazaar takes this market's goods."""
        return self.empty == 0

    @property
    def next_value(self) -> int | None:
        """The printed value of the highest-numbered empty space, or ``None`` when full."""
        return None if self.is_full else self.spaces[self.covered]

    def upcoming(self, count: int) -> tuple[int, ...]:
        """The printed values the next ``count`` tokens would land on (fewer if it fills up)."""
        return self.spaces[self.covered : self.covered + max(count, 0)]

    def verify_sell(self, good: str) -> None:
        if market_of(good) != self.id:
            raise UnknownGoodError(f"{good!r} is not sold in the {self.name.lower()} market")
        if self.is_full:
            raise MarketFullError(
                f"the {self.name.lower()} market is full (all {len(self.spaces)} spaces "
                f"covered): {good!r} can only go to the bazaar"
            )

    def sell(self, good: str) -> tuple[Market, int]:
        """Place ``good`` on the highest-numbered empty space: ``(new market, printed value)``."""
        self.verify_sell(good)
        value = self.spaces[self.covered]
        return Market(self.id, self.spaces, (*self.tokens, good)), value

    def verify_remove(self, count: int) -> None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RemovalError(f"{count!r} tokens: give a whole number of at least 0")
        if count > self.covered:
            raise RemovalError(
                f"cannot take {count!r} tokens off the {self.name.lower()} market: "
                f"it holds {self.covered}"
            )

    def remove(self, count: int) -> tuple[Market, tuple[str | None, ...]]:
        """Take ``count`` tokens off the bottom: ``(new market, removed tokens)``, the most
        recently sold first."""
        self.verify_remove(count)
        keep = self.covered - count
        removed = tuple(reversed(self.tokens[keep:]))
        return Market(self.id, self.spaces, self.tokens[:keep]), removed

    def to_dict(self) -> dict[str, Any]:
        return {"spaces": list(self.spaces), "tokens": list(self.tokens)}


@dataclass(frozen=True)
class MarketBoard:
    """All four markets, tracked; build it with :meth:`from_printed` from what players read."""

    markets: tuple[Market, ...]

    def __post_init__(self) -> None:
        markets = tuple(self.markets)
        ids = tuple(m.id for m in markets)
        expected = facts().market_ids
        if ids != expected:
            missing = [m for m in expected if m not in ids]
            if missing:
                raise PriceError(
                    f"the board needs printed values for every market; missing {missing[0]!r}"
                )
            raise PriceError(f"the board's markets must be {expected!r} in order, got {ids!r}")
        object.__setattr__(self, "markets", markets)

    @classmethod
    def from_printed(cls, values: Mapping[str, Sequence[int]]) -> MarketBoard:
        """A board with no tokens from ``{market: printed values, highest first}``."""
        if not isinstance(values, Mapping):
            raise PriceError(f"printed values {values!r} must map each market to its values")
        for market in values:
            check_market(market)
        for market in facts().market_ids:
            if market not in values:
                raise PriceError(f"printed values for market {market!r} are missing")
        return cls(tuple(Market(m, tuple(values.get(m, ()))) for m in facts().market_ids))

    def market(self, market: str) -> Market:
        check_market(market)
        return next(m for m in self.markets if m.id == market)

    def market_for(self, good: str) -> Market:
        return self.market(market_of(good))

    def next_value(self, good: str) -> int | None:
        """The printed value a ``good`` sold now would fetch before events (``None``: full)."""
        return self.market_for(good).next_value

    def _with(self, market: Market) -> MarketBoard:
        return MarketBoard(tuple(market if m.id == market.id else m for m in self.markets))

    def sell(self, good: str) -> tuple[MarketBoard, int]:
        """Place one ``good`` token: ``(new board, printed value of its space)``."""
        new_market, value = self.market_for(good).sell(good)
        return self._with(new_market), value

    def remove(self, market: str, count: int) -> tuple[MarketBoard, tuple[str | None, ...]]:
        """Take ``count`` tokens off the bottom of ``market``: ``(new board, removed tokens)``."""
        new_market, removed = self.market(market).remove(count)
        return self._with(new_market), removed

    def remove_many(
        self, removals: Mapping[str, int]
    ) -> tuple[MarketBoard, dict[str, tuple[str | None, ...]]]:
        """Several markets at once; checks them all before changing anything."""
        for market, count in removals.items():
            self.market(market).verify_remove(count)
        board = self
        removed: dict[str, tuple[str | None, ...]] = {}
        for market, count in removals.items():
            board, removed[market] = board.remove(market, count)
        return board, removed

    def to_dict(self) -> dict[str, Any]:
        return {m.id: m.to_dict() for m in self.markets}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MarketBoard:
        if not isinstance(data, Mapping):
            raise SaveDataError(f"board {data!r} must map each market to its spaces and tokens")
        markets = []
        for market_id in facts().market_ids:
            entry = data.get(market_id)
            if not isinstance(entry, Mapping):
                raise SaveDataError(f"board: market {market_id!r} is missing")
            unknown = set(entry) - {"spaces", "tokens"}
            if unknown:
                raise SaveDataError(f"board.{market_id}: unknown field {sorted(unknown)[0]!r}")
            markets.append(Market(market_id, entry.get("spaces", ()), entry.get("tokens", ())))
        for market_id in data:
            check_market(market_id)
        return cls(tuple(markets))
