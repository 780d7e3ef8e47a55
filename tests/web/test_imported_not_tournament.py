"""An imported record's "tournament" is its importer's word (issue 45, item 4): the game is
never listed as a tournament game, verified or not; its own record says so."""

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset
from games.models import Game
from games.services import imports

from .finished import saved_game
from .verifiers import verifier

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob", "Bot Plum", "Bot Orchid")


def _record(seed: str) -> dict:
    """A one-round record of alice, bob and two bots that says it was a tournament game."""
    rs = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
    match = Match(rs, seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    players = [{"chair": c, "seat": match.seating.seat_of[c], "name": NAMES[c],
                "bot": "greedy" if c >= 2 else None} for c in range(4)]
    return build_record(match, players=players, game={
        "started": "2026-01-02T10:00:00Z", "finished": "2026-01-02T11:00:00Z",
        "tournament": True})


def _import(client, record) -> Game:
    body = json.dumps(record).encode()
    response = client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})
    assert response.status_code == 302, html.unescape(response.content.decode())[-1500:]
    return Game.objects.latest("pk")


def _row(client, query: str, pk: int) -> str | None:
    """The history row of table `pk` under this query, or None if it is not listed."""
    response = client.get("/games/?scope=all" + query)
    assert response.status_code == 200
    for row in re.findall(r"<tr>(.*?)</tr>", response.content.decode(), re.S):
        if re.search(rf'<th scope="row">{pk}\b', row):
            return row
    return None


def _listed_as_casual(client, pk: int) -> None:
    assert _row(client, "&tournament=yes", pk) is None
    row = _row(client, "&tournament=no", pk)
    assert row is not None and ">imported<" in row
    assert ">tournament<" not in row
    assert client.get(f"/game/{pk}/record.json").json()["game"]["tournament"] is False


def test_a_record_that_says_tournament_is_imported_as_a_casual_game(client, players):
    client.force_login(players[0])
    game = _import(client, _record("says-tournament"))
    assert not game.tournament
    _listed_as_casual(client, game.pk)


def test_verifying_an_import_does_not_make_it_a_tournament_game(client, players,
                                                                  django_user_model):
    staff = verifier(django_user_model)
    client.force_login(players[0])
    game = _import(client, _record("verified-tournament"))
    assert imports.verify_import(game.pk, staff)
    _listed_as_casual(client, game.pk)
    client.force_login(staff)  # staff importing it themselves: verified at once, still casual
    Game.objects.filter(pk=game.pk).delete()
    game = _import(client, _record("verified-tournament"))
    assert game.import_verified and not game.tournament
    _listed_as_casual(client, game.pk)


def test_an_import_saved_with_the_flag_before_is_listed_as_casual(client, players):
    client.force_login(players[0])
    game = _import(client, _record("flag-before"))
    Game.objects.filter(pk=game.pk).update(tournament=True)  # as imports were stored before
    _listed_as_casual(client, game.pk)


def test_a_tournament_game_played_here_is_still_listed_as_one(client, players):
    game = saved_game(players[:1], 3, seed="real-tournament", tournament=True)
    row = _row(client, "&tournament=yes", game.pk)
    assert row is not None and ">tournament<" in row
    assert _row(client, "&tournament=no", game.pk) is None
