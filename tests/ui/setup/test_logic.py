"""The setup assistant's state, without a page: the table's saved form and the old single save
read back, ticks, choice changes, draws, and the words the screen shows."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import setup as engine
from companion.rules import catalogue
from companion.ui.setup.model import (
    COVE,
    FORMAT,
    GAME_ENTRIES,
    MAX_SEED_DIGITS,
    AssistantState,
    NewSetupForm,
    OldSetupError,
    SeedError,
    SetupDraft,
    SetupGame,
    confirm_words,
    describe_draw,
    digest,
    finding_why,
    flagged_modules,
    load_old_setup,
    module_blurbs,
    parse_seed,
    read_old_setup,
    ruling_note,
    sentence,
    status,
    step_why,
    taps,
    valid_house_rules,
)

MODULE_IDS = engine.module_ids()
PALADINS = [c.id for c in engine.cards("paladin")]
ROGUES = [c.id for c in engine.cards("rogue")]
BEASTS = [c.id for c in engine.cards("beast")]


def steps_of(state: AssistantState) -> dict[str, engine.Step]:
    return {s.id: s for s in state.steps()}


def through_json(state: AssistantState) -> AssistantState:
    """Save and load the way a table's start is kept (JSON text in between)."""
    return SetupGame.from_dict(json.loads(json.dumps(state.to_dict())))


def old_save(state: AssistantState) -> dict[str, object]:
    """The state as an older version saved it under ``setup_assistant`` (format 1)."""
    return {
        "format": FORMAT,
        "game": state.game,
        "players": state.players,
        "modules": sorted(state.modules),
        "pinned": sorted(state.pinned),
        "banned": sorted(state.banned),
        "cards": {"paladin": state.paladin, "rogue": state.rogue, "beasts": list(state.beasts)},
        "seed": state.seed,
        "size": state.size,
        "ticks": dict(state.ticks),
        "draw": state.draw.to_dict() if state.draw else None,
    }


def through_old_save(state: AssistantState) -> AssistantState:
    loaded = load_old_setup(json.loads(json.dumps(old_save(state))))
    assert loaded.problem is None
    return loaded.state


# ------------------------------------------------------------------ saving and loading


@st.composite
def states(draw: st.DrawFn) -> AssistantState:
    game = draw(st.sampled_from(engine.setup_games()))
    low, high = engine.player_range(game)
    pinned = draw(st.frozensets(st.sampled_from(MODULE_IDS), max_size=4))
    banned = draw(st.frozensets(st.sampled_from(MODULE_IDS), max_size=4)) - pinned
    ticks = draw(
        st.dictionaries(
            st.sampled_from(["cove.base", "festival.board", "journey.deal", "mercante.crowns"]),
            st.text("0123456789abcdef", min_size=10, max_size=10),
        )
    )
    return AssistantState(
        game=game,
        players=draw(st.integers(low, high)),
        modules=draw(st.frozensets(st.sampled_from(MODULE_IDS))),
        pinned=pinned,
        banned=banned,
        paladin=draw(st.none() | st.sampled_from(PALADINS)),
        rogue=draw(st.none() | st.sampled_from(ROGUES)),
        beasts=tuple(draw(st.lists(st.sampled_from(BEASTS), max_size=3, unique=True))),
        seed=draw(st.integers(0, 10**MAX_SEED_DIGITS - 1)),
        size=draw(st.none() | st.integers(1, len(MODULE_IDS))),
        ticks=tuple(sorted(ticks.items())),
    )


@settings(max_examples=60, deadline=None)
@given(states())
def test_a_saved_state_loads_back_equal(state: AssistantState) -> None:
    assert through_json(state) == state
    assert through_old_save(state) == state


def test_a_draw_survives_saving() -> None:
    state = AssistantState(seed=482913).surprise()
    for again in (through_json(state), through_old_save(state)):
        assert again.draw == state.draw
        assert again.draw_is_current


def test_nothing_saved_gives_the_fallback_quietly() -> None:
    fallback = AssistantState.fresh(game="mercante", players=4)
    loaded = load_old_setup(None, fallback=fallback)
    assert loaded.state == fallback
    assert loaded.problem is None


