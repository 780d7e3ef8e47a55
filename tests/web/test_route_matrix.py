"""The route matrix: every route that names a game or a tournament, for every requester and
every state a game can be in, against the policy table of docs/access.md.

The routes are read from the URLconf, so a route added tomorrow fails `test_every_route_is_in_
the_matrix` until it is given a row here. The expected answers below are written from the
table in docs/access.md, not computed by games/access/policy.py: the test checks the code against the
table."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games import services
from games.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    PLAYING,
    Follow,
    Game,
    Report,
    Round,
    Seat,
    Table,
    TalkLine,
    Tournament,
)
from games.realtime import consumers
from games.services import frames, matches

from .replay_games import saved_game

pytestmark = pytest.mark.django_db

REQUESTERS = ["anonymous", "invited", "outsider", "seated", "departed", "viewer", "watcher",
              "superuser"]
PLAYERS = {"seated", "departed"}
STAFF = {"watcher", "superuser"}
STATES = ["open", "live", "live_private", "live_hidden", "live_duplicate", "finished",
          "finished_hidden", "finished_duplicate", "abandoned", "imported"]
LIVE = {"live", "live_private", "live_hidden", "live_duplicate"}
OVER = {"finished", "finished_hidden", "finished_duplicate", "imported"}

# Who may see a game at all, by state (docs/access.md, "Who sees a game"); anyone else gets
# `REFUSED[state]`: 404 where the game does not exist for them, 403 with a reason otherwise.
SEES = {
    "open": set(REQUESTERS),
    "live": set(REQUESTERS),
    "live_private": PLAYERS | STAFF | {"invited"},
    "live_hidden": set(REQUESTERS),
    "live_duplicate": PLAYERS | STAFF,
    "finished": set(REQUESTERS),
    "finished_hidden": PLAYERS | STAFF,
    "finished_duplicate": STAFF,
    "abandoned": set(REQUESTERS),
    "imported": set(REQUESTERS),
}
REFUSED = {state: 404 if state == "live_private" else 403 for state in STATES}

# Each game route: what of the game it shows (a column of docs/access.md) and its method.
ROUTES = {
    "table": ("table", "GET"),
    "game_replay": ("replay", "GET"),
    "game_replay_steps": ("replay", "GET"),
    "game_replay_extras": ("replay", "GET"),
    "game_plot": ("plot", "GET"),
    "game_record": ("record", "GET"),
    "game_analysis": ("analysis", "GET"),
    "game_decisions": ("analysis", "GET"),
    "game_own_puzzles": ("own_puzzles", "GET"),  # the requester's own puzzles from it
    "game_replay_talk": ("talk", "GET"),  # the table's talk in the replay: its players' only
    "game_hints": ("hints", "GET"),
    "game_join": ("table", "POST"),
    "game_leave": ("seat", "POST"),
    "game_add_bot": ("seat", "POST"),
    "game_start": ("seat", "POST"),
    "game_again": ("seat", "POST"),
    "game_invite_bot": ("seat", "POST"),  # a seated player invites a bot account
    # The read API's game (docs/bot-api.md): the table's facts; its record once over.
    "api_game": ("table", "GET"),
}
# Routes naming a tournament, or a game by its invite: tested below on their own.
OTHER_ROUTES = {"invited", "tournament", "tournament_csv", "tournament_standings_csv",
                "tournament_mers_csv", "tournament_status", "tournament_register",
                "tournament_slips", "tournament_check_in", "tournament_claim",
                "tournament_withdraw",
                # The read API's standings follow the tournament page (test_api.py); a bot
                # joins only an open public table with its token (test_bot_api.py).
                "api_tournament_standings", "api_bot_join"}
NAMING = ("game_id", "tournament_id", "invite", "round_id")


def expected(route: str, state: str, who: str) -> set[int]:
    """The statuses the table allows for this GET route, state and requester."""
    seeing, _ = ROUTES[route]
    if state == "live_private" and who not in SEES[state]:
        return {404}  # a private table does not exist for them, whatever the route
    if seeing in ("replay", "plot") and state == "open":
        return {404}  # nothing to replay or plot yet
    if seeing in ("record", "analysis", "own_puzzles", "talk") and state not in OVER:
        return {404}  # published when the game is over
    if seeing == "own_puzzles":  # a player's own, theirs alone: staff see nobody else's
        return {200, 202} if who in PLAYERS and who in SEES[state] else {403}
    if seeing == "talk":  # to those who sat at the table: staff read talk in the admin only
        return {200} if who in PLAYERS and who in SEES[state] else {403}
    if seeing == "hints":
        if state not in LIVE:
            return {409}
        if who != "seated":
            return {403}  # hints are the seated player's own
        return {403} if state in ("live_hidden", "live_duplicate") else {200}  # off in tournaments
    if who not in SEES[state]:
        return {REFUSED[state]}
    return {200, 202} if seeing == "analysis" else {200}


def _routes(resolver=None, prefix=""):
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            if "admin" in str(p.pattern):
                continue  # the admin's pages: tests/web/test_admin_door.py
            yield from _routes(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield p.name, prefix + str(p.pattern)


def test_every_route_is_in_the_matrix():
    naming = {name for name, pattern in _routes() if any(n in pattern for n in NAMING)}
    assert naming, "the URLconf was not read"
    missing = naming - set(ROUTES) - OTHER_ROUTES
    assert not missing, f"routes naming a game or a tournament missing from the matrix: {missing}"


@pytest.fixture
def people(django_user_model):
    made = {}
    for name in ("outsider", "seated", "departed", "viewer", "watcher"):
        made[name] = django_user_model.objects.create_user(name, is_staff=name in ("viewer",
                                                                                   "watcher"))
    made["viewer"].user_permissions.add(Permission.objects.get(codename="view_game"))
    made["watcher"].user_permissions.add(Permission.objects.get(codename="watch_any_game"))
    made["superuser"] = django_user_model.objects.create_superuser("root")
    return made


def _round(game: Game, *, hidden: bool, duplicate: bool) -> None:
    t = Tournament.objects.create(name="Cup", hide_scores=hidden, duplicate_walls=duplicate)
    rnd = Round.objects.create(tournament=t, number=1, status=PLAYING,
                               seed="shared" if duplicate else "")
    Table.objects.create(round=rnd, number=1, game=game)
    Game.objects.filter(pk=game.pk).update(tournament=True)


def build(state: str, people) -> Game:
    """A game in `state`: `seated` at chair 0 (its creator), `departed` at chair 1 with a bot
    playing their seat on."""
    if state == "open":
        game = services.create_game(people["seated"])
        services.take_seat(game.pk, people["seated"])
        return game
    # Two deals: a finished game's replay, analysis and decisions are weighed whole.
    game = saved_game(f"matrix-{state}", moves=None if state in OVER else 40,
                      user=people["seated"], deals=2)
    Game.objects.filter(pk=game.pk).update(created_by=people["seated"])
    Seat.objects.filter(game=game, chair=1).update(user=people["departed"], left=True)
    if state == "live_private":
        Game.objects.filter(pk=game.pk).update(private=True, invite="matrix-invite")
    elif state in ("live_hidden", "finished_hidden"):
        _round(game, hidden=True, duplicate=False)
    elif state in ("live_duplicate", "finished_duplicate"):
        _round(game, hidden=False, duplicate=True)
    elif state == "abandoned":
        Game.objects.filter(pk=game.pk).update(status=ABANDONED)
    elif state == "imported":
        Game.objects.filter(pk=game.pk).update(imported=True)
    game.refresh_from_db()
    assert game.status == {"open": "open", "abandoned": ABANDONED}.get(
        state, ACTIVE if state in LIVE else FINISHED)
    return game


def clients(people, game: Game) -> dict[str, Client]:
    out = {"anonymous": Client(), "invited": Client()}
    if game.private:
        out["invited"].get(f"/t/{game.invite}/")
    for name, user in people.items():
        out[name] = Client()
        out[name].force_login(user)
    return out


def _url(route: str, game: Game) -> str:
    url = reverse(route, args=[game.pk])
    if route == "game_decisions":  # names a seat a person played: the seated requester's
        url += f"?seat={Seat.objects.get(game=game, chair=0).position}"
    return url


@pytest.mark.parametrize("state", STATES)
def test_game_routes_follow_the_policy_table(state, people):
    game = build(state, people)
    secret = game.seed
    by = clients(people, game)
    wrong = []
    for route, (_, method) in ROUTES.items():
        if method != "GET":
            continue
        for who in REQUESTERS:
            response = by[who].get(_url(route, game))
            allowed = expected(route, state, who)
            if response.status_code not in allowed:
                wrong.append(f"{route} {who}: {response.status_code}, table says {allowed}")
            if state not in OVER and response.status_code != 404:
                body = response.content.decode(errors="replace")
                if secret in body:
                    wrong.append(f"{route} {who}: the live game's seed was sent")
    assert not wrong, f"{state}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("state", STATES)
def test_the_socket_follows_the_table_page(state, people):
    """The socket opens for those the table page is open to; else it closes with 4404 (no such
    game, for them) or 4403 (kept from them, with a reason)."""
    game = build(state, people)
    by = clients(people, game)
    for who in REQUESTERS:
        request = by[who].get("/").wsgi_request
        code = consumers.refusal(game.pk, request.user, request.session)
        want = None if who in SEES[state] else (4404 if REFUSED[state] == 404 else 4403)
        assert code == want, (state, who, code)


@pytest.mark.parametrize("state", STATES)
def test_a_refused_post_changes_nothing(state, people):
    """The table's buttons, posted by someone who may not see the table (or has no seat), are
    refused with a reason or as no such game, and the game is as it was."""
    game = build(state, people)
    by = clients(people, game)
    before = (game.status, game.version, list(game.seats.values_list("user_id", "left")))
    for route, (seeing, method) in ROUTES.items():
        if method != "POST":
            continue
        for who in ("anonymous", "outsider", "viewer"):
            if seeing == "table" and who in SEES[state] and state == "open":
                continue  # joining an open table is what the button is for
            response = by[who].post(_url(route, game))
            assert response.status_code in (302, 403, 404), (route, who, response.status_code)
            if response.status_code == 302:  # back to the table, or to sign in, with a message
                assert "/accounts/login/" in response["Location"] or str(game.pk) in response[
                    "Location"], (route, who, response["Location"])
            game.refresh_from_db()
            after = (game.status, game.version, list(game.seats.values_list("user_id", "left")))
            assert after == before, (route, who)


def _listed(client, game: Game) -> dict[str, bool]:
    lobby = client.get("/lobby/").context
    live = [row.game.pk for row in lobby["live_games"]] + [g.pk for g in lobby["open_games"]]
    rows = {row.game.pk: row for row in client.get("/games/?scope=all").context["rows"]}
    api = {g["id"]: g for g in client.get("/api/players/seated/games/").json()["games"]}
    return {"lobby": game.pk in live, "history": game.pk in rows,
            "result": game.pk in rows and not rows[game.pk].hidden,
            "api": game.pk in api, "api_result": game.pk in api and not api[game.pk][
                "result_hidden"]}


@pytest.mark.parametrize("state", STATES)
def test_the_lists_follow_the_policy_table(state, people):
    """The lobby lists an open or live table to those who may open it; history lists every
    public started game and shows its result only to those who may see it."""
    game = build(state, people)
    by = clients(people, game)
    for who in REQUESTERS:
        seen = _listed(by[who], game)
        may = who in SEES[state]
        in_lobby = state in ("open",) or state in LIVE and may
        assert seen["lobby"] == in_lobby, (state, who, seen)
        public = not game.private and state not in ("open", "abandoned")
        assert seen["history"] == (public and (state not in LIVE or may)), (state, who, seen)
        if state in OVER:
            assert seen["result"] == may, (state, who, seen)
        # The read API's list of a player's games: the player's page, so their private tables
        # too for those who may open them.
        assert seen["api"] == (state != "open" and (state not in LIVE or may)), (state, who, seen)
        if state in OVER:
            assert seen["api_result"] == may, (state, who, seen)


def test_the_tournament_pages_keep_a_playing_duplicate_rounds_secrets(people):
    """A duplicate-wall round still playing: its seed and its finished table's review are on no
    tournament page or export for anyone but staff, nor is its live table linked."""
    done = build("finished_duplicate", people)
    rnd = Table.objects.get(game=done).round
    t = rnd.tournament
    live = saved_game("matrix-other-table", moves=30, user=people["outsider"])
    Table.objects.create(round=rnd, number=2, game=live)
    Game.objects.filter(pk=live.pk).update(tournament=True)
    by = clients(people, done)
    for name in ("tournament", "tournament_csv", "tournament_standings_csv",
                 "tournament_mers_csv", "tournament_status"):
        for who in REQUESTERS:
            body = by[who].get(reverse(name, args=[t.pk])).content.decode()
            assert rnd.seed not in body and done.seed not in body, (name, who)
            if name == "tournament":
                assert (f"/game/{done.pk}/replay/" in body) == (who in STAFF), (who,)
                assert (f"/game/{live.pk}/\"" in body) == (who in STAFF), (who,)
    status = json.loads(by["anonymous"].get(f"/tournaments/{t.pk}/status.json").content)
    assert set(status["tables"]) == {str(x.pk) for x in Table.objects.filter(round=rnd)}


def test_a_spectators_final_frame_keeps_a_hidden_rounds_standings(people):
    """A table of a hidden-scores round ends while its round plays on: its players' final frame
    has the standings, a spectator's has neither standings nor points nor the last deal; once
    the round ends, the spectator's has them too."""
    game = build("finished_hidden", people)
    match = matches.match_for(game)
    assert frames.view(game, match, 0)["standings"]
    spectator = frames.view(game, match, None)
    assert spectator["standings"] is None and spectator["last_deal"] is None
    assert all(s["points"] is None for s in spectator["seats"])
    Round.objects.filter(tables__game=game).update(status=FINISHED)
    shown = frames.view(game, match, None)
    assert shown["standings"] and all(s["points"] is not None for s in shown["seats"])


