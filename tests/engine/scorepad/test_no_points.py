"""Plays with no points on the score pad (issue 19, "Plays with no points are first-class"):
the pad knows how it is won (on points, a winner chosen by hand, co-operative) as actions,
says who won in words, refuses in players' words, saves and reads back (a version 1 save
still reads), and its play is the history's: ``scoring`` "manual"/"cooperative", no score
where none was typed, the winners as ticked."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.scorepad import (
    TABLE_RULES,
    ClearScores,
    Pad,
    PadAction,
    PadError,
    SetEveryone,
    SetScoring,
    SetText,
    SetWinner,
    read_action,
)
from companion.history.arguments import validate_play
from companion.rules import catalogue
from companion.ui.history.model import play_fields
from companion.ui.scorepad.model import form_of
from companion.ui.scorepad.model.words import saved_line


def three() -> Pad:
    return Pad.new("mercante", names=["Ann", "Ben", "Cleo"], start="Ben")


def ids(pad: Pad) -> dict[str, int]:
    return {r.name: r.id for r in pad.rows}


def played(pad: Pad, *actions: PadAction) -> Pad:
    for action in actions:
        pad = pad.apply(action)[0]
    return pad


def fields_of(pad: Pad) -> dict[str, Any]:
    """The play Save hands the history (as the score pad's screen builds it), validated."""
    fields = play_fields(form_of(pad, catalogue()))
    return validate_play(fields).model_dump()


# -- a winner chosen by hand ------------------------------------------------------------------


def test_a_winner_chosen_by_hand_is_ticked_and_saved_without_scores() -> None:
    pad = three()
    row = ids(pad)
    pad = played(pad, SetScoring("manual"), SetWinner(row["Ann"]), SetWinner(row["Ben"]))
    assert pad.outcome() == "Ann and Ben won"
    assert TABLE_RULES.status(pad) == "Mercante · Ann and Ben won"
    assert [r.summary for r in pad.log] == [
        "The winner is chosen by hand",
        "Ann won",
        "Ben won",
    ]
    play = fields_of(pad)
    assert play["scoring"] == "manual"
    assert [(r["player"], r["score"], r["winner"]) for r in play["results"]] == [
        ("Ann", None, True),
        ("Ben", None, True),
        ("Cleo", None, False),
    ]
    assert [r["start_player"] for r in play["results"]] == [False, True, False]
    assert saved_line(pad, catalogue()) == "Saved Mercante: Ann and Ben won."


def test_scores_typed_on_a_winner_chosen_by_hand_are_kept_and_do_not_decide() -> None:
    pad = three()
    row = ids(pad)
    pad = played(
        pad,
        SetText(("score", row["Ann"]), "3"),
        SetText(("score", row["Cleo"]), "40"),
        SetScoring("manual"),
        SetWinner(row["Ann"]),
    )
    play = fields_of(pad)
    assert [(r["player"], r["score"], r["winner"]) for r in play["results"]] == [
        ("Ann", 3, True),
        ("Ben", None, False),
        ("Cleo", 40, False),
    ]


def test_a_winner_chosen_by_hand_with_nobody_ticked_cannot_be_saved() -> None:
    pad = played(three(), SetScoring("manual"))
    assert pad.outcome() == "Nobody is ticked as a winner yet"
    errors = form_of(pad, catalogue()).errors()
    assert errors == {("winners",): "Tick who won (or choose Co-operative if everyone lost)"}


# -- co-operative -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "words", "saved"),
    [
        (True, "Everyone won together", "Saved Mercante: everyone won together."),
        (False, "Everyone lost together", "Saved Mercante: everyone lost together."),
    ],
)
def test_a_cooperative_play_is_won_or_lost_by_everyone(won: bool, words: str, saved: str) -> None:
    pad = played(three(), SetScoring("cooperative"))
    if not won:
        pad = played(pad, SetEveryone(False))
    assert pad.outcome() == words
    assert pad.winners() == (("Ann", "Ben", "Cleo") if won else ())
    assert form_of(pad, catalogue()).errors() == {}
    play = fields_of(pad)
    assert play["scoring"] == "cooperative"
    assert [(r["score"], r["winner"]) for r in play["results"]] == [(None, won)] * 3
    assert saved_line(pad, catalogue()) == saved


def test_on_points_the_pad_saves_as_before() -> None:
    pad = three()
    row = ids(pad)
    scores = {"Ann": "9", "Ben": "12", "Cleo": "4"}
    pad = played(pad, *(SetText(("score", row[n]), s) for n, s in scores.items()))
    assert pad.outcome() is None
    play = fields_of(pad)
    assert play["scoring"] == "points"
    assert [(r["score"], r["winner"]) for r in play["results"]] == [
        (9, None),
        (12, None),
        (4, None),
    ]
    assert form_of(pad, catalogue()).errors() == {}
    # Back on points after a detour: every score is needed again, ticks do not count.
    ann = ids(three())["Ann"]
    detour = played(three(), SetScoring("manual"), SetWinner(ann), SetScoring("points"))
    assert detour.outcome() is None and detour.winners() == ()
    assert sorted(form_of(detour, catalogue()).errors()) == [
        ("score", 0),
        ("score", 1),
        ("score", 2),
    ]


