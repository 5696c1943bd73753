"""Is this combination of modules (and chosen cards) legal, and if not, why and how to fix it.

Like python-chess's ``Board.status()``: an odd position is not an exception. The check
*reports* findings (errors first, then warnings, then notes), each with a plain sentence, the
modules involved, one-tap fixes and the rulebook passages it rests on. Only inputs that make
no sense (an unknown module id, a player count that is not a count) raise.

The relations come from ``data/setup/*.toml``; at first use they are compiled into bit masks
per set of house rules, and the finding of each relation is cached per the few modules it
looks at, so checking all 65,536 subsets of Master Craft's 16 modules stays quick.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from companion.engine.core.numbers import whole
from companion.engine.core.words import spoken
from companion.engine.setup._expr import parse
from companion.engine.setup.errors import (
    HouseRuleError,
    PlayerCountError,
    SetupError,
    UnknownCardError,
    UnknownGameError,
    UnknownModuleError,
)
from companion.engine.setup.facts import (
    UNKNOWN,
    Card,
    GameSetup,
    Module,
    Relation,
    SetupData,
    setup_data,
)
from companion.rules.models import Source

Level = Literal["error", "warning", "info"]
LEVELS: tuple[Level, ...] = ("error", "warning", "info")
MODULES_GAME = "merchants_cove"


@dataclass(frozen=True)
class Fix:
    """A one-tap correction: switch modules on or off, drop chosen cards.

    ``label`` is what the button says ("Add the Faction Festival and the Paladins").
    """

    label: str
    add: frozenset[str] = frozenset()
    remove: frozenset[str] = frozenset()
    drop_cards: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        parts = [repr(self.label)]
        for name in ("add", "remove", "drop_cards"):
            value: frozenset[str] = getattr(self, name)
            if value:
                parts.append(f"{name}={sorted(value)!r}")
        return f"Fix({', '.join(parts)})"

    def apply(self, modules: Iterable[str]) -> frozenset[str]:
        """The modules after the fix."""
        return (frozenset(modules) - self.remove) | self.add

    def apply_cards(self, cards: Iterable[str]) -> frozenset[str]:
        """The chosen cards after the fix."""
        return frozenset(cards) - self.drop_cards


@dataclass(frozen=True)
class Finding:
    """One thing the players should know about their choice.

    ``level`` is "error" (the rules forbid it), "warning" (allowed, but the rules advise
    otherwise or a chosen card would do nothing) or "info". ``code`` says which rule
    (``requires``, ``incompatible``...), ``key`` is stable across calls for the UI.
    """

    level: Level
    code: str
    message: str
    modules: frozenset[str] = frozenset()
    fixes: tuple[Fix, ...] = ()
    sources: tuple[Source, ...] = ()
    cards: frozenset[str] = frozenset()
    ruling: str | None = None
    key: str = field(default="", compare=False)

    def __repr__(self) -> str:
        extra = f", cards={sorted(self.cards)!r}" if self.cards else ""
        return (
            f"Finding({self.level!r}, {self.code!r}, {self.message!r}, "
            f"modules={sorted(self.modules)!r}{extra})"
        )

    @property
    def fix(self) -> Fix | None:
        """The suggested fix (the first of ``fixes``), if any."""
        return self.fixes[0] if self.fixes else None

    @property
    def source(self) -> Source | None:
        """The main rulebook passage behind the finding."""
        return self.sources[0] if self.sources else None


# --------------------------------------------------------------------------- helpers


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def join_words(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def check_player_count(players: object) -> int:
    """``players`` as an int, or :class:`PlayerCountError` if it is not a count at all."""
    return whole(players, "player count", PlayerCountError, least=1)


def as_id_set(values: Collection[str] | Iterable[str], what: str) -> frozenset[str]:
    """A set of ids from any collection; a bare string is refused (it would split in letters)."""
    if isinstance(values, str | bytes):
        raise SetupError(f"{what} must be a collection of ids, not the string {values!r}")
    # Non-string members are caught where the ids are looked up (they are unknown ids).
    return frozenset(values)


def house_rule_set(data: SetupData, house_rules: Collection[str] | Iterable[str]) -> frozenset[str]:
    """Validate house rule ids: each must be a ruling with an alternative reading."""
    chosen = as_id_set(house_rules, "house_rules")
    if not chosen:
        return chosen
    rulings = data.rulings
    for ruling_id in sorted(chosen, key=repr):
        ruling = rulings.get(ruling_id)
        if ruling is None:
            raise HouseRuleError(f"unknown house rule {ruling_id!r}: no ruling has that id")
        if not ruling.has_house_rule:
            raise HouseRuleError(
                f"ruling {ruling_id!r} has no alternative reading to choose as a house rule"
            )
    return chosen


def relation_applies(relation: Relation, house_rules: frozenset[str]) -> bool:
    """Whether a relation holds under the readings chosen (see ``Relation.applies_with``)."""
    if relation.ruling is None:
        return True
    alternative_chosen = relation.ruling in house_rules
    return alternative_chosen == (relation.applies_with == "alternative")


def game_setup(game: str, data: SetupData | None = None) -> GameSetup:
    data = data or setup_data()
    if not isinstance(game, str) or game not in data.games:
        raise UnknownGameError(
            f"no setup for game {game!r}; games with a setup: {sorted(data.games)!r}"
        )
    return data.games[game]


# --------------------------------------------------------------------------- compiled tables


# How a compiled relation fires, given the chosen modules as a bit mask ``m``:
_MISSING = 0  # m has bit a but not all of b   (requires, recommends, expects)
_BOTH = 1  # m has bit a and some of b          (incompatible)
_TWO_OF = 2  # m has two or more bits of a       (one_of)
_ANY = 3  # m has some bit of a                  (note; max_players also compares players)


@dataclass(frozen=True)
class _Rel:
    """A relation compiled to masks; ``make`` builds its finding from the present modules."""

    index: int
    relation: Relation
    level: Level
    mode: int
    a: int
    b: int
    relevant: int
    make: Callable[[frozenset[str], int], Finding]
    most: int | None = None  # max_players only: the largest table the pieces allow

    def fires(self, m: int) -> bool:
        mode = self.mode
        if mode == _MISSING:
            return bool(m & self.a) and (m & self.b) != self.b
        if mode == _BOTH:
            return bool(m & self.a) and bool(m & self.b)
        if mode == _TWO_OF:
            x = m & self.a
            return bool(x & (x - 1))
        return bool(m & self.a)


class Tables:
    """One game's relations compiled for one choice of house rules."""

    def __init__(self, setup: GameSetup, house_rules: frozenset[str], data: SetupData) -> None:
        self.setup = setup
        self.house_rules = house_rules
        self.game = data.catalogue.game(setup.game)
        # The reading of the game's player range, when the catalogue records one.
        self.players_ruling = data.rulings.get(f"catalogue.{setup.game}_players")
        self.ids: tuple[str, ...] = tuple(m.id for m in setup.modules)
        self.bits: dict[str, int] = {m: 1 << i for i, m in enumerate(self.ids)}
        self.modules: dict[str, Module] = {m.id: m for m in setup.modules}
        self.active = tuple(r for r in setup.relations if relation_applies(r, house_rules))
        env = self._fixed_quantities(house_rules)
        self.env = env
        requires: dict[str, set[str]] = {m: set() for m in self.ids}
        for rel in self.active:
            if rel.kind == "requires" and rel.module is not None:
                requires[rel.module].update(rel.targets)
        self.requires: dict[str, frozenset[str]] = {m: frozenset(t) for m, t in requires.items()}
        self.dependents: dict[str, frozenset[str]] = {m: self._dependents_of(m) for m in self.ids}
        compiled = (self._compile(i, rel) for i, rel in enumerate(self.active))
        self.rels = tuple(sorted(compiled, key=lambda r: LEVELS.index(r.level)))
        self._cache: dict[tuple[int, int, int], Finding] = {}
        self._legal: dict[int, tuple[int, ...]] = {}

    # -- quantities that do not depend on the player count (component limits)
    def _fixed_quantities(self, house_rules: frozenset[str]) -> dict[str, int]:
        env: dict[str, int] = {}
        for q in self.setup.quantities:
            if q.value is None:
                continue
            amount = q.value
            if q.house_rule is not None and q.house_rule.ruling in house_rules:
                amount = q.house_rule.value
            expr = parse(amount)
            if expr.names <= env.keys():
                env[q.name] = expr.evaluate(env)
        return env

    def mask(self, modules: frozenset[str]) -> int:
        bits = self.bits
        total = 0
        for module_id in modules:
            bit = bits.get(module_id)
            if bit is None:
                raise UnknownModuleError(
                    f"unknown module {module_id!r}; known modules: {list(self.ids)!r}"
                )
            total |= bit
        return total

    def bits_of(self, ids: Iterable[str]) -> int:
        total = 0
        for module_id in ids:
            total |= self.bits[module_id]
        return total

    def _dependents_of(self, module_id: str) -> frozenset[str]:
        """Every module that needs ``module_id``, directly or through another."""
        found: set[str] = set()
        frontier = {module_id}
        while frontier:
            new = {m for m, needs in self.requires.items() if needs & frontier} - found
            found |= new
            frontier = new
        found.discard(module_id)
        return frozenset(found)

    def add_closure(self, wanted: Iterable[str], present: frozenset[str]) -> frozenset[str]:
        """``wanted`` plus everything they need in turn, minus what is already present."""
        result: set[str] = set()
        frontier = set(wanted) - present
        while frontier:
            result |= frontier
            frontier = {t for m in frontier for t in self.requires[m]} - present - result
        return frozenset(result)

    def remove_closure(self, unwanted: Iterable[str], present: frozenset[str]) -> frozenset[str]:
        """``unwanted`` plus every present module that needs one of them."""
        result = set(unwanted)
        for module_id in list(result):
            result |= self.dependents[module_id] & present
        return frozenset(result & present)

    def label(self, module_id: str) -> str:
        return self.modules[module_id].label

    def labels(self, ids: Iterable[str]) -> str:
        # Keep the data's module order so labels read the same every time.
        wanted = set(ids)
        return join_words(self.label(m) for m in self.ids if m in wanted)

    def add_fix(self, wanted: Iterable[str], present: frozenset[str]) -> Fix:
        add = self.add_closure(wanted, present)
        return Fix(f"Add {self.labels(add)}", add=add)

    def remove_fix(self, unwanted: Iterable[str], present: frozenset[str]) -> Fix:
        remove = self.remove_closure(unwanted, present)
        return Fix(f"Remove {self.labels(remove)}", remove=remove)

    # -- compiling one relation
    def _compile(self, index: int, rel: Relation) -> _Rel:
        kind = rel.kind
        subject = rel.module
        bit = self.bits[subject] if subject is not None else 0
        targets = self.bits_of(rel.targets)
        group = self.bits_of(rel.group)
        key = f"{kind}:{subject or '+'.join(rel.group)}" + (
            f":{'+'.join(rel.targets)}" if rel.targets else ""
        )
        sources = rel.sources
        # Relation words may quote the game's fixed numbers ({festival_hall}); fill them once.
        reason = rel.reason.format_map(self.env) if rel.reason else None
        note = rel.message.format_map(self.env) if rel.message else None
        why = f": {reason}" if reason else "."

        def deps(ids: Iterable[str]) -> int:
            return self.bits_of(d for m in ids for d in self.dependents[m])

        if kind == "requires" or kind == "recommends" or kind == "expects":
            assert subject is not None
            closure = self.add_closure(rel.targets, frozenset())
            relevant = bit | targets | self.bits_of(closure) | deps([subject])
            level: Level = "error" if kind == "requires" else "warning"

            def make_missing(present: frozenset[str], players: int) -> Finding:
                assert subject is not None
                missing = [t for t in rel.targets if t not in present]
                if kind == "requires":
                    message = (
                        f"{_cap(self.label(subject))} can't be played without "
                        f"{self.labels(missing)}{why}"
                    )
                elif kind == "recommends":
                    message = (
                        f"{_cap(self.label(subject))} go best with {self.labels(missing)}: "
                        f"the rulebook recommends it but doesn't require it{why}"
                    )
                else:
                    assert note is not None
                    message = note
                fixes = [self.add_fix(missing, present)]
                if kind == "requires":
                    fixes.append(self.remove_fix([subject], present))
                return Finding(
                    level,
                    kind,
                    message,
                    frozenset([subject, *missing]),
                    tuple(fixes),
                    sources,
                    ruling=rel.ruling,
                    key=f"{key}",
                )

            return _Rel(index, rel, level, _MISSING, bit, targets, relevant, make_missing)

        if kind == "incompatible":
            assert subject is not None
            relevant = bit | targets | deps([subject, *rel.targets])

            def make_both(present: frozenset[str], players: int) -> Finding:
                assert subject is not None
                clash = [t for t in rel.targets if t in present]
                message = (
                    f"{_cap(self.label(subject))} and {self.labels(clash)} can't be played "
                    f"together{why}"
                )
                fixes = (self.remove_fix(clash, present), self.remove_fix([subject], present))
                return Finding(
                    "error",
                    kind,
                    message,
                    frozenset([subject, *clash]),
                    fixes,
                    sources,
                    ruling=rel.ruling,
                    key=key,
                )

            return _Rel(index, rel, "error", _BOTH, bit, targets, relevant, make_both)

        if kind == "one_of":
            relevant = group | deps(rel.group)

            def make_one_of(present: frozenset[str], players: int) -> Finding:
                chosen = [m for m in rel.group if m in present]
                fixes = tuple(
                    self.remove_fix([m for m in chosen if m != keep], present) for keep in chosen
                )
                assert note is not None
                return Finding(
                    "error",
                    kind,
                    note,
                    frozenset(chosen),
                    fixes,
                    sources,
                    ruling=rel.ruling,
                    key=key,
                )

            return _Rel(index, rel, "error", _TWO_OF, group, 0, relevant, make_one_of)

        if kind == "max_players":
            assert subject is not None
            assert rel.in_box is not None and rel.per_player is not None
            in_box = parse(rel.in_box).evaluate(self.env)
            each = parse(rel.per_player).evaluate(self.env)
            most = in_box // each if each > 0 else None
            relevant = bit | deps([subject])

            def make_limit(present: frozenset[str], players: int) -> Finding:
                assert subject is not None
                message = (
                    f"{_cap(self.label(subject))} has pieces for at most {most} players "
                    f"({in_box} {rel.component}, {each} each); this table has {players}{why}"
                )
                return Finding(
                    "error",
                    "too_many_players",
                    message,
                    frozenset([subject]),
                    (self.remove_fix([subject], present),),
                    sources,
                    ruling=rel.ruling,
                    key=key,
                )

            return _Rel(index, rel, "error", _ANY, bit, 0, relevant, make_limit, most)

        # note: any module of the group present
        assert kind == "note" and note is not None
        level_note: Level = rel.level or "info"

        def make_note(present: frozenset[str], players: int) -> Finding:
            assert note is not None
            involved = frozenset(m for m in rel.group if m in present)
            return Finding(
                level_note,
                "note",
                note,
                involved,
                (),
                sources,
                ruling=rel.ruling,
                key=key,
            )

        return _Rel(index, rel, level_note, _ANY, group, 0, group, make_note)

    # -- running the check
    def findings(self, mask: int, present: frozenset[str], players: int) -> list[Finding]:
        """Findings for the modules ``present`` (``mask`` their bits), errors first."""
        found: list[Finding] = []
        if players > self.game.max_players:
            found.append(self.too_many_for_game(players))
        cache = self._cache
        bits = self.bits
        # self.rels is sorted by level, so the list comes out errors, warnings, notes.
        for rel in self.rels:
            mode = rel.mode
            a = rel.a
            if mode == _MISSING:
                if not mask & a or (mask & rel.b) == rel.b:
                    continue
            elif mode == _BOTH:
                if not mask & a or not mask & rel.b:
                    continue
            elif mode == _TWO_OF:
                x = mask & a
                if not x & (x - 1):
                    continue
            elif not mask & a:
                continue
            most = rel.most
            if most is not None and players <= most:
                continue
            cache_key = (rel.index, mask & rel.relevant, 0 if most is None else players)
            finding = cache.get(cache_key)
            if finding is None:
                restricted = frozenset(m for m in present if bits[m] & rel.relevant)
                finding = rel.make(restricted, players)
                cache[cache_key] = finding
            found.append(finding)
        return found

    def too_many_for_game(self, players: int) -> Finding:
        game = self.game
        ruling = self.players_ruling
        sources = (game.players_source,) if game.players_source else ()
        if ruling is not None:
            sources = tuple(dict.fromkeys((*sources, *ruling.sources)))
        return Finding(
            "error",
            "too_many_players",
            f"{game.name} is for {game.min_players} to {game.max_players} players; "
            f"this table has {players}.",
            frozenset(),
            (),
            sources,
            ruling=ruling.id if ruling else None,
            key="players",
        )

    def legal_masks(self, players: int) -> tuple[int, ...]:
        """Every subset (as a mask) with no error finding, for "Surprise me"."""
        cached = self._legal.get(players)
        if cached is not None:
            return cached
        if players > self.game.max_players:
            self._legal[players] = ()
            return ()
        masks = list(range(1 << len(self.ids)))
        for rel in self.rels:
            if rel.level != "error":
                continue
            if rel.most is not None and players <= rel.most:
                continue
            fires = rel.fires
            masks = [m for m in masks if not fires(m)]
        result = tuple(masks)
        self._legal[players] = result
        return result

    def modules_of(self, mask: int) -> frozenset[str]:
        return frozenset(m for m in self.ids if self.bits[m] & mask)


