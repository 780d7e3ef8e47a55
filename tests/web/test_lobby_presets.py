"""Choosing the rules of a new table in the lobby: every preset, each with its one-line
description, and the seed 003 "random centre" discard display as a table option."""

import pytest

from games.engine.ruleset import PLAYABLE, PRESETS
from games.models import Game

pytestmark = pytest.mark.django_db

SEATS = {"seat_2": "beginner", "seat_3": "beginner", "seat_4": "beginner", "claim_seconds": 8}


def test_the_lobby_offers_every_preset_with_its_description(client):
    page = client.get("/lobby/").content.decode()
    for name in PLAYABLE:
        assert f'value="{name}"' in page
        assert PRESETS[name].title in page
        assert PRESETS[name].description.replace("'", "&#x27;") in page


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_table_can_be_opened_under_each_preset(client, name):
    client.post("/game/new/", {"ruleset": name, **SEATS})
    game = Game.objects.get()
    assert game.ruleset_name == name
    assert game.ruleset["hand_size"] == PRESETS[name].hand_size


def test_the_random_centre_display_is_a_table_option(client):
    """Seed 003 §3.3 lays discards at random in the centre; rows are the default."""
    client.post("/game/new/", {"ruleset": "chinese-classical", **SEATS})
    client.post("/game/new/", {"ruleset": "chinese-classical", "discard_display": "centre",
                               **SEATS})
    displays = sorted(g.ruleset["discard_display"] for g in Game.objects.all())
    assert displays == ["centre", "rows"]


@pytest.mark.parametrize(("chosen", "stored"), [("", 3), ("3", 3), ("1", 1), ("0", 0)])
def test_a_hong_kong_table_chooses_its_minimum_faan(client, chosen, stored):
    """Hong Kong tables ask 3 faan to go out, some 1, some none: the lobby offers each."""
    client.post("/game/new/", {"ruleset": "cantonese", "min_faan": chosen, **SEATS})
    assert Game.objects.get().ruleset["min_faan"] == stored


def test_the_minimum_faan_leaves_other_tables_alone(client):
    client.post("/game/new/", {"ruleset": "chinese-classical", "min_faan": "1", **SEATS})
    assert Game.objects.get().ruleset["min_faan"] == 0


def test_a_minimum_not_offered_is_refused(client):
    client.post("/game/new/", {"ruleset": "cantonese", "min_faan": "7", **SEATS})
    assert not Game.objects.exists()


@pytest.mark.parametrize(("chosen", "payout", "limit"), [
    ("", "half_spicy", 128), ("half_spicy", "half_spicy", 128),
    ("exponential", "exponential", 1024), ("laak", "laak", 128)])
def test_a_hong_kong_table_chooses_its_payout_table(client, chosen, payout, limit):
    """Hong Kong tables pay faan by a table: half-spicy (the usual), full exponential or laak
    tiers, each with its 10-faan ceiling (docs/scoring.md)."""
    client.post("/game/new/", {"ruleset": "cantonese", "payout": chosen, **SEATS})
    stored = Game.objects.get().ruleset
    assert (stored["payout"], stored["limit"]) == (payout, limit)


def test_a_payout_table_not_offered_is_refused(client):
    client.post("/game/new/", {"ruleset": "cantonese", "payout": "full_spicy", **SEATS})
    assert not Game.objects.exists()


def test_the_payout_table_leaves_other_tables_alone(client):
    client.post("/game/new/", {"ruleset": "chinese-classical", "payout": "laak", **SEATS})
    assert Game.objects.get().ruleset["payout"] == "exponential"
