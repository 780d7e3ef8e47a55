"""What each preset changes in the deal (seeds 001, 002, 004; docs/rulesets.md)."""

from collections import Counter

import pytest

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.errors import IllegalAction
from games.engine.match import Match
from games.engine.rituals import break_wall
from games.engine.ruleset import PRESETS
from games.engine.tiles import format_tiles, parse_tiles

from .scripted import scripted_deal, wall_positions
from .util import act, discard_drawn, pass_all

SIXTEEN = PRESETS["sixteen-tile"]
SHANGHAI = PRESETS["shanghai"]
CANTONESE = PRESETS["cantonese"]
BRITISH = PRESETS["british"]


def test_sixteen_tile_deal_gives_the_dealer_17_and_the_others_16():
    """Seed 002: two stacks each E, S, W, N four times, then East one more: 17 and 16."""
    deal = Deal(SIXTEEN, "sixteen")
    assert [s.concealed_count() + 3 * len(s.melds) for s in deal.seats] == [17, 16, 16, 16]
    blocks = [(e.data["seat"], e.data["count"]) for e in deal.events if e.type == "deal_block"]
    assert blocks == [(0, 4), (1, 4), (2, 4), (3, 4)] * 4 + [(0, 1)]


def test_sixteen_tile_wall_and_dead_wall():
    """Seed 002: rows of 18 stacks with flowers and seasons (17 without); the dead wall is the
    eight stacks right of the break, 16 tiles, no loose tiles lifted; East's single throw both
    names the wall and counts the stacks."""
    deal = Deal(SIXTEEN, "walls")
    assert deal.wall.stacks_per_side == 18
    assert Deal(SIXTEEN.replace(bonus_tiles="none"), "walls").wall.stacks_per_side == 17
    assert deal.wall.dead_left == 16
    dice = [e.data["purpose"] for e in deal.events if e.type == "dice"]
    assert dice == ["wall"]
    assert deal.brk.total == sum(deal.brk.dealer_throw)
    # The dead wall is stacks b, b-1, ... b-7 from the right end; the live wall starts at b+1.
    live, dead = wall_positions(SIXTEEN, deal.brk)
    assert len(live) + len(dead) == 144 and len(dead) == 16


def test_sixteen_tile_supplements_come_from_the_dead_walls_left_end_and_it_is_replenished():
    """Seed 002: supplement tiles are always taken from the left end of the dead wall, and each
    used one is replaced by a tile from the tail end of the live wall."""
    hands = [
        "b1 b1 b1 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4 c5 c6 c7",
        "b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5 c6 c7 c8",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 we we ws ws ww ww wn",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 dr dr dg dg dw dw wn",
    ]
    deal = scripted_deal(hands, dead="c9 d9", ruleset=SIXTEEN)
    assert deal.phase == "initial_kong" and deal.turn == 0
    live_before = deal.wall.live_left
    act(deal, 0, A.CONCEALED_KONG, "b1")
    pass_all(deal)
    assert format_tiles([deal.seats[0].drawn]) == "c9"  # the left end's top tile first
    assert deal.wall.dead_left == 16 and deal.wall.live_left == live_before - 1


def test_sixteen_tile_bonus_replacements_wait_for_the_others():
    """Seed 002: a bonus tile drawn as a replacement waits until the other players have drawn
    their replacements."""
    hands = [
        "f1 b1 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4 c5 c6 c7 c8",
        "f2 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5 c6 c7",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 we we ws ws ww ww wn",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 dr dr dg dg dw dw wn",
    ]
    deal = scripted_deal(hands, dead="s1 c9 b8 b9", ruleset=SIXTEEN)
    melded = [(e.data["seat"], e.data["tile"]) for e in deal.events if e.type == "bonus_melded"]
    assert melded == [(0, "f1"), (1, "f2"), (0, "s1")]  # East's s1 waited for South's turn
    assert format_tiles(deal.seats[0].bonus) == "f1 s1"
    assert [s.concealed_count() for s in deal.seats] == [17, 16, 16, 16]


