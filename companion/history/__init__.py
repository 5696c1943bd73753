"""The play history: players, games, plays and results in SQLite or PostgreSQL.

The UI reaches the database only through :func:`open_store` and the :class:`Store` it
returns; every store method runs in its own transaction. Errors are :class:`StoreError`
(a ``ValueError``) with a one-line message.
"""

from companion.history.errors import (
    ImportFileError,
    NotFoundError,
    PlayDataError,
    SeqTakenError,
    StoreError,
    TableClosedError,
)
from companion.history.exchange import ImportReport
from companion.history.models import (
    CustomCardPublic,
    GamePublic,
    PlayCreate,
    PlayerPublic,
    PlayPublic,
    ResultCreate,
    ResultPublic,
    TableActionPublic,
    TableHead,
    TablePublic,
    TieBreakerSpec,
)
from companion.history.stats import GameStats, PlayerGameStats, PlayerStats
from companion.history.store import Store, open_store

__all__ = [
    "CustomCardPublic",
    "GamePublic",
    "GameStats",
    "ImportFileError",
    "ImportReport",
    "NotFoundError",
    "PlayCreate",
    "PlayDataError",
    "PlayPublic",
    "PlayerGameStats",
    "PlayerPublic",
    "PlayerStats",
    "ResultCreate",
    "ResultPublic",
    "SeqTakenError",
    "Store",
    "StoreError",
    "TableActionPublic",
    "TableClosedError",
    "TableHead",
    "TablePublic",
    "TieBreakerSpec",
    "open_store",
]
