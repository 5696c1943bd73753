"""The Sale tab: pick the goods, read each price with its working, compare with the bazaar,
check the cartage, try a Reaction event, and confirm the sale onto the calendar and board."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.mercante import (
    ChallengeSale,
    MercanteGame,
    Sell,
    TokenQuote,
    facts,
    goods_in,
    market_of,
    markets,
    rules,
)
from companion.engine.mercante.game import RULING_DOCKWORKERS, RULING_VICIOUS
from companion.engine.mercante.pricing import (
    RULING_FLEETING_REACTION,
    RULING_FULL,
    RULING_REACTION,
    RULING_REACTION_CLOSES,
)
from companion.engine.mercante.scoring import max_goods_left
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.live import Slot, isolate
from companion.ui.logic.mercante import (
    SaleView,
    bazaar_line,
    cartage_line,
    choice_by_key,
    good_name,
    market_name,
    next_space_text,
    parse_count,
    plural,
    signed,
    token_label,
)
from companion.ui.screen import Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.mercante.base import MercanteSession
from companion.ui.views.mercante.parts import (
    CLOSED,
    cite,
    pill,
    ruling_chip,
    rulings,
    stepper,
    stretched,
    switched,
    tap,
    typed,
)
from companion.ui.why import why_link
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
    """The Sale tab: the sale being priced is this phone's draft (never on the table); its
    prices follow the table's calendar and board, so a push re-prices it in place and keeps
    every field as typed. Selling sends the sale to the table."""

    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.draft = session.drafts.sale
        paint = session.paint
        self.picker_box = isolate(ft.Column(spacing=GAP))
        self.picker_parts: dict[str, tuple[ft.Control, ft.Text]] = {}
        self.chips: dict[str, tuple[ft.Chip, ft.Text]] = {}
        self.tokens_box = isolate(ft.Column(spacing=8))
        self.tokens_key: object = None
        self.reaction_slot = Slot(paint)
        self.summary_box = isolate(ft.Column(spacing=8))
        self.challenge_slot = Slot(paint)
        self.running_total = isolate(ft.Text(theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
        self.base_fields: dict[str, ft.TextField] = {}
        self.results: dict[str, ft.Column] = {}
        self.view: SaleView | None = None
        # Kept in the bottom bar, in reach of a thumb; its label follows the total.
        self.sell_button = ft.FilledButton(
            content="Sell", icon=ft.Icons.SELL, on_click=lambda e: self.confirm(), height=TOUCH
        )
        self.sell_box = isolate(tagged("confirm-sale", self.sell_button))
        self.contract_vp = whole_number_field(
            "VP for contracts it completes",
            self.draft.contract_vp,
            hint="Victory point tokens gained",
            on_change=typed(self.set_contract_vp),
        )
        self.contract_vp.error_max_lines = 2
        self.contract_box = isolate(tagged("contract-vp", self.contract_vp))
        self.claimed: ft.TextField | None = None
        self.intro = isolate(body("", muted=True))
        self._shown: object = None
        session.on_render(self.render)

    @property
    def game(self) -> MercanteGame:
        return self.session.game

    # -- state changes ----------------------------------------------------------------------
    def structure(self) -> None:
        """The draft changed: price it again and send what changed."""
        self.render(self.session.snapshot)
        self.session.paint.send()

    def add(self, good: str) -> None:
        if self.draft.total >= max_goods_left():
            self.session.hint(f"A merchant holds at most {max_goods_left()} goods (3 warehouses).")
            return
        self.draft.set_count(good, self.draft.counts.get(good, 0) + 1)
        self.structure()

    def drop(self, key: str) -> None:
        self.draft.remove_token(key)
        self.structure()

    def set_base(self, key: str, text: str) -> None:
        self.draft.bases[key] = text
        self.structure()

    def set_bazaar(self, key: str, on: bool) -> None:
        if on:
            self.draft.bazaar.add(key)
            for reaction in self.draft.reactions:
                if reaction.on == key:
                    reaction.on = None
        else:
            self.draft.bazaar.discard(key)
        self.structure()

    def set_agents(self, agents: int) -> None:
        self.draft.agents = agents
        self.structure()

    def add_reaction(self) -> None:
        self.draft.add_reaction()
        self.structure()

    def remove_reaction(self, index: int) -> None:
        self.draft.remove_reaction(index)
        self.structure()

    def set_reaction(self, index: int, key: str | None) -> None:
        self.draft.set_reaction(index, None if key in (None, NOBODY) else key, self.session.choices)
        self.structure()

    def set_reaction_on(self, index: int, key: str | None) -> None:
        self.draft.reactions[index].on = key
        self.structure()

    def set_reaction_by(self, index: int, name: str | None) -> None:
        self.draft.reactions[index].by = None if name in (None, NOBODY) else name
        self.structure()

    def set_contract_vp(self, text: str) -> None:
        self.draft.contract_vp = text

    def set_challenger(self, name: str | None) -> None:
        self.session.drafts.challenger = None if name in (None, NOBODY) else name

    def set_claimed(self, text: str) -> None:
        self.session.drafts.claimed = text

    def challenge(self) -> None:
        drafts = self.session.drafts
        challenger = drafts.challenger
        try:
            claimed = parse_count(drafts.claimed)
        except ValueError as exc:
            if self.claimed is not None:
                self.claimed.error = str(exc)
                self.session.paint.touch(self.challenge_slot.box)
                self.session.paint.send()
            return
        if challenger is None:
            self.session.refuse("Choose who challenges the price.")
            return

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                drafts.challenger, drafts.claimed = None, ""

        self.session.act(ChallengeSale(challenger, claimed), on_outcome=done)

    def clear(self) -> None:
        self.draft.clear()
        self.contract_vp.value = ""
        self.session.paint.touch(self.contract_box)
        self.structure()

    def confirm(self) -> None:
        game = self.game
        view = self.draft.evaluate(game, self.session.choices)
        if view.quote is None or not view.ready:
            self.session.refuse(view.error or view.reaction_error or "Complete the sale first.")
            return
        arguments = self.draft.sell_arguments(game, view, self.session.choices)
        action = Sell(
            goods=tuple(arguments["goods"]),
            agents=arguments["agents"],
            bazaar=tuple(sorted(arguments["bazaar"])),
            bases=None if arguments["bases"] is None else tuple(arguments["bases"]),
            reactions=tuple(arguments["reactions"]),
            contract_vp=arguments["contract_vp"],
        )

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):  # sold: the calculator starts afresh
                self.draft.clear()
                self.contract_vp.value = ""
                self.session.paint.touch(self.contract_box)

        self.session.act(action, on_outcome=done)

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        game = self.game
        how = (
            "The app tracks the board: each token takes the next space down."
            if game.board is not None
            else "Type the value printed on the space each token lands on."
        )
        intro = f"{game.active} sells. Tap a good to add a token. {how}"
        self.session.paint.set(self.intro, self.intro, value=intro)
        closed = tuple(game.calendar.closed_markets())
        self.render_picker(closed)
        tokens_key = (self.draft.tokens(), frozenset(self.draft.bazaar), game.board is None, closed)
        if tokens_key != self.tokens_key:
            self.tokens_key = tokens_key
            self._shown = None  # new fields: fill them in
            self.render_tokens()
            self.session.paint.touch(self.tokens_box)
        options = self.draft.reaction_options(self.session.choices)
        self.reaction_slot.set(
            (
                tuple(tuple(r.to_list()) for r in self.draft.reactions),
                self.draft.tokens(),
                frozenset(self.draft.bazaar),
                tuple(c.key for c in options),
                game.seats,
            ),
            self.reaction_panel,
        )
        self.live()
        self.challenge_slot.set(
            (game.variants, game.last_sale(), self.session.playing, game.seats),
            self.challenge_panel,
        )

    def build_picker(self) -> ft.Control:
        """The goods to tap, market by market (built once; :meth:`render_picker` shows the
        counts, the closed markets and the next spaces in place)."""
        groups: list[ft.Control] = []
        for market in markets():
            closed = pill("closed", CLOSED, ident=f"closed-pill-{market}")
            closed.visible = False
            space = small("")
            space.visible = False
            self.picker_parts[market] = (closed, space)
            head: list[ft.Control] = [
                ft.Text(market_name(market), weight=ft.FontWeight.BOLD),
                closed,
                space,
            ]
            chips: list[ft.Control] = []
            for good in goods_in(market):
                label = ft.Text(good_name(good))
                chip = ft.Chip(
                    label=label,
                    leading=ft.Icon(ft.Icons.ADD, size=18),
                    selected=False,
                    show_checkmark=False,
                    on_click=lambda e, g=good: self.add(g),
                    tooltip=f"Add a {good_name(good).lower()} token to the sale",
                )
                self.chips[good] = (chip, label)
                chips.append(tagged(f"add-{good}", chip))
            groups.append(ft.Column([wrap(head), wrap(chips, spacing=6)], spacing=4))
        self.picker_box.controls = groups
        return self.picker_box

    def render_picker(self, closed: tuple[str, ...]) -> None:
        paint, box = self.session.paint.set, self.picker_box
        for market, (closed_pill, space) in self.picker_parts.items():
            tracked = next_space_text(self.game, market)
            paint(box, closed_pill, visible=market in closed)
            paint(box, space, value=tracked, visible=bool(tracked))
        for good, (chip, label) in self.chips.items():
            count = self.draft.counts.get(good, 0)
            paint(box, label, value=f"{good_name(good)} × {count}" if count else good_name(good))
            paint(box, chip, selected=count > 0)

    def render_tokens(self) -> None:
        game = self.game
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

    def reaction_panel(self) -> ft.Control | None:
        if not self.draft.tokens():
            return None
        return panel(*self.reaction_controls(), title="Reactions (what if?)")

    def reaction_controls(self) -> list[ft.Control]:
        session = self.session
        draft = self.draft
        options = draft.reaction_options(session.choices)
        if not options:
            return [
                body(
                    "No Reaction card you know changes the price of these goods. "
                    "Add your own cards to try one here.",
                    muted=True,
                ),
                *rulings(self.ctx, [RULING_REACTION]),
            ]
        controls: list[ft.Control] = [
            body(
                "A Reaction may be played on a token when the card itself changes that good's "
                "price or takes tokens off its market; several may be played, in turn. Selling "
                "plays them in this order: an Enduring one goes on the calendar first.",
                muted=True,
            )
        ]
        for i, reaction in enumerate(draft.reactions):
            chosen = choice_by_key(session.choices, reaction.card)
            row: list[ft.Control] = [
                tagged(
                    f"reaction-card-{i + 1}",
                    ft.Dropdown(
                        label=f"Reaction {i + 1}",
                        value=reaction.card if chosen else NOBODY,
                        options=[ft.DropdownOption(key=NOBODY, text="None")]
                        + [ft.DropdownOption(key=c.key, text=c.event.name) for c in options],
                        on_select=lambda e, i=i: self.set_reaction(i, e.control.value),
                        expand=True,
                        col={"xs": 12, "md": 4},
                    ),
                )
            ]
            if chosen is not None:
                tokens = draft.reaction_tokens(i, session.choices)
                row.append(
                    tagged(
                        f"reaction-on-{i + 1}",
                        ft.Dropdown(
                            label="Played on",
                            value=reaction.on,
                            options=[ft.DropdownOption(key=k, text=token_label(k)) for k in tokens],
                            on_select=lambda e, i=i: self.set_reaction_on(i, e.control.value),
                            expand=True,
                            col={"xs": 6, "md": 4},
                        ),
                    )
                )
                row.append(
                    tagged(
                        f"reaction-by-{i + 1}",
                        ft.Dropdown(
                            label="Played by",
                            value=reaction.by or NOBODY,
                            options=[ft.DropdownOption(key=NOBODY, text="Not noted")]
                            + [ft.DropdownOption(key=n, text=n) for n in session.game.seats],
                            on_select=lambda e, i=i: self.set_reaction_by(i, e.control.value),
                            expand=True,
                            col={"xs": 6, "md": 4},
                        ),
                    )
                )
            controls.append(
                ft.Row(
                    [
                        ft.Container(ft.ResponsiveRow(row, spacing=8, run_spacing=8), expand=True),
                        ft.IconButton(
                            ft.Icon(ft.Icons.CLOSE, semantics_label=f"Take Reaction {i + 1} out"),
                            tooltip=f"Take Reaction {i + 1} out",
                            on_click=lambda e, i=i: self.remove_reaction(i),
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        controls.append(
            button(
                "Try a Reaction" if not draft.reactions else "Another Reaction",
                lambda e: self.add_reaction(),
                icon=ft.Icons.ADD,
                kind="text",
                ident="add-reaction",
            )
        )
        return controls

    def token_result(self, key: str, token: TokenQuote) -> list[ft.Control]:
        if token.destination == "market" and token.breakdown is not None:
            lines: list[ft.Control] = [
                ft.Row(
                    [
                        ft.Text(
                            plural(token.price, "crown"),
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                            weight=ft.FontWeight.BOLD,
                        ),
                        ft.Text(token.breakdown.text, theme_style=ft.TextThemeStyle.BODY_LARGE),
                        why_link(
                            self.ctx,
                            ["mercante.price", f"mercante.good:{token.good}"],
                            token.breakdown.rulings,
                            ident=f"why-price-{key}",
                        ),
                    ],
                    wrap=True,
                    spacing=GAP,
                    vertical_alignment=ft.CrossAxisAlignment.END,
                )
            ]
            terms = "; ".join(t.label for t in token.breakdown.terms)
            lines.append(small(f"Space {token.breakdown.base}" + (f"; {terms}" if terms else "")))
            played = self.view.quote.reactions if self.view and self.view.quote else ()
            names = [r.event.name for r in played if r.at == token.index]
            if token.reaction and names:
                lines.append(
                    small(
                        f"With {' and '.join(names)} played on it (a what-if until you sell).",
                        muted=False,
                    )
                )
            if token.breakdown.clamped:
                lines.append(small("Never less than 1 crown.", muted=False))
            if token.better_at_bazaar:
                lines.append(
                    notice(
                        f"The bazaar pays more ({plural(token.bazaar, 'crown')}).", level="warning"
                    )
                )
            if token.reason:
                lines.append(notice(token.reason, level="info"))
            return lines
        if token.destination == "bazaar":
            lines = [
                ft.Text(
                    f"{plural(token.price, 'crown')} at the bazaar",
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    weight=ft.FontWeight.BOLD,
                )
            ]
            if token.reason:
                lines.append(notice(token.reason[:1].upper() + token.reason[1:], level="warning"))
            return lines
        reason = token.reason[:1].upper() + token.reason[1:]
        if token.destination == "kept":
            return [
                ft.Text("Not sold", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                notice(f"{reason}.", level="warning"),
            ]
        return [notice(f"{reason}. Switch it to the bazaar or take it out.", level="error")]

    def live(self) -> None:
        """Prices, errors and totals for what is typed, without rebuilding any field."""
        game = self.game
        view = self.draft.evaluate(game, self.session.choices)
        shown = (view, game.active, game.board is None, self.session.playing)
        if shown == self._shown:
            return  # the same prices as on screen (another phone's move left them be)
        self._shown = shown
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
                box.controls = self.token_result(key, token)
            elif key in view.missing:
                box.controls = [small("Type the printed value to see the price.")]
            else:
                box.controls = []
        paint = self.session.paint
        paint.touch(self.tokens_box)
        self.summary_box.controls = self.summary(view)
        paint.touch(self.summary_box)
        if view.quote is not None:
            total = (
                f"Total {plural(view.quote.total, 'crown')} for {plural(len(view.tokens), 'token')}"
            )
        elif view.tokens:
            total = "Type each printed value to see the total"
        else:
            total = "Nothing chosen yet"
        paint.set(self.running_total, self.running_total, value=total)
        quote = view.quote
        label = f"Sell for {plural(quote.total, 'crown')}" if quote is not None else "Sell"
        paint.set(
            self.sell_box,
            self.sell_button,
            content=label,
            disabled=not view.ready
            or (quote is not None and not quote.can_complete)
            or not self.session.playing,
        )

    def summary(self, view: SaleView) -> list[ft.Control]:
        game = self.game
        if not view.tokens:
            return [body("Nothing chosen yet.", muted=True)]
        controls: list[ft.Control] = []
        quote = view.quote
        if quote is not None:
            controls.append(
                tagged(
                    "sale-total",
                    ft.Text(
                        f"Total: {plural(quote.total, 'crown')}",
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
            names = " and ".join(r.event.name for r in w.with_reaction.reactions) or "it"
            text = (
                f"With {names}: {plural(w.with_reaction.total, 'crown')} instead of "
                f"{w.without.total} ({signed(w.change)})."
            )
            for event in w.with_reaction.pushed:
                text += f" {event.name} leaves the calendar."
            controls.append(tagged("what-if", notice(text, level="info")))
            controls.append(
                why_link(
                    self.ctx,
                    ["mercante.reaction"],
                    [RULING_REACTION]
                    + (
                        [RULING_FLEETING_REACTION]
                        if any(r.event.is_fleeting for r in w.with_reaction.reactions)
                        else []
                    ),
                    ident="why-what-if",
                )
            )
        if view.reaction_error:
            controls.append(notice(view.reaction_error, level="error"))
        controls.append(
            ft.Row(
                [
                    tagged("bazaar-alternative", body(bazaar_line(view))),
                    why_link(self.ctx, ["mercante.bazaar"], ident="why-bazaar"),
                ],
                wrap=True,
                spacing=4,
            )
        )
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
                    small(
                        f"{game.active} has {plural(view.available, 'agent')} left this turn "
                        "(the sale to the bazaar needs none)."
                    ),
                    why_link(
                        self.ctx,
                        ["mercante.cartage", "mercante.hire_dockworkers"],
                        [RULING_DOCKWORKERS],
                        ident="why-cartage",
                    ),
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
            if quote.reactions:
                ids.append(RULING_REACTION)
                if any(r.event.is_fleeting for r in quote.reactions):
                    ids.append(RULING_FLEETING_REACTION)
        if game.board is not None:
            ids += [RULING_UPPERMOST, RULING_FULL]
        controls += rulings(self.ctx, ids)
        return controls

    def challenge_panel(self) -> ft.Control | None:
        """Vicious Accounting: the sale just made may be challenged; the app settles it."""
        game = self.game
        sale = game.last_sale()
        if not game.variants.vicious_accounting:
            return None
        if sale is None:
            return panel(
                body(
                    "Vicious Accounting: sellers work out their own prices. Right after a sale, "
                    "anyone may challenge the price claimed here.",
                    muted=True,
                ),
                title="Challenge a price",
            )
        others = [n for n in game.seats if n != sale.player]
        drafts = self.session.drafts
        if drafts.challenger not in others:
            drafts.challenger = None
        claimed = whole_number_field(
            "Price claimed",
            drafts.claimed,
            on_change=typed(self.set_claimed),
            col={"xs": 12, "sm": 6},
        )
        claimed.error_max_lines = 2
        self.claimed = claimed

        def pick(e: Any) -> None:
            self.set_challenger(e.control.value)

        facts_ = rules().variants.vicious_accounting
        return tagged(
            "challenge-panel",
            panel(
                body(
                    f"{sale.player} just sold for {plural(sale.quote.total, 'crown')} by the app's "
                    "working. What did they claim?"
                ),
                ft.ResponsiveRow(
                    [
                        tagged(
                            "challenger",
                            ft.Dropdown(
                                label="Challenged by",
                                value=drafts.challenger or NOBODY,
                                options=[ft.DropdownOption(key=NOBODY, text="Choose")]
                                + [ft.DropdownOption(key=n, text=n) for n in others],
                                on_select=pick,
                                col={"xs": 12, "sm": 6},
                            ),
                        ),
                        tagged("claimed", claimed),
                    ],
                    spacing=8,
                    run_spacing=8,
                ),
                button(
                    "Settle the challenge",
                    lambda e: self.challenge(),
                    icon=ft.Icons.BALANCE,
                    kind="tonal",
                    ident="settle-challenge",
                ),
                small(
                    "Claimed too little: the challenger collects the difference. Too much: the "
                    f"seller pays the bank {facts_.overclaim_multiplier} times the excess."
                    + (
                        f" A right price challenged costs the challenger "
                        f"{plural(facts_.wrong_challenge_penalty, 'crown')}."
                        if game.variants.treachery
                        else ""
                    )
                ),
                ruling_chip(self.ctx, RULING_VICIOUS),
                cite(self.ctx, facts_.source, facts_.treachery_source),
                title="Challenge a price",
            ),
        )

    def build(self) -> Screen:
        sold = {market_of(g) for _, g in self.draft.tokens()} or set(markets())
        cartage_sources = [facts().market(m).cartage_source for m in markets() if m in sold]
        left = stretched(
            [
                panel(
                    self.intro,
                    self.build_picker(),
                    title="Goods to sell",
                ),
                panel(
                    tagged("running-total", self.running_total),
                    self.tokens_box,
                    cite(self.ctx, rules().sale.source),
                    title="Prices",
                ),
                self.reaction_slot.box,
            ],
            spacing=GAP,
        )
        right = panel(
            self.summary_box,
            self.contract_box,
            cite(self.ctx, rules().bazaar.source, *cartage_sources),
            title="The sale",
        )
        # Side by side on a wide window (the total stays in sight); one column on a phone,
        # where the sale's summary comes after the prices it adds up.
        left.col = {"xs": 12, "md": 7}
        right.col = {"xs": 12, "md": 5}
        content: list[ft.Control] = [
            self.challenge_slot.box,
            ft.ResponsiveRow([left, right], spacing=GAP, run_spacing=GAP),
        ]
        bar: list[ft.Control] = [
            button("Clear", lambda e: self.clear(), kind="text", icon=ft.Icons.CLEAR),
            self.sell_box,
        ]
        screen = self.session.screen(content, bar=bar)
        self.session.start()
        return screen
