"""Errors of the setup assistant: all ``ValueError``, each message quoting the bad input.

A combination of modules that breaks a rule is *not* an error: :func:`check_modules` reports it
as findings. These exceptions are for inputs that make no sense at all (a module id the data
does not know, a game without a setup, a player count that is not a count).
"""

from __future__ import annotations


class SetupError(ValueError):
    """Base class: an input the setup assistant cannot work with."""


class UnknownModuleError(SetupError):
    """A module id that is not in the setup data."""


class UnknownCardError(SetupError):
    """A card id that is not in the setup data, or a card kind that does not exist."""


class UnknownGameError(SetupError):
    """A game id with no setup checklist."""


class PlayerCountError(SetupError):
    """A player count that is not a whole number, or outside the game's range."""


class HouseRuleError(SetupError):
    """A house rule id that is not a ruling with an alternative reading."""


class CardChoiceError(SetupError):
    """Chosen cards that a checklist cannot be written for (e.g. two Rogue cards)."""


class NoLegalCombinationError(SetupError):
    """Surprise me found no legal combination for the constraints given."""


class SaveDataError(SetupError):
    """A saved setup table (its start or one of its actions) that cannot be read back; the
    message names the field."""


class StepError(SetupError):
    """A checklist step that is not on the checklist, or is already marked as asked."""


class UnchangedError(SetupError):
    """An action that would change nothing (the module is already chosen, the card already
    the one picked): refused, so the table's log holds only real changes."""


class SeedError(SetupError):
    """A seed typed by a player that is not a whole number of at most 12 digits."""
