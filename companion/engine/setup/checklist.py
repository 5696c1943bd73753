"""One ordered setup checklist for a game, its modules, chosen cards and player count.

The steps are data (``data/setup/*.toml``): this module picks the ones whose conditions hold,
fills in the numbers for the table (``{assistants}`` → 12 for four players) and the chosen
cards, follows the readings the players chose in Settings (house rules), and returns small
immutable :class:`Step` values with stable ids, so checklist progress can be saved by id.
"""

from __future__ import annotations

import string
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.engine.setup._expr import parse
from companion.engine.setup._providers import provided
from companion.engine.setup.check import (
    as_id_set,
    card_label,
    check_player_count,
    game_setup,
    house_rule_set,
    join_words,
    resolve_cards,
)
from companion.engine.setup.errors import CardChoiceError, PlayerCountError, UnknownModuleError
from companion.engine.setup.facts import (
    CARD_PLACEHOLDERS,
    PER_SEAT_PLACEHOLDER,
    PLAYERS,
    SEAT,
    UNKNOWN,
    Card,
    ComponentSpec,
    Condition,
    GameSetup,
    StepSpec,
    setup_data,
)
from companion.rules.models import Source

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_TIER_ORDER = {"I": 0, "II": 1, "III": 2, UNKNOWN: 3}


@dataclass(frozen=True)
class Component:
    """Pieces to take out of the box: ``count`` is ``None`` where the rulebook gives none."""

    item: str
    count: int | None = None
    note: str | None = None

    def __repr__(self) -> str:
        return f"Component({self.item!r}, {self.count!r})"

    def __str__(self) -> str:
        return self.item if self.count is None else f"{self.count} × {self.item}"


@dataclass(frozen=True)
class Step:
    """One thing to do at the table.

    ``module`` is None for the game itself. ``text`` is in our own words with the numbers for
    this table filled in; ``note`` tells the players something extra (e.g. that the rulebook
    contradicts itself here, with both readings). ``source`` is the rulebook passage the step
    rests on (``sources`` holds it first, then any others), ``rulings`` the ids of rulings
    behind it, ``quantities`` the numbers used, ``per_seat`` a number per seat where the step
    hands out something by seat (Mercante's starting crowns); ``cards`` the ids of the chosen
    cards the step names.
    """

    id: str
    text: str
    module: str | None
    source: Source
    components: tuple[Component, ...] = ()
    note: str | None = None
    rulings: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    quantities: tuple[tuple[str, int], ...] = ()
    per_seat: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"Step({self.id!r}, {self.text!r})"

    def quantity(self, name: str) -> int:
        """One of the numbers filled into the text (``KeyError`` if the step has none)."""
        return dict(self.quantities)[name]


def player_range(game: str) -> tuple[int, int]:
    """The fewest and most players ``game`` takes (from the game catalogue)."""
    setup = game_setup(game)
    entry = setup_data().catalogue.game(setup.game)
    return entry.min_players, entry.max_players


def setup_games() -> tuple[str, ...]:
    """The games that have a setup checklist."""
    return tuple(sorted(setup_data().games))


def quantities(game: str, players: int, *, house_rules: Collection[str] = ()) -> dict[str, int]:
    """Every named number of ``game``'s setup for ``players`` (e.g. ``draw_pile``)."""
    setup = game_setup(game)
    count = _check_player_range(game, players)
    rules = house_rule_set(setup_data(), house_rules)
    return _environment(setup, count, rules)


def _check_player_range(game: str, players: object) -> int:
    """``players`` if it is a count within ``game``'s range, else PlayerCountError."""
    count = check_player_count(players)
    low, high = player_range(game)
    if not low <= count <= high:
        from companion.engine.setup.words import game_name  # words imports this module

        raise PlayerCountError(f"{game_name(game)} is for {low} to {high} players, not {players}")
    return count


def _environment(setup: GameSetup, players: int, house_rules: frozenset[str]) -> dict[str, int]:
    env: dict[str, int] = {PLAYERS: players}
    for q in setup.quantities:
        if q.provider is not None:
            env[q.name] = provided(q.provider)
            continue
        assert q.value is not None
        amount = q.value
        if q.house_rule is not None and q.house_rule.ruling in house_rules:
            amount = q.house_rule.value
        env[q.name] = parse(amount).evaluate(env)
    return env


