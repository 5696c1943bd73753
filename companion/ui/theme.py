"""Colours, type sizes and touch-target sizes: readable at arm's length on a table."""

from __future__ import annotations

import flet as ft

from companion import webapp

SEED_COLOR = "#0B6E69"  # harbour teal
NARROW_MAX_WIDTH = 640  # below this the app uses the bottom navigation bar
TOUCH = 48  # minimum height of anything tappable, in logical pixels
GAP = 12
PAD = 16


# Text colours must be given with the sizes: a TextTheme style without a colour renders black
# even in the dark theme (Flutter does not merge the dark typography in).
LIGHT_TEXT = "#191C1C"
DARK_TEXT = "#E0E3E2"


def _text_theme(color: str) -> ft.TextTheme:
    def style(size: int, weight: ft.FontWeight | None = None) -> ft.TextStyle:
        # The family is named here too: Flet's theme does not pass it on to these styles.
        return ft.TextStyle(size=size, weight=weight, color=color, font_family=webapp.FONT_FAMILY)

    return ft.TextTheme(
        body_small=style(14),
        body_medium=style(16),
        body_large=style(18),
        label_large=style(16, ft.FontWeight.W_600),
        label_medium=style(14),
        title_medium=style(18, ft.FontWeight.W_600),
        title_large=style(22, ft.FontWeight.W_600),
        headline_small=style(24, ft.FontWeight.W_600),
    )


def build_theme(*, dark: bool = False) -> ft.Theme:
    return ft.Theme(
        color_scheme_seed=SEED_COLOR,
        # The bundled font (companion.webapp) has every symbol the app writes (→ − × ½ …);
        # the renderer's own would show empty boxes for them offline.
        font_family=webapp.FONT_FAMILY,
        text_theme=_text_theme(DARK_TEXT if dark else LIGHT_TEXT),
        visual_density=ft.VisualDensity.STANDARD,
    )


def apply_theme(page: ft.Page, mode: str) -> None:
    """Set light/dark/system mode on ``page`` (``mode`` as stored in settings)."""
    if not page.web:  # the browser has the font from its FontManifest before the first frame
        page.fonts = dict(webapp.FONTS)
    # No lerp from Flutter's default theme to ours: halfway through it text is still laid out
    # in the default family, which lacks "→" and sends the renderer looking for a fallback
    # font (seen on a slow first frame). A theme change is instant instead.
    page.theme_animation_style = ft.AnimationStyle.no_animation()
    page.theme = build_theme()
    page.dark_theme = build_theme(dark=True)
    page.theme_mode = {
        "light": ft.ThemeMode.LIGHT,
        "dark": ft.ThemeMode.DARK,
    }.get(mode, ft.ThemeMode.SYSTEM)
