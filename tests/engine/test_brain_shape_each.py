"""The batch distances (one tile more or less for many kinds at once) are the one-at-a-time
distances: the evaluator's effective tiles and calling discards depend on them."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.brain import shape
from games.engine.melds import CHOW, PUNG, Meld
from games.engine.ruleset import PRESETS
from games.engine.tiles import ORPHANS

RULESETS = ("chinese-classical", "british", "bmja", "cantonese", "sixteen-tile")


@st.composite
def hands(draw):
    rules = PRESETS[draw(st.sampled_from(RULESETS))]
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            lo = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            melds.append(Meld(CHOW, (lo, lo + 1, lo + 2), True, None, 1))
        else:
            t = draw(st.integers(0, 33))
            melds.append(Meld(PUNG, (t,) * 3, True, None, 1))
    size = 13 - 3 * len(melds) + draw(st.integers(0, 1))
    # Half the hands are drawn mostly from the terminals and honours, near Thirteen Orphans.
    pool = [t for t in range(34) for _ in range(4)]
    if draw(st.booleans()):
        pool = [t for t in ORPHANS for _ in range(3)] + pool[::9]
    tiles = draw(st.permutations(pool))[:size]
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return rules, counts, melds


def one_by_one(measure, counts, kinds, delta):
    out = []
    for t in kinds:
        counts[t] += delta
        out.append(measure(counts))
        counts[t] -= delta
    return out


@settings(max_examples=300, deadline=None)
@given(hands())
def test_shanten_each_is_shanten_one_at_a_time(hand):
    rules, counts, melds = hand
    delta = 1 if sum(counts) % 3 == 1 else -1
    kinds = [t for t in range(34) if (counts[t] < 4 if delta == 1 else counts[t] > 0)]
    assert shape.shanten_each(rules, counts, melds, kinds, delta) == one_by_one(
        lambda c: shape.shanten(rules, c, melds), counts, kinds, delta)


@settings(max_examples=300, deadline=None)
@given(hands(), st.integers(0, 2))
def test_plan_distances_each_are_one_at_a_time(hand, suit):
    rules, counts, melds = hand
    if sum(counts) % 3 != 1:
        counts[next(t for t in range(34) if counts[t])] -= 1
    kinds = [t for t in range(34) if counts[t] < 4]
    assert shape.pung_shanten_each(counts, melds, kinds) == one_by_one(
        lambda c: shape.pung_shanten(c, melds), counts, kinds, 1)
    limit = shape.chows_left(rules, melds)
    assert shape.suit_shanten_each(counts, suit, melds, kinds, limit) == one_by_one(
        lambda c: shape.suit_shanten(c, suit, melds, True, limit), counts, kinds, 1)


def test_a_wild_tile_is_measured_one_at_a_time():
    rules = PRESETS["chinese-classical"].replace(wild_tile=19)
    counts = [0] * 34
    for t in (0, 1, 19, 19, 9, 10, 11, 27, 27, 30, 31, 32, 33):
        counts[t] += 1
    kinds = [t for t in range(34) if counts[t] < 4]
    assert shape.shanten_each(rules, counts, [], kinds) == one_by_one(
        lambda c: shape.shanten(rules, c, []), counts, kinds, 1)


def test_a_thirteen_orphans_hand_one_tile_short_finds_its_waits():
    """British plays Thirteen Orphans (its limit hands): twelve of the thirteen kinds held, the
    thirteenth makes the hand call; the batch sees the same as one by one."""
    rules = PRESETS["british"]
    counts = [0] * 34
    for t in ORPHANS[:12]:
        counts[t] += 1
    kinds = [t for t in range(34) if counts[t] < 4]
    got = shape.shanten_each(rules, counts, [], kinds)
    assert got == one_by_one(lambda c: shape.shanten(rules, c, []), counts, kinds, 1)
    assert got[kinds.index(ORPHANS[12])] == 0
