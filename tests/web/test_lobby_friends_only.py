"""Issue 43, the lobby's New table form: *Friends may join too* opens a friends-only table, private
but found, opened and joined by the people its creator follows (the access policy's rule 1), as a
challenge's can be; to anyone else it does not exist. A guest, who follows nobody, is refused with
the reason and nothing is made."""

import pytest

from games import services
from games.access.accounts import make_guest
from games.models import Follow, Game
from games.services.errors import ServiceError

pytestmark = pytest.mark.django_db

NEW = {"ruleset": "chinese-classical", "claim_seconds": 8, "seat_2": "open", "seat_3": "open",
       "seat_4": "open"}


def _lobby_lists(client, game) -> bool:
    lobby = client.get("/lobby/").context
    return game.pk in [g.pk for g in lobby["open_games"]]


def test_the_form_offers_it(client):
    page = client.get("/lobby/").content.decode()
    assert 'name="friends_only"' in page
    assert "Friends may join too: the people you follow find it in the lobby" in page


def test_a_friends_only_table_is_found_and_joined_by_whom_its_creator_follows_only(
        client, players, outsider):
    alice, bob, carol = players[0], players[1], players[2]
    Follow.objects.create(follower=alice, followed=bob)
    Follow.objects.create(follower=carol, followed=alice)  # the other way counts for nothing
    client.force_login(alice)
    response = client.post("/game/new/", {**NEW, "friends_only": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/game/{game.pk}/"
    assert game.friends_only and game.private and game.invite
    assert game.seats.get(chair=0).user == alice
    assert _lobby_lists(client, game)

    for stranger in (carol, outsider, None):
        client.logout()
        if stranger is not None:
            client.force_login(stranger)
        assert not _lobby_lists(client, game), stranger
        assert client.get(f"/game/{game.pk}/").status_code == 404, stranger
        assert client.post(f"/game/{game.pk}/join/").status_code == 404, stranger
    assert not game.seats.exclude(user=alice).exclude(user=None).exists()

    client.force_login(bob)
    assert _lobby_lists(client, game)
    assert client.get(f"/game/{game.pk}/").status_code == 200
    client.post(f"/game/{game.pk}/join/")
    assert game.seats.filter(user=bob).exists()


def test_an_unticked_box_keeps_the_table_as_it_was(client, players):
    Follow.objects.create(follower=players[0], followed=players[1])
    client.force_login(players[0])
    client.post("/game/new/", {**NEW, "private": "on"})
    game = Game.objects.get()
    assert game.private and not game.friends_only
    client.force_login(players[1])
    assert client.get(f"/game/{game.pk}/").status_code == 404  # private: its link only


def test_a_guest_or_nobody_is_refused_with_the_reason_and_nothing_is_made(client):
    for who in (None, make_guest()):
        client.logout()
        if who is not None:
            client.force_login(who)
        response = client.post("/game/new/", {**NEW, "friends_only": "on"}, follow=True)
        words = [str(m) for m in response.context["messages"]]
        assert any("friends-only table is for members" in w for w in words), words
        assert not Game.objects.exists()
    # The door refuses it too, whoever calls it.
    with pytest.raises(ServiceError) as refused:
        services.create_game(make_guest(), friends_only=True)
    assert refused.value.code == "friends_members"
    assert not Game.objects.exists()