GOOD = old_save(AssistantState(game=COVE, players=3, modules=frozenset({"honor_tokens"})))


@pytest.mark.parametrize(
    "damaged",
    [
        "not a dict",
        [1, 2, 3],
        {},
        {**GOOD, "game": "catan"},
        {**GOOD, "game": 7},
        {**GOOD, "players": 9},
        {**GOOD, "players": "four"},
        {**GOOD, "players": True},
        {**GOOD, "modules": "honor_tokens"},
        {**GOOD, "modules": [1, 2]},
        {**GOOD, "ticks": ["cove.base"]},
        {**GOOD, "ticks": {"cove.base": 5}},
        {**GOOD, "seed": "482913"},
        {**GOOD, "seed": -1},
        {**GOOD, "size": 0},
        {**GOOD, "cards": {"paladin": 3}},
        {**GOOD, "cards": {"beasts": ["nessie", "kfuwu", "henry", "the_kraken"]}},
        {**GOOD, "format": 99},
    ],
    ids=lambda v: str(v)[:40],
)
def test_damaged_saved_state_starts_afresh_and_says_so(damaged: object) -> None:
    fallback = AssistantState.fresh(players=2)
    loaded = load_old_setup(damaged, fallback=fallback)
    assert loaded.state == fallback
    assert loaded.problem is not None and "starts afresh" in loaded.problem


def test_ids_the_data_no_longer_knows_are_dropped_and_named() -> None:
    saved = {
        **GOOD,
        "modules": ["honor_tokens", "pirate_ships"],
        "cards": {"paladin": "oath_of_nothing", "rogue": "sirens", "beasts": ["nessie", "yeti"]},
    }
    loaded = load_old_setup(saved)
    assert loaded.state.modules == {"honor_tokens"}
    assert loaded.state.paladin is None
    assert loaded.state.rogue == "sirens"
    assert loaded.state.beasts == ("nessie",)
    assert loaded.problem is not None
    for name in ("pirate_ships", "oath_of_nothing", "yeti"):
        assert name in loaded.problem


def test_a_damaged_draw_record_loses_only_its_description() -> None:
    saved = {**GOOD, "draw": {"kind": "modules", "seed": 1, "players": 3, "card": "no_such"}}
    loaded = load_old_setup(saved)
    assert loaded.state.modules == {"honor_tokens"}
    assert loaded.state.draw is None
    assert loaded.problem is not None and "Surprise me" in loaded.problem


# ------------------------------------------------------------------ seeds


@given(st.text("0123456789", min_size=1, max_size=MAX_SEED_DIGITS))
def test_any_short_run_of_digits_is_a_seed(text: str) -> None:
    assert parse_seed(f" {text} ") == int(text)


@pytest.mark.parametrize("text", ["", " ", "12a", "-5", "1.5", "４２", "1" * (MAX_SEED_DIGITS + 1)])
def test_anything_else_is_refused_naming_it(text: str) -> None:
    with pytest.raises(SeedError, match=repr(text).replace("\\", "\\\\")):
        parse_seed(text)


def test_a_refused_seed_changes_nothing() -> None:
    state = AssistantState(seed=111)
    with pytest.raises(SeedError):
        state.with_seed_text("abc")
    assert state.seed == 111
    assert state.with_seed_text("222").seed == 222


# ------------------------------------------------------------------ ticks and choice changes


def test_ticks_of_steps_that_still_exist_stay_when_the_player_count_changes() -> None:
    state = AssistantState(players=4).with_modules(["faction_festival", "paladins"])
    steps = steps_of(state)
    state = state.tick(steps["cove.base"]).tick(steps["paladins.hall"])
    after = state.with_players(2)
    assert after.ticked.keys() == {"cove.base", "paladins.hall"}
    assert after.progress(after.steps()).done == 2