def _holds(
    cond: Condition, present: frozenset[str], chosen: tuple[Card, ...], players: int
) -> bool:
    kinds = {c.kind for c in chosen}
    ids = {c.id for c in chosen}
    return (
        all(m in present for m in cond.modules)
        and not any(m in present for m in cond.absent)
        and (not cond.cards or any(c in ids for c in cond.cards))
        and all(k in kinds for k in cond.card_kinds)
        and not any(k in kinds for k in cond.no_card_kinds)
        and (cond.min_players is None or players >= cond.min_players)
        and (cond.max_players is None or players <= cond.max_players)
    )


def _applies(
    spec: StepSpec, present: frozenset[str], chosen: tuple[Card, ...], players: int
) -> bool:
    if spec.module is not None and spec.module not in present:
        return False
    return not spec.when or any(_holds(c, present, chosen, players) for c in spec.when)


def _card_values(setup: GameSetup, chosen: tuple[Card, ...]) -> dict[str, str]:
    values: dict[str, str] = {}
    kinds = {k.id: k for k in setup.card_kinds}
    for name, (kind_id, shown, _) in CARD_PLACEHOLDERS.items():
        kind = kinds.get(kind_id)
        if kind is None:
            continue
        of_kind = [c for c in chosen if c.kind == kind_id]
        if shown == "name":
            values[name] = card_label(setup, of_kind[0]) if of_kind else kind.unchosen
        elif shown == "deck":
            ordered = sorted(of_kind, key=lambda c: _TIER_ORDER[c.tier or UNKNOWN])
            named = [card_label(setup, c) for c in ordered]
            if of_kind and len(of_kind) < kind.max_chosen:
                named.append(_rest_of_deck(of_kind, kind.max_chosen))
            values[name] = join_words(named) if of_kind else kind.unchosen
        elif of_kind:
            value = getattr(of_kind[0], shown)
            values[name] = str(value)
    return values


def _rest_of_deck(chosen: Sequence[Card], size: int) -> str:
    """Where the cards not picked come from: one of each tier still missing, drawn at random
    or picked ("a tier III card, drawn at random or picked")."""
    extra = size - len(chosen)
    known = {c.tier for c in chosen if c.tier not in (None, UNKNOWN)}
    missing = [t for t in _TIER_ORDER if t != UNKNOWN and t not in known]
    how = "drawn at random or picked"
    if len(missing) == extra:
        if extra == 1:
            return f"a tier {missing[0]} card, {how}"
        return f"one card each of tiers {join_words(missing)}, {how}"
    # Some picked cards' tiers are unknown, so which tiers are missing depends on them.
    cards = "a card" if extra == 1 else f"{extra} cards"
    tiers = join_words(missing).replace(" and ", " or ")
    unknown = [c.name for c in chosen if c.tier in (None, UNKNOWN)]
    read = (
        f"{unknown[0]}'s tier is on its card"
        if len(unknown) == 1
        else f"the tiers of {join_words(unknown)} are on their cards"
    )
    return f"{cards} of the tier{'s' if extra > 1 else ''} still missing ({tiers}; {read}), {how}"


def _per_seat_text(values: tuple[int, ...], unit: str) -> str:
    parts = []
    for seat, value in enumerate(values, start=1):
        who = f"the {_ORDINALS[seat - 1]}" if seat <= len(_ORDINALS) else f"seat {seat}"
        if seat == 1:
            parts.append(f"{value} {unit} for {who} player")
        else:
            parts.append(f"{value} for {who}")
    return join_words(parts)


