"""Your event cards: the group's own Mercante events (the rulebook names only three of the
box's 38), listed to edit, delete or copy, and an editor with an error per field.

The cards belong to the group, not to a table: every game plays them from its Calendar tab.
Under ``/calculators/mercante/events`` (or ``.../<table id>/events``, whose back arrow returns
to that table). A card being written is this device's draft, kept in its session."""

from __future__ import annotations

import contextlib

import flet as ft

from companion.engine.mercante import ENDURING, FLEETING, Event, facts, markets
from companion.history import NotFoundError, StoreError
from companion.ui.context import AppContext
from companion.ui.kit.widgets import (
    body,
    button,
    empty_state,
    icon_button,
    notice,
    panel,
    small,
    tagged,
    whole_number_field,
    wrap,
)
from companion.ui.live import live_session
from companion.ui.mercante import ROUTE, TOOL_ID, table_route
from companion.ui.mercante.model import (
    EVENT_DRAFT_KEY,
    DamagedCard,
    EventChoice,
    EventDraft,
    market_name,
    targets,
)
from companion.ui.mercante.parts import (
    event_tile,
    ruling_chip,
    stretched,
    switched,
    tap,
    typed,
)
from companion.ui.mercante.screen import cards_changed, read_choices
from companion.ui.model.words import plural
from companion.ui.paint import mounted
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP

KIND = ("mercante", "event")
CALENDAR_RULING = "mercante.event_removal"


DRAFTS = "mercante-event"  # the device's drafts of cards being written (by slot)


class EventCards:
    """The group's cards as one screen reads them, and where its routes lead (under a table's
    address when it was opened from one)."""

    def __init__(self, ctx: AppContext, table_id: int | None) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.problems: list[str] = []
        self.choices: tuple[EventChoice, ...]
        self.damaged: tuple[DamagedCard, ...]
        self.choices, self.damaged = read_choices(ctx, self.problems)

    def route(self, rest: str = "") -> str:
        tail = "events" + (f"/{rest}" if rest else "")
        return f"{ROUTE}/{tail}" if self.table_id is None else table_route(self.table_id, tail)

    @property
    def back(self) -> str:
        return ROUTE if self.table_id is None else table_route(self.table_id, "calendar")

    def problem_notices(self) -> list[ft.Control]:
        return [notice(p, level="warning") for p in self.problems]

    def update(self, control: ft.Control) -> None:
        if mounted(control):
            self.ctx.page.update()


