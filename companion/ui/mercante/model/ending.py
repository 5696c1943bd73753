"""The end of a game the app keeps, in words (no flet): the end triggers a player notes, each
player's end-game steps (the bazaar sale of the goods left, then victory points at 10 crowns),
and the tally the app works out with its working (issue 20).

What a phone is choosing (the goods left it lists, the victory points it would buy) stays on
that phone (:class:`~.draft.MercanteDrafts`); every step sent is an action of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.engine.mercante import (
    FinalPurchase,
    FinalSale,
    FinalTally,
    MercanteError,
    MercanteGame,
    NoteEndTrigger,
    rules,
)
from companion.engine.mercante.ending import LAST_SHIPMENT, NOTED, REFERENCE_TRACK, trigger_text
from companion.ui.mercante.model.tally import tally_working
from companion.ui.mercante.model.turn import end_reasons
from companion.ui.mercante.model.words import good_name
from companion.ui.model.words import capitalized, plural

Step = Literal["sell", "buy", "done"]

#: What the button noting each trigger says.
NOTE_LABELS: dict[str, str] = {
    REFERENCE_TRACK: "The reference track marker is on its last space",
    LAST_SHIPMENT: "The last shipment card has entered the harbor",
}


@dataclass(frozen=True)
class TriggerNote:
    """A trigger the table notes (the app cannot see it): the button's ``label``, the
    ``action`` it sends, and whether it may be sent now."""

    trigger: str
    label: str
    action: NoteEndTrigger
    disabled: bool


def trigger_notes(game: MercanteGame, by: str, *, playing: bool) -> tuple[TriggerNote, ...]:
    """The triggers a player may note, ``by`` the player holding the phone (or whose turn it
    is, on a phone that holds nobody)."""
    found = []
    for trigger in NOTED:
        action = NoteEndTrigger(trigger, by)
        found.append(
            TriggerNote(
                trigger,
                NOTE_LABELS.get(trigger, trigger_text(trigger)),
                action,
                disabled=not playing or not game.can_apply(action),
            )
        )
    return tuple(found)


def end_reasons_text(game: MercanteGame) -> str:
    """The end triggers met, in players' words, as one text."""
    return " ".join(end_reasons(game))


def final_step(game: MercanteGame, name: str) -> Step:
    """Where ``name``'s end-game steps stand."""
    steps = dict(game.final).get(name)
    if steps is None:
        return "sell"
    return "buy" if steps.bought is None else "done"


def goods_text(goods: Sequence[str]) -> str:
    """``silk, ore and 2 grain`` (``no goods`` for none)."""
    if not goods:
        return "no goods"
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    parts = [
        f"{n} {good_name(g).lower()}" if n > 1 else good_name(g).lower() for g, n in counts.items()
    ]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def sale_label(goods: Sequence[str]) -> str:
    """``Sell 2 goods to the bazaar: 6 crowns`` (``No goods left``)."""
    if not goods:
        return "No goods left"
    price = rules().bazaar.price
    return f"Sell {plural(len(goods), 'good')} to the bazaar: {plural(len(goods) * price, 'crown')}"


def final_sale(name: str, goods: Sequence[str]) -> FinalSale:
    return FinalSale(name, tuple(goods))


def most_vp(game: MercanteGame, name: str) -> int:
    """The victory points ``name`` can buy at the end with the crowns they have."""
    return game.player(name).crowns // rules().game_end.vp_price


def purchase_label(vp: int) -> str:
    price = rules().game_end.vp_price
    if not vp:
        return "Buy no victory points"
    return f"Buy {plural(vp, 'victory point')}: {plural(vp * price, 'crown')}"


def final_purchase(name: str, vp: int) -> FinalPurchase:
    return FinalPurchase(name, vp)


def step_line(game: MercanteGame, name: str) -> str:
    """What ``name`` has done of the end-game steps, in words."""
    steps = dict(game.final).get(name)
    if steps is None:
        return f"{name}: sells the goods left to the bazaar first."
    line = f"{name} sold {goods_text(steps.goods)} to the bazaar"
    if steps.completed:
        line += f", completing {plural(len(steps.completed), 'contract')}"
    if steps.bought is None:
        return line + f"; may buy victory points ({most_vp(game, name)} at most)."
    return line + f" and bought {plural(steps.bought, 'victory point')}."


@dataclass(frozen=True)
class LedgerTally:
    """The app's tally (``None`` with ``waiting`` saying what it waits for)."""

    tally: FinalTally | None
    waiting: tuple[str, ...]


def ledger_tally(game: MercanteGame) -> LedgerTally:
    waiting = game.final_steps_left()
    if waiting:
        return LedgerTally(None, tuple(capitalized(w) + "." for w in waiting))
    try:
        return LedgerTally(game.tally(), ())
    except MercanteError as exc:
        return LedgerTally(None, (capitalized(str(exc)) + ".",))


def working_lines(game: MercanteGame, tally: FinalTally, name: str) -> tuple[str, ...]:
    """A player's tally with its working: crowns, score, and their contracts."""
    line = tally.line(name)
    crowns, score = tally_working(line)
    contracts = [c for c in game.contracts if c.holder == name]
    done = [c for c in contracts if c.completed]
    open_ = [c for c in contracts if not c.completed]
    words = []
    if done:
        words.append(
            f"{plural(len(done), 'contract')} fulfilled ({sum(c.vp or 0 for c in done)} VP)"
        )
    if open_:
        words.append(f"{len(open_)} unfulfilled (−{sum(c.penalty or 0 for c in open_)} VP)")
    lines = [crowns, score]
    if words:
        lines.append("Contracts: " + "; ".join(words))
    return tuple(lines)


__all__ = [
    "NOTE_LABELS",
    "LedgerTally",
    "TriggerNote",
    "end_reasons_text",
    "final_purchase",
    "final_sale",
    "final_step",
    "goods_text",
    "ledger_tally",
    "most_vp",
    "purchase_label",
    "sale_label",
    "step_line",
    "trigger_notes",
    "working_lines",
]
