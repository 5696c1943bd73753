"""What every view needs: the page, the history store, the catalogue, navigation, messages."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.rules import Catalogue
from companion.rules.renamed import current_ruling_ids

if TYPE_CHECKING:
    from companion.access import AccessCode
    from companion.history import Store
    from companion.ui.live import LiveSession
    from companion.uploads import Uploads

HOUSE_RULES_KEY = "house_rules"
THEME_KEY = "theme"


@dataclass
class AppContext:
    """Per-session application context handed to every view."""

    page: ft.Page
    store: Store
    catalogue: Catalogue
    db_label: str = ""
    share_url: str | None = None  # the address phones on the network can open, if served so
    access: AccessCode | None = None  # the access code phones need then (companion.access)
    device: str | None = None  # this browser's device id (companion.server.device_of)
    navigate: Callable[[str], None] = field(default=lambda route: None)
    refresh: Callable[[], None] = field(default=lambda: None)
    live: LiveSession | None = None  # this session at the shared tables (companion.ui.live)
    uploads: Uploads | None = None  # where a browser's file to import goes (companion.uploads)
    _file_picker: ft.FilePicker | None = field(default=None, repr=False)
    # The snack bars this session showed lately (one shows at a time; older ones are long
    # gone): a reload closes those still open (close_messages).
    _messages: deque[ft.SnackBar] = field(default_factory=lambda: deque(maxlen=8), repr=False)

    def file_picker(self) -> ft.FilePicker:
        """The session's file picker service (kept referenced so flet doesn't drop it)."""
        if self._file_picker is None:
            self._file_picker = ft.FilePicker()
        return self._file_picker

    # -- messages ---------------------------------------------------------------------------
    def notify(
        self,
        message: str,
        *,
        action: str | None = None,
        on_action: Callable[[], None] | None = None,
        error: bool = False,
    ) -> ft.SnackBar:
        """Show a short message at the bottom of the screen, with an optional action (Undo)."""
        bar = ft.SnackBar(
            content=ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
            bgcolor=ft.Colors.ERROR if error else None,
            action=action,
            on_action=(lambda e: on_action()) if on_action else None,
            duration=ft.Duration(seconds=6 if action else 4),
            show_close_icon=True,
        )
        self.page.show_dialog(bar)
        self._messages.append(bar)
        return bar

    def close_messages(self) -> None:
        """Close the messages still open (after a reload they are old news)."""
        for bar in self._messages:
            if bar.open:
                bar.open = False
        self._messages.clear()

    # -- settings ---------------------------------------------------------------------------
    def setting(self, key: str, default: Any = None) -> Any:
        return self.store.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.store.set_setting(key, value)

    def house_rules(self) -> frozenset[str]:
        """Ids of the rulings whose alternative reading the group has switched on (an id saved
        before its ruling was renamed reads as the current one)."""
        value = self.setting(HOUSE_RULES_KEY, [])
        if not isinstance(value, list):
            return frozenset()
        return frozenset(v for v in current_ruling_ids(value) if isinstance(v, str))

    def set_house_rule(self, ruling_id: str, on: bool) -> None:
        rules = set(self.house_rules())
        if on:
            rules.add(ruling_id)
        else:
            rules.discard(ruling_id)
        self.set_setting(HOUSE_RULES_KEY, sorted(rules))

    @property
    def narrow(self) -> bool:
        from companion.ui.theme import NARROW_MAX_WIDTH

        width = self.page.width
        return width is None or width < NARROW_MAX_WIDTH
