"""Driving tournament games to their end through the service door."""

from games import services
from games.models import ACTIVE, Game, Round, TableSeat, Tournament
from games.services import tournaments


def play_out(game_id: int) -> None:
    """The autopilot answers for whoever the game waits on until it ends (bounded)."""
    for _ in range(5000):
        if Game.objects.get(pk=game_id).status != ACTIVE:
            return
        services.autopilot_waiting(game_id)
    raise AssertionError(f"game {game_id} did not end")


def play_round(rnd: Round) -> None:
    for table in rnd.tables.all():
        play_out(table.game_id)


# Place, score and table points by starting wind (East to North), for table 1 and table 2.
RESULTS = {
    1: [(1, 300, 4.0), (2, 100, 2.0), (3, -100, 1.0), (4, -300, 0.0)],
    2: [(1, 200, 4.0), (2, 100, 2.0), (3, -100, 1.0), (4, -200, 0.0)],
}


def eight_player_round(users) -> tuple[Tournament, Round]:
    """A one-round tournament of eight `users`, its round played and closed with RESULTS."""
    t = Tournament.objects.create(name="cup", registration_open=True, rounds=1, deals_per_table=1)
    for user in users:
        tournaments.register(t.pk, user)
    rnd = tournaments.start_next_round(t.pk)
    play_round(rnd)
    for seat in TableSeat.objects.filter(table__round=rnd).select_related("table"):
        seat.place, seat.score, seat.table_points = RESULTS[seat.table.number][seat.wind]
        seat.save()
    tournaments.close_round(rnd.pk)
    return t, rnd