def test_ticks_of_steps_that_disappear_are_dropped_the_rest_kept() -> None:
    state = AssistantState().with_modules(["faction_festival", "paladins", "honor_tokens"])
    steps = steps_of(state)
    state = state.tick(steps["cove.base"]).tick(steps["supply.honor"])
    after = state.toggle_module("honor_tokens")
    assert "supply.honor" not in steps_of(after)
    assert after.ticked.keys() == {"cove.base"}


def test_changing_the_game_keeps_the_cove_choice_for_later() -> None:
    state = AssistantState(players=1).with_modules(["entertainer"]).with_card("rogue", "sirens")
    mercante = state.with_game("mercante")
    assert mercante.players == 3  # Mercante starts at 3 players
    assert mercante.findings() == []
    assert all(s.id.startswith("mercante.") for s in mercante.steps())
    back = mercante.with_game(COVE)
    assert back.modules == {"entertainer"} and back.rogue == "sirens"
    assert any(s.module == "entertainer" for s in back.steps())


@settings(max_examples=40, deadline=None)
@given(
    start=st.frozensets(st.sampled_from(MODULE_IDS)),
    toggles=st.lists(st.sampled_from(MODULE_IDS), min_size=1, max_size=5),
    players=st.integers(1, 5),
)
def test_ticks_follow_the_checklist_through_any_choice_changes(
    start: frozenset[str], toggles: list[str], players: int
) -> None:
    state = AssistantState(players=4).with_modules(start)
    for step in state.steps():
        state = state.tick(step)
    for module_id in toggles:
        before = state
        state = state.toggle_module(module_id)
        ids = set(steps_of(state))
        # every tick left points at a step of the checklist, and none still there was lost
        assert set(state.ticked) <= ids
        assert {i for i in before.ticked if i in ids} == set(state.ticked)
    state = state.with_players(players)
    assert set(state.ticked) <= set(steps_of(state))


def test_a_ticked_step_whose_numbers_changed_must_be_checked_again() -> None:
    state = AssistantState(players=4).with_modules(["faction_festival", "paladins"])
    assistants = steps_of(state)["festival.assistants"]
    assert "12 Assistants" in assistants.text
    for step_id in ("cove.base", "festival.board"):
        state = state.tick(steps_of(state)[step_id])
    state = state.tick(assistants)
    assert state.progress(state.steps()).done == 3

    bigger = state.with_players(5)
    now = steps_of(bigger)["festival.assistants"]
    assert "15 Assistants" in now.text
    progress = bigger.progress(bigger.steps())
    assert progress.changed == ("festival.assistants",)
    assert progress.done == 2  # not counted until someone looks again
    assert progress.next_step == now
    assert bigger.is_ticked(now.id) and not bigger.confirmed(now)

    checked = bigger.tick(now)
    assert checked.confirmed(now)
    assert checked.progress(checked.steps()).changed == ()


def test_progress_counts_and_next_step() -> None:
    state = AssistantState(game="merchants_journey", players=4)
    steps = state.steps()
    assert state.progress(steps).text == f"0 of {len(steps)} done"
    state = state.tick(steps[0]).tick(steps[2])
    progress = state.progress(steps)
    assert (progress.done, progress.next_step) == (2, steps[1])
    for step in steps:
        state = state.tick(step)
    assert state.progress(steps).finished
    assert state.progress(steps).next_step is None
    assert state.reset_ticks().progress(steps).done == 0


def test_digest_tells_different_words_apart() -> None:
    four = steps_of(AssistantState(game="merchants_journey", players=4))["journey.deal"]
    five = steps_of(AssistantState(game="merchants_journey", players=5))["journey.deal"]
    assert digest(four) != digest(five)
    assert digest(four) == digest(four)


# ------------------------------------------------------------------ findings and fixes


def test_apprentices_alone_is_an_error_that_its_fix_clears() -> None:
    state = AssistantState().toggle_module("apprentices")
    findings = state.findings()
    assert status(findings).level == "error"
    assert flagged_modules(findings, state.modules) == {"apprentices": "error"}
    error = next(f for f in findings if f.level == "error")
    fixed = state.apply_fix(error.fixes[0])
    assert "faction_festival" in fixed.modules
    assert status(fixed.findings()).level != "error"
    removed = state.apply_fix(error.fixes[1])
    assert removed.modules == frozenset()


