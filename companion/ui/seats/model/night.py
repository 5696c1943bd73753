"""The game night on screen, as plain logic (no flet): what is played in words, when it
started, the tools that fit the game, the running tally per player, the final sheet's rows,
the standings with their working, and what this device is typing (a tally line, a figure, the
duration). The rules are the engine's (:mod:`companion.engine.seats`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from companion.engine.core.words import minus, plural, signed, sum_text
from companion.engine.seats import Seating, SeatsError
from companion.engine.seats.night import module_names, parse_time
from companion.engine.seats.sheet import Category
from companion.rules import catalogue
from companion.ui.model.words import ordinal
from companion.ui.seats.model.draft import SeatsDraft

#: The routes of the tools a night opens (each tool's ``ROUTE``; kept here so the model needs
#: no screen package).
SETUP_ROUTE = "/setup/assistant"
TOOL_ROUTES = {
    "setup": SETUP_ROUTE,
    "bard": "/calculators/bard",
    "cove_goods": "/calculators/cove-goods",
    "scorepad": "/score",
    "mercante": "/calculators/mercante",
    "journey": "/calculators/journey",
}
TOOL_NAMES = {
    "bard": "The Bard",
    "cove_goods": "Cove sale calculator",
    "scorepad": "Score pad",
    "mercante": "Mercante",
    "journey": "Merchant's Journey",
}


def now_text(now: datetime | None = None) -> str:
    """This device's clock as the night keeps a time (local wall time, to the second)."""
    return (now or datetime.now()).replace(microsecond=0).isoformat()


def clock(at: str) -> str:
    return parse_time(at).strftime("%H:%M")


def tools_for(night: Seating) -> tuple[str, ...]:
    """The tools that fit the night's game, in the order a night uses them: Merchants Cove
    sings with the Bard (when The Entertainer is played, or nothing is chosen yet) and prices
    sales; Mercante and Merchant's Journey have their own tables; every game has the score pad."""
    game = night.game_id
    if game == "merchants_cove":
        chosen = night.modules or night.expansions
        bard = not chosen or "entertainer" in night.modules or "entertainer" in night.expansions
        return (*(("bard",) if bard else ()), "cove_goods", "scorepad")
    if game == "mercante":
        return ("mercante", "scorepad")
    if game == "merchants_journey":
        return ("journey", "scorepad")
    return ("scorepad",)


def has_setup(night: Seating) -> bool:
    """Whether the setup assistant knows this game."""
    from companion.engine.setup.facts import setup_data

    return night.game_id in setup_data().games


def played_lines(night: Seating) -> list[str]:
    """What is played, in words: modules, expansions and house rules."""
    names = module_names(night.game_id)
    sheet = night.sheet_def
    lines = []
    if night.modules:
        lines.append(
            "Modules: " + ", ".join(names[m][0] if m in names else m for m in night.modules)
        )
    if night.expansions:
        lines.append("Expansions: " + ", ".join(sheet.expansion_name(e) for e in night.expansions))
    rules = []
    for rule, value in night.house_rules:
        if value != "alternative":
            continue
        try:
            rules.append(catalogue().ruling(rule).house_rule_label)
        except KeyError:
            rules.append(rule)
    if rules:
        lines.append("House rules: " + "; ".join(rules))
    if not lines:
        lines.append("The base game: no modules, expansions or house rules chosen.")
    return lines


def started_line(night: Seating) -> str:
    if night.started_at is None:
        return "Not started yet: it starts when a tool is opened, or tap Start."
    text = f"Started at {clock(night.started_at)}"
    if night.finished_at is not None:
        text += f", finished at {clock(night.finished_at)}"
        if night.duration is not None:
            text += f" ({plural(night.duration, 'minute')})"
    return text + "."


@dataclass(frozen=True)
class TallyRow:
    """One line of a player's tally: its number on the night (for Strike), what and how."""

    number: int
    points: int
    what: str
    working: str

    @property
    def text(self) -> str:
        return f"{signed(self.points)} {self.what}"


