"""``companion``: start Merchant's Companion in a desktop window or in browser mode.

Errors a user can cause (a bad flag, an unreachable or damaged database, a port in use) end
with one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
from pathlib import Path
from typing import NoReturn

from companion import __version__

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
ENV_DB = "COMPANION_DB"

log = logging.getLogger("companion")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is a single line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a number, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 1 and 65535, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="Merchant's Companion: setup helper, rules assistant and score pad "
        "for merchant board games.",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="run in browser mode even where a desktop window could open",
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to serve browser mode on (default {DEFAULT_HOST}; "
        "use 0.0.0.0 to open it from a phone on the same network)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port for browser mode (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help=f"history database as an SQLAlchemy URL (default: ${ENV_DB}, else a SQLite file "
        "in your user data folder), e.g. postgresql://user@host/club",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def desktop_client_available() -> tuple[bool, str]:
    """Whether Flet's desktop client can open a window here without downloading anything.

    The client is never fetched at run time (there may be no internet at the table), so a
    window opens only where a display exists and the client is bundled or already cached.
    """
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False, "no display"
    try:
        import flet_desktop
        from flet_desktop.version import version as desktop_version
    except ImportError:
        return False, "flet-desktop is not installed"
    view_path = os.environ.get("FLET_VIEW_PATH")
    if view_path and Path(view_path).exists():
        return True, ""
    try:
        bundled = Path(flet_desktop.get_package_bin_dir()) / flet_desktop.get_artifact_filename()
        if bundled.exists():
            return True, ""
    except Exception:
        pass
    cache = Path.home() / ".flet" / "client"
    if cache.is_dir() and any(
        p.is_dir() and p.name.startswith("flet-desktop-") and desktop_version in p.name
        for p in cache.iterdir()
    ):
        return True, ""
    return False, "Flet's desktop client is not installed on this computer"


def port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.254.254.254", 1))
            address: str = sock.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def page_url(host: str, port: int) -> str:
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = lan_address() or "127.0.0.1"
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _fail(message: str, code: int = 1) -> int:
    print(f"companion: error: {message}", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=os.environ.get("COMPANION_LOG", "WARNING").upper())

    from companion.rules import DataFileError, catalogue

    try:
        cat = catalogue()
    except DataFileError as exc:
        return _fail(f"game data is damaged: {exc}")

    from companion.history import StoreError, open_store

    url = args.db or os.environ.get(ENV_DB) or None
    try:
        store = open_store(url)
    except StoreError as exc:
        return _fail(str(exc))

    desktop, why_not = (False, "--web given") if args.web else desktop_client_available()
    if not desktop and not port_free(args.host, args.port):
        return _fail(
            f"port {args.port} on {args.host} is already in use "
            "(is the app already running? choose another with --port)"
        )

    import flet as ft

    from companion import webapp
    from companion.ui.app import create_main

    shared = args.host not in ("127.0.0.1", "localhost", "::1")
    main_fn = create_main(
        store,
        cat=cat,
        db_label=store.url,
        share_url=page_url(args.host, args.port) if shared and not desktop else None,
    )
    try:
        if desktop:
            print("Merchant's Companion is opening in a window.", flush=True)
            ft.run(main_fn, view=ft.AppView.FLET_APP, assets_dir=webapp.assets_dir(), no_cdn=True)
        else:
            if not args.web:
                print(f"Browser mode ({why_not}).", flush=True)
            print(
                f"Merchant's Companion is running at {page_url(args.host, args.port)}\n"
                "Open that address in a browser (a phone on the same network can use it when "
                "started with --host 0.0.0.0). Press Ctrl+C to stop.",
                flush=True,
            )
            os.environ.setdefault("FLET_WEB_NO_CDN", "1")
            ft.run(
                main_fn,
                view=ft.AppView.WEB_BROWSER,
                host=args.host,
                port=args.port,
                no_cdn=True,
                assets_dir=webapp.assets_dir(),
            )
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        return _fail(
            f"could not start the server on {args.host}:{args.port}: {exc.strerror or exc}"
        )
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