class EventsList:
    """The group's own cards and the rulebook's, with what can be done to each."""

    def __init__(self, session: EventCards) -> None:
        self.session = session
        self.ctx = session.ctx

    def delete(self, choice: EventChoice) -> None:
        card_id = choice.card_id
        assert card_id is not None
        data = choice.event.to_dict()
        try:
            self.ctx.store.delete_custom_card(card_id)
        except StoreError as exc:
            self.ctx.notify(f"Not deleted: {exc}", error=True)
            return
        cards_changed(self.ctx)

        def undo() -> None:
            try:
                self.ctx.store.save_custom_card(*KIND, choice.event.name, data)
            except StoreError as exc:
                self.ctx.notify(f"Could not restore it: {exc}", error=True)
                return
            cards_changed(self.ctx)
            self.ctx.refresh()

        self.ctx.refresh()
        self.ctx.notify(f"Deleted {choice.event.name}.", action="Undo", on_action=undo)

    def delete_damaged(self, card_id: int) -> None:
        # Already gone (another device deleted it) is as good as deleted.
        with contextlib.suppress(NotFoundError):
            self.ctx.store.delete_custom_card(card_id)
        cards_changed(self.ctx)
        self.ctx.refresh()
        self.ctx.notify("Deleted the unreadable card.")

    def build(self) -> Screen:
        session = self.session
        own = [c for c in session.choices if c.custom]
        book = [c for c in session.choices if not c.custom]
        overridden = {c.event.name.casefold() for c in own} & {
            e.name.casefold() for e in facts().events
        }
        tiles: list[ft.Control] = []
        for choice in own:
            actions: list[ft.Control] = [
                button(
                    "Edit",
                    tap(self.ctx.navigate, session.route(str(choice.card_id))),
                    icon=ft.Icons.EDIT,
                    kind="outlined",
                    ident=f"edit-{choice.key}",
                ),
                tagged(
                    f"delete-{choice.key}",
                    icon_button(
                        ft.Icons.DELETE_OUTLINE,
                        f"Delete {choice.event.name}",
                        tap(self.delete, choice),
                    ),
                ),
            ]
            tiles.append(event_tile(choice, actions=actions, ident=f"own-{choice.key}"))
        for card in session.damaged:
            tiles.append(
                notice(
                    f"{card.name}: this card can no longer be read ({card.problem}).", level="error"
                )
            )
            tiles.append(
                button(
                    f"Delete {card.name}",
                    tap(self.delete_damaged, card.card_id),
                    kind="text",
                    icon=ft.Icons.DELETE_OUTLINE,
                )
            )
        if not tiles:
            tiles.append(
                empty_state(
                    ft.Icons.STYLE_OUTLINED,
                    "No cards of your own yet",
                    "The rulebook describes only three of the 38 event cards. Add the ones in "
                    "your box as they come up; they are kept for every game.",
                )
            )
        book_tiles = [
            event_tile(
                c,
                actions=[
                    button(
                        "Copy and edit",
                        tap(self.ctx.navigate, session.route(f"copy/{c.key.split(':', 1)[1]}")),
                        icon=ft.Icons.CONTENT_COPY,
                        kind="outlined",
                        ident=f"copy-{c.key}",
                    )
                ],
            )
            for c in book
        ]
        content: list[ft.Control] = [
            *session.problem_notices(),
            panel(
                button(
                    "New event card",
                    lambda e: self.ctx.navigate(session.route("new")),
                    icon=ft.Icons.ADD,
                    ident="new-event",
                ),
                stretched(tiles),
                title="Your event cards",
            ),
            panel(
                body(
                    "What the rulebook says of these cards. A card of yours with the same name "
                    "replaces it in every list.",
                    muted=True,
                ),
                stretched(book_tiles),
                *(
                    [small("Replaced by yours: " + ", ".join(sorted(overridden)).title())]
                    if overridden
                    else []
                ),
                title="From the rulebook",
            ),
        ]
        return Screen(
            title="Your event cards",
            content=ft.Column(content, spacing=GAP),
            back=session.back,
        )


