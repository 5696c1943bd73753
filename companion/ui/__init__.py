"""The Flet user interface. Screens import the engine and the history store, never the reverse.

One package per tool (``companion.ui.<tool>``): its routes and open function in
``__init__``, ``lobby.py``, ``screen.py``, one component a file in ``parts/``, and a
flet-free ``model/`` (drafts, forms, words, why-links, the old save), tested without a page.
What the tools share: ``kit/`` (screen parts) and ``model/`` (flet-free).
"""
