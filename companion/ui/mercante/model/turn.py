"""The turn banner and the Turn tab in words: where the turn stands, the agents left, the
shipment auction's lots, Talk of Peace."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.engine.mercante import (
    Action,
    BuyVictoryPoint,
    EndTurn,
    GatherIntelligence,
    ImproveHouse,
    ManipulateEvents,
    MercanteError,
    MercanteGame,
    Security,
    SelectContract,
    Skulduggery,
    rules,
)
from companion.engine.mercante.actions import (
    BUY_VP,
    GATHER_INTELLIGENCE,
    IMPROVE_HOUSE,
    MANIPULATE_EVENTS,
    SELECT_CONTRACT,
    SKULDUGGERY,
)
from companion.engine.mercante.ending import CROWNS
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.setup import contract_values
from companion.ui.mercante.model.upkeep import when_text
from companion.ui.model.words import capitalized, plural

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


def end_reasons(game: MercanteGame) -> tuple[str, ...]:
    """The end triggers met, in players' words (``Beth has 82 crowns.``)."""
    reasons: list[str] = []
    for trigger, text in zip(game.ending, game.end_triggers(), strict=True):
        if trigger == CROWNS:
            most = rules().game_end.crowns_trigger
            rich = [p for p in game.players if p.crowns >= most]
            if rich:
                reasons.extend(f"{p.name} has {plural(p.crowns, 'crown')}." for p in rich)
                continue
        reasons.append(text)
    return tuple(reasons)


def end_notice(game: MercanteGame) -> str | None:
    """What every phone says once an end trigger is met (``None``: none is, or the table
    counts the game itself): the game ends with this turn, or is over and only the end-game
    steps remain."""
    if not game.ledger or not (game.ending or game.is_over):
        return None
    why = " ".join(end_reasons(game))
    if game.is_over:
        price = rules().game_end.vp_price
        return (
            f"The game is over. {why} Only the end-game steps remain: each player sells their "
            f"goods left to the bazaar, then may buy victory points at {price} crowns each "
            "(Tally tab)."
        )
    return f"The game ends at the end of {game.active}'s turn. {why}"


def turn_status(game: MercanteGame) -> TurnStatus:
    if game.is_over:
        return TurnStatus(
            title="The game is over",
            step="The end-game steps, then the tally (Tally tab)",
            agents=f"It ended with {game.active}'s turn",
            marker="",
            can_end=False,
            end_label="The game is over",
            why_not=None,
        )
    step = STEP_TEXT[game.step or "shipment"]
    if game.step in (None, "shipment") and game.auctioned:
        step = STEP_TEXT["agents"]  # this turn's auction is over: the agents are what is left
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
        nxt = game.verify(EndTurn())
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


@dataclass(frozen=True)
class PlayerGlance:
    """One player at a glance: ``crowns`` (``None``: the table counts them, not the app), the
    victory point tokens the app counted, the contracts held (``None``: not kept by the app)
    and whether it is their turn."""

    name: str
    crowns: int | None
    vp: int
    contracts: int | None
    active: bool

    @property
    def text(self) -> str:
        """``Ann: 12 crowns · 2 VP · 1 contract``."""
        parts = [] if self.crowns is None else [plural(self.crowns, "crown")]
        parts.append(f"{self.vp} VP")
        if self.contracts is not None:
            parts.append(plural(self.contracts, "contract"))
        return f"{self.name}: {' · '.join(parts)}"


