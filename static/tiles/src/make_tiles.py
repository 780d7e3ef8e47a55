"""Draws the tile faces: static/tiles/<token>.svg, static/tiles/hc/<token>.svg (high contrast)
and static/css/tiles.css (one class per token).

Every glyph is an outline path, so the tiles look the same on a machine with no CJK font.
Chinese glyphs come from AR PL UKai (Arphic Public License, Debian package fonts-arphic-ukai),
Latin index glyphs from DejaVu Sans Bold (fonts-dejavu-core).

Run once after changing a design (needs fontTools, not a project requirement):
    python -m venv /tmp/fv && /tmp/fv/bin/pip install fonttools
    /tmp/fv/bin/python static/tiles/src/make_tiles.py
"""

from __future__ import annotations

import math
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
TILES = HERE.parent
CSS = TILES.parent / "css" / "tiles.css"
KAI = "/usr/share/fonts/truetype/arphic/ukai.ttc"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

W, H = 60, 80  # the face; the tile body (thickness) is drawn by CSS


class Font:
    def __init__(self, font: TTFont):
        self.font = font
        self.glyphs = font.getGlyphSet()
        self.cmap = font.getBestCmap()
        self.em = font["head"].unitsPerEm

    def outline(self, ch: str) -> tuple[str, tuple[float, float, float, float], float]:
        name = self.cmap[ord(ch)]
        pen = SVGPathPen(self.glyphs)
        self.glyphs[name].draw(pen)
        bp = BoundsPen(self.glyphs)
        self.glyphs[name].draw(bp)
        return pen.getCommands(), bp.bounds, self.glyphs[name].width


KAI_FONT = Font(TTCollection(KAI).fonts[2])  # the TW face: traditional forms
SANS_FONT = Font(TTFont(SANS))


def glyph(font: Font, ch: str, cx: float, cy: float, size: float, fill: str, bold=0.0) -> str:
    """One glyph, its bounding box centred on (cx, cy), scaled so that one em is `size`."""
    d, (x0, y0, x1, y1), _ = font.outline(ch)
    s = size / font.em
    tx = cx - (x0 + x1) / 2 * s
    ty = cy + (y0 + y1) / 2 * s
    stroke = f' stroke="{fill}" stroke-width="{bold:g}" stroke-linejoin="round"' if bold else ""
    return (
        f'<path fill="{fill}"{stroke} transform="matrix({s:.5f} 0 0 {-s:.5f} {tx:.2f} {ty:.2f})" '
        f'd="{d}"/>'
    )


def label(text: str, x: float, top: float, cap: float, fill: str) -> tuple[str, float]:
    """Latin text whose capitals are `cap` tall, top-left at (x, top); returns (svg, width)."""
    f = SANS_FONT
    s = cap / (0.729 * f.em)  # DejaVu Sans cap height is 0.729 em
    out, pen_x = [], 0.0
    for ch in text:
        d, _, adv = f.outline(ch)
        out.append(
            f'<path fill="{fill}" transform="matrix({s:.5f} 0 0 {-s:.5f} '
            f'{x + pen_x * s:.2f} {top + cap:.2f})" d="{d}"/>'
        )
        pen_x += adv
    return "".join(out), pen_x * s


# ---------------------------------------------------------------- palettes

NORMAL = dict(
    face1="#fffdf5", face2="#efe7d3", edge="#cdbf9f", ink="#1b1d33", red="#c42a2a",
    green="#1f7a45", green_dark="#0f4f2b", blue="#1d4f9b", gold="#d99a1e", pink="#e8799a",
    index_cap=10.0, art_top=16.0, hc=False, back1="#2d7b57", back2="#1d5a3f",
)
HIGH = dict(
    face1="#ffffff", face2="#ffffff", edge="#000000", ink="#000000", red="#b80000",
    green="#00652a", green_dark="#003d18", blue="#0030a8", gold="#a86400", pink="#c2185b",
    index_cap=16.0, art_top=22.0, hc=True, back1="#0b4a2e", back2="#062a1a",
)

ART_W, ART_H = 50.0, 60.0  # designs are drawn in this box, then fitted under the index


# ---------------------------------------------------------------- dots


