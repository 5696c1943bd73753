"""What a game the app keeps tells each screen: its crowns and contracts, read publicly or
privately, how it ends and its tally (mixed into
:class:`~companion.engine.mercante.game.MercanteGame`).

Contracts are hidden cards (see :mod:`~companion.engine.mercante.ledger`). A screen is
rendered on the server and only what it renders reaches a phone, so the rule is simple: the
phone that says it is Ann may call ``contracts_of("Ann")``, ``completable("Ann")`` and
``returned_by("Ann")``; every phone, Ann's included, may call ``contract_count``,
``contract_values``, ``dealt_to``, ``end_triggers``, ``final_steps_left`` and ``tally``, and
read a record's ``summary`` (which never tells a face before the card is revealed by
completing it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.mercante.accounts import SETUP_ACTIONS, TakeContract
from companion.engine.mercante.ending import final_steps_left, tally, trigger_text
from companion.engine.mercante.ledger import BANK, Contract, ContractCard, best_completion, net
from companion.engine.mercante.records import BidRecord, Record, SaleRecord
from companion.engine.mercante.scoring import FinalTally
from companion.engine.mercante.upkeep import seat_of

if TYPE_CHECKING:
    from companion.engine.mercante.game import MercanteGame


class LedgerViews:
    """The ledger's reading of a game (a mixin of :class:`MercanteGame`)."""

    over: bool
    ending: tuple[str, ...]
    contracts: tuple[Contract, ...]
    log: tuple[Record, ...]

    @property
    def seats(self) -> tuple[str, ...]:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True once the turn in which an end trigger was met has ended; then only the
        end-game steps (and corrections) are accepted."""
        return self.over

    @property
    def in_setup(self) -> bool:
        """True until the first move of play: contracts are kept at setup."""
        return all(isinstance(r.action, SETUP_ACTIONS) for r in self.log)

    @property
    def bank_paid(self) -> int:
        """Crowns the bank has paid out, less what it took in, over this game's log."""
        return -sum(net(r.payments, BANK) for r in self.log)

    def contracts_of(self, name: str) -> tuple[Contract, ...]:
        """``name``'s contracts still held, faces and all. PRIVATE: only for the phone that
        says it is ``name``; every other screen uses :meth:`contract_count` and
        :meth:`contract_values`."""
        seat_of(self.seats, name)
        return tuple(c for c in self.contracts if c.holder == name and not c.completed)

    def contract_count(self, name: str) -> int:
        """How many contracts ``name`` holds (public knowledge)."""
        return len(self.contracts_of(name))

    def contract_values(self, name: str) -> tuple[int, ...]:
        """The crowns on the backs of ``name``'s contracts (public knowledge)."""
        return tuple(c.crowns for c in self.contracts_of(name))

    def goods_seen(self, name: str) -> tuple[str, ...]:
        """The goods the app saw ``name`` take (lots won at auction) and not sell since:
        goods stolen, given or thrown away at the table are not seen."""
        seat_of(self.seats, name)
        held: list[str] = []
        for record in self.log:
            if isinstance(record, BidRecord) and record.lot and record.lot.winner == name:
                held.extend(record.lot.lot.goods)
            elif isinstance(record, SaleRecord) and record.player == name:
                for token in record.quote.tokens:
                    if token.destination in ("market", "bazaar") and token.good in held:
                        held.remove(token.good)
        return tuple(held)

    def completable(self, name: str) -> tuple[Contract, ...]:
        """PRIVATE (``name``'s phone only): ``name``'s told contracts the goods the app saw
        them take could complete, each on its own (its ``vp`` is what it would gain)."""
        seen = self.goods_seen(name)
        return tuple(c for c in self.contracts_of(name) if best_completion(seen, (c,))[0] == (c,))

    def returned_by(self, name: str) -> ContractCard | None:
        """PRIVATE (``name``'s phone only): the face of the card ``name`` was dealt at setup
        and returned to the deck, where their phone told the setup deal (``None``: not told)."""
        seat_of(self.seats, name)
        for record in self.log:
            action = record.action
            if isinstance(action, TakeContract) and action.player == name and action.returned:
                return action.returned
        return None

    def dealt_to(self, name: str) -> bool:
        """Whether ``name``'s phone told the setup deal, two dealt and one kept (public: what
        the deal's record says every phone may read)."""
        return self.returned_by(name) is not None

    def end_triggers(self) -> tuple[str, ...]:
        """In words, the end triggers met: the game ends with this turn (or has ended)."""
        return tuple(trigger_text(t) for t in self.ending)

    def final_steps_left(self) -> tuple[str, ...]:
        """In words, what the tally still waits for (empty once it can be worked out)."""
        return final_steps_left(self._game)

    def tally(self) -> FinalTally:
        """The final tally with its working and the standings (see
        :func:`~companion.engine.mercante.ending.tally`)."""
        return tally(self._game)

    @property
    def _game(self) -> MercanteGame:
        return self  # type: ignore[return-value]  # mixed into MercanteGame only


__all__ = ["LedgerViews"]
