"""Duplicate-wall rounds: every table of a round is dealt from the round's one seed, so each
starting wind holds the same hands at every table; seats are rotated between tables; the seed
reaches no browser before the round ends; the round page compares the players who held the
same hands."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games.access import policy
from games.engine.match import Match
from games.engine.ruleset import Ruleset
from games.models import FINISHED, Game, Round, TableSeat, Tournament
from games.services import frames, matches, tournaments
from games.tournaments.duplicate import compare_by_wind, vary_winds
from games.tournaments.seating import seat_round, wind_spread

from .helpers import play_out, play_round

pytestmark = pytest.mark.django_db(transaction=True)


def _cup(django_user_model, players: int = 16, **extra) -> Tournament:
    t = Tournament.objects.create(name="Same Walls Cup", registration_open=True, rounds=3,
                                  deals_per_table=1, duplicate_walls=True, seed="walls", **extra)
    for i in range(players):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"dw{i:02}"))
    return t


def _first_deal(game: Game) -> list[tuple]:
    """Each starting wind's tiles (hand and bonus tiles) as the engine deals them from the
    game's ruleset and seed, before any move."""
    match = Match(Ruleset.from_json(game.ruleset), game.seed)
    return [(tuple(s.tiles()), tuple(s.bonus)) for s in match.deal.seats]


def test_every_table_of_a_round_is_dealt_the_same_walls(django_user_model, quiet):
    t = _cup(django_user_model)
    rnd = tournaments.start_next_round(t.pk)
    games = [table.game for table in rnd.tables.select_related("game")]
    assert len(games) == 4 and rnd.seed
    assert {g.seed for g in games} == {rnd.seed}
    deals = [_first_deal(g) for g in games]
    assert all(d == deals[0] for d in deals)
    # The tables' own matches (as the service door keeps them) deal the same too.
    live = [matches.match_for(g) for g in games]
    assert all([s.hand for s in m.deal.seats] == [s.hand for s in live[0].deal.seats]
               for m in live)
    # Each player holds the wind the tournament seating gave them: that wind's hands.
    for table in rnd.tables.all():
        for place in table.places.all():
            assert table.game.seats.get(user=place.entry.user).position == place.wind
    # The autopilot plays the same hands alike: on the same walls, every table ends alike.
    play_round(rnd)
    scores = {table.number: [p.score for p in table.places.order_by("wind")]
              for table in rnd.tables.all()}
    assert all(s == scores[1] for s in scores.values()), scores
    # The next round is dealt from a new seed.
    second = tournaments.start_next_round(t.pk)
    assert second.seed and second.seed != rnd.seed
    assert {table.game.seed for table in second.tables.all()} == {second.seed}


def test_without_the_option_each_table_has_its_own_walls(django_user_model, quiet):
    t = _cup(django_user_model, players=8)
    t.duplicate_walls = False
    t.save()
    rnd = tournaments.start_next_round(t.pk)
    first, second = (table.game for table in rnd.tables.all())
    assert rnd.seed == "" and first.seed != second.seed
    assert _first_deal(first) != _first_deal(second)


def test_a_first_round_rotates_table_k_by_k_mod_4():
    """Nothing to level yet: table k's wind w goes to whoever the seating put in wind w + k."""
    tables = [("a0", "a1", "a2", "a3"), ("b0", "b1", "b2", "b3"),
              ("c0", "c1", "c2", "c3"), ("d0", "d1", "d2", "d3"), ("e0", "e1", "e2", "e3")]
    assert vary_winds(tables) == (
        ("a0", "a1", "a2", "a3"), ("b1", "b2", "b3", "b0"), ("c2", "c3", "c0", "c1"),
        ("d3", "d0", "d1", "d2"), ("e0", "e1", "e2", "e3"))


def _hand_groups(tables) -> set[frozenset]:
    """The players who held the same hands: one group per starting wind, across the tables."""
    return {frozenset(t[w] for t in tables) for w in range(4)}


