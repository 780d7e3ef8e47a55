"""Issue 38 item 17: small winds (HK12) and the seat- and round-wind pungs (HK8, HK9), one
reading. Seed 004's Cantonese game, scored by the Hong Kong table (rules/classical.md §4, the
Hong Kong column; docs/scoring.md, "Hong Kong faan table", "Choices where tables differ"):
small winds stands in for its wind pungs, the seat's and the round's among them, as small
dragons does for its dragon pungs. The classical tables differ on purpose: Little Four Winds
(D6) is on top of the wind doubles (classical.md §1.6, "each line is independent and
cumulative")."""

from games.engine.ruleset import get_ruleset
from games.engine.scoring.glossary import ENTRIES, HONGKONG
from tests.engine.test_scoring_examples import E, N, S, meld, score

CANTONESE = get_ruleset("cantonese")


def faan(result):
    return {i.rule: i.value for i in result.items}


def test_small_winds_stands_in_for_the_seat_and_round_wind_pungs():
    """East in the East round with pungs of East, South and West and a pair of North: the East
    pung is both the seat's and the round's wind, and scores no HK8 or HK9 beside HK12."""
    r = score("c2 c3 c4 wn wn", [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")],
              seat=E, prevailing=E, win="wn", source="discard", ruleset=CANTONESE)
    assert r.won and faan(r) == {"HK5": 3, "HK12": 6, "HK14": 1}
    assert r.doubles == 10


def test_the_seat_wind_as_the_pair_changes_nothing():
    """North's own wind is the pair: small winds 6, the round's East pung inside it."""
    r = score("c2 c3 c4 wn wn", [meld("we we we"), meld("ws ws ws"), meld("ww ww ww")],
              seat=N, prevailing=E, win="wn", source="discard", ruleset=CANTONESE)
    assert faan(r) == {"HK5": 3, "HK12": 6, "HK14": 1}


def test_two_wind_pungs_are_not_small_winds_and_score_as_themselves():
    """The control: South's pung of South in the East round, with an East pung: HK8 and HK9."""
    r = score("c2 c3 c4 b5 b5 b6 b7 b8", [meld("we we we"), meld("ws ws ws")],
              seat=S, prevailing=E, win="b8", source="discard", ruleset=CANTONESE)
    assert faan(r) == {"HK8": 1, "HK9": 1, "HK14": 1}


def test_the_glossary_tells_players_the_same_reading():
    """/rules/scoring/ is where a player reads it: HK12's entry says what it stands in for."""
    explain = ENTRIES[HONGKONG]["HK12"].explain
    assert "in place of" in explain and "seat" in explain and "round" in explain
