"""The web app files: manifest, page, font list and icons are what companion.webapp writes;
the bundled font covers every character the app writes; packaging for phones."""

from __future__ import annotations

import io
import json
import re
import tomllib
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from companion import webapp
from companion.history import db
from companion.webapp import build
from tests.paths import ROOT

ASSETS = Path(webapp.assets_dir())


def test_committed_web_files_are_what_the_build_writes() -> None:
    assert (ASSETS / "manifest.json").read_text(encoding="utf-8") == build.manifest_json()
    # Derived from the installed Flet's own page and font list: a Flet upgrade that changes
    # them shows up here (run python -m companion.webapp.build).
    assert (ASSETS / "index.html").read_text(encoding="utf-8") == build.index_html()
    changed = ASSETS / webapp.CODE_CHANGED_PATH.lstrip("/")
    assert changed.read_text(encoding="utf-8") == build.code_changed_html()
    font_list = ASSETS / "assets" / "FontManifest.json"
    assert font_list.read_text(encoding="utf-8") == build.font_manifest()
    for name in build.RIVE_PATHS:
        assert (ASSETS / name).read_text(encoding="utf-8") == build.RIVE_STUB


def test_manifest_is_an_installable_web_app() -> None:
    manifest = json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "Merchant's Companion" and manifest["short_name"] == "Companion"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9A-F]{6}", manifest["theme_color"])
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert purposes == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    }


@pytest.mark.parametrize(("name", "size", "purpose"), webapp.ICONS)
def test_icons_have_their_sizes_and_shapes(name: str, size: int, purpose: str | None) -> None:
    with Image.open(ASSETS / name) as image:
        assert image.size == (size, size)
        rgba = image.convert("RGBA")
        corner = rgba.getpixel((0, 0))
        centre = rgba.getpixel((size // 2, size // 2))
    assert isinstance(corner, tuple) and isinstance(centre, tuple)
    assert centre[3] == 255
    if purpose == "maskable":
        assert corner[3] == 255  # full bleed: a phone crops it to its own shape
    elif name.startswith("icons/icon-"):
        assert corner[3] == 0  # rounded corners on transparency


def _written_characters() -> set[str]:
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "companion").rglob("*.py")]
    texts += [p.read_text(encoding="utf-8") for p in (ROOT / "data").rglob("*.toml")]
    return {ch for text in texts for ch in text if ord(ch) > 127}


@pytest.mark.parametrize("font", webapp.FONT_FILES)
def test_the_bundled_font_covers_every_character_the_app_writes(font: str) -> None:
    with TTFont(ASSETS / font) as face:
        covered = set(face.getBestCmap())
    wanted = _written_characters()
    assert {"→", "−", "×", "½", "·"} <= wanted  # the scan finds what the app writes
    missing = sorted(ch for ch in wanted if ord(ch) not in covered)
    assert missing == [], f"{font} lacks {missing!r}"
    assert (ASSETS / "assets" / "fonts" / "DejaVu-LICENSE.txt").is_file()


def _shapes(data: bytes) -> dict[int, tuple[object, ...]]:
    """What a font draws for each character: its advance and its outline, point by point
    (glyph order and table layout may differ between fontTools versions; these may not)."""
    with TTFont(io.BytesIO(data)) as face:
        glyphs, metrics = face["glyf"], face["hmtx"]
        shapes: dict[int, tuple[object, ...]] = {}
        for code, name in face.getBestCmap().items():
            coordinates, ends, _flags = glyphs[name].getCoordinates(glyphs)
            shapes[code] = (metrics[name], tuple(coordinates), tuple(ends))
    return shapes


@pytest.mark.parametrize("font", webapp.FONT_FILES)
def test_the_font_is_the_full_one_cut_to_what_the_app_writes_and_players_type(font: str) -> None:
    """The committed font is what ``python -m companion.webapp.build`` makes of the full font
    in ``companion/webapp/fonts/``: every character it keeps drawn as the full font draws it,
    nothing more."""
    committed = (ASSETS / font).read_bytes()
    made = build.app_fonts()[font]
    assert _shapes(committed) == _shapes(made), "run python -m companion.webapp.build"
    full = _shapes((build.FONT_SOURCES / Path(font).name).read_bytes())
    kept = _shapes(committed)
    assert set(kept) == build.font_characters() & set(full)
    assert all(kept[code] == full[code] for code in kept)
    assert {ord(ch) for ch in "Zoë Łukasz Ærø “€”"} <= set(kept)  # names players type
    assert len(committed) < len((build.FONT_SOURCES / Path(font).name).read_bytes()) / 10


