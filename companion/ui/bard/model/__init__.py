"""The Bard screen's plain logic (no flet), one room per part:

- :mod:`~companion.ui.bard.model.words` — colours, sources, locations and messages in words;
- :mod:`~companion.ui.bard.model.card` — a card of the Song tableau (top and bottom half) and
  the engine's sources it stands for;
- :mod:`~companion.ui.bard.model.stop` — the location being typed on this device;
- :mod:`~companion.ui.bard.model.goals` — the goals chosen for "Best song";
- :mod:`~companion.ui.bard.model.draft` — everything this device keeps while typing;
- :mod:`~companion.ui.bard.model.form` — the lobby's new-table form;
- :mod:`~companion.ui.bard.model.song` — the table's action for each tap, and the song read
  back as the screen lays it out;
- :mod:`~companion.ui.bard.model.plans` — the planner's answer as cards;
- :mod:`~companion.ui.bard.model.lines` — the lines of the totals and the helpers;
- :mod:`~companion.ui.bard.model.why` — the rules behind each number;
- :mod:`~companion.ui.bard.model.old_song` / :mod:`~companion.ui.bard.model.old_save` — the
  screen's state before shared tables, read once into a table.
"""

from __future__ import annotations

from companion.ui.bard.model.card import Card, cards_of, new_card, with_card, without_card
from companion.ui.bard.model.draft import GemForm, SongDraft
from companion.ui.bard.model.form import NewTableForm
from companion.ui.bard.model.goals import GoalChip, GoalForm
from companion.ui.bard.model.old_save import read_old_save, table_of
from companion.ui.bard.model.old_song import (
    BARD_KEY,
    DAMAGED_KEY,
    BardDraft,
    Plan,
    SourceDraft,
    StateError,
    StopDraft,
    StopResult,
    board_lines,
    board_summary,
    evaluate,
    icons_left_line,
    moves_line,
    number_bounds,
    performance_for,
    rewards_lines,
    start_song,
    tableau_summary,
)
from companion.ui.bard.model.plans import Answer, PlanCard, PlanStop, best_songs
from companion.ui.bard.model.stop import StopCheck, StopForm, check
from companion.ui.bard.model.words import (
    colour_name,
    location_label,
    parse_count,
    plural,
    sentence,
    source_label,
    source_name,
)

__all__ = [
    "BARD_KEY",
    "DAMAGED_KEY",
    "Answer",
    "BardDraft",
    "Card",
    "GemForm",
    "GoalChip",
    "GoalForm",
    "NewTableForm",
    "Plan",
    "PlanCard",
    "PlanStop",
    "SongDraft",
    "SourceDraft",
    "StateError",
    "StopCheck",
    "StopDraft",
    "StopForm",
    "StopResult",
    "best_songs",
    "board_lines",
    "board_summary",
    "cards_of",
    "check",
    "colour_name",
    "evaluate",
    "icons_left_line",
    "location_label",
    "moves_line",
    "new_card",
    "number_bounds",
    "parse_count",
    "performance_for",
    "plural",
    "read_old_save",
    "rewards_lines",
    "sentence",
    "source_label",
    "source_name",
    "start_song",
    "table_of",
    "tableau_summary",
    "with_card",
    "without_card",
]
