"""The standings CSV and the MERS-style export of a tournament, against hand-computed values:
ties share a rank (table points, then score, then head-to-head), and the MERS points are
1000 x (N - rank) / (N - 1)."""

import csv
import io

import pytest

from games.models import TableSeat
from games.services import standings, tournaments

from .helpers import eight_player_round

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture
def played(django_user_model, quiet):
    t, rnd = eight_player_round(
        [django_user_model.objects.create_user(f"p{i}") for i in range(8)])
    tournaments.finish(t.pk)
    names = {}
    for seat in TableSeat.objects.filter(table__round=rnd).select_related("table", "entry__user"):
        names[(seat.table.number, seat.wind)] = (seat.entry.pk, seat.entry.user.username)
    return t, names


def rows(client, url) -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def tied(names, *places) -> list[str]:
    """The players at these (table, wind) places, in the order standings list them (entry id)."""
    return [name for _, name in sorted(names[p] for p in places)]


def test_standings_csv_ranks_players_with_ties(client, played):
    t, names = played
    got = rows(client, f"/tournaments/{t.pk}/standings.csv")
    assert got[0] == ["rank", "player", "table_points", "score", "rounds_played"]
    south = tied(names, (1, 1), (2, 1))
    west = tied(names, (1, 2), (2, 2))
    assert got[1:] == [
        ["1", names[(1, 0)][1], "4", "300", "1"],
        ["2", names[(2, 0)][1], "4", "200", "1"],
        ["3", south[0], "2", "100", "1"],
        ["3", south[1], "2", "100", "1"],
        ["5", west[0], "1", "-100", "1"],
        ["5", west[1], "1", "-100", "1"],
        ["7", names[(2, 3)][1], "0", "-200", "1"],
        ["8", names[(1, 3)][1], "0", "-300", "1"],
    ]


def test_mers_export_spreads_1000_points_by_rank(client, played):
    t, names = played
    got = rows(client, f"/tournaments/{t.pk}/mers.csv")
    assert got[0] == ["rank", "player", "table_points", "score", "mers_points"]
    # N = 8: 1000 x (8 - rank) / 7.
    assert [(r[0], r[4]) for r in got[1:]] == [
        ("1", "1000"), ("2", "857.14"), ("3", "714.29"), ("3", "714.29"),
        ("5", "428.57"), ("5", "428.57"), ("7", "142.86"), ("8", "0"),
    ]
    assert got[1][1] == names[(1, 0)][1] and got[8][1] == names[(1, 3)][1]


def test_mers_points_of_a_lone_player_and_the_page_links(client, played):
    t, _ = played
    assert standings.mers_points(1, 1) == 1000.0
    assert standings.mers_points(2, 3) == 500.0
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f"/tournaments/{t.pk}/standings.csv" in page and f"/tournaments/{t.pk}/mers.csv" in page
    assert client.get("/tournaments/999999/mers.csv").status_code == 404
