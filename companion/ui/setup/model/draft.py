"""What one device is doing on a setup table and nobody else sees: the seed being typed, the
steps whose source is open, why Surprise me could not draw. Kept in the session
(``ctx.live.draft``), never in the table, so pushes from other phones leave it alone."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.setup import SeedError, SetupGame, parse_seed

SEED_PROBLEM = "Digits only, at most 12"


@dataclass
class SetupDraft:
    seed_text: str | None = None  # what this device typed (None: the field shows the table's)
    seed_problem: str | None = None
    surprise_problem: str | None = None
    open_steps: set[str] = field(default_factory=set)
    page: str | None = None  # the page this device last had open ("choose", "checklist")

    def type_seed(self, text: str) -> int | None:
        """The field's new text: its seed, or None (and the field's error) when not a seed."""
        self.seed_text = text
        try:
            seed = parse_seed(text)
        except SeedError:
            self.seed_problem = SEED_PROBLEM
            return None
        self.seed_problem = None
        return seed

    def seed(self, game: SetupGame) -> int | None:
        """The seed a draw uses: the one typed here, else the table's (None: typed wrong)."""
        if self.seed_text is None:
            return game.seed
        if self.seed_problem is not None:
            return None
        return parse_seed(self.seed_text)

    def seed_shown(self, game: SetupGame) -> str:
        return str(game.seed) if self.seed_text is None else self.seed_text

    def settle_seed(self) -> None:
        """The table has the seed now (or a new one): the field shows the table's again."""
        self.seed_text = None
        self.seed_problem = None

    def toggle_details(self, step_id: str) -> None:
        self.open_steps.symmetric_difference_update({step_id})


__all__ = ["SEED_PROBLEM", "SetupDraft"]
