"""Example data for screenshots and demos: a few months of plays at a games club."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from companion.engine.table import draw_first_player

PLAYERS = ("Anna", "Ben", "Cleo", "Dev", "Eli", "Farah")


def seed_examples(
    store: Any, *, seed: int = 7, plays: int = 36, now: datetime | None = None
) -> None:
    """Record ``plays`` finished games (deterministic from ``seed``) and a seated table."""
    rng = random.Random(seed)
    end = (now or datetime(2026, 11, 28, 21, 30)).replace(second=0, microsecond=0)
    start = end - timedelta(days=3 * plays)
    for i in range(plays):
        when = start + timedelta(days=3 * i, minutes=rng.randrange(0, 90))
        game = rng.choice(["mercante", "mercante", "merchants_journey", "merchants_cove", "Catan"])
        if game == "mercante":
            names = rng.sample(PLAYERS, rng.randint(3, 5))
            vp = {n: rng.randint(4, 14) for n in names}
            penalties = {n: -rng.choice([0, 0, 0, 1, 2, 3]) for n in names}
            crowns = {n: rng.randint(0, 40) for n in names}
            store.record_play(
                "mercante",
                [(n, vp[n] + penalties[n]) for n in names],
                played_at=when,
                breakdowns={
                    n: {"Victory points": vp[n], "Contract penalties": penalties[n]} for n in names
                },
                tiebreakers=[("Most crowns left", True), ("Fewest unfulfilled contracts", False)],
                tiebreak_values={n: [crowns[n], -penalties[n] // 2] for n in names},
                start_player=names[0],
                duration_min=rng.randint(80, 130),
                location="Harbour Games Club",
            )
        elif game == "merchants_journey":
            names = rng.sample(PLAYERS, rng.randint(2, 6))
            store.record_play(
                "merchants_journey",
                [(n, rng.randint(10, 90)) for n in names],
                played_at=when,
                duration_min=rng.randint(15, 35),
                start_player=names[0],
            )
        elif game == "merchants_cove":
            names = rng.sample(PLAYERS, rng.randint(2, 4))
            store.record_play(
                "merchants_cove",
                [(n, rng.randint(60, 160)) for n in names],
                played_at=when,
                modules=["faction_festival", "honor_tokens"] if rng.random() < 0.5 else [],
                duration_min=rng.randint(70, 110),
            )
        else:
            names = rng.sample(PLAYERS, rng.randint(3, 4))
            store.record_play(game, [(n, rng.randint(5, 10)) for n in names], played_at=when)
    seats = ["Anna", "Ben", "Cleo", "Dev"]
    draw = draw_first_player(seats, 482913)
    store.set_setting(
        "table", {"game": "mercante", "seats": seats, "seed": draw.seed, "first": draw.first}
    )


def seed_mercante(store: Any) -> int:
    """A Mercante game part-way through at the seated table, as a shared table (any other
    Mercante game in progress is abandoned first, so the example is the only one); returns
    its id. Three cards of the group's own, a calendar that closes raw materials, a shipment
    auction under way, the contracts kept at setup, the first setup steps ticked and the final
    tally filled in. (A sale being priced is a phone's own draft: the screenshots type it.)"""
    from companion.engine.mercante import (
        Event,
        KeepContract,
        MercanteGame,
        MercanteTable,
        SetTally,
        Shipment,
        TickSetupStep,
        rulebook_event,
    )
    from companion.tables import TableHub

    hub = TableHub(store)
    for table in store.list_tables(tool="mercante", status="open"):
        hub.abandon(table.id, device="demo")
    own = (
        Event("Harvest Festival", "enduring", {"foodstuffs": 2, "grain": 1}),
        Event("Royal Wedding", "enduring", {"luxuries": 3, "art": 2}, reaction=True),
        Event(
            "Pirate Raid",
            "fleeting",
            {"precious_metals": -2},
            reaction=True,
            note="Each unsecured warehouse loses one precious metal.",
        ),
    )
    # Seeding again (before each screenshot) updates the cards instead of clashing on names.
    existing = {c.name: c.id for c in store.list_custom_cards("mercante", "event")}
    for e in own:
        store.save_custom_card("mercante", "event", e.name, e.to_dict(), existing.get(e.name))
    draw = draw_first_player(["Anna", "Ben", "Cleo", "Dev"], 482913)
    game = MercanteGame.new(draw.turn_order(), first_event=rulebook_event("Visiting Nobility"))
    first, second, third, holder = game.seats
    # One round and a bit, in the rulebook's order. The first player plays the group's
    # Harvest Festival with Manipulate Events and buys a third agent; the second buys a silk
    # at auction and sells gold and wine; the third buys a victory point (one token goes on
    # the upkeep marker); the marker holder's upkeep turns over Distant War, auctions the
    # token and passes the marker. Now the first player is auctioning two grain.
    start = game
    game = game.manipulate_events(own[0])[0]
    game = game.improve("agent")[0].end_turn()[0]
    game = game.start_auction(Shipment(("silk",), (5,)))[0]
    for bidder, amount in ((third, 6), (holder, None), (first, 7), (second, 8)):
        game = game.bid(bidder, amount)[0]
    game = game.sell(["gold", "wine"], agents=2, bases=[11, 8])[0].end_turn()[0]
    game = game.buy_vp()[0].end_turn()[0]
    game = game.remove_goods({})[0].play_event(rulebook_event("Distant War"))[0]
    game = game.auction_vp({first: 4, second: 6, third: 5, holder: 3})[0]
    game = game.pass_upkeep_marker()[0].end_turn()[0]
    game = game.start_auction(Shipment(("grain", "grain"), (2, 2), 3))[0]
    game = game.bid(second, 3)[0]
    actions: list[Any] = [r.action for r in game.log]
    actions += [KeepContract(n, 0, v) for n, v in zip(game.seats, (8, 10, 6, 10), strict=True)]
    table = MercanteTable.new(start)
    actions += [TickSetupStep(step) for step, _ in table.setup_steps()[:3]]
    figures: tuple[dict[str, Any], ...] = (
        {"vp": 10, "crowns": 34, "goods": 1, "bought": 3},
        {"vp": 7, "crowns": 52, "goods": 0, "unfulfilled": 1, "penalties": (3,), "bought": 5},
        {"vp": 11, "crowns": 18, "goods": 2, "completed": (2,), "bought": 2},
        {"vp": 9, "crowns": 41, "goods": 0, "bought": 4},
    )
    for name, row in zip(game.seats, figures, strict=True):
        actions += [SetTally(name, figure, value) for figure, value in row.items()]
    snapshot = hub.create("mercante", table, device="demo")
    for action in actions:
        snapshot = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="demo").snapshot
    return snapshot.table_id


