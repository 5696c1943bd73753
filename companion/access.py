"""The access code: what lets a phone into the app when it is served to the network.

Served on a loopback address (the default) nobody needs a code. Served on any other address,
a browser must show the code once: the printed address carries it (``?code=K7PX3M``), or the
join screen asks for it. The server then remembers the device with a cookie holding a
device id signed with this server's secret, so nobody types the code twice; a new code (from
Settings) comes with a new secret, so every device has to join again.

The code and the secret are kept in the history database's settings, so a restart keeps
both (and the devices that joined). Wrong codes are counted per client by :class:`Throttle`.
No flet, no web framework: the HTTP side lives in ``companion.server``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

SETTING_KEY = "network_access"
# No I, O, 0 or 1: nothing to confuse when reading the code off another screen.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
DEVICE_ID_BYTES = 9  # 12 characters of base64
SIGNATURE_CHARS = 32


class Settings(Protocol):
    """What the access code needs from the history store."""

    def get_setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: object) -> str:
    """A typed code as compared: capitals, no spaces or dashes ("k7px-3m" → "K7PX3M")."""
    if not isinstance(typed, str):
        return ""
    return "".join(ch for ch in typed.upper() if ch not in " -_.\t")[:64]


def shown_code(code: str) -> str:
    """The code as shown to people: two groups of three ("K7P X3M")."""
    return f"{code[:3]} {code[3:]}" if len(code) == CODE_LENGTH else code


def _valid_stored(value: object) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("code"), str)
        and len(value["code"]) == CODE_LENGTH
        and all(ch in ALPHABET for ch in value["code"])
        and isinstance(value.get("secret"), str)
        and len(value["secret"]) >= 32
    )


class AccessCode:
    """This server's access code, its device-signing secret, and the devices it admits."""

    def __init__(self, settings: Settings, *, code: str, secret: str) -> None:
        self._settings = settings
        self._code = code
        self._secret = secret.encode("ascii")
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str, str | None], None]] = []

    @classmethod
    def load(cls, settings: Settings) -> AccessCode:
        """The code kept from the last run, or a new one (saved). StoreError if it cannot be."""
        stored = settings.get_setting(SETTING_KEY)
        if not _valid_stored(stored):
            stored = {"code": new_code(), "secret": secrets.token_hex(32)}
            settings.set_setting(SETTING_KEY, stored)
        return cls(settings, code=stored["code"], secret=stored["secret"])

    @property
    def code(self) -> str:
        return self._code

    def matches(self, typed: object) -> bool:
        """Whether ``typed`` is the code (spaces, dashes and case ignored; constant time)."""
        return hmac.compare_digest(normal_code(typed).encode(), self._code.encode())

    def link(self, base_url: str) -> str:
        """``base_url`` with the code in it: opening it lets a device in."""
        joiner = "&" if "?" in base_url else "?"
        return f"{base_url}{joiner}code={self._code}"

    # -- devices ----------------------------------------------------------------------------
    def _signature(self, device: str) -> str:
        digest = hmac.new(self._secret, device.encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii")[:SIGNATURE_CHARS]

    def admit(self) -> tuple[str, str]:
        """A new device: its id and the token (cookie value) that proves it joined."""
        device = secrets.token_urlsafe(DEVICE_ID_BYTES)
        return device, f"{device}.{self._signature(device)}"

    def device_of(self, token: object) -> str | None:
        """The device id a token was issued to by this server and code, or None."""
        if not isinstance(token, str) or token.count(".") != 1 or len(token) > 100:
            return None
        device, signature = token.split(".")
        try:
            device.encode("ascii")
        except UnicodeEncodeError:
            return None
        if not device or not hmac.compare_digest(signature, self._signature(device)):
            return None
        return device

    # -- a new code ------------------------------------------------------------------------
    def on_rotate(self, listener: Callable[[str, str | None], None]) -> None:
        """Call ``listener(new_code, kept_device)`` after every :meth:`rotate`."""
        self._listeners.append(listener)

    def rotate(self, *, keep: str | None = None) -> str:
        """A new code and secret (saved first; StoreError if they cannot be): every device
        has to join again. ``keep`` is the device asking, told apart for the listeners."""
        with self._lock:
            code, secret = new_code(), secrets.token_hex(32)
            self._settings.set_setting(SETTING_KEY, {"code": code, "secret": secret})
            self._code, self._secret = code, secret.encode("ascii")
        for listener in list(self._listeners):
            listener(code, keep)
        return code


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0


@dataclass
class Throttle:
    """Wrong access codes per client (IP address): the first few are free, then each further
    try has to wait, twice as long every time, up to :attr:`longest` seconds.

    Five free tries and then waits of 30 s, 1 min, 2 min, … make guessing one of the 10⁹
    codes hopeless, while a player who mistypes twice is never held up. A client's count is
    forgotten :attr:`forget_after` seconds after its last wrong code, or at a right one.
    """

    free: int = 5
    first_wait: float = 30.0
    longest: float = 15 * 60.0
    forget_after: float = 60 * 60.0
    max_clients: int = 10_000
    clock: Callable[[], float] = time.monotonic
    _records: dict[str, _Record] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _record(self, client: str, now: float) -> _Record | None:
        record = self._records.get(client)
        if record is not None and now - record.last > self.forget_after:
            del self._records[client]
            return None
        return record

    @property
    def remembered(self) -> int:
        """How many clients' counts are kept now (at most :attr:`max_clients`)."""
        with self._lock:
            return len(self._records)

    def wait(self, client: str) -> float:
        """Seconds until ``client`` may try a code again (0: now)."""
        with self._lock:
            now = self.clock()
            record = self._record(client, now)
            if record is None or record.failures < self.free:
                return 0.0
            delay = min(self.first_wait * 2.0 ** (record.failures - self.free), self.longest)
            return float(max(0.0, record.last + delay - now))

    def failed(self, client: str) -> None:
        with self._lock:
            now = self.clock()
            record = self._record(client, now)
            if record is None:
                if len(self._records) >= self.max_clients:
                    # Many clients at once: forget the one quiet for longest (bounded memory).
                    oldest = min(self._records, key=lambda k: self._records[k].last)
                    del self._records[oldest]
                record = self._records.setdefault(client, _Record())
            record.failures += 1
            record.last = now

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._records.pop(client, None)
