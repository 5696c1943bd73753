"""Setup › Setup assistant as plain state: the choice, the "Surprise me" draw, checklist ticks.

Everything here is immutable and free of flet, so the screen's behaviour is tested without a
page. The rules themselves live in :mod:`companion.engine.setup`; this module only remembers
what the players chose and asks the engine about it.

Saved under :data:`SETUP_KEY` in the settings table after every change, so a table that closes
the app mid-setup finds its choice and its ticks again. Ticks are kept by step id together
with a short digest of the step's words, so a step whose numbers changed after it was ticked
(the player count went up, a house rule was switched) can say "check this again".
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.engine import setup as engine
from companion.engine.setup import Finding, Fix, Step
from companion.engine.table import new_seed
from companion.rules import Catalogue, Ruling
from companion.ui.logic.words import plural

SETUP_KEY = "setup_assistant"
FORMAT = 1
COVE = engine.MODULES_GAME
MAX_SEED_DIGITS = 12  # long enough for any seed a person reads out; short enough to type
DrawKind = Literal["modules", "paladin", "rogue"]
Pin = Literal["keep", "never"]


class SeedError(ValueError):
    """A seed typed by a player that is not a whole number of at most 12 digits."""


def parse_seed(text: str) -> int:
    """The seed typed in the seed field; raises :class:`SeedError` naming the text."""
    cleaned = (text or "").strip()
    if not cleaned.isdigit() or not cleaned.isascii():
        raise SeedError(f"seed {text!r} must be a whole number of digits")
    if len(cleaned) > MAX_SEED_DIGITS:
        raise SeedError(f"seed {text!r} is longer than {MAX_SEED_DIGITS} digits")
    return int(cleaned)


def digest(step: Step) -> str:
    """A short fingerprint of what a step asks, to notice when it changed after a tick."""
    return hashlib.sha1(step.text.encode("utf-8")).hexdigest()[:10]


def valid_house_rules(catalogue: Catalogue, chosen: Iterable[str]) -> frozenset[str]:
    """The chosen house rules the engine can follow: rulings that have an alternative.

    Settings stores ids; one left over from an older data file must not break the screen.
    """
    known = {r.id for r in catalogue.rulings if r.has_house_rule}
    return frozenset(r for r in chosen if r in known)


def sentence(text: str) -> str:
    """``text`` ending in a full stop (some finding messages end on their reason)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?:)" else f"{text}."


def game_name(catalogue: Catalogue, game: str) -> str:
    try:
        return catalogue.game(game).name
    except KeyError:
        return game


BLURB_MAX = 90  # about three lines beside a checkbox on a phone


def _sentences(text: str) -> list[str]:
    parts = [p.strip() for p in text.replace(". ", ".\n").split("\n")]
    return [p for p in parts if p]


def _shorten(sentence_text: str) -> str:
    """A long sentence cut back to its first clause, when that clause says enough."""
    if len(sentence_text) <= BLURB_MAX:
        return sentence_text
    for mark in ("; ", ": "):
        head, found, _ = sentence_text.partition(mark)
        if found and len(head) >= 20:
            return head + "."
    return sentence_text


def module_blurbs(modules: Iterable[Any]) -> dict[str, str]:
    """A short line per module for the list (the full description is one tap away).

    Each module's first sentence, cut back to its first clause when long; when two modules
    open with the same sentence (the two sides of one tile), each gets its first sentence that
    tells it apart instead. Whole sentences or clauses only, never a word cut in half.
    """
    items = [(m.id, _sentences(m.description)) for m in modules]
    firsts: dict[str, int] = {}
    for _, parts in items:
        if parts:
            firsts[parts[0]] = firsts.get(parts[0], 0) + 1
    blurbs: dict[str, str] = {}
    for module_id, parts in items:
        if not parts:
            blurbs[module_id] = ""
            continue
        chosen = parts[0]
        if firsts[chosen] > 1:
            chosen = next((p for p in parts[1:] if firsts.get(p, 0) <= 1), chosen)
        blurbs[module_id] = _shorten(chosen)
    return blurbs


# --------------------------------------------------------------------------- draws


