"""``python -m companion.webapp.build``: write the web app files of the assets folder again.

Writes ``manifest.json``, ``index.html`` (Flet's own page with our names, colours, the
offline Rive redirect and the words for a lost connection and for a device a new access code
shut out), ``code-changed.html`` (the join screen saying the code was changed),
``assets/FontManifest.json`` (the fonts the app uses), the Rive stubs, the icons (needs
Pillow, a test extra) and the app's font: DejaVu Sans Condensed cut down to the characters the
app writes and players type (needs fontTools, a test extra). The full fonts it is cut from are
in ``companion/webapp/fonts/`` (Debian's fonts-dejavu-core 2.37), which is not shipped.
"""

from __future__ import annotations

import html
import io
import json
import logging
import sys
from pathlib import Path

from companion import webapp

#: The checkout: the app's code and data (what it writes) and the full fonts.
REPO = Path(__file__).resolve().parents[2]
#: The full fonts the app's font is cut from, by file name (not shipped).
FONT_SOURCES = Path(__file__).resolve().parent / "fonts"
#: The families of Flet's font list a page loads that the app uses: Material icons. Flet's
#: list also names the Cupertino icons and the KaTeX fonts of Markdown's formulas (about
#: 0.8 MB a phone would fetch before the first screen), which no screen of the app shows.
#: Flet adds Roboto itself, the renderer's fallback for letters the app's font does not have.
FLET_FONT_FAMILIES = ("MaterialIcons",)
#: Besides what the app's own code and data write: what players type at the table, names
#: from across Europe (Latin-1 and Latin Extended-A) and the punctuation phones put in for
#: them (dashes, curly quotes, the ellipsis), and the euro sign. Letters beyond (Greek,
#: Cyrillic, Vietnamese...) come from Flet's Roboto.
TYPED = (
    range(0x20, 0x7F),
    range(0xA0, 0x180),
    range(0x2010, 0x2028),
    range(0x2030, 0x203B),
    range(0x20AC, 0x20AD),
)

RIVE_PATHS = ("rive/wasm/rive_native.js", "rive/wasm_compatibility/rive_native.js")

RIVE_STUB = """\
// Merchant's Companion: stands in for Rive's WebAssembly runtime, which the app does not ship
// (it shows no Rive animations). It declines, and Flutter carries on without Rive.
window.RiveNative = function () {
  return Promise.reject(new Error("Rive is not part of this app"));
};
"""

# Flutter's Rive plugin adds a <script> for its runtime from a CDN on every page load. This
# points that script (only that one) at the local stub instead, so a page load stays on the
# app's own server.
OFFLINE_SCRIPT = """\
  <script>
    // Merchant's Companion: keep the page off the internet (see companion/webapp).
    (function () {
      var cdn = /^https:\\/\\/cdn\\.jsdelivr\\.net\\/npm\\/@rive-app\\/[^/]+@[^/]+\\//;
      function local(url) {
        return typeof url === "string" && cdn.test(url) ? url.replace(cdn, "rive/") : url;
      }
      var src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
      Object.defineProperty(HTMLScriptElement.prototype, "src", {
        configurable: true,
        enumerable: src.enumerable,
        get: function () { return src.get.call(this); },
        set: function (value) { src.set.call(this, local(value)); }
      });
      var setAttribute = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (name, value) {
        if (this instanceof HTMLScriptElement && String(name).toLowerCase() === "src") {
          value = local(value);
        }
        return setAttribute.call(this, name, value);
      };
    })();
  </script>

"""

