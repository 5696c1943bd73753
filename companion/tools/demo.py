"""Example data for screenshots and demos: a few months of plays at a games club."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from companion.engine.seats import draw_first_player

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
    seed_seats(store)


def seed_seats(store: Any) -> int:
    """The seated table (Players & seats) as a shared table, its first player drawn; any
    other seating in progress is abandoned first. Returns its id."""
    from companion.engine.seats import TABLE_RULES as seats_rules
    from companion.engine.seats import DrawFirst, Seat, Seating

    actions: list[Any] = [Seat(n) for n in ("Anna", "Ben", "Cleo", "Dev")] + [DrawFirst()]
    return _example_table(store, seats_rules.tool, Seating.new("mercante", seed=482913), actions)


def _abandon_open(store: Any, tool: str) -> None:
    """Abandon the tool's open tables, so the example is the one on show."""
    from companion.tables import TableHub

    hub = TableHub(store)
    for table in store.list_tables(tool=tool, status="open"):
        hub.abandon(table.id, device="demo")


def _example_table(store: Any, tool: str, start: Any, actions: list[Any]) -> int:
    """A shared table of ``tool`` played from ``start`` through ``actions`` (the tool's
    other open tables abandoned first, so the example is the one on show)."""
    from companion.tables import TableHub

    _abandon_open(store, tool)
    hub = TableHub(store)
    snapshot = hub.create(tool, start, device="demo")
    for action in actions:
        outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="demo")
        if not outcome.ok:
            raise RuntimeError(f"the example {tool} table refused {action!r}: {outcome}")
        snapshot = outcome.snapshot
    return snapshot.table_id


def seed_mercante(store: Any) -> int:
    """A Mercante game part-way through at the seated table, as a shared table (any other
    Mercante game in progress is abandoned first, so the example is the only one); returns
    its id. Three cards of the group's own, a calendar that closes raw materials, a shipment
    auction under way, the contracts kept at setup, the first setup steps ticked and the final
    tally filled in. (A sale being priced is a phone's own draft: the screenshots type it.)"""
    from companion.engine.mercante import TABLE_RULES as mercante_rules
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
    game = MercanteGame.new(
        draw.turn_order(), first_event=rulebook_event("Visiting Nobility"), ledger=False
    )
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
    return _example_table(store, mercante_rules.tool, table, actions)


def seed_score_pad(store: Any) -> int:
    """A half-entered Mercante game on a shared score pad, as players leave it mid-tally;
    returns the pad's table id."""
    from companion.engine.scorepad import TABLE_RULES as scorepad_rules
    from companion.engine.scorepad import Pad, SetText

    rows = [("Anna", "11", "41"), ("Ben", "9", "12"), ("Cleo", "11", "27"), ("Dev", "", "")]
    pad = Pad.new("mercante", names=[r[0] for r in rows], start="Anna")
    crowns = pad.tiebreakers[0].id
    actions: list[Any] = [SetText(("location",), "Harbour Games Club")]
    for row, (_, score, left) in zip(pad.rows, rows, strict=True):
        if score:
            actions.append(SetText(("score", row.id), score))
        if left:
            actions.append(SetText(("tie", row.id, crowns), left))
    return _example_table(store, scorepad_rules.tool, pad, actions)


def seed_setup_assistant(store: Any, *, stage: str = "checklist") -> int:
    """The setup assistant as a group leaves it, as a shared table; returns its id.
    ``stage="checklist"`` is a legal Master Craft table part-way through its checklist;
    ``stage="choose"`` a choice the check objects to (Apprentices without the Faction
    Festival), with modules marked Always and Never for Surprise me. Any other setup in
    progress is abandoned first, so the example is the only one."""
    from companion.engine.setup import TABLE_RULES as setup_rules
    from companion.engine.setup import (
        MarkDone,
        SetCard,
        SetModule,
        SetPin,
        SetupAction,
        SetupGame,
    )

    actions: list[SetupAction]
    if stage == "choose":
        actions = [
            *(SetModule(m, True) for m in ("honor_tokens", "exemplars", "apprentices")),
            SetPin("honor_tokens", "keep"),
            SetPin("lawyers", "never"),
        ]
    elif stage == "checklist":
        modules = ("faction_festival", "paladins", "honor_tokens", "apprentices")
        actions = [
            *(SetModule(m, True) for m in modules),
            SetCard("paladin", "oath_of_wisdom"),
            SetCard("rogue", "sirens"),
        ]
    else:
        raise ValueError(f"stage {stage!r} must be 'choose' or 'checklist'")
    start = game = SetupGame.fresh(seed=482913)
    for action in actions:
        game = game.apply(action)[0]
    if stage == "checklist":
        actions += [MarkDone(step.id) for step in game.steps()[:4]]
    return _example_table(store, setup_rules.tool, start, list(actions))


