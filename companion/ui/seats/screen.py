"""Setup › Game night › a night: who plays in which seat, the seed, the first player, and
the night grown from them: what is played, where and when, the tools to open, the running
tally, the final sheet, the standings, Save and Rematch (:mod:`companion.ui.seats.parts`).

A shared table (``companion.tables``): every phone on it sees each seat taken, moved or
left, the draw, each tally line, as it happens. The screen is built once and rendered in
place from each snapshot; the name, the place, a tally line or a seed half typed stay on
this device.
"""

from __future__ import annotations

import asyncio
import logging
from typing import ClassVar

import flet as ft

from companion.engine.seats import (
    DrawFirst,
    MoveSeat,
    NewSeed,
    Seat,
    Seating,
    SeatsError,
    SetGame,
    SetSeed,
    Shuffle,
    Unseat,
    new_seed,
)
from companion.history import StoreError
from companion.tables import Snapshot, Subscription
from companion.ui import scorepad
from companion.ui.kit.players import (
    add_seat_row,
    filter_suggestions,
    game_picker,
    player_name_field,
    suggestion_chips,
)
from companion.ui.kit.table_menu import table_menu
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import body, icon_button, notice, panel, small, tagged, wrap
from companion.ui.live import deliver
from companion.ui.model.words import capitalized, ordinal
from companion.ui.paint import Slot, mounted
from companion.ui.scorepad.model.night import night_pad
from companion.ui.seats import ROUTE, TOOL_ID
from companion.ui.seats.model import NightDraft
from companion.ui.seats.parts.finish import FinishPanels
from companion.ui.seats.parts.night import NightPanels
from companion.ui.theme import GAP

log = logging.getLogger(__name__)


