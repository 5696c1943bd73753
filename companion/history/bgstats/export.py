"""BG Stats going out: the preferences (who is "me", BoardGameGeek ids), the backup file written
from the history, and the "create play" link for one play."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from sqlalchemy.orm import Session

from companion.history import features
from companion.history.bgstats.files import (
    ANONYMOUS,
    BOARD_SEPARATOR,
    DATE,
    EXPANSIONS,
    LINK,
    NAMESPACE,
    SOURCE_NAME,
    BGExpansionPlay,
    BGFile,
    BGGame,
    BGLocation,
    BGPlay,
    BGPlayer,
    BGScore,
    BGUserInfo,
    OutModel,
)
from companion.history.exchange import history_snapshot
from companion.history.models import (
    PlayPublic,
    name_key,
)
from companion.rules import catalogue

# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class Preferences:
    """Who "me" is in BG Stats' sense, and the BoardGameGeek ids set per game."""

    me: str | None = None
    bgg_ids: dict[str, int] | None = None

    @classmethod
    def from_setting(cls, value: object) -> Preferences:
        """From the stored setting; anything malformed reads as no preference."""
        if not isinstance(value, dict):
            return cls()
        me = value.get("me")
        ids = value.get("bgg_ids")
        return cls(
            me=me if isinstance(me, str) and me.strip() else None,
            bgg_ids={
                k: v
                for k, v in ids.items()
                if isinstance(k, str) and type(v) is int and 0 < v < 2**31
            }
            if isinstance(ids, dict)
            else None,
        )

    def to_setting(self) -> dict[str, Any]:
        return {"me": self.me, "bgg_ids": dict(self.bgg_ids or {})}

    def bgg_id(self, game: str) -> int:
        """The BoardGameGeek id set for a game (by name), or 0."""
        return (self.bgg_ids or {}).get(name_key(game), 0)


# ----------------------------------------------------------------------------- writing


def _when(value: datetime) -> str:
    return value.strftime(DATE)


def _local(utc_naive: datetime) -> datetime:
    """A stored UTC timestamp as local wall-clock time (BG Stats dates are local)."""
    return utc_naive.replace(tzinfo=UTC).astimezone().replace(tzinfo=None)


