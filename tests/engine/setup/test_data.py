"""The setup data files: what they must contain, that they hang together, that their texts are
our own words, and that a malformed file fails at load naming the file, the entry and the
field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion.engine.setup import cards, load_setup, modules, setup_data, setup_rulings
from companion.rules import RULINGS_FILE, DataFileError, catalogue, data_dir, read_toml
from tests.paths import rulebook

COVE = "setup/merchants_cove.toml"
COVE_CARDS = "setup/merchants_cove_cards.toml"
JOURNEY = "setup/merchants_journey.toml"


# --------------------------------------------------------------------------- contents


def test_paladin_cards_numbered_1_to_8() -> None:
    paladins = cards("paladin")
    assert [c.number for c in paladins] == list(range(1, 9))
    assert [c.name for c in paladins] == [
        "Oath of Honor",
        "Oath of Vengeance",
        "Oath of Wisdom",
        "Oath of Hard Labor",
        "Oath of Glory",
        "Oath of Assistance",
        "Oath of Exaltation",
        "Oath of Virtue",
    ]


def test_rogue_cards_15_to_21_with_bag_and_lair() -> None:
    rogues = {c.number: c for c in cards("rogue")}
    assert sorted(rogues) == list(range(15, 22))
    counts = {n: (c.bag, c.lair, c.arrival) for n, c in rogues.items()}
    assert counts == {
        15: (4, 3, "boat"),
        16: (3, 3, "boat"),
        17: (3, 3, "bag"),
        18: (5, 2, "boat"),
        19: (5, 2, "boat"),
        20: (5, 3, "boat"),
        21: (1, 4, "bag"),
    }
    assert rogues[20].recommended_townsfolk == ("exemplars", "unknown")
    assert rogues[21].recommended_townsfolk == ("lawyers", "unknown")
    assert rogues[19].recommended_townsfolk == ("unknown", "unknown")


def test_beasts_of_the_bay_tiers_as_the_text_shows_them() -> None:
    beasts = {c.name: (c.tier, c.printed_tier) for c in cards("beast")}
    assert len(beasts) == 9
    assert beasts == {
        "Nessie": ("I", "1"),
        "The Sea Dragon": ("I", "1"),
        "The Kraken": ("I", "1"),
        "The Cyclops": ("II", "11"),
        "Kfuwu": ("II", "11"),
        "The Mermaid": ("unknown", None),
        "The Megalodon": ("unknown", None),
        "The Leviathan": ("unknown", None),
        "Henry": ("unknown", None),
    }


def test_the_beasts_note_names_exactly_the_beasts_with_unknown_tiers() -> None:
    relations = setup_data().games["merchants_cove"].relations
    [note] = [r for r in relations if r.kind == "note" and r.group == ("beasts_of_the_bay",)]
    unknown = [c.name for c in cards("beast") if c.tier == "unknown"]
    assert note.message is not None
    named = re.search(r"\(([^)]*)\)", note.message)
    assert named is not None and named.group(1).split(", ") == unknown


def test_every_described_module_has_setup_steps() -> None:
    steps = setup_data().games["merchants_cove"].steps
    with_steps = {s.module for s in steps}
    for module in modules():
        assert (module.id in with_steps) == module.described, module.id
    assert not [m for m in modules() if not m.described and m.surprise]


def test_both_paladin_splits_use_all_seven_meeples() -> None:
    from companion.engine.setup import quantities

    for house_rules in ([], ["setup.paladin_split"]):
        numbers = quantities("merchants_cove", 3, house_rules=house_rules)
        assert (
            numbers["paladins_in_hall"] + numbers["paladins_in_bag"] == numbers["paladin_meeples"]
        )
    default = quantities("merchants_cove", 3)
    switched = quantities("merchants_cove", 3, house_rules=["setup.paladin_split"])
    assert (default["paladins_in_hall"], default["paladins_in_bag"]) == (3, 4)
    assert (switched["paladins_in_hall"], switched["paladins_in_bag"]) == (2, 5)


def test_setup_rulings_cover_what_the_data_cites() -> None:
    ids = {r.id for r in setup_rulings("merchants_cove")}
    for needed in (
        "setup.paladin_split",
        "setup.festival_brings_paladins",
        "setup.fifth_staff_side_b",
        "setup.beast_tiers",
        "catalogue.merchants_cove_players",
    ):
        assert needed in ids
    house_rules = {r.id for r in setup_rulings("merchants_cove") if r.has_house_rule}
    assert house_rules == {
        "setup.paladin_split",
        "setup.festival_brings_paladins",
        "setup.fifth_staff_side_b",
    }
    assert {r.id for r in setup_rulings("merchants_journey")} >= {
        "setup.journey_deck",
        "setup.journey_first_player",
    }


# --------------------------------------------------------------------------- our own words


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _shown_texts() -> list[tuple[str, str]]:
    data = setup_data()
    texts: list[tuple[str, str]] = []
    for game in data.games.values():
        for step in game.steps:
            texts.append((step.id, step.text))
            texts += [(f"{step.id} note", step.note)] if step.note else []
            if step.house_rule:
                for extra in (step.house_rule.text, step.house_rule.note):
                    texts += [(f"{step.id} house rule", extra)] if extra else []
        texts += [(m.id, m.description) for m in game.modules]
        texts += [(c.id, c.summary) for c in game.cards]
        texts += [(c.id, c.peddler) for c in game.cards if c.peddler]
        for rel in game.relations:
            texts += [(f"{rel.kind} {rel.module}", t) for t in (rel.message, rel.reason) if t]
    for ruling in data.catalogue.rulings:
        if ruling.game in ("merchants_cove", "merchants_journey") and ruling.id != (
            "catalogue.merchants_cove_players"
        ):
            texts += [(ruling.id, t) for t in (ruling.reading, ruling.alternative) if t]
    return texts


def test_texts_shown_to_players_are_our_own_words() -> None:
    """No run of seven words of a shown text is copied from a rulebook."""
    run = 7
    books = catalogue().books
    copied: set[tuple[str, ...]] = set()
    for book in books.values():
        path = rulebook(book.file)
        words = _words(path.read_text(encoding="utf-8"))
        copied |= {tuple(words[i : i + run]) for i in range(len(words) - run + 1)}
    found = []
    for where, text in _shown_texts():
        words = _words(text)
        for i in range(len(words) - run + 1):
            if tuple(words[i : i + run]) in copied:
                found.append((where, " ".join(words[i : i + run])))
    assert not found


# --------------------------------------------------------------------------- malformed files


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


def _edit(root: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_the_copy_loads_like_the_real_data(data_copy: Path) -> None:
    copy = load_setup(data_copy)
    assert {g: len(s.steps) for g, s in copy.games.items()} == {
        g: len(s.steps) for g, s in setup_data().games.items()
    }


BROKEN = [
    pytest.param(
        COVE,
        'id = "faction_festival"\n',
        'id = "faction_festival"\ncolour = "red"\n',
        ["merchants_cove.toml", "module[0] ('faction_festival')", "'colour'"],
        id="unknown-field",
    ),
    pytest.param(
        COVE,
        'targets = ["paladins"]',
        'targets = ["paladin"]',
        ["merchants_cove.toml", "relation[0]", "'targets'", "'paladin'"],
        id="unknown-module-in-relation",
    ),
    pytest.param(
        COVE,
        'group = ["fifth_staff_action_a", "fifth_staff_action_b"]',
        'group = ["fifth_staff_action_a", "sixth_staff_action"]',
        ["relation[", "one_of", "'group'", "'sixth_staff_action'"],
        id="unknown-module-in-one-of",
    ),
    pytest.param(
        COVE,
        'value = "assistants_each * players"',
        'value = "assistants_each ** players"',
        ["merchants_cove.toml", "quantity[2] ('assistants')", "'value'"],
        id="bad-expression",
    ),
    pytest.param(
        COVE,
        'value = "assistants_each * players"',
        'value = "assistants_each * player"',
        ["quantity[2] ('assistants')", "'value'", "'player'"],
        id="unknown-name-in-expression",
    ),
    pytest.param(
        COVE,
        "{assistants} Assistants in all",
        "{helpers} Assistants in all",
        ["step[", "('festival.assistants')", "'text'", "{helpers}"],
        id="unknown-placeholder",
    ),
    pytest.param(
        COVE,
        'when = [{ card_kinds = ["rogue"] }]\n',
        "",
        ["('cove.rogue_card')", "'text'", "{rogue_card}", "card_kinds"],
        id="card-placeholder-without-card-condition",
    ),
    pytest.param(
        COVE,
        'per_player = "assistants_each"',
        'per_player = "assistants"',
        ["relation[", "'per_player'", "depends on the player count"],
        id="limit-depends-on-players",
    ),
    pytest.param(
        COVE,
        'rulings = ["setup.setup_order"]',
        'rulings = ["setup.set_up_order"]',
        ["('cove.base')", "'rulings'", "'setup.set_up_order'"],
        id="unknown-ruling",
    ),
    pytest.param(
        COVE,
        'house_rule = { ruling = "setup.paladin_split", value = "cards_page_hall" }',
        'house_rule = { ruling = "setup.beast_tiers", value = "cards_page_hall" }',
        ["quantity[", "('paladins_in_hall')", "'house_rule.ruling'", "no alternative"],
        id="house-rule-without-alternative",
    ),
    pytest.param(
        COVE,
        'book = "master_craft", section = "Faction Festival", quote = "Celebrate',
        'book = "master_crafts", section = "Faction Festival", quote = "Celebrate',
        ["module[0] ('faction_festival')", "'source.book'", "'master_crafts'"],
        id="unknown-book",
    ),
    pytest.param(
        COVE,
        'game = "merchants_cove"',
        'game = "merchants_cov"',
        ["merchants_cove.toml", "'game'", "'merchants_cov'"],
        id="unknown-game",
    ),
    pytest.param(
        COVE,
        '[[step]]\nid = "cove.base"',
        '[[stepp]]\nid = "cove.base"',
        ["merchants_cove.toml", "'stepp'"],
        id="unknown-table",
    ),
    pytest.param(
        COVE,
        'kind = "incompatible"',
        'kind = "forbids"',
        ["relation[", "'kind'"],
        id="unknown-relation-kind",
    ),
    pytest.param(
        COVE_CARDS,
        'recommended_townsfolk = ["legends", "unknown"]',
        'recommended_townsfolk = ["legend", "unknown"]',
        [
            "merchants_cove_cards.toml",
            "card[",
            "('conspirators')",
            "'recommended_townsfolk'",
            "'legend'",
        ],
        id="unknown-townsfolk-set",
    ),
    pytest.param(
        COVE_CARDS,
        "max_chosen = 1",
        'max_chosen = "one"',
        ["card_kind[0] ('paladin')", "'max_chosen'"],
        id="wrong-type",
    ),
    pytest.param(
        COVE_CARDS,
        'tier = "II"',
        'tier = "IV"',
        ["card[", "('the_cyclops')", "'tier'"],
        id="bad-tier",
    ),
    pytest.param(
        COVE_CARDS,
        'requires = ["faction_festival"]',
        'requires = ["festival"]',
        ["card[", "('oath_of_wisdom')", "'requires'", "'festival'"],
        id="card-unknown-module",
    ),
    pytest.param(
        JOURNEY,
        'id = "journey.shuffle"',
        'id = "journey.deck"',
        ["merchants_journey.toml", "step[1]", "'id'", "repeats"],
        id="repeated-step-id",
    ),
    pytest.param(
        JOURNEY,
        'value = "deck - dealt"',
        'value = "deck - drawn"',
        ["quantity[3] ('draw_pile')", "'drawn'"],
        id="quantity-used-before-defined",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), BROKEN)
def test_a_malformed_setup_file_names_file_entry_and_field(
    data_copy: Path, file: str, old: str, new: str, expected: list[str]
) -> None:
    _edit(data_copy, file, old, new)
    with pytest.raises(DataFileError) as caught:
        load_setup(data_copy)
    message = str(caught.value)
    for part in expected:
        assert part in message, (part, message)


def test_a_missing_setup_directory_fails_clearly(data_copy: Path) -> None:
    shutil.rmtree(data_copy / "setup")
    with pytest.raises(DataFileError, match="no setup files"):
        load_setup(data_copy)


def test_every_setup_file_declares_its_game() -> None:
    files = sorted((data_dir() / "setup").glob("*.toml"))
    assert data_dir() / "setup" / RULINGS_FILE in files  # the tool's rulings, not a game's
    for path in files:
        if path.name == RULINGS_FILE:
            continue
        assert read_toml(path)["game"] in {"merchants_cove", "mercante", "merchants_journey"}