# -- refusals in players' words -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "action", "message"),
    [
        ((), SetScoring("points"), "the play is won on points already"),
        (
            (),
            SetScoring("by_vote"),
            "a play is won on points, by a winner chosen by hand or co-operatively, not “by vote”",
        ),
        (
            (),
            SetWinner(3),
            "Ann can be ticked as a winner only when the winner is chosen by hand "
            "(the play is won on points)",
        ),
        ((SetScoring("manual"),), SetWinner(99), "that player is no longer on the pad"),
        ((SetScoring("manual"),), SetWinner(3, False), "Ann is not ticked as a winner"),
        (
            (SetScoring("manual"), SetWinner(3)),
            SetWinner(3),
            "Ann is ticked as a winner already",
        ),
        (
            (SetScoring("manual"),),
            SetEveryone(False),
            "everyone wins or loses together only in a co-operative play "
            "(the winner is chosen by hand)",
        ),
        ((SetScoring("cooperative"),), SetEveryone(True), "the pad says everyone won already"),
        (
            (SetScoring("cooperative"),),
            SetScoring("cooperative"),
            "the play is co-operative already",
        ),
    ],
)
def test_refusals_say_why_in_players_words(
    before: tuple[PadAction, ...], action: PadAction, message: str
) -> None:
    pad = played(three(), *before)
    assert ids(pad)["Ann"] == 3  # Mercante's tie-breakers took the first ids
    with pytest.raises(PadError) as caught:
        pad.apply(action)
    assert str(caught.value) == message
    assert not pad.can_apply(action)


# -- saves ----------------------------------------------------------------------------------------


def test_the_actions_save_by_their_fields_and_read_back() -> None:
    for action in (SetScoring("manual"), SetWinner(3, False), SetEveryone(False)):
        saved = action.to_dict()
        assert read_action(saved) == action
    assert SetWinner(4).to_dict() == {"kind": "winner", "row": 4, "won": True}


def test_a_pad_won_without_points_saves_and_reads_back() -> None:
    start = played(three(), SetScoring("cooperative"), SetEveryone(False))
    pad = played(Pad.from_dict(start.to_dict()), SetScoring("manual"), SetWinner(4), ClearScores())
    again = Pad.from_dict(pad.to_dict())
    assert again == pad
    assert again.to_dict()["version"] == 2
    # Clear keeps how it is won, forgets who won.
    assert (again.scoring, again.all_won, [r.won for r in again.rows]) == (
        "manual",
        True,
        [False, False, False],
    )


def test_an_old_save_still_reads() -> None:
    """A version 1 save (before the pad knew how it is won): every pad on points."""
    old = three().to_dict()
    old["version"] = 1
    del old["pad"]["scoring"], old["pad"]["all_won"]
    for row in old["pad"]["rows"]:
        del row["won"]
    old["actions"] = [{"kind": "text", "field": ["score", 3], "text": "7"}]
    pad = Pad.from_dict(old)
    assert (pad.scoring, pad.rows[0].score) == ("points", "7")
    with pytest.raises(PadError, match="version 3 is not supported"):
        Pad.from_dict({**old, "version": 3})


# -- an invariant ----------------------------------------------------------------------------------

MOVES = st.lists(
    st.one_of(
        st.sampled_from(["points", "manual", "cooperative", "vote"]).map(SetScoring),
        st.builds(SetWinner, st.sampled_from([2, 3, 4, 5, 9]), st.booleans()),
        st.builds(SetEveryone, st.booleans()),
        st.just(ClearScores()),
    ),
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(MOVES)
def test_any_sequence_saves_reads_back_and_says_who_won(moves: list[PadAction]) -> None:
    """Whatever is tapped: a refused move changes nothing; the pad reads back from its save;
    the winners are the ticked rows (by hand), everyone or nobody (co-operative), and a pad
    that can be saved gives a play the history takes with exactly those winners."""
    pad = three()
    for move in moves:
        if pad.can_apply(move):
            pad = pad.apply(move)[0]
        else:
            with pytest.raises(PadError):
                pad.apply(move)
    assert Pad.from_dict(pad.to_dict()) == pad
    names = ("Ann", "Ben", "Cleo")
    if pad.scoring == "cooperative":
        assert pad.winners() == (names if pad.all_won else ())
    elif pad.scoring == "manual":
        assert pad.winners() == tuple(r.name for r in pad.rows if r.won)
    else:
        assert pad.winners() == ()
    if pad.scoring != "points" and not form_of(pad, catalogue()).errors():
        play = fields_of(pad)
        assert tuple(r["player"] for r in play["results"] if r["winner"]) == pad.winners()


def test_what_changed_is_said_in_words_for_a_phone_that_had_not_seen_it() -> None:
    """A tick sent from a screen that had not seen the pad switch back to points is refused
    by the table with what changed (its footprint is how the pad is won and the tick)."""
    pad = played(three(), SetScoring("manual"))
    ticked = played(pad, SetWinner(3), SetWinner(5))
    assert TABLE_RULES.changed(pad, ticked) == "the pad says Ann and Cleo won now"
    together = played(three(), SetScoring("cooperative"))
    lost = played(together, SetEveryone(False))
    assert TABLE_RULES.changed(together, lost) == "the pad says everyone lost together now"
    back = played(ticked, SetScoring("points"))
    assert TABLE_RULES.changed(ticked, back) == "the play is won on points now"
    late = SetWinner(4)
    assert TABLE_RULES.reads(ticked, late) != TABLE_RULES.reads(back, late)
