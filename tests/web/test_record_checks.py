"""What the record checker refuses (issue 45, item 6): a deal's `dealer` (and `number`) must be
the replay's, and `format_version` is required, as docs/record-format.md says; and every record
this site exports, of every ruleset it plays, still verifies."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine.record import VERIFIED, verify_json, verify_record
from games.engine.ruleset import PLAYABLE
from games.models import Game
from games.web.records import verify_game

from .finished import saved_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(players):
    return saved_game(players[:2], 2, seed="record-checks")


def _export(client, game) -> dict:
    response = client.get(f"/game/{game.pk}/record.json")
    assert response.status_code == 200
    return response.json()


def _import(client, record):
    body = json.dumps(record).encode()
    response = client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})
    return response.status_code, html.unescape(response.content.decode())


def _other_seat(seat: int) -> int:
    return (seat + 1) % 4


TAMPERED = [
    ("no format_version", lambda r: r.pop("format_version"),
     'the record has no "format_version" (this site reads version 1)'),
    ("format_version as text", lambda r: r.update(format_version="1"),
     '"format_version" must be a whole number, not \'1\''),
    ("first deal's dealer", lambda r: r["results"]["deals"][0].update(
        dealer=_other_seat(r["results"]["deals"][0]["dealer"])),
     "the results differ from the replay: deal 1 records dealer"),
    ("last deal's dealer", lambda r: r["results"]["deals"][-1].update(
        dealer=_other_seat(r["results"]["deals"][-1]["dealer"])),
     "records dealer"),
    ("a deal without its dealer", lambda r: r["results"]["deals"][0].pop("dealer"),
     "deal 1 records dealer null"),
    ("a deal's number", lambda r: r["results"]["deals"][0].update(number=7),
     "deal 1 records number 7 but the replay gives 1"),
]


@pytest.mark.parametrize("label, tamper, reason", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_record_whose_dealer_or_format_version_is_wrong_is_refused(
        client, players, game, label, tamper, reason):
    client.force_login(players[0])
    record = _export(client, game)
    assert verify_record(json.loads(json.dumps(record))).ok
    Game.objects.filter(pk=game.pk).delete()
    tamper(record)
    verification = verify_record(record)
    assert not verification.ok and reason in verification.reason, verification.reason
    assert reason in verify_json(json.dumps(record))[0].reason  # as the command line reads it
    status, page = _import(client, record)
    assert status == 400 and "Refused, nothing was saved" in page and reason in page
    assert Game.objects.count() == 0


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_every_record_the_site_exports_verifies(client, players, ruleset):
    game = saved_game(players[:1], 3, seed=f"exports-{ruleset}", ruleset_name=ruleset)
    record = _export(client, game)
    assert record["format_version"] == 1
    assert all(isinstance(d["dealer"], int) for d in record["results"]["deals"])
    assert verify_record(record).message == VERIFIED
    assert verify_game(game).message == VERIFIED


def test_an_imported_games_export_verifies(client, players, game):
    client.force_login(players[0])
    record = _export(client, game)
    Game.objects.filter(pk=game.pk).delete()
    assert _import(client, record)[0] == 302
    again = _export(client, Game.objects.get())
    assert again["game"]["imported"] is True
    assert verify_record(again).message == VERIFIED
