"""What a discard may cost beyond dealing in: a set claimed from it that makes the discarder pay
for everyone should the claimant go out (classical.md §3.5 and §2.4, the cannon rule, on in the
british preset; Hong Kong's 包 on a third dragon or fourth wind set, classical.md's payments
table, on in the cantonese preset). The strong level weighs that bill; the intermediate, which
plays its own hand only, does not."""

import pytest

from games.engine import actions as A
from games.engine.brain import evaluate, knowledge_for
from games.engine.brain.danger import claim_liability, danger_of, pair_chance, threats
from games.engine.brain.evaluate import INTERMEDIATE, STRONG
from games.engine.match import Match
from games.engine.melds import Meld
from games.engine.tiles import counts_of, parse_tiles

RED, GREEN, WHITE = 31, 32, 33


def _position(ruleset: str, hand: str, shown=(GREEN, WHITE)):
    """The seat to move holds `hand` (14 tiles, its turn to discard); the next seat shows pungs
    of `shown` (Green and White dragons) claimed from it, and nobody has thrown a tile."""
    match = Match.new(ruleset, f"liability-{ruleset}")
    deal = match.deal
    me = deal.turn
    threat = (me + 1) % 4
    tiles = parse_tiles(hand)
    pool = counts_of(tiles)
    for st in deal.seats:
        for t in range(34):
            st.hand[t] = 0
    deal.seats[me].hand[:34] = pool[:34]
    deal.seats[me].drawn = tiles[-1]
    # The threat's seven concealed tiles and the other hands hold no Red dragon.
    filler = [t for t in range(27) if t not in shown for _ in range(4 - pool[t])][::-1]
    for s, st in enumerate(deal.seats):
        if s == me:
            continue
        n = 7 if s == threat else 13
        for _ in range(n):
            st.hand[filler.pop()] += 1
        st.discards = []
    deal.seats[threat].melds = [Meld("pung", (t,) * 3, True, None, me) for t in shown]
    return match, me, threat


@pytest.mark.parametrize("ruleset", ["british", "cantonese"])
def test_feeding_a_third_dragon_set_carries_the_bill_for_everyone(ruleset):
    """Against an opponent showing two dragon sets, throwing the third dragon may hand it the
    set that makes the thrower pay for everyone: a cost a plain tile does not carry."""
    match, me, threat = _position(
        ruleset, "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 c9 dr d2")
    k = knowledge_for(match, me)
    found = {t.seat: t for t in threats(k)}
    st = k.seats[threat]
    assert pair_chance(k, st, RED) > 0  # three Red dragons unseen, seven tiles concealed
    assert claim_liability(k, found[threat], st, RED) > 0
    assert claim_liability(k, found[threat], st, 19) == 0  # the 2 of dots
    assert danger_of(k, RED).liability > danger_of(k, 19).liability == 0


def test_no_such_bill_where_the_rules_have_none():
    """Chinese Classical (000 + 003) has neither the cannon rule nor 包: no liability."""
    match, me, threat = _position(
        "chinese-classical", "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 c9 dr d2")
    k = knowledge_for(match, me)
    assert danger_of(k, RED).liability == 0


def test_no_choice_means_no_liability():
    """classical.md §3.5: a player who holds nothing but dangerous tiles is not liable. Against
    three bamboo sets, a bamboo discard is dangerous; with a character to throw instead it makes
    the thrower liable, with only bamboo in hand it does not."""
    bamboo = (0, 3, 6)  # pungs of the 1, 4 and 7 of bamboo
    hand = "b2 b2 b3 b3 b5 b5 b6 b6 b8 b8 b9 b9 b2 "
    for last, liable in (("c5", True), ("b3", False)):
        match, me, threat = _position("british", hand + last, shown=bamboo)
        k = knowledge_for(match, me)
        found = {t.seat: t for t in threats(k)}
        bill = claim_liability(k, found[threat], k.seats[threat], 4)  # the 5 of bamboo
        assert (bill > 0) is liable


def test_the_strong_level_keeps_the_third_dragon_the_intermediate_throws_it():
    """Cantonese: three useless single tiles, the Red dragon and the 1 and 9 of characters. The
    intermediate throws the dragon first; the strong level weighs what feeding the third dragon
    set would cost (a limit hand, paid whole) and throws both characters before it."""
    match, me, threat = _position("cantonese", "b1 b2 b3 c4 c5 c6 d7 d8 d9 b5 b5 c1 dr c9")
    k = knowledge_for(match, me)
    strong = [c.action.tile for c in evaluate(k, STRONG) if c.action.type == A.DISCARD]
    plain = [c.action.tile for c in evaluate(k, INTERMEDIATE) if c.action.type == A.DISCARD]
    assert plain[0] == RED
    assert strong.index(RED) > strong.index(9) and strong.index(RED) > strong.index(17)
