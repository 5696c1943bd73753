"""The largest file an import takes, in one place: the upload (``companion.uploads``), every
importer (``companion.history``: the app's backup, BG Stats) and the History screen say
the same number, and the README too. No imports: anything may use it.

128 MB is twice the app's own backup of 100,000 plays (64 MB) and a BG Stats backup of
about 140,000 plays. Every importer reads a file in bounded pieces as bytes, never as one
text, so a file of this size peaks well under 600 MB of the server's memory whatever it
holds (``python -m companion.bench import_hostile_peak_mb`` measures the worst shapes).
"""

from __future__ import annotations

#: The largest file an import takes, in bytes.
MAX_IMPORT_BYTES = 128_000_000

__all__ = ["MAX_IMPORT_BYTES"]
