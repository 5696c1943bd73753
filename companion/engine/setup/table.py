"""The setup assistant on a shared table (:mod:`companion.engine.core.protocol`): who the
table is for, its status line, what changed when a move from another phone is refused, and
:data:`TABLE_RULES`."""

from __future__ import annotations

from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.setup.actions import PICKED_KINDS, SetupAction, read_action
from companion.engine.setup.check import join_words
from companion.engine.setup.errors import SetupError
from companion.engine.setup.game import SetupGame
from companion.engine.setup.words import (
    cove_card,
    game_name,
    module_label,
    module_name,
    ordered,
    size_words,
)

TOOL: Final = "setup"


def players_line(game: SetupGame) -> str:
    """``Merchants Cove, 4 players``: who the table is for (the assistant knows no names)."""
    return f"{game_name(game.game)}, {game.players} players"


def status_line(game: SetupGame) -> str:
    """``3 of 11 steps done · Apprentices, Faction Festival and Paladins``."""
    progress = game.progress()
    line = f"{progress.done} of {progress.total} steps done"
    if game.has_modules:
        names = [module_name(m) for m in ordered(game.modules)]
        if not names:
            line += " · the base game alone"
        elif len(names) <= 3:
            line += " · " + join_words(names)
        else:
            line += f" · {', '.join(names[:3])} and {len(names) - 3} more"
    return line


def differences(then: SetupGame, now: SetupGame) -> list[str]:
    """What changed from ``then`` to ``now``, in words, the choice first, then the ticks."""
    said: list[str] = []
    if then.game != now.game:
        said.append(f"the game became {game_name(now.game)}")
    if then.players != now.players:
        said.append(f"the player count went from {then.players} to {now.players}")
    added = ordered(now.modules - then.modules)
    removed = ordered(then.modules - now.modules)
    if added:
        said.append(f"{join_words(module_label(m) for m in added)} added")
    if removed:
        said.append(f"{join_words(module_label(m) for m in removed)} taken out")
    for kind in PICKED_KINDS:
        before, after = then.picked(kind), now.picked(kind)
        if before != after:
            what = "Paladin card" if kind == "paladin" else "Rogue card"
            became = f"became {cove_card(after).name}" if after else "was unchosen"
            said.append(f"the {what} {became}")
    if then.beasts != now.beasts:
        said.append("the Beasts deck changed")
    if (then.pinned, then.banned) != (now.pinned, now.banned):
        said.append("the Always and Never marks changed")
    if then.size != now.size:
        said.append(f"Surprise me now draws {size_words(now.size)}")
    if then.seed != now.seed and then.modules == now.modules:
        said.append(f"the seed became {now.seed}")
    if then.rules != now.rules:
        said.append("the house rules changed")
    ticked_then, ticked_now = then.ticked, now.ticked
    done = [s for s in ticked_now if ticked_then.get(s) != ticked_now[s]]
    undone = [s for s in ticked_then if s not in ticked_now and now.step(s) is not None]
    for ids, verb in ((done, "marked done"), (undone, "marked not done")):
        if not ids:
            continue
        names = [_numbered(now, s) for s in ids]
        names.sort(key=lambda pair: pair[0])
        if len(names) == 1:
            said.append(f"{names[0][1]} was {verb}")
        else:
            numbers = join_words(str(n) for n, _ in names)
            said.append(f"steps {numbers} were {verb}")
    return said


def _numbered(game: SetupGame, step_id: str) -> tuple[int, str]:
    return (game.step_number(step_id) or 0, game.step_name(step_id))


def table_changed(then: SetupGame, now: SetupGame) -> str:
    """Why a phone's action was refused: what changed since its screen showed the table."""
    said = differences(then, now)
    if not said:
        return "The table changed meanwhile; this screen is up to date now"
    shown = said[:3] + ([f"{len(said) - 3} more changes"] if len(said) > 3 else [])
    return "Changed meanwhile: " + "; ".join(shown)


TABLE_RULES: Final[TableRules[SetupGame, SetupAction]] = TableRules(
    tool=TOOL,
    read_start=SetupGame.from_dict,
    read_action=read_action,
    players=lambda game: (players_line(game),),
    status=status_line,
    error=SetupError,
    reads=lambda game, action: action.reads(game),
    changed=table_changed,
    with_rules=lambda game, ids: game.with_rules(ids),
)


__all__ = ["TABLE_RULES", "TOOL", "differences", "players_line", "status_line", "table_changed"]
