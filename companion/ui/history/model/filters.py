"""History's game and player filters, remembered between visits (a setting)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

FILTER_KEY = "history_filter"
ALL = "__all__"  # the dropdowns' "All games" / "All players"


@dataclass
class HistoryFilter:
    """The game and the player the lists and the statistics are narrowed to (None: all)."""

    game: str | None = None
    player: str | None = None

    @classmethod
    def from_setting(
        cls, saved: Any, games: Iterable[str], players: Iterable[str]
    ) -> HistoryFilter:
        """The filters saved before, each only while its game or player is still there."""
        saved = saved if isinstance(saved, dict) else {}
        game, player = saved.get("game"), saved.get("player")
        return cls(
            game=game if game in set(games) else None,
            player=player if player in set(players) else None,
        )

    def to_setting(self) -> dict[str, str | None]:
        return {"game": self.game, "player": self.player}

    def pick_game(self, value: str | None) -> None:
        self.game = None if value in (None, ALL) else value

    def pick_player(self, value: str | None) -> None:
        self.player = None if value in (None, ALL) else value


__all__ = ["ALL", "FILTER_KEY", "HistoryFilter"]
