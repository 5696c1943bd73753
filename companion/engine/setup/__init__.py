"""The setup assistant: which modules go together, and one checklist to set the table.

Pure, typed and deterministic (no UI or database imports). The facts are data in
``data/setup/*.toml``: Master Craft's and The Entertainer's modules with their pieces, the
relations the rulebook states between them, the Paladin cards, Beasts of the Bay and Rogue
cards 15–21, and the setup steps of Merchants Cove (with its modules), Mercante and
Merchant's Journey, each citing its rulebook passage.

- :func:`check_modules` reports findings (errors first) with one-tap :class:`Fix` values.
- :func:`setup_checklist` writes the ordered :class:`Step` list, numbers filled in.
- :func:`surprise_modules` / :func:`surprise_card` draw a legal combination or card from a seed.
- :class:`SetupGame` is one table's choice and checklist progress; its actions
  (:mod:`companion.engine.setup.actions`), each checking itself and saying what it does, are
  applied one at a time on the shared table (:data:`TABLE_RULES`).

The package's rooms: ``errors``, ``facts`` (``data/setup/*.toml``: the schema and its loader),
``house`` (the house rules a setup table follows), ``check`` (modules together), ``checklist``
(the steps), ``surprise`` (Surprise me), ``words`` (names in sentences), ``actions``,
``records``, ``game`` (:class:`SetupGame`) and ``table`` (:data:`TABLE_RULES`).

House rules are passed as the ids of rulings whose alternative reading the players chose
(``house_rules=["setup.paladin_split"]``), exactly the keys Settings stores.
"""

from companion.engine.core.words import spoken
from companion.engine.setup.actions import (
    ApplyFix,
    ChooseGame,
    ClearChoice,
    ClearPins,
    DrawCard,
    MarkDone,
    MarkNotDone,
    PickedKind,
    Pin,
    ResetChecklist,
    SetBeast,
    SetCard,
    SetModule,
    SetPin,
    SetPlayers,
    SetSeed,
    SetSize,
    SetupAction,
    Surprise,
    read_action,
)
from companion.engine.setup.check import (
    MODULES_GAME,
    Finding,
    Fix,
    Level,
    check_modules,
    clear_caches,
    game_setup,
    is_legal,
    module_ids,
)
from companion.engine.setup.checklist import (
    Component,
    Step,
    module_components,
    player_range,
    quantities,
    setup_checklist,
    setup_games,
    take_out,
)
from companion.engine.setup.errors import (
    CardChoiceError,
    HouseRuleError,
    NoLegalCombinationError,
    PlayerCountError,
    SaveDataError,
    SeedError,
    SetupError,
    StepError,
    UnchangedError,
    UnknownCardError,
    UnknownGameError,
    UnknownModuleError,
)
from companion.engine.setup.facts import (
    Card,
    CardKind,
    GameSetup,
    Module,
    Relation,
    SetupData,
    TownsfolkSet,
    load_setup,
    setup_data,
)
from companion.engine.setup.game import (
    MAX_SEED_DIGITS,
    SetupGame,
    check_seed,
    digest,
    parse_seed,
)
from companion.engine.setup.house import setup_house_rules
from companion.engine.setup.records import Draw, Progress, Record
from companion.engine.setup.surprise import (
    SURPRISE_KINDS,
    describe_card,
    legal_cards,
    surprise_card,
    surprise_modules,
)
from companion.engine.setup.table import (
    TABLE_RULES,
    TOOL,
    differences,
    players_line,
    status_line,
    table_changed,
)
from companion.engine.setup.words import COVE, game_name
from companion.rules.models import Ruling


def modules(game: str = MODULES_GAME) -> tuple[Module, ...]:
    """The modules of ``game`` in display order (name, group, description, source...)."""
    return game_setup(game).modules