def test_a_fix_that_drops_a_card_drops_exactly_that_card() -> None:
    state = AssistantState().with_card("paladin", "oath_of_honor").with_card("rogue", "sirens")
    unused = next(f for f in state.findings() if f.code == "card_unused")
    drop = next(fix for fix in unused.fixes if fix.drop_cards)
    after = state.apply_fix(drop)
    assert after.paladin is None and after.rogue == "sirens"


def test_a_beasts_deck_holds_three() -> None:
    state = AssistantState()
    for beast in BEASTS[:3]:
        state = state.toggle_beast(beast)
    with pytest.raises(engine.CardChoiceError):
        state.toggle_beast(BEASTS[3])
    assert state.toggle_beast(BEASTS[0]).beasts == tuple(BEASTS[1:3])


def test_cards_of_the_wrong_kind_are_refused() -> None:
    with pytest.raises(engine.UnknownCardError):
        AssistantState().with_card("paladin", "sirens")
    with pytest.raises(engine.UnknownCardError):
        AssistantState().toggle_beast("sirens")


def test_player_counts_outside_the_game_are_refused() -> None:
    state = AssistantState(game="mercante", players=3)
    with pytest.raises(engine.PlayerCountError, match="2"):
        state.with_players(2)
    assert state.with_players(5).players == 5


def test_status_lines() -> None:
    assert status([]).headline == "Legal combination"
    warn = AssistantState().with_modules(["honor_tokens"]).findings()
    assert status(warn).level == "warning" and "suggestion" in status(warn).headline


# ------------------------------------------------------------------ Surprise me


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 5))
def test_surprise_is_legal_and_replays_from_its_seed(seed: int, players: int) -> None:
    start = AssistantState(players=players, seed=seed)
    drawn = start.surprise()
    assert drawn.draw is not None and drawn.draw.seed == seed
    assert not any(f.level == "error" for f in drawn.findings())
    assert drawn.modules == engine.surprise_modules(seed, players=players)
    again = AssistantState(players=players, seed=seed, modules=frozenset({"lawyers"})).surprise()
    assert (again.modules, again.paladin) == (drawn.modules, drawn.paladin)


def test_surprise_honours_always_and_never() -> None:
    state = (
        AssistantState(seed=7)
        .pin("honor_tokens", "keep")
        .pin("lawyers", "never")
        .pin("faction_festival", "never")
        .with_size(3)
    )
    for seed in range(20):
        drawn = state.with_seed_text(str(seed)).surprise()
        assert "honor_tokens" in drawn.modules
        assert not drawn.modules & {"lawyers", "faction_festival"}
        assert len(drawn.modules) == 3
    described = describe_draw(drawn.draw) if drawn.draw else ""
    assert "keeping Honor tokens" in described and "Lawyers" in described


def test_surprise_with_nothing_legal_raises_and_the_state_is_unchanged() -> None:
    state = AssistantState(seed=5).pin("apprentices", "keep").pin("faction_festival", "never")
    with pytest.raises(engine.NoLegalCombinationError):
        state.surprise()
    assert state.modules == frozenset() and state.draw is None


def test_a_drawn_rogue_card_replays_from_the_seed() -> None:
    state = AssistantState(seed=482913).with_modules(["honor_tokens"])
    first = state.draw_card("rogue")
    assert first.rogue in ROGUES
    assert state.draw_card("rogue").rogue == first.rogue
    assert first.draw is not None and str(482913) in describe_draw(first.draw)
    assert first.draw_is_current
    assert not first.with_card("rogue", None).draw_is_current


def test_pins_are_exclusive() -> None:
    state = AssistantState().pin("lawyers", "keep").pin("lawyers", "never")
    assert state.pin_of("lawyers") == "never" and "lawyers" not in state.pinned
    assert state.pin("lawyers", None).pin_of("lawyers") is None
    with pytest.raises(engine.UnknownModuleError):
        state.pin("dragons", "keep")