@lru_cache(maxsize=64)
def _tables_cached(game: str, house_rules: frozenset[str]) -> Tables:
    data = setup_data()
    return Tables(data.games[game], house_rules, data)


@lru_cache(maxsize=16)
def _rulings_read(game: str) -> frozenset[str]:
    setup = game_setup(game)
    read = {r.ruling for r in setup.relations if r.ruling is not None}
    read |= {q.house_rule.ruling for q in setup.quantities if q.house_rule is not None}
    return frozenset(read)


def tables(game: str, house_rules: frozenset[str]) -> Tables:
    """The compiled tables for ``game`` under ``house_rules``, built once per combination.

    Only the house rules that this game's relations or quantities read are part of the cache
    key, so a Settings screen passing every house rule it knows costs nothing extra.
    """
    if house_rules:
        house_rules = house_rules & _rulings_read(game)
    return _tables_cached(game, house_rules)


def clear_caches() -> None:
    """Forget the compiled tables and the rulings each game reads (they are built again on
    first use, as after start-up; the benchmark of a cold check uses this)."""
    _tables_cached.cache_clear()
    _rulings_read.cache_clear()


# --------------------------------------------------------------------------- cards


def card_label(setup: GameSetup, card: Card) -> str:
    """How the app names a card: "Oath of Honor (Paladin card 1)", "Nessie (tier I)"."""
    if card.kind == "beast":
        tier = "tier unknown" if card.tier == UNKNOWN else f"tier {card.tier}"
        return f"{card.name} ({tier})"
    kind = setup.card_kind(card.kind)
    return f"{card.name} ({kind.name} {card.number})"


