"""The admin and the one door (issue 36, DESIGN.md "One door for change"): games, seats and moves
are read in the admin and never written there, by a superuser neither; what changes a game is
an action, run through the services by staff with `change_game`, and audit-logged; a live
game's seed never shows before it ends."""

import json

import pytest
from django.contrib.auth.models import Permission

from games.models import ABANDONED, ACTIVE, AuditLog, Game, Move

from .finished import saved_game
from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)

GAME_URL = "/admin/games/game/"
MOVE_URL = "/admin/games/move/"
LIVE_SEED = "admin-door-live-seed-0451"
OVER_SEED = "admin-door-over-seed-0452"
ACTIONS = ("settle_due", "autopilot", "abandon")


def _staff(django_user_model, name, *codenames, superuser=False):
    if superuser:
        return django_user_model.objects.create_superuser(name, password="pw-admin-door-1234")
    user = django_user_model.objects.create_user(name, password="pw-admin-door-1234",
                                                 is_staff=True)
    user.user_permissions.set(Permission.objects.filter(
        content_type__app_label="games", codename__in=codenames))
    return user


EVERY_GAME_PERMISSION = [f"{verb}_{model}" for verb in ("add", "change", "delete", "view")
                         for model in ("game", "seat", "move")]


@pytest.fixture
def staff(django_user_model):
    """Staff by permission: none, view only, every permission on games, seats and moves (so
    `change_game` among them), and a superuser."""
    return {
        "bare": _staff(django_user_model, "bare-staff"),
        "viewer": _staff(django_user_model, "viewer", "view_game", "view_seat", "view_move"),
        "runner": _staff(django_user_model, "runner", *EVERY_GAME_PERMISSION),
        "superuser": _staff(django_user_model, "root", superuser=True),
    }


@pytest.fixture
def live(players):
    return make_table(players, seed=LIVE_SEED)  # four people, nobody connected: it waits


@pytest.fixture
def over(players):
    return saved_game(players, seed=OVER_SEED)


def _state(game):
    game = Game.objects.get(pk=game.pk)
    seats = list(game.seats.order_by("chair").values())
    return (game.status, game.version, game.seed, game.pending, game.private, seats,
            list(game.moves.values_list("seq", "seat", "action")))


def _post_action(client, action, *games):
    return client.post(GAME_URL, {"action": action, "_selected_action": [g.pk for g in games],
                                  "index": 0}, follow=True)


# ---------------------------------------------------------------------------- pages
@pytest.mark.parametrize(("who", "shown"), [("bare", 403), ("viewer", 200), ("runner", 200),
                                            ("superuser", 200)])
def test_the_game_and_move_pages_are_shown_to_whoever_may_view_them(client, staff, over, who,
                                                                  shown):
    client.force_login(staff[who])
    move = over.moves.first()
    for url in (GAME_URL, f"{GAME_URL}{over.pk}/change/", MOVE_URL,
                f"{MOVE_URL}{move.pk}/change/"):
        assert client.get(url).status_code == shown, url


@pytest.mark.parametrize("who", ["bare", "viewer", "runner", "superuser"])
def test_nobody_gets_an_add_or_delete_page_for_games_or_moves(client, staff, over, who):
    client.force_login(staff[who])
    move = over.moves.first()
    for url in (f"{GAME_URL}add/", f"{GAME_URL}{over.pk}/delete/", f"{MOVE_URL}add/",
                f"{MOVE_URL}{move.pk}/delete/"):
        assert client.get(url).status_code == 403, url


def test_seats_and_snapshots_have_no_admin_page_of_their_own(client, staff):
    client.force_login(staff["superuser"])
    for url in ("/admin/games/seat/", "/admin/games/seat/add/", "/admin/games/snapshot/"):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize("who", ["runner", "superuser"])
def test_a_post_to_the_move_pages_saves_nothing(client, staff, live, over, who):
    client.force_login(staff[who])
    before = (_state(live), _state(over), Move.objects.count())
    move = over.moves.first()
    bad = {"game": live.pk, "seq": live.version + 1, "seat": 0,
           "action": json.dumps({"type": "discard", "seat": 0, "tile": "b1"}),
           "created_0": "2030-01-01", "created_1": "12:00:00"}
    assert client.post(f"{MOVE_URL}add/", bad).status_code == 403
    assert client.post(f"{MOVE_URL}{move.pk}/change/", {**bad, "game": over.pk}).status_code == 403
    assert client.post(f"{MOVE_URL}{move.pk}/delete/", {"post": "yes"}).status_code == 403
    assert client.post(MOVE_URL, {"action": "delete_selected", "_selected_action": [move.pk],
                                  "post": "yes", "index": 0}).status_code in (200, 302)
    assert (_state(live), _state(over), Move.objects.count()) == before


