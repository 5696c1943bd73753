"""Each game's entries, built from the data its engine reads: Merchants Cove's modules, cards,
sale value and the Bard (:func:`cove_entries`), Mercante's (:func:`mercante_entries`),
Merchant's Journey's (:func:`journey_entries`) and Mercante's setup checklist
(:func:`mercante_setup_entry`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.engine import cove_goods, journey, mercante
from companion.engine import setup as setup_engine
from companion.engine.core.words import signed
from companion.engine.mercante.facts import Lot
from companion.reference.draft import (
    COVE,
    EXAMPLE_PLAYERS,
    JOURNEY,
    MERCANTE,
    TOPIC_OF_GROUP,
    Draft,
    join,
    words_for,
)
from companion.reference.prose import ProseFile
from companion.rules.loader import DataFileError
from companion.rules.models import Catalogue

# ----------------------------------------------------------------------------- Merchants Cove


def _module_entry_id(module_id: str) -> str:
    return f"cove.module.{module_id}"


def _card_entry_id(card_id: str) -> str:
    return f"cove.card.{card_id}"


def _setup_steps(modules: Iterable[str], cards: Iterable[str] = ()) -> dict[str, setup_engine.Step]:
    steps = setup_engine.setup_checklist(COVE, list(modules), EXAMPLE_PLAYERS, cards=list(cards))
    return {step.id: step for step in steps}


def cove_entries(cat: Catalogue) -> list[Draft]:
    data = setup_engine.setup_data().games[COVE]
    labels = {m.id: m.label for m in data.modules}
    names = {m.id: m.name for m in data.modules}
    baseline = _setup_steps([])
    fixed = setup_engine.quantities(COVE, EXAMPLE_PLAYERS)
    drafts: list[Draft] = []

    def message(text: str) -> str:
        return text.format_map(fixed)

    def amount(value: int | str | None) -> int:
        if isinstance(value, int):
            return value
        if value in fixed:
            return fixed[value]
        raise DataFileError(f"setup relation amount {value!r} is not a plain quantity")

    for module in data.modules:
        d = Draft(
            id=_module_entry_id(module.id),
            title=module.name,
            game=COVE,
            kind="token" if module.group == "Tokens" else "module",
            topic=TOPIC_OF_GROUP.get(module.group, "Master Craft modules"),
            keywords=[module.name, module.label, module.group, "module"],
            refs=[f"module:{module.id}"],
        )
        d.add(module.description).cite(module.source)
        needs, recommends, recommended_by, needed_by, excludes, notes = [], [], [], [], [], []
        for rel in data.relations:
            rule = f" (under the ruling “{cat.ruling(rel.ruling).topic}”)" if rel.ruling else ""
            if rel.applies_with == "alternative" and rel.ruling:
                rule = f" (only with the house rule “{cat.ruling(rel.ruling).house_rule_label}”)"
            involved = module.id in rel.modules
            if not involved:
                continue
            d.cite(*rel.sources)
            if rel.ruling:
                d.rulings.append(rel.ruling)
            others = [t for t in rel.modules if t != module.id]
            if rel.kind != "note" or len(rel.group) <= 3:
                d.related.extend(_module_entry_id(t) for t in others)
            if rel.kind == "requires":
                if rel.module == module.id:
                    reason = f": {rel.reason}" if rel.reason else ""
                    needs.append(f"{join(names[t] for t in rel.targets)}{reason}{rule}")
                else:
                    needed_by.append(f"{names[rel.module or '']}{rule}")
            elif rel.kind in ("recommends", "expects"):
                if rel.module == module.id:
                    recommends.append(f"{join(names[t] for t in rel.targets)}{rule}")
                else:
                    recommended_by.append(f"{names[rel.module or '']}{rule}")
            elif rel.kind in ("incompatible", "one_of"):
                excludes.append(f"{join(names[t] for t in others)}{rule}")
            elif rel.kind == "max_players":
                in_box, each = amount(rel.in_box), amount(rel.per_player)
                notes.append(
                    f"At most {in_box // each} players: the box holds {in_box} "
                    f"{rel.component}, {each} for each player."
                )
            elif rel.kind == "note" and rel.message and len(rel.group) <= 3:
                notes.append(message(rel.message))
        d.bullets("Needs:", needs or ["nothing else from Master Craft"])
        d.bullets("Recommends:", recommends)
        d.bullets("Recommended with:", recommended_by)
        d.bullets("Needed by:", needed_by)
        d.bullets("Cannot be played with:", excludes)
        d.bullets("Also:", notes)
        components = setup_engine.module_components(module.id)
        d.bullets("In the box:", (str(c) + (f" ({c.note})" if c.note else "") for c in components))
        steps = [s for sid, s in _setup_steps([module.id]).items() if sid not in baseline]
        if module.described and steps:
            d.bullets(
                f"Setup (numbers for {words_for(EXAMPLE_PLAYERS)} players; the Setup assistant "
                "fills in your table):",
                (s.text for s in steps),
            )
            for step in steps:
                d.cite(*step.sources)
                d.rulings.extend(step.rulings)
                d.refs.append(f"step:{step.id}")
        for card in data.cards:
            if module.id in card.requires:
                d.related.append(_card_entry_id(card.id))
        drafts.append(d)

    sets = {t.id: t for t in data.townsfolk_sets}
    for card in data.cards:
        label = setup_engine.describe_card(card)
        d = Draft(
            id=_card_entry_id(card.id),
            title=label,
            game=COVE,
            kind="card",
            topic={
                "paladin": "Paladin cards",
                "beast": "Beasts of the Bay",
                "rogue": "Rogue cards",
            }[card.kind],
            keywords=[card.name],
            refs=[f"card:{card.id}"],
        ).cite(card.source)
        d.add(card.summary)
        if card.number is not None:
            kind_name = data.card_kind(card.kind).name
            first = kind_name.split()[0].casefold()
            d.keywords += [f"{first} {card.number}", f"{kind_name} {card.number}"]
        if card.kind == "paladin":
            d.add(
                "Paid out to whoever docks a Boat carrying a Paladin, and to every player "
                "(in turn order from the active player) when a Paladin goes to the Paladin "
                "Faction Hall. Taking the reward is optional."
            )
            d.related += [_module_entry_id("paladins"), "cove.paladin_cards"]
        elif card.kind == "beast":
            if card.tier == "unknown":
                d.add(
                    "Tier: not shown in the rulebook text the app holds (the icon was lost); "
                    "read it off the card."
                )
            else:
                d.add(
                    f"Tier {card.tier} (the text shows “{card.printed_tier}” where the tier "
                    "icon was)."
                )
            d.add(
                "You gain this when you rescue an Adventurer from this Beast (Rescue "
                "Adventurer, in the Production Phase)."
            )
            d.related.append(_module_entry_id("beasts_of_the_bay"))
        else:
            arrival = {
                "boat": "Boat: in the Arrival Phase Rogues may also go onto a Beast of the Bay",
                "bag": "Bag: in the Arrival Phase no Rogue goes onto a Beast of the Bay",
            }[card.arrival or "boat"]
            d.bullets(
                None,
                [
                    f"Rogue meeples: {card.bag} in the Adventurer bag, {card.lair} in the "
                    "Rogues' Lair",
                    f"Arrival rule: {arrival}",
                    "Recommended Townsfolk: "
                    + join(
                        sets[t].name if t in sets else "a second set the text does not show"
                        for t in card.recommended_townsfolk
                    ),
                    f"The Peddler (solo): {card.peddler}",
                ],
            )
            rogue_step = _setup_steps([], [card.id]).get("cove.rogue_card")
            if rogue_step is not None:
                d.add(f"Setup: {rogue_step.text}")
                d.cite(*rogue_step.sources)
                d.rulings.extend(rogue_step.rulings)
            for t in card.recommended_townsfolk:
                if t in sets and sets[t].module:
                    d.related.append(_module_entry_id(sets[t].module or ""))
            d.related.append("cove.townsfolk_sets")
        if card.requires:
            reason = f": {card.requires_reason}" if card.requires_reason else ""
            d.add(f"Needs {join(labels[m] for m in card.requires)}{reason}.")
            d.related.extend(_module_entry_id(m) for m in card.requires)
        if card.ruling:
            d.rulings.append(card.ruling)
        drafts.append(d)

    lists = Draft(
        id="cove.townsfolk_sets",
        title="Townsfolk sets",
        game=COVE,
        kind="list",
        topic="Townsfolk sets",
        keywords=["Townsfolk", "sets", "recommended Townsfolk"],
    )
    lines = []
    for folk in data.townsfolk_sets:
        by = [c for c in data.cards if folk.id in c.recommended_townsfolk]
        rec = f"; recommended by {join(setup_engine.describe_card(c) for c in by)}" if by else ""
        where = "a Master Craft set you can switch on" if folk.module else (folk.note or "")
        lines.append(f"{folk.name}: {where.rstrip('.')}{rec}")
        lists.cite(folk.source)
        if folk.module:
            lists.related.append(_module_entry_id(folk.module))
        lists.related.extend(_card_entry_id(c.id) for c in by)
    blank = [
        c.name
        for c in data.cards
        if c.recommended_townsfolk and all(t == "unknown" for t in c.recommended_townsfolk)
    ]
    lists.add(
        "Master Craft adds four Townsfolk sets; the Rogue cards also recommend sets from "
        "elsewhere. Most Rogue cards name one set; the second"
        + (f", and both on {join(blank)}," if blank else "")
        + " show in the rulebook text only as a question mark."
    )
    lists.bullets(None, lines)
    lists.rulings += ["setup.townsfolk_sets", "setup.rogue_townsfolk"]
    drafts.append(lists)

    paladin_cards = Draft(
        id="cove.paladin_cards",
        title="Paladin cards",
        game=COVE,
        kind="list",
        topic="Paladin cards",
        keywords=["Paladin card", "oath"],
        refs=["setup.card_kind:paladin"],
    ).cite(data.card_kind("paladin").source)
    paladin_cards.bullets(
        "One Paladin card lies face up above the Rogue card; its reward is paid when a Boat "
        "with a Paladin docks (to the player who docked it) and when a Paladin goes to the "
        "Paladin Faction Hall (to everyone):",
        (
            setup_engine.describe_card(c) + f": {c.summary}"
            for c in data.cards
            if c.kind == "paladin"
        ),
    )
    paladin_cards.related += [_card_entry_id(c.id) for c in data.cards if c.kind == "paladin"]
    paladin_cards.related.append(_module_entry_id("paladins"))
    drafts.append(paladin_cards)

    beasts = Draft(
        id="cove.beasts",
        title="Beasts of the Bay: the nine cards",
        game=COVE,
        kind="list",
        topic="Beasts of the Bay",
        keywords=["Beast", "tier", "tiers"],
    ).cite(data.card_kind("beast").source)
    beasts.bullets(
        "A game uses three Beasts, one of each tier (I on top, III at the bottom):",
        (
            f"{c.name}, tier {c.tier if c.tier != 'unknown' else 'not shown'}: {c.summary}"
            for c in data.cards
            if c.kind == "beast"
        ),
    )
    beasts.rulings.append("setup.beast_tiers")
    beasts.related += [_card_entry_id(c.id) for c in data.cards if c.kind == "beast"]
    beasts.related.append(_module_entry_id("beasts_of_the_bay"))
    drafts.append(beasts)

    rogues = Draft(
        id="cove.rogue_cards",
        title="Rogue cards 15 to 21",
        game=COVE,
        kind="list",
        topic="Rogue cards",
        keywords=["Rogue card", "Rogues", "bag", "Lair"],
    ).cite(data.card_kind("rogue").source)
    rogues.bullets(
        "Master Craft's Rogue cards, with the Rogue meeples each puts in the bag and the Lair:",
        (
            f"{c.number}) {c.name}: {c.bag} bag / {c.lair} Lair, arrival {c.arrival}"
            for c in data.cards
            if c.kind == "rogue"
        ),
    )
    rogues.rulings.append("setup.rogue_counts")
    rogues.related += [_card_entry_id(c.id) for c in data.cards if c.kind == "rogue"]
    drafts.append(rogues)

    goods = cove_goods.facts()
    pg = goods.paladin_good
    token = Draft(
        id="cove.token.paladin_goods",
        title="Paladin Goods",
        game=COVE,
        kind="token",
        topic="Tokens",
        keywords=["Paladin Good", "Paladin Good token", "standee", "worth", "base value"],
        refs=["cove_goods.paladin_good"],
    ).cite(pg.base_source, pg.sizes_source, pg.choice_source, pg.tokens_source)
    token.add(
        f"A Paladin Good has a base value of {pg.base} Gold. It counts as a small Good and as a "
        "large Good at once, so any Pier buys it. When you sell one, you choose which kind of "
        "Adventurer standing at that Pier is its multiplier.",
        f"The box has {pg.tokens} Paladin Good tokens, each with a plastic standee.",
    )
    supply = _setup_steps(["faction_festival"]).get("supply.paladin_goods")
    if supply is not None:
        token.add(f"Setup: {supply.text}")
        token.cite(*supply.sources)
        token.rulings.extend(supply.rulings)
        token.refs.append(f"step:{supply.id}")
    token.related += [
        _card_entry_id("oath_of_hard_labor"),
        _module_entry_id("faction_festival"),
        "cove.sale_value",
    ]
    token.rulings += [
        "cove_goods.paladin_good_with_paladins",
        "cove_goods.paladin_good_rogues",
    ]
    drafts.append(token)
    return drafts


# ----------------------------------------------------------------------------- Mercante


def _market_name(market_id: str) -> str:
    return mercante.facts().market(market_id).name


def _goods(ids: Iterable[str]) -> str:
    return join(mercante.display_name(g) for g in ids)


def _lot(lot: Lot, unit: str) -> str:
    points = f"{lot.points} {unit} point{'s' if lot.points != 1 else ''}"
    return f"{points} per token" if lot.tokens == 1 else f"{points} per {lot.tokens} tokens"


def mercante_entries(cat: Catalogue, prose: Sequence[ProseFile]) -> list[Draft]:
    m = mercante.facts()
    r = m.rules
    drafts: list[Draft] = []
    players = range(r.players.min, r.players.max + 1)

    for market in m.markets:
        d = Draft(
            id=f"mercante.market.{market.id}",
            title=f"{market.name} market",
            game=MERCANTE,
            kind="market",
            topic="Markets and goods",
            keywords=[market.name, "sell", *(mercante.display_name(g) for g in market.goods)],
            refs=[f"mercante.market:{market.id}", *(f"mercante.good:{g}" for g in market.goods)],
        ).cite(
            market.goods_source,
            market.tokens_source,
            market.cartage_source,
            market.removal_source,
            market.removal_three_players_source,
        )
        d.add(
            f"Goods sold here: {_goods(market.goods)}; the box has {market.tokens_each} tokens "
            f"of each ({market.tokens_each * len(market.goods)} in all).",
        )
        lines = [
            f"Cartage to this market: {_lot(market.cartage, 'cartage')}",
            f"Taken off in upkeep: {_lot(market.removal, 'removal')}",
        ]
        if market.removal_three_players is not None:
            lines.append(
                "With three players, upkeep takes a token off for "
                f"{_lot(market.removal_three_players, 'removal')}"
            )
            d.rulings.append("mercante.three_player_luxury_removal")
        d.bullets(None, lines)
        d.related += ["mercante.selling", "mercante.cartage", "mercante.upkeep.remove_goods"]
        drafts.append(d)

    cartage = Draft(
        id="mercante.cartage",
        title="Cartage points",
        game=MERCANTE,
        kind="concept",
        topic="Agent actions",
        keywords=["cartage", "dockworkers", "transport"],
        refs=["mercante.cartage"],
    )
    cartage.bullets(
        "What moving one token to its market costs:",
        (f"{market.name}: {_lot(market.cartage, 'cartage')}" for market in m.markets),
    )
    cartage.cite(*(market.cartage_source for market in m.markets))
    cartage.related += [f"mercante.market.{market.id}" for market in m.markets]
    cartage.related.append("mercante.action.hire_dockworkers")
    drafts.append(cartage)

    removal = Draft(
        id="mercante.upkeep.remove_goods",
        title="Upkeep: removing goods from the markets",
        game=MERCANTE,
        kind="step",
        topic="Upkeep",
        keywords=["removal points", "remove goods", "removal cost"],
        refs=["mercante.removal"],
    ).cite(r.upkeep.removal_source, r.upkeep.bottom_source, r.upkeep.must_spend_source)
    removal.bullets(
        "Removal points for the holder of the upkeep marker (the number of players minus "
        f"{r.upkeep.removal_points_minus}):",
        (f"{words_for(n).capitalize()} players: {mercante.removal_points(n)}" for n in players),
    )
    costs = []
    for market in m.markets:
        line = f"{market.name}: {_lot(market.removal, 'removal')}"
        if market.removal_three_players is not None:
            line += f" ({_lot(market.removal_three_players, 'removal')} with three players)"
        costs.append(line)
        removal.cite(market.removal_source, market.removal_three_players_source)
    removal.bullets("What taking one token off costs:", costs)
    removal.rulings += ["mercante.removal_must_spend", "mercante.three_player_luxury_removal"]
    removal.related += [f"mercante.market.{market.id}" for market in m.markets]
    removal.related.append("mercante.upkeep")
    drafts.append(removal)

    contracts = Draft(
        id="mercante.list.contracts",
        title="The contract deck",
        game=MERCANTE,
        kind="list",
        topic="Reference lists",
        keywords=["contracts list", "contract cards", "contract values"],
        refs=["mercante.contracts"],
    ).cite(m.deck.source)
    for value in sorted(m.deck.value, key=lambda v: -v.crowns):
        kinds = [k for k in m.contracts if k.crowns == value.crowns]
        contracts.bullets(
            f"{value.count} contracts paying {value.crowns} crowns:",
            (f"{k.count} × {k.summary}" for k in kinds),
        )
        contracts.cite(value.source, *(k.source for k in kinds))
        contracts.refs += [f"mercante.contract:{k.id}" for k in kinds]
    contracts.add(
        f"{m.deck.size} contract cards in all. The victory points a contract gains and the "
        "penalty it costs are printed on the cards, not in the rulebook: the final tally asks "
        "for them."
    )
    contracts.related += ["mercante.contracts", "mercante.action.select_contract"]
    drafts.append(contracts)

    shipments = Draft(
        id="mercante.list.shipments",
        title="The shipment deck",
        game=MERCANTE,
        kind="list",
        topic="Reference lists",
        keywords=["shipments list", "shipment cards", "ladings"],
        refs=["mercante.shipments"],
    )
    by_market: dict[str, list[str]] = {}
    for file in prose:
        for located in file.shipments:
            item = located.item
            if item.market not in m.market_ids:
                raise located.fail("market", f"unknown market {item.market!r}")
            count = f"{item.shipments} shipment{'s' if item.shipments != 1 else ''}"
            each = " each" if item.shipments != 1 else ""
            by_market.setdefault(item.market, []).append(f"{count}{each} holding {item.holding}")
            shipments.cite(item.source)
    shipments.add(
        "For every commodity, the shipment deck has these cards (each card of the list carries "
        "that many tokens of the commodity):"
    )
    for market in m.markets:
        if market.id in by_market:
            shipments.bullets(f"{market.name} ({_goods(market.goods)}):", by_market[market.id])
    shipments.related += ["mercante.auction", "mercante.game_end"]
    drafts.append(shipments)

    for event in m.events:
        d = Draft(
            id=f"mercante.event.{event.id}",
            title=event.name,
            game=MERCANTE,
            kind="event",
            topic="Event cards",
            keywords=["event card", event.kind],
            refs=[f"mercante.event:{event.id}"],
        ).cite(event.source)
        kind = "Enduring" if event.kind == "enduring" else "Fleeting"
        d.add(
            f"{kind}{' Reaction' if event.reaction else ''} event named in the rulebook. "
            + event.summary
        )
        effects = [f"{mercante.display_name(t)} {signed(v)}" for t, v in event.modifiers.items()]
        effects += [f"closes the {_market_name(c)} market" for c in event.closes]
        d.bullets("What the app applies:", effects)
        if event.incomplete:
            d.rulings.append("mercante.economic_woes_incomplete")
        d.related += ["mercante.calendar", "mercante.events"]
        if event.reaction:
            d.related.append("mercante.reaction")
        drafts.append(d)

    ge = r.game_end
    end = Draft(
        id="mercante.game_end",
        title="When Mercante ends",
        game=MERCANTE,
        kind="end",
        topic="Game end and scoring",
        keywords=["game end", "end of the game", "end triggers", "last turn"],
        refs=["mercante.game_end"],
    ).cite(*(t.source for t in ge.trigger), ge.bazaar_source, ge.vp_price_source)
    end.bullets(
        "If any of these happens, the game ends when the current turn is finished:",
        (t.text for t in ge.trigger),
    )
    end.add(
        "Then everyone sells whatever goods they still hold to the bazaar (those sales do "
        f"complete contracts) and may buy victory points at {ge.vp_price} crowns apiece."
    )
    end.rulings += ["mercante.end_bazaar_contracts", "mercante.end_game_order"]
    end.related += ["mercante.scoring", "mercante.bazaar"]
    drafts.append(end)

    game = cat.game(MERCANTE)
    scoring = Draft(
        id="mercante.scoring",
        title="Final scoring and tie-breakers",
        game=MERCANTE,
        kind="scoring",
        topic="Game end and scoring",
        keywords=["scoring", "tie", "tiebreaker", "tie-breaker", "winner", "final tally"],
        refs=["mercante.scoring"],
    ).cite(game.scoring_source, *(t.source for t in game.tiebreakers))
    scoring.add(
        "Each player adds up their victory points and takes off the penalties of the contracts "
        "they did not complete."
    )
    scoring.bullets(
        "If the most points are tied, these decide, in this order:",
        (t.name for t in game.tiebreakers),
    )
    scoring.add("Players still tied after that share the victory.")
    scoring.rulings.append("mercante.unfulfilled_count")
    scoring.related += ["mercante.game_end", "mercante.contracts"]
    drafts.append(scoring)
    return drafts


# ----------------------------------------------------------------------------- Merchant's Journey


_RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King"}


def journey_entries() -> list[Draft]:
    j = journey.facts()
    drafts: list[Draft] = []
    for card in j.cards:
        rank_name = _RANK_NAMES.get(card.rank, card.rank)
        shown = f"{rank_name}, {card.value}" if card.rank in _RANK_NAMES else card.rank
        d = Draft(
            id=f"journey.card.{card.rank.lower()}",
            title=f"{card.civilization} ({shown})",
            game=JOURNEY,
            kind="civilization",
            topic="Civilizations",
            keywords=[card.rank, card.name, rank_name, str(card.value), card.civilization],
            refs=[f"journey.card:{card.rank}"],
        ).cite(card.source, j.deck.copies_source)
        if card.ability == "blight":
            d.add(
                f"The {card.name}s of the deck. A Blight is worth {card.value} in a pair and "
                "cancels the value of the cards on either side of it."
            )
            d.bullets(
                "Linking Blights in a row pays the player who links them:",
                (f"{link.length} Blights: {link.points} points" for link in j.blight.link),
            )
            d.cite(
                j.blight.negates_source, j.blight.value_source, *(x.source for x in j.blight.link)
            )
            d.keywords += ["Blight", "link", "linked"]
            d.refs.append("journey.blight")
            d.rulings += [
                "journey.blight_negates",
                "journey.blight_lasts",
                "journey.blight_bonus",
                "journey.blight_chain",
            ]
        else:
            d.add(f"The {card.name}s of the deck: worth {card.value} in a pair.")
        if card.ability_text:
            d.add(f"Special: {card.ability_text}")
            d.cite(card.ability_source)
        if card.ability == "swap":
            d.keywords += ["swap", "switch places"]
            d.rulings += ["journey.swap_when_played", "journey.swap_scores"]
            d.related.append("journey.card.q")
        if card.ability == "fixed":
            movers = [j.card(rank) for rank in card.moved_only_by]
            swappers = [
                c for c in j.cards if c.ability == "swap" and c.rank not in card.moved_only_by
            ]
            d.add(
                f"Only {join(f'{c.civilization} ({c.rank})' for c in movers)} can move it; "
                f"{join(f'{c.civilization} ({c.rank})' for c in swappers)} cannot."
            )
            d.keywords += ["move", "moved", "swap"]
            d.related += [f"journey.card.{c.rank.lower()}" for c in movers + swappers]
            d.rulings.append("journey.swap_when_played")
        if card.ability == "ghorralands":
            d.keywords += ["switch", "once per game"]
            d.rulings.append("journey.ghorralands")
        d.add(f"The deck has {j.deck.copies_per_rank} of these.")
        d.related.append("journey.special_cards")
        drafts.append(d)

    steps = setup_engine.setup_checklist(JOURNEY, [], EXAMPLE_PLAYERS)
    setup = Draft(
        id="journey.setup",
        title="Setting up Merchant's Journey",
        game=JOURNEY,
        kind="setup",
        topic="How to play",
        keywords=["setup", "deal", "deck", "hand", "draw pile"],
        refs=["setup:merchants_journey"],
    )
    setup.bullets(
        f"Setup (numbers for {words_for(EXAMPLE_PLAYERS)} players):", (s.text for s in steps)
    )
    for step in steps:
        setup.cite(*step.sources)
        setup.rulings.extend(step.rulings)
        setup.refs.append(f"step:{step.id}")
    low, high = j.players.min, j.players.max
    setup.bullets(
        "The draw pile by player count:",
        (
            f"{words_for(n).capitalize()} players: {journey.draw_pile_size(n)} cards"
            for n in range(low, high + 1)
        ),
    )
    setup.cite(j.players.source, j.deck.pile_source)
    setup.related += ["journey.turn", "journey.card.2"]
    drafts.append(setup)
    return drafts


# ----------------------------------------------------------------------------- setup checklists


def mercante_setup_entry() -> Draft:
    _, most = setup_engine.player_range(MERCANTE)
    steps = setup_engine.setup_checklist(MERCANTE, [], most)
    d = Draft(
        id="mercante.setup",
        title="Setting up Mercante",
        game=MERCANTE,
        kind="setup",
        topic="How to play",
        keywords=["setup", "starting crowns", "first player", "house power", "harbor"],
        refs=["setup:mercante", "mercante.starting_crowns"],
    )
    d.bullets(
        f"Setup (numbers for {words_for(most)} players; the Setup assistant fills in your table):",
        (s.text for s in steps),
    )
    for step in steps:
        d.cite(*step.sources)
        d.rulings.extend(step.rulings)
        d.refs.append(f"step:{step.id}")
    d.related += ["mercante.house_powers", "mercante.calendar", "mercante.contracts"]
    return d
