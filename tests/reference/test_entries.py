"""The rules reference: its public API, what it holds, where every entry's facts come from,
and the checks on data/reference/*.toml."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import reference
from companion.engine import cove_goods, journey, mercante
from companion.engine import setup as setup_engine
from companion.reference import Entry, QueryError
from companion.reference.build import build_entries
from companion.reference.search import words
from companion.rules import DataFileError, catalogue, data_dir
from tests.paths import ROOT, rulebook


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# -- the public API -----------------------------------------------------------------------


def test_search_returns_entries_with_the_fields_the_issue_names() -> None:
    found = reference.search("fence")
    assert found and all(isinstance(e, Entry) for e in found)
    for item in found:
        assert item.id and item.title and item.game and item.kind and item.text
        assert item.sources and all(s.book and s.section for s in item.sources)


@pytest.mark.parametrize("query", ["", "   ", "?!", "\n"])
def test_an_empty_query_returns_every_entry(query: str) -> None:
    everything = reference.search(query)
    assert [e.id for e in everything] == [e.id for e in reference.entries()]
    assert len(everything) > reference.DEFAULT_LIMIT  # whatever the limit


@pytest.mark.parametrize("query", ["zxqvbnm", "qwpoiu zzkx", "the", "what is it"])
def test_nonsense_returns_nothing(query: str) -> None:
    assert reference.search(query) == []


def test_limit_caps_the_results() -> None:
    assert len(reference.search("paladin", limit=3)) == 3
    assert len(reference.search("paladin")) == reference.DEFAULT_LIMIT
    assert len(reference.search("paladin", limit=500)) > reference.DEFAULT_LIMIT


@pytest.mark.parametrize("limit", [0, -1, True, 2.5, "3"])
def test_a_bad_limit_is_refused_naming_it(limit: object) -> None:
    with pytest.raises(QueryError, match=re.escape(repr(limit))):
        reference.search("fence", limit=limit)  # type: ignore[arg-type]


def test_the_game_filter_takes_an_id_or_a_name() -> None:
    by_id = reference.search("upkeep", game="mercante", limit=50)
    assert by_id and all(e.game == "mercante" for e in by_id)
    assert reference.search("upkeep", game="Mercante", limit=50) == by_id
    assert all(e.game == "merchants_cove" for e in reference.search("", game="merchants_cove"))


@pytest.mark.parametrize("game", ["chess", "other", 3])
def test_an_unknown_game_is_refused_naming_it(game: object) -> None:
    with pytest.raises(QueryError, match=re.escape(repr(game))):
        reference.search("fence", game=game)  # type: ignore[arg-type]


def test_a_query_must_be_a_string() -> None:
    with pytest.raises(QueryError):
        reference.search(None)  # type: ignore[arg-type]


def test_entry_by_id_and_key_error() -> None:
    assert reference.entry("cove.card.fence").title == "Fence (Rogue card 21)"
    for bad in ("nope", "", "cove.card", None, 3):
        with pytest.raises(KeyError):
            reference.entry(bad)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(
    query=st.text(max_size=60),
    game=st.sampled_from([None, "merchants_cove", "mercante", "merchants_journey"]),
    limit=st.integers(min_value=1, max_value=40),
)
def test_any_string_is_a_query_and_never_raises(query: str, game: str | None, limit: int) -> None:
    found = reference.search(query, game=game, limit=limit)
    assert isinstance(found, list)
    assert all(isinstance(e, Entry) for e in found)
    assert all(game is None or e.game == game for e in found)
    if words(query):  # anything but an empty query keeps to the limit
        assert len(found) <= limit


# -- what the reference holds ------------------------------------------------------------


def test_entry_ids_are_unique_and_follow_the_scheme() -> None:
    ids = [e.id for e in reference.entries()]
    assert len(ids) == len(set(ids))
    for entry_id in ids:
        assert re.fullmatch(r"(cove|mercante|journey|ruling)\.[a-z0-9_.]+", entry_id), entry_id


def test_every_game_has_entries() -> None:
    counts = {g: len(reference.entries(g)) for g, _ in reference.games()}
    assert set(counts) == {"merchants_cove", "mercante", "merchants_journey"}
    assert all(n >= 20 for n in counts.values()), counts


def test_every_master_craft_module_has_an_entry_with_its_relations_and_setup() -> None:
    for module in setup_engine.modules():
        item = reference.entry(f"cove.module.{module.id}")
        assert item.title == module.name
        assert "Needs:" in item.text
        assert f"module:{module.id}" in item.refs
        if module.described:
            steps = [r for r in item.refs if r.startswith("step:")]
            assert steps, f"{module.id} lists no setup steps"
    assert "Cannot be played with:" in reference.entry("cove.module.beasts_of_the_bay").text
    assert "Recommends:" in reference.entry("cove.module.faction_festival").text


def test_every_card_has_an_entry_paladins_one_to_eight_and_rogues_fifteen_to_twenty_one() -> None:
    numbers = {"paladin": set(), "rogue": set()}
    for card in setup_engine.cards():
        item = reference.entry(f"cove.card.{card.id}")
        assert card.name in item.title
        if card.number is not None:
            numbers[card.kind].add(card.number)
        if card.kind == "rogue":
            assert f"{card.bag} in the Adventurer bag, {card.lair} in the Rogues' Lair" in item.text
            assert card.peddler and card.peddler in item.text
        if card.kind == "beast":
            assert ("Tier " + str(card.tier)) in item.text or "not shown" in item.text
    assert numbers == {"paladin": set(range(1, 9)), "rogue": set(range(15, 22))}
    assert len([c for c in setup_engine.cards() if c.kind == "beast"]) == 9


def test_townsfolk_sets_tokens_and_the_bards_concepts() -> None:
    sets = reference.entry("cove.townsfolk_sets").text
    for folk in setup_engine.setup_data().games["merchants_cove"].townsfolk_sets:
        assert folk.name in sets
    for token in ("honor_tokens", "advertisement_tokens", "enchantment_tokens", "display_cases"):
        assert reference.entry(f"cove.module.{token}").kind == "token"
    assert reference.entry("cove.token.paladin_goods").kind == "token"
    for concept in (
        "faction_icons", "paladin_icon", "soundstone", "volume", "boast", "coins",
        "hand_size", "card_price", "composition", "singing", "downtime", "swan_song",
    ):  # fmt: skip
        reference.entry(f"cove.bard.{concept}")
    for location in ("piers", "town_square", "faction_halls", "dragon_island"):
        assert reference.entry(f"cove.bard.{location}").kind == "location"


def test_mercante_markets_lists_variants_and_the_turn() -> None:
    for market in mercante.markets():
        item = reference.entry(f"mercante.market.{market}")
        for good in mercante.goods_in(market):
            assert mercante.display_name(good) in item.text
    titles = {e.title for e in reference.entries("mercante") if e.kind == "variant"}
    assert titles == {
        "Alternate Five-Player Upkeep",
        "Longer or Shorter Games",
        "Planning Ahead",
        "Vicious Accounting",
        "Auction Houses",
        "Contractual Obligations",
        "Drafting House Cards",
        "Open Contracts",
        "Reversed Auctions",
        "Talk of Peace",
    }
    actions = [e for e in reference.entries("mercante") if e.kind == "action"]
    assert len(actions) == 8
    for entry_id in (
        "mercante.turn", "mercante.upkeep", "mercante.auction", "mercante.auction_three_players",
        "mercante.upkeep.remove_goods", "mercante.upkeep.apply_event", "mercante.upkeep.vp_auction",
        "mercante.upkeep.pass_marker", "mercante.game_end", "mercante.scoring", "mercante.bazaar",
        "mercante.calendar", "mercante.contracts", "mercante.list.contracts",
        "mercante.list.shipments", "mercante.cartage",
    ):  # fmt: skip
        reference.entry(entry_id)


def test_merchants_journey_civilizations_and_the_blight() -> None:
    for card in journey.facts().cards:
        item = reference.entry(f"journey.card.{card.rank.lower()}")
        assert item.title.startswith(card.civilization)
        assert f"worth {card.value} in a pair" in item.text
        if card.ability_text:
            assert card.ability_text in item.text
    blight = reference.entry("journey.card.2").text
    for link in journey.facts().blight.link:
        assert f"{link.length} Blights: {link.points} points" in blight


def test_the_glossary_holds_the_issues_terms() -> None:
    titles = {e.title for e in reference.entries()}
    for term in ("Sponsorship", "Corruption", "Frame", "Market Phase", "Enduring", "Fleeting"):
        assert term in titles
    assert "Reaction events" in titles and "Skulduggery" in titles


def test_every_ruling_is_an_entry_with_its_house_rule() -> None:
    for ruling in catalogue().rulings:
        item = reference.entry(f"ruling.{ruling.id}")
        assert item.kind == "ruling" and item.ruling == ruling.id
        assert item.title == ruling.topic
        assert ruling.reading in item.text
        if ruling.alternative:
            assert ruling.alternative in item.text
        assert reference.entries_for(ruling.id) == (item,)


def test_links_resolve_both_ways() -> None:
    rulings = {r.id for r in catalogue().rulings}
    for item in reference.entries():
        for other in item.related:
            reference.entry(other)
        for ruling_id in item.rulings:
            assert ruling_id in rulings
            assert item.id in reference.entry(f"ruling.{ruling_id}").related


# -- every entry cites the rulebook --------------------------------------------------------


def test_every_entry_cites_a_passage_found_in_its_rulebook() -> None:
    books = catalogue().books
    texts: dict[str, str] = {}
    for item in reference.entries():
        quoted = 0
        for source in item.sources:
            assert source.book in books, f"{item.id}: unknown book {source.book!r}"
            if source.quote is None:
                continue
            seed = rulebook(books[source.book].file)
            text = texts.setdefault(source.book, _fold(seed.read_text(encoding="utf-8")))
            assert _fold(source.quote) in text, f"{item.id}: quote not in {seed.name}"
            quoted += 1
        assert quoted, f"{item.id} cites no passage with a quote"


def test_cited_sections_are_shown_with_the_book() -> None:
    cite = catalogue().cite(reference.entry("cove.card.fence").sources[0])
    assert cite.startswith("Merchants Cove: Master Craft rules, ")


# -- facts have one home -----------------------------------------------------------------


def test_the_numbers_are_the_calculators_numbers() -> None:
    assert f"for {mercante.bazaar_price()} crowns" in reference.entry("mercante.bazaar").text
    removal = reference.entry("mercante.upkeep.remove_goods").text
    for players in range(3, 6):
        assert f"players: {mercante.removal_points(players)}" in removal
    goods = cove_goods.facts()
    assert (
        f"base value of {goods.paladin_good.base} Gold"
        in reference.entry("cove.token.paladin_goods").text
    )
    assert (
        f"+{goods.display_case.bonus} base value"
        in reference.entry("cove.module.display_cases").text
    )
    crowns = ", ".join(str(mercante.starting_crowns(s)) for s in range(1, 3))
    assert (
        crowns.split(", ")[0] + " crowns for the first player"
        in reference.entry("mercante.setup").text
    )
    pile = reference.entry("journey.setup").text
    assert f"Two players: {journey.draw_pile_size(2)} cards" in pile


def test_a_changed_data_file_changes_the_reference(tmp_path: Path) -> None:
    """The reference reads the engines' files: change the bazaar's price there and the
    reference says the new price (in a fresh process, so nothing is cached)."""
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    rules = copy / "mercante" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert "[bazaar]\nprice = 3\n" in text
    rules.write_text(text.replace("[bazaar]\nprice = 3\n", "[bazaar]\nprice = 4\n"), "utf-8")
    script = (
        "import json; from companion import reference as r; "
        "print(json.dumps([r.entry('mercante.bazaar').text, r.entry('cove.overview').title]))"
    )
    env = {**os.environ, "COMPANION_DATA_DIR": str(copy)}
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    bazaar, _ = json.loads(result.stdout)
    assert "for 4 crowns" in bazaar


# -- data/reference is checked at load -------------------------------------------------------


def _broken(tmp_path: Path, old: str, new: str, file: str = "mercante.toml") -> Path:
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    path = copy / "reference" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "always buys any goods token for {mercante.bazaar_price} crowns",
            "always buys any goods token for 3 crowns",
            r"data/reference/mercante\.toml: entry\[\d+\] \('mercante\.bazaar'\): field 'text': "
            r"the number '3' is typed into the text",
        ),
        (
            "{mercante.bazaar_price}",
            "{mercante.bazar_price}",
            r"\('mercante\.bazaar'\): field 'text': unknown fact \{mercante\.bazar_price\}",
        ),
        (
            'related = ["mercante.selling", "mercante.closed_markets", "mercante.contracts"',
            'related = ["mercante.sellling", "mercante.closed_markets", "mercante.contracts"',
            r"\('mercante\.bazaar'\): field 'related': no entry 'mercante\.sellling'",
        ),
        (
            'id = "mercante.cartage"\ntext',
            'id = "mercante.carttage"\ntext',
            r"extend\[\d+\] \('mercante\.carttage'\): field 'id': no entry",
        ),
        (
            'rulings = ["mercante.end_bazaar_contracts"]\nrefs = ["mercante.bazaar"]',
            'rulings = ["mercante.no_such_ruling"]\nrefs = ["mercante.bazaar"]',
            r"field 'rulings': unknown ruling 'mercante\.no_such_ruling'",
        ),
        ('kind = "overview"', 'kind = "essay"', r"field 'kind': unknown kind 'essay'"),
        ('game = "mercante"', 'game = "chess"', r"mercante\.toml: field 'game'"),
        (
            'market = "luxuries"',
            'market = "luxury"',
            r"shipment\[0\]: field 'market': unknown market 'luxury'",
        ),
        (
            'book = "mercante", section = "Object"',
            'book = "mercantile", section = "Object"',
            r"field 'sources\.0\.book': unknown book 'mercantile'",
        ),
    ],
)
def test_a_broken_reference_file_names_the_file_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(DataFileError, match=message):
        build_entries(_broken(tmp_path, old, new))


def test_a_prose_entry_cannot_take_a_built_entrys_id(tmp_path: Path) -> None:
    copy = _broken(tmp_path, 'id = "mercante.overview"', 'id = "mercante.market.luxuries"')
    with pytest.raises(DataFileError, match=r"'mercante\.market\.luxuries' is already an entry"):
        build_entries(copy)


# -- "why?" keys ----------------------------------------------------------------------------


def test_every_why_key_answers_and_the_usual_keys_exist() -> None:
    keys = set(reference.why_keys())
    for key in keys:
        assert reference.entries_for(key)
    for key in (
        "mercante.bazaar", "mercante.cartage", "mercante.removal", "mercante.sale",
        "mercante.game_end", "mercante.scoring", "mercante.starting_crowns", "mercante.upkeep",
        "mercante.vp_auction", "mercante.market:luxuries", "mercante.good:silk",
        "cove_goods.fence", "cove_goods.un_fairies", "cove_goods.paladin_good",
        "cove_goods.display_case", "cove_goods.enchantment", "cove_goods.sale",
        "bard.card_price", "bard.fan_cost", "bard.hand_size", "bard.pier", "bard.dragon_island",
        "journey.blight", "journey.pair", "journey.card:Q", "journey.end",
        "module:faction_festival", "card:fence", "step:festival.board", "step:mercante.crowns",
        "ruling:mercante.price_floor",
    ):  # fmt: skip
        assert key in keys, key
    assert reference.entries_for("mercante.bazaar")[0].id == "mercante.bazaar"
    assert reference.entries_for("step:festival.board")[0].id == "cove.module.faction_festival"


def test_entries_for_an_entry_a_ruling_a_source_and_nothing() -> None:
    assert reference.entries_for("cove.card.fence") == (reference.entry("cove.card.fence"),)
    assert reference.entries_for("mercante.price_floor")[0].id == "ruling.mercante.price_floor"
    source = mercante.rules().bazaar.source
    assert "mercante.bazaar" in [e.id for e in reference.entries_for(source)]
    with pytest.raises(KeyError):
        reference.entries_for("no.such.key")


def test_the_reference_imports_no_ui_or_database() -> None:
    for path in (ROOT / "companion" / "reference").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("import flet", "from flet", "sqlmodel", "companion.history", "companion.ui"):
            assert banned not in text, f"{path.name} mentions {banned}"


def test_the_reference_is_in_our_own_words() -> None:
    """No entry repeats ten words in a row of a rulebook (runs that are mostly numbers, as in
    the component and shipment lists, are facts, not sentences). Rulings are their own data."""
    run = 10
    grams: set[tuple[str, ...]] = set()
    books = catalogue().books
    for book in books.values():
        seed = rulebook(book.file)
        tokens = re.findall(r"[a-z0-9]+", seed.read_text(encoding="utf-8").casefold())
        grams.update(tuple(tokens[i : i + run]) for i in range(len(tokens) - run + 1))
    for item in reference.entries():
        if item.kind == "ruling":
            continue
        tokens = re.findall(r"[a-z0-9]+", item.text.casefold())
        for i in range(len(tokens) - run + 1):
            gram = tuple(tokens[i : i + run])
            if gram in grams and sum(t.isdigit() for t in gram) < 3:
                pytest.fail(f"{item.id} repeats the rulebook: {' '.join(gram)!r}")
