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


@pytest.mark.parametrize("hand,win", [
    ("DG DG DG D5 D5 D5 B3 B4 B5 WE WE", "DG"),
    ("dgdgdg d5d5d5 b3b4b5 wewe", "dg"),
    ("DgDgDgD5D5D5B3B4B5WeWe", "Dg"),
])
def test_tiles_typed_in_any_case_and_without_spaces_score_as_written(client, hand, win):
    """Issue 38 item 10: 'B1' and 'b1b2b3' are read as 'b1' and 'b1 b2 b3'; the answer writes
    the hand in the engine's notation (classical.md §5 E1 still scores 104)."""
    data = _get(client, **{**E1, "hand": hand, "win": win,
                           "melds": "B1B1B1B1/Concealed"}).json()
    assert "error" not in data, data
    assert data["score"]["total"] == 104
    assert data["hand"]["concealed"] == E1["hand"]
    assert data["hand"]["melds"][0]["tiles"] == "b1 b1 b1 b1"


def test_typing_a_bad_token_without_spaces_still_names_it_and_its_position(client):
    res = _get(client, **{**E1, "hand": "dgdgdg d5d5zz"})
    assert "Concealed hand: bad tile 'zz' at position 6" in res.json()["error"]


# Seed 004 (the Cantonese game) with the cantonese preset's 3-faan minimum: South wins on a
# discarded West wind holding concealed (1) and a Red Dragon pung (1), plus no flowers (1),
# which does not count toward the minimum. Play refuses it (tests/engine/test_min_faan.py).
SHORT = {"ruleset": "cantonese", "hand": "b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr ww ww",
         "win": "ww", "from": "discard", "seat": "ws", "round": "we"}


def test_a_hong_kong_hand_below_the_tables_minimum_is_not_a_win(client):
    """Issue 38 item 16; seed 004 and docs/scoring.md (a Hong Kong table's minimum faan to go
    out): the calculator applies play's win test and minimum, so 2 faan toward a 3-faan
    minimum is not "won, 3 faan"."""
    data = _get(client, **SHORT).json()
    assert data["score"]["won"] is False and data["score"]["total"] == 0
    assert data["minimum"] == {"needed": 3, "faan": 2}
    assert "below the table's minimum of 3 faan" in data["score"]["reason"]
    assert "worth 2 faan without its flowers" in data["score"]["reason"]


def test_a_hong_kong_hand_at_the_minimum_is_a_win(client):
    """Mixed one suit (3) with the same: 6 faan, 5 toward the minimum; play lets it go out."""
    data = _get(client, **{**SHORT, "hand": "b1 b2 b3 b4 b5 b6 b7 b8 b9 dr dr dr ww ww"}).json()
    assert data["score"]["won"] is True and data["score"]["doubles"] == 6
    assert "minimum" not in data
