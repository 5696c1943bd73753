"""How names are compared and which texts can be stored, shared by the history and the screens.

Two names that look the same are the same name: Unicode NFC (so "é" typed as one character
and as "e" plus a combining accent match), invisible zero-width characters removed, runs of
whitespace folded, and case ignored for comparison. Pure Python, no other imports.
"""

from __future__ import annotations

import re
import unicodedata

# Characters that show as nothing: removed from names so that two names that look the same
# are the same (soft hyphen, zero-width space/joiners, direction marks, word joiner, BOM).
INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"))
# Control characters (other than line breaks and tabs) and lone surrogates are not text:
# a database driver, an export or a CSV reader would choke on them later.
NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def normal_text(value: str) -> str:
    """NFC, invisible characters removed, whitespace folded: "Ann  " and "Ann" are one name."""
    return " ".join(unicodedata.normalize("NFC", value).translate(INVISIBLE).split())


def name_key(name: str) -> str:
    """The form two names are compared in: "ANN", "ann" and "Ann\\u200b" are one player,
    and so are "é" typed as one character and as "e" plus a combining accent."""
    return unicodedata.normalize("NFC", normal_text(name).casefold())


def text_problem(value: str) -> str | None:
    """Why ``value`` is not storable text (a control character, a lone surrogate), or None."""
    bad = NOT_TEXT.search(value)
    if bad is None:
        return None
    code = ord(bad.group())
    kind = "a broken character" if 0xD800 <= code <= 0xDFFF else "a control character"
    return f"contains {kind} (U+{code:04X}) at position {bad.start() + 1}"
