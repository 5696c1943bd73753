"""The game night (issue 19): what is played, where and when, the running tally, the final
scoring sheet, finish and reopen, the standings and the play handed to the history. Each
action's golden case and its refusal; a Hypothesis property that a night read back from its
save is the same night, and that a player's total is the tally's lines plus the sheet's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.seats import (
    AddToTally,
    Choose,
    Finish,
    Reopen,
    Seat,
    Seating,
    SeatsError,
    SetFigure,
    SetGame,
    SetHouseRule,
    SetLocation,
    Start,
    Strike,
    TallyLine,
    Unseat,
    sheet_for,
)
from companion.engine.seats.actions import read_action

PLAYERS = ("Ann", "Ben", "Cleo", "Dev")


def cove(*players: str) -> Seating:
    return Seating.new("merchants_cove", seed=482913, seats=players or PLAYERS)


def applied(night: Seating, *actions: object) -> Seating:
    for action in actions:
        night = night.apply(action)[0]
    return night


def said(night: Seating, action: object) -> str:
    return str(night.apply(action)[1].summary)


def refused(night: Seating, action: object) -> str:
    with pytest.raises(SeatsError) as caught:
        night.apply(action)
    return str(caught.value)


# -- What is played ------------------------------------------------------------------------------
def test_choose_master_craft_modules_brings_their_expansion() -> None:
    night = applied(cove(), Choose(("paladins", "display_cases", "entertainer")))
    assert night.modules == ("paladins", "display_cases", "entertainer")
    assert night.expansions == ("master_craft", "entertainer")
    assert said(cove(), Choose(("paladins",))) == "Modules: Paladins · Expansions: Master Craft"
    assert said(cove(), Choose((), ("entertainer",))) == "Expansions: The Entertainer"


def test_choose_refuses_a_module_the_game_does_not_have() -> None:
    assert refused(cove(), Choose(("dragons",))) == (
        "dragons is not a module of Merchants Cove the app knows"
    )
    assert refused(cove(), Choose((), ("expansion_x",))) == (
        "expansion x is not an expansion of Merchants Cove the app knows"
    )
    night = applied(cove(), Choose(("paladins",)))
    assert refused(night, Choose(("paladins",))) == (
        "these modules and expansions are chosen already"
    )


def test_other_game_takes_modules_as_typed() -> None:
    night = applied(Seating.new("other", seed=1, seats=("Ann", "Ben")), Choose(("  Big   box ",)))
    assert night.modules == ("Big box",)


def test_set_house_rule_switches_the_alternative_reading() -> None:
    night = applied(cove(), SetHouseRule("setup.paladin_split"))
    assert night.house_rules == (("setup.paladin_split", "alternative"),)
    assert said(night, SetHouseRule("setup.paladin_split", "reading")).endswith(": off")
    assert refused(night, SetHouseRule("setup.paladin_split")).endswith("is set so already")
    assert refused(cove(), SetHouseRule("no.such_rule")) == "there is no such house rule"


def test_a_new_game_clears_the_other_games_modules() -> None:
    night = applied(cove(), Choose(("paladins",)), SetFigure("Ann", "sponsorship", 4))
    other = night.apply(SetGame("mercante"))
    assert (other[0].modules, other[0].expansions, other[0].sheet) == ((), (), ())
    assert "cleared" in other[1].summary


# -- Where and when ------------------------------------------------------------------------------
def test_location_and_start() -> None:
    night = applied(cove(), SetLocation("  Harbour   Café "), Start("2026-12-02T19:30:00"))
    assert (night.location, night.started_at) == ("Harbour Café", "2026-12-02T19:30:00")
    assert said(cove(), Start("2026-12-02T19:30:00+01:00")) == "Started at 19:30"
    assert refused(night, Start("2026-12-02T20:00:00")) == "the game started at 19:30 already"
    assert refused(cove(), Start("half past seven")) == (
        "the start half past seven is not a date and time"
    )
    assert refused(night, SetLocation("Harbour Café")) == "the place is Harbour Café already"
    assert refused(cove(), SetLocation("x" * 121)) == "the place is longer than 120 letters"


# -- The running tally ---------------------------------------------------------------------------
def test_add_to_tally_keeps_the_working_and_the_seated_name() -> None:
    action = AddToTally(
        "ann", 22, "The Bard's song at the Pier", "Perform 3 × 4 + Boast 10 = 22", "bard"
    )
    night, record = cove().apply(action)
    assert night.tally == (
        TallyLine(
            "Ann", 22, "The Bard's song at the Pier", "Perform 3 × 4 + Boast 10 = 22", "bard"
        ),
    )
    assert record.summary == "+22 for Ann: The Bard's song at the Pier"
    assert night.totals() == {"Ann": 22, "Ben": 0, "Cleo": 0, "Dev": 0}


def test_add_to_tally_refusals_name_the_input() -> None:
    assert refused(cove(), AddToTally("Zoe", 5, "Pier sale")) == "Zoe is not seated at this table"
    assert refused(cove(), AddToTally("Ann", 5, "  ")) == "the line's name is blank"
    assert refused(cove(), AddToTally("Ann", 10**9, "Sale")) == (
        "the points for Ann must be a whole number"
    )


def test_strike_takes_one_line_out() -> None:
    night = applied(cove(), AddToTally("Ann", 22, "Song"), AddToTally("Ben", 44, "Pier sale"))
    after, record = night.apply(Strike(1))
    assert [line.player for line in after.tally] == ["Ben"]
    assert record.summary == "Struck off: +22 for Ann, Song"
    assert refused(night, Strike(3)) == "the tally has no line 3: it has 2 lines"


def test_a_player_with_tally_lines_cannot_leave() -> None:
    night = applied(cove(), AddToTally("Ann", 22, "Song"))
    assert refused(night, Unseat("Ann")) == (
        "Ann has 1 line on the tally: strike them before Ann leaves"
    )


# -- The final sheet, the standings, finish and reopen --------------------------------------------
def test_the_cove_sheet_cites_our_rulebooks_and_says_what_the_base_game_decides() -> None:
    sheet = sheet_for("merchants_cove")
    assert [c.id for c in sheet.categories] == ["gold", "sponsorship", "corruption"]
    assert sheet.tally_category.id == "gold"
    assert sheet.category("sponsorship").cite.startswith("Merchants Cove: The Entertainer rules")
    assert "base game's rulebook" in sheet.category("corruption").base_game
    assert sheet.category("corruption").counts == -1


def test_mercante_sheet_has_its_categories_and_tiebreakers() -> None:
    sheet = sheet_for("mercante")
    assert [c.name for c in sheet.scored] == [
        "From the tally",
        "Victory points",
        "Contract penalties",
    ]
    assert [c.name for c in sheet.tiebreakers] == [
        "Most crowns left",
        "Fewest unfulfilled contracts",
    ]


def test_set_figure_and_the_breakdown() -> None:
    night = applied(
        cove(),
        AddToTally("Ann", 22, "Song"),
        SetFigure("Ann", "sponsorship", 10),
        SetFigure("Ann", "corruption", 3),
    )
    assert night.breakdown("Ann") == (
        ("Gold", 22),
        ("End-game Sponsorship", 10),
        ("Corruption", -3),
    )
    assert night.totals()["Ann"] == 29
    assert refused(night, SetFigure("Ann", "gold", 5)) == (
        "Gold comes from the tally: add or strike a line there"
    )
    assert refused(night, SetFigure("Ann", "honour", 5)) == (
        "the scoring sheet has no line called honour"
    )
    assert refused(night, SetFigure("Ann", "sponsorship", 10)) == (
        "Ann's End-game Sponsorship is 10 already"
    )
    cleared = applied(night, SetFigure("Ann", "corruption", None))
    assert cleared.totals()["Ann"] == 32


def test_mercante_standings_use_its_tiebreakers() -> None:
    night = applied(
        Seating.new("mercante", seed=3, seats=("Ann", "Ben", "Cleo")),
        SetFigure("Ann", "victory_points", 30),
        SetFigure("Ben", "victory_points", 30),
        SetFigure("Cleo", "victory_points", 12),
        SetFigure("Ann", "tiebreak.1", 4),
        SetFigure("Ben", "tiebreak.1", 9),
    )
    standings = night.standings()
    assert [(s.name, s.rank, s.decided_by) for s in standings] == [
        ("Ben", 1, "Most crowns left"),
        ("Ann", 2, "Most crowns left"),
        ("Cleo", 3, None),
    ]


def test_finish_then_only_reopen() -> None:
    night = applied(cove(), Start("2026-12-02T19:30:00"), AddToTally("Ann", 22, "Song"))
    done, record = night.apply(Finish("2026-12-02T21:45:00"))
    assert record.summary == "Finished at 21:45"
    assert done.is_over and done.duration == 135
    assert refused(done, AddToTally("Ann", 1, "Late")) == (
        "The night is finished: reopen it to change it."
    )
    assert refused(done, Seat("Eve")) == "The night is finished: reopen it to change it."
    again = applied(done, Reopen())
    assert not again.is_over and again.duration is None
    assert refused(again, Reopen()) == "the night is not finished"
    assert refused(night, Finish("2026-12-02T18:00:00")) == (
        "the finish at 18:00 is before the start at 19:30"
    )


def test_play_fields_hold_everything_the_night_knows() -> None:
    night = applied(
        cove().apply(read_action({"kind": "draw"}))[0],
        Choose(("paladins", "entertainer")),
        SetHouseRule("setup.paladin_split"),
        SetLocation("Harbour Café"),
        Start("2026-12-02T19:30:00"),
        AddToTally("Ann", 22, "Song", "Perform 3 × 4 + Boast 10 = 22", "bard"),
        AddToTally("Ben", 44, "Pier sale", "4 goods × 11", "cove_goods"),
        SetFigure("Ann", "sponsorship", 10),
        Finish("2026-12-02T21:45:00"),
    )
    fields = night.play_fields()
    assert fields["game"] == "merchants_cove"
    assert fields["modules"] == ["paladins", "entertainer"]
    assert fields["expansions"] == ["Master Craft", "The Entertainer"]
    assert fields["house_rules"] == {"setup.paladin_split": "alternative"}
    assert (fields["location"], fields["duration_min"]) == ("Harbour Café", 135)
    assert fields["started_at"] == "2026-12-02T19:30:00"
    ann = fields["results"][0]
    assert ann["breakdown"] == {"Gold": 22, "End-game Sponsorship": 10}
    assert (ann["score"], ann["seat"]) == (32, 1)
    assert sum(r["start_player"] for r in fields["results"]) == 1
    assert night.play_fields(duration_min=150)["duration_min"] == 150
    with pytest.raises(SeatsError, match="Finish the night"):
        cove().play_fields()


def test_rematch_keeps_players_game_modules_and_house_rules() -> None:
    night = applied(
        cove(),
        Choose(("paladins",)),
        SetHouseRule("setup.paladin_split"),
        AddToTally("Ann", 5, "x"),
    )
    kept = night.rematch(seed=9)
    assert (kept.seats, kept.modules, kept.expansions) == (
        PLAYERS,
        ("paladins",),
        ("master_craft",),
    )
    assert kept.house_rules == night.house_rules and kept.tally == ()
    assert night.rematch(seed=9, rotate=True).seats == ("Dev", "Ann", "Ben", "Cleo")
    assert Seating.from_dict(kept.to_dict()) == kept


# -- Saves ---------------------------------------------------------------------------------------
def test_an_old_version_1_save_is_still_read() -> None:
    old = {
        "format": "companion-seats",
        "version": 1,
        "game": "merchants_cove",
        "seats": ["Ann", "Ben"],
        "seed": 12,
        "first": None,
        "actions": [{"kind": "seat", "name": "Cleo"}],
    }
    night = Seating.from_dict(old)
    assert night.seats == ("Ann", "Ben", "Cleo") and night.tally == ()
    assert night.to_dict()["version"] == 2
    with pytest.raises(SeatsError, match="unknown field 'modules'"):
        Seating.from_dict({**old, "modules": ["paladins"]})


def test_a_bad_rematch_start_is_refused_naming_the_field() -> None:
    start = cove().to_dict()
    with pytest.raises(SeatsError, match="modules: dragons is not a module"):
        Seating.from_dict({**start, "modules": ["dragons"]})


MODULES = ("paladins", "honor_tokens", "display_cases", "entertainer", "apprentices")


@st.composite
def nights(draw: st.DrawFn) -> Seating:
    night = cove()
    steps = draw(st.integers(min_value=0, max_value=25))
    for _ in range(steps):
        choice = draw(st.integers(min_value=0, max_value=6))
        player = draw(st.sampled_from(PLAYERS))
        if choice == 0:
            action: object = Choose(tuple(draw(st.lists(st.sampled_from(MODULES), max_size=3))))
        elif choice == 1:
            action = AddToTally(player, draw(st.integers(-50, 200)), "Sale", "w", "cove_goods")
        elif choice == 2:
            action = Strike(draw(st.integers(1, max(1, len(night.tally)))))
        elif choice == 3:
            category = draw(st.sampled_from(("sponsorship", "corruption")))
            action = SetFigure(player, category, draw(st.none() | st.integers(0, 40)))
        elif choice == 4:
            action = SetLocation(draw(st.sampled_from(("Home", "Café", ""))))
        elif choice == 5:
            action = Start("2026-12-02T19:30:00")
        else:
            action = Finish("2026-12-02T22:00:00") if not night.is_over else Reopen()
        if night.can_apply(action):
            night = night.apply(action)[0]
    return night


@settings(max_examples=60, deadline=None)
@given(nights())
def test_a_night_read_back_from_its_save_is_the_same_night(night: Seating) -> None:
    again = Seating.from_dict(night.to_dict())
    assert again == night
    assert again.totals() == night.totals()
    for player in PLAYERS:
        lines = sum(line.points for line in night.tally if line.player == player)
        figures = sum((-v if c == "corruption" else v) for p, c, v in night.sheet if p == player)
        assert night.totals()[player] == lines + figures


# -- Words (issue 21) ----------------------------------------------------------------------------
def test_every_night_refusal_reads_as_a_players_sentence() -> None:
    from companion.engine.core.words import sentence
    from tests.words_check import check_all

    started = applied(cove(), Start("2026-12-02T19:30:00"), AddToTally("Ann", 5, "Song"))
    done = applied(started, Finish("2026-12-02T21:00:00"))
    mercante = Seating.new("mercante", seed=1, seats=("Ann", "Ben", "Cleo"))
    tries: list[tuple[Seating, object]] = [
        (cove(), Choose(("dragon_island_x",))),
        (cove(), Choose((), ("master_craft_2",))),
        (cove(), Choose(("",))),
        (cove(), Choose()),
        (cove(), SetHouseRule("setup.no_such_rule")),
        (cove(), SetHouseRule("setup.paladin_split", "maybe")),
        (cove(), SetHouseRule("setup.paladin_split", "reading")),
        (cove(), SetLocation("")),
        (cove(), SetLocation("x" * 200)),
        (cove(), Start("19h30")),
        (cove(), Start(1930)),  # type: ignore[arg-type]
        (started, Start("2026-12-02T19:45:00")),
        (cove(), AddToTally("merchants_cove", 5, "Song")),
        (cove(), AddToTally("Ann", 5, "")),
        (cove(), AddToTally("Ann", 5.5, "Song")),  # type: ignore[arg-type]
        (cove(), AddToTally("Ann", 5, "x" * 100)),
        (cove(), AddToTally("Ann", 5, "Song", "w" * 400)),
        (cove(), Strike(1)),
        (started, Strike(0)),
        (cove(), SetFigure("Zed", "sponsorship", 1)),
        (cove(), SetFigure("Ann", "end_game_bonus", 1)),
        (cove(), SetFigure("Ann", "gold", 1)),
        (cove(), SetFigure("Ann", "sponsorship", None)),
        (mercante, SetFigure("Ann", "tiebreak.9", 1)),
        (cove(), Finish("soon")),
        (Seating.new("merchants_cove", seed=1), Finish("2026-12-02T21:00:00")),
        (started, Finish("2026-12-02T18:00:00")),
        (done, AddToTally("Ann", 1, "Late")),
        (done, Seat("Eve")),
        (cove(), Reopen()),
        (started, Unseat("Ann")),
        (applied(cove(), SetFigure("Ann", "sponsorship", 3)), Unseat("Ann")),
        (cove(), Seat("ann")),
        (cove(), Seat("x" * 41)),
        (cove(), SetGame("no_such_game")),
    ]
    messages: dict[str, str] = {}
    for night, action in tries:
        with pytest.raises(SeatsError) as caught:
            night.apply(action)
        messages[sentence(str(caught.value))] = repr(action)
    assert len(messages) >= 30
    check_all(messages, where="of the night's refusals ")
