"""A finished tournament table's places: called by the service door in the transaction that
finishes the table's game; the last table of a round ends the round."""

from __future__ import annotations

from games import clock
from games.models import FINISHED, Game, Table, TableSeat, parse_table_points

from . import ratings, results


def record_result(game: Game) -> None:
    """Called by the service door in the transaction that finishes a game: if the game is a
    tournament table, its places get their result; the last table ends the round."""
    table = Table.objects.filter(game=game).select_related("round__tournament").first()
    if table is None or not game.result:
        return
    t = table.round.tournament
    points = parse_table_points(t.table_points)
    start = game.ruleset.get("starting_points", 0)
    standing = {s["seat"]: s for s in game.result["standings"]}
    places = list(table.places.all())
    for p in places:
        p.place = standing[p.wind]["place"]
        p.score = standing[p.wind]["points"] - start
    for p in places:
        tied = [q for q in places if q.place == p.place]
        first = p.place - 1
        p.table_points = sum(points[first : first + len(tied)]) / len(tied)  # ties share
    TableSeat.objects.bulk_update(places, ["place", "score", "table_points"])
    rnd = table.round
    # This game's row is saved just after this call: count it as finished already.
    if not rnd.tables.exclude(game__status=FINISHED).exclude(game=game).exists():
        rnd.status = FINISHED
        rnd.finished = clock.now()
        rnd.save(update_fields=["status", "finished"])
        results.count_round(rnd)  # results hidden until now join the players' statistics
        ratings.rate_round(rnd)  # and their ratings


