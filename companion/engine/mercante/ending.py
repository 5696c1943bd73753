"""How a game the app keeps ends: the end triggers it notices and the final tally it works out.

The game ends at the end of the active player's turn once any trigger is met (rulebook, Game
End): a player with 80 crowns or more, the reference track marker on its last space (noted by
a player: the app does not know the printed track), the last shipment card entering the harbor
(the app counts the shipment auctions: 32 cards, 5 in the harbor at setup), and with Talk of
Peace a team's 100 crowns or 10 victory points (ruling ``mercante.talk_of_peace_end``). After
that only the end-game steps remain: every player sells their goods left to the bazaar (these
sales count toward contracts), then buys victory points at 10 crowns each. The tally follows
from the game (:func:`tally`), with its working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from companion.engine.mercante.errors import TallyError
from companion.engine.mercante.facts import rules
from companion.engine.mercante.scoring import (
    FinalTally,
    PlayerTally,
    final_tally,
    talk_of_peace_reached,
)

if TYPE_CHECKING:
    from companion.engine.mercante.game import MercanteGame

CROWNS: Final = "crowns"
REFERENCE_TRACK: Final = "reference_track"
LAST_SHIPMENT: Final = "last_shipment"
TALK_OF_PEACE_GOAL: Final = "talk_of_peace"
#: The triggers a player notes (the app cannot see them on the table by itself).
NOTED: Final = (REFERENCE_TRACK, LAST_SHIPMENT)


def trigger_ids() -> tuple[str, ...]:
    """Every end trigger, in the rulebook's order, then Talk of Peace's goal."""
    return (*(t.id for t in rules().game_end.trigger), TALK_OF_PEACE_GOAL)


def trigger_text(trigger: str) -> str:
    """``A player has 80 crowns or more.`` for a trigger id."""
    for entry in rules().game_end.trigger:
        if entry.id == trigger:
            return entry.text
    goal = rules().variants.talk_of_peace
    return f"A team has {goal.crowns} crowns or {goal.victory_points} victory points."


def noted_text(by: str, trigger: str) -> str:
    """``Ben noted that the last shipment card has entered the harbor, so the game ends with
    this turn.``: one sentence saying who noted what (read alike on every phone, the one that
    holds nobody included: ``by`` is the player it acted for)."""
    said = trigger_text(trigger).rstrip(".")
    return f"{by} noted that {said[:1].lower()}{said[1:]}, so the game ends with this turn."


def last_shipment_after() -> int:
    """Shipment auctions after which the last card has entered the harbor (32 − 5)."""
    setup = rules().setup
    return setup.shipment_cards - setup.harbor_shipments


def normal_triggers_count(game: MercanteGame) -> bool:
    """False when Talk of Peace's goal alone ends the game (the house rule)."""
    return not (game.variants.talk_of_peace and game.rules.talk_of_peace_goal_only)


def met_triggers(game: MercanteGame) -> tuple[str, ...]:
    """The triggers met this turn: those already noted and those the game shows now."""
    met = set(game.ending)
    if normal_triggers_count(game):
        if any(p.crowns >= rules().game_end.crowns_trigger for p in game.players):
            met.add(CROWNS)
        if game.shipments >= last_shipment_after():
            met.add(LAST_SHIPMENT)
    if game.variants.talk_of_peace:
        for team in game.variants.teams:
            members = [game.player(n) for n in team]
            crowns = [p.crowns for p in members]
            if talk_of_peace_reached(crowns, [p.vp for p in members], house=game.rules):
                met.add(TALK_OF_PEACE_GOAL)
    return tuple(t for t in trigger_ids() if t in met)


def final_steps_left(game: MercanteGame) -> tuple[str, ...]:
    """In words, what the tally still waits for (empty once it can be worked out)."""
    if not game.over:
        return ("the game is not over",)
    left = []
    for player in game.players:
        steps = dict(game.final).get(player.name)
        if steps is None:
            left.append(f"{player.name} has not sold their goods left to the bazaar")
        elif steps.bought is None:
            left.append(f"{player.name} has not bought victory points at the end")
        for contract in game.contracts:
            if contract.holder == player.name and not contract.completed and contract.card is None:
                left.append(f"{player.name} has not told the app contract {contract.number}")
    return tuple(left)


def tally(game: MercanteGame) -> FinalTally:
    """Every player's tally line, with its working, and the standings: victory point tokens,
    contracts completed at the end, unfulfilled contracts' penalties, crowns left, the
    end-game bazaar sale and the victory points bought; :class:`TallyError` says what is
    still missing."""
    missing = final_steps_left(game)
    if missing:
        raise TallyError("the tally waits: " + "; ".join(missing))
    lines = []
    for player in game.players:
        steps = dict(game.final)[player.name]
        completed = tuple(c.vp or 0 for c in steps.completed)
        bought = steps.bought or 0
        unfulfilled = tuple(
            c.penalty or 0 for c in game.contracts if c.holder == player.name and not c.completed
        )
        lines.append(
            PlayerTally(
                name=player.name,
                vp_tokens=player.vp - sum(completed) - bought,
                crowns=steps.crowns_before,
                goods_left=len(steps.goods),
                completed_at_end=completed,
                unfulfilled=unfulfilled,
                vp_bought=bought,
                completed_goods=sum(len(c.card.goods) for c in steps.completed if c.card),
            )
        )
    return final_tally(lines, house=game.rules)


__all__ = [
    "CROWNS",
    "LAST_SHIPMENT",
    "NOTED",
    "REFERENCE_TRACK",
    "TALK_OF_PEACE_GOAL",
    "final_steps_left",
    "last_shipment_after",
    "met_triggers",
    "noted_text",
    "tally",
    "trigger_ids",
    "trigger_text",
]
