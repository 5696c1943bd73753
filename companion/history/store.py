"""The one door to the history database: :func:`open_store` and :class:`Store`.

Every method opens its own session and transaction, so the UI never holds a session; a write
either happens completely or not at all. Every failure is a :class:`StoreError` (a
``ValueError``) with a one-line message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from companion.history import crud, db, features, settings, stats, tables
from companion.history.arguments import (
    check_every_call,
    checked_arguments,
    list_arg,
    map_arg,
    optional_text,
    refuse,
    shown,
    texts,
    tiebreaker,
    validate_play,
)
from companion.history.errors import (
    NotFoundError,
    PlayDataError,
    StoreError,
)
from companion.history.models import (
    CustomCardPublic,
    GamePublic,
    PlayCreate,
    PlayPublic,
    TableActionPublic,
    TableHead,
    TablePublic,
    TieBreakerSpec,
    name_key,
    utcnow,
)
from companion.history.stats import FeatureStats, GameStats, PlayerStats

if TYPE_CHECKING:
    from companion.history import bgstats, bulk, exchange, fastimport
else:
    # Loaded on first use: the import and export code is not needed to start the app.
    exchange = db.lazy_module("companion.history.exchange")
    bgstats = db.lazy_module("companion.history.bgstats")
    bulk = db.lazy_module("companion.history.bulk")
    fastimport = db.lazy_module("companion.history.fastimport")

T = TypeVar("T")


def open_store(url: str | None = None) -> Store:
    """Open (creating if need be) the history at a SQLAlchemy URL, migrated to the newest schema.

    ``None`` means the default SQLite file in the user's data directory. Raises
    :class:`StoreError` with a one-line message when the URL is malformed, the server cannot
    be reached, the file is not a SQLite database (it is then left untouched), or the
    database was written by a newer version of the app.
    """
    parsed = db.parse_url(db.default_url() if url is None else url)
    engine = db.make_engine(parsed)
    try:
        db.migrate(engine, parsed)
    except BaseException:
        engine.dispose()
        raise
    return Store(engine, parsed)


class Store:
    """The play history, settings, saved UI state and custom cards in one database."""

    def __init__(self, engine: Engine, url: URL) -> None:
        self._engine = engine
        self._url = url
        # SQLite writers BEGIN IMMEDIATE (see db._sqlite_begin); readers a plain BEGIN.
        self._write_engine = engine.execution_options(companion_write=True)
        self._unchecked_engine = self._write_engine.execution_options(**{db.UNCHECKED_WRITE: True})
        # A move at a table on SQLite is written without a session (tables.Appender).
        self.appender = tables.Appender(engine) if engine.dialect.name == "sqlite" else None

    def __repr__(self) -> str:
        return f"Store({db.shown(self._url)!r})"

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return db.shown(self._url)

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine the store reads with: for tools that look below the store
        (its schema, its connection settings); the app itself goes through the methods."""
        return self._engine

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._engine.dialect.name

    def close(self) -> None:
        """Close the database connections (the store can be opened again with open_store)."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _session(self, *, write: bool, unchecked: bool = False) -> Iterator[Session]:
        engine = (
            self._unchecked_engine if unchecked else self._write_engine if write else self._engine
        )
        try:
            with (
                Session(engine, expire_on_commit=False) as session,
                session.begin(),
            ):
                yield session
        except StoreError:
            raise
        except IntegrityError as exc:
            raise StoreError(f"not saved: {db.first_line(exc)}") from None
        except SQLAlchemyError as exc:
            raise StoreError(db.failure_words(exc)) from None
        except (ValueError, OverflowError) as exc:
            # A driver refusing a value outright (psycopg2: "A string literal cannot contain
            # NUL"; sqlite3: an integer too large), before SQLAlchemy could wrap it.
            raise StoreError(f"not usable in the database: {db.first_line(exc)}") from None

    def _read(self, fn: Callable[[Session], T]) -> T:
        with self._session(write=False) as session:
            return fn(session)

    def _write(self, fn: Callable[[Session], T], *, unchecked: bool = False) -> T:
        """``fn`` in one write transaction; ``unchecked``: SQLite checks no foreign key in it
        (only for bulk writes whose every reference is made by the code writing it)."""
        with self._session(write=True, unchecked=unchecked) as session:
            return fn(session)

    # ---------------------------------------------------------------------- plays

    def record_play(
        self,
        game: str,
        results: Sequence[tuple[str, int | None]],
        played_at: datetime | None = None,
        *,
        scoring: str = "points",
        winners: Sequence[str] = (),
        modules: Sequence[str] = (),
        expansions: Sequence[str] = (),
        house_rules: Mapping[str, str] | Sequence[str] = (),
        started_at: datetime | None = None,
        duration_min: int | None = None,
        location: str | None = None,
        notes: str = "",
        finished: bool = True,
        seats: Mapping[str, int] | Sequence[str] | None = None,
        start_player: str | None = None,
        breakdowns: Mapping[str, Mapping[str, int]] | None = None,
        tiebreakers: Sequence[tuple[str, bool] | TieBreakerSpec] = (),
        tiebreak_values: Mapping[str, Sequence[int | None]] | None = None,
        tiebreaks_victory_only: bool = False,
        highest_wins: bool | None = None,
    ) -> int:
        """Save a play from names and scores; players are created as needed. Returns its id.

        ``game`` is a catalogue id ("mercante"), a catalogue name ("Mercante") or any typed
        title (an "Other game": highest score wins unless ``highest_wins=False``).
        ``results`` are ``(player name, score)`` pairs in seat order, unless ``seats`` gives
        the order (a list of names) or the seat numbers (name → seat, from 1); a score is
        None where there is none. ``scoring`` is how the play is won (``"points"``,
        ``"manual"`` or ``"cooperative"``, see ``PlayCreate``); for the last two ``winners``
        names the players who won (none: nobody won). ``modules``, ``expansions``,
        ``house_rules`` (ruling id → ``"reading"`` or ``"alternative"``, or the ids whose
        alternative was played) and ``started_at`` say what was played and when it began.
        ``breakdowns`` maps a player to their score per category (the categories must add
        up to the score); ``tiebreakers`` are ``(name, higher_wins)`` in the order they are
        applied, ``tiebreak_values`` each player's values in that order (None: not entered).
        Ranks and winners are computed in the game's direction; ties share a rank; a play
        with ``finished=False`` has standings but no winner. The tie-breakers decide every
        place, unless ``tiebreaks_victory_only`` (the play's rule, e.g. Mercante's): then they
        decide the winner only, and players tied on a lower score share their place.
        """
        pairs = list_arg("results", results, "a list of (name, score) pairs")
        rows: list[dict[str, Any]] = []
        for i, pair in enumerate(pairs):
            item = list_arg(f"results[{i}]", pair, "a (name, score) pair")
            if len(item) != 2:
                raise refuse(f"results[{i}]", "a (name, score) pair", pair)
            rows.append({"player": item[0], "score": item[1]})
        keys = {
            name_key(r["player"]): i for i, r in enumerate(rows) if isinstance(r["player"], str)
        }

        def index_of(field: str, name: object) -> int:
            if not isinstance(name, str) or name_key(name) not in keys:
                raise PlayDataError(f"{field}: {shown(name)} is not one of this play's players")
            return keys[name_key(name)]

        if seats is not None:
            if isinstance(seats, Mapping):
                for name, seat in seats.items():
                    rows[index_of("seats", name)]["seat"] = seat
            else:
                order = list_arg("seats", seats, "a list of names or a name → seat mapping")
                for seat, name in enumerate(order, start=1):
                    rows[index_of("seats", name)]["seat"] = seat
        if start_player is not None:
            rows[index_of("start_player", start_player)]["start_player"] = True
        won = {index_of("winners", name) for name in list_arg("winners", winners, "names")}
        if scoring != "points":
            for i, row in enumerate(rows):
                row["winner"] = i in won
        elif won:
            raise PlayDataError(
                "winners: the winners of a play won on points follow from the scores (to "
                'name them by hand, its scoring must be "manual")'
            )
        if breakdowns is not None:
            for name, breakdown in map_arg(
                "breakdowns", breakdowns, "a mapping of player → {category: points}"
            ).items():
                where = f"breakdowns[{shown(name)}]"
                parts = map_arg(where, breakdown, "a mapping of category → points")
                rows[index_of("breakdowns", name)]["breakdown"] = dict(parts)
        if tiebreak_values is not None:
            for name, values in map_arg(
                "tiebreak_values", tiebreak_values, "a mapping of player → values"
            ).items():
                where = f"tiebreak_values[{shown(name)}]"
                listed = list_arg(where, values, "a list of whole numbers (or None)")
                rows[index_of("tiebreak_values", name)]["tiebreaks"] = list(listed)
        breakers = [
            tiebreaker(i, t)
            for i, t in enumerate(list_arg("tiebreakers", tiebreakers, "a list of tie-breakers"))
        ]
        if played_at is not None and not isinstance(played_at, date):
            raise refuse("played_at", "a date and time", played_at)
        if not isinstance(house_rules, Mapping):
            house_rules = list(list_arg("house_rules", house_rules, "ruling ids"))
        raw: dict[str, Any] = {
            "game": game,
            "results": rows,
            "scoring": scoring,
            "modules": list(list_arg("modules", modules, "a list of module names")),
            "expansions": list(list_arg("expansions", expansions, "a list of expansions")),
            "house_rules": house_rules,
            "started_at": started_at,
            "duration_min": duration_min,
            "location": location,
            "notes": notes,
            "finished": finished,
            "tiebreaks_victory_only": tiebreaks_victory_only,
            "highest_wins": highest_wins,
            "tiebreakers": breakers,
        }
        if played_at is not None:
            raw["played_at"] = played_at
        return self.save_play(validate_play(raw))

    def save_play(self, play: PlayCreate) -> int:
        """Save a play built as a :class:`PlayCreate`; returns its id."""
        checked = validate_play(play)
        return self._write(lambda s: crud.create_play(session=s, play=checked))

    def save_plays(self, plays: Sequence[PlayCreate]) -> list[int]:
        """Save many plays in one transaction (all or none); returns their ids in order."""
        listed = list_arg("plays", plays, "a list of plays")
        checked = [validate_play(p) for p in listed]
        return self._write(lambda s: crud.create_plays(session=s, plays=checked))

    def update_play(self, play_id: int, play: PlayCreate) -> None:
        """Replace a play's details and results (ranks recomputed); id and uid stay."""
        checked = validate_play(play)
        self._write(lambda s: crud.update_play(session=s, play_id=play_id, play=checked))

    def get_play(self, play_id: int) -> PlayPublic:
        """One play, results ordered by rank then seat; :class:`NotFoundError` if absent."""
        return self._read(lambda s: crud.read_play(session=s, play_id=play_id))

    def list_plays(
        self,
        *,
        game: str | None = None,
        player: str | None = None,
        module: str | None = None,
        expansion: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[PlayPublic]:
        """Plays newest first, optionally only one game's, one player's, those played with a
        module and/or an expansion.

        ``game`` is matched like in :meth:`record_play`, ``player`` ignoring case; a game or
        player the history does not know gives an empty list. ``module`` and ``expansion``
        are matched in any spelling the history knows ("faction_festival", "Faction
        Festival"; "Master Craft", "Merchants Cove: Master Craft").
        """
        for name, value in (
            ("game", game),
            ("player", player),
            ("module", module),
            ("expansion", expansion),
        ):
            optional_text(name, value)
        return self._read(
            lambda s: crud.read_plays(
                session=s,
                game=game,
                player=player,
                module=module,
                expansion=expansion,
                limit=limit,
                offset=offset,
            )
        )

    def count_plays(
        self,
        *,
        game: str | None = None,
        player: str | None = None,
        module: str | None = None,
        expansion: str | None = None,
    ) -> int:
        """How many plays :meth:`list_plays` would page through with the same filters."""
        for name, value in (
            ("game", game),
            ("player", player),
            ("module", module),
            ("expansion", expansion),
        ):
            optional_text(name, value)
        return self._read(
            lambda s: crud.count_plays(
                session=s, game=game, player=player, module=module, expansion=expansion
            )
        )

    def delete_play(self, play_id: int) -> PlayCreate:
        """Delete a play: it leaves every list, statistic and export, and the table it was
        saved from stops pointing at it (yet still knows it was saved, so a later Save does
        not make a second play). Returns the snapshot :meth:`restore_play` takes (undo)."""
        return self._write(lambda s: crud.delete_play(session=s, play_id=play_id))

    def restore_play(self, snapshot: PlayCreate) -> int:
        """Undo :meth:`delete_play`: the same play comes back (same id, uid and details, and
        the table it was saved from points at it again); returns its id. Once the play has
        been removed for good (:meth:`purge_deleted_plays`), it is saved again from the
        snapshot under the same uid and a new id. Restoring a play that is there already is
        refused (:class:`PlayDataError`): an undo never doubles a play."""
        checked = validate_play(snapshot)
        if checked.uid is None:
            raise PlayDataError("uid: a snapshot from delete_play carries the play's uid")
        return self._write(lambda s: crud.restore_play(session=s, snapshot=checked))

    def purge_deleted_plays(self, *, older_than: timedelta | None = None) -> int:
        """Remove deleted plays for good (those deleted longer than ``older_than`` ago, or
        all); returns how many. Deleting a play does this for the plays deleted more than a
        day before (``crud.KEEP_DELETED``), and every import for all of them."""
        if older_than is not None and not isinstance(older_than, timedelta):
            raise refuse("older_than", "a length of time (timedelta)", older_than)
        before = None if older_than is None else utcnow() - older_than
        return self._write(lambda s: crud.purge_deleted(session=s, before=before))

    def player_names(self) -> list[str]:
        """Known players, most finished plays first, then by name (for suggestions)."""
        return self._read(lambda s: crud.player_names(session=s))

    def games(self) -> list[GamePublic]:
        """Games in the history with their count of finished plays, most played first."""
        return self._read(lambda s: crud.list_games(session=s))

    # ------------------------------------------------------------------ statistics

    def _player_id(self, session: Session, name: str) -> tuple[int, str]:
        player = crud.find_player(session=session, name=name) if isinstance(name, str) else None
        if player is None or player.id is None:
            raise NotFoundError(f"no player named {name!r} in the history")
        return player.id, player.name

    def _game_id(self, session: Session, game: str) -> int:
        row = crud.find_game(session=session, title=game) if isinstance(game, str) else None
        if row is None or row.id is None:
            raise NotFoundError(f"no game {game!r} in the history")
        return row.id

    def player_stats(self, name: str) -> PlayerStats:
        """A player's plays, wins, win rate (0..1), best and average score, overall and per game.

        Only finished plays count: an unfinished play adds no play, win or score. A shared
        first place is a win. :class:`NotFoundError` for a name the history does not know.
        """

        def run(s: Session) -> PlayerStats:
            pid, shown_name = self._player_id(s, name)
            return stats.player_stats(s, pid, shown_name)

        return self._read(run)

    def all_player_stats(self) -> list[PlayerStats]:
        """:meth:`player_stats` for every known player, most plays first (finished plays only)."""
        return self._read(stats.all_player_stats)

    def game_stats(self, game: str) -> GameStats:
        """A game's plays, average winning score, most frequent winner(s), highest score.

        Only finished plays count. :class:`NotFoundError` for a game never played.
        """
        return self._read(lambda s: stats.game_stats(s, self._game_id(s, game)))

    def all_game_stats(self) -> list[GameStats]:
        """:meth:`game_stats` for every game in the history, most plays first."""
        return self._read(stats.all_game_stats)

    def wins_per_player(self, game: str | None = None) -> list[tuple[str, int]]:
        """(player, wins) over finished plays (of one game), most wins first; for charts.

        Players with counted plays but no wins are listed with 0; a game never played
        gives an empty list.
        """
        optional_text("game", game)

        def run(s: Session) -> list[tuple[str, int]]:
            if game is None:
                return stats.wins_per_player(s)
            row = crud.find_game(session=s, title=game)
            return [] if row is None or row.id is None else stats.wins_per_player(s, row.id)

        return self._read(run)

    def module_stats(self, game: str) -> list[FeatureStats]:
        """Every module and expansion played with in a game, with its finished plays and each
        player's plays and wins with it ("with the Faction Festival: 7 plays, Ann won 4"):
        expansions first, then modules, most played first. :class:`NotFoundError` for a game
        never played."""
        return self._read(lambda s: stats.feature_stats(s, self._game_id(s, game)))

    def modules_not_played(
        self,
        game: str,
        players: Sequence[str],
        *,
        among: Sequence[str] | None = None,
        together: bool = True,
    ) -> list[str]:
        """The modules of ``game`` this group has not played yet (for Surprise me), in the
        order and spelling of ``among`` (default: the modules the setup data lists for the
        game, by id). With ``together`` a module counts as played when a finished play of the
        game had every one of ``players`` at the table and used it; otherwise when any of them
        was at it. Players and games the history does not know have played nothing."""
        if not isinstance(game, str):
            raise refuse("game", "text", game)
        names = texts("players", players)
        candidates_given = None if among is None else texts("among", among)

        def run(s: Session) -> list[str]:
            row = crud.find_game(session=s, title=game)
            key = features.game_key(game if row is None else row.key or row.name)
            candidates = (
                candidates_given
                if candidates_given is not None
                else list(features.catalogue_modules(key))
            )
            ids = []
            for name in names:
                who = crud.find_player(session=s, name=name)
                ids.append(None if who is None else who.id)
            game_id = None if row is None else row.id
            return stats.modules_not_played(s, game_id, key, ids, candidates, together=together)

        return self._read(run)

    def score_series(self, player: str, game: str | None = None) -> list[tuple[datetime, int, str]]:
        """(played_at, score, game name) of a player's finished plays, oldest first; for charts.

        :class:`NotFoundError` for an unknown player; an unknown game gives an empty list.
        """
        optional_text("game", game)

        def run(s: Session) -> list[tuple[datetime, int, str]]:
            pid, _ = self._player_id(s, player)
            if game is None:
                return stats.score_series(s, pid)
            row = crud.find_game(session=s, title=game)
            return [] if row is None or row.id is None else stats.score_series(s, pid, row.id)

        return self._read(run)

    # -------------------------------------------------------------- settings, cards

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting or saved piece of UI state, or ``default`` if never set."""
        return self._read(lambda s: settings.get_setting(session=s, key=key, default=default))

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-able value (dicts, lists, text, numbers, booleans, None) under ``key``."""
        self._write(lambda s: settings.set_setting(session=s, key=key, value=value))

    def delete_setting(self, key: str) -> bool:
        """Forget a setting; True if there was one to forget."""
        return self._write(lambda s: settings.delete_setting(session=s, key=key))

    def list_custom_cards(self, game: str, kind: str | None = None) -> list[CustomCardPublic]:
        """Player-made cards of a game (e.g. ``("mercante", "event")``), by name."""
        if not isinstance(game, str):
            raise refuse("game", "text", game)
        optional_text("kind", kind)
        return self._read(lambda s: settings.list_custom_cards(session=s, game=game, kind=kind))

    def save_custom_card(
        self, game: str, kind: str, name: str, data: dict[str, Any], card_id: int | None = None
    ) -> int:
        """Create a card, or replace the one with ``card_id``; returns the card's id.

        Names are unique per game and kind (ignoring case): a clash is a
        :class:`PlayDataError`. ``data`` is any JSON object up to 64,000 characters.
        """
        if card_id is not None:
            crud.check_id("card_id", card_id)
        return self._write(
            lambda s: settings.save_custom_card(
                session=s, game=game, kind=kind, name=name, data=data, card_id=card_id
            )
        )

    def delete_custom_card(self, card_id: int) -> None:
        """Delete a custom card; :class:`NotFoundError` if there is none with that id."""
        self._write(lambda s: settings.delete_custom_card(session=s, card_id=card_id))

    # -------------------------------------------------------------------- exchange

    def export_json(self) -> str:
        """The whole history in the app's own versioned JSON format (see exchange.py)."""
        return self._read(exchange.export_json)

    def import_report(
        self, text: str | bytes, *, progress: bulk.Progress | None = None
    ) -> exchange.ImportReport:
        """Import a file made by :meth:`export_json`, all or nothing; says what happened.

        Plays whose uid is already in the history are skipped and listed as duplicates.
        An invalid file raises :class:`ImportFileError` (a ``ValueError``) saying what is
        wrong and where, and nothing is written. ``progress(done, total)`` is called as the
        plays go in (from the thread doing the import). Whatever the import held is handed
        back to the system once it is over.
        """
        return _giving_back(lambda: self._import_report(text, progress))

    def _import_report(
        self, text: str | bytes, progress: bulk.Progress | None
    ) -> exchange.ImportReport:
        with bulk.collector_paused():
            source = exchange.open_file(text)  # read as bytes, in pieces (jsonscan)
            if self.dialect == "sqlite":
                try:
                    # The fast path makes every reference it writes itself: no foreign key
                    # is checked row by row (a test checks the result with foreign_key_check).
                    return self._write(
                        _after_purge(
                            lambda s: fastimport.import_text(s, source, progress=progress)
                        ),
                        unchecked=True,
                    )
                except fastimport.NotFast:
                    pass  # rolled back: the checked path says what is wrong, or imports it
            parsed = exchange.parse_history(source)
            return self._write(
                _after_purge(lambda s: exchange.import_parsed(s, parsed, progress=progress))
            )

    def import_json(self, text: str | bytes) -> int:
        """Import a file made by :meth:`export_json`; returns how many plays were added."""
        return self.import_report(text).imported

    def export_csv(self) -> str:
        """One CSV row per player result, with the play's fields (for spreadsheets)."""
        return self._read(exchange.export_csv)

    # ------------------------------------------------------------------- BG Stats

    def bgstats_preferences(self) -> bgstats.Preferences:
        """Who "me" is for BG Stats, and the BoardGameGeek ids set per game."""
        return bgstats.Preferences.from_setting(self.get_setting(bgstats.SETTING_KEY))

    def set_bgstats_preferences(self, preferences: bgstats.Preferences) -> None:
        self.set_setting(bgstats.SETTING_KEY, preferences.to_setting())

    def export_bgstats(self) -> str:
        """The history as a BG Stats backup (``BGStatsExport.json``; see the bgstats package)."""
        prefs = self.bgstats_preferences()
        return self._read(lambda s: bgstats.export_bgstats(s, prefs))

    def import_bgstats(
        self, text: str | bytes, *, progress: bulk.Progress | None = None
    ) -> exchange.ImportReport:
        """Import a BG Stats backup, all or nothing; says what happened.

        Plays already here (same uuid) are skipped as duplicates; plays the history cannot
        hold are listed in ``skipped`` with the reason. A malformed file raises
        :class:`ImportFileError` saying where, and nothing is written. The backup's
        BoardGameGeek ids and its "me" player are remembered for later exports (where none
        were set).
        """
        return _giving_back(lambda: self._read_bgstats(text, progress))

    def _read_bgstats(
        self, text: str | bytes, progress: bulk.Progress | None
    ) -> exchange.ImportReport:
        with bulk.collector_paused():
            backup = bgstats.BGStatsBackup(text)
            # Every reference written is made by the import itself (players and games it
            # finds or creates, plays it writes): no foreign key is checked row by row. The
            # plays are read as they are written: a problem in one rolls all of them back.
            return self._write(
                _after_purge(lambda s: self._import_bgstats(s, backup, progress)), unchecked=True
            )

    def _import_bgstats(
        self, session: Session, backup: bgstats.BGStatsBackup, progress: bulk.Progress | None
    ) -> exchange.ImportReport:
        report = bgstats.import_backup(session, backup, progress=progress)
        prefs = bgstats.Preferences.from_setting(
            settings.get_setting(session=session, key=bgstats.SETTING_KEY)
        )
        ids = {**backup.bgg_ids, **(prefs.bgg_ids or {})}
        learned = bgstats.Preferences(me=prefs.me or backup.me, bgg_ids=ids)
        if learned != prefs:
            value = learned.to_setting()
            settings.set_setting(session=session, key=bgstats.SETTING_KEY, value=value)
        return report

    def bgstats_link(self, play_id: int) -> str:
        """BG Stats' "create play" link for one saved play (for a button and a QR code)."""
        play = self.get_play(play_id)
        return bgstats.play_link(play, self.bgstats_preferences())

    # ------------------------------------------------------------- shared tables

    def create_table(
        self, *, tool: str, start: Mapping[str, Any], summary: Mapping[str, Any]
    ) -> TablePublic:
        """A new open table of ``tool`` starting from ``start`` (the fresh game's saved form)."""
        return self._write(
            lambda s: tables.create_table(session=s, tool=tool, start=start, summary=summary)
        )

    def table(self, table_id: int) -> TablePublic:
        """One table; :class:`NotFoundError` if there is none with that id."""
        return self._read(lambda s: tables.read_table(session=s, table_id=table_id))

    def list_tables(
        self, *, tool: str | None = None, status: str | Sequence[str] | None = None
    ) -> list[TablePublic]:
        """Tables (of one tool, in some statuses), most recently touched first."""
        return self._read(lambda s: tables.list_tables(session=s, tool=tool, status=status))

    def table_actions(self, table_id: int, *, after: int = 0) -> list[TableActionPublic]:
        """A table's log from step ``after + 1`` on."""
        return self._read(lambda s: tables.read_actions(session=s, table_id=table_id, after=after))

    def append_action(
        self,
        *,
        table_id: int,
        seq: int,
        body: Mapping[str, Any],
        device: str,
        summary: Mapping[str, Any],
    ) -> None:
        """Append step ``seq`` to an open table's log (committed when this returns).

        :class:`SeqTakenError` when step ``seq`` is already written (another server won),
        :class:`TableClosedError` when the table is finished or abandoned; nothing written.
        """
        if self.appender is not None:
            self.appender.append(
                table_id=table_id, seq=seq, body=body, device=device, summary=summary
            )
            return
        self._write(
            lambda s: tables.append_action(
                session=s, table_id=table_id, seq=seq, body=body, device=device, summary=summary
            )
        )

    def set_table_status(self, *, table_id: int, status: str) -> TablePublic:
        """Mark a table ``open``, ``finished`` or ``abandoned``."""
        return self._write(lambda s: tables.set_status(session=s, table_id=table_id, status=status))

    def table_heads(self, table_ids: Sequence[int]) -> dict[int, TableHead]:
        """Head, status and mark of each table (for a server watching another's changes)."""
        return self._read(lambda s: tables.heads(session=s, table_ids=table_ids))

    def tool_table_heads(
        self, tool: str, *, status: str | Sequence[str] = "open"
    ) -> dict[int, TableHead]:
        """Head, status and mark of each of ``tool``'s tables in ``status`` (for a list of
        games in progress watching what other servers do)."""
        return self._read(lambda s: tables.tool_heads(session=s, tool=tool, status=status))

    def import_table(
        self,
        *,
        key: str,
        kept_as: str,
        tool: str,
        start: Mapping[str, Any],
        actions: Sequence[Mapping[str, Any]],
        summary: Mapping[str, Any],
        device: str = "import",
    ) -> TablePublic | None:
        """The old single saved game under setting ``key`` becomes a table with ``actions``
        as its log, in ONE transaction with claiming the setting (its value is kept under
        ``kept_as``): exactly once, whatever servers do it at the same moment. None when the
        setting was already claimed (nothing written)."""
        return self._write(
            lambda s: tables.import_table(
                session=s,
                key=key,
                kept_as=kept_as,
                tool=tool,
                start=start,
                actions=actions,
                summary=summary,
                device=device,
            )
        )

    def move_setting(self, key: str, to: str) -> bool:
        """Keep the value of ``key`` under ``to`` instead, in one transaction; False (nothing
        changed) when ``key`` was not set."""

        def move(s: Session) -> bool:
            value = settings.get_setting(session=s, key=key)
            if value is None or not settings.delete_setting(session=s, key=key):
                return False
            settings.set_setting(session=s, key=to, value=value)
            return True

        return self._write(move)

    def save_table_play(
        self, *, table_id: int, play: PlayCreate, head: int | None = None, again: bool = False
    ) -> tuple[int, bool]:
        """Record ``play`` and mark the table "saved as play N" in ONE transaction.

        Returns ``(play id, True)``; when the table is already marked (by this server,
        another one, or before a crash) ``(that play id, False)`` and nothing is recorded.
        A table saved before whose play has been deleted since is never saved again by
        this call: :class:`SavedBeforeError`, nothing recorded; ``again=True`` is the
        explicit choice to save it as a new play. With ``head`` the table must still be at
        that step (:class:`SeqTakenError`).
        """
        checked = validate_play(play)
        if not isinstance(again, bool):
            raise refuse("again", "true or false", again)
        for _ in range(3):
            try:
                return self._write(
                    lambda s: tables.save_play(
                        session=s, table_id=table_id, play=checked, head=head, again=again
                    )
                )
            except tables.AlreadySaved:
                continue  # rolled back: another transaction set the mark; read it next time
        raise StoreError(f"table {table_id} could not be saved: it kept changing")


def _after_purge(fn: Callable[[Session], T]) -> Callable[[Session], T]:
    """``fn`` after the plays deleted so far are removed for good (in the same transaction):
    an import may bring a deleted play's uid back, and it then comes in as in the file."""

    def run(session: Session) -> T:
        crud.purge_deleted(session=session)
        return fn(session)

    return run


open_store = checked_arguments(open_store)


def _giving_back(run: Callable[[], T]) -> T:
    """``run()`` (an import), and then whatever it held handed back to the system, on a
    refusal too: the refusal leaves without the import's frames (its traceback and the
    exception it was raised from), which would otherwise keep what they held alive."""
    try:
        result = run()
    except ValueError as exc:  # ImportFileError, StoreError
        refusal = exc
        refusal.__traceback__ = refusal.__context__ = refusal.__cause__ = None
    else:
        bulk.give_back_memory()
        return result
    bulk.give_back_memory()
    raise refusal


check_every_call(Store)
