"""Setup › Players & seats: who plays, seat order, and a first player drawn from a shown seed."""

from __future__ import annotations

import flet as ft

from companion.engine.table import TableError
from companion.ui.context import AppContext
from companion.ui.logic.scorepad import DRAFT_KEY, ScorePad
from companion.ui.logic.table import TABLE_KEY, TableState
from companion.ui.logic.words import ordinal
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.views.common import (
    add_seat_row,
    filter_suggestions,
    game_picker,
    player_name_field,
    suggestion_chips,
)
from companion.ui.widgets import (
    body,
    button,
    icon_button,
    mounted,
    notice,
    panel,
    small,
    tagged,
    wrap,
)


class TableView:
    """Seats on the left of the screen, the draw below; every change is saved at once."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.state = TableState.from_dict(ctx.setting(TABLE_KEY), ctx.catalogue)
        self.known = ctx.store.player_names()
        self.name_field = player_name_field(
            "Type a name, then Add",
            self.add_player,
            on_change=lambda e: self.render_suggestions(),
        )
        self.seed_field = ft.TextField(
            label="Seed",
            value=str(self.state.seed),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.set_seed(e.control.value),
            width=150,
        )
        self.suggestions = ft.Column(spacing=8)
        self.seats = ft.Column(spacing=4)
        self.result = ft.Column(spacing=4)
        self.replay = small("")
        self.problem = ft.Column()

    # -- actions ----------------------------------------------------------------------------
    def _apply(self, new_state: TableState) -> None:
        self.state = new_state
        self.ctx.set_setting(TABLE_KEY, new_state.to_dict())
        self.render()

    def add_player(self, name: str | None = None) -> None:
        text = self.name_field.value if name is None else name
        try:
            new_state = self.state.add(text or "")
        except TableError as exc:
            self.name_field.error = str(exc).split(": ", 1)[-1].capitalize()
            self.name_field.update()
            return
        self.name_field.value = ""
        self.name_field.error = None
        self._apply(new_state)

    def remove(self, index: int) -> None:
        self._apply(self.state.remove(index))

    def move(self, index: int, offset: int) -> None:
        self._apply(self.state.move(index, offset))

    def set_seed(self, text: str) -> None:
        try:
            new_state = self.state.with_seed_text(text)
        except TableError:
            self.seed_field.error = "Digits only"
            self.seed_field.update()
            return
        self.seed_field.error = None
        self._apply(new_state)

    def new_seed(self) -> None:
        new_state = self.state.reseed()
        self.seed_field.value = str(new_state.seed)
        self.seed_field.error = None
        self._apply(new_state)

    def draw(self) -> None:
        if not self.state.seats:
            self.ctx.notify("Seat at least one player first.")
            return
        self._apply(self.state.draw_first())

    def shuffle(self) -> None:
        if len(self.state.seats) < 2:
            self.ctx.notify("Seat at least two players to shuffle.")
            return
        self._apply(self.state.shuffle())

    def set_game(self, game_id: str) -> None:
        self._apply(self.state.with_game(game_id))

    def score_this_table(self) -> None:
        """Start the score pad with these players in seat order and the drawn first player."""
        if not self.state.seats:
            self.ctx.notify("Seat the players first.")
            return
        pad = ScorePad.from_dict(self.ctx.setting(DRAFT_KEY), self.ctx.catalogue)
        pad.set_game(self.state.game_id)
        pad.fill_names(
            list(self.state.seats), self.state.draw.first_player if self.state.draw else None
        )
        self.ctx.set_setting(DRAFT_KEY, pad.to_dict())
        self.ctx.navigate("/score")

    # -- rendering --------------------------------------------------------------------------
    def render_suggestions(self) -> None:
        names = filter_suggestions(self.known, self.name_field.value or "", self.state.seats)
        self.suggestions.controls = (
            [body("Known players", muted=True), suggestion_chips(names, self.add_player)]
            if names
            else []
        )
        if mounted(self.suggestions):
            self.suggestions.update()

    def render(self) -> None:
        state = self.state
        rows: list[ft.Control] = []
        draw = state.draw
        first = draw.first_player if draw else None
        turns = {name: n for n, name in enumerate(draw.turn_order(), start=1)} if draw else {}
        for i, name in enumerate(state.seats):
            label: list[ft.Control] = [
                ft.Text(
                    name,
                    theme_style=ft.TextThemeStyle.BODY_LARGE,
                    weight=ft.FontWeight.BOLD if name == first else None,
                    overflow=ft.TextOverflow.ELLIPSIS,
                )
            ]
            if name in turns:
                label.append(
                    small(
                        "First player" if name == first else f"Plays {ordinal(turns[name])}",
                        muted=name != first,
                    )
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
                                *(
                                    [
                                        ft.Icon(
                                            ft.Icons.STAR,
                                            tooltip="First player",
                                            semantics_label="First player",
                                        )
                                    ]
                                    if name == first
                                    else []
                                ),
                                icon_button(
                                    ft.Icons.ARROW_UPWARD,
                                    f"Move {name} up",
                                    lambda e, i=i: self.move(i, -1),
                                    disabled=i == 0,
                                ),
                                icon_button(
                                    ft.Icons.ARROW_DOWNWARD,
                                    f"Move {name} down",
                                    lambda e, i=i: self.move(i, 1),
                                    disabled=i == len(state.seats) - 1,
                                ),
                                icon_button(
                                    ft.Icons.CLOSE, f"Remove {name}", lambda e, i=i: self.remove(i)
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
        self.seats.controls = rows
        problem = state.count_problem(self.ctx.catalogue)
        self.problem.controls = [notice(problem, level="warning")] if problem else []

        # The result sits right under the Draw button (where the eye is after tapping it),
        # and each seat above says when it plays.
        result: list[ft.Control] = []
        if draw:
            result.append(
                tagged(
                    "first-player",
                    ft.Text(
                        f"{draw.first_player} goes first",
                        theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
            result.append(
                tagged("turn-order", body("Turn order: " + ", then ".join(draw.turn_order())))
            )
            self.replay.value = (
                f"Drawn with seed {draw.seed} from {len(draw.seats)} seats in this order. "
                "Anyone can replay the draw: same seats, same seed, same result."
            )
        else:
            self.replay.value = "The draw uses this seed, so a disputed draw can be replayed."
        self.result.controls = result
        self.render_suggestions()
        if mounted(self.seats):
            self.ctx.page.update()

    def build(self) -> Screen:
        self.render()
        content = ft.Column(
            [
                panel(game_picker(self.ctx.catalogue, self.state.game_id, self.set_game)),
                panel(
                    add_seat_row(self.name_field, self.add_player, ident="add-player"),
                    self.suggestions,
                    self.problem,
                    self.seats,
                    wrap(
                        [
                            button(
                                "Draw first player",
                                lambda e: self.draw(),
                                icon=ft.Icons.STAR_OUTLINE,
                                ident="draw-first",
                            ),
                            button(
                                "Shuffle seats",
                                lambda e: self.shuffle(),
                                icon=ft.Icons.SHUFFLE,
                                kind="outlined",
                            ),
                        ]
                    ),
                    self.result,
                    title="Seats and first player",
                ),
                panel(
                    wrap(
                        [
                            self.seed_field,
                            icon_button(
                                ft.Icons.CASINO_OUTLINED, "New seed", lambda e: self.new_seed()
                            ),
                        ]
                    ),
                    self.replay,
                    title="Seed of the draw",
                ),
                button(
                    "Keep score for this table",
                    lambda e: self.score_this_table(),
                    icon=ft.Icons.SCOREBOARD_OUTLINED,
                    kind="tonal",
                    ident="score-this-table",
                ),
            ],
            spacing=GAP,
        )
        return Screen(title="Players & seats", content=content)


def open_table(ctx: AppContext, rest: list[str]) -> Screen:
    return TableView(ctx).build()


__all__ = ["TableView", "open_table"]
