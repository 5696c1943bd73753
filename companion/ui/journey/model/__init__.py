"""Merchant's Journey's screens as plain state (no flet here), one part a file:

- :mod:`~companion.ui.journey.model.form` — the new-game form (:class:`NewGameForm`);
- :mod:`~companion.ui.journey.model.draft` — what one device is choosing
  (:class:`JourneyDraft`: the card about to be played);
- :mod:`~companion.ui.journey.model.words` — what a table screen shows (status, row ends
  and what they score, scores, the last move, swaps, sources);
- :mod:`~companion.ui.journey.model.rulings` — the rulings in use, as the screen lists them;
- :mod:`~companion.ui.journey.model.play` — the history play a table is saved to;
- :mod:`~companion.ui.journey.model.old_save` — the single game an older version kept in the
  settings, read so it can be imported as a table once.

The game itself is a shared table (``companion.tables``): every move is a table action, so
nothing here is saved.
"""

from __future__ import annotations

from companion.ui.journey.model.draft import JourneyDraft
from companion.ui.journey.model.form import NewGameForm
from companion.ui.journey.model.old_save import (
    DAMAGED_KEY,
    GAME_KEY,
    STATE_FORMAT,
    STATE_VERSION,
    StateError,
    form_of_old_save,
    read_old_save,
)
from companion.ui.journey.model.play import CATEGORIES, play_of, stopped_note
from companion.ui.journey.model.rulings import RulingLine, house_rules_summary, rulings_in_use
from companion.ui.journey.model.words import (
    ROW_CHIPS,
    EndOption,
    ScoreLine,
    card_line,
    end_options,
    gain_sources,
    last_record,
    pile_count,
    pile_line,
    record_sources,
    record_title,
    score_lines,
    shown_positions,
    status_line,
    swap_label,
    turn_ask,
    turn_instruction,
)
from companion.ui.model.words import plural

__all__ = [
    "CATEGORIES",
    "DAMAGED_KEY",
    "GAME_KEY",
    "ROW_CHIPS",
    "STATE_FORMAT",
    "STATE_VERSION",
    "EndOption",
    "JourneyDraft",
    "NewGameForm",
    "RulingLine",
    "ScoreLine",
    "StateError",
    "card_line",
    "end_options",
    "form_of_old_save",
    "gain_sources",
    "house_rules_summary",
    "last_record",
    "pile_count",
    "pile_line",
    "play_of",
    "plural",
    "read_old_save",
    "record_sources",
    "record_title",
    "rulings_in_use",
    "score_lines",
    "shown_positions",
    "status_line",
    "stopped_note",
    "swap_label",
    "turn_ask",
    "turn_instruction",
]