def coin(cx, cy, r, color, p, fancy=False):
    ivory = p["face1"]
    parts = [
        f'<circle cx="{cx}" cy="{cy}" r="{r:.2f}" fill="{color}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{r * .78:.2f}" fill="{ivory}"/>',
    ]
    # a ring of petals, as on old coins
    n = 12 if fancy else 8
    for i in range(n):
        a = 2 * math.pi * i / n
        parts.append(
            f'<circle cx="{cx + math.cos(a) * r * .64:.2f}" cy="{cy + math.sin(a) * r * .64:.2f}" '
            f'r="{r * (.1 if fancy else .12):.2f}" fill="{color}"/>'
        )
    parts += [
        f'<circle cx="{cx}" cy="{cy}" r="{r * .45:.2f}" fill="{color}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{r * .25:.2f}" fill="{ivory}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{r * .12:.2f}" fill="{color}"/>',
    ]
    if p["hc"]:
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{r:.2f}" fill="none" stroke="#000" '
            f'stroke-width="1"/>'
        )
    return "".join(parts)


def dots(n, p):
    B, G, R = p["blue"], p["green"], p["red"]
    layouts = {
        1: [(25, 30, 21, B)],
        2: [(25, 14, 11.5, B), (25, 46, 11.5, G)],
        3: [(11, 11, 9.5, B), (25, 30, 9.5, R), (39, 49, 9.5, G)],
        4: [(13, 15, 10, B), (37, 15, 10, G), (13, 45, 10, G), (37, 45, 10, B)],
        5: [(11, 11, 9, B), (39, 11, 9, G), (25, 30, 9, R), (11, 49, 9, G), (39, 49, 9, B)],
        6: [(14, 9, 8.3, G), (36, 9, 8.3, G)]
        + [(x, y, 8.3, R) for y in (32, 51) for x in (14, 36)],
        7: [(9, 7, 6.6, G), (25, 14, 6.6, G), (41, 21, 6.6, G)]
        + [(x, y, 7.4, R) for y in (36, 52.5) for x in (15, 35)],
        8: [(x, y, 6.9, B) for y in (7.5, 22.5, 37.5, 52.5) for x in (15, 35)],
        9: [(x, y, 7.3, c) for y, c in ((9, B), (30, R), (51, G)) for x in (9, 25, 41)],
    }
    return "".join(coin(cx, cy, r, c, p, fancy=(n == 1)) for cx, cy, r, c in layouts[n])


# ---------------------------------------------------------------- bamboo


def stick(cx, cy, h, color, p, angle=0.0, w=6.4):
    dark = p["green_dark"] if color == p["green"] else "#7a1212" if not p["hc"] else "#000"
    x, y = cx - w / 2, cy - h / 2
    g = [
        f'<rect x="{x:.2f}" y="{y:.2f}" width="{w}" height="{h}" rx="{w / 2:.2f}" '
        f'fill="{color}" stroke="{dark}" stroke-width="{1.1 if p["hc"] else .6}"/>',
        # a lighter vein down the middle
        f'<line x1="{cx}" y1="{y + 2.4:.2f}" x2="{cx}" y2="{y + h - 2.4:.2f}" '
        f'stroke="{p["face1"]}" stroke-opacity=".55" stroke-width=".9"/>',
    ]
    for ny in (y + 1.8, cy, y + h - 1.8):  # the nodes of the cane
        g.append(
            f'<rect x="{x - .6:.2f}" y="{ny - 1:.2f}" width="{w + 1.2:.2f}" height="2" rx="1" '
            f'fill="{dark}"/>'
        )
    body = "".join(g)
    if angle:
        return f'<g transform="rotate({angle} {cx} {cy})">{body}</g>'
    return body