@pytest.mark.parametrize("who", ["viewer", "runner", "superuser"])
def test_the_game_change_form_writes_nothing(client, staff, live, who):
    client.force_login(staff[who])
    before = _state(live)
    seat = live.seats.order_by("chair").first()
    form = {"status": "finished", "seed": "forged", "private": "on", "version": 99,
            "seats-TOTAL_FORMS": 1, "seats-INITIAL_FORMS": 1, "seats-0-id": seat.pk,
            "seats-0-game": live.pk, "seats-0-chair": 3, "seats-0-bot_level": "strong",
            "seats-0-DELETE": "on"}
    assert client.post(f"{GAME_URL}{live.pk}/change/", form).status_code == 403
    assert client.post(f"{GAME_URL}{live.pk}/delete/", {"post": "yes"}).status_code == 403
    assert client.post(f"{GAME_URL}add/", form).status_code == 403
    assert _state(live) == before


def test_a_live_games_moves_are_not_listed(client, staff, live, over):
    from games import services

    services.autopilot_waiting(live.pk)  # one move in the live game
    client.force_login(staff["superuser"])
    listed = client.get(MOVE_URL).context["cl"].result_list
    assert {m.game_id for m in listed} == {over.pk}
    assert client.get(f"{MOVE_URL}{live.moves.first().pk}/change/").status_code == 302  # none


# ---------------------------------------------------------------------------- actions
@pytest.mark.parametrize(("who", "offered"), [("viewer", set()), ("runner", set(ACTIONS)),
                                              ("superuser", {*ACTIONS, "verify_import"})])
def test_the_game_actions_are_offered_to_staff_who_may_change_games(client, staff, live, who,
                                                                   offered):
    client.force_login(staff[who])
    response = client.get(GAME_URL)
    form = response.context["action_form"]
    choices = {name for name, _ in form.fields["action"].choices if name} if form else set()
    assert choices == offered
    html = response.content.decode()
    assert all((f'value="{a}"' in html) == (a in offered) for a in offered | set(ACTIONS))


@pytest.mark.parametrize("action", ACTIONS)
def test_an_action_refused_to_view_only_staff_changes_nothing(client, staff, live, action):
    client.force_login(staff["viewer"])
    before = _state(live)
    response = _post_action(client, action, live)
    assert response.status_code == 200
    assert _state(live) == before
    assert not AuditLog.objects.exists()


@pytest.mark.parametrize("who", ["runner", "superuser"])
def test_the_autopilot_and_settle_actions_go_through_the_door_and_are_logged(client, staff,
                                                                           live, who):
    client.force_login(staff[who])
    response = _post_action(client, "autopilot", live)
    assert "The autopilot made 1 move(s)." in response.content.decode()
    assert Game.objects.get(pk=live.pk).version >= 1  # seats with nothing to claim pass at once
    response = _post_action(client, "settle_due", live)
    assert "game(s) moved on." in response.content.decode()
    lines = list(AuditLog.objects.order_by("pk").values_list("action", "who", "object_id",
                                                              "details"))
    assert lines[0] == ("game_autopilot", staff[who].pk, live.pk, {"answers": 1})
    assert lines[1][:3] == ("game_settled", staff[who].pk, live.pk)
    assert "moved" in lines[1][3]


@pytest.mark.parametrize("who", ["runner", "superuser"])
def test_abandon_ends_a_stuck_live_game_and_is_logged(client, staff, live, who):
    client.force_login(staff[who])
    response = _post_action(client, "abandon", live)
    assert f"Game {live.pk} (chinese-classical, active): abandoned." in response.content.decode()
    game = Game.objects.get(pk=live.pk)
    assert game.status == ABANDONED and game.finished is not None and game.due_at is None
    line = AuditLog.objects.get()
    assert (line.action, line.who, line.object_type, line.object_id, line.tournament_id) == (
        "game_abandoned", staff[who], "game", live.pk, None)
    # Shown in the audit log's admin page with a link to the game.
    assert f"{GAME_URL}{live.pk}/change/" in client.get("/admin/games/auditlog/").content.decode() \
        or not staff[who].has_perm("games.change_tournament")


def test_abandon_refuses_a_game_over_and_a_tournament_table(client, staff, live, over):
    Game.objects.filter(pk=live.pk).update(tournament=True)
    client.force_login(staff["superuser"])
    before = (_state(live), _state(over))
    html = _post_action(client, "abandon", live, over).content.decode()
    assert "A tournament table is not abandoned" in html
    assert "Only a game under way can be abandoned." in html
    assert (_state(live), _state(over)) == before
    assert not AuditLog.objects.exists()


