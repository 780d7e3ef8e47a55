"""Going out on the dealt tiles (Blessing of Heaven) and right after an early kong: the deal
names the real winning tile and source, scoring works, and a replay equals live play."""

from games.engine import actions as A
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.settle import summarise_deal
from games.engine.tiles import format_tiles, parse_tile

from .scripted import scripted_deal
from .util import act

HEAVEN = "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 c9 c9"  # East's 14 dealt tiles: complete
OTHERS = [
    "c1 c2 c3 c7 c8 d1 d2 d3 d4 d5 d6 we we",
    "b6 b7 b8 b9 c1 c2 c3 c7 c8 d1 d2 d3 ws",
    "b6 b7 b8 b9 d4 d5 d6 ww ww wn wn dw dg",
]


def hands():
    return [HEAVEN, *OTHERS]


def test_east_going_out_on_his_dealt_tiles_is_scored_as_heavens_blessing():
    """Seed 003 §3.5 (Mah Jong) with classical.md §1.10 L1: East may go out on his 14 dealt
    tiles before any discard; the win names the last tile dealt to him, drawn from the wall,
    and scores the Blessing of Heaven limit."""
    deal = scripted_deal(hands())
    assert Action(0, A.WIN) in deal.legal_actions(0)
    events = act(deal, 0, A.WIN)
    result = deal.result
    assert format_tiles([result.tile]) == "c9"
    assert result.source == "wall" and result.how == "self_drawn" and result.blessing
    win = next(e for e in events if e.type == "win")
    assert win.data["tile"] == "c9"
    summary = summarise_deal(deal, 1, 1)
    east = summary.hands[0]["score"]
    assert east["won"] and east["limit"] == "L1"
    assert sum(summary.deltas) == 0 and summary.deltas[0] > 0


def test_east_wins_on_his_dealt_tiles_after_a_non_dealers_early_kong():
    """Seed 000 §2.2 (a concealed kong declared during the deal) then 003 §3.5: South's loose
    tile is South's, not East's; East's win still names his own last dealt tile."""
    south = "dr dr dr dr c1 c2 c3 c7 c8 d1 d2 d3 d4"
    deal = scripted_deal([HEAVEN, south, *hands()[2:]], dead="wn")
    act(deal, 1, A.CONCEALED_KONG, "dr")
    if deal.phase == "rob":  # nobody can rob it for Thirteen Orphans here
        for s in list(deal.waiting_on()):
            deal.apply(Action(s, A.PASS))
    assert deal.phase == "play" and deal.turn == 0
    act(deal, 0, A.WIN)
    assert format_tiles([deal.result.tile]) == "c9" and deal.result.source == "wall"
    assert summarise_deal(deal, 1, 1).hands[0]["score"]["won"]


def test_east_going_out_on_a_loose_tile_after_his_early_kong():
    """Seed 000 §2.2 and 003 §3.4.3: East declares a concealed kong during the deal and goes out
    on its loose tile: the win is on the dead wall tile."""
    east = "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 b5 c9"
    deal = scripted_deal([east, *hands()[1:]], dead="c9")
    act(deal, 0, A.CONCEALED_KONG, "b5")
    if deal.phase == "rob":
        for s in list(deal.waiting_on()):
            deal.apply(Action(s, A.PASS))
    act(deal, 0, A.WIN)
    assert format_tiles([deal.result.tile]) == "c9" and deal.result.source == "dead_wall"
    assert summarise_deal(deal, 1, 1).hands[0]["score"]["won"]


class HeavenMatch(Match):
    """A match whose first deal is dealt from the arranged wall above."""

    def _new_deal(self):
        if self.state.deal_number == 1:
            return scripted_deal(hands())
        return super()._new_deal()


def test_a_blessing_of_heaven_is_scored_and_replays_exactly():
    """Seed 003 §3.5: the match scores East's dealt-tile win, keeps East as dealer, and the
    record replays to the same state and points."""
    match = HeavenMatch.new("chinese-classical", "heaven")
    events = match.apply(Action(0, A.WIN))
    scored = next(e for e in events if e.type == "deal_scored")
    assert scored.data["result"]["tile"] == "c9"
    assert sum(scored.data["deltas"]) == 0 and scored.data["deltas"][0] > 0
    for s in range(4):
        match.apply(Action(s, A.READY))
    assert match.state.dealer == 0
    again = HeavenMatch.replay(match.record())
    assert again.points == match.points
    assert again.history[0].to_json() == match.history[0].to_json()
    assert [e.full() for e in again.deal.events] == [e.full() for e in match.deal.events]


def test_the_winning_tile_token_is_a_real_tile():
    """Seed 003 §3.5: the recorded winning tile parses back to the tile named."""
    deal = scripted_deal(hands())
    act(deal, 0, A.WIN)
    assert parse_tile(deal.result.to_json()["tile"]) == deal.result.tile


ORPHANS = "b1 b9 c1 c9 d1 d9 we ws ww wn dr dg dw"  # calling on any of the thirteen


def test_a_kong_declared_during_the_deal_may_be_robbed_for_thirteen_orphans():
    """Seed 003 §3.5.1 (robbing a kong: a concealed kong only for Thirteen Orphans) with 000
    §2.2 (a concealed kong declared during the deal): South's early kong of North winds is
    robbed by West, who goes out on it."""
    south = "wn wn wn wn c2 c3 c4 c5 c6 c7 d2 d3 d4"
    west = "b1 b9 c1 c9 d1 d9 we ws ww dr dg dw dw"  # needs a North wind
    north = "b2 b3 b4 b5 b6 b7 c2 c3 c4 c5 c6 c7 d5"
    east = "b2 b3 b4 b5 b6 b7 d2 d3 d4 d5 d6 d7 d8 d8"
    deal = scripted_deal([east, south, west, north])
    assert deal.phase == "initial_kong" and deal.turn == 1
    act(deal, 1, A.CONCEALED_KONG, "wn")
    assert deal.phase == "rob"
    assert Action(2, A.WIN) in deal.legal_actions(2)
    assert Action(3, A.WIN) not in deal.legal_actions(3)
    act(deal, 0, A.PASS)
    act(deal, 3, A.PASS)
    act(deal, 2, A.WIN)
    result = deal.result
    assert (result.winner, result.how, result.discarder) == (2, "robbed_kong", 1)
    assert format_tiles([result.tile]) == "wn"
    summary = summarise_deal(deal, 1, 0)
    assert summary.hands[2]["score"]["won"] and summary.hands[2]["score"]["limit"] == "L17"
    assert sum(summary.deltas) == 0


def test_an_unrobbed_early_kong_gets_its_loose_tile_and_play_begins():
    """Seed 000 §2.2: when nobody robs the early kong, its declarer takes a loose tile and East
    opens the play."""
    south = "wn wn wn wn c2 c3 c4 c5 c6 c7 d2 d3 d4"
    north = "b6 b7 b8 b9 d4 d5 d6 ww ww dr dr dw dg"
    deal = scripted_deal([HEAVEN, south, OTHERS[1], north], dead="b8")
    act(deal, 1, A.CONCEALED_KONG, "wn")
    for s in (0, 2, 3):
        act(deal, s, A.PASS)
    assert format_tiles([deal.seats[1].drawn]) == "b8"
    assert deal.phase == "play" and deal.turn == 0
