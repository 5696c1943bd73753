"""The Bard's song as a line of tonight's tally ("Add 22 gold to Ann"), with its working
(see :mod:`companion.ui.model.tally`)."""

from __future__ import annotations

from companion.engine.bard import Song
from companion.engine.bard.records import SongSung
from companion.ui.bard import TOOL_ID
from companion.ui.bard.model.words import location_label
from companion.ui.model.tally import TallyOffer


def song_offer(song: Song | None, last: SongSung | None = None) -> TallyOffer | None:
    """The gold the song brings the Bard (what it earned, less the cards bought at Piers),
    with how it was worked out; between songs, the song just ended (``last``); None before
    any song."""
    if song is None:
        return None if last is None else sung_offer(last)
    totals = song.totals()
    earned = [
        f"{location_label(r.location)} {r.gold.value}" for r in song.performances if r.gold.value
    ]
    working = f"{' + '.join(earned)} = {totals.gold.value} gold" if earned else "No gold earned"
    if totals.cards.value:
        working += f"; cards bought {totals.cards.working}; net {totals.net.working}"
    return TallyOffer(
        points=totals.net.value, what="The Bard's song", working=working, tool=TOOL_ID
    )


def sung_offer(sung: SongSung) -> TallyOffer:
    """A song already ended: its gold less the cards bought, and where it was sung."""
    working = f"Earned {sung.gold} gold"
    if sung.paid:
        working += f", cards bought {sung.paid} gold: {sung.gold} − {sung.paid} = {sung.net} gold"
    if sung.locations:
        working += " (" + ", ".join(location_label(place) for place in sung.locations) + ")"
    return TallyOffer(points=sung.net, what="The Bard's song", working=working, tool=TOOL_ID)


__all__ = ["song_offer", "sung_offer"]