def _duplicate_rounds(players: list, rounds: int, seed: str) -> tuple[list, list]:
    """The seating's rounds and the rounds as a duplicate-wall tournament plays them (each
    seated after the rounds played before it)."""
    bases, played = [], []
    for _ in range(rounds):
        bases.append(seat_round(players, played, seed=seed).tables)
        played.append(vary_winds(bases[-1], played))
    return bases, played


def test_the_same_hands_meet_players_of_every_wind_group_of_the_seating():
    """A designed round seats a whole group of players in one wind at every table: without the
    reordering the same four players would hold the same hands round after round."""
    players = list(range(16))
    plain = [seat_round(players, [], seed="walls").tables]
    for _ in range(4):
        plain.append(seat_round(players, plain, seed="walls").tables)
    assert all(_hand_groups(p) == _hand_groups(plain[0]) for p in plain[:4])
    bases, played = _duplicate_rounds(players, 5, "walls")
    for base, tables in zip(bases, played):
        assert sorted(map(sorted, base)) == sorted(map(sorted, tables))  # the same tables
        for group in _hand_groups(tables):
            # One player from each group the round's seating put in one wind.
            assert all(len(group & g) == 1 for g in _hand_groups(base))
    groups = [_hand_groups(r) for r in played]
    assert all(not groups[i] & groups[j] for i in range(5) for j in range(i + 1, 5))


@pytest.mark.parametrize("seed", ["walls", "club", "open", "cup"])
def test_wind_counts_stay_level_over_five_rounds_of_16_players(seed):
    """The largest gap over players between their most and least played starting wind: at most
    2 after five rounds (table k rotated by k mod 4 every round left gaps of 3 and 4)."""
    _, played = _duplicate_rounds(list(range(16)), 5, seed)
    assert wind_spread(played) <= 2
    for k in range(1, 5):
        assert wind_spread(played[:k]) <= 2


def test_more_tables_spread_each_wind_group_of_the_seating_evenly():
    """Nine tables: each hand group takes two or three players from each of the seating's wind
    groups, and the winds stay level over six rounds."""
    players = list(range(36))
    bases, played = _duplicate_rounds(players, 6, "big")
    for base, tables in zip(bases, played):
        for group in _hand_groups(tables):
            assert sorted(len(group & g) for g in _hand_groups(base)) == [2, 2, 2, 3]
    assert wind_spread(played) <= 2


def test_the_comparison_figures():
    """Worked by hand: East held by 300 and 100 (mean 200), South by -50, -150 and a bot's 20
    (mean -60); a place without a score yet is left out."""
    groups = compare_by_wind([
        (1, 0, "ann", 300), (2, 0, "bob", 100), (1, 1, "cat", -50), (2, 1, "dan", -150),
        (3, 1, "Bot", 20), (3, 0, "eve", None),
    ])
    assert [(g.wind, g.mean) for g in groups] == [(0, 200.0), (1, -60.0)]
    assert [(h.name, h.table, h.score, h.difference) for h in groups[0].held] == [
        ("ann", 1, 300, 100.0), ("bob", 2, 100, -100.0)]
    assert [(h.name, h.difference) for h in groups[1].held] == [
        ("Bot", 80.0), ("cat", 10.0), ("dan", -90.0)]


# Score by (table, wind): East, South, West, North.
SCORES = {1: [300, 100, -100, -300], 2: [200, -100, 100, -200]}