# ------------------------------------------------------------------ words on screen


def test_module_blurbs_are_whole_sentences_of_the_description_and_tell_sides_apart() -> None:
    modules = engine.modules()
    blurbs = module_blurbs(modules)
    assert blurbs.keys() == {m.id for m in modules}
    assert blurbs["fifth_staff_action_a"] != blurbs["fifth_staff_action_b"]
    for module in modules:
        blurb = blurbs[module.id]
        assert blurb.endswith(".")
        assert blurb[:-1] in module.description  # a piece of it, cut at a sentence or clause


def test_ruling_note_says_which_reading_is_in_use() -> None:
    ruling = catalogue().ruling("setup.paladin_split")
    ours = ruling_note(ruling, set())
    assert ours.in_use == "The app's reading" and ours.text == ruling.reading
    assert ours.switch_to == ruling.house_rule_label
    house = ruling_note(ruling, {ruling.id})
    assert house.in_use == "Your house rule" and house.text == ruling.alternative


def test_only_house_rules_the_catalogue_offers_reach_the_engine() -> None:
    offered = next(r.id for r in catalogue().rulings if r.has_house_rule)
    fixed = next(r.id for r in catalogue().rulings if not r.has_house_rule)
    assert valid_house_rules(catalogue(), [offered, fixed, "gone.rule"]) == {offered}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("It needs it", "It needs it."), ("Done.", "Done."), ("  ", ""), ("Why?", "Why?")],
)
def test_sentence_adds_the_missing_full_stop(text: str, expected: str) -> None:
    assert sentence(text) == expected


# ------------------------------------------------------------------ why? links


def _combinations() -> list[AssistantState]:
    """Every game; for Merchants Cove each module alone and with the Faction Festival, and
    every module at once with a card of each kind chosen."""
    states = [AssistantState.fresh(game=g) for g in engine.setup_games()]
    cove = AssistantState.fresh()
    for module_id in MODULE_IDS:
        states.append(cove.with_modules([module_id]))
        states.append(cove.with_modules([module_id, "faction_festival"]))
    every = cove.with_modules(MODULE_IDS).with_card("paladin", PALADINS[0])
    states.append(every.with_card("rogue", ROGUES[0]).with_modules(MODULE_IDS))
    states.append(cove.with_card("rogue", ROGUES[-1]).toggle_beast(BEASTS[0]))
    return states


def test_every_steps_and_findings_why_opens_entries_and_rulings_that_exist() -> None:
    from companion.reference import entries_for
    from companion.ui.kit.why import why_targets

    seen_steps: set[str] = set()
    seen_findings: set[str] = set()
    for state in _combinations():
        for step in state.steps():
            keys, rulings = step_why(step, state.game)
            entries, ruling_ids = why_targets(keys, rulings)
            assert entries or ruling_ids, step.id
            for ruling_id in ruling_ids:
                catalogue().ruling(ruling_id)
            if step.module is not None and f"step:{step.id}" not in keys:
                assert f"module:{step.module}" in keys
            for card_id in step.cards:
                assert entries_for(f"card:{card_id}")
            seen_steps.add(step.id)
        for finding in state.findings():
            keys, rulings = finding_why(finding)
            entries, ruling_ids = why_targets(keys, rulings)
            assert entries or ruling_ids, finding.key
            seen_findings.add(finding.code)
    every_step = {s.id for g in engine.setup_games() for s in engine.game_setup(g).steps}
    assert seen_steps == every_step  # every step of the data was linked
    assert {"requires", "card_unused"} <= seen_findings


def test_a_steps_why_names_its_module_its_cards_and_its_rulings() -> None:
    state = AssistantState.fresh().with_modules(["paladins", "faction_festival"])
    state = state.with_card("paladin", "oath_of_honor")
    steps = {s.id: s for s in state.steps()}
    keys, rulings = step_why(steps["paladins.card"], state.game)
    assert keys == ["step:paladins.card", "card:oath_of_honor"]
    assert rulings == list(steps["paladins.card"].rulings)
    keys, _ = step_why(steps["cove.base"], state.game)  # no entry of its own
    assert keys == [GAME_ENTRIES[COVE]]


