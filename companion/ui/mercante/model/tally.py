"""The final tally (:class:`TallyDraft`): each player's figures as typed, an error per field,
the working, the standings, and the play saved to history."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.core.words import listed
from companion.engine.mercante import (
    FinalResult,
    FinalTally,
    MercanteError,
    MercanteTable,
    PlayerTally,
    TallyLine,
    affordable_vp,
    bazaar_price,
    end_triggers,
    final_tally,
    rules,
    vp_price,
)
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.scoring import max_goods_left
from companion.engine.mercante.tabletop import TALLY_LISTS, TallyValue
from companion.rules import Catalogue
from companion.ui.mercante.model.words import (
    GAME_ID,
    FieldKey,
    parse_count,
    parse_numbers,
)
from companion.ui.model.words import plural, saved_won

# -- the final tally ---------------------------------------------------------------------------


#: The tally's fields in screen order: the counts two to a phone row, then each list with the
#: count it belongs to. "unfulfilled" is the number of contracts still open (0: none) and
#: "penalties" their penalties; "completed" the victory points of each contract the end-of-game
#: bazaar completes and "completed_goods" the goods those contracts take.
TALLY_FIELDS: tuple[tuple[str, str], ...] = (
    ("vp", "VP tokens"),
    ("crowns", "Crowns"),
    ("goods", "Goods left"),
    ("bought", "VP bought"),
    ("unfulfilled", "Unfulfilled contracts"),
    ("penalties", "Their penalties"),
    ("completed", "VP of contracts done at the end"),
    ("completed_goods", "Goods they take"),
)


@dataclass
class TallyRow:
    """One player's end-of-game figures as typed."""

    name: str
    vp: str = ""
    crowns: str = ""
    goods: str = ""
    completed: str = ""
    completed_goods: str = ""
    unfulfilled: str = ""
    penalties: str = ""
    bought: str = ""

    def get(self, name: str) -> str:
        value = getattr(self, name)
        assert isinstance(value, str)
        return value


