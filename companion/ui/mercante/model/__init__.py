"""The Mercante screens as plain state (no flet here): each draft a device is typing in its
own module, and the words the screens show.

The game itself is a shared table (:class:`~companion.engine.mercante.tabletop.MercanteTable`,
see ``companion.tables``): every move, tick and tally figure is a table action, so nothing
here is saved. What a device is only typing stays on it (:class:`~.drafts.MercanteDrafts`),
and each draft turns what was typed into the engine action a tap sends (``SaleDraft.sale``,
``ShipmentDraft.start``, ``MercanteDrafts.vp_auction``...), raising :class:`FieldErrors` for
the fields to fix; the view only shows the errors or forwards the action:

- :mod:`.events`: the event cards to choose from and a custom card being written
  (:class:`EventDraft`);
- :mod:`.new_game`: the new-game form (:class:`NewGameForm`);
- :mod:`.sale`: the sale being priced (:class:`SaleDraft`);
- :mod:`.shipment`: the shipment card typed in for the auction helper (:class:`ShipmentDraft`);
- :mod:`.tally`: the final tally as typed, over the table's figures (:class:`TallyDraft`);
- :mod:`.upkeep`, :mod:`.calendar`, :mod:`.turn`: the lines the tabs show, and the agent
  actions the Turn tab offers (:func:`agent_choices`);
- :mod:`.saved`: the single game an older version kept in the settings, read once to become
  a table.
"""

from __future__ import annotations

from companion.ui.mercante.model.calendar import (
    discarded_events,
    last_calendar_change,
)
from companion.ui.mercante.model.draft import (
    MercanteDrafts,
)
from companion.ui.mercante.model.events import (
    DamagedCard,
    EffectDraft,
    EventChoice,
    EventDraft,
    choice_by_key,
    event_choices,
    filter_choices,
    targets,
)
from companion.ui.mercante.model.form import (
    SWITCHED_VARIANTS,
    NewGameForm,
    printed_of,
    printed_of_setting,
)
from companion.ui.mercante.model.old_save import (
    DAMAGED_KEY,
    EVENT_DRAFT_KEY,
    GAME_KEY,
    PRINTED_KEY,
    STATE_FORMAT,
    STATE_VERSION,
    MercanteState,
    StateError,
    form_of_old_save,
    read_old_save,
)
from companion.ui.mercante.model.sale import (
    ReactionDraft,
    SaleDraft,
    SaleView,
    bazaar_line,
    cartage_line,
    next_space_text,
    running_total,
    sale_needs_printed,
    token_key,
    token_label,
)
from companion.ui.mercante.model.shipment import (
    ShipmentDraft,
)
from companion.ui.mercante.model.tally import (
    TALLY_FIELDS,
    TallyDraft,
    TallyRow,
    parse_figure,
    play_of,
    record_arguments,
    saved_line,
    shown_standings,
    tally_text,
    tally_working,
)
from companion.ui.mercante.model.turn import (
    STEP_TEXT,
    AgentChoice,
    PlayerGlance,
    TurnStatus,
    agent_choices,
    agent_rules_text,
    agents_line,
    agents_waiting,
    end_notice,
    end_reasons,
    lot_lines,
    player_glances,
    show_vp_bids,
    talk_of_peace_goal,
    team_lines,
    turn_status,
)
from companion.ui.mercante.model.upkeep import (
    CostLine,
    cost_lines,
    removal_cost_label,
    removal_cost_text,
    schedule_lines,
    upkeep_headline,
    when_text,
)
from companion.ui.mercante.model.words import (
    CUSTOM,
    GAME_ID,
    RULEBOOK,
    TAB_ALIASES,
    TABS,
    FieldErrors,
    FieldKey,
    good_name,
    house_rules_from,
    market_name,
    parse_count,
    parse_numbers,
    parse_printed,
    points_text,
    signed,
)
from companion.ui.model.words import plural

__all__ = [
    "CUSTOM",
    "DAMAGED_KEY",
    "EVENT_DRAFT_KEY",
    "GAME_ID",
    "GAME_KEY",
    "PRINTED_KEY",
    "RULEBOOK",
    "STATE_FORMAT",
    "STATE_VERSION",
    "STEP_TEXT",
    "SWITCHED_VARIANTS",
    "TABS",
    "TAB_ALIASES",
    "TALLY_FIELDS",
    "AgentChoice",
    "CostLine",
    "DamagedCard",
    "EffectDraft",
    "EventChoice",
    "EventDraft",
    "FieldErrors",
    "FieldKey",
    "MercanteDrafts",
    "MercanteState",
    "NewGameForm",
    "PlayerGlance",
    "ReactionDraft",
    "SaleDraft",
    "SaleView",
    "ShipmentDraft",
    "StateError",
    "TallyDraft",
    "TallyRow",
    "TurnStatus",
    "agent_choices",
    "agent_rules_text",
    "agents_line",
    "agents_waiting",
    "bazaar_line",
    "cartage_line",
    "choice_by_key",
    "cost_lines",
    "discarded_events",
    "end_notice",
    "end_reasons",
    "event_choices",
    "filter_choices",
    "form_of_old_save",
    "good_name",
    "house_rules_from",
    "last_calendar_change",
    "lot_lines",
    "market_name",
    "next_space_text",
    "parse_count",
    "parse_figure",
    "parse_numbers",
    "parse_printed",
    "play_of",
    "player_glances",
    "plural",
    "points_text",
    "printed_of",
    "printed_of_setting",
    "read_old_save",
    "record_arguments",
    "removal_cost_label",
    "removal_cost_text",
    "running_total",
    "sale_needs_printed",
    "saved_line",
    "schedule_lines",
    "show_vp_bids",
    "shown_standings",
    "signed",
    "talk_of_peace_goal",
    "tally_text",
    "tally_working",
    "targets",
    "team_lines",
    "token_key",
    "token_label",
    "turn_status",
    "upkeep_headline",
    "when_text",
]
