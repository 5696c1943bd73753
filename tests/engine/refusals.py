"""Every engine's refusals, driven systematically: each tool's seeded player
(companion.tools.golden) plays a whole game; at states along it, every action the game
logged, every action kind of the engine's ACTIONS, is tried again as it was (out of its time)
and with each field changed to a wrong value in turn (another player, an unknown name, a
number out of range, an empty or doubled list, a nested value's field changed), and every
house-rule set is tried on the played game. What the engine says when it refuses is collected
for tests/words_check.py (issue 21).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any

from companion.engine.core.words import sentence
from companion.tables.registry import tools
from companion.tools.golden import SEED, players

#: Tools whose engine another helper is rewriting (none now: engine/seats is done).
SKIPPED: frozenset[str] = frozenset()
#: States of each played game the actions are tried on.
STATES = 10
#: Wrong whole numbers every int field is tried with (and the value either side of its own).
NUMBERS = (-1, 0, 1, 2, 3, 7, 99, 10_000)
#: Names no game knows (a player, a card, a place).
UNKNOWN = ("Zed", "")


def _extra_bard() -> list[Any]:
    from companion.engine.bard import Boast, ChangeSong

    return [Boast(), Boast(soundstones=1), ChangeSong((), moves=0, volume=0)]


def _extra_cove_goods() -> list[Any]:
    from companion.engine.cove_goods import ClearSale, Good, RemoveGood

    return [ClearSale(), RemoveGood(0, Good(3, "bards"))]


def _extra_mercante() -> list[Any]:
    from companion.engine.mercante import ChallengeSale, ContractCard, Correct
    from companion.engine.mercante.accounts import BidForHouse, ShowContract
    from companion.engine.mercante.tabletop import KeepContract, SetTally, TickEndTrigger

    card = ContractCard("one_luxury", ("art",), 3, 2)
    return [
        ChallengeSale(challenger="Ben", claimed=10),
        Correct(by="Anna", player="Ben", figure="crowns", value=5),
        BidForHouse(player="Anna", crowns=3),
        ShowContract(player="Anna", number=1, card=card),
        KeepContract(player="Anna", index=0, value=3),
        SetTally(player="Anna", field="vp", value=3),
        TickEndTrigger(trigger="reference_track", done=True),
    ]


def _extra_scorepad() -> list[Any]:
    from companion.engine import scorepad as sp

    return [
        sp.AddCategory("Gold"),
        sp.AddRow("Zed"),
        sp.AddTiebreaker("Most gold", True),
        sp.ClearScores(),
        sp.FlipTiebreaker(1),
        sp.SetGame("mercante"),
        sp.SetLowestWins(True),
        sp.MoveRow(1, 1),
        sp.MoveTiebreaker(1, 1),
        sp.RemoveCategory("Gold"),
        sp.SetScoring("manual"),
        sp.SetWinner(3, True),
        sp.SetEveryone(False),
        sp.RemoveRow(1),
        sp.RemoveTiebreaker(1),
        sp.ToggleStart(1),
    ]


def _extra_setup() -> list[Any]:
    from companion.engine import setup as st

    return [
        st.ChooseGame("merchants_cove"),
        st.ClearChoice(),
        st.ClearPins(),
        st.ResetChecklist(),
        st.SetBeast("kraken", True),
        st.SetCard("rogue", None),
        st.SetPin("paladins", "keep"),
        st.SetSeed(5),
        st.SetSize(None),
        st.Surprise(3),
    ]


#: Actions of the kinds a seeded game never plays, tried like the logged ones.
EXTRA: dict[str, typing.Callable[[], list[Any]]] = {
    "bard": _extra_bard,
    "cove_goods": _extra_cove_goods,
    "mercante": _extra_mercante,
    "scorepad": _extra_scorepad,
    "setup": _extra_setup,
}


def _spread(items: list[Any], count: int) -> list[Any]:
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def _strings(value: Any, found: set[str], depth: int = 0) -> None:
    """Every text in ``value`` (an action and what it holds), for the pool of names."""
    if depth > 4:
        return
    if isinstance(value, str):
        found.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _strings(getattr(value, f.name), found, depth + 1)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _strings(k, found, depth + 1)
            _strings(v, found, depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            _strings(v, found, depth + 1)


class Driver:
    """One tool's refusals: ``messages`` (distinct, as the player reads them), ``kinds`` (the
    action kinds that were refused at least once) and ``tried``."""

    def __init__(self, tool: str, seeds: tuple[int, ...] = (SEED, SEED + 1)) -> None:
        self.tool = tool
        self.rules = tools()[tool]
        self.messages: dict[str, str] = {}  # message -> what was tried
        self.kinds: set[str] = set()
        self.tried = 0
        self.crashes: dict[str, str] = {}
        player = players()[tool]
        self.games: list[tuple[Any, list[Any]]] = [player.play(seed) for seed in seeds]
        self.names: set[str] = set(UNKNOWN)
        for _game, actions in self.games:
            for a in actions:
                _strings(a, self.names)
        self.names = {n for n in self.names if len(n) < 40}
        #: The players' names: a field holding one is tried with the others and unknown ones.
        self.players = {p for game, _ in self.games for p in self.rules.players(game)}

    # -- trying ----------------------------------------------------------------------------
    def _refused(self, exc: Exception, what: str, kind: str) -> None:
        if isinstance(exc, ValueError):
            self.messages.setdefault(sentence(str(exc)), what)
            self.kinds.add(kind)
        else:
            self.crashes.setdefault(f"{type(exc).__name__}: {exc}", what)

    def _try(self, game: Any, make: typing.Callable[[], Any], what: str, kind: str) -> None:
        self.tried += 1
        try:
            action = make()
        except (TypeError, AttributeError):
            return  # a value of the wrong type: no screen can build it
        except ValueError as exc:  # refused when built (the screens build actions from input)
            self._refused(exc, what, kind)
            return
        try:
            game.verify(action)
        except Exception as exc:  # a crash is reported, not a message
            self._refused(exc, what, kind)

    def run(self) -> Driver:
        for start, actions in self.games:
            states = [start]
            for action in actions:
                states.append(states[-1].apply(action)[0])
            samples: dict[str, list[Any]] = {}
            for action in actions:
                samples.setdefault(action.kind, []).append(action)
            chosen = [a for group in samples.values() for a in _spread(group, 3)]
            chosen += EXTRA[self.tool]() if self.tool in EXTRA else []
            for game in _spread(states, STATES):
                for action in chosen:
                    self._try(game, lambda a=action: a, f"{action!r} again", action.kind)
                    for what, make in self.variants(action):
                        self._try(game, make, what, action.kind)
            self.house_rules(states[-1])
            self.house_rules(states[len(states) // 2])
        return self

    def house_rules(self, game: Any) -> None:
        change = self.rules.with_rules
        if change is None:
            return
        supported = _supported(game)
        for ruling in sorted(supported):
            for ids in (frozenset({ruling}), frozenset(supported - {ruling})):
                self.tried += 1
                try:
                    change(game, ids)
                except ValueError as exc:
                    self._refused(exc, f"house rules {sorted(ids)}", "house rules")

    # -- wrong values ----------------------------------------------------------------------
    def variants(self, action: Any) -> Iterator[tuple[str, typing.Callable[[], Any]]]:
        hints = typing.get_type_hints(type(action))
        for f in dataclasses.fields(action):
            if not f.init:
                continue
            value = getattr(action, f.name)
            for wrong in self.wrong(value, hints.get(f.name), depth=0):
                yield (
                    f"{type(action).__name__}.{f.name}={wrong!r}",
                    lambda f=f, wrong=wrong: dataclasses.replace(action, **{f.name: wrong}),
                )

    def wrong(self, value: Any, hint: Any, depth: int) -> Iterator[Any]:
        """Values of ``value``'s own type that a game may refuse."""
        if isinstance(value, bool):
            yield not value
        elif isinstance(value, int):
            yield from sorted({*NUMBERS, value - 1, value + 1} - {value})
        elif isinstance(value, str):
            names = self.names if value not in self.players else {*self.players, *UNKNOWN}
            for name in sorted(names):
                if name != value:
                    yield name
        elif value is None:
            yield from self.from_hint(hint)
        elif isinstance(value, (tuple, list)):
            kind = type(value)
            yield kind()
            if value:
                yield kind(value[:-1])
                yield kind((*value, value[0]))
                if depth < 2:
                    for i, item in enumerate(value[:3]):
                        for w in self.wrong(item, None, depth + 1):
                            yield kind((*value[:i], w, *value[i + 1 :]))
        elif isinstance(value, (set, frozenset)):
            yield type(value)()
            yield type(value)(self.names)
        elif isinstance(value, Mapping):
            yield {}
            if depth < 2:
                for key, item in list(value.items())[:4]:
                    for w in self.wrong(item, None, depth + 1):
                        yield {**value, key: w}
                    for name in sorted(self.names)[:6]:
                        yield {**value, name: item}
        elif dataclasses.is_dataclass(value) and depth < 2:
            for f in dataclasses.fields(value):
                if not f.init:
                    continue
                for w in self.wrong(getattr(value, f.name), None, depth + 1):
                    try:
                        yield dataclasses.replace(value, **{f.name: w})
                    except (TypeError, AttributeError):
                        continue
                    except ValueError as exc:
                        self._refused(exc, f"{type(value).__name__}.{f.name}={w!r}", "values")

    def from_hint(self, hint: Any) -> Iterator[Any]:
        """Some values for a field now None (``int | None``: numbers; a name: the names)."""
        args = typing.get_args(hint) if hint is not None else ()
        if typing.get_origin(hint) not in (typing.Union, types.UnionType):
            return
        for arg in args:
            if arg is int:
                yield from NUMBERS
            elif arg is str:
                yield from sorted(self.names)


def _supported(game: Any) -> frozenset[str]:
    rules = getattr(game, "rules", None) or getattr(game, "house_rules", None)
    supported = getattr(type(rules), "supported", None)
    if isinstance(supported, frozenset):
        return supported
    return frozenset()


def every_tool() -> list[str]:
    return sorted(t for t in players() if t not in SKIPPED)


__all__ = ["SKIPPED", "Driver", "every_tool"]
