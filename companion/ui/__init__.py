"""The Flet user interface. Views import the engine and the history store, never the reverse.

Pure view logic (forms, validation, derived state) lives in ``companion.ui.logic`` and imports
no flet, so it is tested without a page; ``companion.ui.views`` turns it into controls.
"""
