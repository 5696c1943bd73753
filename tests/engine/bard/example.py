"""The Entertainer's Singing Step Example as the Bard's engine tests enter it: the Song
tableau (its cards named after where they lie), the board, the song before it starts and the
steps the example sings."""

from __future__ import annotations

from companion.engine.bard import (
    ANY,
    AtDragonIsland,
    AtFactionHall,
    AtTownSquare,
    Board,
    HallSong,
    HouseRules,
    IconSource,
    Song,
    Spend,
    Table,
    spends,
)

EXAMPLE_TABLEAU = (
    # The leftmost card: 1 any-colour icon per Skill card in the song (3).
    IconSource("left", ANY, 3, label="leftmost card"),
    IconSource("second", "warrior", 2, label="second card"),
    IconSource("right-top", "noble", 2, label="rightmost card"),
    IconSource("right-bottom", "warrior", 2, volume=3, label="rightmost card, bottom"),
)

#: The example's board: at most 1 Adventurer in the Warrior Hall, 4 Warriors on the right side
#: of Dragon Island, nothing on the Piers.
EXAMPLE_TABLE = Table(halls={"warrior": 1}, dragon_island={"right": {"warrior": 4}})


def example_song(rules: HouseRules | None = None) -> Song:
    """The Singing Step Example before it starts: 3 cards in the Song tableau, 1 Soundstone,
    6 Volume (3 unlock the rightmost card's bottom, 3 are left for the Boast), a Movement of 2,
    one Badge already placed (the Town Square Badge is the second) and no Rune out yet."""
    return Song.start(
        list(EXAMPLE_TABLEAU), moves=2, volume=6, soundstones=1, board=Board(badges=1), rules=rules
    )


EXAMPLE_STEPS = (
    # 2a: the 2 Warrior icons of the second card put a Rune in the Warrior Hall (the hall
    # held fewer Adventurers than that; the example does not say how many: 1 at most).
    AtFactionHall("warrior", spends("second"), adventurers=1),
    # 3: two Noble icons of the rightmost card buy the second Badge.
    AtTownSquare(spends("right-top")),
    # 4: right side; 2 Warrior icons (3 Volume) + a Soundstone as Warriors + 3 any-colour
    # icons as Warriors = 8 icons on the 4 Warriors there.
    AtDragonIsland(
        "right",
        (
            HallSong(
                "warrior",
                spends("right-bottom", Spend("soundstone-1", "warrior"), "left"),
                side_adventurers=4,
            ),
        ),
    ),
)
