"""Seed 002's flowers-only game (issue 38 item 19): 140 tiles, East's and West's rows of 18
stacks and South's and North's of 17 ("if only Flowers are used, East and West build a 18-tile
long row and South and North build a 17-tile long row", 002 §2.2), broken, dealt, replaced,
washed out and scored; the `bonus_tiles` setting saved, read back and checked."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import actions as A
from games.engine import bots
from games.engine.actions import Action
from games.engine.deal import Deal
from games.engine.errors import NotationError
from games.engine.match import Match
from games.engine.record import VERIFIED, build_record, verify_record
from games.engine.rituals import WallBreak, count_round, stack_position
from games.engine.ruleset import CHINESE_CLASSICAL, PRESETS, Ruleset
from games.engine.tiles import FLOWERS, SEASONS, all_tiles, format_tiles, parse_tile
from games.engine.wall import Wall

from .invariants import hand_sizes_right, someone_can_act, tiles_accounted_for
from .scripted import scripted_deal
from .test_properties import pick
from .test_scoring_examples import BMJA, E, S, W, score

SIXTEEN = PRESETS["sixteen-tile"]
FLOWERS_ONLY = SIXTEEN.replace(bonus_tiles="flowers")  # seed 002's game with flowers only
N = 3


def top(rows, seat: int, number: int) -> int:
    """Where the top tile of stack `number` (from the right end) of `seat`'s wall lies in the
    tile list a Wall is built from: the walls one after another from seat 0's, each from its
    right end, top tile before bottom."""
    return 2 * (sum(rows[:seat]) + number - 1)


def stack_tiles(rows, stacks) -> list[int]:
    return [t for seat, n in stacks for t in (top(rows, seat, n), top(rows, seat, n) + 1)]


def flowers_wall(dealer: int, brk: WallBreak, ruleset: Ruleset = FLOWERS_ONLY) -> Wall:
    rows = ruleset.wall_rows(dealer)
    return Wall(list(range(2 * sum(rows))), brk, rows, ruleset.dead_wall_stacks,
                ruleset.dead_wall_replenish, ruleset.loose_tiles, ruleset.untouchable_tail)


def throw_of(total: int) -> tuple[int, int]:
    return (1, total - 1) if total <= 7 else (6, total - 6)


# ------------------------------------------------------------------------ the wall's tiles
def test_002_flowers_only_is_140_tiles_with_rows_of_18_18_for_east_and_west_17_for_the_others():
    """002 §2.2: with flowers only, East and West build rows of 18 stacks, South and North 17;
    without bonus tiles every row is 17, with flowers and seasons 18."""
    assert FLOWERS_ONLY.tile_count == 140
    assert FLOWERS_ONLY.wall_rows_by_wind == (18, 17, 18, 17)
    assert SIXTEEN.replace(bonus_tiles="none").wall_rows_by_wind == (17, 17, 17, 17)
    assert SIXTEEN.replace(bonus_tiles="none").tile_count == 136
    assert SIXTEEN.wall_rows_by_wind == (18, 18, 18, 18) and SIXTEEN.tile_count == 144
    assert sorted(all_tiles(FLOWERS_ONLY.bonus_kinds)) == sorted(
        [k for k in range(34) for _ in range(4)] + list(FLOWERS))


@pytest.mark.parametrize("dealer", range(4))
def test_002_each_deal_builds_its_rows_by_that_deals_winds(dealer):
    """002 §2.2: the wall is built anew before each hand, so the rows of 18 are in front of that
    deal's East (the dealer) and West; the table's view says each seat's row."""
    deal = Deal(FLOWERS_ONLY, f"rows {dealer}", dealer=dealer)
    rows = deal.wall.rows
    assert rows[dealer] == rows[(dealer + 2) % 4] == 18
    assert rows[(dealer + 1) % 4] == rows[(dealer + 3) % 4] == 17
    assert deal.wall.public()["rows"] == list(rows)
    built = next(e for e in deal.events if e.type == "wall_built")
    assert built.data["rows_by_wind"] == [18, 17, 18, 17]
    # All 140 tiles are in the wall or in the hands, and not one season among them.
    held = Counter(deal.wall.remaining())
    for seat in deal.seats:
        held += Counter(seat.tiles()) + Counter(seat.bonus)
    assert held == Counter(all_tiles(FLOWERS))
    assert not set(held) & set(SEASONS)


