"""The setup data (``data/setup/*.toml``) as validated, immutable models.

Each file declares its ``game`` and holds any of these arrays of tables:

``quantity``
    A named whole number for that game: a literal, an arithmetic expression over ``players``
    and earlier quantities (``"assistants_each * players"``), or a ``provider`` that borrows
    the number from another tool's facts (``data/mercante/rules.toml``). A quantity may
    carry a ``house_rule``: the value to use when the players choose that ruling's
    alternative reading.
``module``
    A module or option the players can switch on (Merchants Cove: Master Craft's modules and
    The Entertainer), with its pieces in the box.
``relation``
    What the rulebook says about modules together: ``requires``, ``recommends``,
    ``incompatible``, ``one_of``, ``max_players`` (from component counts), ``expects`` (a setup
    that puts another module's pieces out) and ``note`` (something to tell the players). A
    relation may hold only under one reading of a ruling (``ruling`` + ``applies_with``).
``card_kind`` / ``card`` / ``townsfolk_set``
    Paladin cards, Rogue cards and Beasts of the Bay with their own requirements.
``step``
    One checklist step: text in our own words with ``{placeholders}`` for quantities and
    chosen cards, the module it belongs to, conditions (``when``: any of the listed
    conditions), the pieces it takes out of the box, its source.

Everything that can be checked is checked here, once, so that a typo fails at load with the
file, the entry and the field named (see :class:`~companion.rules.DataFileError`).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    Field,
    StrictInt,
    StringConstraints,
    field_validator,
    model_validator,
)

from companion.engine.setup._expr import ExpressionError, parse
from companion.engine.setup._providers import provided
from companion.rules.loader import (
    RULINGS_FILE,
    DataFileError,
    data_dir,
    display_path,
    load_entries,
    read_toml,
)
from companion.rules.models import (
    OTHER_GAME_ID,
    Catalogue,
    Frozen,
    Id,
    Ruling,
    Source,
    Text,
    catalogue,
    load_catalogue,
)

SetupId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
StepId = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$", max_length=80)
]
Count = Annotated[int, Field(ge=0, le=10_000, strict=True)]
Amount = StrictInt | Annotated[str, StringConstraints(min_length=1, max_length=200)]
CardKindId = Literal["paladin", "rogue", "beast"]
Tier = Literal["I", "II", "III", "unknown"]
RelationKind = Literal[
    "requires", "recommends", "incompatible", "one_of", "max_players", "expects", "note"
]
UNKNOWN = "unknown"
PLAYERS = "players"
#: The seat a per-seat number is worked out for (1 is the first player).
SEAT = "seat"

# Placeholders a step text may use for chosen cards: name -> (card kind, what it shows, whether
# a card of that kind must be chosen for the step to make sense). "name" and "deck" fall back
# on the kind's ``unchosen`` wording when no card is picked.
CARD_PLACEHOLDERS: Mapping[str, tuple[CardKindId, str, bool]] = {
    "paladin_card": ("paladin", "name", False),
    "rogue_card": ("rogue", "name", True),
    "rogue_bag": ("rogue", "bag", True),
    "rogue_lair": ("rogue", "lair", True),
    "beast_deck": ("beast", "deck", False),
}
PER_SEAT_PLACEHOLDER = "per_seat"

M = TypeVar("M", bound=BaseModel)


def _check_amount(value: int | str | None) -> int | str | None:
    if isinstance(value, str):
        try:
            parse(value)
        except ExpressionError as exc:
            raise ValueError(str(exc)) from None
    return value


class QuantityHouseRule(Frozen):
    """The value a quantity takes when the players choose the ruling's alternative."""

    ruling: Id
    value: Amount

    _amount = field_validator("value")(_check_amount)


class Quantity(Frozen):
    """A named number of a game's setup (see the module docstring)."""

    name: SetupId
    value: Amount | None = None
    provider: Text | None = None
    house_rule: QuantityHouseRule | None = None
    source: Source | None = None

    _amount = field_validator("value")(_check_amount)

    @model_validator(mode="after")
    def _one_way(self) -> Quantity:
        if (self.value is None) == (self.provider is None):
            raise ValueError("give exactly one of 'value' and 'provider'")
        if self.provider is not None:
            provided(self.provider)
        if self.house_rule is not None and self.provider is not None:
            raise ValueError("a provided quantity cannot have a house rule")
        if self.name in (PLAYERS, SEAT):
            raise ValueError(f"{self.name!r} is the player count or seat; pick another name")
        return self


