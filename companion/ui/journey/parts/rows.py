"""The cards on a Journey table: one section per row (its two ends, its label and its card
chips), the new city, and what the chosen card would score at each end."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import Card, JourneyGame, PlayRecord
from companion.ui.journey.model import (
    EndOption,
    JourneyDraft,
    end_options,
    plural,
    shown_positions,
)
from companion.ui.journey.parts import same_controls
from companion.ui.kit.widgets import body, tagged
from companion.ui.paint import Painter, SectionBox, SectionColumn, SectionRow
from companion.ui.theme import TOUCH

End = tuple[ft.Control, ft.FilledTonalButton, ft.Text]  # (section, button, points)


class RowPart:
    """One row of cards on screen, on one line: its left end, its number and card chips, its
    right end. The row and its chips are sections of their own: a tap that only disables the
    end buttons does not send the cards again."""

    def __init__(self, rows: RowsPart, index: int) -> None:
        self.index = index
        self.ends = {side: rows.end_button(index, side) for side in engine.SIDES}
        number = ft.Container(
            ft.Text(str(index + 1), size=12, weight=ft.FontWeight.BOLD),
            width=22,
            height=22,
            alignment=ft.Alignment.CENTER,
            border_radius=11,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        )
        self.chips = SectionRow(
            [],
            wrap=True,
            spacing=4,
            run_spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.chip_key: Hashable = None
        self.chip_controls: dict[Hashable, ft.Control] = {}  # by what each chip shows
        line = ft.Row(
            [
                self.ends["left"][0],
                number,
                ft.Container(self.chips, expand=True),
                self.ends["right"][0],
            ],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.box = ft.Container(
            line,
            padding=ft.Padding.symmetric(horizontal=6, vertical=5),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        )
        self.control = tagged(f"row-{index + 1}", self.box, section=True)


class RowsPart:
    """``row-<n>`` (with ``row-<n>-left`` / ``-right``) and ``new-row``."""

    def __init__(
        self,
        paint: Painter,
        draft: JourneyDraft,
        game: Callable[[], JourneyGame],
        play: Callable[[EndOption], None],
        wide: Callable[[], bool] = lambda: False,
    ) -> None:
        self.paint = paint
        self._wide = wide  # a wide screen shows whole rows (wrapped), a phone their ends
        self.draft = draft
        self._game = game
        self._play = play
        self.rows: list[RowPart] = []
        self.options: dict[tuple[int | None, engine.Side | None], EndOption] = {}
        self.column = SectionColumn([], spacing=6)
        self.empty_box = SectionBox(
            body("No cards on the table yet: the first card starts a city."), visible=False
        )
        self._new_city_option: EndOption = EndOption(None, None, None, "Choose a card first")
        self.new_city = ft.OutlinedButton(
            content="",
            icon=ft.Icons.ADD_LOCATION_ALT_OUTLINED,
            height=TOUCH,
            on_click=lambda e: self._play(self._new_city_option),
        )
        self.new_city_box = tagged("new-row", self.new_city, section=True)

    def end_button(self, row: int, side: engine.Side) -> End:
        """A row end: an arrow and the points the chosen card would score there."""
        # The arrow names the end from the button's first frame (a screen reader does not
        # wait for the tooltip, which adds the points and why when the end is painted).
        arrow = ft.Icon(
            ft.Icons.ARROW_BACK if side == "left" else ft.Icons.ARROW_FORWARD,
            size=18,
            semantics_label=EndOption(row, side, None).where,
        )
        points = ft.Text("", weight=ft.FontWeight.BOLD, no_wrap=True, size=16, visible=False)
        control = ft.FilledTonalButton(
            content=ft.Row(
                [arrow, points] if side == "left" else [points, arrow],
                spacing=2,
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            height=TOUCH,
            width=64,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)),
            on_click=lambda e: self._play(self.option(row, side)),
        )
        # Each end a section of its own: a new preview sends the two buttons of a row only.
        return tagged(f"row-{row + 1}-{side}", control, section=True), control, points

    def option(self, row: int, side: engine.Side) -> EndOption:
        """The row end as this screen offers it (worked out now if the screen has not
        finished drawing it yet)."""
        option = self.options.get((row, side))
        if option is None:
            self.options = {(o.row, o.side): o for o in end_options(self._game(), self.draft.card)}
            option = self.options.get((row, side), EndOption(row, side, None, "Not on the table"))
        return option

    # -- rendering -----------------------------------------------------------------------------
    def render_cards(self, game: JourneyGame, playing: bool) -> None:
        """The rows and their cards (the end buttons come with the rest)."""
        while len(self.rows) < len(game.rows):
            self.rows.append(RowPart(self, len(self.rows)))
        del self.rows[len(game.rows) :]
        wanted = [r.control for r in self.rows]
        if not same_controls(self.column.controls, wanted):
            self.column.controls = wanted
            self.paint.touch(self.column)  # a new row is sent whole
        last = game.log[-1] if game.log else None
        last_id = last.card.id if isinstance(last, PlayRecord) else None
        wide = self._wide()
        for r, cards in enumerate(game.rows):
            row = self.rows[r]
            self.paint.set(
                row.control, row.box, tooltip=f"Row {r + 1} · {plural(len(cards), 'card')}"
            )
            # What each chip shows: a card (struck out? last played?), or how many are hidden
            # between the ends on a phone.
            shown = tuple(range(len(cards))) if wide else shown_positions(len(cards))
            keys: list[Hashable] = []
            for i in shown:
                if i is None:
                    keys.append(("more", tuple(cards[2:-2]), game.rules))
                else:
                    keys.append(
                        (cards[i], cancelled(game, r, i), cards[i].id == last_id, game.rules)
                    )
            chip_key = tuple(keys)
            if chip_key != row.chip_key:
                row.chip_key = chip_key
                # A chip is built once for what it shows and kept: a new card in a row sends
                # one chip, not the row.
                kept = {k: row.chip_controls[k] for k in keys if k in row.chip_controls}
                row.chip_controls = {
                    k: kept.get(k)
                    or (
                        more_chip(cards[2:-2])
                        if i is None
                        else card_chip(game, cards[i], r, i, last_id)
                    )
                    for k, i in zip(keys, shown, strict=True)
                }
                row.chips.controls = [row.chip_controls[k] for k in keys]
                self.paint.touch(row.chips)
        self.paint.set(self.empty_box, self.empty_box, visible=playing and not game.rows)
        if not playing:
            for row in self.rows:
                for wrapper, _control, _points in row.ends.values():
                    self.paint.set(row.control, wrapper, visible=False)
            self.paint.set(self.new_city_box, self.new_city_box, visible=False)

    def render_ends(self, game: JourneyGame, playing: bool) -> None:
        """What the chosen card would score at each row end, and the new city."""
        options = end_options(game, self.draft.card)
        self.options = {(o.row, o.side): o for o in options}
        if not playing:
            return
        for r, row in enumerate(self.rows[: len(game.rows)]):
            for side in engine.SIDES:
                wrapper, control, points = row.ends[side]
                self.paint.set(row.control, wrapper, visible=True)
                self._paint_end(wrapper, control, points, self.options[(r, side)])
        new_city = self.options[(None, None)]
        self._new_city_option = new_city
        self.paint.set(self.new_city_box, self.new_city_box, visible=True)
        self.paint.set(
            self.new_city_box,
            self.new_city,
            content=f"New city (row {len(game.rows) + 1}): no pair",
            disabled=new_city.gain is None,
            tooltip=new_city.problem or None,
        )

    def _paint_end(
        self,
        section: ft.Control,
        control: ft.FilledTonalButton,
        points: ft.Text,
        option: EndOption,
    ) -> None:
        where = option.where
        tip = option.problem or (option.gain.working if option.gain else "")
        label = option.points_label
        self.paint.set(section, points, value=label, visible=bool(label))
        self.paint.set(
            section,
            control,
            disabled=option.gain is None,
            tooltip=f"{where}: {tip}" if tip else where,
        )


def cancelled(game: JourneyGame, row: int, position: int) -> bool:
    """Whether the card at ``position`` of ``row`` counts for nothing (a Blight beside it)."""
    card = game.rows[row][position]
    return (
        not engine.is_blight(card.rank)
        and not game.rules.blight_pair_only
        and game.beside_blight(row, position)
    )


def more_chip(hidden: tuple[Card, ...]) -> ft.Control:
    """The cards between a long row's ends on a phone: how many, and which (its tooltip)."""
    # Said as cards, not as "+2" (which read like points).
    return SectionBox(
        ft.Text(
            f"{len(hidden)}\nmore\ncards",
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.CENTER,
            style=ft.TextStyle(size=9, height=1.05),
            max_lines=3,
        ),
        width=34,
        height=38,
        alignment=ft.Alignment.CENTER,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        tooltip=f"{plural(len(hidden), 'more card')}: " + " ".join(c.rank for c in hidden),
    )


