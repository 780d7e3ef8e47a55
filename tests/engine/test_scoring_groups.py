"""The scoring calculator takes a finished hand as the groups a player lays out (issue 10 item 5):
pairs, BMJA's knitted pairs and triples (leagues.md §4) and the set the winning tile completed
(classical.md §1.1, §1.5) are part of the hand, not declared sets."""

import pytest

from games.engine.cli_score import main_score
from games.engine.errors import NotationError
from games.engine.melds import KNITTED, PAIR
from tests.engine.test_cli_score import run
from tests.engine.test_scoring_examples import BMJA, CC, S, meld, score

KNITTING = "b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9 b9 c9"


def test_pair_laid_out_scores_as_held():
    """classical.md §1.3: a pair laid out beside the hand scores as the same pair held."""
    held = score("b2 b3 b4 c5 c6 c7 d2 d3 d4 dr dr dr dg dg", seat=S, win="b2", source="wall")
    laid = score("b2 b3 b4 c5 c6 c7 d2 d3 d4 dr dr dr", [meld("dg dg", exposed=False)],
                 seat=S, win="b2", source="wall")
    assert laid.won and (laid.points, laid.doubles, laid.total) == (
        held.points, held.doubles, held.total)
    assert meld("dg dg").kind == PAIR


def test_winning_set_laid_out_for_a_discard_win():
    """classical.md §1.1: the set a claimed winning discard completes is exposed, and it is no
    declared set: laid out and named by win.set it scores as if held (a 2-point exposed pung,
    still no declared sets for the hand's count)."""
    laid = score("b2 b3 b4 c5 c6 c7 dr dr dr c1 c1", [meld("d2 d3 d4")], seat=S, win="d3",
                 source="discard", set=(19, 20, 21))
    held = score("b2 b3 b4 c5 c6 c7 dr dr dr c1 c1 d2 d3 d4", seat=S, win="d3",
                 source="discard", set=(19, 20, 21))
    assert laid.won and held.won
    assert (laid.points, laid.doubles, laid.total) == (held.points, held.doubles, held.total)


def test_winning_pung_laid_out_exposed_scores_as_exposed():
    """classical.md §1.2: a pung completed by the winning discard scores as exposed (2 points),
    whether laid out or left in the hand."""
    r = score("b2 b3 b4 c5 c6 c7 d2 d3 d4 dw dw", [meld("c8 c8 c8")], seat=S, win="c8",
              source="discard", set=(16, 16, 16))
    assert r.won
    assert [i.value for i in r.items if i.rule == "P1"] == [2]


def test_exposed_pair_spoils_a_concealed_hand():
    """leagues.md §5 (only concealed melds): an exposed group is not concealed, so a self-drawn
    hand with its pair laid out exposed loses the concealed-hand double."""
    concealed = score("b1 b1 b1 c5 c5 c5 d2 d3 d4 dr dr dr", [meld("dg dg", exposed=False)],
                      seat=S, win="b1", source="wall")
    exposed = score("b1 b1 b1 c5 c5 c5 d2 d3 d4 dr dr dr", [meld("dg dg", exposed=True)],
                    seat=S, win="b1", source="wall")
    assert "W3" in [i.rule for i in concealed.items]
    assert "W3" not in [i.rule for i in exposed.items]
    assert exposed.won and exposed.doubles == concealed.doubles - 1


def test_knitting_laid_out_as_knitted_pairs():
    """leagues.md §4 (BMJA Knitting, half limit): seven knitted pairs laid out, concealed."""
    pairs = KNITTING.split()
    groups = [meld(f"{pairs[i]} {pairs[i + 1]}", exposed=False) for i in range(0, 14, 2)]
    assert groups[0].kind == KNITTED
    r = score("", groups, win="c9", source="wall", ruleset=BMJA)
    assert r.won and r.limit == "H2" and r.total == 500


def test_knitting_won_on_a_discard_with_its_pair_laid_out():
    """leagues.md §4: Knitting may go out on a discard; the knitted pair the discard completed
    is laid out exposed and named by win.set."""
    r = score("b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9", [meld("b9 c9")], win="c9",
              source="discard", set=(8, 17), ruleset=BMJA)
    assert r.won and r.limit == "H2"


