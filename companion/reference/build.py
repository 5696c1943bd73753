"""Building the reference from the data the engines read, plus our prose.

Numbers are never copied: module relations, card facts, setup steps and quantities come from
:mod:`companion.engine.setup`; Mercante's markets, costs, contracts, events and end triggers
from :mod:`companion.engine.mercante`; the Bard's from :mod:`companion.engine.bard`; the
sale value's from :mod:`companion.engine.cove_goods`; Merchant's Journey's civilizations and
Blight from :mod:`companion.engine.journey`; the rulings from :mod:`companion.rules`. The
prose of ``data/reference`` (see :mod:`companion.reference.prose`) adds explanations whose
numbers are placeholders filled from the same facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.engine import bard, cove_goods, journey, mercante
from companion.engine import setup as setup_engine
from companion.reference.draft import COVE, Draft, join, paragraphs, topic_order
from companion.reference.games import (
    cove_entries,
    journey_entries,
    mercante_entries,
    mercante_setup_entry,
)
from companion.reference.model import KINDS, Entry
from companion.reference.prose import Located, ProseFile, fill, load_prose
from companion.rules.loader import DataFileError
from companion.rules.models import Catalogue, Ruling, catalogue

# ----------------------------------------------------------------------------- facts


def fact_values(prose: Sequence[ProseFile]) -> dict[str, str]:
    """Every number the prose may name, read from the engines' data (and the prose's own
    ``fact`` tables), as the text to put in."""
    values: dict[str, int | str] = {}

    # Merchants Cove: the setup quantities that are the same for any table.
    low, high = setup_engine.player_range(COVE)
    fixed_low = setup_engine.quantities(COVE, low)
    fixed_high = setup_engine.quantities(COVE, high)
    for name, value in fixed_low.items():
        if name != "players" and fixed_high[name] == value:
            values[f"cove.{name}"] = value
    goods = cove_goods.facts()
    values.update(
        {
            "cove.paladin_good_base": goods.paladin_good.base,
            "cove.paladin_good_tokens": goods.paladin_good.tokens,
            "cove.display_case_bonus": goods.display_case.bonus,
            "cove.enchantment_factor": goods.enchantment.factor,
            "cove.un_fairies_penalty": goods.un_fairies.penalty,
            "cove.un_fairies_card": goods.un_fairies.card,
            "cove.fence_factor": goods.fence.factor,
            "cove.fence_corruption": goods.fence.corruption,
            "cove.fence_card": goods.fence.card,
        }
    )

    b = bard.facts()
    values.update(
        {
            "bard.locations": b.singing.locations,
            "bard.piers": len(b.piers()),
            "bard.halls": len(b.faction),
            "bard.volume_max": b.volume.max,
            "bard.boast_cost": b.volume.boast_cost,
            "bard.soundstone_icons": b.soundstone.icons,
            "bard.soundstones": b.soundstone.tokens,
            "bard.entertainer_cards": b.cards.entertainer,
            "bard.runes": b.runes.count,
            "bard.badges": b.badges.count,
            "bard.hand_size_start": b.badges.hand_size_start,
            "bard.hand_size_badges": b.badges.hand_size_badges,
            "bard.hand_size_max": bard.hand_size(b.badges.count).value,
            "bard.gem_badges": b.badges.gem_badges,
            "bard.card_price_base": b.pier.card_price_base,
            "bard.cards_per_visit": b.pier.cards_per_visit,
            "bard.fan_cost_base": b.town_square.fan_cost_base,
            "bard.creature_min_gold": b.dragon_island.creature_min_gold,
            "bard.creatures": b.dragon_island.creatures,
        }
    )

    m = mercante.facts()
    r = m.rules
    values.update(
        {
            "mercante.players_min": r.players.min,
            "mercante.players_max": r.players.max,
            "mercante.start_base": r.starting_crowns.base,
            "mercante.start_per_position": r.starting_crowns.per_position,
            "mercante.start_first": mercante.starting_crowns(1),
            "mercante.start_second": mercante.starting_crowns(2),
            "mercante.contracts_dealt": r.setup.contracts_dealt,
            "mercante.contracts_kept": r.setup.contracts_kept,
            "mercante.events_dealt": r.setup.events_dealt,
            "mercante.harbor": r.setup.harbor_shipments,
            "mercante.calendar_slots": join(r.calendar.slots),
            "mercante.calendar_size": len(r.calendar.slots),
            "mercante.calendar_first": r.calendar.slots[0],
            "mercante.calendar_last": r.calendar.slots[-1],
            "mercante.minimum_price": r.sale.minimum_price,
            "mercante.bazaar_price": mercante.bazaar_price(),
            "mercante.agents_start": r.agents.start,
            "mercante.agents_max": r.agents.max,
            "mercante.warehouses_start": r.warehouses.start,
            "mercante.warehouses_max": r.warehouses.max,
            "mercante.warehouse_capacity": r.warehouses.capacity,
            "mercante.warehouse_cost": r.warehouses.cost,
            "mercante.removal_minus": r.upkeep.removal_points_minus,
            "mercante.pass_seats": r.upkeep.pass_seats,
            "mercante.vp_minimum_bid": r.vp_auction.minimum_winning_bid,
            "mercante.vp_price": r.game_end.vp_price,
            "mercante.crowns_trigger": r.game_end.crowns_trigger,
            "mercante.five_players": r.variants.alternate_five_player_upkeep.players,
            "mercante.five_pass_seats": r.variants.alternate_five_player_upkeep.pass_seats,
            "mercante.five_as_players": r.variants.alternate_five_player_upkeep.resolve_as_players,
            "mercante.peace_players": r.variants.talk_of_peace.players,
            "mercante.peace_team": r.variants.talk_of_peace.team_size,
            "mercante.peace_crowns": r.variants.talk_of_peace.crowns,
            "mercante.peace_vp": r.variants.talk_of_peace.victory_points,
            "mercante.contract_deck": m.deck.size,
            "mercante.goods_total": m.total_tokens.count,
            "mercante.goods_kinds": len(m.goods),
            "mercante.markets": len(m.markets),
        }
    )

    j = journey.facts()
    values.update(
        {
            "journey.deck": j.deck.size,
            "journey.copies": j.deck.copies_per_rank,
            "journey.hand": j.deck.hand,
            "journey.ranks": len(j.cards),
            "journey.players_min": j.players.min,
            "journey.players_max": j.players.max,
            "journey.blight_shortest": min(link.length for link in j.blight.link),
        }
    )
    for link in j.blight.link:
        values[f"journey.blight_{link.length}"] = link.points
    for card in j.cards:
        values[f"journey.value_{card.rank.lower()}"] = card.value

    for file in prose:
        for located in file.facts:
            name = located.item.name
            if name in values:
                raise located.fail("name", f"{{{name}}} is already a fact of the engines' data")
            values[name] = located.item.value
    return {name: str(value) for name, value in values.items()}


# ----------------------------------------------------------------------------- rulings


def ruling_entry_id(ruling_id: str) -> str:
    return f"ruling.{ruling_id}"


def ruling_entries(cat: Catalogue) -> list[Draft]:
    drafts = []
    for ruling in cat.rulings:
        d = Draft(
            id=ruling_entry_id(ruling.id),
            title=ruling.topic,
            game=ruling.game,
            kind="ruling",
            topic="Rulings",
            keywords=["ruling"] + (["house rule"] if ruling.has_house_rule else []),
            refs=[f"ruling:{ruling.id}"],
            ruling=ruling.id,
        ).cite(*ruling.sources)
        d.add(ruling.question, f"How the app reads it: {ruling.reading}")
        if ruling.alternative:
            d.add(f"Other reading, a house rule in Settings: {ruling.alternative}")
        drafts.append(d)
    return drafts


# ----------------------------------------------------------------------------- assembly


def _apply_prose(
    drafts: dict[str, Draft], prose: Sequence[ProseFile], facts: Mapping[str, str]
) -> dict[str, Located]:
    """Add the prose's entries and extensions; returns where each prose id came from."""
    origin: dict[str, Located] = {}
    for file in prose:
        for located in file.entries:
            item = located.item
            if item.id in drafts:
                where = origin.get(item.id)
                already = where.where if where else "the entries built from the data"
                raise located.fail("id", f"{item.id!r} is already an entry ({already})")
            if item.kind not in KINDS:
                raise located.fail("kind", f"unknown kind {item.kind!r}; kinds are {KINDS!r}")
            d = Draft(
                id=item.id,
                title=fill(located, "title", item.title, dict(facts)),
                game=file.game,
                kind=item.kind,
                topic=item.topic,
                keywords=list(item.keywords),
                related=list(item.related),
                rulings=list(item.rulings),
                refs=list(item.refs),
            ).cite(*item.sources)
            d.add(*paragraphs(fill(located, "text", item.text, dict(facts))))
            drafts[item.id] = d
            origin[item.id] = located
    for file in prose:
        for located in file.extensions:
            item = located.item
            target = drafts.get(item.id)
            if target is None:
                raise located.fail("id", f"no entry {item.id!r} to extend")
            if item.text:
                target.add(*paragraphs(fill(located, "text", item.text, dict(facts))))
            target.keywords += item.keywords
            target.related += item.related
            target.rulings += item.rulings
            target.refs += item.refs
            target.cite(*item.sources)
            origin.setdefault(item.id, located)
    return origin