# ------------------------------------------------------------------------ breaking the wall
@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("total", range(2, 13))
def test_002_one_throw_breaks_the_named_wall_and_the_dead_wall_turns_the_right_corner(
        dealer, total):
    """002 §2.2: East's throw names the wall (counting round the players, himself one) and the
    stack (counting from that wall's right end); the eight stacks right of the break are the
    dead wall, drawn from its left end, running round the corner onto the left end of the wall
    beside it, whatever that row's length; the live wall starts left of the break."""
    breaker = count_round(dealer, total)
    brk = WallBreak(dealer, throw_of(total), breaker, ())
    wall = flowers_wall(dealer, brk)
    rows = FLOWERS_ONLY.wall_rows(dealer)
    right = (breaker + 1) % 4  # the wall whose left end meets the breaker's right end
    left = (breaker - 1) % 4  # the wall the live wall runs on to
    dead = [(breaker, n) for n in range(total, 0, -1)][:8]
    dead += [(right, rows[right] - i) for i in range(8 - len(dead))]
    assert wall.dead[:16] == stack_tiles(rows, dead)
    # The live wall: the stack left of the break first, round the corner where the breaker's
    # row ends (17 or 18 stacks), and last the stack just beyond the dead wall's far end.
    assert wall.live[:2] == stack_tiles(rows, [(breaker, total + 1)])
    turn = 2 * (rows[breaker] - total)
    assert wall.live[turn - 2:turn + 2] == stack_tiles(rows, [(breaker, rows[breaker]),
                                                               (left, 1)])
    last = (breaker, total - 8) if total > 8 else (right, rows[right] - (8 - total))
    assert wall.live[-2:] == stack_tiles(rows, [last])
    assert len(wall.live) == 124 and sorted(wall.live + wall.dead) == list(range(140))
    # The first loose tile is the top of the stack at the break.
    assert wall.draw_loose() == top(rows, breaker, total)


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("breaker", range(4))
def test_two_throws_count_on_round_the_corner_where_each_row_ends(dealer, breaker):
    """000 §2.2's two throws (up to 24) on a flowers-only wall: the count runs along the
    breaker's row and on to the wall on its left after 18 stacks on East's or West's, 17 on
    South's or North's (002 §2.2)."""
    rows = FLOWERS_ONLY.wall_rows(dealer)
    ruleset = CHINESE_CLASSICAL.replace(bonus_tiles="flowers")
    for total in range(4, 25):
        if total <= rows[breaker]:
            at = (breaker, total)
        else:
            at = ((breaker - 1) % 4, total - rows[breaker])
        assert stack_position(breaker, total, rows) == at, total
        first = min(12, total - 2)
        wall = flowers_wall(dealer, WallBreak(dealer, throw_of(first), breaker,
                                              throw_of(total - first)), ruleset)
        assert wall.brk.total == total
        # 000: the broken stack's two tiles are the loose tiles, the first drawn; the live
        # wall starts at the stack left of it.
        assert wall.dead[:2] == stack_tiles(rows, [at])
        after = (at[0], at[1] + 1) if at[1] < rows[at[0]] else ((at[0] - 1) % 4, 1)
        assert wall.live[:2] == stack_tiles(rows, [after])


def test_22_on_norths_17_stacks_is_the_5th_of_wests_wall():
    """Seed 001's example (North throws 10 after East's 12) on a flowers-only wall dealt by
    East: North's row is 17 stacks, so 22 is West's fifth stack, not its fourth as on rows of
    18 (test_rituals.test_count_continues_round_the_corner)."""
    rows = FLOWERS_ONLY.wall_rows(E)
    assert stack_position(N, 22, rows) == (W, 5)
    assert stack_position(N, 22, 18) == (W, 4)
    assert stack_position(S, 18, rows) == (E, 1)  # South's 17, then East's right end
    assert stack_position(E, 18, rows) == (E, 18)


# --------------------------------------------------- the deal, replacements, wash-out, games
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(min_value=0, max_value=2**31),
       name=st.sampled_from(["sixteen-tile", "chinese-classical", "cantonese", "british"]))
