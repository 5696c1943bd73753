"""The planner's search (:func:`~companion.engine.bard.planner.plan` explains how it stays
exact): a song's shapes tried best bound first, each solved by a dynamic programme over the
icon sources, and the distinct outcomes kept best first."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from heapq import heapify, heappop, heappush
from itertools import combinations, product
from typing import TYPE_CHECKING, Final

from companion.engine.bard.errors import BardError
from companion.engine.bard.facts import facts
from companion.engine.bard.main_board import Table
from companion.engine.bard.song import Song
from companion.engine.bard.values import fan_cost

if TYPE_CHECKING:
    from companion.engine.bard.planner import Goals

__all__ = ["KEY_NAMES", "Found", "Search"]

TOWN_SQUARE: Final = "town_square"
DRAGON_ISLAND: Final = "dragon_island"
#: The names of the ranking's parts, in order, as a plan's ``decided_by`` reports them.
KEY_NAMES: Final = (
    "goals met",
    "Runes placed (goal)",
    "gold",
    "Runes placed",
    "fans gained",
    "Volume kept",
    "Soundstones kept",
    "a Creature card",
)


@dataclass(frozen=True)
class _Src:
    index: int
    id: str
    count: int
    volume: int
    stone: bool
    colour: str
    wild: bool
    coin: bool


@dataclass(frozen=True)
class _Shape:
    """A song's shape: the locations and what happens there, all but the icons."""

    piers: tuple[str, ...]  # piers visited, in pier order
    paladins: tuple[tuple[str, str], ...]  # (pier, colour its Paladins count as)
    cards: tuple[str, ...]  # piers that buy a card
    halls: tuple[str, ...]  # halls that take a Rune
    fans: int
    side: str | None  # Dragon Island's side, None when not visited
    sung: tuple[str, ...]  # rule text: the halls Dragon Island sings for

    @property
    def locations(self) -> int:
        return len(self.piers) + len(self.halls) + (self.fans > 0) + (self.side is not None)

    def order(self) -> tuple[object, ...]:
        """A fixed order among equals: fewer locations first, then the rulebook's order of
        the piers and halls."""
        bard = facts()
        piers, halls = bard.piers(), bard.faction_ids
        return (
            self.locations,
            tuple(piers.index(p) for p in self.piers),
            tuple(halls.index(h) for h in self.halls),
            self.fans,
            self.side or "",
            tuple(halls.index(h) for h in self.sung),
            tuple(halls.index(c) for _, c in self.paladins),
            tuple(piers.index(p) for p in self.cards),
        )


@dataclass(frozen=True)
class _Threshold:
    kind: str  # "hall" | "square" | "island"
    hall: str | None
    need: int


@dataclass
class _Linear:
    """What each source earns where it earns most, for one set of Piers, side of Dragon
    Island and Runes: shared by every shape with those (most differ only in thresholds)."""

    value: list[int]  # the best gold of each source (Coins: their gold)
    sink: list[tuple[str, str]]  # (location, colour) where that gold is earned
    alt: list[int]  # gold at Dragon Island when it is not the best place (0: none)
    alt_hall: list[str]
    useful: frozenset[str]  # the locations that are the best place for some source
    best: list[int]  # max(value, alt, 0)
    free: int  # the best gold of the sources that need no Volume
    knap: list[int]  # the best gold of those that do, for each Volume budget


@dataclass
class _Problem:
    """One shape, ready for the dynamic programme."""

    shape: _Shape
    linear: _Linear
    sink: list[tuple[str, str]]  # as linear.sink, with the Coins' location filled in
    thresholds: list[_Threshold]
    eligible: list[list[bool]]  # [threshold][source]
    const: int  # gold fixed by the shape (rule-text Dragon Island) minus card prices
    prices: tuple[int, ...]


