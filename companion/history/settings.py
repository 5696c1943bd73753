"""The history's settings (small JSON values under a key) and Mercante's custom event cards:
read, written and deleted, each value checked before it is stored."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from sqlmodel import col

from companion.history import stats
from companion.history.crud import CARDS, ID_MAX, SETTINGS, check_id
from companion.history.errors import (
    NotFoundError,
    PlayDataError,
    describe_value,
    validation_message,
)
from companion.history.models import (
    CustomCard,
    CustomCardCreate,
    CustomCardPublic,
    Setting,
    name_key,
    text_problem,
    utcnow,
)

SETTING_KEY_MAX = 200
SETTING_VALUE_MAX = 1_000_000
CARD_DATA_MAX = 64_000
# A stored JSON value nests at most this deep (a deeper one cannot be written and read back
# without hitting Python's recursion limit somewhere), and its whole numbers fit in 64 bits
# (what SQLite's and PostgreSQL's JSON functions read without losing digits).
JSON_DEPTH_MAX = 64
JSON_INT_MAX = 2**63 - 1
_SURROGATE = re.compile("[\ud800-\udfff]")


# ----------------------------------------------------------------------------- settings


def _json_problem(value: object) -> str | None:
    """Why ``value`` would not read back as it was written (None when it would)."""
    stack: list[tuple[object, int, str]] = [(value, 1, "")]
    while stack:
        item, depth, path = stack.pop()
        if depth > JSON_DEPTH_MAX:
            return f"nested more than {JSON_DEPTH_MAX} levels deep"
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -JSON_INT_MAX - 1 <= item <= JSON_INT_MAX:
                return f"the number at {path or 'the top'} is too large (more than 64 bits)"
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return f"{path or 'the value'} is {item!r}, which JSON cannot hold"
        elif isinstance(item, str):
            bad = _SURROGATE.search(item)
            if bad is not None:
                return (
                    f"the text at {path or 'the top'} has a broken character "
                    f"(U+{ord(bad.group()):04X})"
                )
        elif isinstance(item, list | tuple):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str):
                    return f"the key {k!r} at {path or 'the top'} is not text"
                stack.append((k, depth + 1, f"{path}.{k}" if path else k))
                stack.append((v, depth + 1, f"{path}.{k}" if path else k))
        else:
            return f"{path or 'the value'} is a {type(item).__name__}, not a JSON value"
    return None


def _json_value(value: object, *, where: str, limit: int) -> Any:
    problem = _json_problem(value)
    if problem:
        raise PlayDataError(f"{where}: not a JSON value that can be stored ({problem})")
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise PlayDataError(f"{where}: not a JSON value ({exc})") from None
    if len(text) > limit:
        raise PlayDataError(f"{where}: too large ({len(text):,} characters; at most {limit:,})")
    # Stored as it will read back: tuples become lists, and so on.
    return json.loads(text)


def _setting_key(key: object) -> str:
    if (
        not isinstance(key, str)
        or not key.strip()
        or len(key) > SETTING_KEY_MAX
        or text_problem(key)
    ):
        raise PlayDataError(
            f"setting key: expected text of 1 to {SETTING_KEY_MAX} characters, got {key!r}"
        )
    return key


def get_setting(*, session: Session, key: str, default: Any = None) -> Any:
    """The stored value of a setting, or ``default`` if it was never set."""
    row = session.get(Setting, _setting_key(key))
    return default if row is None else row.value


def set_setting(*, session: Session, key: str, value: Any) -> None:
    """Store a JSON-able value under ``key`` (replacing any earlier value)."""
    key = _setting_key(key)
    stored = _json_value(value, where=f"setting {key!r}", limit=SETTING_VALUE_MAX)
    stmt = stats.dialect_insert(session, SETTINGS)
    stmt = stmt.on_conflict_do_update(
        index_elements=[SETTINGS.c.key],
        set_={"value": stmt.excluded.value, "updated_at": stmt.excluded.updated_at},
    )
    session.execute(stmt, [{"key": key, "value": stored, "updated_at": utcnow()}])


def delete_setting(*, session: Session, key: str) -> bool:
    """Forget a setting; True if there was one."""
    result = session.execute(delete(SETTINGS).where(SETTINGS.c.key == _setting_key(key)))
    return bool(result.rowcount)  # type: ignore[attr-defined]


# ------------------------------------------------------------------------- custom cards


def _card_public(row: CustomCard) -> CustomCardPublic:
    return CustomCardPublic.model_validate(row, from_attributes=True)


def list_custom_cards(
    *, session: Session, game: str, kind: str | None = None
) -> list[CustomCardPublic]:
    """The cards players made for ``game`` (of one ``kind``, or all), by name."""
    if not isinstance(game, str) or not (kind is None or isinstance(kind, str)):
        raise PlayDataError(f"game and kind: expected text, got {describe_value([game, kind])}")
    if text_problem(game) or (kind is not None and text_problem(kind)):
        return []
    query = select(CustomCard).where(col(CustomCard.game) == game)
    if kind is not None:
        query = query.where(col(CustomCard.kind) == kind)
    rows = session.execute(query).scalars().all()
    return sorted((_card_public(r) for r in rows), key=lambda c: (c.kind, c.name.casefold()))


def save_custom_card(
    *,
    session: Session,
    game: str,
    kind: str,
    name: str,
    data: dict[str, Any],
    card_id: int | None = None,
) -> int:
    """Create a card (``card_id`` None) or replace one; names are unique per game and kind."""
    if card_id is not None:
        check_id("card_id", card_id)
    try:
        card = CustomCardCreate.model_validate(
            {"game": game, "kind": kind, "name": name, "data": data}
        )
    except ValidationError as exc:
        raise PlayDataError(validation_message(exc)) from None
    stored = _json_value(card.data, where="data", limit=CARD_DATA_MAX)
    key = name_key(card.name)
    clash = session.execute(
        select(CARDS.c.id).where(
            CARDS.c.game == card.game, CARDS.c.kind == card.kind, CARDS.c.name_key == key
        )
    ).scalar_one_or_none()
    if clash is not None and clash != card_id:
        raise PlayDataError(f"name: there is already a {card.kind} card named {card.name!r}")
    now = utcnow()
    if card_id is None:
        row = CustomCard(
            game=card.game,
            kind=card.kind,
            name=card.name,
            name_key=key,
            data=stored,
            created_at=now,
            updated_at=now,
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id
    existing = session.get(CustomCard, card_id)
    if existing is None:
        raise NotFoundError(f"no custom card with id {card_id!r}")
    existing.game, existing.kind, existing.name = card.game, card.kind, card.name
    existing.name_key, existing.data, existing.updated_at = key, stored, now
    session.flush()
    return card_id


def delete_custom_card(*, session: Session, card_id: int) -> None:
    """Delete a custom card; :class:`NotFoundError` if there is none with that id."""
    if not isinstance(card_id, int) or isinstance(card_id, bool) or not 1 <= card_id <= ID_MAX:
        raise NotFoundError(f"no custom card with id {describe_value(card_id)}")
    result = session.execute(delete(CARDS).where(CARDS.c.id == card_id))
    if not result.rowcount:  # type: ignore[attr-defined]
        raise NotFoundError(f"no custom card with id {card_id!r}")