def bird(p):
    G, R, B, D = p["green"], p["red"], p["blue"], p["green_dark"]
    ink = p["ink"]
    # A sparrow perched on a cane, facing left: tail feathers fan out behind it.
    return "".join([
        # the cane it sits on
        stick(25, 53, 14, G, p, angle=90, w=4.4),
        # tail feathers
        f'<path d="M30 34 C38 30 44 22 47 12 C42 18 38 22 33 25 Z" fill="{G}" stroke="{D}" '
        f'stroke-width=".7"/>',
        f'<path d="M31 36 C40 35 47 30 50 22 C44 26 39 29 33 29 Z" fill="{B}" stroke="{D}" '
        f'stroke-width=".7"/>',
        f'<path d="M30 31 C34 24 36 15 35 6 C32 13 30 19 27 24 Z" fill="{R}" stroke="#7a1212" '
        f'stroke-width=".7"/>',
        # body and wing
        f'<ellipse cx="22" cy="33" rx="12" ry="9.5" fill="{G}" stroke="{D}" stroke-width=".8"/>',
        f'<path d="M16 31 C22 25 30 27 33 33 C27 32 21 34 17 38 Z" fill="{B}" '
        f'stroke="{D}" stroke-width=".6"/>',
        f'<path d="M14 37 C19 42 26 43 31 39" fill="none" stroke="{p["face1"]}" '
        f'stroke-width="1.2" stroke-opacity=".7"/>',
        # head, eye, beak, crest
        f'<circle cx="12" cy="22" r="7" fill="{G}" stroke="{D}" stroke-width=".8"/>',
        f'<path d="M9 15.5 C10 11 13 10 15 9 C14 12 14 14 15 16 Z" fill="{R}"/>',
        f'<circle cx="10.5" cy="21" r="2.1" fill="{p["face1"]}"/>',
        f'<circle cx="10.2" cy="21" r="1.1" fill="{ink}"/>',
        f'<path d="M5.6 22 L0.5 24.5 L5.8 25.6 Z" fill="{p["gold"]}" stroke="{ink}" '
        f'stroke-width=".5"/>',
        # feet gripping the cane
        f'<path d="M20 41.5 L19 50.5 M26 41.5 L27 50.5" stroke="{R}" stroke-width="1.6" '
        f'stroke-linecap="round"/>',
    ])


def bamboo(n, p):
    G, R = p["green"], p["red"]
    if n == 1:
        return bird(p)
    h = 25.0
    lay = {
        2: [(25, 14, h, G), (25, 46, h, G)],
        3: [(25, 14, h, G), (14, 46, h, G), (36, 46, h, G)],
        4: [(14, 14, h, G), (36, 14, h, G), (14, 46, h, G), (36, 46, h, G)],
        5: [(10, 14, h, G), (40, 14, h, G), (25, 30, h, R), (10, 46, h, G), (40, 46, h, G)],
        6: [(x, y, h, G) for y in (14, 46) for x in (10, 25, 40)],
        7: [(25, 8, 15, R)] + [(x, y, 18.5, G) for y in (28.5, 50) for x in (10, 25, 40)],
        9: [(x, y, 17.5, R if x == 25 else G) for y in (9.5, 30, 50.5) for x in (10, 25, 40)],
    }
    if n == 8:
        out = []
        for y, sign in ((14, 1), (46, -1)):
            out.append(stick(5.5, y, h, G, p))
            out.append(stick(44.5, y, h, G, p))
            out.append(stick(18.5, y, h, G, p, angle=-22 * sign))
            out.append(stick(31.5, y, h, G, p, angle=22 * sign))
        return "".join(out)
    return "".join(stick(x, y, hh, c, p) for x, y, hh, c in lay[n])


# ---------------------------------------------------------------- characters, honours

NUMERALS = "一二三四五六七八九"


def characters(n, p):
    bold = 26 if p["hc"] else 14
    return glyph(KAI_FONT, NUMERALS[n - 1], 25, 14, 31, p["ink"], bold) + glyph(
        KAI_FONT, "萬", 25, 44, 33, p["red"], bold
    )


def honour(ch, color, p):
    return glyph(KAI_FONT, ch, 25, 30, 50, color, 30 if p["hc"] else 16)


def white_dragon(p):
    B = p["blue"]
    sw = 3.4 if p["hc"] else 2.6
    return (
        f'<rect x="6" y="2" width="38" height="56" rx="3" fill="none" stroke="{B}" '
        f'stroke-width="{sw}"/>'
        f'<rect x="11" y="7" width="28" height="46" rx="1.5" fill="none" stroke="{B}" '
        f'stroke-width="{sw * .55:.2f}"/>'
    )


# ---------------------------------------------------------------- flowers and seasons


def blossom(cx, cy, r, color, centre, p):
    petals = "".join(
        f'<circle cx="{cx + math.cos(a) * r * .62:.2f}" cy="{cy + math.sin(a) * r * .62:.2f}" '
        f'r="{r * .5:.2f}" fill="{color}"/>'
        for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))
    )
    return petals + f'<circle cx="{cx}" cy="{cy}" r="{r * .3:.2f}" fill="{centre}"/>'