def _uid(kind: str, key: str) -> str:
    return _bg_uuid(str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")))


def _bg_uuid(uid: str) -> str:
    """A UUID as BG Stats writes them (upper case, as its backups and the NSUUID it uses):
    a play that came from BG Stats goes back with its uuid exactly as it came."""
    return uid.upper()


def module_expansion(game_key: str | None, module: str) -> tuple[str, str] | None:
    """(expansion game name, short name kept) of the published expansion a module (or the
    expansion itself) belongs to, or None: ``"faction_festival"`` of Merchants Cove is Master
    Craft's (``features.expansion_of``)."""
    short = features.expansion_of(game_key, module)
    if game_key is None or short is None:
        return None
    return next((full, kept) for _, full, kept in EXPANSIONS[game_key] if kept == short)


def expansion_game(base: str, game_key: str | None, expansion: str) -> str:
    """The name of the BG Stats game an expansion of ``base`` goes out as."""
    kept = features.canonical(game_key, "expansion", expansion)
    for _, full, short in EXPANSIONS.get(game_key or "", ()):
        if short == kept:
            return full
    return f"{base}: {expansion}"


def score_winners(scores: Sequence[int], highest_wins: bool) -> list[bool]:
    """Who the best score alone makes a winner."""
    best = max(scores) if highest_wins else min(scores)
    return [s == best for s in scores]


def manual_winner(
    finished: bool,
    scores: Sequence[int | None],
    winners: Sequence[bool],
    highest_wins: bool,
    scoring: str = "points",
) -> bool:
    """True exactly when the winners do not follow from the scores: they were chosen (the
    play's scoring, or a score missing), a tie-breaker decided, or the play was not finished
    (nobody won)."""
    numbers = [s for s in scores if s is not None]
    if scoring != "points" or not finished or len(numbers) != len(scores):
        return True
    return list(winners) != score_winners(numbers, highest_wins)


def export_bgstats(session: Session, preferences: Preferences | None = None) -> str:
    """The whole history as a BG Stats backup (``BGStatsExport.json``), checked by
    :class:`BGFile` before it is written out."""
    prefs = preferences or Preferences()
    players, games, plays, results = history_snapshot(session)
    now = _when(datetime.now().replace(microsecond=0))
    cat = catalogue()

    out_players = [
        BGPlayer(
            id=1,
            uuid=_uid("player", "~anonymous"),
            name=ANONYMOUS,
            isAnonymous=True,
            modificationDate=now,
        )
    ]
    player_ref: dict[int, int] = {}
    me_ref = 1
    for row in players:
        ref = len(out_players) + 1
        player_ref[row.id] = ref
        out_players.append(
            BGPlayer(
                id=ref,
                uuid=_uid("player", name_key(row.name)),
                name=row.name,
                isAnonymous=False,
                modificationDate=now,
            )
        )
        if prefs.me is not None and name_key(prefs.me) == name_key(row.name):
            me_ref = ref

    out_games: list[BGGame] = []
    game_ref: dict[int, int] = {}
    game_rows = {row.id: row for row in games}

    # A game goes out without points, or co-operative, when every play of it is so.
    unscored: dict[int, bool] = {}
    together: dict[int, bool] = {}
    for play in plays:
        lines = results[play.id]
        empty = all(r.score is None for r in lines)
        unscored[play.game_id] = unscored.get(play.game_id, True) and empty
        coop = play.scoring == "cooperative"
        together[play.game_id] = together.get(play.game_id, True) and coop

    def add_game(
        name: str,
        *,
        highest_wins: bool,
        expansion: bool,
        key: str | None,
        no_points: bool = False,
        cooperative: bool = False,
    ) -> int:
        bgg = prefs.bgg_id(name)
        known = next((g for g in cat.games if g.id == key and not g.is_other), None)
        out_games.append(
            BGGame(
                id=len(out_games) + 1,
                uuid=_uid("game", name_key(name)),
                name=name,
                modificationDate=now,
                highestWins=highest_wins,
                noPoints=no_points,
                cooperative=cooperative,
                bggName=name if bgg else "",
                bggId=bgg,
                isBaseGame=0 if expansion else 1,
                isExpansion=1 if expansion else 0,
                minPlayerCount=known.min_players if known else 0,
                maxPlayerCount=known.max_players if known else 0,
            )
        )
        return len(out_games)

    for row in games:
        game_ref[row.id] = add_game(
            row.name,
            highest_wins=bool(row.highest_wins),
            expansion=False,
            key=row.key,
            no_points=unscored.get(row.id, False),
            cooperative=together.get(row.id, False),
        )
    expansion_ref: dict[str, int] = {}

    def expansions_of(play: Any) -> list[BGExpansionPlay]:
        base = game_rows[play.game_id]
        key = features.game_key(base.key or base.name)
        # The play's expansions, and those its modules come in (their module detail goes on
        # the board).
        named = [*(play.expansions or [])]
        named += [e for m in play.modules or [] if (e := features.expansion_of(key, m))]
        refs: list[int] = []
        for expansion in named:
            name = expansion_game(base.name, key, expansion)
            key_of = name_key(name)
            if key_of not in expansion_ref:
                expansion_ref[key_of] = add_game(
                    name, highest_wins=bool(base.highest_wins), expansion=True, key=None
                )
            if expansion_ref[key_of] not in refs:
                refs.append(expansion_ref[key_of])
        return [BGExpansionPlay(gameRefId=r) for r in refs]

    def board_of(play: Any) -> str:
        base = game_rows[play.game_id]
        key = features.game_key(base.key or base.name)
        return BOARD_SEPARATOR.join(features.label(key, "module", m) for m in play.modules or [])

    locations: dict[str, int] = {}
    out_locations: list[BGLocation] = []
    for play in plays:
        if play.location and name_key(play.location) not in locations:
            locations[name_key(play.location)] = len(out_locations) + 1
            out_locations.append(
                BGLocation(
                    id=len(out_locations) + 1,
                    uuid=_uid("location", name_key(play.location)),
                    name=play.location,
                    modificationDate=now,
                )
            )

    seen: set[tuple[int, int]] = set()
    out_plays = []
    for play in plays:
        lines = results[play.id]
        scores = [r.score for r in lines]
        winners = [r.winner for r in lines]
        scored = []
        for r in lines:
            first = (r.player_id, play.game_id) not in seen
            seen.add((r.player_id, play.game_id))
            scored.append(
                BGScore(
                    playerRefId=player_ref[r.player_id],
                    score="" if r.score is None else str(r.score),
                    winner=r.winner,
                    newPlayer=first,
                    startPlayer=r.start_player,
                    rank=r.rank,
                    seatOrder=r.seat,
                )
            )
        out_plays.append(
            BGPlay(
                uuid=_bg_uuid(play.uid),
                playDate=_when(play.played_at),
                entryDate=_when(_local(play.created_at)),
                modificationDate=_when(_local(play.updated_at)),
                gameRefId=game_ref[play.game_id],
                locationRefId=locations[name_key(play.location)] if play.location else None,
                durationMin=play.duration_min or 0,
                ignored=not play.finished,
                # In the direction of the game it goes out under (one per title, its latest):
                # BG Stats recomputes an unmarked play's winners in that direction.
                manualWinner=manual_winner(
                    bool(play.finished),
                    scores,
                    winners,
                    bool(game_rows[play.game_id].highest_wins),
                    play.scoring,
                ),
                board=board_of(play),
                comments=play.notes or "",
                expansionPlays=expansions_of(play),
                playerScores=scored,
            )
        )
    document = BGFile(
        userInfo=BGUserInfo(meRefId=me_ref),
        players=out_players,
        locations=out_locations,
        games=out_games,
        plays=out_plays,
    )
    return document.model_dump_json(exclude_none=True)


class LinkGame(OutModel):
    name: str
    sourceGameId: str
    bggId: int
    highestWins: bool
    noPoints: bool = False


class LinkPlayer(OutModel):
    name: str
    sourcePlayerId: str
    startPlayer: bool
    winner: bool
    rank: int
    score: int | None = None
    role: str = ""


class LinkPlay(OutModel):
    sourceName: str
    sourcePlayId: str
    playDate: str
    durationMin: int | None = None
    location: str | None = None
    board: str = ""
    comments: str = ""
    game: LinkGame
    players: list[LinkPlayer]


def play_link(play: PlayPublic, preferences: Preferences | None = None) -> str:
    """BG Stats' documented "create play" link for one saved play.

    Opening it on a phone with BG Stats installed shows BG Stats' import dialog for the play.
    Every player carries ``startPlayer`` and ``winner`` (BG Stats' Android app requires both);
    a play without points has no scores. The modules go on the board, as in a backup, and
    the expansions into the comments, as the link has no field for them.
    """
    prefs = preferences or Preferences()
    comments = play.notes
    if play.expansions:
        comments = (comments + "\n\n" if comments else "") + "With " + ", ".join(play.expansions)
    if not play.finished:
        comments = (comments + "\n\n" if comments else "") + "Not finished."
    data = LinkPlay(
        sourceName=SOURCE_NAME,
        sourcePlayId=play.uid,
        playDate=_when(play.played_at),
        durationMin=play.duration_min or None,
        location=play.location or None,
        board=BOARD_SEPARATOR.join(play.module_labels()),
        comments=comments,
        game=LinkGame(
            name=play.game,
            sourceGameId=play.game_key or name_key(play.game),
            bggId=prefs.bgg_id(play.game),
            highestWins=play.highest_wins,
            noPoints=play.no_points,
        ),
        players=[
            LinkPlayer(
                name=r.player,
                sourcePlayerId=name_key(r.player),
                startPlayer=r.start_player,
                winner=r.winner,
                rank=r.rank,
                score=r.score,
            )
            for r in sorted(play.results, key=lambda r: r.seat)
        ],
    )
    text = data.model_dump_json(exclude_none=True)
    return LINK + quote(text, safe="")
