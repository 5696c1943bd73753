"""The best songs from a start: an exact planner over the engine's own performances.

:func:`plan` answers "what is my best song?" for a :class:`~companion.engine.bard.song.Song`
(the tableau, Volume, Movement and player board) on a
:class:`~companion.engine.bard.main_board.Table` (the main board). Each :class:`Plan` it returns
is a sequence of the engine's performances, replayed through
:func:`~companion.engine.bard.song.sing` before it is returned, so its gold and working are
the engine's own.

How it stays exact without trying every sequence:

- **Order does not matter beyond three rules**, so one order is enough: Piers first (a card
  bought before a Rune or a Badge is placed costs least), then Faction Halls (a Rune placed
  earlier lets Dragon Island sing to that colour), the Town Square, Dragon Island last.
- **A song's shape** (which Piers, which halls take a Rune, fans, which side of Dragon
  Island, which halls it sings for under the rule text) fixes everything but the icons. Pier
  and Dragon Island gold is linear in icons, so an icon source not needed elsewhere goes to the
  location that pays most for its colour; halls, fans and (rule text) Dragon Island are
  thresholds of a few icons.
- **For each shape**, a dynamic programme over the sources (memoised on Volume spent,
  Soundstones spent, the icons each threshold still needs, and whether Dragon Island has paid)
  finds the most gold for every way of keeping Volume and Soundstones.
- **Shapes are tried best bound first**: a bound that assumes every source earns its most,
  less the least each threshold must cost; a shape whose bound cannot reach the plans to show
  is never solved. Inside a shape, a partial solution is dropped when another (or a plan
  already found) is at least as good on every count.

Ranking: goals first (as constraints, or as preferences with ``strict=False``), then the most
gold (after paying for cards), then Runes placed, fans gained, Volume kept, Soundstones kept
and a Creature card: each plan says which of these put it ahead. Alternatives are the next
best *distinct* outcomes (the best of each, never one that another beats on every count),
each with what it gains or gives up against the best (``−6 gold``, ``+1 fan``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.engine.bard.actions import (
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    HallSong,
    Performance,
    Spend,
)
from companion.engine.bard.errors import CountError, GoldError, UnknownNameError
from companion.engine.bard.facts import facts
from companion.engine.bard.main_board import Table
from companion.engine.bard.records import Record
from companion.engine.bard.search import DRAGON_ISLAND, KEY_NAMES, TOWN_SQUARE, Found, Search
from companion.engine.bard.song import Song, sing
from companion.engine.bard.values import check_faction, check_instance, plural
from companion.engine.core.numbers import whole
from companion.engine.core.words import listed, minus, signed

__all__ = ["KEY_NAMES", "Goals", "Plan", "plan"]


# -- goals ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Goals:
    """What the player wants from the song besides gold.

    ``runes``: halls that must receive one of your Runes (faction ids); ``most_runes``: as
    many Runes as possible, before gold; ``fans``: at least this many fans; ``boast``: keep 3
    Volume and Boast at the end; ``cards``: buy this many cards at Piers; ``soundstones``:
    keep at least this many Soundstones. With ``strict`` (the default) a plan must meet every
    goal; otherwise plans that meet more goals rank first.
    """

    runes: frozenset[str] = frozenset()
    most_runes: bool = False
    fans: int = 0
    boast: bool = False
    cards: int = 0
    soundstones: int = 0
    strict: bool = True

    def __post_init__(self) -> None:
        bard = facts()
        if isinstance(self.runes, str) or not isinstance(self.runes, Iterable):
            raise UnknownNameError(f"goal runes {self.runes!r} must be a set of halls")
        runes = frozenset(
            check_faction(
                r.removesuffix("_hall") if isinstance(r, str) else r, what="hall in goal runes"
            )
            for r in self.runes
        )
        object.__setattr__(self, "runes", runes)
        for name in ("most_runes", "boast", "strict"):
            if not isinstance(getattr(self, name), bool):
                raise CountError(f"goal {name} is True or False, got {getattr(self, name)!r}")
        whole(self.fans, "goal fans", CountError, least=0, most=bard.badges.count)
        whole(
            self.cards,
            "goal cards",
            CountError,
            least=0,
            most=len(bard.piers()) * bard.pier.cards_per_visit,
        )
        whole(
            self.soundstones, "goal soundstones", CountError, least=0, most=bard.soundstone.tokens
        )

    @property
    def count(self) -> int:
        """How many goals are set (each hall of ``runes`` is one)."""
        return (
            len(self.runes)
            + (self.fans > 0)
            + self.boast
            + (self.cards > 0)
            + (self.soundstones > 0)
        )

    def describe(self) -> tuple[str, ...]:
        """Each goal in words, in a fixed order."""
        bard = facts()
        out = [
            f"a Rune in the {bard.faction_named(h).hall}"
            for h in bard.faction_ids
            if h in self.runes
        ]
        if self.most_runes:
            out.append("as many Runes as possible")
        if self.fans:
            out.append(f"at least {plural(self.fans, 'fan')}")
        if self.boast:
            out.append(f"keep {bard.volume.boast_cost} Volume and Boast")
        if self.cards:
            out.append(f"buy {plural(self.cards, 'card')}")
        if self.soundstones:
            out.append(f"keep {plural(self.soundstones, 'Soundstone')}")
        return tuple(out)


# -- plans ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """One song: the engine's performances in order (then a Boast when ``boast``), replayed.

    ``gold`` is what the song earns (``sing(song, plan.performances)`` earns it too; from a
    song part-sung, what the plan adds to it),
    ``paid`` what its cards cost and ``net`` the difference, which plans are ranked by.
    ``decided_by`` names the part of the ranking that puts this plan ahead of the next plan
    shown (:data:`KEY_NAMES`: ``"gold"`` when it earns more, ``"Runes placed"`` when the gold
    ties and it places more Runes...; ``"order"`` when they are equal on every count; None for
    the last plan shown, and for the best when nothing else can be sung);
    ``changes`` says what it gains or gives up against the best plan (empty for the best).
    """

    performances: tuple[Performance, ...]
    boast: bool
    gold: int
    paid: int
    net: int
    runes: tuple[str, ...]
    fans: int
    volume_left: int
    soundstones_left: int
    creature: bool
    cards: int
    goals_met: tuple[str, ...]
    goals_missed: tuple[str, ...]
    decided_by: str | None
    changes: tuple[str, ...]
    song: Song = field(repr=False, compare=False)
    records: tuple[Record, ...] = field(repr=False, compare=False)

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(p.location for p in self.performances)

    @property
    def summary(self) -> str:
        """``32 gold from Warrior Hall, Town Square and Dragon Island, then a Boast``; ``0 gold,
        singing nowhere``."""
        names = [facts().location_named(loc).name for loc in self.locations]
        where = f"from {listed(names)}" if names else ", singing nowhere"
        boast = ", then a Boast" if self.boast else ""
        return f"{minus(self.net)} gold {where}{boast}".replace(" ,", ",")


# -- the public call --------------------------------------------------------------------------


def plan(song: Song, table: Table, *, top: int = 3, goals: Goals | None = None) -> tuple[Plan, ...]:
    """The best ``top`` distinct songs from ``song`` as it stands on ``table``, best first.

    Empty when the goals cannot all be met (``strict`` goals). Every plan has been sung
    through :func:`~companion.engine.bard.song.sing`: its performances are legal and earn its
    ``gold`` (so under the house rule of ruling ``bard.card_gold`` a plan buying a card before
    the song has earned its price is left out).
    """
    check_instance("song", song, Song)
    check_instance("table", table, Table)
    whole(top, "top", CountError, least=1, most=20)
    goals = Goals() if goals is None else goals
    if not isinstance(goals, Goals):
        raise UnknownNameError(f"goals must be Goals, got {goals!r}")
    search = Search(song, table, goals, top)
    ranked: list[Found] = []
    sung: list[tuple[tuple[Performance, ...], Song, tuple[Record, ...]]] = []
    for out in search.run():
        performances = _performances(search, out)
        try:
            after, records = sing(song, performances, boast=out.boast)
        except GoldError:
            continue  # a card the song cannot pay for yet (the house rule bard.card_gold)
        ranked.append(out)
        sung.append((performances, after, records))
    found = ranked[:top]
    names = search.key_names()
    plans: list[Plan] = []
    described = goals.describe()
    for rank, out in enumerate(found):
        performances, after, records = sung[rank]
        # A song part-sung already earned its gold: the plan is what it adds.
        earned, paid = after.gold - song.gold, after.card_costs - song.card_costs
        if earned != out.gold or paid != out.paid:
            raise AssertionError(  # pragma: no cover - the engine and the planner disagree
                f"planned {out.gold} gold (cards {out.paid}), the song earns {earned} "
                f"(cards {paid}): {performances!r}"
            )
        nxt = ranked[rank + 1] if rank + 1 < len(ranked) else None
        decided = _decided(out, nxt, names)
        met, missed = _goals_split(goals, out, described)
        plans.append(
            Plan(
                performances=performances,
                boast=out.boast,
                gold=out.gold,
                paid=out.paid,
                net=out.gold - out.paid,
                runes=tuple(h for h in facts().faction_ids if h in out.runes),
                fans=out.fans,
                volume_left=out.volume_left,
                soundstones_left=out.stones_left,
                creature=out.creature,
                cards=out.cards,
                goals_met=met,
                goals_missed=missed,
                decided_by=decided,
                changes=_changes(found[0], out) if rank else (),
                song=after,
                records=records,
            )
        )
    return tuple(plans)


def _decided(out: Found, nxt: Found | None, names: Sequence[str]) -> str | None:
    if nxt is None:
        return None
    for name, a, b in zip(names, out.key, nxt.key, strict=True):
        if a != b:
            return name
    return "order"


def _goals_split(
    goals: Goals, out: Found, described: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    bard = facts()
    met: list[str] = []
    missed: list[str] = []
    i = 0
    for h in bard.faction_ids:
        if h in goals.runes:
            (met if h in out.runes else missed).append(described[i])
            i += 1
    if goals.most_runes:
        i += 1
    checks = []
    if goals.fans:
        checks.append(out.fans >= goals.fans)
    if goals.boast:
        checks.append(out.boast)
    if goals.cards:
        checks.append(out.cards >= goals.cards)
    if goals.soundstones:
        checks.append(out.stones_left >= goals.soundstones)
    for ok in checks:
        (met if ok else missed).append(described[i])
        i += 1
    return tuple(met), tuple(missed)


def _changes(best: Found, out: Found) -> tuple[str, ...]:
    """What ``out`` gains or gives up against ``best``, in words."""
    bard = facts()
    bits: list[str] = []
    gold = (out.gold - out.paid) - (best.gold - best.paid)
    if gold:
        bits.append(f"{signed(gold)} gold")
    for h in bard.faction_ids:
        if h in out.runes and h not in best.runes:
            bits.append(f"+1 Rune ({bard.faction_named(h).hall})")
        elif h in best.runes and h not in out.runes:
            bits.append(f"−1 Rune ({bard.faction_named(h).hall})")
    for diff, one, many in (
        (out.fans - best.fans, "fan", "fans"),
        (out.volume_left - best.volume_left, "Volume", "Volume"),
        (out.stones_left - best.stones_left, "Soundstone", "Soundstones"),
        (out.cards - best.cards, "card", "cards"),
    ):
        if diff:
            bits.append(f"{signed(diff)} {one if abs(diff) == 1 else many}")
    if out.creature != best.creature:
        bits.append("+1 Creature card" if out.creature else "−1 Creature card")
    if out.boast != best.boast:
        bits.append("+ Boast" if out.boast else "no Boast")
    return tuple(bits)


# -- from an outcome to performances ---------------------------------------------------------


def _choices(search: Search, out: Found) -> list[int]:
    """Each source's choice on the way to the outcome's state (0: kept)."""
    picks = [0] * len(search.srcs)
    state: tuple[int, ...] | None = out.state
    for i in range(len(search.srcs), 0, -1):
        assert state is not None
        _, prev, choice = out.layers[i][state]
        picks[i - 1] = choice
        state = prev
    return picks


def _performances(search: Search, out: Found) -> tuple[Performance, ...]:
    """The performances that sing ``out``, in the planner's order."""
    problem, shape = out.problem, out.problem.shape
    table, srcs = search.table, search.srcs
    at: dict[str, list[Spend]] = {}
    island: dict[str, list[Spend]] = {}
    coins_on_island: list[Spend] = []
    for s, choice in zip(srcs, _choices(search, out), strict=True):
        if choice == 0:
            continue
        if choice == 1:
            where, colour = problem.sink[s.index]
            if s.coin:
                if where == DRAGON_ISLAND:
                    coins_on_island.append(Spend(s.id))
                else:
                    at.setdefault(where, []).append(Spend(s.id))
            elif where == DRAGON_ISLAND:
                island.setdefault(colour, []).append(Spend(s.id, colour if s.wild else None))
            else:
                at.setdefault(where, []).append(Spend(s.id, colour if s.wild else None))
        elif choice == 2:
            hall = problem.linear.alt_hall[s.index]
            island.setdefault(hall, []).append(Spend(s.id, hall if s.wild else None))
        else:
            t = problem.thresholds[choice - 3]
            if t.kind == "hall":
                assert t.hall is not None
                where = search.bard.hall_of(t.hall).id
                at.setdefault(where, []).append(Spend(s.id, t.hall if s.wild else None))
            elif t.kind == "square":
                at.setdefault(TOWN_SQUARE, []).append(Spend(s.id))
            else:
                assert t.hall is not None
                island.setdefault(t.hall, []).append(Spend(s.id, t.hall if s.wild else None))
    out_perfs: list[Performance] = []
    paladin_of = dict(shape.paladins)
    for p in shape.piers:
        out_perfs.append(
            AtPier(
                p,
                tuple(at.get(p, ())),
                adventurers={c: n for c, n in table.pier(p).items() if n},
                buy_card=p in shape.cards,
                paladins=table.paladins(p),
                paladin_colour=paladin_of.get(p),
            )
        )
    for h in shape.halls:
        loc = search.bard.hall_of(h).id
        out_perfs.append(AtFactionHall(h, tuple(at.get(loc, ())), adventurers=table.hall(h)))
    if shape.fans:
        out_perfs.append(AtTownSquare(tuple(at.get(TOWN_SQUARE, ())), fans=shape.fans))
    if shape.side is not None:
        side = table.side(shape.side)
        if search.text:
            halls = list(shape.sung)
        else:
            halls = [h for h in search.order if h in island]
            if not halls:
                runes = search.song.board.runes | set(shape.halls)
                halls = [next(h for h in search.order if h in runes)]
        songs = []
        for j, h in enumerate(halls):
            spend = list(island.get(h, ()))
            if j == 0:
                spend += coins_on_island
            songs.append(
                HallSong(
                    h,
                    tuple(spend),
                    side_adventurers=side[h],
                    hall_adventurers=table.hall(h) if search.text else None,
                )
            )
        out_perfs.append(AtDragonIsland(shape.side, tuple(songs)))
    return tuple(out_perfs)
