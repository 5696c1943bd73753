"""One setup table: what the players chose and how far their checklist got, as a game value.

A :class:`SetupGame` holds the choice (the game, the player count, Master Craft's modules
and The Entertainer, the chosen cards, Surprise me's marks, size and seed, the last draw),
the house rules it follows and the ticked steps, each kept by step id with a short digest
of the step's words (so a step whose numbers changed after it was ticked asks to be checked
again). It is immutable; ``apply`` takes one action of
:mod:`companion.engine.setup.actions`, verifies it first (raising a
:class:`~companion.engine.setup.SetupError` and changing nothing when it is not allowed) and
returns the new game with a :class:`~companion.engine.setup.records.Record` of what happened.
:data:`~companion.engine.setup.table.TABLE_RULES` puts it on the shared table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar, Final

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole, whole
from companion.engine.core.words import spoken
from companion.engine.setup.actions import PICKED_KINDS, SetupAction
from companion.engine.setup.check import Finding, Fix, check_modules, module_ids
from companion.engine.setup.checklist import Step, player_range, setup_checklist, setup_games
from companion.engine.setup.errors import (
    CardChoiceError,
    PlayerCountError,
    SaveDataError,
    SeedError,
    SetupError,
    UnknownCardError,
    UnknownGameError,
    UnknownModuleError,
)
from companion.engine.setup.facts import setup_data
from companion.engine.setup.house import current, setup_house_rules
from companion.engine.setup.records import SAVE, Draw, Progress, Record
from companion.engine.setup.surprise import surprise_card, surprise_modules
from companion.engine.setup.words import COVE, Pin, card_name, cove_card, game_name, module_name

MAX_SEED_DIGITS: Final = 12  # long enough for any seed a person reads out; short to type
_FIELDS: Final = frozenset(
    {
        "format",
        "version",
        "game",
        "players",
        "modules",
        "pinned",
        "banned",
        "cards",
        "seed",
        "size",
        "ticks",
        "draw",
        "house_rules",
    }
)


def parse_seed(text: str) -> int:
    """The seed typed in the seed field; raises :class:`SeedError` naming the text."""
    cleaned = (text or "").strip()
    if not cleaned.isdigit() or not cleaned.isascii():
        raise SeedError(f"seed {text!r} must be a whole number of digits")
    if len(cleaned) > MAX_SEED_DIGITS:
        raise SeedError(f"seed {text!r} is longer than {MAX_SEED_DIGITS} digits")
    return int(cleaned)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number of at most 12 digits, else :class:`SeedError`."""
    seed = whole(seed, "seed", SeedError)
    if not 0 <= seed < 10**MAX_SEED_DIGITS:
        raise SeedError(f"seed {seed!r} must have at most {MAX_SEED_DIGITS} digits")
    return seed


def digest(step: Step) -> str:
    """A short fingerprint of what a step asks, to notice when it changed after a tick."""
    return hashlib.sha1(step.text.encode("utf-8")).hexdigest()[:10]


@lru_cache(maxsize=512)
def _steps(
    game: str,
    modules: frozenset[str],
    players: int,
    cards: frozenset[str],
    house_rules: frozenset[str],
) -> tuple[Step, ...]:
    return tuple(setup_checklist(game, modules, players, cards=cards, house_rules=house_rules))


@lru_cache(maxsize=512)
def _findings(
    modules: frozenset[str], players: int, cards: frozenset[str], house_rules: frozenset[str]
) -> tuple[Finding, ...]:
    return tuple(check_modules(modules, players, cards=cards, house_rules=house_rules))


