"""The deal: blocks of four, East 14 and the others 13, bonus tiles melded and replaced."""

from games.engine import actions as A
from games.engine.deal import Deal
from games.engine.phases import INITIAL_KONG, PLAY
from games.engine.ruleset import CHINESE_CLASSICAL
from games.engine.tiles import format_tiles, parse_tiles

from .scripted import scripted_deal
from .util import act, legal_types, pass_all

PLAIN = [
    "b1 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5",
    "c6 c7 c8 c9 d1 d2 d3 d4 d5 d6 d7 d8 d9",
    "b1 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4",
    "c6 c7 c8 c9 d1 d2 d3 d4 d5 d6 d7 d8 d9",
]


def test_east_gets_14_and_the_others_13_in_blocks_of_four():
    """Seed 000 §2.2: two stacks each E, S, W, N three times, then East two more tiles and the
    others one: East 14, the others 13; the live wall loses 53 tiles."""
    deal = Deal(CHINESE_CLASSICAL, "blocks")
    blocks = [e for e in deal.events if e.type == "deal_block"]
    assert [(e.data["seat"], e.data["count"]) for e in blocks] == (
        [(0, 4), (1, 4), (2, 4), (3, 4)] * 3 + [(0, 2), (1, 1), (2, 1), (3, 1)]
    )
    dealt = sum(len(parse_tiles(e.private["tiles"])) for e in blocks)
    assert dealt == 53
    assert [s.concealed_count() for s in deal.seats] == [14, 13, 13, 13]


def test_the_dealer_rotates_the_order_of_the_deal():
    """Seed 000 §2.2 with South dealing: South takes first and gets 14."""
    deal = Deal(CHINESE_CLASSICAL, "south deals", dealer=1)
    first = next(e for e in deal.events if e.type == "deal_block")
    assert first.data["seat"] == 1
    assert [s.concealed_count() for s in deal.seats] == [13, 14, 13, 13]
    assert deal.turn == 1


def test_bonus_tiles_are_melded_and_replaced_east_first():
    """Seed 000 §2.2: flowers and seasons are melded at once and replaced from the open end of
    the live wall, East first, then South, West, North; a replacement that is itself a bonus
    tile is replaced too."""
    hands = list(PLAIN)
    hands[0] = "f1 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5"
    hands[1] = "s2 c7 c8 c9 d1 d2 d3 d4 d5 d6 d7 d8 d9"
    deal = scripted_deal(hands, draws="we f3 ws")
    assert format_tiles(deal.seats[0].bonus) == "f1"
    assert deal.seats[0].hand[parse_tiles("we")[0]] == 1
    assert format_tiles(deal.seats[1].bonus) == "s2 f3"  # f3 replaced again at once
    assert deal.seats[1].hand[parse_tiles("ws")[0]] == 1
    melded = [e.data["seat"] for e in deal.events if e.type == "bonus_melded"]
    assert melded == [0, 1, 1]
    assert [s.concealed_count() for s in deal.seats] == [14, 13, 13, 13]
    assert deal.wall.live_left == 128 - 53 - 3  # replacements come from the live wall
    assert deal.wall.dead_left == 16


def test_concealed_kong_may_be_declared_during_the_replacement():
    """Seed 000 §2.2: a player with a concealed kong may declare it while bonus tiles are
    replaced; he takes a loose tile from the dead wall."""
    hands = list(PLAIN)
    hands[1] = "dr dr dr dr c7 c8 c9 d1 d2 d3 d4 d5 d6"
    deal = scripted_deal(hands, dead="ww")
    assert deal.phase == INITIAL_KONG and deal.turn == 1
    assert legal_types(deal, 1) == {A.CONCEALED_KONG, A.PASS}
    act(deal, 1, A.CONCEALED_KONG, "dr")
    pass_all(deal)  # nobody robs it for Thirteen Orphans (003 §3.5.1)
    assert deal.seats[1].melds[0].kong == "concealed"
    assert deal.seats[1].hand[parse_tiles("ww")[0]] == 1
    assert deal.wall.dead_left == 15
    assert deal.phase == PLAY and deal.turn == 0  # then East starts the play


def test_passing_on_the_early_kong_starts_the_play():
    """Seed 000 §2.2: the declaration is optional."""
    hands = list(PLAIN)
    hands[2] = "dr dr dr dr c7 c8 c9 d1 d2 d3 d4 d5 d6"
    deal = scripted_deal(hands)
    act(deal, 2, A.PASS)
    assert deal.phase == PLAY and deal.turn == 0
    assert deal.seats[2].melds == []


def test_the_same_seed_deals_the_same_tiles():
    """DESIGN.md: a deal is a pure function of (ruleset, seed, actions)."""
    a, b = Deal(CHINESE_CLASSICAL, "x"), Deal(CHINESE_CLASSICAL, "x")
    assert [s.hand for s in a.seats] == [s.hand for s in b.seats]
    assert a.wall.live == b.wall.live
    assert Deal(CHINESE_CLASSICAL, "y").wall.live != a.wall.live
