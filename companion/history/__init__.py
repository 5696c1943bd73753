"""The play history: players, games, plays and results in SQLite or PostgreSQL.

The UI reaches the database only through :func:`open_store` and the :class:`Store` it
returns; every store method runs in its own transaction. Errors are :class:`StoreError`
(a ``ValueError``) with a one-line message.
"""

from typing import TYPE_CHECKING, Any

from companion.history.errors import (
    ImportFileError,
    NotFoundError,
    PlayDataError,
    SavedBeforeError,
    SeqTakenError,
    StoreError,
    TableClosedError,
)
from companion.history.models import (
    SCORINGS,
    CustomCardPublic,
    GamePublic,
    PlayCreate,
    PlayerPublic,
    PlayPublic,
    ResultCreate,
    ResultPublic,
    Scoring,
    TableActionPublic,
    TableHead,
    TablePublic,
    TieBreakerSpec,
)
from companion.history.stats import (
    FeaturePlayer,
    FeatureStats,
    GameStats,
    PlayerGameStats,
    PlayerStats,
)
from companion.history.store import Store, open_store

if TYPE_CHECKING:
    from companion.history.exchange import ImportReport


def __getattr__(name: str) -> Any:
    # The import and export code loads when a player imports or exports, not at startup.
    if name == "ImportReport":
        from companion.history.exchange import ImportReport

        return ImportReport
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SCORINGS",
    "CustomCardPublic",
    "FeaturePlayer",
    "FeatureStats",
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
    "SavedBeforeError",
    "Scoring",
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
