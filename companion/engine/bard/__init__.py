"""The Bard of The Entertainer pack: a Singing step planned location by location.

A :class:`Song` is one Singing step (or the Swan Song at the start of the Market phase): the
icon sources of the Song tableau (card tops, Volume-unlocked bottom halves, Improv and Paladin
icons, Soundstones), the Volume and the Movement value, and the player board as it stands
(:class:`Board`: Runes in Faction Halls, Badges placed, Creature cards in the Boast area).
Every performance is an action that verifies itself against the song and says what it does:
``song.apply(AtPier(...))`` returns the song after it and a :class:`Performed` record with the
working shown ("8 Warrior icons × 4 Warriors = 32 gold"); the records are the song's log.
``song.verify(action)`` raises with the reason, ``song.can_apply(action)`` answers yes or no.

Pure, typed and deterministic. Every number comes from ``data/bard/facts.toml``; every reading of an
unclear passage from ``data/bard/rulings.toml`` (the ``RULING_*`` ids); the readings a group
may switch to in Settings are the switches of :class:`HouseRules`.

The package has one room per concern, as every engine does:

- :mod:`~companion.engine.bard.errors` — :class:`BardError` and its kinds;
- :mod:`~companion.engine.bard.facts` — the schema of ``data/bard/facts.toml`` and its loader;
- :mod:`~companion.engine.bard.house` — the ruling ids and :class:`HouseRules`;
- :mod:`~companion.engine.bard.values` — card price, fan cost, hand size; Board, IconSource;
- :mod:`~companion.engine.bard.main_board` — the main board as the Bard sees it
  (:class:`Table`);
- :mod:`~companion.engine.bard.actions` — the performances, their spends and the Boast (a
  song's actions) and a table's own steps, each checking itself and saying what it does;
- :mod:`~companion.engine.bard.locations` — the rules of each place the Bard sings at;
- :mod:`~companion.engine.bard.records` — what each action did: the logs' records;
- :mod:`~companion.engine.bard.song` — the song and :func:`sing`;
- :mod:`~companion.engine.bard.planner` — the best songs from a start (:func:`plan`), found
  by :mod:`~companion.engine.bard.search`;
- :mod:`~companion.engine.bard.game` — a shared table's state: the board once, then song
  after song (:class:`BardGame`);
- :mod:`~companion.engine.bard.table` — the shared table's rules (:data:`TABLE_RULES`).
"""

from __future__ import annotations

from companion.engine.bard.actions import (
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardAction,
    BeginSong,
    Boast,
    ChangeSong,
    EndSong,
    Finish,
    HallSong,
    Performance,
    ReviseSong,
    SetBoard,
    SetTable,
    SongAction,
    Spend,
    read_action,
    read_song_action,
    spends,
)
from companion.engine.bard.errors import (
    BardError,
    BoastError,
    CountError,
    GameOverError,
    GoldError,
    IconError,
    LocationError,
    SaveDataError,
    StepError,
    UnknownNameError,
    VolumeError,
)
from companion.engine.bard.facts import BardFacts, facts, load_facts, location_name
from companion.engine.bard.game import BardGame
from companion.engine.bard.house import (
    RULING_BOAST,
    RULING_BOAST_GAINS,
    RULING_CARD_GOLD,
    RULING_COIN_ICONS,
    RULING_COINS,
    RULING_CREATURES,
    RULING_DRAGON_ISLAND,
    RULING_FANS,
    RULING_HALLS,
    RULING_HAND_SIZE,
    RULING_ONE_VISIT,
    RULING_PALADINS,
    RULING_SOUNDSTONE,
    RULING_SOURCE_WHOLE,
    RULING_TOWN_SQUARE_ICON,
    RULINGS,
    HouseRules,
)
from companion.engine.bard.main_board import PALADIN, Table
from companion.engine.bard.planner import KEY_NAMES, Goals, Plan, plan
from companion.engine.bard.records import (
    Boasted,
    GameRecord,
    Performed,
    Record,
    SongSung,
    SongTotals,
)
from companion.engine.bard.song import Song, sing
from companion.engine.bard.table import TABLE_RULES, status_line, table_changed
from companion.engine.bard.values import (
    ANY,
    COIN,
    KINDS,
    MAX_ADVENTURERS,
    MAX_ICONS,
    SIDES,
    STONE,
    Board,
    Figure,
    IconSource,
    blue_gems,
    card_price,
    fan_cost,
    hand_size,
)

__all__ = [
    "ANY",
    "COIN",
    "KEY_NAMES",
    "KINDS",
    "MAX_ADVENTURERS",
    "MAX_ICONS",
    "PALADIN",
    "RULINGS",
    "RULING_BOAST",
    "RULING_BOAST_GAINS",
    "RULING_CARD_GOLD",
    "RULING_COINS",
    "RULING_COIN_ICONS",
    "RULING_CREATURES",
    "RULING_DRAGON_ISLAND",
    "RULING_FANS",
    "RULING_HALLS",
    "RULING_HAND_SIZE",
    "RULING_ONE_VISIT",
    "RULING_PALADINS",
    "RULING_SOUNDSTONE",
    "RULING_SOURCE_WHOLE",
    "RULING_TOWN_SQUARE_ICON",
    "SIDES",
    "STONE",
    "TABLE_RULES",
    "AtDragonIsland",
    "AtFactionHall",
    "AtPier",
    "AtTownSquare",
    "BardAction",
    "BardError",
    "BardFacts",
    "BardGame",
    "BeginSong",
    "Board",
    "Boast",
    "BoastError",
    "Boasted",
    "ChangeSong",
    "CountError",
    "EndSong",
    "Figure",
    "Finish",
    "GameOverError",
    "GameRecord",
    "Goals",
    "GoldError",
    "HallSong",
    "HouseRules",
    "IconError",
    "IconSource",
    "LocationError",
    "Performance",
    "Performed",
    "Plan",
    "Record",
    "ReviseSong",
    "SaveDataError",
    "SetBoard",
    "SetTable",
    "Song",
    "SongAction",
    "SongSung",
    "SongTotals",
    "Spend",
    "StepError",
    "Table",
    "UnknownNameError",
    "VolumeError",
    "blue_gems",
    "card_price",
    "facts",
    "fan_cost",
    "hand_size",
    "load_facts",
    "location_name",
    "plan",
    "read_action",
    "read_song_action",
    "sing",
    "spends",
    "status_line",
    "table_changed",
]