@dataclass(frozen=True)
class Draw:
    """The last "Surprise me" draw: what was asked and what came out, so it can be replayed."""

    kind: DrawKind
    seed: int
    players: int
    modules: frozenset[str]
    size: int | None = None
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    card: str | None = None

    def __repr__(self) -> str:
        return f"Draw({self.kind!r}, seed={self.seed}, modules={sorted(self.modules)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seed": self.seed,
            "players": self.players,
            "modules": sorted(self.modules),
            "size": self.size,
            "pinned": sorted(self.pinned),
            "banned": sorted(self.banned),
            "card": self.card,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Draw:
        kind = data["kind"]
        if kind not in ("modules", "paladin", "rogue"):
            raise ValueError(f"draw kind {kind!r}")
        size = data.get("size")
        card = data.get("card")
        if size is not None and not _is_int(size):
            raise TypeError(f"draw size {size!r}")
        if card is not None and not isinstance(card, str):
            raise TypeError(f"draw card {card!r}")
        if card is not None:
            engine.card(card)  # an unknown card raises UnknownCardError (a ValueError)
        modules = _ids(data.get("modules", []))
        engine.check_modules(modules, 1)  # an unknown module raises UnknownModuleError
        return cls(
            kind=kind,
            seed=_int(data["seed"]),
            players=_int(data["players"]),
            modules=modules,
            size=size,
            pinned=_ids(data.get("pinned", [])),
            banned=_ids(data.get("banned", [])),
            card=card,
        )

    def describe(self) -> str:
        """``Drawn with seed 482913: 4 modules for 4 players, any number...``."""
        if self.kind != "modules":
            what = "Paladin card" if self.kind == "paladin" else "Rogue card"
            name = engine.card(self.card).name if self.card else "no card"
            with_modules = plural(len(self.modules), "module") if self.modules else "no modules"
            return (
                f"{name} drawn with seed {self.seed} among the {what}s legal with "
                f"{with_modules}. The same seed and modules draw the same card."
            )
        labels = {m.id: m.name for m in engine.modules()}
        asked = ["any number" if self.size is None else f"exactly {self.size}"]
        if self.pinned:
            asked.append("keeping " + ", ".join(labels[m] for m in _ordered(self.pinned)))
        if self.banned:
            asked.append("never " + ", ".join(labels[m] for m in _ordered(self.banned)))
        card = f", and {engine.card(self.card).name} as Paladin card" if self.card else ""
        return (
            f"Drawn with seed {self.seed}: {plural(len(self.modules), 'module')} for "
            f"{self.players} players ({'; '.join(asked)}){card}. The same seed and choices "
            "give the same draw on any phone."
        )


# --------------------------------------------------------------------------- views of rulings


@dataclass(frozen=True)
class RulingNote:
    """How a ruling is being read right now, for a finding or a step."""

    ruling_id: str
    topic: str
    in_use: str  # "The app's reading" or "Your house rule"
    text: str
    switch_to: str | None  # what Settings would switch to, when there is another reading

    def __repr__(self) -> str:
        return f"RulingNote({self.ruling_id!r}, {self.in_use!r})"


def ruling_note(ruling: Ruling, house_rules: Collection[str]) -> RulingNote:
    on = ruling.has_house_rule and ruling.id in house_rules
    if on:
        assert ruling.alternative is not None
        return RulingNote(
            ruling.id, ruling.topic, "Your house rule", ruling.alternative, "the app's reading"
        )
    return RulingNote(
        ruling.id,
        ruling.topic,
        "The app's reading",
        ruling.reading,
        ruling.house_rule_label if ruling.has_house_rule else None,
    )


def ruling_notes(
    catalogue: Catalogue, ruling_ids: Iterable[str | None], house_rules: Collection[str]
) -> list[RulingNote]:
    notes = []
    for ruling_id in dict.fromkeys(r for r in ruling_ids if r):
        try:
            notes.append(ruling_note(catalogue.ruling(ruling_id), house_rules))
        except KeyError:
            continue  # a ruling the catalogue no longer has: nothing true to say about it
    return notes


# --------------------------------------------------------------------------- findings summary


