"""Mercante event cards and the A/B/C calendar (Key Concepts › The Calendar, Sample Turn)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.mercante import (
    Calendar,
    Event,
    EventError,
    FleetingEventError,
    at_a_glance,
    first_calendar_event,
    goods,
    goods_in,
    markets,
    rulebook_event,
    rulebook_events,
    slot_names,
)

VISITING_NOBILITY = rulebook_event("Visiting Nobility")
DISTANT_WAR = rulebook_event("Distant War")
ECONOMIC_WOES = rulebook_event("Economic Woes")

targets = st.sampled_from(goods() + markets())
modifiers = st.dictionaries(targets, st.integers(-20, 20), max_size=4)
enduring_events = st.builds(
    Event,
    name=st.text(alphabet="abcdefgh XYZ", min_size=1, max_size=12).filter(str.strip),
    kind=st.just("enduring"),
    modifiers=modifiers,
    closes=st.lists(st.sampled_from(markets()), max_size=2),
    reaction=st.booleans(),
)
any_events = st.builds(
    Event,
    name=st.text(alphabet="abcdefgh XYZ", min_size=1, max_size=12).filter(str.strip),
    kind=st.sampled_from(["enduring", "fleeting"]),
    modifiers=modifiers,
    closes=st.lists(st.sampled_from(markets()), max_size=2),
    reaction=st.booleans(),
    removes=st.dictionaries(st.sampled_from(markets()), st.integers(1, 3), max_size=2),
    note=st.text(alphabet="abc ", max_size=20),
    incomplete=st.booleans(),
)


# -- the rulebook's named events ---------------------------------------------------------------


def test_rulebook_names_three_events() -> None:
    assert [e.name for e in rulebook_events()] == [
        "Visiting Nobility",
        "Distant War",
        "Economic Woes",
    ]


def test_sample_turn_visiting_nobility_boosts_luxuries_by_1() -> None:
    assert VISITING_NOBILITY.is_enduring
    assert dict(VISITING_NOBILITY.modifiers) == {"luxuries": 1}
    assert [VISITING_NOBILITY.modifier_for(g) for g in ("art", "gems", "silk", "spices")] == [
        1,
        1,
        1,
        1,
    ]
    assert VISITING_NOBILITY.modifier_for("gold") == 0


def test_sample_turn_distant_war_closes_raw_materials() -> None:
    assert DISTANT_WAR.is_enduring
    assert DISTANT_WAR.closes == ("raw_materials",)
    assert not DISTANT_WAR.modifiers


def test_sample_turn_economic_woes_is_an_enduring_reaction_marked_incomplete() -> None:
    assert ECONOMIC_WOES.is_enduring and ECONOMIC_WOES.reaction
    assert ECONOMIC_WOES.modifier_for("silk") == -6
    assert ECONOMIC_WOES.incomplete
    assert "(incomplete)" in ECONOMIC_WOES.describe()


def test_rulebook_event_unknown_name_is_named() -> None:
    with pytest.raises(EventError, match="'Plague'"):
        rulebook_event("Plague")


# -- the calendar --------------------------------------------------------------------------------


def test_the_calendar_has_slots_a_b_c() -> None:
    assert slot_names() == ("A", "B", "C")
    assert Calendar().slots == (None, None, None)


def test_sample_turn_distant_war_pushes_visiting_nobility_to_b() -> None:
    calendar = Calendar()
    assert calendar.add(VISITING_NOBILITY) is None
    assert calendar.add(DISTANT_WAR) is None
    assert calendar.slots == (DISTANT_WAR, VISITING_NOBILITY, None)
    assert calendar.closed_markets() == ("raw_materials",)


def test_sample_turn_economic_woes_reaction_fills_a_b_c() -> None:
    calendar = Calendar([DISTANT_WAR, VISITING_NOBILITY])
    assert calendar.add(ECONOMIC_WOES) is None
    assert calendar.slots == (ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY)
    assert calendar.net_modifier("silk") == -5
    assert calendar.net_modifier("art") == 1


def test_the_calendar_event_pushed_out_of_c_is_returned() -> None:
    first, second, third, fourth = (Event(n, "enduring") for n in "WXYZ")
    calendar = Calendar()
    for event in (first, second, third):
        assert calendar.add(event) is None
    assert calendar.add(fourth) is first
    assert calendar.slots == (fourth, third, second)


def test_the_calendar_a_card_never_moves_past_an_empty_space() -> None:
    """Key Concepts › The Calendar: only an occupied space pushes its card along, so with B
    empty a new card in A moves A's card to B and C keeps its card."""
    a, c, new = (Event(n, "enduring") for n in ("First", "Third", "New"))
    calendar = Calendar([a, None, c])
    assert calendar.add(new) is None
    assert calendar.slots == (new, a, c)
    calendar = Calendar([None, a, c])
    assert calendar.add(new) is None and calendar.slots == (new, a, c)