def leaf(x, y, length, angle, color, width=0.38):
    w = length * width
    return (
        f'<path transform="translate({x} {y}) rotate({angle})" '
        f'd="M0 0 C{w:.2f} {-length * .3:.2f} {w:.2f} {-length * .7:.2f} 0 {-length} '
        f'C{-w:.2f} {-length * .7:.2f} {-w:.2f} {-length * .3:.2f} 0 0 Z" fill="{color}"/>'
    )


BROWN = "#6b4423"


def plum(p):
    return "".join([
        f'<path d="M6 58 C12 44 14 36 24 28 C30 23 36 16 40 6" fill="none" stroke="{BROWN}" '
        f'stroke-width="3.2" stroke-linecap="round"/>',
        f'<path d="M20 32 C14 28 10 22 9 14" fill="none" stroke="{BROWN}" stroke-width="2" '
        f'stroke-linecap="round"/>',
        blossom(40, 9, 7, p["pink"], p["gold"], p),
        blossom(10, 14, 6, p["pink"], p["gold"], p),
        blossom(29, 23, 6.5, p["red"], p["gold"], p),
        blossom(15, 44, 5.5, p["pink"], p["gold"], p),
        f'<circle cx="34" cy="34" r="2.4" fill="{p["red"]}"/>',
    ])


def orchid(p):
    G, D = p["green"], p["green_dark"]
    leaves = "".join([
        f'<path d="M25 58 C20 40 10 28 2 22" fill="none" stroke="{G}" stroke-width="2.4" '
        f'stroke-linecap="round"/>',
        f'<path d="M25 58 C26 38 34 22 46 14" fill="none" stroke="{D}" stroke-width="2.4" '
        f'stroke-linecap="round"/>',
        f'<path d="M25 58 C22 44 22 30 28 16" fill="none" stroke="{G}" stroke-width="2" '
        f'stroke-linecap="round"/>',
        f'<path d="M25 58 C30 48 40 44 48 44" fill="none" stroke="{G}" stroke-width="2" '
        f'stroke-linecap="round"/>',
    ])
    flower = "".join(
        leaf(29, 14, 10, a, "#7b4fa8", .42) for a in (-70, -20, 30, 80, 140)
    ) + f'<circle cx="29" cy="14" r="2.2" fill="{p["gold"]}"/>'
    flower2 = "".join(
        leaf(12, 34, 7, a, "#9b6fc8", .42) for a in (-60, 0, 60, 130)
    ) + f'<circle cx="12" cy="34" r="1.6" fill="{p["gold"]}"/>'
    return leaves + flower + flower2


def chrysanthemum(p):
    G = p["green"]
    petals = "".join(
        leaf(25, 22, 15, a, "#e0a000" if not p["hc"] else "#a86400", .3)
        for a in range(0, 360, 20)
    ) + "".join(leaf(25, 22, 10, a + 10, "#f2c230", .32) for a in range(0, 360, 30))
    return "".join([
        f'<path d="M25 34 C24 44 26 52 25 59" stroke="{G}" stroke-width="2.4" fill="none"/>',
        leaf(25, 50, 13, -60, G, .45),
        leaf(25, 44, 12, 55, G, .45),
        petals,
        f'<circle cx="25" cy="22" r="4" fill="{p["red"]}"/>',
    ])


def bamboo_plant(p):
    G, D = p["green"], p["green_dark"]
    stalk = "".join(
        f'<rect x="20" y="{y}" width="6" height="13" rx="2" fill="{G}" stroke="{D}" '
        f'stroke-width=".7"/>'
        for y in (4, 18, 32, 46)
    )
    leaves = "".join([
        leaf(26, 18, 16, 60, D, .28), leaf(26, 19, 14, 95, G, .28),
        leaf(20, 33, 16, -60, D, .28), leaf(20, 34, 13, -100, G, .28),
        leaf(26, 47, 14, 70, G, .28), leaf(26, 6, 12, 35, D, .28),
        leaf(20, 8, 12, -40, G, .28),
    ])
    return stalk + leaves


