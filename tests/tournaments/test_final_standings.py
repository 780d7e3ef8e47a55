"""A finished tournament's page says its standings are final and names the winner; players
level on table points, score and head-to-head share the win."""

import pytest

from games.models import TableSeat, Tournament
from games.services import tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)

# Each table's result by starting wind (East to North): place, score, table points. Set after
# play so that who wins does not hang on the cards the random seeds dealt.
RESULTS = [(1, 300, 4.0), (2, 100, 2.0), (3, -100, 1.0), (4, -300, 0.0)]


def one_round(django_user_model, players: int, name: str) -> Tournament:
    t = Tournament.objects.create(name=name, registration_open=True, rounds=1, deals_per_table=1)
    for i in range(players):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"{name}-{i}"))
    rnd = tournaments.start_next_round(t.pk)
    play_round(rnd)
    for seat in TableSeat.objects.filter(table__round=rnd):
        seat.place, seat.score, seat.table_points = RESULTS[seat.wind]
        seat.save()
    tournaments.close_round(rnd.pk)
    return t


def east_players(t: Tournament) -> list[str]:
    return [p.entry.user.username for p in TableSeat.objects.filter(
        table__round__tournament=t, wind=0).order_by("table__number").select_related("entry__user")]


def test_a_finished_tournament_shows_final_standings_and_its_winner(
    client, django_user_model, quiet
):
    t = one_round(django_user_model, 4, "cup")
    url = f"/tournaments/{t.pk}/"
    page = client.get(url).content.decode()
    assert "Standings after round 1" in page and "Winner" not in page  # not over yet
    tournaments.finish(t.pk)
    page = client.get(url).content.decode()
    assert "Final standings" in page and "Standings after" not in page
    assert f"Winner: <strong>{east_players(t)[0]}</strong>" in page
    assert "Joint winners" not in page


def test_players_level_on_every_count_share_the_win(client, django_user_model, quiet):
    t = one_round(django_user_model, 8, "tie")
    tournaments.finish(t.pk)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    # The two tables' East players: first each, on the same points, and they never met.
    first, second = sorted(east_players(t))
    assert f"Joint winners: <strong>{first}</strong> and <strong>{second}</strong>" in page
    assert "Winner:" not in page
