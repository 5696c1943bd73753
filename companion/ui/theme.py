"""Colours, type sizes and touch-target sizes: readable at arm's length on a table."""

from __future__ import annotations

import flet as ft

SEED_COLOR = "#0B6E69"  # harbour teal
NARROW_MAX_WIDTH = 640  # below this the app uses the bottom navigation bar
TOUCH = 48  # minimum height of anything tappable, in logical pixels
GAP = 12
PAD = 16


def _text_theme() -> ft.TextTheme:
    return ft.TextTheme(
        body_small=ft.TextStyle(size=14),
        body_medium=ft.TextStyle(size=16),
        body_large=ft.TextStyle(size=18),
        label_large=ft.TextStyle(size=16, weight=ft.FontWeight.W_600),
        label_medium=ft.TextStyle(size=14),
        title_medium=ft.TextStyle(size=18, weight=ft.FontWeight.W_600),
        title_large=ft.TextStyle(size=22, weight=ft.FontWeight.W_600),
    )


def build_theme() -> ft.Theme:
    return ft.Theme(
        color_scheme_seed=SEED_COLOR,
        text_theme=_text_theme(),
        visual_density=ft.VisualDensity.STANDARD,
    )


def apply_theme(page: ft.Page, mode: str) -> None:
    """Set light/dark/system mode on ``page`` (``mode`` as stored in settings)."""
    page.theme = build_theme()
    page.dark_theme = build_theme()
    page.theme_mode = {
        "light": ft.ThemeMode.LIGHT,
        "dark": ft.ThemeMode.DARK,
    }.get(mode, ft.ThemeMode.SYSTEM)