def resolve_cards(setup: GameSetup, cards: Iterable[str]) -> tuple[Card, ...]:
    """The chosen cards in data order; an unknown id raises :class:`UnknownCardError`."""
    chosen = as_id_set(cards, "cards")
    by_id = {c.id: c for c in setup.cards}
    for card_id in sorted(chosen, key=repr):
        if card_id not in by_id:
            raise UnknownCardError(f"there is no card {spoken(str(card_id)) or 'without a name'}")
    return tuple(c for c in setup.cards if c.id in chosen)


def card_findings(t: Tables, present: frozenset[str], chosen: tuple[Card, ...]) -> list[Finding]:
    setup = t.setup
    found: list[Finding] = []
    sets = {s.id: s for s in setup.townsfolk_sets}
    for kind in setup.card_kinds:
        of_kind = [c for c in chosen if c.kind == kind.id]
        if len(of_kind) > kind.max_chosen:
            names = join_words(card_label(setup, c) for c in of_kind)
            what = kind.name if kind.max_chosen == 1 else kind.plural
            found.append(
                Finding(
                    "error",
                    "too_many_cards",
                    f"A game uses {kind.max_chosen} {what}; you picked {len(of_kind)}: {names}.",
                    frozenset(),
                    tuple(
                        Fix(
                            f"Keep {keep.name}" if kind.max_chosen == 1 else f"Drop {keep.name}",
                            drop_cards=frozenset(c.id for c in of_kind if c is not keep)
                            if kind.max_chosen == 1
                            else frozenset([keep.id]),
                        )
                        for keep in of_kind
                    ),
                    (kind.source,),
                    frozenset(c.id for c in of_kind),
                    key=f"too_many_cards:{kind.id}",
                )
            )
        for card in of_kind:
            label = card_label(setup, card)
            if kind.module is not None and kind.module not in present:
                found.append(
                    Finding(
                        "warning",
                        "card_unused",
                        f"You picked {label}, but {t.label(kind.module)} aren't in play, so the "
                        f"card won't be used.",
                        frozenset([kind.module]),
                        (
                            t.add_fix([kind.module], present),
                            Fix(f"Drop {card.name}", drop_cards=frozenset([card.id])),
                        ),
                        (kind.source,),
                        frozenset([card.id]),
                        key=f"card_unused:{card.id}",
                    )
                )
                continue  # an unused card's own needs don't matter
            missing = [m for m in card.requires if m not in present]
            if missing:
                why = f": {card.requires_reason}" if card.requires_reason else "."
                found.append(
                    Finding(
                        "error",
                        "card_requires",
                        f"{label} can't be used without {t.labels(missing)}{why}",
                        frozenset(missing),
                        (
                            t.add_fix(missing, present),
                            Fix(f"Drop {card.name}", drop_cards=frozenset([card.id])),
                        ),
                        (card.source,),
                        frozenset([card.id]),
                        key=f"card_requires:{card.id}",
                    )
                )
            for set_id in card.recommended_townsfolk:
                townsfolk = sets.get(set_id)
                if townsfolk is None or townsfolk.module is None:
                    continue
                if townsfolk.module not in present:
                    found.append(
                        Finding(
                            "warning",
                            "card_recommends",
                            f"{label} suggests playing with the {townsfolk.name} Townsfolk.",
                            frozenset([townsfolk.module]),
                            (t.add_fix([townsfolk.module], present),),
                            (card.source,),
                            frozenset([card.id]),
                            key=f"card_recommends:{card.id}:{set_id}",
                        )
                    )
    beasts = [c for c in chosen if c.kind == "beast"]
    by_tier: dict[str, list[Card]] = {}
    for beast in beasts:
        if beast.tier is not None and beast.tier != UNKNOWN:
            by_tier.setdefault(beast.tier, []).append(beast)
    for tier, same in by_tier.items():
        if len(same) > 1:
            beast_kind = setup.card_kind("beast")
            found.append(
                Finding(
                    "error",
                    "beast_tiers",
                    f"The Beasts deck needs one Beast of each tier, but "
                    f"{join_words(b.name for b in same)} are "
                    f"{'both' if len(same) == 2 else 'all'} tier {tier}.",
                    frozenset(),
                    tuple(Fix(f"Drop {b.name}", drop_cards=frozenset([b.id])) for b in same),
                    (beast_kind.source,),
                    frozenset(b.id for b in same),
                    key=f"beast_tiers:{tier}",
                )
            )
    unread = [b for b in beasts if b.tier == UNKNOWN]
    if unread:
        names = join_words(b.name for b in unread)
        found.append(
            Finding(
                "info",
                "unknown_tier",
                f"The rulebook text the app holds lost the tier icon of {names}, so it can't "
                f"check the deck has one Beast of each tier: look at the card.",
                frozenset(),
                (),
                tuple(b.source for b in unread),
                frozenset(b.id for b in unread),
                ruling=next((b.ruling for b in unread if b.ruling), None),
                key="unknown_tier",
            )
        )
    return found


