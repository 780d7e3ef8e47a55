"""An imported record's names are its importer's word (issue 45, item 5): a name an account
holds (in any case) neither links to that account's page nor lists the game under that account
in the history's player filter, verified or not. Only staff verifying the record link a seat to
the account of exactly its name, and then it is the account's seat."""

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

from .verifiers import verifier

pytestmark = pytest.mark.django_db


def _record(names, seed) -> dict:
    """A one-round record of two named people (chairs 0 and 1) and two bots."""
    rs = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
    match = Match(rs, seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    players = [{"chair": c, "seat": match.seating.seat_of[c], "name": names[c],
                "bot": "greedy" if c >= 2 else None} for c in range(4)]
    return build_record(match, players=players, game={
        "started": "2026-01-02T10:00:00Z", "finished": "2026-01-02T11:00:00Z"})


def _import(client, user, names, seed="names") -> Game:
    client.force_login(user)
    body = json.dumps(_record((*names, "Bot Plum", "Bot Orchid"), seed)).encode()
    response = client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})
    assert response.status_code == 302, html.unescape(response.content.decode())[-1500:]
    return Game.objects.latest("pk")


def _tables(client, query: str) -> set[int]:
    response = client.get("/games/?scope=all&" + query)
    assert response.status_code == 200
    return {int(n) for n in re.findall(r'<th scope="row">(\d+)', response.content.decode())}


def _entry(client, game: Game, name: str) -> str:
    """The history's entry of `name` in the row of `game`."""
    response = client.get("/games/?scope=all")
    text = html.unescape(response.content.decode())
    row = next(r for r in re.findall(r"<tr>(.*?)</tr>", text, re.S)
               if re.search(rf'<th scope="row">{game.pk}\b', r))
    return next(li for li in re.findall(r"<li[^>]*>(.*?)</li>", row, re.S) if name in li)


def _not_under_the_account(client, game: Game, name: str, account: str) -> None:
    for query in (f"player={account}", f"player={name}"):
        assert game.pk not in _tables(client, query), query
        assert game.pk not in _tables(client, query + "&result=won"), query
        assert game.pk not in _tables(client, query + "&result=not_won"), query
    entry = _entry(client, game, name)
    assert "<a " not in entry, entry  # no link, to the account's page or any
    assert "(recorded; not the account of that name)" in entry
    assert f"/game/{game.pk}/" not in client.get(f"/u/{account}/").content.decode()


def test_a_forged_name_of_an_account_is_not_listed_under_it_nor_linked(client, players):
    bob = players[1]
    game = _import(client, bob, ("alice", "bob"))
    assert game.seats.get(recorded_name="alice").user is None
    _not_under_the_account(client, game, "alice", "alice")
    # The importer's own seat is his: listed under him and linked to his page.
    assert game.pk in _tables(client, "player=bob")
    assert 'href="/u/bob/"' in _entry(client, game, "bob")


def test_a_name_differing_from_an_account_only_in_case_is_not_that_account_even_verified(
        client, players, django_user_model):
    game = _import(client, players[1], ("Alice", "bob"))
    assert imports.verify_import(game.pk, verifier(django_user_model))
    assert game.seats.get(recorded_name="Alice").user is None  # staff link exact names only
    _not_under_the_account(client, game, "Alice", "alice")


def test_an_account_made_after_a_verified_import_does_not_take_its_name(
        client, players, django_user_model):
    game = _import(client, players[1], ("zed", "bob"))
    assert imports.verify_import(game.pk, verifier(django_user_model))
    # Before anyone holds the name, the verified record's name has a page of its own.
    assert 'href="/u/zed/"' in _entry(client, game, "zed")
    assert game.pk in _tables(client, "player=zed")
    assert f"/game/{game.pk}/" in client.get("/u/zed/").content.decode()
    django_user_model.objects.create_user("zed")
    _not_under_the_account(client, game, "zed", "zed")


def test_staff_verifying_a_record_link_the_account_of_exactly_its_name(
        client, players, django_user_model):
    game = _import(client, players[1], ("alice", "bob"))
    assert imports.verify_import(game.pk, verifier(django_user_model))
    assert game.seats.get(recorded_name="alice").user == players[0]
    assert game.pk in _tables(client, "player=alice")
    entry = _entry(client, game, "alice")
    assert 'href="/u/alice/"' in entry and "(recorded" not in entry
