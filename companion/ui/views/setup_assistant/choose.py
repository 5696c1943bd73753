"""``/setup/assistant/<id>``: choose the game, players, modules and cards; see at once whether
the combination is legal (with one-tap fixes and a "why?" to the rules behind each finding);
Surprise me draws a legal combination from a seed anyone can replay.

On a phone: game and modules, then the check, then cards and Surprise me (the check sits
below the modules so ticking one never shifts the list under the thumb). Wide: the check
stands beside the modules.
"""

from __future__ import annotations

from collections.abc import Hashable

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import (
    ApplyFix,
    ChooseGame,
    ClearChoice,
    ClearPins,
    DrawCard,
    Finding,
    Fix,
    Module,
    Pin,
    SetBeast,
    SetCard,
    SetModule,
    SetPin,
    SetPlayers,
    SetSeed,
    SetSize,
    SetupGame,
    Surprise,
)
from companion.engine.table import new_seed
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.live import Painter, Slot, isolate
from companion.ui.logic.setup_assistant import (
    COVE,
    can_surprise,
    card_why,
    choice_status,
    draw_note,
    finding_why,
    flagged_modules,
    game_name,
    game_options,
    marks_line,
    module_blurbs,
    modules_summary,
    readable,
    ruling_notes,
    sentence,
)
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.setup_assistant.base import (
    LEVEL_STYLE,
    SetupTableView,
    action_button,
    handler,
    ruling_line,
    scroll_key,
    small,
    table_route,
    why,
)
from companion.ui.views.setup_assistant.module_sheet import ModuleSheet
from companion.ui.widgets import body, button, notice, panel, tagged, wrap

NONE_KEY = "none"  # drop-down key for "no card chosen"


class _ModuleRow:
    """One module in the list: its checkbox, name, marker, blurb and the dots to its sheet."""

    def __init__(self, view: ChooseView, module: Module, blurb: str) -> None:
        self.module = module
        self.blurb = blurb
        self.box = ft.Checkbox(
            value=False,
            on_change=lambda e: view.set_module(module.id, bool(e.control.value)),
            semantics_label=module.name,
        )
        self.name = ft.Text(module.name, theme_style=ft.TextThemeStyle.BODY_LARGE, expand=True)
        self.flag = ft.Icon(ft.Icons.ERROR_OUTLINE, size=20, visible=False)
        self.subtitle = ft.Text(blurb, theme_style=ft.TextThemeStyle.BODY_SMALL)
        self.details = ft.IconButton(
            ft.Icons.MORE_VERT,
            tooltip=f"{module.name}: pieces, source, Surprise me",
            on_click=lambda e: view.open_module_sheet(module),
            style=ft.ButtonStyle(padding=12),
        )
        self.tile = ft.ListTile(
            leading=self.box,
            title=ft.Row([self.name, self.flag], spacing=4),
            subtitle=self.subtitle,
            trailing=tagged(f"module-details-{module.id}", self.details),
            on_click=lambda e: view.set_module(module.id, not view.chosen(module.id)),
            on_long_press=lambda e: view.open_module_sheet(module),
            min_height=TOUCH + 16,
            content_padding=ft.Padding.only(left=0, right=0),
            horizontal_spacing=8,
            min_leading_width=40,
        )
        self.control = isolate(tagged(f"module-{module.id}", self.tile))
        view.input_sections.append(self.control)

    def show(self, paint: Painter, game: SetupGame, flag: str | None) -> None:
        on = self.module.id in game.modules
        pin = game.pin_of(self.module.id)
        section = self.control
        paint.set(section, self.box, value=on)
        paint.set(section, self.tile, selected=on)
        paint.set(section, self.name, weight=ft.FontWeight.W_600 if on else None)
        if flag:
            paint.set(
                section,
                self.flag,
                visible=True,
                icon=LEVEL_STYLE[flag][0],
                color=ft.Colors.ERROR if flag == "error" else ft.Colors.AMBER_800,
                tooltip="See the check" if flag == "error" else "See the suggestion",
            )
        else:
            paint.set(section, self.flag, visible=False)
        subtitle = self.blurb + {
            "keep": " · Always in Surprise me",
            "never": " · Never in Surprise me",
        }.get(pin or "", "")
        paint.set(section, self.subtitle, value=subtitle)
        icon = {"keep": ft.Icons.PUSH_PIN, "never": ft.Icons.BLOCK}.get(
            pin or "", ft.Icons.MORE_VERT
        )
        paint.set(section, self.details, icon=icon)


