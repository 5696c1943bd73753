"""``python -m companion.screenshots``: the real app, example data, every screen, two sizes.

Starts ``companion --web`` on a temporary database filled with example plays, drives
Debian's Chromium and writes ``screenshots/<screen>-phone.png`` (390×844) and
``screenshots/<screen>-desktop.png`` (1280×800). Needs the test extras (playwright).
"""

from __future__ import annotations

import argparse
import functools
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
    prepare: Callable[..., None] | None = None
    theme: str = "light"  # the theme setting the screen is shown in


JOURNEY = "/calculators/journey"


SHOTS: tuple[Shot, ...] = (
    Shot("setup-seats", "/setup/seats"),
    Shot("score-pad", "/score"),
    Shot("history", "/history"),
    Shot("history-stats", "/history/stats"),
    Shot("history-play", "/history/play/36"),
    Shot("settings", "/settings"),
    Shot("settings-dark", "/settings", theme="dark"),
    Shot("score-pad-dark", "/score", theme="dark"),
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
    *(
        Shot(name, f"/calculators/mercante/{rest}", act=act, prepare=lambda s: _seed_mercante(s))
        for name, rest, act in (
            ("mercante-calendar", "calendar", lambda app: _shows(app, "glance-luxuries")),
            ("mercante-glance", "calendar", lambda app: _scroll_to(app, "glance-luxuries")),
            ("mercante-sale", "sale", lambda app: _scroll_to(app, "token-silk:1")),
            ("mercante-sale-total", "sale", lambda app: _scroll_to(app, "sale-total")),
            ("mercante-upkeep", "upkeep", lambda app: _shows(app, "turn-line")),
            ("mercante-setup", "setup", lambda app: _shows(app, "start-1")),
            (
                "mercante-setup-steps",
                "setup",
                lambda app: _scroll_to(app, "mercante-setup-progress"),
            ),
            ("mercante-tally", "end", lambda app: _scroll_to(app, "tally-player-1")),
            ("mercante-standings", "end", lambda app: _scroll_to(app, "mercante-standings")),
            ("mercante-events", "events", lambda app: _shows(app, "new-event")),
            ("mercante-event-new", "events/new", lambda app: _shows(app, "event-name")),
        )
    ),
    Shot(
        "mercante-new",
        "/calculators/mercante",
        act=lambda app: _shows(app, "start-game"),
        prepare=lambda store: _no_mercante_game(store),
    ),
    Shot(
        "cove-goods",
        "/calculators/cove-goods",
        act=lambda app: _cove_goods_wait(app),
        prepare=lambda store: _seed_cove_goods(store),
    ),
    Shot(
        "cove-goods-sale",
        "/calculators/cove-goods",
        act=lambda app: _cove_goods_wheel_to(app, "sold-0"),
        prepare=lambda store: _seed_cove_goods(store),
    ),
    *(
        Shot(name, JOURNEY, act=act, prepare=lambda s, st=stage: _seed_journey(s, st))
        for name, stage, act in (
            ("journey", "play", lambda app: _journey_shows(app, "last-move")),
            ("journey-table", "play", lambda app: _journey_scroll(app, "row-1")),
            ("journey-final", "over", lambda app: _journey_shows(app, "journey-standings")),
            ("journey-new", "new", lambda app: _journey_shows(app, "start-journey")),
        )
    ),
    Shot(
        "bard",
        "/calculators/bard",
        act=lambda app: _bard_scroll(app, "bard-summary"),
        prepare=lambda store: _seed_bard(store),
    ),
    Shot(
        "bard-locations",
        "/calculators/bard",
        act=lambda app: _bard_scroll(app, "stop-3"),
        prepare=lambda store: _seed_bard(store),
    ),
    Shot(
        "bard-total",
        "/calculators/bard",
        act=lambda app: _bard_scroll(app, "bard-totals"),
        prepare=lambda store: _seed_bard(store),
    ),
)


def _show_problems(app: AppPage) -> None:
    """On a phone the check sits below the modules: jump to it the way a player would."""
    app.tap(app.by_id("show-problems"))
    app.settle(600)


def _seed_mercante(store: Any) -> None:
    """The example game, written again before each Mercante screenshot."""
    from companion.demo import seed_mercante

    seed_mercante(store)


def _no_mercante_game(store: Any) -> None:
    """The new-game form, as a group opens Mercante with the table already seated."""
    from companion.ui.logic.mercante import GAME_KEY

    store.delete_setting(GAME_KEY)


