"""The evaluator (games/engine/brain): it weighs a seat's legal actions from what that seat may
see (views.seat_view) and nothing else, under the ruleset's own win shape and scoring."""

import copy
import json
import random

import pytest

from games.engine import bots
from games.engine.analysis import shanten as regular_shanten
from games.engine.brain import Knowledge, evaluate, knowledge_for, shape
from games.engine.brain.danger import danger_of
from games.engine.brain.value import waits_of, win_total
from games.engine.match import Match
from games.engine.melds import Meld
from games.engine.ruleset import get_ruleset
from games.engine.tiles import counts_of, parse_tiles
from games.engine.views import seat_view
from games.engine.wintest import winning_tiles

SHUFFLED = ("chinese-classical", "british", "cantonese", "sixteen-tile")


def positions(ruleset: str, seed: str, every: int = 7):
    """Matches paused where the seat to move has a choice, every few actions of a deal
    played by beginners (each a fresh replay, so it can be changed)."""
    match = Match.new(ruleset, seed)
    actions = []
    while not match.deal.is_over:
        seat = match.waiting_on()[0]
        if len(actions) % every == 3 and len(match.legal_actions(seat)) > 1:
            yield copy.deepcopy(match), seat
        action = bots.choose(match, seat, "beginner")
        actions.append(action)
        match.apply(action)


def shuffle_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the other three concealed hands and the wall dealt anew from the
    tiles `seat` cannot see: every hand keeps its size, bonus tiles stay where they were."""
    other = copy.deepcopy(match)
    deal = other.deal
    wall = deal.wall
    hidden = []
    for s, st in enumerate(deal.seats):
        if s != seat:
            hidden += [t for t in range(34) for _ in range(st.hand[t])]
    live = [i for i in range(wall.live_pos, wall.live_end) if wall.live[i] < 34]
    dead = [i for i in range(wall.dead_pos, len(wall.dead)) if wall.dead[i] < 34]
    hidden += [wall.live[i] for i in live] + [wall.dead[i] for i in dead]
    rng.shuffle(hidden)
    for s, st in enumerate(deal.seats):
        if s == seat:
            continue
        n = sum(st.hand[:34])
        st.hand[:34] = [0] * 34
        for t in hidden[:n]:
            st.hand[t] += 1
        hidden = hidden[n:]
        st.drawn = None
    for i in live:
        wall.live[i] = hidden.pop()
    for i in dead:
        wall.dead[i] = hidden.pop()
    assert not hidden
    return other


@pytest.mark.parametrize("ruleset", SHUFFLED)
def test_the_evaluation_is_the_same_whatever_the_hidden_tiles_are(ruleset):
    """Shuffling the other hands and the wall among the unseen tiles changes nothing the
    evaluator says, nor what the evaluator's levels choose."""
    rng = random.Random(ruleset)
    checked = changed = 0
    for match, seat in positions(ruleset, f"shuffle-{ruleset}"):
        other = shuffle_hidden(match, seat, rng)
        hands = [tuple(st.hand) for st in match.deal.seats]
        changed += hands != [tuple(st.hand) for st in other.deal.seats]
        assert seat_view(match, seat) == seat_view(other, seat)
        first = [c.to_json() for c in evaluate(knowledge_for(match, seat))]
        second = [c.to_json() for c in evaluate(knowledge_for(other, seat))]
        assert first == second
        for level in ("intermediate", "strong"):
            assert bots.choose(match, seat, level) == bots.choose(other, seat, level)
        checked += 1
    assert checked >= 3 and changed >= checked - 1


def test_knowledge_is_read_from_the_view_as_json():
    """The view a browser receives (JSON) gives the same candidates as the live one."""
    for match, seat in positions("chinese-classical", "json", every=11):
        view = seat_view(match, seat)
        again = Knowledge.from_view(json.loads(json.dumps(view)), match.ruleset)
        assert again == knowledge_for(match, seat)


def test_every_legal_action_is_a_candidate_and_shows_as_json():
    for match, seat in positions("chinese-classical", "candidates", every=5):
        candidates = evaluate(knowledge_for(match, seat))
        assert sorted(map(repr, (c.action for c in candidates))) == sorted(
            map(repr, match.legal_actions(seat)))
        assert [c.score for c in candidates] == sorted((c.score for c in candidates),
                                                       reverse=True)
        for c in candidates:
            data = json.loads(json.dumps(c.to_json()))
            assert {"action", "shanten", "effective", "live", "value", "win_chance", "danger",
                    "danger_class", "cost", "score", "plan"} <= set(data)
            assert data["danger_class"] in ("safe", "low", "medium", "high")
            for tile, live in data["effective"].items():
                parse_tiles(tile)
                assert 0 < live <= 4


def test_visible_tiles_and_unseen_counts():
    """Unseen: four less the seat's own tiles, every discard and every declared set."""
    for match, seat in positions("british", "unseen", every=13):
        k = knowledge_for(match, seat)
        deal = match.deal
        seen = [0] * 34
        for t in range(34):
            seen[t] += deal.seats[seat].hand[t]
        for st in deal.seats:
            for t in st.discards:
                seen[t] += 1
            for m in st.melds:
                for t in m.tiles:
                    seen[t] += 1
        assert [k.unseen(t) for t in range(34)] == [4 - min(4, n) for n in seen]