def test_the_calendar_refuses_fleeting_events_and_stays_unchanged() -> None:
    calendar = Calendar([VISITING_NOBILITY])
    storm = Event("Storm", "fleeting", {"gold": -2})
    with pytest.raises(FleetingEventError, match="'Storm'"):
        calendar.add(storm)
    assert calendar.slots == (VISITING_NOBILITY, None, None)
    assert not calendar.can_add(storm)


def test_the_calendar_refuses_fleeting_events_in_restored_slots() -> None:
    with pytest.raises(FleetingEventError, match="'Storm'"):
        Calendar([None, Event("Storm", "fleeting")])


def test_the_calendar_refuses_more_than_three_slots() -> None:
    with pytest.raises(EventError, match="3 slots, 4 given"):
        Calendar([None, None, None, None])


def test_added_leaves_the_original_calendar_alone() -> None:
    calendar = Calendar([VISITING_NOBILITY])
    copy, pushed = calendar.added(DISTANT_WAR)
    assert pushed is None
    assert calendar.slots == (VISITING_NOBILITY, None, None)
    assert copy.slots == (DISTANT_WAR, VISITING_NOBILITY, None)


@given(st.lists(enduring_events, max_size=12))
def test_property_the_calendar_never_holds_more_than_three(events: list[Event]) -> None:
    calendar = Calendar()
    for event in events:
        calendar.add(event)
        assert len(calendar.slots) == 3
        assert len(calendar) <= 3
    assert len(calendar) == min(len(events), 3)


@given(st.lists(enduring_events, min_size=4, max_size=4))
def test_property_four_enduring_events_discard_the_first(events: list[Event]) -> None:
    calendar = Calendar()
    pushed = [calendar.add(e) for e in events]
    assert pushed[:3] == [None, None, None]
    assert pushed[3] is events[0]
    assert calendar.slots == (events[3], events[2], events[1])


@given(st.lists(enduring_events, max_size=6), st.sampled_from(goods()))
def test_property_net_modifier_is_the_sum_of_the_slots(events: list[Event], good: str) -> None:
    calendar = Calendar()
    for event in events:
        calendar.add(event)
    expected = 0
    market = next(m for m in markets() if good in goods_in(m))
    for event in events[-3:]:
        expected += event.modifiers.get(good, 0) + event.modifiers.get(market, 0)
    assert calendar.net_modifier(good) == expected


def test_at_a_glance_lists_every_good_with_its_events() -> None:
    calendar = Calendar([ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY])
    glance = at_a_glance(calendar)
    assert [row.good for row in glance.goods] == list(goods())
    assert glance.closed == ("raw_materials",)
    silk = glance.good("silk")
    assert silk.modifier == -5
    assert silk.terms == (("A", "Economic Woes", -6), ("C", "Visiting Nobility", 1))
    assert glance.good("ore").closed and not glance.good("silk").closed
    assert glance.good("gold").modifier == 0


# -- setup: the first event ----------------------------------------------------------------------


def test_setup_first_event_redrawn_while_fleeting() -> None:
    storm, fog = Event("Storm", "fleeting"), Event("Fog", "fleeting")
    first = first_calendar_event([storm, fog, DISTANT_WAR, VISITING_NOBILITY])
    assert first.event is DISTANT_WAR
    assert first.discarded == (storm, fog)


