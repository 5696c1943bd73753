"""The Bard's one family of errors: every input the rules refuse raises a :class:`BardError`
(a ``ValueError``) whose message quotes the offending input."""

from __future__ import annotations

__all__ = [
    "BardError",
    "BoastError",
    "CountError",
    "GameOverError",
    "GoldError",
    "IconError",
    "LocationError",
    "SaveDataError",
    "StepError",
    "UnknownNameError",
    "VolumeError",
]


class BardError(ValueError):
    """Base class: an input the Bard's rules do not allow; the message quotes it."""


class UnknownNameError(BardError):
    """A faction, location, side, source id or song kind that does not exist."""


class CountError(BardError):
    """A number out of range: negative icons, Volume above the track, a seventh Badge..."""


class LocationError(BardError):
    """A location the rules close to this performance (visited, Rune there, no moves left)."""


class IconError(BardError):
    """Icons that cannot be spent so: spent twice, the wrong colour, too few for the cost."""


class VolumeError(BardError):
    """More Volume spent than the song has."""


class GoldError(BardError):
    """A card the song cannot pay for (under the house rule that a song pays for its cards
    from the gold it has earned)."""


class BoastError(BardError):
    """A Boast the rules do not allow at this point."""


class StepError(BardError):
    """An action out of its turn: a performance with no song begun, a song begun while
    another is being sung."""


class GameOverError(BardError):
    """An action after the table was finished."""


class SaveDataError(BardError):
    """A saved game or action that cannot be read back; the message names the field."""