def _names_in(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def _components(specs: Iterable[ComponentSpec], env: Mapping[str, int]) -> tuple[Component, ...]:
    return tuple(
        Component(c.item, None if c.count is None else parse(c.count).evaluate(env), c.note)
        for c in specs
    )


def setup_checklist(
    game: str,
    modules: Collection[str],
    players: int,
    *,
    cards: Collection[str] = (),
    house_rules: Collection[str] = (),
) -> list[Step]:
    """The ordered setup steps for ``game`` with ``modules`` and ``players``.

    ``game`` is "merchants_cove", "mercante" or "merchants_journey" (see
    :func:`setup_games`); ``modules`` are module ids of that game (only Merchants Cove has
    any); ``cards`` the ids of a chosen Paladin card, Rogue card and Beasts; ``house_rules`` the
    ids of rulings whose alternative reading the players chose. The checklist is written even
    for a combination :func:`check_modules` reports errors for, so the players can see what
    it would take; raises :class:`UnknownGameError`, :class:`PlayerCountError` (outside the
    game's range, naming it), :class:`UnknownModuleError`, :class:`UnknownCardError`,
    :class:`CardChoiceError` (more cards of a kind than a game uses) or
    :class:`HouseRuleError`.
    """
    setup = game_setup(game)
    count = _check_player_range(game, players)
    present = as_id_set(modules, "modules")
    known = {m.id for m in setup.modules}
    for module_id in sorted(present - known):
        if not known:
            raise UnknownModuleError(f"{game!r} has no modules, got {module_id!r}")
        raise UnknownModuleError(
            f"unknown module {module_id!r} for {game!r}; known: {sorted(known)!r}"
        )
    chosen = resolve_cards(setup, cards)
    for kind in setup.card_kinds:
        of_kind = [c.id for c in chosen if c.kind == kind.id]
        if len(of_kind) > kind.max_chosen:
            raise CardChoiceError(
                f"a game uses at most {kind.max_chosen} {kind.plural}, got {of_kind!r}"
            )
    rules = house_rule_set(setup_data(), house_rules)
    env = _environment(setup, count, rules)
    card_values = _card_values(setup, chosen)
    steps: list[Step] = []
    for spec in setup.steps:
        if not _applies(spec, present, chosen, count):
            continue
        text, note, source = spec.text, spec.note, spec.source
        rulings = list(spec.rulings)
        override = spec.house_rule
        if override is not None:
            rulings.append(override.ruling)
            if override.ruling in rules:
                text = override.text or text
                note = override.note or note
                source = override.source or source
        per_seat: tuple[int, ...] = ()
        values: dict[str, object] = dict(env)
        values.update(card_values)
        if spec.per_seat is not None:
            amount = parse(spec.per_seat.value)
            per_seat = tuple(amount.evaluate({**env, SEAT: seat}) for seat in range(1, count + 1))
            values[PER_SEAT_PLACEHOLDER] = _per_seat_text(per_seat, spec.per_seat.unit)
        used = _names_in(text) + (_names_in(note) if note else [])
        numbers = tuple(dict.fromkeys((n, env[n]) for n in used if n in env))
        kinds = {CARD_PLACEHOLDERS[n][0] for n in used if n in CARD_PLACEHOLDERS}
        named = tuple(c.id for c in chosen if c.kind in kinds)
        steps.append(
            Step(
                id=spec.id,
                text=text.format_map(values),
                module=spec.module,
                source=source,
                components=_components(spec.takes, env),
                note=note.format_map(values) if note else None,
                rulings=tuple(dict.fromkeys(rulings)),
                sources=tuple(dict.fromkeys((source, *(s for s in (spec.source, *spec.also))))),
                quantities=numbers,
                per_seat=per_seat,
                cards=named,
            )
        )
    return steps


def take_out(steps: Iterable[Step]) -> list[Component]:
    """Everything a checklist takes out of the box, one line per item, in checklist order.

    Counts of the same item add up; an item with any unknown count stays unknown.
    """
    totals: dict[str, int | None] = {}
    for step in steps:
        for component in step.components:
            if component.item in totals:
                before = totals[component.item]
                totals[component.item] = (
                    None if before is None or component.count is None else before + component.count
                )
            else:
                totals[component.item] = component.count
    return [Component(item, count) for item, count in totals.items()]


def module_components(module_id: str, game: str = "merchants_cove") -> tuple[Component, ...]:
    """A module's pieces in the box (the rulebook's Components list), counts filled in."""
    setup = game_setup(game)
    try:
        module = setup.module(module_id)
    except KeyError:
        raise UnknownModuleError(f"unknown module {module_id!r} for {game!r}") from None
    env = _environment(setup, 1, frozenset())
    return _components(module.components, env)
