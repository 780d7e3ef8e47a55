"""Records through the web (docs/record-format.md): export once the game is over, import through
the form with the record verified first; a refused record saves nothing and says why (400)."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine.record import VERIFIED, commitment
from games.models import Game, Move, Seat
from games.web.records import verify_game

from .finished import finished_game, saved_game
from .live import make_table
from .verifiers import verifier

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(players):
    return saved_game(players[:2], 2, seed="records-web")


def _export(client, game):
    response = client.get(f"/game/{game.pk}/record.json?download=1")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _delete(game):
    Game.objects.filter(pk=game.pk).delete()


def _import(client, record, as_text=False):
    body = json.dumps(record).encode() if not isinstance(record, bytes) else record
    if as_text:
        return client.post("/games/import/", {"text": body.decode()})
    return client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})


def test_no_record_and_no_seed_before_the_game_is_over(client, players):
    game = make_table(players, seed="still-running")
    assert client.get(f"/game/{game.pk}/record.json").status_code == 404
    page = client.get(f"/game/{game.pk}/").content.decode()
    assert commitment("still-running") in page  # the commitment is published at the start
    assert "still-running" not in page


def test_a_game_played_through_the_service_door_exports_a_verified_record(client, players):
    game = finished_game(players[:1], 3, seed="served")
    record = _export(client, game)
    assert verify_game(game).message == VERIFIED
    assert record["results"]["deals"] == game.result["deals"]
    assert game.result["points"] == record["results"]["points"]


def test_export_then_import_round_trips(client, players, game):
    client.force_login(players[0])
    record = _export(client, game)
    assert record["format"] == "mahjong-record/1" and record["seed"] == "records-web"
    assert record["commitment"]["value"] == commitment("records-web")
    assert record["results"]["standings"] == game.result["standings"]
    assert all(a["time"] for a in record["actions"])
    assert [p["name"] for p in record["players"] if not p["bot"]] == sorted(
        [u.username for u in players[:2]], key=lambda n: next(
            p["seat"] for p in record["players"] if p["name"] == n))
    _delete(game)

    response = _import(client, record)
    assert response.status_code == 302
    again = Game.objects.get()
    assert again.imported and again.status == "finished" and again.version == len(record["actions"])
    assert set(again.seats.values_list("recorded_name", flat=True)) == {
        p["name"] for p in record["players"]}
    assert again.seats.get(user=players[0]) is not None
    exported = _export(client, again)
    for key in ("format", "ruleset", "seed", "commitment", "actions", "results", "players"):
        assert exported[key] == record[key], key
    assert verify_game(again).message == VERIFIED


def test_the_same_game_is_not_imported_twice(client, players, game):
    client.force_login(players[0])
    response = _import(client, _export(client, game))
    assert response.status_code == 400
    assert f"already saved here, as table {game.pk}" in _text(response)
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    "tamper, reason",
    [
        (lambda r: r["actions"][7].update(seat=(r["actions"][7]["seat"] + 1) % 4), "action 8"),
        (lambda r: r["results"]["points"].reverse(), "the results differ from the replay"),
        (lambda r: r.update(format="mahjong-record/7", format_version=7),
         "unknown record format version 7"),
        (lambda r: r.update(seed=r["seed"] + "!"), "does not match its commitment"),
    ],
)
def test_a_tampered_record_is_refused_with_the_reason_and_nothing_saved(
        client, players, game, tamper, reason):
    client.force_login(players[0])
    record = _export(client, game)
    _delete(game)
    tamper(record)
    response = _import(client, record)
    assert response.status_code == 400
    assert reason in _text(response)
    assert "nothing was saved" in _text(response)
    assert Game.objects.count() == 0 and Move.objects.count() == 0 and Seat.objects.count() == 0


def test_malformed_json_is_refused(client, players):
    client.force_login(players[0])
    response = _import(client, b'{"format": "mahjong-record/1", ', as_text=True)
    assert response.status_code == 400 and "not valid JSON" in _text(response)
    assert Game.objects.count() == 0


def test_only_staff_or_the_games_players_may_import(client, players, outsider, game,
                                                     django_user_model):
    client.force_login(players[0])
    record = _export(client, game)
    _delete(game)
    client.force_login(outsider)
    response = _import(client, record)
    assert response.status_code == 400 and "only staff or one of the game's players" in (
        _text(response))
    assert Game.objects.count() == 0
    client.force_login(verifier(django_user_model))
    assert _import(client, record).status_code == 302
    assert Game.objects.get().created_by.username == "staffer"
    client.logout()
    assert client.get("/games/import/").status_code == 302  # to the login page