@dataclass(frozen=True)
class Found:
    key: tuple[int, ...]
    signature: tuple[object, ...]
    order: tuple[object, ...]
    gold: int  # earned, before cards
    paid: int
    runes: frozenset[str]
    fans: int
    volume_left: int
    stones_left: int
    creature: bool
    cards: int
    boast: bool
    goals: int
    problem: _Problem = field(compare=False)
    state: tuple[int, ...] = field(compare=False)
    layers: list[dict[tuple[int, ...], tuple[int, tuple[int, ...] | None, int]]] = field(
        compare=False, repr=False
    )

    def dominates(self, other: Found) -> bool:
        """At least as good on every count (and not the same outcome)."""
        return (self.signature != other.signature or self.key != other.key) and (
            self.goals >= other.goals
            and self.gold - self.paid >= other.gold - other.paid
            and self.runes >= other.runes
            and self.fans >= other.fans
            and self.volume_left >= other.volume_left
            and self.stones_left >= other.stones_left
            and self.creature >= other.creature
            and self.cards >= other.cards
            and self.boast >= other.boast
        )

    def rank(self) -> tuple[object, ...]:
        """Sorts best first: the key, then (among equal keys, so that an outcome is never
        listed after one it beats) cards and Boast, then the shape's fixed order."""
        return (tuple(-k for k in self.key), -(self.cards + self.boast), self.order)


_Layer = dict[tuple[int, ...], tuple[int, tuple[int, ...] | None, int]]
_HUGE: Final = 1 << 30