@dataclass(frozen=True)
class Status:
    """One line for the top of the screen: how the choice stands."""

    level: Literal["error", "warning", "ok"]
    headline: str


def status(findings: Iterable[Finding]) -> Status:
    items = list(findings)
    errors = sum(1 for f in items if f.level == "error")
    warnings = sum(1 for f in items if f.level == "warning")
    if errors:
        return Status("error", f"{plural(errors, 'problem')} to fix")
    if warnings:
        return Status("warning", f"Legal, with {plural(warnings, 'suggestion')}")
    return Status("ok", "Legal combination")


def flagged_modules(findings: Iterable[Finding], chosen: Collection[str]) -> dict[str, str]:
    """Chosen modules named by an error or warning, with the worst level, for row markers."""
    flags: dict[str, str] = {}
    for finding in findings:
        if finding.level not in ("error", "warning"):
            continue
        for module_id in finding.modules & frozenset(chosen):
            if flags.get(module_id) != "error":
                flags[module_id] = finding.level
    return flags


# --------------------------------------------------------------------------- the state


@dataclass(frozen=True)
class Progress:
    """How far the checklist is. A ticked step whose words changed since (the player count
    went up) is not counted as done: it is ``changed`` and waits to be checked again, and it
    can be the ``next_step``."""

    done: int
    total: int
    next_step: Step | None
    changed: tuple[str, ...]  # ids of ticked steps whose words changed since the tick

    @property
    def text(self) -> str:
        return f"{self.done} of {self.total} done"

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def finished(self) -> bool:
        return self.total > 0 and self.done == self.total


