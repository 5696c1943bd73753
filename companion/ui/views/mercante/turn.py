"""The Turn tab: the turn in the rulebook's order. On the upkeep marker holder's turn the four
upkeep steps (remove tokens, one event, the victory point auctions, pass the marker), then the
shipment auction (run here, or at the table), then the agents, one agent action each; with
Talk of Peace the teams and their goal; and when upkeep comes round, with its removal points."""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import flet as ft

from companion.engine.mercante import (
    AuctionVictoryPoint,
    BuyVictoryPoint,
    GatherIntelligence,
    ImproveHouse,
    ManipulateEvents,
    MercanteError,
    MercanteGame,
    PassUpkeepMarker,
    PlayEvent,
    RemoveGoods,
    Security,
    SelectContract,
    ShipmentBid,
    Skulduggery,
    StartShipmentAuction,
    facts,
    goods_in,
    markets,
    rules,
)
from companion.engine.mercante.actions import Action
from companion.engine.mercante.auction import (
    RULING_REVERSED,
    RULING_SAMPLE_SHIPMENT,
    RULING_SECOND_ROUND,
    bidding_order,
)
from companion.engine.mercante.game import (
    BUY_VP,
    GATHER_INTELLIGENCE,
    IMPROVE_HOUSE,
    MANIPULATE_EVENTS,
    RULING_DOCKWORKERS,
    SECURITY,
    SELECT_CONTRACT,
    SKULDUGGERY,
)
from companion.engine.mercante.records import (
    AuctionRecord,
    EventRecord,
    PassRecord,
    RemovalRecord,
)
from companion.engine.mercante.upkeep import (
    RULING_AUCTION_TIE,
    RULING_MUST_SPEND,
    RULING_THREE_PLAYER_LUXURIES,
    THREE_PLAYERS,
)
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.live import Slot
from companion.ui.logic.mercante import (
    choice_by_key,
    cost_lines,
    good_name,
    lot_lines,
    market_name,
    parse_count,
    plural,
    points_text,
    removal_cost_text,
    schedule_lines,
    show_vp_bids,
    talk_of_peace_goal,
    team_lines,
    upkeep_headline,
)
from companion.ui.logic.words import capitalized
from companion.ui.screen import Screen
from companion.ui.views.mercante.base import MercanteSession, table_route
from companion.ui.views.mercante.parts import cite, ruling_chip, stepper, switched, typed
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

NONE = "__none__"
STEP_TITLES = (
    "1. Take tokens off the markets",
    "2. Apply one event",
    "3. Auction the victory points on the marker",
    "4. Pass the upkeep marker",
)