class Search:
    def __init__(self, song: Song, table: Table, goals: Goals, top: int) -> None:
        self.song = song
        self.table = table
        self.goals = goals
        self.top = top
        bard = facts()
        self.bard = bard
        self.order = bard.faction_ids
        self.rules = song.rules
        self.text = song.rules.dragon_island == "text"
        self.coin_gold = bard.coins.gold_per_coin
        self.boast_cost = bard.volume.boast_cost
        self.srcs = [
            _Src(
                i, s.id, s.count, s.volume, s.id.startswith("soundstone-"), s.colour, s.wild, s.coin
            )
            for i, s in enumerate(song.unspent)
        ]
        self.stones = sum(1 for s in self.srcs if s.stone)
        self.coins = any(s.coin for s in self.srcs)
        limit = song.rules.boasts_per_song
        self.may_boast = limit is None or song.boasts < limit
        self.pool: dict[tuple[object, ...], Found] = {}
        self._front: list[Found] | None = []
        self._complete = True  # whether _front holds the whole front
        self._linear: dict[tuple[object, ...], _Linear] = {}
        self._covers: dict[tuple[object, ...], list[int] | None] = {}
        self.volume = 0
        self.stone_budget = 0
        self.keep_volume = song.volume_left - (
            self.boast_cost if goals.strict and goals.boast else 0
        )

    # -- what the song may do ------------------------------------------------------------------
    def _budget(self) -> tuple[int, int] | None:
        """(Volume that may be spent on icons, Soundstones that may be spent) or None when the
        goals cannot be met at all."""
        volume = self.song.volume_left
        stones = self.stones
        if self.goals.strict:
            if self.goals.boast:
                if not self.may_boast or volume < self.boast_cost:
                    return None
                volume -= self.boast_cost
            if self.goals.soundstones > stones:
                return None
            stones -= self.goals.soundstones
        return volume, stones

    def shapes(self) -> Iterator[_Shape]:
        song, goals, bard = self.song, self.goals, self.bard
        visited = set(song.visited)
        board = song.board
        left = song.locations_left
        strict = goals.strict
        if not (strict and (goals.runes or goals.fans or goals.cards)):
            yield _Shape((), (), (), (), 0, None, ())  # sing nowhere: keep everything
        if left <= 0:
            return
        piers = [p for p in bard.piers() if p not in visited]
        open_halls = [
            h for h in self.order if h not in board.runes and bard.hall_of(h).id not in visited
        ]
        max_halls = min(board.runes_left, left)
        square = TOWN_SQUARE not in visited and board.badges < bard.badges.count
        fan_limit = 0
        if square:
            fan_limit = bard.badges.count - board.badges
            if self.rules.fans_per_visit is not None:
                fan_limit = min(fan_limit, self.rules.fans_per_visit)
            if self.table.townsfolk is not None:
                fan_limit = min(fan_limit, self.table.townsfolk)
        island = DRAGON_ISLAND not in visited
        if strict and not goals.runes <= set(open_halls):
            return
        card_sets: list[tuple[str, ...]] = [()]
        if goals.cards:
            chosen = list(combinations(piers, goals.cards))
            card_sets = chosen if strict else [(), *chosen]
        pier_sets = [c for n in range(len(piers) + 1) for c in combinations(piers, n)]
        counted = self.rules.paladins_count
        for n_halls in range(max_halls + 1):
            for halls in combinations(open_halls, n_halls):
                if strict and not goals.runes <= set(halls):
                    continue
                runes = board.runes | set(halls)
                for fans in range(fan_limit + 1):
                    if strict and fans < goals.fans:
                        continue
                    used = n_halls + (fans > 0)
                    if used > left:
                        break
                    sides: list[str | None] = [None]
                    if island and runes and used < left:
                        sides += ["left", "right"]
                    for side in sides:
                        sung_sets: list[tuple[str, ...]] = [()]
                        if side is not None and self.text:
                            ordered = [h for h in self.order if h in runes]
                            sung_sets = [
                                c
                                for n in range(1, len(ordered) + 1)
                                for c in combinations(ordered, n)
                            ]
                        room = left - used - (side is not None)
                        for sung in sung_sets:
                            for cards in card_sets:
                                for extra in pier_sets:
                                    if set(extra) & set(cards):
                                        continue  # a Pier that buys a card is sung at too
                                    visit = tuple(p for p in piers if p in extra or p in cards)
                                    if not visit and not used and side is None:
                                        continue  # the empty song, yielded first
                                    if len(visit) > room:
                                        continue
                                    choices = [
                                        [(p, c) for c in self.order]
                                        for p in visit
                                        if counted and self.table.paladins(p)
                                    ]
                                    for paladins in product(*choices):
                                        yield _Shape(
                                            visit, tuple(paladins), cards, halls, fans, side, sung
                                        )

    # -- what sources earn ----------------------------------------------------------------------
    def linear(self, shape: _Shape) -> _Linear:
        """The shape's linear gold, shared with every shape of the same Piers, side and Runes."""
        runes = self.song.board.runes | set(shape.halls)
        island_side = shape.side if not self.text else None
        cache_key = (
            shape.piers,
            shape.paladins,
            island_side,
            frozenset(runes) if island_side is not None else None,
        )
        found = self._linear.get(cache_key)
        if found is not None:
            return found
        table, order = self.table, self.order
        paladin_of = dict(shape.paladins)
        # The best multiplier of each colour and where; Piers in order, then Dragon Island,
        # which wins ties so that it pays for the Creature card.
        best: dict[str, tuple[int, str]] = {c: (0, "") for c in order}
        for p in shape.piers:
            counts = table.piers[p]
            bonus_colour = paladin_of.get(p)
            for c in order:
                n = counts[c] + (counts["paladin"] if c == bonus_colour else 0)
                if n > best[c][0]:
                    best[c] = (n, p)
        island: dict[str, int] = {}
        if island_side is not None:
            side = table.side(island_side)
            island = {c: side[c] for c in order if c in runes}
            for c, n in island.items():
                if n > 0 and n >= best[c][0]:
                    best[c] = (n, DRAGON_ISLAND)
        wild = order[0]
        for c in order:
            if best[c][0] > best[wild][0]:
                wild = c
        island_best = order[0]
        for c in order:
            if island.get(c, 0) > island.get(island_best, 0):
                island_best = c
        value: list[int] = []
        sink: list[tuple[str, str]] = []
        alt: list[int] = []
        alt_hall: list[str] = []
        useful: set[str] = set()
        for s in self.srcs:
            if s.coin:
                value.append(s.count * self.coin_gold)
                sink.append(("", ""))
                alt.append(0)
                alt_hall.append("")
                continue
            colour = wild if s.wild else s.colour
            mult, where = best[colour]
            value.append(s.count * mult)
            sink.append((where, colour))
            if mult > 0:
                useful.add(where)
            # Dragon Island as a second choice, for the Creature card it brings.
            di_colour = island_best if s.wild else s.colour
            di = island.get(di_colour, 0)
            if where != DRAGON_ISLAND and di > 0:
                alt.append(s.count * di)
                alt_hall.append(di_colour)
                useful.add(DRAGON_ISLAND)
            else:
                alt.append(0)
                alt_hall.append("")
        best_gold = [max(v, a, 0) for v, a in zip(value, alt, strict=True)]
        free = 0
        knap = [0] * (self.volume + 1)
        for s, g in zip(self.srcs, best_gold, strict=True):
            if g <= 0:
                continue
            if not s.volume:
                free += g
            elif s.volume <= self.volume:
                for cap in range(self.volume, s.volume - 1, -1):
                    if knap[cap - s.volume] + g > knap[cap]:
                        knap[cap] = knap[cap - s.volume] + g
        found = _Linear(value, sink, alt, alt_hall, frozenset(useful), best_gold, free, knap)
        self._linear[cache_key] = found
        return found

    def _coin_location(self, shape: _Shape) -> str:
        """Where a shape spends its Coins: Dragon Island (for the Creature card), else the
        first location it visits."""
        if shape.side is not None:
            return DRAGON_ISLAND
        if shape.piers:
            return shape.piers[0]
        if shape.halls:
            return self.bard.hall_of(shape.halls[0]).id
        return TOWN_SQUARE if shape.fans else ""

    def thresholds(self, shape: _Shape) -> tuple[list[_Threshold], int] | None:
        """The shape's thresholds and the gold it fixes (rule-text Dragon Island), or None
        when it repeats a smaller shape."""
        table, board = self.table, self.song.board
        out = [_Threshold("hall", h, table.hall(h) + 1) for h in shape.halls]
        if shape.fans:
            need = sum(fan_cost(board.badges + i).value for i in range(shape.fans))
            out.append(_Threshold("square", None, need))
        rewards = 0
        if shape.side is not None and self.text:
            side = table.side(shape.side)
            for h in shape.sung:
                reward = table.hall(h) * side[h]
                if reward == 0 and not self.coins:
                    return None  # singing for nothing: the same as not singing for that hall
                rewards += reward
                out.append(_Threshold("island", h, table.hall(h)))
        return out, rewards

    def cheap(self, shape: _Shape) -> tuple[tuple[float, ...], _Linear, list[_Threshold], int]:
        """A first bound on the shape (or a ValueError when it is not worth solving)."""
        linear = self.linear(shape)
        coins_at = self._coin_location(shape)
        for p in shape.piers:
            if (
                p not in shape.cards
                and p not in linear.useful
                and not (self.coins and coins_at == p)
            ):
                raise _Skip
        if (
            shape.side is not None
            and not self.text
            and DRAGON_ISLAND not in linear.useful
            and not self.coins
        ):
            raise _Skip
        found = self.thresholds(shape)
        if found is None:
            raise _Skip
        thresholds, rewards = found
        prices = 0
        for p in shape.cards:
            try:
                prices += self.song.board.card_price_at(p, per_pier=self.rules.gems_per_pier).value
            except BardError:
                raise _Skip from None
        const = rewards - prices
        gold = const if shape.locations == 0 else linear.free + linear.knap[-1] + const
        return self._bound(shape, gold), linear, thresholds, const

    def _bound(self, shape: _Shape, gold: float) -> tuple[float, ...]:
        creature = 1 if shape.side is not None and self.song.board.creatures > 0 else 0
        goals = self.goals.count if not self.goals.strict else 0
        return self._key(
            goals, len(shape.halls), gold, shape.fans, self.keep_volume, self.stones, creature
        )

    def tight(
        self, shape: _Shape, linear: _Linear, thresholds: list[_Threshold], cheap: float
    ) -> float | None:
        """The cheap bound's gold less the least the thresholds must cost: each threshold's
        cheapest cover on its own (sources that need no Volume cost the gold they would earn
        elsewhere), with the Volume the covers take from the sources that need it charged
        once, for all thresholds together. None when a threshold cannot be met at all."""
        if not thresholds:
            return cheap
        volume = self.volume
        joint = [0] + [_HUGE] * volume  # the least gold given up for covers using w Volume
        for t in thresholds:
            table = self._cover(linear, t)
            if table is None:
                return None
            merged = [_HUGE] * (volume + 1)
            for w, before in enumerate(joint):
                if before >= _HUGE:
                    continue
                for u in range(volume - w + 1):
                    if before + table[u] < merged[w + u]:
                        merged[w + u] = before + table[u]
            joint = merged
        knap = linear.knap
        costs = [
            joint[w] + knap[volume] - knap[volume - w]
            for w in range(volume + 1)
            if joint[w] < _HUGE
        ]
        return cheap - min(costs) if costs else None

    def _cover(self, linear: _Linear, t: _Threshold) -> list[int] | None:
        """For each Volume w, the least gold given up by the sources that need no Volume to
        cover ``t`` with sources that need w Volume in all (None: it cannot be covered)."""
        cache_key = (id(linear), t.kind, t.hall, t.need)
        if cache_key in self._covers:
            return self._covers[cache_key]
        volume, need = self.volume, t.need
        cost = [[_HUGE] * (volume + 1) for _ in range(need + 1)]
        cost[0][0] = 0
        for s, g in zip(self.srcs, linear.best, strict=True):
            if s.coin or not (t.kind == "square" or s.wild or s.colour == t.hall):
                continue
            if s.volume > volume:
                continue
            price = 0 if s.volume else g
            for n in range(need, -1, -1):
                after = min(need, n + s.count)
                for w in range(volume - s.volume, -1, -1):
                    c = cost[n][w]
                    if c < _HUGE and c + price < cost[after][w + s.volume]:
                        cost[after][w + s.volume] = c + price
        row = cost[need]
        found: list[int] | None = None
        if any(c < _HUGE for c in row):
            found = [min(row[: w + 1]) for w in range(volume + 1)]
        self._covers[cache_key] = found
        return found

    def _key(
        self,
        goals: float,
        runes: int,
        gold: float,
        fans: int,
        volume: int,
        stones: int,
        creature: int,
    ) -> tuple[float, ...]:
        parts: list[float] = []
        if not self.goals.strict:
            parts.append(goals)
        if self.goals.most_runes:
            parts.append(runes)
        parts += [gold, runes, fans, volume, stones, creature]
        return tuple(parts)

    def key_names(self) -> tuple[str, ...]:
        names = list(KEY_NAMES[2:])
        if self.goals.most_runes:
            names.insert(0, KEY_NAMES[1])
        if not self.goals.strict:
            names.insert(0, KEY_NAMES[0])
        return tuple(names)

    # -- the outcomes found -----------------------------------------------------------------------
    def front(self, n: int) -> list[Found]:
        """The first ``n`` outcomes that no other beats on every count, best first (an
        outcome is only ever beaten by one ranked before it)."""
        if self._front is not None and (
            len(self._front) >= n or len(self._front) == len(self.pool)
        ):
            return self._front[:n]
        taken: list[Found] = []
        for o in sorted(self.pool.values(), key=Found.rank):
            if not any(t.dominates(o) for t in taken):
                taken.append(o)
                if len(taken) >= n:
                    break
        self._front = taken
        return taken

    def threshold(self) -> tuple[float, ...] | None:
        """The key a shape must reach to matter: that of the last plan to show (and at least
        the second, which says what put the best ahead)."""
        need = max(self.top, 2)
        front = self.front(need)
        return front[need - 1].key if len(front) >= need else None

    def add(self, out: Found) -> None:
        old = self.pool.get(out.signature)
        if old is None or _better(out, old):
            self.pool[out.signature] = out
            self._front = None

    # -- one shape ----------------------------------------------------------------------------
    def problem(
        self, shape: _Shape, linear: _Linear, thresholds: list[_Threshold], const: int
    ) -> _Problem:
        coins_at = self._coin_location(shape)
        sink = [(coins_at, "") if s.coin else linear.sink[s.index] for s in self.srcs]
        eligible = [
            [not s.coin and (t.kind == "square" or s.wild or s.colour == t.hall) for s in self.srcs]
            for t in thresholds
        ]
        prices = tuple(
            self.song.board.card_price_at(p, per_pier=self.rules.gems_per_pier).value
            for p in shape.cards
        )
        return _Problem(shape, linear, sink, thresholds, eligible, const, prices)

    def solve(self, problem: _Problem) -> None:
        """The dynamic programme over the sources for one shape; outcomes join the pool.

        A partial solution is dropped when another with the same thresholds still to meet
        has spent no more Volume or Soundstones for at least as much gold, or when an outcome
        already found is at least as good on every count as anything it could still become:
        either way it can never show, whatever is found later.
        """
        srcs = self.srcs
        thresholds = problem.thresholds
        k = len(thresholds)
        shape = problem.shape
        empty = shape.locations == 0
        value = [0 if empty else v for v in problem.linear.value]
        alt = problem.linear.alt
        eligible = problem.eligible
        n = len(srcs)
        volume, stones = self.volume, self.stone_budget
        best_after = [0] * (n + 1)
        caps = [[0] * (n + 1) for _ in range(k)]
        for i in range(n - 1, -1, -1):
            best_after[i] = best_after[i + 1] + max(value[i], alt[i], 0)
            for t in range(k):
                caps[t][i] = caps[t][i + 1] + (srcs[i].count if eligible[t][i] else 0)
        beaten = self._beaters(shape)
        to_island = [problem.sink[i][0] == DRAGON_ISLAND for i in range(n)]
        start = (0, 0, 0, *(t.need for t in thresholds))
        layer: _Layer = {start: (0, None, -1)}
        layers = [layer]
        const = problem.const
        keep_volume, all_stones = self.keep_volume, self.stones
        for i, s in enumerate(srcs):
            nxt: _Layer = {}
            rest = best_after[i + 1] + const
            room = [caps[t][i + 1] for t in range(k)]

            def offer(
                state: tuple[int, ...],
                gold: int,
                prev: tuple[int, ...],
                choice: int,
                nxt: _Layer = nxt,
                rest: int = rest,
                room: list[int] = room,
            ) -> None:
                for t in range(k):
                    if state[3 + t] > room[t]:
                        return
                if beaten:
                    ceiling = gold + rest
                    kept_volume = keep_volume - state[0]
                    kept_stones = all_stones - state[1]
                    for gold_b, volume_b, stones_b, creature_b in beaten:
                        if (
                            gold_b >= ceiling
                            and volume_b >= kept_volume
                            and stones_b >= kept_stones
                            and creature_b
                        ):
                            return
                old = nxt.get(state)
                if old is None or gold > old[0]:
                    nxt[state] = (gold, prev, choice)

            spend_value = value[i]
            spend_alt = alt[i]
            island = to_island[i]
            feeds = [t for t in range(k) if eligible[t][i]]
            for state, (gold, _, _) in layer.items():
                offer(state, gold, state, 0)
                vol = state[0] + s.volume
                stone = state[1] + s.stone
                if vol > volume or stone > stones:
                    continue
                if spend_value > 0:
                    di = 1 if island else state[2]
                    offer((vol, stone, di, *state[3:]), gold + spend_value, state, 1)
                if spend_alt > 0:
                    offer((vol, stone, 1, *state[3:]), gold + spend_alt, state, 2)
                for t in feeds:
                    need = state[3 + t]
                    if need > 0:
                        needs = list(state[3:])
                        needs[t] = max(0, need - s.count)
                        offer((vol, stone, state[2], *needs), gold, state, 3 + t)
            layer = _thin(nxt) if s.volume or s.stone else nxt
            layers.append(layer)
        for state, (gold, _, _) in layer.items():
            if any(state[3:]):
                continue
            for out in self.outcomes(problem, state, gold + const, layers):
                self.add(out)

    def _beaters(self, shape: _Shape) -> list[tuple[int, int, int, bool]]:
        """``(net gold, Volume kept, Soundstones kept, beats on the Creature card)`` of the
        leading outcomes that are at least as good as this shape on everything the shape
        fixes (Runes, fans, cards, Boast, goals)."""
        creature_possible = shape.side is not None and self.song.board.creatures > 0
        goals_ceiling = self.goals.count
        halls = set(shape.halls)
        out: list[tuple[int, int, int, bool]] = []
        for o in self.front(max(self.top, 2)):
            if (
                o.runes >= halls
                and o.fans >= shape.fans
                and o.cards >= len(shape.cards)
                and o.boast >= self.goals.boast
                and (self.goals.strict or o.goals >= goals_ceiling)
            ):
                out.append(
                    (
                        o.gold - o.paid,
                        o.volume_left,
                        o.stones_left,
                        o.creature or not creature_possible,
                    )
                )
        return out

    def outcomes(
        self, problem: _Problem, state: tuple[int, ...], gold: int, layers: list[_Layer]
    ) -> Iterator[Found]:
        """The ways a final state can end: with the Boast a goal asks for (and, when the goals
        are preferences, also without it, keeping the Volume)."""
        volume_left = self.song.volume_left - state[0]
        can = self.goals.boast and self.may_boast and volume_left >= self.boast_cost
        if can:
            yield self.outcome(problem, state, gold, layers, boast=True)
        if not can or not self.goals.strict:
            yield self.outcome(problem, state, gold, layers, boast=False)

    def outcome(
        self,
        problem: _Problem,
        state: tuple[int, ...],
        gold: int,
        layers: list[_Layer],
        *,
        boast: bool,
    ) -> Found:
        shape = problem.shape
        goals = self.goals
        paid = sum(problem.prices)
        earned = gold + paid
        volume_left = self.song.volume_left - state[0] - (self.boast_cost if boast else 0)
        stones_left = self.stones - state[1]
        creature = bool(state[2]) and shape.side is not None and self.song.board.creatures > 0
        if self.text and shape.side is not None:
            rewards = problem.const + paid
            creature = (rewards > 0 or bool(state[2])) and self.song.board.creatures > 0
        runes = frozenset(shape.halls)
        met = (
            len(goals.runes & runes)
            + (goals.fans > 0 and shape.fans >= goals.fans)
            + (goals.boast and boast)
            + (goals.cards > 0 and len(shape.cards) >= goals.cards)
            + (goals.soundstones > 0 and stones_left >= goals.soundstones)
        )
        key = self._key(met, len(runes), gold, shape.fans, volume_left, stones_left, int(creature))
        signature = (
            tuple(sorted(runes)),
            shape.fans,
            volume_left,
            stones_left,
            creature,
            len(shape.cards),
            boast,
        )
        return Found(
            tuple(int(k) for k in key),
            signature,
            shape.order(),
            earned,
            paid,
            runes,
            shape.fans,
            volume_left,
            stones_left,
            creature,
            len(shape.cards),
            boast,
            met,
            problem,
            state,
            layers,
        )

    def run(self) -> list[Found]:
        """The top outcomes (and the one after them), best first."""
        budget = self._budget()
        if budget is None:
            return []
        self.volume, self.stone_budget = budget
        heap: list[tuple[tuple[float, ...], tuple[object, ...], int, bool, _Shape]] = []
        details: dict[int, tuple[_Linear, list[_Threshold], int]] = {}
        for seq, shape in enumerate(self.shapes()):
            try:
                bound, linear, thresholds, const = self.cheap(shape)
            except _Skip:
                continue
            details[seq] = (linear, thresholds, const)
            heap.append((tuple(-b for b in bound), shape.order(), seq, False, shape))
        heapify(heap)
        while heap:
            negative, order, seq, tight, shape = heappop(heap)
            bound = tuple(-b for b in negative)
            limit = self.threshold()
            if limit is not None and bound < limit:
                break
            linear, thresholds, const = details[seq]
            if not tight:
                gold_at = len(bound) - 6
                gold = self.tight(shape, linear, thresholds, bound[gold_at])
                if gold is None:
                    continue
                better = (*bound[:gold_at], gold, *bound[gold_at + 1 :])
                heappush(heap, (tuple(-b for b in better), order, seq, True, shape))
                continue
            self.solve(self.problem(shape, linear, thresholds, const))
        return self.front(max(self.top, 2))