def card_chip(
    game: JourneyGame, card: Card, row: int, position: int, last_id: int | None
) -> ft.Control:
    blight = engine.is_blight(card.rank)
    special = engine.card_facts(card.rank).ability is not None
    struck = cancelled(game, row, position)
    bg = (
        ft.Colors.ERROR_CONTAINER
        if blight
        else ft.Colors.TERTIARY_CONTAINER
        if special
        else ft.Colors.SURFACE_CONTAINER_HIGHEST
    )
    fg = (
        ft.Colors.ON_ERROR_CONTAINER
        if blight
        else ft.Colors.ON_TERTIARY_CONTAINER
        if special
        else ft.Colors.ON_SURFACE
    )
    worth = "minus its value" if game.rules.blight_minus else "0"
    note = f" · beside a Blight: counts {worth}" if struck else ""
    # a chip never changes once drawn: rows skip it when they update
    return SectionBox(
        ft.Text(
            card.rank,
            size=17,
            weight=ft.FontWeight.BOLD,
            color=fg,
            style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if struck else None,
        ),
        width=32,
        height=38,
        alignment=ft.Alignment.CENTER,
        border_radius=8,
        bgcolor=bg,
        border=ft.Border.all(3, ft.Colors.PRIMARY) if card.id == last_id else None,
        tooltip=f"{card.rank} · {engine.card_facts(card.rank).civilization} · "
        f"played by {card.by}{note}",
    )


__all__ = ["RowPart", "RowsPart", "cancelled", "card_chip", "more_chip"]