# ------------------------------------------------------------------ this device's draft


def test_the_seed_being_typed_stays_on_the_device_until_it_is_good() -> None:
    draft = SetupDraft()
    game = AssistantState(seed=1234)
    assert draft.seed(game) == 1234 and draft.seed_shown(game) == "1234"
    assert draft.type_seed("12ab") is None and draft.seed_problem
    assert draft.seed(game) is None and draft.seed_shown(game) == "12ab"
    assert draft.type_seed(" 99 ") == 99 and draft.seed_problem is None
    assert draft.seed(game) == 99
    draft.settle_seed()
    assert draft.seed_shown(game) == "1234"


def test_the_new_setup_form_starts_from_the_seated_table() -> None:
    form = NewSetupForm()
    form.fill("mercante", 2)  # Mercante starts at three
    assert (form.game, form.players) == ("mercante", 3)
    game = form.build(seed=7, house_rules=frozenset({"setup.paladin_split", "x.y"}))
    assert (game.game, game.players, game.seed) == ("mercante", 3, 7)
    assert game.rules == {"setup.paladin_split"}
    with pytest.raises(engine.PlayerCountError, match="9"):
        form.choose_players(9)


def test_an_old_save_that_cannot_be_read_raises_for_the_import() -> None:
    with pytest.raises(OldSetupError, match="'many'"):
        read_old_setup({**GOOD, "players": "many"})
    assert read_old_setup(None) is None
    assert read_old_setup(GOOD) == AssistantState(
        game=COVE, players=3, modules=frozenset({"honor_tokens"})
    )


def test_the_message_of_a_change_says_which_ticks_it_dropped() -> None:
    state = AssistantState().with_modules(["honor_tokens"])
    for step in state.steps():
        state = state.tick(step)
    after, record = state.apply(engine.SetModule("honor_tokens", False))
    assert confirm_words(record, after) == (
        "Honor tokens taken out. 1 ticked step no longer applies and was unticked."
    )
    fixed, record = (
        AssistantState()
        .toggle_module("apprentices")
        .apply(engine.ApplyFix("Remove Apprentices", remove=frozenset({"apprentices"})))
    )
    assert confirm_words(record, fixed) == "Done: remove Apprentices."


# ------------------------------------------------------------------ what a tap means (taps)


def test_a_tap_on_a_step_marks_it_done_not_done_or_confirms_it() -> None:
    state = AssistantState(players=4).with_modules(["faction_festival", "paladins"])
    assistants = steps_of(state)["festival.assistants"]
    assert taps.tap_step(state, assistants.id) == engine.MarkDone(assistants.id)
    ticked = state.tick(assistants)
    assert taps.tap_step(ticked, assistants.id) == engine.MarkNotDone(assistants.id)
    bigger = ticked.with_players(5)  # its words changed: a tap confirms it
    assert taps.tap_step(bigger, assistants.id) == engine.MarkDone(assistants.id)
    gone = taps.tap_step(state.with_modules([]), assistants.id)
    assert gone == taps.Hint(taps.GONE_STEP, problem=True)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_action_a_step_tap_means_is_legal_and_flips_the_step(data: st.DataObject) -> None:
    modules = data.draw(st.sets(st.sampled_from(MODULE_IDS), max_size=4))
    state = AssistantState(players=data.draw(st.integers(1, 6))).with_modules(modules)
    steps = state.steps()
    for step in data.draw(st.lists(st.sampled_from(steps), max_size=len(steps))):
        state = state.tick(step, not state.confirmed(step))
    step = data.draw(st.sampled_from(steps))
    action = taps.tap_step(state, step.id)
    assert isinstance(action, engine.SetupAction)
    after = state.apply(action)[0]
    assert after.confirmed(step) is not state.confirmed(step)


