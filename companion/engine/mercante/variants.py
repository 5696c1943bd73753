"""The optional rules and variants a table chooses when its game starts.

Unlike a house rule (another reading of an unclear passage, ``house.py``), a variant is a rule
the rulebook itself offers as optional: Alternate Five-Player Upkeep, Longer or Shorter Games,
Contractual Obligations, Vicious Accounting (with its additional treachery), Reversed
Auctions, Talk of Peace and the ones the app only explains (``data/mercante/variants.toml``).
A :class:`Variants` value is part of a game's start and never changes during the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from companion.engine.mercante.errors import MercanteError
from companion.engine.mercante.facts import facts, rules

ALTERNATE_FIVE_PLAYER_UPKEEP: Final = "alternate_five_player_upkeep"
LONGER_OR_SHORTER_GAMES: Final = "longer_or_shorter_games"
CONTRACTUAL_OBLIGATIONS: Final = "contractual_obligations"
VICIOUS_ACCOUNTING: Final = "vicious_accounting"
TREACHERY: Final = "treachery"
REVERSED_AUCTIONS: Final = "reversed_auctions"
TALK_OF_PEACE: Final = "talk_of_peace"

#: Variants whose choice needs more than on/off (a track, the teams): set by their own field.
_WITH_SETTINGS: Final = frozenset({LONGER_OR_SHORTER_GAMES, TALK_OF_PEACE})


class VariantError(MercanteError):
    """A variant that is unknown, does not fit the table, or is set up wrongly."""


def variant_ids() -> tuple[str, ...]:
    """Every optional rule and variant of the rulebook, in data order."""
    return tuple(v.id for v in facts().variants)


@dataclass(frozen=True)
class Variants:
    """The chosen variants: ``on`` (ids switched on), the ``reference_track`` used (Longer or
    Shorter Games: the player count whose track is on the table; ``None``: the table's own)
    and the Talk of Peace ``teams`` (pairs of names; empty: not played).

    Checked on its own here, and against the table by :meth:`check_table`.
    """

    on: frozenset[str] = frozenset()
    reference_track: int | None = None
    teams: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.on, str) or not isinstance(self.on, Iterable):
            raise VariantError(f"variants {self.on!r} must be a collection of variant ids")
        chosen = frozenset(self.on)
        known = variant_ids()
        for variant in sorted(chosen, key=repr):
            if variant not in known:
                raise VariantError(f"unknown variant {variant!r}: choose from {', '.join(known)}")
            if variant in _WITH_SETTINGS:
                raise VariantError(
                    f"variant {variant!r} is chosen by its settings (the reference track, "
                    "the teams), not switched on"
                )
            needs = facts().variant(variant).needs
            if needs is not None and needs not in chosen:
                raise VariantError(
                    f"variant {variant!r} goes with {needs!r}, which is not switched on"
                )
        object.__setattr__(self, "on", chosen)
        track = self.reference_track
        if track is not None:
            tracks = rules().variants.longer_or_shorter_games.tracks
            if isinstance(track, bool) or not isinstance(track, int) or track not in tracks:
                raise VariantError(
                    f"reference track {track!r}: the box holds tracks for "
                    f"{', '.join(map(str, tracks))} players"
                )
        teams = tuple(tuple(t) for t in self.teams)
        size = rules().variants.talk_of_peace.team_size
        for team in teams:
            if len(team) != size or not all(isinstance(n, str) and n.strip() for n in team):
                raise VariantError(f"team {team!r} must be {size} player names")
        object.__setattr__(self, "teams", teams)

    # -- switches --------------------------------------------------------------------------

    def uses(self, variant: str) -> bool:
        if variant == LONGER_OR_SHORTER_GAMES:
            return self.reference_track is not None
        if variant == TALK_OF_PEACE:
            return bool(self.teams)
        return variant in self.on

    @property
    def ids(self) -> tuple[str, ...]:
        """Every variant in play, in data order."""
        return tuple(v for v in variant_ids() if self.uses(v))

    @property
    def alternate_five_player_upkeep(self) -> bool:
        return ALTERNATE_FIVE_PLAYER_UPKEEP in self.on

    @property
    def contractual_obligations(self) -> bool:
        return CONTRACTUAL_OBLIGATIONS in self.on

    @property
    def vicious_accounting(self) -> bool:
        return VICIOUS_ACCOUNTING in self.on

    @property
    def treachery(self) -> bool:
        return TREACHERY in self.on

    @property
    def reversed_auctions(self) -> bool:
        return REVERSED_AUCTIONS in self.on

    @property
    def talk_of_peace(self) -> bool:
        return bool(self.teams)

    # -- against the table -----------------------------------------------------------------

    def check_table(self, seats: Sequence[str]) -> Variants:
        """``self`` if every variant fits ``seats`` (in turn order), else :class:`VariantError`
        naming the variant and the table."""
        names = tuple(seats)
        for variant in self.ids:
            sizes = facts().variant(variant).players
            if sizes and len(names) not in sizes:
                wanted = " or ".join(map(str, sizes))
                raise VariantError(
                    f"{facts().variant(variant).name} is for {wanted} players; "
                    f"this table has {len(names)}"
                )
        if self.reference_track is not None:
            step = rules().variants.longer_or_shorter_games.offset
            if abs(self.reference_track - len(names)) != step:
                raise VariantError(
                    f"Longer or Shorter Games uses the track of {step} player fewer or more: "
                    f"{len(names) - step} or {len(names) + step} for {len(names)} players, "
                    f"not {self.reference_track}"
                )
        if self.teams:
            placed = [n for team in self.teams for n in team]
            for name in placed:
                if name not in names:
                    raise VariantError(f"{name} is not seated at this table")
            if sorted(placed) != sorted(names) or len(set(placed)) != len(placed):
                raise VariantError(
                    f"Talk of Peace teams {list(self.teams)!r} must seat every player once"
                )
        return self

    def team_of(self, name: str) -> tuple[str, str] | None:
        """The Talk of Peace team ``name`` plays in (``None`` without the variant)."""
        return next((t for t in self.teams if name in t), None)

    def track_for(self, players: int) -> int:
        """The player count whose reference track is used at a table of ``players``."""
        return players if self.reference_track is None else self.reference_track

    # -- saving ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "on": sorted(self.on),
            "reference_track": self.reference_track,
            "teams": [list(t) for t in self.teams],
        }

    @classmethod
    def from_dict(cls, data: object) -> Variants:
        if not isinstance(data, Mapping):
            raise VariantError(f"variants {data!r} must be a mapping")
        unknown = sorted(set(data) - {"on", "reference_track", "teams"}, key=repr)
        if unknown:
            raise VariantError(f"unknown field {unknown[0]!r}")
        on = data.get("on", [])
        teams = data.get("teams", [])
        if isinstance(on, str) or not isinstance(on, list):
            raise VariantError(f"on: {on!r} must be a list of variant ids")
        if not isinstance(teams, list) or not all(isinstance(t, list) for t in teams):
            raise VariantError(f"teams: {teams!r} must be a list of pairs of names")
        return cls(
            on=frozenset(on),
            reference_track=data.get("reference_track"),
            teams=cast(tuple[tuple[str, str], ...], tuple(tuple(t) for t in teams)),
        )

    def __repr__(self) -> str:
        parts = []
        if self.on:
            listed = ", ".join(map(repr, sorted(self.on)))
            parts.append(f"on=frozenset({{{listed}}})")
        if self.reference_track is not None:
            parts.append(f"reference_track={self.reference_track!r}")
        if self.teams:
            parts.append(f"teams={self.teams!r}")
        return f"Variants({', '.join(parts)})"


NO_VARIANTS = Variants()
