"""The Bard played whole by a seeded player: a main board counted once (Piers, Faction Halls,
both sides of Dragon Island) and Badges placed, then two Singing steps and the Swan Song, each
from a random Song tableau (cards of one colour or any colour, some with a Volume-gated bottom
half, Coins now and then), with a Creature card in the Boast area or not. For each song the
player sets goals or not (a Boast, a fan: wishes rather than musts), asks the planner for its
best songs and takes one of the three. The first Singing step and the Swan Song are sung
location by location (then the Boast, when the plan Boasts); the second Singing step is
loaded whole, as "Load into the calculator" does. The Adventurers move before the Swan Song
(the board is counted again). Then the table is finished."""

from __future__ import annotations

import random

from companion.engine.bard import (
    ANY,
    COIN,
    TABLE_RULES,
    BardGame,
    BeginSong,
    Board,
    Boast,
    EndSong,
    Finish,
    Goals,
    IconSource,
    ReviseSong,
    SetBoard,
    SetTable,
    Table,
    facts,
    plan,
)
from companion.engine.bard.actions import BardAction, SongAction

TOOL = TABLE_RULES.tool

#: The songs the player sings, in order, and how each is put on the table.
SONGS = (("singing", "one by one"), ("singing", "loaded"), ("swan_song", "one by one"))


def _counts(rng: random.Random, colours: tuple[str, ...], most: int) -> dict[str, int]:
    return {c: n for c in colours if (n := rng.randint(0, most))}


def _table(rng: random.Random) -> Table:
    bard = facts()
    factions = tuple(bard.faction_ids)
    piers = rng.sample(list(bard.piers()), k=rng.randint(1, 3))
    return Table(
        piers={p: _counts(rng, factions, 3) for p in piers},
        halls=_counts(rng, factions, 2),
        dragon_island={side: _counts(rng, factions, 4) for side in ("left", "right")},
    )


def _tableau(rng: random.Random) -> tuple[IconSource, ...]:
    colours = (*facts().faction_ids, ANY)
    sources: list[IconSource] = []
    for n in range(rng.randint(3, 5)):
        card = chr(ord("A") + n)
        label = f"card {card}"
        sources.append(IconSource(card, rng.choice(colours), rng.randint(1, 3), label=label))
        if rng.random() < 0.25:
            sources.append(IconSource(f"{card}-coins", COIN, rng.randint(1, 2), label=label))
        if rng.random() < 0.4:
            sources.append(
                IconSource(
                    f"{card}-bottom",
                    rng.choice(colours),
                    rng.randint(1, 3),
                    volume=rng.randint(1, 4),
                    label=f"card {card}, bottom",
                )
            )
    return tuple(sources)


def play(seed: int) -> tuple[BardGame, list[BardAction]]:
    rng = random.Random(seed)
    game = BardGame.new(player="Ann")
    actions: list[BardAction] = []
    played = game

    def act(action: BardAction) -> None:
        nonlocal played
        played = played.apply(action)[0]
        actions.append(action)

    act(SetTable(_table(rng)))
    act(SetBoard(Board(badges=rng.randint(0, 2), boast_area=rng.randint(0, 1))))
    for kind, how in SONGS:
        if kind == "swan_song":  # the Adventurers have moved since the last song
            act(SetTable(_table(rng)))
        act(
            BeginSong(
                _tableau(rng),
                rng.randint(1, 3),
                rng.randint(0, 6),
                soundstones=rng.randint(0, 2),
                song=kind,
            )
        )
        song = played.song
        assert song is not None
        goals = Goals(boast=rng.random() < 0.5, fans=rng.randint(0, 1), strict=False)
        chosen = rng.choice(plan(song, played.table, top=3, goals=goals))
        sung: list[SongAction] = [*chosen.performances, *([Boast()] if chosen.boast else [])]
        if how == "loaded":
            act(ReviseSong(tuple(sung)))
        else:
            for step in sung:
                act(step)
        act(EndSong())
    act(Finish())
    return game, actions


def outcome(game: BardGame) -> list[str]:
    """Each song sung: ``Swan Song: 41 gold (pier_2, dragon_island), 1 Boast``."""
    return [
        f"{'Swan Song' if s.kind == 'swan_song' else 'Singing step'}: {s.net} gold "
        f"({', '.join(s.locations) or 'nowhere'}), {s.boasts} Boast{'s' * (s.boasts != 1)}"
        for s in game.sung
    ] + [f"Total: {game.gold} gold"]