# The analysis board names a game in its query (?game=<id>&move=<n>&seat=<s>): it opens that
# seat's own view of a move where the replay is shown (docs/access.md), once the game is over.
# Routes naming no game: the puzzles (a private one is its owner's alone: tests/web/
# test_puzzles.py) and the board's weighing of a position typed in.
GAMELESS_ROUTES = {"puzzles", "puzzle", "puzzle_answer", "analysis_board",
                   "analysis_board_weigh"}


def test_the_puzzle_and_board_routes_are_known():
    names = {name for name, _ in _routes()}
    assert GAMELESS_ROUTES <= names


@pytest.mark.parametrize("state", STATES)
def test_the_analysis_board_opens_a_replay_move_as_the_policy_table_says(state, people):
    game = build(state, people)
    by = clients(people, game)
    wrong = []
    for who in REQUESTERS:
        r = by[who].get(reverse("analysis_board"), {"game": game.pk, "move": 1, "seat": 0})
        replay = expected("game_replay", state, who)
        if replay == {200}:
            want = {302} if state in OVER else {409}
        else:
            want = replay
        if r.status_code not in want:
            wrong.append(f"{who}: {r.status_code}, table says {want}")
    assert not wrong, f"{state}:\n" + "\n".join(wrong)


# Playing together (docs/people.md): routes naming a player, a challenge or a line of talk, no
# game in their path. Each write goes through the services and is limited per address; a
# challenge invites only to a table its sender sits at (tests/web/test_people.py), and a line is
# reported only where its table is seen (below; a spectator's line held from a player during the
# deal: tests/web/test_moderation.py).
PEOPLE_ROUTES = {"player_relation", "player_report", "talk_report", "friends", "challenge_send",
                 "challenge_answer", "notices", "profile", "talk_export", "talk_delete"}