def test_setup_first_event_enduring_at_once() -> None:
    assert first_calendar_event([VISITING_NOBILITY]).discarded == ()


def test_setup_first_event_needs_an_enduring_card() -> None:
    with pytest.raises(EventError, match="'Storm'"):
        first_calendar_event([Event("Storm", "fleeting")])


# -- validating events ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"kind": "sometimes"}, "'sometimes'"),
        ({"kind": "Enduring"}, "'Enduring'"),
        ({"modifiers": {"pepper": 2}}, "pepper"),
        ({"modifiers": {"art": 1.5}}, "1.5"),
        ({"modifiers": {"art": "2"}}, "'2'"),
        ({"modifiers": {"art": True}}, "True"),
        ({"modifiers": ["art"]}, "['art']"),
        ({"closes": ["art"]}, "'art'"),
        ({"closes": ["spices_market"]}, "'spices_market'"),
        ({"closes": "luxuries"}, "'luxuries'"),
        ({"removes": {"silk": 1}}, "'silk'"),
        ({"removes": {"luxuries": 0}}, "0"),
        ({"reaction": "yes"}, "'yes'"),
        ({"incomplete": 1}, "1"),
        ({"name": "  "}, "'  '"),
        ({"name": "x" * 61}, "longer than 60"),
    ],
)
def test_bad_event_fields_are_named(kwargs: dict[str, object], named: str) -> None:
    fields: dict[str, object] = {"name": "Test", "kind": "enduring"}
    fields.update(kwargs)
    with pytest.raises(EventError) as info:
        Event(**fields)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_event_modifiers_are_read_only_and_the_event_immutable() -> None:
    source = {"art": 2}
    event = Event("Fair", "enduring", source)
    source["art"] = 99
    assert event.modifier_for("art") == 2
    with pytest.raises(TypeError):
        event.modifiers["art"] = 5  # type: ignore[index]
    with pytest.raises(AttributeError):
        event.name = "Other"  # type: ignore[misc]


def test_event_repr_pastes_back() -> None:
    event = Event("Fair", "fleeting", {"luxuries": 2, "art": -1}, ["foodstuffs"], True)
    assert eval(repr(event)) == event
    assert hash(eval(repr(event))) == hash(event)


def test_event_market_terms_come_before_good_terms() -> None:
    event = Event("Mixed", "enduring", {"art": 6, "luxuries": -2})
    assert event.terms_for("art") == (("luxuries", -2), ("art", 6))
    assert event.effects() == ("Luxuries −2", "Art +6")


# -- custom events: to_dict / from_dict ------------------------------------------------------------


@given(any_events)
def test_property_event_dict_round_trip(event: Event) -> None:
    stored = json.loads(json.dumps(event.to_dict()))
    assert Event.from_dict(stored) == event


def test_event_from_dict_needs_name_and_kind() -> None:
    with pytest.raises(EventError, match="'kind' is missing"):
        Event.from_dict({"name": "Fair"})


def test_event_from_dict_refuses_unknown_fields() -> None:
    with pytest.raises(EventError, match="'colour'"):
        Event.from_dict({"name": "Fair", "kind": "enduring", "colour": "red"})


def test_event_from_dict_validates_like_the_constructor() -> None:
    with pytest.raises(EventError, match="pepper"):
        Event.from_dict({"name": "Fair", "kind": "enduring", "modifiers": {"pepper": 1}})


def test_event_replace_edits_a_copy() -> None:
    edited = ECONOMIC_WOES.replace(modifiers={"silk": -6, "luxuries": -1}, incomplete=False)
    assert edited.modifier_for("silk") == -7
    assert ECONOMIC_WOES.modifier_for("silk") == -6
    with pytest.raises(EventError, match="'colour'"):
        ECONOMIC_WOES.replace(colour="red")


def test_calendar_list_round_trip() -> None:
    calendar = Calendar([ECONOMIC_WOES, None, VISITING_NOBILITY])
    assert Calendar.from_list(json.loads(json.dumps(calendar.to_list()))) == calendar