def _card_kinds() -> dict[str, Any]:
    return {k.id: k for k in setup_data().games[COVE].card_kinds}


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class SetupGame(saves.SavedGame):
    """What the players chose and how far they got (see the module docstring).

    The Merchants Cove choices (modules, cards, marks) are kept while another game is
    chosen, so switching to Mercante and back loses nothing. The transition methods
    (``with_modules``, ``tick``...) return a new game and raise before anything changes
    when the change is impossible; ``apply`` is the same through an action, logged.
    """

    action_type: ClassVar[type[saves.Action]] = SetupAction
    error: ClassVar[type[ValueError]] = SetupError

    game: str = COVE
    players: int = 4
    modules: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    paladin: str | None = None
    rogue: str | None = None
    beasts: tuple[str, ...] = ()
    seed: int = 0
    size: int | None = None
    ticks: tuple[tuple[str, str], ...] = ()  # (step id, digest of its words when ticked)
    draw: Draw | None = None
    rules: frozenset[str] = frozenset()
    log: tuple[Record, ...] = field(default=(), repr=False, compare=False)

    def __repr__(self) -> str:
        return (
            f"SetupGame({self.game!r}, players={self.players}, "
            f"modules={sorted(self.modules)!r}, cards={sorted(self.cards)!r}, "
            f"ticked={len(self.ticks)})"
        )

    @classmethod
    def fresh(
        cls,
        *,
        game: str = COVE,
        players: int | None = None,
        seed: int = 0,
        rules: Iterable[str] = (),
    ) -> SetupGame:
        """A new choice: ``game`` with ``players`` when they fit it, else its closest count."""
        if game not in setup_games():
            game = COVE
        low, high = player_range(game)
        count = 4 if players is None else players
        return cls(
            game=game,
            players=min(max(count, low), high),
            seed=check_seed(seed),
            rules=current(rules) & setup_house_rules(),
        )

    # -- what the engine sees ---------------------------------------------------------------
    @property
    def has_modules(self) -> bool:
        return self.game == COVE

    @property
    def active_modules(self) -> frozenset[str]:
        return self.modules if self.has_modules else frozenset()

    @property
    def cards(self) -> frozenset[str]:
        chosen = {c for c in (self.paladin, self.rogue) if c}
        return frozenset(chosen | set(self.beasts))

    @property
    def active_cards(self) -> frozenset[str]:
        return self.cards if self.has_modules else frozenset()

    def picked(self, kind: str) -> str | None:
        """The chosen Paladin card or Rogue card."""
        return self.paladin if kind == "paladin" else self.rogue

    def findings(self) -> list[Finding]:
        """What the check says about the choice (nothing for games without modules)."""
        if not self.has_modules:
            return []
        return list(_findings(self.modules, self.players, self.cards, self.rules))

    def steps(self) -> list[Step]:
        """The checklist for the choice, in order."""
        return list(self._steps)

    @cached_property
    def _steps(self) -> tuple[Step, ...]:
        return _steps(self.game, self.active_modules, self.players, self.active_cards, self.rules)

    def step(self, step_id: str) -> Step | None:
        """The checklist step with this id, or None when the checklist has none."""
        return next((s for s in self._steps if s.id == step_id), None)

    def step_number(self, step_id: str) -> int | None:
        return next((i for i, s in enumerate(self._steps, start=1) if s.id == step_id), None)

    def step_name(self, step_id: str) -> str:
        """``step 3 (Faction Festival)``: how a message names a step."""
        number = self.step_number(step_id)
        step = self.step(step_id)
        if number is None or step is None:
            return f"step {step_id!r}"
        where = game_name(self.game) if step.module is None else module_name(step.module)
        return f"step {number} ({where})"

    def step_key(self, step_id: str) -> str | None:
        """What a tick of ``step_id`` depends on: the step's words now (None when it is not
        on the checklist). Whether it is ticked is the tick's own business: a step someone
        else ticked meanwhile is refused by :meth:`apply` as already done, saying so."""
        step = self.step(step_id)
        return None if step is None else digest(step)

    # -- ticks ------------------------------------------------------------------------------
    @property
    def ticked(self) -> dict[str, str]:
        return dict(self.ticks)

    def is_ticked(self, step_id: str) -> bool:
        return step_id in self.ticked

    def changed_since_tick(self, step: Step) -> bool:
        saved = self.ticked.get(step.id)
        return saved is not None and saved != digest(step)

    def confirmed(self, step: Step) -> bool:
        """Ticked, and the step still says what it said when it was ticked."""
        return self.ticked.get(step.id) == digest(step)

    def progress(self, steps: Iterable[Step] | None = None) -> Progress:
        items = list(self._steps if steps is None else steps)
        ticked = self.ticked
        changed = tuple(s.id for s in items if s.id in ticked and ticked[s.id] != digest(s))
        done = [s for s in items if s.id in ticked and s.id not in changed]
        upcoming = next((s for s in items if s.id not in ticked or s.id in changed), None)
        return Progress(len(done), len(items), upcoming, changed)

    @property
    def is_over(self) -> bool:
        """Every step of the checklist is done."""
        return self.progress().finished

    def tick(self, step: Step, on: bool = True) -> SetupGame:
        ticked = self.ticked
        if on:
            ticked[step.id] = digest(step)
        else:
            ticked.pop(step.id, None)
        return replace(self, ticks=tuple(sorted(ticked.items())))

    def reset_ticks(self) -> SetupGame:
        return replace(self, ticks=())

    # -- changing the choice ----------------------------------------------------------------
    def _rechoose(self, **changes: Any) -> SetupGame:
        """The game with ``changes``; ticks of steps that no longer exist are dropped, the
        ticks of every step that is still there stay (kept by step id)."""
        new = replace(self, **changes)
        steps = new._steps  # an impossible choice raises here, before anything changes
        if not self.ticks:
            return new
        ids = {s.id for s in steps}
        kept = tuple((i, d) for i, d in self.ticks if i in ids)
        return new if kept == new.ticks else replace(new, ticks=kept)

    def with_game(self, game: str) -> SetupGame:
        low, high = player_range(game)  # an unknown game raises UnknownGameError
        players = min(max(self.players, low), high)
        return self._rechoose(game=game, players=players)

    def with_players(self, players: int) -> SetupGame:
        low, high = player_range(self.game)
        if not is_whole(players) or not low <= players <= high:
            raise PlayerCountError(
                f"{game_name(self.game)} is for {low} to {high} players, not {players}"
            )
        return self._rechoose(players=players)

    def with_modules(self, modules: Iterable[str]) -> SetupGame:
        chosen = frozenset(modules)
        unknown = sorted(chosen - set(module_ids()), key=repr)
        if unknown:
            raise UnknownModuleError(f"unknown module {unknown[0]!r}")
        return self._rechoose(modules=chosen)

    def set_module(self, module_id: str, on: bool) -> SetupGame:
        return self.with_modules(self.modules | {module_id} if on else self.modules - {module_id})

    def toggle_module(self, module_id: str) -> SetupGame:
        return self.set_module(module_id, module_id not in self.modules)

    def clear_choice(self) -> SetupGame:
        """Back to the base game: no modules, no cards (pins and the seed stay)."""
        return self._rechoose(modules=frozenset(), paladin=None, rogue=None, beasts=(), draw=None)

    def apply_fix(self, fix: Fix) -> SetupGame:
        """Apply a finding's one-tap fix: modules on or off, chosen cards dropped."""
        return self.fixed(fix.add, fix.remove, fix.drop_cards)

    def fixed(self, add: frozenset[str], remove: frozenset[str], drop: frozenset[str]) -> SetupGame:
        unknown = sorted((add | remove) - set(module_ids()), key=repr)
        if unknown:
            raise UnknownModuleError(f"unknown module {unknown[0]!r}")
        kept = self.cards - drop
        return self._rechoose(
            modules=(self.modules - remove) | add,
            paladin=self.paladin if self.paladin in kept else None,
            rogue=self.rogue if self.rogue in kept else None,
            beasts=tuple(b for b in self.beasts if b in kept),
        )

    def with_card(self, kind: str, card_id: str | None) -> SetupGame:
        """Choose the Paladin card or Rogue card (``None``: none chosen)."""
        if kind not in PICKED_KINDS:
            raise UnknownCardError(f"{spoken(str(kind))} cards are not picked here")
        if card_id is not None and cove_card(card_id).kind != kind:
            raise UnknownCardError(f"{card_name(card_id)} is not a {kind.capitalize()} card")
        return self._rechoose(**{kind: card_id})

    def set_beast(self, card_id: str, on: bool) -> SetupGame:
        """Put a Beast in the deck (``on``) or take it out; a deck holds at most three."""
        if cove_card(card_id).kind != "beast":
            raise UnknownCardError(f"{card_name(card_id)} is not a Beast of the Bay")
        if not on:
            return self._rechoose(beasts=tuple(b for b in self.beasts if b != card_id))
        if card_id in self.beasts:
            return self
        most = _card_kinds()["beast"].max_chosen
        if len(self.beasts) >= most:
            raise CardChoiceError(
                f"a Beasts deck holds {most} cards: take one out before adding "
                f"{cove_card(card_id).name} ({card_id!r})"
            )
        return self._rechoose(beasts=(*self.beasts, card_id))

    def toggle_beast(self, card_id: str) -> SetupGame:
        return self.set_beast(card_id, card_id not in self.beasts)

    # -- Surprise me ------------------------------------------------------------------------
    def pin(self, module_id: str, mode: Pin | None) -> SetupGame:
        """Keep a module in every surprise draw, never draw it, or leave it to chance."""
        if module_id not in module_ids():
            raise UnknownModuleError(f"unknown module {module_id!r}")
        if mode not in (None, "keep", "never"):
            raise SetupError(
                "a module is kept in every draw, never drawn or left to chance, "
                f"not {spoken(str(mode))}"
            )
        pinned = self.pinned - {module_id}
        banned = self.banned - {module_id}
        if mode == "keep":
            pinned |= {module_id}
        elif mode == "never":
            banned |= {module_id}
        return replace(self, pinned=pinned, banned=banned)

    def pin_of(self, module_id: str) -> Pin | None:
        if module_id in self.pinned:
            return "keep"
        if module_id in self.banned:
            return "never"
        return None

    def clear_pins(self) -> SetupGame:
        return replace(self, pinned=frozenset(), banned=frozenset())

    def with_seed(self, seed: int) -> SetupGame:
        return replace(self, seed=check_seed(seed))

    def with_seed_text(self, text: str) -> SetupGame:
        return self.with_seed(parse_seed(text))

    def with_size(self, size: int | None) -> SetupGame:
        count = len(module_ids())
        if size is not None and (not is_whole(size) or not 1 <= size <= count):
            raise SetupError(f"a draw takes 1 to {count} modules, not {size}")
        return replace(self, size=size)

    def surprise(self) -> SetupGame:
        """Draw a legal combination with the game's seed (and a Paladin card if the Paladins
        came out). Raises :class:`~companion.engine.setup.NoLegalCombinationError` when the
        size, pins and bans leave nothing legal; nothing changes then."""
        modules = surprise_modules(
            self.seed,
            size=self.size,
            pinned=self.pinned,
            banned=self.banned,
            players=self.players,
            house_rules=self.rules,
        )
        paladin = None
        if "paladins" in modules:
            paladin = surprise_card(self.seed, "paladin", modules, house_rules=self.rules).id
        beasts = self.beasts if "beasts_of_the_bay" in modules else ()
        record = Draw(
            "modules",
            self.seed,
            self.players,
            modules,
            self.size,
            self.pinned,
            self.banned,
            paladin,
        )
        return self._rechoose(
            game=COVE, modules=modules, paladin=paladin, beasts=beasts, draw=record
        )

    def draw_card(self, kind: str) -> SetupGame:
        """A Paladin card or Rogue card legal with the chosen modules, from the game's seed."""
        card = surprise_card(self.seed, kind, self.modules, house_rules=self.rules)
        record = Draw(
            "paladin" if kind == "paladin" else "rogue",
            self.seed,
            self.players,
            self.modules,
            card=card.id,
        )
        return replace(self.with_card(kind, card.id), draw=record)

    @property
    def draw_is_current(self) -> bool:
        """Whether the choice still is what the last draw gave."""
        draw = self.draw
        if draw is None or self.game != COVE:
            return False
        if draw.kind == "modules":
            return self.modules == draw.modules and self.paladin == draw.card
        return self.picked(draw.kind) == draw.card

    # -- house rules ------------------------------------------------------------------------
    def with_rules(self, rules: Iterable[str]) -> SetupGame:
        """The game under the house rules whose ruling ids are ``rules`` (those no setup check
        or step reads are left out); ticked steps whose words change ask to be checked again."""
        return self._rechoose(rules=current(rules) & setup_house_rules())

    # -- saved form -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game's saved form (the choice and the ticks; the log is the table's)."""
        return {
            **SAVE.header(),
            "game": self.game,
            "players": self.players,
            "modules": sorted(self.modules),
            "pinned": sorted(self.pinned),
            "banned": sorted(self.banned),
            "cards": {"paladin": self.paladin, "rogue": self.rogue, "beasts": list(self.beasts)},
            "seed": self.seed,
            "size": self.size,
            "ticks": dict(self.ticks),
            "draw": self.draw.to_dict() if self.draw else None,
            "house_rules": sorted(self.rules),
        }

    @classmethod
    def from_dict(cls, data: object) -> SetupGame:
        """A game back from :meth:`to_dict`; raises a :class:`SetupError` naming the field
        (:class:`SaveDataError`, or the error for an id the data does not know)."""
        saved = SAVE.check_header(data)
        SAVE.known(saved, "", _FIELDS)
        game = saved.get("game")
        if not isinstance(game, str) or game not in setup_games():
            raise UnknownGameError(f"the app has no setup checklist for {spoken(str(game))}")
        cards = SAVE.mapping(saved.get("cards", {}), "cards")
        SAVE.known(cards, "cards", {"paladin", "rogue", "beasts"})
        ids, card = frozenset[str], str | None
        ticks: dict[str, str] = SAVE.value(dict[str, str], saved.get("ticks", {}), "ticks")
        with SAVE.at("draw"):
            draw = None if saved.get("draw") is None else Draw.from_dict(saved["draw"])
        new = cls(
            game=game,
            players=SAVE.value(int, saved.get("players"), "players"),
            modules=SAVE.value(ids, saved.get("modules", []), "modules"),
            pinned=SAVE.value(ids, saved.get("pinned", []), "pinned"),
            banned=SAVE.value(ids, saved.get("banned", []), "banned"),
            paladin=SAVE.value(card, cards.get("paladin"), "cards.paladin"),
            rogue=SAVE.value(card, cards.get("rogue"), "cards.rogue"),
            beasts=SAVE.value(tuple[str, ...], cards.get("beasts", []), "cards.beasts"),
            seed=check_seed(saved.get("seed", 0)),
            size=SAVE.value(int | None, saved.get("size"), "size"),
            ticks=tuple(sorted(ticks.items())),
            draw=draw,
            rules=current(SAVE.value(ids, saved.get("house_rules", []), "house_rules")),
        )
        new.check()
        return new

    def check(self) -> None:
        """Raise the first thing wrong with this choice (an unknown id, a player count
        outside the game's range, a card of the wrong kind, overlapping marks)."""
        low, high = player_range(self.game)
        if not low <= self.players <= high:
            raise PlayerCountError(
                f"{game_name(self.game)} is for {low} to {high} players, not {self.players}"
            )
        known = set(module_ids())
        for what, ids in (("modules", self.modules), ("pinned", self.pinned)):
            for module_id in sorted(ids - known, key=repr):
                raise UnknownModuleError(f"{what}: unknown module {module_id!r}")
        for module_id in sorted(self.banned - known, key=repr):
            raise UnknownModuleError(f"banned: unknown module {module_id!r}")
        if self.pinned & self.banned:
            raise SaveDataError(f"modules {sorted(self.pinned & self.banned)!r} pinned and banned")
        for kind in PICKED_KINDS:
            card_id = self.picked(kind)
            if card_id is not None and cove_card(card_id).kind != kind:
                raise UnknownCardError(f"{card_name(card_id)} is not a {kind.capitalize()} card")
        for beast in self.beasts:
            if cove_card(beast).kind != "beast":
                raise UnknownCardError(f"{card_name(beast)} is not a Beast of the Bay")
        if len(set(self.beasts)) != len(self.beasts):
            raise SaveDataError(f"beasts {list(self.beasts)!r} repeat a card")
        if self.size is not None:
            self.with_size(self.size)
        unknown = sorted(self.rules - setup_house_rules(), key=repr)
        if unknown:
            raise SaveDataError(f"house rule {unknown[0]!r} is not one a setup table follows")
        self._steps  # noqa: B018 (a choice with no checklist raises here)


__all__ = [
    "MAX_SEED_DIGITS",
    "SetupGame",
    "check_seed",
    "digest",
    "parse_seed",
]