class EventEditor:
    """Write or change a card; nothing is saved until every field is right."""

    def __init__(
        self,
        session: EventCards,
        *,
        slot: str,
        draft: EventDraft,
        card_id: int | None = None,
    ) -> None:
        self.session = session
        self.ctx = session.ctx
        self.slot = slot
        self.card_id = card_id
        self.drafts: dict[str, EventDraft] = live_session(self.ctx, TOOL_ID).draft(DRAFTS, 0, dict)
        if slot not in self.drafts:
            self.drafts[slot] = self._older_draft(slot) or draft
        self.draft = draft = self.drafts[slot]
        self.show_all = False
        self.taken = [c.event.name for c in session.choices if c.custom and c.card_id != card_id]
        self.name = ft.TextField(
            label="Card name",
            value=draft.name,
            max_length=60,
            capitalization=ft.TextCapitalization.WORDS,
            on_change=lambda e: self.set_text("name", e.control.value or ""),
            error_max_lines=3,
        )
        self.note = ft.TextField(
            label="Other effects, in your words",
            value=draft.note,
            multiline=True,
            min_lines=2,
            max_lines=5,
            on_change=lambda e: self.set_text("note", e.control.value or ""),
            error_max_lines=3,
        )
        self.effects_box = ft.Column(spacing=8)
        self.targets: dict[int, ft.Dropdown] = {}
        self.amounts: dict[int, ft.TextField] = {}
        self.removes: dict[str, ft.TextField] = {}
        self.preview = ft.Column(spacing=8)

    def _older_draft(self, slot: str) -> EventDraft | None:
        """A card an older version was writing (it kept one draft in the settings), taken over
        once by the first device to open the same card."""
        try:
            saved = self.ctx.setting(EVENT_DRAFT_KEY)
            if not isinstance(saved, dict) or saved.get("slot") != slot:
                return None
            self.ctx.store.delete_setting(EVENT_DRAFT_KEY)
        except StoreError:
            return None
        return EventDraft.from_dict(saved.get("draft"))

    # -- changes ----------------------------------------------------------------------------
    def keep(self) -> None:
        """The draft lives on this device (its session) until saved or cancelled."""

    def set_text(self, name: str, value: str) -> None:
        setattr(self.draft, name, value)
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_kind(self, kind: str) -> None:
        self.draft.kind = kind
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_flag(self, name: str, on: bool) -> None:
        setattr(self.draft, name, on)
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_close(self, market: str, on: bool) -> None:
        if on:
            self.draft.closes.add(market)
        else:
            self.draft.closes.discard(market)
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_target(self, index: int, target: str | None) -> None:
        self.draft.effects[index].target = target or ""
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_amount(self, index: int, text: str) -> None:
        self.draft.effects[index].amount = text
        self.keep()
        self.live()
        self.session.update(self.preview)

    def set_removes(self, market: str, text: str) -> None:
        self.draft.removes[market] = text
        self.keep()
        self.live()
        self.session.update(self.preview)

    def add_effect(self) -> None:
        self.draft.add_effect()
        self.keep()
        self.render_effects()
        self.live()
        self.session.update(self.effects_box)

    def remove_effect(self, index: int) -> None:
        self.draft.remove_effect(index)
        self.keep()
        self.render_effects()
        self.live()
        self.session.update(self.effects_box)

    def cancel(self) -> None:
        self.drafts.pop(self.slot, None)
        self.ctx.navigate(self.session.route())

    def save(self) -> None:
        problems = self.draft.errors(self.taken)
        if problems:
            self.show_all = True
            self.live()
            self.session.update(self.preview)
            self.ctx.notify(
                f"Not saved: {plural(len(problems), 'field')} to fix.",
                error=True,
            )
            return
        event = self.draft.to_event()
        try:
            self.ctx.store.save_custom_card(*KIND, event.name, event.to_dict(), self.card_id)
        except StoreError as exc:
            message = str(exc)
            self.name.error = (
                "You already have a card with this name" if "already" in message else message
            )
            self.session.update(self.name)
            self.ctx.notify(f"Not saved: {message}", error=True)
            return
        cards_changed(self.ctx)
        self.drafts.pop(self.slot, None)
        self.ctx.navigate(self.session.route())
        self.ctx.notify(f"Saved {event.name}.")

    # -- rendering --------------------------------------------------------------------------
    def render_effects(self) -> None:
        options = [ft.DropdownOption(key=t, text=label) for t, label in targets()]
        self.targets = {}
        self.amounts = {}
        rows: list[ft.Control] = []
        for i, effect in enumerate(self.draft.effects):
            target = ft.Dropdown(
                label="Good or market",
                value=effect.target or None,
                options=options,
                on_select=lambda e, i=i: self.set_target(i, e.control.value),
                expand=True,
                menu_height=360,
                col={"xs": 12, "sm": 7},
            )
            amount = whole_number_field(
                "Crowns (+ or −)",
                effect.amount,
                hint="e.g. +2 or -3",
                on_change=typed(self.set_amount, i),
                expand=True,
            )
            amount.keyboard_type = ft.KeyboardType.TEXT
            self.targets[i] = target
            self.amounts[i] = amount
            rows.append(
                tagged(
                    f"effect-{i + 1}",
                    ft.ResponsiveRow(
                        [
                            tagged(f"effect-target-{i + 1}", target),
                            ft.Row(
                                [
                                    tagged(f"effect-amount-{i + 1}", amount),
                                    icon_button(
                                        ft.Icons.CLOSE,
                                        "Remove this change",
                                        tap(self.remove_effect, i),
                                    ),
                                ],
                                col={"xs": 12, "sm": 5},
                                vertical_alignment=ft.CrossAxisAlignment.START,
                            ),
                        ],
                        spacing=8,
                        run_spacing=8,
                    ),
                )
            )
        rows.append(
            button(
                "Add a price change",
                lambda e: self.add_effect(),
                icon=ft.Icons.ADD,
                kind="outlined",
                ident="add-effect",
            )
        )
        self.effects_box.controls = rows

    def live(self) -> None:
        problems = self.draft.errors(self.taken)

        def shown(key: tuple[object, ...], typed: str) -> str | None:
            message = problems.get(key)
            return message if message and (self.show_all or typed.strip()) else None

        self.name.error = shown(("name",), self.name.value or "")
        for i, field in self.amounts.items():
            field.error = shown(("amount", i), field.value or "")
            effect = self.draft.effects[i]
            # An amount without a good is only wrong once typed; say it on the drop-down.
            self.targets[i].error_text = shown(("target", i), effect.amount or effect.target)
        for market, field in self.removes.items():
            field.error = shown(("removes", market), field.value or "")
        self.note.error = shown(("note",), self.note.value or "")
        preview: list[ft.Control] = []
        if not problems:
            preview.append(tagged("event-preview", body(self.draft.to_event().describe())))
        elif self.show_all:
            preview.append(notice("Fix the marked fields, then save.", level="error"))
        preview += [notice(w, level="warning") for w in self.draft.warnings()]
        self.preview.controls = preview

    def build(self, title: str) -> Screen:
        draft = self.draft
        self.render_effects()
        for market in markets():
            field = whole_number_field(
                market_name(market),
                draft.removes.get(market, ""),
                hint="tokens",
                on_change=typed(self.set_removes, market),
                col={"xs": 6, "md": 3},
            )
            self.removes[market] = field
        self.live()
        kind = ft.SegmentedButton(
            segments=[
                ft.Segment(value=ENDURING, label=ft.Text("Enduring")),
                ft.Segment(value=FLEETING, label=ft.Text("Fleeting")),
            ],
            selected=[draft.kind],
            on_change=lambda e: self.set_kind((e.control.selected or [ENDURING])[0]),
        )
        closes = [
            tagged(
                f"closes-{m}",
                ft.Checkbox(
                    label=market_name(m),
                    value=m in draft.closes,
                    on_change=switched(self.set_close, m),
                ),
            )
            for m in markets()
        ]
        content: list[ft.Control] = [
            panel(
                stretched(
                    [
                        tagged("event-name", self.name),
                        tagged("event-kind", kind),
                        small(
                            "Enduring cards go on the calendar; Fleeting ones are resolved at "
                            "once and discarded."
                        ),
                        tagged(
                            "event-reaction",
                            ft.Switch(
                                label="Reaction card",
                                value=draft.reaction,
                                on_change=switched(self.set_flag, "reaction"),
                            ),
                        ),
                        small("A Reaction may also be played while a good is being sold."),
                        tagged(
                            "event-incomplete",
                            ft.Switch(
                                label="I only know part of it",
                                value=draft.incomplete,
                                on_change=switched(self.set_flag, "incomplete"),
                            ),
                        ),
                    ]
                ),
                title="The card",
            ),
            panel(
                body(
                    "Crowns added to or taken from a sale of a good or a whole market.", muted=True
                ),
                self.effects_box,
                title="Price changes",
            ),
            panel(wrap(closes), title="Closes markets"),
            panel(
                body("Tokens the card takes off a market (from the bottom).", muted=True),
                ft.ResponsiveRow(
                    [tagged(f"removes-{m}", f) for m, f in self.removes.items()],
                    spacing=8,
                    run_spacing=8,
                ),
                ruling_chip(self.ctx, CALENDAR_RULING),
                stretched([self.note]),
                title="Other effects",
            ),
            panel(self.preview, title="Preview"),
            wrap(
                [
                    button(
                        "Save card", lambda e: self.save(), icon=ft.Icons.SAVE, ident="save-event"
                    ),
                    button("Cancel", lambda e: self.cancel(), kind="text"),
                ]
            ),
        ]
        return Screen(
            title=title,
            content=ft.Column(content, spacing=GAP),
            back=self.session.route(),
        )


