"""Your contracts (issue 20, "Private information"): on the phone that says whose it is, that
player's contracts, what each asks and is worth, which the goods they took could complete,
and a way to tell the app a card's face. Built only for the holder's own phone, so no other
phone is ever sent a face; a phone that holds no one is told how to say whose it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import facts
from companion.engine.mercante.ledger import Contract
from companion.tables import Snapshot
from companion.ui.kit.widgets import Steps, body, button, outlined, panel, small, tagged
from companion.ui.mercante.model import good_name
from companion.ui.mercante.model.contracts import (
    CardDraft,
    drafts_key,
    goods_for,
    kind_words,
    kinds_worth,
    my_contracts,
    returned_text,
    show_contract,
    tell_problem,
)
from companion.ui.paint import Slot

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen

NONE = "-"


class MyContractsPanel:
    """The panel, rebuilt when this phone's player, their contracts or what is being told
    here changed; nothing at all on a game whose crowns the table counts."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.drafts = session.draft
        self.slot = Slot(session.paint)
        session.on_render(self.render)

    def render(self, snapshot: Snapshot) -> None:
        game = self.session.table.game
        if not game.ledger:
            self.slot.set(None, lambda: None)
            return
        me = self.session.me
        if me is None:
            self.slot.set("nobody", self.nobody)
            return
        key = (
            me,
            game.contracts_of(me),
            game.goods_seen(me),
            game.returned_by(me),
            self.session.playing,
            drafts_key(self.drafts.cards),
        )
        self.slot.set(key, lambda: self.panel(me))

    # -- actions ----------------------------------------------------------------------------
    def draft(self, number: int) -> CardDraft:
        return self.drafts.cards.setdefault(number, CardDraft())

    def changed(self) -> None:
        self.session.redraw()

    def choose_kind(self, number: int, kind: str | None) -> None:
        self.draft(number).choose_kind(None if kind in (None, NONE) else kind)
        self.changed()

    def set_good(self, number: int, index: int, good: str | None) -> None:
        self.draft(number).set_good(index, None if good == NONE else good)
        self.changed()

    def step(self, number: int, what: str, change: int) -> None:
        self.draft(number).step(what, change)
        self.changed()

    def stepper(self, number: int, what: str) -> Callable[[int], None]:
        return lambda change: self.step(number, what, change)

    def tell(self, me: str, contract: Contract) -> None:
        try:
            action = show_contract(me, contract, self.draft(contract.number))
        except ValueError as exc:
            self.session.refuse(str(exc))
            return
        problem = tell_problem(self.session.table.game, action)
        if problem:
            self.session.refuse(problem)
            return

        def done() -> None:
            self.drafts.cards.pop(contract.number, None)

        self.session.act(action, then=done)

    # -- building ---------------------------------------------------------------------------
    def nobody(self) -> ft.Control:
        return tagged(
            "my-contracts",
            panel(
                small(
                    "Contracts are hidden cards: the phone that says whose it is shows that "
                    "player's own (table menu › Whose phone is this?). Every phone shows how "
                    "many each player holds.",
                ),
                title="Your contracts",
            ),
        )

    def panel(self, me: str) -> ft.Control:
        game = self.session.table.game
        mine = my_contracts(game, me)
        rows: list[ft.Control] = [
            small(f"Only this phone ({me}'s) shows them.", muted=True),
        ]
        if not mine:
            rows.append(body(f"{me} holds no contract."))
        for number, shown in enumerate(mine, start=1):
            lines: list[ft.Control] = [tagged(f"my-contract-{number}", body(shown.text))]
            if shown.note:
                lines.append(tagged(f"my-contract-{number}-note", small(shown.note, muted=False)))
            if shown.contract.card is None:
                lines.extend(self.tell_form(me, shown.contract, number))
            rows.append(
                outlined(
                    ft.Column(lines, spacing=4, tight=True),
                    padding=10,
                )
            )
        returned = returned_text(game, me)
        if returned:
            rows.append(tagged("my-returned", small(returned, muted=True)))
        return tagged("my-contracts", panel(*rows, title=f"{me}'s contracts"))

    def tell_form(self, me: str, contract: Contract, number: int) -> list[ft.Control]:
        playing = self.session.playing
        controls = face_fields(
            "tell",
            number,
            self.draft(contract.number),
            [(k.id, kind_words(k)) for k in kinds_worth(contract.crowns)],
            playing,
            on_kind=lambda kind: self.choose_kind(contract.number, kind),
            on_good=lambda k, good: self.set_good(contract.number, k, good),
            stepper=lambda what: self.stepper(contract.number, what),
        )
        controls.append(
            button(
                "Tell the app",
                lambda e: self.tell(me, contract),
                icon=ft.Icons.LOCK_OUTLINE,
                kind="tonal",
                ident=f"tell-contract-{number}",
                disabled=not playing,
            )
        )
        return controls


def face_fields(
    prefix: str,
    number: int,
    draft: CardDraft,
    kinds: list[tuple[str, str]],
    playing: bool,
    *,
    on_kind: Callable[[str | None], None],
    on_good: Callable[[int, str | None], None],
    stepper: Callable[[str], Callable[[int], None]],
) -> list[ft.Control]:
    """A contract card's face being told: what it asks for (``kinds``: ``(id, label)``), the
    goods it names, the victory points it gains and its penalty; each control tagged
    ``{prefix}-kind-{number}``, ``{prefix}-good-{number}-{k}``, ``{prefix}-vp-{number}`` ...
    (the card-face picker of the contracts panel and of the setup deal)."""
    controls: list[ft.Control] = [
        tagged(
            f"{prefix}-kind-{number}",
            ft.Dropdown(
                label="What the card asks for",
                value=draft.kind or NONE,
                options=[ft.DropdownOption(key=NONE, text="Choose")]
                + [ft.DropdownOption(key=key, text=text) for key, text in kinds],
                on_select=lambda e: on_kind(e.control.value),
                disabled=not playing,
                expand=True,
            ),
        )
    ]
    if draft.kind is not None:
        group = facts().contract(draft.kind)
        options = [ft.DropdownOption(key=NONE, text="Choose")] + [
            ft.DropdownOption(key=g, text=good_name(g)) for g in goods_for(draft.kind)
        ]
        goods: list[ft.Control] = []
        for k in range(group.quantity):
            chosen = draft.goods[k] if k < len(draft.goods) and draft.goods[k] else NONE
            goods.append(
                tagged(
                    f"{prefix}-good-{number}-{k + 1}",
                    ft.Dropdown(
                        label=f"Good {k + 1}",
                        value=chosen,
                        options=options,
                        on_select=lambda e, k=k: on_good(k, e.control.value),
                        disabled=not playing,
                        col={"xs": 6, "md": 4},
                    ),
                )
            )
        controls.append(ft.ResponsiveRow(goods, spacing=8, run_spacing=8))
    for what, label, value in (
        ("vp", "VP gained", draft.vp),
        ("penalty", "Penalty if unfulfilled", draft.penalty),
    ):
        steps = Steps(
            ft.Text(theme_style=ft.TextThemeStyle.TITLE_MEDIUM, text_align=ft.TextAlign.CENTER),
            stepper(what),
            fewer=f"{label}: one fewer",
            more=f"{label}: one more",
            ident=f"{prefix}-{what}-{number}",
        )
        steps.show(value, 1, facts().card.most_points)
        controls.append(
            ft.Row(
                [ft.Text(label, expand=True), steps.control],
                spacing=8,
            )
        )
    return controls


__all__ = ["NONE", "MyContractsPanel", "face_fields"]