def test_the_first_deal_may_break_easts_own_wall_by_the_seating_throw():
    """Seed 002 note: East of the very first deal breaks his own wall at the point the last
    throw of the seating gave."""
    rs = SIXTEEN.replace(first_break_own_wall=True)
    match = Match(rs, "own wall")
    brk = match.deal.brk
    assert brk.breaker == match.deal.dealer
    assert brk.total == sum(match.seating.second_throw)


def test_shanghai_has_no_dead_wall_and_kongs_take_the_tail_of_the_wall():
    """Seed 004 §2.5 (Shanghai: every tile drawable): a kong is still offered, and its
    supplement is the last tile of the live wall."""
    hands = [
        "b1 b1 b1 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4",
        "b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 we we ws ws",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 dr dr dg dg",
    ]
    deal = scripted_deal(hands, tail="c9", ruleset=SHANGHAI)
    assert deal.wall.dead_left == 0
    assert deal.wall.live_left == 144 - 53
    assert Action(0, A.CONCEALED_KONG, parse_tiles("b1")[0]) in deal.legal_actions(0)
    act(deal, 0, A.CONCEALED_KONG, "b1")
    pass_all(deal)
    assert format_tiles([deal.seats[0].drawn]) == "c9"
    assert deal.wall.live_left == 144 - 53 - 1


def test_cantonese_first_dealer_by_dice_and_14_untouchable_tiles():
    """Seed 004 §2.3: the East-tile holder throws and counts round the table to the first
    dealer; §2.5: 14 tiles at the tail are never drawn (a kept 14-tile dead wall)."""
    dealers = Counter()
    for k in range(12):
        match = Match(CANTONESE, f"first dealer {k}")
        dice = next(e for e in match.initial_events if e.type == "dice")
        assert dice.data["purpose"] == "first_dealer"
        expected = (sum(dice.data["dice"]) - 1) % 4
        assert match.deal.dealer == expected
        dealers[expected] += 1
        assert match.deal.wall.dead_left == 14
        assert match.deal.brk.breaker == match.deal.dealer  # counted on his own wall (§2.4)
    assert len(dealers) > 1


def test_british_seats_come_from_dealt_wind_tiles():
    """Seed 001: the four wind tiles are shuffled face down and dealt; each player sits by his."""
    match = Match(BRITISH, "british seats")
    record = match.seating.to_json()
    assert record["form"] == "dealt_winds"
    assert sorted(record["row"]) == ["we", "wn", "ws", "ww"]
    assert "first_throw" not in record


def test_british_east_draws_the_first_and_third_top_tiles():
    """Seed 001 (and 000's chan-chan note): after three rounds of blocks East takes the top
    tiles of the next stack and of the one after next; South, West, North then one each."""
    brk = break_wall(0, (4, 4), (1, 2))
    live, _ = wall_positions(BRITISH, brk)
    tiles = list(range(144))
    deal = Deal(BRITISH.replace(bonus_tiles="flowers_and_seasons"), "x", brk=brk,
                tiles=[t % 34 for t in tiles])
    blocks = [e for e in deal.events if e.type == "deal_block"]
    assert [(e.data["seat"], e.data["count"]) for e in blocks[12:]] == [
        (0, 2), (1, 1), (2, 1), (3, 1)
    ]
    east_last = parse_tiles(blocks[12].private["tiles"])
    assert east_last == [live[48] % 34, live[52] % 34]  # tops of the 1st and 3rd stacks
    others = [parse_tiles(b.private["tiles"])[0] for b in blocks[13:]]
    assert others == [live[49] % 34, live[50] % 34, live[51] % 34]


def test_british_fishing_is_declared_and_needed_to_go_out():
    """Seed 001: a player one tile from Mah Jong must declare that he is fishing; the
    declaration is public."""
    hands = [
        "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 b5 c9 wn",
        "c1 c2 c3 c7 c8 d1 d2 d3 d4 d5 d6 we we",
        "b6 b7 b8 b9 c1 c2 c3 c7 c8 d1 d2 d3 ws",
        "b6 b7 b8 b9 d4 d5 d6 ww ww wn wn dw dg",
    ]
    rs = BRITISH.replace(max_chows=None, goulash_after_washout=False)
    deal = scripted_deal(hands, ruleset=rs, draws="dr dr dr c9")
    events = act(deal, 0, A.DISCARD, "wn")
    assert [e.data for e in events if e.type == "fishing"] == [{"seat": 0}]
    assert deal.seats[0].fishing and not deal.seats[1].fishing