class ComponentSpec(Frozen):
    """Pieces taken out of the box: ``count`` is a number, an expression, or unknown."""

    item: Text
    count: Amount | None = None
    note: Text | None = None

    _amount = field_validator("count")(_check_amount)


class Module(Frozen):
    """A module or option the players can switch on.

    ``called`` is how running text names it ("the Faction Festival"); ``described`` is false
    for a module the rulebook names without describing (no setup steps exist for it);
    ``surprise`` false keeps it out of "Surprise me" unless pinned.
    """

    id: SetupId
    name: Text
    called: Text | None = None
    group: Text
    description: Text
    components: tuple[ComponentSpec, ...] = ()
    described: bool = True
    surprise: bool = True
    source: Source

    @property
    def label(self) -> str:
        """The name for running text, e.g. "the Faction Festival"."""
        return self.called or self.name


class Relation(Frozen):
    """One thing the rulebook says about modules together (see the module docstring)."""

    kind: RelationKind
    module: SetupId | None = None
    targets: tuple[SetupId, ...] = ()
    group: tuple[SetupId, ...] = ()
    component: Text | None = None
    in_box: Amount | None = None
    per_player: Amount | None = None
    message: Text | None = None
    reason: Text | None = None
    level: Literal["error", "warning", "info"] | None = None
    ruling: Id | None = None
    applies_with: Literal["reading", "alternative"] = "reading"
    sources: tuple[Source, ...] = Field(min_length=1)

    _amounts = field_validator("in_box", "per_player")(_check_amount)

    @model_validator(mode="after")
    def _shape(self) -> Relation:
        kind = self.kind
        with_targets = {"requires", "recommends", "incompatible", "expects"}
        with_group = {"one_of", "note"}
        if kind in with_targets or kind == "max_players":
            if self.module is None:
                raise ValueError(f"a {kind!r} relation needs 'module'")
            if self.group:
                raise ValueError(f"a {kind!r} relation takes no 'group'")
        if kind in with_targets:
            if not self.targets:
                raise ValueError(f"a {kind!r} relation needs 'targets'")
            if self.module in self.targets:
                raise ValueError(f"module {self.module!r} cannot relate to itself")
            if len(set(self.targets)) != len(self.targets):
                raise ValueError(f"'targets' repeat a module: {self.targets!r}")
        elif self.targets:
            raise ValueError(f"a {kind!r} relation takes no 'targets'")
        if kind in with_group:
            if self.module is not None:
                raise ValueError(f"a {kind!r} relation takes 'group', not 'module'")
            least = 2 if kind == "one_of" else 1
            if len(set(self.group)) < least or len(set(self.group)) != len(self.group):
                raise ValueError(
                    f"a {kind!r} relation needs at least {least} distinct modules in 'group'"
                )
            if self.message is None:
                raise ValueError(f"a {kind!r} relation needs a 'message'")
        if kind == "max_players":
            if self.component is None or self.in_box is None or self.per_player is None:
                raise ValueError("a 'max_players' relation needs component, in_box, per_player")
        elif self.component is not None or self.in_box is not None or self.per_player is not None:
            raise ValueError("component, in_box and per_player belong to 'max_players'")
        if self.level is not None and kind != "note":
            raise ValueError("only a 'note' relation sets its own level")
        if kind == "expects" and self.message is None:
            raise ValueError("an 'expects' relation needs a 'message'")
        if self.applies_with == "alternative" and self.ruling is None:
            raise ValueError("applies_with = 'alternative' needs a 'ruling'")
        return self

    @property
    def modules(self) -> tuple[str, ...]:
        """Every module the relation names."""
        own = (self.module,) if self.module is not None else ()
        return own + self.targets + self.group


class CardKind(Frozen):
    """Paladin cards, Rogue cards, Beasts of the Bay: how many a game uses, which module."""

    id: CardKindId
    name: Text
    plural: Text
    module: SetupId | None = None
    max_chosen: int = Field(ge=1, le=20, strict=True)
    unchosen: Text
    source: Source


