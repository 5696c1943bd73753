"""History's filters (game, player, module, expansion), remembered between visits (a
setting), and the choices each one offers."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

FILTER_KEY = "history_filter"
ALL = "__all__"  # the dropdowns' "All games" / "All players" / "Any module"


def _letters(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def alphabetical(names: Iterable[str]) -> list[str]:
    """Players as a list to pick from: by name, ignoring case and accents (issue 21), each
    once."""
    return sorted(dict.fromkeys(names), key=lambda n: (_letters(n), n))


@dataclass
class HistoryFilter:
    """The game, player, module and expansion the lists and the statistics are narrowed to
    (None: all). A module or an expansion belongs to a game: they are offered (and kept)
    only while a game is chosen."""

    game: str | None = None
    player: str | None = None
    module: str | None = None
    expansion: str | None = None

    @classmethod
    def from_setting(
        cls,
        saved: Any,
        games: Iterable[str],
        players: Iterable[str],
        features: Iterable[tuple[str, str]] = (),
    ) -> HistoryFilter:
        """The filters saved before, each only while its game, player, module or expansion
        (``features``: the chosen game's (kind, value) pairs) is still there."""
        saved = saved if isinstance(saved, dict) else {}
        game, player = saved.get("game"), saved.get("player")
        known = set(features)
        game = game if game in set(games) else None
        module, expansion = saved.get("module"), saved.get("expansion")
        return cls(
            game=game,
            player=player if player in set(players) else None,
            module=module if game and ("module", module) in known else None,
            expansion=expansion if game and ("expansion", expansion) in known else None,
        )

    def to_setting(self) -> dict[str, str | None]:
        return {
            "game": self.game,
            "player": self.player,
            "module": self.module,
            "expansion": self.expansion,
        }

    def pick_game(self, value: str | None) -> None:
        game = None if value in (None, ALL) else value
        if game != self.game:
            self.module = self.expansion = None  # another game's modules mean nothing here
        self.game = game

    def pick_player(self, value: str | None) -> None:
        self.player = None if value in (None, ALL) else value

    def pick_module(self, value: str | None) -> None:
        self.module = None if value in (None, ALL) or self.game is None else value

    def pick_expansion(self, value: str | None) -> None:
        self.expansion = None if value in (None, ALL) or self.game is None else value

    @property
    def narrowed(self) -> bool:
        return any((self.game, self.player, self.module, self.expansion))

    def query(self) -> dict[str, str | None]:
        """The store's ``list_plays``/``count_plays`` filters."""
        return {
            "game": self.game,
            "player": self.player,
            "module": self.module,
            "expansion": self.expansion,
        }


__all__ = ["ALL", "FILTER_KEY", "HistoryFilter", "alphabetical"]
