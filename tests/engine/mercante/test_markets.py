"""The tracked market board: printed values entered by players, tokens on and off."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.mercante import (
    Market,
    MarketBoard,
    MarketFullError,
    PriceError,
    RemovalError,
    SaveDataError,
    UnknownGoodError,
    UnknownMarketError,
    markets,
)

PRINTED = {
    "luxuries": [24, 20, 16],
    "precious_metals": [16, 14, 12, 10],
    "raw_materials": [12, 10, 8, 6],
    "foodstuffs": [8, 7, 6, 5, 4, 3],
}


def test_selling_goods_token_takes_highest_numbered_empty_space() -> None:
    board = MarketBoard.from_printed(PRINTED)
    board, first = board.sell("silk")
    board, second = board.sell("art")
    assert (first, second) == (24, 20)
    assert board.next_value("gems") == 16
    assert board.market("luxuries").tokens == ("silk", "art")


def test_closed_markets_and_full_markets_full_market_refuses() -> None:
    board = MarketBoard.from_printed(PRINTED)
    for good in ("silk", "art", "gems"):
        board, _ = board.sell(good)
    assert board.market("luxuries").is_full
    assert board.next_value("spices") is None
    with pytest.raises(MarketFullError, match="'spices'"):
        board.sell("spices")


def test_upkeep_removes_from_the_bottom_most_recently_sold_first() -> None:
    board = MarketBoard.from_printed(PRINTED)
    for good in ("gold", "tin", "silver"):
        board, _ = board.sell(good)
    board, removed = board.remove("precious_metals", 2)
    assert removed == ("silver", "tin")
    assert board.market("precious_metals").tokens == ("gold",)
    assert board.next_value("mercury") == 14


def test_market_bad_input_is_named_and_nothing_changes() -> None:
    board = MarketBoard.from_printed(PRINTED)
    with pytest.raises(RemovalError, match="holds 0"):
        board.remove("luxuries", 1)
    with pytest.raises(UnknownMarketError, match="'spice_market'"):
        board.remove("spice_market", 1)
    with pytest.raises(UnknownGoodError, match="pepper"):
        board.sell("pepper")
    with pytest.raises(RemovalError, match="'2'"):
        board.remove_many({"luxuries": 0, "foodstuffs": "2"})  # type: ignore[dict-item]
    assert board == MarketBoard.from_printed(PRINTED)


def test_printed_values_must_be_entered_from_the_highest_down() -> None:
    with pytest.raises(PriceError, match="space 2 value 22"):
        Market("luxuries", (20, 22))
    with pytest.raises(PriceError, match="space 1 value must be at least 1 crown, not 0"):
        Market("luxuries", (0,))
    with pytest.raises(PriceError, match="at least one"):
        Market("luxuries", ())
    with pytest.raises(UnknownMarketError, match="'spices'"):
        Market("spices", (20,))
    with pytest.raises(UnknownGoodError, match="'gold'"):
        Market("luxuries", (20, 18), ("gold",))
    with pytest.raises(MarketFullError, match="2 tokens"):
        Market("luxuries", (20,), ("art", "silk"))


def test_board_needs_every_market() -> None:
    partial = {k: v for k, v in PRINTED.items() if k != "foodstuffs"}
    with pytest.raises(PriceError, match="'foodstuffs'"):
        MarketBoard.from_printed(partial)
    with pytest.raises(UnknownMarketError, match="'bazaar'"):
        MarketBoard.from_printed({**PRINTED, "bazaar": [3]})


def test_board_dict_round_trip_and_bad_saves() -> None:
    board, _ = MarketBoard.from_printed(PRINTED).sell("wine")
    assert MarketBoard.from_dict(board.to_dict()) == board
    with pytest.raises(SaveDataError, match="'luxuries'"):
        MarketBoard.from_dict({m: board.market(m).to_dict() for m in markets()[1:]})
    with pytest.raises(SaveDataError, match="'colour'"):
        MarketBoard.from_dict({**board.to_dict(), "luxuries": {"spaces": [3], "colour": 1}})


@given(st.lists(st.tuples(st.booleans(), st.sampled_from(["coffee", "grain", "wine"]))))
def test_property_market_sells_down_and_removes_up(moves: list[tuple[bool, str]]) -> None:
    values = PRINTED["foodstuffs"]
    market = Market("foodstuffs", tuple(values))
    history: list[str] = []
    for sell, good in moves:
        if sell and not market.is_full:
            market, value = market.sell(good)
            assert value == values[len(history)]
            history.append(good)
        elif not sell and market.covered:
            market, removed = market.remove(1)
            assert removed == (history.pop(),)
        assert market.tokens == tuple(history)
        assert market.next_value == (values[len(history)] if len(history) < len(values) else None)