class Card(Frozen):
    """One card with its own requirements; summaries are in our own words."""

    id: SetupId
    kind: CardKindId
    name: Text
    number: int | None = Field(default=None, ge=1, le=99, strict=True)
    summary: Text
    requires: tuple[SetupId, ...] = ()
    requires_reason: Text | None = None
    tier: Tier | None = None
    printed_tier: Text | None = None
    bag: Count | None = None
    lair: Count | None = None
    arrival: Literal["boat", "bag"] | None = None
    recommended_townsfolk: tuple[SetupId, ...] = ()
    peddler: Text | None = None
    ruling: Id | None = None
    source: Source

    @model_validator(mode="after")
    def _by_kind(self) -> Card:
        if self.kind == "beast":
            if self.tier is None:
                raise ValueError("a Beast needs a 'tier' (I, II, III or 'unknown')")
            if self.number is not None:
                raise ValueError("Beasts have no number")
            if self.tier != UNKNOWN and self.printed_tier is None:
                raise ValueError("a known tier needs 'printed_tier': what the text shows")
        elif self.tier is not None or self.printed_tier is not None:
            raise ValueError("only Beasts have a tier")
        if self.kind in ("paladin", "rogue") and self.number is None:
            raise ValueError(f"a {self.kind} card needs its 'number'")
        rogue_fields = (self.bag, self.lair, self.arrival)
        if self.kind == "rogue":
            if any(f is None for f in rogue_fields):
                raise ValueError("a Rogue card needs 'bag', 'lair' and 'arrival'")
        elif any(f is not None for f in rogue_fields) or self.recommended_townsfolk:
            raise ValueError("bag, lair, arrival and recommended_townsfolk are for Rogue cards")
        if self.requires_reason is not None and not self.requires:
            raise ValueError("'requires_reason' without 'requires'")
        return self


class TownsfolkSet(Frozen):
    """A Townsfolk set a Rogue card may recommend; ``module`` when the app can switch it on."""

    id: SetupId
    name: Text
    module: SetupId | None = None
    note: Text | None = None
    source: Source


class Condition(Frozen):
    """When a step applies: all of ``modules`` present, all of ``absent`` missing, any of
    ``cards`` chosen, a card of each of ``card_kinds`` chosen, none of ``no_card_kinds``, and
    the player count within ``min_players``..``max_players``."""

    modules: tuple[SetupId, ...] = ()
    absent: tuple[SetupId, ...] = ()
    cards: tuple[SetupId, ...] = ()
    card_kinds: tuple[CardKindId, ...] = ()
    no_card_kinds: tuple[CardKindId, ...] = ()
    min_players: int | None = Field(default=None, ge=1, strict=True)
    max_players: int | None = Field(default=None, ge=1, strict=True)


class StepHouseRule(Frozen):
    """What changes in a step when the players choose a ruling's alternative reading."""

    ruling: Id
    text: Text | None = None
    note: Text | None = None
    source: Source | None = None


class PerSeat(Frozen):
    """A number per seat (``{per_seat}`` in the text), e.g. Mercante's starting crowns:
    ``value`` is an expression over the quantities and ``seat`` (1 is the first player)."""

    value: Amount
    unit: Text

    _amount = field_validator("value")(_check_amount)


class StepSpec(Frozen):
    """A checklist step as written in the data (see :class:`~companion.engine.setup.Step`)."""

    id: StepId
    module: SetupId | None = None
    text: Text
    note: Text | None = None
    when: tuple[Condition, ...] = ()
    takes: tuple[ComponentSpec, ...] = ()
    per_seat: PerSeat | None = None
    rulings: tuple[Id, ...] = ()
    house_rule: StepHouseRule | None = None
    source: Source
    also: tuple[Source, ...] = ()


_TABLES: Mapping[str, type[BaseModel]] = {
    "quantity": Quantity,
    "module": Module,
    "relation": Relation,
    "card_kind": CardKind,
    "card": Card,
    "townsfolk_set": TownsfolkSet,
    "step": StepSpec,
}