def _check_links(
    drafts: Mapping[str, Draft], origin: Mapping[str, Located], rulings: Mapping[str, Ruling]
) -> None:
    for d in drafts.values():
        located = origin.get(d.id)
        for related in d.related:
            if related not in drafts:
                if located is not None:
                    raise located.fail("related", f"no entry {related!r}")
                raise DataFileError(f"entry {d.id!r} (built): related entry {related!r} missing")
        for ruling_id in d.rulings:
            if ruling_id not in rulings:
                if located is not None:
                    raise located.fail("rulings", f"unknown ruling {ruling_id!r}")
                raise DataFileError(f"entry {d.id!r} (built): unknown ruling {ruling_id!r}")


def build_entries(directory: Path | None = None) -> tuple[Entry, ...]:
    """Every entry of the reference, in reading order (game by game)."""
    cat = catalogue()
    prose = load_prose(directory)
    facts = fact_values(prose)
    built = [
        *cove_entries(cat),
        mercante_setup_entry(),
        *mercante_entries(cat, prose),
        *journey_entries(),
        *ruling_entries(cat),
    ]
    drafts: dict[str, Draft] = {}
    for d in built:
        if d.id in drafts:
            raise DataFileError(f"entry {d.id!r} is built twice")
        drafts[d.id] = d
    origin = _apply_prose(drafts, prose, facts)
    rulings = {r.id: r for r in cat.rulings}
    _check_links(drafts, origin, rulings)
    # A ruling's entry links back to every entry that applies it.
    by_ruling: dict[str, list[str]] = {}
    for d in drafts.values():
        for ruling_id in d.rulings:
            by_ruling.setdefault(ruling_id, []).append(d.id)
    for ruling_id, users in by_ruling.items():
        drafts[ruling_entry_id(ruling_id)].related += users
    order = {g.id: i for i, g in enumerate(cat.games)}
    ordered = sorted(
        drafts.values(),
        key=lambda d: (order.get(d.game, 99), *topic_order(d.game, d.topic)),
    )
    return tuple(d.freeze() for d in ordered)
