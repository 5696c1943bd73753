"""The app as an installable, offline web app and phone app: names, colours, icons, font.

Everything a browser or ``flet build`` needs beside the Python code lives in one assets
folder (``assets/`` in a checkout, ``companion/_assets`` when installed), served by Flet's web
server from ``assets_dir``:

- ``manifest.json`` — the web app manifest: our name, short name, standalone display, theme
  and background colours of the light theme, and icons at the sizes browsers ask for (192 and
  512 pixels, plain and maskable). Flet serves an ``assets_dir``'s ``manifest.json`` in place
  of its own.
- ``index.html`` — Flet's page with our title, the light and dark theme colours, and two
  scripts. One keeps the page off the internet: Flutter's Rive animation runtime would be
  fetched from a CDN on every load; the script points that request at ``rive/``, whose stub
  declines, and Flutter carries on without Rive (the app shows no Rive animations). The other
  says what the phone is doing when the computer cannot be reached: Flet's client shows a
  bare "Working..." while it reconnects (its words are built into the client), so the page
  covers it with its own "Reconnecting to the table…" and what is kept, and takes it away
  when the app answers again; a page shut out by a new access code goes to
  ``code-changed.html``, the join screen saying so.
- ``code-changed.html`` — the join screen (``companion.server.join_page``) with
  :data:`companion.access.SHUT_OUT_MESSAGE` above the code, served without the code
  (:data:`CODE_CHANGED_PATH`); joining from it opens the app at ``/``.
- ``icons/``, ``favicon.png``, ``icon.png`` — our own icon, drawn by
  :mod:`companion.webapp.icons` (``icon.png`` is the source ``flet build`` makes app icons of).
- ``assets/fonts/`` — DejaVu Sans Condensed (Debian's fonts-dejavu-core 2.37, with its
  licence): the renderer has no local font for "→", "−", "×" and friends and cannot fetch one
  offline, so the theme uses this one everywhere (:data:`FONT_FAMILY`). It is cut down to the
  characters the app writes and players type (36 KB instead of 680 KB a weight) from the full
  fonts in ``companion/webapp/fonts/``. In the browser it is registered in
  ``assets/FontManifest.json`` (the Material icons of Flet's own list plus this family; the
  Cupertino icons and KaTeX fonts Flet lists are never used by the app, so a phone does not
  load them), elsewhere through ``page.fonts`` (:data:`FONTS`).

``python -m companion.webapp.build`` writes ``manifest.json``, ``index.html``,
``code-changed.html``, ``assets/FontManifest.json``, the font and the icons again (a test
checks the committed ones are what it writes).

``companion.cli`` passes :func:`assets_dir`, :data:`APP_NAME`, :data:`APP_SHORT_NAME`,
:data:`APP_DESCRIPTION` and :data:`PUBLIC_PATHS` to ``companion.server.build_app`` (the
desktop window gets ``ft.run(assets_dir=...)``). Behind the access code, the manifest and
icons are served to anyone and the join screen links them (:data:`INSTALL_HEAD`), so a
phone can add the app to its home screen before or after joining; the installed app opens at
``/``, which is the join screen until that device has joined.
"""

from __future__ import annotations

from pathlib import Path

APP_NAME = "Merchant's Companion"
APP_SHORT_NAME = "Companion"
APP_DESCRIPTION = (
    "Setup helper, rules assistant and score pad for merchant board games, at the table."
)
#: The theme's seed colour (companion.ui.theme.SEED_COLOR): the browser's toolbar colour.
THEME_COLOR = "#0B6E69"
#: Page backgrounds of the light and dark themes (Material 3 surfaces of the teal seed).
BACKGROUND_LIGHT = "#F4FBF9"
BACKGROUND_DARK = "#0E1514"
# Condensed: about as wide as the renderer's own Roboto, so labels that fit still fit.
FONT_FAMILY = "DejaVu Sans Condensed"
#: The font files, relative to the assets folder (regular, bold). They sit where Flutter's
#: web engine looks for the fonts of its FontManifest.json (``assets/``), which it loads before
#: the first frame, so no text is ever drawn without them.
FONT_FILES = ("assets/fonts/DejaVuSansCondensed.ttf", "assets/fonts/DejaVuSansCondensed-Bold.ttf")
#: For ``page.fonts`` where there is no FontManifest (the desktop window, a phone build).
FONTS = {FONT_FAMILY: FONT_FILES[0]}
#: Icon files: (path in the assets folder, size in pixels, manifest purpose or None).
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-192.png", 192, "maskable"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
    ("icons/apple-touch-icon-192.png", 192, None),
    ("icons/loading-animation.png", 512, None),
    ("favicon.png", 32, None),
    ("icon.png", 1024, None),
)

#: What a browser needs to install the app, served without the access code (from the join
#: screen too): the manifest and the icons it and the pages name. They hold nothing of anyone's
#: history; the pages, the app's code and its fonts still need the code.
#: The join screen saying the access code was changed, where a page shut out by a new code
#: goes by itself (written by ``companion.webapp.build``; no app, no data: served to anyone).
CODE_CHANGED_PATH = "/code-changed.html"
PUBLIC_PATHS = (
    "/manifest.json",
    *(f"/{path}" for path, _size, _purpose in ICONS),
    CODE_CHANGED_PATH,
)
#: The join screen's lines for installing (the same manifest and icons as Flet's page links).
INSTALL_HEAD = f"""<link rel="manifest" href="/manifest.json">
<link rel="icon" type="image/png" href="/favicon.png">
<link rel="apple-touch-icon" href="/icons/apple-touch-icon-192.png">
<meta name="theme-color" content="{THEME_COLOR}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="{BACKGROUND_DARK}" media="(prefers-color-scheme: dark)">
<meta name="mobile-web-app-capable" content="yes">
<meta name="apple-mobile-web-app-title" content="{APP_SHORT_NAME}">
"""

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_REPO_DIR = _PACKAGE_DIR.parent


def assets_dir() -> str:
    """The assets folder to serve: the installed copy, else ``assets/`` of the checkout."""
    installed = _PACKAGE_DIR / "_assets"
    if installed.is_dir():
        return str(installed)
    return str(_REPO_DIR / "assets")


def manifest() -> dict[str, object]:
    """The web app manifest (what ``manifest.json`` holds)."""
    return {
        "name": APP_NAME,
        "short_name": APP_SHORT_NAME,
        "description": APP_DESCRIPTION,
        "id": "/",
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_LIGHT,
        "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": [
            {"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
            if purpose is not None
        ],
    }