# What the page says about its connection to the computer (companion.server). Flet's client
# shows a bare "Working..." while it reconnects, words built into the client with no setting
# to change them; this script watches the page's WebSocket instead:
# - the connection lost (the server restarting, the Wi-Fi dropping): a banner of the page's own
#   covers the client with "Reconnecting to the table…" and what is kept, until the app answers
#   on a new connection (Flet's client reconnects by itself);
# - closed with code 4001 (a new access code shut this device out), or refused at the door
#   while a request for the page gets the join screen (shut out while away): the page goes to
#   the join screen saying the code was changed.
CONNECTION_SCRIPT = """\
  <script>
    // Merchant's Companion: say what the phone is doing when the table cannot be reached.
    (function () {
      var Native = window.WebSocket;
      var banner = null;
      var leaving = false;
      var probed = 0;
      window.addEventListener("pagehide", function () { leaving = true; });
      window.addEventListener("beforeunload", function () { leaving = true; });
      function shutOut() {
        leaving = true;
        window.location.replace("CODE_CHANGED");
      }
      function show() {
        if (leaving) {
          return;
        }
        if (banner === null) {
          banner = document.createElement("div");
          banner.id = "connection";
          banner.setAttribute("role", "alert");
          banner.innerHTML = "BANNER";
          document.body.appendChild(banner);
        }
        banner.style.display = "flex";
      }
      function hide() {
        if (banner !== null && banner.style.display !== "none") {
          banner.style.display = "none";
        }
      }
      function probe() {
        var now = Date.now();
        if (leaving || now - probed < 2000) {
          return;
        }
        probed = now;
        fetch("/", { cache: "no-store", credentials: "same-origin", redirect: "manual" })
          .then(function (answer) {
            if (answer.status === 403) {
              shutOut();
            }
          }, function () {});
      }
      window.WebSocket = new Proxy(Native, {
        construct: function (target, args) {
          var socket = Reflect.construct(target, args);
          var opened = false;
          socket.addEventListener("open", function () { opened = true; });
          socket.addEventListener("message", hide);
          socket.addEventListener("close", function (event) {
            if (event.code === 4001) {
              shutOut();
              return;
            }
            show();
            if (!opened) {
              probe();
            }
          });
          return socket;
        }
      });
    })();
  </script>

"""

#: The banner over the page while the computer cannot be reached (HTML, inside the script).
RECONNECTING_TITLE = "Reconnecting to the table…"
RECONNECTING_KEPT = "Your moves so far are saved on the laptop."
RECONNECTING_BACK = "This page comes back by itself as soon as the laptop answers."

BANNER_STYLE = """\
  <style>
    #connection {
      position: fixed;
      inset: 0;
      z-index: 2147483647;
      display: none;
      align-items: center;
      justify-content: center;
      padding: 24px;
      background: rgba(244, 251, 249, 0.94);
      color: #161d1c;
      font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    }
    #connection .box {
      max-width: 22rem;
      text-align: center;
    }
    #connection .title {
      font-size: 1.25rem;
      font-weight: 600;
      margin: 16px 0 8px;
    }
    #connection p {
      margin: 0 0 8px;
    }
    #connection .spinner {
      width: 32px;
      height: 32px;
      margin: 0 auto;
      border: 3px solid #0b6e69;
      border-right-color: transparent;
      border-radius: 50%;
      animation: connection-spin 1s linear infinite;
    }
    @keyframes connection-spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-color-scheme: dark) {
      #connection {
        background: rgba(14, 21, 20, 0.94);
        color: #dde4e2;
      }
      #connection .spinner {
        border-color: #80d5cd;
        border-right-color: transparent;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      #connection .spinner {
        animation: none;
      }
    }
  </style>
"""


def banner_html() -> str:
    """The banner's content (quoted into the script as a JavaScript string)."""
    return (
        '<div class=\\"box\\"><div class=\\"spinner\\" aria-hidden=\\"true\\"></div>'
        f'<p class=\\"title\\">{html.escape(RECONNECTING_TITLE)}</p>'
        f"<p>{html.escape(RECONNECTING_KEPT)}</p>"
        f"<p>{html.escape(RECONNECTING_BACK)}</p></div>"
    )


def connection_script() -> str:
    return BANNER_STYLE + CONNECTION_SCRIPT.replace(
        "CODE_CHANGED", webapp.CODE_CHANGED_PATH
    ).replace("BANNER", banner_html())


def code_changed_html() -> str:
    """The join screen saying the access code was changed (:data:`webapp.CODE_CHANGED_PATH`);
    its form joins at ``/`` (the page's own address is not the app's)."""
    from companion.webapp.join import join_page

    return join_page(installable=True, changed=True, action="/").decode("utf-8")


def flet_index() -> str:
    """Flet's own ``index.html`` (from the installed flet-web package)."""
    from flet_web import get_package_web_dir

    return (Path(get_package_web_dir()) / "index.html").read_text(encoding="utf-8")


def _replace(text: str, old: str, new: str) -> str:
    if old not in text:
        raise ValueError(f"Flet's index.html has changed: {old!r} not found")
    return text.replace(old, new)


