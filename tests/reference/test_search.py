"""The rules reference finds what players ask for: golden questions, typos, card numbers,
missing hyphens and the words players use, each expecting its entry first."""

from __future__ import annotations

import pytest

from companion import reference
from companion.reference.search import fold, highlight, stem, words

# The questions of issue 9, as a player types them.
ISSUE_QUESTIONS = [
    ("what does the Fence do?", None, "cove.card.fence"),
    ("what happens in upkeep?", None, "mercante.upkeep"),
    ("can a Pirate move the Okkrgoth?", None, "journey.card.q"),
    ("how much is a Paladin Good worth?", None, "cove.token.paladin_goods"),
    ("okrgoth", None, "journey.card.q"),
    ("unfairies", None, "cove.card.un_fairies"),
    ("rogue 21", None, "cove.card.fence"),
    ("paladin 4", None, "cove.card.oath_of_hard_labor"),
    ("pirate", None, "journey.card.10"),
    ("10", "merchants_journey", "journey.card.10"),
]

# More that players ask at the table.
PLAYER_QUESTIONS = [
    ("how much does the bazaar pay", None, "mercante.bazaar"),
    ("cartage points", None, "mercante.cartage"),
    ("how many removal points do I get", None, "mercante.upkeep.remove_goods"),
    ("skulduggery", None, "mercante.action.skulduggery"),
    ("when does mercante end", None, "mercante.game_end"),
    ("tie breaker", None, "mercante.scoring"),
    ("three player auction", None, "mercante.auction_three_players"),
    ("victory point auction tie", None, "mercante.upkeep.vp_auction"),
    ("buy a victory point", None, "mercante.action.buy_vp"),
    ("how many agents can I have", None, "mercante.agents"),
    ("how much does a warehouse cost", None, "mercante.action.improve_house"),
    ("starting crowns", None, "mercante.setup"),
    ("enduring", None, "mercante.term.enduring"),
    ("reaction events", None, "mercante.reaction"),
    ("closed market", None, "mercante.closed_markets"),
    ("talk of peace", None, "mercante.variant.talk_of_peace"),
    ("planning ahead", None, "mercante.variant.planning_ahead"),
    ("vicious accounting", None, "mercante.variant.vicious_accounting"),
    ("auction houses", None, "mercante.variant.auction_houses"),
    ("gather intelligence", None, "mercante.action.gather_intelligence"),
    ("security", None, "mercante.action.security"),
    ("where can I sell silk", None, "mercante.market.luxuries"),
    ("list of shipments", None, "mercante.list.shipments"),
    ("contract deck", None, "mercante.list.contracts"),
    ("alternate five player upkeep", None, "mercante.variant.alternate_five_player_upkeep"),
    ("what does the kraken do", None, "cove.card.the_kraken"),
    ("beasts of the bay", None, "cove.module.beasts_of_the_bay"),
    ("faction festival", None, "cove.module.faction_festival"),
    ("honor tokens", None, "cove.module.honor_tokens"),
    ("display case", None, "cove.module.display_cases"),
    ("enchantment", None, "cove.module.enchantment_tokens"),
    ("advertisement", None, "cove.module.advertisement_tokens"),
    ("part time staff", None, "cove.module.part_time_staff"),
    ("lawyers", None, "cove.module.lawyers"),
    ("oath of virtue", None, "cove.card.oath_of_virtue"),
    ("sirens", None, "cove.card.sirens"),
    ("swan song", None, "cove.bard.swan_song"),
    ("bard hand size", None, "cove.bard.hand_size"),
    ("soundstone", None, "cove.bard.soundstone"),
    ("boast", None, "cove.bard.boast"),
    ("how much does a card cost for the bard", None, "cove.bard.card_price"),
    ("perform at dragon island", None, "cove.bard.dragon_island"),
    ("town square fans", None, "cove.bard.town_square"),
    ("paladin icon", None, "cove.bard.paladin_icon"),
    ("sponsorship", None, "cove.term.sponsorship"),
    ("corruption", None, "cove.term.corruption"),
    ("frame", None, "cove.term.frame"),
    ("market phase", None, "cove.term.market_phase"),
    ("townsfolk sets", None, "cove.townsfolk_sets"),
    ("what do the paladin cards do", None, "cove.paladin_cards"),
    ("the blight", None, "journey.card.2"),
    ("three blights linked", None, "journey.card.2"),
    ("ghorralands", None, "journey.card.6"),
    ("when does merchant's journey end", None, "journey.end"),
    ("how many cards in the draw pile", "merchants_journey", "journey.setup"),
    ("queen", None, "journey.card.q"),
    ("fleeting", None, "mercante.term.fleeting"),
    ("paladin meeples at setup", None, "ruling.setup.paladin_split"),
]

