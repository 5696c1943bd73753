"""Every screen test gets a SQLite store of its own and the hub on it, and may ask for
``players_who_look`` (all in tests/screen_fixtures.py); every message a screen shows in a test
is checked for the words of code when it ends (tests/ui/words_seen.py, issue 21)."""

from tests.screen_fixtures import hub, players_who_look, store  # noqa: F401
from tests.ui.words_seen import words_seen  # noqa: F401