def test_a_phone_build_keeps_the_history_in_flets_app_storage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "storage"))
    url = db.default_url()
    assert url == f"sqlite:///{tmp_path / 'storage' / db.DEFAULT_FILE_NAME}"
    assert (tmp_path / "storage").is_dir()


def test_packaging_names_the_postgres_extra_and_the_phone_build() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    core = " ".join(project["project"]["dependencies"])
    assert "psycopg" not in core  # no phone build has a wheel of the driver
    extras = project["project"]["optional-dependencies"]
    assert any(d.startswith("psycopg2-binary") for d in extras["postgres"])
    flet = project["tool"]["flet"]
    assert flet["product"] == webapp.APP_NAME
    web = flet["web"]  # the built web app's manifest: the same colours as ours
    assert (web["pwa_background_color"], web["pwa_theme_color"]) == (
        webapp.BACKGROUND_LIGHT,
        webapp.THEME_COLOR,
    )
    module = flet["app"]["module"]
    assert (ROOT / flet["app"]["path"] / f"{module}.py").is_file()
    assert (ROOT / "assets" / "icon.png").is_file()  # what flet build makes app icons of
    assert "[postgres]" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "merchants-companion[postgres]" in (ROOT / "companion/history/db.py").read_text(
        encoding="utf-8"
    )


def test_the_desktop_window_gets_the_same_assets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Desktop mode: ``ft.run`` with our assets folder (font, icon) and nothing from a CDN."""
    import flet as ft

    from companion import cli

    runs: list[dict[str, object]] = []
    monkeypatch.setattr(cli, "desktop_client_available", lambda: (True, ""))
    monkeypatch.setattr(ft, "run", lambda main, **options: runs.append(options))
    assert cli.main(["--db", f"sqlite:///{tmp_path / 'history.sqlite3'}"]) == 0
    [options] = runs
    assert options["view"] == ft.AppView.FLET_APP
    assert options["assets_dir"] == webapp.assets_dir() and options["no_cdn"] is True
    assert (Path(str(options["assets_dir"])) / webapp.FONT_FILES[0]).is_file()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://x@127.0.0.1/y",
        "postgresql+psycopg2://x@127.0.0.1/y",
        "postgresql+psycopg://x@127.0.0.1/y",
    ],
)
def test_without_a_postgres_driver_the_message_names_the_extra(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where neither driver is installed (the core install, a phone build), any PostgreSQL
    URL, with or without its driver named, says which extra to install."""
    import sys

    from companion.history import StoreError, open_store

    for module in ("psycopg2", "psycopg"):  # import raises, find_spec finds nothing
        monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(StoreError, match=r"merchants-companion\[postgres\]"):
        open_store(url)


def test_the_phone_build_opens_its_history_in_flets_app_storage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``main.py`` (what ``flet build`` packages) runs the app on a history in the folder
    Flet names, with our assets (font, icon)."""
    import runpy

    import flet as ft

    storage = tmp_path / "storage"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(storage))
    monkeypatch.delenv("COMPANION_DB", raising=False)
    runs: list[dict[str, object]] = []
    monkeypatch.setattr(ft, "run", lambda main, **options: runs.append(options))
    runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
    [options] = runs
    assert options["assets_dir"] == webapp.assets_dir()
    assert (storage / db.DEFAULT_FILE_NAME).is_file()


@pytest.mark.parametrize(("name", "size", "purpose"), webapp.ICONS)
def test_committed_icons_are_what_the_build_draws(
    name: str, size: int, purpose: str | None
) -> None:
    """Pixel for pixel (a PNG's bytes vary with Pillow's encoder): a change to the drawing
    shows up here until ``python -m companion.webapp.build`` has been run."""
    from companion.webapp.icons import draw_icon

    drawn = draw_icon(size, maskable=purpose == "maskable").convert("RGBA")
    with Image.open(ASSETS / name) as image:
        committed = image.convert("RGBA")
    assert committed.size == drawn.size
    assert committed.tobytes() == drawn.tobytes(), name
