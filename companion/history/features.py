"""What a play was played with: its modules and expansions, as the history keeps them.

A module of a catalogue game that the setup data knows (Merchants Cove's Faction Festival,
say) is kept under its setup id (``"faction_festival"``), whether it was handed in by id, by
name or as running text names it ("the Faction Festival"), so that one module is one thing to
filter and count by. An expansion the history knows (Master Craft, The Entertainer) is kept
under its short name, whether given as its book id or as BG Stats names it ("Merchants Cove:
Master Craft"). Anything else is kept as typed (spaces tidied). Plays stored before this
(module names rather than ids) still count: every question asked of the history is answered
over all the spellings of a module (:func:`spellings`).
"""

from __future__ import annotations

import functools
from typing import Literal

from companion.rules import catalogue
from companion.text import name_key, normal_text

Kind = Literal["module", "expansion"]

#: The published expansions of a catalogue game, each as (book id, the name BG Stats and
#: BoardGameGeek give it, the short name the history keeps).
EXPANSIONS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "merchants_cove": (
        ("master_craft", "Merchants Cove: Master Craft", "Master Craft"),
        ("entertainer", "Merchants Cove: The Entertainer", "The Entertainer"),
    ),
}


@functools.lru_cache(maxsize=512)
def game_key(title: str) -> str | None:
    """The catalogue id of a game string ("mercante", "Mercante"), or None for a typed title."""
    text = normal_text(title)
    cat = catalogue()
    game = next((g for g in cat.games if g.id == text), None) or cat.game_by_name(text)
    return None if game is None or game.is_other else game.id


@functools.cache
def _modules(key: str) -> tuple[tuple[str, str, str], ...]:
    """(id, name, book) of each module the setup data lists for a catalogue game."""
    from companion.engine.setup.facts import setup_data

    setup = setup_data().games.get(key)
    if setup is None:
        return ()
    return tuple((m.id, m.name, m.source.book) for m in setup.modules)


@functools.cache
def _module_ids(key: str) -> dict[str, str]:
    """Every spelling of a catalogue game's modules (folded) → the module's id."""
    from companion.engine.setup.facts import setup_data

    found: dict[str, str] = {}
    setup = setup_data().games.get(key)
    for module in setup.modules if setup is not None else ():
        for spelling in (module.id, module.name, module.called or module.name):
            found.setdefault(name_key(spelling), module.id)
        if module.called and name_key(module.called).startswith("the "):
            found.setdefault(name_key(module.called)[4:], module.id)
    return found


@functools.cache
def _expansion_names(key: str) -> dict[str, str]:
    """Every spelling of a catalogue game's expansions (folded) → the short name kept."""
    found: dict[str, str] = {}
    for book, full, short in EXPANSIONS.get(key, ()):
        for spelling in (book, full, short):
            found[name_key(spelling)] = short
    return found


def canonical(key: str | None, kind: Kind, text: str) -> str:
    """How the history keeps a module or expansion of the game ``key`` (see the module)."""
    if key is None:
        return text
    table = _module_ids(key) if kind == "module" else _expansion_names(key)
    return table.get(name_key(text), text)


def catalogue_modules(key: str | None) -> tuple[str, ...]:
    """The module ids the setup data lists for a catalogue game (none for other games)."""
    return () if key is None else tuple(m[0] for m in _modules(key))


def label(key: str | None, kind: Kind, value: str) -> str:
    """A stored module or expansion in players' words: ``"faction_festival"`` → ``"Faction
    Festival"``; anything the catalogue does not know as it was typed."""
    if kind == "module" and key is not None:
        for module_id, name, _ in _modules(key):
            if module_id == value:
                return name
    return value


def spellings(key: str | None, kind: Kind, text: str) -> frozenset[str]:
    """Every stored form that means the module or expansion ``text`` of game ``key``: the
    canonical one and the others a play stored before may hold (its name, its id)."""
    kept = canonical(key, kind, text)
    forms = {text, kept}
    if key is not None and kind == "module":
        for module_id, name, _ in _modules(key):
            if module_id == kept:
                forms.add(name)
    elif key is not None:
        for book, full, short in EXPANSIONS.get(key, ()):
            if short == kept:
                forms.update((book, full))
    return frozenset(forms)


def expansion_of(key: str | None, module: str) -> str | None:
    """The expansion a module of game ``key`` comes in (its short name), or None:
    ``"faction_festival"`` of Merchants Cove is Master Craft's, ``"entertainer"`` The
    Entertainer's. An expansion's own name (as an old play may hold it) is that expansion."""
    if key is None or key not in EXPANSIONS:
        return None
    kept = canonical(key, "module", module)
    books = {module_id: book for module_id, _, book in _modules(key)}
    book = books.get(kept)
    for book_id, _, short in EXPANSIONS[key]:
        if book == book_id:
            return short
    named = _expansion_names(key).get(name_key(module))
    return named


def running_name(key: str | None, kind: Kind, value: str) -> str:
    """A stored module or expansion as running text names it: ``"faction_festival"`` →
    ``"the Faction Festival"``, an expansion by its short name (``"Master Craft"``)."""
    if kind == "module" and key is not None:
        from companion.engine.setup.facts import setup_data

        setup = setup_data().games.get(key)
        for module in setup.modules if setup is not None else ():
            if module.id == value:
                return module.label
    return label(key, kind, value)