def test_the_round_page_compares_those_who_held_the_same_hands(django_user_model, quiet):
    t = _cup(django_user_model, players=8)
    rnd = tournaments.start_next_round(t.pk)
    first, second = rnd.tables.all()
    play_out(first.game_id)
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert "The same hands at every table" not in page  # hidden scores: not while it plays
    play_out(second.game_id)
    for place in TableSeat.objects.filter(table__round=rnd).select_related("table"):
        place.score = SCORES[place.table.number][place.wind]
        place.save()
    rnd.refresh_from_db()
    assert rnd.status == FINISHED
    response = Client().get(f"/tournaments/{t.pk}/")
    groups = {g["wind"]: g for g in response.context["rounds"][0]["same_hands"]}
    # East: 300 and 200, mean 250; South: 100 and -100, mean 0; and so on.
    assert {w: g["mean"] for w, g in groups.items()} == {
        "East": 250.0, "South": 0.0, "West": 0.0, "North": -250.0}
    names = {(p.table.number, p.wind): str(p.entry) for p in TableSeat.objects.filter(
        table__round=rnd).select_related("table", "entry__user")}
    assert [(h.name, h.score, h.difference) for h in groups["East"]["held"]] == [
        (names[1, 0], 300, 50.0), (names[2, 0], 200, -50.0)]
    assert [(h.name, h.difference) for h in groups["West"]["held"]] == [
        (names[2, 2], 100.0), (names[1, 2], -100.0)]
    page = response.content.decode()
    assert "The same hands at every table" in page and "mean 250" in page
    assert rnd.seed in page  # revealed now the round is over


def test_the_seed_reaches_no_browser_before_the_round_ends(
    django_user_model, quiet
):
    t = _cup(django_user_model, players=8)
    rnd = tournaments.start_next_round(t.pk)
    first, second = rnd.tables.all()
    play_out(first.game_id)
    done = Game.objects.get(pk=first.game_id)
    playing = Game.objects.get(pk=second.game_id)
    assert done.status == FINISHED and done.seed == playing.seed
    # The finished table's last frame leaves its seed out while the other table plays.
    assert "seed" not in frames.view(done, matches.match_for(done), None)
    assert "seed" not in frames.view(done, matches.match_for(done), 0)
    own = Client()
    own.force_login(done.seats.exclude(user=None).first().user)
    other = Client()
    other.force_login(playing.seats.exclude(user=None).first().user)
    staff = Client()
    stan = django_user_model.objects.create_user("stan", is_staff=True)
    stan.user_permissions.add(Permission.objects.get(codename="watch_any_game"))
    staff.force_login(stan)
    for client in (Client(), own, other):
        for path in (f"/game/{done.pk}/", f"/game/{done.pk}/replay/",
                     f"/game/{done.pk}/record.json"):
            response = client.get(path)
            assert response.status_code in (403, 404), path
            assert done.seed not in response.content.decode()
        assert done.seed not in client.get(f"/tournaments/{t.pk}/").content.decode()
        assert done.seed not in client.get(f"/tournaments/{t.pk}/results.csv").content.decode()
    # The table still playing: its players and staff only (a finished table's players know
    # what its walls gave).
    assert own.get(f"/game/{playing.pk}/").status_code == 403
    assert Client().get(f"/game/{playing.pk}/").status_code == 403
    assert other.get(f"/game/{playing.pk}/").status_code == 200
    assert staff.get(f"/game/{playing.pk}/").status_code == 200
    assert staff.get(f"/game/{done.pk}/").status_code == 200
    assert policy.walls_shared(done)
    assert not policy.decide(playing, policy.Requester(), policy.Seeing.TABLE).allowed
    page = other.get(f"/tournaments/{t.pk}/").content.decode()
    assert f"/game/{playing.pk}/" in page  # their own table's link
    assert f"/game/{done.pk}/replay/" not in page
    # Once the round is over, everything is shown.
    play_out(playing.pk)
    assert Round.objects.get(pk=rnd.pk).status == FINISHED
    assert not policy.walls_shared(done)
    assert frames.view(done, matches.match_for(done), None)["seed"] == done.seed
    assert done.seed in Client().get(f"/game/{done.pk}/").content.decode()
    assert Client().get(f"/game/{done.pk}/record.json").status_code == 200