@dataclass
class TallyDraft:
    """The final tally form and the end-of-game checklist."""

    rows: list[TallyRow] = field(default_factory=list)
    ticked: set[str] = field(default_factory=set)

    @classmethod
    def for_seats(cls, seats: Sequence[str]) -> TallyDraft:
        return cls(rows=[TallyRow(name) for name in seats])

    @classmethod
    def from_table(
        cls, table: MercanteTable, typed: Mapping[tuple[str, int], str] | None = None
    ) -> TallyDraft:
        """The tally as the table has it, with what this device typed that is not on the
        table (``typed``: text by ``(field, player index)``) over it, and the end triggers
        the table noted."""
        draft = cls.for_seats(table.players)
        typed = typed or {}
        for i, row in enumerate(draft.rows):
            figures = table.figures(row.name)
            for name, _ in TALLY_FIELDS:
                text = typed.get((name, i))
                setattr(row, name, tally_text(figures.get(name)) if text is None else text)
        draft.ticked = set(table.ended)
        return draft

    def matches(self, seats: Sequence[str]) -> bool:
        return [r.name for r in self.rows] == list(seats)

    def set(self, index: int, name: str, value: str) -> None:
        if name not in {n for n, _ in TALLY_FIELDS}:
            raise KeyError(name)
        setattr(self.rows[index], name, value)

    def row_errors(self, index: int) -> dict[str, str]:
        row = self.rows[index]
        found: dict[str, str] = {}
        values: dict[str, Any] = {}
        counts = (
            ("vp", None),
            ("crowns", None),
            ("goods", 0),
            ("bought", 0),
            ("unfulfilled", 0),
            ("completed_goods", -1),
        )
        for name, blank in counts:
            try:
                values[name] = parse_count(row.get(name), blank=blank)
            except ValueError as exc:
                found[name] = str(exc)
        for name, what in (("completed", "victory point value"), ("penalties", "penalty")):
            try:
                values[name] = parse_numbers(row.get(name), what=what)
            except ValueError as exc:
                found[name] = str(exc)
                continue
            if any(v < 1 for v in values[name]):
                found[name] = f"A contract's {what} is at least 1"
        most = max_goods_left()
        goods_left = values.get("goods")
        if goods_left is not None and goods_left > most:
            found["goods"] = f"3 warehouses hold at most {most}"
        open_count, penalties = values.get("unfulfilled"), values.get("penalties")
        if open_count is not None and penalties is not None and "penalties" not in found:
            if open_count == 0 and penalties:
                found["penalties"] = "No unfulfilled contracts: leave this empty, or count them"
            elif len(penalties) != open_count:
                found["penalties"] = (
                    f"{open_count} contracts: give {open_count} penalties, e.g. 2, 3"
                    if open_count > 1
                    else "1 contract: give its penalty, e.g. 2"
                )
        done, needed = values.get("completed"), values.get("completed_goods")
        if done is not None and needed is not None and "completed" not in found:
            take = len(done) if needed == -1 else needed
            top = 3 * len(done)
            if needed != -1 and not done and needed:
                found["completed_goods"] = "No contract done at the end: leave this empty"
            elif needed != -1 and done and not len(done) <= take <= top:
                found["completed_goods"] = (
                    f"{plural(len(done), 'contract')} take {len(done)} to {top} goods"
                )
            elif goods_left is not None and take > goods_left and "goods" not in found:
                field_name = "completed_goods" if needed != -1 else "completed"
                found[field_name] = (
                    f"They take {plural(take, 'good')}; only {goods_left} left to sell"
                )
        bought, crowns = values.get("bought"), values.get("crowns")
        if (
            bought is not None
            and crowns is not None
            and goods_left is not None
            and "goods" not in found
        ):
            most_vp = affordable_vp(crowns + goods_left * bazaar_price())
            if bought > most_vp:
                found["bought"] = f"{row.name} can afford at most {most_vp}"
        return found

    def errors(self) -> dict[FieldKey, str]:
        found: dict[FieldKey, str] = {}
        for i in range(len(self.rows)):
            for name, message in self.row_errors(i).items():
                found[(name, i)] = message
        return found

    def entry(self, index: int) -> PlayerTally | None:
        """The engine's tally of one row, or ``None`` while it has an error."""
        if self.row_errors(index):
            return None
        row = self.rows[index]
        needed = parse_count(row.completed_goods, blank=-1)
        return PlayerTally(
            name=row.name,
            vp_tokens=parse_count(row.vp),
            crowns=parse_count(row.crowns),
            goods_left=parse_count(row.goods, blank=0),
            completed_at_end=parse_numbers(row.completed),
            unfulfilled=parse_numbers(row.penalties),
            vp_bought=parse_count(row.bought, blank=0),
            completed_goods=None if needed == -1 else needed,
        )

    def affordable(self, index: int) -> int | None:
        """Victory points a player could buy after the bazaar, once crowns are typed."""
        row = self.rows[index]
        try:
            crowns = parse_count(row.crowns)
            goods_left = parse_count(row.goods, blank=0, maximum=max_goods_left())
        except ValueError:
            return None
        return affordable_vp(crowns + goods_left * bazaar_price())

    def tally(self, house: HouseRules | None = None) -> FinalTally | None:
        """Every player's line and the standings, once every row is complete and valid."""
        entries = [self.entry(i) for i in range(len(self.rows))]
        if not entries or any(e is None for e in entries):
            return None
        return final_tally([e for e in entries if e is not None], house=house or HouseRules())

    def crowns_typed(self) -> dict[str, int]:
        found = {}
        for row in self.rows:
            try:
                found[row.name] = parse_count(row.crowns)
            except ValueError:
                continue
        return found

    def triggers(self) -> dict[str, tuple[bool, str]]:
        """Each end trigger: met?, and the people behind the crowns one if computed."""
        hits = {
            t.id: t
            for t in end_triggers(
                self.crowns_typed(),
                reference_at_last_space="reference_track" in self.ticked,
                last_shipment_in_harbor="last_shipment" in self.ticked,
            )
        }
        found = {}
        for trigger in rules().game_end.trigger:
            hit = hits.get(trigger.id)
            who = ", ".join(hit.players) if hit and hit.players else ""
            found[trigger.id] = (hit is not None or trigger.id in self.ticked, who)
        return found

    def game_over(self) -> bool:
        return any(met for met, _ in self.triggers().values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": [{"name": r.name, **{n: r.get(n) for n, _ in TALLY_FIELDS}} for r in self.rows],
            "ticked": sorted(self.ticked),
        }

    @classmethod
    def from_dict(cls, data: object, seats: Sequence[str]) -> TallyDraft:
        """Lenient: rows are matched to the game's seats by name; anything odd is dropped."""
        draft = cls.for_seats(seats)
        if not isinstance(data, Mapping):
            return draft
        rows = data.get("rows")
        by_name = {}
        if isinstance(rows, list):
            by_name = {r.get("name"): r for r in rows if isinstance(r, Mapping)}
        for row in draft.rows:
            saved = by_name.get(row.name)
            if saved is None:
                continue
            for name, _ in TALLY_FIELDS:
                value = saved.get(name)
                if isinstance(value, str):
                    setattr(row, name, value[:60])
            if "penalties" not in saved and isinstance(saved.get("unfulfilled"), str):
                # Saved before the count had its own field: "unfulfilled" held the penalties.
                row.penalties = row.unfulfilled
                try:
                    row.unfulfilled = (
                        str(len(parse_numbers(row.penalties))) if row.penalties else ""
                    )
                except ValueError:
                    row.unfulfilled = ""
        ticked = data.get("ticked")
        known = {t.id for t in rules().game_end.trigger}
        if isinstance(ticked, list):
            draft.ticked = {t for t in ticked if t in known}
        return draft


