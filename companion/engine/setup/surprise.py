"""Surprise me: a random legal combination of modules, or a random card, from a seed.

Everything random goes through ``random.Random(seed)``, so the same seed and constraints give
the same answer on every machine and a table can replay a disputed draw.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from companion.engine.core.numbers import is_whole, whole
from companion.engine.core.words import article, spoken
from companion.engine.setup.check import (
    MODULES_GAME,
    as_id_set,
    card_label,
    check_player_count,
    house_rule_set,
    tables,
)
from companion.engine.setup.errors import (
    NoLegalCombinationError,
    SetupError,
    UnknownCardError,
)
from companion.engine.setup.facts import Card, setup_data

Seed = int | str
SURPRISE_KINDS = ("paladin", "rogue")


def _check_seed(seed: object) -> Seed:
    # Only ints and strings: random.Random hashes other types in ways that are not stable
    # between runs or versions, and a replayable draw is the point.
    if not is_whole(seed) and not isinstance(seed, str):
        raise SetupError(f"seed {seed!r} must be a whole number or a string")
    return seed


def surprise_modules(
    seed: Seed,
    *,
    size: int | None = None,
    pinned: Collection[str] = (),
    banned: Collection[str] = (),
    players: int = 4,
    house_rules: Collection[str] = (),
) -> frozenset[str]:
    """A random combination of Merchants Cove modules with no error finding.

    ``size`` is how many modules (pinned ones included); ``None`` first draws a size among
    those that have a legal combination (at least one module), then a combination of that size,
    so small and large tables are equally likely. ``pinned`` modules are always in, ``banned``
    never; modules the rulebook does not describe (the Dragon Island Festival) only come in when
    pinned. Every legal combination of the drawn size is equally likely. Raises
    :class:`NoLegalCombinationError` when nothing fits the constraints.
    """
    seed = _check_seed(seed)
    count = check_player_count(players)
    rules = house_rule_set(setup_data(), house_rules)
    t = tables(MODULES_GAME, rules)
    pins = as_id_set(pinned, "pinned")
    bans = as_id_set(banned, "banned")
    pin_mask = t.mask(pins)
    ban_mask = t.mask(bans)
    if pins & bans:
        raise SetupError(f"modules both pinned and banned: {sorted(pins & bans)!r}")
    if size is not None:
        whole(size, "size", SetupError, least=0, most=len(t.ids))
    quiet = t.bits_of(m.id for m in t.setup.modules if not m.surprise) & ~pin_mask
    ban_mask |= quiet
    candidates = [
        m for m in t.legal_masks(count) if (m & pin_mask) == pin_mask and not (m & ban_mask)
    ]
    if size is not None:
        candidates = [m for m in candidates if m.bit_count() == size]
    elif len(candidates) > 1:
        candidates = [m for m in candidates if m]  # an empty table is no surprise
    if not candidates:
        raise NoLegalCombinationError(_nothing_fits(size, pins, bans, count))
    rng = random.Random(seed)
    if size is None:
        sizes = sorted({m.bit_count() for m in candidates})
        drawn = rng.choice(sizes)
        candidates = [m for m in candidates if m.bit_count() == drawn]
    return t.modules_of(rng.choice(candidates))


#: How many seeds :func:`seed_preferring` tries before it settles for the best one seen.
PREFER_TRIES = 48


def seed_preferring(
    seed: Seed,
    unplayed: Collection[str],
    *,
    tries: int = PREFER_TRIES,
    size: int | None = None,
    pinned: Collection[str] = (),
    banned: Collection[str] = (),
    players: int = 4,
    house_rules: Collection[str] = (),
) -> int:
    """A seed whose :func:`surprise_modules` draw prefers the modules in ``unplayed`` (those
    a group has not played yet, as the caller knows them from its history).

    ``seed`` (a whole number) and the six-digit seeds drawn from it, ``tries`` in all, are
    tried in order; the first whose draw has the fewest modules outside ``unplayed`` (then
    the most inside it) is returned; when no draw tried has any module of ``unplayed``,
    ``seed`` itself (a smaller draw would be no preference). The draw itself stays
    :func:`surprise_modules` with that seed, so the seed replays it exactly, with or without
    a history. The same arguments give the same seed. Raises
    :class:`NoLegalCombinationError` as
    :func:`surprise_modules` does.
    """
    first = whole(_check_seed(seed), "seed", SetupError, least=0)
    whole(tries, "tries", SetupError, least=1, most=10_000)
    fresh = as_id_set(unplayed, "unplayed")
    rng = random.Random(first)
    best, best_key = first, (0, 0)
    for k in range(tries):
        candidate = first if k == 0 else rng.randrange(10**5, 10**6)
        drawn = surprise_modules(
            candidate,
            size=size,
            pinned=pinned,
            banned=banned,
            players=players,
            house_rules=house_rules,
        )
        key = (len(drawn - fresh), -len(drawn & fresh))
        if k == 0 or key < best_key:
            best, best_key = candidate, key
        if key[0] == 0 and drawn:
            break  # nothing in it has been played: no seed does better
    if best_key[1] == 0:
        return first  # no draw brings a module not played: nothing to prefer
    return best


def _nothing_fits(
    size: int | None, pins: frozenset[str], bans: frozenset[str], players: int
) -> str:
    parts = [f"no legal combination of modules for {players} players"]
    if size is not None:
        parts.append(f"with exactly {size} modules")
    if pins:
        parts.append(f"including {sorted(pins)!r}")
    if bans:
        parts.append(f"without {sorted(bans)!r}")
    return " ".join(parts)


def legal_cards(
    kind: str,
    modules: Collection[str],
    *,
    house_rules: Collection[str] = (),
    follow_recommendations: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``kind`` ("paladin", "rogue", "beast") whose needs ``modules`` meet.

    With ``follow_recommendations`` a Rogue card must also have its recommended Master Craft
    Townsfolk set in ``modules``.
    """
    rules = house_rule_set(setup_data(), house_rules)
    t = tables(MODULES_GAME, rules)
    present = as_id_set(modules, "modules")
    t.mask(present)  # unknown ids raise here
    kinds = {k.id for k in t.setup.card_kinds}
    if kind not in kinds:
        raise UnknownCardError(f"unknown card kind {kind!r}; kinds: {sorted(kinds)!r}")
    sets = {s.id: s for s in t.setup.townsfolk_sets}

    def fits(card: Card) -> bool:
        if not set(card.requires) <= present:
            return False
        if follow_recommendations:
            for set_id in card.recommended_townsfolk:
                townsfolk = sets.get(set_id)
                if townsfolk and townsfolk.module and townsfolk.module not in present:
                    return False
        return True

    return tuple(c for c in t.setup.cards if c.kind == kind and fits(c))