def test_a_british_wash_out_is_followed_by_a_goulash_with_the_same_east():
    """Seed 001: a wash-out is followed by a Goulash deal (no chows, classical.md §4), the same
    East dealing; the deal passes after the Goulash."""
    match = Match(BRITISH, "goulash")
    while not match.is_over:
        deal = match.deal
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        if deal.is_over and deal.result.winner is None:
            break
    washed = match.history[-1]
    assert washed.result.winner is None
    for s in range(4):
        match.apply(Action(s, A.READY))
    goulash = match.deal
    assert goulash.goulash and goulash.dealer == washed.dealer
    assert goulash.events[0].data["goulash"] is True
    assert goulash.ruleset.max_chows == 0
    while not goulash.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        assert all(a.type != A.CHOW for s in range(4) for a in goulash.legal_actions(s))
    assert match.state.dealer == (washed.dealer + 1) % 4


def _unfished_promotion(rs):
    """East pungs South's 5 of Bamboo, keeps the fourth, and is not calling after his discard;
    he draws a second Red dragon, promotes the pung and goes complete on the loose tile."""
    hands = [
        "b5 b5 b5 c1 c1 c1 d7 d8 d9 wn wn dr ww dg",
        "b5 b1 b2 b3 c4 c5 c6 c7 c8 c9 d1 d2 d3",
        "b6 b7 b8 b9 c2 c3 c4 c5 d4 d5 d6 we we",
        "b6 b7 b8 b9 c6 c7 c8 d4 d5 d6 ws ws ws",
    ]
    deal = scripted_deal(hands, ruleset=rs, draws="b1 c9 c9 d2 dr", dead="wn")
    act(deal, 0, A.DISCARD, "ww")
    pass_all(deal)
    act(deal, 1, A.DISCARD, "b5")
    act(deal, 0, A.PUNG)
    pass_all(deal)
    events = act(deal, 0, A.DISCARD, "dg")
    assert not any(e.type == "fishing" for e in events)
    pass_all(deal)
    for _ in range(3):
        discard_drawn(deal)
        pass_all(deal)
    act(deal, 0, A.PROMOTE_KONG, "b5")
    pass_all(deal)
    assert format_tiles([deal.seats[0].drawn]) == "wn"
    return deal


def test_a_player_who_never_declared_fishing_cannot_go_out():
    """Seed 001: a player must declare "fishing" before he may call Mah Jong; one who was never
    one tile away after a discard (here he went complete through a promoted kong's loose tile)
    cannot go out, while the same hand goes out where no declaration is asked for."""
    rs = BRITISH.replace(goulash_after_washout=False)
    assert Action(0, A.WIN) not in _unfished_promotion(rs).legal_actions(0)
    free = rs.replace(must_declare_calling=False)
    assert Action(0, A.WIN) in _unfished_promotion(free).legal_actions(0)


def test_going_out_without_fishing_is_refused_with_the_reason():
    """Seed 001: the refusal names the missing fishing declaration."""
    deal = _unfished_promotion(BRITISH.replace(goulash_after_washout=False))
    with pytest.raises(IllegalAction, match="fishing"):
        act(deal, 0, A.WIN)


def test_a_second_chow_is_refused_in_the_one_chow_game_with_the_reason():
    """Seed 001 ("only one Chow per player"): a complete hand of two chows may not go out, and
    the refusal says why."""
    hands = [
        "b1 b2 b3 c4 c5 c6 d7 d7 d7 b5 b5 b5 c9 c9",
        "c1 c2 c3 c7 c8 d1 d2 d3 d4 d5 d6 we we",
        "b6 b7 b8 b9 c1 c2 c3 c7 c8 d1 d2 d3 ws",
        "b6 b7 b8 b9 d4 d5 d6 ww ww wn wn dw dg",
    ]
    deal = scripted_deal(hands, ruleset=BRITISH)
    assert Action(0, A.WIN) not in deal.legal_actions(0)
    with pytest.raises(IllegalAction, match="chow"):
        act(deal, 0, A.WIN)
