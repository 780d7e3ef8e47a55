"""Each player's points after every deal: a server-rendered SVG with the same numbers as a table.

Use: `plot = points_plot(names, series)` (or `plot_for_game(game, viewer_seat)`) and
`{% include "games/_plot.html" with plot=plot %}`.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from games.services.matches import match_for

# Distinct in hue and in lightness, and each line has its own dash and marker, so the plot reads
# without colour too.
COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#8a5a00")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "diamond", "triangle")
W, H = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 36


@dataclass(frozen=True)
class PlotRow:
    label: str
    points: list[int]
    winner: str


@dataclass(frozen=True)
class Plot:
    title: str
    names: list[str]
    series: list[list[int]]  # series[seat][k]: points after deal k (k = 0: the start)
    rows: list[PlotRow]
    svg: SafeString
    colours: tuple[str, ...] = COLOURS

    @property
    def legend(self) -> list[tuple[str, str, str]]:
        return [(n, self.colours[i], DASHES[i]) for i, n in enumerate(self.names)]


def _nice_step(span: float) -> int:
    for step in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000):
        if span / step <= 6:
            return step
    return 20000


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>'
    if kind == "diamond":
        pts = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 4:.1f} {x - 4:.1f},{y:.1f}"
        return f'<polygon points="{pts}" fill="{colour}"/>'
    pts = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y + 3.5:.1f} {x - 4:.1f},{y + 3.5:.1f}"
    return f'<polygon points="{pts}" fill="{colour}"/>'


def _svg(title: str, names: list[str], series: list[list[int]], *, x_label: str | None = None,
         first: int = 0, css: str = "points-plot") -> str:
    """`first`: the number of the series' first point (0 is shown as "start")."""
    if x_label is None:
        x_label = pgettext("plot axis", "deal")
    start = escape(pgettext("plot axis", "start"))
    n = max(len(s) for s in series) - 1  # deals
    values = [v for s in series for v in s]
    lo, hi = min(values), max(values)
    step = _nice_step(max(hi - lo, 1))
    lo = (lo // step) * step
    hi = -((-hi) // step) * step
    if hi == lo:
        hi = lo + step
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(k: int) -> float:
        return LEFT + (pw * k / n if n else pw / 2)

    def y(v: float) -> float:
        return TOP + ph * (hi - v) / (hi - lo)

    out = [f'<svg class="{css}" viewBox="0 0 {W} {H}" role="img" '
           f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">']
    for v in range(int(lo), int(hi) + 1, step):
        out.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v):.1f}" '
                   f'y2="{y(v):.1f}"/>')
        out.append(f'<text class="tick" x="{LEFT - 6}" y="{y(v) + 4:.1f}" '
                   f'text-anchor="end">{v:,}</text>')
    every = max(1, -(-n // 16))
    for k in range(0, n + 1, every):
        out.append(f'<text class="tick" x="{x(k):.1f}" y="{H - BOTTOM + 16}" '
                   f'text-anchor="middle">{k + first if k + first else start}</text>')
    out.append(f'<text class="axis" x="{LEFT + pw / 2:.1f}" y="{H - 4}" '
               f'text-anchor="middle">{escape(x_label)}</text>')
    for seat, s in enumerate(series):
        colour = COLOURS[seat % 4]
        pts = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(s))
        dash = f' stroke-dasharray="{DASHES[seat % 4]}"' if DASHES[seat % 4] else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                   f'stroke-width="2.2"{dash}><title>{escape(names[seat])}</title></polyline>')
        if n <= 40:
            out.extend(_marker(MARKERS[seat % 4], x(k), y(v), colour) for k, v in enumerate(s))
    out.append("</svg>")
    return "".join(out)


def points_plot(
    names: list[str],
    series: list[list[int]],
    *,
    winners: list[str] | None = None,
    title: str | None = None,
) -> Plot:
    """`series[seat]` holds the points at the start and after each deal (equal lengths)."""
    if len(names) != len(series) or not series or len({len(s) for s in series}) != 1:
        raise ValueError("one name and one equally long series per player")
    n = len(series[0])
    winners = winners or [""] * (n - 1)
    title = title or gettext("Points after every deal")
    rows = [PlotRow(pgettext("plot row", "Start"), [s[0] for s in series], "")]
    rows += [PlotRow(f"{k}", [s[k] for s in series], winners[k - 1] if k - 1 < len(winners)
                     else "") for k in range(1, n)]
    return Plot(title, list(names), [list(s) for s in series], rows,
                mark_safe(_svg(title, names, series)))  # built from escaped text only


def plot_for_match(match, names: list[str]) -> Plot:
    """The plot of an engine Match's deals so far."""
    start = match.ruleset.starting_points
    series = [[start] for _ in range(4)]
    winners = []
    for h in match.history:
        for seat in range(4):
            series[seat].append(series[seat][-1] + h.deltas[seat])
        w = h.result.winner
        winners.append(pgettext("plot: nobody won the deal", "draw") if w is None else names[w])
    return points_plot(names, series, winners=winners)


@dataclass(frozen=True)
class RatingRow:
    """One rated game on a player's rating plot."""

    number: int  # the player's rated games in the ruleset, this one included
    game_id: int
    private: bool
    place: int
    abandoned: bool
    rating: int  # after the game
    change: int
    when: object

    @property
    def change_text(self) -> str:
        return signed(self.change)


@dataclass(frozen=True)
class RatingPlot:
    title: str
    start: int  # the rating before the first game shown
    rows: list[RatingRow]
    svg: SafeString


def signed(n: int) -> str:
    """+12, −5 (a true minus sign), ±0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "\u00b10"


def rating_plot(title: str, start: int, rows: list[RatingRow]) -> RatingPlot:
    """The rating after each of `rows` (oldest first), from `start`, the rating before them."""
    first = rows[0].number - 1 if rows else 0
    series = [[start] + [r.rating for r in rows]]
    svg = _svg(title, [pgettext("plot line", "rating")], series,
               x_label=pgettext("plot axis", "rated game"), first=first,
               css="points-plot rating-plot")
    return RatingPlot(title, start, rows, mark_safe(svg))  # built from escaped text only


def seat_names(game, viewer_seat: int | None = None) -> list[str]:
    """Names by engine seat; the viewer is "You", as on every other screen."""
    names = [pgettext("plot: a seat nobody sat in", "Seat %(n)s") % {"n": s + 1} for s in range(4)]
    you = pgettext("plot: the viewer's own line", "You")
    for seat in game.seats.select_related("user"):
        if seat.position is not None:
            names[seat.position] = you if seat.position == viewer_seat else seat.name
    return names


def plot_for_game(game, viewer_seat: int | None = None) -> Plot:
    return plot_for_match(match_for(game), seat_names(game, viewer_seat))
