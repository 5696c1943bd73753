"""The Bard's song as a line of tonight's tally ("Add 22 gold to Ann"), with its working
(see :mod:`companion.ui.model.tally`)."""

from __future__ import annotations

from companion.engine.bard import Song
from companion.ui.bard import TOOL_ID
from companion.ui.model.tally import TallyOffer


def song_offer(song: Song | None) -> TallyOffer | None:
    """The gold the song brings the Bard (what it earned, less the cards bought at Piers),
    with how it was worked out; None before a song is begun."""
    if song is None:
        return None
    totals = song.totals()
    working = f"Earned {totals.gold.working}"
    if totals.cards.value:
        working += f"; cards bought {totals.cards.working}; net {totals.net.working}"
    return TallyOffer(
        points=totals.net.value, what="The Bard's song", working=working, tool=TOOL_ID
    )


__all__ = ["song_offer"]