def player_glances(game: MercanteGame) -> tuple[PlayerGlance, ...]:
    """Every player's crowns, victory points and contracts, in turn order (public knowledge:
    a contract's face is never told here)."""
    kept = game.ledger
    return tuple(
        PlayerGlance(
            name=p.name,
            crowns=p.crowns if kept else None,
            vp=p.vp,
            contracts=game.contract_count(p.name) if kept else None,
            active=p.name == game.active and not game.is_over,
        )
        for p in game.players
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


# -- the agents -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgentChoice:
    """One agent action the Turn tab offers: a tap sends ``action``, or opens the tab ``tab``
    where it is done (a sale, an event card); ``disabled`` while the game does not allow it."""

    ident: str
    label: str
    action: Action | None = None
    tab: str | None = None
    disabled: bool = False
    #: Where the app keeps the crowns: the price is read off the reference track (the label
    #: of the field beside the button), and ``priced(price)`` is the action a tap sends.
    price_label: str | None = None
    priced: Callable[[int], Action] | None = None


#: The agent actions whose price the reference track shows, with the seal it shows it in.
PRICE_LABELS: dict[str, str] = {
    "buy-vp": "Price in the green seal",
    "buy-agent": "Price in the blue seal",
}


def agent_choices(
    game: MercanteGame, *, playing: bool, prices: Mapping[str, str] | None = None
) -> tuple[AgentChoice, ...]:
    """The agent actions of the active player, in the rulebook's order (Security once per
    warehouse). Where the app keeps the crowns, buying a victory point or an agent asks the
    price the reference track shows, and Select a Contract the crowns on the card kept."""
    player = game.player(game.active)
    stores = rules().warehouses

    def seals(action_id: str) -> str:
        count = game.seals_left(action_id)
        return "" if count is None else f" ({count} left)"

    def offer(ident: str, label: str, action: Action) -> AgentChoice:
        return AgentChoice(
            ident, label, action=action, disabled=not playing or not game.can_apply(action)
        )

    def priced(ident: str, label: str, make: Callable[[int], Action]) -> AgentChoice:
        # a price of 0 asks only whether an agent may do it now (crowns are checked on the tap)
        return AgentChoice(
            ident,
            label,
            disabled=not playing or not game.can_apply(make(0)),
            price_label=PRICE_LABELS[ident],
            priced=make,
        )

    manipulate = not playing or not game.can_apply(ManipulateEvents())
    if game.ledger:
        buying: tuple[AgentChoice, ...] = (
            priced(
                "buy-vp",
                f"Buy one victory point{seals(BUY_VP)}",
                lambda price: BuyVictoryPoint(price=price),
            ),
            priced("buy-agent", "Buy an agent", lambda price: ImproveHouse("agent", price=price)),
        )
        contracts: tuple[AgentChoice, ...] = tuple(
            offer(
                f"select-contract-{value}",
                f"Select a contract worth {plural(value, 'crown')}",
                SelectContract(crowns=value),
            )
            for value in contract_values()
        )
    else:
        buying = (
            offer("buy-vp", f"Buy one victory point{seals(BUY_VP)}", BuyVictoryPoint()),
            offer("buy-agent", "Bought an agent", ImproveHouse("agent")),
        )
        contracts = (offer("select-contract", "Select a contract", SelectContract()),)
    return (
        AgentChoice("go-sell", "Hire dockworkers: sell", tab="sale"),
        *buying,
        offer(
            "buy-warehouse",
            f"{'Buy' if game.ledger else 'Bought'} a warehouse ({plural(stores.cost, 'crown')})",
            ImproveHouse("warehouse"),
        ),
        AgentChoice(
            "manipulate-play", "Manipulate events: play a card", tab="calendar", disabled=manipulate
        ),
        AgentChoice(
            "manipulate-draw",
            "Manipulate events: drew a second",
            action=ManipulateEvents(),
            disabled=manipulate,
        ),
        *(
            offer(f"security-{w}", f"Security: warehouse {w}", Security(w))
            for w in range(1, player.warehouses + 1)
        ),
        *contracts,
        offer("skulduggery", "Skulduggery", Skulduggery()),
        offer("gather-intelligence", "Gather intelligence", GatherIntelligence()),
    )


def agents_line(game: MercanteGame) -> str:
    """``Anna: 2 of 3 agents left this turn, 2 warehouses, 1 VP token counted. ...``"""
    player = game.player(game.active)
    return (
        f"{game.active}: {game.agents_left()} of {plural(game.usable_agents(), 'agent')} left "
        f"this turn, {plural(player.warehouses, 'warehouse')}, "
        f"{plural(player.vp, 'VP token')} counted. Each agent does one action."
    )


def agents_waiting(game: MercanteGame) -> str | None:
    """Why the agents cannot act yet (``None``: they can)."""
    if game.is_upkeep_turn:
        return "The agents come after upkeep."
    if game.auction is not None:
        return "The agents wait for the shipment auction to finish."
    return None


def agent_rules_text(game: MercanteGame) -> str:
    """The seals and limits of the agent actions, from the rulebook's facts."""
    agents, stores = rules().agents, rules().warehouses
    sealed = (
        BUY_VP,
        IMPROVE_HOUSE,
        MANIPULATE_EVENTS,
        SELECT_CONTRACT,
        SKULDUGGERY,
        GATHER_INTELLIGENCE,
    )
    names = ", ".join(
        f"{a.name}" + (f" ({a.seals})" if a.seals and a.seals > 1 else "")
        for a in rules().agent_action
        if a.id in sealed
    )
    return (
        f"One agent a seal: {names} once a turn unless shown; Security once per "
        f"warehouse; Hire Dockworkers as often as there are agents. At most "
        f"{agents.max} agents and {stores.max} warehouses of {stores.capacity} goods; an "
        "agent bought works from the next turn. Buying an agent moves the reference "
        f"track 1, a victory point 2 (the track is {plural(game.track, 'space')} on)."
    )


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
    "AgentChoice",
    "PlayerGlance",
    "TurnStatus",
    "agent_choices",
    "agent_rules_text",
    "agents_line",
    "agents_waiting",
    "end_notice",
    "end_reasons",
    "lot_lines",
    "player_glances",
    "show_vp_bids",
    "talk_of_peace_goal",
    "team_lines",
    "turn_status",
]
