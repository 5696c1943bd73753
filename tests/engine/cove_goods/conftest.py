"""The Cove's table tests run its screen too: the screen fixtures of tests/screen_fixtures.py."""

from tests.screen_fixtures import hub, players_who_look, store  # noqa: F401