def test_the_people_routes_are_known():
    names = {name for name, _ in _routes()}
    assert PEOPLE_ROUTES <= names


@pytest.mark.parametrize("state", ["live", "live_private", "live_duplicate"])
def test_a_line_is_reported_only_where_its_table_is_seen(state, people):
    game = build(state, people)
    line = TalkLine.objects.create(game=game, channel="players", kind="canned", code="hello",
                                   name="someone", seat=2, version=game.version)
    by = clients(people, game)
    wrong = []
    for who in REQUESTERS:
        r = by[who].post(reverse("talk_report", args=[line.pk]), {"reason": "spam"},
                         HTTP_ACCEPT="application/json")
        want = 403 if who in ("anonymous", "invited") else 200 if who in SEES[state] else 404
        if r.status_code != want:
            wrong.append(f"{who}: {r.status_code}, table says {want}")
    assert not wrong, f"{state}:\n" + "\n".join(wrong)
    reporters = set(Report.objects.values_list("reporter__username", flat=True))
    assert reporters == {people[who].username for who in SEES[state]
                         if who not in ("anonymous", "invited")}


def test_a_friends_only_table_exists_for_its_creators_friends(people):
    """Rule 1's friends: a friends-only table is private, and exists besides for the people its
    creator follows (they find it in the lobby, open it and its socket, and may join it open);
    for anyone else it stays 404, a follow the other way counting for nothing."""
    game = build("live_private", people)
    Game.objects.filter(pk=game.pk).update(friends_only=True)
    game.refresh_from_db()
    Follow.objects.create(follower=people["seated"], followed=people["outsider"])
    Follow.objects.create(follower=people["viewer"], followed=people["seated"])
    by = clients(people, game)
    for route in ("table", "game_replay", "game_plot"):
        assert by["outsider"].get(_url(route, game)).status_code == 200, route
        assert by["viewer"].get(_url(route, game)).status_code == 404, route
    assert _listed(by["outsider"], game)["lobby"] and not _listed(by["viewer"], game)["lobby"]
    for who, want in (("outsider", None), ("viewer", 4404), ("anonymous", 4404)):
        request = by[who].get("/").wsgi_request
        assert consumers.refusal(game.pk, request.user, request.session) == want, who
    table = services.create_game(people["seated"], friends_only=True)
    services.take_seat(table.pk, people["seated"])
    assert table.private and table.invite
    assert by["viewer"].post(reverse("game_join", args=[table.pk])).status_code == 404
    by["outsider"].post(reverse("game_join", args=[table.pk]))
    assert table.seats.filter(user=people["outsider"]).exists()