def test_every_action_of_a_flowers_only_deal_keeps_every_tile_accounted_for(seed, name):
    """002 §2.2 (and 000, 001, 004 with the same choice): all 140 tiles in exactly one place
    after every action, hands the right size, someone to act; only flowers are ever melded."""
    rs = PRESETS[name].replace(bonus_tiles="flowers")
    rng = random.Random(seed)
    deal = Deal(rs, f"f{seed}", dealer=seed % 4, goulash=name == "british" and seed % 3 == 0)
    while True:
        tiles_accounted_for(deal)
        hand_sizes_right(deal)
        someone_can_act(deal)
        if deal.is_over:
            break
        deal.apply(pick(deal, rng))
    assert all(set(s.bonus) <= set(FLOWERS) for s in deal.seats)


def test_002_a_whole_flowers_only_game_keeps_every_tile_accounted_for():
    """A whole sixteen-tile game with flowers only, "16 hands (or deals)" (002 §2.2), played by
    random legal moves: 140 tiles in place after every action of every deal, only flowers
    melded, and the record replays it exactly. (Random hands of 16 rarely win, so without a
    set number of deals the dealer's stays on draws make a game of thousands of deals.)"""
    match = Match(FLOWERS_ONLY.replace(max_deals=16), "a whole flowers-only game")
    rng = random.Random(2)
    first = match.initial_events  # the first deal is dealt as the game is made
    flowers_melded = sum(e.type == "bonus_melded" for e in first)
    deals = sum(e.type == "wall_built" for e in first)
    while not match.is_over:
        deal = match.deal
        if not deal.is_over:
            tiles_accounted_for(deal)
            hand_sizes_right(deal)
        events = match.apply(pick(match, rng))
        flowers_melded += sum(e.type == "bonus_melded" for e in events)
        deals += sum(e.type == "wall_built" for e in events)
        for e in events:
            if e.type == "bonus_melded":
                assert e.data["tile"] in ("f1", "f2", "f3", "f4")
    assert deals == len(match.history) == 16 and flowers_melded > 0
    assert sum(match.points) == 4 * FLOWERS_ONLY.starting_points
    again = Match.replay(json.loads(json.dumps(match.record())))
    assert again.points == match.points


def _no_win_no_kong(deal: Deal, rng: random.Random) -> Action:
    """Discard or pass, never win, claim or kong: the deal runs until the wall does."""
    seat = deal.waiting_on()[0]
    legal = deal.legal_actions(seat)
    quiet = [a for a in legal if a.type in (A.DISCARD, A.PASS)]
    return rng.choice(quiet)


@pytest.mark.parametrize("name, untouched", [
    ("sixteen-tile", 16),  # 002: the replenished dead wall of 16, untouchable (004 §2.5)
    ("chinese-classical", 16),  # 000: 7 stacks and the loose tiles, not topped up
    ("cantonese", 14),  # 004 §2.5: 14 untouchable
    ("shanghai", 0),  # 004 §2.5: every tile drawn
])
def test_a_flowers_only_deal_washes_out_when_the_live_wall_is_used_up(name, untouched):
    """003 §3.6 on a wall of 140: a deal nobody wins is a wash-out once the live wall is empty,
    and the tiles never drawn are the dead wall's (124 tiles drawn in the 16-tile game)."""
    rs = PRESETS[name].replace(bonus_tiles="flowers")
    for k in range(6):
        deal = Deal(rs, f"washout {name} {k}", dealer=k % 4)
        rng = random.Random(k)
        while not deal.is_over:
            tiles_accounted_for(deal)
            deal.apply(_no_win_no_kong(deal, rng))
        assert deal.result.how == "draw"
        assert deal.wall.live_left == 0
        assert len(deal.wall.remaining()) == untouched  # 140 - untouched tiles were drawn