@dataclass(frozen=True)
class GameSetup:
    """Everything the setup data says about one game, cross-checked."""

    game: str
    quantities: tuple[Quantity, ...]
    modules: tuple[Module, ...]
    relations: tuple[Relation, ...]
    card_kinds: tuple[CardKind, ...]
    cards: tuple[Card, ...]
    townsfolk_sets: tuple[TownsfolkSet, ...]
    steps: tuple[StepSpec, ...]
    files: tuple[str, ...]

    def __repr__(self) -> str:
        return (
            f"GameSetup({self.game!r}, {len(self.modules)} modules, "
            f"{len(self.relations)} relations, {len(self.cards)} cards, {len(self.steps)} steps)"
        )

    def module(self, module_id: str) -> Module:
        for module in self.modules:
            if module.id == module_id:
                return module
        raise KeyError(module_id)

    def card_kind(self, kind: str) -> CardKind:
        for card_kind in self.card_kinds:
            if card_kind.id == kind:
                return card_kind
        raise KeyError(kind)


@dataclass(frozen=True)
class SetupData:
    """The setup data of every game, and the catalogue it was checked against."""

    games: Mapping[str, GameSetup]
    catalogue: Catalogue

    def __repr__(self) -> str:
        return f"SetupData(games={sorted(self.games)!r})"

    @cached_property
    def rulings(self) -> dict[str, Ruling]:
        """Every ruling of the catalogue by id."""
        return {ruling.id: ruling for ruling in self.catalogue.rulings}


@dataclass
class _Entry:
    """Where a validated entry came from, for error messages."""

    path: Path
    table: str
    index: int
    spec: Any

    @property
    def where(self) -> str:
        label = f"{self.table}[{self.index}]"
        ident = getattr(self.spec, "id", None) or getattr(self.spec, "name", None)
        if ident is None and isinstance(self.spec, Relation):
            ident = f"{self.spec.kind} {self.spec.module or ','.join(self.spec.group)}"
        if isinstance(ident, str):
            label += f" ({ident!r})"
        return f"{display_path(self.path)}: {label}"

    def fail(self, field: str, message: str) -> DataFileError:
        return DataFileError(f"{self.where}: field {field!r}: {message}")


def load_setup(directory: Path | None = None) -> SetupData:
    """Load every ``setup/<game>.toml`` under ``directory`` (default: the data directory;
    ``setup/rulings.toml`` is the catalogue's, see :func:`companion.rules.ruling_files`).

    The rulings and books come from the same directory's catalogue, so a test can point this
    at a copy of ``data/`` with one file broken.
    """
    root = directory or data_dir()
    cat = catalogue() if directory is None else load_catalogue(root)
    files = sorted(p for p in (root / "setup").glob("*.toml") if p.name != RULINGS_FILE)
    if not files:
        raise DataFileError(f"{display_path(root / 'setup')}: no setup files")
    by_game: dict[str, dict[str, list[_Entry]]] = {}
    paths: dict[str, list[str]] = {}
    game_ids = {g.id for g in cat.games}
    for path in files:
        document = read_toml(path)
        game = document.get("game")
        if not isinstance(game, str) or game not in game_ids or game == OTHER_GAME_ID:
            raise DataFileError(
                f"{display_path(path)}: field 'game': expected a game id of the catalogue, "
                f"got {game!r}"
            )
        unknown = sorted(set(document) - set(_TABLES) - {"game"})
        if unknown:
            raise DataFileError(
                f"{display_path(path)}: unknown table(s) {unknown!r}; expected {sorted(_TABLES)!r}"
            )
        tables = by_game.setdefault(game, {name: [] for name in _TABLES})
        paths.setdefault(game, []).append(display_path(path))
        for table, model in _TABLES.items():
            specs = load_entries(path, table, model, document=document, unique=None, required=False)
            tables[table].extend(_Entry(path, table, i, spec) for i, spec in enumerate(specs))
    games = {
        game: _cross_check(game, tables, cat, tuple(paths[game]))
        for game, tables in by_game.items()
    }
    _check_unique_steps(by_game)
    return SetupData(games=games, catalogue=cat)


@lru_cache(maxsize=1)
def setup_data() -> SetupData:
    """The setup data of the default data directory, loaded and checked once."""
    return load_setup()


def _unique(entries: Iterable[_Entry], field: str) -> None:
    seen: dict[str, _Entry] = {}
    for entry in entries:
        value = getattr(entry.spec, field)
        if value in seen:
            raise entry.fail(field, f"{value!r} repeats {seen[value].where}")
        seen[value] = entry


