"""The single game an older version kept in the settings (:data:`GAME_KEY`), read so it can
become a shared table once (:class:`MercanteState` is that old screen's state)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core.saves import SaveFormat
from companion.engine.mercante import (
    KeepContract,
    MercanteError,
    MercanteGame,
    MercanteTable,
    SetTally,
    TickEndTrigger,
    TickSetupStep,
    contracts_kept,
    facts,
)
from companion.ui.mercante.model.form import NewGameForm
from companion.ui.mercante.model.sale import SaleDraft
from companion.ui.mercante.model.shipment import ShipmentDraft
from companion.ui.mercante.model.tally import TALLY_FIELDS, TallyDraft, parse_figure
from companion.ui.model.old_save import damaged_key, replay_game, saved_play

GAME_KEY = "mercante_game"
#: A custom event card being written, with the card it belongs to.
EVENT_DRAFT_KEY = "mercante_event_draft"
#: The printed market values last entered: the board is the same in every game, so a new
#: game offers them again instead of asking for forty numbers twice.
PRINTED_KEY = "mercante_printed"
#: A saved game that could not be read is kept here (never silently destroyed).
DAMAGED_KEY = damaged_key(GAME_KEY)
STATE_FORMAT = "companion.mercante.screen"
STATE_VERSION = 1


class StateError(ValueError):
    """Saved screen state that cannot be read back; the message says what is wrong."""


_SCREEN_SAVE = SaveFormat(STATE_FORMAT, STATE_VERSION, StateError, what="the saved Mercante game")


# -- the whole screen's state ------------------------------------------------------------------


@dataclass
class MercanteState:
    """The game in progress (or the new-game form) and the drafts beside it."""

    game: MercanteGame | None = None
    form: NewGameForm = field(default_factory=NewGameForm)
    sale: SaleDraft = field(default_factory=SaleDraft)
    tally: TallyDraft = field(default_factory=TallyDraft)
    kept: dict[str, list[int]] = field(default_factory=dict)  # contracts kept at setup
    shipment: ShipmentDraft = field(default_factory=lambda: ShipmentDraft())
    saved_play: int | None = None
    setup_ticks: list[str] = field(default_factory=list)  # ids of setup steps done

    def start(self, game: MercanteGame) -> None:
        """Begin ``game``: fresh drafts for its seats."""
        self.game = game
        self.sale = SaleDraft()
        self.tally = TallyDraft.for_seats(game.seats)
        self.kept = {}
        self.shipment = ShipmentDraft()
        self.saved_play = None
        self.setup_ticks = []

    def to_dict(self) -> dict[str, Any]:
        return {
            **_SCREEN_SAVE.header(),
            "game": None if self.game is None else self.game.to_dict(),
            "form": self.form.to_dict(),
            "sale": self.sale.to_dict(),
            "tally": self.tally.to_dict(),
            "kept": {n: list(v) for n, v in self.kept.items()},
            "shipment": self.shipment.to_dict(),
            "saved_play": self.saved_play,
            "setup_ticks": list(self.setup_ticks),
        }

    @classmethod
    def from_dict(cls, data: object) -> MercanteState:
        """Read the saved screen back. ``None`` (never saved) is an empty state; a game that
        cannot be replayed raises :class:`StateError` saying why."""
        if data is None:
            return cls()
        data = _SCREEN_SAVE.check_header(data)
        state = cls(form=NewGameForm.from_dict(data.get("form")))
        raw_game = data.get("game")
        if raw_game is not None:
            state.game = replay_game(
                MercanteGame.from_dict, raw_game, rules_error=MercanteError, error=StateError
            )
            seats = state.game.seats
            state.sale = SaleDraft.from_dict(data.get("sale"))
            state.tally = TallyDraft.from_dict(data.get("tally"), seats)
            kept = data.get("kept")
            values = {v.crowns for v in facts().deck.value}
            if isinstance(kept, Mapping):
                for name, value in kept.items():
                    listed = [value] if isinstance(value, int) else value  # one contract, saved
                    if name in seats and isinstance(listed, list):
                        chosen = [v for v in listed if isinstance(v, int) and v in values]
                        if chosen:
                            state.kept[name] = chosen[:3]
            state.shipment = ShipmentDraft.from_dict(data.get("shipment"))
            state.saved_play = saved_play(data.get("saved_play"))
            ticks = data.get("setup_ticks", [])  # absent in saves made before it existed
            if isinstance(ticks, list):
                state.setup_ticks = [t for t in ticks if isinstance(t, str)][:200]
        return state

    def as_table(self) -> MercanteTable | None:
        """The game as a shared table: its moves, then the contracts kept, the setup steps
        ticked, the tally's figures and the end triggers noted, each as a table action (so
        the table's log can be replayed step by step). A figure that does not read on its own
        (a half-typed field) is left out; None when there is no game."""
        if self.game is None:
            return None
        game = self.game
        table = MercanteTable.new(game.start)
        for record in game.log:
            table = table.apply(record.action)[0]
        steps = [
            *(
                KeepContract(name, i, value)
                for name, values in self.kept.items()
                for i, value in enumerate(values[: contracts_kept(variants=game.variants)])
            ),
            *(TickSetupStep(step) for step in dict.fromkeys(self.setup_ticks)),
            *(TickEndTrigger(t) for t in sorted(self.tally.ticked)),
        ]
        if self.tally.matches(game.seats):
            for row in self.tally.rows:
                for name, _ in TALLY_FIELDS:
                    try:
                        value = parse_figure(name, row.get(name))
                    except ValueError:
                        continue
                    if value is not None and value != ():
                        steps.append(SetTally(row.name, name, value))
        for action in steps:
            if table.can_apply(action):
                table = table.apply(action)[0]
        return table


def read_old_save(raw: object) -> MercanteTable | None:
    """The game an older version kept under :data:`GAME_KEY`, as a table to replay (None when
    there was none, or it was saved to history already: it lives on there). A save that cannot
    be read raises :class:`StateError` saying why."""
    state = MercanteState.from_dict(raw)
    if state.game is None or state.saved_play is not None:
        return None
    return state.as_table()


def form_of_old_save(raw: object) -> NewGameForm:
    """The new-game form an older version kept with its game (lenient: only a form)."""
    return NewGameForm.from_dict(raw.get("form") if isinstance(raw, Mapping) else None)


__all__ = [
    "DAMAGED_KEY",
    "EVENT_DRAFT_KEY",
    "GAME_KEY",
    "PRINTED_KEY",
    "STATE_FORMAT",
    "STATE_VERSION",
    "MercanteState",
    "StateError",
    "form_of_old_save",
    "read_old_save",
]