def open_events(ctx: AppContext, rest: list[str], table_id: int | None = None) -> Screen:
    """``events``, ``events/new``, ``events/<card id>``, ``events/copy/<rulebook card id>``
    (``rest`` is what follows ``events``)."""
    session = EventCards(ctx, table_id)
    if not rest:
        return EventsList(session).build()
    if rest == ["new"]:
        return EventEditor(session, slot="new", draft=EventDraft()).build("New event card")
    if len(rest) == 2 and rest[0] == "copy":
        card = next((c for c in facts().events if c.id == rest[1]), None)
        if card is None:
            raise RouteNotFound("/".join(rest))
        event = Event.from_card(card)
        draft = EventDraft.from_event(event)
        return EventEditor(session, slot=f"copy:{card.id}", draft=draft).build(f"Your {card.name}")
    if len(rest) == 1 and rest[0].isdigit():
        card_id = int(rest[0])
        choice = next((c for c in session.choices if c.card_id == card_id), None)
        if choice is None:
            raise RouteNotFound("/".join(rest))
        return EventEditor(
            session,
            slot=f"card:{card_id}",
            draft=EventDraft.from_event(choice.event),
            card_id=card_id,
        ).build(f"Edit {choice.event.name}")
    raise RouteNotFound("/".join(rest))


__all__ = ["EventEditor", "EventsList", "open_events"]