def spring(p):
    # a swallow over a budding willow
    return "".join([
        f'<path d="M4 58 C10 46 22 44 30 46 C38 48 44 52 48 58 Z" fill="{p["green"]}"/>',
        f'<path d="M8 10 C14 10 20 14 24 20 C28 14 34 11 42 12 C34 15 30 19 27 26 '
        f'C24 30 20 28 18 24 C15 18 12 14 8 10 Z" fill="{p["ink"]}"/>',
        f'<path d="M24 20 L22 14" stroke="{p["ink"]}" stroke-width="1.4"/>',
        blossom(14, 40, 5, p["pink"], p["gold"], p),
        blossom(36, 38, 5.5, p["pink"], p["gold"], p),
        blossom(25, 33, 4.5, p["red"], p["gold"], p),
    ])


def summer(p):
    rays = "".join(
        f'<path transform="rotate({a} 25 24)" d="M25 2 L28 10 L22 10 Z" fill="{p["gold"]}"/>'
        for a in range(0, 360, 30)
    )
    return "".join([
        rays,
        f'<circle cx="25" cy="24" r="11" fill="{p["red"]}"/>',
        f'<path d="M2 52 Q8 46 14 52 T26 52 T38 52 T50 52" fill="none" stroke="{p["blue"]}" '
        f'stroke-width="2.4"/>',
        f'<path d="M2 58 Q8 52 14 58 T26 58 T38 58 T50 58" fill="none" stroke="{p["blue"]}" '
        f'stroke-width="2.4"/>',
    ])


def autumn(p):
    return "".join([
        f'<circle cx="32" cy="16" r="12" fill="{p["gold"]}" fill-opacity=".9"/>',
        f'<path d="M4 58 C10 44 16 38 26 34" fill="none" stroke="{BROWN}" stroke-width="2.6" '
        f'stroke-linecap="round"/>',
        leaf(14, 45, 13, -30, p["red"], .5),
        leaf(20, 39, 12, 40, "#d2561d", .5),
        leaf(26, 34, 12, -10, p["red"], .5),
        leaf(9, 52, 11, 70, "#d2561d", .5),
        leaf(38, 50, 9, 120, p["red"], .5),
    ])


def winter(p):
    B = p["blue"]
    arms = "".join(
        f'<g transform="rotate({a} 25 28)"><line x1="25" y1="28" x2="25" y2="5" stroke="{B}" '
        f'stroke-width="2.6" stroke-linecap="round"/><path d="M19 12 L25 17 L31 12" '
        f'fill="none" stroke="{B}" stroke-width="2" stroke-linecap="round"/></g>'
        for a in range(0, 360, 60)
    )
    return arms + f'<circle cx="25" cy="28" r="3.4" fill="{B}"/>' + (
        f'<path d="M2 58 C14 52 36 52 48 58 Z" fill="{B}" fill-opacity=".25"/>'
    )


BONUS = {
    "f1": ("梅", plum), "f2": ("蘭", orchid), "f3": ("菊", chrysanthemum),
    "f4": ("竹", bamboo_plant),
    "s1": ("春", spring), "s2": ("夏", summer), "s3": ("秋", autumn), "s4": ("冬", winter),
}

# ---------------------------------------------------------------- index (top-left corner)


def suit_mark(suit, x, top, size, p):
    """A small picture of the suit beside the number."""
    if suit == "b":
        w = size * .38
        return (
            f'<rect x="{x + size * .3:.2f}" y="{top:.2f}" width="{w:.2f}" height="{size:.2f}" '
            f'rx="{w / 2:.2f}" fill="{p["green"]}"/>'
            f'<rect x="{x + size * .22:.2f}" y="{top + size * .45:.2f}" '
            f'width="{w + size * .16:.2f}" height="{size * .14:.2f}" fill="{p["green_dark"]}"/>'
        )
    if suit == "d":
        r = size * .42
        cx, cy = x + r, top + size / 2
        return (
            f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:.2f}" fill="{p["blue"]}"/>'
            f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r * .45:.2f}" fill="{p["face1"]}"/>'
        )
    # characters: a small 萬
    return glyph(KAI_FONT, "萬", x + size * .5, top + size / 2, size * 1.12, p["red"],
                 30 if p["hc"] else 10)


