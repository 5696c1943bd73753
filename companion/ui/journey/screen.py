"""``/calculators/journey/<table id>``: one shared table that every device on it sees live.

Choose the card being played (that choice stays on this device), then tap the row end it goes
on (each end shows what it would score), or start a new city. The screen shows the points with
their working, whose turn it is, the draw-pile countdown and the running scores; offers the
swaps the rules allow; and at the end saves the game to history, once, whichever device taps
Save.

This is the reference pattern for a tool on a shared table (see ``companion.tables``): a
:class:`~companion.ui.kit.table_screen.TableScreen` built once from its parts (one file each)
in :meth:`JourneyScreen.build_controls`, whose :meth:`JourneyScreen.render_game` updates
their controls in place from each snapshot, so a push from another device neither rebuilds
the screen nor disturbs what this device is choosing.
"""

from __future__ import annotations

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import (
    GAME_ID,
    HouseRules,
    JourneyGame,
    Place,
    StartRow,
    Swap,
    SwapOption,
)
from companion.tables import Applied, Outcome, Saved, Snapshot
from companion.ui.journey import ROUTE, TOOL_ID
from companion.ui.journey.model import (
    EndOption,
    JourneyDraft,
    NewGameForm,
    pile_line,
    play_of,
    stopped_note,
)
from companion.ui.journey.model.why import why_card
from companion.ui.journey.parts.final import final_panel
from companion.ui.journey.parts.last_move import LastMovePart
from companion.ui.journey.parts.moves import MovesPart
from companion.ui.journey.parts.picker import PickerPart
from companion.ui.journey.parts.readings import readings_panel
from companion.ui.journey.parts.rows import RowsPart
from companion.ui.journey.parts.status import ScoresPart, StatusPart
from companion.ui.journey.parts.swaps import ghorralands_panel, swap_offer
from companion.ui.kit.lobby import LOBBY
from companion.ui.kit.players import rules_tonight
from companion.ui.kit.table_menu import game_menu, menu_item
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import confirm
from companion.ui.live import deliver
from companion.ui.paint import Slot, mounted
from companion.ui.seats.model.link import save_in_night
from companion.ui.seats.model.night import now_text
from companion.ui.theme import GAP, NARROW_MAX_WIDTH


