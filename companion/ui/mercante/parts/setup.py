"""The Setup tab: each seat's starting crowns (plus the contract kept), who starts with the
upkeep marker, the house's starting assets, and the way to the full setup checklist."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import (
    KeepContract,
    MercanteGame,
    MercanteTable,
    TakeContract,
    TickSetupStep,
    contract_values,
    contracts_kept,
    facts,
    rules,
    setup_seats,
)
from companion.engine.setup import setup_checklist
from companion.rules import Source
from companion.tables import Snapshot
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, panel, small, tagged
from companion.ui.mercante.model import plural
from companion.ui.mercante.parts import check_row, cite
from companion.ui.mercante.parts.contracts import MyContractsPanel
from companion.ui.mercante.parts.deal import SetupDealPanel
from companion.ui.paint import Slot
from companion.ui.screen import Screen

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen


def kept_at_setup(game: MercanteGame, name: str) -> tuple[int, ...]:
    """The crowns of the contracts ``name`` kept at setup, where the app keeps the game."""
    return tuple(
        r.action.crowns
        for r in game.log
        if isinstance(r.action, TakeContract) and r.action.player == name
    )


def tap_kept(
    fn: Callable[[str, int, int | None], None], name: str, index: int
) -> Callable[[Any], None]:
    """A contract picker's handler: the value chosen, or ``None`` when none is."""

    def handler(e: Any) -> None:
        selected = e.control.selected or []
        fn(name, index, int(selected[0]) if selected else None)

    return handler