def test_002_flowers_dealt_are_replaced_from_the_dead_walls_left_end_in_rounds():
    """002 §2.2: flowers dealt are melded and replaced from the dead wall, East first, then
    South, West and North, each replacement the next tile from the dead wall's left end; a
    flower drawn as a replacement waits until the others have drawn theirs; the dead wall is
    topped up from the tail of the live wall."""
    hands = [
        "f1 b1 b1 b2 b3 b4 b5 b6 b7 c1 c2 c3 c4 c5 c6 c7 c8",
        "f2 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5 c6 c7",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 we we ws ws ww ww wn",
        "d1 d2 d3 d4 d5 d6 d7 d8 d9 dr dr dg dg dw dw wn",
    ]
    deal = scripted_deal(hands, dead="f3 c9 b8 b9", ruleset=FLOWERS_ONLY)
    assert sorted(deal.wall.rows) == [17, 17, 18, 18]
    melded = [(e.data["seat"], e.data["tile"]) for e in deal.events if e.type == "bonus_melded"]
    assert melded == [(0, "f1"), (1, "f2"), (0, "f3")]  # East's f3 waited for South's turn
    assert format_tiles(deal.seats[1].bonus) == "f2" and deal.seats[1].hand[parse_tile("c9")]
    assert deal.seats[0].hand[parse_tile("b8")] == 1  # East's second replacement
    assert [s.concealed_count() for s in deal.seats] == [17, 16, 16, 16]
    assert deal.wall.dead_left == 16 and deal.wall.tail_taken == 3


# ------------------------------------------------------------------------------- scoring
PLAIN = "b2 b3 b4 c5 c6 c7 d2 d3 d4 d6 d7 d8 c9 c9"
CLASSICAL_FLOWERS = CHINESE_CLASSICAL.replace(bonus_tiles="flowers")


def doubles(result, code):
    return sum(i.value for i in result.items if i.rule == code and i.kind == "doubles")


def test_classical_own_flower_takes_the_own_bonus_double_when_there_are_no_seasons():
    """classical.md §1.6 D9 (own flower and own season: 1 double) at a flowers-only table: the
    own flower is all of a seat's own bonus tiles, so it alone scores the double; with seasons
    in play it still needs its season."""
    r = score(PLAIN, seat=S, win="b2", source="discard", bonus="f2",
              ruleset=CLASSICAL_FLOWERS)
    assert doubles(r, "D9") == 1
    assert [i.name for i in r.items if i.rule == "D9"] == ["Own flower: Orchid (flower 2)"]
    assert doubles(score(PLAIN, seat=S, win="b2", source="discard", bonus="f2"), "D9") == 0
    # Another seat's flower scores its 4 points and no double.
    r = score(PLAIN, seat=S, win="b2", source="discard", bonus="f3",
              ruleset=CLASSICAL_FLOWERS)
    assert doubles(r, "D9") == 0
    # All four flowers: the bouquet (D10) and the own flower.
    r = score(PLAIN, seat=S, win="b2", source="discard", bonus="f1 f2 f3 f4",
              ruleset=CLASSICAL_FLOWERS)
    assert doubles(r, "D10") == 1 and doubles(r, "D9") == 1


def test_bmja_own_flower_scores_each_as_always():
    """leagues.md (BMJA): each own flower or season scores; flowers only changes nothing."""
    one_chow = "b2 b2 b2 c5 c5 c5 d2 d2 d2 d6 d7 d8 c9 c9"
    r = score(one_chow, seat=S, win="c9", source="discard", bonus="f2",
              ruleset=BMJA.replace(bonus_tiles="flowers"))
    assert r.won and doubles(r, "D9") == 1


HK = CHINESE_CLASSICAL.replace(scoring="hongkong", mahjong_points=1, limit=1024)


def faan(result, code):
    return sum(i.value for i in result.items if i.rule == code)


@pytest.mark.parametrize("bonus_tiles, bonus, expected", [
    ("flowers", "", {"HK14": 1}),  # no flowers
    ("flowers", "f2", {"HK15": 1}),  # own flower (South)
    ("flowers", "f3", {}),  # another seat's flower
    ("flowers", "f1 f2 f3 f4", {"HK16": 2}),  # all four flowers in place of the own flower
    ("none", "", {}),  # no bonus tiles in play: no "no flowers" faan
    ("flowers_and_seasons", "", {"HK14": 1}),
])
def test_hong_kong_flower_faan_read_the_flowers_in_play(bonus_tiles, bonus, expected):
    """docs/scoring.md Hong Kong table: HK14 no flowers (with bonus tiles in play), HK15 own
    flower, HK16 all four flowers; with flowers only there are no seasons to score."""
    r = score(PLAIN, seat=S, win="b2", source="discard", bonus=bonus,
              ruleset=HK.replace(bonus_tiles=bonus_tiles))
    got = {code: faan(r, code) for code in ("HK14", "HK15", "HK16") if faan(r, code)}
    assert got == expected


