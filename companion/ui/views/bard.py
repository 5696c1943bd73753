"""Calculators › The Bard (Entertainer): plan a Singing step on a phone, location by location.

Enter the board (Movement, Volume, Soundstones, Runes, Badges), the icons of the Song tableau,
then tap the locations in the order the Bard visits them: each shows its gold with the working
("8 × 4 = 32"), what it gained and the rule it rests on; totals and the small helpers (card
price, next fan, hand size) sit at the bottom. The plan is saved after every action.

The screen is built once; a change updates values in place and redraws only the parts that
depend on it (chips, results, totals), so the update sent to the phone stays small and a field
being typed in keeps its cursor.
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
    board_summary,
    colour_name,
    evaluate,
    icons_left_line,
    location_label,
    moves_line,
    number_bounds,
    plural,
    rewards_lines,
    source_label,
    tableau_summary,
)
from companion.ui.logic.saved import restore
from companion.ui.rulings import ruling_chip
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.widgets import (
    Steps,
    body,
    mounted,
    notice,
    panel,
    small,
    source_text,
    tagged,
    whole_number_field,
    wrap,
)

log = logging.getLogger(__name__)

TOOL_ID = "bard"
ROUTE = "/calculators/bard"
KIND_LABELS = {"singing": "Singing step", "swan_song": "Swan Song"}
#: Long-labelled fields get the phone's whole width, half of a wider window.
Cols = dict[str | ft.ResponsiveRowBreakpoint, int | float]
WIDE: Cols = {"xs": 12, "sm": 6}
NUMBER_LABELS = {
    "moves": ("Moves", "Movement on the Tempo Wheel"),
    "volume": ("Volume", "on the Volume track"),
    "soundstones": ("Soundstones", "in your supply"),
    "badges": ("Badges placed", "fans you have"),
    "boast_area": ("Creatures", "in your Boast area"),
}
NO_STOPS = "No location yet: tap where the Bard starts."


class _Stepper:
    """A labelled ``−  2  +`` with touch-sized buttons (tagged ``ident-minus/-count/-plus``)
    that reads its value from the state each time, so :meth:`sync` only changes values."""

    def __init__(
        self,
        label: str,
        hint: str,
        bounds: tuple[int, int],
        get: Callable[..., int],  # called with no argument (defaulted lambda extras allowed)
        put: Callable[..., None],
        *,
        ident: str,
    ) -> None:
        self.get, self.bounds = get, bounds
        # The value is read from the state at each tap, not from what was last shown.
        self.steps = Steps(
            ft.Text("", theme_style=ft.TextThemeStyle.TITLE_LARGE),
            lambda step: put(get() + step),
            fewer=f"{label}: one fewer",
            more=f"{label}: one more",
            ident=ident,
        )
        self.control = ft.Container(
            ft.Column(
                [
                    ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_LARGE),
                    small(hint),
                    self.steps.control,
                ],
                spacing=0,
                tight=True,
            ),
            col={"xs": 6, "sm": 4},
        )
        self.sync()

    def sync(self) -> None:
        self.steps.show(self.get(), *self.bounds)


class _SwitchRow:
    """A label that wraps on a phone, with a switch at the end (the label is tappable too)."""

    def __init__(
        self, get: Callable[[], bool], put: Callable[[bool], None], *, ident: str, label: str = ""
    ) -> None:
        self.get = get
        self.label = ft.Text(label)
        self.switch = ft.Switch(on_change=lambda e: put(bool(e.control.value)))
        self.control = ft.Row(
            [
                ft.Container(
                    self.label,
                    expand=True,
                    on_click=lambda e: put(not get()),
                    padding=ft.Padding.symmetric(vertical=10),
                ),
                tagged(ident, self.switch),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.sync()

    def sync(self) -> None:
        self.switch.value = self.get()


def _fold(
    title: str, subtitle: ft.Text, content: ft.Control, ident: str, folded: bool
) -> ft.Control:
    """A card that folds to its title and a one-line summary (tap to open)."""
    return tagged(
        ident,
        ft.Card(
            content=ft.ExpansionTile(
                title=ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                subtitle=subtitle,
                controls=[
                    ft.Container(content, padding=ft.Padding.only(left=16, right=16, bottom=16))
                ],
                expanded=not folded,
                maintain_state=True,
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
                shape=ft.RoundedRectangleBorder(radius=12),
                collapsed_shape=ft.RoundedRectangleBorder(radius=12),
            ),
            margin=0,
        ),
    )


class StopCard:
    """One location of the plan. Built when the stop's shape changes (location, halls, side,
    switches); its chips and result are redrawn from the plan after every change."""

    def __init__(self, view: BardView, stop: StopDraft) -> None:
        self.view = view
        self.stop = stop
        self.fields: dict[str, ft.TextField] = {}
        self.chip_rows: dict[str | None, ft.Row] = {}
        self.result = ft.Column(spacing=6)
        self.key = view.card_key(stop)
        self.control = tagged(f"stop-{stop.id}", ft.Card(content=self._build(), margin=0))

    # -- building -------------------------------------------------------------------------------
    def _field(self, key: str, label: str, *, col: Cols | None = None) -> ft.TextField:
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
                        on_click=lambda e: view.tap(lambda: view.draft.remove_stop(stop.id)),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        parts: list[ft.Control] = [head]
        if kind == "pier":
            buy = _SwitchRow(
                lambda: stop.buy_card,
                lambda on: view.tap(lambda: view.draft.set_buy(stop.id, on)),
                ident=f"stop-{stop.id}-buy",
                label="Buy a Skill or Improv card here",
            )
            parts += [
                small("Icons sung here (each against Adventurers of its colour):"),
                self._chips(),
                small("Adventurers at this Pier, by colour:"),
                ft.ResponsiveRow(
                    [self._field(f"adv:{f.id}", f.plural) for f in facts().faction],
                    spacing=8,
                    run_spacing=8,
                ),
                buy.control,
            ]
        elif kind == "town_square":
            parts += [small("Icons of any colours that pay for the fan:"), self._chips()]
            if view.rules.fans_per_visit != 1:
                fans = _Stepper(
                    "Fans",
                    "gained in this visit",
                    (1, facts().badges.count),
                    lambda: stop.fans,
                    lambda n: view.tap(lambda: view.draft.set_fans(stop.id, n)),
                    ident=f"stop-{stop.id}-fans",
                )
                parts.append(ft.ResponsiveRow([fans.control]))
        elif kind == "faction_hall":
            location = facts().location_named(stop.location)
            name = colour_name(location.faction or "")
            parts += [
                small(f"{name} icons (or any-colour icons) spent here:"),
                self._chips(),
                ft.ResponsiveRow(
                    [self._field("hall", f"Adventurers in the {location.name}", col=WIDE)]
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
            small("Sing to the undocked boats on one side of the bay:"),
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
        parts += [small("Halls holding your Rune, to sing for:"), wrap(hall_chips, spacing=6)]
        text_reading = view.rules.dragon_island == "text"
        for h in stop.halls:
            faction = facts().faction_named(h)
            fields: list[ft.Control] = [
                self._field(f"side:{h}", f"{faction.plural} on the {stop.side} side", col=WIDE)
            ]
            if text_reading:
                fields.append(
                    self._field(f"inside:{h}", f"Adventurers in the {faction.hall}", col=WIDE)
                )
            parts += [
                ft.Text(f"For the {faction.hall}", weight=ft.FontWeight.BOLD),
                small(f"{faction.name} icons (or any-colour icons):"),
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
        song = view.plan.start
        if song is None:
            return [small("Fix the board above first.")]
        location = facts().location_named(stop.location)
        colour = hall or location.faction  # halls take their colour (or any-colour icons)
        mine = stop.hall_spend.get(hall, []) if hall else stop.spend
        used = view.draft.used_at()
        number = view.draft.stops.index(stop) + 1
        chips: list[ft.Control] = []
        for source in song.sources:
            if colour and source.colour not in (colour, ANY):
                continue
            at = used.get(source.id)
            taken = at is not None and source.id not in mine
            label = source_label(source)
            if taken:
                label += " · other hall" if at == number else f" · at {at}"
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
            chips.append(small(f"No {wanted} in the tableau yet: add them above."))
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
        out += [small(note) for note in record.notes]
        bard = facts()
        sources: list[Source]
        rulings: list[str]
        if kind == "pier":
            sources, rulings = [bard.pier.gold_source], []
            if record.card:
                sources.append(bard.pier.card_price_source)
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


class BardView:
    """The whole screen: state, the controls built once, and the handlers."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.problems: list[str] = []
        self.draft, damaged = restore(
            ctx,
            BARD_KEY,
            BardDraft.from_dict,
            BardDraft,
            lambda draft: ctx.set_setting(BARD_KEY, draft.to_dict()),
            error=StateError,
            what="Bard",
            logger=log,
        )
        if damaged:
            self.problems.append(
                f"The saved song could not be read back ({damaged}). A fresh plan is ready; the "
                f"damaged save is kept in the database under “{DAMAGED_KEY}”."
            )
        # House rules change in Settings, another screen: coming back builds this one anew.
        self.house = ctx.house_rules()
        self.rules = SongRules.from_house_rules(self.house)
        self.plan = evaluate(self.draft, self.rules)
        self.undo_state: dict[str, Any] | None = None
        self.cards: list[StopCard] = []
        self._build_controls()

    # -- handlers -------------------------------------------------------------------------------
    def save(self) -> None:
        self.ctx.set_setting(BARD_KEY, self.draft.to_dict())

    def tap(self, change: Callable[[], object]) -> None:
        """A tap changed the plan: apply, save, redraw (no field is being typed in)."""
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
        for card in self.cards:  # the field already shows the text: its card stays
            if card.stop.id == stop_id:
                card.key = self.card_key(card.stop)
        self.render(rebuild=False)

    def add_source(self) -> None:
        # No snackbar: the new chip and the "still to spend" line show it, and a snackbar would
        # cover the fields a player is about to type in.
        self.tap(self.draft.add_source)

    def undo(self) -> None:
        if self.undo_state is None:
            return
        self.draft = BardDraft.from_dict(self.undo_state)
        self.undo_state = None
        self.save()
        self.render(rebuild=True)

    def _with_undo(self, change: Callable[[], None], message: str) -> None:
        self.undo_state = self.draft.to_dict()
        change()
        self.save()
        self.render(rebuild=True)
        self.ctx.notify(message, action="Undo", on_action=self.undo)

    def next_song(self) -> None:
        final = self.plan.final
        if final is None or not self.plan.ok:
            self.ctx.notify("Finish or remove the locations with a problem first.", error=True)
            return
        self._with_undo(
            lambda: self.draft.carry_forward(final),
            "Ready for the next song: Runes, Badges, Creatures, Volume and Soundstones carried "
            "over.",
        )

    def clear_song(self) -> None:
        self._with_undo(self.draft.clear_song, "Song cleared (the board is kept).")

    # -- shared pieces --------------------------------------------------------------------------
    def ruling_chip(self, ruling_id: str) -> ft.Control:
        """The line naming the ruling behind a number (see companion.ui.rulings)."""
        topic = self.ctx.catalogue.ruling(ruling_id).topic
        return ruling_chip(self.ctx, ruling_id, label=topic.removeprefix("Bard: "))

    def card_key(self, stop: StopDraft) -> tuple[object, ...]:
        """What a stop card is built from (its chips and result are redrawn every time)."""
        index = self.draft.stops.index(stop)
        return (
            index,
            stop.location,
            tuple(stop.halls),
            stop.side,
            stop.buy_card,
            stop.fans,
            tuple(sorted(stop.fields.items())),
            tuple(self.draft.halls_open(index)),
        )

    # -- the controls, built once ---------------------------------------------------------------
    def _build_controls(self) -> None:
        bard, cat = facts(), self.ctx.catalogue
        draft_of = self._draft  # read at event time: undo replaces the draft

        # The summary strip at the top.
        self.summary_title = ft.Text(
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM, color=ft.Colors.ON_PRIMARY_CONTAINER
        )
        self.summary_status = ft.Text(color=ft.Colors.ON_PRIMARY_CONTAINER)

        # Before the song.
        self.kind = ft.SegmentedButton(
            segments=[ft.Segment(value=k, label=ft.Text(t)) for k, t in KIND_LABELS.items()],
            selected=[self.draft.kind],
            on_change=lambda e: self.tap(
                lambda: draft_of().set_kind((e.control.selected or [draft_of().kind])[0])
            ),
        )
        bounds = number_bounds()
        self.numbers = {
            name: _Stepper(
                label,
                hint,
                bounds[name],
                lambda name=name: int(getattr(draft_of(), name)),
                lambda n, name=name: self.tap(lambda: draft_of().set_number(name, n)),
                ident=f"bard-{name.replace('_', '-')}",
            )
            for name, (label, hint) in NUMBER_LABELS.items()
        }
        self.rune_chips = {
            f.id: ft.Chip(
                label=ft.Text(f.hall),
                on_select=lambda e, f=f.id: self.tap(lambda: draft_of().toggle_rune(f)),
            )
            for f in bard.faction
        }
        self.before_subtitle = small("")
        self.before = ft.Column(
            [
                tagged("bard-kind", self.kind),
                ft.ResponsiveRow(
                    [s.control for s in self.numbers.values()], spacing=8, run_spacing=8
                ),
                small("Faction Halls already holding one of your Runes:"),
                wrap(
                    [tagged(f"bard-rune-{f}", chip) for f, chip in self.rune_chips.items()],
                    spacing=6,
                ),
                source_text(
                    cat,
                    [
                        bard.singing.moves_source,
                        bard.volume.max_source,
                        bard.soundstone.icons_source,
                        bard.faction_hall.once_source,
                    ],
                ),
                self.ruling_chip(RULING_ONE_VISIT),
            ],
            spacing=GAP,
        )

        # The Song tableau.
        self.source_chips = wrap([], spacing=6)
        self.colour_chips = {
            c: ft.Chip(
                label=ft.Text("Any colour" if c == ANY else colour_name(c)),
                on_select=lambda e, c=c: self.tap(lambda: draft_of().set_new(colour=c)),
            )
            for c in (*bard.faction_ids, ANY)
        }
        self.new_count = _Stepper(
            "Icons",
            "in this source",
            (1, 9),
            lambda: draft_of().new_count,
            lambda n: self.tap(lambda: draft_of().set_new(count=n)),
            ident="bard-new-count",
        )
        self.new_volume = _Stepper(
            "Volume",
            "to unlock (0: top)",
            (0, bard.volume.max),
            lambda: draft_of().new_volume,
            lambda n: self.tap(lambda: draft_of().set_new(volume=n)),
            ident="bard-new-volume",
        )
        self.add_button = ft.FilledTonalButton(
            content="", icon=ft.Icons.ADD, height=TOUCH, on_click=lambda e: self.add_source()
        )
        self.icons_left = small("")
        self.tableau_subtitle = small("")
        self.tableau = ft.Column(
            [
                body(
                    "One entry per source of icons: a card's top, a bottom half (with the Volume "
                    "that unlocks it), an Improv card, a Paladin icon. A source is spent whole, "
                    "at one location.",
                    muted=True,
                ),
                self.source_chips,
                ft.Text("Add icons", theme_style=ft.TextThemeStyle.LABEL_LARGE),
                wrap(
                    [tagged(f"bard-new-{c}", chip) for c, chip in self.colour_chips.items()],
                    spacing=6,
                ),
                ft.ResponsiveRow(
                    [self.new_count.control, self.new_volume.control], spacing=8, run_spacing=8
                ),
                tagged("bard-add-source", self.add_button),
                tagged("bard-icons-left", self.icons_left),
                source_text(
                    cat,
                    [
                        bard.singing.no_split_source,
                        bard.singing.paladin_source,
                        bard.volume.unlock_source,
                    ],
                ),
                self.ruling_chip(RULING_SOURCE_WHOLE),
                self.ruling_chip(RULING_SOUNDSTONE),
            ],
            spacing=GAP,
        )

        # Locations.
        self.stops_box = ft.Column(spacing=GAP)
        self.add_title = ft.Text(theme_style=ft.TextThemeStyle.LABEL_LARGE)
        self.moves_left = body("", muted=True)
        self.go_chips = wrap([], spacing=6)

        # Boast.
        self.boast_row = _SwitchRow(
            lambda: draft_of().boast,
            lambda on: self.tap(lambda: setattr(draft_of(), "boast", on)),
            ident="bard-boast",
        )
        self.boast_result = ft.Column(spacing=4)
        self.boast_box = ft.Column(
            [
                self.boast_row.control,
                self.boast_result,
                source_text(cat, [bard.volume.boast_source, bard.volume.boast_effect_source]),
                self.ruling_chip(RULING_BOAST),
            ],
            spacing=8,
        )

        # Totals.
        self.net = ft.Text(theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM, weight=ft.FontWeight.BOLD)
        self.net_working = body("")
        self.totals_lines = ft.Column(spacing=8)
        self.closing = small("")
        self.closing_source = ft.Column()
        self.next_button = ft.FilledButton(
            content="Next song",
            icon=ft.Icons.SKIP_NEXT,
            height=TOUCH,
            on_click=lambda e: self.next_song(),
        )
        self.totals_box = ft.Column(
            [
                tagged("bard-net", self.net),
                tagged("bard-net-working", self.net_working),
                self.totals_lines,
                self.closing,
                self.closing_source,
                wrap(
                    [
                        tagged("bard-next-song", self.next_button),
                        tagged(
                            "bard-clear",
                            ft.OutlinedButton(
                                content="Clear song",
                                icon=ft.Icons.DELETE_SWEEP_OUTLINED,
                                height=TOUCH,
                                on_click=lambda e: self.clear_song(),
                            ),
                        ),
                    ]
                ),
                small("Next song keeps the board: Runes, Badges, Creatures, Volume, Soundstones."),
            ],
            spacing=8,
        )

        # Card price, next fan, hand size.
        self.helper_values = {ident: body("") for ident in ("card-price", "fan-cost", "hand-size")}
        cited = {
            "card-price": ("Card at a Pier", [bard.pier.card_price_source]),
            "fan-cost": ("Next fan", [bard.town_square.fan_cost_source]),
            "hand-size": (
                "Hand size",
                [bard.badges.hand_size_source, bard.badges.hand_size_badges_source],
            ),
        }
        self.helpers_box = ft.Column(
            [
                body("After the locations above:", muted=True),
                *(
                    tagged(
                        f"bard-{ident}",
                        ft.Column(
                            [
                                ft.Text(label, weight=ft.FontWeight.W_600),
                                self.helper_values[ident],
                                source_text(cat, sources),
                            ],
                            spacing=0,
                            tight=True,
                        ),
                    )
                    for ident, (label, sources) in cited.items()
                ),
                self.ruling_chip(RULING_COINS),
                self.ruling_chip(RULING_TOWN_SQUARE_ICON),
                self.ruling_chip(RULING_HAND_SIZE),
            ],
            spacing=8,
        )

    def _draft(self) -> BardDraft:
        return self.draft

    # -- redrawing ------------------------------------------------------------------------------
    def render(self, *, rebuild: bool) -> None:
        """Bring the screen in line with the draft. ``rebuild`` after a tap: stop cards whose
        shape changed are rebuilt; after typing, only values and results change."""
        self.plan = evaluate(self.draft, self.rules)
        self.sync_before()
        self.sync_tableau()
        if rebuild:
            old = {c.stop.id: c for c in self.cards}
            cards = []
            for stop in self.draft.stops:
                card = old.get(stop.id)
                if card is None or card.key != self.card_key(stop):
                    card = StopCard(self, stop)
                card.stop = stop
                cards.append(card)
            self.cards = cards
            self.stops_box.controls = [c.control for c in self.cards] or [
                body(NO_STOPS, muted=True)
            ]
            self.sync_add()
        for card in self.cards:
            card.refresh(self.plan)
        self.sync_boast()
        self.sync_totals()
        self.sync_helpers()
        self.sync_summary()
        # After a tap the changes are sent explicitly: flet skips its own update after a
        # handler that showed a snackbar. While typing they are left to flet's update after
        # the handler (sending them from inside it reset the field being typed in).
        if rebuild and mounted(self.summary_title):
            self.ctx.page.update()

    def sync_summary(self) -> None:
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
        self.summary_title.value = f"{KIND_LABELS[draft.kind]}: {gold} gold so far"
        self.summary_status.value = status

    def sync_before(self) -> None:
        draft = self.draft
        self.kind.selected = [draft.kind]
        for stepper in self.numbers.values():
            stepper.sync()
        for faction, chip in self.rune_chips.items():
            chip.selected = faction in draft.runes
        self.before_subtitle.value = board_summary(draft)

    def sync_tableau(self) -> None:
        draft, song = self.draft, self.plan.start
        chips: list[ft.Control] = [
            tagged(
                f"bard-source-{source.id}",
                ft.Chip(
                    label=ft.Text(source_label(source.engine())),
                    leading=ft.Icon(ft.Icons.MUSIC_NOTE, size=18),
                    on_delete=lambda e, s=source.id: self.tap(lambda: self.draft.remove_source(s)),
                    delete_icon_tooltip=f"Remove {source.id}",
                ),
            )
            for source in draft.sources
        ]
        if song:
            chips += [
                ft.Chip(label=ft.Text(source_label(s)), leading=ft.Icon(ft.Icons.CIRCLE, size=14))
                for s in song.sources
                if s.id.startswith("soundstone-")
            ]
        self.source_chips.controls = chips  # when empty, the line below says so
        for colour, chip in self.colour_chips.items():
            chip.selected = draft.new_colour == colour
        self.new_count.sync()
        self.new_volume.sync()
        colour = "any-colour" if draft.new_colour == ANY else colour_name(draft.new_colour)
        self.add_button.content = f"Add {plural(draft.new_count, f'{colour} icon')}"
        self.icons_left.value = icons_left_line(self.plan.final or self.plan.song)
        self.tableau_subtitle.value = tableau_summary(draft)

    def sync_add(self) -> None:
        draft = self.draft
        left = 1 + draft.moves - len(draft.stops)
        self.moves_left.value = moves_line(draft, self.plan)
        self.add_title.value = (
            ("Where does the Bard start?" if not draft.stops else "Move on to") if left > 0 else ""
        )
        self.add_title.visible = left > 0
        self.go_chips.controls = (
            [
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
            if left > 0
            else []
        )

    def sync_boast(self) -> None:
        draft, plan, bard = self.draft, self.plan, facts()
        creatures = plan.song.board.boast_area if plan.song else draft.boast_area
        self.boast_row.label.value = (
            f"Boast: spend {bard.volume.boast_cost} Volume to activate "
            f"{plural(creatures, 'Creature card')} in your Boast area"
        )
        self.boast_row.sync()
        lines: list[ft.Control] = []
        if draft.boast:
            if plan.boasted:
                lines += [body(line) for line in plan.boasted.lines]
                lines += [small(n) for n in plan.boasted.notes]
            elif plan.boast_problem:
                lines.append(notice(plan.boast_problem, level="error"))
            else:
                lines.append(body("Checked once every location above is in order.", muted=True))
        self.boast_result.controls = lines

    def sync_totals(self) -> None:
        plan = self.plan
        song = plan.final or plan.song
        self.next_button.disabled = not plan.ok or not self.draft.stops
        if song is None:
            self.net.value, self.net_working.value = "", ""
            self.totals_lines.controls = [
                notice(plan.start_problem or "Fix the board above.", level="error")
            ]
            return
        totals = song.totals()
        self.net.value = f"{totals.net.value} gold"
        self.net_working.value = f"Net: {totals.net.working}"
        lines: list[ft.Control] = [
            ft.ResponsiveRow(
                [
                    ft.Text(label, weight=ft.FontWeight.W_600, col={"xs": 12, "sm": 4}),
                    ft.Text(value, col={"xs": 12, "sm": 8}),
                ],
                spacing=4,
                run_spacing=0,
            )
            for label, value in (
                ("Gold earned", totals.gold.working),
                ("Cards bought", totals.cards.working),
                ("Volume", totals.volume_left.working),
            )
        ]
        gained = rewards_lines(song)
        if gained:
            lines.append(ft.Text("Gained", weight=ft.FontWeight.W_600))
            lines += [body(f"• {line}") for line in gained]
        if not plan.ok:
            lines.append(
                notice("The totals count only the locations checked so far.", level="warning")
            )
        self.totals_lines.controls = lines
        closing, source = song.closing()
        self.closing.value = closing
        self.closing_source.controls = [source_text(self.ctx.catalogue, [source])]

    def sync_helpers(self) -> None:
        plan = self.plan
        song = plan.final or plan.song or plan.start
        if song is None:
            for text in self.helper_values.values():
                text.value = "Fix the board above."
            return
        for (_, working), text in zip(
            board_lines(song.board), self.helper_values.values(), strict=True
        ):
            text.value = working

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

    def build(self) -> Screen:
        self.render(rebuild=True)
        # Once the song has locations, the setup above them folds away to one line each.
        folded = bool(self.draft.stops)
        summary = tagged(
            "bard-summary",
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.MUSIC_NOTE, color=ft.Colors.ON_PRIMARY_CONTAINER),
                        ft.Column(
                            [self.summary_title, self.summary_status],
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
        content = ft.Column(
            [
                *(notice(p, level="warning") for p in self.problems),
                summary,
                self.reading_strip(),
                _fold("Before the song", self.before_subtitle, self.before, "bard-before", folded),
                _fold("Song tableau", self.tableau_subtitle, self.tableau, "bard-tableau", folded),
                panel(
                    self.stops_box,
                    self.add_title,
                    tagged("bard-moves-left", self.moves_left),
                    self.go_chips,
                    title="Locations, in order",
                ),
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
