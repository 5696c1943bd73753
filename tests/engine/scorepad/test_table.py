"""The score pad on a shared table (companion.engine.scorepad): the actions read back from
their saved form, the start read back, each field its own footprint (several phones type
their own scores at once; a field someone changed meanwhile is refused), what changed in
words, the form built from the pad, and any pad replayed from its save."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import scorepad as sp
from companion.engine.core.protocol import TableRules
from companion.engine.scorepad import (
    AddCategory,
    AddRow,
    AddTiebreaker,
    ClearScores,
    FlipTiebreaker,
    MoveRow,
    MoveTiebreaker,
    Pad,
    PadAction,
    PadError,
    RemoveCategory,
    RemoveRow,
    RemoveTiebreaker,
    SetGame,
    SetLowestWins,
    SetMode,
    SetPlayedAt,
    SetText,
    ToggleStart,
)
from companion.rules import catalogue
from companion.ui.scorepad.model import form_of, pad_errors, pad_of, read_old_draft, with_typed

RULES = sp.TABLE_RULES


def three() -> Pad:
    return Pad.new("mercante", names=["Anna", "Ben", "Cleo"], start="Ben")


def ids(pad: Pad) -> dict[str, int]:
    return {r.name: r.id for r in pad.rows}


def test_the_pad_exports_its_table_rules() -> None:
    assert isinstance(RULES, TableRules)
    assert (RULES.tool, RULES.error) == ("scorepad", PadError)
    pad = three()
    assert RULES.players(pad) == ("Anna", "Ben", "Cleo")
    assert RULES.status(pad) == "Mercante · 0 of 3 scores in"
    scored = pad.apply(SetText(("score", ids(pad)["Ben"]), "12"))[0]
    assert RULES.status(scored) == "Mercante · 1 of 3 scores in"


def test_a_new_pad_takes_the_games_categories_tie_breakers_and_start_player() -> None:
    pad = three()
    assert pad.categories == ("Victory points", "Contract penalties")
    assert [t.name for t in pad.tiebreakers] == ["Most crowns left", "Fewest unfulfilled contracts"]
    assert [r.name for r in pad.rows if r.start] == ["Ben"]
    assert len(Pad.new("other").rows) == 2  # two empty lines to type into


def test_the_start_is_the_fresh_pad_read_back() -> None:
    start = RULES.start_of(three())
    assert start["actions"] == []
    assert RULES.read_start(start) == three()


ACTION_EXAMPLES: list[PadAction] = [
    SetText(("score", 4), "12"),
    SetText(("part", 4, "Victory points"), "-3"),
    SetText(("tie", 4, 1), "30"),
    SetText(("notes",), "close game"),
    AddRow("Dev"),
    RemoveRow(4),
    MoveRow(4, -1),
    ToggleStart(3),
    SetGame("other"),
    SetMode(True),
    SetLowestWins(True),
    AddCategory("Gold"),
    RemoveCategory("Gold"),
    AddTiebreaker("Most gold", False),
    RemoveTiebreaker(1),
    MoveTiebreaker(2, -1),
    FlipTiebreaker(1),
    SetPlayedAt(datetime(2026, 11, 28, 21, 30)),
    SetPlayedAt(None),
    ClearScores(),
]


@pytest.mark.parametrize("action", ACTION_EXAMPLES)
def test_actions_read_back_from_their_saved_form(action: PadAction) -> None:
    assert RULES.read_action(action.to_dict()) == action


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"kind": "text", "field": ["score"], "text": "1"}, "a score field must say which one"),
        ({"kind": "text", "field": ["wand", 1], "text": "1"}, "as “wand”"),
        ({"kind": "text", "field": ["score", 1], "text": 12}, "12"),
        ({"kind": "move_row", "row": 1, "offset": True}, "True"),
        ({"kind": "played_at", "when": "yesterday"}, "“yesterday”"),
        ({"kind": "clear_scores", "all": True}, "'all'"),
        ({"kind": "scribble"}, "'scribble'"),
    ],
)
def test_a_bad_action_names_the_field(data: object, names: str) -> None:
    with pytest.raises(PadError, match=names):
        RULES.read_action(data)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("1-", "Whole number"), ("ten", "Whole number"), (str(10**10), "Too large")],
)
def test_text_that_is_not_a_number_yet_is_not_taken(text: str, problem: str) -> None:
    pad = three()
    key = ("score", ids(pad)["Anna"])
    assert sp.text_problem(key, text) is not None and problem in (sp.text_problem(key, text) or "")
    with pytest.raises(PadError, match=f"(?i){problem}"):
        pad.apply(SetText(key, text))
    assert sp.text_problem(key, "") is None and sp.text_problem(("name", 1), "x" * 41)


def test_each_phone_types_its_own_field_and_a_changed_field_is_refused() -> None:
    seen = three()
    anna, ben = ids(seen)["Anna"], ids(seen)["Ben"]
    now = seen.apply(SetText(("score", ben), "12"))[0]
    # Anna's phone had not seen Ben's score: her own score still fits.
    assert RULES.fits(seen, now, SetText(("score", anna), "9"))
    assert RULES.fits(seen, now, SetText(("name", anna), "Ann"))
    # Ben's score typed over on a phone that did not see the 12: refused, saying so.
    assert not RULES.fits(seen, now, SetText(("score", ben), "15"))
    assert sp.table_changed(seen, now) == "Ben's score is 12 now"
    # A new line from two phones: both are added.
    assert RULES.fits(seen, seen.apply(AddRow("Dev"))[0], AddRow("Eli"))
    # A line removed: a stale phone's typing into it is refused (not written elsewhere).
    gone = seen.apply(RemoveRow(anna))[0]
    assert not RULES.fits(seen, gone, SetText(("score", anna), "9"))
    assert RULES.fits(seen, gone, SetText(("score", ben), "9"))
    assert sp.table_changed(seen, gone) == "Anna was taken off the pad"


def test_a_stale_clear_cannot_wipe_a_score_typed_meanwhile() -> None:
    seen = three()
    ben = ids(seen)["Ben"]
    typed = seen.apply(SetText(("score", ben), "12"))[0]
    assert not RULES.fits(seen, typed, ClearScores())
    # Changes a clear does not touch (a new line) leave it standing.
    assert RULES.fits(seen, seen.apply(AddRow("Dev"))[0], ClearScores())
    assert RULES.fits(typed, typed, ClearScores())


def test_rows_keep_their_ids_so_a_stale_phone_writes_into_the_line_it_meant() -> None:
    pad = three()
    cleo = ids(pad)["Cleo"]
    moved = pad.apply(MoveRow(cleo, -2))[0]
    assert [r.name for r in moved.rows] == ["Cleo", "Anna", "Ben"]
    typed = moved.apply(SetText(("score", cleo), "7"))[0]
    assert typed.row(cleo).score == "7" and typed.rows[0].name == "Cleo"
    with pytest.raises(PadError, match="first already"):
        moved.apply(MoveRow(cleo, -1))


def test_a_field_set_to_what_it_holds_or_a_switch_to_its_setting_is_refused() -> None:
    pad = three().apply(SetText(("score", 3), "5"))[0]
    for action, message in (
        (SetText(("score", 3), "5"), "already"),
        (SetMode(False), "already keeps totals"),
        (SetGame("mercante"), "already"),
        (AddCategory("victory POINTS"), "on the pad already"),
        (AddCategory(" "), "needs a name"),
        (RemoveCategory("Gold"), "“Gold” is not on the pad"),
        (RemoveRow(99), "row 99"),
        (FlipTiebreaker(99), "tie-breaker 99"),
        (SetPlayedAt(None), "with no date already"),
    ):
        with pytest.raises(PadError, match=message):
            pad.apply(action)


def test_switching_game_replaces_untouched_defaults_and_keeps_the_players() -> None:
    pad = three()
    journey = pad.apply(SetGame("merchants_journey"))[0]
    assert journey.categories == ("Pairs", "Blight bonus") and journey.tiebreakers == ()
    assert [r.name for r in journey.rows] == ["Anna", "Ben", "Cleo"]
    own = pad.apply(AddTiebreaker("Most gold"))[0].apply(SetGame("other"))[0]
    assert [t.name for t in own.tiebreakers][-1] == "Most gold"  # the group's own: kept


def test_clear_scores_keeps_players_game_and_layout() -> None:
    pad = three().apply(SetText(("score", 3), "5"))[0].apply(SetText(("notes",), "x"))[0]
    pad = pad.apply(SetPlayedAt(datetime(2026, 1, 2, 3, 4)))[0]
    cleared = pad.apply(ClearScores())[0]
    assert [r.score for r in cleared.rows] == ["", "", ""]
    assert (cleared.notes, cleared.played_at) == ("", None)
    assert [r.name for r in cleared.rows] == ["Anna", "Ben", "Cleo"]
    assert cleared.categories == pad.categories


def test_the_form_of_a_pad_checks_ranks_and_maps_errors_to_the_pads_fields() -> None:
    pad = three()
    for name, score in (("Anna", "10"), ("Ben", "12"), ("Cleo", "9")):
        pad = pad.apply(SetText(("score", ids(pad)[name]), score))[0]
    form = form_of(pad, catalogue())
    assert [s.name for s in form.standings()] == ["Ben", "Anna", "Cleo"]
    assert form.record_arguments()["start_player"] == "Ben"
    typed = with_typed(form_of(pad, catalogue()), pad, {("score", ids(pad)["Cleo"]): "9x"})
    assert pad_errors(typed, pad) == {("score", ids(pad)["Cleo"]): "Whole number, like 12 or -3"}
    back = pad_of(form_of(pad, catalogue()))
    assert [(r.name, r.score, r.start) for r in back.rows] == [
        (r.name, r.score, r.start) for r in pad.rows
    ]
    again = form_of(back, catalogue()).record_arguments()
    assert {**again, "played_at": None} == {**form.record_arguments(), "played_at": None}


def test_an_old_draft_becomes_a_pad_and_a_blank_one_nothing() -> None:
    old = {
        "game": "mercante",
        "tiebreakers": [["Most crowns left", True]],
        "rows": [
            {"name": "Anna", "score": "11", "ties": ["41"], "start": True},
            {"name": "Ben", "score": "1-", "ties": [""], "start": False},
        ],
        "when": None,
        "location": "Club",
    }
    pad = read_old_draft(old, catalogue())
    assert pad is not None
    assert [(r.name, r.score, r.start) for r in pad.rows] == [
        ("Anna", "11", True),
        ("Ben", "", False),  # "1-" was never a score: left out
    ]
    assert pad.rows[0].tie(pad.tiebreakers[0].id) == "41" and pad.location == "Club"
    assert RULES.read_start(RULES.start_of(pad)) == pad
    assert read_old_draft({"game": "mercante", "rows": [{}, {}]}, catalogue()) is None


NAMES = ["Anna", "Ben", "", "Cleo", "x" * 45]
TEXTS = ["", "12", "-3", "1-", "ten", "Club", "7"]
STEP = st.tuples(st.integers(0, 12), st.integers(0, 30), st.integers(0, 30), st.integers(0, 6))


def _action(pad: Pad, step: tuple[int, int, int, int]) -> PadAction:
    """The action a step of random numbers stands for on ``pad`` as it is."""
    kind, a, b, c = step
    rows = [r.id for r in pad.rows] or [1]
    row = rows[a % len(rows)]
    breakers = [t.id for t in pad.tiebreakers] or [1]
    breaker = breakers[b % len(breakers)]
    fields = [
        ("name", row),
        ("score", row),
        ("part", row, "Victory points"),
        ("tie", row, breaker),
        ("title",),
        ("duration",),
        ("location",),
        ("notes",),
    ]
    actions: list[PadAction] = [
        SetText(fields[b % len(fields)], TEXTS[c]),
        AddRow(NAMES[c % len(NAMES)]),
        RemoveRow(row),
        MoveRow(row, (-1, 1)[c % 2]),
        ToggleStart(row),
        SetGame(("mercante", "merchants_journey", "other")[c % 3]),
        SetMode(bool(c % 2)),
        AddCategory(("Gold", "Victory points", "Bonus")[c % 3]),
        RemoveCategory(("Gold", "Victory points")[c % 2]),
        AddTiebreaker(("Most gold", "")[c % 2], bool(b % 2)),
        RemoveTiebreaker(breaker),
        FlipTiebreaker(breaker),
        ClearScores(),
    ]
    return actions[kind]


@given(st.lists(STEP, max_size=30))
def test_any_pad_replays_from_its_save_and_only_holds_text_its_fields_take(
    steps: list[tuple[int, int, int, int]],
) -> None:
    pad = three()
    for step in steps:
        action = _action(pad, step)
        if pad.can_apply(action):
            pad = pad.apply(action)[0]
    again = Pad.from_dict(pad.to_dict())
    assert again == pad
    for key in pad.fields():
        assert sp.text_problem(key, pad.text_of(key)) is None, key
    row_ids = [r.id for r in pad.rows]
    assert len(row_ids) == len(set(row_ids)) and sum(r.start for r in pad.rows) <= 1
    # The form built from any pad can always be checked and ranked.
    form = form_of(pad, catalogue())
    form.errors()
    form.standings()