TYPOS = [
    ("skuldugery", "mercante.action.skulduggery"),
    ("okrgoth", "journey.card.q"),
    ("fense", "cove.card.fence"),
    ("enchantmnet", "cove.module.enchantment_tokens"),
    ("ghoralands", "journey.card.6"),
    ("sponsorhip", "cove.term.sponsorship"),
    ("kracken", "cove.card.the_kraken"),
    ("vicous acounting", "mercante.variant.vicious_accounting"),
]

HYPHENS_AND_NUMBERS = [
    ("unfairies", "cove.card.un_fairies"),
    ("un fairies", "cove.card.un_fairies"),
    ("Un-Fairies", "cove.card.un_fairies"),
    ("parttime staff", "cove.module.part_time_staff"),
    ("rogue 15", "cove.card.conspirators"),
    ("rogue card 19", "cove.card.un_fairies"),
    ("paladin 1", "cove.card.oath_of_honor"),
    ("paladin card 8", "cove.card.oath_of_virtue"),
    ("5th staff action side b", "cove.module.fifth_staff_action_b"),
]

SYNONYMS = [
    ("pirates", "journey.card.10"),
    ("aurium", "journey.card.10"),
    ("vp auction", "mercante.upkeep.vp_auction"),
    ("steal goods", "mercante.action.skulduggery"),
    ("harbour", "mercante.term.harbor"),
    ("honour", "cove.module.honor_tokens"),
]


def first(query: str, game: str | None = None) -> str:
    found = reference.search(query, game=game, limit=3)
    assert found, f"nothing found for {query!r}"
    return found[0].id


@pytest.mark.parametrize(("query", "game", "expected"), ISSUE_QUESTIONS)
def test_the_issues_questions_find_their_entry_first(
    query: str, game: str | None, expected: str
) -> None:
    assert first(query, game) == expected


@pytest.mark.parametrize(("query", "game", "expected"), PLAYER_QUESTIONS)
def test_players_questions_find_their_entry_first(
    query: str, game: str | None, expected: str
) -> None:
    assert first(query, game) == expected


def test_there_are_at_least_thirty_more_questions() -> None:
    assert len(PLAYER_QUESTIONS) >= 30
    for _, _, expected in ISSUE_QUESTIONS + PLAYER_QUESTIONS:
        reference.entry(expected)  # every expectation names a real entry


@pytest.mark.parametrize(("query", "expected"), TYPOS)
def test_typos_still_find_the_entry(query: str, expected: str) -> None:
    assert first(query) == expected


@pytest.mark.parametrize(("query", "expected"), HYPHENS_AND_NUMBERS)
def test_missing_hyphens_and_card_numbers(query: str, expected: str) -> None:
    assert first(query) == expected


@pytest.mark.parametrize(("query", "expected"), SYNONYMS)
def test_the_words_players_use(query: str, expected: str) -> None:
    assert first(query) == expected


def test_typing_as_you_go_finds_the_entry_before_the_word_is_finished() -> None:
    assert first("skuldug") == "mercante.action.skulduggery"
    assert first("soundst") == "cove.bard.soundstone"


def test_the_game_filter_keeps_other_games_out() -> None:
    assert first("10") != "journey.card.10" or True  # unfiltered, anything may lead
    found = reference.search("upkeep", game="merchants_cove", limit=20)
    assert all(e.game == "merchants_cove" for e in found)


def test_a_hit_names_the_words_that_matched() -> None:
    hit = reference.hits("okrgoth", limit=1)[0]
    assert hit.entry.id == "journey.card.q"
    assert "okkrgoth" in hit.words


# -- the word handling under the search --------------------------------------------------


def test_fold_drops_case_accents_and_apostrophes() -> None:
    assert fold("Player’s CAFÉ") == "players cafe"


def test_stem_is_a_light_plural_strip() -> None:
    assert stem("goods") == "good"
    assert stem("fairies") == "fairy"
    assert stem("class") == "class"
    assert stem("bonus") == "bonus"
    assert stem("21") == "21"


def test_hyphenated_words_are_indexed_as_parts_and_joined() -> None:
    assert words("Un-Fairies") == ["un", "fairy", "unfairy"]


def test_highlight_marks_the_matched_words_only() -> None:
    runs = highlight("Un-Fairies lower the base value.", {"unfairy", "base"})
    assert runs == [
        ("Un-Fairies", True),
        (" lower the ", False),
        ("base", True),
        (" value.", False),
    ]
    assert "".join(text for text, _ in runs) == "Un-Fairies lower the base value."
    assert highlight("nothing here", set()) == [("nothing here", False)]
