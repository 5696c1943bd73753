"""The Final tally tab: the end triggers as a checklist, the end-of-game steps, each player's
figures with the working shown, the standings with Mercante's tie-breakers, and saving the
play to history with its breakdown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import (
    FinalTally,
    MercanteTable,
    SetTally,
    TickEndTrigger,
    rules,
    talk_of_peace_reached,
    tally_player,
)
from companion.engine.mercante.scoring import RULING_END_BAZAAR, RULING_END_ORDER
from companion.engine.mercante.tabletop import TALLY_WORDS
from companion.rules import Catalogue
from companion.tables import Applied, Outcome, Snapshot
from companion.ui import history
from companion.ui.kit.players import standings_table
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import (
    body,
    button,
    heading,
    notice,
    panel,
    small,
    tagged,
    whole_number_field,
)
from companion.ui.live import LiveTable
from companion.ui.mercante.model import (
    TALLY_FIELDS,
    TallyDraft,
    play_of,
    plural,
    saved_line,
    shown_standings,
    talk_of_peace_goal,
    tally_text,
    tally_working,
)
from companion.ui.mercante.parts import (
    check_row_parts,
    cite,
    ruling_chip,
    switched,
    typed,
)
from companion.ui.model.words import possessive
from companion.ui.paint import SectionColumn
from companion.ui.screen import Screen
from companion.ui.seats.model.link import save_in_night
from companion.ui.seats.model.night import now_text
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen

RULING_UNFULFILLED = "mercante.unfulfilled_count"
RULING_FIRST_PLACE = "mercante.tiebreak_first_place"
#: Fields whose label is long get a whole phone row; numbers sit two to a row.
WIDE = {"completed"}
#: Fields that take a list ("2, 3"), typed as text.
LISTS = {"completed", "penalties"}
HINTS = {
    "vp": "Held now",
    "crowns": "Before the bazaar",
    "goods": "3 crowns each",
    "completed": "VP of each, e.g. 2, 3",
    "completed_goods": "Blank: one each",
    "unfulfilled": "0 if none",
    "penalties": "Each, e.g. 2, 3",
    "bought": "10 crowns each",
}


def save_table(live: LiveTable, catalogue: Catalogue) -> None:
    """Save the table's play to history, whichever way its tally is kept (the app's, or the
    figures typed in), and say who won. Opened from a game night: ONE play, with the night's
    place, start and duration."""
    save_in_night(
        live,
        "mercante",
        lambda t: play_of(t, catalogue),
        saved=lambda outcome: saved_line(outcome.snapshot.game, catalogue),
        at=now_text(),
    )


class TallyTab:
    """The Final tally tab. Every figure is the table's: a field that reads is sent to the
    table at once (each field on its own, so several phones can fill in their own line at
    the same time) and shows on every phone; a field that does not read yet stays on this
    phone, marked. Save to history saves the table once, whichever phone taps it."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.drafts = session.draft
        self.fields: dict[tuple[str, int], ft.TextField] = {}
        self.panels: dict[int, ft.Control] = {}
        self.working: dict[int, ft.Column] = {}
        self.working_keys: dict[int, tuple[str, str]] = {}
        self.triggers: dict[str, tuple[ft.Control, ft.Checkbox, ft.Text]] = {}
        self.triggers_box = SectionColumn(spacing=0)
        self.trigger_note = ft.Column(spacing=0)
        self.standings_box = SectionColumn(spacing=8)
        self.save_box = SectionColumn(spacing=8)
        # Kept in the bottom bar, in reach of a thumb.
        self.save_button = ft.FilledButton(
            content="Save to history",
            icon=ft.Icons.SAVE,
            on_click=lambda e: self.save(),
            height=TOUCH,
        )
        self.save_bar = tagged("save-tally", self.save_button, section=True)
        session.on_render(self.render)

    @property
    def table(self) -> MercanteTable:
        return self.session.table

    def draft(self) -> TallyDraft:
        return self.drafts.tally(self.table)

    # -- actions ----------------------------------------------------------------------------
    def set_field(self, name: str, index: int, text: str) -> None:
        table = self.table
        figure = self.drafts.type_figure(table, name, index, text)
        if figure is None:  # not a figure yet (or the table's already): only this phone
            self.redraw()
            return
        player, value = figure
        shown = tally_text(value) or "blank"

        def said(applied: object) -> str:
            return f"{possessive(player)} {TALLY_WORDS[name]}: {shown}."

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                self.drafts.sent(name, index, value)

        self.session.act(SetTally(player, name, value), confirm=said, on_outcome=done)

    def tick(self, trigger: str, on: bool) -> None:
        # The box shows the tap already: whatever comes of it, the section is sent again.
        self.session.paint.touch(self.triggers_box)
        self.session.act(TickEndTrigger(trigger, on))

    def redraw(self) -> None:
        self.render(self.session.snapshot)
        self.session.paint.send()

    def save(self) -> None:
        table = self.table
        draft = self.draft()
        if draft.tally(table.game.rules) is None:
            self.drafts.show_tally_errors = True
            self.redraw()
            count = len(draft.errors())
            self.session.refuse(
                f"Not saved: {plural(count, 'field')} to fix." if count else "Not saved."
            )
            return

        save_table(self.session.live, self.ctx.catalogue)

    # -- building ---------------------------------------------------------------------------
    def player_panel(self, index: int, name: str) -> ft.Control:
        fields: list[ft.Control] = []
        for figure, label in TALLY_FIELDS:
            field = whole_number_field(
                label,
                self.drafts.shown_text(self.table, figure, index),
                hint=HINTS[figure],
                col={"xs": 12, "md": 6} if figure in WIDE else {"xs": 6, "md": 3},
                on_change=typed(self.set_field, figure, index),
            )
            field.error_max_lines = 3  # a long message wraps instead of being cut at 390 px
            field.helper_max_lines = 2
            if figure in LISTS:
                field.keyboard_type = ft.KeyboardType.TEXT
                field.text_align = ft.TextAlign.LEFT
            if figure == "unfulfilled":
                field.helper = "How many (0: none)"
            self.fields[(figure, index)] = field
            fields.append(tagged(f"tally-{figure}-{index + 1}", field))
        working = ft.Column(spacing=2)
        self.working[index] = working
        box = tagged(
            f"tally-player-{index + 1}",
            panel(
                heading(name),
                ft.ResponsiveRow(fields, spacing=8, run_spacing=8),
                working,
                why_link(
                    self.ctx,
                    ["mercante.scoring", "mercante.game_end"],
                    [RULING_END_BAZAAR, RULING_END_ORDER],
                    ident=f"why-tally-{index + 1}",
                ),
                padding=12,
            ),
            section=True,
        )
        self.panels[index] = box
        return box

    def trigger_rows(self) -> list[ft.Control]:
        rows: list[ft.Control] = []
        for trigger in rules().game_end.trigger:
            row, box, text = check_row_parts(
                trigger.text,
                False,
                switched(self.tick, trigger.id),
                ident=f"trigger-{trigger.id}",
            )
            self.triggers[trigger.id] = (row, box, text)
            rows.append(row)
        return rows

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        table = self.table
        draft = self.draft()
        playing = self.session.playing
        paint = self.session.paint
        counted = {n: table.game.player(n).vp for n in table.players}
        for (figure, index), field in self.fields.items():
            section = self.panels[index]
            shown = self.drafts.shown_text(table, figure, index)
            paint.set(section, field, value=shown, read_only=not playing)
            if figure == "vp":
                vp = counted.get(table.players[index], 0)
                paint.set(section, field, helper=f"The app counted {vp}" if vp else None)
        self.render_triggers(draft, playing)
        self.live(draft)

    def render_triggers(self, draft: TallyDraft, playing: bool) -> None:
        met = draft.triggers()
        paint = self.session.paint
        for trigger in rules().game_end.trigger:
            _row, box, text = self.triggers[trigger.id]
            hit, who = met[trigger.id]
            computed = trigger.id == "crowns" and bool(who)
            label = trigger.text + (f" ({who})" if computed else "")
            paint.set(self.triggers_box, box, value=hit, disabled=computed or not playing)
            paint.set(self.triggers_box, text, value=label)
        note: ft.Control = (
            notice(
                "The game ends when this turn ends. Then every player sells what is left to "
                "the bazaar, may buy victory points, and the tally below decides.",
                level="ok",
            )
            if draft.game_over()
            else small("Any one of these ends the game at the end of the turn.")
        )
        over = draft.game_over()
        if getattr(self, "_over", None) != over:
            self._over = over
            self.trigger_note.controls = [note]
            paint.touch(self.triggers_box)

    def live(self, draft: TallyDraft) -> None:
        """Errors, working, standings and the save button for the figures shown."""
        paint = self.session.paint
        errors = draft.errors()
        show_all = self.drafts.show_tally_errors
        for (name, index), field in self.fields.items():
            section = self.panels[index]
            text = (field.value or "").strip()
            message = errors.get((name, index))
            paint.set(section, field, error=message if message and (text or show_all) else None)
            if name == "bought" and not field.error:
                afford = draft.affordable(index)
                paint.set(section, field, helper=None if afford is None else f"Can afford {afford}")
        for index, box in self.working.items():
            entry = draft.entry(index)
            if entry is None:
                wanted = ("", "Working appears when the figures are in.")
            else:
                wanted = tally_working(tally_player(entry))
            shown = tuple(getattr(getattr(c, "content", c), "value", "") for c in box.controls[-2:])
            if box.controls and shown == wanted:
                continue
            if entry is None:
                box.controls = [small(wanted[1])]
            else:
                crowns, score = wanted
                box.controls = [
                    tagged(f"working-crowns-{index + 1}", body(crowns)),
                    tagged(f"working-score-{index + 1}", ft.Text(score, weight=ft.FontWeight.BOLD)),
                ]
            paint.touch(self.panels[index])
        tally = draft.tally(self.table.game.rules)
        self.render_standings(draft, tally)
        self.render_save(tally)

    def render_standings(self, draft: TallyDraft, tally: FinalTally | None) -> None:
        self.session.paint.touch(self.standings_box)
        if tally is None:
            missing = [r.name for i, r in enumerate(draft.rows) if draft.entry(i) is None]
            self.standings_box.controls = [
                body(
                    "Standings appear when every player's victory points and crowns are in"
                    + (f" (still missing: {', '.join(missing)})." if missing else "."),
                    muted=True,
                )
            ]
            return
        lines = {line.name: line for line in tally.lines}
        # FinalResult reads like a Standing (rank, shared, winner, decided_by, name, score).
        shown, still_tied = shown_standings(
            tally, every_place=self.table.game.rules.tiebreak_every_place
        )
        results: list[Any] = list(shown)
        notes = [
            small(
                f"{s.name}: {plural(lines[s.name].crowns_left, 'crown')} left, "
                f"{plural(s.unfulfilled, 'unfulfilled contract')}"
            )
            for s in tally.standings
        ]
        house = self.table.game.rules
        ties = (
            "Ties on any score: most crowns left, then fewest unfulfilled contracts; still "
            "equal, the place is shared."
            if house.tiebreak_every_place
            else "A tie for the most points goes to the most crowns left, then the fewest "
            "unfulfilled contracts (still equal: the victory is shared). Other ties share "
            "their place."
        )
        self.standings_box.controls = [
            standings_table(results, ident="mercante-standings"),
            *(tagged("still-tied", small(line, muted=False)) for line in still_tied),
            body(ties, muted=True),
            *notes,
            *self.team_totals(tally),
            why_link(
                self.ctx,
                ["mercante.scoring"],
                [RULING_FIRST_PLACE, RULING_UNFULFILLED],
                ident="why-standings",
            ),
        ]

    def team_totals(self, tally: FinalTally) -> list[ft.Control]:
        """Talk of Peace: each team's crowns and victory points, and whether it reached the
        goal (the teammates' together, or one alone with the house rule)."""
        game = self.table.game
        if not game.variants.teams:
            return []
        lines = {line.name: line for line in tally.lines}
        found: list[ft.Control] = []
        for i, team in enumerate(game.variants.teams, start=1):
            crowns = [lines[n].crowns_left for n in team]
            vp = [lines[n].vp_total for n in team]
            reached = talk_of_peace_reached(crowns, vp, house=game.rules)
            found.append(
                tagged(
                    f"team-total-{i}",
                    body(
                        f"{' and '.join(team)}: {plural(sum(crowns), 'crown')}, "
                        f"{plural(sum(vp), 'victory point')}"
                        + (" — the goal is reached." if reached else ".")
                    ),
                )
            )
        found.append(small(talk_of_peace_goal(game.rules)))
        return found

    def render_save(self, tally: FinalTally | None) -> None:
        snapshot = self.session.snapshot
        saved = snapshot.info.saved_play_id
        paint = self.session.paint
        controls: list[ft.Control] = []
        if saved is not None:
            controls.append(notice("This tally is saved to history.", level="ok"))
            controls.append(
                ft.Row(
                    [
                        button(
                            "View in history",
                            lambda e: self.ctx.navigate(history.play_route(saved)),
                            kind="outlined",
                            icon=ft.Icons.HISTORY,
                            ident="view-saved",
                        ),
                        button(
                            "New game",
                            lambda e: self.session.menu(),
                            kind="tonal",
                            icon=ft.Icons.RESTART_ALT,
                        ),
                    ],
                    wrap=True,
                )
            )
        elif self.drafts.show_tally_errors and tally is None:
            controls.append(notice("Fix the marked fields, then save.", level="error"))
        key = (saved, self.drafts.show_tally_errors and tally is None)
        if getattr(self, "_save_key", None) != key:
            self._save_key = key
            self.save_box.controls = controls
            paint.touch(self.save_box)
        paint.set(
            self.save_bar,
            self.save_button,
            disabled=saved is not None
            or snapshot.info.status == "abandoned"
            or snapshot.info.damaged is not None,
        )

    def build(self) -> Screen:
        end = rules().game_end
        players = [self.player_panel(i, name) for i, name in enumerate(self.table.players)]
        self.triggers_box.controls = [*self.trigger_rows(), self.trigger_note]
        steps = [
            body(
                f"1. Every player sells all goods left to the bazaar, {rules().bazaar.price} "
                "crowns each. These sales can complete contracts."
            ),
            body(f"2. Each player may buy victory points, {end.vp_price} crowns each."),
            body(
                "3. Score: victory points minus the penalties of contracts not fulfilled. "
                "Ties go to the most crowns left, then the fewest unfulfilled contracts."
            ),
            ruling_chip(self.ctx, RULING_END_BAZAAR),
            ruling_chip(self.ctx, RULING_END_ORDER),
            cite(self.ctx, end.bazaar_source, end.vp_price_source, end.scoring_source),
        ]
        content: list[ft.Control] = [
            panel(
                self.triggers_box,
                why_link(self.ctx, ["mercante.game_end"], ident="why-game-end"),
                cite(self.ctx, *(t.source for t in end.trigger)),
                title="Does the game end?",
            ),
            panel(*steps, title="At the end"),
            *players,
            panel(
                self.standings_box,
                ruling_chip(self.ctx, RULING_FIRST_PLACE),
                ruling_chip(self.ctx, RULING_UNFULFILLED),
                title="Standings",
            ),
            self.save_box,
        ]
        screen = self.session.screen(content, bar=[self.save_bar])
        return screen
