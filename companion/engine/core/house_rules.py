"""House rules: the rulings whose *alternative* reading a table has switched on.

Settings stores one list of ruling ids for every tool (the id of a ruling in
``data/<tool>/rulings.toml`` whose ``alternative`` the group plays by). Each tool that can
play by some of those alternatives subclasses :class:`HouseRuleSet`, naming the ids it
supports and the error an unknown id raises, and adds properties that read its own switches.
An id stored before its ruling was renamed reads as the current one
(:func:`companion.rules.renamed.current_ruling_ids`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Self

from companion.rules.renamed import current_ruling_ids


@dataclass(frozen=True)
class HouseRuleSet:
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    alternatives: frozenset[str] = frozenset()

    #: The ruling ids whose alternative this tool can play by.
    supported: ClassVar[frozenset[str]] = frozenset()
    #: What a bad id (or a bad collection of them) raises.
    error: ClassVar[type[ValueError]] = ValueError
    #: How the message for a lone string instead of a collection names the ids.
    ids_named: ClassVar[str] = "ruling ids"

    def __post_init__(self) -> None:
        if isinstance(self.alternatives, str):
            raise self.error(
                f"house rules {self.alternatives!r} must be a collection of {self.ids_named}"
            )
        # Ids stored before a ruling was renamed read as today's (companion.rules.renamed).
        chosen = frozenset(current_ruling_ids(self.alternatives))
        for ruling_id in sorted(chosen, key=repr):
            if ruling_id not in self.supported:
                raise self.error(
                    f"unknown house rule {ruling_id!r}: "
                    f"choose from {', '.join(sorted(self.supported))}"
                )
        object.__setattr__(self, "alternatives", chosen)

    @classmethod
    def of(cls, *ruling_ids: str) -> Self:
        return cls(frozenset(ruling_ids))

    @classmethod
    def from_house_rules(cls, ids: Iterable[object]) -> Self:
        """This tool's switches among the ids Settings stores for every tool (other tools'
        ids are not ours to judge, so they are left out rather than refused)."""
        current = current_ruling_ids(ids)
        return cls(frozenset(i for i in current if isinstance(i, str) and i in cls.supported))

    def uses(self, ruling_id: str) -> bool:
        """True when the table plays by the alternative reading of ``ruling_id``."""
        return ruling_id in self.alternatives

    def to_list(self) -> list[str]:
        return sorted(self.alternatives)

    @classmethod
    def from_list(cls, ids: Iterable[str]) -> Self:
        if isinstance(ids, str) or not isinstance(ids, Iterable):
            raise cls.error(f"house rules {ids!r} must be a list of ruling ids")
        return cls(frozenset(ids))

    def __repr__(self) -> str:
        name = type(self).__name__
        if not self.alternatives:
            return f"{name}()"
        return f"{name}.of({', '.join(repr(i) for i in sorted(self.alternatives))})"


__all__ = ["HouseRuleSet"]
