"""Calculators › The Bard (Entertainer): plan a Singing step on a phone, location by location.

Enter the board (Movement, Volume, Soundstones, Runes, Badges), the icons of the Song tableau,
then tap the locations in the order the Bard visits them: each shows its gold with the working
("8 × 4 = 32"), what it gained and the rule it rests on; totals and the small helpers (card
price, next fan, hand size) sit at the bottom. The plan is saved after every action.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.bard import (
    ANY,
    RULING_BOAST,
    RULING_COINS,
    RULING_DRAGON_ISLAND,
    RULING_FANS,
    RULING_HALLS,
    RULING_HAND_SIZE,
    RULING_ONE_VISIT,
    RULING_SOUNDSTONE,
    RULING_SOURCE_WHOLE,
    RULING_TOWN_SQUARE_ICON,
    SIDES,
    Performed,
    Song,
    SongRules,
    facts,
)
from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.logic.bard import (
    BARD_KEY,
    DAMAGED_KEY,
    BardDraft,
    Plan,
    StateError,
    StopDraft,
    StopResult,
    board_lines,
    colour_name,
    evaluate,
    icons_left_line,
    location_label,
    moves_line,
    number_bounds,
    plural,
    rewards_lines,
    source_label,
)
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP
from companion.ui.widgets import (
    body,
    button,
    mounted,
    notice,
    panel,
    source_text,
    tagged,
    whole_number_field,
    wrap,
)

log = logging.getLogger(__name__)

TOOL_ID = "bard"
ROUTE = "/calculators/bard"
KIND_LABELS = {"singing": "Singing step", "swan_song": "Swan Song"}
NUMBER_LABELS = {
    "moves": ("Moves", "Movement on the Tempo Wheel"),
    "volume": ("Volume", "on the Volume track"),
    "soundstones": ("Soundstones", "in your supply"),
    "badges": ("Badges placed", "fans you have"),
    "boast_area": ("Creatures", "in your Boast area"),
}


def _small(text: str, *, muted: bool = True) -> ft.Text:
    return ft.Text(
        text,
        theme_style=ft.TextThemeStyle.BODY_SMALL,
        color=ft.Colors.ON_SURFACE_VARIANT if muted else None,
    )


def _stepper(
    label: str,
    hint: str,
    value: int,
    bounds: tuple[int, int],
    on_change: Callable[[int], None],
    *,
    ident: str,
) -> ft.Control:
    """A labelled ``−  2  +`` with touch-sized buttons (tagged ``ident-minus``/``-plus``)."""
    low, high = bounds
    minus = ft.IconButton(
        ft.Icons.REMOVE,
        tooltip=f"{label}: one fewer",
        on_click=lambda e: on_change(value - 1),
        disabled=value <= low,
        style=ft.ButtonStyle(padding=12),
    )
    plus = ft.IconButton(
        ft.Icons.ADD,
        tooltip=f"{label}: one more",
        on_click=lambda e: on_change(value + 1),
        disabled=value >= high,
        style=ft.ButtonStyle(padding=12),
    )
    count = ft.Container(
        ft.Text(str(value), theme_style=ft.TextThemeStyle.TITLE_LARGE),
        width=32,
        alignment=ft.Alignment.CENTER,
    )
    return ft.Container(
        ft.Column(
            [
                ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_LARGE),
                _small(hint),
                ft.Row(
                    [
                        tagged(f"{ident}-minus", minus),
                        tagged(f"{ident}-count", count),
                        tagged(f"{ident}-plus", plus),
                    ],
                    spacing=0,
                    tight=True,
                ),
            ],
            spacing=0,
            tight=True,
        ),
        col={"xs": 6, "sm": 4},
    )


def _switch_row(
    label: str, value: bool, on_change: Callable[[bool], None], *, ident: str
) -> ft.Row:
    """A label that wraps on a phone, with a switch at the end (the label is tappable too)."""
    switch = ft.Switch(value=value, on_change=lambda e: on_change(bool(e.control.value)))
    return ft.Row(
        [
            ft.Container(
                ft.Text(label),
                expand=True,
                on_click=lambda e: on_change(not value),
                padding=ft.Padding.symmetric(vertical=10),
            ),
            tagged(ident, switch),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


class StopCard:
    """One location of the plan. Its text fields are made once; everything else is redrawn
    from the plan after each change (so a field being typed in keeps its cursor)."""

    def __init__(self, view: BardView, stop: StopDraft) -> None:
        self.view = view
        self.stop = stop
        self.fields: dict[str, ft.TextField] = {}
        self.chip_rows: dict[str | None, ft.Row] = {}
        self.result = ft.Column(spacing=6)
        self.control = tagged(f"stop-{stop.id}", ft.Card(content=self._build(), margin=0))

    # -- building -------------------------------------------------------------------------------
    def _field(self, key: str, label: str, *, col: dict[str, int] | None = None) -> ft.TextField:
        field = whole_number_field(
            label,
            self.stop.fields.get(key, ""),
            on_change=lambda e, k=key: self.view.typed(self.stop.id, k, e.control.value or ""),
            hint="0",
            col=col or {"xs": 6, "sm": 3},
        )
        self.fields[key] = field
        return field

    def _chips(self, hall: str | None = None) -> ft.Row:
        row = wrap([], spacing=6)
        self.chip_rows[hall] = row
        return row

    def _build(self) -> ft.Control:
        stop, view = self.stop, self.view
        number = view.draft.stops.index(stop) + 1
        kind = stop.kind
        head = ft.Row(
            [
                ft.CircleAvatar(content=ft.Text(str(number)), radius=16),
                ft.Text(
                    location_label(stop.location),
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    expand=True,
                ),
                tagged(
                    f"stop-{stop.id}-remove",
                    ft.IconButton(
                        ft.Icons.CLOSE,
                        tooltip=f"Remove {location_label(stop.location)}",
                        on_click=lambda e: view.remove_stop(stop.id),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        parts: list[ft.Control] = [head]
        if kind == "pier":
            parts += [
                _small("Icons sung here (each against Adventurers of its colour):"),
                self._chips(),
                _small("Adventurers at this Pier, by colour:"),
                ft.ResponsiveRow(
                    [self._field(f"adv:{f.id}", f.plural) for f in facts().faction],
                    spacing=8,
                    run_spacing=8,
                ),
                _switch_row(
                    "Buy a Skill or Improv card here",
                    stop.buy_card,
                    lambda on: view.tap(lambda: view.draft.set_buy(stop.id, on)),
                    ident=f"stop-{stop.id}-buy",
                ),
            ]
        elif kind == "town_square":
            parts += [_small("Icons of any colours that pay for the fan:"), self._chips()]
            if view.rules.fans_per_visit != 1:
                parts.append(
                    ft.ResponsiveRow(
                        [
                            _stepper(
                                "Fans",
                                "gained in this visit",
                                stop.fans,
                                (1, facts().badges.count),
                                lambda n: view.tap(lambda: view.draft.set_fans(stop.id, n)),
                                ident=f"stop-{stop.id}-fans",
                            )
                        ]
                    )
                )
        elif kind == "faction_hall":
            location = facts().location_named(stop.location)
            name = colour_name(location.faction or "")
            parts += [
                _small(f"{name} icons (or any-colour icons) spent here:"),
                self._chips(),
                ft.ResponsiveRow(
                    [self._field("hall", f"Adventurers in the {location.name}", col={"xs": 12})]
                ),
            ]
        else:
            parts += self._dragon_island_parts()
        parts.append(self.result)
        return ft.Container(ft.Column(parts, spacing=8, tight=True), padding=12)

    def _dragon_island_parts(self) -> list[ft.Control]:
        stop, view = self.stop, self.view
        index = view.draft.stops.index(stop)
        side = tagged(
            f"stop-{stop.id}-side",
            ft.SegmentedButton(
                segments=[
                    ft.Segment(value=s, label=ft.Text(f"{s.capitalize()} side")) for s in SIDES
                ],
                selected=[stop.side],
                on_change=lambda e: view.tap(
                    lambda: view.draft.set_side(stop.id, (e.control.selected or [stop.side])[0])
                ),
            ),
        )
        open_halls = view.draft.halls_open(index)
        parts: list[ft.Control] = [
            _small("Sing to the undocked boats on one side of the bay:"),
            side,
        ]
        if not open_halls:
            parts.append(
                body("Dragon Island needs one of your Runes in a Faction Hall first.", muted=True)
            )
            return parts
        hall_chips = [
            tagged(
                f"stop-{stop.id}-hall-{h}",
                ft.Chip(
                    label=ft.Text(facts().faction_named(h).hall),
                    selected=h in stop.halls,
                    on_select=lambda e, h=h: view.tap(lambda: view.draft.toggle_hall(stop.id, h)),
                ),
            )
            for h in open_halls
        ]
        parts += [_small("Halls holding your Rune, to sing for:"), wrap(hall_chips, spacing=6)]
        text_reading = view.rules.dragon_island == "text"
        for h in stop.halls:
            faction = facts().faction_named(h)
            fields = [
                self._field(
                    f"side:{h}", f"{faction.plural} on the {stop.side} side", col={"xs": 12}
                )
            ]
            if text_reading:
                fields.append(
                    self._field(f"inside:{h}", f"Adventurers in the {faction.hall}", col={"xs": 12})
                )
            parts += [
                ft.Text(f"For the {faction.hall}", weight=ft.FontWeight.BOLD),
                _small(f"{faction.name} icons (or any-colour icons):"),
                self._chips(h),
                ft.ResponsiveRow(fields, spacing=8, run_spacing=8),
            ]
        return parts

    # -- redrawing ------------------------------------------------------------------------------
    def refresh(self, plan: Plan) -> None:
        result = plan.result(self.stop.id)
        errors = dict(result.field_errors) if result else {}
        for key, field in self.fields.items():
            field.error = errors.get(key)
        for hall, row in self.chip_rows.items():
            row.controls = self._source_chips(hall)
        self.result.controls = self._result(result)

    def _source_chips(self, hall: str | None) -> list[ft.Control]:
        view, stop = self.view, self.stop
        song = plan_song(view.plan)
        if song is None:
            return [_small("Fix the board above first.")]
        location = facts().location_named(stop.location)
        colour = hall or location.faction  # halls take their colour (or any-colour icons)
        mine = stop.hall_spend.get(hall, []) if hall else stop.spend
        used = view.draft.used_at()
        number = view.draft.stops.index(stop) + 1
        chips: list[ft.Control] = []
        for source in song.sources:
            if colour and source.colour not in (colour, ANY):
                continue
            elsewhere = used.get(source.id)
            taken = elsewhere is not None and source.id not in mine
            label = source_label(source) + (f" · at {elsewhere}" if taken else "")
            if hall is not None and taken and elsewhere == number:
                label = source_label(source) + " · other hall"
            chips.append(
                tagged(
                    f"stop-{stop.id}-{hall + '-' if hall else ''}src-{source.id}",
                    ft.Chip(
                        label=ft.Text(label),
                        selected=source.id in mine,
                        disabled=taken,
                        on_select=lambda e, s=source.id: view.tap(
                            lambda: view.draft.toggle_spend(stop.id, s, hall)
                        ),
                    ),
                )
            )
        if not chips:
            wanted = f"{colour_name(colour)} or any-colour icons" if colour else "icons"
            chips.append(_small(f"No {wanted} in the tableau yet: add them above."))
        return chips

    def _result(self, result: StopResult | None) -> list[ft.Control]:
        view, stop = self.view, self.stop
        if result is None or result.waiting:
            earlier = next((r.number for r in view.plan.stops if r.problem or r.field_errors), None)
            text = (
                f"Waiting for location {earlier}: what this one may do depends on it."
                if earlier
                else "Waiting for the board above."
            )
            return [body(text, muted=True)]
        if result.field_errors:
            return [notice("Fix the marked count to see this location's result.", level="error")]
        if result.record is None:
            level = "info" if result.incomplete else "error"
            return [tagged(f"stop-{stop.id}-problem", notice(result.problem or "", level=level))]
        return self._record(result.record)

    def _record(self, record: Performed) -> list[ft.Control]:
        view, stop = self.view, self.stop
        kind = stop.kind
        out: list[ft.Control] = []
        if kind in ("pier", "dragon_island"):
            out.append(
                tagged(
                    f"stop-{stop.id}-gold",
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
        else:
            headline = ", ".join(record.rewards) or "Nothing gained"
            out.append(
                tagged(
                    f"stop-{stop.id}-gold",
                    ft.Text(
                        headline[:1].upper() + headline[1:],
                        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        out.append(
            tagged(
                f"stop-{stop.id}-working",
                ft.Column([body(line) for line in record.lines], spacing=2, tight=True),
            )
        )
        out += [_small(note) for note in record.notes]
        bard = facts()
        sources: list[Source]
        rulings: list[str]
        if kind == "pier":
            sources = [bard.pier.gold_source]
            rulings = []
            if record.card:
                sources += [bard.pier.card_price_source]
                rulings = [RULING_COINS, RULING_TOWN_SQUARE_ICON]
        elif kind == "town_square":
            sources = [bard.town_square.fan_cost_source, bard.badges.hand_size_badges_source]
            rulings = [RULING_FANS, RULING_HAND_SIZE]
        elif kind == "faction_hall":
            sources = [bard.faction_hall.icons_source, bard.faction_hall.rune_source]
            rulings = [RULING_COINS]
        else:
            sources = [bard.dragon_island.gold_source, bard.dragon_island.creature_source]
            rulings = [RULING_DRAGON_ISLAND, RULING_HALLS]
        out.append(source_text(view.ctx.catalogue, sources))
        out += [view.ruling_chip(r) for r in rulings]
        return out


def plan_song(plan: Plan) -> Song | None:
    return plan.start


class BardView:
    """The whole screen: state, the controls that outlive a redraw, and the handlers."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.problems: list[str] = []
        raw = ctx.setting(BARD_KEY)
        try:
            self.draft = BardDraft.from_dict(raw)
        except StateError as exc:
            log.warning("unreadable Bard save: %s", exc)
            ctx.set_setting(DAMAGED_KEY, raw)  # kept aside, never destroyed
            self.draft = BardDraft()
            ctx.set_setting(BARD_KEY, self.draft.to_dict())
            self.problems.append(
                f"The saved song could not be read back ({exc}). A fresh plan is ready; the "
                f"damaged save is kept in the database under “{DAMAGED_KEY}”."
            )
        self.rules = SongRules.from_house_rules(ctx.house_rules())
        self.plan = evaluate(self.draft, self.rules)
        self.undo_state: dict[str, Any] | None = None
        self.summary = ft.Column(spacing=4)
        self.before = ft.Column(spacing=GAP)
        self.tableau = ft.Column(spacing=GAP)
        self.stops_box = ft.Column(spacing=GAP)
        self.add_box = ft.Column(spacing=8)
        self.boast_box = ft.Column(spacing=8)
        self.totals_box = ft.Column(spacing=8)
        self.helpers_box = ft.Column(spacing=8)
        self.cards: list[StopCard] = []

    # -- handlers -------------------------------------------------------------------------------
    def save(self) -> None:
        self.ctx.set_setting(BARD_KEY, self.draft.to_dict())

    def tap(self, change: Callable[[], object]) -> None:
        """A tap changed the plan: apply, save, redraw everything (no field is being typed)."""
        try:
            change()
        except (KeyError, ValueError) as exc:
            self.ctx.notify(str(exc), error=True)
            return
        self.save()
        self.render(rebuild=True)

    def typed(self, stop_id: int, key: str, text: str) -> None:
        """A count was typed: keep the text as typed, redraw only what depends on it."""
        self.draft.set_field(stop_id, key, text)
        self.save()
        self.render(rebuild=False)

    def set_number(self, name: str, value: int) -> None:
        self.tap(lambda: self.draft.set_number(name, value))

    def add_source(self) -> None:
        def add() -> None:
            source = self.draft.add_source()
            self.ctx.notify(f"Added {source_label(source.engine())}.")

        self.tap(add)

    def remove_stop(self, stop_id: int) -> None:
        self.tap(lambda: self.draft.remove_stop(stop_id))

    def _keep_for_undo(self, message: str) -> None:
        self.undo_state = self.draft.to_dict()
        self.ctx.notify(message, action="Undo", on_action=self.undo)

    def undo(self) -> None:
        if self.undo_state is None:
            return
        self.draft = BardDraft.from_dict(self.undo_state)
        self.undo_state = None
        self.save()
        self.render(rebuild=True)

    def next_song(self) -> None:
        final = self.plan.final
        if final is None or not self.plan.ok:
            self.ctx.notify("Finish or remove the locations with a problem first.", error=True)
            return
        before = self.draft.to_dict()
        self.draft.carry_forward(final)
        self.undo_state = before
        self.save()
        self.render(rebuild=True)
        self.ctx.notify(
            "Ready for the next song: Runes, Badges, Creatures, Volume and Soundstones carried "
            "over.",
            action="Undo",
            on_action=self.undo,
        )

    def clear_song(self) -> None:
        before = self.draft.to_dict()
        self.draft.clear_song()
        self.undo_state = before
        self.save()
        self.render(rebuild=True)
        self.ctx.notify("Song cleared (the board is kept).", action="Undo", on_action=self.undo)

    # -- pieces ---------------------------------------------------------------------------------
    def ruling_chip(self, ruling_id: str) -> ft.Control:
        """A line naming the ruling behind a number; tapping it shows the reading in use and
        leads to Settings, where a house rule can switch to the other reading."""
        ctx = self.ctx
        ruling = ctx.catalogue.ruling(ruling_id)
        on = ruling_id in ctx.house_rules()
        label = f"Ruling: {ruling.topic.removeprefix('Bard: ')}" + (
            " · your house rule" if on else ""
        )

        def show(e: Any) -> None:
            reading = ruling.alternative if on and ruling.alternative else ruling.reading
            lines: list[ft.Control] = [
                body(ruling.question),
                ft.Text(
                    "Your house rule" if on else "How the app reads it", weight=ft.FontWeight.BOLD
                ),
                body(reading),
            ]
            if ruling.alternative and not on:
                lines.append(body("Settings offers the other reading as a house rule.", muted=True))
            lines.append(source_text(ctx.catalogue, ruling.sources))

            def to_settings(ev: Any) -> None:
                ctx.page.pop_dialog()
                ctx.navigate("/settings")

            ctx.page.show_dialog(
                ft.AlertDialog(
                    title=ft.Text(ruling.topic),
                    content=ft.Column(lines, tight=True, spacing=8, scroll=ft.ScrollMode.AUTO),
                    actions=[
                        ft.TextButton("Close", on_click=lambda ev: ctx.page.pop_dialog()),
                        tagged(
                            "open-settings",
                            ft.FilledTonalButton("Open Settings", on_click=to_settings),
                        ),
                    ],
                )
            )

        return tagged(
            f"ruling-{ruling_id}",
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(
                            ft.Icons.HOME_WORK_OUTLINED if on else ft.Icons.GAVEL,
                            size=18,
                            color=ft.Colors.PRIMARY,
                        ),
                        ft.Text(
                            label,
                            theme_style=ft.TextThemeStyle.BODY_SMALL,
                            color=ft.Colors.PRIMARY,
                            expand=True,
                        ),
                        ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18, color=ft.Colors.PRIMARY),
                    ],
                    spacing=6,
                ),
                on_click=show,
                padding=ft.Padding.symmetric(vertical=12),
            ),
        )

    def reading_strip(self) -> ft.Control:
        """Which Dragon Island reading is in use: the number most likely to be argued over."""
        text = (
            "Dragon Island pays Adventurers in the hall × matching Adventurers on the side "
            "(your house rule: the rule text)."
            if self.rules.dragon_island == "text"
            else "Dragon Island pays icons spent × matching Adventurers on the side, as the "
            "rulebook's worked example does (8 × 4 = 32)."
        )
        return ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.GAVEL, color=ft.Colors.ON_SECONDARY_CONTAINER),
                            ft.Text(text, color=ft.Colors.ON_SECONDARY_CONTAINER, expand=True),
                        ],
                        spacing=GAP,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    self.ruling_chip(RULING_DRAGON_ISLAND),
                ],
                spacing=0,
                tight=True,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=ft.Padding.only(left=12, right=12, top=12),
        )

    # -- rendering ------------------------------------------------------------------------------
    def render(self, *, rebuild: bool) -> None:
        self.plan = evaluate(self.draft, self.rules)
        if rebuild:
            self.render_before()
            self.render_tableau()
            self.cards = [StopCard(self, stop) for stop in self.draft.stops]
            self.stops_box.controls = [c.control for c in self.cards] or [
                body("No location yet: tap where the Bard starts.", muted=True)
            ]
            self.render_add()
        else:
            self.render_tableau_left()
        for card in self.cards:
            card.refresh(self.plan)
        self.render_boast()
        self.render_totals()
        self.render_helpers()
        self.render_summary()
        if mounted(self.summary):
            self.ctx.page.update()

    def render_summary(self) -> None:
        plan, draft = self.plan, self.draft
        song = plan.final or plan.song
        gold = song.totals().net.value if song else 0
        if plan.start_problem:
            status = plan.start_problem
        elif plan.ok:
            status = moves_line(draft, plan)
        else:
            bad = next((r.number for r in plan.stops if r.record is None and not r.waiting), None)
            status = f"Location {bad} needs attention." if bad else "The Boast cannot be done."
        self.summary.controls = [
            tagged(
                "bard-summary",
                ft.Container(
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.MUSIC_NOTE, color=ft.Colors.ON_PRIMARY_CONTAINER),
                            ft.Column(
                                [
                                    ft.Text(
                                        f"{KIND_LABELS[draft.kind]}: {gold} gold so far",
                                        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                                        color=ft.Colors.ON_PRIMARY_CONTAINER,
                                    ),
                                    ft.Text(status, color=ft.Colors.ON_PRIMARY_CONTAINER),
                                ],
                                spacing=0,
                                expand=True,
                                tight=True,
                            ),
                        ],
                        spacing=GAP,
                    ),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER,
                    border_radius=12,
                    padding=12,
                ),
            )
        ]

    def render_before(self) -> None:
        draft, bard = self.draft, facts()
        bounds = number_bounds()
        kind = tagged(
            "bard-kind",
            ft.SegmentedButton(
                segments=[ft.Segment(value=k, label=ft.Text(t)) for k, t in KIND_LABELS.items()],
                selected=[draft.kind],
                on_change=lambda e: self.tap(
                    lambda: self.draft.set_kind((e.control.selected or [draft.kind])[0])
                ),
            ),
        )

        def stepper(name: str) -> ft.Control:
            label, hint = NUMBER_LABELS[name]
            return _stepper(
                label,
                hint,
                getattr(draft, name),
                bounds[name],
                lambda n, name=name: self.set_number(name, n),
                ident=f"bard-{name.replace('_', '-')}",
            )

        runes = [
            tagged(
                f"bard-rune-{f.id}",
                ft.Chip(
                    label=ft.Text(f.hall),
                    selected=f.id in draft.runes,
                    on_select=lambda e, f=f.id: self.tap(lambda: self.draft.toggle_rune(f)),
                ),
            )
            for f in bard.faction
        ]
        self.before.controls = [
            kind,
            ft.ResponsiveRow(
                [stepper("moves"), stepper("volume"), stepper("soundstones")],
                spacing=8,
                run_spacing=8,
            ),
            ft.Text("Your board so far", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            _small("Faction Halls already holding one of your Runes:"),
            wrap(runes, spacing=6),
            ft.ResponsiveRow([stepper("badges"), stepper("boast_area")], spacing=8, run_spacing=8),
            source_text(
                self.ctx.catalogue,
                [
                    bard.singing.moves_source,
                    bard.volume.max_source,
                    bard.soundstone.icons_source,
                    bard.faction_hall.once_source,
                ],
            ),
            self.ruling_chip(RULING_ONE_VISIT),
        ]

    def render_tableau(self) -> None:
        draft = self.draft
        song = self.plan.start
        chips: list[ft.Control] = []
        for source in draft.sources:
            engine = source.engine()
            chips.append(
                tagged(
                    f"bard-source-{source.id}",
                    ft.Chip(
                        label=ft.Text(source_label(engine)),
                        leading=ft.Icon(ft.Icons.MUSIC_NOTE, size=18),
                        on_delete=lambda e, s=source.id: self.tap(
                            lambda: self.draft.remove_source(s)
                        ),
                        delete_icon_tooltip=f"Remove {source.id}",
                    ),
                )
            )
        if song:
            chips += [
                ft.Chip(label=ft.Text(source_label(s)), leading=ft.Icon(ft.Icons.CIRCLE, size=14))
                for s in song.sources
                if s.id.startswith("soundstone-")
            ]
        colours = [
            tagged(
                f"bard-new-{c}",
                ft.Chip(
                    label=ft.Text("Any colour" if c == ANY else colour_name(c)),
                    selected=draft.new_colour == c,
                    on_select=lambda e, c=c: self.tap(lambda: self.draft.set_new(colour=c)),
                ),
            )
            for c in (*facts().faction_ids, ANY)
        ]
        bard = facts()
        colour = "any-colour" if draft.new_colour == ANY else colour_name(draft.new_colour)
        new_label = plural(draft.new_count, f"{colour} icon")
        self.tableau.controls = [
            body(
                "One entry per source of icons: a card's top, a bottom half (with the Volume "
                "that unlocks it), an Improv card, a Paladin icon. A source is spent whole, at "
                "one location.",
                muted=True,
            ),
            wrap(chips, spacing=6) if chips else body("No icons entered yet.", muted=True),
            ft.Text("Add icons", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            wrap(colours, spacing=6),
            ft.ResponsiveRow(
                [
                    _stepper(
                        "Icons",
                        "in this source",
                        draft.new_count,
                        (1, 9),
                        lambda n: self.tap(lambda: self.draft.set_new(count=n)),
                        ident="bard-new-count",
                    ),
                    _stepper(
                        "Volume",
                        "to unlock (0: top)",
                        draft.new_volume,
                        (0, bard.volume.max),
                        lambda n: self.tap(lambda: self.draft.set_new(volume=n)),
                        ident="bard-new-volume",
                    ),
                ],
                spacing=8,
                run_spacing=8,
            ),
            button(
                f"Add {new_label}",
                lambda e: self.add_source(),
                icon=ft.Icons.ADD,
                kind="tonal",
                ident="bard-add-source",
            ),
            tagged("bard-icons-left", _small(icons_left_line(self.plan.final or self.plan.song))),
            source_text(
                self.ctx.catalogue,
                [
                    bard.singing.no_split_source,
                    bard.singing.paladin_source,
                    bard.volume.unlock_source,
                ],
            ),
            self.ruling_chip(RULING_SOURCE_WHOLE),
            self.ruling_chip(RULING_SOUNDSTONE),
        ]

    def render_tableau_left(self) -> None:
        for control in self.tableau.controls:
            if isinstance(control, ft.Semantics) and control.identifier == "bard-icons-left":
                control.content = _small(icons_left_line(self.plan.final or self.plan.song))

    def render_add(self) -> None:
        draft = self.draft
        left = 1 + draft.moves - len(draft.stops)
        if left <= 0:
            self.add_box.controls = [
                tagged("bard-moves-left", body(moves_line(draft, self.plan), muted=True))
            ]
            return
        title = "Where does the Bard start?" if not draft.stops else "Move on to"
        chips = [
            tagged(
                f"bard-go-{loc}",
                ft.Chip(
                    label=ft.Text(location_label(loc)),
                    leading=ft.Icon(ft.Icons.PLACE_OUTLINED, size=18),
                    on_click=lambda e, loc=loc: self.tap(lambda: self.draft.add_stop(loc)),
                ),
            )
            for loc in draft.locations_free()
        ]
        self.add_box.controls = [
            ft.Text(title, theme_style=ft.TextThemeStyle.LABEL_LARGE),
            tagged("bard-moves-left", body(moves_line(draft, self.plan), muted=True)),
            wrap(chips, spacing=6),
        ]

    def render_boast(self) -> None:
        draft, plan, bard = self.draft, self.plan, facts()
        creatures = plan.song.board.boast_area if plan.song else draft.boast_area
        label = (
            f"Boast: spend {bard.volume.boast_cost} Volume to activate "
            f"{plural(creatures, 'Creature card')} in your Boast area"
        )
        controls: list[ft.Control] = [
            _switch_row(
                label,
                draft.boast,
                lambda on: self.tap(lambda: setattr(self.draft, "boast", on)),
                ident="bard-boast",
            )
        ]
        if draft.boast:
            if plan.boasted:
                controls += [body(line) for line in plan.boasted.lines]
                controls += [_small(n) for n in plan.boasted.notes]
            elif plan.boast_problem:
                controls.append(notice(plan.boast_problem, level="error"))
            else:
                controls.append(body("Checked once every location above is in order.", muted=True))
        controls += [
            source_text(
                self.ctx.catalogue, [bard.volume.boast_source, bard.volume.boast_effect_source]
            ),
            self.ruling_chip(RULING_BOAST),
        ]
        self.boast_box.controls = controls

    def render_totals(self) -> None:
        plan = self.plan
        song = plan.final or plan.song
        if song is None:
            self.totals_box.controls = [
                notice(plan.start_problem or "Fix the board above.", level="error")
            ]
            return
        totals = song.totals()
        rows: list[tuple[str, str]] = [
            ("Gold earned", totals.gold.working),
            ("Cards bought", totals.cards.working),
            ("Volume", totals.volume_left.working),
        ]
        controls: list[ft.Control] = [
            tagged(
                "bard-net",
                ft.Text(
                    f"{totals.net.value} gold",
                    theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            tagged("bard-net-working", body(f"Net: {totals.net.working}")),
        ]
        for label, value in rows:
            controls.append(
                ft.ResponsiveRow(
                    [
                        ft.Text(label, weight=ft.FontWeight.W_600, col={"xs": 12, "sm": 4}),
                        ft.Text(value, col={"xs": 12, "sm": 8}),
                    ],
                    spacing=4,
                    run_spacing=0,
                )
            )
        gained = rewards_lines(song)
        if gained:
            controls.append(ft.Text("Gained", weight=ft.FontWeight.W_600))
            controls += [body(f"• {line}") for line in gained]
        if not plan.ok:
            controls.append(
                notice("The totals count only the locations checked so far.", level="warning")
            )
        closing, source = song.closing()
        controls += [
            _small(closing),
            source_text(self.ctx.catalogue, [source]),
            wrap(
                [
                    button(
                        "Next song",
                        lambda e: self.next_song(),
                        icon=ft.Icons.SKIP_NEXT,
                        ident="bard-next-song",
                        disabled=not plan.ok or not self.draft.stops,
                    ),
                    button(
                        "Clear song",
                        lambda e: self.clear_song(),
                        icon=ft.Icons.DELETE_SWEEP_OUTLINED,
                        kind="outlined",
                        ident="bard-clear",
                    ),
                ]
            ),
            _small("Next song keeps the board (Runes, Badges, Creatures, Volume, Soundstones)."),
        ]
        self.totals_box.controls = controls

    def render_helpers(self) -> None:
        plan, bard = self.plan, facts()
        song = plan.final or plan.song or plan.start
        if song is None:
            self.helpers_box.controls = []
            return
        lines = board_lines(song.board)
        sources = (
            [bard.pier.card_price_source],
            [bard.town_square.fan_cost_source],
            [bard.badges.hand_size_source, bard.badges.hand_size_badges_source],
        )
        controls: list[ft.Control] = [
            body("After the locations above:", muted=True),
        ]
        for (label, working), cited, ident in zip(
            lines, sources, ("card-price", "fan-cost", "hand-size"), strict=True
        ):
            controls.append(
                tagged(
                    f"bard-{ident}",
                    ft.Column(
                        [
                            ft.Text(label, weight=ft.FontWeight.W_600),
                            body(working),
                            source_text(self.ctx.catalogue, cited),
                        ],
                        spacing=0,
                        tight=True,
                    ),
                )
            )
        controls += [
            self.ruling_chip(RULING_COINS),
            self.ruling_chip(RULING_TOWN_SQUARE_ICON),
            self.ruling_chip(RULING_HAND_SIZE),
        ]
        self.helpers_box.controls = controls

    def build(self) -> Screen:
        self.render(rebuild=True)
        top: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        content = ft.Column(
            [
                *top,
                self.summary,
                self.reading_strip(),
                panel(self.before, title="Before the song"),
                panel(self.tableau, title="Song tableau"),
                panel(self.stops_box, self.add_box, title="Locations, in order"),
                panel(self.boast_box, title="Boast"),
                tagged("bard-totals", panel(self.totals_box, title="Song total")),
                panel(self.helpers_box, title="Card price, next fan, hand size"),
            ],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return Screen(title="The Bard", content=content)


def open_bard(ctx: AppContext, rest: list[str]) -> Screen:
    # As the section's only tool the shell would hand over the path after the section.
    if rest and rest[0] == TOOL_ID:
        rest = rest[1:]
    if rest:
        raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")
    return BardView(ctx).build()


__all__ = ["ROUTE", "BardView", "open_bard"]
