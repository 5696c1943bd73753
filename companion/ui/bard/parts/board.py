"""The board panel: entered once, kept with the table, read by every song until changed.

Each Pier's Adventurers by faction (and Master Craft's Paladins under that house rule), each
Faction Hall's Adventurers and whether it holds your Rune, each side of Dragon Island's
Adventurers, and your player board (Badges placed, Creature cards in your Boast area and on
Dragon Island, the Townsfolk who can still become fans, the Pier of each Gem under that house
rule). Every tap on a stepper is one change on the table (``SetTable`` / ``SetBoard``), seen
by every phone at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.bard import (
    MAX_ADVENTURERS,
    PALADIN,
    RULING_CREATURES,
    RULING_DRAGON_ISLAND,
    RULING_PALADINS,
    RULING_TOWN_SQUARE_ICON,
    SIDES,
    BardGame,
    Table,
    facts,
)
from companion.ui.bard.model import names
from companion.ui.bard.model import song as moves
from companion.ui.bard.model import why as reasons
from companion.ui.bard.model.lines import table_summary
from companion.ui.bard.parts import ChoiceChips, CountRow, Fold, Stepper, why
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import small, source_text, tagged
from companion.ui.paint import Painter, SectionBox, SectionColumn
from companion.ui.theme import GAP

if TYPE_CHECKING:
    from companion.ui.bard.screen import BardScreen


def _heading(text: str) -> ft.Text:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_SMALL, weight=ft.FontWeight.BOLD)


class BoardPanel:
    """The board, folded to one line once something is entered."""

    def __init__(self, view: BardScreen, game: BardGame) -> None:
        self.view = view
        bard = facts()
        self.cells: dict[tuple[str, str | None], CountRow] = {}
        ctx = view.ctx

        def cell(
            place: str, colour: str | None, label: str, high: int = MAX_ADVENTURERS
        ) -> CountRow:
            def set_to(n: int, p: str = place, c: str | None = colour) -> None:
                view.set_count(p, c, n)

            row = CountRow(
                label,
                set_to,
                ident=f"board-{place}-{colour or 'count'}",
                name=lambda n: names.board_count(place, colour, n),
                more=lambda top, n: names.board_more(place, colour, top, n),
                high=high,
            )
            self.cells[(place, colour)] = row
            return row

        def counts(rows: list[CountRow]) -> ft.Control:
            """One place's counts: one line each on a phone, two side by side wider."""
            return ft.ResponsiveRow(
                [ft.Container(r.control, col={"xs": 12, "md": 6}) for r in rows],
                spacing=8,
                run_spacing=6,
            )

        parts: list[ft.Control] = [
            small("Tap each count: what the song can sing to. Every phone on this table sees it."),
        ]
        self.paladins: list[CountRow] = []
        for pier in bard.piers():
            rows = [cell(pier, f.id, f.plural) for f in bard.faction]
            paladins = cell(pier, PALADIN, "Paladins", high=bard.paladins.meeples)
            self.paladins.append(paladins)
            parts += [
                _heading(bard.location_named(pier).name),
                counts([*rows, paladins]),
            ]
        # The Faction Halls: Adventurers inside, and which hold one of your Runes.
        self.runes: dict[str, ft.Chip] = {}
        rune_chips: list[ft.Control] = []
        for f in bard.faction:
            chip = ft.Chip(
                label=ft.Text(f.hall, semantics_label=names.rune(f.hall)),
                on_select=lambda e, h=f.id: view.act(moves.toggle_rune(view.game, h)),
            )
            self.runes[f.id] = chip
            rune_chips.append(tagged(f"board-rune-{f.id}", chip))
        self.runes_box = SectionColumn(
            [
                ft.Text("Your Runes are in", theme_style=ft.TextThemeStyle.LABEL_MEDIUM),
                ft.Row(rune_chips, wrap=True, spacing=6, run_spacing=6),
            ],
            spacing=4,
            tight=True,
        )
        parts += [
            _heading("Faction Halls"),
            small("Adventurers inside each hall"),
            counts([cell(f.id, None, f.hall) for f in bard.faction]),
            self.runes_box,
        ]
        for side in SIDES:
            parts += [
                _heading(f"Dragon Island, {side} side"),
                small("Adventurers on the undocked boats"),
                counts([cell(side, f.id, f.plural) for f in bard.faction]),
            ]
        self.reading = small("")
        parts.append(self.reading)
        parts.append(ruling_chip(ctx, RULING_DRAGON_ISLAND, label="gold at Dragon Island"))

        # Your player board.
        self.player_title = _heading("Your board")
        self.badges = Stepper(
            "Badges placed",
            lambda s: view.player("badges", s),
            ident="board-badges",
            thing="Badge placed",
            hint="one for each fan",
        )
        self.boast_area = Stepper(
            "Creature cards",
            lambda s: view.player("boast_area", s),
            ident="board-boast-area",
            thing="Creature card in your Boast area",
            hint="in your Boast area",
        )
        self.creatures = Stepper(
            "Creature cards",
            lambda s: view.player("creatures", s),
            ident="board-creatures",
            thing="Creature card left on Dragon Island",
            hint="left on Dragon Island",
        )
        self.townsfolk = Stepper(
            "Townsfolk",
            lambda step: view.count("townsfolk", None, step),
            ident="board-townsfolk-count",
            thing="of the Townsfolk who can still be your fans",
            hint="who can still be your fans",
        )
        parts += [
            self.player_title,
            ft.ResponsiveRow(
                [c.control for c in (self.badges, self.boast_area, self.creatures, self.townsfolk)],
                spacing=8,
                run_spacing=4,
            ),
        ]
        # Under the house rule, each revealed Gem raises the price at one Pier.
        self.gems: list[ChoiceChips] = []
        piers = [(p, bard.location_named(p).name) for p in bard.piers()]
        first = bard.badges.count - bard.badges.gem_badges + 1
        pier_names = dict(piers)
        for i in range(bard.badges.gem_badges):

            def chose(pier: str, i: int = i) -> None:
                view.gem(i, pier)

            def said(pier: str, badge: int = first + i) -> str:
                return names.gem(badge, pier_names[pier])

            self.gems.append(
                ChoiceChips(
                    piers,
                    chose,
                    prefix=f"board-gem-{i + 1}",
                    name=said,
                    label=f"Gem under Badge {first + i} raises the price at",
                )
            )
        # Which reading of the Gems prices the cards: shown under either, switched in Settings.
        self.gem_text = small("")
        self.gem_reading = tagged("board-gem-reading", self.gem_text, section=True)
        self.gem_box = SectionColumn([g.control for g in self.gems], spacing=8)
        self.paladin_rule = SectionBox(
            ruling_chip(ctx, RULING_PALADINS, label="Paladins at the Piers")
        )
        parts += [
            self.gem_reading,
            self.gem_box,
            ruling_chip(ctx, RULING_TOWN_SQUARE_ICON, label="Gems and Piers"),
            self.paladin_rule,
            ruling_chip(ctx, RULING_CREATURES, label="Creature cards on Dragon Island"),
            source_text(
                ctx.catalogue,
                [
                    bard.pier.gold_source,
                    bard.faction_hall.icons_source,
                    bard.dragon_island.gold_source,
                ],
            ),
            why(ctx, reasons.BOARD, ident="why-board"),
        ]
        content = ft.Column(parts, spacing=GAP)
        self.fold = Fold("The board", content, ident="bard-board", expanded=game.table == Table())
        self.control = self.fold.control

    def render(self, game: BardGame, paint: Painter) -> None:
        bard = facts()
        table, board = game.table, moves.board_of(game)
        rules = game.rules
        for (place, colour), row in self.cells.items():
            shown = colour != PALADIN or rules.paladins_count
            row.show(paint, moves.count_in(table, place, colour), visible=shown)
        text = "all" if table.townsfolk is None else ""
        townsfolk = moves.count_in(table, "townsfolk", None)
        self.townsfolk.show(paint, townsfolk, 0, bard.badges.count, text=text)
        paint.set(self.paladin_rule, self.paladin_rule, visible=rules.paladins_count)
        for h, chip in self.runes.items():
            paint.set(self.runes_box, chip, selected=h in board.runes)
        self.badges.show(paint, board.badges, 0, bard.badges.count)
        self.boast_area.show(paint, board.boast_area, 0, bard.cards.entertainer)
        self.creatures.show(paint, board.creatures, 0, bard.dragon_island.creatures)
        title = "Your board before this song" if game.song is not None else "Your board"
        paint.set(self.fold.control, self.player_title, value=title)
        paint.set(self.gem_box, self.gem_box, visible=rules.gems_per_pier)
        paint.set(
            self.gem_reading,
            self.gem_text,
            value=(
                "Card price: each revealed Gem raises it at its own Pier only (your house "
                "rule): choose each Gem's Pier."
                if rules.gems_per_pier
                else "Card price: every revealed Gem raises it at every Pier, as the Pier rules "
                "count them (the other reading is a house rule in Settings)."
            ),
        )
        if rules.gems_per_pier:
            chosen = self.view.draft.gems.shown(board)
            for gem, pier in zip(self.gems, chosen, strict=True):
                gem.show(paint, pier)
        reading = (
            "Dragon Island pays Adventurers in the hall × matching Adventurers on the side "
            "(your house rule: the rule text)."
            if rules.dragon_island == "text"
            else "Dragon Island pays icons spent × matching Adventurers on the side, as the "
            "rulebook's worked example does (8 × 4 = 32)."
        )
        paint.set(self.fold.control, self.reading, value=reading)
        self.fold.show(paint, table_summary(table, board))


__all__ = ["BoardPanel"]
