"""``companion``: start Merchant's Companion in a desktop window or in browser mode.

Errors a user can cause (a bad flag, an unreachable, damaged, read-only or full database, a
port in use) end with one line on stderr and a non-zero exit, never a traceback.

Browser mode runs ``companion.server`` (Flet's web app behind our own checks); served on
anything but a loopback address it needs the access code, which is printed with the address.
Only what serving needs is imported before the server listens: the screens load in the
background right after, and at the latest when the first browser connects.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from companion import __version__, webapp
from companion.addresses import is_loopback, lan_address, page_address
from companion.logs import bound_logs
from companion.server import SESSION_MINUTES
from companion.uploads import Uploads

if TYPE_CHECKING:
    from companion.access import AccessCode
    from companion.history import Store
    from companion.rules import Catalogue
    from companion.tables import TableHub

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


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"minutes must be a number, got {text!r}") from None
    if not 0 < value <= 24 * 60:
        raise argparse.ArgumentTypeError(f"minutes must be above 0 and at most 1440, got {text}")
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
        "--session-minutes",
        type=_minutes,
        default=SESSION_MINUTES,
        metavar="MINUTES",
        help=f"how long a browser that lost its connection keeps its screen on the server "
        f"(default {SESSION_MINUTES:g})",
    )
    parser.add_argument(
        "--allow-host",
        metavar="NAME",
        action="append",
        default=[],
        help="another name this computer is reached by (e.g. its DNS name); the server "
        "refuses requests for names it does not know",
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


__all__ = ["build_parser", "is_loopback", "lan_address", "main", "page_url"]


def page_url(host: str, port: int) -> str:
    """The address to open (this machine's network address when serving on all of them)."""
    return page_address(host, port)


def _fail(message: str, code: int = 1) -> int:
    print(f"companion: error: {message}", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=os.environ.get("COMPANION_LOG", "WARNING").upper())
    bound_logs()  # nothing a client sends is copied into the log at length

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

    from companion.tables import TableHub

    # One hub per server process: every session's screens share its tables. Resuming
    # replays every open table now; the watcher notices moves another server makes.
    hub = TableHub(store)
    try:
        hub.resume()
    except StoreError as exc:
        store.close()
        return _fail(str(exc))
    hub.start_watcher()
    try:
        if desktop:
            import flet as ft

            from companion.ui.app import create_main

            print("Merchant's Companion is opening in a window.", flush=True)
            ft.run(
                create_main(store, cat=cat, db_label=store.url, hub=hub),
                view=ft.AppView.FLET_APP,
                assets_dir=webapp.assets_dir(),
                no_cdn=True,
            )
            return 0
        if not args.web:
            print(f"Browser mode ({why_not}).", flush=True)
        return _serve(args, store, cat, hub)
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        return _fail(
            f"could not start the server on {args.host}:{args.port}: {exc.strerror or exc}"
        )
    finally:
        hub.close()
        store.close()
    return 0


def _serve(args: argparse.Namespace, store: Store, cat: Catalogue, hub: TableHub) -> int:
    from companion import server
    from companion.history import StoreError

    access: AccessCode | None = None
    address = page_url(args.host, args.port)
    if not is_loopback(args.host):
        from companion.access import AccessCode, shown_code

        try:
            access = AccessCode.load(store)
        except StoreError as exc:
            return _fail(f"could not keep the access code: {exc}")
        code = access

        def announce(new_code: str, _device: str | None) -> None:
            print(
                f"New access code: {shown_code(new_code)}. Devices that joined before have "
                f"to join again: {code.link(address)}",
                flush=True,
            )

        access.on_rotate(announce)
        # Every server of a shared history follows its code: a new code made on another
        # shuts the old devices out here too, within a few seconds.
        access.watch()
        print(
            f"Merchant's Companion is reachable from the network at {address}\n"
            "Anyone on this network who has the access code can open it and read and change "
            "your play history.\n"
            f"Access code: {shown_code(access.code)}\n"
            f"Open this address on a phone (it carries the code): {access.link(address)}\n"
            "The app shows it as a QR code under Settings, Open on a phone. "
            "Press Ctrl+C to stop.",
            flush=True,
        )
    else:
        print(
            f"Merchant's Companion is running at {address}\n"
            "Only this computer can open it (start it with --host 0.0.0.0 to let phones on "
            "the same Wi-Fi join). Press Ctrl+C to stop.",
            flush=True,
        )
    uploads = Uploads()  # files phones upload to import; the folder goes when the server stops
    main_fn = _lazy_main(
        store,
        cat=cat,
        db_label=store.url,
        share_url=None if access is None else address,
        access=access,
        hub=hub,
        uploads=uploads,
    )
    app = server.build_app(
        main_fn,
        host=args.host,
        port=args.port,
        access=access,
        extra_hosts=args.allow_host,
        session_minutes=args.session_minutes,
        assets_dir=webapp.assets_dir(),
        app_name=webapp.APP_NAME,
        app_short_name=webapp.APP_SHORT_NAME,
        app_description=webapp.APP_DESCRIPTION,
        public_paths=webapp.PUBLIC_PATHS,
        uploads=uploads,
    )
    app.ready.append(_warm_up)
    try:
        server.serve(app, host=args.host, port=args.port)
    finally:
        uploads.close()
        if access is not None:
            access.stop()
    return 0


UI_MODULE = "companion.ui.app"


_warming: list[threading.Thread] = []


def _warm_up() -> None:
    """Import the screens in the background once the server is up (first session is quick)."""
    thread = threading.Thread(
        target=importlib.import_module, args=(UI_MODULE,), name="companion-warm-up", daemon=True
    )
    _warming.append(thread)
    thread.start()


def _lazy_main(
    store: Store,
    *,
    cat: Catalogue,
    db_label: str,
    share_url: str | None,
    access: AccessCode | None,
    hub: TableHub,
    uploads: Uploads | None = None,
) -> Callable[[Any], None]:
    """Flet's ``main``, importing the UI on first use rather than before the server starts."""
    built: list[Callable[[Any], None]] = []
    lock = threading.Lock()

    def main(page: Any) -> None:
        if not built:
            with lock:
                if not built:
                    # One import of the screens at a time: two threads importing the same
                    # modules can see each other's half-imported ones.
                    for thread in _warming:
                        thread.join()
                    from companion.server import device_of
                    from companion.ui.app import create_main

                    built.append(
                        create_main(
                            store,
                            cat=cat,
                            db_label=db_label,
                            share_url=share_url,
                            access=access,
                            device_of=device_of,
                            hub=hub,
                            uploads=uploads,
                        )
                    )
        built[0](page)

    return main


if __name__ == "__main__":
    raise SystemExit(main())
