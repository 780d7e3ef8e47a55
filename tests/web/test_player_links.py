"""Issue 17 §2: a link to a player works for any name a record may give (a `/`, dots only,
`?`, `#`, `%`), on the public history and on player pages; a recorded name is not an account."""

import html
import re

import pytest
from django.test import Client

from .finished import saved_game

pytestmark = pytest.mark.django_db

NAMES = ["ann/bee", "..", "what?#100%"]


def test_links_to_recorded_names_open_their_pages(players):
    game = saved_game(players[:1], 3, seed="odd-names")
    for seat, name in zip(game.seats.exclude(user=players[0]).order_by("chair"), NAMES):
        seat.bot_level, seat.recorded_name = "", name
        seat.save()
    client = Client()
    listing = client.get("/games/?scope=all")
    assert listing.status_code == 200
    body = listing.content.decode()
    links = {html.unescape(m) for m in re.findall(r'href="(/u/[^"]*)"', body)}
    assert len(links) == 4  # alice's account and three recorded names
    for link in links:
        page = client.get(link)
        assert page.status_code == 200, link
    shown = client.get(next(link for link in links if "ann" in link)).content.decode()
    assert "ann/bee" in shown and "not an account" in shown
    assert body.count("(recorded)") == 3
    assert client.get("/u/?name=").status_code == 404