def test_exposed_knitted_pair_is_not_a_concealed_knitting_hand():
    """leagues.md §4: Knitting is a concealed hand; a knitted pair laid out exposed (not the one
    the winning tile completed) makes it no win."""
    r = score("b1 c1 b2 c2 b4 c4 b5 c5 b7 c7 b9 c9", [meld("b9 c9", exposed=True)], win="c1",
              source="wall", ruleset=BMJA)
    assert not r.won and "must be concealed" in r.reason


def test_triple_knitting_laid_out():
    """leagues.md §4 (BMJA Triple Knitting): four knitted triples and a knitted pair."""
    groups = [meld("b1 c1 d1", exposed=False), meld("b3 c3 d3", exposed=False),
              meld("b5 c5 d5", exposed=False), meld("b8 c8 d8", exposed=False),
              meld("b9 c9", exposed=False)]
    r = score("", groups, win="b9", source="wall", ruleset=BMJA)
    assert r.won and r.limit == "H1"
    assert not score("", groups, win="b9", source="wall", ruleset=CC).won


def test_groups_through_the_command_line():
    """classical.md §5 E1 laid out as a player shows it (winning pung and pair on the table)
    scores as E1 does: 52 points, one double (docs/scoring.md, command line)."""
    line = {"id": 2, "ruleset": "chinese-classical", "seat_wind": "ww", "prevailing_wind": "we",
            "concealed": "d5 d5 d5 b3 b4 b5",
            "melds": [{"tiles": "b1 b1 b1 b1", "kong": "concealed"}, {"tiles": "dg dg dg"},
                      {"tiles": "we we", "exposed": False}],
            "win": {"tile": "dg", "source": "discard", "set": "dg dg dg"}}
    [result] = run(main_score, line)
    assert result["won"] is True
    assert (result["points"], result["doubles"], result["total"]) == (52, 1, 104)


@pytest.mark.parametrize("tiles", ["b1 c2", "b1 b1 c1", "we ws"])
def test_bad_groups_are_named(tiles):
    """A group that is no set, pair or knitted group is refused with its tiles named."""
    with pytest.raises(NotationError, match="knitted"):
        meld(tiles)


def test_all_pair_honours_with_the_discards_pair_laid_out():
    """leagues.md §4: All Pair Honours completed by a discard, its last pair laid out exposed
    as the discard made it, is the concealed hand it was: no `win.set` needs naming."""
    laid = score("b1 b1 c9 c9 d1 d1 we we ws ws dr dr", [meld("dw dw")], ruleset=BMJA, seat=S,
                 win="dw", source="discard")
    held = score("b1 b1 c9 c9 d1 d1 we we ws ws dr dr dw dw", ruleset=BMJA, seat=S, win="dw",
                 source="discard")
    assert held.won and held.limit == "H3"
    assert laid.won and (laid.limit, laid.total) == (held.limit, held.total)
    # Another exposed pair (not the winning tile's) still spoils the concealed shape.
    spoilt = score("b1 b1 c9 c9 d1 d1 we we ws ws dw dw", [meld("dr dr")], ruleset=BMJA, seat=S,
                   win="dw", source="discard")
    assert spoilt.limit != "H3"


def test_waits_with_the_pair_laid_out():
    """The calculator's `waits` reads a laid-out pair as part of the hand, as `score` does."""
    from games.engine.cli_score import main_waits

    base = {"ruleset": "chinese-classical", "seat_wind": "we", "prevailing_wind": "we"}
    [laid, held] = run(
        main_waits,
        {**base, "id": "laid", "concealed": "b1 b2 b3 c3 c3 c3 b4 b5 b6 d1 d2",
         "melds": [{"tiles": "dr dr", "exposed": False}]},
        {**base, "id": "held", "concealed": "b1 b2 b3 c3 c3 c3 b4 b5 b6 d1 d2 dr dr", "melds": []},
    )
    assert laid["waits"] == held["waits"] == "d3"
