"""A screen's saved state read back, with a damaged save kept aside rather than lost.

Each calculator saves its screen under one settings key after every tap. When that save can
no longer be read back, the screen must neither crash nor destroy what the players saved: the
raw save is kept under ``<key>_damaged``, a fresh state is saved in its place, and the screen
says so (each in its own words, with the error returned here).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

S = TypeVar("S")


class Settings(Protocol):
    """Where screens keep their state (the app context, or a store in tests)."""

    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def damaged_key(key: str) -> str:
    """Where a save under ``key`` that cannot be read back is kept."""
    return f"{key}_damaged"


def replay_game(
    read: Callable[[Any], S],
    raw: object,
    *,
    rules_error: type[Exception],
    error: type[Exception],
) -> S:
    """The saved game ``read`` (an engine's ``from_dict``) replays from ``raw``; a move the
    rules refuse (``rules_error``) becomes ``error`` saying so."""
    try:
        return read(raw)
    except rules_error as exc:
        raise error(f"the saved game could not be replayed: {exc}") from None


def saved_play(value: object) -> int | None:
    """The id of the history play a finished game was saved as (anything else: none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def restore(
    settings: Settings,
    key: str,
    read: Callable[[object], S],
    fresh: Callable[[], S],
    save: Callable[[S], object],
    *,
    error: type[Exception],
    what: str,
    logger: logging.Logger,
    tolerate: tuple[type[Exception], ...] = (),
) -> tuple[S, Exception | None]:
    """The state saved under ``key``, read by ``read``; ``None`` as the error when it read.

    When ``read`` raises ``error``, the raw save is kept under :func:`damaged_key`, a
    ``fresh()`` state is written with ``save`` and returned with the error. ``tolerate``
    names store errors that keeping and saving may meet without stopping the screen (logged).
    ``what`` names the save in the log (``"unreadable Bard save: ..."``).
    """
    raw = settings.setting(key)
    try:
        return read(raw), None
    except error as exc:
        logger.warning("unreadable %s save: %s", what, exc)
        state = fresh()
        try:  # never destroy what players saved: keep it aside, then start afresh
            settings.set_setting(damaged_key(key), raw)
            save(state)
        except tolerate:
            logger.exception("keeping the damaged %s save failed", what)
        return state, exc


__all__ = ["Settings", "damaged_key", "replay_game", "restore", "saved_play"]
