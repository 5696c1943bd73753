"""Saves of version 1: games kept before the turn's phases, agents and the victory point
tokens on the upkeep marker were part of the game.

Those games let events be played at any moment and sales be made in any order, so their
actions may not replay under the rules the game follows now. They are replayed the way they
were played then (calendar, board, upkeep marker, agents and warehouses) and the game goes on
from where it had got to, as a new start with an empty log: nobody loses the game they were
keeping, only the undo history before the update.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final, cast

from companion.engine.core import saves
from companion.engine.mercante.errors import MercanteError, SaveDataError
from companion.engine.mercante.events import Calendar, Event
from companion.engine.mercante.game import (
    ASSETS,
    MercanteGame,
    PlayerState,
    Step,
    read_house_and_variants,
    read_players,
)
from companion.engine.mercante.markets import MarketBoard
from companion.engine.mercante.pricing import quote_sale, reactions_of
from companion.engine.mercante.upkeep import pass_upkeep_marker, verify_removal

_V1: Final = saves.SaveFormat("companion.mercante.game", 1, SaveDataError)
_START_KEYS: Final = frozenset(
    {
        "players",
        "active",
        "upkeep_holder",
        "calendar",
        "board",
        "house_rules",
        "removed_this_turn",
        "improved_this_turn",
        "new_agents",
    }
)


def read_version_1(data: Mapping[str, Any]) -> MercanteGame:
    """The game a version 1 save had got to, as a start with an empty log."""
    data = _V1.check_header(data)
    _V1.known(data, "", {"format", "version", "start", "actions"})
    state = _V1.mapping(data.get("start"), "start")
    _V1.known(state, "start", _START_KEYS)
    players = list(read_players(state.get("players"), "start.players"))
    with _V1.at("start.calendar"):
        calendar = Calendar.from_list(state.get("calendar", []))
    board_raw = state.get("board")
    with _V1.at("start.board"):
        board = None if board_raw is None else MarketBoard.from_dict(board_raw)
    house, variants = read_house_and_variants(state, "start")
    active = cast(str, state.get("active"))
    holder = cast(str, state.get("upkeep_holder"))
    removed = state.get("removed_this_turn", False) is True
    new_agents = state.get("new_agents", 0)
    if isinstance(new_agents, bool) or not isinstance(new_agents, int) or new_agents < 0:
        raise SaveDataError(f"start.new_agents: {new_agents!r} must be a whole number")
    seats = [p.name for p in players]
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise SaveDataError(f"actions {actions!r} must be a list")
    for i, raw in enumerate(actions):
        with _V1.at(f"actions[{i}]"):
            action = _V1.mapping(raw, "action")
            kind = action.get("kind")
            if kind == "play_event":
                event = Event.from_dict(action["event"])
                if event.is_enduring:
                    calendar.add(event)
                if board is not None and event.removes:
                    board, _ = board.remove_many(
                        {m: min(n, board.market(m).covered) for m, n in event.removes.items()}
                    )
            elif kind == "sell":
                reaction = action.get("reaction")
                played = reactions_of(
                    None if reaction is None else Event.from_dict(reaction),
                    action.get("reaction_at", 0),
                    by=action.get("reaction_by"),
                )
                bases = action.get("bases")
                quote = quote_sale(
                    tuple(action["goods"]),
                    calendar,
                    bases=None if board is not None else tuple(bases or ()),
                    board=board,
                    agents=action.get("agents", 0),
                    bazaar=tuple(action.get("bazaar", ())),
                    reactions=played,
                    house=house,
                )
                calendar = Calendar(quote.calendar_after)
                board = quote.board_after
            elif kind == "remove_goods":
                plan = verify_removal(dict(action["removals"]), len(seats), variants=variants)
                if board is not None:
                    board, _ = board.remove_many(dict(plan.removals))
                removed = True
            elif kind == "auction_vp":
                pass  # version 1 kept no victory point tokens
            elif kind == "pass_upkeep_marker":
                holder = pass_upkeep_marker(seats, holder, variants=variants)
            elif kind == "improve":
                asset = action.get("asset")
                if asset not in ASSETS:
                    raise SaveDataError(f"asset: {asset!r} must be 'agent' or 'warehouse'")
                at = seats.index(active)
                player: PlayerState = players[at]
                if asset == "agent":
                    players[at] = replace(player, agents=player.agents + 1)
                    new_agents += 1
                else:
                    players[at] = replace(player, warehouses=player.warehouses + 1)
            elif kind == "end_turn":
                active = seats[(seats.index(active) + 1) % len(seats)]
                removed, new_agents = False, 0
            else:
                raise SaveDataError(f"kind: unknown action {kind!r}")
    step: Step = ("apply_event" if removed else "remove_goods") if active == holder else "shipment"
    try:
        return MercanteGame(
            players=tuple(players),
            active=active,
            upkeep_holder=holder,
            slots=calendar.slots,
            board=board,
            rules=house,
            variants=variants,
            step=step,
            new_agents=new_agents,
        )
    except MercanteError as exc:
        raise SaveDataError(f"the game of the version 1 save: {exc}") from None
