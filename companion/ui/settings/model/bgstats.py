"""The BG Stats settings without flet: who "me" is, and each game's BoardGameGeek id.

A BG Stats backup names one player as the user (``userInfo.meRefId``) and links each game to
BoardGameGeek by its id (``bggId``); the export takes both from these preferences (see
``companion.history.bgstats.Preferences``). Ids are typed by hand, so a typed id is checked
here and the field shows what is wrong while the user types.
"""

from __future__ import annotations

from dataclasses import replace

from companion.history.bgstats import Preferences
from companion.history.models import name_key

#: The dropdown's key for "nobody": the export then names BG Stats' anonymous player.
NOBODY = ""
#: The largest id BG Stats stores (a 32-bit number).
BGG_ID_MAX = 2**31 - 1


def parse_bgg_id(text: str | None) -> int | None:
    """A typed BoardGameGeek id: None for an empty field (no id), else the number.

    Raises ValueError with a message for the field: "13", " 13 " are 13; "13a", "0", "-4"
    and "1e5" are refused.
    """
    typed = (text or "").strip()
    if not typed:
        return None
    if not typed.isascii() or not typed.isdigit():
        raise ValueError(
            f"{typed!r} is not a BoardGameGeek id: use the number in the game's "
            "boardgamegeek.com address, e.g. 13 for Catan"
        )
    value = int(typed)
    if not 1 <= value <= BGG_ID_MAX:
        raise ValueError(f"a BoardGameGeek id is a number from 1 to {BGG_ID_MAX:,}")
    return value


def me_options(players: list[str]) -> list[tuple[str, str]]:
    """(key, text) for the "me" dropdown: nobody first, then the known players."""
    return [(NOBODY, "Nobody (anonymous)")] + [(p, p) for p in players]


def me_value(preferences: Preferences, players: list[str]) -> str:
    """The dropdown key for the preference: the known player it names, else nobody."""
    if preferences.me is None:
        return NOBODY
    wanted = name_key(preferences.me)
    return next((p for p in players if name_key(p) == wanted), NOBODY)


def with_me(preferences: Preferences, key: str) -> Preferences:
    return replace(preferences, me=key or None)


def with_bgg_id(preferences: Preferences, game: str, bgg_id: int | None) -> Preferences:
    """The preferences with a game's id set (or removed for None)."""
    ids = dict(preferences.bgg_ids or {})
    if bgg_id is None:
        ids.pop(name_key(game), None)
    else:
        ids[name_key(game)] = bgg_id
    return replace(preferences, bgg_ids=ids)


def id_text(preferences: Preferences, game: str) -> str:
    """What the game's id field shows: its id, or nothing."""
    value = preferences.bgg_id(game)
    return str(value) if value else ""
