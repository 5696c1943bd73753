"""The Tally tab of a game the app keeps (issue 20): nothing typed. The end triggers the app
saw and those a player notes; once the game is over each player's end-game steps (the goods
left sold to the bazaar, chosen from a list, then victory points bought with a stepper); the
tally the app works out, with its working, and the standings; a correction of a figure, with
who made it; and Save to history in one tap, once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import Correct, MercanteGame, goods_in, markets, rules
from companion.engine.mercante.scoring import RULING_END_BAZAAR, RULING_END_ORDER
from companion.tables import Snapshot
from companion.ui.kit.players import standings_table
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import (
    Steps,
    body,
    button,
    outlined,
    panel,
    small,
    tagged,
    whole_number_field,
    wrap,
)
from companion.ui.mercante.model import good_name, parse_count, plural
from companion.ui.mercante.model.ending import (
    end_reasons_text,
    final_purchase,
    final_sale,
    final_step,
    goods_text,
    ledger_tally,
    most_vp,
    purchase_label,
    sale_label,
    step_line,
    trigger_notes,
    working_lines,
)
from companion.ui.mercante.model.tally import shown_standings
from companion.ui.mercante.parts import cite, ruling_chip
from companion.ui.mercante.parts.contracts import MyContractsPanel
from companion.ui.mercante.parts.tally import save_table
from companion.ui.paint import Slot
from companion.ui.screen import Screen
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen

NONE = "-"
FIGURES = (("crowns", "Crowns"), ("vp", "Victory point tokens"))


class LedgerTallyTab:
    """The Tally tab of a game the app keeps, built once and rendered in place: each part is
    rebuilt only when the game (or what this phone is choosing) changed."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.drafts = session.draft
        paint = session.paint
        self.end_slot = Slot(paint)
        self.steps_slot = Slot(paint)
        self.tally_slot = Slot(paint)
        self.correct_slot = Slot(paint)
        self.correction: dict[str, str] = {}
        self.save_button = ft.FilledButton(
            content="Save to history",
            icon=ft.Icons.SAVE,
            on_click=lambda e: self.save(),
            height=TOUCH,
        )
        self.save_bar = tagged("save-tally", self.save_button, section=True)
        session.on_render(self.render)
        self.contracts = MyContractsPanel(session)

    @property
    def game(self) -> MercanteGame:
        return self.session.table.game

    def by(self) -> str:
        """Who this phone acts for: the player it holds, else whose turn it is."""
        return self.session.me or self.game.active

    # -- actions ----------------------------------------------------------------------------
    def redraw(self) -> None:
        self.session.redraw()

    def add_good(self, index: int, good: str | None) -> None:
        if not good or good == NONE:
            return
        name = self.game.seats[index]
        goods = self.drafts.goods_left(self.game, name)
        most = rules().warehouses.max * rules().warehouses.capacity
        if len(goods) >= most:
            self.session.refuse(f"Three warehouses hold {most} goods at most")
            return
        goods.append(good)
        self.redraw()

    def drop_good(self, index: int, position: int) -> None:
        goods = self.drafts.goods_left(self.game, self.game.seats[index])
        if 0 <= position < len(goods):
            del goods[position]
        self.redraw()

    def sell(self, index: int) -> None:
        name = self.game.seats[index]
        goods = list(self.drafts.goods_left(self.game, name))

        def done() -> None:
            self.drafts.final_goods.pop(name, None)

        self.session.act(final_sale(name, goods), then=done)

    def step_vp(self, index: int, step: int) -> None:
        name = self.game.seats[index]
        now = self.drafts.final_vp.get(name, 0) + step
        self.drafts.final_vp[name] = max(0, min(now, most_vp(self.game, name)))
        self.redraw()

    def buy(self, index: int) -> None:
        name = self.game.seats[index]
        vp = min(self.drafts.final_vp.get(name, 0), most_vp(self.game, name))

        def done() -> None:
            self.drafts.final_vp.pop(name, 0)

        self.session.act(final_purchase(name, vp), then=done)

    def correct(self) -> None:
        chosen = self.correction
        player, figure = chosen.get("player"), chosen.get("figure", "crowns")
        if player is None or player not in self.game.seats:
            self.session.refuse("Choose whose figure to correct")
            return
        try:
            value = parse_count(chosen.get("value", ""))
        except ValueError as exc:
            self.session.refuse(str(exc))
            return
        action = Correct(self.by(), player, figure, value)  # type: ignore[arg-type]

        def done() -> None:
            self.correction.pop("value", None)

        self.session.act(action, then=done)

    def save(self) -> None:
        save_table(self.session.live, self.ctx.catalogue)

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        game = self.game
        playing = self.session.playing
        me = self.session.me
        saved = snapshot.info.saved_play_id
        self.end_slot.set((game.ending, game.over, playing, me), self.end_panel)
        chosen = (
            tuple((n, tuple(g)) for n, g in self.drafts.final_goods.items()),
            tuple(self.drafts.final_vp.items()),
        )
        self.steps_slot.set(
            (game.final, game.over, game.players, playing, chosen), self.steps_panel
        )
        result = ledger_tally(game) if game.over else None
        self.tally_slot.set(
            (game.over, game.final, game.players, game.contracts, game.rules), self.tally_panel
        )
        self.correct_slot.set((game.seats, playing, me), self.correct_panel)
        self.session.paint.set(
            self.save_bar,
            self.save_button,
            disabled=saved is not None
            or result is None
            or result.tally is None
            or snapshot.info.status == "abandoned"
            or snapshot.info.damaged is not None,
            content="Saved to history" if saved is not None else "Save to history",
        )

    def end_panel(self) -> ft.Control:
        game = self.game
        if game.over:
            said = "The game is over. " + end_reasons_text(game)
        elif game.ending:
            said = f"The game ends at the end of {game.active}'s turn. " + end_reasons_text(game)
        else:
            said = (
                "Not yet. The app sees a player's 80 crowns and counts the shipment cards "
                "auctioned here; note what it cannot see."
            )
        rows: list[ft.Control] = [tagged("end-state", body(said))]
        if not game.over:
            rows.append(
                wrap(
                    [
                        button(
                            note.label,
                            lambda e, action=note.action: self.session.act(action),
                            kind="outlined",
                            icon=ft.Icons.FLAG_OUTLINED,
                            ident=f"note-{note.trigger}",
                            disabled=note.disabled,
                        )
                        for note in trigger_notes(game, self.by(), playing=self.session.playing)
                    ]
                )
            )
        end = rules().game_end
        rows.append(why_link(self.ctx, ["mercante.game_end"], ident="why-game-end"))
        rows.append(cite(self.ctx, *(t.source for t in end.trigger)))
        return panel(*rows, title="Does the game end?")

    def steps_panel(self) -> ft.Control:
        game = self.game
        end = rules().game_end
        if not game.over:
            return panel(
                body(
                    f"Once the game is over, every player sells the goods left to the bazaar "
                    f"({plural(rules().bazaar.price, 'crown')} each; these sales can complete "
                    f"contracts), then may buy victory points at {end.vp_price} crowns each.",
                    muted=True,
                ),
                title="At the end",
            )
        cards = [self.player_steps(i, name) for i, name in enumerate(game.seats)]
        return panel(
            *cards,
            ruling_chip(self.ctx, RULING_END_BAZAAR),
            ruling_chip(self.ctx, RULING_END_ORDER),
            cite(self.ctx, end.bazaar_source, end.vp_price_source),
            title="The end-game steps",
        )

    def player_steps(self, index: int, name: str) -> ft.Control:
        game = self.game
        playing = self.session.playing
        number = index + 1
        step = final_step(game, name)
        rows: list[ft.Control] = [
            ft.Text(name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            tagged(f"final-line-{number}", small(step_line(game, name), muted=False)),
        ]
        if step == "sell":
            goods = self.drafts.goods_left(game, name)
            rows.append(tagged(f"final-goods-{number}", body(f"Goods left: {goods_text(goods)}")))
            if goods:
                rows.append(
                    wrap(
                        [
                            button(
                                f"{good_name(g)} ×",
                                lambda e, k=k: self.drop_good(index, k),
                                kind="text",
                                ident=f"final-drop-{number}-{k + 1}",
                                disabled=not playing,
                            )
                            for k, g in enumerate(goods)
                        ]
                    )
                )
            rows.append(
                tagged(
                    f"final-add-{number}",
                    ft.Dropdown(
                        label="Add a good left",
                        value=NONE,
                        options=[ft.DropdownOption(key=NONE, text="Choose a good")]
                        + [
                            ft.DropdownOption(key=g, text=good_name(g))
                            for m in markets()
                            for g in goods_in(m)
                        ],
                        on_select=lambda e: self.add_good(index, e.control.value),
                        disabled=not playing,
                        expand=True,
                    ),
                )
            )
            rows.append(
                button(
                    sale_label(goods),
                    lambda e: self.sell(index),
                    icon=ft.Icons.STOREFRONT,
                    kind="tonal",
                    ident=f"final-sell-{number}",
                    disabled=not playing,
                )
            )
        elif step == "buy":
            most = most_vp(game, name)
            vp = min(self.drafts.final_vp.get(name, 0), most)
            steps = Steps(
                ft.Text(theme_style=ft.TextThemeStyle.TITLE_MEDIUM, text_align=ft.TextAlign.CENTER),
                lambda change: self.step_vp(index, change),
                fewer="One victory point fewer",
                more="One victory point more",
                ident=f"final-vp-{number}",
            )
            steps.show(vp, 0, most)
            rows.append(
                ft.Row(
                    [
                        steps.control,
                        button(
                            purchase_label(vp),
                            lambda e: self.buy(index),
                            icon=ft.Icons.STARS_OUTLINED,
                            kind="tonal",
                            ident=f"final-buy-{number}",
                            disabled=not playing,
                        ),
                    ],
                    wrap=True,
                    spacing=8,
                )
            )
        return tagged(
            f"final-{number}",
            outlined(
                ft.Column(rows, spacing=4, tight=True),
                padding=10,
            ),
        )

    def tally_panel(self) -> ft.Control:
        game = self.game
        if not game.over:
            return panel(
                body("The app works out the tally once the game is over.", muted=True),
                title="Tally",
            )
        result = ledger_tally(game)
        if result.tally is None:
            waiting: list[ft.Control] = [body("The tally waits for:")]
            waiting += [small(w, muted=False) for w in result.waiting]
            return panel(
                tagged(
                    "tally-waiting",
                    ft.Column(
                        waiting,
                        spacing=2,
                        tight=True,
                    ),
                ),
                title="Tally",
            )
        tally = result.tally
        rows: list[ft.Control] = []
        for number, name in enumerate(game.seats, start=1):
            line = tally.line(name)
            rows.append(
                tagged(
                    f"working-{number}",
                    ft.Column(
                        [
                            ft.Text(
                                f"{name}: {plural(line.score, 'point')}",
                                theme_style=ft.TextThemeStyle.TITLE_SMALL,
                            ),
                            *(small(w, muted=False) for w in working_lines(game, tally, name)),
                        ],
                        spacing=0,
                        tight=True,
                    ),
                )
            )
        shown, still_tied = shown_standings(tally, every_place=game.rules.tiebreak_every_place)
        results: list[Any] = list(shown)
        rows.append(standings_table(results, ident="mercante-standings"))
        rows.extend(tagged("still-tied", small(line, muted=False)) for line in still_tied)
        rows.append(
            body(
                "A tie for the most points goes to the most crowns left, then the fewest "
                "unfulfilled contracts; still equal, the victory is shared.",
                muted=True,
            )
        )
        rows.append(why_link(self.ctx, ["mercante.scoring"], ident="why-standings"))
        return panel(*rows, title="Tally")

    def correct_panel(self) -> ft.Control:
        game = self.game
        playing = self.session.playing
        chosen = self.correction

        def pick(key: str) -> Any:
            def handler(e: Any) -> None:
                chosen[key] = e.control.value or ""

            return handler

        who = self.session.me
        made_by = (
            f"The correction is made by {who} (this phone)."
            if who
            else f"The correction is made by {game.active}, whose turn it is "
            "(the table menu's “Whose phone is this?” names you instead)."
        )
        return panel(
            small(
                "For a step played without the app: set a player's crowns or victory point "
                "tokens to what the table shows. The log keeps who made it.",
            ),
            ft.ResponsiveRow(
                [
                    tagged(
                        "correct-player",
                        ft.Dropdown(
                            label="Whose",
                            value=chosen.get("player"),
                            options=[ft.DropdownOption(key=n, text=n) for n in game.seats],
                            on_select=pick("player"),
                            disabled=not playing,
                            col={"xs": 6, "md": 4},
                        ),
                    ),
                    tagged(
                        "correct-figure",
                        ft.Dropdown(
                            label="Figure",
                            value=chosen.get("figure", "crowns"),
                            options=[ft.DropdownOption(key=k, text=t) for k, t in FIGURES],
                            on_select=pick("figure"),
                            disabled=not playing,
                            col={"xs": 6, "md": 4},
                        ),
                    ),
                    tagged(
                        "correct-value",
                        whole_number_field(
                            "Should read",
                            chosen.get("value", ""),
                            on_change=pick("value"),
                            col={"xs": 6, "md": 4},
                        ),
                    ),
                ],
                spacing=8,
                run_spacing=8,
            ),
            small(made_by),
            button(
                "Correct",
                lambda e: self.correct(),
                kind="outlined",
                icon=ft.Icons.EDIT,
                ident="send-correction",
                disabled=not playing,
            ),
            title="Correct a figure",
        )

    # -- the screen -------------------------------------------------------------------------
    def build(self) -> Screen:
        content: list[ft.Control] = [
            self.end_slot.box,
            self.steps_slot.box,
            self.contracts.slot.box,
            self.tally_slot.box,
            self.correct_slot.box,
        ]
        return self.session.screen(content, bar=[self.save_bar])


__all__ = ["LedgerTallyTab"]
