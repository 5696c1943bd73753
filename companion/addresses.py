"""Where the app is served and who it answers: loopback or not, this machine's network
address and names, the address printed for phones, and a Host header read back."""

from __future__ import annotations

import re
import socket

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})


def is_loopback(host: str) -> bool:
    """Whether serving on ``host`` reaches this computer only (then no access code)."""
    return host.strip().lower().strip("[]") in LOOPBACK_NAMES


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.254.254.254", 1))
            address: str = sock.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def local_names() -> set[str]:
    """Names and addresses this computer is reached by on the network (best effort)."""
    names: set[str] = set()
    lan = lan_address()
    if lan:
        names.add(lan)
    try:
        hostname = socket.gethostname().lower()
    except OSError:
        return names
    if hostname:
        names |= {hostname, f"{hostname}.local"}
        try:
            for info in socket.getaddrinfo(hostname, None):
                names.add(str(info[4][0]).split("%")[0].lower())
        except OSError:
            pass
    return names


def url_host(name: str) -> str:
    """``name`` as it is written in a URL (IPv6 addresses in brackets)."""
    return f"[{name}]" if ":" in name else name


def page_address(host: str, port: int) -> str:
    """The address to open: on all interfaces, this machine's network address."""
    shown = host
    if host in ALL_INTERFACES:
        shown = lan_address() or "127.0.0.1"
    return f"http://{url_host(shown)}:{port}/"


_HOST_HEADER = re.compile(r"(\[[0-9a-f:.]+\]|[^:\[\]/@\s]+)(?::(\d{1,5}))?")


def split_host(value: str) -> tuple[str, int | None] | None:
    """``"Example.org:8550"`` → ``("example.org", 8550)``; None for something malformed."""
    match = _HOST_HEADER.fullmatch(value.strip().lower())
    if match is None:
        return None
    name = match.group(1).strip("[]").rstrip(".")
    return name, int(match.group(2)) if match.group(2) else None
