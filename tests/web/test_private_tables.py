"""Issue 17 §8: a private table opens by its unguessable invite link (/t/<invite>/); its number
alone gives 404 to anyone not seated there (nor its creator, nor staff), on every page of it and
on its socket."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services

from .finished import saved_game
from .live import TIMEOUT, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _private(players):
    return make_table(players[:1], 3, seed="private-1", private=True)


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_private_table_has_an_unguessable_link(players):
    game = _private(players)
    assert len(game.invite) >= 20
    other = services.create_game(players[1], private=True)
    assert other.invite and other.invite != game.invite
    assert services.create_game(players[1]).invite == ""  # a public table needs none


def test_its_number_alone_is_404_to_anyone_not_seated(players, outsider):
    game = _private(players)
    pages = [f"/game/{game.pk}/", f"/game/{game.pk}/replay/", f"/game/{game.pk}/replay/steps.json",
             f"/game/{game.pk}/plot/"]
    for client in (_client(), _client(outsider)):
        for page in pages:
            assert client.get(page).status_code == 404, page
        assert client.post(f"/game/{game.pk}/join/").status_code == 404
    seated = _client(players[0])
    for page in pages:
        assert seated.get(page).status_code == 200, page


def test_the_invite_link_opens_it_for_that_browser(players, outsider):
    game = services.create_game(players[0], private=True)  # still taking seats
    services.take_seat(game.pk, players[0])
    table = _client(players[0]).get(f"/game/{game.pk}/").content.decode()
    assert f"/t/{game.invite}/" in table  # the link shown to share is the invite
    guest = _client(outsider)
    assert guest.get(f"/game/{game.pk}/").status_code == 404
    opened = guest.get(f"/t/{game.invite}/")
    assert opened.status_code == 302 and opened.url == f"/game/{game.pk}/"
    assert guest.get(f"/game/{game.pk}/").status_code == 200
    assert _client(outsider).get(f"/t/{game.invite[:-1]}x/").status_code == 404


def test_a_finished_private_games_record_needs_the_link_too(players, outsider):
    game = saved_game(players[:1], 3, seed="private-record", private=True)
    assert _client(outsider).get(f"/game/{game.pk}/record.json").status_code == 404
    assert _client(players[0]).get(f"/game/{game.pk}/record.json").status_code == 200


async def _socket(app, game_id, cookie=None):
    headers = [(b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    comm = WebsocketCommunicator(app, f"/ws/game/{game_id}/", headers=headers)
    connected, code = await comm.connect(timeout=TIMEOUT)
    return comm, connected, code


async def test_its_socket_refuses_the_uninvited_and_lets_the_invited_watch(app, players,
                                                                          outsider):
    game = await sync_to_async(_private)(players)

    def sessions():
        uninvited, invited = _client(outsider), _client(outsider)
        invited.get(f"/t/{game.invite}/")
        return uninvited.cookies["sessionid"].value, invited.cookies["sessionid"].value

    uninvited, invited = await sync_to_async(sessions)()
    comm, connected, code = await _socket(app, game.pk, uninvited)
    assert not connected and code == 4404
    comm, connected, _ = await _socket(app, game.pk, invited)
    assert connected
    state = await comm.receive_json_from(timeout=TIMEOUT)
    assert state["type"] == "state" and state["seat"] is None  # a spectator
    await comm.disconnect()
