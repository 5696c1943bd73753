"""``python -m companion.screenshots``: the real app, example data, every screen, two sizes.

Starts ``companion --web`` on a temporary database filled with example plays, drives
Debian's Chromium and writes ``screenshots/<screen>-phone.png`` (390×844) and
``screenshots/<screen>-desktop.png`` (1280×800). Needs the test extras (playwright).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.browser import AppPage, AppServer, chromium_path, launch_chromium

OUT = Path(__file__).resolve().parent.parent / "screenshots"


@dataclass(frozen=True)
class Shot:
    """One screen: its file name stem, the route that opens it and an optional action."""

    name: str
    route: str
    act: Callable[[AppPage], None] | None = None
    # Writes this screen's example data just before it opens (an ``act`` that taps would
    # change the saved state the next screenshot, at the other size, starts from).
    prepare: Callable[[Any], None] | None = None


SHOTS: tuple[Shot, ...] = (
    Shot("setup-seats", "/setup/seats"),
    Shot("score-pad", "/score"),
    Shot("history", "/history"),
    Shot("history-stats", "/history/stats"),
    Shot("history-play", "/history/play/36"),
    Shot("settings", "/settings"),
    Shot(
        "setup-assistant",
        "/setup/assistant",
        act=lambda app: _show_problems(app),
        prepare=lambda store: _seed_setup_assistant(store, "choose"),
    ),
    Shot(
        "setup-checklist",
        "/setup/assistant/checklist",
        prepare=lambda store: _seed_setup_assistant(store, "checklist"),
    ),
)


def _show_problems(app: AppPage) -> None:
    """On a phone the check sits below the modules: jump to it the way a player would."""
    app.tap(app.by_id("show-problems"))
    app.settle(600)


def _seed_setup_assistant(store: Any, stage: str) -> None:
    from companion.demo import seed_setup_assistant

    seed_setup_assistant(store, stage=stage)


def write_example(url: str, prepare: Callable[[Any], None]) -> None:
    """Run ``prepare(store)`` on the running app's database."""
    from companion.history import open_store

    store = open_store(url)
    try:
        prepare(store)
    finally:
        store.close()


def prepare_database(path: Path) -> str:
    from companion.demo import seed_examples, seed_score_pad, seed_setup_assistant
    from companion.history import open_store

    url = f"sqlite:///{path}"
    store = open_store(url)
    try:
        seed_examples(store)
        seed_score_pad(store)
        seed_setup_assistant(store)
    finally:
        store.close()
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.screenshots", description=__doc__)
    parser.add_argument("names", nargs="*", help="only these screens (default: all)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder to write to (default {OUT})")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("companion.screenshots: no Chromium found (apt install chromium)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    shots = [s for s in SHOTS if not args.names or s.name in args.names]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        url = prepare_database(Path(tmp) / "history.sqlite3")
        with AppServer(url, log_path=Path(tmp) / "server.log") as server, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                for phone in (True, False):
                    for shot in shots:
                        if shot.prepare:
                            write_example(url, shot.prepare)
                        app = AppPage.open(browser, server.url, phone=phone, route=shot.route)
                        if shot.act:
                            shot.act(app)
                        target = args.out / f"{shot.name}-{'phone' if phone else 'desktop'}.png"
                        app.screenshot(target)
                        app.page.context.close()
                        print(target.relative_to(args.out.parent) if args.out == OUT else target)
            finally:
                browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
