"""The access code: what lets a phone into the app when it is served to the network.

Served on a loopback address (the default) nobody needs a code. Served on any other address,
a browser must show the code once: the printed address carries it (``?code=K7PX3M``), or the
join screen asks for it. The server then remembers the device with a cookie holding a
device id signed with the history's secret, so nobody types the code twice; a new code (from
Settings) comes with a new secret, so every device has to join again (but the one asking).

The code and the secret are kept in the history database's settings, so a restart keeps
both (and the devices that joined), and every server of a shared history follows them
(:meth:`AccessCode.watch`): a new code made on one shuts the old devices out of all of them
within a few seconds. Wrong codes are counted per client and for the whole server by
:class:`Throttle`. No flet, no web framework: the HTTP side lives in ``companion.server``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import logging
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
#: How often every server reads the code its history keeps (a new code made on another).
WATCH_SECONDS = 1.0
#: What a phone shut out by a new code is told, above the join screen
#: (``companion.webapp.build``'s page at :data:`companion.webapp.CODE_CHANGED_PATH`).
SHUT_OUT_MESSAGE = "The access code was changed: ask the table for the new one."

log = logging.getLogger(__name__)


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
        and value["secret"].isascii()
    )


@dataclass(frozen=True)
class _State:
    """What the shared history holds: the code, the secret, and the device kept at the last
    new code (its id and its signature under the secret before)."""

    code: str
    secret: bytes
    kept: tuple[str, str] | None = None

    @classmethod
    def of(cls, stored: dict[str, Any]) -> _State:
        kept = stored.get("kept")
        pair = None
        if (
            isinstance(kept, dict)
            and isinstance(kept.get("device"), str)
            and isinstance(kept.get("signature"), str)
            and 0 < len(kept["device"]) <= 64
            and len(kept["signature"]) == SIGNATURE_CHARS
        ):
            pair = (kept["device"], kept["signature"])
        return cls(stored["code"], stored["secret"].encode("ascii"), pair)

    def stored(self) -> dict[str, Any]:
        value: dict[str, Any] = {"code": self.code, "secret": self.secret.decode("ascii")}
        if self.kept is not None:
            value["kept"] = {"device": self.kept[0], "signature": self.kept[1]}
        return value


def _signature(secret: bytes, device: str) -> str:
    digest = hmac.new(secret, device.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:SIGNATURE_CHARS]


class AccessCode:
    """The access code, its device-signing secret, and the devices it admits.

    Every server of a shared history follows the code kept there: :meth:`watch` reads it
    every :data:`WATCH_SECONDS` (and :meth:`refresh` at once, when a request suggests it
    changed), so a new code made on one server shuts the old devices out on all of them
    and the new code works everywhere within a few seconds. The device that asked for the
    new code stays in everywhere: the history keeps its id with its signature under the
    old secret, and any server takes that old cookie and signs the same id again
    (:meth:`check`).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        code: str,
        secret: str,
        kept: tuple[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settings = settings
        self._state = _State(code, secret.encode("ascii"), kept)
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str, str | None], None]] = []
        self._clock = clock
        self._read_at = clock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._failures = 0

    @classmethod
    def load(cls, settings: Settings) -> AccessCode:
        """The code kept from the last run, or a new one (saved). StoreError if it cannot be."""
        stored = settings.get_setting(SETTING_KEY)
        if not _valid_stored(stored):
            stored = {"code": new_code(), "secret": secrets.token_hex(32)}
            settings.set_setting(SETTING_KEY, stored)
        state = _State.of(stored)
        return cls(settings, code=state.code, secret=stored["secret"], kept=state.kept)

    @property
    def code(self) -> str:
        return self._state.code

    def matches(self, typed: object) -> bool:
        """Whether ``typed`` is the code (spaces, dashes and case ignored; constant time)."""
        return hmac.compare_digest(normal_code(typed).encode(), self._state.code.encode())

    def link(self, base_url: str) -> str:
        """``base_url`` with the code in it: opening it lets a device in."""
        joiner = "&" if "?" in base_url else "?"
        return f"{base_url}{joiner}code={self._state.code}"

    # -- devices ----------------------------------------------------------------------------
    def admit(self) -> tuple[str, str]:
        """A new device: its id and the token (cookie value) that proves it joined."""
        device = secrets.token_urlsafe(DEVICE_ID_BYTES)
        return device, self.token(device)

    def token(self, device: str) -> str:
        """The token (cookie value) of ``device`` under the current secret."""
        return f"{device}.{_signature(self._state.secret, device)}"

    def check(self, token: object) -> tuple[str | None, str | None]:
        """``(device, None)`` for a token signed under the current secret; ``(device, new
        token)`` for the kept device's token of before the last new code (its cookie is to
        be replaced by the new token); ``(None, None)`` for anything else."""
        if not isinstance(token, str) or token.count(".") != 1 or len(token) > 100:
            return None, None
        device, signature = token.split(".")
        try:
            device.encode("ascii")
            signature.encode("ascii")
        except UnicodeEncodeError:
            return None, None
        if not device:
            return None, None
        state = self._state
        if hmac.compare_digest(signature, _signature(state.secret, device)):
            return device, None
        if (
            state.kept is not None
            and hmac.compare_digest(device, state.kept[0])
            and hmac.compare_digest(signature, state.kept[1])
        ):
            return device, f"{device}.{_signature(state.secret, device)}"
        return None, None

    def device_of(self, token: object) -> str | None:
        """The device id a token was issued to under this code (or kept at its making)."""
        return self.check(token)[0]

    # -- a new code ------------------------------------------------------------------------
    def on_rotate(self, listener: Callable[[str, str | None], None]) -> None:
        """Call ``listener(new_code, kept_device)`` after every new code, made here
        (:meth:`rotate`) or on another server of the history (:meth:`refresh`)."""
        self._listeners.append(listener)

    def _tell(self, state: _State) -> None:
        for listener in list(self._listeners):
            try:
                listener(state.code, state.kept[0] if state.kept else None)
            except Exception:
                log.exception("a listener of the access code failed")

    def rotate(self, *, keep: str | None = None) -> str:
        """A new code and secret (saved first; StoreError if they cannot be): every device
        has to join again but ``keep``, the device asking, which stays in on every server."""
        with self._lock:
            before = self._state
            kept = None
            if keep:
                kept = (keep, _signature(before.secret, keep))
            state = _State(new_code(), secrets.token_hex(32).encode("ascii"), kept)
            self._settings.set_setting(SETTING_KEY, state.stored())
            self._state = state
            self._read_at = self._clock()
        self._tell(state)
        return state.code

    def refresh(self, *, max_age: float = 0.0) -> bool:
        """Read the code the history keeps now (unless it was read less than ``max_age``
        seconds ago) and follow it; True when it had changed (the listeners are told).
        StoreError when the history cannot be read."""
        with self._lock:
            if max_age and self._clock() - self._read_at < max_age:
                return False
            stored = self._settings.get_setting(SETTING_KEY)
            self._read_at = self._clock()
            if not _valid_stored(stored):
                return False  # nothing usable kept: this server's code stays
            state = _State.of(stored)
            if state == self._state:
                return False
            changed = (state.code, state.secret) != (self._state.code, self._state.secret)
            self._state = state
        if changed:
            self._tell(state)
        return changed

    def read_within(self, seconds: float) -> bool:
        """Whether the history's code was read less than ``seconds`` ago."""
        return self._clock() - self._read_at < seconds

    def watch(self, interval: float = WATCH_SECONDS) -> None:
        """Follow the history's code from a thread of its own, every ``interval`` seconds,
        until :meth:`stop`."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._watch, args=(interval,), name="access-code-watcher", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout=5)

    def _watch(self, interval: float) -> None:
        while not self._stop.wait(interval):
            try:
                self.refresh(max_age=interval / 2)
                self._failures = 0
            except ValueError as exc:  # StoreError: the database is away for now
                self._failures += 1
                if self._failures == 1:
                    log.warning("reading the access code failed (will retry): %s", exc)
            except Exception:
                log.exception("following the access code failed (will retry)")


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0


def client_key(client: str) -> str:
    """What wrong codes are counted under: an IPv4 address, or an IPv6 address's /64
    network (one device can take any number of addresses in its own /64)."""
    try:
        address = ipaddress.ip_address(client.split("%", 1)[0])
    except ValueError:
        return client[:64]
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


@dataclass
class Throttle:
    """Wrong access codes, per client (IP address) and for the whole server.

    Per client: the first :attr:`free` are free, then each further try has to wait, twice
    as long every time, up to :attr:`longest` seconds (30 s, 1 min, 2 min, …). Five free tries
    and then those waits make guessing one of the 10⁹ codes hopeless, while a player who
    mistypes twice is never held up. A client's count is forgotten :attr:`forget_after`
    seconds after its last wrong code, or at a right one.

    For the whole server: wrong codes from all clients together count as one patient
    guesser's, with :attr:`server_free` free ones and then the same doubling waits (a
    ceiling that falls to one wrong code per :attr:`longest` seconds), forgotten only after
    :attr:`forget_after` seconds without any. While that wait runs, every client that has
    sent a wrong code waits for it too, so a crowd of addresses is no faster than one
    guesser once each has guessed once. A client that has sent no wrong code is never held
    up, so a phone of the table typing the right code gets in at once, whatever others try.
    """

    free: int = 5
    first_wait: float = 30.0
    longest: float = 15 * 60.0
    forget_after: float = 60 * 60.0
    max_clients: int = 10_000
    server_free: int = 10
    clock: Callable[[], float] = time.monotonic
    _records: dict[str, _Record] = field(default_factory=dict)
    _server: _Record = field(default_factory=_Record)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _record(self, client: str, now: float) -> _Record | None:
        record = self._records.get(client)
        if record is not None and now - record.last > self.forget_after:
            del self._records[client]
            return None
        return record

    def _delay(self, record: _Record, free: int, now: float) -> float:
        if record.failures < free or now - record.last > self.forget_after:
            return 0.0
        delay = min(self.first_wait * 2.0 ** min(record.failures - free, 64), self.longest)
        return float(max(0.0, record.last + delay - now))

    @property
    def remembered(self) -> int:
        """How many clients' counts are kept now (at most :attr:`max_clients`)."""
        with self._lock:
            return len(self._records)

    def wait(self, client: str) -> float:
        """Seconds until ``client`` may try a code again (0: now)."""
        with self._lock:
            now = self.clock()
            record = self._record(client_key(client), now)
            if record is None:
                return 0.0  # no wrong code from it: its code is always looked at
            own = self._delay(record, self.free, now)
            return max(own, self._delay(self._server, self.server_free, now))

    def server_wait(self) -> float:
        """Seconds the whole server's wait still runs (0: none)."""
        with self._lock:
            return self._delay(self._server, self.server_free, self.clock())

    def failed(self, client: str) -> None:
        key = client_key(client)
        with self._lock:
            now = self.clock()
            record = self._record(key, now)
            if record is None:
                if len(self._records) >= self.max_clients:
                    # Many clients at once: forget the one quiet for longest (bounded memory).
                    oldest = min(self._records, key=lambda k: self._records[k].last)
                    del self._records[oldest]
                record = self._records.setdefault(key, _Record())
            record.failures += 1
            record.last = now
            if now - self._server.last > self.forget_after:
                self._server.failures = 0
            self._server.failures += 1
            self._server.last = now

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._records.pop(client_key(client), None)
