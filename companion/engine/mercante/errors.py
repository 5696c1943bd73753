"""The errors of the Mercante engine: all ``ValueError``, each message quoting the bad input.

Like python-chess's ``InvalidMoveError``/``IllegalMoveError``: a bad value (unknown good, base
below 1) and a move the rules forbid (a closed market, a sixth agent) are both ``ValueError``
subclasses, so a caller can catch either the family or one kind.
"""

from __future__ import annotations


class MercanteError(ValueError):
    """Base class: an input the Mercante rules do not allow."""


class UnknownGoodError(MercanteError):
    """A good that is not one of the sixteen (or a good sent to the wrong market)."""


class UnknownMarketError(MercanteError):
    """A market that is not one of the four."""


class PriceError(MercanteError):
    """A printed market value that is not a whole number of at least 1 crown."""


class MarketClosedError(MercanteError):
    """A sale into a market that an event on the calendar closes."""


class MarketFullError(MercanteError):
    """A sale into a market whose spaces are all covered."""


class EventError(MercanteError):
    """An event card whose fields are malformed (kind, modifiers, closed markets...)."""


class FleetingEventError(EventError):
    """A Fleeting event put on the calendar (it is resolved and discarded instead)."""


class ReactionError(MercanteError):
    """A Reaction event played where the rules do not allow it."""


class PlayerCountError(MercanteError):
    """A number of players outside Mercante's 3–5."""


class SeatError(MercanteError):
    """A seat or turn position that is not at the table, or a name that is not seated."""


class LimitError(MercanteError):
    """More agents, warehouses or goods than a merchant house may have."""


class RemovalError(MercanteError):
    """An upkeep removal that costs too much, leaves points unspent, or empties a market twice."""


class AuctionError(MercanteError):
    """A victory point bid that is not allowed (negative, above the bidder's crowns...)."""


class TallyError(MercanteError):
    """Final-tally figures that cannot be right (negative crowns, unaffordable victory points)."""


class ActionError(MercanteError):
    """A game action that is not allowed at this point of the turn."""


class SaveDataError(MercanteError):
    """A saved game that cannot be read back; the message names the path of the bad field."""


class ContractError(MercanteError):
    """A contract card that is not one of the deck's, or one a player does not hold."""


class CrownsError(MercanteError):
    """A payment beyond what a player has: the message names the player and their crowns."""


class GameOverError(ActionError):
    """A move of play after the game has ended (only the end-game steps remain)."""
