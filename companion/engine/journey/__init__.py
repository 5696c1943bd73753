"""Merchant's Journey at the table: rows of civilization cards, pair scoring, the Blight.

The app does not know the players' hands; it keeps what lies on the table. Each turn the
active player either starts a new city (a row of its own) or connects a card to the left or
right end of a row and gains the value of the pair. The Blight (the 2s) cancels the face value
of the cards beside it and pays 30 or 50 when three or four are linked; a 10 or a 5 may trade
places with the card it was placed beside when played; once per game a 6's player may switch
it with another 6. The game ends when the draw pile runs out.

Facts come from ``data/journey/facts.toml``; every reading of an open question is a ruling in
``data/journey/rulings.toml``, and those with another reasonable reading are the house-rule
switches of :class:`HouseRules` (keyed by ruling id, as Settings stores them).

:class:`JourneyGame` is an immutable value. Every move is an action (``Place("8", 0,
"left")``) that checks itself against the game and says what it does; ``game.apply(action)``
returns ``(new game, record)``, ``game.verify(action)`` raises the reason it is not allowed and
``game.can_apply(action)`` answers yes or no; an illegal action raises and changes nothing. The
records are the log: each keeps the game as it was, so undo is free, and a save is the
starting players and the actions, replayed (and so checked) when read back.

The package has one room per concern, as every engine does:

- :mod:`~companion.engine.journey.errors` — :class:`JourneyError` and its kinds;
- :mod:`~companion.engine.journey.facts` — the schema of ``data/journey/facts.toml``, its loader
  and the card facts (:func:`parse_rank`, :func:`value_of`, :func:`is_blight`...);
- :mod:`~companion.engine.journey.house` — the ruling ids and :class:`HouseRules`;
- :mod:`~companion.engine.journey.values` — what a pair is worth (:func:`pair_value`) and
  what an action gained (:class:`Gain`), with the working;
- :mod:`~companion.engine.journey.actions` — the moves, each checking itself and saying what
  it does, and their saved form (:func:`read_action`);
- :mod:`~companion.engine.journey.records` — the cards on the table and the records of the log;
- :mod:`~companion.engine.journey.game` — :class:`JourneyGame` and :func:`final_scores`;
- :mod:`~companion.engine.journey.table` — the shared table's rules (:data:`TABLE_RULES`).
"""

from __future__ import annotations

from companion.engine.journey.actions import (
    SAVE_FORMAT,
    SAVE_VERSION,
    SIDES,
    Action,
    Place,
    Side,
    StartRow,
    Swap,
    SwapOption,
    read_action,
)
from companion.engine.journey.errors import (
    CopiesError,
    GameOverError,
    JourneyError,
    PlayerCountError,
    RowError,
    RulesError,
    SaveDataError,
    SeatError,
    SwapError,
    UnknownCardError,
)
from companion.engine.journey.facts import (
    GAME_ID,
    CardFacts,
    JourneyFacts,
    can_move,
    card_facts,
    check_player_count,
    draw_pile_size,
    facts,
    is_blight,
    is_ghorralands,
    link_bonus,
    load_facts,
    parse_rank,
    ranks,
    swaps_when_played,
    value_of,
)
from companion.engine.journey.game import JourneyGame, final_scores
from companion.engine.journey.house import (
    BLIGHT_BONUS,
    BLIGHT_CHAIN,
    BLIGHT_LASTS,
    BLIGHT_NEGATES,
    CONNECT,
    GAME_END,
    GHORRALANDS,
    LINKED_BLIGHTS,
    MOST_PAIRS,
    PAIR_VALUE,
    RULINGS,
    STANDARD,
    SUPPORTED,
    SWAP_SCORES,
    SWAP_WHEN_PLAYED,
    TIES,
    HouseRules,
)
from companion.engine.journey.records import Card, PlayRecord, Record, SwapKind, SwapRecord
from companion.engine.journey.table import TABLE_RULES, status_line, table_changed
from companion.engine.journey.values import Gain, PairValue, pair_value, points_text, sum_text

__all__ = [
    "BLIGHT_BONUS",
    "BLIGHT_CHAIN",
    "BLIGHT_LASTS",
    "BLIGHT_NEGATES",
    "CONNECT",
    "GAME_END",
    "GAME_ID",
    "GHORRALANDS",
    "LINKED_BLIGHTS",
    "MOST_PAIRS",
    "PAIR_VALUE",
    "RULINGS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SIDES",
    "STANDARD",
    "SUPPORTED",
    "SWAP_SCORES",
    "SWAP_WHEN_PLAYED",
    "TABLE_RULES",
    "TIES",
    "Action",
    "Card",
    "CardFacts",
    "CopiesError",
    "Gain",
    "GameOverError",
    "HouseRules",
    "JourneyError",
    "JourneyFacts",
    "JourneyGame",
    "PairValue",
    "Place",
    "PlayRecord",
    "PlayerCountError",
    "Record",
    "RowError",
    "RulesError",
    "SaveDataError",
    "SeatError",
    "Side",
    "StartRow",
    "Swap",
    "SwapError",
    "SwapKind",
    "SwapOption",
    "SwapRecord",
    "UnknownCardError",
    "can_move",
    "card_facts",
    "check_player_count",
    "draw_pile_size",
    "facts",
    "final_scores",
    "is_blight",
    "is_ghorralands",
    "link_bonus",
    "load_facts",
    "pair_value",
    "parse_rank",
    "points_text",
    "ranks",
    "read_action",
    "status_line",
    "sum_text",
    "swaps_when_played",
    "table_changed",
    "value_of",
]
