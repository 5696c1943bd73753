"""The sale-value rulings (data/cove_goods/rulings.toml) against the engine that follows them.

Each ruling's worked example is priced here under the reading and, where there is one, under
the alternative; the working the engine prints must be the one the ruling's text quotes, so a
ruling and the engine cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import Good, HouseRules, Pier, sale_value, sell_at_pier
from companion.rules import catalogue, data_dir, load_entries
from companion.rules.models import Ruling
from tests.paths import rulebook

RULINGS_FILE = data_dir() / "cove_goods" / "rulings.toml"
CONSTANTS = {getattr(cg, name) for name in dir(cg) if name.startswith("RULING_")}


def _file_rulings() -> tuple[Ruling, ...]:
    return load_entries(RULINGS_FILE, "ruling", Ruling)


def test_every_ruling_of_the_file_is_one_the_engine_names() -> None:
    assert {r.id for r in _file_rulings()} == CONSTANTS


def test_the_rulings_are_merchants_cove_rulings_in_the_catalogue() -> None:
    for ruling_id in CONSTANTS:
        ruling = catalogue().ruling(ruling_id)
        assert ruling.game == "merchants_cove"
        assert all(s.book == "master_craft" for s in ruling.sources)


def test_house_rules_are_exactly_the_rulings_with_an_alternative() -> None:
    assert {r.id for r in _file_rulings() if r.has_house_rule} == cg.SUPPORTED
    for ruling in _file_rulings():
        assert bool(ruling.alternative) == bool(ruling.alternative_label), ruling.id


Example = Callable[[HouseRules], str]

# ruling id -> the worked example, priced under the given house rules, as working text.
EXAMPLES: dict[str, Example] = {
    cg.RULING_PIER_MULTIPLIER: lambda house: (
        sell_at_pier(Pier.of(nobles=2, paladins=1), [Good(3, "nobles")], house=house)
        .lines[0]
        .sale.text
    ),
    cg.RULING_MODIFIER_ORDER: lambda house: (
        sale_value(
            3, 2, display_case=True, enchanted=True, un_fairies_rogues_at_pier=1, house=house
        ).text
    ),
    cg.RULING_ENCHANTMENT_BASE: lambda house: sale_value(3, 4, enchanted=True, house=house).text,
    cg.RULING_FENCE_NO_PIER: lambda house: sale_value(3, None, fence=True, house=house).text,
    cg.RULING_ENCHANTED_FENCE: lambda house: (
        sale_value(4, None, enchanted=True, fence=True, house=house).text
    ),
    cg.RULING_DISPLAY_CASE_SHELF: lambda house: (
        cg.fence_sale(Good(3, "bards", display_case=True), house=house).text
    ),
    cg.RULING_BASE_FLOOR: lambda house: (
        sale_value(1, 3, un_fairies_rogues_at_pier=2, house=house).text
    ),
    cg.RULING_PALADIN_COLOUR: lambda house: (
        sell_at_pier(
            Pier.of(warriors=2, wizards=3, paladins=2),
            [Good(4, "warriors"), Good(3, "wizards")],
            house=house,
        ).text
    ),
    cg.RULING_PALADIN_GOOD_PALADINS: lambda house: (
        sell_at_pier(Pier.of(wizards=3, paladins=2), [Good.paladin_good()], house=house)
        .lines[0]
        .sale.text
    ),
    cg.RULING_PALADIN_GOOD_ROGUES: lambda house: (
        sell_at_pier(Pier.of(warriors=1, rogues=4), [Good.paladin_good()], house=house)
        .lines[0]
        .sale.text
    ),
}


def test_every_ruling_with_figures_has_an_example_here() -> None:
    with_figures = {r.id for r in _file_rulings() if "gold" in r.reading}
    assert with_figures == set(EXAMPLES)


@pytest.mark.parametrize("ruling_id", sorted(EXAMPLES))
def test_ruling_worked_example_reading(ruling_id: str) -> None:
    ruling = catalogue().ruling(ruling_id)
    working = EXAMPLES[ruling_id](cg.STANDARD)
    assert working in ruling.reading, f"{ruling_id}: {working!r} not in the reading"


@pytest.mark.parametrize("ruling_id", sorted(cg.SUPPORTED & set(EXAMPLES)))
def test_ruling_worked_example_alternative(ruling_id: str) -> None:
    ruling = catalogue().ruling(ruling_id)
    assert ruling.alternative is not None
    if ruling_id == cg.RULING_DISPLAY_CASE_SHELF:
        # The other reading refuses the sale outright rather than pricing it.
        with pytest.raises(cg.ShelfError, match="Display Case"):
            EXAMPLES[ruling_id](HouseRules.of(ruling_id))
        assert "refuses" in ruling.alternative
        return
    working = EXAMPLES[ruling_id](HouseRules.of(ruling_id))
    assert working in ruling.alternative, f"{ruling_id}: {working!r} not in the alternative"
    assert working != EXAMPLES[ruling_id](cg.STANDARD), "the readings must differ on it"


def test_rulings_display_case_shelf_alternative_also_refuses_an_enchantment() -> None:
    house = HouseRules.of(cg.RULING_DISPLAY_CASE_SHELF)
    with pytest.raises(cg.ShelfError, match="Enchantment"):
        sale_value(3, 2, display_case=True, enchanted=True, house=house)
    assert sale_value(3, 2, display_case=True, house=house).value == 10


def test_rulings_one_rogue_card_refuses_un_fairies_with_the_fence() -> None:
    with pytest.raises(cg.RogueCardError, match=cg.RULING_ONE_ROGUE_CARD):
        sale_value(3, None, fence=True, un_fairies_rogues_at_pier=1)


def test_rulings_pier_sale_names_the_rulings_it_rests_on() -> None:
    sale = sell_at_pier(
        Pier.of(warriors=2, wizards=3, paladins=2, rogues=1),
        [Good(4, "warriors", display_case=True, enchanted=True), Good.paladin_good()],
        un_fairies=True,
    )
    assert set(sale.rulings) == {
        cg.RULING_PALADIN_COLOUR,
        cg.RULING_MODIFIER_ORDER,
        cg.RULING_ENCHANTMENT_BASE,
        cg.RULING_DISPLAY_CASE_SHELF,  # an Enchantment on a Good from a Display Case
        cg.RULING_PALADIN_GOOD_PALADINS,
        cg.RULING_PALADIN_GOOD_ROGUES,
    }
    assert cg.sell_at_pier(Pier.of(bards=2), [Good(2, "bards")]).rulings == ()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_rulings_are_in_our_own_words() -> None:
    """No run of seven words of a ruling's question, reading or alternative is copied from a
    rulebook (the app shows these; quotes stay in the sources, which it never shows)."""
    run = 7
    copied: set[tuple[str, ...]] = set()
    for book in catalogue().books.values():
        path = rulebook(book.file)
        words = _words(path.read_text(encoding="utf-8"))
        copied |= {tuple(words[i : i + run]) for i in range(len(words) - run + 1)}
    found = []
    for ruling in _file_rulings():
        for text in (ruling.question, ruling.reading, ruling.alternative or ""):
            words = _words(text)
            found += [
                (ruling.id, " ".join(words[i : i + run]))
                for i in range(len(words) - run + 1)
                if tuple(words[i : i + run]) in copied
            ]
    assert not found