def seed_score_pad(store: Any) -> None:
    """A half-entered Mercante game on the score pad, as players leave it mid-tally."""
    rows = [
        ("Anna", "11", "41", True),
        ("Ben", "9", "12", False),
        ("Cleo", "11", "27", False),
        ("Dev", "", "", False),
    ]
    store.set_setting(
        "scorepad_draft",
        {
            "game": "mercante",
            "title": "",
            "lowest_wins": False,
            "breakdown": False,
            "categories": ["Victory points", "Contract penalties"],
            "tiebreakers": [["Most crowns left", True], ["Fewest unfulfilled contracts", False]],
            "rows": [
                {"name": n, "score": s, "parts": {}, "ties": [c, ""], "start": start}
                for n, s, c, start in rows
            ],
            "played_at": "2026-11-28T21:30",
            "duration": "",
            "location": "Harbour Games Club",
            "notes": "",
            "modules": [],
        },
    )


def seed_setup_assistant(store: Any, *, stage: str = "checklist") -> None:
    """The setup assistant as a group leaves it: ``stage="checklist"`` is a legal Master Craft
    table part-way through its checklist; ``stage="choose"`` a choice the check objects to
    (Apprentices without the Faction Festival), with modules marked Always and Never for
    Surprise me."""
    from companion.ui.logic.setup_assistant import SETUP_KEY, AssistantState

    if stage == "choose":
        state = (
            AssistantState(seed=482913)
            .with_modules(["honor_tokens", "exemplars", "apprentices"])
            .pin("honor_tokens", "keep")
            .pin("lawyers", "never")
        )
    elif stage == "checklist":
        state = (
            AssistantState(seed=482913)
            .with_modules(["faction_festival", "paladins", "honor_tokens", "apprentices"])
            .with_card("paladin", "oath_of_wisdom")
            .with_card("rogue", "sirens")
        )
        for step in state.steps()[:4]:
            state = state.tick(step)
    else:
        raise ValueError(f"stage {stage!r} must be 'choose' or 'checklist'")
    store.set_setting(SETUP_KEY, state.to_dict())


def seed_cove_goods(store: Any) -> None:
    """The Merchants Cove sale-value screen mid-sale: a Pier with Wizards, a Warrior, two
    Paladins and a Rogue under Un-Fairies; an Enchanted Wizard Good from a Display Case being
    priced; a Warrior Good and a Paladin Good already sold there."""
    from companion.engine.cove_goods import STANDARD
    from companion.ui.logic.cove_goods import PALADIN_GOOD, STATE_KEY, SaleState

    state = SaleState().with_rogue_card("un_fairies")
    for type_id, count in (("warriors", 1), ("wizards", 3), ("paladins", 2), ("rogues", 1)):
        state = state.with_count(type_id, count)
    state = state.with_kind("warriors").with_base(3).add_to_pier(STANDARD)
    state = state.with_kind(PALADIN_GOOD).add_to_pier(STANDARD)
    state = state.with_kind("wizards").with_base(4).with_display_case(True).with_enchanted(True)
    store.set_setting(STATE_KEY, state.to_dict())