@dataclass(frozen=True)
class PlayerTally:
    player: str
    total: int
    rows: tuple[TallyRow, ...]

    @property
    def working(self) -> str:
        """``22 + 44 = 66`` (or the one figure, or 0)."""
        return sum_text([r.points for r in self.rows])


def tally_of(night: Seating) -> tuple[PlayerTally, ...]:
    """Each seated player's running tally, in seat order, with its lines numbered as the
    night numbers them."""
    out = []
    for player in night.seats:
        rows = tuple(
            TallyRow(i, line.points, line.what, line.working)
            for i, line in enumerate(night.tally, start=1)
            if line.player == player
        )
        out.append(PlayerTally(player, sum(r.points for r in rows), rows))
    return tuple(out)


def category_help(category: Category) -> str:
    """What a sheet line asks, where it comes from, and what the base game decides."""
    parts = [category.explain]
    if category.base_game:
        parts.append(category.base_game)
    if category.cite:
        parts.append(f"From {category.cite}.")
    return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class StandingLine:
    place: str
    player: str
    score: int
    working: str
    tiebreak: str
    winner: bool


def standing_lines(night: Seating) -> tuple[StandingLine, ...]:
    """The standings, best first, each with the working of its score and the tie-breaker
    that placed it (or that the place is shared)."""
    out = []
    breakers = night.sheet_def.tiebreakers
    for standing in night.standings():
        parts = night.breakdown(standing.name)
        pieces = []
        for i, (name, value) in enumerate(parts):
            if i == 0:
                pieces.append(f"{name} {minus(value)}")
            else:
                pieces.append(f"{'−' if value < 0 else '+'} {name} {abs(value)}")
        working = " ".join(pieces)
        if len(parts) > 1:
            working = f"{working} = {standing.score}"
        figures = [
            f"{c.name}: {v}"
            for c, v in zip(breakers, night.tiebreak_figures(standing.name), strict=True)
            if v is not None
        ]
        if standing.decided_by:
            tiebreak = f"Tie broken by {standing.decided_by.lower()}"
        elif standing.shared:
            tiebreak = "Shared place"
        else:
            tiebreak = ""
        if figures:
            tiebreak = "; ".join(([tiebreak] if tiebreak else []) + figures)
        place = "1st" if standing.rank == 1 else ordinal(standing.rank)
        out.append(
            StandingLine(place, standing.name, standing.score, working, tiebreak, standing.winner)
        )
    return tuple(out)


def parse_points(text: str, what: str = "points") -> int:
    """A whole number typed by a player (a minus sign allowed)."""
    cleaned = text.strip().replace("−", "-").replace(" ", "")
    if not cleaned:
        raise SeatsError(f"Type the {what}.")
    try:
        return int(cleaned)
    except ValueError:
        raise SeatsError(f"The {what} must be a whole number, not {text.strip()}.") from None


def parse_minutes(text: str) -> int | None:
    """The duration typed (whole minutes; blank: not said)."""
    if not text.strip():
        return None
    minutes = parse_points(text, "duration")
    if not 0 <= minutes <= 10_000:
        raise SeatsError("The duration must be between 0 and 10,000 minutes.")
    return minutes


@dataclass
class NightDraft(SeatsDraft):
    """What one device is typing at a night (never written to the table until sent): a seed
    half typed (:class:`SeatsDraft`), a tally line, the final sheet open, the duration
    corrected."""

    location_text: str | None = None
    line_player: str | None = None
    line_points: str = ""
    line_what: str = ""
    sheet_open: bool = False
    duration_text: str | None = None
    rotate: bool = False
    figure_errors: dict[tuple[str, str], str] = field(default_factory=dict)


__all__ = [
    "SETUP_ROUTE",
    "TOOL_NAMES",
    "TOOL_ROUTES",
    "NightDraft",
    "PlayerTally",
    "StandingLine",
    "TallyRow",
    "category_help",
    "clock",
    "has_setup",
    "now_text",
    "parse_minutes",
    "parse_points",
    "played_lines",
    "standing_lines",
    "started_line",
    "tally_of",
    "tools_for",
]