# --------------------------------------------------------------------------- public API


def check_modules(
    modules: Collection[str],
    players: int,
    *,
    cards: Collection[str] = (),
    house_rules: Collection[str] = (),
) -> list[Finding]:
    """Findings for a Merchants Cove table: errors first, then warnings, then notes.

    ``modules`` are module ids (see :func:`module_ids`), ``players`` the player count,
    ``cards`` the Paladin card, Rogue card and Beasts picked (ids, optional), ``house_rules``
    the ids of rulings whose alternative reading the players chose. Never raises for a rule
    broken; raises :class:`UnknownModuleError` / :class:`UnknownCardError` for an id the data
    does not know and :class:`PlayerCountError` for a player count that is not a count.
    """
    present = as_id_set(modules, "modules")
    count = check_player_count(players)
    data = setup_data()
    rules = house_rule_set(data, house_rules)
    t = tables(MODULES_GAME, rules)
    mask = t.mask(present)
    result = t.findings(mask, present, count)
    if cards:
        chosen = resolve_cards(t.setup, cards)
        extra = card_findings(t, present, chosen)
        if extra:
            result = sorted(result + extra, key=lambda f: LEVELS.index(f.level))
    return result


def is_legal(
    modules: Collection[str],
    players: int,
    *,
    cards: Collection[str] = (),
    house_rules: Collection[str] = (),
) -> bool:
    """True when :func:`check_modules` finds no error."""
    found = check_modules(modules, players, cards=cards, house_rules=house_rules)
    return not any(f.level == "error" for f in found)


def module_ids(game: str = MODULES_GAME) -> tuple[str, ...]:
    """The module ids of ``game``, in the data's order."""
    return tuple(m.id for m in game_setup(game).modules)


def modules_by_id(game: str = MODULES_GAME) -> Mapping[str, Module]:
    return {m.id: m for m in game_setup(game).modules}
