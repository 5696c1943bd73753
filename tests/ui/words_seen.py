"""Every message the screens show while the tests below ``tests/ui`` play them — the table
screens' message strip (engine refusals, confirmations, Undo's "Taken back: …") and the app's
snack bars — is recorded and checked by tests/words_check.py when the test ends (issue 21): a
screen that says "revise_song: location 'dragon_island'" fails the test that made it say so.

``COMPANION_WORDS_LOG=path`` appends each distinct message to ``path`` (to count them).
The seats screens are only recorded, not checked, until their engine's messages are rewritten
(another branch of issue 21).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from companion.ui.context import AppContext
from companion.ui.live import MessageStrip
from tests.words_check import check_all

#: Test folders whose messages are recorded but not checked yet.
NOT_CHECKED: tuple[str, ...] = ()


@pytest.fixture(autouse=True)
def words_seen(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[str]]:
    """The texts of the messages shown during the test; checked when it ends."""
    seen: list[str] = []
    show, notify = MessageStrip.show, AppContext.notify

    def recorded_show(self: MessageStrip, message: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(message.text))
        return show(self, message, *args, **kwargs)

    def recorded_notify(self: AppContext, message: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(message))
        return notify(self, message, *args, **kwargs)

    monkeypatch.setattr(MessageStrip, "show", recorded_show)
    monkeypatch.setattr(AppContext, "notify", recorded_notify)
    yield seen
    log = os.environ.get("COMPANION_WORDS_LOG")
    if log and seen:
        with open(log, "a", encoding="utf-8") as out:
            out.writelines(f"{text}\n" for text in dict.fromkeys(seen))
    if request.node.path.parent.name not in NOT_CHECKED:
        check_all(seen, where="a screen showed that ")


__all__ = ["words_seen"]
