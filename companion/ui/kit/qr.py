"""A QR code of the app's address, so a phone at the table can open it with its camera."""

from __future__ import annotations

import io

import segno


def qr_png(text: str, *, scale: int = 8, error: str = "m") -> bytes:
    """PNG bytes of a QR code for ``text`` (dark on white, with the standard quiet zone).

    ``error`` is the correction level ("l" packs the most into a code, for long links).
    Raises ``ValueError`` for a text too long for any QR code.
    """
    try:
        code = segno.make(text, error=error, boost_error=False)
    except segno.DataOverflowError as exc:
        raise ValueError(f"too long for a QR code ({len(text):,} characters)") from exc
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=scale, border=4, dark="#000000", light="#ffffff")
    return buffer.getvalue()
