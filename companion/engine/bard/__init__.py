"""The Bard of The Entertainer pack: a Singing step planned location by location.

A :class:`Song` is one Singing step (or the Swan Song at the start of the Market phase): the
icon sources of the Song tableau (card tops, Volume-unlocked bottom halves, Improv and Paladin
icons, Soundstones), the Volume and the Movement value, and the player board as it stands
(:class:`Board`: Runes in Faction Halls, Badges placed, Creature cards in the Boast area).
Every performance is verified first, then applied, and returns a :class:`Performed` record with
the working shown ("8 Warrior icons × 4 Warriors = 32 gold"); the records are the song's log.
Like pokerkit's actions, each comes in three: :meth:`Song.verify` raises with the reason,
:meth:`Song.can_perform` answers yes or no, :meth:`Song.perform` applies.

Pure, typed and deterministic. Every number comes from ``data/bard/facts.toml``; every reading of an
unclear passage from ``data/bard/rulings.toml`` (the ``RULING_*`` ids); the readings a group
may switch to in Settings are the switches of :class:`HouseRules`.

The package has one room per concern, as every engine does:

- :mod:`~companion.engine.bard.errors` — :class:`BardError` and its kinds;
- :mod:`~companion.engine.bard.facts` — the schema of ``data/bard/facts.toml`` and its loader;
- :mod:`~companion.engine.bard.house` — the ruling ids and :class:`HouseRules`;
- :mod:`~companion.engine.bard.values` — card price, fan cost, hand size; Board, IconSource;
- :mod:`~companion.engine.bard.actions` — the performances, their spends and the Boast, as
  plain data;
- :mod:`~companion.engine.bard.song` — the song, its records and :func:`sing`;
- :mod:`~companion.engine.bard.table` — the main board as the Bard sees it (:class:`Table`);
- :mod:`~companion.engine.bard.planner` — the best songs from a start (:func:`plan`);
- :mod:`~companion.engine.bard.game` — a shared table's state: the board once, then song
  after song (:class:`BardGame`, its actions, :func:`read_action`, :data:`TABLE_RULES`).
"""

from __future__ import annotations

from companion.engine.bard.actions import (
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardAction,
    Boast,
    HallSong,
    Performance,
    SongAction,
    Spend,
    read_song_action,
    spends,
)
from companion.engine.bard.errors import (
    BardError,
    BoastError,
    CountError,
    GameOverError,
    IconError,
    LocationError,
    SaveDataError,
    StepError,
    UnknownNameError,
    VolumeError,
)
from companion.engine.bard.facts import BardFacts, facts, load_facts, location_name
from companion.engine.bard.game import (
    TABLE_RULES,
    BardGame,
    BeginSong,
    ChangeSong,
    EndSong,
    Finish,
    GameRecord,
    ReviseSong,
    SetBoard,
    SetTable,
    SongSung,
    read_action,
    table_changed,
)
from companion.engine.bard.house import (
    RULING_BOAST,
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
from companion.engine.bard.planner import KEY_NAMES, Goals, Plan, plan
from companion.engine.bard.song import Boasted, Performed, Record, Song, SongTotals, sing
from companion.engine.bard.table import PALADIN, Table
from companion.engine.bard.values import (
    ANY,
    COIN,
    KINDS,
    MAX_ADVENTURERS,
    MAX_ICONS,
    SIDES,
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
    "table_changed",
]