def module(module_id: str, game: str = MODULES_GAME) -> Module:
    """One module by id; :class:`UnknownModuleError` if there is none."""
    for candidate in modules(game):
        if candidate.id == module_id:
            return candidate
    raise UnknownModuleError(f"there is no module {spoken(module_id)} in {game_name(game)}")


def cards(kind: str | None = None, game: str = MODULES_GAME) -> tuple[Card, ...]:
    """The cards of ``game`` (all, or of one kind: "paladin", "rogue", "beast")."""
    setup = game_setup(game)
    if kind is not None and kind not in {k.id for k in setup.card_kinds}:
        raise UnknownCardError(f"there are no {spoken(str(kind))} cards in {game_name(game)}")
    return tuple(c for c in setup.cards if kind is None or c.kind == kind)


def card(card_id: str, game: str = MODULES_GAME) -> Card:
    """One card by id; :class:`UnknownCardError` if there is none."""
    for candidate in cards(game=game):
        if candidate.id == card_id:
            return candidate
    raise UnknownCardError(f"there is no card {spoken(str(card_id)) or 'without a name'}")


def setup_rulings(game: str) -> tuple[Ruling, ...]:
    """The rulings behind ``game``'s setup data (relations, cards, quantities and steps),
    in catalogue order; those with an alternative are the house rules Settings offers."""
    setup = game_setup(game)
    used: set[str] = set()
    used |= {r.ruling for r in setup.relations if r.ruling}
    used |= {c.ruling for c in setup.cards if c.ruling}
    used |= {q.house_rule.ruling for q in setup.quantities if q.house_rule}
    for step in setup.steps:
        used |= set(step.rulings)
        if step.house_rule:
            used.add(step.house_rule.ruling)
    data = setup_data()
    # Setup's own rulings (``setup.*``) and the catalogue's (``catalogue.*``, the player
    # count) for the game; other tools' rulings for the same game (the Bard's, the sale
    # value's, the Journey table's) are not about setup.
    own = ("setup.", "catalogue.")
    ordered = [
        r
        for r in data.catalogue.rulings
        if r.id in used or (r.game == setup.game and r.id.startswith(own))
    ]
    return tuple(ordered)


__all__ = [
    "COVE",
    "MAX_SEED_DIGITS",
    "MODULES_GAME",
    "SURPRISE_KINDS",
    "TABLE_RULES",
    "TOOL",
    "ApplyFix",
    "Card",
    "CardChoiceError",
    "CardKind",
    "ChooseGame",
    "ClearChoice",
    "ClearPins",
    "Component",
    "Draw",
    "DrawCard",
    "Finding",
    "Fix",
    "GameSetup",
    "HouseRuleError",
    "Level",
    "MarkDone",
    "MarkNotDone",
    "Module",
    "NoLegalCombinationError",
    "PickedKind",
    "Pin",
    "PlayerCountError",
    "Progress",
    "Record",
    "Relation",
    "ResetChecklist",
    "SaveDataError",
    "SeedError",
    "SetBeast",
    "SetCard",
    "SetModule",
    "SetPin",
    "SetPlayers",
    "SetSeed",
    "SetSize",
    "SetupAction",
    "SetupData",
    "SetupError",
    "SetupGame",
    "Step",
    "StepError",
    "Surprise",
    "TownsfolkSet",
    "UnchangedError",
    "UnknownCardError",
    "UnknownGameError",
    "UnknownModuleError",
    "card",
    "cards",
    "check_modules",
    "check_seed",
    "clear_caches",
    "describe_card",
    "differences",
    "digest",
    "game_name",
    "is_legal",
    "legal_cards",
    "load_setup",
    "module",
    "module_components",
    "module_ids",
    "modules",
    "parse_seed",
    "player_range",
    "players_line",
    "quantities",
    "read_action",
    "setup_checklist",
    "setup_data",
    "setup_games",
    "setup_house_rules",
    "setup_rulings",
    "status_line",
    "surprise_card",
    "surprise_modules",
    "table_changed",
    "take_out",
]