def seed_cove_goods(store: Any) -> int:
    """The Merchants Cove sale at a Pier, as a shared table: Wizards, a Warrior, two Paladins
    and a Rogue under Un-Fairies; a Warrior Good and a Paladin Good already sold there.
    Returns its id. (The Good a phone prices is that phone's own: see EXAMPLE_GOOD.)"""
    from companion.engine.cove_goods import TABLE_RULES as cove_goods_rules
    from companion.engine.cove_goods import AddGood, CoveSale, Good, SetCount, SetRogueCard

    actions: list[Any] = [SetRogueCard("un_fairies")]
    for type_id, count in (("warriors", 1), ("wizards", 3), ("paladins", 2), ("rogues", 1)):
        actions.append(SetCount(type_id, count))
    actions += [AddGood(Good(3, "warriors")), AddGood(Good.paladin_good())]
    return _example_table(store, cove_goods_rules.tool, CoveSale(), actions)


#: The Good the example phone prices at that Pier: an Enchanted Wizard Good of base value 4
#: from a Display Case (the taps that choose it, in order).
EXAMPLE_GOOD = ("kind-wizards", "base-plus", "display-case", "enchanted")


def seed_journey(store: Any, *, stage: str = "play") -> int | None:
    """Merchant's Journey at the seated table, as a shared table; returns its id (None for
    ``new``). Any other game in progress is abandoned first, so the example is the only one.
    ``play``: part-way through, a Blight in row 1, three linked in row 2, a 10 just played
    beside a King (its swap on offer); ``over``: a whole game played out by a simple greedy
    table, ready to save; ``new``: no game yet (the form takes the seated table)."""
    from companion.engine.journey import TABLE_RULES as journey_rules
    from companion.engine.journey import JourneyGame, Place, StartRow, Swap
    from companion.tools.golden.journey import greedy_action

    _abandon_open(store, "journey")
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
            action: Any = greedy_action(played, rng)
            played = played.apply(action)[0]
            actions.append(action)
            swaps = played.legal_swaps()
            if swaps and rng.random() < 0.3:
                swap = Swap(swaps[0].card.id, swaps[0].other.id)
                played = played.apply(swap)[0]
                actions.append(swap)
    else:
        raise ValueError(f"stage {stage!r} must be 'play', 'over' or 'new'")
    return _example_table(store, journey_rules.tool, game, actions)


def seed_bard(store: Any, *, stage: str = "song") -> int:
    """A Bard table holding The Entertainer's Singing Step Example; returns its id. Any other
    Bard table in progress is abandoned first, so the example is the only one.

    The board: 1 Adventurer in the Warrior Hall, 4 Warriors on the right side of Dragon
    Island, and a few Adventurers at the Piers. The tableau: A, the leftmost card's 3
    any-colour icons; B, the second card's 2 Warrior icons; C, the rightmost card's 2 Noble
    icons on top and 2 Warrior icons below its Volume Cost of 3; Volume 6, 1 Soundstone, 1
    Badge placed. ``song``: the example's song on it (a Rune into the Warrior Hall, the second
    Badge at the Town Square, 32 gold at Dragon Island, then a Boast); ``tableau``: no
    location sung yet (Best song's question)."""
    from companion.engine.bard import TABLE_RULES as bard_rules
    from companion.engine.bard import (
        AtDragonIsland,
        AtFactionHall,
        AtTownSquare,
        BardGame,
        BeginSong,
        Boast,
        HallSong,
        SetBoard,
        SetTable,
        Spend,
        Table,
        spends,
    )
    from companion.engine.bard import Board as PlayerBoard
    from companion.engine.bard.example import example_tableau

    if stage not in ("song", "tableau"):
        raise ValueError(f"stage {stage!r} must be 'song' or 'tableau'")
    board = Table(
        piers={"pier_1": {"warrior": 2, "noble": 1}, "pier_2": {"noble": 2}},
        halls={"warrior": 1},
        dragon_island={"right": {"warrior": 4}},
    )
    tableau = example_tableau()
    actions: list[Any] = [
        SetTable(board),
        SetBoard(PlayerBoard(badges=1)),
        BeginSong(tableau, 2, 6, soundstones=1),
    ]
    if stage == "song":
        actions += [
            AtFactionHall("warrior", spends("B"), adventurers=1),
            AtTownSquare(spends("C")),
            AtDragonIsland(
                "right",
                (
                    HallSong(
                        "warrior",
                        spends("C-bottom", Spend("soundstone-1", "warrior"), "A"),
                        side_adventurers=4,
                    ),
                ),
            ),
            Boast(),
        ]
    return _example_table(store, bard_rules.tool, BardGame.new(player="Ann"), actions)
