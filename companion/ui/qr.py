"""A QR code of the app's address, so a phone at the table can open it with its camera."""

from __future__ import annotations

import io

import segno


def qr_png(text: str, *, scale: int = 8) -> bytes:
    """PNG bytes of a QR code for ``text`` (dark on white, with the standard quiet zone)."""
    code = segno.make(text, error="m")
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=scale, border=4, dark="#000000", light="#ffffff")
    return buffer.getvalue()
