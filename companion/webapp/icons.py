"""The app icon, drawn with Pillow: a gold coin stamped with a sailing ship on harbour teal.

Run at development time (``python -m companion.webapp.build``) and committed as PNGs, so the
app needs no image library at run time. A plain icon is a rounded square on transparency; a
maskable one fills its whole square and keeps the coin inside the central 80 % circle that
phones may cut the icon to.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.webapp import THEME_COLOR

TEAL = THEME_COLOR
DEEP_TEAL = "#07504C"
GOLD = "#E8B64C"
DARK_GOLD = "#B07F1E"
SAIL = "#FFF8E7"
HULL = "#5A3A12"
# Drawn large and scaled down, so edges are smooth at every size.
_CANVAS = 1024


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DARK_GOLD)
    inner = r * 0.9
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=GOLD)
    ring = r * 0.8
    draw.ellipse(
        (cx - ring, cy - ring, cx + ring, cy + ring),
        outline=DARK_GOLD,
        width=max(2, round(r * 0.035)),
    )
    # The ship: a hull and two sails, then the sea below it.
    u = r / 10
    draw.polygon(
        [
            (cx - 5.2 * u, cy + 2.0 * u),
            (cx + 5.2 * u, cy + 2.0 * u),
            (cx + 3.6 * u, cy + 4.0 * u),
            (cx - 3.6 * u, cy + 4.0 * u),
        ],
        fill=HULL,
    )
    draw.rectangle((cx - 0.25 * u, cy - 5.4 * u, cx + 0.25 * u, cy + 2.0 * u), fill=HULL)
    draw.polygon(
        [(cx - 0.5 * u, cy - 5.0 * u), (cx - 0.5 * u, cy + 1.4 * u), (cx - 4.6 * u, cy + 1.4 * u)],
        fill=SAIL,
    )
    draw.polygon(
        [(cx + 0.5 * u, cy - 4.2 * u), (cx + 0.5 * u, cy + 1.4 * u), (cx + 3.8 * u, cy + 1.4 * u)],
        fill=SAIL,
    )
    draw.polygon(
        [
            (cx - 0.25 * u, cy - 5.4 * u),
            (cx + 2.0 * u, cy - 4.8 * u),
            (cx - 0.25 * u, cy - 4.2 * u),
        ],
        fill=TEAL,
    )


def draw_icon(size: int, *, maskable: bool = False) -> Image.Image:
    """The icon as an RGBA image of ``size`` × ``size`` pixels."""
    image = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, _CANVAS, _CANVAS), fill=TEAL)
        coin = _CANVAS * 0.3  # well inside the 40 %-radius safe circle
    else:
        corner = round(_CANVAS * 0.22)
        draw.rounded_rectangle((0, 0, _CANVAS - 1, _CANVAS - 1), radius=corner, fill=TEAL)
        coin = _CANVAS * 0.36
    # A darker band of sea along the bottom, under the coin.
    band_top = _CANVAS * (0.74 if maskable else 0.72)
    mask = Image.new("L", (_CANVAS, _CANVAS), 0)
    if maskable:
        ImageDraw.Draw(mask).rectangle((0, band_top, _CANVAS, _CANVAS), fill=255)
    else:
        ImageDraw.Draw(mask).rounded_rectangle(
            (0, 0, _CANVAS - 1, _CANVAS - 1), radius=round(_CANVAS * 0.22), fill=255
        )
        ImageDraw.Draw(mask).rectangle((0, 0, _CANVAS, band_top), fill=0)
    image.paste(Image.new("RGBA", (_CANVAS, _CANVAS), DEEP_TEAL), (0, 0), mask)
    _coin(draw, _CANVAS / 2, _CANVAS / 2, coin)
    return image.resize((size, size), Image.Resampling.LANCZOS)