# ---- shape: the ruleset's win shape ---------------------------------------------------------


def _complete_hands(rng, n, size=14):
    """Random complete regular hands (sets and a pair), as counts."""
    out = []
    while len(out) < n:
        c = [0] * 34
        for _ in range((size - 2) // 3):
            if rng.random() < 0.5:
                t = rng.randrange(34)
                c[t] += 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                for i in range(3):
                    c[9 * s + r + i] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            out.append(c)
    return out


def test_shanten_without_a_chow_limit_is_the_regular_one():
    rng = random.Random(1)
    tiles = [k for k in range(34) for _ in range(4)]
    rs = get_ruleset("chinese-classical")
    for n in (13, 14, 10, 11):
        for _ in range(200):
            c = counts_of(rng.sample(tiles, n))[:34]
            assert shape.shanten(rs, c) == regular_shanten(c)


def test_shanten_keeps_the_bmja_chow_limit():
    """BMJA (leagues.md): one chow at most in a Mah Jong hand, concealed and declared together:
    calling under the evaluator's shape exactly when the win test has a wait."""
    rs = get_ruleset("bmja")
    two_chows = parse_tiles("b1 b2 b3 c4 c5 c6 d7 d7 d7 we we we dr")
    assert regular_shanten(counts_of(two_chows)[:34]) == 0
    assert shape.shanten(rs, counts_of(two_chows)[:34]) >= 1
    rng = random.Random(2)
    for c in _complete_hands(rng, 300):
        t = rng.choice([k for k in range(34) if c[k]])
        c[t] -= 1
        calling = bool(winning_tiles(rs, c, []))
        assert (shape.shanten(rs, c) == 0) == calling, c


def test_shanten_of_a_sixteen_tile_hand():
    """Seed 002: five sets and a pair."""
    rs = get_ruleset("sixteen-tile")
    hand = counts_of(parse_tiles("b1 b2 b3 b4 b5 b6 c7 c8 c9 d1 d1 d1 dr dr dr we"))[:34]
    assert shape.shanten(rs, hand) == 0
    hand[27] += 1
    assert shape.shanten(rs, hand) == -1


def test_plan_shanten_all_pungs_and_one_suit():
    hand = counts_of(parse_tiles("b1 b1 b1 b4 b4 b7 b8 c2 c2 dr dr dr we"))[:34]
    assert shape.pung_shanten(hand) == 2  # two pairs to pung, a pair for the single
    assert shape.suit_shanten(hand, 0) == 2  # c2 c2 go: b7 b8 to a chow, b4 pung, we pair
    assert shape.suit_shanten(hand, 1) == 7  # characters: only c2 c2 and the honours help
    assert shape.pung_shanten(hand, [Meld("chow", (9, 10, 11))]) == 8


# ---- value ----------------------------------------------------------------------------------


def test_a_calling_hand_is_worth_what_the_ruleset_scores_its_win():
    match = Match.new("chinese-classical", "value")
    k = knowledge_for(match, match.deal.turn)
    hand = counts_of(parse_tiles("b1 b2 b3 c4 c5 c6 d7 d8 d9 dr dr dr we"))[:34]
    waits = waits_of(k, hand, [])
    assert [w for w, *_ in waits.tiles] == [27]
    hand[27] += 1
    assert waits.tiles[0][2] == win_total(k, hand, [], 27, False) > 0


def test_under_the_minimum_faan_a_win_is_worth_nothing():
    """Cantonese (seed 004, docs/rulesets.md): a hand under 3 faan may not go out."""
    match = Match.new("cantonese", "faan")
    k = knowledge_for(match, match.deal.turn)
    exposed = [Meld("chow", (18, 19, 20))]
    hand = counts_of(parse_tiles("b1 b2 b3 c4 c5 c6 d7 d8 d9 we we"))[:34]
    assert win_total(k, hand, exposed, 27, False) == 0
    pure = counts_of(parse_tiles("b1 b2 b3 b4 b5 b6 b7 b8 b9 b2 b2"))[:34]
    assert win_total(k, pure, [Meld("chow", (3, 4, 5))], 1, False) > 0


# ---- danger ---------------------------------------------------------------------------------


def test_a_tile_the_opponent_threw_is_safe_and_its_suit_is_dangerous():
    """An opponent showing three sets of bamboo (and declared calling, British "fishing",
    seed 001): bamboo is dangerous against it, a tile it threw itself is safe, and so is an
    honour with three copies in sight."""
    match = Match.new("british", "danger")
    deal = match.deal
    me = deal.turn
    threat = (me + 1) % 4
    st = deal.seats[threat]
    st.melds = [Meld("pung", (t,) * 3, True, None, me) for t in (1, 4, 7)]
    st.discards = [13, 33, 33]
    st.fishing = True
    k = knowledge_for(match, me)
    assert danger_of(k, 13).level == "safe"
    if k.visible[33] >= 3:
        assert danger_of(k, 33).level == "safe"
    high = danger_of(k, 2)
    assert high.level in ("medium", "high") and high.cost > 0
    assert high.chance > danger_of(k, 20).chance