def tally_text(value: TallyValue) -> str:
    """A figure of the table's tally as a field shows it (``""``: blank; ``"2, 3"``)."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def parse_figure(name: str, text: str) -> TallyValue:
    """What the table keeps for field ``name`` typed as ``text`` (blank: ``None`` or ``()``);
    ``ValueError`` when the field alone cannot be read. Whether the figures agree with each
    other (as many penalties as unfulfilled contracts, ...) is :meth:`TallyDraft.row_errors`'
    business: the table takes each field as it comes."""
    if name in TALLY_LISTS:
        what = "penalty" if name == "penalties" else "victory point value"
        values = parse_numbers(text, what=what)
        if any(v < 1 for v in values):
            raise ValueError(f"A contract's {what} is at least 1")
        return values
    if name not in {n for n, _ in TALLY_FIELDS}:
        raise KeyError(name)
    if not text.strip():
        return None
    maximum = max_goods_left() if name == "goods" else None
    return parse_count(text, maximum=maximum)


def tally_working(line: TallyLine) -> tuple[str, str]:
    """Two lines of working: the crowns, then the score.

    ``('Crowns: 31 + 2 goods × 3 = 37; 3 VP × 10 = 30; 7 left',
    'Score: 7 VP + 2 from contracts + 3 bought = 12; − 4 penalties = 8')``
    """
    tally = line.tally
    crowns = f"Crowns: {tally.crowns}"
    if tally.goods_left:
        crowns += (
            f" + {plural(tally.goods_left, 'good')} × {bazaar_price()} = {line.crowns_before_vp}"
        )
    if tally.vp_bought:
        crowns += f"; {tally.vp_bought} VP × {vp_price()} = {line.vp_cost}"
    if tally.goods_left or tally.vp_bought:
        crowns += f"; {line.crowns_left} left"
    else:  # nothing moved them: "Crowns: 12 left", not "Crowns: 12; 12 left"
        crowns += " left"
    parts = [f"{tally.vp_tokens} VP"]
    if line.vp_from_contracts:
        parts.append(f"{line.vp_from_contracts} from contracts")
    if tally.vp_bought:
        parts.append(f"{tally.vp_bought} bought")
    score = "Score: " + " + ".join(parts)
    if len(parts) > 1:
        score += f" = {line.vp_total}"
    if line.penalty:
        score += f"; − {line.penalty} in penalties = {line.score}"
    elif len(parts) == 1:
        score += f" = {line.score}"
    return crowns, score


def shown_standings(
    tally: FinalTally, *, every_place: bool = False
) -> tuple[tuple[FinalResult, ...], tuple[str, ...]]:
    """The standings as the screen lists them, and a line for each shared place the
    tie-breakers were looked at for: a shared place is never said to be "broken" by a
    tie-breaker (issue 21). ``every_place``: the house rule that breaks every tie."""
    shown: list[FinalResult] = []
    still: dict[int, list[str]] = {}
    for result in tally.standings:
        if result.shared and result.decided_by:
            still.setdefault(result.rank, []).append(result.name)
            result = replace(result, decided_by=None)
        shown.append(result)
    lines = []
    for rank, names in still.items():
        who = listed(names)  # "Ann, Cleo and Dev", not "Ann and Cleo and Dev"
        if rank == 1:
            lines.append(f"{who}: still tied after the tie-breakers, so the victory is shared.")
        elif every_place:
            lines.append(f"{who}: still tied after the tie-breakers, so they share place {rank}.")
        else:
            lines.append(f"{who} share place {rank}: the tie-breakers decide only the victory.")
    return tuple(shown), tuple(lines)


def record_arguments(
    tally: FinalTally,
    seats: Sequence[str],
    catalogue: Catalogue,
    *,
    house: HouseRules | None = None,
) -> dict[str, Any]:
    """``Store.record_play`` arguments for a finished tally, with the game's own categories and
    tie-breakers (``data/games.toml``): victory points, penalties (negative), crowns left and
    unfulfilled contracts.

    Every player's tie-breaker figures are kept. How they place players is the play's rule,
    saved with it (``tiebreaks_victory_only``): the tie-breakers decide the victor only
    (ruling ``mercante.tiebreak_first_place``), so players tied on a lower score share their
    place in the history as in the tally; with the house rule that breaks every tie, they
    decide every place.
    """
    game = catalogue.game(GAME_ID)
    vp_category, penalty_category = game.categories
    lines = {line.name: line for line in tally.lines}
    every_place = (house or HouseRules()).tiebreak_every_place
    return {
        "game": GAME_ID,
        "results": [(name, lines[name].score) for name in seats],
        "seats": list(seats),
        "start_player": seats[0],
        "breakdowns": {
            name: {vp_category: lines[name].vp_total, penalty_category: -lines[name].penalty}
            for name in seats
        },
        "tiebreakers": [(t.name, t.higher_wins) for t in game.tiebreakers],
        "tiebreak_values": {
            name: [lines[name].crowns_left, len(lines[name].tally.unfulfilled)] for name in seats
        },
        "tiebreaks_victory_only": not every_place,
    }


def table_tally(table: MercanteTable) -> FinalTally:
    """The table's final tally: a game the app keeps is tallied by the app
    (``game.tally()``); a game whose crowns the table counts, from the figures typed in.
    ``ValueError`` saying what is missing otherwise."""
    if table.game.ledger:
        try:
            return table.game.tally()
        except MercanteError as exc:
            raise ValueError(str(exc)) from None
    draft = TallyDraft.from_table(table)
    found = draft.tally(table.game.rules)
    if found is None:
        count = len(draft.errors())
        raise ValueError(
            f"the tally has {plural(count, 'field')} to fix" if count else "the tally is not done"
        )
    return found


def saved_line(table: MercanteTable, catalogue: Catalogue) -> str:
    """What Save says of a saved table, either way its tally is kept: ``Saved Mercante: Adam
    and Beth won.``"""
    name = catalogue.game(GAME_ID).name
    try:
        tally = table_tally(table)
    except ValueError:
        return saved_won(name, [])
    return saved_won(name, [s.name for s in tally.standings if s.winner])


def play_of(table: MercanteTable, catalogue: Catalogue) -> dict[str, Any]:
    """The history play (``PlayCreate``'s fields) of a table whose tally is complete: scores
    in seat order with the game's categories, the first player, and the tie-breakers (see
    :func:`record_arguments`). ``ValueError`` saying what is missing otherwise (see
    :func:`table_tally`)."""
    house = table.game.rules
    tally = table_tally(table)
    seats = list(table.players)
    arguments = record_arguments(tally, seats, catalogue, house=house)
    names = dict(arguments["tiebreakers"])
    return {
        "game": arguments["game"],
        "results": [
            {
                "player": name,
                "score": score,
                "seat": seat,
                "start_player": name == arguments["start_player"],
                "breakdown": arguments["breakdowns"][name],
                "tiebreaks": arguments["tiebreak_values"][name],
            }
            for seat, (name, score) in enumerate(arguments["results"], start=1)
        ],
        "tiebreakers": [{"name": n, "higher_wins": h} for n, h in names.items()],
        "tiebreaks_victory_only": arguments["tiebreaks_victory_only"],
    }


__all__ = [
    "TALLY_FIELDS",
    "TallyDraft",
    "TallyRow",
    "parse_figure",
    "play_of",
    "record_arguments",
    "saved_line",
    "shown_standings",
    "table_tally",
    "tally_text",
    "tally_working",
]
