"""The turn banner and the Turn tab in words: where the turn stands, the agents left, the
shipment auction's lots, Talk of Peace."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.mercante import (
    MercanteError,
    MercanteGame,
    rules,
)
from companion.engine.mercante.house import HouseRules
from companion.ui.logic.mercante.upkeep import when_text
from companion.ui.logic.words import capitalized, plural

# -- the turn ---------------------------------------------------------------------------------

STEP_TEXT: dict[str, str] = {
    "remove_goods": "Upkeep 1 of 4: take tokens off the markets",
    "apply_event": "Upkeep 2 of 4: apply one event",
    "auction_vp": "Upkeep 3 of 4: auction the victory points on the marker",
    "pass_marker": "Upkeep 4 of 4: pass the upkeep marker",
    "shipment": "Shipment auction, then the agents",
    "agents": "Assign agents",
}


@dataclass(frozen=True)
class TurnStatus:
    """What the turn banner says on every tab: whose turn, where the turn stands, the agents
    left, the upkeep marker, and whether the turn can end now (and if not, why)."""

    title: str
    step: str
    agents: str
    marker: str
    can_end: bool
    end_label: str
    why_not: str | None


def turn_status(game: MercanteGame) -> TurnStatus:
    step = STEP_TEXT[game.step or "shipment"]
    if game.step == "auction_vp":
        held = game.vp_auctions_held()
        step += f" (token {held + 1} of {held + game.vp_auctions_left})"
    auction = game.auction
    if auction is not None and auction.next_bidder is not None:
        lot = auction.current
        least = auction.minimum_bid or 0
        label = lot.label if lot is not None else "the lot"
        step = (
            f"Shipment auction, {label}: {auction.next_bidder} to bid "
            f"(at least {plural(least, 'crown')})"
        )
    usable = game.usable_agents()
    left = game.agents_left()
    agents = f"{left} of {plural(usable, 'agent')} left"
    if game.new_agents:
        agents += f" ({game.new_agents} bought, working next turn)"
    upkeep = game.next_upkeeps(1)
    if game.is_upkeep_turn:
        marker = f"{game.active} holds the upkeep marker"
    elif upkeep:
        when = when_text(upkeep[0].turns_from_now).lower()
        marker = f"Upkeep marker: {game.upkeep_holder} · upkeep {when}"
    else:
        marker = f"Upkeep marker: {game.upkeep_holder}"
    if game.vp_on_marker:
        marker += f" · {plural(game.vp_on_marker, 'VP token')} on it"
    try:
        nxt = game.verify_end_turn()
        why = None
    except MercanteError as exc:
        nxt, why = game.next_player, capitalized(str(exc))
    return TurnStatus(
        title=f"{game.active}'s turn",
        step=step,
        agents=f"{agents} · {nxt} next",
        marker=marker,
        can_end=why is None,
        end_label=f"End turn: {nxt} next",
        why_not=why,
    )


def show_vp_bids(game: MercanteGame) -> bool:
    """The victory point bid boxes are wanted only while a token on the marker is auctioned."""
    return game.step == "auction_vp" and game.vp_auctions_left > 0


def lot_lines(game: MercanteGame) -> tuple[str, ...]:
    """How this turn's shipment lots went, and the bids of the lot under way."""
    lines = [r.summary for r in game.auction_results()]
    auction = game.auction
    if auction is not None and auction.bids:
        bids = ", ".join(
            f"{name} passed" if amount is None else f"{name} {amount}"
            for name, amount in auction.bids
        )
        lines.append(f"Bids so far: {bids}.")
    return tuple(lines)


def team_lines(game: MercanteGame) -> tuple[str, ...]:
    """Talk of Peace: each team, the victory point tokens the app counted for it, the goal."""
    variant = rules().variants.talk_of_peace
    lines = []
    for team in game.variants.teams:
        vp = sum(game.player(n).vp for n in team)
        lines.append(
            f"{' and '.join(team)}: {plural(vp, 'VP token')} counted of the "
            f"{variant.victory_points} to win"
        )
    return tuple(lines)


def talk_of_peace_goal(house: HouseRules) -> str:
    variant = rules().variants.talk_of_peace
    who = "one teammate alone" if house.talk_of_peace_individual else "the team together"
    return (
        f"The first team to {variant.crowns} crowns or {variant.victory_points} victory points "
        f"wins, counted for {who}. Teammates may complete each other's contracts and give each "
        "other goods and crowns."
    )


__all__ = [
    "STEP_TEXT",
    "TurnStatus",
    "lot_lines",
    "show_vp_bids",
    "talk_of_peace_goal",
    "team_lines",
    "turn_status",
]
