"""What one device is typing on a score pad: text the table does not take yet (a half-typed
"1-" stays here, with its error on the field, until it reads as a number), and whether the
device asked to save (then every problem shows on its field)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.scorepad import FieldKey, Pad, text_problem


@dataclass
class PadDraft:
    """This device's typing on one pad (kept in the session, never in the table)."""

    typed: dict[FieldKey, str] = field(default_factory=dict)
    show_all_errors: bool = False

    def type(self, key: FieldKey, text: str, pad: Pad) -> str | None:
        """Note ``text`` typed into ``key``. Returns the text to send to the table, or None
        (it is kept here: it does not read as the field yet, or the table has it already)."""
        if text_problem(key, text) is not None:
            self.typed[key] = text
            return None
        self.typed.pop(key, None)
        if pad.has_field(key) and pad.text_of(key) == text:
            return None
        return text

    def keep(self, key: FieldKey, text: str) -> None:
        """The table did not take ``text`` (the database failed): keep it on the field."""
        self.typed[key] = text

    def drop(self, key: FieldKey) -> None:
        self.typed.pop(key, None)

    def settle(self, pad: Pad) -> None:
        """Forget typing into fields the pad no longer has (a row someone removed)."""
        for key in [k for k in self.typed if not pad.has_field(k)]:
            del self.typed[key]


__all__ = ["PadDraft"]