class _CardPicker:
    """The Paladin card or Rogue card: a drop-down, a draw from the seed, and what it does."""

    def __init__(self, view: ChooseView, kind: str, label: str) -> None:
        self.kind = kind
        self.label = label
        options = [ft.DropdownOption(key=NONE_KEY, text="Not chosen")] + [
            ft.DropdownOption(key=c.id, text=f"{c.number} · {c.name}") for c in engine.cards(kind)
        ]
        self.dropdown = ft.Dropdown(
            label=label,
            value=NONE_KEY,
            options=options,
            on_select=lambda e: view.set_card(
                kind, None if e.control.value in (None, NONE_KEY) else e.control.value
            ),
            expand=True,
        )
        self.draw = ft.IconButton(
            ft.Icons.CASINO_OUTLINED,
            tooltip=f"Draw a {label} legal with your modules",
            on_click=lambda e: view.draw_card(kind),
            style=ft.ButtonStyle(padding=12),
        )
        self.about = Slot(view.paint)
        self.control = ft.Column(
            [
                ft.Row(
                    [tagged(f"card-{kind}", self.dropdown), tagged(f"draw-{kind}", self.draw)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.about.box,
            ],
            spacing=4,
        )

    def show(self, view: ChooseView, section: ft.Control, game: SetupGame, shown: bool) -> None:
        paint = view.paint
        chosen = game.picked(self.kind)
        paint.set(section, self.control, visible=shown)
        paint.set(section, self.dropdown, value=chosen or NONE_KEY)
        paint.set(
            section,
            self.draw,
            tooltip=f"Draw a {self.label} legal with your modules (seed {game.seed})",
        )
        self.about.set(chosen, lambda: view.card_about(chosen))


class ChooseView(SetupTableView):
    page_kind = "choose"
    sheet: ModuleSheet | None = None  # the module sheet open on this phone

    # -- acting --------------------------------------------------------------------------------
    def chosen(self, module_id: str) -> bool:
        """Whether the module was in the choice as the phone showed it."""
        game = self.shown
        return game is not None and module_id in game.modules

    def _current(self) -> SetupGame | None:
        """The game as the phone showed it (see ``shown``)."""
        game = self.shown
        if game is None:
            self.tell("This setup cannot be read.", problem=True)
        return game

    def set_game(self, game_id: str | None) -> None:
        game = self._current()
        if game is None or not game_id or game_id == game.game:
            return
        self.act(ChooseGame(game_id))

    def set_players(self, players: int) -> None:
        game = self._current()
        if game is None or players == game.players:
            return
        self.act(SetPlayers(players))

    def set_module(self, module_id: str, on: bool) -> None:
        if self._current() is not None:
            self.act(SetModule(module_id, on))

    def apply_fix(self, fix: Fix) -> None:
        self.act(ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards))

    def set_card(self, kind: str, card_id: str | None) -> None:
        game = self._current()
        if game is None or game.picked(kind) == card_id:
            return
        self.act(SetCard("paladin" if kind == "paladin" else "rogue", card_id))

    def set_beast(self, card_id: str) -> None:
        game = self._current()
        if game is None:
            return
        on = card_id not in game.beasts  # the chip showed it out: the tap puts it in
        try:
            game.set_beast(card_id, on)
        except engine.SetupError as exc:
            self.tell(sentence(readable(exc)), problem=True)
            self.render(self.live.snapshot)
            return
        self.act(SetBeast(card_id, on))

    def set_pin(self, module_id: str, mode: str | None) -> None:
        game = self._current()
        pin: Pin | None = "keep" if mode == "keep" else "never" if mode == "never" else None
        if game is None or game.pin_of(module_id) == pin:
            return
        self.act(SetPin(module_id, pin))

    def clear_pins(self) -> None:
        self.act(ClearPins())

    def set_size(self, value: str | None) -> None:
        game = self._current()
        size = None if value in (None, "", "any") else int(value)
        self.draft.surprise_problem = None
        if game is None or size == game.size:
            self.render(self.live.snapshot)
            return
        self.act(SetSize(size))

    def type_seed(self, text: str) -> None:
        """Typing in the seed field: this device's only, until it is used or left."""
        self.draft.type_seed(text)
        self.paint.set(self.surprise_section, self.seed_field, error=self.draft.seed_problem)
        self.paint.send()

    def commit_seed(self) -> None:
        """The seed field left (or submitted): a good seed becomes the table's."""
        game = self.game
        if game is None or self.draft.seed_text is None or self.draft.seed_problem:
            return
        seed = self.draft.seed(game)
        if seed is None or seed == game.seed:
            self.draft.settle_seed()
            return
        self.act(SetSeed(seed), on_outcome=self._seed_used)

    def _seed_used(self, outcome: Outcome) -> None:
        if isinstance(outcome, Applied):
            self.draft.settle_seed()

    def new_seed(self) -> None:
        self.draft.surprise_problem = None
        self.act(SetSeed(new_seed()), on_outcome=self._seed_used)

    def surprise(self, *, fresh_seed: bool) -> None:
        """Surprise me (a new seed) or Replay (the seed in the field)."""
        game = self._current()
        if game is None:
            return
        seed = new_seed() if fresh_seed else self.draft.seed(game)
        if seed is None:
            self.tell("Fix the seed first: digits only.", problem=True)
            return
        problem = can_surprise(game, seed)
        self.draft.surprise_problem = problem
        if problem is not None:
            self.render(self.live.snapshot)
            return
        self.act(Surprise(seed), on_outcome=self._seed_used)

    def draw_card(self, kind: str) -> None:
        game = self._current()
        if game is None:
            return
        seed = self.draft.seed(game)
        if seed is None:
            self.tell("Fix the seed first: digits only.", problem=True)
            return
        try:
            game.with_seed(seed).draw_card(kind)
        except engine.SetupError as exc:
            self.tell(sentence(readable(exc)), problem=True)
            return
        self.act(
            DrawCard("paladin" if kind == "paladin" else "rogue", seed), on_outcome=self._seed_used
        )

    def clear_choice(self) -> None:
        game = self._current()
        if game is None:
            return
        if not game.has_modules:
            self.tell(
                f"{game_name(self.ctx.catalogue, game.game)} has no modules or cards to clear."
            )
            return
        if not game.modules and not game.cards:
            self.tell("The choice already is the base game alone.")
            return
        self.act(ClearChoice())

    def show_findings(self) -> None:
        self.scroll_to("findings")

    def open_module_sheet(self, module: Module) -> None:
        game = self.game
        if game is None:
            return
        sheet = self.sheet = ModuleSheet(self, module)
        sheet.open(game)

    def leave(self) -> None:
        """The screen is replaced: its sheet goes with it."""
        sheet = self.sheet
        if sheet is not None and sheet.sheet.open:
            sheet.close()
        super().leave()

    def sheet_closed(self, sheet: ModuleSheet) -> None:
        if self.sheet is sheet:
            self.sheet = None

    # -- built once ----------------------------------------------------------------------------
    def build_page(self) -> None:
        paint = self.paint
        self.sheet = None
        catalogue = self.ctx.catalogue
        # The strip: how the combination stands, and the way on.
        self.strip_icon = ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE)
        self.status_text = ft.Text("", weight=ft.FontWeight.W_600, expand=True)
        self.show_button = action_button(
            "Show", lambda e: self.show_findings(), ident="show-problems", primary=True
        )
        self.go_button = action_button(
            "Checklist",
            lambda e: self.ctx.navigate(table_route(self.table_id, "checklist")),
            ident="to-checklist",
            primary=True,
        )
        self.strip.content = ft.Row(
            [
                self.strip_icon,
                tagged("assistant-status", self.status_text),
                self.show_button,
                self.go_button,
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        # The game and its players.
        self.game_picker = ft.Dropdown(
            label="Game",
            options=[ft.DropdownOption(key=k, text=t) for k, t in game_options(catalogue)],
            on_select=lambda e: self.set_game(e.control.value),
            expand=True,
        )
        self.players_picker = ft.SegmentedButton(
            segments=[ft.Segment(value="4", label=ft.Text("4"))],
            selected=["4"],
            show_selected_icon=False,
            on_change=lambda e: self._players_chosen(e.control.selected or []),
            expand=True,
        )
        self._players_range: tuple[int, int] | None = None
        self.game_section = isolate(
            panel(
                ft.Row([tagged("assistant-game", self.game_picker)]),
                ft.Text("Players", theme_style=ft.TextThemeStyle.LABEL_LARGE),
                ft.Row([tagged("assistant-players", self.players_picker)]),
            )
        )
        # A game with nothing to choose.
        self.nothing_slot = Slot(paint)
        # The modules.
        self.blurbs = module_blurbs(engine.modules())
        self.module_rows = [_ModuleRow(self, m, self.blurbs[m.id]) for m in engine.modules()]
        rows: list[ft.Control] = []
        group: str | None = None
        for row in self.module_rows:
            if row.module.group != group:
                group = row.module.group
                rows.append(
                    ft.Container(
                        ft.Text(
                            group,
                            theme_style=ft.TextThemeStyle.LABEL_LARGE,
                            color=ft.Colors.PRIMARY,
                        ),
                        padding=ft.Padding.only(left=8, top=8),
                    )
                )
            rows.append(row.control)
        self.modules_summary = body("", muted=True)
        self.modules_section = isolate(
            panel(self.modules_summary, ft.Column(rows, spacing=0), title="Modules", padding=12)
        )
        # The check.
        self.findings_slot = Slot(paint)
        check = panel(self.findings_slot.box, title="Check")
        check.key = scroll_key("findings")  # "Show" brings the heading and all into view
        self.check_section = isolate(ft.Container(check, col={"xs": 12, "md": 5}))
        # The cards.
        self.rogue = _CardPicker(self, "rogue", "Rogue card")
        self.paladin = _CardPicker(self, "paladin", "Paladin card")
        self.beast_heading = ft.Text("", theme_style=ft.TextThemeStyle.LABEL_LARGE)
        self.beast_chips: dict[str, ft.Chip] = {}
        chips: list[ft.Control] = []
        for beast in engine.cards("beast"):
            tier = "tier ?" if beast.tier == "unknown" else f"tier {beast.tier}"
            chip = ft.Chip(
                label=ft.Text(f"{beast.name} · {tier}"),
                selected=False,
                on_select=handler(self.set_beast, beast.id),
                tooltip=beast.summary,
            )
            self.beast_chips[beast.id] = chip
            chips.append(tagged(f"beast-{beast.id}", chip))
        self.beasts_box = ft.Column(
            [
                self.beast_heading,
                wrap(chips),
                small("Tier ?: the rulebook text lost the icon; read it off the card."),
            ],
            spacing=6,
        )
        self.cards_section = isolate(
            panel(
                body(
                    "Optional. Unchosen, the checklist says to draw or pick one at the table; a "
                    "base-game Rogue card works too.",
                    muted=True,
                ),
                self.rogue.control,
                self.paladin.control,
                self.beasts_box,
                title="Cards",
            )
        )
        # Surprise me.
        self.surprise_section = isolate(self._surprise_panel())
        self.input_sections += [self.game_section, self.cards_section, self.surprise_section]
        # Together.
        left_top = isolate(
            ft.Container(
                ft.Column(
                    [self.game_section, self.nothing_slot.box, self.modules_section], spacing=GAP
                ),
                col={"xs": 12, "md": 7},
            )
        )
        self.cove_bottom = isolate(
            ft.Container(
                ft.Column([self.cards_section, self.surprise_section], spacing=GAP),
                col={"xs": 12, "md": 7},
            )
        )
        self.scroller.controls = [
            self.problem_slot.box,
            ft.ResponsiveRow(
                [
                    left_top,
                    self.check_section,
                    self.cove_bottom,
                    ft.Container(self._checklist_button("go-checklist"), col={"xs": 12, "md": 7}),
                ],
                spacing=GAP,
                run_spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]

    def _checklist_button(self, ident: str) -> ft.Control:
        return button(
            "Go to the checklist",
            lambda e: self.ctx.navigate(table_route(self.table_id, "checklist")),
            icon=ft.Icons.CHECKLIST,
            kind="tonal",
            ident=ident,
        )

    def _players_chosen(self, selected: list[str]) -> None:
        if selected and selected[0].isdigit():
            self.set_players(int(selected[0]))

    def _surprise_panel(self) -> ft.Control:
        count = len(engine.module_ids())
        self.size_picker = ft.Dropdown(
            label="How many modules",
            value="any",
            options=[ft.DropdownOption(key="any", text="Any number")]
            + [ft.DropdownOption(key=str(n), text=str(n)) for n in range(1, count + 1)],
            on_select=lambda e: self.set_size(e.control.value),
            width=220,
        )
        self.seed_field = ft.TextField(
            label="Seed",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.type_seed(e.control.value or ""),
            on_blur=lambda e: self.commit_seed(),
            on_submit=lambda e: self.commit_seed(),
            width=170,
            max_length=12,
            counter="",  # the limit is enforced; a counter under the field is only noise
        )
        self.marks_slot = Slot(self.paint)
        self.surprise_slot = Slot(self.paint)
        self.draw_text = body("", muted=True)
        self.draw_box = tagged("draw-note", self.draw_text)
        self.draw_box.visible = False
        return panel(
            body(
                "A random legal combination, and a Paladin card if the Paladins come out. "
                "Set modules to Always or Never with the dots beside each.",
                muted=True,
            ),
            ft.Row([tagged("surprise-size", self.size_picker)]),
            ft.Row(
                [
                    tagged("surprise-seed", self.seed_field),
                    ft.IconButton(
                        ft.Icons.CASINO_OUTLINED,
                        tooltip="New seed",
                        on_click=lambda e: self.new_seed(),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            wrap(
                [
                    button(
                        "Surprise me",
                        lambda e: self.surprise(fresh_seed=True),
                        icon=ft.Icons.AUTO_AWESOME,
                        ident="surprise-me",
                    ),
                    button(
                        "Replay this seed",
                        lambda e: self.surprise(fresh_seed=False),
                        icon=ft.Icons.REPLAY,
                        kind="outlined",
                        ident="replay-seed",
                    ),
                ]
            ),
            self.marks_slot.box,
            self.surprise_slot.box,
            self.draw_box,
            title="Surprise me",
        )

    # -- rendering in place --------------------------------------------------------------------
    def render_page(self, game: SetupGame, snapshot: Snapshot) -> None:
        paint = self.paint
        findings = game.findings()
        self._render_strip(game)
        self._render_game(game)
        cove = game.has_modules
        nothing = (
            None
            if cove
            else f"{game_name(self.ctx.catalogue, game.game)} has no modules or cards to "
            "choose: its checklist is ready."
        )
        self.nothing_slot.set(
            nothing, lambda: None if nothing is None else notice(nothing, level="info")
        )
        for section in (self.modules_section, self.check_section, self.cove_bottom):
            paint.set(section, section, visible=cove)
        if cove:
            flags = flagged_modules(findings, game.modules)
            paint.set(self.modules_section, self.modules_summary, value=modules_summary(game))
            for row in self.module_rows:
                row.show(paint, game, flags.get(row.module.id))
            key: Hashable = (
                tuple((f.key, f.level, f.message, f.fixes, f.ruling) for f in findings),
                bool(game.modules),
                game.house_rules,
            )
            self.findings_slot.set(key, lambda: self._findings(findings, game))
            self._render_cards(game)
            self._render_surprise(game)
        if self.sheet is not None:
            self.sheet.render(game, paint)
            paint.touch(self.sheet.pins_section)

    def _render_strip(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.strip_section
        stand = choice_status(game, self.ctx.catalogue)
        icon, fg, bg = LEVEL_STYLE[stand.level]
        paint.set(section, self.strip, bgcolor=bg)
        paint.set(section, self.strip_icon, icon=icon, color=fg)
        paint.set(section, self.status_text, value=stand.headline, color=fg)
        paint.set(section, self.show_button, visible=stand.level == "error")
        paint.set(section, self.go_button, visible=stand.level != "error")

    def _render_game(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.game_section
        paint.set(section, self.game_picker, value=game.game)
        span = engine.player_range(game.game)
        if span != self._players_range:
            self._players_range = span
            low, high = span
            self.players_picker.segments = [
                ft.Segment(value=str(n), label=ft.Text(str(n))) for n in range(low, high + 1)
            ]
            paint.touch(section)
        paint.set(section, self.players_picker, selected=[str(game.players)])

    def _render_cards(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.cards_section
        self.rogue.show(self, section, game, True)
        self.paladin.show(self, section, game, "paladins" in game.modules or bool(game.paladin))
        shown = "beasts_of_the_bay" in game.modules or bool(game.beasts)
        paint.set(section, self.beasts_box, visible=shown)
        paint.set(
            section,
            self.beast_heading,
            value=f"Beasts deck ({len(game.beasts)} of 3, one per tier)",
        )
        for beast_id, chip in self.beast_chips.items():
            paint.set(section, chip, selected=beast_id in game.beasts)

    def _render_surprise(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.surprise_section
        paint.set(section, self.size_picker, value="any" if game.size is None else str(game.size))
        paint.set(
            section,
            self.seed_field,
            value=self.draft.seed_shown(game),
            error=self.draft.seed_problem,
        )
        self.marks_slot.set(marks_line(game), lambda: self._marks(game))
        problem = self.draft.surprise_problem
        self.surprise_slot.set(
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

    # -- parts rebuilt when what they show changed -----------------------------------------------
    def _marks(self, game: SetupGame) -> ft.Control | None:
        line = marks_line(game)
        if line is None:
            return None
        return ft.Row(
            [
                ft.Text(line, expand=True),
                ft.TextButton("Clear marks", on_click=lambda e: self.clear_pins()),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def card_about(self, card_id: str | None) -> ft.Control | None:
        if card_id is None:
            return None
        card = engine.card(card_id)
        extra = [f"{card.bag} in the bag, {card.lair} in the Lair"] if card.kind == "rogue" else []
        return ft.Column(
            [
                body(card.summary),
                ft.Row(
                    [
                        ft.Container(
                            small(
                                "; ".join(
                                    [*extra, f"Source: {self.ctx.catalogue.cite(card.source)}"]
                                ),
                                italic=True,
                            ),
                            expand=True,
                        ),
                        why(self.ctx, card_why(card.id), ident=f"why-card-{card.id}"),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=4,
        )

    def _findings(self, findings: list[Finding], game: SetupGame) -> ft.Control:
        problems = [f for f in findings if f.level != "info"]
        notes = [f for f in findings if f.level == "info"]
        controls: list[ft.Control] = []
        if not problems:
            controls.append(
                notice(
                    "Every rule of the chosen modules is met."
                    if game.modules
                    else "The base game alone: nothing to check. Tick modules to add them.",
                    level="ok",
                )
            )
        for finding in problems:
            controls.append(self._finding_card(finding, game))
        if notes:
            controls.append(
                ft.ExpansionTile(
                    title=ft.Text(f"Good to know ({len(notes)})"),
                    leading=ft.Icon(ft.Icons.INFO_OUTLINE),
                    controls=[self._finding_card(f, game) for f in notes],
                    controls_padding=ft.Padding.only(bottom=8),
                    tile_padding=ft.Padding.only(left=4, right=4),
                    expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
                    maintain_state=True,
                )
            )
        return ft.Column(controls, spacing=8)

    def _finding_card(self, finding: Finding, game: SetupGame) -> ft.Control:
        icon, fg, bg = LEVEL_STYLE[finding.level]
        lines: list[ft.Control] = [
            ft.Row(
                [
                    ft.Icon(icon, color=fg),
                    ft.Text(sentence(finding.message), color=fg, expand=True),
                ],
                spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
        cites = "; ".join(dict.fromkeys(self.ctx.catalogue.cite(s) for s in finding.sources))
        keys, rulings = finding_why(finding)
        lines.append(
            ft.Row(
                [
                    ft.Container(
                        ft.Text(
                            f"Source: {cites}" if cites else "",
                            color=fg,
                            italic=True,
                            theme_style=ft.TextThemeStyle.BODY_SMALL,
                        ),
                        expand=True,
                    ),
                    why(self.ctx, keys, rulings, ident=f"why-finding-{finding.key}"),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        for note in ruling_notes(self.ctx.catalogue, [finding.ruling], game.house_rules):
            lines.append(ruling_line(self.ctx, note, fg))
        if finding.fixes:
            lines.append(
                wrap(
                    [
                        action_button(
                            fix.label,
                            handler(self.apply_fix, fix),
                            ident=f"fix-{finding.key}-{i}",
                            primary=i == 0,
                        )
                        for i, fix in enumerate(finding.fixes)
                    ]
                )
            )
        return tagged(
            f"finding-{finding.key}",
            ft.Container(
                ft.Column(lines, spacing=8, tight=True), bgcolor=bg, border_radius=12, padding=12
            ),
        )

    # -- the screen ----------------------------------------------------------------------------
    def page_actions(self) -> list[ft.Control]:
        return [
            tagged(
                "clear-choice",
                ft.IconButton(
                    ft.Icons.LAYERS_CLEAR_OUTLINED,
                    tooltip="Start over: base game, no modules or cards",
                    on_click=lambda e: self.clear_choice(),
                ),
            )
        ]


__all__ = ["COVE", "ChooseView"]
