"""Files a browser uploads to be imported: a private folder of the server, names it makes.

A phone cannot hand the server a path, and a file sent over Flet's WebSocket has to fit in
one message; so a browser session uploads the file over HTTP (Flet's signed ``PUT /upload``)
into :attr:`Uploads.folder`, a temporary folder only this user can open, and the import reads
it from there. The server decides every name (:meth:`Uploads.expect`): a name the client
sends is never a path, and an upload is taken only under a name the server is waiting for
(``companion.server.Guard`` checks that before Flet's handler runs). A file goes away when
its import is over (:meth:`Uploads.discard`), when its upload failed, when it was not
collected within :attr:`Uploads.seconds`, and with the folder when the server stops.

No flet here: the web server (``companion.server``) and the import screen both use it.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from companion.limits import MAX_IMPORT_BYTES

#: The largest file an import takes: the one limit of every import (companion.limits).
MAX_BYTES = MAX_IMPORT_BYTES
#: Where Flet's web app takes uploads (``flet_web.fastapi.app``'s default endpoint).
UPLOAD_PATH = "/upload"
#: How long an expected upload may take before its name (and file) is given up.
UPLOAD_SECONDS = 3600
_NAME = re.compile(r"[0-9a-f]{32}\.json")


#: An upload folder's name: this prefix, the server's process id, a dash, random letters.
PREFIX = "companion-uploads-"


def remove_left_behind(under: Path | None = None) -> list[Path]:
    """Remove the upload folders of servers that are gone without removing theirs (killed,
    or the machine lost power): this user's folders whose process no longer runs. Returns
    what it removed. A folder whose process id runs again now is left for another time."""
    removed = []
    for folder in Path(under or tempfile.gettempdir()).glob(f"{PREFIX}*-*"):
        pid = folder.name.removeprefix(PREFIX).split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.stat().st_uid != os.getuid():
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:  # nobody runs under that id: the server is gone
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
        except (OSError, OverflowError):  # another user's process, or not ours to look at
            continue
    return removed


class Uploads:
    """The server's upload folder and the names it is waiting for (thread-safe)."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        seconds: float = UPLOAD_SECONDS,
        max_bytes: int = MAX_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if folder is None:
            remove_left_behind()
            folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))  # mode 0700
        folder.chmod(0o700)
        self.folder = folder.resolve()
        self.seconds = seconds
        #: The largest upload taken (the server refuses a larger one, and deletes its part).
        self.max_bytes = max_bytes
        #: Signs the upload addresses (Flet's ``secret_key``): new with every server run.
        self.secret = secrets.token_urlsafe(32)
        self._clock = clock
        self._expected: dict[str, float] = {}
        self._received: dict[str, int] = {}
        self._lock = threading.Lock()

    def expect(self) -> str:
        """A new name to upload one file under (``<32 hex digits>.json``), expected from now
        for :attr:`seconds`. Forgotten uploads are cleared first."""
        self.sweep()
        name = f"{secrets.token_hex(16)}.json"
        with self._lock:
            self._expected[name] = self._clock() + self.seconds
        return name

    def expected(self, name: str) -> bool:
        """Whether an upload under ``name`` is awaited now."""
        with self._lock:
            deadline = self._expected.get(name)
        return deadline is not None and self._clock() < deadline

    def add_received(self, name: str, size: int) -> None:
        """``size`` more bytes of the upload under ``name`` reached the server (the door
        counts them as they arrive: the browser's own progress only says what it has read)."""
        with self._lock:
            if name in self._expected:
                self._received[name] = self._received.get(name, 0) + size

    def received(self, name: str) -> int:
        """How many bytes of the upload under ``name`` have reached the server so far."""
        with self._lock:
            return self._received.get(name, 0)

    def path(self, name: str) -> Path:
        """Where the file uploaded under ``name`` is; ``ValueError`` for a name the server
        does not make (anything that could point outside :attr:`folder`)."""
        if not isinstance(name, str) or _NAME.fullmatch(name) is None:
            raise ValueError(f"not an upload name: {name!r}")
        return self.folder / name

    def drop_file(self, name: str) -> None:
        """Delete what was uploaded under ``name`` so far (a failed upload); the name stays
        expected."""
        with self._lock:
            self._received.pop(name, None)
        with contextlib.suppress(ValueError, OSError):
            self.path(name).unlink(missing_ok=True)

    def discard(self, name: str) -> None:
        """The import of ``name`` is over (done, refused, failed or given up): no longer
        expected, and its file deleted."""
        with self._lock:
            self._expected.pop(name, None)
            self._received.pop(name, None)
        self.drop_file(name)

    def sweep(self) -> None:
        """Give up expected names whose time is over, and delete every file in the folder
        that no expected name accounts for."""
        now = self._clock()
        with self._lock:
            for name in [n for n, deadline in self._expected.items() if deadline <= now]:
                del self._expected[name]
                self._received.pop(name, None)
            awaited = set(self._expected)
        try:
            entries = list(self.folder.iterdir())
        except OSError:
            return
        for entry in entries:
            if entry.name not in awaited:
                try:
                    if entry.is_dir() and not entry.is_symlink():
                        shutil.rmtree(entry, ignore_errors=True)
                    else:
                        entry.unlink(missing_ok=True)
                except OSError:
                    pass

    def close(self) -> None:
        """The server stops: the folder and everything in it go."""
        with self._lock:
            self._expected.clear()
            self._received.clear()
        shutil.rmtree(self.folder, ignore_errors=True)


__all__ = ["MAX_BYTES", "UPLOAD_PATH", "UPLOAD_SECONDS", "Uploads"]