def _check_unique_steps(by_game: Mapping[str, Mapping[str, list[_Entry]]]) -> None:
    # Progress is saved by step id, so an id must never mean two steps, even across games.
    _unique((e for tables in by_game.values() for e in tables["step"]), "id")


def _cross_check(
    game: str, tables: Mapping[str, list[_Entry]], cat: Catalogue, files: tuple[str, ...]
) -> GameSetup:
    rulings = {r.id: r for r in cat.rulings}
    for field, table in (
        ("name", "quantity"),
        ("id", "module"),
        ("id", "card_kind"),
        ("id", "card"),
        ("id", "townsfolk_set"),
    ):
        _unique(tables[table], field)

    module_ids = {e.spec.id for e in tables["module"]}
    card_ids = {e.spec.id for e in tables["card"]}
    kind_ids = {e.spec.id for e in tables["card_kind"]}
    townsfolk_ids = {e.spec.id for e in tables["townsfolk_set"]}

    def check_sources(entry: _Entry) -> None:
        for field, source in _sources_of(entry.spec):
            if source.book not in cat.books:
                raise entry.fail(f"{field}.book", f"unknown book {source.book!r}")

    def check_ruling(entry: _Entry, field: str, ruling_id: str | None, *, alt: bool) -> None:
        if ruling_id is None:
            return
        ruling = rulings.get(ruling_id)
        if ruling is None:
            raise entry.fail(field, f"unknown ruling {ruling_id!r}")
        if alt and not ruling.has_house_rule:
            raise entry.fail(field, f"ruling {ruling_id!r} has no alternative reading")

    def check_modules(entry: _Entry, field: str, ids: Iterable[str]) -> None:
        for module_id in ids:
            if module_id not in module_ids:
                raise entry.fail(field, f"unknown module {module_id!r}")

    # Quantities: names defined before use, only 'players' and earlier quantities.
    known: set[str] = {PLAYERS}
    uses_players: dict[str, bool] = {PLAYERS: True}
    for entry in tables["quantity"]:
        q: Quantity = entry.spec
        check_sources(entry)
        needs_players = False
        for field, amount in (
            ("value", q.value),
            ("house_rule.value", q.house_rule.value if q.house_rule else None),
        ):
            if amount is None:
                continue
            for name in sorted(parse(amount).names):
                if name not in known:
                    raise entry.fail(field, f"unknown name {name!r} (define it above)")
                needs_players = needs_players or uses_players[name]
        if q.house_rule is not None:
            check_ruling(entry, "house_rule.ruling", q.house_rule.ruling, alt=True)
        known.add(q.name)
        uses_players[q.name] = needs_players

    def check_amount(entry: _Entry, field: str, amount: int | str | None, *, fixed: bool) -> None:
        if amount is None:
            return
        for name in sorted(parse(amount).names):
            if name not in known:
                raise entry.fail(field, f"unknown quantity {name!r}")
            if fixed and uses_players[name]:
                raise entry.fail(
                    field, f"{name!r} depends on the player count; a fixed number is needed"
                )

    for entry in tables["module"]:
        check_sources(entry)
        for i, component in enumerate(entry.spec.components):
            check_amount(entry, f"components.{i}.count", component.count, fixed=True)

    for entry in tables["relation"]:
        rel: Relation = entry.spec
        check_sources(entry)
        check_modules(entry, "module", [rel.module] if rel.module else [])
        check_modules(entry, "targets", rel.targets)
        check_modules(entry, "group", rel.group)
        check_ruling(entry, "ruling", rel.ruling, alt=rel.applies_with == "alternative")
        if rel.kind == "max_players":
            check_amount(entry, "in_box", rel.in_box, fixed=True)
            check_amount(entry, "per_player", rel.per_player, fixed=True)
        for field, text in (("message", rel.message), ("reason", rel.reason)):
            # A relation's words may quote fixed numbers of the game ({festival_hall}).
            for name in _placeholders(entry, field, text or ""):
                if name not in known or uses_players[name]:
                    raise entry.fail(
                        field, f"{{{name}}} is not a quantity that stays the same for any table"
                    )

    for entry in tables["card_kind"]:
        check_sources(entry)
        check_modules(entry, "module", [entry.spec.module] if entry.spec.module else [])

    for entry in tables["townsfolk_set"]:
        check_sources(entry)
        check_modules(entry, "module", [entry.spec.module] if entry.spec.module else [])

    for entry in tables["card"]:
        card: Card = entry.spec
        check_sources(entry)
        if card.kind not in kind_ids:
            raise entry.fail("kind", f"no card_kind {card.kind!r} in this game's data")
        check_modules(entry, "requires", card.requires)
        check_ruling(entry, "ruling", card.ruling, alt=False)
        for ref in card.recommended_townsfolk:
            if ref != UNKNOWN and ref not in townsfolk_ids:
                raise entry.fail("recommended_townsfolk", f"unknown Townsfolk set {ref!r}")

    for entry in tables["step"]:
        step: StepSpec = entry.spec
        check_sources(entry)
        check_modules(entry, "module", [step.module] if step.module else [])
        for i, cond in enumerate(step.when):
            check_modules(entry, f"when.{i}.modules", cond.modules)
            check_modules(entry, f"when.{i}.absent", cond.absent)
            for card_id in cond.cards:
                if card_id not in card_ids:
                    raise entry.fail(f"when.{i}.cards", f"unknown card {card_id!r}")
            for kind in cond.card_kinds + cond.no_card_kinds:
                if kind not in kind_ids:
                    raise entry.fail(f"when.{i}", f"no card_kind {kind!r} in this game's data")
        for i, component in enumerate(step.takes):
            check_amount(entry, f"takes.{i}.count", component.count, fixed=False)
        for ruling_id in step.rulings:
            check_ruling(entry, "rulings", ruling_id, alt=False)
        if step.house_rule is not None:
            check_ruling(entry, "house_rule.ruling", step.house_rule.ruling, alt=True)
        texts = [("text", step.text), ("note", step.note)]
        if step.house_rule is not None:
            texts += [
                ("house_rule.text", step.house_rule.text),
                ("house_rule.note", step.house_rule.note),
            ]
        for field, text in texts:
            if text is not None:
                _check_template(entry, field, text, known, step, kind_ids)

    return GameSetup(
        game=game,
        quantities=tuple(e.spec for e in tables["quantity"]),
        modules=tuple(e.spec for e in tables["module"]),
        relations=tuple(e.spec for e in tables["relation"]),
        card_kinds=tuple(e.spec for e in tables["card_kind"]),
        cards=tuple(e.spec for e in tables["card"]),
        townsfolk_sets=tuple(e.spec for e in tables["townsfolk_set"]),
        steps=tuple(e.spec for e in tables["step"]),
        files=files,
    )