class SetupTab:
    """The Setup tab: the contracts kept and the checklist are the table's (every phone sees
    each pick and tick at once); the rest is the game's start."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.seats_slot = Slot(session.paint)
        self.pickers: dict[tuple[str, int], ft.SegmentedButton] = {}
        self.checklist_slot = Slot(session.paint)
        session.on_render(self.render)
        # the setup deal: deal two, keep one, told on the player's own phone (or the value
        # alone, with the pickers above); the holder tells the one kept on their phone
        self.deal = SetupDealPanel(session)
        self.contracts = MyContractsPanel(session)

    def set_kept(self, name: str, index: int, value: int | None) -> None:
        game = self.session.table.game
        if not game.ledger:
            self.session.act(KeepContract(name, index, value))
        elif value is None or index < len(kept_at_setup(game, name)):
            # the app already paid its crowns: the table's Undo takes a contract back
            self.session.refuse(f"{name}'s contract is kept: Undo takes it back")
            kept = kept_at_setup(game, name)
            picker = self.pickers.get((name, index))
            if picker is not None:  # it shows the one kept again
                picker.selected = [str(kept[index])] if index < len(kept) else []
                self.session.paint.touch(self.seats_slot.box)
            self.session.redraw()
        else:
            self.session.act(TakeContract(name, value))

    def render(self, snapshot: Snapshot) -> None:
        table = self.session.table
        playing = self.session.playing
        game = table.game
        kept = tuple((n, kept_at_setup(game, n)) for n in game.seats) if game.ledger else table.kept
        setup = game.in_setup if game.ledger else True
        self.seats_slot.set(
            (kept, playing, setup), lambda: self.seats(table, playing and setup, dict(kept))
        )
        self.checklist_slot.set((table.setup_done, playing), lambda: self.checklist(table, playing))

    def seats(
        self, table: MercanteTable, playing: bool, kept: dict[str, tuple[int, ...]]
    ) -> ft.Control:
        game = table.game
        variants = game.variants
        kept_now = {n: v[: contracts_kept(variants=variants)] for n, v in kept.items()}
        starts = setup_seats(game.seats, kept_now, variants=variants)
        rows: list[ft.Control] = []
        for seat in starts:
            working = f"{seat.starting} to start"
            for value in seat.contracts:
                working += f" + {value}"
            if seat.contracts:
                working += " contract" + ("s" if len(seat.contracts) > 1 else "")
            roles = ["first player"] if seat.position == 1 else []
            if seat.upkeep_marker:
                roles.append("takes the upkeep marker")
            pickers: list[ft.Control] = []
            for k in range(seat.keeps):
                chosen = seat.contracts[k] if k < len(seat.contracts) else None
                picker = self.pickers[(seat.name, k)] = ft.SegmentedButton(
                    segments=[
                        ft.Segment(value=str(v), label=ft.Text(str(v))) for v in contract_values()
                    ],
                    selected=[str(chosen)] if chosen is not None else [],
                    allow_empty_selection=True,
                    show_selected_icon=False,
                    disabled=k > len(seat.contracts) or not playing,
                    on_change=tap_kept(self.set_kept, seat.name, k),
                )
                pickers.append(
                    tagged(
                        f"kept-{seat.position}" + (f"-{k + 1}" if seat.keeps > 1 else ""), picker
                    )
                )
            rows.append(
                tagged(
                    f"start-{seat.position}",
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.CircleAvatar(content=ft.Text(str(seat.position)), radius=18),
                                    ft.Column(
                                        [
                                            ft.Text(
                                                seat.name,
                                                theme_style=ft.TextThemeStyle.BODY_LARGE,
                                                max_lines=1,
                                                overflow=ft.TextOverflow.ELLIPSIS,
                                            ),
                                            *([small(", ".join(roles))] if roles else []),
                                        ],
                                        spacing=0,
                                        expand=True,
                                    ),
                                    ft.Column(
                                        [
                                            tagged(
                                                f"crowns-{seat.position}",
                                                ft.Text(
                                                    plural(seat.crowns, "crown"),
                                                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                                                ),
                                            ),
                                            tagged(f"working-{seat.position}", small(working)),
                                        ],
                                        spacing=0,
                                        horizontal_alignment=ft.CrossAxisAlignment.END,
                                    ),
                                ],
                                spacing=8,
                            ),
                            ft.Row(
                                [
                                    small(
                                        "Contracts kept" if seat.keeps > 1 else "Contract kept",
                                        muted=False,
                                    ),
                                    *pickers,
                                ],
                                spacing=8,
                                wrap=True,
                            ),
                        ],
                        spacing=4,
                    ),
                )
            )
        total = sum(s.crowns for s in starts)
        rows.append(small(f"{plural(total, 'crown')} handed out in all; the rest is the bank."))
        rows.append(
            why_link(
                self.ctx, ["mercante.starting_crowns", "mercante.contracts"], ident="why-crowns"
            )
        )
        return ft.Column(rows, spacing=8)

    def tick(self, step_id: str, done: bool) -> None:
        self.session.act(TickSetupStep(step_id, done))

    def checklist(self, table: MercanteTable, playing: bool) -> ft.Control:
        """Every step of setting up the box for this table, ticked off as the group goes."""
        steps = setup_checklist("mercante", (), len(table.players))
        ticks = set(table.setup_done)
        done = sum(1 for s in steps if s.id in ticks)
        rows: list[ft.Control] = [
            tagged(
                "mercante-setup-progress",
                body(
                    f"{done} of {len(steps)} done"
                    + (" — the table is ready." if done == len(steps) else ".")
                ),
            ),
            ft.ProgressBar(value=done / len(steps) if steps else 1),
        ]
        for number, step in enumerate(steps, start=1):
            rows.append(
                check_row(
                    f"{number}. {step.text}",
                    step.id in ticks,
                    lambda e, sid=step.id: self.tick(sid, bool(e.control.value)),
                    ident=f"mercante-setup-step-{step.id}",
                    disabled=not playing,
                )
            )
        sources = [s.source for s in steps]
        rows.append(cite(self.ctx, *dict.fromkeys(sources)))
        return ft.Column(rows, spacing=4)

    def checklist_panel(self) -> ft.Control:
        return panel(
            self.checklist_slot.box,
            small(
                "The same steps, with the other games' and the modules', are in Setup › "
                "Setup assistant."
            ),
            title="Setup checklist",
        )

    def starting_text(self) -> str:
        game = self.session.table.game
        facts_ = rules()
        if game.variants.contractual_obligations:
            variant = facts_.variants.contractual_obligations
            return (
                f"Contractual Obligations: each player starts with {variant.per_position} crowns "
                f"for each place in turn order (no base {facts_.starting_crowns.base}), draws "
                f"{variant.contracts_kept} contracts, keeps them all and takes their crowns."
            )
        return (
            f"Each player starts with {facts_.starting_crowns.base} crowns plus "
            f"{facts_.starting_crowns.per_position} for each place in turn order, then keeps one "
            "of two contracts dealt and takes its value from the bank."
        )

    def starting_sources(self) -> list[Source]:
        facts_ = rules()
        if self.session.table.game.variants.contractual_obligations:
            return [facts_.variants.contractual_obligations.source]
        return [facts_.starting_crowns.source, facts_.setup.contracts_source]

    def table_lines(self) -> list[ft.Control]:
        """The reference track on the table, and the variants this game plays."""
        game = self.session.table.game
        track = game.variants.track_for(len(game.seats))
        lines: list[ft.Control] = [
            tagged(
                "reference-track",
                body(
                    f"Reference track: the one for {track} players"
                    + (
                        f" (Longer or Shorter Games, at a table of {len(game.seats)})."
                        if track != len(game.seats)
                        else "."
                    )
                ),
            )
        ]
        names = [facts().variant(v).name for v in game.variants.ids]
        lines.append(
            tagged(
                "variants-in-play",
                body("Variants: " + ", ".join(names) + "." if names else "No variants."),
            )
        )
        if game.variants.teams:
            teams = "; ".join(" and ".join(t) for t in game.variants.teams)
            lines.append(body(f"Talk of Peace teams: {teams}."))
        return lines

    def build(self) -> Screen:
        game = self.session.table.game
        facts_ = rules()
        first = game.start.slots[0]
        deck = ", ".join(
            f"{v.count} × {v.crowns} crowns"
            for v in sorted(facts().deck.value, key=lambda v: -v.crowns)
        )
        content: list[ft.Control] = [
            panel(
                body(self.starting_text(), muted=True),
                self.seats_slot.box,
                cite(self.ctx, *self.starting_sources(), facts_.setup.upkeep_marker_source),
                title="Starting crowns",
            ),
            self.deal.slot.box,
            self.contracts.slot.box,
            panel(
                body(
                    f"First event: {first.name} (in space A)."
                    if first is not None
                    else "No first event was noted: play it on the Calendar tab."
                ),
                body(
                    f"Every house starts with {facts_.agents.start} agents (at most "
                    f"{facts_.agents.max}) and {facts_.warehouses.start} warehouse of "
                    f"{facts_.warehouses.capacity} goods (at most {facts_.warehouses.max}, "
                    f"{plural(facts_.warehouses.cost, 'crown')} each).",
                ),
                body(f"The contract deck: {facts().deck.size} cards ({deck})."),
                *self.table_lines(),
                cite(
                    self.ctx,
                    facts_.setup.first_event_source,
                    facts_.agents.start_source,
                    facts_.warehouses.start_source,
                    facts().deck.source,
                ),
                title="On the table",
            ),
            self.checklist_panel(),
        ]
        screen = self.session.screen(content)
        return screen
