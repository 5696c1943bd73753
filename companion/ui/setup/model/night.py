"""The setup's choice going to tonight's game night, as plain logic (no flet): which night,
the actions that make it play the setup's game, modules and house rules, and the words.

The modules chosen and checked here (a choice the check refuses is not sent) and the setup's
house rules become the night's, through the night's own actions
(:class:`~companion.engine.seats.SetGame`, :class:`~companion.engine.seats.Choose`,
:class:`~companion.engine.seats.SetHouseRule`), so every phone showing the night sees them and
the saved play records them. Only the house rules a setup reads are touched: a night's other
house rules (a sale's, a song's) stay as they are.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from companion.engine.seats import Choose, Seating, SeatsAction, SetGame, SetHouseRule
from companion.engine.seats.night import module_names
from companion.engine.setup import SetupGame
from companion.engine.setup.house import setup_house_rules
from companion.history import StoreError
from companion.rules import Catalogue
from companion.tables import TableHub, TableNotFound
from companion.ui.setup.model.choice import choice_status, game_name

log = logging.getLogger(__name__)

NIGHT_TOOL = "seats"


@dataclass(frozen=True)
class OpenNight:
    """Tonight's game night: its table, the step last read, and the night."""

    table_id: int
    seq: int
    night: Seating


def open_night(hub: TableHub) -> OpenNight | None:
    """The game night being played: the most recently touched open one not finished."""
    try:
        for info in hub.tables(NIGHT_TOOL, "open"):
            if not info.is_open:
                continue
            snapshot = hub.open(info.id)
            night = snapshot.game
            if isinstance(night, Seating) and night.finished_at is None:
                return OpenNight(info.id, snapshot.seq, night)
    except (StoreError, TableNotFound) as exc:
        log.warning("the game nights could not be read: %s", exc)
    return None


def chosen_modules(setup: SetupGame) -> tuple[str, ...]:
    """The setup's modules in the setup data's order (none for a game without modules)."""
    known = module_names(setup.game)
    return tuple(m for m in known if m in setup.active_modules)


def house_rule_actions(setup: SetupGame, night: Seating) -> list[SetHouseRule]:
    """The setup's house rules where the night plays otherwise (setup rulings only)."""
    rules = dict(night.house_rules)
    actions: list[SetHouseRule] = []
    for ruling in sorted(setup_house_rules()):
        want = "alternative" if ruling in setup.rules else "reading"
        have = rules.get(ruling, "reading")
        if want != have:
            actions.append(SetHouseRule(ruling, want))
    return actions


def night_actions(setup: SetupGame, night: Seating) -> list[SeatsAction]:
    """What makes ``night`` play the setup's game, modules and house rules (nothing when it
    does already). The game goes first: changing it clears the other game's modules."""
    actions: list[SeatsAction] = []
    game = night.game_id
    if setup.game != game:
        actions.append(SetGame(setup.game))
        game = setup.game
        modules: tuple[str, ...] = ()
    else:
        modules = night.modules
    wanted = chosen_modules(setup)
    if wanted != modules and (wanted or modules):
        actions.append(Choose(modules=wanted, expansions=()))
    actions.extend(house_rule_actions(setup, night))
    return actions


def follows(setup: SetupGame, night: Seating | None) -> bool:
    """Whether ``night`` plays the setup's game, modules and house rules already."""
    return night is not None and not night_actions(setup, night)


def refusal(setup: SetupGame, catalogue: Catalogue) -> str | None:
    """Why the choice cannot go to the night yet (the check finds an error), or None."""
    stand = choice_status(setup, catalogue)
    if stand.level == "error":
        return f"Fix the choice first: {stand.headline}"
    return None


def played(setup: SetupGame, catalogue: Catalogue) -> str:
    """``Merchants Cove with the Faction Festival and the Paladins``."""
    name = game_name(catalogue, setup.game)
    names = [module_names(setup.game)[m][0] for m in chosen_modules(setup)]
    if not setup.has_modules:
        return name
    if not names:
        return f"{name}, base game only"
    return f"{name} with {', '.join(names[:-1]) + ' and ' if len(names) > 1 else ''}{names[-1]}"


def tonight_line(setup: SetupGame, night: OpenNight | None, catalogue: Catalogue) -> str:
    """Where the choice stands against tonight's night, in a sentence."""
    what = played(setup, catalogue)
    if night is None:
        return f"No game night is open: Use for tonight starts one playing {what}."
    seated = night.night.seats
    who = f" ({', '.join(seated)})" if seated else ""
    if follows(setup, night.night):
        return f"Tonight's game night{who} plays {what}."
    return f"Use for tonight: tonight's game night{who} then plays {what}."


__all__ = [
    "OpenNight",
    "chosen_modules",
    "follows",
    "house_rule_actions",
    "night_actions",
    "open_night",
    "played",
    "refusal",
    "tonight_line",
]
