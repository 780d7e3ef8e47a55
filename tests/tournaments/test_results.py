"""Results and standings: table points by place with ties sharing, the organiser's own table
points, head-to-head among tied players, withdrawals (a bot plays on, or the player is left
out)."""

import pytest
from django.core.exceptions import ValidationError

from games.models import (
    FINISHED,
    WITHDRAW_SKIP,
    Entry,
    Game,
    Round,
    Table,
    TableSeat,
    Tournament,
    parse_table_points,
)
from games.services import places, tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)


def _players(django_user_model, n, prefix="p"):
    return [django_user_model.objects.create_user(f"{prefix}{i}") for i in range(n)]


def _finished_table(t, number, entries, finals):
    """A table whose game ended with `finals` (points per starting wind)."""
    rnd, _ = Round.objects.get_or_create(tournament=t, number=number)
    game = Game.objects.create(
        ruleset_name="chinese-classical", ruleset={"starting_points": 2000}, seed="x",
        status=FINISHED, tournament=True,
    )
    table = Table.objects.create(round=rnd, number=rnd.tables.count() + 1, game=game)
    for wind, entry in enumerate(entries):
        TableSeat.objects.create(table=table, wind=wind, entry=entry)
    order = sorted(finals, reverse=True)
    game.result = {"standings": [
        {"seat": w, "points": p, "place": order.index(p) + 1} for w, p in enumerate(finals)
    ]}
    places.record_result(game)
    return table


def test_tied_places_share_their_table_points(django_user_model):
    users = _players(django_user_model, 4)
    t = Tournament.objects.create(name="Ties")
    entries = [Entry.objects.create(tournament=t, user=u) for u in users]
    table = _finished_table(t, 1, entries, [2500, 2500, 1500, 1500])
    got = [(p.place, p.table_points, p.score) for p in table.places.all()]
    assert got == [(1, 3.0, 500), (1, 3.0, 500), (3, 0.5, -500), (3, 0.5, -500)]
    assert Round.objects.get(tournament=t).status == FINISHED  # its only table ended


def test_the_organiser_chooses_the_table_points(django_user_model):
    users = _players(django_user_model, 4)
    t = Tournament.objects.create(name="Custom", table_points="3,1,0,-1")
    entries = [Entry.objects.create(tournament=t, user=u) for u in users]
    table = _finished_table(t, 1, entries, [1000, 3000, 2500, 1500])
    assert [p.table_points for p in table.places.all()] == [-1, 3, 1, 0]
    with pytest.raises(ValueError, match="four numbers"):
        parse_table_points("4,2,1")


def test_head_to_head_orders_players_tied_on_points_and_score(django_user_model):
    a, b, *others = _players(django_user_model, 8)
    t = Tournament.objects.create(name="H2H")
    eb = Entry.objects.create(tournament=t, user=b)  # b first: the tiebreak must lift a
    ea = Entry.objects.create(tournament=t, user=a)
    rest = [Entry.objects.create(tournament=t, user=u) for u in others]
    _finished_table(t, 1, [ea, eb, rest[0], rest[1]], [2300, 2100, 1900, 1700])
    _finished_table(t, 2, [eb, rest[2], rest[3], rest[4]], [2300, 2100, 1900, 1700])
    _finished_table(t, 2, [ea, rest[5], rest[0], rest[1]], [2300, 2100, 1900, 1700])
    # a: 4 + 4 so far, b: 2 + 4; a third round levels them on points and score.
    _finished_table(t, 3, [eb, rest[2], rest[3], rest[4]], [2300, 2100, 1900, 1700])
    _finished_table(t, 3, [rest[5], ea, rest[0], rest[1]], [2300, 2100, 1900, 1700])
    rows = tournaments.compute_standings(t).rows
    top = {r.name: r for r in rows[:2]}
    assert set(top) == {"p0", "p1"}
    assert top["p0"].table_points == top["p1"].table_points == 10
    assert top["p0"].score == top["p1"].score
    assert [r.name for r in rows[:2]] == ["p0", "p1"]  # a placed above b when they met
    assert rows[0].rank == 1 and rows[1].rank == 2


