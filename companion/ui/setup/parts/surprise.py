"""The Surprise me panel of Choose: how many modules, the seed (this phone's draft while it
is typed), Surprise me and Replay this seed, the Always/Never marks and the last draw.

Once the history has Merchants Cove plays with modules, Surprise me prefers the modules this
group (tonight's players when a game night is open, else everyone in the history) has not
played yet (a switch turns it off): it picks the seed whose ordinary draw has
the fewest modules already played (:func:`companion.engine.setup.surprise.seed_preferring`),
so Replay this seed gives the same draw, and the panel says which modules are new to you.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.engine import setup as engine
from companion.engine.seats import new_seed
from companion.engine.setup import SetupGame
from companion.engine.setup.surprise import seed_preferring
from companion.history import StoreError
from companion.ui.kit.widgets import body, button, notice, panel, tagged, wrap
from companion.ui.model.tally import find_night
from companion.ui.paint import Slot
from companion.ui.setup.model import draw_note, marks_line, taps

if TYPE_CHECKING:
    from companion.history import Store
    from companion.ui.setup.parts.choose import ChooseScreen

log = logging.getLogger(__name__)

#: The group's choice (a setting of the history): prefer modules not played yet (default: yes).
PREFER_KEY = "surprise_prefer_unplayed"
COVE = "merchants_cove"


def unplayed_modules(store: Store, group: Sequence[str] = ()) -> frozenset[str] | None:
    """The Merchants Cove modules ``group`` (tonight's players; none: everyone in the
    history) has not played yet: no finished play with any of them used them. None when
    their plays say nothing (no play of theirs with modules): nothing to prefer."""
    try:
        names = list(group) or store.player_names()
        if not names:
            return None
        left = frozenset(store.modules_not_played(COVE, names, together=False))
    except StoreError as exc:
        log.warning("modules not played could not be read: %s", exc)
        return None
    # Only what Surprise me draws (not the Dragon Island Festival, which the rulebook only
    # names) can be preferred.
    drawable = frozenset(m.id for m in engine.modules() if m.surprise)
    left &= drawable
    return None if not left or left >= drawable else left


def unplayed_note(game: SetupGame, unplayed: Collection[str] | None) -> str | None:
    """``Picked modules you have not played: Lawyers, Insiders.`` for the last draw, while
    it is the choice."""
    draw = game.draw
    if unplayed is None or draw is None or draw.kind != "modules" or not game.draw_is_current:
        return None
    new = [m for m in engine.modules() if m.id in draw.modules and m.id in set(unplayed)]
    if not new:
        return None
    return "Picked modules you have not played: " + ", ".join(m.name for m in new) + "."


class SurprisePanel:
    def __init__(self, view: ChooseScreen) -> None:
        self.view = view
        self.paint = view.paint
        count = len(engine.module_ids())
        seeded = view.seed_used
        self.size_picker = ft.Dropdown(
            label="How many modules",
            value="any",
            options=[ft.DropdownOption(key="any", text="Any number")]
            + [ft.DropdownOption(key=str(n), text=str(n)) for n in range(1, count + 1)],
            on_select=lambda e: view.tap(taps.set_size, view.draft, e.control.value),
            width=220,
        )
        self.seed_field = ft.TextField(
            label="Seed",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.type_seed(e.control.value or ""),
            on_blur=lambda e: view.commit_seed(),
            on_submit=lambda e: view.commit_seed(),
            width=170,
            max_length=12,
            counter="",  # the limit is enforced; a counter under the field is only noise
            error_max_lines=3,
        )
        self.marks_slot = Slot(self.paint)
        self.problem_slot = Slot(self.paint)
        self.draw_text = body("", muted=True)
        self.draw_box = tagged("draw-note", self.draw_text)
        self.draw_box.visible = False
        self.unplayed = unplayed_modules(view.ctx.store, self.group())
        self.prefer = ft.Switch(
            label="Prefer modules not played yet",
            value=bool(view.ctx.setting(PREFER_KEY, True)),
            on_change=lambda e: self.set_prefer(bool(e.control.value)),
        )
        self.prefer_box = tagged("surprise-unplayed", self.prefer)
        self.prefer_box.visible = self.unplayed is not None
        self.unplayed_text = body("")
        self.unplayed_box = tagged("unplayed-note", self.unplayed_text)
        self.unplayed_box.visible = False
        self.section = panel(
            body(
                "A random legal combination, and a Paladin card if the Paladins come out. "
                "Set modules to Always or Never with the dots beside each.",
                muted=True,
            ),
            ft.Row([tagged("surprise-size", self.size_picker)]),
            self.prefer_box,
            ft.Row(
                [
                    tagged("surprise-seed", self.seed_field),
                    ft.IconButton(
                        ft.Icon(ft.Icons.CASINO_OUTLINED, semantics_label="New seed"),
                        tooltip="New seed",
                        on_click=lambda e: view.tap(
                            taps.new_seed, view.draft, new_seed(), on_outcome=seeded
                        ),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            wrap(
                [
                    button(
                        "Surprise me",
                        lambda e: view.tap(
                            taps.surprise, view.draft, self.fresh_seed(), on_outcome=seeded
                        ),
                        icon=ft.Icons.AUTO_AWESOME,
                        ident="surprise-me",
                    ),
                    button(
                        "Replay this seed",
                        lambda e: view.tap(taps.surprise, view.draft, None, on_outcome=seeded),
                        icon=ft.Icons.REPLAY,
                        kind="outlined",
                        ident="replay-seed",
                    ),
                ]
            ),
            self.marks_slot.box,
            self.problem_slot.box,
            self.draw_box,
            self.unplayed_box,
            title="Surprise me",
            section=True,
        )

    def group(self) -> tuple[str, ...]:
        """Tonight's players, when a Merchants Cove game night is open (Players & seats)."""
        night = find_night(self.view.session.hub, COVE)
        return () if night is None else night.players

    @property
    def preferring(self) -> bool:
        return self.unplayed is not None and bool(self.prefer.value)

    def set_prefer(self, on: bool) -> None:
        self.view.ctx.set_setting(PREFER_KEY, on)
        self.render(self.view.game)
        self.paint.send()

    def fresh_seed(self) -> int:
        """A new seed for Surprise me: preferring modules not played yet, when asked."""
        seed = new_seed()
        # The history and tonight's players as they are now.
        self.unplayed = unplayed_modules(self.view.ctx.store, self.group())
        if not self.preferring or self.unplayed is None:
            return seed
        game = self.view.game
        try:
            return seed_preferring(
                seed,
                self.unplayed,
                size=game.size,
                pinned=game.pinned,
                banned=game.banned,
                players=game.players,
                house_rules=game.rules,
            )
        except engine.SetupError:
            return seed  # nothing fits: the draw with this seed says so

    def type_seed(self, text: str) -> None:
        """Typing in the seed field: this device's only, until it is used or left."""
        self.view.draft.type_seed(text)
        self.paint.set(self.section, self.seed_field, error=self.view.draft.seed_problem)
        self.paint.send()

    def render(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.section
        draft = self.view.draft
        paint.set(section, self.size_picker, value="any" if game.size is None else str(game.size))
        paint.set(section, self.seed_field, value=draft.seed_shown(game), error=draft.seed_problem)
        self.marks_slot.set(marks_line(game), lambda: self._marks(game))
        problem = draft.surprise_problem
        self.problem_slot.set(
            problem,
            lambda: (
                None
                if problem is None
                else tagged("surprise-error", notice(problem, level="error"))
            ),
        )
        note = draw_note(game)
        paint.set(section, self.draw_box, visible=note is not None)
        paint.set(section, self.draw_text, value=note or "")
        paint.set(section, self.prefer_box, visible=self.unplayed is not None)
        new = unplayed_note(game, self.unplayed if self.preferring else None)
        paint.set(section, self.unplayed_box, visible=new is not None)
        paint.set(section, self.unplayed_text, value=new or "")

    def _marks(self, game: SetupGame) -> ft.Control | None:
        line = marks_line(game)
        if line is None:
            return None
        return ft.Row(
            [
                ft.Text(line, expand=True),
                ft.TextButton("Clear marks", on_click=lambda e: self.view.tap(taps.clear_pins)),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )


__all__ = ["PREFER_KEY", "SurprisePanel", "unplayed_modules", "unplayed_note"]
