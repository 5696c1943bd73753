"""Setup › Setup assistant as plain state (no flet here), one file per part of the screen.

The choice and the checklist's progress are a shared table (``companion.tables``): the game
value and its actions are :mod:`companion.engine.setup`'s (``SetupGame``, ``MarkDone``...),
so nothing here is saved. What is here:

- :mod:`.choice` — how a choice stands, module blurbs, the last draw in words;
- :mod:`.checklist` — the progress strip, notices, names by seat, the words of a change;
- :mod:`.draft` — what one device is doing (the seed being typed, steps opened);
- :mod:`.lobby` — the new-setup form;
- :mod:`.rulings` — which reading of a ruling is in use, the house rules a table follows;
- :mod:`.why` — the rules entries and rulings each "why?" opens;
- :mod:`.taps` — what a tap means: the action to send, or a word to the phone only;
- :mod:`.old_save` — the single setup an older version kept under :data:`SETUP_KEY`.
"""

from companion.engine.setup import (
    COVE,
    MAX_SEED_DIGITS,
    Draw,
    Progress,
    SeedError,
    SetupGame,
    digest,
    parse_seed,
)
from companion.engine.setup import Pin as Pin
from companion.ui.model.words import plural
from companion.ui.setup.model import taps as taps
from companion.ui.setup.model.checklist import (
    FINISHED,
    changed_notice,
    confirm_words,
    dropped_ticks,
    errors_notice,
    next_line,
    seat_names,
)
from companion.ui.setup.model.choice import (
    BLURB_MAX,
    Status,
    can_surprise,
    choice_status,
    describe_draw,
    draw_note,
    flagged_modules,
    game_name,
    marks_line,
    module_blurbs,
    module_name,
    modules_summary,
    nothing_fits_text,
    ordered,
    readable,
    sentence,
    status,
)
from companion.ui.setup.model.draft import SEED_PROBLEM, SetupDraft
from companion.ui.setup.model.form import NewSetupForm, game_options
from companion.ui.setup.model.old_save import (
    FORMAT,
    SETUP_KEY,
    Loaded,
    OldSetupError,
    load_old_setup,
    old_setup_problem,
    read_old_setup,
)
from companion.ui.setup.model.rulings import (
    RulingNote,
    first_sentence,
    ruling_note,
    ruling_notes,
    table_house_rules,
    valid_house_rules,
)
from companion.ui.setup.model.why import (
    GAME_ENTRIES,
    card_why,
    finding_why,
    module_why,
    step_why,
)

#: The assistant's state was called this before it became the table's game value.
AssistantState = SetupGame

__all__ = [
    "BLURB_MAX",
    "COVE",
    "FINISHED",
    "FORMAT",
    "GAME_ENTRIES",
    "MAX_SEED_DIGITS",
    "SEED_PROBLEM",
    "SETUP_KEY",
    "AssistantState",
    "Draw",
    "Loaded",
    "NewSetupForm",
    "OldSetupError",
    "Pin",
    "Progress",
    "RulingNote",
    "SeedError",
    "SetupDraft",
    "SetupGame",
    "Status",
    "can_surprise",
    "card_why",
    "changed_notice",
    "choice_status",
    "confirm_words",
    "describe_draw",
    "digest",
    "draw_note",
    "dropped_ticks",
    "errors_notice",
    "finding_why",
    "first_sentence",
    "flagged_modules",
    "game_name",
    "game_options",
    "load_old_setup",
    "marks_line",
    "module_blurbs",
    "module_name",
    "module_why",
    "modules_summary",
    "next_line",
    "nothing_fits_text",
    "old_setup_problem",
    "ordered",
    "parse_seed",
    "plural",
    "read_old_setup",
    "readable",
    "ruling_note",
    "ruling_notes",
    "seat_names",
    "sentence",
    "status",
    "step_why",
    "table_house_rules",
    "valid_house_rules",
]