def _stone(source_id: str) -> bool:
    """Whether a source is a Soundstone token (the ids :meth:`Song.new` gives them)."""
    return source_id.startswith("soundstone-")


class _Skip(Exception):
    """A shape not worth solving: it repeats a smaller one, or cannot be sung."""


def _thin(layer: _Layer) -> _Layer:
    """Drop the states another beats: the same icons still needed and Dragon Island paid
    alike, no more Volume or Soundstones spent, at least as much gold."""
    groups: dict[tuple[int, ...], list[tuple[int, int, int, tuple[int, ...]]]] = {}
    for state, (gold, _, _) in layer.items():
        groups.setdefault(state[2:], []).append((state[0], state[1], -gold, state))
    kept: _Layer = {}
    for members in groups.values():
        if len(members) == 1:
            state = members[0][3]
            kept[state] = layer[state]
            continue
        members.sort()
        best: list[tuple[int, int, int]] = []
        for vol, stone, neg_gold, state in members:
            if any(v <= vol and st <= stone and g <= neg_gold for v, st, g in best):
                continue
            best.append((vol, stone, neg_gold))
            kept[state] = layer[state]
    return kept


def _better(a: Found, b: Found) -> bool:
    """``a`` ranks before ``b``: a higher key, or the same key and the earlier shape."""
    return a.key > b.key or (a.key == b.key and a.order < b.order)
