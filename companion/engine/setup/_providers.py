"""Numbers the setup data borrows from another tool's facts instead of repeating them.

Mercante's facts (starting crowns, how many contracts are dealt...) belong to
``data/mercante/rules.toml``; the Mercante checklist names them by their path in that file
(``provider = "mercante.setup.contracts_dealt"``: tool, then the keys) so each number lives in
one place. They are read from the data file itself, so the setup engine imports no other
engine (and no other engine's import brings the setup data with it).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.rules.loader import data_dir, read_toml


@lru_cache(maxsize=8)
def _facts(root: Path, tool: str) -> dict[str, Any]:
    return read_toml(root / tool / "rules.toml")


def provided(key: str) -> int:
    """The whole number ``key`` names (``"mercante.agents.start"``); a ``ValueError`` says
    what is missing when the key names nothing, or something that is not a whole number."""
    tool, _, path = key.partition(".")
    if not tool.isidentifier() or not path:
        raise ValueError(f"provider {key!r} must be a tool and a path, such as 'mercante.x.y'")
    value: Any = _facts(data_dir(), tool)
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise ValueError(f"provider {key!r}: data/{tool}/rules.toml has no {path!r}")
        value = value[part]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"provider {key!r}: {value!r} is not a whole number")
    return value