def _placeholders(entry: _Entry, field: str, text: str) -> list[str]:
    """The ``{names}`` in ``text``; anything fancier than a plain name is refused."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise entry.fail(field, f"bad placeholder: {exc}") from None
    names = []
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            raise entry.fail(field, f"placeholder {{{name}}} must be a plain name")
        names.append(name)
    return names


def _check_template(
    entry: _Entry, field: str, text: str, known: set[str], step: StepSpec, kinds: set[str]
) -> None:
    for name in _placeholders(entry, field, text):
        if name == PER_SEAT_PLACEHOLDER:
            if step.per_seat is None:
                raise entry.fail(field, "{per_seat} needs a 'per_seat' table on the step")
            continue
        if name in known:
            continue
        card_field = CARD_PLACEHOLDERS.get(name)
        if card_field is None:
            raise entry.fail(field, f"unknown placeholder {{{name}}}")
        kind, _, needs_card = card_field
        if kind not in kinds:
            raise entry.fail(field, f"{{{name}}} needs card kind {kind!r} in this game's data")
        # A placeholder that shows a chosen card's numbers only makes sense on a step that
        # appears only when such a card is chosen.
        if needs_card and (not step.when or any(kind not in c.card_kinds for c in step.when)):
            raise entry.fail(
                field, f"{{{name}}} needs every 'when' condition to include card_kinds = [{kind!r}]"
            )


def _sources_of(spec: BaseModel) -> list[tuple[str, Source]]:
    found: list[tuple[str, Source]] = []
    for name in type(spec).model_fields:
        value = getattr(spec, name)
        if isinstance(value, Source):
            found.append((name, value))
        elif isinstance(value, BaseModel):
            found.extend((f"{name}.{sub}", s) for sub, s in _sources_of(value))
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if isinstance(item, Source):
                    found.append((f"{name}.{i}", item))
    return found
