"""The standings over rounds as an SVG bump chart: each player's place after each round, first
at the top, the name at the line's end. Drawn on the server; the page has the same figures in a
table for anyone who cannot see the chart."""

from __future__ import annotations

from html import escape

_COLOURS = ("#1a5a43", "#c4302b", "#1a5c8c", "#b07a00", "#6a3d9a", "#2a8a8a", "#8a4b2a", "#555")
_DASHES = ("", "6 3", "2 3")


def bump_chart(names: list[str], places: list[list[int]], rounds: list[int],
               title: str = "Places after each round", axis: str = "R%(n)s") -> str:
    """`places[i][k]`: the place of player i after rounds[k]; names in final order. `title`
    and `axis` (a round's label, `%(n)s` its number) in the page's language, given by the page."""
    if not names or not rounds:
        return ""
    n = len(names)
    step_y, left, top = 22, 40, 24
    step_x = max(60, 360 // max(1, len(rounds) - 1))
    label_w = 150
    width = left + step_x * max(1, len(rounds) - 1) + label_w
    label_row = _label_rows([p[-1] for p in places])
    height = top + step_y * max(n - 1, *label_row) + 30
    out = [
        f'<svg class="bump-chart" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-labelledby="chart-title">',
        f'<title id="chart-title">{escape(title)}</title>',
    ]
    for k, number in enumerate(rounds):
        x = left + step_x * k
        out.append(f'<line x1="{x}" y1="{top - 8}" x2="{x}" y2="{height - 20}" class="grid"/>')
        out.append(f'<text x="{x}" y="{height - 4}" text-anchor="middle" class="axis">'
                   f"{escape(axis % {'n': number})}</text>")
    for i, name in enumerate(names):
        colour = _COLOURS[i % len(_COLOURS)]
        dash = _DASHES[(i // len(_COLOURS)) % len(_DASHES)]
        points = [(left + step_x * k, top + step_y * (p - 1)) for k, p in enumerate(places[i])]
        path = " ".join(f"{x},{y}" for x, y in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        label = escape(name)
        out.append(f'<g class="player"><title>{label}</title>')
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                   f'stroke-width="2.5"{dash_attr}/>')
        for x, y in points:
            out.append(f'<circle cx="{x}" cy="{y}" r="3.5" fill="{colour}"/>')
        x, y = points[-1]
        label_y = top + step_y * label_row[i]
        if label_y != y:  # a tied player's label, moved down: a leader line to their point
            out.append(f'<polyline points="{x + 4},{y} {x + 8},{label_y}" fill="none" '
                       f'stroke="{colour}" stroke-width="1" class="leader"/>')
        out.append(f'<text x="{x + 12}" y="{label_y + 4}" class="name">'
                   f"{places[i][-1]}. {label}</text>")
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _label_rows(final: list[int]) -> list[int]:
    """The row (0 at the top) of each player's label: their final place's, but tied players
    (who share a place, in the order given) take the rows below in turn. Shared ranks skip as
    many places as are tied (1, 2, 3, 3, 5), so those rows are free."""
    taken: set[int] = set()
    rows = []
    for place in final:
        row = place - 1
        while row in taken:
            row += 1
        taken.add(row)
        rows.append(row)
    return rows