@dataclass(frozen=True)
class AssistantState:
    """What the players chose and how far they got. Every action returns a new state; an
    action that cannot be done raises before anything changes.

    The Merchants Cove choices (modules, cards, pins) are kept while another game is chosen,
    so switching to Mercante and back loses nothing.
    """

    game: str = COVE
    players: int = 4
    modules: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    paladin: str | None = None
    rogue: str | None = None
    beasts: tuple[str, ...] = ()
    seed: int = field(default_factory=new_seed)
    size: int | None = None
    ticks: tuple[tuple[str, str], ...] = ()  # (step id, digest of its words when ticked)
    draw: Draw | None = None

    def __repr__(self) -> str:
        return (
            f"AssistantState({self.game!r}, players={self.players}, "
            f"modules={sorted(self.modules)!r}, cards={sorted(self.cards)!r}, "
            f"ticked={len(self.ticks)})"
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

    def findings(self, house_rules: Collection[str] = ()) -> list[Finding]:
        """What the engine says about the choice (nothing for games without modules)."""
        if not self.has_modules:
            return []
        return engine.check_modules(
            self.modules, self.players, cards=self.cards, house_rules=house_rules
        )

    def steps(self, house_rules: Collection[str] = ()) -> list[Step]:
        return engine.setup_checklist(
            self.game,
            self.active_modules,
            self.players,
            cards=self.active_cards,
            house_rules=house_rules,
        )

    # -- ticks ------------------------------------------------------------------------------
    @property
    def ticked(self) -> dict[str, str]:
        return dict(self.ticks)

    def is_ticked(self, step_id: str) -> bool:
        return step_id in self.ticked

    def changed_since_tick(self, step: Step) -> bool:
        saved = self.ticked.get(step.id)
        return saved is not None and saved != digest(step)

    def progress(self, steps: Iterable[Step]) -> Progress:
        items = list(steps)
        ticked = self.ticked
        changed = tuple(s.id for s in items if s.id in ticked and ticked[s.id] != digest(s))
        done = [s for s in items if s.id in ticked and s.id not in changed]
        upcoming = next((s for s in items if s.id not in ticked or s.id in changed), None)
        return Progress(len(done), len(items), upcoming, changed)

    def confirmed(self, step: Step) -> bool:
        """Ticked, and the step still says what it said when it was ticked."""
        return self.ticked.get(step.id) == digest(step)

    def tick(self, step: Step, on: bool = True) -> AssistantState:
        ticked = self.ticked
        if on:
            ticked[step.id] = digest(step)
        else:
            ticked.pop(step.id, None)
        return replace(self, ticks=tuple(sorted(ticked.items())))

    def reset_ticks(self) -> AssistantState:
        return replace(self, ticks=())

    # -- changing the choice ----------------------------------------------------------------
    def _rechoose(self, house_rules: Collection[str], **changes: Any) -> AssistantState:
        """The state with ``changes``; ticks of steps that no longer exist are dropped, the
        ticks of every step that is still there stay (kept by step id)."""
        new = replace(self, **changes)
        new.steps(house_rules)  # an impossible choice raises here, before anything changes
        if not self.ticks:
            return new
        ids = {s.id for s in new.steps(house_rules)}
        return replace(new, ticks=tuple((i, d) for i, d in self.ticks if i in ids))

    def with_game(self, game: str, house_rules: Collection[str] = ()) -> AssistantState:
        low, high = engine.player_range(game)  # unknown game raises UnknownGameError
        players = min(max(self.players, low), high)
        return self._rechoose(house_rules, game=game, players=players)

    def with_players(self, players: int, house_rules: Collection[str] = ()) -> AssistantState:
        low, high = engine.player_range(self.game)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise engine.PlayerCountError(
                f"player count {players!r} is outside {self.game!r}'s range of {low} to {high}"
            )
        return self._rechoose(house_rules, players=players)

    def with_modules(
        self, modules: Iterable[str], house_rules: Collection[str] = ()
    ) -> AssistantState:
        chosen = frozenset(modules)
        known = set(engine.module_ids())
        unknown = sorted(chosen - known)
        if unknown:
            raise engine.UnknownModuleError(f"unknown module {unknown[0]!r}")
        return self._rechoose(house_rules, modules=chosen)

    def toggle_module(self, module_id: str, house_rules: Collection[str] = ()) -> AssistantState:
        modules = set(self.modules)
        modules.symmetric_difference_update({module_id})
        return self.with_modules(modules, house_rules)

    def clear_choice(self, house_rules: Collection[str] = ()) -> AssistantState:
        """Back to the base game: no modules, no cards (pins and the seed stay)."""
        return self._rechoose(
            house_rules, modules=frozenset(), paladin=None, rogue=None, beasts=(), draw=None
        )

    def apply_fix(self, fix: Fix, house_rules: Collection[str] = ()) -> AssistantState:
        """Apply a finding's one-tap fix: modules on or off, chosen cards dropped."""
        modules = fix.apply(self.modules)
        kept = fix.apply_cards(self.cards)
        return self._rechoose(
            house_rules,
            modules=modules,
            paladin=self.paladin if self.paladin in kept else None,
            rogue=self.rogue if self.rogue in kept else None,
            beasts=tuple(b for b in self.beasts if b in kept),
        )

    def with_card(
        self, kind: str, card_id: str | None, house_rules: Collection[str] = ()
    ) -> AssistantState:
        """Choose the Paladin card or Rogue card (``None``: none chosen)."""
        if kind not in ("paladin", "rogue"):
            raise engine.UnknownCardError(f"card kind {kind!r} is picked one at a time elsewhere")
        if card_id is not None and engine.card(card_id).kind != kind:
            raise engine.UnknownCardError(f"card {card_id!r} is not a {kind} card")
        return self._rechoose(house_rules, **{kind: card_id})

    def toggle_beast(self, card_id: str, house_rules: Collection[str] = ()) -> AssistantState:
        """Put a Beast in the deck or take it out; a deck holds at most three."""
        if engine.card(card_id).kind != "beast":
            raise engine.UnknownCardError(f"card {card_id!r} is not a Beast of the Bay")
        if card_id in self.beasts:
            beasts = tuple(b for b in self.beasts if b != card_id)
        else:
            most = next(k.max_chosen for k in _card_kinds() if k.id == "beast")
            if len(self.beasts) >= most:
                raise engine.CardChoiceError(
                    f"a Beasts deck holds {most} cards; take one out before adding {card_id!r}"
                )
            beasts = (*self.beasts, card_id)
        return self._rechoose(house_rules, beasts=beasts)

    # -- Surprise me ------------------------------------------------------------------------
    def pin(self, module_id: str, mode: Pin | None) -> AssistantState:
        """Keep a module in every surprise draw, never draw it, or leave it to chance."""
        if module_id not in engine.module_ids():
            raise engine.UnknownModuleError(f"unknown module {module_id!r}")
        if mode not in (None, "keep", "never"):
            raise ValueError(f"pin mode {mode!r} must be 'keep', 'never' or None")
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

    def with_seed_text(self, text: str) -> AssistantState:
        return replace(self, seed=parse_seed(text))

    def reseed(self) -> AssistantState:
        return replace(self, seed=new_seed())

    def with_size(self, size: int | None) -> AssistantState:
        count = len(engine.module_ids())
        if size is not None and (
            isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= count
        ):
            raise ValueError(f"size {size!r} must be None or a whole number from 1 to {count}")
        return replace(self, size=size)

    def surprise(self, house_rules: Collection[str] = ()) -> AssistantState:
        """Draw a legal combination with the shown seed (and a Paladin card if the Paladins
        came out). Raises :class:`~companion.engine.setup.NoLegalCombinationError` when the
        size, pins and bans leave nothing legal; the state is then unchanged."""
        modules = engine.surprise_modules(
            self.seed,
            size=self.size,
            pinned=self.pinned,
            banned=self.banned,
            players=self.players,
            house_rules=house_rules,
        )
        paladin = None
        if "paladins" in modules:
            paladin = engine.surprise_card(
                self.seed, "paladin", modules, house_rules=house_rules
            ).id
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
            house_rules,
            game=COVE,
            modules=modules,
            paladin=paladin,
            beasts=beasts,
            draw=record,
        )

    def draw_card(self, kind: str, house_rules: Collection[str] = ()) -> AssistantState:
        """A Paladin card or Rogue card legal with the chosen modules, from the shown seed."""
        card = engine.surprise_card(self.seed, kind, self.modules, house_rules=house_rules)
        record = Draw(
            "paladin" if kind == "paladin" else "rogue",
            self.seed,
            self.players,
            self.modules,
            card=card.id,
        )
        return replace(self.with_card(kind, card.id, house_rules), draw=record)

    @property
    def draw_is_current(self) -> bool:
        """Whether the choice still is what the last draw gave."""
        draw = self.draw
        if draw is None or self.game != COVE:
            return False
        if draw.kind == "modules":
            return self.modules == draw.modules and self.paladin == draw.card
        return (self.paladin if draw.kind == "paladin" else self.rogue) == draw.card

    # -- persistence ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
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
        }

    @classmethod
    def fresh(cls, *, game: str = COVE, players: int | None = None) -> AssistantState:
        """A new choice: ``game`` with ``players`` when they fit it, else its closest count."""
        if game not in engine.setup_games():
            game = COVE
        low, high = engine.player_range(game)
        count = 4 if players is None else players
        return cls(game=game, players=min(max(count, low), high))

    @classmethod
    def load(cls, data: object, *, fallback: AssistantState | None = None) -> Loaded:
        """Rebuild a saved state. Nothing saved → ``fallback`` (or a fresh state), quietly;
        anything damaged → a fresh start and a sentence saying so; ids the data no longer
        knows (a renamed module) are dropped with a sentence, the rest is kept."""
        start = fallback or cls.fresh()
        if data is None:
            return Loaded(start, None)
        try:
            return _load(cls, data, start)
        except (KeyError, TypeError, ValueError, AttributeError):
            return Loaded(
                start, "The saved setup could not be read, so the assistant starts afresh."
            )


