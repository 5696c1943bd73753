"""The Upkeep tab: whose turn it is and when upkeep comes round, the removal points and costs
for this table, and the upkeep steps on the marker holder's turn (remove tokens, the event,
the victory point auction, passing the marker)."""

from __future__ import annotations

import functools

import flet as ft

from companion.engine.mercante import MercanteError, facts, markets, rules
from companion.engine.mercante.upkeep import (
    RULING_AUCTION_TIE,
    RULING_MUST_SPEND,
    RULING_THREE_PLAYER_LUXURIES,
    THREE_PLAYERS,
)
from companion.ui.logic.mercante import (
    cost_lines,
    market_name,
    parse_count,
    plural,
    removal_cost_text,
    schedule_lines,
    upkeep_headline,
)
from companion.ui.screen import Screen
from companion.ui.views.mercante.base import MercanteSession, route
from companion.ui.views.mercante.parts import cite, ruling_chip, stepper
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

FIVE_PLAYER_RULING = "mercante.alternate_five_player_upkeep"


class UpkeepTab:
    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.removals: dict[str, int] = {}
        self.removal_box = ft.Column(spacing=8)
        self.bids: dict[str, ft.TextField] = {}

    # -- actions ----------------------------------------------------------------------------
    def end_turn(self) -> None:
        self.session.act(lambda g: g.end_turn())

    def pass_marker(self) -> None:
        self.session.act(lambda g: g.pass_upkeep_marker())

    def improve(self, asset: str) -> None:
        self.session.act(lambda g: g.improve(asset))  # type: ignore[arg-type]

    def set_removal(self, market: str, count: int) -> None:
        self.removals[market] = max(0, count)
        self.render_removal()
        self.session.update(self.removal_box)

    def remove(self) -> None:
        chosen = {m: n for m, n in self.removals.items() if n}
        self.session.act(lambda g: g.remove_goods(chosen))

    def auction(self) -> None:
        bids: dict[str, int] = {}
        bad = False
        for name, field in self.bids.items():
            try:
                bids[name] = parse_count(field.value or "", blank=0)
                field.error = None
            except ValueError as exc:
                field.error = str(exc)
                bad = True
        if bad:
            self.session.update(next(iter(self.bids.values())))
            return
        self.session.act(lambda g: g.auction_vp(bids))

    # -- rendering --------------------------------------------------------------------------
    def render_removal(self) -> None:
        game = self.session.game
        costs = game.upkeep_costs()
        board = game.board
        if board is None:
            self.removal_box.controls = [
                body(
                    f"Spend {plural(costs.points, 'removal point')} taking tokens off the bottom "
                    "of the markets (the most recently sold first). The app does not track the "
                    "board in this game, so do it on the table.",
                ),
            ]
            return
        rows: list[ft.Control] = []
        for market in markets():
            tracked = board.market(market)
            count = min(self.removals.get(market, 0), tracked.covered)
            rows.append(
                ft.Row(
                    [
                        ft.Column(
                            [
                                ft.Text(market_name(market)),
                                small(f"{tracked.covered} on the board"),
                            ],
                            spacing=0,
                            expand=True,
                        ),
                        stepper(
                            count,
                            functools.partial(self.set_removal, market),
                            label=f"{market_name(market).lower()} token",
                            maximum=tracked.covered,
                            ident=f"remove-{market}",
                        ),
                    ]
                )
            )
        chosen = {m: n for m, n in self.removals.items() if n}
        try:
            game.verify_remove_goods(chosen)
            problem = None
        except MercanteError as exc:
            problem = str(exc)
        rows.append(body(removal_cost_text(chosen, costs)))
        if problem:
            rows.append(notice(problem[:1].upper() + problem[1:], level="warning"))
        rows.append(
            button(
                "Take these tokens off",
                lambda e: self.remove(),
                icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                ident="remove-goods",
                disabled=problem is not None,
            )
        )
        self.removal_box.controls = rows

    def upkeep_steps(self) -> ft.Control:
        game = self.session.game
        holder = game.active
        after = game.next_upkeeps(1)
        passes_to = after[0].passes_to if after else ""
        steps: list[ft.Control] = [
            notice(f"{holder} holds the upkeep marker: upkeep comes first this turn.", level="info")
        ]
        steps.append(ft.Text("1. Take tokens off the markets", weight=ft.FontWeight.BOLD))
        if game.removed_this_turn:
            steps.append(body("Done this turn.", muted=True))
        else:
            self.render_removal()
            steps.append(self.removal_box)
        steps.append(ruling_chip(self.ctx, RULING_MUST_SPEND))
        steps.append(cite(self.ctx, rules().upkeep.removal_source, rules().upkeep.bottom_source))
        steps.append(ft.Text("2. Apply one event", weight=ft.FontWeight.BOLD))
        steps.append(
            wrap(
                [
                    body("Turn over the top event card and play it."),
                    button(
                        "Go to the calendar",
                        lambda e: self.ctx.navigate(route("calendar")),
                        kind="text",
                        icon=ft.Icons.CALENDAR_VIEW_WEEK,
                    ),
                ]
            )
        )
        steps.append(ft.Text("3. Auction victory points", weight=ft.FontWeight.BOLD))
        steps.append(
            body(
                "One blind bid per token on the upkeep marker (skip when there is none). "
                "Type each bid; a blank is 0.",
                muted=True,
            )
        )
        self.bids = {}
        fields: list[ft.Control] = []
        for name in game.seats:
            field = whole_number_field(f"{name}'s bid", col={"xs": 6, "md": 3})
            self.bids[name] = field
            fields.append(tagged(f"bid-{name}", field))
        steps.append(ft.ResponsiveRow(fields, spacing=8, run_spacing=8))
        steps.append(
            button(
                "Settle this bid",
                lambda e: self.auction(),
                icon=ft.Icons.GAVEL,
                kind="tonal",
                ident="settle-bid",
            )
        )
        steps.append(ruling_chip(self.ctx, RULING_AUCTION_TIE))
        steps.append(cite(self.ctx, rules().vp_auction.source, rules().vp_auction.tie_source))
        steps.append(ft.Text("4. Pass the upkeep marker", weight=ft.FontWeight.BOLD))
        steps.append(
            button(
                f"Pass the upkeep marker to {passes_to}",
                lambda e: self.pass_marker(),
                icon=ft.Icons.SUBDIRECTORY_ARROW_RIGHT,
                ident="pass-marker",
            )
        )
        steps.append(cite(self.ctx, rules().upkeep.pass_source))
        return panel(*steps, title="Upkeep this turn")

    def turn_panel(self) -> ft.Control:
        game = self.session.game
        player = game.player(game.active)
        agents, stores = rules().agents, rules().warehouses
        seats = game.seats
        nxt = seats[(seats.index(game.active) + 1) % len(seats)]
        improved = not game.can_improve("agent") and not game.can_improve("warehouse")
        waiting = (
            f" ({game.new_agents} bought this turn, working from the next)"
            if game.new_agents
            else ""
        )
        controls: list[ft.Control] = [
            body(
                f"{game.active} has {plural(player.agents, 'agent')}{waiting} and "
                f"{plural(player.warehouses, 'warehouse')}. Record a purchase so the sale "
                "calculator knows the agents.",
            ),
            wrap(
                [
                    button(
                        "Bought an agent",
                        lambda e: self.improve("agent"),
                        icon=ft.Icons.PERSON_ADD_ALT,
                        kind="outlined",
                        ident="buy-agent",
                        disabled=improved or player.agents >= agents.max,
                    ),
                    button(
                        f"Bought a warehouse ({stores.cost} crowns)",
                        lambda e: self.improve("warehouse"),
                        icon=ft.Icons.WAREHOUSE_OUTLINED,
                        kind="outlined",
                        ident="buy-warehouse",
                        disabled=improved or player.warehouses >= stores.max,
                    ),
                ]
            ),
            small(
                f"One purchase a turn (one Improve House Assets seal); at most {agents.max} "
                f"agents and {stores.max} warehouses of {stores.capacity} goods each."
            ),
        ]
        if game.is_upkeep_turn:
            controls.append(
                notice("Finish upkeep (pass the marker) before ending the turn.", level="info")
            )
        controls.append(
            button(
                f"End {game.active}'s turn: {nxt} is next",
                lambda e: self.end_turn(),
                icon=ft.Icons.SKIP_NEXT,
                ident="end-turn",
                disabled=game.is_upkeep_turn,
            )
        )
        controls.append(
            cite(
                self.ctx,
                agents.improvements_source,
                agents.new_agent_source,
                agents.max_source,
                stores.cost_source,
                stores.max_source,
            )
        )
        return panel(*controls, title="This turn")

    def build(self) -> Screen:
        game = self.session.game
        costs = game.upkeep_costs()
        table: list[ft.Control] = [tagged("upkeep-points", body(upkeep_headline(costs)))]
        for line in cost_lines(costs):
            table.append(
                tagged(
                    f"cost-{line.market}",
                    ft.Row(
                        [
                            ft.Text(line.name, expand=True),
                            ft.Text(
                                f"{line.cost} per token",
                                weight=ft.FontWeight.BOLD,
                            ),
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
        ids: list[str] = []
        if costs.players == THREE_PLAYERS or costs.resolved_as != costs.players:
            ids.append(RULING_THREE_PLAYER_LUXURIES)
        if costs.players == rules().variants.alternate_five_player_upkeep.players:
            ids.append(FIVE_PLAYER_RULING)
        table += [ruling_chip(self.ctx, i) for i in ids]
        luxuries = facts().market("luxuries")
        sources = [rules().upkeep.removal_source, luxuries.removal_source]
        if luxuries.removal_three_players_source and costs.resolved_as == THREE_PLAYERS:
            sources.append(luxuries.removal_three_players_source)
        table.append(cite(self.ctx, *sources, rules().upkeep.bottom_source))

        schedule = [
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
        schedule.append(cite(self.ctx, rules().upkeep.pass_source))
        content: list[ft.Control] = []
        if game.is_upkeep_turn:
            content.append(self.upkeep_steps())
        content += [
            self.turn_panel(),
            panel(*schedule, title="When is upkeep?"),
            panel(*table, title="Removal points"),
        ]
        return self.session.screen("upkeep", content)