# ---------------------------------------------------------------------------- the seed
def _admin_pages(client, *games):
    pages = [GAME_URL, MOVE_URL, "/admin/games/auditlog/"]
    for g in games:
        pages += [f"{GAME_URL}{g.pk}/change/", f"{GAME_URL}?q={g.pk}",
                  f"{MOVE_URL}?game__status__exact={g.status}"]
        pages += [f"{MOVE_URL}{m.pk}/change/" for m in g.moves.all()[:3]]
    return {url: client.get(url, follow=True).content.decode() for url in pages}


@pytest.mark.parametrize("who", ["viewer", "superuser"])
def test_a_live_games_seed_is_on_no_admin_page_and_a_finished_ones_is(client, staff, live, over,
                                                                       who):
    from games import services

    services.autopilot_waiting(live.pk)
    client.force_login(staff[who])
    pages = _admin_pages(client, live, over)
    assert [url for url, html in pages.items() if LIVE_SEED in html] == []
    live = Game.objects.get(pk=live.pk)
    change = pages[f"{GAME_URL}{live.pk}/change/"]
    assert live.commitment in change and "hidden until the game ends" in change
    assert live.invite == "" or live.invite not in change
    assert OVER_SEED in pages[f"{GAME_URL}{over.pk}/change/"]


def test_an_abandoned_games_seed_is_shown(client, staff, live):
    client.force_login(staff["superuser"])
    _post_action(client, "abandon", live)
    assert LIVE_SEED in client.get(f"{GAME_URL}{live.pk}/change/").content.decode()


def test_held_claim_answers_are_hidden_while_the_game_is_played(client, staff, live):
    Game.objects.filter(pk=live.pk).update(
        pending={"2": {"type": "pung", "seat": 2, "note": "held-answer-7731"}})
    client.force_login(staff["superuser"])
    html = client.get(f"{GAME_URL}{live.pk}/change/").content.decode()
    assert "hidden while the game is played" in html and "held-answer-7731" not in html


def test_a_live_game_is_still_readable_and_its_seats_listed_read_only(client, staff, live):
    client.force_login(staff["viewer"])
    response = client.get(f"{GAME_URL}{live.pk}/change/")
    html = response.content.decode()
    assert response.status_code == 200 and ACTIVE in html
    assert "alice" in html and 'name="seats-0-bot_level"' not in html
    assert 'name="_save"' not in html


def test_a_duplicate_wall_rounds_seed_shows_only_once_the_round_ends(client, staff, over):
    """A finished table of a duplicate-wall round was dealt from the seed the other tables
    still play: neither the round's page nor the game's shows it before the round ends."""
    from games.models import FINISHED, PLAYING, Round, Table, Tournament

    Game.objects.filter(pk=over.pk).update(tournament=True)
    rnd = Round.objects.create(tournament=Tournament.objects.create(name="Duplicate"), number=1,
                               status=PLAYING, seed=OVER_SEED)
    Table.objects.create(round=rnd, number=1, game=over)
    client.force_login(staff["superuser"])
    pages = [f"/admin/games/round/{rnd.pk}/change/", f"{GAME_URL}{over.pk}/change/"]
    for url in pages:
        html = client.get(url).content.decode()
        assert OVER_SEED not in html and "hidden until the" in html, url
    Round.objects.filter(pk=rnd.pk).update(status=FINISHED)
    for url in pages:
        assert OVER_SEED in client.get(url).content.decode(), url


def test_a_tournament_tables_autopilot_actions_are_logged_in_its_tournament(client, staff,
                                                                            live):
    from games.models import PLAYING, Round, Table, Tournament

    Game.objects.filter(pk=live.pk).update(tournament=True)
    t = Tournament.objects.create(name="Stuck")
    table = Table.objects.create(round=Round.objects.create(tournament=t, number=1,
                                                            status=PLAYING), number=1, game=live)
    client.force_login(staff["superuser"])
    for action in ("autopilot_waiting", "autopilot_absent"):
        client.post("/admin/games/table/", {"action": action, "_selected_action": [table.pk],
                                            "index": 0}, follow=True)
    lines = list(AuditLog.objects.order_by("pk").values_list("action", "tournament", "details"))
    assert lines == [("game_autopilot", t.pk, {"answers": 1}),
                     ("table_autopilot", t.pk, {"seats": 4})]
    assert live.seats.exclude(bot_level="").count() == 4