def _scroll_to(app: AppPage, ident: str) -> None:
    """Scroll the screen (as a thumb would) until the tagged control is near the top."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=30_000)
    viewport = app.page.viewport_size or {"width": 390, "height": 844}
    app.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    ratio = 4.0  # wheel units per pixel moved; measured below, Flutter's varies by page
    for _ in range(20):
        box = target.bounding_box()
        if box is None:
            break
        distance = box["y"] - 140
        if abs(distance) < 40:
            break
        app.page.mouse.wheel(0, distance * ratio)
        app.settle(300)
        moved = box["y"] - (target.bounding_box() or box)["y"]
        if moved:
            ratio = max(1.0, min(ratio * distance / moved, 20.0))
    app.page.mouse.move(2, viewport["height"] * 0.15)  # off the list: no tooltip in the shot
    app.settle(300)


def _shows(app: AppPage, ident: str) -> None:
    """Wait until the screen's content (not just the app's frame) is drawn."""
    app.by_id(ident).wait_for(state="attached", timeout=30_000)
    app.settle(500)


def _seed_journey(store: Any, stage: str) -> None:
    from companion.demo import seed_journey

    seed_journey(store, stage=stage)


def _journey_shows(app: AppPage, ident: str) -> None:
    """Wait until the tagged control is there, so the shot shows the screen built."""
    app.by_id(ident).wait_for(state="attached", timeout=10_000)
    app.settle(300)


def _journey_scroll(app: AppPage, ident: str) -> None:
    """Scroll the way a thumb would until the tagged control sits near the top."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=10_000)
    viewport = app.page.viewport_size or {"width": 390, "height": 844}
    for _ in range(12):
        box = target.bounding_box()
        if box and 60 <= box["y"] <= viewport["height"] * 0.3:
            break
        up = box is not None and box["y"] < 60
        # Near the left edge, inside the page but clear of any card and its tooltip.
        app.page.mouse.move(20, viewport["height"] / 2)
        app.page.mouse.wheel(0, -200 if up else 300)
        app.settle(250)


def _seed_setup_assistant(store: Any, stage: str) -> None:
    from companion.demo import seed_setup_assistant

    seed_setup_assistant(store, stage=stage)


def _seed_cove_goods(store: Any) -> None:
    from companion.demo import seed_cove_goods

    seed_cove_goods(store)


def _cove_goods_wait(app: AppPage) -> None:
    app.by_id("sale-value").wait_for(state="attached", timeout=30_000)
    app.settle(500)


def _cove_goods_wheel_to(app: AppPage, ident: str) -> None:
    """Scroll the sale-value screen with the mouse wheel until ``ident`` is near the top."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=30_000)
    viewport = app.page.viewport_size or {"width": 390, "height": 844}
    app.page.mouse.move(viewport["width"] / 2, viewport["height"] * 0.6)
    ratio = 4.0  # wheel units per pixel moved; corrected from what each turn really moved
    for _ in range(20):
        box = target.bounding_box()
        if box is None:
            break
        distance = box["y"] - viewport["height"] * 0.3
        if abs(distance) < 40:
            break
        app.page.mouse.wheel(0, distance * ratio)
        app.settle(300)
        moved = box["y"] - (target.bounding_box() or box)["y"]
        if moved:
            ratio = max(1.0, min(ratio * distance / moved, 20.0))
    app.page.mouse.move(2, viewport["height"] * 0.15)  # off the list: no tooltip in the shot
    app.settle(300)


def _prepare(store: Any, shot: Shot) -> None:
    store.set_setting("theme", shot.theme)
    if shot.prepare:
        shot.prepare(store)


def write_example(url: str, prepare: Callable[[Any], None]) -> None:
    """Run ``prepare(store)`` on the running app's database."""
    from companion.history import open_store

    store = open_store(url)
    try:
        prepare(store)
    finally:
        store.close()


def _seed_bard(store: Any) -> None:
    from companion.demo import seed_bard

    seed_bard(store)


def _bard_scroll(app: AppPage, ident: str) -> None:
    """Wheel the Bard's long page until ``ident`` sits near the top. How far a wheel step
    moves differs by device, so each step is sized from how far the last one went."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=10_000)
    viewport = app.page.viewport_size or {"width": 390, "height": 844}
    app.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    ratio = 1.0  # page pixels moved per wheel unit
    for _ in range(12):
        box = target.bounding_box()
        if box is None:
            break
        off = box["y"] - 90
        if abs(off) < 40:
            break
        delta = max(-20_000.0, min(20_000.0, off / ratio))
        app.page.mouse.wheel(0, delta)
        app.settle(300)
        after = target.bounding_box()
        if after is None or after["y"] == box["y"]:
            break  # the end of the page: nothing more to scroll
        ratio = max(0.05, (box["y"] - after["y"]) / delta)
    app.settle(400)  # the navigation bar's indicator slides in on the first frame


def prepare_database(path: Path) -> str:
    from companion.demo import seed_examples, seed_score_pad, seed_setup_assistant
    from companion.history import open_store

    url = f"sqlite:///{path}"
    store = open_store(url)
    try:
        seed_examples(store)
        seed_score_pad(store)
        seed_setup_assistant(store)
        _seed_bard(store)
        _seed_journey(store, "play")
        _seed_cove_goods(store)
        _seed_mercante(store)
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
                        write_example(url, functools.partial(_prepare, shot=shot))
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