def _start(t, users):
    for u in users:
        tournaments.register(t.pk, u)
    return tournaments.start_next_round(t.pk)


def test_a_withdrawn_player_is_replaced_by_a_bot(client, organiser, django_user_model, quiet):
    users = _players(django_user_model, 8)
    t = Tournament.objects.create(name="Bots", registration_open=True, deals_per_table=1)
    rnd = _start(t, users)
    leaver = Entry.objects.get(tournament=t, user=users[0])
    game = Table.objects.get(round=rnd, places__entry=leaver).game
    client.force_login(organiser)  # the organiser withdraws them in the admin
    response = client.post(
        "/admin/games/entry/", {"action": "withdraw", "_selected_action": [leaver.pk]},
        follow=True,
    )
    assert "P0 has withdrawn." in response.content.decode()  # the admin capitalises
    assert game.seats.get(user=users[0]).is_bot  # the game in play goes on with a bot
    play_round(rnd)
    rnd2 = tournaments.start_next_round(t.pk)
    places = TableSeat.objects.filter(table__round=rnd2)
    assert places.count() == 8 and places.filter(entry=None).count() == 1
    assert not places.filter(entry=leaver).exists()
    bot_table = places.get(entry=None).table
    assert bot_table.game.seats.filter(bot_level__gt="").count() == 1


def test_a_withdrawn_player_is_left_out_when_the_organiser_says_so(django_user_model, quiet):
    users = _players(django_user_model, 9)
    t = Tournament.objects.create(
        name="Skip", registration_open=True, deals_per_table=1, withdrawal=WITHDRAW_SKIP,
        fill="sitout",
    )
    rnd = _start(t, users)
    assert TableSeat.objects.filter(table__round=rnd).count() == 8  # one sits out
    play_round(rnd)
    leaver = Entry.objects.get(tournament=t, user=users[3])
    tournaments.withdraw(leaver.pk)
    rnd2 = tournaments.start_next_round(t.pk)
    places = TableSeat.objects.filter(table__round=rnd2)
    assert places.count() == 8 and not places.filter(entry=leaver).exists()
    assert not places.filter(entry=None).exists()


def test_registration_only_while_open(django_user_model):
    (u,) = _players(django_user_model, 1)
    t = Tournament.objects.create(name="Shut", registration_open=False)
    with pytest.raises(tournaments.ServiceError) as exc:
        tournaments.register(t.pk, u)
    assert exc.value.code == "registration_closed" and not t.entries.exists()


def test_a_swiss_round_seats_the_leaders_together(django_user_model, quiet):
    users = _players(django_user_model, 16)
    t = Tournament.objects.create(name="Swiss", swiss=True, deals_per_table=1)
    entries = [Entry.objects.create(tournament=t, user=u) for u in users]
    for k in range(4):  # round 1: the first of each table wins it
        _finished_table(t, 1, entries[4 * k : 4 * k + 4], [2600, 2000, 1800, 1600])
    leaders = {entries[4 * k].pk for k in range(4)}
    rnd = tournaments.start_next_round(t.pk)
    tables = [{p.entry_id for p in table.places.all()} for table in rnd.tables.all()]
    assert leaders in tables  # the four leaders, who have not met, play each other
    seconds = {entries[4 * k + 1].pk for k in range(4)}
    assert seconds in tables


def test_results_keep_their_player_but_a_whole_tournament_may_be_deleted(django_user_model):
    from django.db.models import RestrictedError

    users = _players(django_user_model, 4)
    t = Tournament.objects.create(name="Gone")
    entries = [Entry.objects.create(tournament=t, user=u) for u in users]
    _finished_table(t, 1, entries, [2300, 2100, 1900, 1700])
    with pytest.raises(RestrictedError):
        entries[0].delete()
    t.delete()
    assert not TableSeat.objects.exists() and not Entry.objects.exists()


def test_the_admin_form_refuses_bad_settings():
    t = Tournament(name="Bad", ruleset_name="chinese-classical", settings={"limit_x": 1},
                   table_points="4,2,1")
    with pytest.raises(ValidationError) as exc:
        t.full_clean()
    assert set(exc.value.message_dict) == {"settings", "table_points"}