@pytest.mark.parametrize("bonus_tiles, bonus", [("flowers", "s2"), ("none", "f1")])
def test_a_bonus_tile_not_in_play_is_refused(bonus_tiles, bonus):
    with pytest.raises(NotationError, match="is not in play"):
        score(PLAIN, seat=S, win="b2", source="discard", bonus=bonus,
              ruleset=CHINESE_CLASSICAL.replace(bonus_tiles=bonus_tiles))


# --------------------------------------------------------- the setting: saved and checked
@pytest.fixture(scope="module")
def flowers_record():
    rs = FLOWERS_ONLY.replace(rounds=1, max_deals=2)
    match = Match(rs, "flowers-only record")
    while not match.is_over:
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "greedy"))
    return match, build_record(match)


def test_a_flowers_only_record_round_trips(flowers_record):
    """docs/record-format.md: the record stores `bonus_tiles: "flowers"`; it verifies, and its
    replay deals from a wall of 140 with rows of 18, 17, 18, 17."""
    match, record = flowers_record
    text = json.dumps(record)
    assert json.loads(text)["ruleset"]["bonus_tiles"] == "flowers"
    result = verify_record(json.loads(text))
    assert result.ok, result.reason
    assert result.message == VERIFIED
    assert result.match.ruleset == match.ruleset
    assert result.match.points == match.points
    assert sorted(result.match.deal.wall.rows) == [17, 17, 18, 18]


@pytest.mark.parametrize("saved, reads", [(True, "flowers_and_seasons"), (False, "none")])
def test_old_settings_saying_true_or_false_load_as_before(saved, reads):
    """Rulesets saved before the choice said `bonus_tiles: true` (144 tiles) or `false` (136):
    they load as the choice that plays the same game."""
    rs = Ruleset.from_json({**SIXTEEN.to_json(), "bonus_tiles": saved})
    assert rs.bonus_tiles == reads
    assert rs == SIXTEEN.replace(bonus_tiles=reads)
    assert rs.tile_count == (144 if saved else 136)


@pytest.mark.parametrize("saved, played", [(True, "flowers_and_seasons"), (False, "none")])
def test_an_old_record_saying_true_or_false_verifies_and_replays_the_same_game(saved, played):
    """A record written before the choice (its ruleset says true or false) replays to the
    same results, deal for deal, as it did when it was written."""
    rs = CHINESE_CLASSICAL.replace(bonus_tiles=played, rounds=1, max_deals=2)
    match = Match(rs, f"old record {saved}")
    while not match.is_over:
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "greedy"))
    record = json.loads(json.dumps(build_record(match)))
    record["ruleset"]["bonus_tiles"] = saved
    result = verify_record(record)
    assert result.ok, result.reason
    assert result.match.points == match.points
    assert result.match.ruleset.bonus_tiles == played


@pytest.mark.parametrize("bad", [1, 0, None, "yes", "Flowers", "seasons", "flowers only",
                                 ["flowers"], 140])
def test_a_bad_bonus_tiles_setting_is_refused_naming_the_choices(bad):
    with pytest.raises(NotationError) as err:
        Ruleset.from_json({"bonus_tiles": bad})
    message = str(err.value)
    assert message.startswith("ruleset setting 'bonus_tiles' must be \"none\" or \"flowers\" "
                              "or \"flowers_and_seasons\"")
    assert "true or false" in message


def test_a_record_with_a_bad_bonus_tiles_setting_is_refused(flowers_record):
    _, record = flowers_record
    record = json.loads(json.dumps(record))
    record["ruleset"]["bonus_tiles"] = "roses"
    result = verify_record(record)
    assert not result.ok
    assert "the ruleset cannot be read: ruleset setting 'bonus_tiles'" in result.reason