class JourneyScreen(TableScreen[JourneyGame, JourneyDraft]):
    """``/calculators/journey/<id>``: one shared table, built once, rendered in place."""

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = JourneyGame
    draft_type = JourneyDraft
    # (the game's full name is the lobby's title: beside Undo, the menu and the settings it
    # would be cut off at 390 px)
    title = "Journey"
    noun = "game"
    changes = "moves"

    def house_rules(self) -> tuple[frozenset[str] | None, frozenset[str]]:
        game = self.live.snapshot.game
        in_use = game.rules.alternatives if isinstance(game, JourneyGame) else None
        wanted = rules_tonight(self.ctx, GAME_ID)  # Settings', as tonight's night sets them
        return in_use, HouseRules.from_house_rules(wanted).alternatives

    # -- acting ---------------------------------------------------------------------------------
    def choose(self, rank: str | None) -> None:
        """Only this device's choice: nothing is written, other phones see nothing."""
        self.draft.choose(rank)
        self.redraw()

    def play(self, option: EndOption) -> None:
        card = self.draft.card
        if card is None:
            self.hint("Choose the card being played first.")
            return
        action: engine.Action = (
            StartRow(card) if option.row is None else Place(card, option.row, option.side or "left")
        )
        self._act(action)

    def swap(self, option: SwapOption) -> None:
        self._act(Swap(option.card.id, option.other.id))

    def _act(self, action: engine.Action) -> None:
        def said(applied: Applied) -> str:
            game = applied.snapshot.game
            text = str(applied.record.summary)
            if isinstance(game, JourneyGame) and game.is_over and not applied.record.before.is_over:
                text += f" Game over: {pile_line(game)}"
            return text

        def settle(outcome: Outcome) -> None:
            if isinstance(outcome, Applied) and not isinstance(action, Swap):
                self.draft.card = None  # played: no longer this device's choice

        self.act(action, confirm=said, on_outcome=settle)

    def save_to_history(self, *, unfinished: bool = False) -> None:
        """Save the table to history, once. ``unfinished``: the players stopped before the
        end; the totals so far are saved as an unfinished play (and the table closes)."""

        def saved(outcome: Saved) -> str:
            game = outcome.snapshot.game
            if not game.is_over:
                return f"Saved Merchant's Journey as unfinished: {stopped_note(game)}"
            winners = [s.name for s in game.standings() if s.winner]
            return f"Saved Merchant's Journey: {' and '.join(winners)} won."

        # Opened from a game night: ONE play, with the night's place, start and duration.
        save_in_night(
            self.live,
            TOOL_ID,
            lambda game: play_of(game, self.ctx.catalogue, unfinished=unfinished),
            saved=saved,
            at=now_text(),
        )

    def stop_and_save(self) -> None:
        """Ask first: the game ends here, saved to history with the scores so far."""
        game = self.game
        confirm(
            self.ctx,
            title="Stop here and save?",
            text=(
                f"The game ends now, after {game.placements} of {game.turns_total} turns: "
                "the scores so far go to your history as an unfinished play (nobody wins it), "
                "and the table takes no more moves on any phone."
            ),
            action="Save as unfinished",
            ident="confirm-save-unfinished",
            on_confirm=lambda: self.save_to_history(unfinished=True),
        )

    def menu(self) -> None:
        """New game with these players, or end this one (each explicit)."""
        snapshot = self.live.snapshot
        game = snapshot.game

        def new_game() -> None:
            if isinstance(game, JourneyGame):
                form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
                form.fill(game.players, game.first)
            self.ctx.navigate(ROUTE)

        actions = [
            menu_item(self.ctx, "new-game", "New game with these players", ft.Icons.ADD, new_game)
        ]
        playable = isinstance(game, JourneyGame) and not game.is_over and bool(game.log)
        if playable and not snapshot.read_only and snapshot.info.saved_play_id is None:
            actions.append(
                menu_item(
                    self.ctx,
                    "save-unfinished",
                    "Stop here and save to history",
                    ft.Icons.SAVE,
                    self.stop_and_save,
                )
            )
        game_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            players=game.players if isinstance(game, JourneyGame) else (),
            items=actions,
            finish_note="Save it to history first if it has ended.",
        )

    # -- the controls, built once ---------------------------------------------------------------
    def build_controls(self) -> None:
        paint = self.paint
        self.status = StatusPart(self.ctx, paint)
        self.scores = ScoresPart(paint)
        self.final_slot = Slot(paint)
        self.swap_slot = Slot(paint)
        self.last_move = LastMovePart(self.ctx, paint)
        self.picker = PickerPart(self.ctx, paint, self.draft, self.choose)
        self.rows = RowsPart(
            paint,
            self.draft,
            lambda: self.game,
            self.play,
            wide=lambda: (self.ctx.page.width or 0) >= NARROW_MAX_WIDTH,
        )
        self.ghorralands_slot = Slot(paint)
        self.moves = MovesPart(self.ctx, paint)
        self.readings_slot = Slot(paint)
        self._rest_pending = False
        # The order is a turn's: whose turn, the scores, a swap the last card allows, the card
        # being played, then where it goes (the picker folds once a card is chosen, so the
        # row ends are on a phone's screen without scrolling); then the working behind the
        # last move, and the rest.
        self.content = ft.Column(
            [
                self.notices.box,
                self.status.control,
                self.scores.control,
                self.final_slot.box,
                self.swap_slot.box,
                self.picker.control,
                self.rows.empty_box,
                self.rows.column,
                self.rows.new_city_box,
                self.last_move.control,
                self.ghorralands_slot.box,
                self.moves.control,
                self.readings_slot.box,
            ],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    # -- rendering, in place ----------------------------------------------------------------------
    def render_game(self, game: JourneyGame, snapshot: Snapshot) -> None:
        """First what says the move is made (the turn, the scores, the cards on the table, the
        card chosen), then, on the next turn of the event loop, once that has gone out, the
        rest (the last move's working, the previews on every row end, the list of moves, the
        final scores, the rulings)."""
        self.draft.still_playable(game)
        playing = not snapshot.read_only and not game.is_over
        self.status.render(game)
        self.scores.render(game)
        self.picker.render(game, playing)
        self.rows.render_cards(game, playing)
        self._render_rest_soon()

    def _render_rest_soon(self) -> None:
        """The rest of the screen after this turn of the event loop has sent the first part
        (a tap's result reaches the phone first); at once while the screen is not shown."""
        if self._rest_pending:
            return
        page = self.ctx.page
        if not mounted(self.content):
            self._render_rest()
            return
        self._rest_pending = deliver(page, self._render_rest, threadsafe=False)

    def _render_rest(self) -> None:
        self._rest_pending = False
        snapshot = self.live.snapshot
        game = snapshot.game
        if not isinstance(game, JourneyGame) or self.live.closed:
            return
        playing = not snapshot.read_only and not game.is_over
        # The ruling lines say which house rules are on: they follow the table's rules.
        house = game.rules.alternatives
        # The final scores: at the end, or once a game stopped early was saved.
        ended = game.is_over or snapshot.info.saved_play_id is not None
        self.final_slot.set(
            (snapshot.info.saved_play_id, snapshot.info.status, snapshot.info.damaged, house)
            if ended
            else None,
            lambda: final_panel(self.ctx, game, snapshot, self.save_to_history) if ended else None,
        )
        # The swap the last card allows, until this device chooses the next card to play.
        offer = playing and self.draft.card is None
        swaps = tuple(o for o in game.legal_swaps() if o.kind == "played") if offer else ()
        self.swap_slot.set((swaps, house), lambda: swap_offer(game, swaps, self.swap))
        self.last_move.render(game)
        self.rows.render_ends(game, playing)
        card = self.draft.card if playing else None
        previews = [o.gain for o in self.rows.options.values() if o.gain and o.row is not None]
        self.picker.render_why(why_card(card, previews) if card is not None else None)
        ghorralands = (
            tuple(o for o in game.legal_swaps() if o.kind == "ghorralands") if playing else ()
        )
        self.ghorralands_slot.set(
            (ghorralands, house),
            lambda: ghorralands_panel(self.ctx, game, ghorralands, self.swap),
        )
        self.moves.render(game)
        self.readings_slot.set((game.rules, house), lambda: readings_panel(self.ctx, game.rules))
        self.paint.send()


__all__ = ["JourneyScreen"]
