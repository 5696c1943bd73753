"""Ranking players from their scores: shared places for ties, ordered tie-breakers.

Used by the score pad, the history (ranks and winners of a saved play) and by game-specific
tallies such as Mercante's final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace


class StandingsError(ValueError):
    """The entries cannot be ranked (a name repeats, or tie-breaker values do not line up)."""


@dataclass(frozen=True)
class TieBreak:
    """A tie-breaker, applied in order when scores are equal (``higher_wins`` or lowest wins)."""

    name: str
    higher_wins: bool = True


@dataclass(frozen=True)
class Entry:
    """One player's result: a score and, in tie-breaker order, the tie-breaker values.

    A tie-breaker value of ``None`` (not entered) never wins a tie-break.
    """

    name: str
    score: int
    tiebreaks: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class Standing:
    """A player's place: ``rank`` 1 is best; tied players share a rank (1, 1, 3)."""

    name: str
    score: int
    rank: int
    winner: bool
    shared: bool
    decided_by: str | None = None
    tiebreaks: tuple[int | None, ...] = field(default=())


def _key(entry: Entry, highest_wins: bool, tiebreaks: Sequence[TieBreak]) -> tuple[float, ...]:
    # Smaller keys sort first (better).
    parts: list[float] = [-entry.score if highest_wins else entry.score]
    for value, breaker in zip(entry.tiebreaks, tiebreaks, strict=False):
        if value is None:
            parts.append(float("inf"))
        else:
            parts.append(-value if breaker.higher_wins else value)
    parts.extend(float("inf") for _ in range(len(tiebreaks) - len(entry.tiebreaks)))
    return tuple(parts)


def rank(
    entries: Sequence[Entry],
    *,
    highest_wins: bool = True,
    tiebreaks: Sequence[TieBreak] = (),
    victory_only: bool = False,
) -> list[Standing]:
    """Order ``entries`` best first.

    Players are separated first by score, then by each tie-breaker in turn; players still
    equal after the last tie-breaker share the place (standard competition ranking: 1, 1, 3).
    ``decided_by`` names the tie-breaker that separated a player from an equal score, if any.

    ``victory_only``: the tie-breakers decide the victory only (a game's rule, e.g.
    Mercante's): the winners are found as above, and every other player's place is one after
    the winners and everyone with a better score, shared with equal scores, whatever their
    tie-breaker figures.
    """
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        raise StandingsError(f"player names must be unique, repeated: {repeated!r}")
    for e in entries:
        if len(e.tiebreaks) > len(tiebreaks):
            raise StandingsError(
                f"entry {e.name!r} has {len(e.tiebreaks)} tie-breaker values "
                f"for {len(tiebreaks)} tie-breakers"
            )
    keyed = sorted(
        ((_key(e, highest_wins, tiebreaks), i, e) for i, e in enumerate(entries)),
        key=lambda t: (t[0], t[1]),
    )
    keys = [k for k, _, _ in keyed]
    standings: list[Standing] = []
    for key, _, entry in keyed:
        place = keys.index(key) + 1
        standings.append(
            Standing(
                name=entry.name,
                score=entry.score,
                rank=place,
                winner=place == 1,
                shared=keys.count(key) > 1,
                decided_by=_deciding_breaker(key, keys, tiebreaks),
                tiebreaks=entry.tiebreaks,
            )
        )
    if victory_only:
        return _victory_only(standings, entries, highest_wins)
    return standings


def _victory_only(
    standings: list[Standing], entries: Sequence[Entry], highest_wins: bool
) -> list[Standing]:
    """Standings whose tie-breakers decided only the victory: every other player's place is
    one after the winners and everyone with a better score, shared with equal scores; in a
    shared place players keep the entries' order."""
    winners = [s for s in standings if s.winner]
    won = {s.name for s in winners}
    decided = winners[0].decided_by if winners else None
    others = [e for e in entries if e.name not in won]
    order = {e.name: i for i, e in enumerate(entries)}

    def better(score: int, than: int) -> bool:
        return score > than if highest_wins else score < than

    settled: list[Standing] = []
    for standing in standings:
        if standing.name in won:
            settled.append(standing)
            continue
        ahead = len(winners) + sum(1 for e in others if better(e.score, standing.score))
        equal = sum(1 for e in others if e.score == standing.score)
        top = bool(winners) and standing.score == winners[0].score
        settled.append(
            replace(
                standing,
                rank=ahead + 1,
                shared=equal > 1,
                decided_by=decided if top else None,
            )
        )
    settled.sort(key=lambda s: (s.rank, order[s.name]))
    return settled


def _deciding_breaker(
    key: tuple[float, ...], keys: list[tuple[float, ...]], tiebreaks: Sequence[TieBreak]
) -> str | None:
    """The last tie-breaker needed to separate ``key`` from every other equal score.

    ``None`` when no other player has the same score, or when only identical keys remain.
    """
    deepest = 0
    for other in keys:
        if other == key or other[0] != key[0]:
            continue
        level = next(i for i in range(1, len(key)) if other[i] != key[i])
        deepest = max(deepest, level)
    return tiebreaks[deepest - 1].name if deepest else None