def surprise_card(
    seed: Seed,
    kind: str,
    modules: Collection[str],
    *,
    house_rules: Collection[str] = (),
    follow_recommendations: bool = False,
) -> Card:
    """A random Paladin card (``kind="paladin"``) or Rogue card (``"rogue"``) legal with
    ``modules``: its needs are met, so :func:`check_modules` reports no error for it.

    Beasts are not drawn: a Beasts deck needs one card per tier, and four Beasts' tiers are
    unreadable in the rulebook text, so the app will not guess (see the beast tiers ruling).
    """
    seed = _check_seed(seed)
    if kind not in SURPRISE_KINDS:
        if kind == "beast":
            raise UnknownCardError(
                "Beasts are not drawn at random: the deck needs one per tier and four tiers "
                "are unreadable in the rulebook text; pick them yourself"
            )
        raise UnknownCardError(
            f"Surprise me draws a Paladin or a Rogue card, not {article(spoken(str(kind)))} card"
        )
    options = legal_cards(
        kind, modules, house_rules=house_rules, follow_recommendations=follow_recommendations
    )
    if not options:
        present = sorted(as_id_set(modules, "modules"))
        raise NoLegalCombinationError(f"no {kind} card is legal with modules {present!r}")
    return random.Random(seed).choice(options)


def describe_card(card: Card) -> str:
    """The card's label as the checklist shows it ("Oath of Honor (Paladin card 1)")."""
    setup = setup_data().games[MODULES_GAME]
    return card_label(setup, card)
