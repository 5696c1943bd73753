"""The sale calculator (:class:`SaleDraft`): the goods being sold, the printed values typed,
the bazaar, the agents hiring dockworkers and the Reactions tried, priced on the table's
game without changing it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.mercante import (
    CartageCheck,
    Event,
    MercanteError,
    MercanteGame,
    Reaction,
    ReactionWhatIf,
    SaleQuote,
    Sell,
    bazaar_price,
    cartage_points,
    goods,
    legal_reactions,
    market_of,
    quote_sale,
    reaction_is_legal,
)
from companion.engine.mercante.scoring import max_goods_left
from companion.ui.mercante.model.events import EventChoice, choice_by_key
from companion.ui.mercante.model.words import (
    good_name,
    parse_count,
)
from companion.ui.model.words import capitalized, plural
from companion.ui.scorepad.model import parse_whole

# -- the sale calculator -----------------------------------------------------------------------


def token_key(good: str, n: int) -> str:
    """``silk:1`` for the first silk token of a sale: stable while other counts change."""
    return f"{good}:{n}"


def token_label(key: str) -> str:
    """``silk:2`` → ``Silk 2``; ``silk:1`` → ``Silk``."""
    good, _, n = key.partition(":")
    return good_name(good) if n == "1" else f"{good_name(good)} {n}"


@dataclass(frozen=True)
class SaleView:
    """What the sale calculator shows for the current draft."""

    tokens: tuple[tuple[str, str], ...]
    base_errors: dict[str, str]
    missing: tuple[str, ...]
    quote: SaleQuote | None
    what_if: ReactionWhatIf | None
    reaction_error: str | None
    error: str | None
    needed: int
    agents: int
    available: int

    @property
    def goods(self) -> tuple[str, ...]:
        return tuple(g for _, g in self.tokens)

    def token_index(self, key: str) -> int | None:
        return next((i for i, (k, _) in enumerate(self.tokens) if k == key), None)

    @property
    def bazaar_total(self) -> int:
        return bazaar_price() * len(self.tokens)

    @property
    def ready(self) -> bool:
        return self.quote is not None and self.error is None and self.reaction_error is None


@dataclass
class ReactionDraft:
    """One Reaction being tried on the sale: the card (an event choice key), the token it is
    played on (a token key) and who plays it (``None``: not noted)."""

    card: str | None = None
    on: str | None = None
    by: str | None = None

    def to_list(self) -> list[str | None]:
        return [self.card, self.on, self.by]


@dataclass
class SaleDraft:
    """The sale being worked out: how many of each good, the printed values typed, which
    tokens go to the bazaar, the agents hiring dockworkers and the Reactions tried on it (in
    the order played)."""

    counts: dict[str, int] = field(default_factory=dict)
    bases: dict[str, str] = field(default_factory=dict)
    bazaar: set[str] = field(default_factory=set)
    agents: int | None = None
    reactions: list[ReactionDraft] = field(default_factory=list)
    contract_vp: str = ""
    #: The last pricing (issue 23, "a value computed once"): what it was worked out from
    #: (the game and choices themselves, and the draft as it was) and the view.
    _priced: tuple[Any, Any, tuple[Any, ...], SaleView] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def tokens(self) -> tuple[tuple[str, str], ...]:
        """``(key, good)`` for each token, in board order."""
        return tuple(
            (token_key(good, n), good)
            for good in goods()
            for n in range(1, self.counts.get(good, 0) + 1)
        )

    def set_count(self, good: str, count: int) -> None:
        """At most a full house of goods (3 warehouses × 3) in one sale, never below 0."""
        market_of(good)
        others = self.total - self.counts.get(good, 0)
        count = max(0, min(count, max_goods_left() - others))
        if count:
            self.counts[good] = count
        else:
            self.counts.pop(good, None)
        keys = {k for k, _ in self.tokens()}
        self.bases = {k: v for k, v in self.bases.items() if k in keys}
        self.bazaar &= keys
        for reaction in self.reactions:
            if reaction.on not in keys:
                reaction.on = None

    def add_token(self, good: str) -> None:
        """One more ``good`` token (``ValueError`` once a full house of goods is chosen)."""
        if self.total >= max_goods_left():
            raise ValueError(f"A merchant holds at most {max_goods_left()} goods (3 warehouses).")
        self.set_count(good, self.counts.get(good, 0) + 1)

    def set_bazaar(self, key: str, on: bool) -> None:
        """Send token ``key`` to the bazaar (no Reaction is played on it there) or back."""
        if on:
            self.bazaar.add(key)
            for reaction in self.reactions:
                if reaction.on == key:
                    reaction.on = None
        else:
            self.bazaar.discard(key)

    def remove_token(self, key: str) -> None:
        """Take one token out of the sale; the same good's later tokens move up a place and
        keep what was typed for them (its value, bazaar or not, the Reactions on it)."""
        good, _, number = key.partition(":")
        count = self.counts.get(good, 0)
        if not number.isdigit() or not 1 <= int(number) <= count:
            return
        gone = int(number)
        prefix = f"{good}:"
        bases = {k: v for k, v in self.bases.items() if not k.startswith(prefix)}
        bazaar = {k for k in self.bazaar if not k.startswith(prefix)}
        moved: dict[str, str | None] = {key: None}
        for n in range(1, count + 1):
            if n == gone:
                continue
            old, new = token_key(good, n), token_key(good, n - 1 if n > gone else n)
            moved[old] = new
            if old in self.bases:
                bases[new] = self.bases[old]
            if old in self.bazaar:
                bazaar.add(new)
        for reaction in self.reactions:
            if reaction.on in moved:
                reaction.on = moved[reaction.on]
        self.bases, self.bazaar = bases, bazaar
        self.set_count(good, count - 1)

    def clear(self) -> None:
        self.counts.clear()
        self.bases.clear()
        self.bazaar.clear()
        self.agents = None
        self.reactions = []
        self.contract_vp = ""

    # -- Reactions ---------------------------------------------------------------------------

    def add_reaction(self) -> None:
        self.reactions.append(ReactionDraft())

    def remove_reaction(self, index: int) -> None:
        if 0 <= index < len(self.reactions):
            del self.reactions[index]

    def set_reaction(self, index: int, card: str | None, choices: Sequence[EventChoice]) -> None:
        """Choose reaction ``index``'s card; its token becomes the first it may be played on
        when the one chosen no longer fits."""
        while len(self.reactions) <= index:
            self.reactions.append(ReactionDraft())
        reaction = self.reactions[index]
        reaction.card = card
        options = self.reaction_tokens(index, choices)
        if reaction.on not in options:
            reaction.on = options[0] if options else None

    def reaction_event(self, index: int, choices: Sequence[EventChoice]) -> Event | None:
        if not 0 <= index < len(self.reactions):
            return None
        chosen = choice_by_key(choices, self.reactions[index].card)
        return chosen.event if chosen is not None and chosen.event.reaction else None

    def reaction_options(self, choices: Sequence[EventChoice]) -> tuple[EventChoice, ...]:
        """Reaction events that change the price of at least one token being sold."""
        sold = {g for k, g in self.tokens() if k not in self.bazaar}
        return tuple(
            c
            for c in choices
            if c.event.reaction and any(reaction_is_legal(c.event, g) for g in sold)
        )

    def reaction_tokens(self, index: int, choices: Sequence[EventChoice]) -> tuple[str, ...]:
        """Keys of the tokens reaction ``index`` may be played on (not bazaar-bound)."""
        event = self.reaction_event(index, choices)
        if event is None:
            return ()
        return tuple(
            k for k, g in self.tokens() if k not in self.bazaar and legal_reactions((event,), g)
        )

    def played(
        self, tokens: Sequence[tuple[str, str]], choices: Sequence[EventChoice]
    ) -> tuple[tuple[Reaction, ...], str | None]:
        """The Reactions tried, as the engine reads them (card, player, token position), and
        the first one not ready yet (a card without its token)."""
        found: list[Reaction] = []
        problem = None
        keys = [k for k, _ in tokens]
        for i, draft in enumerate(self.reactions):
            event = self.reaction_event(i, choices)
            if event is None:
                continue
            if draft.on not in keys:
                problem = problem or f"Choose the token {event.name} is played on"
                continue
            found.append(Reaction(event, draft.by, keys.index(draft.on)))
        return tuple(found), problem

    # -- pricing -----------------------------------------------------------------------------

    def _state(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.counts.items())),
            tuple(sorted(self.bases.items())),
            tuple(sorted(self.bazaar)),
            self.agents,
            tuple(tuple(r.to_list()) for r in self.reactions),
        )

    def evaluate(self, game: MercanteGame, choices: Sequence[EventChoice]) -> SaleView:
        """Price the draft on ``game`` (changes nothing). Priced once per change: asked again
        for the same game, choices and draft (a redraw, the tap that sells it), the view
        already worked out is given back."""
        state = self._state()
        priced = self._priced
        if priced is not None and priced[0] is game and priced[1] is choices and priced[2] == state:
            return priced[3]
        view = self._evaluate(game, choices)
        self._priced = (game, choices, state, view)
        return view

    def _evaluate(self, game: MercanteGame, choices: Sequence[EventChoice]) -> SaleView:
        tokens = self.tokens()
        available = game.agents_left()  # this turn's agents not assigned yet
        base_errors: dict[str, str] = {}
        missing: list[str] = []
        bases: list[int | None] = []
        closed = set(game.calendar.closed_markets())
        for key, good in tokens:
            if key in self.bazaar or game.board is not None or market_of(good) in closed:
                bases.append(None)
                continue
            text = self.bases.get(key, "")
            if not text.strip():
                missing.append(key)
                bases.append(None)
                continue
            try:
                value = parse_whole(text)
            except ValueError as exc:
                base_errors[key] = str(exc)
                bases.append(None)
                continue
            if value < 1:
                base_errors[key] = "Printed values are 1 crown or more"
                bases.append(None)
                continue
            bases.append(value)
        bazaar = {i for i, (k, _) in enumerate(tokens) if k in self.bazaar}
        bound = [
            g for i, (_, g) in enumerate(tokens) if i not in bazaar and market_of(g) not in closed
        ]
        needed = cartage_points(bound)
        view = SaleView(
            tokens=tokens,
            base_errors=base_errors,
            missing=tuple(missing),
            quote=None,
            what_if=None,
            reaction_error=None,
            error=None,
            needed=needed,
            agents=self._agents(needed, available),
            available=available,
        )
        if not tokens or base_errors or missing:
            return view
        sold = [g for _, g in tokens]
        arguments: dict[str, Any] = {
            "bazaar": bazaar,
            "board": game.board,
            "bases": None if game.board is not None else tuple(bases),
            "house": game.rules,
        }
        try:
            plain = quote_sale(sold, game.calendar, **arguments)
        except MercanteError as exc:
            return replace(view, error=capitalized(str(exc)))
        view = self._with_quote(view, plain)
        played, problem = self.played(tokens, choices)
        if problem is not None:
            view = replace(view, reaction_error=problem)
        if not played:
            return view
        try:
            # the sale without the Reactions is the plain one just priced: priced once
            with_reaction = quote_sale(sold, game.calendar, reactions=played, **arguments)
        except MercanteError as exc:
            return replace(view, reaction_error=capitalized(str(exc)))
        view = self._with_quote(view, with_reaction)
        without = replace(plain, cartage=CartageCheck(plain.cartage.needed, view.agents))
        return replace(view, what_if=ReactionWhatIf(without, view.quote))  # type: ignore[arg-type]

    def _agents(self, needed: int, available: int) -> int:
        """The agents hiring dockworkers: as chosen, else just enough (if the player has them)."""
        agents = self.agents if self.agents is not None else needed
        return max(0, min(agents, available))

    def _with_quote(self, view: SaleView, quote: SaleQuote) -> SaleView:
        needed = quote.cartage.needed
        agents = self._agents(needed, view.available)
        return replace(
            view,
            quote=replace(quote, cartage=CartageCheck(needed, agents)),
            needed=needed,
            agents=agents,
        )

    @staticmethod
    def goods_of(tokens: Sequence[tuple[str, str]]) -> tuple[str, ...]:
        return tuple(g for _, g in tokens)

    def contract_points(self) -> int | None:
        """Victory points of contracts the sale completes, as typed (``None``: not a number)."""
        try:
            return parse_count(self.contract_vp, blank=0)
        except ValueError:
            return None

    def sell_arguments(
        self, game: MercanteGame, view: SaleView, choices: Sequence[EventChoice]
    ) -> dict[str, Any]:
        """Keyword arguments for :meth:`MercanteGame.sell` matching what the screen shows."""
        tokens = view.tokens
        bazaar = tuple(i for i, (k, _) in enumerate(tokens) if k in self.bazaar)
        bases: tuple[int | None, ...] | None = None
        if game.board is None and view.quote is not None:
            bases = tuple(
                t.base for t in (view.what_if.without if view.what_if else view.quote).tokens
            )
        played = view.quote.reactions if view.what_if is not None and view.quote else ()
        return {
            "goods": view.goods,
            "agents": view.agents,
            "bazaar": bazaar,
            "bases": bases,
            "reactions": played,
            # the app completes a kept game's contracts itself: no points are typed there
            "contract_vp": 0 if game.ledger else self.contract_points() or 0,
        }

    def sale(self, game: MercanteGame, choices: Sequence[EventChoice]) -> Sell:
        """The sale as the screen shows it, to send (``ValueError`` saying what is missing)."""
        view = self.evaluate(game, choices)
        if view.quote is None or not view.ready:
            raise ValueError(view.error or view.reaction_error or "Complete the sale first.")
        arguments = self.sell_arguments(game, view, choices)
        return Sell(
            goods=tuple(arguments["goods"]),
            agents=arguments["agents"],
            bazaar=tuple(sorted(arguments["bazaar"])),
            bases=None if arguments["bases"] is None else tuple(arguments["bases"]),
            reactions=tuple(arguments["reactions"]),
            contract_vp=arguments["contract_vp"],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "counts": dict(self.counts),
            "bases": dict(self.bases),
            "bazaar": sorted(self.bazaar),
            "agents": self.agents,
            "reactions": [r.to_list() for r in self.reactions],
            "contract_vp": self.contract_vp,
        }

    @classmethod
    def from_dict(cls, data: object) -> SaleDraft:
        """Lenient: an unreadable draft is an empty one (the game itself is what matters)."""
        draft = cls()
        if not isinstance(data, Mapping):
            return draft
        counts = data.get("counts")
        if isinstance(counts, Mapping):
            for good, count in counts.items():
                if good in goods() and isinstance(count, int) and not isinstance(count, bool):
                    draft.set_count(good, count)
        keys = {k for k, _ in draft.tokens()}
        bases = data.get("bases")
        if isinstance(bases, Mapping):
            draft.bases = {k: str(v)[:12] for k, v in bases.items() if k in keys}
        bazaar = data.get("bazaar")
        if isinstance(bazaar, list):
            draft.bazaar = {k for k in bazaar if k in keys}
        agents = data.get("agents")
        if isinstance(agents, int) and not isinstance(agents, bool) and 0 <= agents <= 4:
            draft.agents = agents
        raw = data.get("reactions")
        rows: list[Any] = raw[:8] if isinstance(raw, list) else []
        if isinstance(data.get("reaction"), str):  # a draft saved with one Reaction
            rows = [[data.get("reaction"), data.get("reaction_on"), data.get("reaction_by")]]
        for row in rows:
            if not isinstance(row, list) or len(row) != 3:
                continue
            card, on, by = (v if isinstance(v, str) else None for v in row)
            draft.reactions.append(ReactionDraft(card, on if on in keys else None, by))
        vp = data.get("contract_vp")
        draft.contract_vp = vp[:6] if isinstance(vp, str) else ""
        return draft


def cartage_line(view: SaleView) -> str:
    """``Needs 3 cartage points: 3 of Anna's 3 agents hire dockworkers.``"""
    if view.needed == 0:
        return "No cartage needed: nothing goes to a market."
    need = f"Needs {plural(view.needed, 'cartage point')}"
    if view.agents >= view.needed:
        return f"{need}: {plural(view.agents, 'agent')} on Hire Dockworkers is enough."
    short = view.needed - view.agents
    return (
        f"{need}, but {plural(view.agents, 'agent')} on Hire Dockworkers give {view.agents}: "
        f"{short} short."
    )