@dataclass(frozen=True)
class Loaded:
    state: AssistantState
    problem: str | None = None


def _load(cls: type[AssistantState], data: object, start: AssistantState) -> Loaded:
    if not isinstance(data, Mapping):
        raise TypeError(f"saved setup {data!r} is not a mapping")
    if data.get("format", FORMAT) != FORMAT:
        raise ValueError(f"saved setup format {data.get('format')!r}")
    dropped: list[str] = []
    game = data["game"]
    if not isinstance(game, str):
        raise TypeError(f"game {game!r}")
    if game not in engine.setup_games():
        raise ValueError(f"game {game!r}")
    players = _int(data["players"])
    low, high = engine.player_range(game)
    if not low <= players <= high:
        raise ValueError(f"players {players!r}")
    known_modules = set(engine.module_ids())

    def keep_known(ids: frozenset[str], known: Collection[str], what: str) -> frozenset[str]:
        unknown = ids - set(known)
        dropped.extend(f"{what} {i!r}" for i in sorted(unknown))
        return ids - unknown

    modules = keep_known(_ids(data.get("modules", [])), known_modules, "module")
    pinned = keep_known(_ids(data.get("pinned", [])), known_modules, "module")
    banned = keep_known(_ids(data.get("banned", [])), known_modules, "module") - pinned
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        raise TypeError(f"cards {cards!r}")
    by_id = {c.id: c for c in engine.cards()}

    def one_card(kind: str) -> str | None:
        value = cards.get(kind)
        if value is None:
            return None
        if not isinstance(value, str):
            raise TypeError(f"{kind} card {value!r}")
        if value not in by_id or by_id[value].kind != kind:
            dropped.append(f"{kind} card {value!r}")
            return None
        return value

    paladin = one_card("paladin")
    rogue = one_card("rogue")
    beasts_raw = cards.get("beasts", [])
    if not isinstance(beasts_raw, list) or not all(isinstance(b, str) for b in beasts_raw):
        raise TypeError(f"beasts {beasts_raw!r}")
    beasts = tuple(dict.fromkeys(b for b in beasts_raw if b in by_id and by_id[b].kind == "beast"))
    dropped.extend(f"Beast {b!r}" for b in beasts_raw if b not in beasts)
    most = next(k.max_chosen for k in _card_kinds() if k.id == "beast")
    if len(beasts) > most:
        raise ValueError(f"beasts {beasts!r}")
    seed = _int(data.get("seed", start.seed))
    if seed < 0 or len(str(seed)) > MAX_SEED_DIGITS:
        raise ValueError(f"seed {seed!r}")
    size = data.get("size")
    if size is not None and (not _is_int(size) or not 1 <= size <= len(known_modules)):
        raise ValueError(f"size {size!r}")
    ticks_raw = data.get("ticks", {})
    if not isinstance(ticks_raw, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in ticks_raw.items()
    ):
        raise TypeError(f"ticks {ticks_raw!r}")
    draw_raw = data.get("draw")
    draw = None
    if draw_raw is not None:
        try:
            draw = Draw.from_dict(draw_raw)
        except (KeyError, TypeError, ValueError):
            # Only the sentence describing the last draw is lost; the choice itself is intact.
            dropped.append("the description of the last Surprise me draw")
    state = cls(
        game=game,
        players=players,
        modules=modules,
        pinned=pinned,
        banned=banned,
        paladin=paladin,
        rogue=rogue,
        beasts=beasts,
        seed=seed,
        size=size,
        ticks=tuple(sorted(ticks_raw.items())),
        draw=draw,
    )
    state.steps()  # a choice the engine cannot write a checklist for counts as damaged
    problem = None
    if dropped:
        problem = (
            "Some saved choices are no longer known to the app and were left out: "
            + ", ".join(dropped)
            + "."
        )
    return Loaded(state, problem)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object) -> int:
    if not _is_int(value):
        raise TypeError(f"expected a whole number, got {value!r}")
    assert isinstance(value, int)
    return value


def _ids(values: object) -> frozenset[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise TypeError(f"expected a list of ids, got {values!r}")
    return frozenset(values)


def _ordered(ids: Collection[str]) -> list[str]:
    """Module ids in the data's order, so texts read the same every time."""
    return [m for m in engine.module_ids() if m in ids]


def _card_kinds() -> tuple[engine.CardKind, ...]:
    return engine.setup_data().games[COVE].card_kinds


__all__ = [
    "COVE",
    "SETUP_KEY",
    "AssistantState",
    "Draw",
    "Loaded",
    "Progress",
    "RulingNote",
    "SeedError",
    "Status",
    "digest",
    "flagged_modules",
    "game_name",
    "module_blurbs",
    "parse_seed",
    "plural",
    "ruling_note",
    "ruling_notes",
    "sentence",
    "status",
    "valid_house_rules",
]
