"""Merchant's Journey's one family of errors: every refusal is a :class:`JourneyError` (a
``ValueError``) whose message names the input it refuses (``!r``)."""

from __future__ import annotations


class JourneyError(ValueError):
    """Base class: an input the Merchant's Journey rules do not allow."""


class UnknownCardError(JourneyError):
    """A rank that is not one of the twelve civilizations (an Ace, a typo)."""


class CopiesError(JourneyError):
    """A fifth card of one rank: the deck holds four of each."""


class PlayerCountError(JourneyError):
    """A number of players outside the game's 2–6."""


class SeatError(JourneyError):
    """A player name, seat or first player that is not at the table."""


class RowError(JourneyError):
    """A row that is not on the table, or a side that is neither left nor right."""


class SwapError(JourneyError):
    """A swap or Ghorralands switch the rules do not allow."""


class GameOverError(JourneyError):
    """An action after the draw pile ran out (or, for the final scores, before)."""


class RulesError(JourneyError):
    """A house-rule id that is not a Merchant's Journey ruling with another reading."""


class SaveDataError(JourneyError):
    """A saved game that cannot be read back; the message names the bad field's path."""


__all__ = [
    "CopiesError",
    "GameOverError",
    "JourneyError",
    "PlayerCountError",
    "RowError",
    "RulesError",
    "SaveDataError",
    "SeatError",
    "SwapError",
    "UnknownCardError",
]