class SeatsScreen(TableScreen[Seating, NightDraft]):
    """``/setup/seats/<id>``: one game night, built once, rendered in place."""

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = Seating
    draft_type = NightDraft
    title = "Game night"
    noun = "night"
    scroll = False  # the screen scrolls itself, to bring a result or the sheet into view
    unreadable_note = "This night cannot be read."
    #: Seconds before the name field asks for the keyboard a second time (see keep_typing).
    refocus_after: ClassVar[float] = 0.4

    @property
    def seating(self) -> Seating:
        """The table's seating (an empty one while it cannot be read)."""
        return self.game if self.readable else Seating()

    # -- acting -------------------------------------------------------------------------------
    def add_player(self, name: str | None = None) -> None:
        typed = (self.name_field.value or "") if name is None else name
        action = Seat(typed)
        try:
            self.seating.verify(action)
        except SeatsError as exc:  # said on the field, where the name is being typed
            message = capitalized(str(exc).split(": ", 1)[-1])
            self.paint.set(self.form, self.name_field, error=message)
            self.paint.send()
            return

        def settle() -> None:
            if name is None:
                self.name_field.value = ""
                self.name_field.error = None
                self.paint.touch(self.form)
                self.keep_typing()

        self.act(action, then=settle)

    def keep_typing(self) -> None:
        """The name field keeps the keyboard after Enter (or Add), for the next name."""
        field = self.name_field

        async def focus() -> None:
            # Asked twice: a phone still busy with the Enter (its own unfocus, the new seat's
            # row) can let the first request pass. Not if a field took the focus meanwhile
            # (this one, or one the player tapped: never take the keyboard from it).
            moves = self.focus_moves
            for pause in (0.0, self.refocus_after):
                if pause:
                    await asyncio.sleep(pause)
                if not mounted(field) or self.focus_moves != moves:
                    return
                try:
                    await asyncio.wait_for(field.focus(), timeout=5)  # type: ignore[no-untyped-call]
                except (TimeoutError, RuntimeError):
                    log.debug("the name field could not take the focus")

        self.ctx.page.run_task(focus)

    def focused(self) -> None:
        """A text field of this screen took the keyboard (see :meth:`keep_typing`)."""
        self.focus_moves += 1

    def scroll_to(self, key: str, *, delay: float = 0.0) -> None:
        """Bring the section with scroll key ``key`` into view (a convenience: a client that
        cannot scroll still shows it)."""
        scroller = self.content

        async def go() -> None:
            if delay:
                await asyncio.sleep(delay)
            if not mounted(scroller) or not isinstance(scroller, ft.Column):
                return
            try:
                await asyncio.wait_for(scroller.scroll_to(scroll_key=key, duration=300), timeout=5)
            except (TimeoutError, RuntimeError):
                log.debug("scrolling to %s did not happen", key)

        self.ctx.page.run_task(go)

    def set_seed(self, text: str) -> None:
        seed = self.draft.type_seed(text)
        if seed is None or seed == self.seating.seed:
            self.redraw()
            return
        self.act(SetSeed(seed), quiet=True)

    def new_seed(self) -> None:
        self.draft.seed_text = None
        seed = new_seed()
        while seed == self.seating.seed:
            seed = new_seed()
        self.act(NewSeed(seed))

    def draw(self) -> None:
        """Draw the first player; the result shows right under the button, in view (no
        message bar to cover the turn order)."""
        if not self.seating.seats:
            self.hint("Seat at least one player first.")
            return
        self.ctx.close_messages()  # ("Dee sits in seat 4" is old news once the draw shows)
        self.act(DrawFirst(), quiet=True, then=lambda: self.scroll_to("draw-result", delay=0.2))

    def shuffle(self) -> None:
        if len(self.seating.seats) < 2:
            self.hint("Seat at least two players to shuffle.")
            return
        self.act(Shuffle())

    def set_game(self, game_id: str) -> None:
        if game_id != self.seating.game_id:
            self.act(SetGame(game_id))

    def score_this_table(self) -> None:
        """A new score pad from the night: its players in seat order, the drawn first player,
        the game's categories (Merchants Cove's from its final sheet) and the tally so far."""
        seating = self.seating
        if not seating.seats:
            self.hint("Seat the players first.")
            return
        pad = night_pad(seating)
        try:
            snapshot = self.session.hub.create(scorepad.TOOL_ID, pad, device=self.session.device)
        except StoreError as exc:
            self.refuse(f"The score pad could not be started: {exc}")
            return
        from companion.ui.shell import current_route, with_back

        # The pad's back arrow returns to the night.
        self.ctx.navigate(
            with_back(scorepad.table_route(snapshot.table_id), current_route(self.ctx))
        )

    def menu(self) -> None:
        seating = self.live.snapshot.game
        who = ", ".join(seating.seats) if isinstance(seating, Seating) and seating.seats else ""
        table_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            who=who or "Nobody seated yet",
            finish_note="The game screens then no longer offer its players.",
        )

    # -- the controls, built once -------------------------------------------------------------
    def build_controls(self) -> None:
        self.known = self.ctx.store.player_names()
        paint = self.paint
        self.picker = game_picker(self.ctx.catalogue, "", self.set_game)
        self.dropdown: ft.Dropdown = self.picker.content  # type: ignore[attr-defined]
        self.name_field = player_name_field(
            "Then tap Add",
            self.add_player,
            on_change=lambda e: self.typed_name(),
        )
        self.focus_moves = 0
        self.name_field.on_focus = lambda e: self.focused()
        self.suggestions = Slot(paint)
        self.count_slot = Slot(paint)
        self.seats_slot = Slot(paint)
        self.draw_button = ft.FilledButton(
            "Draw first player",
            icon=ft.Icons.STAR_OUTLINE,
            height=48,
            on_click=lambda e: self.draw(),
        )
        self.shuffle_button = ft.OutlinedButton(
            "Shuffle seats", icon=ft.Icons.SHUFFLE, height=48, on_click=lambda e: self.shuffle()
        )
        self.result_slot = Slot(paint)
        self.seed_field = ft.TextField(
            label="Seed",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.set_seed(e.control.value or ""),
            on_focus=lambda e: self.focused(),
            width=150,
            error_max_lines=3,
        )
        self.seed_button = icon_button(
            ft.Icons.CASINO_OUTLINED, "New seed", lambda e: self.new_seed()
        )
        self.replay = small("")
        self.form = panel(
            tagged(
                "add-seat-row",
                add_seat_row(self.name_field, self.add_player, ident="add-player"),
            ),
            self.suggestions.box,
            self.count_slot.box,
            self.seats_slot.box,
            # The buttons and the result under them, brought into view together after a draw
            # (the result alone at the top of the screen hid the button just tapped).
            ft.Column(
                [
                    wrap(
                        [
                            tagged("draw-first", self.draw_button),
                            tagged("shuffle-seats", self.shuffle_button),
                        ]
                    ),
                    self.result_slot.box,
                ],
                spacing=GAP,
                key=_scroll_key("draw-result"),
            ),
            title="Players and seats",
            section=True,
        )
        self.game_box = panel(self.picker, section=True)
        self.seed_box = panel(
            wrap([tagged("seed", self.seed_field), tagged("new-seed", self.seed_button)]),
            self.replay,
            title="Seed of the draw",
            section=True,
        )
        # The game table the night's game is played on: its moves show here too (standings).
        self.game_table: int | None = None
        self.game_watch: Subscription | None = None
        self.night_panels = NightPanels(self)
        self.finish_panels = FinishPanels(self)
        self.content = ft.Column(
            [
                self.notices.box,
                self.game_box,
                self.form,
                self.seed_box,
                *self.night_panels.controls,
                *self.finish_panels.controls,
            ],
            spacing=GAP,
            expand=True,
            scroll=ft.ScrollMode.AUTO,
        )

    # -- rendering in place -------------------------------------------------------------------
    def typed_name(self) -> None:
        """Only this device's typing: the known players that match, and no stale error."""
        self.paint.set(self.form, self.name_field, error=None)
        self.render_suggestions()
        self.paint.send()

    def render_suggestions(self) -> None:
        seated = self.seating.seats
        names = tuple(filter_suggestions(self.known, self.name_field.value or "", seated))
        closed = self.live.snapshot.read_only

        def build() -> ft.Control | None:
            if not names or closed:
                return None
            return ft.Column(
                [body("Known players", muted=True), suggestion_chips(names, self.add_player)],
                spacing=8,
            )

        self.suggestions.set((names, closed), build)

    def render_game(self, seating: Seating, snapshot: Snapshot) -> None:
        paint = self.paint
        closed = snapshot.read_only
        closed = closed or seating.is_over
        paint.set(self.game_box, self.dropdown, value=seating.game_id, disabled=closed)
        for control in (self.name_field, self.draw_button, self.shuffle_button):
            paint.set(self.form, control, disabled=closed)
        # A brand-new table is not a problem yet: the count is said once someone is seated.
        count = seating.count_problem(self.ctx.catalogue) if seating.seats else None
        self.count_slot.set(count, lambda: notice(count, level="warning") if count else None)
        self.seats_slot.set((seating.seats, seating.first, closed), lambda: self.seat_rows(seating))
        draw = seating.draw
        self.result_slot.set(
            (seating.seats, seating.first), lambda: self.result(seating) if draw else None
        )
        self.render_suggestions()
        # The seed: as the table has it, unless this device is half-way through typing one.
        error = self.draft.seed_error
        shown = self.seed_field.value or ""
        if self.draft.seed_text is None and shown.strip().lstrip("0") != str(seating.seed).lstrip(
            "0"
        ):
            paint.set(self.seed_box, self.seed_field, value=str(seating.seed))
        paint.set(self.seed_box, self.seed_field, error=error, disabled=closed)
        paint.set(self.seed_box, self.seed_button, disabled=closed)
        paint.set(
            self.seed_box,
            self.replay,
            value=(
                f"Drawn with seed {draw.seed} from {len(draw.seats)} seats in this order. "
                "Anyone can replay the draw: same seats, same seed, same result."
                if draw
                else "The draw uses this seed, so a disputed draw can be replayed."
            ),
        )
        self.watch_game_table(seating.game_table)
        self.night_panels.render(seating, snapshot)
        self.finish_panels.render(seating, snapshot)

    def watch_game_table(self, table_id: int | None) -> None:
        """Follow the game table the night plays on: each of its moves (the last card, the
        end-game sale, its Save) renders the night again, its standings with them."""
        if table_id == self.game_table:
            return
        if self.game_watch is not None:
            self.game_watch.close()
            self.game_watch = None
        self.game_table = table_id
        if table_id is None:
            return
        page = self.ctx.page

        def moved(snapshot: Snapshot) -> None:
            if self.live.closed or self.session.closed:  # the session ended: stop following
                if self.game_watch is not None:
                    self.game_watch.close()
                    self.game_watch = None
                return
            deliver(page, self.game_moved)

        self.game_watch = self.session.hub.subscribe(table_id, moved)

    def game_moved(self) -> None:
        if not self.live.closed:
            self.redraw()

    def leave(self) -> None:
        if self.game_watch is not None:
            self.game_watch.close()
            self.game_watch = None
        super().leave()

    def render_unreadable(self, snapshot: Snapshot) -> None:
        self.render_game(Seating(), snapshot)

    def seat_rows(self, seating: Seating) -> ft.Control:
        draw = seating.draw
        first = seating.first_player
        turns = {name: n for n, name in enumerate(draw.turn_order(), start=1)} if draw else {}
        closed = self.live.snapshot.read_only or seating.is_over
        rows: list[ft.Control] = []
        for i, name in enumerate(seating.seats):
            label: list[ft.Control] = [
                ft.Text(
                    name,
                    theme_style=ft.TextThemeStyle.BODY_LARGE,
                    weight=ft.FontWeight.BOLD if name == first else None,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    max_lines=1,
                )
            ]
            if name in turns:
                label.append(
                    small(
                        "First player" if name == first else f"Plays {ordinal(turns[name])}",
                        muted=name != first,
                    )
                )
            star: list[ft.Control] = (
                [ft.Icon(ft.Icons.STAR, tooltip="First player", semantics_label="First player")]
                if name == first
                else []
            )
            rows.append(
                tagged(
                    f"seat-{i + 1}",
                    ft.Container(
                        ft.Row(
                            [
                                ft.CircleAvatar(content=ft.Text(str(i + 1)), radius=18),
                                ft.Container(width=10),
                                ft.Column(label, spacing=0, tight=True, expand=True),
                                *star,
                                icon_button(
                                    ft.Icons.ARROW_UPWARD,
                                    f"Move {name} up",
                                    lambda e, n=name: self.act(MoveSeat(n, -1)),
                                    disabled=closed or i == 0,
                                ),
                                icon_button(
                                    ft.Icons.ARROW_DOWNWARD,
                                    f"Move {name} down",
                                    lambda e, n=name: self.act(MoveSeat(n, 1)),
                                    disabled=closed or i == len(seating.seats) - 1,
                                ),
                                icon_button(
                                    ft.Icons.CLOSE,
                                    f"Remove {name}",
                                    lambda e, n=name: self.act(Unseat(n)),
                                    disabled=closed,
                                ),
                            ],
                            spacing=0,
                        ),
                        padding=ft.Padding.only(left=4),
                    ),
                )
            )
        if not rows:
            rows.append(
                body("No one seated yet. Add players in seat order, going clockwise.", muted=True)
            )
        return ft.Column(rows, spacing=4)

    def result(self, seating: Seating) -> ft.Control:
        """Right under the Draw button, where the eye is after tapping it."""
        draw = seating.draw
        assert draw is not None
        return ft.Column(
            [
                tagged(
                    "first-player",
                    ft.Text(
                        f"{draw.first_player} goes first",
                        theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                ),
                tagged("turn-order", body("Turn order: " + ", then ".join(draw.turn_order()))),
            ],
            spacing=4,
        )


def _scroll_key(name: str) -> ft.ScrollKey:
    """A key ``scroll_to`` can find (flet's decorator hides ScrollKey's argument from mypy)."""
    return ft.ScrollKey(name)  # type: ignore[call-arg]


__all__ = ["SeatsScreen"]