def index_html(source: str | None = None) -> str:
    """Flet's page with our title, description, theme colours and the offline script."""
    text = flet_index() if source is None else source
    text = _replace(
        text,
        '<meta name="description" content="Flet application.">',
        f'<meta name="description" content="{webapp.APP_DESCRIPTION}">\n'
        f'  <meta name="theme-color" content="{webapp.THEME_COLOR}" '
        'media="(prefers-color-scheme: light)">\n'
        f'  <meta name="theme-color" content="{webapp.BACKGROUND_DARK}" '
        'media="(prefers-color-scheme: dark)">',
    )
    text = _replace(
        text,
        '<meta name="apple-mobile-web-app-title" content="Flet">',
        f'<meta name="apple-mobile-web-app-title" content="{webapp.APP_NAME}">',
    )
    text = _replace(text, "<title>Flet</title>", f"<title>{webapp.APP_NAME}</title>")
    text = _replace(text, "background: #ffffff;", f"background: {webapp.BACKGROUND_LIGHT};")
    text = _replace(text, "background: #222222;", f"background: {webapp.BACKGROUND_DARK};")
    text = _replace(
        text,
        "  <!-- fletAppConfig -->",
        OFFLINE_SCRIPT + connection_script() + "  <!-- fletAppConfig -->",
    )
    return text


def font_manifest(source: str | None = None) -> str:
    """Flet's FontManifest.json with only the families the app uses (see
    :data:`FLET_FONT_FAMILIES`) and ours (Flet adds Roboto itself)."""
    from flet_web import get_package_web_dir

    if source is None:
        source = (Path(get_package_web_dir()) / "assets" / "FontManifest.json").read_text(
            encoding="utf-8"
        )
    fonts = [entry for entry in json.loads(source) if entry["family"] in FLET_FONT_FAMILIES]
    regular, bold = webapp.FONT_FILES
    fonts.append(
        {
            "family": webapp.FONT_FAMILY,
            "fonts": [
                {"asset": regular.removeprefix("assets/")},
                {"asset": bold.removeprefix("assets/"), "weight": 700},
            ],
        }
    )
    return json.dumps(fonts, indent=1) + "\n"


def written_characters() -> set[int]:
    """Every character beyond ASCII that the app's code and data (``companion/``, ``data/``)
    hold: what it can write on a screen."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "companion").rglob("*.py"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((REPO / "data").rglob("*.toml"))]
    return {ord(ch) for text in texts for ch in text if ord(ch) > 127}


def font_characters() -> set[int]:
    """What the app's font keeps: what the app writes (:func:`written_characters`) and what
    players type (:data:`TYPED`)."""
    return written_characters() | {code for block in TYPED for code in block}


def subset_font(source: Path, characters: set[int]) -> bytes:
    """The font file ``source`` cut down to ``characters`` (with the glyphs, kerning and
    ligatures they need; hinting kept, so a desktop window draws them as before)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM dropped" etc.
    options = subset.Options()
    options.notdef_outline = True  # a box, should a glyph ever be missing
    with TTFont(source, recalcTimestamp=False) as font:  # the same bytes every time
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=characters)
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
    return out.getvalue()


def app_fonts() -> dict[str, bytes]:
    """The app's font files (paths in the assets folder → content), cut from
    :data:`FONT_SOURCES`."""
    characters = font_characters()
    return {
        name: subset_font(FONT_SOURCES / Path(name).name, characters) for name in webapp.FONT_FILES
    }


def manifest_json() -> str:
    return json.dumps(webapp.manifest(), indent=2, ensure_ascii=False) + "\n"


def write(folder: Path, *, icons: bool = True, fonts: bool = True) -> list[Path]:
    """Write the generated files into ``folder``; returns their paths."""
    written: list[Path] = []

    def put(name: str, text: str) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)

    put("manifest.json", manifest_json())
    put("index.html", index_html())
    put(webapp.CODE_CHANGED_PATH.lstrip("/"), code_changed_html())
    put("assets/FontManifest.json", font_manifest())
    for name in RIVE_PATHS:
        put(name, RIVE_STUB)
    if fonts:
        for name, data in app_fonts().items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    if icons:
        from companion.webapp.icons import draw_icon

        for name, size, purpose in webapp.ICONS:
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            draw_icon(size, maskable=purpose == "maskable").save(path, optimize=True)
            written.append(path)
    return written


def main() -> int:
    for path in write(Path(webapp.assets_dir())):
        print(path, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
