"""Imports count apart (issue 36, item 4): an imported record is the importer's word, so it is
labelled imported wherever it is listed and counts in no statistics or rating, and gives no page
to a name that is not an account, until staff with the `verify_import` permission verify it;
then it counts once. A record of a game already here is refused with that reason."""

import html
import json

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset
from games.models import AuditLog, Game, PlayerStat, Rating, Seat
from games.services import ServiceError, imports, results
from games.web.records import import_record

from .finished import saved_game
from .live import make_table
from .verifiers import plain_staff, verifier

pytestmark = pytest.mark.django_db


def _record(names=("alice", "bob", "Bot Plum", "Bot Orchid"), seed="count-apart") -> dict:
    """A one-round record of two named people (chairs 0 and 1) and two bots."""
    rs = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
    match = Match(rs, seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    players = [{"chair": c, "seat": match.seating.seat_of[c], "name": names[c],
                "bot": "greedy" if c >= 2 else None} for c in range(4)]
    return build_record(match, players=players, game={
        "started": "2026-01-02T10:00:00Z", "finished": "2026-01-02T11:00:00Z"})


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _post(client, record):
    body = json.dumps(record).encode()
    return client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})


def _games_counted(**who) -> int:
    return sum(PlayerStat.objects.filter(**who).values_list("games", flat=True))


# ---------------------------------------------------------------- statistics and ratings
def test_an_import_counts_nowhere_until_verified_then_once(client, players, django_user_model):
    alice, bob = players[0], players[1]
    client.force_login(alice)
    response = _post(client, _record())
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.imported and not game.import_verified and not game.counted
    assert PlayerStat.objects.count() == 0 and Rating.objects.count() == 0
    # The seats' own results are stored (history shows them), just not counted.
    assert game.seats.get(user=alice).deals_played > 0
    assert client.get("/u/alice/").context["stats"].games == 0
    assert client.get("/leaderboard/").context["rows"] == []

    staff = verifier(django_user_model)
    assert imports.verify_import(game.pk, staff) is True
    game.refresh_from_db()
    assert game.import_verified and game.counted
    # Staff vouched for every name: bob's seat is now his account's, and counts for him.
    assert game.seats.get(recorded_name="bob").user == bob
    assert _games_counted(user=alice) == 1 and _games_counted(user=bob) == 1
    assert not PlayerStat.objects.filter(user=None).exists()  # bots count for no one
    assert AuditLog.objects.filter(action="import_verified", object_id=game.pk,
                                   who=staff).exists()

    # Once: verifying again, and rebuilding every statistic, leave the totals as they are.
    assert imports.verify_import(game.pk, staff) is False
    results.rebuild_statistics()
    assert _games_counted(user=alice) == 1 and _games_counted(user=bob) == 1
    # Imported games are never rated (ratings replay in the order games were played here).
    assert Rating.objects.count() == 0


def test_an_unverified_import_counted_before_the_rule_leaves_the_statistics_on_a_rebuild(
        players):
    game = import_record(_record(), players[0])
    Game.objects.filter(pk=game.pk).update(counted=True)  # as imports were counted before
    results.rebuild_statistics()
    game.refresh_from_db()
    assert not game.counted and PlayerStat.objects.count() == 0


def test_a_staff_import_with_verify_import_counts_at_once(players, django_user_model):
    staff = verifier(django_user_model)
    game = import_record(_record(), staff)
    assert game.import_verified and Game.objects.get(pk=game.pk).counted
    assert _games_counted(user=players[0]) == 1 and _games_counted(user=players[1]) == 1


def test_staff_without_verify_import_import_only_their_own_and_verify_nothing(
        client, players, django_user_model):
    plain = plain_staff(django_user_model)
    client.force_login(plain)
    response = _post(client, _record())
    assert response.status_code == 400
    assert "only staff or one of the game's players" in _text(response)
    game = import_record(_record(), players[0])
    with pytest.raises(ServiceError, match="Only staff allowed to verify imports"):
        imports.verify_import(game.pk, plain)
    game.refresh_from_db()
    assert not game.import_verified and not game.counted and PlayerStat.objects.count() == 0
    assert imports.verify_import(game.pk, verifier(django_user_model))


def test_a_game_played_here_is_not_an_import_to_verify(players, django_user_model):
    game = saved_game(players[:1], 3, seed="played-here")
    with pytest.raises(ServiceError, match="played here, not imported"):
        imports.verify_import(game.pk, verifier(django_user_model))


