"""Issue 38, item 4: "Places over the rounds" gives tied players' labels rows of their own
instead of printing them on top of each other."""

import re

from games.tournaments.chart import bump_chart


def _labels(svg: str) -> list[tuple[float, str]]:
    return [(float(y), text) for y, text in
            re.findall(r'<text x="[\d.]+" y="([\d.]+)" class="name">([^<]*)</text>', svg)]


def test_tied_players_labels_do_not_overlap():
    names = ["ann", "bob", "cy", "dee", "eve"]
    places = [[1, 1], [2, 2], [3, 3], [3, 3], [3, 3]]  # three share third after round 2
    labels = _labels(bump_chart(names, places, [1, 2]))
    assert [text for _, text in labels] == ["1. ann", "2. bob", "3. cy", "3. dee", "3. eve"]
    ys = [y for y, _ in labels]
    assert len(set(ys)) == len(ys)
    assert all(b - a >= 14 for a, b in zip(ys, ys[1:]))  # a line of text apart at least


def test_an_untied_chart_keeps_each_label_at_its_point():
    svg = bump_chart(["ann", "bob"], [[2, 1], [1, 2]], [1, 2])
    assert "leader" not in svg
    ys = [y for y, _ in _labels(svg)]
    circles = [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]
    assert ys == [circles[1] + 4, circles[3] + 4]
