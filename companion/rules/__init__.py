"""Game facts and rulings, loaded from the TOML files in ``data/`` into validated, immutable models.

Everything here is pure Python (pydantic for validation): the rules engine and the UI both read
the catalogue through :func:`catalogue`. A malformed file fails at load time with a
:class:`DataFileError` naming the file, the entry and the field.
"""

from companion.rules.loader import (
    RULINGS_FILE,
    DataFileError,
    data_dir,
    load_entries,
    read_toml,
    ruling_files,
    seeds_dir,
)
from companion.rules.models import (
    OTHER_GAME_ID,
    Book,
    Catalogue,
    Game,
    Ruling,
    Source,
    catalogue,
    load_catalogue,
)

__all__ = [
    "OTHER_GAME_ID",
    "RULINGS_FILE",
    "Book",
    "Catalogue",
    "DataFileError",
    "Game",
    "Ruling",
    "Source",
    "catalogue",
    "data_dir",
    "load_catalogue",
    "load_entries",
    "read_toml",
    "ruling_files",
    "seeds_dir",
]
