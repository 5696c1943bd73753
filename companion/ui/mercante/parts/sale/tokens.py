"""The tokens being sold, one card each: Bazaar or not, take it out, the printed value of its
space (when the app does not track the board), and its price with the working."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import TokenQuote, market_of
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, notice, outlined, small, tagged, whole_number_field
from companion.ui.mercante.model import SaleView, good_name, plural, token_label
from companion.ui.mercante.parts import switched, tap, typed
from companion.ui.model.words import capitalized
from companion.ui.paint import SectionColumn
from companion.ui.theme import GAP

if TYPE_CHECKING:
    from companion.ui.mercante.parts.sale import SaleTab


class TokenCards:
    """The cards are rebuilt only when the tokens (or where they go) change; :meth:`show`
    writes the prices and errors into them in place, so a field keeps its text as typed."""

    def __init__(self, tab: SaleTab) -> None:
        self.tab = tab
        self.control = SectionColumn(spacing=8)
        self.base_fields: dict[str, ft.TextField] = {}
        self.results: dict[str, ft.Column] = {}
        self.key: object = None

    def render(self, closed: tuple[str, ...]) -> bool:
        """Rebuild the cards if the tokens changed (``True``: their fields are new)."""
        tab = self.tab
        draft = tab.draft
        key = (draft.tokens(), frozenset(draft.bazaar), tab.game.board is None, closed)
        if key == self.key:
            return False
        self.key = key
        self.control.controls = self.cards(set(closed))
        tab.session.paint.touch(self.control)
        return True

    def cards(self, closed: set[str]) -> list[ft.Control]:
        tab = self.tab
        game, draft = tab.game, tab.draft
        self.base_fields = {}
        self.results = {}
        rows: list[ft.Control] = []
        tokens = draft.tokens()
        for key, good in tokens:
            to_bazaar = key in draft.bazaar
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
                        on_change=switched(tab.set_bazaar, key),
                    ),
                ),
                tagged(
                    f"drop-{key}",
                    ft.IconButton(
                        ft.Icon(
                            ft.Icons.CLOSE,
                            semantics_label=f"Take this {good_name(good).lower()} out of the sale",
                        ),
                        tooltip=f"Take this {good_name(good).lower()} out of the sale",
                        on_click=tap(tab.drop, key),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ),
            ]
            lines: list[ft.Control] = [ft.Row(top, spacing=4)]
            if game.board is None and not to_bazaar and market_of(good) not in closed:
                field = whole_number_field(
                    "Printed value of its space",
                    draft.bases.get(key, ""),
                    hint="As printed on the market board",
                    on_change=typed(tab.set_base, key),
                )
                self.base_fields[key] = field
                lines.append(tagged(f"base-{key}", field))
            result = ft.Column(spacing=2)
            self.results[key] = result
            lines.append(result)
            rows.append(
                tagged(
                    f"token-{key}",
                    outlined(
                        ft.Column(lines, spacing=6, tight=True),
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
        return rows

    def show(self, view: SaleView) -> None:
        """Each token's price, or what it waits for, and the printed values' errors."""
        for key, field in self.base_fields.items():
            typed_ = (field.value or "").strip()
            field.error = view.base_errors.get(key) if typed_ else None
        quote = view.quote
        by_index = dict(enumerate(quote.tokens)) if quote else {}
        for i, (key, _) in enumerate(view.tokens):
            box = self.results.get(key)
            if box is None:
                continue
            token = by_index.get(i)
            if token is not None:
                box.controls = self.result(key, token, view)
            elif key in view.missing:
                box.controls = [small("Type the printed value to see the price.")]
            else:
                box.controls = []
        self.tab.session.paint.touch(self.control)

    def result(self, key: str, token: TokenQuote, view: SaleView) -> list[ft.Control]:
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
                            self.tab.ctx,
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
            played = view.quote.reactions if view.quote else ()
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
                lines.append(notice(capitalized(token.reason), level="warning"))
            return lines
        reason = capitalized(token.reason)
        if token.destination == "kept":
            return [
                ft.Text("Not sold", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                notice(f"{reason}.", level="warning"),
            ]
        return [notice(f"{reason}. Switch it to the bazaar or take it out.", level="error")]


__all__ = ["TokenCards"]
