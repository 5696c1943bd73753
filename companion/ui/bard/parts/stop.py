"""One location of the song on screen.

:class:`StopCard` is a location the song has sung (on the table): its gold with the working,
what it took, the rules it rests on, and the buttons to change it or take it out.
:class:`StopEditor` is the location being typed on this device: the sources to tap, the
choices of the location (a card bought, the side of the bay, the halls sung for), and its
result checked live by the engine; "Sing here" puts it on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.bard import (
    ANY,
    COIN,
    RULING_DRAGON_ISLAND,
    RULING_FANS,
    RULING_HALLS,
    SIDES,
    Performed,
    Song,
    facts,
)
from companion.rules import Source
from companion.ui.bard.model import names
from companion.ui.bard.model import why as reasons
from companion.ui.bard.model.stop import StopCheck, StopForm
from companion.ui.bard.model.words import colour_name, source_label
from companion.ui.bard.parts import why
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import body, notice, small, source_text, tagged, wrap
from companion.ui.paint import Slot
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.bard.screen import BardScreen


def sources_of_record(kind: str) -> list[Source]:
    bard = facts()
    if kind == "pier":
        return [bard.pier.gold_source, bard.pier.card_price_source]
    if kind == "town_square":
        return [bard.town_square.fan_cost_source, bard.badges.hand_size_badges_source]
    if kind == "faction_hall":
        return [bard.faction_hall.icons_source, bard.faction_hall.rune_source]
    return [bard.dragon_island.gold_source, bard.dragon_island.creature_source]


def record_parts(
    view: BardScreen, record: Performed, ident: str, *, with_sources: bool = True
) -> list[ft.Control]:
    """A performance's result: the gold (or what it took) with the working, its notes, the
    passages and a why? link."""
    kind = facts().location_named(record.location).kind
    out: list[ft.Control] = []
    if kind in ("pier", "dragon_island") or record.gold.value:
        out.append(
            tagged(
                f"{ident}-gold",
                ft.Row(
                    [
                        ft.Text(
                            f"{record.gold.value} gold",
                            theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                            weight=ft.FontWeight.BOLD,
                        ),
                        ft.Text(
                            record.gold.expression,
                            theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                            color=ft.Colors.PRIMARY,
                        ),
                    ],
                    wrap=True,
                    spacing=12,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        )
        rewards = [r for r in record.rewards]
        if rewards:
            out.append(body(", ".join(rewards)[:1].upper() + ", ".join(rewards)[1:]))
    else:
        headline = ", ".join(record.rewards) or "Nothing gained"
        out.append(
            tagged(
                f"{ident}-gold",
                ft.Text(
                    headline[:1].upper() + headline[1:],
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    weight=ft.FontWeight.BOLD,
                ),
            )
        )
    out.append(
        tagged(
            f"{ident}-working",
            ft.Column([body(line) for line in record.lines], spacing=2, tight=True),
        )
    )
    out += [small(note) for note in record.notes]
    if with_sources:
        out.append(source_text(view.ctx.catalogue, sources_of_record(kind)))
    out.append(why(view.ctx, reasons.of_record(record), ident=f"{ident}-why"))
    return out


class StopCard:
    """A location the song has sung (built for what it shows; rebuilt when that changes)."""

    def __init__(self, view: BardScreen, number: int, record: Performed, editable: bool):
        name = record.name
        head = ft.Row(
            [
                ft.CircleAvatar(content=ft.Text(str(number)), radius=16),
                ft.Text(name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        song = view.game.song
        by_id = {s.id: s for s in song.sources} if song is not None else {}
        spent = ", ".join(source_label(by_id[i]) for i in record.spent if i in by_id)
        parts: list[ft.Control] = [
            head,
            small(f"Spent: {spent}" if spent else "Nothing spent"),
            *record_parts(view, record, f"stop-{number}"),
        ]
        if editable:
            parts.append(
                ft.Row(
                    [
                        tagged(
                            f"stop-{number}-change",
                            ft.OutlinedButton(
                                content=ft.Text(
                                    "Change", semantics_label=names.stop_change(number, name)
                                ),
                                icon=ft.Icons.EDIT_OUTLINED,
                                height=TOUCH,
                                on_click=lambda e: view.change_stop(number),
                            ),
                        ),
                        tagged(
                            f"stop-{number}-remove",
                            ft.TextButton(
                                content=ft.Text(
                                    "Take out", semantics_label=names.stop_take_out(number, name)
                                ),
                                icon=ft.Icons.CLOSE,
                                height=TOUCH,
                                on_click=lambda e: view.take_out(number),
                            ),
                        ),
                    ],
                    wrap=True,
                )
            )
        self.control = tagged(
            f"stop-{number}",
            ft.Card(
                content=ft.Container(ft.Column(parts, spacing=8, tight=True), padding=12), margin=0
            ),
        )


class StopEditor:
    """The location being typed on this device (a section of its own)."""

    def __init__(self, view: BardScreen) -> None:
        self.view = view
        paint = view.paint
        self.title = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True)
        self.number = ft.Text("")
        self.choices = Slot(paint)  # what the location asks for besides icons
        self.chips = Slot(paint)  # the sources to tap
        self.result = Slot(paint)
        self.sing = ft.FilledButton(
            content="Sing here",
            icon=ft.Icons.CHECK,
            height=TOUCH,
            on_click=lambda e: view.sing_stop(),
        )
        self.sing_box = tagged("stop-sing", self.sing, section=True)
        self.control = tagged(
            "stop-new",
            ft.Card(
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.CircleAvatar(content=self.number, radius=16),
                                    self.title,
                                    tagged(
                                        "stop-cancel",
                                        ft.IconButton(
                                            ft.Icon(
                                                ft.Icons.CLOSE,
                                                semantics_label="Cancel this location",
                                            ),
                                            tooltip="Cancel this location",
                                            on_click=lambda e: view.cancel_stop(),
                                            style=ft.ButtonStyle(padding=12),
                                        ),
                                    ),
                                ],
                                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                            ),
                            self.choices.box,
                            self.chips.box,
                            self.result.box,
                            self.sing_box,
                        ],
                        spacing=8,
                        tight=True,
                    ),
                    padding=12,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    border_radius=12,
                ),
                margin=0,
            ),
            section=True,
        )
        self.control.visible = False

    def render(self, form: StopForm | None, before: Song | None, check: StopCheck | None) -> None:
        paint = self.view.paint
        paint.set(self.control, self.control, visible=form is not None and before is not None)
        if form is None or before is None or check is None:
            return
        number = form.replaces or len(before.visited) + 1
        verb = "Change" if form.replaces else "Sing at"
        paint.set(self.control, self.title, value=f"{verb} {form.name}")
        paint.set(self.control, self.number, value=str(number))
        open_halls = [h for h in facts().faction_ids if h in before.board.runes]
        rules = before.rules
        self.choices.set(
            (
                form.location,
                form.buy_card,
                form.fans,
                form.side,
                tuple(form.halls),
                tuple(open_halls),
                rules.fans_per_visit,
            ),
            lambda: self._choices(form, open_halls, rules.fans_per_visit),
        )
        used = self.view.used_elsewhere(form)
        self.chips.set(
            (
                form.location,
                tuple(form.halls),
                tuple(s.source for s in form.spend),
                tuple((h, tuple(s.source for s in v)) for h, v in form.hall_spend.items()),
                tuple(sorted(used.items())),
                tuple(s.id for s in before.sources),
            ),
            lambda: self._chips(form, before, used),
        )
        self.result.set(
            (
                check.problem,
                check.record.gold.working if check.record else None,
                check.record.lines if check.record else None,
                check.record.notes if check.record else None,
            ),
            lambda: self._result(check),
        )
        paint.set(self.sing_box, self.sing, disabled=check.record is None)

    def _edited(self, change: Callable[[StopForm], object]) -> None:
        """A switch or segment the phone changed itself: send it back with the redraw."""
        self.view.paint.touch(self.choices.box)
        self.view.edit_stop(change)

    # -- building the parts ---------------------------------------------------------------------
    def _choices(self, form: StopForm, open_halls: list[str], fans: int | None) -> ft.Control:
        view = self.view
        kind = form.kind
        parts: list[ft.Control] = []
        if kind == "pier":
            parts.append(
                ft.Row(
                    [
                        ft.Text("Buy a Skill or Improv card here", expand=True),
                        tagged(
                            "stop-buy",
                            ft.Switch(
                                value=form.buy_card,
                                on_change=lambda e: self._edited(
                                    lambda f: f.set_buy(bool(e.control.value))
                                ),
                            ),
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        elif kind == "town_square":
            if fans != 1:
                parts.append(
                    ft.Row(
                        [
                            ft.Text(f"Fans gained: {form.fans}", expand=True),
                            tagged(
                                "stop-fans-minus",
                                ft.IconButton(
                                    ft.Icon(ft.Icons.REMOVE, semantics_label="One fan fewer"),
                                    tooltip="One fan fewer",
                                    disabled=form.fans <= 1,
                                    on_click=lambda e: view.edit_stop(
                                        lambda f: f.set_fans(f.fans - 1)
                                    ),
                                ),
                            ),
                            tagged(
                                "stop-fans-plus",
                                ft.IconButton(
                                    ft.Icon(ft.Icons.ADD, semantics_label="One fan more"),
                                    tooltip="One fan more",
                                    on_click=lambda e: view.edit_stop(
                                        lambda f: f.set_fans(f.fans + 1)
                                    ),
                                ),
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                )
            parts.append(ruling_chip(view.ctx, RULING_FANS, label="fans per visit"))
        elif kind == "dragon_island":
            parts.append(small("Sing to the undocked boats on one side of the bay:"))
            parts.append(
                tagged(
                    "stop-side",
                    ft.SegmentedButton(
                        segments=[
                            ft.Segment(value=s, label=ft.Text(f"{s.capitalize()} side"))
                            for s in SIDES
                        ],
                        selected=[form.side],
                        on_change=lambda e: self._edited(
                            lambda f: f.set_side((e.control.selected or [f.side])[0])
                        ),
                    ),
                )
            )
            if not open_halls:
                parts.append(
                    body(
                        "Dragon Island needs one of your Runes in a Faction Hall first.", muted=True
                    )
                )
            else:
                parts.append(small("Halls holding your Rune, to sing for:"))
                parts.append(
                    wrap(
                        [
                            tagged(
                                f"stop-hall-{h}",
                                ft.Chip(
                                    label=ft.Text(
                                        facts().faction_named(h).hall,
                                        semantics_label=names.sing_for(
                                            facts().faction_named(h).hall
                                        ),
                                    ),
                                    selected=h in form.halls,
                                    on_select=lambda e, h=h: view.edit_stop(
                                        lambda f: f.toggle_hall(h)
                                    ),
                                ),
                            )
                            for h in open_halls
                        ],
                        spacing=6,
                    )
                )
            parts.append(ruling_chip(view.ctx, RULING_DRAGON_ISLAND, label="gold at Dragon Island"))
            parts.append(ruling_chip(view.ctx, RULING_HALLS, label="halls Dragon Island sings for"))
        return ft.Column(parts, spacing=8, tight=True)

    def _chips(self, form: StopForm, before: Song, used: dict[str, int]) -> ft.Control:
        kind = form.kind
        if kind == "dragon_island":
            rows: list[ft.Control] = []
            for h in form.halls:
                faction = facts().faction_named(h)
                rows += [
                    ft.Text(f"For the {faction.hall}", weight=ft.FontWeight.BOLD),
                    small(f"{faction.name} icons (or any-colour icons, or Coins):"),
                    self._chip_row(form, before, used, h, h),
                ]
            return ft.Column(rows, spacing=6, tight=True)
        location = facts().location_named(form.location)
        if kind == "pier":
            ask = "Icons sung here (each against the Adventurers of its colour):"
        elif kind == "town_square":
            ask = "Icons of any colours that pay for the fan:"
        else:
            ask = f"{colour_name(location.faction or 'warrior')} icons (or any-colour icons):"
        return ft.Column(
            [small(ask), self._chip_row(form, before, used, location.faction, None)],
            spacing=6,
            tight=True,
        )

    def _chip_row(
        self,
        form: StopForm,
        before: Song,
        used: dict[str, int],
        colour: str | None,
        hall: str | None,
    ) -> ft.Control:
        view = self.view
        mine = (
            {s.source for s in form.hall_spend.get(hall, [])}
            if hall
            else {s.source for s in form.spend}
        )
        chips: list[ft.Control] = []
        for source in before.sources:
            if colour and source.colour not in (colour, ANY, COIN):
                continue
            at = used.get(source.id)
            taken = at is not None and source.id not in mine
            label = source_label(source)
            if taken:
                label += f" · at {at}"
            ident = f"stop-{hall + '-' if hall else ''}src-{source.id}"
            # Each hall's row offers the same sources: the name says which hall.
            said = names.spend(label, facts().faction_named(hall).hall) if hall else None
            chips.append(
                tagged(
                    ident,
                    ft.Chip(
                        label=ft.Text(label, semantics_label=said),
                        selected=source.id in mine,
                        disabled=taken,
                        on_select=lambda e, s=source.id: view.edit_stop(
                            lambda f: f.toggle_spend(s, hall)
                        ),
                    ),
                )
            )
        if not chips:
            wanted = f"{colour_name(colour)} or any-colour icons" if colour else "icons"
            chips.append(small(f"No {wanted} in the tableau: add a card above."))
        return wrap(chips, spacing=6)

    def _result(self, check: StopCheck) -> ft.Control:
        if check.record is None:
            level = "info" if check.incomplete else "error"
            return tagged("stop-new-problem", notice(check.problem or "", level=level))
        return ft.Column(record_parts(self.view, check.record, "stop-new"), spacing=8, tight=True)


__all__ = ["StopCard", "StopEditor", "record_parts"]
