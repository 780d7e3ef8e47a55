"""A round's time limit: when it passes (the ticker's check), each table finishes the deal in
play and its game ends there; the public page shows the time left; the audit log says when."""

from datetime import timedelta

import pytest
from django.test import Client

from games import clock, services
from games.models import ACTIVE, FINISHED, AuditLog, Game, Tournament
from games.services import matches, timelimits, tournaments

from .helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def frozen():
    start = clock.now()
    at = {"now": start}
    clock.set_clock(lambda: at["now"])
    yield at
    clock.set_clock(None)


def test_a_round_hitting_its_time_limit_ends_each_table_after_the_deal_in_play(
    django_user_model, quiet, frozen
):
    t = Tournament.objects.create(name="timed", registration_open=True, rounds=1,
                                  round_minutes=30)
    for i in range(4):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"t{i}"))
    rnd = tournaments.start_next_round(t.pk)
    assert rnd.deadline == frozen["now"] + timedelta(minutes=30)
    game_id = rnd.tables.get().game_id

    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Time limit: <strong class=\"t-time-left\">30 min</strong> left" in page

    # Play into the first deal; before the limit nothing is called.
    for _ in range(12):
        services.autopilot_waiting(game_id)
    frozen["now"] += timedelta(minutes=29)
    assert timelimits.enforce_time_limits() == 0
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "1 min</strong> left" in page

    frozen["now"] += timedelta(minutes=2)
    game = Game.objects.get(pk=game_id)
    assert game.status == ACTIVE
    in_play = len(matches.match_for(game).history) + 1  # the deals scored, and the one in play
    assert timelimits.enforce_time_limits() == 1
    assert Game.objects.get(pk=game_id).ruleset["max_deals"] == in_play
    assert timelimits.enforce_time_limits() == 0  # called once
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Time is up" in page

    matches.forget_all()  # as another process would: the moves replay under the new ruleset
    play_out(game_id)
    game = Game.objects.get(pk=game_id)
    assert game.status == FINISHED
    assert len(matches.match_for(game).history) == in_play
    rnd.refresh_from_db()
    assert rnd.is_finished and rnd.time_called == frozen["now"]
    line = AuditLog.objects.get(tournament=t, action="time_limit")
    assert line.details["tables"] == {"1": in_play}


def test_without_a_limit_a_round_has_no_deadline(django_user_model, quiet):
    t = Tournament.objects.create(name="untimed", registration_open=True, rounds=1,
                                  deals_per_table=1)
    for i in range(4):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"u{i}"))
    rnd = tournaments.start_next_round(t.pk)
    assert rnd.deadline is None
    assert timelimits.enforce_time_limits() == 0
    assert "Time limit" not in Client().get(f"/tournaments/{t.pk}/").content.decode()


def test_the_time_limit_makes_every_process_replay_its_cached_match(django_user_model):
    """Capping a game changes its ruleset with no new move. Another process holding the game's
    Match at the same version would go on under the old ruleset, socket or not: the cap bumps
    the game's rules version, and every cache checks it against the row it reads."""
    t = Tournament.objects.create(name="timed", registration_open=True, rounds=1)
    for i in range(4):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"c{i}"))
    rnd = tournaments.start_next_round(t.pk)
    game_id = rnd.tables.get().game_id
    for _ in range(6):
        services.autopilot_waiting(game_id)
    before = Game.objects.get(pk=game_id)
    stale = matches.match_for(before)  # another process's Match: the same version, the old rules
    timelimits.call_time(rnd.pk)
    matches.put(before, stale)  # that process's cache, which heard nothing
    game = Game.objects.get(pk=game_id)
    assert game.rules_version == before.rules_version + 1 and game.version == before.version
    assert matches.cached(before) is stale
    assert matches.cached(game) is None
    capped = matches.match_for(game)
    assert capped is not stale
    assert capped.ruleset.max_deals == len(capped.history) + 1
    assert matches.take(game) is capped