def seed_journey(store: Any, *, stage: str = "play") -> int | None:
    """Merchant's Journey at the seated table, as a shared table; returns its id (None for
    ``new``). Any other game in progress is abandoned first, so the example is the only one.
    ``play``: part-way through, a Blight in row 1, three linked in row 2, a 10 just played
    beside a King (its swap on offer); ``over``: a whole game played out by a simple greedy
    table, ready to save; ``new``: no game yet (the form takes the seated table)."""
    from companion.engine.journey import SIDES, JourneyGame, Place, StartRow, Swap, ranks
    from companion.tables import TableHub

    hub = TableHub(store)
    for table in store.list_tables(tool="journey", status="open"):
        hub.abandon(table.id, device="demo")
    if stage == "new":
        return None
    seats = ["Anna", "Ben", "Cleo", "Dev"]
    draw = draw_first_player(seats, 482913)
    game = JourneyGame.new(seats, first=draw.first)
    actions: list[Any] = []
    if stage == "play":
        moves: list[tuple[Any, ...]] = [
            ("9",), ("8", 0, "left"), ("2", 0, "right"), ("J", 0, "left"),
            ("2",), ("2", 1, "right"), ("2", 1, "left"),
            ("7",), ("K", 2, "right"), ("6", 2, "left"), ("Q",), ("5", 3, "right"),
            ("10", 2, "right"),
        ]  # fmt: skip
        actions = [
            StartRow(m[0])
            if len(m) == 1
            else Place(m[0], m[1], "left" if m[2] == "left" else "right")
            for m in moves
        ]
    elif stage == "over":
        rng = random.Random(11)
        played = game
        while not played.is_over:
            # The player holds a random card and plays it where it scores most.
            rank = rng.choice([r for r in ranks() if played.copies_left(r)])
            ends = [(r, s) for r in range(len(played.rows)) for s in SIDES]
            scored = [(played.preview_place(rank, r, s).points, r, s) for r, s in ends]
            best = max(scored, default=None)
            action: Any = (
                StartRow(rank)
                if best is None or best[0] < 10 or len(played.rows) < 2
                else Place(rank, best[1], best[2])
            )
            played = played.apply(action)[0]
            actions.append(action)
            swaps = played.legal_swaps()
            if swaps and rng.random() < 0.3:
                swap = Swap(swaps[0].card.id, swaps[0].other.id)
                played = played.apply(swap)[0]
                actions.append(swap)
    else:
        raise ValueError(f"stage {stage!r} must be 'play', 'over' or 'new'")
    snapshot = hub.create("journey", game, device="demo")
    for action in actions:
        outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="demo")
        if not outcome.ok:
            raise RuntimeError(f"the example game refused {action!r}: {outcome}")
        snapshot = outcome.snapshot
    return snapshot.table_id


def seed_bard(store: Any) -> None:
    """The Bard's calculator holding The Entertainer's Singing Step Example as a planned song:
    a Rune into the Warrior Hall, the second Badge at the Town Square, 32 gold at Dragon
    Island, then a Boast with the last 3 Volume."""
    from companion.ui.logic.bard import BARD_KEY, BardDraft

    draft = BardDraft(moves=2, volume=6, soundstones=1, badges=1)
    # A: the leftmost card's 3 any-colour icons, B: the second card's 2 Warrior icons, C and D:
    # the rightmost card's 2 Noble icons on top and 2 Warrior icons below (3 Volume).
    tableau = (("any", 3, 0), ("warrior", 2, 0), ("noble", 2, 0), ("warrior", 2, 3))
    for colour, count, volume in tableau:
        draft.set_new(colour=colour, count=count, volume=volume)
        draft.add_source()
    draft.set_new(colour="warrior", count=1, volume=0)
    hall = draft.add_stop("warrior_hall")
    draft.toggle_spend(hall.id, "B")
    draft.set_field(hall.id, "hall", "1")
    square = draft.add_stop("town_square")
    draft.toggle_spend(square.id, "C")
    island = draft.add_stop("dragon_island")
    for source in ("D", "soundstone-1", "A"):
        draft.toggle_spend(island.id, source, "warrior")
    draft.set_field(island.id, "side:warrior", "4")
    draft.boast = True
    store.set_setting(BARD_KEY, draft.to_dict())
