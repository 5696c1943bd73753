"""What one device is typing at one Mercante table (:class:`MercanteDrafts`): never written to
the table, kept in the browser session across pushes, tab changes and reloads
(``ctx.live.draft(TOOL_ID, table_id, MercanteDrafts)``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.engine.mercante import (
    AuctionVictoryPoint,
    ChallengeSale,
    MercanteError,
    MercanteGame,
    MercanteTable,
    PlayEvent,
    RemoveGoods,
)
from companion.engine.mercante.tabletop import TallyValue
from companion.ui.mercante.model.contracts import CardDraft
from companion.ui.mercante.model.deal import DealDraft
from companion.ui.mercante.model.events import EventChoice, choice_by_key
from companion.ui.mercante.model.sale import SaleDraft
from companion.ui.mercante.model.shipment import ShipmentDraft
from companion.ui.mercante.model.tally import TallyDraft, parse_figure, tally_text
from companion.ui.mercante.model.words import (
    FieldErrors,
    FieldKey,
    more_than_they_have,
    parse_count,
)
from companion.ui.model.words import capitalized


@dataclass
class MercanteDrafts:
    """This device's drafts for one table.

    ``sale``: the sale being priced (goods, printed values, agents, Reactions tried);
    ``shipment``: the shipment card typed in and the bid being typed; ``removals``: the tokens
    chosen to take off at upkeep; ``bids``: the victory point bids typed, by player;
    ``upkeep_event``: the event card chosen for upkeep step 2; ``challenger`` and ``claimed``:
    a Vicious Accounting challenge being written; ``typed``: the tally fields as typed here,
    by ``(field, player index)``, each with the table's figure it was typed over (see
    :meth:`settle_typed`); ``show_tally_errors``: Save was tapped with fields to fix, so
    every error shows; ``cards``: contract faces being told, by contract number; ``deal``:
    the two contract cards dealt at setup, as told on this phone.
    """

    sale: SaleDraft = field(default_factory=SaleDraft)
    shipment: ShipmentDraft = field(default_factory=ShipmentDraft)
    removals: dict[str, int] = field(default_factory=dict)
    bids: dict[str, str] = field(default_factory=dict)
    upkeep_event: str | None = None
    challenger: str | None = None
    claimed: str = ""
    typed: dict[tuple[str, int], tuple[str, TallyValue]] = field(default_factory=dict)
    show_tally_errors: bool = False
    prices: dict[str, str] = field(default_factory=dict)
    final_goods: dict[str, list[str]] = field(default_factory=dict)
    final_vp: dict[str, int] = field(default_factory=dict)
    cards: dict[int, CardDraft] = field(default_factory=dict)
    deal: DealDraft = field(default_factory=DealDraft)

    # -- upkeep ----------------------------------------------------------------------------
    def set_removal(self, market: str, count: int) -> None:
        self.removals[market] = max(0, count)

    def chosen_removals(self) -> dict[str, int]:
        """The tokens chosen to take off, by market (none left out as 0)."""
        return {m: n for m, n in self.removals.items() if n}

    def removal_problem(self, game: MercanteGame) -> str | None:
        """Why the tokens chosen cannot come off as they are (``None``: they can)."""
        try:
            game.verify(self.removal())
        except MercanteError as exc:
            return capitalized(str(exc))
        return None

    def removal(self) -> RemoveGoods:
        """Upkeep step 1: take the chosen tokens off."""
        return RemoveGoods(tuple(self.chosen_removals().items()))

    def pick_event(self, key: str | None) -> None:
        self.upkeep_event = key

    def upkeep_event_action(self, choices: Sequence[EventChoice]) -> PlayEvent:
        """Upkeep step 2: apply the card chosen (``ValueError``: none chosen)."""
        chosen = choice_by_key(choices, self.upkeep_event)
        if chosen is None:
            raise ValueError("Choose the event card turned over first.")
        return PlayEvent(chosen.event)

    def vp_auction(
        self, seats: Sequence[str], crowns: Mapping[str, int] | None = None
    ) -> AuctionVictoryPoint:
        """Upkeep step 3: every seat's blind bid as typed, a blank one 0 (:class:`FieldErrors`
        keyed ``("bid", name)`` for bids that do not read, or, with ``crowns`` (where the app
        keeps them), that are more than the bidder has)."""
        bids: dict[str, int] = {}
        errors: dict[FieldKey, str] = {}
        for name in seats:
            try:
                bids[name] = parse_count(self.bids.get(name, ""), blank=0)
            except ValueError as exc:
                errors[("bid", name)] = str(exc)
                continue
            if crowns is not None and name in crowns and bids[name] > crowns[name]:
                errors[("bid", name)] = more_than_they_have(name, crowns[name])
        if errors:
            raise FieldErrors(errors)
        return AuctionVictoryPoint(tuple(bids.items()))

    def track_price(self, ident: str, payer: tuple[str, int] | None = None) -> int:
        """The price typed beside agent action ``ident`` (:class:`FieldErrors` keyed
        ``("price", ident)`` when it is blank, does not read or, with ``payer`` (their name
        and crowns, where the app keeps them), is more than they have)."""
        text = self.prices.get(ident, "")
        if not text.strip():
            raise FieldErrors({("price", ident): "Type the price the reference track shows"})
        try:
            price = parse_count(text)
        except ValueError as exc:
            raise FieldErrors({("price", ident): str(exc)}) from None
        if payer is not None and price > payer[1]:
            raise FieldErrors({("price", ident): more_than_they_have(*payer)})
        return price

    def goods_left(self, game: MercanteGame, name: str) -> list[str]:
        """The goods ``name`` has left as listed here; at first those the app saw them take
        and not sell (lots won at auction)."""
        if name not in self.final_goods:
            self.final_goods[name] = list(game.goods_seen(name))
        return self.final_goods[name]

    # -- Vicious Accounting ----------------------------------------------------------------
    def challenge(self) -> ChallengeSale:
        """The challenge written (:class:`FieldErrors` keyed ``("claimed",)`` for a price that
        does not read; ``ValueError`` when nobody is chosen to challenge)."""
        try:
            claimed = parse_count(self.claimed)
        except ValueError as exc:
            raise FieldErrors({("claimed",): str(exc)}) from None
        if self.challenger is None:
            raise ValueError("Choose who challenges the price.")
        return ChallengeSale(self.challenger, claimed)

    def challenged(self) -> None:
        self.challenger, self.claimed = None, ""

    # -- the tally -------------------------------------------------------------------------
    def tally(self, table: MercanteTable) -> TallyDraft:
        """The tally as this device shows it: the table's figures, with what is typed here
        over them."""
        self.settle_typed(table)
        return TallyDraft.from_table(table, {k: text for k, (text, _) in self.typed.items()})

    def settle_typed(self, table: MercanteTable) -> None:
        """Forget typed text once the table's figure is not the one it was typed over (another
        phone wrote it, or it was taken back): the table wins. Until then a field keeps its
        own text: a half-typed figure, ``031`` for 31 (not rewritten under the player's
        thumb), or a figure the database refused (the next keystroke sends it again)."""
        for key, (_text, over) in list(self.typed.items()):
            name, index = key
            if index >= len(table.players):
                del self.typed[key]
                continue
            if table.figures(table.players[index]).get(name) != over:
                del self.typed[key]

    def type_figure(
        self, table: MercanteTable, name: str, index: int, text: str
    ) -> tuple[str, TallyValue] | None:
        """Note ``text`` typed in tally field ``name`` of player ``index``; returns ``(player,
        value)`` when it is a figure the table should now hold (it reads, and differs)."""
        player = table.players[index]
        now = table.figures(player).get(name)
        self.typed[(name, index)] = (text, now)
        try:
            value = parse_figure(name, text)
        except ValueError:
            return None
        return None if value == now else (player, value)

    def sent(self, name: str, index: int, value: TallyValue) -> None:
        """The table took ``value`` for the field: the text typed stands over it now."""
        typed = self.typed.get((name, index))
        if typed is not None:
            self.typed[(name, index)] = (typed[0], value)

    def shown_text(self, table: MercanteTable, name: str, index: int) -> str:
        self.settle_typed(table)
        typed = self.typed.get((name, index))
        if typed is not None:
            return typed[0]
        return tally_text(table.figures(table.players[index]).get(name))


__all__ = ["MercanteDrafts"]
