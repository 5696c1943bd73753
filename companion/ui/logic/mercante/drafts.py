"""What one device is typing at one Mercante table (:class:`MercanteDrafts`): never written to
the table, kept in the browser session across pushes, tab changes and reloads
(``ctx.live.draft("mercante", table_id, MercanteDrafts)``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.mercante import MercanteTable
from companion.engine.mercante.table import TallyValue
from companion.ui.logic.mercante.sale import SaleDraft
from companion.ui.logic.mercante.shipment import ShipmentDraft
from companion.ui.logic.mercante.tally import TallyDraft, parse_figure, tally_text


@dataclass
class MercanteDrafts:
    """This device's drafts for one table.

    ``sale``: the sale being priced (goods, printed values, agents, Reactions tried);
    ``shipment``: the shipment card typed in and the bid being typed; ``removals``: the tokens
    chosen to take off at upkeep; ``bids``: the victory point bids typed, by player;
    ``upkeep_event``: the event card chosen for upkeep step 2; ``challenger`` and ``claimed``:
    a Vicious Accounting challenge being written; ``typed``: tally fields as typed here that
    the table does not hold (a half-typed or unreadable figure), by ``(field, player index)``;
    ``show_tally_errors``: Save was tapped with fields to fix, so every error shows.
    """

    sale: SaleDraft = field(default_factory=SaleDraft)
    shipment: ShipmentDraft = field(default_factory=ShipmentDraft)
    removals: dict[str, int] = field(default_factory=dict)
    bids: dict[str, str] = field(default_factory=dict)
    upkeep_event: str | None = None
    challenger: str | None = None
    claimed: str = ""
    typed: dict[tuple[str, int], str] = field(default_factory=dict)
    show_tally_errors: bool = False

    def tally(self, table: MercanteTable) -> TallyDraft:
        """The tally as this device shows it: the table's figures, with what is typed here
        and not on the table over them."""
        self.settle_typed(table)
        return TallyDraft.from_table(table, self.typed)

    def settle_typed(self, table: MercanteTable) -> None:
        """Forget typed text the table has caught up with, or has moved past: a field keeps
        its own text only while it cannot be read, or reads as the table's value (``031``
        for 31 stays as typed, so the field is not rewritten under the player's thumb)."""
        for key, text in list(self.typed.items()):
            name, index = key
            if index >= len(table.players):
                del self.typed[key]
                continue
            try:
                value = parse_figure(name, text)
            except (ValueError, KeyError):
                continue
            if value != table.figures(table.players[index]).get(name):
                del self.typed[key]

    def type_figure(
        self, table: MercanteTable, name: str, index: int, text: str
    ) -> tuple[str, TallyValue] | None:
        """Note ``text`` typed in tally field ``name`` of player ``index``; returns ``(player,
        value)`` when it is a figure the table should now hold (it reads, and differs)."""
        self.typed[(name, index)] = text
        player = table.players[index]
        try:
            value = parse_figure(name, text)
        except ValueError:
            return None
        if value == table.figures(player).get(name):
            return None
        return player, value

    def shown_text(self, table: MercanteTable, name: str, index: int) -> str:
        typed = self.typed.get((name, index))
        if typed is not None:
            return typed
        return tally_text(table.figures(table.players[index]).get(name))


__all__ = ["MercanteDrafts"]