# ---------------------------------------------------------------- labelled where listed
def test_an_import_is_labelled_imported_in_history_the_player_page_and_the_lobby(
        client, players, django_user_model):
    alice = players[0]
    game = import_record(_record(), alice)
    client.force_login(alice)
    for url in ("/games/", "/games/?scope=all", "/u/alice/", "/lobby/", "/"):
        page = _text(client.get(url))
        assert f"/game/{game.pk}/" in page, url
        assert 'class="badge imported"' in page and 'class="badge verified"' not in page, url
    imports.verify_import(game.pk, verifier(django_user_model))
    for url in ("/games/", "/u/alice/", "/lobby/"):
        page = _text(client.get(url))
        assert 'class="badge imported"' in page and 'class="badge verified"' in page, url


def test_a_game_played_here_has_no_imported_label(client, players):
    saved_game(players[:1], 3, seed="not-imported")
    client.force_login(players[0])
    assert "badge imported" not in _text(client.get("/games/"))


# ---------------------------------------------------------------- names without accounts
def test_a_non_staff_import_gives_no_page_to_a_name_without_an_account(
        client, players, django_user_model):
    game = import_record(_record(("alice", "zed", "Bot Plum", "Bot Orchid")), players[0])
    assert client.get("/u/zed/").status_code == 404
    assert client.get("/u/?name=zed").status_code == 404
    assert not PlayerStat.objects.filter(name="zed").exists()
    client.force_login(players[0])
    page = _text(client.get("/games/"))
    assert f"/game/{game.pk}/" in page and "/u/zed/" not in page and "zed" in page
    # Verified, the name is vouched for: it counts and has a page.
    imports.verify_import(game.pk, verifier(django_user_model))
    assert client.get("/u/zed/").status_code == 200
    assert _games_counted(user=None, name="zed") == 1
    assert "/u/zed/" in _text(client.get("/games/"))


# ---------------------------------------------------------------- the real reason
def _export(client, game) -> dict:
    response = client.get(f"/game/{game.pk}/record.json")
    assert response.status_code == 200
    return json.loads(response.content)


def test_importing_your_own_games_record_says_it_is_saved_here(client, players):
    game = saved_game(players[:1], 3, seed="my-own-game")
    client.force_login(players[0])
    response = _post(client, _export(client, game))
    assert response.status_code == 400
    assert f"this game is already saved here, as table {game.pk}" in _text(response)
    assert Game.objects.count() == 1


def test_a_game_you_left_is_still_refused_as_saved_here_not_as_someone_elses(client, players):
    """alice left; a bot played her seat on in her name, so her record lists a bot there. It
    is still her game, here already: that is the reason, not that she did not play in it."""
    game = saved_game(players[:1], 3, seed="left-game")
    Seat.objects.filter(game=game, user=players[0]).update(left=True, bot_level="greedy")
    client.force_login(players[0])
    record = _export(client, game)
    assert players[0].username not in [p["name"] for p in record["players"] if not p["bot"]]
    response = _post(client, record)
    assert response.status_code == 400
    page = _text(response)
    assert f"this game is already saved here, as table {game.pk}" in page
    assert "only staff or one of the game's players" not in page


def test_a_record_on_the_walls_of_a_game_not_over_names_no_table(client, players):
    live = make_table(players[:1], 3, seed="still-live")
    client.force_login(players[0])
    response = _post(client, _record(seed="still-live"))
    assert response.status_code == 400
    page = _text(response)
    assert "this record's seed is that of a game on this site that is not over" in page
    assert f"table {live.pk}" not in page.split("Refused", 1)[-1].split("</p>", 1)[0]
    assert Game.objects.count() == 1


# ---------------------------------------------------------------- the admin's action
def _staff_with(User, name, *codenames):
    user = User.objects.create_user(name, is_staff=True)
    user.user_permissions.set(Permission.objects.filter(
        content_type__app_label="games", codename__in=codenames))
    return user


def _run_action(client, game):
    return client.post("/admin/games/game/", {"action": "verify_import",
                                               "_selected_action": [game.pk]})


def test_the_admin_action_verifies_only_for_staff_with_verify_import(
        client, players, django_user_model):
    game = import_record(_record(), players[0])
    viewer = _staff_with(django_user_model, "viewer", "view_game", "change_game")
    client.force_login(viewer)
    page = _text(client.get("/admin/games/game/"))
    assert "Verify imported record" not in page
    _run_action(client, game)
    game.refresh_from_db()
    assert not game.import_verified and PlayerStat.objects.count() == 0

    client.force_login(_staff_with(django_user_model, "checker", "view_game", "verify_import"))
    assert "Verify imported record" in _text(client.get("/admin/games/game/"))
    response = _run_action(client, game)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.import_verified and _games_counted(user=players[0]) == 1
    _run_action(client, game)  # again: counted once
    assert _games_counted(user=players[0]) == 1
