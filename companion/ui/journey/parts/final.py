"""The end of a Journey game: the standings, each total's working, the rulings and passages
behind the result, and Save to history (once, whichever phone taps it)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame
from companion.tables import Snapshot
from companion.ui import history
from companion.ui.context import AppContext
from companion.ui.journey.model import plural, score_lines, stopped_note
from companion.ui.journey.model.why import why_final
from companion.ui.journey.parts.last_move import rulings_line
from companion.ui.kit.players import standings_table
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, notice, panel, small, source_text, tagged


def final_panel(
    ctx: AppContext, game: JourneyGame, snapshot: Snapshot, save: Callable[[], None]
) -> ft.Control:
    """The standings and Save to history; for a game the players stopped early (saved as
    unfinished), the scores when play stopped."""
    stopped = not game.is_over
    items: list[ft.Control] = []
    if stopped:
        items.append(body(f"Play stopped early. {stopped_note(game)}", muted=True))
    items.append(tagged("journey-standings", standings_table(game.standings())))
    for line in score_lines(game):
        bonus = game.breakdown(line.name)[1]
        extra = f", {bonus} from Blights" if bonus else ""
        items.append(small(f"{line.name}: {line.working} ({plural(line.pairs, 'pair')}{extra})"))
    why = why_final(game)
    items.append(why_link(ctx, why.entries, why.rulings, ident="why-final"))
    items.append(rulings_line(ctx, (engine.TIES, engine.GAME_END)))
    facts = engine.facts()
    items.append(source_text(ctx.catalogue, [facts.play.winner_source, facts.play.end_source]))
    play_id = snapshot.info.saved_play_id
    if play_id is None:
        if snapshot.info.status != "abandoned" and snapshot.info.damaged is None:
            items.append(
                button(
                    "Save to history", lambda e: save(), icon=ft.Icons.SAVE, ident="save-journey"
                )
            )
    else:
        items.append(
            notice(
                "Saved in your history as unfinished." if stopped else "Saved in your history.",
                level="ok",
            )
        )
        items.append(
            button(
                "View in history",
                lambda e: ctx.navigate(history.play_route(play_id)),
                icon=ft.Icons.HISTORY,
                kind="outlined",
                ident="view-saved",
            )
        )
    return panel(*items, title="Scores when play stopped" if stopped else "Final scores")


__all__ = ["final_panel"]
