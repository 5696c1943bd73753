"""``/calculators/bard/<table id>``: one Bard table, shared by every phone that opens it.

The board (entered once), the Song tableau and the song are the table's: each tap on them is
one action every phone sees at once. What this phone is only typing (the card its pickers
edit, the location being typed, the goals of "Best song") stays on this phone
(:class:`~companion.ui.bard.model.draft.SongDraft`). The screen is built once and
:meth:`BardScreen.render` brings it up to date in place from each snapshot, sending only
the sections that changed; a push from another phone never disturbs what this one is typing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from typing import Any

import flet as ft

from companion.engine.bard import (
    COIN,
    BardGame,
    EndSong,
    HouseRules,
    facts,
)
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.bard import ROUTE, TOOL_ID
from companion.ui.bard.model import song as moves
from companion.ui.bard.model.card import Card, cards_of, free_letter, new_card, with_card
from companion.ui.bard.model.card import without_card as card_out
from companion.ui.bard.model.draft import SongDraft
from companion.ui.bard.model.lines import moves_left_line
from companion.ui.bard.model.plans import Answer, PlanCard, best_songs
from companion.ui.bard.model.stop import StopCheck, StopForm, check
from companion.ui.bard.model.words import location_label
from companion.ui.bard.parts.board import BoardPanel
from companion.ui.bard.parts.plans import PlansPanel
from companion.ui.bard.parts.stop import StopCard, StopEditor
from companion.ui.bard.parts.tableau import KIND_LABELS, TableauPanel
from companion.ui.bard.parts.totals import BoastRow, TotalsPanel
from companion.ui.context import AppContext
from companion.ui.kit.rulings import follow_here
from companion.ui.kit.table_menu import menu_item, table_menu
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import body, tagged
from companion.ui.paint import SectionColumn, Slot, mounted
from companion.ui.theme import GAP

log = logging.getLogger(__name__)

#: The scroll keys of the location editor and of the song's total.
EDITOR_KEY = "bard-stop-editor"
TOTALS_KEY = "bard-song-total"


def scroll_key(name: str) -> ft.ScrollKey:
    """A key ``scroll_to`` can find (flet's decorator hides ScrollKey's argument from mypy)."""
    return ft.ScrollKey(name)  # type: ignore[call-arg]


class BardScreen(TableScreen[BardGame, SongDraft]):
    """One Bard table on screen: built once, rendered in place."""

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = BardGame
    draft_type = SongDraft
    scroll = False  # the screen scrolls itself: a tap far down the page is kept in view

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        self._answer: tuple[object, object, Answer] | None = None
        super().__init__(ctx, table_id)

    def follow_now(self) -> str | None:
        """Play by the house rules of Settings now (a switch in a ruling's sheet): None when
        the table does, else why it keeps the rules it was played with."""
        in_use, wanted = self.house_rules()
        if in_use is None or self.live.snapshot.read_only:
            return None
        problem = self.live.follow_house_rules(in_use, wanted)
        if problem is None:
            if self.problems:
                self.problems.clear()  # an earlier refusal no longer holds
                self.redraw()
            return None
        log.info("table %s keeps its house rules: %s", self.table_id, problem)
        return (
            "this table keeps the reading it was played with, because a location this song "
            "has sung would not work under the other one. Take that location out of the song, "
            "or end the song, and switch again."
        )

    def leave(self) -> None:
        follow_here(self.ctx, None)
        super().leave()

    def house_rules(self) -> tuple[frozenset[str] | None, frozenset[str]]:
        game = self.live.snapshot.game
        in_use = game.rules.alternatives if isinstance(game, BardGame) else None
        return in_use, HouseRules.from_house_rules(self.ctx.house_rules()).alternatives

    # -- acting ---------------------------------------------------------------------------------
    def act(
        self,
        action: Any,
        *,
        confirm: Callable[[Applied], str] | None = None,
        then: Callable[[], None] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        quiet: bool = False,
    ) -> None:
        """Send ``action`` while the table takes changes (its controls are disabled when it
        does not)."""
        if self.playing:
            super().act(action, confirm=confirm, then=then, on_outcome=on_outcome, quiet=quiet)

    # The board.
    def count(self, place: str, colour: str | None, step: int) -> None:
        game = self.game
        value = max(0, moves.count_in(game.table, place, colour) + step)
        self.act(moves.set_count(game, place, colour, value))

    def set_count(self, place: str, colour: str | None, value: int) -> None:
        """One count of the board set with one tap."""
        game = self.game
        if value != moves.count_in(game.table, place, colour):
            self.act(moves.set_count(game, place, colour, max(0, value)))
        else:
            self.redraw()

    def player(self, name: str, step: int) -> None:
        game = self.game
        board = moves.board_of(game)
        self.act(moves.set_board(game, **{name: max(0, int(getattr(board, name)) + step)}))

    def gem(self, index: int, pier: str) -> None:
        game = self.game
        chosen = self.draft.gems.choose(index, pier, moves.board_of(game))
        if chosen is None:
            self.redraw()
        else:
            self.act(moves.set_board(game, gem_piers=chosen))

    # The tableau.
    def numbers(self, **values: Any) -> None:
        self.act(moves.set_tableau(self.game, **values))

    def _cards(self) -> list[Card]:
        return cards_of(moves.sources_of(self.game.song))

    def add_card(self, colour: str, count: int = 1) -> None:
        """A new card: ``count`` icons of ``colour`` on top (Coins for ``coin``)."""
        game = self.game
        cards = self._cards()
        try:
            letter = free_letter(cards)
        except ValueError as exc:
            self.hint(str(exc))
            return
        card = new_card(letter, colour)
        if count != 1:
            card = card.with_count("top_coins" if colour == COIN else "top_icons", count)
        sources = with_card(moves.sources_of(game.song), card)

        def chosen() -> None:
            self.draft.card = letter

        self.act(moves.set_tableau(game, sources), then=chosen)

    def choose_card(self, letter: str) -> None:
        self.draft.card = None if self.draft.card == letter else letter
        self.redraw()

    def edit_card(self, change: Callable[[Card], Card]) -> None:
        card = next((c for c in self._cards() if c.letter == self.draft.card), None)
        if card is None:
            self.redraw()
            return
        new = change(card)
        if new == card:
            self.redraw()
            return
        game = self.game
        self.act(moves.set_tableau(game, with_card(moves.sources_of(game.song), new)))

    def remove_card(self) -> None:
        letter = self.draft.card
        if letter is None:
            return
        game = self.game

        def gone() -> None:
            self.draft.card = None

        self.act(moves.set_tableau(game, card_out(moves.sources_of(game.song), letter)), then=gone)

    # The song's locations.
    def go(self, location: str) -> None:
        song = self.game.song
        if song is None:
            return
        form = StopForm(location)
        form.fill_halls([h for h in facts().faction_ids if h in song.board.runes])
        self.draft.stop = form
        self.redraw()

    def edit_stop(self, change: Callable[[StopForm], object]) -> None:
        if self.draft.stop is not None:
            change(self.draft.stop)
        self.redraw()

    def cancel_stop(self) -> None:
        self.draft.stop = None
        self.redraw()

    def change_stop(self, number: int) -> None:
        song = self.game.song
        stops = moves.stops_of(song)
        if song is None or not 1 <= number <= len(stops):
            return
        self.draft.stop = StopForm.of(stops[number - 1], number)
        self.redraw()  # the editor takes the place of the location it changes
        self.scroll_to(EDITOR_KEY)

    def sing_stop(self) -> None:
        form, song = self.draft.stop, self.game.song
        if form is None or song is None:
            return
        checked = self._check(form, song)
        if checked is None or checked.record is None or checked.performance is None:
            self.redraw()
            return

        def sung() -> None:
            self.draft.stop = None

        self.act(moves.sing_at(song, checked.performance, form.replaces), then=sung)

    def take_out(self, number: int) -> None:
        song = self.game.song
        if song is None:
            return
        what = location_label(moves.stops_of(song)[number - 1].location)

        def done() -> None:
            if self.draft.stop is not None and self.draft.stop.replaces is not None:
                self.draft.stop = None

        self.act(
            moves.take_out(song, number),
            confirm=lambda a: f"{what} taken out of the song",
            then=done,
        )

    def boast(self, on: bool, soundstones: int = 0) -> None:
        song = self.game.song
        if song is None:
            return
        self.act(moves.boast(song, on, soundstones))

    def end_song(self) -> None:
        def done() -> None:
            self.draft.stop = None
            self.draft.card = None
            self.draft.plans_open = False
            # The song's locations are gone, so the page is much shorter: keep the song's
            # total (where "End the song" was tapped) in view rather than the page's end.
            self.scroll_to(TOTALS_KEY)

        def said(applied: Applied) -> str:
            return f"{applied.record.summary}. The next song keeps the board."

        self.act(EndSong(), confirm=said, then=done)

    # "Best song".
    def best_song(self) -> None:
        self.draft.plans_open = True
        self.redraw()

    def hide_plans(self) -> None:
        self.draft.plans_open = False
        self.redraw()

    def toggle_goal(self, chip: str) -> None:
        self.draft.goals.toggle(chip)
        self.redraw()

    def load_plan(self, card: PlanCard) -> None:
        song = self.game.song
        if song is None:
            return

        def loaded() -> None:
            self.draft.plans_open = False
            self.draft.stop = None

        self.act(
            moves.load(song, card.plan),
            confirm=lambda a: f"In the calculator now: {card.plan.summary}.",
            then=loaded,
        )

    # -- scrolling ----------------------------------------------------------------------------
    def scroll_to(self, key: str) -> None:
        """Bring the control with scroll key ``key`` to the top of the screen once the
        change is drawn (a convenience: a client that cannot scroll still shows it)."""
        scroller = self.content

        async def go() -> None:
            await asyncio.sleep(0.05)  # after the change is sent and laid out
            if not mounted(scroller) or not isinstance(scroller, ft.Column):
                return
            try:
                await asyncio.wait_for(scroller.scroll_to(scroll_key=key, duration=250), 5)
            except (TimeoutError, RuntimeError):
                log.debug("scrolling to %s did not happen", key)

        self.ctx.page.run_task(go)

    # -- what the screen works out ------------------------------------------------------------
    def _check(self, form: StopForm, song: Any) -> StopCheck | None:
        try:
            before = moves.before(song, form.replaces)
        except Exception:  # a location of the song no longer replays: nothing to check on
            log.exception("checking a location on table %s", self.table_id)
            return None
        return check(form, before, self.game.table)

    def used_elsewhere(self, form: StopForm) -> dict[str, int]:
        """Source id → the number of the location of the song that spends it (other than
        the one ``form`` changes)."""
        used: dict[str, int] = {}
        for number, p in enumerate(moves.stops_of(self.game.song), start=1):
            if number == form.replaces:
                continue
            for s in p.spend:
                used.setdefault(s.source, number)
        return used

    def answer(self, game: BardGame) -> Answer | None:
        song = game.song
        if song is None or not self.draft.plans_open:
            return None
        start = moves.planning(song)
        goals = self.draft.goals.goals(start)
        cached = self._answer
        if cached is not None and cached[0] is game and cached[1] == goals:
            return cached[2]
        found = best_songs(start, game.table, goals)
        self._answer = (game, goals, found)
        return found

    # -- the controls, built once ---------------------------------------------------------------
    def build_controls(self) -> None:
        paint = self.paint
        follow_here(self.ctx, self.follow_now)
        game = self.game if self.readable else BardGame.new()
        self.summary_title = ft.Text(
            "", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, color=ft.Colors.ON_PRIMARY_CONTAINER
        )
        self.summary_status = ft.Text("", color=ft.Colors.ON_PRIMARY_CONTAINER)
        self.summary = tagged(
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
            section=True,
        )
        self.board = BoardPanel(self, game)
        self.tableau = TableauPanel(self, game)
        self.plans = PlansPanel(self)
        self.stop_cards: dict[Hashable, StopCard] = {}
        self.stops_column = SectionColumn([], spacing=GAP)
        self.editor = StopEditor(self)
        self.editor.control.key = scroll_key(EDITOR_KEY)
        self.moves_left = body("", muted=True)
        self.go_title = ft.Text("", theme_style=ft.TextThemeStyle.LABEL_LARGE)
        self.go_chips = Slot(paint)
        self.go_box = SectionColumn(
            [self.go_title, tagged("bard-moves-left", self.moves_left), self.go_chips.box],
            spacing=8,
        )
        self.boast_row = BoastRow(self)
        self.totals = TotalsPanel(self)
        self.locations = tagged(
            "bard-locations",
            ft.Card(
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                "Locations, in order",
                                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                            ),
                            self.stops_column,  # the editor is shown in it, in place
                            self.go_box,
                            self.boast_row.control,
                        ],
                        spacing=GAP,
                    ),
                    padding=16,
                ),
                margin=0,
            ),
            section=True,
        )
        self.work = SectionColumn(
            [
                self.board.control,
                self.tableau.control,
                self.plans.control,
                self.locations,
            ],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.totals.control.key = scroll_key(TOTALS_KEY)
        self.content = ft.Column(
            [
                self.notices.box,
                self.summary,
                self.work,
                self.totals.control,
                self.totals.helpers_box,
            ],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )

    # -- rendering, in place --------------------------------------------------------------------
    def render_game(self, game: BardGame, snapshot: Snapshot) -> None:
        paint = self.paint
        playing = not snapshot.read_only
        paint.set(self.work, self.work, disabled=not playing)
        song = game.song
        form = self.draft.stop
        if form is not None and song is None:
            form = self.draft.stop = None
        # What says the tap was taken first: the plans (when asked for), the song's total.
        answer = self.answer(game)
        chips = self.draft.goals.chips(
            moves.planning(song) if song is not None else None,
            several_fans=game.rules.fans_per_visit != 1,
        )
        can_plan = None
        if song is None or not song.sources:
            can_plan = "Enter the tableau first: the cards of your Song tableau, then Volume."
        self.plans.render(
            paint, can_plan=can_plan, open_=self.draft.plans_open, chips=chips, answer=answer
        )
        self._render_summary(game)
        self.totals.render(game, paint)
        self._render_stops(game)
        self._render_editor(game, form)
        self._render_go(game, form)
        self.boast_row.render(song, paint)
        self.board.render(game, paint)
        self.tableau.render(game, paint)

    def _render_summary(self, game: BardGame) -> None:
        song = game.song
        numbers = moves.numbers_of(game)
        kind = KIND_LABELS[numbers.kind]
        if song is None:
            title = f"{kind}: no song yet" if not game.sung else f"Next song ({kind})"
            status = "Enter the board, then the tableau: Best song answers in one tap."
        else:
            title = f"{kind}: {song.totals().net.value} gold so far"
            status = moves_left_line(song, numbers.moves)
        self.paint.set(self.summary, self.summary_title, value=title)
        self.paint.set(self.summary, self.summary_status, value=status)

    def _render_stops(self, game: BardGame) -> None:
        song = game.song
        records = song.performances if song is not None else ()
        editing = self.draft.stop.replaces if self.draft.stop is not None else None
        wanted: list[ft.Control] = []
        kept: dict[Hashable, StopCard] = {}
        for number, record in enumerate(records, start=1):
            key = (
                number,
                record.summary,
                record.lines,
                record.notes,
                record.spent,
                editing == number,
                self.playing,
            )
            card = self.stop_cards.get(key) or StopCard(
                self, number, record, editable=self.playing and editing != number
            )
            kept[key] = card
            # The location being changed is edited where it is, under the thumb.
            wanted.append(self.editor.control if editing == number else card.control)
        if self.draft.stop is not None and editing is None:
            wanted.append(self.editor.control)  # a new location: after the last one
        if not wanted:
            wanted = [self._no_stops]
        self.stop_cards = kept
        shown = self.stops_column.controls
        if len(shown) != len(wanted) or any(a is not b for a, b in zip(shown, wanted, strict=True)):
            self.stops_column.controls = wanted
            self.paint.touch(self.stops_column)

    @property
    def _no_stops(self) -> ft.Control:
        control = getattr(self, "_no_stops_control", None)
        if control is None:
            control = body("No location yet: tap where the Bard starts, or Best song.", muted=True)
            self._no_stops_control = control
        return control

    def _render_editor(self, game: BardGame, form: StopForm | None) -> None:
        song = game.song
        if form is None or song is None:
            self.editor.render(None, None, None)
            return
        before = moves.before(song, form.replaces)
        checked = check(form, before, game.table)
        self.editor.render(form, before, checked)

    def _render_go(self, game: BardGame, form: StopForm | None) -> None:
        song = game.song
        paint = self.paint
        numbers = moves.numbers_of(game)
        paint.set(self.go_box, self.moves_left, value=moves_left_line(song, numbers.moves))
        free: tuple[str, ...] = ()
        if song is not None and form is None and self.playing:
            after = moves.planning(song)
            if after.locations_left > 0:
                free = tuple(loc.id for loc in facts().location if loc.id not in after.visited)
        title = ""
        if free:
            title = "Where does the Bard start?" if song and not song.visited else "Move on to"
        paint.set(self.go_box, self.go_title, value=title, visible=bool(title))
        self.go_chips.set(free, lambda: self._go_chips(free))

    def _go_chips(self, free: tuple[str, ...]) -> ft.Control | None:
        if not free:
            return None
        return ft.Row(
            [
                tagged(
                    f"bard-go-{loc}",
                    ft.Chip(
                        label=ft.Text(location_label(loc)),
                        leading=ft.Icon(ft.Icons.PLACE_OUTLINED, size=18),
                        on_click=lambda e, loc=loc: self.go(loc),
                    ),
                )
                for loc in free
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )

    # -- the menu -------------------------------------------------------------------------------
    def menu(self) -> None:
        snapshot = self.live.snapshot

        actions = [
            menu_item(
                self.ctx,
                "new-table",
                "Another Bard table",
                ft.Icons.ADD,
                lambda: self.ctx.navigate(ROUTE),
            )
        ]
        game = snapshot.game
        table_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            who=game.player if isinstance(game, BardGame) and game.player else "The Bard",
            items=actions,
            tag="game",
            finish_note="Its songs stay in the database.",
            saved=False,
        )

    def screen_title(self) -> str:
        game = self.live.snapshot.game
        if isinstance(game, BardGame) and game.player:
            return f"The Bard · {game.player}"
        return "The Bard"


__all__ = ["BardScreen"]
