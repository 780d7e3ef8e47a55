"""Ratings (docs/ratings.md): a rated game's four ratings change as openskill's Plackett-Luce
model says, in the transaction that finishes it; the stored inputs replay to the same values
(`manage.py rebuild_ratings`); guests, bots and unrated tables change nothing; leaving counts
as last."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from openskill.models import PlackettLuce

from games import services
from games.access.accounts import make_guest
from games.models import (
    ABANDONED,
    FINISHED,
    Game,
    Profile,
    Rating,
    RatingChange,
    Tournament,
    shown_rating,
)
from games.services import ratings, tournaments

from .finished import finished_game
from .live import make_table, short_ruleset
from .rated import finish, scripted

pytestmark = pytest.mark.django_db


def expected(model, table, ranks):
    """openskill itself: the ratings after one game of `table` (ratings in seat order)."""
    return [team[0] for team in model.rate([[r] for r in table], ranks=ranks)]


def current(user, ruleset="chinese-classical") -> Rating:
    return Rating.objects.get(user=user, ruleset_name=ruleset)


def test_a_scripted_game_changes_ratings_as_openskill_does(players):
    alice, bob, carol, dave = players
    game = scripted(players, [40_000, 30_000, 30_000, 20_000], seed="r1")
    model = PlackettLuce()  # the library's own defaults
    fresh = [model.rating() for _ in players]
    want = expected(model, fresh, [1, 2, 2, 4])  # bob and carol tie: they share second
    for user, w in zip(players, want, strict=True):
        row = current(user)
        assert (row.mu, row.sigma, row.games) == (w.mu, w.sigma, 1)
        assert row.score == shown_rating(w.mu, w.sigma)
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[u.pk].place for u in players] == [1, 2, 2, 4]
    assert changes[bob.pk].mu_after == changes[carol.pk].mu_after
    first = changes[alice.pk]
    assert (first.mu_before, first.sigma_before) == (25.0, 25.0 / 3.0)
    assert first.final_points == 40_000 and not first.abandoned
    # Shown: 1500 + 40 * (mu - 3 sigma - 12.5); a newcomer shows 1000.
    assert first.before == 1000
    assert first.after == round(1500 + 40 * (want[0].mu - 3 * want[0].sigma - 12.5))
    assert first.change > 0 > changes[dave.pk].change
    assert ratings.rate(game) == []  # once only


def test_ratings_chain_game_after_game_and_rebuild_reproduces_them(players, outsider):
    alice, bob, carol, dave = players
    games = [
        ([alice, bob, carol, dave], [30_000, 20_000, 10_000, 0]),
        ([outsider, bob, carol, dave], [5_000, 25_000, 25_000, 5_000]),
        ([alice, outsider, carol, dave], [1_000, 2_000, 3_000, 4_000]),
    ]
    model = PlackettLuce()
    book = {}
    for n, (people, points) in enumerate(games):
        scripted(people, points, seed=f"chain-{n}")
        ranks = [1 + sum(q > p for q in points) for p in points]
        now = expected(model, [book.get(u.pk, model.rating()) for u in people], ranks)
        book.update({u.pk: r for u, r in zip(people, now, strict=True)})
    for user in [*players, outsider]:
        row = current(user)
        assert (row.mu, row.sigma) == (book[user.pk].mu, book[user.pk].sigma)
    assert current(carol).games == 3 and current(outsider).games == 2
    stored = list(RatingChange.objects.order_by("pk").values_list(
        "mu_before", "sigma_before", "mu_after", "sigma_after", "games"))
    board = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "score", "games",
                                                           "last_played"))

    call_command("rebuild_ratings", "--check")  # exits 1 if anything differs
    # Spoil a stored value and a current rating: the rebuild puts back exactly what was there.
    RatingChange.objects.filter(pk=RatingChange.objects.order_by("pk")[5].pk).update(mu_after=1.0)
    Rating.objects.filter(user=alice).update(mu=99.0, score=0)
    with pytest.raises(SystemExit):
        call_command("rebuild_ratings", "--check")
    done = ratings.rebuild()
    assert (done.games, done.changes, done.ratings) == (3, 1, 1)
    assert list(RatingChange.objects.order_by("pk").values_list(
        "mu_before", "sigma_before", "mu_after", "sigma_after", "games")) == stored
    assert list(Rating.objects.order_by("pk").values_list(
        "mu", "sigma", "score", "games", "last_played")) == board
    again = ratings.rebuild()
    assert (again.changes, again.ratings) == (0, 0)


def test_rebuild_starts_over_from_the_defaults_when_ratings_are_lost(players):
    scripted(players, [4, 3, 2, 1], seed="lost-1")
    scripted(players, [1, 2, 3, 4], seed="lost-2")
    before = {r.user_id: (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    Rating.objects.all().delete()
    done = ratings.rebuild()
    assert done.ratings == 4
    assert {r.user_id: (r.mu, r.sigma, r.games) for r in Rating.objects.all()} == before


def test_rulesets_are_rated_apart(players):
    scripted(players, [4, 3, 2, 1], seed="apart-1")
    scripted(players, [4, 3, 2, 1], seed="apart-2", ruleset="british")
    alice = players[0]
    assert current(alice).games == 1 and current(alice, "british").games == 1
    assert current(alice).mu == current(alice, "british").mu


def test_a_game_played_to_its_end_is_rated_as_it_finishes(players):
    game = finished_game(players, seed="rated-played", rated=True)
    assert game.status == FINISHED
    changes = list(RatingChange.objects.filter(game=game).order_by("position"))
    assert len(changes) == 4
    points = game.result["points"]
    for c in changes:
        assert c.final_points == points[c.position]
        assert c.place == 1 + sum(p > points[c.position] for p in points)
    model = PlackettLuce()
    want = expected(model, [model.rating() for _ in changes], [c.place for c in changes])
    assert [(c.mu_after, c.sigma_after) for c in changes] == [(w.mu, w.sigma) for w in want]


def test_unrated_tables_change_no_rating(players):
    scripted(players, [4, 3, 2, 1], seed="casual", rated=False)
    finished_game(players[:2], 2, seed="with-bots")  # a casual table with bots
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rated_table_refuses_guests_and_bots(players):
    guest = make_guest()
    with pytest.raises(services.ServiceError) as made:
        services.create_game(guest, rated=True)
    assert made.value.code == "rated_guest" and "members" in made.value.message
    game = services.create_game(players[0], rated=True)
    services.take_seat(game.pk, players[0])
    with pytest.raises(services.ServiceError) as seated:
        services.take_seat(game.pk, guest)
    assert seated.value.code == "rated_guest"
    with pytest.raises(services.ServiceError) as bot:
        services.add_bot(game.pk, "strong")
    assert bot.value.code == "rated_bot"
    # One account, one seat: sitting down again gives the same seat.
    again = services.take_seat(game.pk, players[0])
    assert game.seats.count() == 1 and again.chair == 0


def test_a_rated_table_with_a_guest_at_it_changes_no_rating(players):
    game = make_table(players, seed="guest-there", rated=True)
    Profile.objects.create(user=players[3], is_guest=True)  # however that came about
    finish(game, players, [4, 3, 2, 1])
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_leaving_a_rated_game_counts_as_last_place(players, clock):
    alice, bob, carol, dave = players
    # Bob leaves; the bot playing his seat ends with the most points: he is still fourth.
    game = scripted(players, [10_000, 50_000, 30_000, 20_000], seed="leaver", left=[bob])
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[u.pk].place for u in players] == [3, 4, 1, 2]
    assert changes[bob.pk].abandoned and changes[bob.pk].final_points is None
    model = PlackettLuce()
    want = expected(model, [model.rating() for _ in range(4)], [3, 4, 1, 2])
    assert (current(bob).mu, current(bob).sigma) == (want[1].mu, want[1].sigma)


def test_a_rated_game_all_its_players_left_is_rated_by_the_order_they_left(players, clock):
    alice, bob, carol, dave = players
    game = make_table(players, seed="everyone-leaves", rated=True)
    for user in (carol, alice, dave, bob):  # bob stays longest
        clock.advance(5)
        services.leave_game(game.pk, user)
    game.refresh_from_db()
    assert game.status == ABANDONED
    places = {c.user_id: c.place for c in RatingChange.objects.filter(game=game)}
    assert places == {bob.pk: 1, dave.pk: 2, alice.pk: 3, carol.pk: 4}
    assert all(c.abandoned for c in RatingChange.objects.filter(game=game))


def test_an_unattended_rated_table_ended_by_the_sweep_is_not_rated(players, clock):
    game = make_table(players, seed="nobody-came", rated=True)
    clock.advance(60 * 60 * 3)
    assert services.abandon_unattended() == [game.pk]
    assert not RatingChange.objects.filter(game=game).exists()


def test_the_new_table_form_offers_rated_to_members_with_four_people(players):
    member = Client()
    member.force_login(players[0])
    form = {"ruleset": "chinese-classical", "seat_2": "open", "seat_3": "open",
            "seat_4": "open", "claim_seconds": 8, "rated": "on"}
    answer = member.post("/game/new/", form)
    game = Game.objects.latest("pk")
    assert answer.status_code == 302 and game.rated and answer["Location"] == f"/game/{game.pk}/"
    page = member.get(answer["Location"])
    assert page.status_code == 200

    refused = member.post("/game/new/", {**form, "seat_2": "strong"}, follow=True)
    assert Game.objects.latest("pk") == game
    assert "A rated table is for four people" in refused.content.decode()

    visitor = Client()  # nobody logged in: no guest is made for a rated table
    answer = visitor.post("/game/new/", form, follow=True)
    assert Game.objects.latest("pk") == game
    assert "Rated games are for members" in answer.content.decode()

    guest = Client()
    guest.post("/play-now/")
    answer = guest.post("/game/new/", form, follow=True)
    assert "Rated games are for members" in answer.content.decode()
    assert not Game.objects.filter(rated=True).exclude(pk=game.pk).exists()


def test_a_guest_cannot_take_a_seat_at_a_rated_table(players):
    game = services.create_game(players[0], rated=True)
    services.take_seat(game.pk, players[0])
    guest = Client()
    guest.post("/play-now/")  # a guest now
    page = guest.post(f"/game/{game.pk}/join/", follow=True)
    assert "Rated games are for members" in page.content.decode()
    assert game.seats.count() == 1


@pytest.fixture
def quiet(monkeypatch):
    """Nobody watches these tables: no frames are sent."""
    from games.services import broadcast, matches

    monkeypatch.setattr(broadcast, "send_all", lambda messages: None)
    matches.forget_all()
    yield
    matches.forget_all()


def _tournament(django_user_model, *, rated, hide_scores, guest=False):
    t = Tournament.objects.create(name="Rated Cup", registration_open=True, deals_per_table=1,
                                  rated=rated, hide_scores=hide_scores,
                                  settings=short_ruleset(1))
    people = [django_user_model.objects.create_user(f"cup{i}") for i in range(7)]
    people.append(make_guest() if guest else django_user_model.objects.create_user("cup7"))
    for user in people:
        tournaments.register(t.pk, user)
    return t


@pytest.mark.django_db(transaction=True)
def test_a_rated_tournament_rates_its_tables_once_its_round_shows_them(django_user_model,
                                                                       quiet):
    from tests.tournaments.helpers import play_out

    t = _tournament(django_user_model, rated=True, hide_scores=True)
    rnd = tournaments.start_next_round(t.pk)
    first, second = rnd.tables.all()
    assert first.game.rated and second.game.rated
    play_out(first.game_id)
    # Its scores are hidden until the round ends: so are its ratings.
    assert not RatingChange.objects.exists()
    play_out(second.game_id)
    assert RatingChange.objects.filter(game_id=first.game_id).count() == 4
    assert RatingChange.objects.filter(game_id=second.game_id).count() == 4
    assert ratings.rebuild(write=False).changes == 0


@pytest.mark.django_db(transaction=True)
def test_a_tournament_table_with_a_guest_or_unrated_is_not_rated(django_user_model, quiet):
    t = _tournament(django_user_model, rated=True, hide_scores=False, guest=True)
    rnd = tournaments.start_next_round(t.pk)
    assert sorted(tb.game.rated for tb in rnd.tables.all()) == [False, True]
    t2 = Tournament.objects.create(name="Casual Cup", registration_open=True)
    assert not t2.rated


def _settle(game_id: int) -> Game:
    """Whatever is due now happens (what the ticker does)."""
    while services.tick(game_id):
        pass
    return Game.objects.get(pk=game_id)


def test_a_rated_table_its_people_all_left_is_not_played_out_by_the_autopilot(
        players, clock, settings):
    """Issue 38 §3: four people close their tabs; once the last one's grace period is over
    nobody plays for them (a casual table of four would go on with the autopilot); the sweep
    then ends it as abandoned, and no rating moves."""
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    settings.GAMES_ABANDON_MINUTES = 30
    settings.GAMES_BOT_DELAY_MS = 0
    rated = make_table(players, seed="all-gone", rated=True)  # nobody connected: all absent
    # One deal is enough to see the autopilot play on (settling plays the table to its end).
    casual = make_table(players, seed="all-gone-casual", settings={"rounds": 1, "max_deals": 1})
    start = {g.pk: _settle(g.pk).version for g in (rated, casual)}
    clock.advance(20)
    assert _settle(casual.pk).version > start[casual.pk]  # the autopilot plays a casual one
    paused = _settle(rated.pk)
    assert paused.version == start[rated.pk] and paused.due_at is None
    for _ in range(5):
        clock.advance(5 * 60)
        assert not services.tick(rated.pk)
    assert Game.objects.get(pk=rated.pk).version == start[rated.pk]
    clock.advance(5 * 60)
    assert rated.pk in services.sweep(clock.now)
    assert Game.objects.get(pk=rated.pk).status == ABANDONED
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_a_paused_rated_table_goes_on_when_someone_comes_back(players, clock, settings):
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    settings.GAMES_BOT_DELAY_MS = 0
    game = make_table(players, seed="one-comes-back", rated=True)
    clock.advance(30)
    paused = _settle(game.pk)
    assert paused.due_at is None
    services.connect(game.pk, players[0])  # alice opens the table again
    assert Game.objects.get(pk=game.pk).due_at is not None  # the others' turns are due again


def test_leaving_a_rated_table_then_letting_it_lapse_still_counts_as_last(players, clock,
                                                                        settings):
    """Someone who left a rated game is rated last even when the others then let the paused
    table lapse: the others share first place, nobody's bot earned anything."""
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    settings.GAMES_ABANDON_MINUTES = 30
    alice, bob, carol, dave = players
    game = make_table(players, seed="leave-then-lapse", rated=True)
    services.leave_game(game.pk, bob)
    clock.advance(31 * 60)
    assert services.abandon_unattended(clock.now) == [game.pk]
    places = {c.user_id: c.place for c in RatingChange.objects.filter(game=game)}
    assert places == {alice.pk: 1, bob.pk: 4, carol.pk: 1, dave.pk: 1}