def index(token, p):
    cap = p["index_cap"]
    x, top = 3.6, 3.2
    kind, rest = token[0], token[1]
    if kind in "bcd" and rest.isdigit():
        svg, w = label(rest, x, top, cap, p["ink"])
        return svg + suit_mark(kind, x + w + 1.2, top, cap, p)
    if kind == "w":
        return label({"e": "E", "s": "S", "w": "W", "n": "N"}[rest], x, top, cap, p["ink"])[0]
    if kind == "d":
        text, color = {"r": ("R", p["red"]), "g": ("G", p["green"]),
                       "w": ("Wh", p["blue"])}[rest]
        return label(text, x, top, cap, color)[0]
    # flowers red, seasons blue, as the numbers are printed on many sets
    color = p["red"] if kind == "f" else p["blue"]
    svg, _ = label(rest, x, top, cap, color)
    ch = BONUS[token][0]
    return svg + glyph(KAI_FONT, ch, W - 3.4 - cap * .6, top + cap * .6, cap * 1.45, color,
                       30 if p["hc"] else 12)


# ---------------------------------------------------------------- assembling a tile


def art(token, p):
    kind, rest = token[0], token[1]
    if kind == "b":
        return bamboo(int(rest), p)
    if kind == "c":
        return characters(int(rest), p)
    if kind == "d" and rest.isdigit():
        return dots(int(rest), p)
    if kind == "w":
        return honour({"e": "東", "s": "南", "w": "西", "n": "北"}[rest], p["ink"], p)
    if token == "dr":
        return honour("中", p["red"], p)
    if token == "dg":
        return honour("發", p["green"], p)
    if token == "dw":
        return white_dragon(p)
    return BONUS[token][1](p)


def face(p, body):
    stroke = 2 if p["hc"] else 1
    inset = stroke / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'
        f'<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{p["face1"]}"/><stop offset="1" stop-color="{p["face2"]}"/>'
        f"</linearGradient></defs>"
        f'<rect x="{inset}" y="{inset}" width="{W - stroke}" height="{H - stroke}" rx="6" '
        f'fill="url(#f)" stroke="{p["edge"]}" stroke-width="{stroke}"/>'
        f"{body}</svg>\n"
    )


def tile_svg(token, p):
    top = p["art_top"]
    bottom = H - 3.5
    s = min((bottom - top) / ART_H, (W - 8) / ART_W)
    tx = (W - ART_W * s) / 2
    ty = top + ((bottom - top) - ART_H * s) / 2
    body = f'<g transform="translate({tx:.2f} {ty:.2f}) scale({s:.4f})">{art(token, p)}</g>'
    return face(p, body + index(token, p))


def back_svg(p):
    b1, b2 = p["back1"], p["back2"]
    diamonds = "".join(
        f'<path d="M{x} {y - 4} L{x + 4} {y} L{x} {y + 4} L{x - 4} {y} Z" fill="{b2}" '
        f'fill-opacity=".55"/>'
        for x in (18, 30, 42) for y in (22, 40, 58)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'
        f'<rect x=".5" y=".5" width="{W - 1}" height="{H - 1}" rx="6" fill="{b1}" '
        f'stroke="{b2}"/>'
        f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="3" fill="none" '
        f'stroke="#ffffff" stroke-opacity=".28" stroke-width="1.2"/>'
        f"{diamonds}</svg>\n"
    )


TOKENS = (
    [f"{s}{n}" for s in "bcd" for n in range(1, 10)]
    + ["we", "ws", "ww", "wn", "dr", "dg", "dw"]
    + [f"f{n}" for n in range(1, 5)]
    + [f"s{n}" for n in range(1, 5)]
)


def main():
    for folder, p in ((TILES, NORMAL), (TILES / "hc", HIGH)):
        folder.mkdir(exist_ok=True)
        for t in TOKENS:
            (folder / f"{t}.svg").write_text(tile_svg(t, p))
        (folder / "back.svg").write_text(back_svg(p))
    rules = ["/* Generated by static/tiles/src/make_tiles.py: one background per tile token. */"]
    for t in TOKENS + ["back"]:
        rules.append(f".t-{t}{{background-image:url(../tiles/{t}.svg)}}")
    for t in TOKENS + ["back"]:
        rules.append(f".hc .t-{t}{{background-image:url(../tiles/hc/{t}.svg)}}")
    CSS.write_text("\n".join(rules) + "\n")
    print(f"wrote {len(TOKENS) + 1} tiles x 2 sets and {CSS.name}")


if __name__ == "__main__":
    main()
