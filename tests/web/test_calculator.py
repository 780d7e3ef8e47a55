"""The scoring calculator's endpoint (/calculator/score.json): the engine's own score and waits
for a hand written in the query, and a clear error for bad notation."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

E1 = {  # classical.md §5 E1: West wins on East's discarded Green Dragon
    "hand": "dg dg dg d5 d5 d5 b3 b4 b5 we we", "melds": "b1 b1 b1 b1/concealed",
    "seat": "ww", "round": "we", "win": "dg", "from": "discard",
}


def _get(client, **query):
    return client.get(reverse("calculator_score"), query)


def test_worked_example_e1_scores_as_the_rules_say(client):
    """classical.md §5 E1: 52 points, one double, 104; the wait was Green Dragon / East."""
    res = _get(client, **E1)
    assert res.status_code == 200
    data = res.json()
    assert (data["score"]["points"], data["score"]["doubles"], data["score"]["total"]) == (52, 1, 104)
    assert {"rule": "M1", "name": "Mah Jong", "points": 10} in data["score"]["items"]
    assert sorted(data["waits"].split()) == ["dg", "we"]


def test_same_answer_as_the_command_line(client):
    from games.engine.cli_score import score_request

    data = _get(client, **E1).json()
    assert data["score"] == score_request(data["hand"])


def test_hand_that_did_not_go_out_is_scored_as_a_losers(client):
    """classical.md §5 (losers settle): no winning tile, a calling hand scores its sets."""
    res = _get(client, hand="dg dg dg d5 d5 d5 b3 b4 b5 we", melds="b1 b1 b1 b1/concealed",
               seat="ww", round="we")
    data = res.json()
    assert data["score"]["won"] is False and data["score"]["total"] > 0
    assert data["waits"] == "we"  # the single East Wind waits for its pair


def test_ruleset_changes_the_score(client):
    cc = _get(client, **E1).json()["score"]["total"]
    dmjl = _get(client, **E1, ruleset="dmjl").json()["score"]["total"]
    assert dmjl != cc  # DMJL counts Mah Jong as 20 (classical.md §5 "Kajongg check")


@pytest.mark.parametrize("query,words", [
    ({**E1, "hand": "dg dg zz"}, "Concealed hand: bad tile 'zz' at position 3"),
    ({**E1, "melds": "b1 b1 x1"}, "Set 1"),
    ({**E1, "melds": "b1 b1 b1/sideways"}, "unknown kind 'sideways'"),
    ({**E1, "ruleset": "mystery"}, "unknown ruleset 'mystery'"),
    ({**E1, "seat": "up"}, "seat_wind"),
])
def test_bad_input_gets_a_clear_error(client, query, words):
    """Answered 200 with an error, so that the page's typing never logs a failed request."""
    res = _get(client, **query)
    assert res.status_code == 200
    assert words in res.json()["error"] and "score" not in res.json()


@pytest.mark.parametrize("query,words", [
    ({"ruleset": "sixteen-tile", "hand": "b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr", "win": "dr"},
     "Sixteen-tile: a complete hand is five sets and a pair, 17 tiles"),
    ({**E1, "hand": "dg dg dg d5 d5 d5 b3 b4 b5 we we b7 b8 b9"},
     "With 1 declared set, the concealed hand holds 11 tiles, the winning tile included; this one "
     "holds 14"),
    ({"hand": "b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr"},
     "A hand that did not go out is one tile short: with no declared set, 13 concealed tiles"),
])
def test_a_hand_of_the_wrong_size_is_told_what_the_ruleset_needs(client, query, words):
    res = _get(client, **query)
    assert res.status_code == 200
    assert words in res.json()["error"]


def test_a_sixteen_tile_hand_scores_with_its_waits(client):
    """Seed 002: five sets and a pair, 17 tiles; the waits are worked out for that size too."""
    data = _get(client, ruleset="sixteen-tile", hand="b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr "
                "b7 b8 b9", win="dr").json()
    assert data["score"]["won"] is True and data["waits"] == "dr"


def test_a_faan_ruleset_says_so(client):
    data = _get(client, ruleset="cantonese", hand="b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr",
                win="dr").json()
    assert data["scoring"] == "hongkong"
    assert _get(client, **E1).json()["scoring"] == "classical"


def test_the_page_is_filled_in_from_a_shared_link(client):
    res = client.get(reverse("calculator"), E1)
    assert res.status_code == 200
    html = res.content.decode()
    assert 'value="dg dg dg d5 d5 d5 b3 b4 b5 we we"' in html
    assert '<option value="ww" selected>West</option>' in html