def test_done_ticks_the_next_step_and_nothing_when_all_are_done() -> None:
    state = AssistantState(game="merchants_journey", players=4)
    first = state.steps()[0]
    assert taps.tick_next(state) == engine.MarkDone(first.id)
    for step in state.steps():
        state = state.tick(step)
    assert taps.tick_next(state) is None
    assert taps.reset_checklist(state) == engine.ResetChecklist()
    assert taps.reset_checklist(state.reset_ticks()) == taps.Hint(taps.NOTHING_TICKED)


def test_a_choice_tap_that_changes_nothing_sends_nothing() -> None:
    state = AssistantState(players=4).with_card("rogue", "sirens")
    assert taps.set_players(state, ["4"]) is None
    assert taps.set_players(state, []) is None
    assert taps.set_players(state, ["5"]) == engine.SetPlayers(5)
    assert taps.choose_game(state, COVE) is None and taps.choose_game(state, None) is None
    assert taps.choose_game(state, "mercante") == engine.ChooseGame("mercante")
    assert taps.set_card(state, "rogue", "sirens") is None
    assert taps.set_card(state, "paladin", PALADINS[0]) == engine.SetCard("paladin", PALADINS[0])
    assert taps.set_pin(state, "lawyers", "either") is None
    assert taps.set_pin(state, "lawyers", "keep") == engine.SetPin("lawyers", "keep")
    assert taps.toggle_module(state, "lawyers") == engine.SetModule("lawyers", True)
    assert taps.toggle_module(state.with_modules(["lawyers"]), "lawyers") == engine.SetModule(
        "lawyers", False
    )


def test_a_beast_the_deck_cannot_take_is_a_hint_and_the_chip_is_drawn_again() -> None:
    state = AssistantState().with_modules(["beasts_of_the_bay"])
    tap = taps.toggle_beast(state, BEASTS[0])
    assert tap == engine.SetBeast(BEASTS[0], True)
    refused: taps.Tap = None
    for beast in BEASTS:  # a deck holds three, one per tier: some beast does not fit
        refused = taps.toggle_beast(state, beast)
        if not isinstance(refused, engine.SetBeast):
            break
        state = state.apply(refused)[0]
    assert isinstance(refused, taps.Hint) and refused.problem and refused.redraw
    assert refused.text.endswith(".") and len(state.beasts) <= 3


def test_surprise_and_a_card_draw_need_a_good_seed_and_something_legal() -> None:
    state = AssistantState(seed=5)
    draft = SetupDraft()
    assert taps.surprise(state, draft, None) == engine.Surprise(5)  # Replay: the table's seed
    assert taps.surprise(state, draft, 77) == engine.Surprise(77)
    assert taps.draw_card(state, draft, "rogue") == engine.DrawCard("rogue", 5)
    draft.type_seed("12x")
    assert taps.surprise(state, draft, None) == taps.Hint(taps.BAD_SEED, problem=True)
    assert taps.draw_card(state, draft, "rogue") == taps.Hint(taps.BAD_SEED, problem=True)
    assert taps.commit_seed(state, draft) is None  # a bad seed stays on this phone
    draft.type_seed("9")
    assert taps.commit_seed(state, draft) == engine.SetSeed(9)
    draft.type_seed("5")
    assert taps.commit_seed(state, draft) is None and draft.seed_text is None  # the table's
    stuck = state.pin("apprentices", "keep").pin("faction_festival", "never")
    hint = taps.surprise(stuck, draft, 77)
    assert hint == taps.Hint("", redraw=True) and draft.surprise_problem is not None
    assert taps.set_size(stuck, draft, None) == taps.Hint("", redraw=True)
    assert draft.surprise_problem is None  # another size: the old problem goes
    assert taps.set_size(stuck, draft, "2") == engine.SetSize(2)


def test_clear_choice_says_why_when_there_is_nothing_to_clear() -> None:
    state = AssistantState()
    assert taps.clear_choice(state, "Merchants Cove") == taps.Hint(taps.BASE_ALONE)
    assert taps.clear_choice(state.with_modules(["lawyers"]), "x") == engine.ClearChoice()
    other = state.with_game("mercante")
    assert taps.clear_choice(other, "Mercante") == taps.Hint(
        "Mercante has no modules or cards to clear."
    )
