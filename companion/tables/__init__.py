"""Shared tables: every tool's game in progress as one table that all devices see live.

(The developer note on joining is completed with the session loop; see below.)
"""

from companion.tables.hub import (
    Applied,
    Failed,
    Outcome,
    Refused,
    Saved,
    Snapshot,
    StatusChanged,
    Subscription,
    TableHub,
    TableInfo,
    TableNotFound,
)

__all__ = [
    "Applied",
    "Failed",
    "Outcome",
    "Refused",
    "Saved",
    "Snapshot",
    "StatusChanged",
    "Subscription",
    "TableHub",
    "TableInfo",
    "TableNotFound",
]
