"""The Entertainer's Singing Step Example as the Bard's engine tests enter it: the Song
tableau (its cards named after where they lie), the board, the song before it starts and the
steps the example sings."""

from __future__ import annotations

from companion.engine.bard import (
    AtDragonIsland,
    AtFactionHall,
    AtTownSquare,
    HallSong,
    HouseRules,
    Song,
    Spend,
    spends,
)
from companion.engine.bard.example import (
    EXAMPLE_BOARD,
    MOVES,
    SOUNDSTONES,
    VOLUME,
    example_tableau,
)

EXAMPLE_TABLEAU = example_tableau(
    ("left", "second", "right-top", "right-bottom"),
    ("leftmost card", "second card", "rightmost card", "rightmost card, bottom"),
)


def example_song(rules: HouseRules | None = None) -> Song:
    """The Singing Step Example before it starts: 3 cards in the Song tableau, 1 Soundstone,
    6 Volume (3 unlock the rightmost card's bottom, 3 are left for the Boast), a Movement of 2,
    one Badge already placed (the Town Square Badge is the second) and no Rune out yet."""
    return Song.new(
        list(EXAMPLE_TABLEAU),
        moves=MOVES,
        volume=VOLUME,
        soundstones=SOUNDSTONES,
        board=EXAMPLE_BOARD,
        rules=rules,
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
