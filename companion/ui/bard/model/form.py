"""The lobby's form: who plays the Bard at a new table (this device's own until Start)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class NewTableForm:
    """The lobby's form: who plays the Bard (may stay empty)."""

    player: str = ""

    def set_player(self, name: str) -> None:
        name = name.strip()
        if len(name) > 40:
            raise ValueError("At most 40 letters")
        self.player = name


__all__ = ["NewTableForm"]
