"""The Sale tab: pick the goods, read each price with its working, compare with the bazaar,
check the cartage, try a Reaction event, and confirm the sale onto the calendar and board."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import TokenQuote, facts, goods_in, market_of, markets, rules
from companion.engine.mercante.pricing import (
    RULING_FLEETING_REACTION,
    RULING_FULL,
    RULING_REACTION,
    RULING_REACTION_CLOSES,
)
from companion.engine.mercante.scoring import max_goods_left
from companion.ui.logic.mercante import (
    SaleView,
    bazaar_line,
    cartage_line,
    choice_by_key,
    good_name,
    market_name,
    next_space_text,
    plural,
    signed,
    token_label,
)
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.views.mercante.base import MercanteSession
from companion.ui.views.mercante.parts import (
    CLOSED,
    cite,
    pill,
    rulings,
    stepper,
    stretched,
    switched,
    tap,
    typed,
)
from companion.ui.widgets import (
    body,
    button,
    notice,
    panel,
    small,
    tagged,
    whole_number_field,
    wrap,
)

NOBODY = "__nobody__"
RULING_UPPERMOST = "mercante.uppermost_space"


class SaleTab:
    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.draft = session.state.sale
        self.picker = ft.Column(spacing=GAP)
        self.tokens_box = ft.Column(spacing=8)
        self.reaction_box = ft.Column(spacing=8)
        self.summary_box = ft.Column(spacing=8)
        self.reaction_panel = panel(self.reaction_box, title="Reaction (what if?)")
        self.running_total = ft.Text(theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.base_fields: dict[str, ft.TextField] = {}
        self.results: dict[str, ft.Column] = {}
        self.view: SaleView | None = None

    # -- state changes ----------------------------------------------------------------------
    def structure(self) -> None:
        self.session.save()
        self.render()
        self.session.update(self.picker)

    def add(self, good: str) -> None:
        if self.draft.total >= max_goods_left():
            self.ctx.notify(f"A merchant holds at most {max_goods_left()} goods (3 warehouses).")
            return
        self.draft.set_count(good, self.draft.counts.get(good, 0) + 1)
        self.structure()

    def drop(self, key: str) -> None:
        self.draft.remove_token(key)
        self.structure()

    def set_base(self, key: str, text: str) -> None:
        self.draft.bases[key] = text
        self.session.save()
        self.live()
        self.session.update(self.summary_box)

    def set_bazaar(self, key: str, on: bool) -> None:
        if on:
            self.draft.bazaar.add(key)
            if self.draft.reaction_on == key:
                self.draft.reaction_on = None
        else:
            self.draft.bazaar.discard(key)
        self.structure()

    def set_agents(self, agents: int) -> None:
        self.draft.agents = agents
        self.structure()

    def set_reaction(self, key: str | None) -> None:
        self.draft.reaction = None if key in (None, NOBODY) else key
        options = self.draft.reaction_tokens(self.session.choices)
        if self.draft.reaction_on not in options:
            self.draft.reaction_on = options[0] if options else None
        self.structure()

    def set_reaction_on(self, key: str | None) -> None:
        self.draft.reaction_on = key
        self.structure()

    def set_reaction_by(self, name: str | None) -> None:
        self.draft.reaction_by = None if name in (None, NOBODY) else name
        self.session.save()

    def clear(self) -> None:
        self.draft.clear()
        self.structure()

    def confirm(self) -> None:
        game = self.session.game
        view = self.draft.evaluate(game, self.session.choices)
        if view.quote is None or not view.ready:
            self.ctx.notify(
                view.error or view.reaction_error or "Complete the sale first.", error=True
            )
            return
        arguments = self.draft.sell_arguments(game, view, self.session.choices)
        self.session.act(lambda g: g.sell(**arguments), after=self.draft.clear)

    # -- rendering --------------------------------------------------------------------------
    def render(self) -> None:
        self.render_picker()
        self.render_tokens()
        self.render_reaction()
        self.live()

    def render_picker(self) -> None:
        game = self.session.game
        closed = set(game.calendar.closed_markets())
        groups: list[ft.Control] = []
        for market in markets():
            head: list[ft.Control] = [
                ft.Text(market_name(market), weight=ft.FontWeight.BOLD),
            ]
            if market in closed:
                head.append(pill("closed", CLOSED))
            tracked = next_space_text(game, market)
            if tracked:
                head.append(small(tracked))
            chips: list[ft.Control] = []
            for good in goods_in(market):
                count = self.draft.counts.get(good, 0)
                chips.append(
                    tagged(
                        f"add-{good}",
                        ft.Chip(
                            label=ft.Text(
                                f"{good_name(good)} × {count}" if count else good_name(good)
                            ),
                            leading=ft.Icon(ft.Icons.ADD, size=18),
                            selected=count > 0,
                            show_checkmark=False,
                            on_click=lambda e, g=good: self.add(g),
                            tooltip=f"Add a {good_name(good).lower()} token to the sale",
                        ),
                    )
                )
            groups.append(ft.Column([wrap(head), wrap(chips, spacing=6)], spacing=4))
        self.picker.controls = groups

    def render_tokens(self) -> None:
        game = self.session.game
        closed = set(game.calendar.closed_markets())
        self.base_fields = {}
        self.results = {}
        rows: list[ft.Control] = []
        tokens = self.draft.tokens()
        for key, good in tokens:
            market = market_of(good)
            to_bazaar = key in self.draft.bazaar
            top: list[ft.Control] = [
                ft.Text(
                    token_label(key),
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    expand=True,
                ),
                tagged(
                    f"bazaar-{key}",
                    ft.Switch(
                        label="Bazaar",
                        value=to_bazaar,
                        on_change=switched(self.set_bazaar, key),
                    ),
                ),
            ]
            top.append(
                tagged(
                    f"drop-{key}",
                    ft.IconButton(
                        ft.Icons.CLOSE,
                        tooltip=f"Take this {good_name(good).lower()} out of the sale",
                        on_click=tap(self.drop, key),
                        style=ft.ButtonStyle(padding=12),
                    ),
                )
            )
            lines: list[ft.Control] = [ft.Row(top, spacing=4)]
            if game.board is None and not to_bazaar and market not in closed:
                field = whole_number_field(
                    "Printed value of its space",
                    self.draft.bases.get(key, ""),
                    hint="As printed on the market board",
                    on_change=typed(self.set_base, key),
                )
                self.base_fields[key] = field
                lines.append(tagged(f"base-{key}", field))
            result = ft.Column(spacing=2)
            self.results[key] = result
            lines.append(result)
            rows.append(
                tagged(
                    f"token-{key}",
                    ft.Container(
                        ft.Column(lines, spacing=6, tight=True),
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        border_radius=12,
                        padding=12,
                    ),
                )
            )
        if not rows:
            rows.append(
                body("Tap the goods being sold above; tap again for a second token.", muted=True)
            )
        elif game.board is None and len(tokens) > 1:
            rows.insert(
                0,
                small(
                    "Tokens of one market land one after another, each on the next space down: "
                    "type the value of the space each one lands on."
                ),
            )
        self.tokens_box.controls = rows

    def render_reaction(self) -> None:
        session = self.session
        draft = self.draft
        options = draft.reaction_options(session.choices)
        self.reaction_panel.visible = bool(draft.tokens())
        if not draft.tokens():
            self.reaction_box.controls = []
            return
        if not options:
            self.reaction_box.controls = [
                body(
                    "No Reaction card you know changes the price of these goods. "
                    "Add your own cards to try one here.",
                    muted=True,
                ),
                *rulings(self.ctx, [RULING_REACTION]),
            ]
            return
        chosen = choice_by_key(session.choices, draft.reaction)
        picker = ft.Dropdown(
            label="Reaction card (what if?)",
            value=draft.reaction if chosen else NOBODY,
            options=[ft.DropdownOption(key=NOBODY, text="None")]
            + [ft.DropdownOption(key=c.key, text=c.event.name) for c in options],
            on_select=lambda e: self.set_reaction(e.control.value),
            expand=True,
            col={"xs": 12, "md": 4},
        )
        controls: list[ft.Control] = [tagged("reaction-card", picker)]
        if chosen is not None:
            tokens = draft.reaction_tokens(session.choices)
            controls.append(
                tagged(
                    "reaction-on",
                    ft.Dropdown(
                        label="Played on",
                        value=draft.reaction_on,
                        options=[ft.DropdownOption(key=k, text=token_label(k)) for k in tokens],
                        on_select=lambda e: self.set_reaction_on(e.control.value),
                        expand=True,
                        col={"xs": 12, "sm": 6, "md": 4},
                    ),
                )
            )
            controls.append(
                tagged(
                    "reaction-by",
                    ft.Dropdown(
                        label="Played by",
                        value=draft.reaction_by or NOBODY,
                        options=[ft.DropdownOption(key=NOBODY, text="Not noted")]
                        + [ft.DropdownOption(key=n, text=n) for n in session.game.seats],
                        on_select=lambda e: self.set_reaction_by(e.control.value),
                        expand=True,
                        col={"xs": 12, "sm": 6, "md": 4},
                    ),
                )
            )
        self.reaction_box.controls = [
            body(
                "A Reaction may be played on a token when the card itself changes that good's "
                "price or takes tokens off its market. Confirming the sale plays it: an Enduring "
                "one goes on the calendar first.",
                muted=True,
            ),
            ft.ResponsiveRow(controls, spacing=8, run_spacing=8),
        ]

    def token_result(self, token: TokenQuote) -> list[ft.Control]:
        if token.destination == "market" and token.breakdown is not None:
            lines: list[ft.Control] = [
                ft.Row(
                    [
                        ft.Text(
                            f"{token.price} crowns",
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                            weight=ft.FontWeight.BOLD,
                        ),
                        ft.Text(token.breakdown.text, theme_style=ft.TextThemeStyle.BODY_LARGE),
                    ],
                    wrap=True,
                    spacing=GAP,
                    vertical_alignment=ft.CrossAxisAlignment.END,
                )
            ]
            terms = "; ".join(t.label for t in token.breakdown.terms)
            lines.append(small(f"Space {token.breakdown.base}" + (f"; {terms}" if terms else "")))
            played = self.view.quote.reaction if self.view and self.view.quote else None
            if token.reaction and played is not None:
                lines.append(
                    small(
                        f"With {played.name} played on it (a what-if until you sell).", muted=False
                    )
                )
            if token.breakdown.clamped:
                lines.append(small("Never less than 1 crown.", muted=False))
            if token.better_at_bazaar:
                lines.append(
                    notice(f"The bazaar pays more ({token.bazaar} crowns).", level="warning")
                )
            if token.reason:
                lines.append(notice(token.reason, level="info"))
            return lines
        if token.destination == "bazaar":
            lines = [
                ft.Text(
                    f"{token.price} crowns at the bazaar",
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    weight=ft.FontWeight.BOLD,
                )
            ]
            if token.reason:
                lines.append(notice(token.reason[:1].upper() + token.reason[1:], level="warning"))
            return lines
        reason = token.reason[:1].upper() + token.reason[1:]
        return [notice(f"{reason}. Switch it to the bazaar or take it out.", level="error")]

    def live(self) -> None:
        """Prices, errors and totals for what is typed, without rebuilding any field."""
        game = self.session.game
        view = self.draft.evaluate(game, self.session.choices)
        self.view = view
        for key, field in self.base_fields.items():
            typed = (field.value or "").strip()
            field.error = view.base_errors.get(key) if typed else None
        quote = view.quote
        by_index = {i: t for i, t in enumerate(quote.tokens)} if quote else {}
        for i, (key, _) in enumerate(view.tokens):
            box = self.results.get(key)
            if box is None:
                continue
            token = by_index.get(i)
            if token is not None:
                box.controls = self.token_result(token)
            elif key in view.missing:
                box.controls = [small("Type the printed value to see the price.")]
            else:
                box.controls = []
        self.summary_box.controls = self.summary(view)
        if view.quote is not None:
            self.running_total.value = (
                f"Total {view.quote.total} crowns for {plural(len(view.tokens), 'token')}"
            )
        elif view.tokens:
            self.running_total.value = "Type each printed value to see the total"
        else:
            self.running_total.value = "Nothing chosen yet"

    def summary(self, view: SaleView) -> list[ft.Control]:
        game = self.session.game
        if not view.tokens:
            return [body("Nothing chosen yet.", muted=True)]
        controls: list[ft.Control] = []
        quote = view.quote
        if quote is not None:
            controls.append(
                tagged(
                    "sale-total",
                    ft.Text(
                        f"Total: {quote.total} crowns",
                        theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        elif view.missing:
            controls.append(
                body(
                    "Waiting for the printed value of "
                    + ", ".join(token_label(k) for k in view.missing)
                    + ".",
                )
            )
        if view.error:
            controls.append(notice(view.error, level="error"))
        if view.what_if is not None:
            w = view.what_if
            text = (
                f"With {w.with_reaction.reaction.name if w.with_reaction.reaction else 'it'}: "
                f"{w.with_reaction.total} crowns instead of {w.without.total} "
                f"({signed(w.change)})."
            )
            if w.with_reaction.pushed_out is not None:
                text += f" {w.with_reaction.pushed_out.name} leaves the calendar."
            controls.append(tagged("what-if", notice(text, level="info")))
        if view.reaction_error:
            controls.append(notice(view.reaction_error, level="error"))
        controls.append(tagged("bazaar-alternative", body(bazaar_line(view))))
        cartage = cartage_line(view)
        controls.append(
            ft.Column(
                [
                    tagged(
                        "cartage",
                        body(cartage)
                        if view.agents >= view.needed
                        else notice(cartage, level="error"),
                    ),
                    ft.Row(
                        [
                            ft.Text("Agents on Hire Dockworkers", expand=True),
                            stepper(
                                view.agents,
                                self.set_agents,
                                label="agent",
                                maximum=view.available,
                                ident="agents",
                            ),
                        ]
                    ),
                    small(f"{game.active} has {plural(view.available, 'agent')}."),
                ],
                spacing=4,
            )
        )
        ids: list[str] = []
        if quote is not None:
            for token in quote.tokens:
                if token.breakdown is not None:
                    ids += token.breakdown.rulings
                if token.destination == "refused" and "full" in token.reason:
                    ids.append(RULING_FULL)
                if token.reaction and token.destination != "market":
                    ids.append(RULING_REACTION_CLOSES)
            if quote.reaction is not None:
                ids.append(RULING_REACTION)
                if quote.reaction.is_fleeting:
                    ids.append(RULING_FLEETING_REACTION)
        if game.board is not None:
            ids += [RULING_UPPERMOST, RULING_FULL]
        controls += rulings(self.ctx, ids)
        label = f"Sell for {quote.total} crowns" if quote is not None else "Sell"
        controls.append(
            wrap(
                [
                    button(
                        label,
                        lambda e: self.confirm(),
                        icon=ft.Icons.SELL,
                        ident="confirm-sale",
                        disabled=not view.ready or (quote is not None and not quote.can_complete),
                    ),
                    button("Clear", lambda e: self.clear(), kind="text", icon=ft.Icons.CLEAR),
                ]
            )
        )
        return controls

    def build(self) -> Screen:
        game = self.session.game
        self.render()
        sold = {market_of(g) for _, g in self.draft.tokens()} or set(markets())
        cartage_sources = [facts().market(m).cartage_source for m in markets() if m in sold]
        how = (
            "The app tracks the board: each token takes the next space down."
            if game.board is not None
            else "Type the value printed on the space each token lands on."
        )
        left = stretched(
            [
                panel(
                    body(f"{game.active} sells. Tap a good to add a token. {how}", muted=True),
                    self.picker,
                    title="Goods to sell",
                ),
                panel(
                    tagged("running-total", self.running_total),
                    self.tokens_box,
                    cite(self.ctx, rules().sale.source),
                    title="Prices",
                ),
                self.reaction_panel,
            ],
            spacing=GAP,
        )
        right = panel(
            self.summary_box,
            cite(self.ctx, rules().bazaar.source, *cartage_sources),
            title="The sale",
        )
        # Side by side on a wide window (the total stays in sight); one column on a phone,
        # where the sale's summary comes after the prices it adds up.
        left.col = {"xs": 12, "md": 7}
        right.col = {"xs": 12, "md": 5}
        return self.session.screen(
            "sale", [ft.ResponsiveRow([left, right], spacing=GAP, run_spacing=GAP)]
        )
