"""The Final tally tab: the end triggers as a checklist, the end-of-game steps, each player's
figures with the working shown, the standings with Mercante's tie-breakers, and saving the
play to history with its breakdown."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.mercante import FinalTally, rules, talk_of_peace_reached, tally_player
from companion.engine.mercante.scoring import RULING_END_BAZAAR, RULING_END_ORDER
from companion.history import StoreError
from companion.ui.logic.mercante import (
    TALLY_FIELDS,
    TallyDraft,
    plural,
    record_arguments,
    talk_of_peace_goal,
    tally_working,
)
from companion.ui.screen import Screen
from companion.ui.theme import TOUCH
from companion.ui.views.common import standings_table
from companion.ui.views.mercante.base import MercanteSession
from companion.ui.views.mercante.parts import (
    check_row,
    cite,
    ruling_chip,
    switched,
    typed,
)
from companion.ui.widgets import (
    body,
    button,
    heading,
    notice,
    panel,
    small,
    tagged,
    whole_number_field,
)

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


class TallyTab:
    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.draft = session.state.tally
        if not self.draft.matches(session.game.seats):
            self.draft = session.state.tally = TallyDraft.for_seats(session.game.seats)
        self.fields: dict[tuple[str, int], ft.TextField] = {}
        self.working: dict[int, ft.Column] = {}
        self.triggers_box = ft.Column(spacing=0)
        self.standings_box = ft.Column(spacing=8)
        self.save_box = ft.Column(spacing=8)
        self.show_all = False
        # Kept in the bottom bar, in reach of a thumb.
        self.save_button = ft.FilledButton(
            content="Save to history",
            icon=ft.Icons.SAVE,
            on_click=lambda e: self.save(),
            height=TOUCH,
        )

    # -- actions ----------------------------------------------------------------------------
    def set_field(self, name: str, index: int, text: str) -> None:
        self.draft.set(index, name, text)
        self.session.state.saved_play = None
        self.session.save()
        if name == "crowns":  # 80 crowns typed here is an end trigger
            self.render_triggers()
        self.live()
        self.session.update(self.standings_box)

    def tick(self, trigger: str, on: bool) -> None:
        if on:
            self.draft.ticked.add(trigger)
        else:
            self.draft.ticked.discard(trigger)
        self.session.save()
        self.render_triggers()
        self.session.update(self.triggers_box)

    def save(self) -> None:
        tally = self.draft.tally(self.session.game.house)
        if tally is None:
            self.show_all = True
            self.live()
            self.session.update(self.standings_box)
            count = len(self.draft.errors())
            self.ctx.notify(
                f"Not saved: {plural(count, 'field')} to fix." if count else "Not saved.",
                error=True,
            )
            return
        game = self.session.game
        arguments = record_arguments(tally, game.seats, self.ctx.catalogue, house=game.house)
        try:
            play_id = self.ctx.store.record_play(**arguments)
        except StoreError as exc:
            self.ctx.notify(f"Not saved: {exc}", error=True)
            return
        self.session.state.saved_play = play_id
        self.session.save()
        self.live()
        self.session.update(self.save_box)
        winners = [s.name for s in tally.standings if s.winner]
        self.ctx.notify(
            f"Saved Mercante: {' and '.join(winners)} won.",
            action="View",
            on_action=lambda: self.ctx.navigate(f"/history/play/{play_id}"),
        )

    # -- rendering --------------------------------------------------------------------------
    def render_triggers(self) -> None:
        met = self.draft.triggers()
        boxes: list[ft.Control] = []
        for trigger in rules().game_end.trigger:
            hit, who = met[trigger.id]
            computed = trigger.id == "crowns" and bool(who)
            label = trigger.text + (f" ({who})" if computed else "")
            boxes.append(
                check_row(
                    label,
                    hit,
                    switched(self.tick, trigger.id),
                    ident=f"trigger-{trigger.id}",
                    disabled=computed,
                )
            )
        if self.draft.game_over():
            boxes.append(
                notice(
                    "The game ends when this turn ends. Then every player sells what is left to "
                    "the bazaar, may buy victory points, and the tally below decides.",
                    level="ok",
                )
            )
        else:
            boxes.append(small("Any one of these ends the game at the end of the turn."))
        self.triggers_box.controls = boxes

    def player_panel(self, index: int) -> ft.Control:
        row = self.draft.rows[index]
        fields: list[ft.Control] = []
        counted = (
            self.session.game.player(row.name).vp if row.name in self.session.game.seats else 0
        )
        for name, label in TALLY_FIELDS:
            field = whole_number_field(
                label,
                row.get(name),
                hint=HINTS[name],
                col={"xs": 12, "md": 6} if name in WIDE else {"xs": 6, "md": 3},
                on_change=typed(self.set_field, name, index),
            )
            field.error_max_lines = 3  # a long message wraps instead of being cut at 390 px
            field.helper_max_lines = 2
            if name in LISTS:
                field.keyboard_type = ft.KeyboardType.TEXT
                field.text_align = ft.TextAlign.LEFT
            if name == "vp" and counted:
                field.helper = f"The app counted {counted}"
            if name == "unfulfilled":
                field.helper = "How many (0: none)"
            self.fields[(name, index)] = field
            fields.append(tagged(f"tally-{name}-{index + 1}", field))
        working = ft.Column(spacing=2)
        self.working[index] = working
        return tagged(
            f"tally-player-{index + 1}",
            panel(
                heading(row.name),
                ft.ResponsiveRow(fields, spacing=8, run_spacing=8),
                working,
                padding=12,
            ),
        )

    def live(self) -> None:
        """Errors, working, standings and the save button for what is typed."""
        errors = self.draft.errors()
        for (name, index), field in self.fields.items():
            typed = (field.value or "").strip()
            message = errors.get((name, index))
            field.error = message if message and (typed or self.show_all) else None
            if name == "bought" and not field.error:
                afford = self.draft.affordable(index)
                field.helper = None if afford is None else f"Can afford {afford}"
        for index, box in self.working.items():
            entry = self.draft.entry(index)
            if entry is None:
                box.controls = [small("Working appears when the figures are in.")]
                continue
            line = tally_player(entry)
            crowns, score = tally_working(line)
            box.controls = [
                tagged(f"working-crowns-{index + 1}", body(crowns)),
                tagged(f"working-score-{index + 1}", ft.Text(score, weight=ft.FontWeight.BOLD)),
            ]
        tally = self.draft.tally(self.session.game.house)
        self.render_standings(tally)
        self.render_save(tally)

    def render_standings(self, tally: FinalTally | None) -> None:
        if tally is None:
            missing = [r.name for i, r in enumerate(self.draft.rows) if self.draft.entry(i) is None]
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
        results: list[Any] = list(tally.standings)
        notes = [
            small(
                f"{s.name}: {plural(lines[s.name].crowns_left, 'crown')} left, "
                f"{plural(s.unfulfilled, 'unfulfilled contract')}"
            )
            for s in tally.standings
        ]
        house = self.session.game.house
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
            body(ties, muted=True),
            *notes,
            *self.team_totals(tally),
        ]

    def team_totals(self, tally: FinalTally) -> list[ft.Control]:
        """Talk of Peace: each team's crowns and victory points, and whether it reached the
        goal (the teammates' together, or one alone with the house rule)."""
        game = self.session.game
        if not game.variants.teams:
            return []
        lines = {line.name: line for line in tally.lines}
        found: list[ft.Control] = []
        for i, team in enumerate(game.variants.teams, start=1):
            crowns = [lines[n].crowns_left for n in team]
            vp = [lines[n].vp_total for n in team]
            reached = talk_of_peace_reached(crowns, vp, house=game.house)
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
        found.append(small(talk_of_peace_goal(game.house)))
        return found

    def render_save(self, tally: FinalTally | None) -> None:
        saved = self.session.state.saved_play
        controls: list[ft.Control] = []
        if saved is not None:
            controls.append(
                notice("This tally is saved to history. Start a new game when ready.", level="ok")
            )
            controls.append(
                ft.Row(
                    [
                        button(
                            "View in history",
                            lambda e: self.ctx.navigate(f"/history/play/{saved}"),
                            kind="outlined",
                            icon=ft.Icons.HISTORY,
                        ),
                        button(
                            "New game",
                            lambda e: self.session.new_game(),
                            kind="tonal",
                            icon=ft.Icons.RESTART_ALT,
                        ),
                    ],
                    wrap=True,
                )
            )
        else:
            if self.show_all and tally is None:
                controls.append(notice("Fix the marked fields, then save.", level="error"))
        self.save_box.controls = controls
        self.save_button.disabled = saved is not None

    def build(self) -> Screen:
        self.render_triggers()
        end = rules().game_end
        players = [self.player_panel(i) for i in range(len(self.draft.rows))]
        self.live()
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
        return self.session.screen("end", content, bar=[tagged("save-tally", self.save_button)])
