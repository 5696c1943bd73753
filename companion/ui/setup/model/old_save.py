"""The single setup an older version kept in the settings under :data:`SETUP_KEY`.

Before the shared tables, the assistant saved its whole state (format 1) after every change.
Such a save is read here once, leniently (ids the data no longer knows are left out and
named), and becomes a table (``companion.ui.kit.lobby.import_old_game``); the key is then kept as
``setup_assistant_imported``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from companion.engine import setup as engine
from companion.engine.core.saves import SaveFormat
from companion.engine.setup import MAX_SEED_DIGITS, Draw, SetupGame

SETUP_KEY = "setup_assistant"
FORMAT = 1
"""The ``format`` of that old save (every version wrote it; headers had no ``version`` then)."""


class OldSetupError(ValueError):
    """The old saved setup cannot be read back (the message says why)."""


_OLD_SAVE = SaveFormat(FORMAT, None, OldSetupError, what="the saved setup")


@dataclass(frozen=True)
class Loaded:
    state: SetupGame
    problem: str | None = None


def load_old_setup(data: object, *, fallback: SetupGame | None = None) -> Loaded:
    """An old saved setup. Nothing saved → ``fallback`` (or a fresh game), quietly; anything
    damaged → the fallback and a sentence saying so; ids the data no longer knows (a renamed
    module) are dropped with a sentence, the rest is kept."""
    start = fallback or SetupGame.fresh()
    if data is None:
        return Loaded(start, None)
    try:
        return _load(data, start)
    except (KeyError, TypeError, ValueError, AttributeError):
        return Loaded(start, "The saved setup could not be read, so the assistant starts afresh.")


def read_old_setup(data: object) -> SetupGame | None:
    """The game of an old save, for the import (None when nothing was saved); raises
    :class:`OldSetupError` saying why when it cannot be read."""
    if data is None:
        return None
    try:
        return _load(data, SetupGame.fresh()).state
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise OldSetupError(f"the saved setup cannot be read: {exc}") from None


def old_setup_problem(data: object) -> str | None:
    """What an old save held that the app no longer knows (None: nothing, or damaged)."""
    try:
        return None if data is None else _load(data, SetupGame.fresh()).problem
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _load(data: object, start: SetupGame) -> Loaded:
    data = _OLD_SAVE.check_header(data)
    dropped: list[str] = []
    game = data["game"]
    if not isinstance(game, str):
        raise TypeError(f"game {game!r}")
    if game not in engine.setup_games():
        raise ValueError(f"game {game!r}")
    players = _int(data["players"])
    low, high = engine.player_range(game)
    if not low <= players <= high:
        raise ValueError(f"players {players!r}")
    known_modules = set(engine.module_ids())

    def keep_known(ids: frozenset[str], known: Collection[str], what: str) -> frozenset[str]:
        unknown = ids - set(known)
        dropped.extend(f"{what} {i!r}" for i in sorted(unknown))
        return ids - unknown

    modules = keep_known(_ids(data.get("modules", [])), known_modules, "module")
    pinned = keep_known(_ids(data.get("pinned", [])), known_modules, "module")
    banned = keep_known(_ids(data.get("banned", [])), known_modules, "module") - pinned
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        raise TypeError(f"cards {cards!r}")
    by_id = {c.id: c for c in engine.cards()}

    def one_card(kind: str) -> str | None:
        value = cards.get(kind)
        if value is None:
            return None
        if not isinstance(value, str):
            raise TypeError(f"{kind} card {value!r}")
        if value not in by_id or by_id[value].kind != kind:
            dropped.append(f"{kind} card {value!r}")
            return None
        return value

    paladin = one_card("paladin")
    rogue = one_card("rogue")
    beasts_raw = cards.get("beasts", [])
    if not isinstance(beasts_raw, list) or not all(isinstance(b, str) for b in beasts_raw):
        raise TypeError(f"beasts {beasts_raw!r}")
    beasts = tuple(dict.fromkeys(b for b in beasts_raw if b in by_id and by_id[b].kind == "beast"))
    dropped.extend(f"Beast {b!r}" for b in beasts_raw if b not in beasts)
    most = next(k.max_chosen for k in _card_kinds() if k.id == "beast")
    if len(beasts) > most:
        raise ValueError(f"beasts {beasts!r}")
    seed = _int(data.get("seed", start.seed))
    if seed < 0 or len(str(seed)) > MAX_SEED_DIGITS:
        raise ValueError(f"seed {seed!r}")
    size = data.get("size")
    if size is not None and (not _is_int(size) or not 1 <= size <= len(known_modules)):
        raise ValueError(f"size {size!r}")
    ticks_raw = data.get("ticks", {})
    if not isinstance(ticks_raw, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in ticks_raw.items()
    ):
        raise TypeError(f"ticks {ticks_raw!r}")
    draw_raw = data.get("draw")
    draw = None
    if draw_raw is not None:
        try:
            draw = Draw.from_dict(draw_raw)
        except (KeyError, TypeError, ValueError):
            # Only the sentence describing the last draw is lost; the choice itself is intact.
            dropped.append("the description of the last Surprise me draw")
    state = SetupGame(
        game=game,
        players=players,
        modules=modules,
        pinned=pinned,
        banned=banned,
        paladin=paladin,
        rogue=rogue,
        beasts=beasts,
        seed=seed,
        size=size,
        ticks=tuple(sorted(ticks_raw.items())),
        draw=draw,
        rules=start.rules,
    )
    state.check()  # a choice the engine cannot write a checklist for counts as damaged
    problem = None
    if dropped:
        problem = (
            "Some saved choices are no longer known to the app and were left out: "
            + ", ".join(dropped)
            + "."
        )
    return Loaded(state, problem)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object) -> int:
    if not _is_int(value):
        raise TypeError(f"expected a whole number, got {value!r}")
    assert isinstance(value, int)
    return value


def _ids(values: object) -> frozenset[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise TypeError(f"expected a list of ids, got {values!r}")
    return frozenset(values)


def _card_kinds() -> tuple[engine.CardKind, ...]:
    return engine.setup_data().games[engine.COVE].card_kinds


__all__ = [
    "FORMAT",
    "SETUP_KEY",
    "Loaded",
    "OldSetupError",
    "load_old_setup",
    "old_setup_problem",
    "read_old_setup",
]