class TurnTab:
    """The Turn tab, built once and rendered in place: each part is rebuilt only when what it
    shows changed (the game's state, or what this phone chose: tokens to take off, the
    shipment card typed in). What is typed here (bids, minimums) stays on this phone."""

    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.drafts = session.drafts
        paint = session.paint
        self.upkeep_slot = Slot(paint)
        self.shipment_slot = Slot(paint)
        self.agents_slot = Slot(paint)
        self.teams_slot = Slot(paint)
        self.schedule_slot = Slot(paint)
        self.costs_slot = Slot(paint)
        self.bids: dict[str, ft.TextField] = {}
        self.bid_field: ft.TextField | None = None
        session.on_render(self.render)

    @property
    def game(self) -> MercanteGame:
        return self.session.game

    # -- actions ----------------------------------------------------------------------------
    def act(self, action: Action, *, settle: Callable[[], None] | None = None) -> Outcome:
        """Send ``action``; ``settle`` clears this phone's draft once it is done."""

        def done(outcome: Outcome) -> None:
            if settle is not None and isinstance(outcome, Applied):
                settle()

        return self.session.act(action, on_outcome=done)

    def redraw(self) -> None:
        self.render(self.session.snapshot)
        self.session.paint.send()

    def set_removal(self, market: str, count: int) -> None:
        self.drafts.removals[market] = max(0, count)
        self.redraw()

    def remove(self) -> None:
        chosen = {m: n for m, n in self.drafts.removals.items() if n}
        self.act(RemoveGoods(tuple(chosen.items())), settle=self.drafts.removals.clear)

    def pick_event(self, key: str | None) -> None:
        self.drafts.upkeep_event = None if key in (None, NONE) else key

    def apply_event(self) -> None:
        chosen = choice_by_key(self.session.choices, self.drafts.upkeep_event)
        if chosen is None:
            self.session.refuse("Choose the event card turned over first.")
            return

        def settle() -> None:
            self.drafts.upkeep_event = None

        self.act(PlayEvent(chosen.event), settle=settle)

    def set_vp_bid(self, name: str, text: str) -> None:
        self.drafts.bids[name] = text

    def auction(self) -> None:
        bids: dict[str, int] = {}
        bad = False
        for name, field in self.bids.items():
            try:
                bids[name] = parse_count(self.drafts.bids.get(name, ""), blank=0)
                field.error = None
            except ValueError as exc:
                field.error = str(exc)
                bad = True
        if bad:
            self.session.paint.touch(self.upkeep_slot.box)
            self.session.paint.send()
            return
        self.act(AuctionVictoryPoint(tuple(bids.items())), settle=self.drafts.bids.clear)

    # the shipment auction

    def add_good(self, good: str | None) -> None:
        if good and good != NONE:
            self.drafts.shipment.add(good)
            self.redraw()

    def drop_good(self, index: int) -> None:
        self.drafts.shipment.remove(index)
        self.redraw()

    def set_minimum(self, index: int, text: str) -> None:
        self.drafts.shipment.minimums[index] = text

    def set_lot_minimum(self, text: str) -> None:
        self.drafts.shipment.lot_minimum = text

    def set_single_lot(self, on: bool) -> None:
        self.drafts.shipment.single_lot = on
        self.redraw()

    def start_auction(self) -> None:
        draft = self.drafts.shipment
        problems = draft.errors()
        if problems:
            self.session.refuse(next(iter(problems.values())))
            return
        shipment, single = draft.shipment(), draft.single_lot and len(draft.goods) > 1
        self.act(StartShipmentAuction(shipment, single))

    def set_bid(self, text: str) -> None:
        self.drafts.shipment.bid = text

    def bid(self, amount: int | None) -> None:
        auction = self.game.auction
        if auction is None or auction.next_bidder is None:
            return
        draft = self.drafts.shipment

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                game = outcome.snapshot.game.game
                draft.bid = ""
                if game.auction is None:
                    draft.clear()

        self.session.act(ShipmentBid(auction.next_bidder, amount), on_outcome=done)

    def typed_bid(self) -> None:
        text = self.drafts.shipment.bid
        try:
            amount = parse_count(text)
        except ValueError as exc:
            if self.bid_field is not None:
                self.bid_field.error = str(exc)
                self.session.paint.touch(self.shipment_slot.box)
                self.session.paint.send()
            return
        self.bid(amount)

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        game = self.game
        playing = self.session.playing
        upkeep = game.is_upkeep_turn
        removals = tuple(sorted(self.drafts.removals.items()))
        self.upkeep_slot.set(
            (game, len(game.log), removals, playing) if upkeep else None,
            lambda: self.upkeep_steps() if upkeep else None,
        )
        draft = self.drafts.shipment
        self.shipment_slot.set(
            None
            if upkeep
            else (game, len(game.log), tuple(draft.goods), draft.single_lot, playing),
            lambda: None if upkeep else self.shipment_panel(),
        )
        self.agents_slot.set((game, playing), self.agents_panel)
        self.teams_slot.set(
            (game.players, game.house) if game.variants.talk_of_peace else None,
            self.teams_panel,
        )
        self.schedule_slot.set(
            (game.active, game.upkeep_holder, game.seats, game.variants), self.schedule_panel
        )
        self.costs_slot.set((len(game.seats), game.variants), self.costs_panel)

    # -- rendering: upkeep ------------------------------------------------------------------
    def removal_controls(self) -> list[ft.Control]:
        game = self.game
        costs = game.upkeep_costs()
        board = game.board
        rows: list[ft.Control] = []
        if board is None:
            rows.append(
                body(
                    f"Spend {plural(costs.points, 'removal point')} on tokens at the bottom of "
                    "the markets (the most recently sold first), then note what came off. The "
                    "app does not track the board in this game.",
                    muted=True,
                )
            )
        for market in markets():
            most = board.market(market).covered if board is not None else costs.most_tokens(market)
            count = min(self.drafts.removals.get(market, 0), most)
            where = (
                small(f"{board.market(market).covered} on the board")
                if board is not None
                else small(f"{removal_cost_label(costs.cost(market))} each")
            )
            rows.append(
                ft.Row(
                    [
                        ft.Column([ft.Text(market_name(market)), where], spacing=0, expand=True),
                        stepper(
                            count,
                            functools.partial(self.set_removal, market),
                            label=f"{market_name(market).lower()} token",
                            maximum=most,
                            ident=f"remove-{market}",
                        ),
                    ]
                )
            )
        chosen = {m: n for m, n in self.drafts.removals.items() if n}
        try:
            game.verify_remove_goods(chosen)
            problem = None
        except MercanteError as exc:
            problem = capitalized(str(exc))
        rows.append(
            ft.Row(
                [
                    tagged("removal-cost", body(removal_cost_text(chosen, costs))),
                    why_link(
                        self.ctx,
                        ["mercante.removal"],
                        [RULING_MUST_SPEND],
                        ident="why-removal",
                    ),
                ],
                wrap=True,
                spacing=4,
            )
        )
        if problem:
            rows.append(notice(problem, level="warning"))
        rows.append(
            button(
                "Take these tokens off" if chosen else "Nothing to take off",
                lambda e: self.remove(),
                icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                ident="remove-goods",
                disabled=problem is not None or not self.session.playing,
            )
        )
        return rows

    def step_done(self, record_type: type, title: str) -> ft.Control:
        game = self.game
        turn = [r for r in game.log if isinstance(r, record_type)]
        text = turn[-1].summary if turn else "Done."
        return ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=20),
                        ft.Text(title, weight=ft.FontWeight.BOLD, expand=True),
                    ],
                    spacing=8,
                ),
                small(text),
            ],
            spacing=2,
        )

    def step_waiting(self, title: str, after: int) -> ft.Control:
        return ft.Column(
            [
                ft.Text(title, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT),
                small(f"After step {after}."),
            ],
            spacing=2,
        )

    def event_step(self) -> list[ft.Control]:
        choices = self.session.choices
        options = [ft.DropdownOption(key=NONE, text="Choose the card turned over")] + [
            ft.DropdownOption(key=c.key, text=c.event.name) for c in choices
        ]

        def pick(e: Any) -> None:
            self.pick_event(e.control.value)

        return [
            body("Turn over the top event card: Enduring goes in A, Fleeting is resolved."),
            tagged(
                "upkeep-event",
                ft.Dropdown(
                    label="Event card",
                    value=self.drafts.upkeep_event or NONE,
                    options=options,
                    on_select=pick,
                    expand=True,
                ),
            ),
            wrap(
                [
                    button(
                        "Apply it",
                        lambda e: self.apply_event(),
                        icon=ft.Icons.PLAY_ARROW,
                        ident="apply-event",
                    ),
                    button(
                        "On the calendar",
                        lambda e: self.ctx.navigate(table_route(self.session.table_id, "calendar")),
                        kind="text",
                        icon=ft.Icons.CALENDAR_VIEW_WEEK,
                    ),
                ]
            ),
            cite(self.ctx, rules().turn.event_source),
        ]

    def auction_step(self) -> list[ft.Control]:
        game = self.game
        if not show_vp_bids(game):
            return [body("No victory point token on the marker: nothing to auction.", muted=True)]
        held = game.vp_auctions_held()
        controls: list[ft.Control] = [
            tagged(
                "vp-auction",
                body(
                    f"Token {held + 1} of {held + game.vp_auctions_left} on the marker: one "
                    "blind bid. Type "
                    "each bid; a blank is 0. All 0 and the token stays for the next upkeep."
                ),
            )
        ]
        self.bids = {}
        fields: list[ft.Control] = []
        for name in game.seats:
            field = whole_number_field(
                f"{name}'s bid",
                self.drafts.bids.get(name, ""),
                on_change=typed(self.set_vp_bid, name),
                col={"xs": 6, "md": 3},
            )
            field.error_max_lines = 2
            self.bids[name] = field
            fields.append(tagged(f"bid-{name}", field))
        controls.append(ft.ResponsiveRow(fields, spacing=8, run_spacing=8))
        controls.append(
            button(
                "Settle this bid",
                lambda e: self.auction(),
                icon=ft.Icons.GAVEL,
                kind="tonal",
                ident="settle-bid",
            )
        )
        controls.append(ruling_chip(self.ctx, RULING_AUCTION_TIE))
        controls.append(
            why_link(self.ctx, ["mercante.vp_auction"], [RULING_AUCTION_TIE], ident="why-vp-bid")
        )
        controls.append(cite(self.ctx, rules().vp_auction.source, rules().vp_auction.tie_source))
        return controls

    def upkeep_steps(self) -> ft.Control:
        game = self.game
        at = game.upkeep_step or 1
        after = game.next_upkeeps(1)
        passes_to = after[0].passes_to if after else ""
        steps: list[ft.Control] = [
            notice(
                f"{game.active} holds the upkeep marker: these four steps come first, in order.",
                level="info",
            )
        ]
        done_types = (RemovalRecord, EventRecord, AuctionRecord, PassRecord)
        for number, title in enumerate(STEP_TITLES, start=1):
            if number < at:
                steps.append(self.step_done(done_types[number - 1], title))
                continue
            if number > at:
                steps.append(self.step_waiting(title, number - 1))
                continue
            steps.append(tagged(f"upkeep-step-{number}", ft.Text(title, weight=ft.FontWeight.BOLD)))
            if number == 1:
                steps += [
                    *self.removal_controls(),
                    ruling_chip(self.ctx, RULING_MUST_SPEND),
                    cite(self.ctx, rules().upkeep.removal_source, rules().upkeep.bottom_source),
                ]
            elif number == 2:
                steps += self.event_step()
            elif number == 3:
                steps += self.auction_step()
            else:
                steps += [
                    button(
                        f"Pass the upkeep marker to {passes_to}",
                        lambda e: self.act(PassUpkeepMarker()),
                        icon=ft.Icons.SUBDIRECTORY_ARROW_RIGHT,
                        ident="pass-marker",
                    ),
                    cite(self.ctx, rules().upkeep.pass_source),
                ]
        steps.append(cite(self.ctx, rules().turn.upkeep_source))
        return tagged("upkeep-steps", panel(*steps, title="Upkeep this turn"))

    # -- rendering: the shipment auction ----------------------------------------------------
    def shipment_panel(self) -> ft.Control:
        return tagged("shipment-panel", panel(*self.shipment_controls(), title="Shipment auction"))

    def shipment_controls(self) -> list[ft.Control]:
        game = self.game
        auction = game.auction
        facts_ = rules().shipment_auction
        controls: list[ft.Control] = []
        if auction is not None and auction.current is not None:
            lot = auction.current
            number = auction.lot + 1
            least = auction.minimum_bid or lot.minimum
            high = (
                f"High bid: {auction.high[0]}, {plural(auction.high[1], 'crown')}."
                if auction.high
                else f"No bid yet; the minimum is {plural(lot.minimum, 'crown')}."
            )
            bidder = auction.next_bidder
            controls += [
                tagged(
                    "auction-lot",
                    body(
                        f"Lot {number} of {len(auction.lots)}: the {lot.label}"
                        + (
                            f" (round {auction.round} of {auction.laps})"
                            if auction.laps > 1
                            else ""
                        )
                        + "."
                    ),
                ),
                tagged(
                    "auction-next",
                    ft.Text(
                        f"{bidder} to bid: at least {plural(least, 'crown')}",
                        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    ),
                ),
                small(high),
            ]
            field = whole_number_field(
                f"{bidder}'s bid",
                self.drafts.shipment.bid,
                on_change=typed(self.set_bid),
                col={"xs": 12, "sm": 6},
            )
            field.error_max_lines = 2
            self.bid_field = field
            controls.append(tagged("shipment-bid", field))
            controls.append(
                wrap(
                    [
                        button(
                            "Bid",
                            lambda e: self.typed_bid(),
                            icon=ft.Icons.GAVEL,
                            ident="place-bid",
                        ),
                        button(
                            "Pass",
                            lambda e: self.bid(None),
                            kind="outlined",
                            icon=ft.Icons.DO_NOT_DISTURB_ON_OUTLINED,
                            ident="pass-bid",
                        ),
                    ]
                )
            )
            controls += [small(line) for line in lot_lines(game)]
            if auction.laps > 1:
                controls.append(ruling_chip(self.ctx, RULING_SECOND_ROUND))
            if game.variants.reversed_auctions:
                controls.append(ruling_chip(self.ctx, RULING_REVERSED))
            controls.append(self.auction_why(game))
            controls.append(
                cite(self.ctx, facts_.bidding_source, facts_.last_source, facts_.crowns_source)
            )
            return controls
        if game.auctioned or game.auction_results():
            controls += [tagged("auction-results", body(line)) for line in lot_lines(game)]
            controls.append(small("The shipment auction is over for this turn."))
            return controls
        if game.step != "shipment":
            controls.append(
                body(
                    "The agents are at work: the shipment auction is over for this turn.",
                    muted=True,
                )
            )
            return controls
        draft = self.drafts.shipment
        problems = draft.errors() if draft.goods else {}
        controls.append(
            body(
                f"{game.active} chooses a shipment card. Add its goods top to bottom with each "
                "one's minimum bid, or run the auction at the table and go on to the agents.",
                muted=True,
            )
        )
        for i, good in enumerate(draft.goods):
            field = whole_number_field(
                f"{good_name(good)}: minimum bid",
                draft.minimums[i],
                on_change=typed(self.set_minimum, i),
                expand=True,
            )
            field.error = problems.get(("minimum", i)) if draft.minimums[i].strip() else None
            field.error_max_lines = 2
            controls.append(
                tagged(
                    f"shipment-token-{i + 1}",
                    ft.Row(
                        [
                            field,
                            ft.IconButton(
                                ft.Icon(ft.Icons.CLOSE, semantics_label=f"Take the {good} off"),
                                tooltip=f"Take the {good} off",
                                on_click=lambda e, i=i: self.drop_good(i),
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                )
            )
        if len(draft.goods) < facts_.most_tokens:
            controls.append(
                tagged(
                    "shipment-add",
                    ft.Dropdown(
                        label="Add a good from the card",
                        value=NONE,
                        options=[ft.DropdownOption(key=NONE, text="Choose a good")]
                        + [
                            ft.DropdownOption(key=g, text=good_name(g))
                            for m in markets()
                            for g in goods_in(m)
                        ],
                        on_select=lambda e: self.add_good(e.control.value),
                        expand=True,
                    ),
                )
            )
        if len(draft.goods) > 1:
            controls.append(
                tagged(
                    "single-lot",
                    ft.Switch(
                        label="All at once, as a single lot",
                        value=draft.single_lot,
                        on_change=switched(self.set_single_lot),
                    ),
                )
            )
            if draft.single_lot:
                whole = whole_number_field(
                    "Single lot: minimum bid",
                    draft.lot_minimum,
                    on_change=typed(self.set_lot_minimum),
                )
                if draft.lot_minimum.strip():
                    whole.error = problems.get(("lot_minimum",))
                controls.append(tagged("lot-minimum", whole))
        card_problem = problems.get(("goods",))
        if card_problem:
            controls.append(notice(card_problem, level="warning"))
            if "shipment card carries" in card_problem:
                controls.append(ruling_chip(self.ctx, RULING_SAMPLE_SHIPMENT))
        order = bidding_order(game.seats, game.active, reversed_=game.variants.reversed_auctions)
        rounds = "twice round" if len(order) == THREE_PLAYERS else "once round"
        controls.append(small(f"Bids go {rounds} from {order[0]}; {game.active} bids last."))
        controls.append(
            button(
                "Start the auction",
                lambda e: self.start_auction(),
                icon=ft.Icons.GAVEL,
                kind="tonal",
                ident="start-auction",
                disabled=not draft.goods or not self.session.playing,
            )
        )
        controls.append(self.auction_why(game))
        controls.append(
            cite(self.ctx, facts_.tokens_source, facts_.lots_source, facts_.minimum_source)
        )
        return controls

    def auction_why(self, game: MercanteGame) -> ft.Control:
        rulings_used = [RULING_SAMPLE_SHIPMENT]
        if len(game.seats) == THREE_PLAYERS:
            rulings_used.append(RULING_SECOND_ROUND)
        if game.variants.reversed_auctions:
            rulings_used.append(RULING_REVERSED)
        return why_link(self.ctx, ["mercante.auction"], rulings_used, ident="why-auction")

    # -- rendering: the agents --------------------------------------------------------------
    def agents_panel(self) -> ft.Control:
        game = self.game
        playing = self.session.playing
        player = game.player(game.active)
        left = game.agents_left()
        agents, stores = rules().agents, rules().warehouses

        def seals(action_id: str) -> str:
            count = game.seals_left(action_id)
            return "" if count is None else f" ({count} left)"

        rows: list[ft.Control] = [
            tagged(
                "agents-left",
                body(
                    f"{game.active}: {left} of {plural(game.usable_agents(), 'agent')} left this "
                    f"turn, {plural(player.warehouses, 'warehouse')}, "
                    f"{plural(player.vp, 'VP token')} counted. Each agent does one action."
                ),
            )
        ]
        if game.is_upkeep_turn:
            rows.append(small("The agents come after upkeep.", muted=False))
        elif game.auction is not None:
            rows.append(small("The agents wait for the shipment auction to finish.", muted=False))
        security: list[ft.Control] = [
            button(
                f"Security: warehouse {w}",
                lambda e, w=w: self.act(Security(w)),
                icon=ft.Icons.SHIELD_OUTLINED,
                kind="outlined",
                ident=f"security-{w}",
                disabled=not playing or not game.can_security(w),
            )
            for w in range(1, player.warehouses + 1)
        ]
        rows.append(
            wrap(
                [
                    button(
                        "Hire dockworkers: sell",
                        lambda e: self.ctx.navigate(table_route(self.session.table_id, "sale")),
                        icon=ft.Icons.STOREFRONT,
                        kind="outlined",
                        ident="go-sell",
                    ),
                    button(
                        f"Buy one victory point{seals(BUY_VP)}",
                        lambda e: self.act(BuyVictoryPoint()),
                        icon=ft.Icons.STARS_OUTLINED,
                        kind="outlined",
                        ident="buy-vp",
                        disabled=not playing or not game.can_buy_vp(),
                    ),
                    button(
                        "Bought an agent",
                        lambda e: self.act(ImproveHouse("agent")),
                        icon=ft.Icons.PERSON_ADD_ALT,
                        kind="outlined",
                        ident="buy-agent",
                        disabled=not playing or not game.can_improve("agent"),
                    ),
                    button(
                        f"Bought a warehouse ({plural(stores.cost, 'crown')})",
                        lambda e: self.act(ImproveHouse("warehouse")),
                        icon=ft.Icons.WAREHOUSE_OUTLINED,
                        kind="outlined",
                        ident="buy-warehouse",
                        disabled=not playing or not game.can_improve("warehouse"),
                    ),
                    button(
                        "Manipulate events: play a card",
                        lambda e: self.ctx.navigate(table_route(self.session.table_id, "calendar")),
                        icon=ft.Icons.CALENDAR_VIEW_WEEK,
                        kind="outlined",
                        ident="manipulate-play",
                        disabled=not playing or not game.can_manipulate_events(),
                    ),
                    button(
                        "Manipulate events: drew a second",
                        lambda e: self.act(ManipulateEvents()),
                        icon=ft.Icons.STYLE_OUTLINED,
                        kind="outlined",
                        ident="manipulate-draw",
                        disabled=not playing or not game.can_manipulate_events(),
                    ),
                    *security,
                    button(
                        "Select a contract",
                        lambda e: self.act(SelectContract()),
                        icon=ft.Icons.DESCRIPTION_OUTLINED,
                        kind="outlined",
                        ident="select-contract",
                        disabled=not playing or not game.can_select_contract(),
                    ),
                    button(
                        "Skulduggery",
                        lambda e: self.act(Skulduggery()),
                        icon=ft.Icons.MASKS_OUTLINED,
                        kind="outlined",
                        ident="skulduggery",
                        disabled=not playing or not game.can_skulduggery(),
                    ),
                    button(
                        "Gather intelligence",
                        lambda e: self.act(GatherIntelligence()),
                        icon=ft.Icons.VISIBILITY_OUTLINED,
                        kind="outlined",
                        ident="gather-intelligence",
                        disabled=not playing or not game.can_gather_intelligence(),
                    ),
                ]
            )
        )
        names = ", ".join(
            f"{a.name}" + (f" ({a.seals})" if a.seals and a.seals > 1 else "")
            for a in rules().agent_action
            if a.id
            in (
                BUY_VP,
                IMPROVE_HOUSE,
                MANIPULATE_EVENTS,
                SELECT_CONTRACT,
                SKULDUGGERY,
                GATHER_INTELLIGENCE,
            )
        )
        rows.append(
            small(
                f"One agent a seal: {names} once a turn unless shown; Security once per "
                f"warehouse; Hire Dockworkers as often as there are agents. At most "
                f"{agents.max} agents and {stores.max} warehouses of {stores.capacity} goods; an "
                "agent bought works from the next turn. Buying an agent moves the reference "
                f"track 1, a victory point 2 (the track is {plural(game.track, 'space')} on)."
            )
        )
        rows.append(ruling_chip(self.ctx, RULING_DOCKWORKERS))
        rows.append(
            why_link(
                self.ctx,
                ["mercante.agents", "mercante.improve_house", "mercante.buy_vp"],
                [RULING_DOCKWORKERS],
                ident="why-agents",
            )
        )
        rows.append(
            cite(
                self.ctx,
                rules().turn.one_agent_source,
                rules().turn.seal_source,
                rules().action(BUY_VP).source,
                rules().action(SECURITY).source,
                agents.new_agent_source,
                stores.cost_source,
            )
        )
        return tagged("agents-panel", panel(*rows, title="Agents"))

    # -- the other panels ---------------------------------------------------------------------
    def costs_panel(self) -> ft.Control:
        game = self.game
        costs = game.upkeep_costs()
        table: list[ft.Control] = [tagged("upkeep-points", body(upkeep_headline(costs)))]
        for line in cost_lines(costs):
            table.append(
                tagged(
                    f"cost-{line.market}",
                    ft.Row(
                        [
                            ft.Text(line.name, expand=True),
                            ft.Text(f"{line.cost} per token", weight=ft.FontWeight.BOLD),
                            ft.Container(
                                small(f"up to {line.most}"),
                                width=72,
                                alignment=ft.Alignment.CENTER_RIGHT,
                            ),
                        ]
                    ),
                )
            )
        table.append(small("Tokens come off the bottom: the most recently sold first."))
        rulings_used: list[str] = []
        if costs.players == THREE_PLAYERS or costs.resolved_as != costs.players:
            table.append(ruling_chip(self.ctx, RULING_THREE_PLAYER_LUXURIES))
            rulings_used.append(RULING_THREE_PLAYER_LUXURIES)
        keys = ["mercante.removal", "mercante.upkeep"]
        if game.variants.alternate_five_player_upkeep:
            table.append(
                small(
                    "Variant: Alternate Five-Player Upkeep (the marker moves two seats, upkeep "
                    "as for four players).",
                    muted=False,
                )
            )
            keys.append("mercante.variant:alternate_five_player_upkeep")
        table.append(why_link(self.ctx, keys, rulings_used, ident="why-removal-points"))
        luxuries = facts().market("luxuries")
        sources = [rules().upkeep.removal_source, luxuries.removal_source]
        if luxuries.removal_three_players_source and costs.resolved_as == THREE_PLAYERS:
            sources.append(luxuries.removal_three_players_source)
        if game.variants.alternate_five_player_upkeep:
            sources.append(rules().variants.alternate_five_player_upkeep.source)
        table.append(cite(self.ctx, *sources, rules().upkeep.bottom_source))
        return panel(*table, title="Removal points")

    def schedule_panel(self) -> ft.Control:
        game = self.game
        costs = game.upkeep_costs()
        schedule: list[ft.Control] = [
            tagged(f"upkeep-next-{i}", body(line))
            for i, line in enumerate(schedule_lines(game.next_upkeeps(4)))
        ]
        every = len(game.seats) - costs.pass_seats
        schedule.append(
            small(
                f"The marker passes {plural(costs.pass_seats, 'seat')} to the right while turns go "
                f"to the left, so upkeep comes round every {plural(every, 'turn')}."
            )
        )
        schedule.append(why_link(self.ctx, ["mercante.pass_marker"], ident="why-schedule"))
        schedule.append(cite(self.ctx, rules().upkeep.pass_source))
        return panel(*schedule, title="When is upkeep?")

    def teams_panel(self) -> ft.Control | None:
        game = self.game
        if not game.variants.talk_of_peace:
            return None
        return tagged(
            "teams-panel",
            panel(
                *[tagged(f"team-{i + 1}", body(line)) for i, line in enumerate(team_lines(game))],
                small(talk_of_peace_goal(game.house)),
                ruling_chip(self.ctx, "mercante.talk_of_peace_totals"),
                cite(self.ctx, rules().variants.talk_of_peace.source),
                title="Talk of Peace",
            ),
        )

    # -- the screen -------------------------------------------------------------------------
    def build(self) -> Screen:
        content: list[ft.Control] = [
            self.upkeep_slot.box,
            self.shipment_slot.box,
            self.agents_slot.box,
            self.teams_slot.box,
            self.schedule_slot.box,
            self.costs_slot.box,
        ]
        screen = self.session.screen(content)
        self.session.start()
        return screen


def removal_cost_label(cost: Fraction) -> str:
    """``1 point``, ``2 points``, ``½ point``."""
    return f"{points_text(cost)} point{'s' if cost > 1 else ''}"