def bazaar_line(view: SaleView) -> str:
    """``All to the bazaar instead: 2 × 3 = 6 crowns, no agents needed.``"""
    count = len(view.tokens)
    return (
        f"All to the bazaar instead: {count} × {bazaar_price()} = "
        f"{plural(view.bazaar_total, 'crown')}, "
        "no agents needed."
    )


def running_total(view: SaleView) -> str:
    """The line over the token cards: the total so far, or what it waits for."""
    if view.quote is not None:
        return f"Total {plural(view.quote.total, 'crown')} for {plural(len(view.tokens), 'token')}"
    if view.tokens:
        return "Type each printed value to see the total"
    return "Nothing chosen yet"


def sale_needs_printed(game: MercanteGame) -> bool:
    return game.board is None


def next_space_text(game: MercanteGame, market: str) -> str:
    """``Next space: 20`` or ``Full`` for a tracked market."""
    if game.board is None:
        return ""
    tracked = game.board.market(market)
    if tracked.is_full:
        return f"Full ({tracked.covered} of {len(tracked.spaces)} spaces)"
    return f"Next space: {tracked.next_value} ({tracked.covered} of {len(tracked.spaces)} covered)"


__all__ = [
    "ReactionDraft",
    "SaleDraft",
    "SaleView",
    "bazaar_line",
    "cartage_line",
    "next_space_text",
    "running_total",
    "sale_needs_printed",
    "token_key",
    "token_label",
]
