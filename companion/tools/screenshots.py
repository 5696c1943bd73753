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

from companion.tools.browser import AppPage, AppServer, chromium_path, launch_chromium

OUT = Path(__file__).resolve().parents[2] / "screenshots"


@dataclass(frozen=True)
class Shot:
    """One screen: its file name stem, the route that opens it and an optional action."""

    name: str
    route: str
    act: Callable[[AppPage], None] | None = None
    # Writes this screen's example data just before it opens (an ``act`` that taps would
    # change the saved state the next screenshot, at the other size, starts from).
    prepare: Callable[..., Any] | None = None
    theme: str = "light"  # the theme setting the screen is shown in


JOURNEY = "/calculators/journey"
MERCANTE = "/calculators/mercante"
BARD = "/calculators/bard"


SHOTS: tuple[Shot, ...] = (
    # Each waits for its screen's content: on a busy machine the app's frame is drawn first
    # (the first screens of a run also wait for the app's modules to load).
    Shot(
        "setup-seats",
        "/setup/seats",
        act=lambda app: _shows(app, "turn-order"),
        prepare=lambda store: _seed_seats(store),
    ),
    Shot(
        "setup-seats-tables",
        "/setup/seats",
        act=lambda app: _shows(app, "games-in-progress"),
        prepare=lambda store: _seed_seats(store) and "/setup/seats",
    ),
    Shot(
        "score-pad",
        "/score",
        act=lambda app: _shows(app, "player-row-1"),
        prepare=lambda store: _seed_score_pad(store),
    ),
    Shot(
        "score-pad-standings",
        "/score",
        act=lambda app: _scroll_to(app, "standings"),
        prepare=lambda store: _seed_score_pad(store),
    ),
    Shot(
        "score-pads",
        "/score",
        act=lambda app: _shows(app, "games-in-progress"),
        prepare=lambda store: _seed_score_pad(store) and "/score",
    ),
    Shot("history", "/history", act=lambda app: _shows(app, "filter-game")),
    Shot("history-stats", "/history/stats", act=lambda app: _sees(app, "Wins per player")),
    Shot("history-play", "/history/play/36"),
    Shot("history-import-too-large", "/history", act=lambda app: _import_too_large(app)),
    # Waiting for a control of the screen: on a busy machine the app's frame is drawn first.
    Shot("settings", "/settings", act=lambda app: _shows(app, "theme-picker")),
    Shot(
        "settings-ruling",
        "/settings/rulings/mercante.reaction_closes_market",
        act=lambda app: _scroll_to(app, "rules-entry-mercante.reaction_closes_market", top=0.6),
    ),
    Shot("rules", "/rules", act=lambda app: _shows(app, "rules-search")),
    Shot(
        "rules-topic",
        "/rules/topic/mercante/agent-actions",
        act=lambda app: _shows(app, "result-mercante.actions"),
    ),
    Shot("rules-search", "/rules", act=lambda app: _search(app, "paladin")),
    Shot("rules-entry", "/rules/cove.card.fence", act=lambda app: _shows(app, "entry-title")),
    Shot(
        "rules-entry-dark",
        "/rules/mercante.upkeep.remove_goods",
        act=lambda app: _shows(app, "entry-title"),
        theme="dark",
    ),
    Shot(
        "rules-ruling",
        "/rules/ruling.mercante.reaction_closes_market",
        act=lambda app: _shows(app, "entry-title"),
    ),
    Shot("settings-dark", "/settings", act=lambda app: _shows(app, "theme-picker"), theme="dark"),
    Shot(
        "score-pad-dark",
        "/score",
        act=lambda app: _shows(app, "player-row-1"),
        prepare=lambda store: _seed_score_pad(store),
        theme="dark",
    ),
    Shot(
        "setup-assistant",
        "/setup/assistant",
        act=lambda app: _show_problems(app),
        prepare=lambda store: _seed_setup_assistant(store, "choose"),
    ),
    Shot(
        "setup-checklist",
        "/setup/assistant/checklist",
        act=lambda app: _at_next_step(app),
        prepare=lambda store: _seed_setup_assistant(store, "checklist"),
    ),
    Shot(
        "setup-lobby",
        "/setup/assistant",
        act=lambda app: _shows(app, "start-setup"),
        prepare=lambda store: _seed_setup_assistant(store, "checklist") and "/setup/assistant",
    ),
    *(
        Shot(name, MERCANTE, act=act, prepare=lambda s, r=rest: _seed_mercante(s, r))
        for name, rest, act in (
            ("mercante-calendar", "calendar", lambda app: _shows(app, "glance-luxuries")),
            ("mercante-glance", "calendar", lambda app: _scroll_to(app, "glance-luxuries")),
            ("mercante-sale", "sale", lambda app: _price_sale(app, "token-silk:1")),
            ("mercante-sale-total", "sale", lambda app: _price_sale(app, "sale-total")),
            ("mercante-turn", "turn", lambda app: _shows(app, "turn-line")),
            ("mercante-agents", "turn", lambda app: _scroll_to(app, "agents-panel")),
            ("mercante-reactions", "sale", lambda app: _price_sale(app, "reaction-card-1")),
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
        "mercante-games",
        MERCANTE,
        act=lambda app: _shows(app, "games-in-progress"),
        prepare=lambda store: _seed_mercante(store, None),
    ),
    Shot(
        "mercante-new",
        MERCANTE,
        act=lambda app: _shows(app, "start-game"),
        prepare=lambda store: _no_mercante_game(store),
    ),
    Shot(
        "mercante-variants",
        MERCANTE,
        act=lambda app: _scroll_to(app, "variants-panel"),
        prepare=lambda store: _no_mercante_game(store),
    ),
    Shot(
        "cove-goods",
        "/calculators/cove-goods",
        act=lambda app: _price_example_good(app),
        prepare=lambda store: _seed_cove_goods(store),
    ),
    Shot(
        "cove-goods-working",
        "/calculators/cove-goods",
        act=lambda app: _price_example_good(app, then="sale-ledger"),
        prepare=lambda store: _seed_cove_goods(store),
    ),
    Shot(
        "cove-goods-sale",
        "/calculators/cove-goods",
        act=lambda app: _price_example_good(app, then="sold-0"),
        prepare=lambda store: _seed_cove_goods(store),
    ),
    *(
        Shot(name, JOURNEY, act=act, prepare=lambda s, st=stage: _seed_journey(s, st))
        for name, stage, act in (
            ("journey", "play", lambda app: _choose(app, "card-8", "last-move")),
            ("journey-table", "play", lambda app: _scroll_to(app, "row-1", pointer_x=0.05)),
            ("journey-final", "over", lambda app: _shows(app, "journey-standings")),
            ("journey-new", "new", lambda app: _shows(app, "start-journey")),
        )
    ),
    Shot(
        "journey-games",
        JOURNEY,
        act=lambda app: _shows(app, "games-in-progress"),
        prepare=lambda store: _seed_journey(store, "play") and JOURNEY,
    ),
    Shot(
        "bard",
        BARD,
        act=lambda app: _scroll_to(app, "bard-summary"),
        prepare=lambda store: _seed_bard(store, "song"),
    ),
    Shot(
        "bard-locations",
        BARD,
        act=lambda app: _scroll_to(app, "stop-3"),
        prepare=lambda store: _seed_bard(store, "song"),
    ),
    Shot(
        "bard-total",
        BARD,
        act=lambda app: _scroll_to(app, "bard-totals"),
        prepare=lambda store: _seed_bard(store, "song"),
    ),
    Shot(
        "bard-board",
        BARD,
        act=lambda app: _open_board(app),
        prepare=lambda store: _seed_bard(store, "tableau"),
    ),
    Shot(
        "bard-tableau",
        BARD,
        act=lambda app: _edit_card(app),
        prepare=lambda store: _seed_bard(store, "tableau"),
    ),
    Shot(
        "bard-best",
        BARD,
        act=lambda app: _best_song(app),
        prepare=lambda store: _seed_bard(store, "tableau"),
    ),
    Shot(
        "bard-tables",
        BARD,
        act=lambda app: _shows(app, "games-in-progress"),
        prepare=lambda store: _seed_bard(store, "song") and BARD,
    ),
)


def _show_problems(app: AppPage) -> None:
    """On a phone the check sits below the modules: jump to it the way a player would."""
    _shows(app, "show-problems")
    app.tap(app.by_id("show-problems"))
    app.settle(1200)


def _at_next_step(app: AppPage) -> None:
    """A phone opens the checklist where the group left off (it scrolls to the next step)."""
    _shows(app, "progress-text")
    app.settle(1000)


def _seed_mercante(store: Any, rest: str | None) -> str:
    """The example table, written again before each Mercante screenshot; the screenshot opens
    its tab ``rest`` (``None``: the list of games in progress, with a second game in it)."""
    from companion.tools.demo import seed_mercante

    table_id = seed_mercante(store)
    if rest is None:
        _second_mercante_game(store)
        return MERCANTE
    return f"{MERCANTE}/{table_id}/{rest}"


def _second_mercante_game(store: Any) -> None:
    from companion.engine import mercante
    from companion.engine.mercante import MercanteGame, MercanteTable, rulebook_event
    from companion.tables import TableHub

    game = MercanteGame.new(
        ["Eli", "Fay", "Gus"], first_event=rulebook_event("Distant War"), ledger=False
    )
    TableHub(store).create(mercante.TABLE_RULES.tool, MercanteTable.new(game), device="demo")


def _no_mercante_game(store: Any) -> None:
    """The new-game form, as a group opens Mercante with the table already seated."""
    from companion.engine import mercante
    from companion.tables import TableHub
    from companion.ui.mercante.model import GAME_KEY

    store.delete_setting(GAME_KEY)
    hub = TableHub(store)
    for table in store.list_tables(tool=mercante.TABLE_RULES.tool, status="open"):
        hub.abandon(table.id, device="demo")


def _price_sale(app: AppPage, ident: str) -> None:
    """A sale being priced on this phone (it stays on this phone: the table does not keep
    it): a silk, two wine and an ore for the bazaar, with the group's Royal Wedding tried as
    a Reaction on the silk."""
    _shows(app, "add-silk")
    for good in ("silk", "wine", "wine", "ore"):
        app.press(f"add-{good}")
        app.settle(200)
    for nth, value in enumerate(("20", "7", "6")):
        app.type_into("Printed value of its space", value, nth=nth)
    app.press("bazaar-ore:1")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    card = app.by_id("reaction-card-1")
    for _ in range(3):  # under load a tap right after the toggle's update can go unseen
        app.press("add-reaction")
        try:
            card.wait_for(state="visible", timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    # A drop-down has no tappable node of its own: tap it, then its option (a button here).
    card.scroll_into_view_if_needed()
    app.settle(400)
    app.tap(card)
    app.settle(400)
    option = app.page.get_by_role("button", name="Royal Wedding")
    app.tap(option.or_(app.page.get_by_role("menuitem", name="Royal Wedding")).last)
    app.settle(400)
    _scroll_to(app, ident)


def _scroll_to(app: AppPage, ident: str, *, top: float = 140, pointer_x: float = 0.5) -> None:
    """Scroll the screen (as a thumb would) until the tagged control is near the top.

    ``top`` is where it should end up: pixels from the top, or a fraction of the height when
    below 1. ``pointer_x`` is where across the screen the wheel turns (a fraction), so it can
    stay clear of cards with tooltips. How far a wheel step moves differs by page, so each
    step is sized from how far the last one went.
    """
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=30_000)
    viewport = app.page.viewport_size or {"width": 390, "height": 844}
    goal = top * viewport["height"] if top < 1 else top
    app.page.mouse.move(viewport["width"] * pointer_x, viewport["height"] / 2)
    ratio = 4.0  # wheel units per pixel moved
    for _ in range(20):
        box = target.bounding_box()
        if box is None:
            break
        distance = box["y"] - goal
        if abs(distance) < 40:
            break
        app.page.mouse.wheel(0, distance * ratio)
        app.settle(300)
        moved = box["y"] - (target.bounding_box() or box)["y"]
        if not moved:
            break  # the end of the page: nothing more to scroll
        ratio = max(1.0, min(ratio * distance / moved, 20.0))
    app.page.mouse.move(2, viewport["height"] * 0.15)  # off the list: no tooltip in the shot
    app.settle(400)


def _search(app: AppPage, text: str) -> None:
    """Type into the Rules search as a player would, and wait for the results."""
    app.by_id("rules-search").wait_for(state="attached", timeout=30_000)
    app.type_into("Search the rules", text)
    app.by_id("rules-group-merchants_cove").wait_for(state="attached", timeout=30_000)
    app.page.mouse.move(2, 2)  # no hover highlight in the shot
    app.settle(500)


def _import_too_large(app: AppPage) -> None:
    """A backup over the import's limit, picked on History: refused before anything is sent,
    the message naming the limit (the file is sparse: nothing that size is written)."""
    _shows(app, "filter-game")
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "merchants-companion-history.json"
        with file.open("wb") as handle:
            handle.truncate(300_000_000)
        app.pick_file("history-menu", "Import a backup file", file)
        _shows(app, "import-result")


def _shows(app: AppPage, ident: str) -> None:
    """Wait until the screen's content (not just the app's frame) is drawn."""
    app.by_id(ident).wait_for(state="attached", timeout=30_000)
    app.settle(500)


def _sees(app: AppPage, text: str) -> None:
    """Wait until ``text`` is on the screen (for screens with no tagged control to wait for)."""
    app.expect(text, timeout=30_000)
    app.settle(500)


def _choose(app: AppPage, card: str, shown: str) -> None:
    """A card chosen on this phone (it stays on this phone: the table does not keep it)."""
    _shows(app, shown)
    app.press(card)
    app.settle(300)


def _seed_journey(store: Any, stage: str) -> str:
    """The example table; the screenshot opens it (or the list, when there is none)."""
    from companion.tools.demo import seed_journey

    table_id = seed_journey(store, stage=stage)
    return JOURNEY if table_id is None else f"{JOURNEY}/{table_id}"


def _seed_setup_assistant(store: Any, stage: str) -> str:
    """The example setup (a shared table); the screenshot opens its page."""
    from companion.tools.demo import seed_setup_assistant

    table_id = seed_setup_assistant(store, stage=stage)
    return f"/setup/assistant/{table_id}" + ("/checklist" if stage == "checklist" else "")


def _seed_cove_goods(store: Any) -> str:
    """The example Pier, with no setup of the evening open (so the calculator offers every
    piece of Master Craft, not only those of an earlier shot's modules); the screenshot
    opens it."""
    from companion.tools.demo import _abandon_open, seed_cove_goods

    _abandon_open(store, "setup")

    return f"/calculators/cove-goods/{seed_cove_goods(store)}"


def _price_example_good(app: AppPage, *, then: str | None = None) -> None:
    """The Good the example phone is pricing (it stays on that phone, so it is tapped in),
    then scroll to ``then``."""
    from companion.tools.demo import EXAMPLE_GOOD

    _shows(app, "sale-value")
    for ident in EXAMPLE_GOOD:
        app.press(ident)
    app.settle(300)
    if then is not None:
        _scroll_to(app, then, top=0.3)


def _seed_seats(store: Any) -> str:
    from companion.tools.demo import seed_seats

    return f"/setup/seats/{seed_seats(store)}"


def _seed_score_pad(store: Any) -> str:
    from companion.tools.demo import seed_score_pad

    return f"/score/{seed_score_pad(store)}"


def _prepare(store: Any, shot: Shot) -> Any:
    store.set_setting("theme", shot.theme)
    return shot.prepare(store) if shot.prepare else None


def write_example(url: str, prepare: Callable[[Any], Any]) -> Any:
    """Run ``prepare(store)`` on the running app's database; returns what it returns (a
    route, for an example that lives at an address of its own, such as a shared table)."""
    from companion.history import open_store

    store = open_store(url)
    try:
        return prepare(store)
    finally:
        store.close()


def _seed_bard(store: Any, stage: str) -> str:
    """The example Bard table; the screenshot opens it."""
    from companion.tools.demo import seed_bard

    return f"{BARD}/{seed_bard(store, stage=stage)}"


def _open_board(app: AppPage) -> None:
    """The board folds once counted: open it the way a player would."""
    _shows(app, "bard-board")
    app.tap(app.by_id("bard-board"))
    app.settle(600)
    _scroll_to(app, "board-pier_1-warrior")


def _edit_card(app: AppPage) -> None:
    """Card C chosen in the tableau: its top and its bottom half below the Volume Cost."""
    _shows(app, "bard-tableau")
    app.tap(app.by_id("bard-tableau"))
    app.settle(600)
    app.press("bard-card-C")
    app.settle(400)
    _scroll_to(app, "bard-card-editor")


def _best_song(app: AppPage) -> None:
    _shows(app, "bard-best")
    app.press("bard-best")
    _shows(app, "plan-1")
    _scroll_to(app, "bard-plans")


def prepare_database(path: Path) -> str:
    from companion.history import open_store
    from companion.tools.demo import seed_examples, seed_score_pad, seed_setup_assistant

    url = f"sqlite:///{path}"
    store = open_store(url)
    try:
        seed_examples(store)
        seed_score_pad(store)
        seed_setup_assistant(store)
        _seed_bard(store, "song")
        _seed_journey(store, "play")
        _seed_cove_goods(store)
        _seed_mercante(store, "calendar")
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
                        route = write_example(url, functools.partial(_prepare, shot=shot))
                        app = AppPage.open(
                            browser,
                            server.url,
                            phone=phone,
                            route=route if isinstance(route, str) else shot.route,
                        )
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
