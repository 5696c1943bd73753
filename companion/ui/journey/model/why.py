"""What each number on a Merchant's Journey screen rests on: the rules entries and rulings its
“why?” opens (``companion.ui.kit.why.why_link``; entry keys as ``companion.reference.entries_for``
takes them, ruling ids as ``data/journey/rulings.toml`` names them).

A :class:`Why` is a plain value, so a screen keys its "why?" link on it (rebuilt only when
what the number rests on changed) and a test can check that every one resolves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.engine import journey as engine
from companion.engine.journey import Gain, JourneyGame, PlayRecord, Record, SwapOption, SwapRecord

PAIR = "journey.pair"
BLIGHT = "journey.blight"
TURN = "journey.turn"
END = "journey.end"
SETUP_PILE = "step:journey.draw_pile"
SETUP_DEAL = "step:journey.deal"


def card_key(rank: str) -> str:
    """``journey.card:Q``: the entry of one civilization."""
    return f"journey.card:{rank}"


@dataclass(frozen=True)
class Why:
    """The entries (keys) and rulings behind one number, in the order a reader wants them."""

    entries: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()

    @classmethod
    def of(cls, entries: Iterable[str], rulings: Iterable[str] = ()) -> Why:
        return cls(tuple(dict.fromkeys(entries)), tuple(dict.fromkeys(rulings)))

    def __add__(self, other: Why) -> Why:
        return Why.of((*self.entries, *other.entries), (*self.rulings, *other.rulings))


def _blighted(gain: Gain) -> bool:
    return bool(gain.bonus) or any(
        p.cancelled or engine.is_blight(p.card) or engine.is_blight(p.other) for p in gain.pairs
    )


def why_gain(gain: Gain, ranks: Iterable[str] = ()) -> Why:
    """A pair's value (or a Blight's bonus): pair scoring, the cards, the Blight if it
    counted, and the rulings the engine applied."""
    entries = [PAIR, *(card_key(r) for r in ranks)]
    if _blighted(gain):
        entries.append(BLIGHT)
    return Why.of(entries, gain.rulings)


def why_record(record: Record) -> Why:
    """The last move's points and working."""
    if isinstance(record, SwapRecord):
        ability = engine.SWAP_WHEN_PLAYED if record.swap == "played" else engine.GHORRALANDS
        scored = why_gain(record.gain) if record.gain.pairs else Why()
        return Why.of([card_key(record.moved.rank)], [ability, engine.SWAP_SCORES]) + scored
    if isinstance(record, PlayRecord) and record.beside is None:
        return Why.of([TURN, card_key(record.card.rank)], [engine.CONNECT])
    ranks = [record.card.rank] if isinstance(record, PlayRecord) else []
    if isinstance(record, PlayRecord) and record.beside is not None:
        ranks.append(record.beside.rank)
    why = why_gain(record.gain, ranks)
    if isinstance(record, PlayRecord) and engine.swaps_when_played(record.card.rank):
        # A 10 or 5 just played may trade places: the swap it offers rests on this too.
        why = why + Why.of([], [engine.SWAP_WHEN_PLAYED, engine.SWAP_SCORES])
    return why


def why_card(rank: str, previews: Iterable[Gain] = ()) -> Why:
    """The chosen card: its civilization, and what the previews on the row ends rest on."""
    facts = engine.card_facts(rank)
    rulings = []
    if facts.ability == "swap":
        rulings.append(engine.SWAP_WHEN_PLAYED)
    elif facts.ability == "ghorralands":
        rulings.append(engine.GHORRALANDS)
    why = Why.of([card_key(rank)], rulings)
    gains = tuple(previews)
    if gains:
        why = why + Why.of([PAIR], [engine.PAIR_VALUE, engine.CONNECT])
    for gain in gains:
        why = why + why_gain(gain)
    return why


def why_status(game: JourneyGame) -> Why:
    """The turn counter and the draw pile: a turn, when the game ends, and the reading."""
    return Why.of([TURN, END], [engine.GAME_END])


def why_score(game: JourneyGame, name: str) -> Why:
    """A player's running total: the sum of what each of their moves scored."""
    why = Why.of([PAIR])
    for record in game.gains(name):
        why = why + why_gain(record.gain)
    return why


def why_final(game: JourneyGame) -> Why:
    """The final standings: when the game ends and who wins (ties)."""
    return Why.of([END], [engine.TIES, engine.GAME_END])


def why_swap(option: SwapOption) -> Why:
    """A swap on offer: the card's ability and what a swap does to the scores."""
    ability = engine.SWAP_WHEN_PLAYED if option.kind == "played" else engine.GHORRALANDS
    return Why.of([card_key(option.card.rank)], [ability, engine.SWAP_SCORES])


def why_setup() -> Why:
    """The new-game form's deal and draw pile."""
    return Why.of([SETUP_DEAL, SETUP_PILE], [])


__all__ = [
    "BLIGHT",
    "END",
    "PAIR",
    "TURN",
    "Why",
    "card_key",
    "why_card",
    "why_final",
    "why_gain",
    "why_record",
    "why_score",
    "why_setup",
    "why_status",
    "why_swap",
]
